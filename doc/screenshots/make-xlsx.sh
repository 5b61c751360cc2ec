#!/bin/sh
# doc/screenshots/xlsx-*.png: reports/example's report.xlsx as LibreOffice
# prints it, at 72 dpi: the IOPS sheet's table page and its chart page, and
# the latency percentiles chart.  Run from anywhere after make; needs soffice
# (libreoffice-calc-nogui) and pdftoppm, pdftotext (poppler-utils).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$top/doc/screenshots
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
T=$(mktemp -d "${TMPDIR:-/tmp}/sweep-shots.XXXXXX")
trap 'rm -rf "$T"' EXIT

"$top/src/sweep" report "$top/reports/example/results.json" -o "$T/ex" --formats xlsx >/dev/null
cp "$T/ex/report.xlsx" "$T/example.xlsx"
(cd "$T" && HOME="$T" timeout 300 soffice -env:UserInstallation="file://$T/lo" --headless \
    --norestore --convert-to pdf example.xlsx >/dev/null 2>&1)
pdftoppm -r 72 -gray "$T/example.pdf" "$T/page"
"$PY" "$top/tests/visual-xlsx.py" pages "$T/example.xlsx" "$T/example.pdf" "$T" >"$T/pages"

# shot NAME PAGE: one page as NAME.png
shot() {
	pdftoppm -r 72 -png -f "$2" -l "$2" -singlefile "$T/example.pdf" "$out/$1"
	echo "$out/$1.png: page $2, $(wc -c <"$out/$1.png") bytes"
}
# page_of PATTERN: the page of the chart whose title matches
page_of() {
	p=$(awk -F '\t' -v t="$1" 'index($2, t) {print $1; exit}' "$T/pages")
	[ -n "$p" ] || { echo "make-xlsx.sh: no chart titled *$1* drawn" >&2; exit 1; }
	echo "$p"
}
iops=$(page_of ": IOPS vs block size")
shot xlsx-table $((iops - 1))
shot xlsx-iops "$iops"
shot xlsx-latency "$(page_of ": latency percentiles vs block size")"
