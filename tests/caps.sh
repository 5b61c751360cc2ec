#!/bin/sh
# The caps a run states on throttled loop devices (bench/caps-throttled.sh:
# blk-throttle as tests/steady.sh sets it up) at 3000 IOPS / 128 MiB/s and
# 400 IOPS / 40 MiB/s: both caps within 10% of the throttle, with a range.
. "$top_srcdir/tests/common.sh"
loaded_retry "$@"
[ "$(id -u)" -eq 0 ] || skip "throttled devices need root (losetup, cgroups)"
command -v losetup >/dev/null || skip "losetup (util-linux) not installed"
need_odirect

# Each throttle on a loop device and cgroup of its own, both at once: the
# runs wait on their throttles, not on the CPU (in the cgroup at nice -20),
# so the test takes one run's 33 s instead of two's.
caps_run() {	# caps_run IOPS:MIBS: one bench run, its table in $T/table.IOPS
	PLAN="--modes randread --bs 4k-4m --depth 32 --runtime 2 --ramp 1 --steady 0" \
	    SWEEP="$SWEEP" sh "$top_srcdir/bench/caps-throttled.sh" "$T/runs" "$1" \
	    >"$T/table.${1%%:*}" 2>"$T/err.${1%%:*}"
}
caps_run 3000:128 &
fast=$!
caps_run 400:40 &
slow=$!
wait $fast
rc_fast=$?
wait $slow
rc_slow=$?
[ $rc_fast -eq 77 ] || [ $rc_slow -eq 77 ] && skip "$(cat "$T/err.3000" "$T/err.400")"
[ $rc_fast -eq 0 ] || fail "bench/caps-throttled.sh 3000:128: exit $rc_fast: $(cat "$T/err.3000")"
[ $rc_slow -eq 0 ] || fail "bench/caps-throttled.sh 400:40: exit $rc_slow: $(cat "$T/err.400")"
{ cat "$T/table.3000"; sed 1,2d "$T/table.400"; } >"$T/table"
cat "$T/table"
"$PY" - "$T/table" <<'PYEOF' || fail "caps off the throttle"
import re, sys
rows = [l for l in open(sys.argv[1]) if re.match(r"\| \d+ IOPS", l)]
assert len(rows) == 2, rows
for l in rows:
    errs = re.findall(r"\| ([+-][\d.]+)% ", l)
    assert len(errs) == 2 and all(abs(float(e)) <= 10 for e in errs), l
    assert l.count("(") == 2, "a range for each cap: " + l
PYEOF
ok "stated caps within 10% of both throttles"
