#!/bin/sh
# I/O that never completes, and the threads and processes it holds.
# 1. A job the watchdog cannot stop (stuck in a call a cancel cannot end:
#    libaio's io_submit, a pread in D state) outlives its cell.  It used to
#    go on in freed memory (heap-use-after-free in job_submit under ASan,
#    SIGSEGV or a deadlock without), and a psync thread cancelled in its
#    pread died in a forced unwind ASan reports.  Now it owns its job, sees
#    the abort when the call returns, and the run goes on.
# 2. After an --io-timeout abort on a device that stopped answering, sweep
#    printed "Results:" and then could not exit (exit_aio waits for the
#    libaio requests in flight, in D state).  It now exits at once, saying in
#    one line what is left in flight; a psync thread blocked in pread is
#    named at exit too.  The console line of the failed cell says "failed",
#    not "check ok".  libaio and io_uring wait for completions without a
#    timeout: the watchdog's kick is what ends the wait there.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"
. "$top_srcdir/tests/throttle.sh"

FAULT="$top_builddir/tests/fault/libfault.so"
[ -f "$FAULT" ] || fail "$FAULT not built"
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"
need_odirect
cd "$T" || fail "cd $T"
# a file of its own data, made here: writing it takes --destructive (target-safety.sh)
dd if=/dev/urandom of=t.dat bs=1M count=32 2>/dev/null

