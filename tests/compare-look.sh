#!/bin/sh
# How a comparison looks: a null-engine run and copies of it with known
# IOPS (x2 for randread, x0.5 for write, x1.01 a tie), compared two and
# three at a time.  The heat map's .dat has a square per block size and
# depth with the ratio, its palette is centred on 1.00x; compare.html
# colours the winners and the ratios; compare.xlsx has a colour scale on
# every ratio column, headers in words, chart lines in the mode colours
# (as the PNGs); no legend says "--expect".
. "$top_srcdir/tests/common.sh"

"$SWEEP" run --engine null --file "$T/a.dat" --size 16m --runtime 1 --ramp 0 -q \
    --modes randread,write --bs 4k,64k --depth 1,4 --expect iops=50000,bw=500m/s \
    --label a -o "$T/a" >"$T/run.out" 2>&1 || fail "null run: $(cat "$T/run.out")"
"$PY" - "$T" <<'EOF' || fail "making the scaled copies"
import json, sys
t = sys.argv[1]
for label, scale in (("b", {"randread": 2.0, "write": 0.5}), ("c", {"randread": 1.01, "write": 1.01})):
    d = json.load(open(t + "/a/results.json"))
    d["label"] = label
    d.pop("expect", None)
    for c in d["cells"]:
        f = scale[c["mode"]]
        def mul(o, k, x):
            if isinstance(o.get(k), (int, float)):
                o[k] = round(o[k] * x) if isinstance(o[k], int) else o[k] * x
        for k in ("ios", "bytes", "read_ios", "write_ios", "read_bytes", "write_bytes", "iops",
                  "bw_bytes_s", "bw_mib_s", "bw_mb_s"):
            mul(c, k, f)
        for k in ("derived_bytes_s", "measured_bytes_s"):
            mul(c["bw_check"], k, f)
        c["series"]["ios"] = [round(v * f) for v in c["series"]["ios"]]
        c["series"]["bytes"] = [round(v * f) for v in c["series"]["bytes"]]
        for k in list(c["lat_ns"]):
            if k != "stdev":
                mul(c["lat_ns"], k, 1 / f)
    json.dump(d, open("%s/%s.json" % (t, label), "w"))
EOF
"$SWEEP" compare "$T/a/results.json" "$T/b.json" -o "$T/two" >"$T/two.out" 2>&1 ||
	fail "compare of two: $(cat "$T/two.out")"
"$SWEEP" compare "$T/a/results.json" "$T/b.json" "$T/c.json" -o "$T/three" >"$T/three.out" 2>&1 ||
	fail "compare of three: $(cat "$T/three.out")"

# The heat map: a square per (bs, depth) with its ratio, on a palette centred on 1.
"$PY" - "$T" <<'EOF' || fail "heat map"
import math, re, sys
t = sys.argv[1]
for d, panels in (("two", 1), ("three", 2)):
    for mode, want in (("randread", 2.0), ("write", 0.5)):
        dat = open("%s/%s/compare-heat-%s.dat" % (t, d, mode)).read()
        blocks = [b for b in dat.split("\n\n\n") if b.strip()]
        assert len(blocks) == panels, (d, mode, len(blocks))
        rows = [l.split("\t") for l in blocks[0].splitlines() if l and not l.startswith("#")]
        cells = {(r[6], r[7]) for r in rows}
        assert len(rows) == 4 and cells == {(b, q) for b in ("4096", "65536") for q in ("1", "4")}, rows
        for r in rows:
            assert abs(float(r[5]) - want) < 1e-3 and abs(float(r[2]) - math.log2(want)) < 1e-3, r
            assert r[3].strip('"') == ("2.00x" if want > 1 else "0.50x"), r
        if panels == 2:
            tie = [l.split("\t") for l in blocks[1].splitlines() if l and not l.startswith("#")]
            assert all(abs(float(r[5]) - 1.01) < 1e-3 for r in tie), tie
        gp = open("%s/%s/compare-heat-%s.gp" % (t, d, mode)).read()
        lo, hi = map(float, re.search(r"set cbrange \[([-0-9.]+):([-0-9.]+)\]", gp).groups())
        assert lo == -hi and hi >= 1, (lo, hi)
        pal = re.search(r"set palette defined \(([^)]*)\)", gp).group(1)
        stops = [(float(p.split()[0]), p.split()[1].strip('"')) for p in pal.split(",")]
        white = [x for x, c in stops if c.lower() == "#f7f7f7"]
        assert len(white) == 2 and white[0] == -white[1] and white[1] < 0.1, stops
        assert stops[0][0] == lo and stops[-1][0] == hi, stops
        assert '"1x" 0' in gp, "no 1x tic at the centre"
        assert "layout %d,1" % panels in gp, "panels"
print("heat maps: 4 squares per panel with their ratios, palette centred on 1")
EOF
ok "heat map: a square per block size x depth with its ratio (2.00x, 0.50x, 1.01x), palette white at 1x"
grep -q "compare-heat-randread" "$T/two/compare.md" && grep -q "compare-heat-write" "$T/two/compare.html" ||
	fail "the heat maps are not listed in compare.md/html"
