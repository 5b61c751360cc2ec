#!/bin/sh
# The stability verdict end to end, on a device whose rate is known: a loop
# device throttled by the block cgroup (blk-throttle) to IOPS, the way a
# cloud volume is capped.  A cell whose cap drops to 2% for two seconds in
# the middle of its window is stalled in results.json and flagged in
# report.md, report.html and report.xlsx; the same cell without the drop is
# steady and flagged nowhere.
. "$top_srcdir/tests/common.sh"
loaded_retry "$@"
. "$top_srcdir/tests/throttle.sh"

IOPS=2000
LOW=$((IOPS / 50))
RUNTIME=8
throttle_volume stall $IOPS

# throttled OUT: one fixed-window cell (randread 4k, depth 32: at the IOPS
# cap) on the loop device inside the cgroup, every report but the charts.
throttled() {
	in_throttle "$SWEEP" run --device "$LOOP" --modes randread --bs 4k --depth 32 --ramp 1 \
	    --runtime $RUNTIME --steady 0 -q --formats csv,md,html,xlsx -o "$T/$1" \
	    >"$T/$1.log" 2>&1 || fail "$1: $(cat "$T/$1.log")"
}

# 1. The cap drops to 2% for two seconds in the middle of the 8-second
#    window: the ramp (1 s) and about 3 s of it after the start.  However
#    the drop falls against the seconds' edges, one whole second lies in it.
t0=$(date +%s)
iops_dip 4 $LOW 2 $IOPS 2>/dev/null &
THROTTLE_KILL=$!
throttled stall
wait "$THROTTLE_KILL"
THROTTLE_KILL=""
results_py "$T/stall/results.json" "
c = d['cells'][0]
s = c['stability']
assert c['status'] == 'ok', c['status_reason']
assert s['verdict'] == 'stalled', (s, c['series']['ios'])
assert 1 <= s['stalls'] <= 3 and s['worst_pct'] < 10, (s, c['series']['ios'])
assert s['reason'].startswith('stalled: '), s
assert s['seconds'] == $RUNTIME, s
lows = [x for x in c['series']['ios'] if x < 0.1 * $IOPS]
assert len(lows) == s['stalls'], (lows, s)
"
ok "the cell whose cap dropped to 2% for 2 s is stalled: $("$PY" -c '
import json, sys
c = json.load(open(sys.argv[1]))["cells"][0]
print(c["stability"]["reason"], c["series"]["ios"])' "$T/stall/results.json")"

# The terminal: the cell's line and the conclusions name the verdict.
log=$T/stall.log
grep -q '^\[1/1\] randread .* check ok, stalled$' "$log" ||
	fail "the cell's line lacks its verdict: $(grep '^\[1/1\]' "$log")"
grep -q '^  1 of 1 cell not steady (noisy 0, stalled 1)' "$log" ||
	fail "the conclusions lack the stalled cell: $(sed -n '/^Conclusions/,$p' "$log")"
ok "the terminal: 'check ok, stalled' and 1 of 1 cell not steady"

# report.md: the banner first, the marked peak, the cell's verdict and reason.
md=$T/stall/report.md
first=$(grep -n "Not steady" "$md" | head -1 | cut -d: -f1)
summary=$(grep -n "^## Summary" "$md" | cut -d: -f1)
[ -n "$first" ] && [ "$first" -lt "$summary" ] || fail "report.md: no banner before the summary"
grep -q "⚠ Not steady:\*\* 1 of 1 cells is not steady (stalled: randread 4K QD32)" "$md" ||
	fail "report.md banner: $(grep 'Not steady' "$md")"
grep -q "^| randread | [0-9,]* ⚠ | 4 KiB, QD32; no unmarked cell (stalled) |" "$md" ||
	fail "report.md: the peak IOPS is not marked: $(grep '^| randread' "$md" | head -1)"
grep -q "| STALLED ⚠ | stalled: [0-9] of $RUNTIME s below 10% of the median" "$md" ||
	fail "report.md: every cell's check lacks the verdict: $(grep 'stalled' "$md" | tail -1)"
grep -q "0 noisy, 1 stalled" "$md" || fail "report.md: no count of the verdicts"
ok "report.md: banner, marked peak, verdict and reason"

# report.html: the banner as a note, the verdict flagged with its reason.
html=$T/stall/report.html
grep -q '<p class="note"><strong>⚠ Not steady:</strong> 1 of 1 cells is not steady' "$html" ||
	fail "report.html: no banner"
grep -q '<td class="stalled" title="stalled: [^"]*">STALLED ⚠</td>' "$html" ||
	fail "report.html: the verdict is not flagged"
ok "report.html: banner and flagged verdict"

# report.xlsx: the Summary's banner and marked peak, the Cells sheet's verdict.
"$PY" - "$T/stall/report.xlsx" <<'EOF' || fail "report.xlsx"
import sys
try:
    import openpyxl
except ImportError:
    print("note: python3-openpyxl is not installed; report.xlsx not read back")
    sys.exit(0)
wb = openpyxl.load_workbook(sys.argv[1])
rows = [r for r in wb["Summary"].iter_rows(values_only=True)]
text = [str(r[0]) for r in rows if r[0] is not None]
assert any(t.startswith("⚠ Not steady: 1 of 1 cells is not steady (stalled: randread 4K QD32)")
           for t in text), text
head = next(i for i, r in enumerate(rows) if r[0] == "Mode")
row = next(r for r in rows[head:] if r[0] == "randread")
assert row[2].endswith("⚠ stalled"), row
ws = wb["Cells"]
hdr = [c.value for c in ws[1]]
cell = dict(zip(hdr, next(ws.iter_rows(min_row=2, values_only=True))))
assert cell["Stability"] == "stalled", cell
assert cell["Stability: why"].startswith("stalled: "), cell
assert cell["Stalled seconds"] >= 1, cell
fill = ws.cell(row=2, column=hdr.index("Stability") + 1).fill.fgColor.rgb
assert fill.endswith("FFF2CC"), fill
print("xlsx: banner, marked peak, verdict %r" % cell["Stability: why"])
EOF
ok "report.xlsx: banner, marked peak, verdict in Cells"

# 2. The same cell without the drop: steady, and no report flags it.
throttled flat
results_py "$T/flat/results.json" "
c = d['cells'][0]
s = c['stability']
assert s['verdict'] == 'steady' and s['stalls'] == 0, (s, c['series']['ios'])
assert abs(c['iops'] - $IOPS) <= 0.03 * $IOPS, c['iops']
"
grep -q "Not steady" "$T/flat/report.md" "$T/flat/report.html" && fail "the steady cell is flagged"
grep -q "1 of 1 cells steady, 0 noisy, 0 stalled" "$T/flat/report.md" ||
	fail "report.md: no count of the verdicts"
ok "the same cell without the drop is steady: $("$PY" -c '
import json, sys
c = json.load(open(sys.argv[1]))["cells"][0]
print(c["stability"]["reason"], c["series"]["ios"])' "$T/flat/results.json")"
echo "stall.sh: $(($(date +%s) - t0)) s"
