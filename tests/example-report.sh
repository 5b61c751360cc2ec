#!/bin/sh
# The committed example (reports/example) made again from its results.json:
# results.csv's columns, report.md, the chart scripts and their data are
# byte-identical, so a change to the report writers that alters them shows
# here (a column added since is noted, not failed).  report.html
# inlines gnuplot's SVG, so it is compared only when this gnuplot rendered
# the committed charts' SVG byte for byte.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

EX="$top_srcdir/reports/example"
[ -f "$EX/results.json" ] || skip "no reports/example in this tree (a dist tarball)"
"$SWEEP" report "$EX/results.json" -o "$T/ex" >"$T/out" 2>"$T/err" ||
	fail "sweep report on the example: exit $?: $(cat "$T/err")"
# results.csv: the committed example's columns, each as it was; a column
# added since (a new per-cell figure) is new, not a difference.
"$PY" - "$EX/results.csv" "$T/ex/results.csv" >"$T/csv.out" 2>&1 <<'PY' ||
import csv, sys
old, new = (list(csv.reader(open(f, newline=""))) for f in sys.argv[1:3])
missing = [k for k in old[0] if k not in new[0]]
assert not missing, "columns gone: %s" % missing
idx = [new[0].index(k) for k in old[0]]
assert len(old) == len(new), "%d rows, not %d" % (len(new), len(old))
for n, (a, b) in enumerate(zip(old, new)):
    assert a == [b[i] for i in idx], "row %d: %s\n  now %s" % (n, a, [b[i] for i in idx])
added = [k for k in new[0] if k not in old[0]]
if added:
    print("note: columns not in the committed example yet: " + ", ".join(added))
PY
	fail "results.csv differs from the committed example: $(cat "$T/csv.out")"
cat "$T/csv.out"
ok "results.csv: the example's columns identical"
for f in report.md scorecard.gp scorecard.dat roofline.gp roofline.dat iops.gp iops.dat bw.gp bw.dat \
    latency.gp latency.dat series-read.gp series-read.dat series-randread.gp series-randread.dat \
    throttle.gp throttle.dat latency-cdf.gp latency-cdf.dat; do
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
