#!/bin/sh
# Text from outside.  A label that is not
# UTF-8 (--label $'caf\xe9', a Latin-1 table, a fio job name, a results.json)
# leaves every output valid: results.json reads as UTF-8, report.xlsx and the
# SVGs parse as XML; the bytes are U+FFFD (a --file path is refused).  --like cuts a label on a
# character boundary.  A label with a ' (even at its start) draws every
# chart, in report and in compare, and when charts fail each is named.  A
# message shows a newline or an escape code of the input, never sends it.
# A label that a spreadsheet would take for a formula is written after a '.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

EX="$top_srcdir/reports/example/results.json"
FX="$top_srcdir/tests/fixtures/fio"
[ -f "$EX" ] || skip "no reports/example/results.json in this tree"
command -v gnuplot >/dev/null 2>&1 || skip "no gnuplot"
cd "$T" || fail "cd"

# valid DIR...: every output of DIR is what its reader takes: results.json
# as strict UTF-8 JSON, each .svg and each XML part of report.xlsx parsed,
# report.xlsx opened by openpyxl where it is installed, the .md and .html
# as UTF-8.  Prints the labels of the results.json files.
valid() {
	"$PY" - "$@" <<'PYEOF' || fail "an output of $* is not valid"
import glob, json, os, sys, zipfile
import xml.etree.ElementTree as ET
try:
    import openpyxl
except ImportError:
    openpyxl = None
for d in sys.argv[1:]:
    for f in glob.glob(d + "/*.json"):
        r = json.loads(open(f, "rb").read().decode("utf-8"))
        print(r["label"])
    for f in glob.glob(d + "/*.svg"):
        ET.parse(f)
    for f in glob.glob(d + "/*.md") + glob.glob(d + "/*.html") + glob.glob(d + "/*.csv"):
        open(f, "rb").read().decode("utf-8")
    for f in glob.glob(d + "/*.xlsx"):
        with zipfile.ZipFile(f) as z:
            for n in z.namelist():
                if n.endswith(".xml") or n.endswith(".rels"):
                    ET.fromstring(z.read(n))
        if openpyxl is not None:
            openpyxl.load_workbook(f)
    for f in glob.glob(d + "/*.gp"):
        assert os.path.getsize(f[:-3] + ".svg") > 0, f
PYEOF
}
FMTS="--formats csv,xlsx,svg,md,html"

# Item 10: --label $'caf\xe9' on a run (null engine, one cell of 1 s).
"$SWEEP" run --engine null --file "$T/n.dat" --size 16m --modes read --bs 4k --depth 1 \
    --ramp 0 --runtime 1 --steady 0 -q --label "$(printf 'caf\351')" $FMTS -o "$T/run" \
    >"$T/run.log" 2>&1 || fail "run --label caf\\xe9: $(cat "$T/run.log")"
[ "$(valid "$T/run")" = "$(printf 'caf\357\277\275')" ] || fail "run: label is $(valid "$T/run")"
grep -q "warning: --label caf\\\\xe9: not UTF-8" "$T/run.log" || fail "no warning: $(cat "$T/run.log")"
ok "run --label caf\\xe9: valid outputs, the label is caf + U+FFFD, with a warning"

# A target path is recorded as it is, so one that is not UTF-8 is refused.
expect_usage "--file caf\\xe9.dat" "$SWEEP" run --engine null --file "$T/$(printf 'caf\351.dat')" --size 16m
grep -q 'caf\\xe9.dat: the path must be UTF-8' "$T/.err" || fail "--file caf\\xe9: $(cat "$T/.err")"

# A Latin-1 table: the label column, a column name, the file's own name.
printf 'label,mode,bs,depth,iops,caf\351\n%s,randread,4k,1,1000,x\n%s,randread,64k,1,900,x\n' \
    "$(printf 'caf\351 \342\200\224 ok')" "$(printf 'caf\351 \342\200\224 ok')" >"$(printf 'l\351.csv')"
"$SWEEP" import --csv "$(printf 'l\351.csv')" $FMTS -o "$T/csv" >"$T/csv.log" 2>&1 ||
	fail "import of a Latin-1 table: $(cat "$T/csv.log")"
[ "$(valid "$T/csv")" = "$(printf 'caf\357\277\275 \342\200\224 ok')" ] || fail "csv label: $(valid "$T/csv")"
ok "import --csv of a Latin-1 table: valid outputs, U+FFFD for the byte, UTF-8 kept"

