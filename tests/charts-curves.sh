#!/bin/sh
# The queue-depth curves and the series charts, asserted on the gnuplot
# scripts and data of synthetic runs (bench/gen-results.py: a volume with
# caps, so that IOPS level off): saturation on a linear IOPS axis, a noisy
# cell hollow and never the circled saturating point, a panel per mode
# when a chart would carry more than 8 lines (a 6-mode x 7-depth run),
# latency-curve depth labels whose boxes do not overlap (their pixel boxes
# computed from the .gp's margins and label coordinates, 13.2 px a
# character), and no line through the 2 seconds of a 2-second cell.
# sweep report only: no I/O.
. "$top_srcdir/tests/common.sh"
export SWEEP_DATADIR="${SWEEP_DATADIR:-$top_srcdir}"
depths=1,2,4,8,16,32,64

gen() {	# gen DIR ARGS...: a synthetic results.json in $T/DIR and its report
	dir=$1
	shift
	mkdir -p "$T/$dir"
	"$PY" "$top_srcdir/bench/gen-results.py" "$@" "$T/$dir/results.json" ||
		fail "gen-results.py $*"
	"$SWEEP" report "$T/$dir/results.json" --formats md,png -o "$T/$dir" >"$T/$dir.log" 2>&1 ||
		fail "report $dir: $(cat "$T/$dir.log")"
}
gen two --modes randread,write --bs 4k,64k,1m --depths $depths --runtime 10
gen six --modes randread,read,write,randwrite,readwrite,randrw --bs 4k,64k,1m --depths $depths \
    --runtime 10
gen short --modes randread,write --bs 4k,64k --depths 1,8 --runtime 2

# Saturation: IOPS on a linear axis from 0 (a log axis flattens the knee).
for d in two six; do
	f="$T/$d/saturation.gp"
	[ -s "$f" ] && [ -s "$T/$d/saturation.png" ] || fail "$d: no saturation chart"
	! grep -q "logscale y" "$f" || fail "$d saturation.gp: a log y axis: $(grep 'logscale y' "$f")"
	grep -q "^set yrange \[0:" "$f" || fail "$d saturation.gp: y does not start at 0: $(grep yrange "$f")"
done
ok "saturation: IOPS on a linear axis from 0"

# Lines whose best IOPS differ over 5x (4K and 1M): each in percent of its
# own best, so that 1M does not lie flat on 0; tic labels all distinct.
for d in two six; do
	"$PY" - "$T/$d/saturation.gp" "$T/$d/saturation.dat" <<'EOF' || fail "$d saturation: see above"
import re, sys
gp, dat = open(sys.argv[1]).read(), open(sys.argv[2]).read()
if "% of each line's best" not in gp:
    sys.exit("FAIL: 4K and 1M on one IOPS axis, not in % of each line's best")
for b in dat.split("\n\n\n"):
    rows = [l.split("\t") for l in b.splitlines() if l[:1].isdigit()]
    iops = [float(r[1]) for r in rows]
    pct = [float(r[-1]) for r in rows]
    if abs(max(pct) - 100) > 0.01 or any(abs(p - i / max(iops) * 100) > 0.01 for p, i in zip(pct, iops)):
        sys.exit("FAIL: a line's pct_of_best is not IOPS / its best: %r" % rows)
labels = re.findall(r'"([^"]*)" [0-9.e+]+', re.search(r"set ytics (\([^)]*\))", gp).group(1))
if len(labels) != len(set(labels)) or len(labels) < 4:
    sys.exit("FAIL: y tic labels not distinct: %r" % labels)
if re.search(r"set (title|label 9) '[^']*at (512|[0-9]+[KMG])'", gp):
    sys.exit("FAIL: a block size without its unit in a title")
EOF
done
ok "saturation: lines in % of their best when they differ over 5x; distinct tic labels"

# A noisy cell at the saturating depth: hollow with its mark, and the circle
# on the saturating depth of the clean cells instead.
sat=$(grep -o '\*\*randread\*\*: saturates at QD[0-9]* at 4 KiB' "$T/two/report.md" |
    sed 's/.*QD\([0-9]*\).*/\1/')
