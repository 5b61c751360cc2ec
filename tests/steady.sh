#!/bin/sh
# Steady state end to end, on a device whose rate is known: a loop device
# throttled by the block cgroup (blk-throttle) to a provisioned rate, the
# way a cloud volume is capped.  Steady cells end after a few seconds and
# agree with the cap and with fixed-runtime cells; a cell whose per-second
# counts are too coarse to judge runs its full runtime and says why.
. "$top_srcdir/tests/common.sh"
[ "$(id -u)" -eq 0 ] || skip "throttled devices need root (losetup, cgroups)"
command -v losetup >/dev/null || skip "losetup (util-linux) not installed"
need_odirect

IOPS=2000
BPS=$((64 * 1024 * 1024))
LOOP=""
CG=""
cleanup() {
	[ -n "$CG" ] && rmdir "$CG" 2>/dev/null
	[ -n "$LOOP" ] && losetup -d "$LOOP" 2>/dev/null
	rm -rf "$T"
}
trap cleanup EXIT

dd if=/dev/urandom of="$T/v.img" bs=1M count=64 2>/dev/null
LOOP=$(losetup -f --show --direct-io=on "$T/v.img" 2>"$T/losetup.err") ||
	skip "cannot make loop devices here: $(cat "$T/losetup.err")"
mm=$(lsblk -dno MAJ:MIN "$LOOP" | tr -d ' ')

# A cgroup reading the loop device at IOPS and BPS: v1 blkio or v2 io.
if [ -w /sys/fs/cgroup/blkio/cgroup.procs ] &&
    [ -e /sys/fs/cgroup/blkio/blkio.throttle.read_iops_device ]; then
	CG=/sys/fs/cgroup/blkio/sweep-steady-$$
	mkdir "$CG" || skip "cannot make a blkio cgroup"
	echo "$mm $IOPS" >"$CG/blkio.throttle.read_iops_device" &&
		echo "$mm $BPS" >"$CG/blkio.throttle.read_bps_device" ||
		skip "blkio throttling refused for $LOOP"
elif grep -qw io /sys/fs/cgroup/cgroup.controllers 2>/dev/null; then
	CG=/sys/fs/cgroup/sweep-steady-$$
	grep -qw io /sys/fs/cgroup/cgroup.subtree_control ||
		echo +io >/sys/fs/cgroup/cgroup.subtree_control 2>/dev/null
	mkdir "$CG" || skip "cannot make a cgroup"
	echo "$mm riops=$IOPS rbps=$BPS" >"$CG/io.max" 2>/dev/null ||
		skip "io.max refused for $LOOP"
else
	skip "no block cgroup throttling here (neither blkio.throttle nor io.max)"
fi

# throttled OUT OPTIONS...: sweep run on the loop device inside the cgroup
throttled() {
	out=$1
	shift
	# shellcheck disable=SC2016
	sh -c 'echo $$ >"$1/cgroup.procs" && shift && exec "$@"' sh "$CG" \
	    "$SWEEP" run --device "$LOOP" --modes randread --ramp 1 -q --formats csv,md \
	    -o "$T/$out" "$@" >"$T/$out.log" 2>&1 || fail "$out: $(cat "$T/$out.log")"
}

# 1. Default --steady 2: 4k at depth 4 sits at the IOPS cap, 256k at depth 4
#    at the bandwidth cap (256 IOPS); both end well before --runtime 20, at
#    least --min-runtime 3 s in, within 3% of the cap.
throttled steady --bs 4k,256k --depth 4 --runtime 20
results_py "$T/steady/results.json" "
caps = {4096: $IOPS, 262144: $BPS / 262144}
for c in d['cells']:
    st, rt = c['steady'], c['runtime_ns'] / 1e9
    assert c['status'] == 'ok', c['status_reason']
    assert st['reached'] and 3 <= st['at_s'] <= 10, (c['bs'], st)
    assert abs(rt - (st['at_s'] + 1)) < 0.01, ('ends on the second after steady', rt, st)
    cap = caps[c['bs']]
    assert abs(c['iops'] - cap) <= 0.03 * cap, (c['bs'], c['iops'], cap)
    assert st['spread_pct'] <= 2 + 100.0 * 4 / cap, st
"
ok "steady state ended both cells early at the throttle's cap"
grep -q "steady after [0-9]* s" "$T/steady/report.md" || fail "report.md: no 'steady after N s'"
grep -q "2 of 2 cells ended early, after [0-9]* s" "$T/steady/report.md" ||
	fail "report.md: the steady-state summary does not count 2 of 2 cells"

# 2. --steady 0: the same cells run the whole --runtime and agree with the
#    steady ones within 3%.
throttled fixed --bs 4k,256k --depth 4 --runtime 6 --steady 0
"$PY" - "$T/steady/results.json" "$T/fixed/results.json" <<'EOF' || fail "steady against fixed"
import json, sys
s, f = (json.load(open(p))["cells"] for p in sys.argv[1:])
for a, b in zip(s, f):
    assert not b["steady"]["reached"] and abs(b["runtime_ns"] / 1e9 - 6) < 0.01, b["steady"]
    assert abs(a["iops"] - b["iops"]) <= 0.03 * b["iops"], (a["bs"], a["iops"], b["iops"])
EOF
ok "fixed-runtime cells agree with steady ones within 3%"

# 3. 4m at 64 MiB/s is 16 IOPS: with 4 I/Os in flight a second's count is
#    only known to +-4, so 2% needs 100 x 4 / 2 = 200 completions (12.5 s).
#    With --runtime 8 the cell runs it all and the report says how steady
#    its last window was.
throttled coarse --bs 4m --depth 4 --runtime 8
results_py "$T/coarse/results.json" "
c = d['cells'][0]
assert abs(c['iops'] - 16) <= 0.1 * 16, c['iops']
assert not c['steady']['reached'] and abs(c['runtime_ns'] / 1e9 - 8) < 0.01, c['steady']
assert 'spread_pct' in c['steady'] and 'trend_pct' in c['steady'], c['steady']
"
grep -q "ran full runtime (last 5 s: ±[0-9.]*%, trend [0-9.]*%)" "$T/coarse/report.md" ||
	fail "report.md: the full-runtime cell does not say how steady it was"
grep -q "none of 1 cells ended early.*The last 5 s of the cells that ran it all moved by ±" \
    "$T/coarse/report.md" || fail "report.md: the steady-state summary misses the full-runtime cell"
ok "a 16 IOPS cell at depth 4 ran its full runtime, with its spread in the report"
