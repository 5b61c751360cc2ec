#!/bin/sh
# Paired rounds: fio and each sweep binary, on one cell, ROUNDS times, the
# order of the tools alternating round by round;
# per round the ratio of each sweep to that round's fio, and at the end the
# median of those ratios.  On a disk other jobs share, a round's runs see
# about the same load, so paired ratios settle in fewer runs than medians
# of separate runs do (bench/RESULTS.md, section 3).
#
#   bench/paired.sh FILE ENGINE DEPTH ROUNDS SWEEP_BIN...
#
# FILE must be laid out already (bench/vs-fio.sh leaves DIR/bench.dat).
# Environment: MODE [randread], BS [4k], SIZE [1g], RUNTIME_S [4], RAMP_S [1],
# FIO [fio], FIO_EXTRA [--norandommap], FIO_MEMS [default]: the --mem= of each
# fio run per round, "default" for none; e.g. "default mmaphuge:/mnt/huge/buf"
# runs fio twice a round, with its own buffers and with huge-page buffers as
# sweep's (bench/RESULTS.md, section 7: needs a hugetlbfs mount and
# vm.nr_hugepages >= 4 + depth x bs / 2 MiB).  Ratios are against each fio
# run.  Not a test.
set -eu
[ $# -ge 5 ] || { sed -n '2,13p' "$0" >&2; exit 2; }
file=$1 engine=$2 depth=$3 rounds=$4
shift 4
mode=${MODE:-randread} bs=${BS:-4k} size=${SIZE:-1g}
runtime=${RUNTIME_S:-4} ramp=${RAMP_S:-1}
FIO=${FIO:-fio}
fio_extra=${FIO_EXTRA---norandommap}
fio_mems=${FIO_MEMS:-default}
case $mode in *write*|*rw*) key=write ;; *) key=read ;; esac
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
out=$(mktemp -d "${TMPDIR:-/tmp}/sweep-paired.XXXXXX")
trap 'rm -rf "$out"' EXIT

run_fio() {	# run_fio MEM
	mem=
	[ "$1" = default ] || mem="--mem=$1"
	# shellcheck disable=SC2086
	"$FIO" --name=p --filename="$file" --size="$size" --rw="$mode" --bs="$bs" --iodepth="$depth" \
	    --ioengine="$engine" --direct=1 --time_based --runtime="$runtime" --ramp_time="$ramp" \
	    --randseed=1 $fio_extra $mem --output-format=json >"$out/fio.json" 2>/dev/null
	"$PY" -c '
import json, sys
s = open(sys.argv[1]).read()
print(json.loads(s[s.index("{"):])["jobs"][0][sys.argv[2]]["iops"])' "$out/fio.json" "$key"
}

run_sweep() {
	rm -rf "$out/s"
	"$1" run --file "$file" --size "$size" --modes "$mode" --bs "$bs" --depth "$depth" \
	    --engine "$engine" --runtime "$runtime" --ramp "$ramp" --steady 0 -q --formats csv \
	    -o "$out/s" >/dev/null 2>&1
	"$PY" -c 'import json, sys; print(json.load(open(sys.argv[1]))["cells"][0]["iops"])' \
	    "$out/s/results.json"
}

r=1
while [ "$r" -le "$rounds" ]; do
	# Odd rounds run fio first, even rounds sweep first: a run can leave
	# the host's cache warmer (or colder) for the next, and a fixed order
	# would hand that to one tool every round.
	fl= sl=
	[ $((r % 2)) -eq 1 ] || for b in "$@"; do sl="$sl $(run_sweep "$b")"; done
	for m in $fio_mems; do
		fl="$fl $(run_fio "$m")"
	done
	[ $((r % 2)) -eq 0 ] || for b in "$@"; do sl="$sl $(run_sweep "$b")"; done
	echo "$fl $sl"
	r=$((r + 1))
done | "$PY" -c '
import statistics, sys
mems = sys.argv[1].split()
names = sys.argv[2:]
nf = len(mems)
rows = [[float(x) for x in l.split()] for l in sys.stdin if l.strip()]
for r in rows:
    print("  ".join("fio %8.0f" % x for x in r[:nf]) + "  " +
          "  ".join("%8.0f (%s)" % (x, " ".join("%.3f" % (x / f) for f in r[:nf])) for x in r[nf:]))
for j, m in enumerate(mems):
    print("medians: fio --mem=%s %.0f" % (m, statistics.median(r[j] for r in rows)))
for i, n in enumerate(names):
    x = [r[nf + i] for r in rows]
    print("  %s: %.0f IOPS" % (n, statistics.median(x)) + "".join(
          ", median paired ratio to fio --mem=%s %.3f" % (m, statistics.median(r[nf + i] / r[j] for r in rows))
          for j, m in enumerate(mems)))' "$fio_mems" "$@"
