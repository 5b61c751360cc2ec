#!/bin/sh
# Names read from files (a run's label in results.json, a table's label
# column) never lead a default output folder outside ./reports: results.json
# files travel between hosts, so a label like ../../x is untrusted input.
# And every string of a results.json (each field of doc/results-schema.md),
# of fio's JSON (job names, options, host names) and of a CSV table
# reaches the gnuplot scripts, the HTML, the Markdown, the SVGs, the
# workbook and the CSVs as text: it runs no command, opens no tag, starts
# no formula, and every reader takes the file.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

EX="$top_srcdir/reports/example/results.json"
FX="$top_srcdir/tests/fixtures/fio"
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

# hostile N KEY: the hostile text of field KEY, its start varying with N so
# that every field starts, in some run, with each of ' " ` = + - @ < | and a
# newline: gnuplot (quotes, backquotes, system(), @macros, a newline),
# HTML (tags, an attribute break), Markdown (a pipe, a backquote, a line
# break), spreadsheets (a formula), and bytes that are not UTF-8.
export T
cat >"$T/hostile.py" <<'PYEOF'
STARTS = ["\x27", "\"", "`", "=", "+", "-", "@", "<b>", "|", "\n", "\x27\x27\x27"]
def hostile(n, key, pwned):
    return (STARTS[n % len(STARTS)] + "x\" ; system(\"touch %s\") ; y=\" `touch %s` \x27 $(touch %s)\n"
            "set output \"/tmp/x\" <script>alert(1)</script></table><img src=x onerror=alert(1)>"
            " | a | b\r @ARGV %%s \\\\ {^_&~} \x1b[31m \x80\xff " % ((pwned,) * 3) + key)