[ -n "$sat" ] || fail "two: randread does not saturate at 4 KiB: $(grep randread "$T/two/report.md" | head -n 3)"
mkdir "$T/noisy"
"$PY" - "$T/two/results.json" "$T/noisy/results.json" "$sat" <<'EOF' || fail "noisy results.json"
import json, sys
d = json.load(open(sys.argv[1]))
for c in d["cells"]:
    if c["mode"] == "randread" and c["bs"] == 4096 and c["depth"] == int(sys.argv[3]):
        ios = c["series"]["ios"]
        mean = sum(ios) / len(ios)
        c["series"]["ios"] = [int(mean * (1.3 if k % 2 else 0.7)) for k in range(len(ios))]
        c["series"]["bytes"] = [x * 4096 for x in c["series"]["ios"]]
        c["stability"] = {"verdict": "noisy", "reason": "made noisy by the test"}
json.dump(d, open(sys.argv[2], "w"))
EOF
"$SWEEP" report "$T/noisy/results.json" --formats md,png -o "$T/noisy" >"$T/noisy.log" 2>&1 ||
	fail "report noisy: $(cat "$T/noisy.log")"
grep -q "saturates at QD$sat at 4 KiB" "$T/noisy/report.md" ||
	fail "noisy: the summary no longer saturates at QD$sat (the test's premise)"
"$PY" - "$T/noisy/saturation.gp" "$T/noisy/saturation.dat" "$sat" <<'EOF' || fail "noisy saturation: see above"
import re, sys
gp, dat, sat = open(sys.argv[1]).read(), open(sys.argv[2]).read(), int(sys.argv[3])
blocks = dat.split("\n\n\n")
idx = next(i for i, b in enumerate(blocks) if "# index %d: randread 4K\n" % i in b)
rows = {int(l.split("\t")[0]): l.split("\t") for l in blocks[idx].splitlines() if l[:1].isdigit()}
if rows[sat][4] != "\u26a0":
    sys.exit("FAIL: saturation.dat: randread 4K QD%d is not marked: %r" % (sat, rows[sat]))
if not re.search(r"index %d using 1:\(strcol\(5\) ne \"-\" \? \$\d : NaN\) with points pt \d+ ps 0.8 "
                 r"lc rgb \"#ffffff\"" % idx, gp):
    sys.exit("FAIL: saturation.gp: randread 4K's noisy point is not drawn hollow")
circles = re.findall(r"'\+' every ::0::0 using \((\d+)\):\(([0-9.]+)\) with points lc rgb "
                     r"\"(#[0-9a-f]+)\" pt 6 ps 4[^\n]*?title '([^']*)'", gp)
rr = [c for c in circles if c[3].startswith("saturates: randread 4K")]
if len(rr) != 1:
    sys.exit("FAIL: saturation.gp: not one randread circle: %r" % circles)
at = int(rr[0][0])
if at == sat or rows[at][4] != "-" or abs(float(rows[at][-1]) - float(rr[0][1])) > 0.051:
    sys.exit("FAIL: the circle is at QD%d (noisy QD%d): %r" % (at, sat, rr[0]))
if "QD%d has a caveat" % sat not in rr[0][3]:
    sys.exit("FAIL: the circle's key does not say QD%d was left out: %r" % (sat, rr[0][3]))
print("randread 4K: QD%d noisy and hollow; circled QD%d: %s" % (sat, at, rr[0][3]))
EOF
ok "a noisy saturating cell is hollow, and the circle is on the clean cells' saturating depth"

# The latency curve's x is IOPS (column 2): its hollow points are drawn there,
# not at x = depth (column 1), where they left the caveat's points solid.
grep -q "using 2:(strcol(5) ne \"-\" ? \$4 : NaN) with points" "$T/noisy/latency-curve.gp" ||
	fail "latency-curve.gp: the caveat's hollow points are not at x = IOPS"
! grep -q "using 1:(strcol(5) ne" "$T/noisy/latency-curve.gp" ||
	fail "latency-curve.gp: a caveat's point drawn at x = depth"
ok "latency curve: a caveat's points hollow on the curve"

