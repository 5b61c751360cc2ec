#!/bin/sh
# The verdict against the spec on a throttled loop device (tests/throttle.sh),
# the stand-in for a provisioned volume: at 400 IOPS / 40 MiB/s, reported
# with --profile aws-gp3 (3,000 IOPS, 125 MiB/s), it is "below spec" on the
# terminal, in report.md, report.html, report.xlsx and scorecard.gp, and in a
# sweep compare with the same volume at 3,000 IOPS / 125 MiB/s, which
# "delivers"; the bottom line of both (tests/card-check.py) with its
# diagnosis (a throttle upstream of the volume) and run --ticket's ticket;
# against aws-standard (40-200 IOPS, 40-90 MiB/s) the 400 IOPS volume is
# within the published range, not "likely a cache".
. "$top_srcdir/tests/common.sh"
loaded_retry "$@"
. "$top_srcdir/tests/throttle.sh"

MIB=1048576
throttle_volume verdict 400 $((40 * MIB))

# caps IOPS MIBS: the loop device's read caps
caps() {
	THROTTLE_BPS=$(($2 * MIB))
	set_iops "$1"
	if [ -e "$CG/blkio.throttle.read_bps_device" ]; then
		echo "$THROTTLE_MM $THROTTLE_BPS" >"$CG/blkio.throttle.read_bps_device"
	fi
}

# run NAME: a short sweep of randread over 4 KiB .. 1 MiB against aws-gp3
run() {
	in_throttle "$SWEEP" run --device "$LOOP" --modes randread --bs 4k,16k,64k,256k,1m \
	    --depth 32 --runtime 2 --ramp 1 --steady 0 --profile aws-gp3 --label "$1" \
	    --formats md,html,xlsx,png --ticket -o "$T/$1" >"$T/$1.log" 2>&1 ||
		fail "$1: $(cat "$T/$1.log")"
}

run slow
caps 3000 125
run fast

grep -q '^  Verdict: slow against aws-gp3: below spec: ~[0-9,]* IOPS at [0-9]*-[0-9]* KiB, [0-9]*% of the provisioned' "$T/slow.log" ||
	fail "no below-spec verdict on the terminal: $(cat "$T/slow.log")"
grep -q '^> \*\*Verdict:\*\* slow against aws-gp3: below spec: ' "$T/slow/report.md" ||
	fail "report.md does not open with below spec: $(head -12 "$T/slow/report.md")"
grep -q 'randread\*\*: below spec: plateau' "$T/slow/report.md" ||
	fail "the mode's line does not start with its verdict: $(grep -n randread "$T/slow/report.md")"
grep -q 'Below spec: what commonly holds a volume below its caps' "$T/slow/report.md" ||
	fail "no advice below spec"
grep -q 'characterize a burst volume' "$T/slow/report.md" &&
	fail "burst advice without a burst: $(grep -n 'burst volume' "$T/slow/report.md")"
grep -q 'Verdict:</strong> slow against aws-gp3: below spec: ' "$T/slow/report.html" ||
	fail "report.html does not open with below spec"
grep -q "Verdict against aws-gp3: below spec ✗'" "$T/slow/scorecard.gp" ||
	fail "no verdict on the scorecard: $(grep -n label "$T/slow/scorecard.gp")"
grep -q "^set object rectangle .*transparent" "$T/slow/iops.gp" ||
	fail "no gap shaded on the IOPS chart below spec"
grep -q '^  Verdict: fast against aws-gp3: delivers: ' "$T/fast.log" ||
	fail "3000 / 125 does not deliver: $(sed -n '/^Conclusions/,$p' "$T/fast.log")"
grep -q '^> \*\*Verdict:\*\* fast against aws-gp3: delivers: ' "$T/fast/report.md" ||
	fail "report.md of 3000 / 125 does not say delivers"
grep -q "^set object rectangle" "$T/fast/iops.gp" && fail "a gap shaded on a volume that delivers"
ok "400 / 40 is below spec, 3000 / 125 delivers: terminal, md, html, scorecard, chart"

