#!/bin/sh
# The charts' one visual language, asserted on the gnuplot
# scripts and SVGs of null-engine runs: fonts of 14 pt or more, one colour
# per mode across every chart (a run's and a comparison's), no second MB/s
# axis, grouped bars when no mode has three block sizes, a scorecard that
# names the tiles it lacks, saturation and latency curves with three depths
# (and not with two), the saturating depth in the summary, latency in ms
# once a chart reaches 10 ms, and hostile labels that still render.
. "$top_srcdir/tests/common.sh"
command -v gnuplot >/dev/null 2>&1 || skip "gnuplot not installed (apt-get install gnuplot-nox)"

# Three block sizes and three depths in two modes: lines and curves.
null_sweep lines --modes randread,write --bs 4k,64k,1m --depth 1,4,16
# The quick plan's cells: two block sizes, two depths per mode.
null_sweep quick --sweep "$top_srcdir/sweeps/quick.json" --size 16m
# Only one tile of the scorecard.
null_sweep one --modes randread --bs 4k --depth 1

# Fonts: every font in every script and SVG is 14 pt or more.
for d in lines quick one; do
	for f in "$T/$d"/*.gp "$T/$d"/*.svg; do
		small=$(grep -o -E 'font "[^"]*,[0-9.]+"|font-size="[0-9.]+"' "$f" |
		    grep -o -E '[0-9.]+"$' | tr -d '"' | awk '$1 < 14' | head -n 1)
		[ -z "$small" ] || fail "$f: a font of $small pt (14 at least)"
		grep -q -E 'font "[^"]*,[0-9]+"|font-size=' "$f" || fail "$f: no font size set"
	done
done
grep -q 'font "sans:Bold,18"' "$T/lines/iops.gp" || fail "iops.gp: the title is not bold"
grep -q 'font-weight="bold"' "$T/lines/iops.svg" || fail "iops.svg: the title is not bold in SVG"
ok "fonts 14 pt or more in every chart, bold titles (PNG and SVG)"

# One colour per mode, the same in every chart, a different one for each
# mode; and a comparison colours by mode too.
"$SWEEP" compare "$T/lines/results.json" "$T/quick/results.json" -o "$T/cmp" >"$T/cmp.log" 2>&1 ||
	fail "compare: $(cat "$T/cmp.log")"
$PY - "$T"/lines/*.gp "$T"/quick/*.gp "$T"/cmp/*.gp <<'EOF' || fail "colours: see above"
import re, sys
modes = ("randread", "randwrite", "readwrite", "randrw", "read", "write")
colour = {}
for path in sys.argv[1:]:
    text = open(path).read()
    for m in re.finditer(r'lc rgb "(#[0-9a-f]{6})"[^\n]*? title \'([^\']*)\'', text):
        words = m.group(2).split()
        mode = next((w for w in words if w in modes), None)
        if mode is None:
            continue
        colour.setdefault(mode, set()).add(m.group(1))
bad = {k: v for k, v in colour.items() if len(v) != 1}
if bad or len(colour) < 4:
    sys.exit("FAIL: colours by mode: %r" % colour)
if len({next(iter(v)) for v in colour.values()}) != len(colour):
    sys.exit("FAIL: two modes share a colour: %r" % colour)
print("colours:", {k: next(iter(v)) for k, v in sorted(colour.items())})
EOF
ok "one colour per mode across the run's, the quick run's and the comparison's charts"

# Bandwidth in MiB/s only.
for f in "$T/lines/bw.gp" "$T/quick/bw.gp" "$T/cmp/compare-bw.gp"; do
	! grep -q "y2" "$f" || fail "$f: a second axis: $(grep y2 "$f" | head -n 1)"
	grep -q "MiB/s" "$f" || fail "$f: no MiB/s axis"
done
ok "no second (MB/s) axis on the bandwidth charts"

# Fewer than three block sizes in every mode: grouped bars; three: lines.
for c in iops bw latency; do
	grep -q "with boxes" "$T/quick/$c.gp" || fail "quick $c.gp: no bars for 2 block sizes"
	! grep -q "with boxes" "$T/lines/$c.gp" || fail "lines $c.gp: bars for 3 block sizes"
	grep -q "with linespoints" "$T/lines/$c.gp" || fail "lines $c.gp: no lines"
done
grep -q -E '"randread( |\\n)4K"' "$T/quick/iops.gp" && grep -q -E '"write( |\\n)1M"' "$T/quick/iops.gp" ||
	fail "quick iops.gp: the bar groups are not named by mode and block size"
# The latency chart shows every block size measured, a line per mode and depth.
n=$(awk '/^# index/ {i++} i && /^[0-9]/ {n++} END {print n + 0}' "$T/lines/latency.dat")
[ "$n" -eq 18 ] || fail "lines latency.dat: $n rows, want 18 (2 modes x 3 depths x 3 block sizes)"
ok "grouped bars with fewer than three block sizes, lines with three; latency at every size"

# The scorecard: all eight tiles from the quick plan, and the missing ones named.
for d in quick one; do
	[ -s "$T/$d/scorecard.png" ] && [ -s "$T/$d/scorecard.svg" ] || fail "$d: no scorecard"
done
! grep -q "not measured (" "$T/quick/scorecard.gp" || fail "quick: a tile not measured"
[ "$(grep -c -v '^#' "$T/quick/scorecard.dat")" -eq 8 ] || fail "quick: not 8 tiles in scorecard.dat"
grep -q "Not measured: SEQ 1M Q8 read, SEQ 1M Q8 write" "$T/one/scorecard.gp" ||
	fail "one: the scorecard does not name the missing tiles"
[ "$(grep -c "not measured (" "$T/one/scorecard.svg")" -eq 7 ] ||
	fail "one: scorecard.svg does not mark 7 tiles not measured"
grep -q "RND 4K Q1	randread" "$T/one/scorecard.dat" || fail "one: the measured tile is missing"
[ "$(head -n 200 "$T/quick/report.md" | grep '^!\[' | head -n 2 | sed 's/.*(\(.*\))$/\1/' |
    tr '\n' ' ')" = "card.png scorecard.png " ] ||
	fail "report.md: the card and the scorecard are not the first pictures: $(grep "^!\[" "$T/quick/report.md" | head -n 3)"
ok "scorecard: every tile of the quick plan; a partial run names the missing tiles"

# Saturation and latency curves with three depths or more, not with two.
for c in saturation latency-curve; do
	[ -s "$T/lines/$c.svg" ] && [ -s "$T/lines/$c.png" ] || fail "lines: no $c chart"
	[ ! -e "$T/quick/$c.gp" ] || fail "quick: a $c chart with two depths"
done
grep -q -E '\*\*randread\*\*: (saturates at QD[0-9]+|no saturation up to QD16)' \
    "$T/lines/report.md" || fail "report.md: no saturating depth for randread"
grep -q "saturates at QD\|no saturation up to" "$T/lines/report.html" ||
	fail "report.html: no saturating depth"
ok "saturation and latency-curve charts with 3 depths, none with 2; the summary names the depth"

# Latency in microseconds, then in milliseconds once the chart reaches 10 ms.
grep -q "µs" "$T/lines/latency.gp" || fail "null run latency.gp: not in µs"
mkdir "$T/slow"
$PY - "$T/lines/results.json" "$T/slow/results.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
for c in d["cells"]:
    for k in ("min", "max", "mean", "p50", "p90", "p99", "p99.9", "p99.99"):
        if k in c.get("lat_ns", {}):
            c["lat_ns"][k] = c["lat_ns"][k] + 20 * 1000 * 1000   # + 20 ms
json.dump(d, open(sys.argv[2], "w"))
EOF
"$SWEEP" report "$T/slow/results.json" >"$T/slow.log" 2>&1 || fail "report of slow: $(cat "$T/slow.log")"
grep -q 'set ylabel ".*ompletion latency (ms, log scale)' "$T/slow/latency.gp" ||
	fail "slow latency.gp: not in ms: $(grep ylabel "$T/slow/latency.gp")"
grep -q "p50_ms" "$T/slow/latency.dat" || fail "slow latency.dat: the unit is not ms"
grep -q "(ms, log scale)" "$T/slow/latency-curve.gp" || fail "slow latency-curve.gp: not in ms"
grep -q "p99 2[0-9.]* ms" "$T/slow/scorecard.gp" || fail "slow scorecard: p99 not in ms"
ok "latency in µs below 10 ms, in ms above (charts and scorecard)"

# No point on the frame: each log axis is a range with every value inside.
$PY - "$T/lines/iops.gp" "$T/lines/iops.dat" <<'EOF' || fail "iops range: see above"
import re, sys
lo, hi = map(float, re.search(r"set yrange \[([0-9.e+-]+):([0-9.e+-]+)\]", open(sys.argv[1]).read()).groups())
vals = [float(l.split()[1]) for l in open(sys.argv[2]) if l[:1].isdigit()]
if not (lo * 1.15 <= min(vals) * 1.0001 and max(vals) * 1.15 <= hi * 1.0001):
    sys.exit("FAIL: y range [%g:%g] for values %g..%g" % (lo, hi, min(vals), max(vals)))
EOF
ok "y ranges keep every point 15% off the frame"

# A hostile label renders in every chart, scorecard included.
mkdir "$T/bad"
$PY - "$T/one/results.json" "$T/bad/results.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
d["label"] = "x' . system('touch PWNED') . '\" \\ @TITLE@ `id`\nset output"
d["target"]["model"] = "m'o\"del"
json.dump(d, open(sys.argv[2], "w"))
EOF
"$SWEEP" report "$T/bad/results.json" >"$T/bad.log" 2>&1 || fail "report of bad label: $(cat "$T/bad.log")"
[ -s "$T/bad/scorecard.png" ] && [ -s "$T/bad/iops.svg" ] || fail "bad label: charts not rendered"
[ ! -e "$T/bad/PWNED" ] && [ ! -e PWNED ] || fail "bad label: a command ran"
ok "a hostile label and model: charts render, nothing runs"
exit 0
