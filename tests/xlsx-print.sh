#!/bin/sh
# report.xlsx and compare.xlsx of a multi-mode run as LibreOffice prints
# them: a synthetic run of 6 modes x 15 block sizes x 7 depths (630 cells,
# bench/gen-results.py) with 3 BW-check mismatches and a not-steady cell,
# and its comparison with a copy at 0.7x.  xlsx-print.py reads each
# workbook's page setup and chart anchors (landscape, 75% or more, no fit
# to a page; every chart starts a page and fits its width where
# LibreOffice draws columns 1.35x wider), then LibreOffice converts both
# to PDF and xlsx-print.py reads every page's text sizes and words (no
# text under 8 pt, every page holds data, report.xlsx in fewer pages than
# a page per 4 cells), and visual-xlsx.py checks each chart is drawn
# whole on one page.  Slow (LibreOffice prints some 180 pages): full tier.
. "$top_srcdir/tests/common.sh"
for t in soffice pdftoppm pdftotext pdfinfo; do
	command -v "$t" >/dev/null 2>&1 ||
		skip "$t not installed (apt-get install libreoffice-calc-nogui poppler-utils)"
done
P="$PY $top_srcdir/tests/xlsx-print.py"
modes=randread,read,write,randwrite,readwrite,randrw
bs=4k,8k,16k,32k,64k,128k,256k,512k,1m,2m,4m,8m,16m,32m,64m
mkdir "$T/a" "$T/b" "$T/books"
"$PY" "$top_srcdir/bench/gen-results.py" --modes $modes --bs $bs --depths 1,2,4,8,16,32,64 \
    --mismatch 3 "$T/a/results.json" >/dev/null &&
"$PY" "$top_srcdir/bench/gen-results.py" --modes $modes --bs $bs --depths 1,2,4,8,16,32,64 \
    --scale 0.7 --seed 2 "$T/b/results.json" >/dev/null || fail "bench/gen-results.py"
cells=$("$PY" -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["cells"]))' "$T/a/results.json")
"$SWEEP" report "$T/a/results.json" --formats xlsx >"$T/a.log" 2>&1 ||
	fail "sweep report: $(cat "$T/a.log")"
"$SWEEP" compare "$T/a/results.json" "$T/b/results.json" -o "$T/cmp" --formats xlsx \
    >"$T/cmp.log" 2>&1 || fail "sweep compare: $(cat "$T/cmp.log")"
cp "$T/a/report.xlsx" "$T/books/report.xlsx"
cp "$T/cmp/compare.xlsx" "$T/books/compare.xlsx"
for b in report compare; do
	$P setup "$T/books/$b.xlsx" >"$T/$b.setup" 2>&1 || fail "$b.xlsx page setup: $(cat "$T/$b.setup")"
done
ok "$cells cells: every sheet at 75% or more, landscape, no fit to a page; every chart starts a page and fits its width"

(cd "$T/books" && HOME="$T" timeout 400 soffice -env:UserInstallation="file://$T/lo-profile" \
    --headless --norestore --convert-to pdf --outdir "$T/pdf" ./*.xlsx >"$T/lo.log" 2>&1) ||
	fail "LibreOffice: $(cat "$T/lo.log")"
for b in report compare; do
	[ -s "$T/pdf/$b.pdf" ] || fail "LibreOffice wrote no $b.pdf: $(cat "$T/lo.log")"
	max=0
	[ "$b" = report ] && max=$((cells / 4))
	$P "$T/pdf/$b.pdf" 8 $max >"$T/$b.print" 2>"$T/$b.err" ||
		fail "$b.pdf: $(cat "$T/$b.err")"
	ok "$b.pdf: $(head -1 "$T/$b.print")$([ "$max" -gt 0 ] && echo " (at most $max)")"
	mkdir "$T/png-$b"
	pdftoppm -r 20 -png "$T/pdf/$b.pdf" "$T/png-$b/page" &&
	    pdftoppm -r 72 -gray "$T/pdf/$b.pdf" "$T/png-$b/page" || fail "pdftoppm $b.pdf"
	"$PY" "$top_srcdir/tests/visual-xlsx.py" pdf "$T/books/$b.xlsx" "$T/pdf/$b.pdf" "$T/png-$b" \
	    >"$T/$b.charts" 2>&1 || fail "$b.pdf: $(cat "$T/$b.charts")"
	ok "$(tail -1 "$T/$b.charts")"
done
exit 0
