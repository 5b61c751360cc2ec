#!/bin/sh
# report.xlsx as an Excel user reads and prints it (tests/xlsx-layout.py,
# read back with openpyxl): wrapped header rows as high as their lines and
# a width for every used column, Summary, Cells and Checks printing at 8
# points or more with their identifying columns repeated, colour scales on
# the pivots and Tables on Cells and Checks; cap lines on the IOPS and
# MiB per s charts of reports/example (measured and provisioned); a chart
# per mode for a synthetic 6-mode x 7-depth run (42 series).
. "$top_srcdir/tests/common.sh"
"$PY" -c "import openpyxl" 2>/dev/null || skip "no openpyxl for $PY (apt-get install python3-openpyxl)"
L="$PY $top_srcdir/tests/xlsx-layout.py"

"$SWEEP" report "$top_srcdir/reports/example/results.json" -o "$T/example" --formats xlsx \
    >"$T/example.log" 2>&1 || fail "sweep report of reports/example: $(cat "$T/example.log")"
$L "$T/example/report.xlsx" caps 2>"$T/example.err" ||
	fail "reports/example: $(cat "$T/example.err")"
ok "reports/example: header heights, column widths, print >= 8 pt, caps on the charts"

mkdir "$T/six"
"$PY" "$top_srcdir/bench/gen-results.py" --modes read,write,randread,randwrite,readwrite,randrw \
    --bs 4k,16k,64k,256k,1m --depths 1,2,4,8,16,32,64 --cells 210 "$T/six/results.json" \
    >/dev/null || fail "bench/gen-results.py"
"$SWEEP" report "$T/six/results.json" --formats xlsx >"$T/six.log" 2>&1 ||
	fail "sweep report of the 6-mode x 7-depth run: $(cat "$T/six.log")"
$L "$T/six/report.xlsx" permode 6 2>"$T/six.err" || fail "6 modes x 7 depths: $(cat "$T/six.err")"
ok "6 modes x 7 depths: one IOPS chart per mode, the same layout checks"
exit 0
