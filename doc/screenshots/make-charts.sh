#!/bin/sh
# Regenerate doc/screenshots/chart-*.png: the scorecard, the IOPS and
# latency charts and the saturation and latency curves, as sweep renders
# them (1200x800; one over 140 KB is rendered again without its grid, to
# stay under 150 KB), from
#   - reports/example/results.json (the committed example run),
#   - a quick run (sweeps/quick.json) on a scratch file in a temp folder,
#   - for the curves, bench/gen-results.py's synthetic volume (known caps, no
#     disk involved) at seven queue depths (randread, randwrite; 4K, 64K).
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

shot() {	# shot RUN CHART: $out/chart-RUN-CHART.png, under 150 KB
	png=$T/$1/$2.png
	if [ "$(wc -c <"$png")" -ge 140000 ]; then
		sed 's/^do for \[fmt in formats\]/unset grid\n&/' "$T/$1/$2.gp" >"$T/$1/small-$2.gp"
		(cd "$T/$1" && gnuplot -e "formats='png'" "small-$2.gp")
	fi
	cp "$png" "$out/chart-$1-$2.png"
	echo "$out/chart-$1-$2.png: $(wc -c <"$out/chart-$1-$2.png") bytes"
}
for c in scorecard iops latency; do shot example "$c"; done
for c in scorecard iops latency; do shot quick "$c"; done
for c in saturation latency-curve; do shot depths "$c"; done
