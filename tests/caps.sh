#!/bin/sh
# The caps a run states on throttled loop devices (bench/caps-throttled.sh:
# blk-throttle as tests/steady.sh sets it up) at 3000 IOPS / 128 MiB/s and
# 400 IOPS / 40 MiB/s: both caps within 10% of the throttle, with a range.
. "$top_srcdir/tests/common.sh"
[ "$(id -u)" -eq 0 ] || skip "throttled devices need root (losetup, cgroups)"
command -v losetup >/dev/null || skip "losetup (util-linux) not installed"
need_odirect

PLAN="--modes randread --bs 4k-4m --depth 32 --runtime 2 --ramp 1 --steady 0" \
    SWEEP="$SWEEP" sh "$top_srcdir/bench/caps-throttled.sh" "$T/runs" 3000:128 400:40 \
    >"$T/table" 2>"$T/err"
rc=$?
[ $rc -eq 77 ] && skip "$(cat "$T/err")"
[ $rc -eq 0 ] || fail "bench/caps-throttled.sh: exit $rc: $(cat "$T/err")"
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
