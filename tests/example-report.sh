#!/bin/sh
# The committed example (reports/example) made again from its results.json:
# results.csv, report.md, the chart scripts and their data are byte-identical,
# so a change to the report writers that alters them shows here.  report.html
# inlines gnuplot's SVG, so it is compared only when this gnuplot rendered
# the committed charts' SVG byte for byte.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

EX="$top_srcdir/reports/example"
[ -f "$EX/results.json" ] || skip "no reports/example in this tree (a dist tarball)"
"$SWEEP" report "$EX/results.json" -o "$T/ex" >"$T/out" 2>"$T/err" ||
	fail "sweep report on the example: exit $?: $(cat "$T/err")"
for f in results.csv report.md scorecard.gp scorecard.dat roofline.gp roofline.dat iops.gp iops.dat bw.gp bw.dat \
    latency.gp latency.dat series-read.gp series-read.dat series-randread.gp series-randread.dat; do
	cmp -s "$T/ex/$f" "$EX/$f" ||
		fail "$f differs from the committed example: $(diff "$EX/$f" "$T/ex/$f" | head -8)"
	ok "$f identical"
done
if [ -f "$T/ex/iops.svg" ] && cmp -s "$T/ex/iops.svg" "$EX/iops.svg"; then
	cmp -s "$T/ex/report.html" "$EX/report.html" ||
		fail "report.html differs: $(diff "$EX/report.html" "$T/ex/report.html" | head -8)"
	ok "report.html identical"
else
	echo "note: this gnuplot's SVG differs from the committed one; report.html not compared"
fi
