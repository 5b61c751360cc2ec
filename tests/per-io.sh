#!/bin/sh
# What the job's loop costs per I/O, counted rather than timed (timings
# belong to bench/): the system calls the async engines wait in, read
# with strace.  Slowed down by strace the loop finds more completions
# ready per reap, so only what does not depend on speed is asserted.
# 1. No wait passes a timeout: a timeout arms a kernel timer per wait,
#    about one per I/O (the watchdog kicks a job whose I/O is overdue
#    instead: tests/stuck.sh).
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"
need_odirect
command -v strace >/dev/null || skip "strace not installed"
strace -qq -o /dev/null true 2>/dev/null || skip "strace cannot trace here (ptrace refused)"
cd "$T" || fail "cd $T"

engines=libaio
if "$SWEEP" plan --engine io_uring --file t.dat >/dev/null 2>&1; then
	engines="$engines io_uring"
else
	echo "note: this build has no io_uring engine: only libaio is checked"
fi

# traced ENGINE DEPTH: a 1 s randread and randwrite at DEPTH under strace,
# the waits' system calls in ENGINE-DEPTH.st
traced() {
	strace -f -qq -e trace=io_getevents,io_uring_enter -o "$1-$2.st" "$SWEEP" run \
	    --file t.dat --size 16m --engine "$1" --modes randread,randwrite --bs 4k \
	    --depth "$2" --runtime 1 --ramp 0 --steady 0 -q --formats csv -o "o-$1-$2" \
	    >"$1-$2.out" 2>&1 || fail "$1 depth $2: exit $?: $(tail -3 "$1-$2.out")"
}

for e in $engines; do
	traced "$e" 1
	traced "$e" 32
	case $e in
	libaio)
		wait_re='io_getevents(' timed_re='io_getevents(.*[^L]) *= '
		what="io_getevents with a timeout";;
	io_uring)
		wait_re='IORING_ENTER_GETEVENTS' timed_re='IORING_ENTER_EXT_ARG'
		what="io_uring_enter with a timeout (IORING_ENTER_EXT_ARG)";;
	esac
	waits=$(cat "$e"-*.st | grep -c "$wait_re")
	timed=$(cat "$e"-*.st | grep -c "$timed_re")
	[ "$waits" -gt 0 ] || fail "$e: no wait traced: $(head -3 "$e-1.st")"
	[ "$timed" -eq 0 ] ||
		fail "$e: $timed of $waits waits are $what: $(cat "$e"-*.st | grep -m1 "$timed_re")"
	ok "$e: none of $waits waits for completions passes a timeout (depths 1 and 32)"
done
exit 0