ok "compare.md and compare.html list the heat maps"

# compare.html: the winners' figures and the ratios coloured, with a key.
"$PY" - "$T/two/compare.html" <<'EOF' || fail "compare.html colours"
import re, sys
h = open(sys.argv[1]).read()
better = re.findall(r'<td class="[^"]*\bbetter\b[^"]*"[^>]*>([^<]*)', h)
worse = re.findall(r'<td class="[^"]*\bworse\b[^"]*"[^>]*>([^<]*)', h)
# randread: b wins IOPS, MiB/s and p99 at 4 cells, each with a ratio in its favour (2.00x, 0.50x);
# write: a wins, b's ratios are against it.
# (p99 is whole nanoseconds: its ratio is about 2x or 0.5x, IOPS's exact.)
ratios = lambda l: [float(x[:-1]) for x in l if x.endswith("x")]
assert "2.00x" in better and [r for r in ratios(better) if r < 0.6], better
assert "0.50x" in worse and [r for r in ratios(worse) if r > 1.6], worse
assert len(better) >= 4 * 3 * 2 + 4 * 3, len(better)
assert ".better{" in h and ".worse{" in h and 'class="key"' in h, "no style or key"
print("html: %d better, %d worse" % (len(better), len(worse)))
EOF
ok "compare.html: the winner's figure and the ratio coloured (better/worse), with a key"

# compare.xlsx: colour scales on the ratio columns, headers in words, mode colours.
if "$PY" -c 'import openpyxl' 2>/dev/null; then
	"$PY" - "$T/three" <<'EOF' || fail "compare.xlsx"
import re, sys, zipfile
import openpyxl
d = sys.argv[1]
wb = openpyxl.load_workbook(d + "/compare.xlsx")
ws = wb["Ratios"]
head = [c.value for c in ws[1]]
ratio_cols = [i + 1 for i, h in enumerate(head) if h and "/" in str(h) and not str(h).startswith("Winner")]
assert len(ratio_cols) == 2 * 3, head
covered = set()
for rng in ws.conditional_formatting:
    for rule in rng.rules:
        assert rule.type == "colorScale", rule.type
        vals = [float(v.val) for v in rule.colorScale.cfvo]
        assert vals == [0.5, 1.0, 2.0], vals
    for cr in rng.sqref.ranges:
        covered.update(range(cr.min_col, cr.max_col + 1))
assert set(ratio_cols) <= covered, (ratio_cols, covered)
for name in ("Side by side", "Ratios"):
    hs = [str(c.value) for c in wb[name][1]]
    assert not [h for h in hs if re.search(r"[a-z]_[a-z]", h)], (name, hs)
    assert hs[:6] == ["Mode", "Block size", "Block size (bytes)", "Block size (KiB)",
                      "Queue depth", "Jobs"], (name, hs)
    # printed at 100%, across pages with the identity repeated (fitted one
    # page wide, LibreOffice printed the tables at about 3 pt)
    ps = wb[name].page_setup
    assert (ps.scale or 100) >= 73 and not wb[name].sheet_properties.pageSetUpPr.fitToPage, \
        (name, ps.scale, ps.fitToWidth)
    assert wb[name].print_title_cols in ("A:F", "$A:$F"), (name, wb[name].print_title_cols)
z = zipfile.ZipFile(d + "/compare.xlsx")
xml = {n: z.read(n).decode() for n in z.namelist() if re.match(r"xl/charts/chart\d+\.xml$", n)}
modes = {"2CA02C", "D62728"}      # randread, write: palette.c, as the PNGs
greys = {"404040", "909090"}      # the caps
for n, x in xml.items():
    for ser in re.findall(r"<c:ser>.*?</c:ser>", x, re.S):
        name = re.search(r"<c:v>([^<]*)</c:v>", ser)
        line = re.search(r"<c:spPr><a:ln[^>]*><a:solidFill><a:srgbClr val=\"([0-9A-F]{6})\"", ser)
        assert line, ser[:300]
        want = greys if "provisioned" in ser else modes
        assert line.group(1) in want, (n, line.group(1), ser[:200])
    assert "--expect" not in x and " cap " not in x, n
print("xlsx: %d ratio columns scaled, headers in words, %d charts in mode colours" %
      (len(ratio_cols), len(xml)))
EOF
	ok "compare.xlsx: a colour scale on every ratio column, headers in words, lines in the mode colours"
else
	echo "python3-openpyxl not installed: compare.xlsx not read back"
fi

# Legends in words: the caps are "provisioned", never "--expect" or "cap".
grep -l -e "--expect" -e " cap [0-9]" "$T"/two/*.gp && fail "a legend names --expect or 'cap'"
grep -q "title 'a provisioned 50,000 IOPS'" "$T/two/compare-iops.gp" ||
	fail "the IOPS cap's legend: $(grep -o "title '[^']*IOPS'" "$T/two/compare-iops.gp")"
ok "legends in words: 'a provisioned 50,000 IOPS'"
exit 0
