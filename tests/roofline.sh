#!/bin/sh
# The roofline (roofline.gp, .dat, .png): each mode's best IOPS per block
# size on log-log axes, in the mode's colour; the IOPS cap the analysis
# states as a flat line and its bandwidth cap as the diagonal IOPS = BW / bs;
# the knee marked where they meet, labelled as the summary states it; the
# provisioned caps (--expect, --profile, their burst) dashed and dotted,
# named in words; hollow points with marks for cells with a caveat; the
# third chart of report.md and report.html, after the card and the scorecard; and no
# roofline for a run of one block size.  Asserted on a table import that
# plateaus at known IOPS, then at a known MiB/s, and on a null-engine run.
. "$top_srcdir/tests/common.sh"
command -v gnuplot >/dev/null 2>&1 || skip "gnuplot not installed (apt-get install gnuplot-nox)"
cd "$T" || exit 1

# randread: 3,000 IOPS up to 32 KiB, then 100 MiB/s (knee 100 MiB / 3,000 =
# 34,953 bytes, ~34 KiB); write: 1,500 IOPS, then 100 MiB/s (~68 KiB).  QD1
# does half.  randread 8k QD32's bandwidth is not IOPS x bs: a failed check.
"$PY" - <<'EOF' >"$T/thr.csv"
MiB = 2**20
print("mode,bs,depth,iops,bw_mib_s")
for mode, iops, bw in (("randread", 3000, 100), ("write", 1500, 100)):
    for e in range(12, 21):
        for d in (1, 32):
            v = min(iops, bw * MiB / 2**e) * (0.5 if d == 1 else 1)
            b = v * 2**e / MiB * (1.5 if (mode, e, d) == ("randread", 13, 32) else 1)
            print("%s,%d,%d,%.1f,%.3f" % (mode, 2**e, d, v, b))
EOF
"$SWEEP" import --csv "$T/thr.csv" --label thr --expect iops=3000,bw=125m/s -o "$T/thr" \
    >"$T/thr.log" 2>&1 || fail "import thr.csv: $(cat "$T/thr.log")"
gp="$T/thr/roofline.gp"
[ -s "$gp" ] && [ -s "$T/thr/roofline.dat" ] && [ -s "$T/thr/roofline.png" ] ||
	fail "no roofline.gp, .dat and .png: $(ls "$T/thr")"

# The summary states each knee; the chart's label says the same size.
for m in randread:34 write:68; do
	grep -q "^- \*\*${m%%:*}\*\*: IOPS cap .*; knee ~${m#*:} KiB, between" "$T/thr/report.md" ||
		fail "the fixture's summary does not state ${m%%:*}'s knee at ${m#*:} KiB"
	grep -q "set label [0-9]* '${m%%:*}: knee ~${m#*:} KiB'" "$gp" ||
		fail "no label 'knee ~${m#*:} KiB' for ${m%%:*}: $(grep 'set label' "$gp")"
done
ok "knees labelled at the sizes the summary states (~34 KiB, ~68 KiB)"

# Colour: the mode's, as on the IOPS chart.
rr=$(grep -o "lc rgb \"#[0-9a-f]*\"[^']*'randread QD32'" "$T/thr/iops.gp" | grep -o '#[0-9a-f]*')
[ -n "$rr" ] || fail "no randread QD32 line on iops.gp"
grep -q "'roofline.dat' index 0 using 1:2 with linespoints lc rgb \"$rr\"" "$gp" ||
	fail "randread's points are not in its colour $rr"
ok "points in the mode's colour of the IOPS chart ($rr)"

# The flat IOPS cap, the diagonal BW / x, the knee where they meet.
"$PY" - "$gp" "$rr" <<'EOF' || fail "caps on roofline.gp"
import re, sys
gp, colour = open(sys.argv[1]).read(), sys.argv[2]
MiB = 2**20
items = re.findall(r'\[x=([0-9.e+]+):([0-9.e+]+)\] ([0-9.e+]+)( / x)? with lines lc rgb "([^"]+)" '
                   r'lw [0-9.]+ dt ([0-9]+) (notitle|title \'[^\']*\')', gp)
mine = [i for i in items if i[4] == colour]
flat = [i for i in mine if not i[3]]
diag = [i for i in mine if i[3]]
assert len(flat) == 1 and float(flat[0][2]) == 3000, ("flat cap", mine)
assert len(diag) == 1, ("diagonal", mine)
bw = float(diag[0][2])
for bs, iops in ((256 << 10, 400), (1 << 20, 100)):
    assert abs(bw / bs - iops) < 0.01 * iops, ("BW / bs at %d: %g, want %d" % (bs, bw / bs, iops))
knee = 100 * MiB / 3000
assert abs(float(flat[0][1]) - knee) < 1 and abs(float(diag[0][0]) - knee) < 1, ("knee", flat, diag)
assert re.search(r"set object [0-9]+ circle at %.6g, 3000 " % knee, gp), "no knee point at %g" % knee
prov = [i for i in items if "provisioned" in i[6]]
assert [(i[6], i[5]) for i in prov] == [("title 'provisioned 3,000 IOPS'", "2"),
    ("title 'provisioned 125 MiB/s'", "2")], prov