PYEOF
# check DIR...: every output file of DIR, read by what reads it.
check() {
	"$PY" - "$@" <<'PYEOF' || fail "an output of $* is unsafe or unreadable"
import csv, glob, html.parser, json, os, re, sys, zipfile
import xml.etree.ElementTree as ET
try:
    import openpyxl
except ImportError:
    openpyxl = None
LIVE = {"script", "img", "iframe", "object", "embed", "table"}
class Tags(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags = []
    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        for a, v in attrs:
            assert not a.startswith("on"), ("a live attribute", tag, a, v)
def formula(v):      # "-" alone, or a number, is text to a spreadsheet
    if v[:1] == "=":
        return True
    return v[:1] in ("+", "-", "@", "\t", "\r") and len(v) > 1 and \
        not re.fullmatch(r"[-+][0-9.]+(e[-+]?[0-9]+)?", v)
for d in sys.argv[1:]:
    files = glob.glob(d + "/*")
    for f in files:
        raw = open(f, "rb").read()
        if f.endswith((".json", ".md", ".html", ".csv", ".svg", ".gp", ".dat")):
            raw.decode("utf-8")                 # strict: every byte UTF-8
        if f.endswith(".json"):
            json.loads(raw)
        elif f.endswith(".html"):
            p = Tags()
            p.feed(raw.decode())
            live = [t for t in p.tags if t in LIVE]
            assert live == ["table"] * len(live), (f, "live tags", live)
            n = len(re.findall(rb'<table( class="sk[1-4]"( style="[-a-z0-9:;.]*")?)?>', raw))
            assert p.tags.count("table") == n, (f, "a table tag from the data")
        elif f.endswith(".md"):
            # fenced blocks (the ticket: text, its fence longer than any run of ` in it)
            text = re.sub(r"(?ms)^(`{3,})text\n.*?^\1$", "", raw.decode())
            text = re.sub(r"(`+)(?!`).*?(?<!`)\1(?!`)", "", text)   # code spans
            for m in re.finditer(r"<", text):
                assert text[m.start() - 1] == "\\", (f, "an unescaped <", text[m.start() - 40:m.start() + 40])
            tables, cur = [], []
            for line in text.split("\n"):
                if line.startswith("|"):
                    cur.append(line)
                elif cur:
                    tables.append(cur)
                    cur = []
            for t in tables:
                n = t[0].replace("\\|", "").count("|")
                for r in t:
                    assert r.replace("\\|", "").count("|") == n, (f, t[0][:60], r[:200])
        elif f.endswith(".svg"):
            for e in ET.parse(f).iter():
                assert not e.tag.endswith("script"), (f, "a script element")
                assert not [a for a in e.attrib if a.startswith("on")], (f, e.attrib)
        elif f.endswith(".csv"):
            rows = list(csv.reader(raw.decode().splitlines(True)))
            for r in rows:
                assert len(r) == len(rows[0]), (f, "a row lost its shape", r[:3])
                for v in r:
                    assert not formula(v), (f, "a formula cell", v[:60])
        elif f.endswith(".xlsx"):
            with zipfile.ZipFile(f) as z:
                for n in z.namelist():
                    if n.endswith((".xml", ".rels")):
                        ET.fromstring(z.read(n))
            if openpyxl is not None:
                for ws in openpyxl.load_workbook(f).worksheets:
                    for row in ws.iter_rows():
                        for c in row:
                            if c.data_type == "f":
                                assert "touch" not in str(c.value), (f, ws.title, c.coordinate, c.value)
        elif f.endswith(".gp"):
            for ext in ("svg", "png"):
                assert os.path.getsize(f[:-3] + "." + ext) > 0, (f, "not rendered as " + ext)
PYEOF
	[ ! -e "$T/PWNED" ] || fail "a string of the input ran a command"
	[ ! -e /tmp/x ] || [ /tmp/x -ot "$T/hostile.json" ] || fail "a string of the input set gnuplot's output"
}

# Every string of a results.json made hostile: each field of the schema
# (label, host, target path and model, plan engine, started_utc, version,
# warnings, a cell's status and reason, a verdict, a rule ...), each start
# in turn.  sweep report and compare write every format from it.
cd "$T" || fail "cd"
"$PY" - "$EX" "$T/PWNED" <<'PYEOF' || fail "making the hostile results.json"
import json, os, sys
exec(open(os.environ["T"] + "/hostile.py").read())
d = json.load(open(sys.argv[1]))
n = 0
def walk(o):
    global n
    for k, v in list(o.items()) if isinstance(o, dict) else enumerate(o):
        if isinstance(v, str) and k != "mode":
            n += 1
            o[k] = hostile(n, str(k), sys.argv[2])
        elif isinstance(v, (dict, list)):
            walk(v)
walk(d)
d["warnings"] = [hostile(i, "warning", sys.argv[2]) for i in range(11)]
d["cells"][0]["derived"] = [hostile(3, "derived", sys.argv[2])]
s = json.dumps(d, ensure_ascii=False).replace("\udc80", "")
open("hostile.json", "wb").write(s.encode("utf-8").replace(b"\xc2\x80\xc3\xbf", b"\x80\xff"))
PYEOF
grep -c 'system' hostile.json >/dev/null || fail "no hostile text in hostile.json"
"$SWEEP" report hostile.json -o "$T/hrep" >out 2>err || fail "report of a hostile results.json: exit $?: $(cat err)"
"$SWEEP" compare hostile.json "$EX" -o "$T/hcmp" >out 2>err || fail "compare of a hostile results.json: exit $?: $(cat err)"
check "$T/hrep" "$T/hcmp"
for f in "$T/hrep/report.html" "$T/hcmp/compare.html"; do
	grep -q '&lt;script&gt;' "$f" || fail "$f: the hostile text is not there, escaped"
done
grep -q "&lt;b&gt;x&quot; ; system" "$T/hrep/report.html" || fail "report.html lacks the hostile engine or other field"
ok "hostile strings in every field of results.json: readable outputs, no command, no live tag, no formula, every chart"

# A mode is a word sweep knows, or the file is refused: one line, the text shown, not sent.
"$PY" - "$EX" <<'PYEOF' || fail "making the bad mode"
import json, sys
d = json.load(open(sys.argv[1]))
d["cells"][0]["mode"] = "read\n\x1b[31m<script>"
json.dump(d, open("mode.json", "w"))
PYEOF
expect_usage "a results.json with a hostile mode" "$SWEEP" report mode.json -o "$T/mode"
grep -q "$(printf '\033')" "$T/.err" && fail "an escape code of results.json reached the terminal"

# fio's JSON: job names, options (engine, file name), the device of
# disk_util, the time and the version, each hostile.
"$PY" - "$FX/groups.json" "$T/PWNED" <<'PYEOF' || fail "making the hostile fio output"
import json, os, sys
exec(open(os.environ["T"] + "/hostile.py").read())
s = open(sys.argv[1]).read()
d = json.loads(s[s.index("\n{") + 1:] if not s.startswith("{") else s)
for i, j in enumerate(d["jobs"]):
    j["jobname"] = hostile(i, "jobname", sys.argv[2])
    j["job options"]["description"] = hostile(i + 3, "description", sys.argv[2])
    j["job options"][hostile(i + 5, "key", sys.argv[2])] = "1"
g = d["global options"]
g["ioengine"], g["filename"] = hostile(7, "engine", sys.argv[2]), hostile(0, "file", sys.argv[2])
d["disk_util"][0]["name"] = hostile(9, "disk", sys.argv[2])
d["time"] = hostile(4, "time", sys.argv[2])
d["fio version"] = "fio-3.33" + hostile(1, "version", sys.argv[2])
open("hfio.json", "w").write(json.dumps(d))
PYEOF
"$SWEEP" import hfio.json -o "$T/hfio" >out 2>err || fail "import of hostile fio output: exit $?: $(cat err)"
grep -q "$(printf '\033')" err && fail "an escape code of fio's JSON reached the terminal"
check "$T/hfio"
results_py "$T/hfio/results.json" '
assert "system" in d["plan"]["engine"] and "system" in d["target"]["path"], d["plan"]
' || fail "the hostile fio fields did not reach results.json"
ok "hostile fio job names, options, versions: readable outputs, no command, no live tag"

# A client's host name is a name or an address, else the import is refused.
"$PY" - "$FX/client1.json" <<'PYEOF' || fail "making the hostile fio client output"
import json, sys
s = open(sys.argv[1]).read()
d = json.loads(s[s.index("\n{") + 1:] if not s.startswith("{") else s)
for c in d["client_stats"]:
    c["hostname"] = "h\n\x1b[31m<script>"
open("hclient.json", "w").write(json.dumps(d))
PYEOF
expect_usage "fio output of a hostile host name" "$SWEEP" import hclient.json -o "$T/hclient"
grep -q "$(printf '\033')" "$T/.err" && fail "an escape code of a host name reached the terminal"

# hosts.md of a fleet import: the label (and a host's error) are Markdown
# text, escaped as report.md's are.
"$SWEEP" import "$FX/client6.json" --label '<img src=x onerror=alert(1)> | `x`' -o "$T/hfleet" \
    >out 2>err || fail "fleet import with a hostile label: exit $?: $(cat err)"
head -1 "$T/hfleet/hosts.md" | grep -q '^# \\<img src=x onerror=alert(1)\\> \\| \\`x\\`: ' ||
	fail "hosts.md's title holds the label unescaped: $(head -1 "$T/hfleet/hosts.md")"
ok "hosts.md escapes a label's markup"

# A CSV table: its label column (no '/': a label names a folder; 127
# bytes at most), an unknown column's name, the file's name.
"$PY" - "$T/PWNED" <<'PYEOF' || fail "making the hostile table"
import csv, os, sys
exec(open(os.environ["T"] + "/hostile.py").read())
with open("h<b>'=x.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["label", "mode", "bs", "depth", "iops", hostile(2, "column", sys.argv[1])])
    for bs in ("4k", "64k", "1m"):
        w.writerow(["-x\" `touch PWNED` $(touch PWNED) <script>alert(1)</script> | a |\n\x1b[31m "
                    "\x80\xff {^_&~} @ARGV %s".replace("/", ""), "randread", bs, 1, 1000, "x"])
PYEOF
"$SWEEP" import --csv "h<b>'=x.csv" -o "$T/hcsv" >out 2>err || fail "import of a hostile table: exit $?: $(cat err)"
check "$T/hcsv"
results_py "$T/hcsv/results.json" '
assert "touch PWNED" in d["label"] and any("system" in w for w in d["warnings"]), (d["label"], d["warnings"])
' || fail "the hostile table's label or column name did not reach results.json"
ok "a hostile table (label, column name, file name): readable outputs, no command, no live tag, no formula"
exit 0
