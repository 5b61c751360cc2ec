#!/bin/sh
# report.xlsx shows the cells --retry-unstable ran again, as report.md does
# (issue 34: the view builds them once): a null run with --retry-unstable 1,
# one cell given two noisy attempts (a null cell is seldom noisy on its
# own), made again with sweep report; the Summary sheet, read back with
# openpyxl, has a "Retried cells" row, the rule's sentence and a row per
# re-run cell of results.json, "name: note" as report.md lists it.
. "$top_srcdir/tests/common.sh"
"$PY" -c 'import openpyxl' 2>/dev/null ||
	skip "python3-openpyxl not installed for $PY (apt-get install python3-openpyxl)"

"$SWEEP" run --engine null --file "$T/n.dat" --size 16m --modes randread,write --bs 4k,64k \
    --depth 1 --runtime 3 --ramp 0 --steady 0 --retry-unstable 1 -q --formats csv \
    -o "$T/run" >"$T/run.log" 2>&1 || fail "null run: $(cat "$T/run.log")"
"$PY" - "$T/run/results.json" <<'PYEOF' || fail "planting the attempts"
import copy, json, sys
p = sys.argv[1]
d = json.load(open(p))
c = d["cells"][1]
if "attempts" not in c:
    at = []
    for k in range(2):
        a = copy.deepcopy(c)
        a["attempt"] = k + 1
        a["series"]["ios"] = [17000000, 3000000, 17000000]
        a["series"]["bytes"] = [x * a["bs"] for x in a["series"]["ios"]]
        at.append(a)
    c["series"] = copy.deepcopy(at[0]["series"])
    c["attempts"] = {"n": 2, "shown": 1, "rule": "least unstable attempt", "list": at}
json.dump(d, open(p, "w"))
PYEOF
"$SWEEP" report "$T/run/results.json" --formats md,xlsx >"$T/rep.log" 2>&1 ||
	fail "sweep report: $(cat "$T/rep.log")"
grep -q '^## Retried cells' "$T/run/report.md" || fail "report.md has no Retried cells"
"$PY" - "$T/run" <<'PYEOF' || fail "report.xlsx's retried cells"
import json, openpyxl, re, sys
d = sys.argv[1]
res = json.load(open(d + "/results.json"))
again = [c for c in res["cells"] if "attempts" in c]
assert again, "no cell has attempts"
md = open(d + "/report.md", encoding="utf-8").read()
part = md.split("## Retried cells\n", 1)[1].split("\n## ", 1)[0]
items = re.findall(r"^- (.*?): (attempt \d+ of \d+ shown.*)$", part, re.M)
assert len(items) == len(again), (items, len(again))
rows = [r for r in openpyxl.load_workbook(d + "/report.xlsx")["Summary"].iter_rows(values_only=True)]
at = next(i for i, r in enumerate(rows) if r[0] == "Retried cells")
rule = rows[at + 1][0]
assert rule.startswith("%d cell" % len(again)) and "--retry-unstable 1" in rule, rule
assert rule in part.replace("\n", " "), (rule, part)
got = [r[0] for r in rows[at + 2:at + 2 + len(again)]]
want = ["%s: %s" % (n, t.replace("\\", "")) for n, t in items]
assert got == want, (got, want)
print("%d retried cell(s) on Summary, as in report.md: %s" % (len(got), got[0]))
PYEOF
ok "report.xlsx: Retried cells on the Summary sheet, each cell as report.md lists it"
