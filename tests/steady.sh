#!/bin/sh
# Steady state end to end, on a device whose rate is known: a loop device
# throttled by the block cgroup (blk-throttle) to a provisioned rate, the
# way a cloud volume is capped.  Steady cells end after a few seconds and
# agree with the cap and with fixed-runtime cells; a cell on a volume whose
# rate swings runs its full runtime and the reports say why.
. "$top_srcdir/tests/common.sh"
loaded_retry "$@"
. "$top_srcdir/tests/throttle.sh"

IOPS=2000
BPS=$((64 * 1024 * 1024))
throttle_volume steady $IOPS $BPS

# throttled OUT OPTIONS...: sweep run on the loop device inside the cgroup
throttled() {
	out=$1
	shift
	in_throttle "$SWEEP" run --device "$LOOP" --modes randread --ramp 1 -q --formats csv,md \
	    -o "$T/$out" "$@" >"$T/$out.log" 2>&1 || fail "$out: $(cat "$T/$out.log")"
}

# 1. Default --steady 2: 4k sits at the IOPS cap, 256k and 4m at the
#    bandwidth cap (256 and 16 IOPS); 4k and 256k at depth 32, 4m at depth
#    4 (tests/throttle.sh says why); all end well before --runtime 20, at
#    least --min-runtime 3 s in, within 3% of the cap.  At 16 IOPS a
#    second's count could be off by the 4 I/Os in flight; the throttle
#    completes them like clockwork, the count does not drift, and the cell
#    ends as early as the others.
throttled steady --bs 4k,256k --depth 32 --runtime 20
throttled steadybw --bs 4m --depth 4 --runtime 20
for run in steady steadybw; do
	results_py "$T/$run/results.json" "
caps = {4096: $IOPS, 262144: $BPS / 262144, 4194304: $BPS / 4194304}
for c in d['cells']:
    st, rt = c['steady'], c['runtime_ns'] / 1e9
    assert c['status'] == 'ok', c['status_reason']
    assert st['reached'] and 3 <= st['at_s'] <= 10, (c['bs'], st, c['series']['ios'])
    assert abs(rt - (st['at_s'] + 1)) < 0.01, ('ends on the second after steady', rt, st)
    cap = caps[c['bs']]
    assert abs(c['iops'] - cap) <= 0.03 * cap, (c['bs'], c['iops'], cap)
    assert st['window_s'] == min(st['at_s'] + 1, 5), st
"
	grep -q "steady after [0-9]* s" "$T/$run/report.md" || fail "$run/report.md: no 'steady after N s'"
done
ok "steady state ended all three cells early at the throttle's cap"
grep -q "2 of 2 cells ended early, after [0-9]* s" "$T/steady/report.md" &&
    grep -q "1 of 1 cells ended early, after [0-9]* s" "$T/steadybw/report.md" ||
	fail "report.md: the steady-state summary does not count 2 of 2 and 1 of 1 cells"

# 2. --steady 0: the same cells run the whole --runtime and agree with the
#    steady ones within 3%.
throttled fixed --bs 4k,256k --depth 32 --runtime 6 --steady 0
throttled fixedbw --bs 4m --depth 4 --runtime 6 --steady 0
"$PY" - "$T/steady/results.json" "$T/fixed/results.json" "$T/steadybw/results.json" \
    "$T/fixedbw/results.json" <<'EOF' || fail "steady against fixed"
import json, sys
s, f, sb, fb = (json.load(open(p))["cells"] for p in sys.argv[1:])
for a, b in zip(s + sb, f + fb):
    assert not b["steady"]["reached"] and abs(b["runtime_ns"] / 1e9 - 6) < 0.01, b["steady"]
    assert abs(a["iops"] - b["iops"]) <= 0.03 * b["iops"], (a["bs"], a["iops"], b["iops"])
EOF
ok "fixed-runtime cells agree with steady ones within 3%"

# 3. A volume whose rate swings between IOPS/2 and IOPS every second (its
#    cap changed under the running cell) is never steady at 2%: the cell
#    runs --runtime and the reports say how far its last window moved.
(
	while :; do
		set_iops $((IOPS / 2)); sleep 1
		set_iops $IOPS; sleep 1
	done
) 2>/dev/null &
THROTTLE_KILL=$!
throttled swing --bs 4k --depth 32 --runtime 8
kill "$THROTTLE_KILL"
wait "$THROTTLE_KILL" 2>/dev/null
THROTTLE_KILL=""
results_py "$T/swing/results.json" "
c = d['cells'][0]
st = c['steady']
assert not st['reached'] and abs(c['runtime_ns'] / 1e9 - 8) < 0.01, st
assert st['window_s'] == 5 and st['spread_pct'] > 10, st
"
grep -q "ran full runtime (last 5 s: ±[0-9.]*%, trend [0-9.]*%)" "$T/swing/report.md" ||
	fail "report.md: the full-runtime cell does not say how steady it was"
grep -q "none of 1 cells ended early.*moved by ±[0-9.]*% .*more than the band" \
    "$T/swing/report.md" || fail "report.md: the steady-state summary misses the swinging cell"
ok "a cell on a swinging volume ran its full runtime, with its spread in the report"