assert float(prov[0][2]) == 3000 and float(prov[1][2]) == 125 * MiB, prov
EOF
# A plot that opens with a function says "sample": else [x=a:b] is the plot's x range.
grep -q '^ *plot \[' "$gp" && fail "the first plot item's sampling range would set the x range"
grep -q '^ *plot sample \[x=' "$gp" || fail "the plot does not open with the caps: $(grep ' plot ' "$gp")"
ok "flat cap 3,000 IOPS, diagonal 100 MiB/s (400 IOPS at 256K, 100 at 1M), provisioned caps dashed"

# A caveat: a hollow point with its mark, and the mark explained.
grep -q "^8192	3000.0	.*	≠$" "$T/thr/roofline.dat" ||
	fail "randread 8K QD32 (failed check) is not the marked point: $(grep ^8192 "$T/thr/roofline.dat")"
grep -q "'roofline.dat' index 0 using 1:(strcol(6) ne \"-\" ? \$2 : NaN) with points pt 7 ps 0.8 lc rgb \"#ffffff\"" "$gp" ||
	fail "no hollow points for marked cells"
grep -q 'title "hollow ≠: BW check failed"' "$gp" || fail "the mark is not in the key"
ok "a cell with a caveat is hollow, with its mark in the key"

# The third chart, after the card and the scorecard, in report.md and report.html.
second=$(grep -o '([a-z-]*\.png)' "$T/thr/report.md" | sed -n 3p)
[ "$second" = "(roofline.png)" ] || fail "report.md's third chart is $second"
first=$(grep -o '([a-z-]*\.png)' "$T/thr/report.md" | sed -n 1,2p | tr -d '\n')
[ "$first" = "(card.png)(scorecard.png)" ] || fail "report.md's first charts are $first"
html=$(grep -o '<figure id="chart-[a-z-]*"' "$T/thr/report.html" | sed -n 1,3p | tr -d '\n')
[ "$html" = '<figure id="chart-card"<figure id="chart-scorecard"<figure id="chart-roofline"' ] ||
	fail "report.html's first three charts: $html"
ok "listed third, after the card and the scorecard, in report.md and report.html"

# --profile: its caps, and a burst dotted beside them.
"$SWEEP" import --csv "$T/thr.csv" --label gp3 --profile aws-gp3 --expect size=100g -o "$T/gp3" --formats png \
    >"$T/gp3.log" 2>&1 || fail "import --profile aws-gp3: $(cat "$T/gp3.log")"
grep -q "\] 3000 with lines lc rgb \"#404040\" lw 2.0 dt 2 title 'provisioned 3,000 IOPS'" \
    "$T/gp3/roofline.gp" || fail "--profile aws-gp3: no provisioned IOPS cap"
grep -q "\] 131072000 / x with lines lc rgb \"#404040\" lw 2.0 dt 2 title 'provisioned 125 MiB/s'" \
    "$T/gp3/roofline.gp" || fail "--profile aws-gp3: no provisioned bandwidth cap"
"$SWEEP" import --csv "$T/thr.csv" --label burst --expect iops=1000,burst_iops=3000,bw=125m/s \
    -o "$T/burst" --formats png >"$T/burst.log" 2>&1 || fail "import burst: $(cat "$T/burst.log")"
grep -q "\] 3000 with lines lc rgb \"#404040\" lw 2.0 dt 3 title 'provisioned burst 3,000 IOPS'" \
    "$T/burst/roofline.gp" || fail "no dotted burst cap: $(grep provisioned "$T/burst/roofline.gp")"
# The burst does not raise bandwidth: its roof goes on down the 125 MiB/s diagonal, dotted.
grep -q "\[x=43690.7:[0-9.e+]*\] 131072000 / x with lines lc rgb \"#404040\" lw 2.0 dt 3 notitle" \
    "$T/burst/roofline.gp" || fail "the burst's roof stops at its knee: $(grep provisioned "$T/burst/roofline.gp")"
[ -s "$T/burst/roofline.png" ] || fail "burst: roofline.png not rendered"
ok "--profile aws-gp3: 3,000 IOPS and 125 MiB/s; a burst cap dotted"

# A null-engine run: IOPS-bound, no plateau of bandwidth: no diagonal, no knee.
"$SWEEP" run --engine null --file "$T/n.dat" --size 16m --runtime 1 --ramp 0 -q \
    --modes randread,write --bs 4k,1m --depth 1 -o "$T/null" >"$T/null.log" 2>&1 ||
	fail "null run: $(cat "$T/null.log")"
[ -s "$T/null/roofline.png" ] || fail "null run: no roofline.png"
grep -q "/ x with lines" "$T/null/roofline.gp" && fail "null run: a bandwidth cap the analysis does not state"
grep -q "knee ~" "$T/null/roofline.gp" && fail "null run: a knee the analysis does not state"
[ "$(grep -c '^# index' "$T/null/roofline.dat")" -eq 2 ] || fail "null run: not a block per mode"
ok "null run: a line per mode, no cap or knee the analysis does not state"

# One block size: no roofline, and the reports do not list one.
grep -E '^(mode|randread,4096)' "$T/thr.csv" >"$T/one.csv"
"$SWEEP" import --csv "$T/one.csv" --label one -o "$T/one" --formats md,png >"$T/one.log" 2>&1 ||
	fail "import one.csv: $(cat "$T/one.log")"
[ -e "$T/one/roofline.gp" ] && fail "a roofline of one block size"
grep -q roofline "$T/one/report.md" && fail "report.md lists a roofline of one block size"
ok "no roofline for one block size"
