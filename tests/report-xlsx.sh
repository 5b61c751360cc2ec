#!/bin/sh
# report.xlsx of a real libaio run on a temp file, read back with a real
# reader (openpyxl): the sheets, every figure of Cells and of the pivots
# equal to results.csv, the BW-check verdicts, native charts with a category
# block-size axis; and, where LibreOffice is installed, that it opens the
# workbook and reads the same cells.
. "$top_srcdir/tests/common.sh"
CHECK="$PY $top_srcdir/tests/report-check.py"
"$PY" -c 'import openpyxl' 2>/dev/null ||
	skip "python3-openpyxl not installed for $PY (apt-get install python3-openpyxl)"
need_odirect

"$SWEEP" run --engine libaio --file "$T/t.dat" --size 64m --modes randread,write \
    --bs 4k,64k,1m --depth 1,4 --runtime 1 --ramp 0 -q -o "$T/run" >"$T/run.log" 2>&1 ||
	fail "libaio run: $(cat "$T/run.log")"
[ -s "$T/run/report.xlsx" ] || fail "no report.xlsx"
[ ! -e "$T/run/.report.xlsx.tmp" ] || fail "the temp workbook was left behind"
$CHECK xlsx "$T/run" || fail "report.xlsx does not match results.csv / results.json"
ok "report.xlsx: sheets, figures, checks and charts match results.csv"

# The summary sheet states a knee verdict per mode, with units.
"$PY" - "$T/run/report.xlsx" <<'EOF' || fail "Summary sheet"
import openpyxl, sys
ws = openpyxl.load_workbook(sys.argv[1])["Summary"]
rows = [r for r in ws.iter_rows(values_only=True)]
head = next(i for i, r in enumerate(rows) if r[0] == "Mode")
assert "Peak IOPS" in rows[head] and "Peak throughput (MiB/s)" in rows[head], rows[head]
knee = next(i for i, h in enumerate(rows[head]) if h and "(knee)" in h)
for mode in ("randread", "write"):
    row = next(r for r in rows[head:] if r[0] == mode)
    assert isinstance(row[1], (int, float)) and row[1] > 0, row
    assert any(w in row[knee] for w in ("IOPS-bound", "bandwidth-bound", "too few", "no IOPS",
        "no bandwidth", "two IOPS levels", "two bandwidth levels")), row[knee]
EOF
ok "Summary: peaks and a knee verdict for each mode"

if command -v soffice >/dev/null 2>&1; then
	mkdir "$T/lo"
	(cd "$T/lo" && HOME="$T/lo" timeout 120 soffice --headless --norestore --convert-to \
	    'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1' \
	    "$T/run/report.xlsx" >"$T/lo.log" 2>&1) || fail "LibreOffice: $(cat "$T/lo.log")"
	[ -s "$T/lo/report-Cells.csv" ] || fail "LibreOffice did not read the Cells sheet: $(cat "$T/lo.log")"
	"$PY" - "$T/lo/report-Cells.csv" "$T/run/results.csv" <<'EOF' || fail "LibreOffice's Cells"
import csv, sys
lo = list(csv.reader(open(sys.argv[1])))
ref = list(csv.reader(open(sys.argv[2])))
assert len(lo) == len(ref), (len(lo), len(ref))
for a, b in zip(lo[1:], ref[1:]):
    assert a[0] == b[1] and float(a[6]) == round(float(a[6]), 6), (a[:7], b[:8])
    assert abs(float(a[6]) - float(b[7])) <= 0.051, (a[6], b[7])
EOF
	ok "LibreOffice opens report.xlsx and reads the same IOPS"
else
	echo "LibreOffice (soffice) not installed: skipping the open-in-LibreOffice check"
fi
exit 0