# More than 8 lines: a panel per mode, one key under them (not a column on
# the right); 6 lines: one plot.
for c in saturation latency-curve; do
	f="$T/six/$c.gp"
	n=$(grep -c "^    plot " "$f")
	[ "$n" -eq 7 ] || fail "six $c.gp: $n plots, want 7 (6 panels and the key)"
	for m in randread read write randwrite readwrite randrw; do
		grep -q "^    set title '$m[:']" "$f" || fail "six $c.gp: no panel for $m"
	done
	grep -q "set key inside center top horizontal" "$f" || fail "six $c.gp: the key is not under the panels"
	! grep -q "key outside right\|key .*right top vertical" "$f" || fail "six $c.gp: a key on the right"
	n=$(grep -c "^    plot " "$T/two/$c.gp")
	[ "$n" -eq 1 ] || fail "two $c.gp: $n plots for 6 lines, want 1"
	! grep -q "key outside right\|key .*right top vertical" "$T/two/$c.gp" ||
		fail "two $c.gp: a key on the right"
	[ -s "$T/six/$c.png" ] || fail "six: $c.png not rendered"
done
ok "a 6-mode x 7-depth run: a panel per mode, the key under them; 6 lines: one plot"

# Latency-curve labels: placed as set labels, none overlapping another in its panel.
for d in two six noisy; do
	"$PY" - "$T/$d/latency-curve.gp" <<'EOF' || fail "$d latency-curve labels: see above"
import re, sys
text = open(sys.argv[1]).read()
if re.search(r"with labels", text):
    sys.exit("FAIL: depth labels drawn from the data file, not placed")
w, h = map(int, re.search(r"pngcairo size (\d+),(\d+)", text).group(1, 2))
panels = [p for p in text.split("\n    plot ")[:-1] if "set border 0" not in p]
total = 0
for p in panels:
    m = {k: float(v) for k, v in re.findall(r"set ([lrtb])margin at screen ([0-9.]+)", p)}
    x0, x1, y0, y1 = m["l"] * w, m["r"] * w, (1 - m["t"]) * h, (1 - m["b"]) * h
    boxes = []
    for t, gx, gy in re.findall(r"set label '(QD[^']*)' at graph ([0-9.]+), graph ([0-9.]+) center", p):
        cx, cy = x0 + float(gx) * (x1 - x0), y1 - float(gy) * (y1 - y0)
        bw = len(t) * 13.2
        b = (cx - bw / 2, cy - 10, cx + bw / 2, cy + 10)
        for o in boxes:
            if b[0] < o[1][2] - 0.5 and o[1][0] < b[2] - 0.5 and b[1] < o[1][3] - 0.5 and o[1][1] < b[3] - 0.5:
                sys.exit("FAIL: %s at %s overlaps %s at %s" % (t, b, o[0], o[1]))
        if b[0] < x0 - 0.5 or b[2] > x1 + 0.5 or b[1] < y0 - 0.5 or b[3] > y1 + 0.5:
            sys.exit("FAIL: %s at %s is outside its plot %s" % (t, b, (x0, y0, x1, y1)))
        boxes.append((t, b))
    total += len(boxes)
if total < 3 * len(panels):
    sys.exit("FAIL: only %d depth labels in %d panels" % (total, len(panels)))
print("%d labels in %d panels, none overlapping" % (total, len(panels)))
EOF
done
ok "latency-curve: the depth labels' boxes overlap none other"

# 2-second cells: their two seconds are points, not joined by a line, and
# the chart says so; a 10-second cell is still a line.
for f in "$T"/short/series-*.dat; do
	run=$(awk '/^[0-9]/ {n++; if (n > max) max = n; next} {n = 0} END {print max + 0}' "$f")
	[ "$run" -eq 1 ] || fail "$f: $run seconds in a row: a line through a 2 s cell"
	grep -q "cells of 2 s: points, not joined" "${f%.dat}.gp" || fail "${f%.dat}.gp: no note on the 2 s cells"
done
run=$(awk '/^[0-9]/ {n++; if (n > max) max = n; next} {n = 0} END {print max + 0}' "$T/two/series-randread.dat")
[ "$run" -eq 10 ] || fail "two series-randread.dat: a 10 s cell is not one line ($run rows in a row)"
! grep -q "points, not joined" "$T/two/series-randread.gp" || fail "two: a note on short cells of 10 s"
ok "series: a 2 s cell is two points, not a line, and the chart says so"
exit 0
