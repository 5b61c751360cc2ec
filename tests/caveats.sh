#!/bin/sh
# Caveats travel with the figure: a run whose best read IOPS cell failed its
# BW check, whose best randread IOPS cell and RND 4K Q1 read tile are noisy,
# and whose every randwrite cell failed its check
# (tests/fixtures/caveats/results.json).  The scorecard's tiles and the
# chart points of those cells carry their marks (⚠ not steady, ≠ BW check
# failed), explained in a legend; the Summary's headline peak is the best
# unmarked cell, or, when every cell is marked, the best one with its mark
# and a note.  sweep report only: no I/O.
. "$top_srcdir/tests/common.sh"

R="$top_srcdir/tests/fixtures/caveats/results.json"
SWEEP_DATADIR="$top_srcdir" "$SWEEP" report "$R" -o "$T/r" >"$T/r.log" 2>&1 ||
	fail "report: $(cat "$T/r.log")"
tab=$(printf '\t')

# The scorecard: a marks column in scorecard.dat, the corner marks and their legend.
grep -q "^3${tab}RND 4K Q1${tab}randread${tab}.*${tab}⚠\$" "$T/r/scorecard.dat" ||
	fail "scorecard.dat: the noisy RND 4K Q1 read tile is not marked ⚠: $(cat "$T/r/scorecard.dat")"
grep -q "^3${tab}RND 4K Q1${tab}randwrite${tab}.*${tab}≠\$" "$T/r/scorecard.dat" ||
	fail "scorecard.dat: the failed-check RND 4K Q1 write tile is not marked ≠"
grep -q "^set label '⚠' at screen" "$T/r/scorecard.gp" &&
    grep -q "^set label '≠' at screen" "$T/r/scorecard.gp" ||
	fail "scorecard.gp: no corner marks"
grep -q "Corner marks: ⚠ not steady (noisy or stalled); ≠ BW check failed" "$T/r/scorecard.gp" ||
	fail "scorecard.gp: no legend of the corner marks"
ok "scorecard: the noisy tile marked ⚠, the failed-check tile ≠, with a legend"

# The IOPS and latency charts: the marks per row, hollow points, the key.
awk '/^# index 1: read QD16$/ { b = 1 } /^# index 2:/ { b = 0 } b && /^4096\t/' \
    "$T/r/iops.dat" | grep -q "${tab}≠\$" ||
	fail "iops.dat: read 4K QD16 (failed check) has no ≠: $(cat "$T/r/iops.dat")"
awk '/^# index 2: randread QD1$/ { b = 1 } /^# index 3:/ { b = 0 } b && /^4096\t/' \
    "$T/r/iops.dat" | grep -q "${tab}⚠\$" || fail "iops.dat: randread 4K QD1 (noisy) has no ⚠"
awk '/^# index 4: write QD1$/ { b = 1 } /^# index 5:/ { b = 0 } b && /^[0-9]/' \
    "$T/r/iops.dat" | grep -qv "${tab}-\$" && fail "iops.dat: a clean write QD1 point is marked"
grep -q 'index 1 using 1:(strcol(3) ne "-" ? $2 : NaN) with points .* lc rgb "#ffffff"' \
    "$T/r/iops.gp" || fail "iops.gp: read QD16's marked point is not drawn hollow"
grep -q 'keyentry .*"hollow ≠: BW check failed"' "$T/r/iops.gp" &&
    grep -q 'keyentry .*"hollow ⚠: not steady"' "$T/r/iops.gp" || fail "iops.gp: no key of the marks"
grep -q 'keyentry .*"hollow ≠: BW check failed"' "$T/r/latency.gp" ||
	fail "latency.gp: no key of the marks"
if [ -s "$T/r/iops.svg" ]; then
	grep -q '≠' "$T/r/iops.svg" && grep -q '⚠' "$T/r/iops.svg" || fail "iops.svg: no marks"
