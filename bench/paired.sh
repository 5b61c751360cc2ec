#!/bin/sh
# Paired rounds: fio, then each sweep binary, on one cell, ROUNDS times;
# per round the ratio of each sweep to that round's fio, and at the end the
# median of those ratios.  On a disk other jobs share, a round's runs see
# about the same load, so paired ratios settle in fewer runs than medians
# of separate runs do (bench/RESULTS.md, section 3).
#
#   bench/paired.sh FILE ENGINE DEPTH ROUNDS SWEEP_BIN...
#
# FILE must be laid out already (bench/vs-fio.sh leaves DIR/bench.dat).
# Environment: MODE [randread], BS [4k], SIZE [1g], RUNTIME_S [4], RAMP_S [1],
# FIO [fio], FIO_EXTRA [--norandommap].  Not a test.
set -eu
[ $# -ge 5 ] || { sed -n '2,13p' "$0" >&2; exit 2; }
file=$1 engine=$2 depth=$3 rounds=$4
shift 4
mode=${MODE:-randread} bs=${BS:-4k} size=${SIZE:-1g}
runtime=${RUNTIME_S:-4} ramp=${RAMP_S:-1}
FIO=${FIO:-fio}
fio_extra=${FIO_EXTRA---norandommap}
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
out=$(mktemp -d "${TMPDIR:-/tmp}/sweep-paired.XXXXXX")
trap 'rm -rf "$out"' EXIT

run_fio() {
	# shellcheck disable=SC2086
	"$FIO" --name=p --filename="$file" --size="$size" --rw="$mode" --bs="$bs" --iodepth="$depth" \
	    --ioengine="$engine" --direct=1 --time_based --runtime="$runtime" --ramp_time="$ramp" \
	    --randseed=1 $fio_extra --output-format=json >"$out/fio.json" 2>/dev/null
	"$PY" -c '
import json, sys
s = open(sys.argv[1]).read()
print(json.loads(s[s.index("{"):])["jobs"][0]["read"]["iops"])' "$out/fio.json"
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
	line=$(run_fio)
	for b in "$@"; do
		line="$line $(run_sweep "$b")"
	done
	echo "$line"
	r=$((r + 1))
done | "$PY" -c '
import statistics, sys
names = sys.argv[1:]
rows = [[float(x) for x in l.split()] for l in sys.stdin if l.strip()]
for r in rows:
    print("fio %8.0f  " % r[0] + "  ".join("%8.0f (%.3f)" % (x, x / r[0]) for x in r[1:]))
print("medians: fio %.0f" % statistics.median(r[0] for r in rows))
for i, n in enumerate(names, 1):
    print("  %s: %.0f IOPS, median paired ratio %.3f" % (n, statistics.median(r[i] for r in rows),
          statistics.median(r[i] / r[0] for r in rows)))' "$@"
