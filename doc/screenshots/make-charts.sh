#!/bin/sh
# Regenerate doc/screenshots/chart-*.png: the scorecard, the roofline, the
# IOPS and latency charts, the saturation and latency curves and a
# comparison's heat map, as sweep renders them (one over 140 KB is rendered
# again without its grid, to stay under 150 KB), from
#   - reports/example/results.json (the committed example run),
#   - a quick run (sweeps/quick.json) on a scratch file in a temp folder,
#   - a read-only run (read, randread at QD1 and QD32) on that scratch file:
#     the scorecard's read tiles filled by the nearest cells,
#   - bench/gen-results.py's synthetic volumes (known caps, no disk
#     involved): randread and randwrite at seven queue depths (the curves);
#     all six modes x 15 sizes x 7 depths (the small multiples); and that
#     volume against one with half the IOPS and a third of the bandwidth
#     (the comparison's heat map); and a below-spec volume (~3,000 IOPS
#     against --expect iops=6000,bw=250MiB/s: the card and its diagnosis).
# Needs gnuplot and python3.  The quick run's numbers are this machine's:
# pictures of the layout, not benchmarks.
#   doc/screenshots/make-charts.sh          (SWEEP=path/to/sweep for another build)
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
SWEEP=${SWEEP:-$top/src/sweep}
out=$top/doc/screenshots
T=$(mktemp -d "${TMPDIR:-/tmp}/sweep-shots.XXXXXX")
trap 'rm -rf "$T"' EXIT
command -v gnuplot >/dev/null || { echo "make-charts: gnuplot not installed" >&2; exit 2; }

"$SWEEP" report "$top/reports/example/results.json" -o "$T/example" --formats png >/dev/null
"$SWEEP" run --file "$T/q.dat" --sweep "$top/sweeps/quick.json" --size 256m -q \
    --label quick-run -o "$T/quick" --formats png >/dev/null
python3 "$top/bench/gen-results.py" --modes randread,randwrite --bs 4k,64k \
    --depths 1,2,4,8,16,32,64 "$T/depths.json"
"$SWEEP" report "$T/depths.json" -o "$T/depths" --formats png >/dev/null
"$SWEEP" run --file "$T/q.dat" --modes read,randread --bs 4k,1m --depth 1,32 --size 256m \
    --runtime 2 --ramp 1 -q --label read-only -o "$T/readonly" --formats png >/dev/null
sizes=512,1k,2k,4k,8k,16k,32k,64k,128k,256k,512k,1m,2m,4m,8m
python3 "$top/bench/gen-results.py" --modes read,write,randread,randwrite,readwrite,randrw \
    --bs "$sizes" --depths 1,2,4,8,16,32,64 "$T/six.json"
"$SWEEP" report "$T/six.json" -o "$T/six" --formats png >/dev/null
python3 "$top/bench/gen-results.py" --modes randread,randwrite --bs 4k,16k,64k,256k,1m \
    --depths 1,4,16,64 "$T/fast.json"
python3 "$top/bench/gen-results.py" --modes randread,randwrite --bs 4k,16k,64k,256k,1m \
    --depths 1,4,16,64 --scale 0.5 --scale-bw 0.67 "$T/slow.json"
"$SWEEP" compare "$T/fast.json" "$T/slow.json" -o "$T/cmp" --formats png >/dev/null
python3 "$top/bench/gen-results.py" --modes randread,read --bs 4k,16k,64k,256k,1m \
    --depths 1,4,16,32 --scale 0.0333333 --scale-bw 4 "$T/below.json"
"$SWEEP" report "$T/below.json" -o "$T/below" --expect iops=6000,bw=250MiB/s \
    --formats png >/dev/null

shot() {	# shot RUN CHART: $out/chart-RUN-CHART.png, under 150 KB
	png=$T/$1/$2.png
	if [ "$(wc -c <"$png")" -ge 140000 ]; then
		sed 's/^do for \[fmt in formats\]/unset grid\n&/' "$T/$1/$2.gp" >"$T/$1/small-$2.gp"
		(cd "$T/$1" && gnuplot -e "formats='png'" "small-$2.gp")
	fi
	cp "$png" "$out/chart-$1-$2.png"
	echo "$out/chart-$1-$2.png: $(wc -c <"$out/chart-$1-$2.png") bytes"
}
for c in card scorecard roofline iops latency; do shot example "$c"; done
shot below card
for c in scorecard iops latency; do shot quick "$c"; done
shot readonly scorecard
for c in saturation latency-curve; do shot depths "$c"; done
for c in iops roofline saturation; do shot six "$c"; done
shot cmp compare-heat-randread
