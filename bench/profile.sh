#!/bin/sh
# Where sweep's and fio's time goes on the CPU-bound cells: for each tool,
# engine and cell, on a laid-out file in tmpfs (O_DIRECT there is a memory
# copy, so the executor's own cost shows) or with the null engine:
#
#   syscalls/IO   every system call of the whole run (perf stat on the
#                 raw_syscalls:sys_enter tracepoint: no hardware counters
#                 needed, and unlike strace it does not slow the tool down,
#                 which would change how many completions each reap finds)
#   instr/IO      user-space instructions per I/O (valgrind callgrind; the
#                 kernel's share is not counted): the difference between a
#                 2 s and a 4 s run over the difference in I/Os, so start-up
#                 and exit (fio's are large) drop out; and the top symbols
#   cpu-clock     where CPU time goes, kernel included (perf record -e
#                 cpu-clock: a software clock, so it works in VMs without a
#                 PMU), top symbols
#
#   bench/profile.sh [OUTDIR]
#
# Environment: SWEEP (binary; use a stable copy), FIO, SHM_DIR [/dev/shm],
# SIZE [1g], RUNTIME_S [3] per perf run (callgrind is ~50x slower, so it
# measures fewer I/Os, but through the same path), ENGINES
# [null libaio io_uring psync], CELLS [4k-randread-qd1:randread:4k:1
# 4k-randread-qd32:randread:4k:32 1m-read-qd8:read:1m:8], TOP [12].
# Everything is written to OUTDIR (default: a temp dir under /var/tmp);
# the summary goes to stdout.  Not a test.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
SWEEP=${SWEEP:-$here/src/sweep}
FIO=${FIO:-fio}
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
out=${1:-$(mktemp -d /var/tmp/sweep-profile.XXXXXX)}
shm_dir=${SHM_DIR:-/dev/shm}
size=${SIZE:-1g}
runtime=${RUNTIME_S:-3}
engines=${ENGINES:-null libaio io_uring psync}
cells=${CELLS:-4k-randread-qd1:randread:4k:1 4k-randread-qd32:randread:4k:32 1m-read-qd8:read:1m:8}
top=${TOP:-12}
for t in perf valgrind callgrind_annotate "$FIO"; do
	command -v "$t" >/dev/null || { echo "profile: $t not found" >&2; exit 2; }
done
mkdir -p "$out"
shm=$(mktemp -d "$shm_dir/sweep-profile.XXXXXX")
trap 'rm -rf "$shm"' EXIT
trap 'exit 130' INT TERM
file=$shm/bench.dat
"$SWEEP" run --file "$file" --size "$size" --modes read --bs 1m --depth 1 --runtime 1 --ramp 0 \
    --steady 0 -q --formats csv -o "$out/layout" >/dev/null 2>&1
rm -rf "$out/layout"

# ios TOOL DIR: I/Os the run measured
ios() {
	if [ "$1" = sweep ]; then
		"$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["cells"][0]["ios"])' "$2/results.json"
	else
		"$PY" -c '
import json, sys
s = open(sys.argv[1]).read()
print(json.loads(s[s.index("{"):])["jobs"][0]["read"]["total_ios"])' "$2/fio.json"
	fi
}

# cmd TOOL ENGINE MODE BS DEPTH SECONDS DIR: the command line of one run
cmd() {
	if [ "$1" = sweep ]; then
		echo "$SWEEP run --file $file --size $size --engine $2 --modes $3 --bs $4 --depth $5" \
		    "--runtime $6 --ramp 0 --steady 0 -q --formats csv -o $7"
	elif [ "$2" = null ]; then
		echo "$FIO --name=p --thread --ioengine=null --size=$size --rw=$3 --bs=$4 --iodepth=$5" \
		    "--time_based --runtime=$6 --norandommap --output-format=json --output=$7/fio.json"
	else
		echo "$FIO --name=p --thread --filename=$file --size=$size --direct=1 --ioengine=$2" \
		    "--rw=$3 --bs=$4 --iodepth=$5 --time_based --runtime=$6 --norandommap" \
		    "--output-format=json --output=$7/fio.json"
	fi
}

summary=$out/summary.txt
: >"$summary"
for e in $engines; do
	for c in $cells; do
		name=${c%%:*}
		rest=${c#*:}
		mode=${rest%%:*}; rest=${rest#*:}
		bs=${rest%%:*}; depth=${rest#*:}
		for tool in sweep fio; do
			d=$out/$tool-$e-$name
			rm -rf "$d"
			mkdir -p "$d"
			[ $tool = sweep ] || mkdir -p "$d/run" "$d/rec" "$d/cg2" "$d/cg4"
			# shellcheck disable=SC2046
			perf stat -x, -e raw_syscalls:sys_enter -o "$d/perf-stat.txt" \
			    $(cmd $tool "$e" "$mode" "$bs" "$depth" "$runtime" "$d/run") >/dev/null 2>&1 ||
				{ echo "$tool $e $name: run failed" >&2; continue; }
			n=$(ios $tool "$d/run")
			sc=$(grep sys_enter "$d/perf-stat.txt" | cut -d, -f1)
			# shellcheck disable=SC2046
			perf record -q -e cpu-clock -F 2999 -g -o "$d/perf.data" \
			    $(cmd $tool "$e" "$mode" "$bs" "$depth" "$runtime" "$d/rec") >/dev/null 2>&1 || :
			perf report -i "$d/perf.data" --no-children --sort dso,sym --stdio -g none \
			    2>/dev/null | grep '%' | head -n "$top" >"$d/perf-top.txt" || :
			for s in 2 4; do
				# shellcheck disable=SC2046
				valgrind --tool=callgrind --callgrind-out-file="$d/callgrind.$s.out" \
				    $(cmd $tool "$e" "$mode" "$bs" "$depth" $s "$d/cg$s") >/dev/null 2>&1 || :
			done
			callgrind_annotate --inclusive=no "$d/callgrind.4.out" 2>/dev/null |
			    grep -E '^ *[0-9,]+ \(' | head -n $((top + 1)) >"$d/callgrind-top.txt" || :
			ir2=$(callgrind_annotate "$d/callgrind.2.out" 2>/dev/null | grep -m1 'PROGRAM TOTALS' |
			    awk '{gsub(",","",$1); print $1}')
			ir4=$(sed -n 1p "$d/callgrind-top.txt" | awk '{gsub(",","",$1); print $1}')
			"$PY" -c '
import sys
tool, e, name, n, sc, c2, c4, ir2, ir4 = sys.argv[1:10]
dn = int(c4) - int(c2)
print("%-5s %-8s %-17s syscalls/IO %6.3f   user instr/IO %7.0f   (%s I/Os; callgrind %s-%s I/Os)" %
      (tool, e, name, float(sc) / max(int(n), 1),
       (int(ir4) - int(ir2)) / dn if dn > 0 else float("nan"), n, c4, c2))' \
			    $tool "$e" "$name" "$n" "$sc" "$(ios $tool "$d/cg2")" "$(ios $tool "$d/cg4")" \
			    "$ir2" "$ir4" | tee -a "$summary"
		done
	done
done
echo "per-run details (perf-top.txt, callgrind-top.txt, perf.data, callgrind.out): $out" >&2