# A fio job name, options and a device name in Latin-1 (and a control character).
"$PY" - "$FX/client1.json" <<'PYEOF' || fail "making the Latin-1 fio output"
import sys
s = open(sys.argv[1], "rb").read()
s = s.replace(b'"randread-4k-qd4"', b'"randread-4k-\xe9\\u001b[31m"')
s = s.replace(b'/t.dat"', b'/t\xf6.dat"').replace(b'"vda"', b'"vd\xe1"')
s = s.replace(b'"libaio"', b'"lib\xe9aio"', 1)
open("fio.json", "wb").write(s)
PYEOF
"$SWEEP" import fio.json --label fio $FMTS -o "$T/fio" >"$T/fio.log" 2>&1 ||
	fail "import of a Latin-1 fio output: $(cat "$T/fio.log")"
valid "$T/fio" >/dev/null
results_py "$T/fio/results.json" '
assert d["target"]["path"].endswith("t\ufffd.dat"), d["target"]
assert d["plan"]["engine"] == "lib\ufffdaio", d["plan"]
' || fail "fio import: the path or engine was not cleaned"
ok "import of fio output with Latin-1 names: valid outputs"

# A results.json whose strings hold bytes that are not UTF-8: report and compare.
"$PY" - "$EX" <<'PYEOF' || fail "making the Latin-1 results.json"
import sys
s = open(sys.argv[1], "rb").read()
s = s.replace(b'"label":\t"', b'"label":\t"caf\xe9 \xc3', 1).replace(b'"host":\t"', b'"host":\t"\xff', 1)
open("latin1.json", "wb").write(s)
PYEOF
# And a profile file whose name and publisher are Latin-1 (sweep report --profile).
"$PY" - "$top_srcdir/sweeps/profiles/aws-gp2.json" <<'PYEOF' || fail "making the Latin-1 profile"
import sys
s = open(sys.argv[1], "rb").read().replace(b'"AWS"', b'"AW\xe9S"').replace(b'"aws-gp2"', b'"gp\xe9"')
open("latin1-profile.json", "wb").write(s)
PYEOF
"$SWEEP" report latin1.json --profile latin1-profile.json $FMTS -o "$T/rep" >"$T/rep.log" 2>&1 ||
	fail "report: $(cat "$T/rep.log")"
"$SWEEP" compare latin1.json "$EX" $FMTS -o "$T/cmp" >"$T/cmp.log" 2>&1 || fail "compare: $(cat "$T/cmp.log")"
valid "$T/rep" "$T/cmp" >/dev/null
results_py "$T/rep/results.json" '
assert d["expect"]["profile"] == "gp\ufffd" and "AW\ufffdS" in d["expect"]["source"], d["expect"]
' || fail "the profile's text was not cleaned"
ok "report (with a Latin-1 profile) and compare of a results.json that is not UTF-8: valid outputs"

# --like cuts the earlier label at 40 bytes: on a character boundary.
"$PY" - "$T/run/results.json" <<'PYEOF' || fail "making the --like run"
import json, sys
d = json.load(open(sys.argv[1]))
d["label"] = "x" * 39 + "\u00e9t\u00e9"
json.dump(d, open(sys.argv[1], "w"))
PYEOF
"$SWEEP" run --auto --like "$T/run" --engine null --file "$T/n.dat" --size 16m --modes read \
    --ramp 0 --runtime 1 --steady 0 -q --formats csv -o "$T/like" >"$T/like.log" 2>&1 ||
	fail "run --auto --like: $(cat "$T/like.log")"
results_py "$T/like/results.json" '
r = d["cells"][0]["reason"]
assert r == "as in " + "x" * 39, r
' || fail "--like: $(grep -a reason "$T/like/results.json" | head -2)"
ok "--like cuts a label on a character boundary"

# Item 11: a label with a ' at its start: every chart, in report and compare.
"$PY" - "$EX" <<'PYEOF' || fail "making the quoted labels"
import json, sys
d = json.load(open(sys.argv[1]))
for name, label in (("q1.json", "'prod' volume"), ("q2.json", "''a'''' b\\ \"c\" `d` $e @f")):
    d["label"] = label
    d["target"]["model"] = label
    json.dump(d, open(name, "w"))
PYEOF
"$SWEEP" report q1.json --formats svg,png -o "$T/q1" >"$T/q1.log" 2>&1 || fail "report of 'prod' volume: $(cat "$T/q1.log")"
"$SWEEP" report q2.json --formats svg,png -o "$T/q2" >"$T/q2.log" 2>&1 || fail "report of ''a'''': $(cat "$T/q2.log")"
"$SWEEP" compare q1.json q2.json --formats svg,png -o "$T/qc" >"$T/qc.log" 2>&1 ||
	fail "compare of quoted labels: $(cat "$T/qc.log")"
