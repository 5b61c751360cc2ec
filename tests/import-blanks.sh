#!/bin/sh
# What a table import does not give stays blank in every report, never a
# made-up figure: rows without a depth are "QD?" / "not given" (not QD1), a
# latency or CPU figure the table lacks is empty in results.csv and the
# Cells sheet and "-" in report.md, never 0; two such imports still compare.
# No I/O: the fast tier.
. "$top_srcdir/tests/common.sh"
cd "$T" || exit 1

printf 'mode,bs,iops,lat_p99_us\nrandread,4k,3000,900\nrandread,16k,3000,\nrandread,64k,2000,1200\nrandread,256k,500,\nrandread,1m,125,8000\n' >t.csv
"$SWEEP" import --csv t.csv -o out >out.log 2>&1 || fail "import: $(cat out.log)"

"$PY" - out <<'PYEOF' || fail "blanks and depth in results.csv, report.md"
import csv, json, re, sys
d = sys.argv[1]
rows = list(csv.DictReader(open(d + "/results.csv")))
assert len(rows) == 5, rows
for r in rows:
    assert r["depth"] == "", ("depth not given, not 1", r["depth"])
    for c in ("lat_min_us", "lat_mean_us", "lat_p50_us", "lat_p90_us", "lat_max_us",
              "lat_stdev_us", "cpu_usr_pct", "cpu_sys_pct"):
        assert r[c] == "", (c, "not given: blank, not", r[c])
    assert (r["lat_p99_us"] == "") == (r["bs"] in ("16k", "256k")), (r["bs"], r["lat_p99_us"])
md = open(d + "/report.md").read()
assert "QD1" not in md.replace("QD1 4K", ""), "an import without a depth shown as QD1"
assert "| Block size | QD? |" in md, "the pivots' column is not QD?"
assert re.search(r"^\| randread \| 3,000 \| cap at 4-16 KiB \|", md, re.M), "summary: the cap at 4-16 KiB"
assert "| Queue depths | not given |" in md, "the plan's depths"
assert "give no queue depth (QD? in the reports)" in md, "the description says so"
lat = md.split("### randread: p99 latency (us)", 1)[1].split("##", 1)[0]
assert "| 16K |" not in lat and "| 0.0 |" not in lat, lat
summary = md.split("## Summary", 1)[1].split("\n## ", 1)[0]
assert "| 0.0 |" not in summary, summary
assert json.load(open(d + "/results.json"))["cells"][0]["depth"] == 0
PYEOF
ok "no depth: QD? and not given; latency and CPU the table lacks: blank"

if "$PY" -c 'import openpyxl' 2>/dev/null; then
	"$PY" - out/report.xlsx <<'PYEOF' || fail "report.xlsx: a 0 for a figure not given"
import openpyxl, sys
ws = openpyxl.load_workbook(sys.argv[1])["Cells"]
rows = list(ws.iter_rows(values_only=True))
head = next(i for i, r in enumerate(rows) if r and "Latency p50 (us)" in r)
cols = {h: j for j, h in enumerate(rows[head]) if h}
for r in rows[head + 1:]:
    if r[0] is None:
        continue
    for h in ("Latency p50 (us)", "Latency mean (us)", "CPU user (% of one CPU)", "QD"):
        if h in cols:
            assert r[cols[h]] in (None, ""), (h, r[cols[h]])
PYEOF
	ok "report.xlsx: the Cells sheet leaves them empty"
fi

# Re-read and compared with itself under another label: the rows match at QD?.
"$SWEEP" report out/results.json -o again >again.log 2>&1 || fail "report: $(cat again.log)"
sed 's/"label": *"[^"]*"/"label": "u"/' out/results.json >u.json
"$SWEEP" compare out/results.json u.json -o cmp >cmp.log 2>&1 || fail "compare: $(cat cmp.log)"
grep -q "5 cells in common" cmp.log || fail "compare: the rows without a depth do not match: $(cat cmp.log)"
ok "sweep report and compare read rows without a depth"
