#!/bin/sh
# What an import does not give stays blank, never invented: a table of
# rates only (tests/fixtures/csv/rates.csv: mode, bs, iops) has no window,
# no I/O counts, no region, no read share, no device counters and no
# second figure to check BW = IOPS x bs against, and every format says
# "not recorded" or leaves the field empty; a fio import has no device
# counters, so the check's sentence names none.  Figures below 10 keep two
# significant digits (0.015, 5.7), in the documents and the workbook; a
# share that rounds to 0% is given a decimal; a --repeat interval whose
# ends round alike is widened.  sweep import and report only: no I/O.
. "$top_srcdir/tests/common.sh"
FX="$top_srcdir/tests/fixtures"
export SWEEP_DATADIR="$top_srcdir"

"$SWEEP" import --csv "$FX/csv/rates.csv" -o "$T/r" >"$T/r.log" 2>&1 ||
	fail "import rates.csv: $(cat "$T/r.log")"

# results.json: no window or counts; it reads back as it was written.
results_py "$T/r/results.json" "
for c in d['cells']:
    for k in ('runtime_ns', 'ios', 'bytes', 'read_ios', 'write_ios', 'read_bytes', 'write_bytes'):
        assert k not in c, (k, c['bs'], c.get(k))
    assert c['iops'] > 0 and c['derived'] == ['bw'], c
"
"$SWEEP" report "$T/r/results.json" -o "$T/again" >"$T/again.log" 2>&1 ||
	fail "report of the import: $(cat "$T/again.log")"
cmp -s "$T/r/results.csv" "$T/again/results.csv" || fail "results.csv differs read back"
ok "results.json: no runtime_ns, ios or bytes for rates only; read back the same"

# results.csv: ios, bytes and runtime_s empty; the check not made.
$PY - "$T/r/results.csv" <<'PYEOF' || fail "results.csv invents counts: $(head -n 3 "$T/r/results.csv")"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 5
for r in rows:
    assert r["ios"] == "" and r["bytes"] == "" and r["runtime_s"] == "", r
    assert r["check_verdict"] == "not checked" and r["check_measured_mib_s"] == "", r
PYEOF
ok "results.csv: ios, bytes, runtime_s blank; check_verdict 'not checked'"

# report.md: nothing made up.
md="$T/r/report.md"
for bad in "s per cell" "0 B of 0 B" "Mixed read share" "0 / 0 bytes" "block-layer counters" \
    "cells pass" "| 1.0 |" "| 2.0 |"; do
	grep -qF -- "$bad" "$md" && fail "report.md invents \"$bad\": $(grep -F -- "$bad" "$md")"
done
grep -q '^| Region used | not recorded |$' "$md" &&
    grep -q '^| Measured time per cell | not recorded |$' "$md" &&
    grep -q '^| Seed | not recorded |$' "$md" ||
	fail "report.md: the Run table does not say what is not recorded"
grep -q '^| randread | 3 | - | - | - | - |$' "$md" ||
	fail "report.md: Data moved is not blank: $(grep '^| randread | 3 ' "$md")"
grep -q '^\*\*Not checked\*\*: the table gives IOPS or bandwidth in each row, not both' "$md" ||
	fail "report.md: the BW check is not said to be not made: $(grep -A2 '## BW' "$md")"
grep -q '^\*\*Target\*\* `[^`]*rates.csv` (file) · ' "$md" &&
    grep -q '\*\*Engine\*\* table · sweep' "$md" ||
	fail "report.md: the header invents a region or a window: $(sed -n 5p "$md")"
ok "report.md: region, window, read share, data moved, device check: not recorded"

# Two significant digits below 10, in the document and in the workbook.
grep -q '^| randwrite | 5.7 | 8 KiB, QD? | 0.045 | 0.047 | ' "$md" ||
	fail "report.md: randwrite's peaks are not 5.7 IOPS, 0.045 MiB/s: $(grep '^| randwrite |' "$md")"
