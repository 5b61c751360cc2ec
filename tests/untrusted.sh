#!/bin/sh
# Names read from files (a run's label in results.json, a table's label
# column) never lead a default output folder outside ./reports: results.json
# files travel between hosts, so a label like ../../x is untrusted input.
# And every string of a results.json (label, description, host, target
# model and path, warnings, a cell's reason ...) reaches the gnuplot scripts,
# the HTML and the Markdown as text: it runs no command, opens no tag.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

EX="$top_srcdir/reports/example/results.json"
[ -f "$EX" ] || skip "no reports/example/results.json in this tree"
mkdir -p "$T/a/b/c/d/e/f" && cd "$T/a/b/c/d/e/f" || fail "cd"
evil='../../../../../escaped'
"$PY" - "$EX" "$evil" <<'PYEOF' || fail "making the crafted results.json"
import json, sys
d = json.load(open(sys.argv[1]))
for name, label in (("one.json", sys.argv[2]), ("two.json", sys.argv[2] + "\n.." + "/x")):
    d["label"] = label
    json.dump(d, open(name, "w"))
PYEOF
"$SWEEP" compare one.json two.json --formats csv,md >out 2>err ||
	fail "compare of crafted labels: exit $?: $(cat err)"
[ ! -e "$T/a/escaped" ] && [ -z "$(find "$T" -name 'escaped*' -not -path "$T/a/b/c/d/e/f/reports/*" -not -name one.json)" ] ||
	fail "compare wrote outside ./reports: $(find "$T" -name 'escaped*')"
[ "$(find reports -mindepth 1 -maxdepth 1 -type d | wc -l)" -eq 1 ] || fail "want one folder in reports: $(ls reports)"
d=$(find reports -mindepth 1 -maxdepth 1 -type d)
case "$d" in reports/compare-*_escaped-vs-*) ;; *) fail "compare's folder: $d" ;; esac
[ -s "$d/compare.md" ] || fail "no compare.md in $d"
ok "compare of labels '$evil' stays in $d"

for label in "$evil" ".hidden"; do
	rm -rf reports
	printf 'label,mode,bs,depth,iops\n%s,randread,4k,1,1000\n%s,randread,64k,1,900\n' \
	    "$label" "$label" >t.csv
	"$SWEEP" import --csv t.csv --formats csv >out 2>err || fail "import --csv: exit $?: $(cat err)"
	[ "$(find "$T" -name '*-imported' | wc -l)" -eq 1 ] || fail "import: $(find "$T" -name '*-imported')"
	d=$(find reports -mindepth 1 -maxdepth 1 -type d)
	case "$d" in reports/[!.]*-imported) ;; *) fail "import of label '$label' made '$d'" ;; esac
	[ -s "$d/results.csv" ] || fail "no results.csv in $d"
	ok "import of a table labelled '$label' writes $d"
done

# Every free-text string of a results.json made hostile, for gnuplot (quotes,
# backquotes, system(), a newline), HTML (tags, an attribute break) and
# Markdown (a pipe, a line break).  sweep report and compare write every
# format from it; nothing runs, no tag opens, every table keeps its columns.
cd "$T" || fail "cd"
"$PY" - "$EX" "$T/PWNED" <<'PYEOF' || fail "making the hostile results.json"
import json, sys
d = json.load(open(sys.argv[1]))
bad = ('x" ; system("touch %s") ; y=" `touch %s` \' $(touch %s)\n'
       'set output "/tmp/x" <script>alert(1)</script></table><img src=x onerror=alert(1)> | a | b\r'
       % ((sys.argv[2],) * 3))
def walk(o, path=""):
    if isinstance(o, dict):
        for k, v in o.items():
            if isinstance(v, str) and k not in ("mode", "status", "verdict", "engine", "kind",
                                                "started_utc", "rule", "figure"):
                o[k] = bad + k
            else:
                walk(v, path + "/" + k)
    elif isinstance(o, list):
        for i, v in enumerate(o):
            if isinstance(v, str):
                o[i] = bad + "item"
            else:
                walk(v, path)
walk(d)
d["warnings"] = [bad + "warning"]
json.dump(d, open("hostile.json", "w"))
PYEOF
"$SWEEP" report hostile.json -o "$T/hrep" >out 2>err || fail "report of a hostile results.json: exit $?: $(cat err)"
"$SWEEP" compare hostile.json "$EX" -o "$T/hcmp" >out 2>err || fail "compare of a hostile results.json: exit $?: $(cat err)"
[ ! -e "$T/PWNED" ] || fail "a string from results.json ran a command"
[ ! -e /tmp/x ] || [ /tmp/x -ot hostile.json ] || fail "a string from results.json set gnuplot's output"
for f in "$T/hrep/report.html" "$T/hcmp/compare.html"; do
	[ -s "$f" ] || fail "no $f"
	grep -q '<script>alert\|<img src=x\|</table><img' "$f" && fail "$f: a tag from results.json is live"
	grep -q '&lt;script&gt;' "$f" || fail "$f: the hostile text is not there, escaped"
done
for f in "$T"/hrep/*.png "$T"/hrep/*.svg; do
	[ -s "$f" ] || fail "chart $f not drawn"
done
"$PY" - "$T/hrep/report.md" <<'PYEOF' || fail "report.md: a table row lost its shape"
import sys
rows, want = [], None
for line in open(sys.argv[1], encoding="utf-8"):
    if line.startswith("| ") and "---" not in line:
        rows.append(line)
# a pipe in a value must not add a column: every row of a table has its header's count
tables, cur = [], []
for line in open(sys.argv[1], encoding="utf-8"):
    if line.startswith("|"):
        cur.append(line.rstrip("\n"))
    elif cur:
        tables.append(cur)
        cur = []
for t in tables:
    n = t[0].replace("\\|", "").count("|")
    for r in t:
        assert r.replace("\\|", "").count("|") == n, (t[0][:60], r[:200])
PYEOF
ok "hostile strings in every field of results.json: no command, no live tag, tables keep their columns, charts drawn"
exit 0
