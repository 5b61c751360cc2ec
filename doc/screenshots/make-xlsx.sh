#!/bin/sh
# doc/screenshots/xlsx-*.png: workbooks as LibreOffice prints them, at 72
# dpi, a page of each kind: of reports/example's report.xlsx the Summary,
# the IOPS sheet's table page and its chart page, the latency percentiles
# chart, the first page of Cells and of Checks; one mode's chart of a
# 6-mode x 3-depth synthetic run (a chart per mode past 8 lines); and the
# Ratios page of compare.xlsx (two synthetic volumes, bench/gen-results.py).
# Run from anywhere after make; needs soffice (libreoffice-calc-nogui),
# pdftoppm and pdftotext (poppler-utils).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$top/doc/screenshots
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
T=$(mktemp -d "${TMPDIR:-/tmp}/sweep-shots.XXXXXX")
trap 'rm -rf "$T"' EXIT

"$top/src/sweep" report "$top/reports/example/results.json" -o "$T/ex" --formats xlsx >/dev/null
cp "$T/ex/report.xlsx" "$T/example.xlsx"
gen="$PY $top/bench/gen-results.py"
$gen --modes read,write,randread,randwrite,readwrite,randrw --bs 4k,16k,64k,256k,1m,4m \
    --depths 1,4,32 "$T/six.json"
"$top/src/sweep" report "$T/six.json" -o "$T/six" --formats xlsx >/dev/null
cp "$T/six/report.xlsx" "$T/six.xlsx"
$gen --modes randread,randwrite --bs 4k,64k,1m --depths 1,32 "$T/fast.json"
$gen --modes randread,randwrite --bs 4k,64k,1m --depths 1,32 --scale 0.5 --scale-bw 0.67 \
    "$T/slow.json"
"$top/src/sweep" compare "$T/fast.json" "$T/slow.json" -o "$T/cmp" --formats xlsx >/dev/null
cp "$T/cmp/compare.xlsx" "$T/compare.xlsx"
for b in example six compare; do
	(cd "$T" && HOME="$T" timeout 300 soffice -env:UserInstallation="file://$T/lo" --headless \
	    --norestore --convert-to pdf "$b.xlsx" >/dev/null 2>&1)
	[ -s "$T/$b.pdf" ] || { echo "make-xlsx.sh: LibreOffice made no $b.pdf" >&2; exit 1; }
done
pdftoppm -r 72 -gray "$T/example.pdf" "$T/page"
"$PY" "$top/tests/visual-xlsx.py" pages "$T/example.xlsx" "$T/example.pdf" "$T" >"$T/pages"
mkdir "$T/sixpages"
pdftoppm -r 72 -gray "$T/six.pdf" "$T/sixpages/page"
"$PY" "$top/tests/visual-xlsx.py" pages "$T/six.xlsx" "$T/six.pdf" "$T/sixpages" >"$T/sixpages.txt"

# shot NAME PAGE [BOOK]: one page of BOOK.pdf (default example) as NAME.png
shot() {
	pdftoppm -r 72 -png -f "$2" -l "$2" -singlefile "$T/${3:-example}.pdf" "$out/$1"
	echo "$out/$1.png: page $2, $(wc -c <"$out/$1.png") bytes"
}
# page_of PATTERN [PAGES]: the page of the chart whose title matches
page_of() {
	p=$(awk -F '\t' -v t="$1" 'index($2, t) {print $1; exit}' "${2:-$T/pages}")
	[ -n "$p" ] || { echo "make-xlsx.sh: no chart titled *$1* drawn" >&2; exit 1; }
	echo "$p"
}
# text_page PATTERN BOOK: the first page whose text has a line matching PATTERN
text_page() {
	n=$(pdfinfo "$T/$2.pdf" | awk '/^Pages:/ {print $2}')
	for i in $(seq 1 "$n"); do
		if pdftotext -f "$i" -l "$i" "$T/$2.pdf" - | grep -q -E "$1"; then echo "$i"; return; fi
	done
	echo "make-xlsx.sh: no page of $2.pdf has $1" >&2
	exit 1
}
shot xlsx-summary 1
iops=$(page_of ": IOPS vs block size")
shot xlsx-table $((iops - 1))
shot xlsx-iops "$iops"
shot xlsx-latency "$(page_of ": latency percentiles vs block size")"
shot xlsx-cells "$(text_page '^Status$' example)"
shot xlsx-checks "$(text_page '^Derived IOPS x' example)"
shot xlsx-panel "$(page_of "write IOPS vs block size (a chart per mode" "$T/sixpages.txt")" six
shot xlsx-compare "$(text_page '^synthetic-2\/' compare)" compare