valid "$T/q1" "$T/q2" "$T/qc" >/dev/null
[ "$(ls "$T"/q1/*.gp | wc -l)" -ge 5 ] && [ "$(ls "$T"/qc/*.svg | grep -vc compare-heat-)" -eq 4 ] || fail "charts: $(ls "$T/q1" "$T/qc")"
grep -q "'prod' volume" "$T/qc/compare-ratio.svg" || fail "compare-ratio.svg lacks the quoted label"
grep -q "'prod' volume" "$T/q1/iops.svg" || fail "iops.svg lacks the label"
grep -q "''a'''' b\\\\ &quot;c&quot; \`d\` \$e @f\|''a'''' b\\\\ \"c\" \`d\` \$e @f" "$T/q2/iops.svg" ||
	fail "iops.svg does not show the label as it is: $(grep -a -o "[^>]*a'''[^<]*" "$T/q2/iops.svg" | head -1)"
ok "labels with ' draw every chart, in report and compare, the label shown as it is"

# Every chart that fails is named, not only the first.
printf '#!/bin/sh\necho "no luck" >&2\nexit 1\n' >"$T/badgp"
chmod +x "$T/badgp"
"$SWEEP" report q1.json --formats svg --gnuplot "$T/badgp" -o "$T/bad" >"$T/bad.log" 2>&1 &&
	fail "a failing gnuplot: exit 0"
for c in iops bw latency scorecard series-read; do
	grep -q "$c\.gp" "$T/bad.log" || fail "chart $c not named: $(cat "$T/bad.log")"
done
ok "every chart that failed is named: $(cut -c1-90 "$T/bad.log")..."

# Item 14: user text in a message is escaped: no newline, no escape code.
esc=$(printf '\033')
expect_usage "--modes with a newline and an escape code" "$SWEEP" run --file "$T/n.dat" \
    --modes "$(printf 'read\n\033[31mX')"
grep -q "$esc" "$T/.err" && fail "the escape code reached the terminal"
grep -q 'read\\n\\x1b\[31mX' "$T/.err" || fail "the input is not shown escaped: $(cat "$T/.err")"
printf 'mode,bs,iops\n"read\n\033[31m",4k,1\n' >bad.csv
expect_usage "a table's mode with a newline and an escape code" "$SWEEP" import --csv bad.csv
grep -q "$esc" "$T/.err" && fail "the escape code of a table reached the terminal"
printf '{"modes": "read\\n\\u001b[31m"}\n' >bad-sweep.json
expect_usage "a sweep file's modes with a newline" "$SWEEP" plan --sweep bad-sweep.json --file "$T/n.dat"
grep -q "$esc" "$T/.err" && fail "the escape code of a sweep file reached the terminal"

# A label a spreadsheet would run as a formula is written after a '.
for label in "=HYPERLINK(\"evil.example\",\"click\")" "+1+2" "-2+3" "@SUM(A1)"; do
	printf 'label,mode,bs,iops\n%s,randread,4k,1000\n' "\"$(printf '%s' "$label" | sed 's/"/""/g')\"" >f.csv
	rm -rf "$T/f"
	"$SWEEP" import --csv f.csv --formats csv -o "$T/f" >/dev/null 2>"$T/f.err" || fail "import $label: $(cat "$T/f.err")"
	"$SWEEP" compare "$T/f/results.json" "$EX" --formats csv -o "$T/fc" >/dev/null 2>"$T/f.err" ||
		fail "compare $label: $(cat "$T/f.err")"
	"$PY" - "$T/f/results.csv" "$T/fc/compare.csv" "$label" <<'PYEOF' || fail "CSV injection: $label"
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
assert rows[1][rows[0].index("label")] == "'" + sys.argv[3], rows[1][:2]
for f in sys.argv[1:3]:
    for row in csv.reader(open(f)):
        for v in row:
            if v[:1] == "=" or (v[:1] in ("+", "-", "@") and len(v) > 1 and
                                not v[1:].replace(".", "").isdigit()):
                raise SystemExit("%s: a formula cell: %r" % (f, v))
PYEOF
	rm -rf "$T/back"
	"$SWEEP" import --csv "$T/f/results.csv" --formats csv -o "$T/back" >/dev/null 2>"$T/f.err" ||
		fail "import of results.csv: $(cat "$T/f.err")"
	"$PY" -c 'import json, sys; assert json.load(open(sys.argv[1]))["label"] == sys.argv[2]' \
	    "$T/back/results.json" "$label" || fail "results.csv read back: the label kept its '"
done
rm -rf "$T/fc"
"$SWEEP" compare "$EX" "$EX" --formats csv -o "$T/fc" >/dev/null 2>&1 || fail "compare of the example"
grep -q ",'" "$T/fc/compare.csv" && fail "compare.csv: a ' where no formula was"
ok "labels starting with = + - @ are written after a ' in results.csv and compare.csv, and read back without it"
exit 0
