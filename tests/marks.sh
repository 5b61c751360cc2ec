#!/bin/sh
# Marks for what fio data cannot show (tests/fixtures/fio/marks.json, real
# fio 3.33 output of marks.fio): a job through the page cache (direct=0,
# ◐) and numjobs clones whose windows are more than 1.5x apart (2.6 s and
# 6.4 s, ↔), beside a direct job of the same mode.  Each is recorded in
# results.json, marked in every format (tables, legend, workbook notes,
# hollow chart points with their key), and no headline or jobs ranking
# rests on it.  sweep import and report only: no I/O.
. "$top_srcdir/tests/common.sh"
FX="$top_srcdir/tests/fixtures/fio"
export SWEEP_DATADIR="$top_srcdir"

"$SWEEP" import "$FX/marks.json" -o "$T/m" >"$T/m.log" 2>&1 || fail "import marks.json: $(cat "$T/m.log")"

# What fio says, from the fixture itself: the direct job's IOPS, the clones' windows.
eval "$($PY - "$FX/marks.json" <<'PYEOF'
import json, sys
d = json.load(open(sys.argv[1]))
j = {e["jobname"]: e for e in d["jobs"]}
print("direct=%s" % "{:,}".format(round(j["direct-qd4"]["read"]["iops"])))
w = [e["read"]["runtime"] for e in d["jobs"] if e["jobname"] == "clones-qd1"]
print("wmin=%d wmax=%d" % (min(w) * 1000000, max(w) * 1000000))
PYEOF
)"
[ -n "$direct" ] && [ "$wmax" -gt 0 ] || fail "marks.json: no direct job or clones"

# results.json: the buffered cell, the clones' windows.
results_py "$T/m/results.json" "
c = {(x['depth'], x['jobs']): x for x in d['cells']}
assert c[(1, 1)].get('buffered') is True, c[(1, 1)].get('buffered')
assert 'buffered' not in c[(4, 1)] and 'buffered' not in c[(1, 2)]
w = c[(1, 2)]['clones']
assert w == {'n': 2, 'runtime_min_ns': $wmin, 'runtime_max_ns': $wmax}, w
assert 'clones' not in c[(1, 1)] and 'clones' not in c[(4, 1)]
"
ok "results.json: buffered true on the direct=0 cell; clones {n 2, $wmin-$wmax ns}"

# report.md: the headline is the direct cell; the marked cells carry their marks, explained.
md="$T/m/report.md"
grep -q "^| randread | $direct | 4 KiB, QD4; a marked cell did more | " "$md" ||
	fail "report.md: the headline is not the direct cell ($direct): $(grep '^| randread |' "$md")"
grep -q '^| 4K | [0-9,]* ◐ | [0-9,]* ↔ | '"$direct"' |$' "$md" ||
	fail "report.md: the IOPS pivot lacks ◐ or ↔: $(grep '^| 4K |' "$md" | head -n 1)"
grep -q "^Marks: ◐ buffered I/O (fio direct=0): the page cache's figures, not the storage's\. A peak" \
    "$md" || fail "report.md: no legend of ◐ under the summary"
grep -q "^Block size (rows) by queue depth (columns); ◐ buffered I/O .*; ↔ fio clones' windows more than 1.5x apart\.$" \
    "$md" || fail "report.md: the pivots do not explain ◐ and ↔"
grep -q '^| randread 4K QD1 | [0-9,]* ◐ | [0-9,]* ↔ | one job count besides ↔ (fio clones. windows differ): no ranking |$' \
    "$md" || fail "report.md: the jobs table ranks on the clones: $(grep '^| randread 4K QD1 |' "$md")"
grep -q '◐' "$T/m/report.html" && grep -q '↔' "$T/m/report.html" || fail "report.html: no ◐ or ↔"
ok "report.md, report.html: headline $direct (the direct cell); ◐ and ↔ marked and explained"

# Charts: the marked points hollow, their marks in the .dat, the key.
grep -q '"[0-9.k]* ◐"	1$' "$T/m/iops.dat" && grep -q '"[0-9.k]* ↔"	1$' "$T/m/iops.dat" ||
	fail "iops.dat: the marked bars are not marked: $(cat "$T/m/iops.dat")"
grep -q 'keyentry .*"hollow ◐: buffered I/O"' "$T/m/iops.gp" &&
    grep -q "keyentry .*\"hollow ↔: clones' windows differ\"" "$T/m/iops.gp" ||
	fail "iops.gp: no key of ◐ and ↔"
ok "charts: the buffered and clones bars hollow, labelled ◐ and ↔, in the key"

# The workbook: notes on the marked figures, the key under the charts.
$PY - "$T/m/report.xlsx" <<'PYEOF' || fail "report.xlsx: no notes or key of ◐ and ↔"
import re, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
notes = "".join(z.read(n).decode() for n in z.namelist() if n.startswith("xl/comments"))
strings = z.read("xl/sharedStrings.xml").decode()
assert "◐ buffered I/O (fio direct=0): the page cache&apos;s figure" in notes or \
    "◐ buffered I/O (fio direct=0): the page cache's figure" in notes, "no ◐ note"
assert "↔ fio clones ran windows more than 1.5x apart" in notes, "no ↔ note"
assert "Hollow too: ◐ buffered I/O (fio direct=0), ↔ fio clones" in strings.replace("&apos;", "'"), \
    "no key"
charts = [z.read(n).decode() for n in z.namelist() if n.startswith("xl/charts/chart")]
assert sum(len(re.findall(r"<c:dPt>.*?<a:noFill/>", c)) for c in charts) >= 2, "no hollow point"
PYEOF
ok "report.xlsx: notes on ◐ and ↔ figures, hollow points, the key"

# A skewed cell that did the most IOPS: neither the headline nor the jobs ranking takes it.
results_edit "$T/m/results.json" "$T/e.json" '
def scale(c, iops):
    k = iops / c["iops"]
    for key in ("iops", "bw_bytes_s", "ios", "bytes", "read_ios", "read_bytes"):
        c[key] = round(c[key] * k) if isinstance(c[key], int) else c[key] * k
    del c["bw_check"]
for c in d["cells"]:
    if c["jobs"] == 2:
        scale(c, 900000.0)
    if c.get("buffered"):
        del c["buffered"]
        scale(c, 100000.0)
'
mkdir -p "$T/e" && cp "$T/e.json" "$T/e/results.json"
"$SWEEP" report "$T/e/results.json" -o "$T/e" >"$T/e.log" 2>&1 || fail "report: $(cat "$T/e.log")"
grep -q '^| randread | 100,000 | 4 KiB, QD1; a marked cell did more | ' "$T/e/report.md" ||
	fail "report.md: the headline rests on the clones: $(grep '^| randread |' "$T/e/report.md")"
grep '^| randread 4K QD1 |' "$T/e/report.md" | grep -q 'best at 2 jobs' &&
	fail "report.md: the jobs table ranks 2 jobs (skewed clones) best"
ok "skewed clones at 900,000 IOPS: the headline is 100,000 (1 job), the jobs table ranks nothing on them"
