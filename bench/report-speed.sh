#!/bin/sh
# How long `sweep report` takes on a 200-cell results.json with every format
# (csv, xlsx, png, svg, md, html; gnuplot included when it is installed).
# Goal: under 3 s.  Exit 1 when over the goal.
#   bench/report-speed.sh [CELLS]      (SWEEP=path/to/sweep to time another build)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
SWEEP=${SWEEP:-$top/src/sweep}
CELLS=${1:-200}
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
GOAL_S=3
T=$(mktemp -d "${TMPDIR:-/tmp}/sweep-bench.XXXXXX")
trap 'rm -rf "$T"' EXIT

[ -x "$SWEEP" ] || { echo "bench: $SWEEP not built (run make)" >&2; exit 2; }
"$PY" "$top/bench/gen-results.py" --cells "$CELLS" "$T/results.json"
start=$(date +%s%N)
"$SWEEP" report "$T/results.json" -o "$T/out" --formats all >/dev/null
end=$(date +%s%N)
ms=$(( (end - start) / 1000000 ))
if command -v gnuplot >/dev/null 2>&1; then
	charts="with gnuplot: $(ls "$T/out"/*.png | wc -l) png, $(ls "$T/out"/*.svg | wc -l) svg"
else
	charts="gnuplot not installed: charts as .gp/.dat only"
fi
printf 'sweep report, %s cells, all formats (%s): %d.%03d s (goal: under %d s)\n' \
    "$CELLS" "$charts" $((ms / 1000)) $((ms % 1000)) "$GOAL_S"
[ "$ms" -lt $((GOAL_S * 1000)) ]