grep -q '^| 4K | 0.015 |$' "$md" || fail "report.md: 0.015 IOPS is not 0.015: $(grep '^| 4K |' "$md")"
grep -q '^| 4K | 0.0 |$\|^| 4K | 0 |$' "$md" && fail "report.md: a figure below 10 reads 0"
$PY - "$T/r/report.xlsx" <<'PYEOF' || fail "report.xlsx: 0.015 IOPS not shown with 3 places"
import re, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
styles = z.read("xl/styles.xml").decode()
fmts = dict(re.findall(r'<numFmt numFmtId="(\d+)" formatCode="([^"]+)"', styles))
xfs = re.findall(r"<xf [^>]*?/?>", styles.split("<cellXfs")[1])
found = False
for n in z.namelist():
    if not n.startswith("xl/worksheets/sheet"):
        continue
    for s, v in re.findall(r'<c r="[A-Z]+\d+" s="(\d+)"><v>([^<]+)</v>', z.read(n).decode()):
        if v == "0.015":
            fid = re.search(r'numFmtId="(\d+)"', xfs[int(s)]).group(1)
            assert fmts.get(fid) == "0.000", (n, fmts.get(fid))
            found = True
sys.exit(0 if found else 1)
PYEOF
ok "figures below 10: 5.7 IOPS, 0.015 IOPS, 0.045 MiB/s in report.md; 0.000 in the workbook"

# IOPS and bandwidth both given: checked against the table's bandwidth, no device leg;
# the depth x jobs table's share that rounds to 0% has a decimal.
"$SWEEP" import --csv "$FX/csv/jobs.csv" -o "$T/j" >"$T/j.log" 2>&1 ||
	fail "import jobs.csv: $(cat "$T/j.log")"
grep -q '^\*\*4 of 4 cells pass\*\*: IOPS x bs within 1% of the table.s bandwidth\.$' \
    "$T/j/report.md" || fail "report.md: the table's check: $(grep -A2 '## BW' "$T/j/report.md")"
grep -q '^| randread 4K QD1 | 1,000 | 1,003 | 900 | best at 2 jobs (1,003 IOPS, +0.3% over 1 job);' \
    "$T/j/report.md" || fail "report.md: +0.3% reads otherwise: $(grep '^| randread 4K QD1 |' "$T/j/report.md")"
unzip -p "$T/j/report.xlsx" xl/sharedStrings.xml | grep -q "BW = IOPS x bs checks: 4 of 4 cells pass (IOPS x bs within 1% of the table's bandwidth)<" ||
	fail "report.xlsx: the table's check names device counters"
ok "a table with both figures: checked against its bandwidth, no device leg; +0.3%, not +0%"

# A fio import has no device counters: its check says nothing of them.
"$SWEEP" import "$FX/fio/groups.json" -o "$T/g" >"$T/g.log" 2>&1 ||
	fail "import groups.json: $(cat "$T/g.log")"
grep -q '^\*\*3 of 3 cells pass\*\*: derived (IOPS x bs) within 1% of measured (bytes / time)\.$' \
    "$T/g/report.md" || fail "report.md (fio): $(grep -A2 '## BW' "$T/g/report.md")"
grep -q "block-layer counters\|device counters within" "$T/g/report.md" "$T/g/report.html" &&
	fail "a fio import's report names device counters it does not have"
unzip -p "$T/g/report.xlsx" xl/sharedStrings.xml | grep -q "device counters within\|device vs measured [0-9]" &&
	fail "report.xlsx (fio): names device counters it does not have"
ok "fio import: the check's sentence names no device counters"

# --repeat: an interval whose ends round alike gets the places that tell them apart.
results_edit "$FX/corpus/null-rounds.json" "$T/rounds.json" '
c = d["cells"][0]
for k, v in enumerate([3074.2, 3074.4, 3074.3]):
    c["rounds"]["list"][k]["iops"] = v
c["iops"] = 3074.3
'
mkdir -p "$T/q" && cp "$T/rounds.json" "$T/q/results.json"
"$SWEEP" report "$T/q/results.json" -o "$T/q" >"$T/q.log" 2>&1 || fail "rounds report: $(cat "$T/q.log")"
grep -q '3,074 (3,074-3,074)' "$T/q/report.md" && fail "report.md: an interval reads (3,074-3,074)"
grep -q '3,074 (3,074.2-3,074.4)' "$T/q/report.md" ||
	fail "report.md: the interval is not 3,074.2-3,074.4: $(grep -m1 '3,074' "$T/q/report.md")"
ok "--repeat: an interval of 3,074.2-3,074.4, not (3,074-3,074)"
