#!/bin/sh
# The comparison's pictures as a reader meets them: compare-ratio.png's
# bars are each mode's best-IOPS ratio at each block size (checked against
# the results.json files), on a 1.0 line; the overlays' block-size labels
# do not run into each other where long run labels leave the plot narrow
# (the SVG's tic labels, at 0.65 em a character); compare.html's bottom
# line and report.html's scorecard are near the top of the page in a
# window 800 px wide (Chromium, the elements' positions); the scorecard's
# 4K tiles give p99 in one unit.
. "$top_srcdir/tests/common.sh"
command -v gnuplot >/dev/null 2>&1 || skip "gnuplot not installed"

mkdir "$T/a" "$T/b"
for k in a b; do
	"$PY" "$top_srcdir/bench/gen-results.py" --modes randread,write,randrw \
	    --bs 4k,8k,16k,32k,64k,128k,256k,512k,1m,2m,4m,8m,16m,32m,64m --depths 1,4,16 \
	    --seed $([ $k = a ] && echo 1 || echo 2) --scale $([ $k = a ] && echo 1 || echo 0.8) \
	    "$T/$k/results.json" >/dev/null || fail "bench/gen-results.py"
	"$PY" -c 'import json, sys; d = json.load(open(sys.argv[1])); d["label"] = sys.argv[2]
json.dump(d, open(sys.argv[1], "w"))' "$T/$k/results.json" \
	    "a-rather-long-volume-label-of-a-gp2-volume-in-eu-west-1-$k"
done
"$SWEEP" compare "$T/a/results.json" "$T/b/results.json" -o "$T/cmp" --formats md,html,png,svg \
    >"$T/cmp.log" 2>&1 || fail "sweep compare: $(cat "$T/cmp.log")"
[ -s "$T/cmp/compare-ratio.png" ] && [ -s "$T/cmp/compare-ratio.svg" ] ||
	fail "no compare-ratio.png/svg: $(ls "$T/cmp")"
grep -q "compare-ratio.png" "$T/cmp/compare.md" || fail "compare.md does not show compare-ratio.png"

"$PY" - "$T" <<'EOF' || fail "compare-ratio.dat"
import json, math, re, sys
t = sys.argv[1]
runs = [json.load(open("%s/%s/results.json" % (t, k)))["cells"] for k in "ab"]
def best(cells, mode, bs):
    v = [c["iops"] for c in cells if c["mode"] == mode and c["bs"] == bs and c.get("iops")]
    return max(v) if v else None
blocks = open(t + "/cmp/compare-ratio.dat").read().split("\n\n\n")
modes = ["randread", "write", "randrw"]
if len(blocks) != len(modes):
    sys.exit("%d blocks, expected one per mode (%d)" % (len(blocks), len(modes)))
for mode, block in zip(modes, blocks):
    if ("# index %d: %s" % (modes.index(mode), mode)) not in block:
        sys.exit("block of %s not named" % mode)
    for line in block.splitlines():
        if line.startswith("#") or not line.strip():
            continue
        i, bs, r = line.split("\t")
        want = best(runs[1], mode, int(bs)) / best(runs[0], mode, int(bs))
        if abs(float(r) / want - 1) > 1e-4:
            sys.exit("%s %s: ratio %s, the runs' best IOPS give %.6g" % (mode, bs, r, want))
gp = open(t + "/cmp/compare-ratio.gp").read()
if "plot 1 with lines" not in gp or gp.count("boxxyerror") != len(modes):
    sys.exit("not a bar per size on a 1.0 line in each of %d panels" % len(modes))
print("ok")
EOF
ok "compare-ratio: a panel per mode, each bar the runs' best-IOPS ratio at its block size, on the 1.0 line"

# No two block-size labels of an overlay overlap: centres further apart than half their widths.
for c in iops bw latency; do
	"$PY" - "$T/cmp/compare-$c.svg" <<'EOF' || fail "compare-$c.svg: $(cat "$T/labels")"