fi
ok "charts: the marked cells' points hollow with their marks, explained in the key"

# Two block sizes: the chart has bars; a marked bar is drawn hollow, its label marked.
mkdir -p "$T/b"
results_edit "$R" "$T/b/results.json" 'd["cells"] = [c for c in d["cells"] if c["bs"] != 16384]'
SWEEP_DATADIR="$top_srcdir" "$SWEEP" report "$T/b/results.json" --formats png -o "$T/b" \
    >"$T/b.log" 2>&1 || fail "bars report: $(cat "$T/b.log")"
grep -q "${tab}\"107k ≠\"${tab}1\$" "$T/b/iops.dat" && grep -q "${tab}\"16k\"${tab}0\$" "$T/b/iops.dat" ||
	fail "iops.dat (bars): read 4K QD16's label is not marked: $(cat "$T/b/iops.dat")"
grep -q 'using 1:($7 > 0 ? $2 : NaN) with boxes lc rgb "#ffffff"' "$T/b/iops.gp" ||
	fail "iops.gp (bars): the marked bars are not drawn hollow"
ok "bar charts: a marked bar hollow, its label with the marks"

# A large run (over 2000 cells): its chart's best-of lines mark their points too.
mkdir -p "$T/big"
$PY - "$R" "$T/big/results.json" <<'PYEOF' || fail "big: rewriting results.json"
import copy, json, sys
d = json.load(open(sys.argv[1]))
cells = []
for q in range(1, 101):
    for c0 in d["cells"]:
        c = copy.deepcopy(c0)
        c["depth"] = 100 * q + c0["depth"]
        cells.append(c)
for i, c in enumerate(cells):
    c["index"] = i
d["cells"] = cells
d["plan"]["cells"] = [{k: c[k] for k in ("mode", "bs", "depth", "jobs")} for c in cells]
d["cells_done"] = len(cells)
json.dump(d, open(sys.argv[2], "w"))
PYEOF
SWEEP_DATADIR="$top_srcdir" "$SWEEP" report "$T/big/results.json" --formats png -o "$T/big" \
    >"$T/big.log" 2>&1 || fail "big report: $(cat "$T/big.log")"
grep -q "^4096${tab}107315.0${tab}116${tab}1${tab}≠\$" "$T/big/iops.dat" &&
    grep -q 'keyentry .*"hollow ≠: BW check failed"' "$T/big/iops.gp" ||
	fail "iops.dat (2,400 cells): read's best 4K point is not marked: $(head -n 6 "$T/big/iops.dat")"
ok "a large run's best-of lines: the marked point hollow, with its marks"

# Reads of a region never written: every reading cell's point is marked ∅, no writing one.
mkdir -p "$T/u"
$PY - "$R" "$T/u/results.json" <<'PYEOF' || fail "unwritten: rewriting results.json"
import json, sys
d = json.load(open(sys.argv[1]))
d["warnings"] = ["f.dat: all 64 sampled blocks are zero: the region was never written"]
json.dump(d, open(sys.argv[2], "w"))
PYEOF
SWEEP_DATADIR="$top_srcdir" "$SWEEP" report "$T/u/results.json" --formats png -o "$T/u" \
    >"$T/u.log" 2>&1 || fail "unwritten report: $(cat "$T/u.log")"
awk '/^# index [0-3]: (rand)?read / { b = 1 } /^# index [4-7]:/ { b = 0 } b && /^[0-9]/' \
    "$T/u/iops.dat" | grep -qv "∅\$" && fail "iops.dat: a read point without ∅: $(cat "$T/u/iops.dat")"
awk '/^# index [4-7]:/ { b = 1 } b && /^[0-9]/' "$T/u/iops.dat" | grep -q "∅" &&
	fail "iops.dat: a write point marked ∅"
grep -q 'keyentry .*"hollow ∅: read never written"' "$T/u/iops.gp" || fail "iops.gp: no key of ∅"
ok "reads of a region never written: the read points marked ∅, the write points not"