# 1. The 50th I/O hangs 12 s in a call a cancel cannot end; --io-timeout 1
#    gives up on the job after about 10 s, while the call still hangs.
for e in libaio:io_submit psync:pread; do
	engine=${e%%:*} call=${e#*:}
	rm -rf "o-$engine"
	start=$(date +%s)
	SWEEP_FAULT="$call:hang=12@50" LD_PRELOAD="$FAULT" timeout -s KILL 60 "$SWEEP" run \
	    --file t.dat --destructive --size 32m --engine "$engine" \
	    --modes randread,read,randwrite --bs 4k --depth 2 --runtime 2 --ramp 0 \
	    --io-timeout 1 -q -o "o-$engine" --formats csv \
	    >"$engine.out" 2>"$engine.err"
	rc=$?
	took=$(($(date +%s) - start))
	! grep -q "AddressSanitizer\|LeakSanitizer\|runtime error" "$engine.err" ||
		fail "$engine: sanitizer report: $(grep -A12 'Sanitizer\|runtime error' "$engine.err" | head -30)"
	[ "$rc" -eq 1 ] || fail "$engine: exit $rc, want 1 (137: killed after 60 s): $(tail -3 "$engine.err")"
	results_py "o-$engine/results.json" "
c = d['cells']
assert len(c) == 3, c
assert c[0]['status'] == 'failed' and 'could not be stopped' in c[0]['status_reason'], c[0]['status_reason']
assert '$engine' != 'libaio' or 'in io_submit' in c[0]['status_reason'], c[0]['status_reason']
assert all(x['status'] == 'ok' and x['ios'] > 0 for x in c[1:]), c[1:]
"
	grep -q '^\[1/3\] randread .* failed: job 0: I/O stuck for [0-9]* s' "$engine.out" ||
		fail "$engine: the failed cell's line: $(grep '1/3' "$engine.out")"
	ok "$engine: a job stuck in $call that could not be stopped is left behind; the next cells run ($took s)"
done

# 2. A device that stops answering: a loop device throttled to 1 byte/s for
#    reads once the cell has started, lifted again at the end.
throttle_volume stuck 100000
# stuck_run ENGINE: sweep run on $LOOP in the throttle, in the background ($pid),
# output in ENGINE.out and ENGINE.err; the reads stall 1 s into the cell.
stuck_run() {
	set_iops 100000
	in_throttle "$SWEEP" run --device "$LOOP" --engine "$1" --modes randread --bs 4k --depth 4 \
	    --runtime 6 --ramp 0 --steady 0 --io-timeout 2 -o "d-$1" --formats csv \
	    >"$1.out" 2>"$1.err" &
	pid=$!
	i=0
	until grep -q '^Output:' "$1.out" 2>/dev/null; do
		i=$((i + 1))
		[ $i -lt 300 ] || fail "$1: no plan after 30 s: $(cat "$1.err")"
		sleep 0.1
	done
	sleep 1
	echo "$THROTTLE_MM 1" >"$CG/blkio.throttle.read_bps_device" 2>/dev/null ||
		echo "$THROTTLE_MM rbps=1" >"$CG/io.max" || fail "cannot throttle $LOOP to 1 byte/s"
}
unthrottle() {
	echo "$THROTTLE_MM 0" >"$CG/blkio.throttle.read_bps_device" 2>/dev/null ||
		echo "$THROTTLE_MM rbps=max riops=max" >"$CG/io.max" 2>/dev/null
}
# waited PID SECONDS: wait up to SECONDS for PID to end; its status in $rc, 255 if it did not.
waited() {
	i=0
	while kill -0 "$1" 2>/dev/null && [ $i -lt $(($2 * 10)) ]; do
		sleep 0.1
		i=$((i + 1))
	done
	if kill -0 "$1" 2>/dev/null; then
		rc=255
	else
		wait "$1"
		rc=$?
	fi
}

# The async engines wait for completions without a timeout: the watchdog's
# kick ends the wait, and the job names the offset its I/O is stuck at.
aio_engines=libaio
"$SWEEP" plan --engine io_uring --file t.dat >/dev/null 2>&1 && aio_engines="libaio io_uring"
for e in $aio_engines; do
	stuck_run "$e"
	waited "$pid" 30
	if [ "$rc" -eq 255 ]; then
		state=$(ps -o stat=,wchan= -p "$pid")
		unthrottle
		waited "$pid" 30
		fail "$e: still running 30 s after the stall ($state); exit $rc once the device answered: $(tail -2 "$e.out")"
	fi
	unthrottle
	[ "$rc" -eq 1 ] || fail "$e: exit $rc, want 1: $(cat "$e.err")"
	grep -q '^\[1/1\] randread .* failed: job 0: I/O stuck for [0-9]* s at offset' "$e.out" ||
		fail "$e: the failed cell's console line: $(grep '1/1' "$e.out")"
	grep -q 'check ok' "$e.out" && fail "$e: the failed cell says 'check ok': $(grep '1/1' "$e.out")"
	grep -q "^sweep: [0-9]* I/Os\{0,1\} [a-z]* still in flight on $LOOP (randread 4k, engine $e) since the I/O timeout: left to the kernel" "$e.err" ||
		fail "$e: no line on what is stuck: $(cat "$e.err")"
	ok "$e: exits at once after the abort ($(grep 'still in flight' "$e.err"))"
done

stuck_run psync
i=0
until grep -q 'still blocked' psync.err 2>/dev/null || ! kill -0 "$pid" 2>/dev/null; do
	i=$((i + 1))
	[ $i -lt 400 ] || break
	sleep 0.1
done
grep -q "^sweep: 1 job is still blocked in pread/pwrite on $LOOP (randread 4k, engine psync) since the I/O timeout; sweep exits when it returns" psync.err ||
	{ unthrottle; fail "psync: no line on the blocked job: $(cat psync.err)"; }
unthrottle
waited "$pid" 30
[ "$rc" -eq 1 ] || fail "psync: exit $rc once the device answered, want 1: $(cat psync.err)"
! grep -q "AddressSanitizer\|LeakSanitizer" psync.err || fail "psync: $(cat psync.err)"
grep -q 'failed: job 0: I/O stuck for [0-9]* s in pread/pwrite; the job could not be stopped' psync.out ||
	fail "psync: the failed cell's console line: $(grep '1/1' psync.out)"
ok "psync: the job blocked in pread is named at exit, and its thread ends cleanly"
