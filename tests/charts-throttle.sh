#!/bin/sh
# Issue 35, item 3, on a real throttle: a loop device capped at 500 read
# IOPS by blk-throttle (tests/throttle.sh), swept over queue depths 1..16
# at 4 KiB with --expect iops=3000 (below spec).  The deep cells sit on the
# cap, so throttle.png shows their seconds: each cell's per-second IOPS
# within 25% of the 500 set (a throttle's window edges move a second's
# count; retried once on a busy host), the measured cap in the key near
# 500, and the right axis the cells' p99, said to be whole-window.  The
# latency distribution has a line per depth, latency rising with the share.
. "$top_srcdir/tests/common.sh"
loaded_retry "$@"
. "$top_srcdir/tests/throttle.sh"

CAP=500
throttle_volume charts $CAP
in_throttle "$SWEEP" run --device "$LOOP" --modes randread --bs 4k --depth 1,4,16 \
    --runtime 4 --ramp 1 --steady 0 --expect iops=3000 --label throttled \
    --formats md,png -o "$T/out" >"$T/run.log" 2>&1 || fail "run: $(cat "$T/run.log")"
for c in throttle latency-cdf; do
	[ -s "$T/out/$c.png" ] || fail "no $c.png: $(ls "$T/out")"
	grep -q "($c.png)" "$T/out/report.md" || fail "report.md does not show $c.png"
done
"$PY" - "$T/out/throttle.gp" "$T/out/throttle.dat" "$T/out/latency-cdf.dat" "$CAP" <<'PYEOF' ||
import re, sys
gp, dat, cdf, cap = open(sys.argv[1]).read(), open(sys.argv[2]).read(), open(sys.argv[3]).read(), float(sys.argv[4])
m = re.search(r"title 'randread IOPS cap ~([0-9,]+) \(measured\)'", gp)
if not m or abs(float(m.group(1).replace(",", "")) - cap) > 0.25 * cap:
    sys.exit("FAIL: the measured cap is not near %.0f: %r" % (cap, m and m.group(0)))
if "axes x1y2" not in gp or "whole-window" not in gp:
    sys.exit("FAIL: no p99 on the right axis, or no word that it is the whole cell's")
n = 0
for b in (b for b in dat.split("\n\n\n") if "# index" in b):
    rows = [l.split("\t") for l in b.splitlines() if l[:1].isdigit()]
    ios = [float(r[1]) for r in rows]
    p99 = {r[2] for r in rows}
    if len(ios) < 3 or any(abs(v - cap) > 0.25 * cap for v in ios[:-1]) or len(p99) != 1:
        sys.exit("FAIL: %s: seconds %r, p99 %r" % (b.splitlines()[0], ios, p99))
    n += 1
d = [b for b in cdf.split("\n\n\n") if "# index" in b]
for b in d:
    lat = [float(l.split("\t")[0]) for l in b.splitlines() if l[:1].isdigit()]
    if lat != sorted(lat):
        sys.exit("FAIL: latency-cdf not rising: %r" % lat)
if n < 1 or len(d) != 3:
    sys.exit("FAIL: %d cells at the cap, %d depths' distributions (want 3)" % (n, len(d)))
print("%d cells at the %.0f IOPS cap: %s; %d depths' distributions" % (n, cap, m.group(0), len(d)))
PYEOF
	fail "see above"
ok "throttle signature of a 500 IOPS loop device, and its latency distribution per depth"
exit 0
