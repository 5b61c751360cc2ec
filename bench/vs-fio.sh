#!/bin/sh
# sweep against fio on the same laid-out file, interleaved, ROUNDS rounds:
# per cell, the median IOPS of each tool and the ratio sweep / fio.
#
#   bench/vs-fio.sh [DIR] [ROUNDS] [RUNTIME_S] [ENGINE]
#
# DIR holds the 1 GiB test file (default: a temp dir under /var/tmp; it must
# support O_DIRECT).  Each measurement is RUNTIME_S (default 5) after a 1 s
# ramp.  The order of the two tools alternates between rounds so neither
# always runs on a warmer device.  Not a test: numbers depend on the disk.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
SWEEP=${SWEEP:-$here/src/sweep}
FIO=${FIO:-fio}
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
dir=${1:-$(mktemp -d /var/tmp/sweep-bench.XXXXXX)}
rounds=${2:-5}
runtime=${3:-5}
engine=${4:-libaio}
size=1g
file=$dir/bench.dat
command -v "$FIO" >/dev/null || { echo "fio not found: apt-get install fio" >&2; exit 2; }
mkdir -p "$dir"
trap 'rm -rf "$dir/out" "$dir/fio.json"' EXIT

# Lay the file out once (sweep writes every byte), so neither tool reads holes.
"$SWEEP" run --file "$file" --size $size --modes read --bs 1m --depth 1 --runtime 1 --ramp 0 \
    -q --formats csv -o "$dir/out" >/dev/null

# cell: name mode bs depth
cells="4k-randread-qd1:randread:4k:1 4k-randread-qd32:randread:4k:32 1m-read-qd8:read:1m:8"

run_fio() {
	"$FIO" --name=bench --filename="$file" --size=$size --rw="$1" --bs="$2" --iodepth="$3" \
	    --ioengine="$engine" --direct=1 --time_based --runtime="$runtime" --ramp_time=1 \
	    --randseed=1 --output-format=json >"$dir/fio.json"
	"$PY" -c 'import json,sys; j=json.load(open(sys.argv[1]))["jobs"][0]; r=j["read"]; print(r["iops"], (j["usr_cpu"]+j["sys_cpu"])/100*j["elapsed"]/max(r["total_ios"],1)*1e6 if j.get("elapsed") else 0)' "$dir/fio.json"
}
run_sweep() {
	rm -rf "$dir/out"
	"$SWEEP" run --file "$file" --size $size --modes "$1" --bs "$2" --depth "$3" --engine "$engine" \
	    --runtime "$runtime" --ramp 1 -q --formats csv -o "$dir/out" >/dev/null
	"$PY" -c 'import json,sys; c=json.load(open(sys.argv[1]))["cells"][0]; print(c["iops"], (c["cpu"]["usr_pct"]+c["cpu"]["sys_pct"])/100*c["runtime_ns"]/1e9/max(c["ios"],1)*1e6)' "$dir/out/results.json"
}

results=$dir/results.txt
: >"$results"
r=1
while [ $r -le "$rounds" ]; do
	for c in $cells; do
		name=${c%%:*}
		rest=${c#*:}
		mode=${rest%%:*}; rest=${rest#*:}
		bs=${rest%%:*}; depth=${rest#*:}
		if [ $((r % 2)) -eq 1 ]; then
			echo "$name fio $(run_fio "$mode" "$bs" "$depth")" >>"$results"
			echo "$name sweep $(run_sweep "$mode" "$bs" "$depth")" >>"$results"
		else
			echo "$name sweep $(run_sweep "$mode" "$bs" "$depth")" >>"$results"
			echo "$name fio $(run_fio "$mode" "$bs" "$depth")" >>"$results"
		fi
	done
	echo "round $r of $rounds done" >&2
	r=$((r + 1))
done

"$PY" - "$results" "$engine" "$rounds" "$runtime" <<'PYEOF'
import sys, statistics
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
cells = []
for r in rows:
    if r[0] not in cells:
        cells.append(r[0])
print("engine %s, %s rounds of %s s, interleaved; IOPS medians (min..max)" % tuple(sys.argv[2:5]))
print("%-18s %24s %24s %7s %13s" % ("cell", "fio IOPS", "sweep IOPS", "ratio", "cpu us/IO f/s"))
for c in cells:
    f = [float(r[2]) for r in rows if r[0] == c and r[1] == "fio"]
    s = [float(r[2]) for r in rows if r[0] == c and r[1] == "sweep"]
    fc = statistics.median(float(r[3]) for r in rows if r[0] == c and r[1] == "fio")
    sc = statistics.median(float(r[3]) for r in rows if r[0] == c and r[1] == "sweep")
    fm, sm = statistics.median(f), statistics.median(s)
    print("%-18s %9.0f (%6.0f..%6.0f) %9.0f (%6.0f..%6.0f) %7.3f %6.2f/%6.2f" %
          (c, fm, min(f), max(f), sm, min(s), max(s), sm / fm, fc, sc))
PYEOF
