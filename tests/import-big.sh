#!/bin/sh
# A large import: 20,000 rows, more than a report lists cell by
# cell, import with every report and exit 0.  Its per-cell tables in
# report.md and report.html list the first 2,000 rows and say so, its
# per-mode tables and its iops/bw charts give each mode's best cell per
# block size and say so, report.xlsx keeps every cell (its Cells sheet
# written row by row) and says what it left out, its depth x jobs table and
# heat maps give each job count's best of every depth (a row per block size)
# and report.html stays under 10 MB, and results.json (written cell by
# cell) reads back: `sweep report` of it gives the same reports.
# Not timed: bench/import-big.sh measures time and memory.
. "$top_srcdir/tests/common.sh"
cd "$T" || exit 1
N=20000
awk -v n="$N" 'BEGIN {
	split("read write randread randwrite readwrite randrw", mode, " ")
	srand(1)
	print "mode,bs,depth,jobs,iops,lat_p99_us,runtime_s"
	for (k = 0; k < n; k++) {
		bs = 512 * 2 ^ (k % 15)
		depth = int(k / 90) + 1
		iops = 55000
		if (500 * 1048576 / bs < iops)
			iops = 500 * 1048576 / bs
		iops *= 0.85 + 0.15 * rand()
		printf "%s,%d,%d,%d,%.1f,%.1f,10\n", mode[int(k / 15) % 6 + 1], bs, depth, k % 4 + 1,
		    iops, 3e6 * depth / iops
	}
}' >"$T/rows.csv"
[ "$(wc -l <"$T/rows.csv")" -eq $((N + 1)) ] || fail "the table has $(wc -l <"$T/rows.csv") lines"

"$SWEEP" import --csv "$T/rows.csv" -o "$T/big" >"$T/out" 2>"$T/err"
rc=$?
[ "$rc" -eq 0 ] || fail "import of $N rows: exit $rc: $(cat "$T/err")"
grep -q "^Imported $N cells: " "$T/out" || fail "no \"Imported $N cells\" line: $(cat "$T/out")"
for f in results.json results.csv report.md report.html report.xlsx iops.gp iops.dat bw.gp; do
	[ -s "$T/big/$f" ] || fail "the import wrote no $f"
done
[ "$(wc -l <"$T/big/results.csv")" -eq $((N + 1)) ] ||
	fail "results.csv has $(wc -l <"$T/big/results.csv") lines, want a row per cell"
ls "$T/big" | grep -q '\.tmp' && fail "a temporary file is left: $(ls "$T/big")"
ok "$N rows imported, exit 0, every report written"

results_py "$T/big/results.json" "
assert d['cells_done'] == $N and len(d['cells']) == $N and len(d['plan']['cells']) == $N
assert sorted(c['index'] for c in d['cells']) == list(range($N))
"
# The reports' per-cell tables: the first 2,000 rows and a note; per mode, the best of each size.
for f in report.md report.html; do
	grep -q "This table lists the first 2,000 of 20,000 rows" "$T/big/$f" ||
		fail "$f does not say its per-cell table is cut"
	grep -q "the best of its cells (Cells: how many) over every queue depth and job count" "$T/big/$f" ||
		fail "$f has no best-per-block-size tables"
	grep -q "per mode the best of every depth x jobs" "$T/big/$f" ||
		fail "$f does not say its charts show each mode's best"
done
rows=$(awk '/^## / { on = $0 == "## Every cell'"'"'s check" } on && /^\| / { n++ } END { print n - 2 }' \
    "$T/big/report.md")
[ "$rows" -eq 2000 ] || fail "report.md's check table has $rows rows, want 2000"
ok "md and html: 2,000 of $N cells listed, and said so; per-mode tables of each size's best"

# Jobs 1-4: the depth x jobs table and the heat maps a row per block size, not per depth.
grep -q "A large run (20,000 cells): per mode and block size" "$T/big/report.md" ||
	fail "report.md does not say its depth x jobs table is summarised"
for m in read write randread randwrite readwrite randrw; do
	n=$(grep -vc '^#' "$T/big/jobs-$m.dat")
	[ "$n" -eq 60 ] || fail "jobs-$m.dat has $n squares, want 15 block sizes x 4 job counts"
done
size=$(stat -c %s "$T/big/report.html")
[ "$size" -lt 10000000 ] || fail "report.html is $size bytes, want under 10 MB"
ok "depth x jobs: a row per mode and block size, heat maps of 60 squares, report.html $size bytes"

# The charts: a line per mode, and the title says what is plotted.
grep -q 'per mode the best of every depth x jobs' "$T/big/iops.gp" ||
	fail "iops.gp's title does not say the series are each mode's best"
blocks=$(grep -c '^# index ' "$T/big/iops.dat")
[ "$blocks" -eq 6 ] || fail "iops.dat has $blocks lines of the chart, want one per mode (6)"
grep -q 'per mode the best' "$T/big/bw.gp" || fail "bw.gp's title does not say it is capped"
if command -v gnuplot >/dev/null 2>&1; then
	for f in iops.png iops.svg bw.png bw.svg; do
		[ -s "$T/big/$f" ] || fail "gnuplot rendered no $f"
	done
	ok "charts rendered: a line per mode, titled as each mode's best"
else
	ok "charts as .gp/.dat (no gnuplot here): a line per mode, titled as each mode's best"
fi

# report.xlsx: every cell on the Cells sheet, and the note of what a large run leaves out.
"$PY" - "$T/big/report.xlsx" "$N" <<'PYEOF' || fail "report.xlsx check failed"
import re, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
n = int(sys.argv[2])
book = z.read("xl/workbook.xml").decode()
names = re.findall(r'<sheet name="([^"]+)"', book)
assert "Cells" in names and "Saturation" not in names, names
cells = z.read("xl/worksheets/sheet%d.xml" % (names.index("Cells") + 1)).decode()
assert cells.count("<row ") == n + 1, cells.count("<row ")
text = "".join(z.read(f).decode() for f in z.namelist() if f.endswith(".xml"))
assert "A large run: the IOPS, MiB per s and p99 latency sheets give the best" in text
PYEOF
ok "report.xlsx: $N rows on the Cells sheet, no Saturation sheet, and a note saying so"

# results.json reads back: `sweep report` of it writes the same report.
"$SWEEP" report "$T/big/results.json" -o "$T/again" >"$T/out" 2>"$T/err" ||
	fail "sweep report of the large results.json: exit $?: $(cat "$T/err")"
cmp -s "$T/big/report.md" "$T/again/report.md" || fail "report.md from results.json differs"
cmp -s "$T/big/results.csv" "$T/again/results.csv" || fail "results.csv from results.json differs"
ok "results.json round-trips: sweep report of it gives the same report.md and results.csv"
