#!/bin/sh
# The open-loop issuer's own cost: sweep --rate against fio's rate_iops,
# both on the null engine (no I/O: what is left is the issuer), at RATE
# IOPS, interleaved over ROUNDS rounds in one run.
#
#   bench/rate-issuer.sh [ROUNDS] [RUNTIME_S] [RATE]
#
# ROUNDS defaults to 3, RUNTIME_S (each run's measured window, after a 1 s
# ramp) to 5, RATE to 100000 IOPS.  Environment: SWEEP=PATH (a stable copy
# of the binary), FIO=PATH [fio], DEPTH [32], ARRIVALS [fixed; poisson].
#
# Per run and tool: the rate achieved, the CPU time per I/O of the I/O
# thread over the window (sweep: cells[].cpu; fio: usr_cpu + sys_cpu, ramp
# excluded; the process's would count sweep's closed-loop cell), and
# sweep's schedule lag (how late its I/Os went out after they were due:
# p99 and max) and p99 latency from the due time.  fio reports no lag; its
# clat is from the issue.  The table gives each figure's median over the
# rounds and the ratio sweep / fio.  sweep's run has a closed-loop cell
# first (a --rate plan always does); its figures are the rate cell's.
set -eu
ROUNDS=${1:-3}
RUNTIME=${2:-5}
RATE=${3:-100000}
SWEEP=${SWEEP:-$(cd "$(dirname "$0")/.." && pwd)/src/sweep}
FIO=${FIO:-fio}
DEPTH=${DEPTH:-32}
ARRIVALS=${ARRIVALS:-fixed}
D=$(mktemp -d /var/tmp/rate-issuer.XXXXXX)
trap 'rm -rf "$D"' EXIT

for r in $(seq 1 "$ROUNDS"); do
	for tool in sweep fio; do
		[ $((r % 2)) -eq 0 ] && tool=$( [ "$tool" = sweep ] && echo fio || echo sweep )
		if [ "$tool" = sweep ]; then
			"$SWEEP" run --engine null \
			    --file "$D/n.dat" --size 16m --modes randread --bs 4k --depth "$DEPTH" \
			    --runtime "$RUNTIME" --ramp 1 --steady 0 --rate "$RATE" \
			    --arrivals "$ARRIVALS" -q --formats csv -o "$D/s$r" >/dev/null 2>&1
			python3 - "$D/s$r/results.json" "$r" >>"$D/rows" <<'EOF'
import json, sys
c = json.load(open(sys.argv[1]))["cells"][1]
win = c["runtime_ns"] / 1e9
job = (c["cpu"]["usr_pct"] + c["cpu"]["sys_pct"]) / 100 * win / c["ios"] * 1e6
print("sweep", sys.argv[2], c["iops"], job, None, c["rate"]["lag_ns"]["p99"] / 1e3,
      c["rate"]["lag_ns"]["max"] / 1e3, c["lat_ns"]["p99"] / 1e3)
EOF
		else
			"$FIO" --name=rate --ioengine=null \
			    --rw=randread --bs=4k --size=16m --iodepth="$DEPTH" --rate_iops="$RATE" \
			    --rate_process="$( [ "$ARRIVALS" = poisson ] && echo poisson || echo linear )" \
			    --ramp_time=1 --runtime="$RUNTIME" --time_based --output-format=json \
			    --output="$D/f$r.json" >/dev/null 2>&1
			python3 - "$D/f$r.json" "$r" >>"$D/rows" <<'EOF'
import json, sys
j = json.load(open(sys.argv[1]))["jobs"][0]
ios = j["read"]["total_ios"]
job = (j["usr_cpu"] + j["sys_cpu"]) / 100 * j["job_runtime"] / 1e3 / ios * 1e6
print("fio", sys.argv[2], j["read"]["iops"], job, None, None, None,
      j["read"]["clat_ns"]["percentile"]["99.000000"] / 1e3)
EOF
		fi
	done
done
python3 - "$D/rows" "$RATE" "$DEPTH" "$ARRIVALS" <<'EOF'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
def med(tool, k):
    v = [float(r[k]) for r in rows if r[0] == tool and r[k] != "None"]
    return statistics.median(v) if v else None
print("null engine, %s IOPS offered, depth %s, arrivals %s, %d rounds (medians)" %
      (sys.argv[2], sys.argv[3], sys.argv[4], len(rows) // 2))
for r in rows:
    print("  round %s %-5s achieved %10.1f IOPS, CPU %.3f us/IO%s" % (r[1], r[0], float(r[2]),
          float(r[3]), "" if r[5] == "None" else ", lag p99 %.0f us, max %.0f us" %
          (float(r[5]), float(r[6]))))
print("| figure | sweep --rate | fio rate_iops | sweep / fio |")
print("|---|--:|--:|--:|")
for name, k in (("achieved IOPS", 2), ("CPU per I/O, I/O thread (us)", 3)):
    a, b = med("sweep", k), med("fio", k)
    print("| %s | %.3f | %.3f | %.2f |" % (name, a, b, a / b))
print("| schedule lag p99 (us) | %.1f | not reported | |" % med("sweep", 5))
print("| schedule lag max (us) | %.1f | not reported | |" % med("sweep", 6))
print("| p99 latency (us) | %.1f (from due) | %.3f (clat, from issue) | |" % (med("sweep", 7),
      med("fio", 7)))
EOF
