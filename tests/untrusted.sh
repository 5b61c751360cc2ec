#!/bin/sh
# Names read from files (a run's label in results.json, a table's label
# column) never lead a default output folder outside ./reports: results.json
# files travel between hosts, so a label like ../../x is untrusted input.
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
