#!/bin/sh
# What the job's loop costs per I/O, counted rather than timed (timings
# belong to bench/): the system calls the async engines wait in, read
# with strace.  Slowed down by strace the loop finds more completions
# ready per reap, so only what does not depend on speed is asserted.
# 1. One clock read per reaped batch, counted by an interposed
#    clock_gettime (tests/fault/clock-count.c): it ends the reaped I/Os'
#    latency and starts their replacements' (two reads per batch before).
# 2. No wait passes a timeout: a timeout arms a kernel timer per wait,
#    about one per I/O (the watchdog kicks a job whose I/O is overdue
#    instead: tests/stuck.sh).
# 3. A wait asks for a batch of completions at depth (depth / 16: 2 at
#    depth 32), never more, and for one at depth 1 (tests/unit-run has
#    the rule).
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"
need_odirect
cd "$T" || fail "cd $T"
COUNTER="$top_builddir/tests/fault/libclockcount.so"
[ -f "$COUNTER" ] || fail "$COUNTER not built"

engines=libaio
if "$SWEEP" plan --engine io_uring --file t.dat >/dev/null 2>&1; then
	engines="$engines io_uring"
else
	echo "note: this build has no io_uring engine: it is not checked"
fi

# 1. At depth 1 a batch is one I/O (the null engine's ~10^7 I/Os make the
#    main thread's reads, a few a second, vanish; a disk's ~10^4 too); at
#    depth 8 the null engine reaps all 8 at once.
# reads ENGINE DEPTH: clock reads per I/O of a 1 s randread cell
reads() {
	rm -rf "c-$1-$2"
	SWEEP_CLOCK_COUNT="$T/c-$1-$2.n" LD_PRELOAD="$COUNTER" \
	    ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0" "$SWEEP" run \
	    --file t.dat --size 16m --engine "$1" --modes randread --bs 4k --depth "$2" \
	    --runtime 1 --ramp 0 --steady 0 -q --formats csv -o "c-$1-$2" >"c-$1-$2.out" 2>&1 ||
		fail "$1 depth $2: exit $?: $(tail -3 "c-$1-$2.out")"
	[ -s "c-$1-$2.n" ] || fail "$1 depth $2: the clock counter wrote nothing"
	results_py "c-$1-$2/results.json" "
print('%.3f' % (int(open('$T/c-$1-$2.n').read()) / d['cells'][0]['ios']))"
}
# fewer ENGINE DEPTH MAX WANT: at most MAX clock reads per I/O
fewer() {
	r=$(reads "$1" "$2")
	case $r in [0-9]*) ;; *) fail "$1 depth $2: $r" ;; esac
	awk "BEGIN { exit !($r < $3) }" || fail "$1 depth $2: $r clock reads per I/O, want $4"
	ok "$1 depth $2: $r clock reads per I/O"
}
for e in null psync $engines; do
	fewer "$e" 1 1.2 1
done
fewer null 8 0.18 1/8

command -v strace >/dev/null || skip "strace not installed: the waits are not checked"
strace -qq -o /dev/null true 2>/dev/null ||
	skip "strace cannot trace here (ptrace refused): the waits are not checked"

# 2. traced ENGINE DEPTH: a 1 s randread and randwrite at DEPTH under strace,
# the waits' system calls in ENGINE-DEPTH.st
traced() {
	# LeakSanitizer cannot run under ptrace: off for the traced run (an ASan build).
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
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

	# 3. the completions each wait asks for: io_getevents' min_nr,
	# io_uring_enter's min_complete (the third argument)
	for qd in 1 32; do
		case $e in libaio) col=2 ;; io_uring) col=3 ;; esac
		most=$(grep "$wait_re" "$e-$qd.st" | sed -n 's/^[0-9]* *[a-z_]*(//p' |
		    cut -d, -f"$col" | tr -d ' ' | sort -n | tail -1)
		want=$((qd / 16 > 0 ? qd / 16 : 1))
		[ "${most:-0}" -le "$want" ] ||
			fail "$e depth $qd: a wait asks for $most completions, want at most $want"
		if [ "$e" = io_uring ] && [ "$qd" -gt 1 ]; then
			[ "${most:-0}" -eq "$want" ] ||
				fail "$e depth $qd: no wait asks for a batch of $want (at most $most)"
		fi
	done
	ok "$e: waits ask for one completion at depth 1, at most 2 at depth 32"
done
exit 0
