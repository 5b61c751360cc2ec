#!/bin/sh
# report.xlsx and compare.xlsx as LibreOffice draws and prints them: of a
# null-engine run of sweeps/quick.json, of a null-engine run with four
# depths (the Saturation sheet), of reports/example and of a synthetic run
# with several depths (bench/gen-results.py), and of the comparison of the
# two null runs.  visual-xlsx.py checks each workbook (no chart overlapping
# another or a table, category block-size and queue-depth axes, #,##0 axes
# with no point at their ends, print setup; the Saturation sheet exactly
# when a mode has 3 or more depths at a block size), then LibreOffice
# converts them to PDF, pdftoppm turns the pages into PNG and PGM, and
# visual-xlsx.py checks the PDF: landscape pages, every chart drawn whole
# on a page of its own.
. "$top_srcdir/tests/common.sh"
for t in soffice pdftoppm pdftotext pdfinfo; do
	command -v "$t" >/dev/null 2>&1 ||
		skip "$t not installed (apt-get install libreoffice-calc-nogui poppler-utils)"
done
V="$PY $top_srcdir/tests/visual-xlsx.py"

# The two null-engine runs side by side (a core each).
"$SWEEP" run --engine null --file "$T/q.dat" --size 16m --sweep "$top_srcdir/sweeps/quick.json" \
    --runtime 1 --ramp 0 -q -o "$T/quick" --formats csv,xlsx >"$T/quick.log" 2>&1 &
qpid=$!
"$SWEEP" run --engine null --file "$T/d.dat" --size 16m --modes randread,write --bs 4k,64k,1m \
    --depth 1,4,16,32 --runtime 1 --ramp 0 -q -o "$T/deep" --formats csv,xlsx >"$T/deep.log" 2>&1 ||
	fail "null run with four depths: $(cat "$T/deep.log")"
wait "$qpid" || fail "null run of sweeps/quick.json: $(cat "$T/quick.log")"
"$SWEEP" report "$top_srcdir/reports/example/results.json" -o "$T/example" --formats xlsx \
    >"$T/example.log" 2>&1 || fail "sweep report of reports/example: $(cat "$T/example.log")"
mkdir "$T/gen"
"$PY" "$top_srcdir/bench/gen-results.py" --modes randread,write --bs 4k,64k,1m,8m \
    --depths 1,2,8,32,128 "$T/gen/results.json" >/dev/null || fail "bench/gen-results.py"
"$SWEEP" report "$T/gen/results.json" --formats xlsx >"$T/gen.log" 2>&1 ||
	fail "sweep report of the synthetic run: $(cat "$T/gen.log")"
"$SWEEP" compare "$T/quick/results.json" "$T/deep/results.json" -o "$T/cmp" --formats xlsx \
    >"$T/cmp.log" 2>&1 || fail "sweep compare: $(cat "$T/cmp.log")"

mkdir "$T/books"
cp "$top_srcdir/reports/example/results.json" "$T/example/"
for b in quick deep example gen; do
	$V xlsx "$T/$b/report.xlsx" "$T/$b/results.json" >"$T/$b.charts" 2>"$T/$b.err" ||
		fail "$b/report.xlsx: $(cat "$T/$b.err")"
	cp "$T/$b/report.xlsx" "$T/books/$b.xlsx"
done
$V xlsx "$T/cmp/compare.xlsx" >"$T/cmp.charts" 2>"$T/cmp.err" ||
	fail "compare.xlsx: $(cat "$T/cmp.err")"
cp "$T/cmp/compare.xlsx" "$T/books/cmp.xlsx"
ok "5 workbooks: no chart over another or a table, category axes, #,##0 axes with headroom, print setup"

# What the plans call for: the Saturation sheet only with 3 or more depths.
n=$(grep -c "IOPS vs queue depth" "$T/deep.charts")
[ "$n" -eq 2 ] || fail "four depths of randread and write: $n saturation charts, expected 2"
n=$(grep -c "latency vs IOPS" "$T/deep.charts")
[ "$n" -eq 2 ] || fail "four depths of randread and write: $n latency-vs-IOPS charts, expected 2"
grep -q "vs queue depth" "$T/quick.charts" "$T/example.charts" &&
	fail "a saturation chart for a plan of at most 2 depths at a block size"
[ "$(wc -l <"$T/cmp.charts")" -eq 3 ] || fail "compare.xlsx: $(wc -l <"$T/cmp.charts") charts, expected 3"
ok "Saturation sheet: 2 + 2 charts for two modes of four depths; none for quick.json or the example"
# Fewer than three block sizes in every mode (quick.json): bars, as the gnuplot charts.
grep -q "IOPS vs block size	Block size	bars" "$T/quick.charts" ||
	fail "quick.json's IOPS chart is not bars: $(grep 'IOPS vs block size' "$T/quick.charts")"
grep -q "IOPS vs block size	Block size	lines" "$T/example.charts" ||
	fail "the example's IOPS chart is not lines: $(grep 'IOPS vs block size' "$T/example.charts")"
ok "quick.json's block-size charts are bars, the example's lines"
# Ten series (2 modes x 5 depths) are too many for one chart: one per mode, caps on each.
n=$(grep -c "IOPS vs block size" "$T/gen.charts")
[ "$n" -eq 2 ] || fail "the synthetic run of 2 modes x 5 depths: $n IOPS charts, expected 2 (one per mode)"
ok "2 modes x 5 depths: an IOPS chart per mode"

# LibreOffice prints them; its own profile in $T so that tests run side by side.
(cd "$T/books" && HOME="$T" timeout 300 soffice -env:UserInstallation="file://$T/lo-profile" \
    --headless --norestore --convert-to pdf --outdir "$T/pdf" ./*.xlsx >"$T/lo.log" 2>&1) ||
	fail "LibreOffice: $(cat "$T/lo.log")"
for b in quick deep example gen cmp; do
	[ -s "$T/pdf/$b.pdf" ] || fail "LibreOffice wrote no $b.pdf: $(cat "$T/lo.log")"
	mkdir "$T/png-$b"
	pdftoppm -r 30 -png "$T/pdf/$b.pdf" "$T/png-$b/page" &&
	    pdftoppm -r 72 -gray "$T/pdf/$b.pdf" "$T/png-$b/page" || fail "pdftoppm $b.pdf"
	$V pdf "$T/books/$b.xlsx" "$T/pdf/$b.pdf" "$T/png-$b" >"$T/$b.pdfcheck" 2>&1 ||
		fail "$b.pdf: $(cat "$T/$b.pdfcheck")"
	ok "$b: $(cat "$T/$b.pdfcheck")"
done
exit 0
