#!/bin/sh
# Text from results.json and from file names in the gnuplot charts, through
# a real render: every printable ASCII character before every digit reaches
# the SVG as it is (octal escapes such as \047 took the digit after them:
# '1 was drawn 9), and a "]]>" leaves the SVG XML.
. "$(dirname "$0")/common.sh"

command -v gnuplot >/dev/null 2>&1 || skip "gnuplot not installed"

# svg_texts all|any DIR WANT...: every SVG of DIR is XML, and each WANT is in
# one of the texts of every SVG (all), or of one SVG at least (any)
svg_texts() {
	"$PY" - "$@" <<'PYEOF'
import glob, sys, xml.etree.ElementTree as E
how, d, want = sys.argv[1], sys.argv[2], sys.argv[3:]
svgs = sorted(glob.glob(d + "/*.svg"))
if not svgs:
    sys.exit("no SVG in " + d)
found = dict((w, []) for w in want)
for f in svgs:
    try:
        texts = ["".join(x.itertext()) for x in E.parse(f).iter("{http://www.w3.org/2000/svg}text")]
    except E.ParseError as e:
        sys.exit("%s is not XML: %s" % (f, e))
    for w in want:
        if any(w in x for x in texts):
            found[w].append(f)
        elif how == "all":
            sys.exit("%s: no text holds %r; its texts: %r" % (f, w, texts[:4]))
for w in want:
    if not found[w]:
        sys.exit("no SVG of %s holds %r" % (d, w))
PYEOF
}

# 950 pairs over 16 runs' labels (at most 127 characters each); compare's
# title joins them all, its key names each.
null_sweep base --modes randread --bs 4k,64k --depth 1,4 --formats csv
"$PY" - "$T" <<'PYEOF' || fail "making the labelled runs"
import json, os, sys
t = sys.argv[1]
d = json.load(open(t + "/base/results.json"))
pairs = [chr(c) + str(k) for k in range(10) for c in range(0x20, 0x7f)]
for i in range(0, len(pairs), 60):
    d["label"] = "L%02d " % (i // 60) + "".join(pairs[i:i + 60])
    os.mkdir("%s/r%02d" % (t, i // 60))
    json.dump(d, open("%s/r%02d/results.json" % (t, i // 60), "w"))
PYEOF
"$SWEEP" compare "$T"/r?? -o "$T/cmp" --formats svg >"$T/cmp.log" 2>&1 ||
	fail "compare of the labelled runs: $(tail -3 "$T/cmp.log")"
labels=$("$PY" -c "
import glob, json
print('\n'.join(json.load(open(f))['label'] for f in sorted(glob.glob('$T/r??/results.json'))))")
# shellcheck disable=SC2086
(IFS='
'; svg_texts all "$T/cmp" $labels) || fail "compare charts: a label is not drawn as it is"
ok "every printable character before every digit: compare's SVGs hold the 16 labels as they are"

# A label, an imported file's name and the target's path with quotes,
# digits after them, a backquote and "]]>": a run's charts draw them.
label="disk '1' \"2\" of 3 \`x\` \\4 ]]> 5"
"$SWEEP" import "$top_srcdir/tests/fixtures/fio/groups.json" --label "$label" -o "$T/lab" \
    --formats svg >"$T/lab.log" 2>&1 || fail "import with a label: $(tail -3 "$T/lab.log")"
svg_texts all "$T/lab" "$label" || fail "charts of a labelled import"
name="a ]]> b '1' \"2\""
path="/tmp/d ]]> 7 e"
sed "s#/tmp/sweep-fio-fixture/t.dat#$path#" "$top_srcdir/tests/fixtures/fio/groups.json" \
    >"$T/$name.json"
"$SWEEP" import "$T/$name.json" -o "$T/named" --formats svg >"$T/named.log" 2>&1 ||
	fail "import of $name.json: $(tail -3 "$T/named.log")"
svg_texts all "$T/named" "$name" || fail "charts of $name.json: its name"
svg_texts any "$T/named" "$path" || fail "charts of $name.json: the target's path"
ok "a label, a file name and a target path with quotes, digits and ]]> drawn as they are"