# The bottom line of the real runs, read back by tests/card-check.py from the terminal
# (the run's own output), md, html, xlsx and card.gp: the figures its cells'; below spec
# throttled upstream (400 IOPS at 4-64 KiB, level, at every size); the ticket printed.
for r in slow fast; do
	cp "$T/$r.log" "$T/$r.out"
	[ -s "$T/$r/card.png" ] || fail "$r: no card.png"
done
"$PY" "$top_srcdir/tests/card-check.py" "$T/slow" "below spec" \
    "randread: below the cap at every depth and block size (best" \
    "throttled upstream of the volume" || fail "the card of 400 / 40"
"$PY" "$top_srcdir/tests/card-check.py" "$T/fast" "delivers" || fail "the card of 3000 / 125"
grep -q "^  randread: IOPS [0-9,]* of 3,000 ([0-9]*%) · MiB/s [0-9.,]* of 125 ([0-9]*%) · " \
    "$T/slow.log" || fail "the card of 400 / 40: $(grep -n 'randread: IOPS' "$T/slow.log")"
sed -n '/^Ticket:$/,$p' "$T/slow.log" | grep -q "^Volume: $LOOP (block device" ||
	fail "run --ticket: no ticket naming $LOOP: $(sed -n '/^Ticket:$/,$p' "$T/slow.log" | head -3)"
ok "the bottom line of a throttled run: card, diagnosis, ticket (terminal, md, html, xlsx, card.gp)"

if "$PY" -c 'import openpyxl' 2>/dev/null; then
	"$PY" - "$T/slow/report.xlsx" "$T/fast/report.xlsx" <<'PYEOF' || fail "report.xlsx"
import sys, openpyxl
for path, want in zip(sys.argv[1:], ("below spec: ", "delivers: ")):
    ws = openpyxl.load_workbook(path)["Summary"]
    rows = [r[0] for r in ws.iter_rows(min_row=1, max_row=20, max_col=1, values_only=True)]
    hit = [r for r in rows if r and r.startswith("Verdict: ") and want in r]
    assert hit, (path, rows)
PYEOF
	ok "report.xlsx's Summary opens with the verdict"
else
	echo "openpyxl not installed: report.xlsx not read back"
fi

"$SWEEP" compare "$T/slow/results.json" "$T/fast/results.json" -o "$T/cmp" >"$T/cmp.log" 2>&1 ||
	fail "compare: $(cat "$T/cmp.log")"
grep -q '^- \*\*slow\*\*: below spec: ' "$T/cmp/compare.md" ||
	fail "compare: slow is not below spec: $(grep -n 'slow\*\*' "$T/cmp/compare.md")"
grep -q '^- \*\*fast\*\*: delivers: ' "$T/cmp/compare.md" ||
	fail "compare: fast does not deliver: $(grep -n 'fast\*\*' "$T/cmp/compare.md")"
if "$PY" -c 'import openpyxl' 2>/dev/null; then
	"$PY" - "$T/cmp/compare.xlsx" <<'PYEOF' || fail "compare.xlsx"
import sys, openpyxl
ws = openpyxl.load_workbook(sys.argv[1])["Summary"]
rows = {r[0]: r[1] for r in ws.iter_rows(max_col=2, values_only=True) if r[0] and r[1]}
assert str(rows.get("slow")).startswith("below spec: "), rows
assert str(rows.get("fast")).startswith("delivers: "), rows
PYEOF
fi
ok "sweep compare: each run opens with its verdict (md, xlsx)"

"$SWEEP" report "$T/slow/results.json" --profile aws-standard --formats md -o "$T/std" \
    >"$T/std.log" 2>&1 || fail "report --profile aws-standard: $(cat "$T/std.log")"
grep -q '^> \*\*Verdict:\*\* slow against aws-standard: within the published range' \
    "$T/std/report.md" || fail "400 IOPS against aws-standard: $(sed -n 7p "$T/std/report.md")"
grep -q 'likely a cache\|below spec' "$T/std/report.md" &&
	fail "aws-standard at 400 IOPS: $(grep -n 'likely a cache\|below spec' "$T/std/report.md")"
ok "400 IOPS against aws-standard: within the published range, not a cache"