# The workbook's IOPS, MiB/s and p99 charts: the 9 marked points hollow (no fill), the
# percentiles' 12 (3 cells x p50/p99/p99.9), and the sheet says so.
$PY - "$T/r/report.xlsx" <<'PYEOF' || fail "report.xlsx: the marked points are not hollow"
import re, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
charts = [n for n in z.namelist() if n.startswith("xl/charts/chart")]
hollow = [len(re.findall(r"<c:dPt><c:idx val=\"\d+\"/><c:marker><c:spPr><a:noFill/>",
                         z.read(n).decode())) for n in sorted(charts)]
strings = z.read("xl/sharedStrings.xml").decode()
sys.exit(0 if hollow == [9, 9, 9, 12] and "Hollow points (or bars) in the chart below" in strings
         else 1)
PYEOF

# The headline avoids the marked cells when it can.
row() { grep "^| $1 | " "$T/r/report.md" | head -n 1; }
case "$(row read)" in
"| read | 85,852 | 16 KiB, QD16; a marked cell did more | "*) ;;
*) fail "report.md: read's headline is not the best unmarked cell (85,852): $(row read)" ;;
esac
case "$(row randread)" in
"| randread | 82,856 | 16 KiB, QD16; a marked cell did more | "*) ;;
*) fail "report.md: randread's headline is not the best steady cell (82,856): $(row randread)" ;;
esac
case "$(row randwrite)" in
"| randwrite | 117,972 ≠ | 4 KiB, QD16; no unmarked cell ≠ | "*) ;;
*) fail "report.md: randwrite (every cell marked) has no marked headline: $(row randwrite)" ;;
esac
grep -q "^| 4K | 16,133 | 107,315 ≠ |\$" "$T/r/report.md" ||
	fail "report.md: the read pivot does not mark 107,315 ≠"
grep -q "≠ marks a failed BW check" "$T/r/report.md" || fail "report.md: no legend of ≠"
grep -q "^Marks: ⚠ not steady (noisy or stalled); ≠ BW check failed (BW != IOPS x bs). A peak is" \
    "$T/r/report.md" || fail "report.md: no legend of the summary's marks"
grep -q "⚠ ⚠" "$T/r/report.md" && fail "report.md: a doubled ⚠"
ok "summary: the headline avoids marked cells, and marks it when every cell is"

# Compare: a figure and a ratio from a marked cell carry its marks, explained.
SWEEP_DATADIR="$top_srcdir" "$SWEEP" compare "$top_srcdir/tests/fixtures/corpus/file-q.json" "$R" \
    -o "$T/c" >"$T/c.log" 2>&1 || fail "compare: $(cat "$T/c.log")"
grep -q "^| 4K | 16 | 1 | 107,315 | 107,315 ≠ | 1.00x ≠ | tie | " "$T/c/compare.md" ||
	fail "compare.md: read 4K QD16's figure and ratio are not marked ≠"
grep -q "^| 4K | 1 | 1 | 15,589 | 15,588 ⚠ | 1.00x ⚠ | tie | " "$T/c/compare.md" ||
	fail "compare.md: randread 4K QD1's figure and ratio are not marked ⚠"
grep -q "^> \*\*Marks:\*\* ⚠ not steady (noisy or stalled); ≠ BW check failed" "$T/c/compare.md" ||
	fail "compare.md: no legend of the marks"
head -n 1 "$T/c/compare.csv" | grep -q ",missing in,marks f.dat,marks caveats\$" &&
    grep -q "^read,4k,4096,4,16,1,.*,,≠\$" "$T/c/compare.csv" ||
	fail "compare.csv: no marks column, or read 4K QD16 not marked: $(head -n 1 "$T/c/compare.csv")"
ok "compare: figures and ratios from marked cells carry the marks, with a legend"