import re, sys
svg = open(sys.argv[1]).read()
labs = [(float(x), float(y), float(fs), s) for x, y, fs, s in re.findall(
    r'translate\(([\d.]+),([\d.]+)\)[^>]*font-size="([\d.]+)"[^>]*text-anchor="middle">\s*'
    r'<text>(\d+[KMGT]?)</text>', svg)]
if not labs:
    sys.exit("no block-size labels")
y = max(l[1] for l in labs)
row = sorted(l for l in labs if abs(l[1] - y) < 1)
for a, b in zip(row, row[1:]):
    wa, wb = (0.65 * a[2] * len(a[3]), 0.65 * b[2] * len(b[3]))
    if b[0] - a[0] < (wa + wb) / 2 + 4:
        sys.exit("%s at %.0f px and %s at %.0f px overlap" % (a[3], a[0], b[3], b[0]))
print(len(row))
EOF
done >"$T/labels" 2>&1
ok "overlay block-size labels do not overlap with 60-character run labels ($(tr '\n' ' ' <"$T/labels")labels)"

"$SWEEP" report "$T/a/results.json" -o "$T/rep" --formats md,html,png,svg --expect iops=60000 \
    >"$T/rep.log" 2>&1 || fail "sweep report: $(cat "$T/rep.log")"
units=$(grep -o "p99 [0-9.,]* [^ ']*'" "$T/rep/scorecard.gp" | awk '{print $3}' | sort -u | wc -l)
[ "$units" -le 1 ] || fail "scorecard.gp: p99 in $units units: $(grep -o "p99 [0-9.,]* [^ ']*" "$T/rep/scorecard.gp")"
ok "the scorecard's 4K tiles give p99 in one unit"

command -v chromium >/dev/null 2>&1 || skip "chromium not installed (the positions at 800 px)"
pos() {	# FILE WIDTH SELECTOR...: the top of each in pixels, as JSON
	f=$1 w=$2
	shift 2
	"$PY" - "$f" "$w" "$@" <<'EOF'
import json, os, re, subprocess, sys
html, width, sels = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
js = ("<script>addEventListener('load',()=>{const o={};for(const s of %s){const e="
      "document.querySelector(s);o[s]=e?Math.round(e.getBoundingClientRect().top+scrollY):null}"
      "const p=document.createElement('pre');p.id='sweep-pos';p.textContent=JSON.stringify(o);"
      "document.body.appendChild(p)})</script>" % json.dumps(sels))
tmp = os.path.join(os.path.dirname(html), ".pos.html")
open(tmp, "w").write(open(html).read().replace("</body>", js + "</body>"))
out = subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu",
                      "--window-size=%d,900" % width, "--virtual-time-budget=5000", "--dump-dom",
                      "file://" + tmp], capture_output=True, text=True, timeout=120).stdout
m = re.search(r'<pre id="sweep-pos">(.*?)</pre>', out)
print(m.group(1) if m else "{}")
EOF
}
p=$(pos "$T/cmp/compare.html" 800 "p.note" "table" "h2")
"$PY" -c 'import json, sys; p = json.loads(sys.argv[1])
sys.exit(not (p.get("p.note") is not None and p["p.note"] < p["table"] and p["p.note"] < p["h2"] and p["p.note"] < 400))' "$p" ||
	fail "compare.html at 800 px: the bottom line is not first: $p"
ok "compare.html at 800 px: the bottom line at the top, before the runs table and any section: $p"
p=$(pos "$T/rep/report.html" 800 "#chart-scorecard" "#summary" "#summary ~ .scroll, #summary ~ table")
"$PY" -c 'import json, sys; p = json.loads(sys.argv[1]); s = p["#chart-scorecard"]
sys.exit(not (s is not None and p["#summary"] < s < p["#summary ~ .scroll, #summary ~ table"]))' "$p" ||
	fail "report.html at 800 px: the scorecard is not above the summary table: $p"
ok "report.html at 800 px: the scorecard opens the Summary, above its table: $p"
exit 0
