#!/bin/sh
# I/O buffers for blocks of 64 KiB or more sit in transparent huge pages
# (run-job.c), rounded up to whole 2 MiB pages:
# a 1 MiB read at depth 8 from 4 KiB pages that are not physically
# contiguous is 256 segments, which virtio-blk (254 a request) splits in
# two (bench/RESULTS.md, section 7).  While such a cell runs, the process
# holds at least its 8 MiB of buffers as AnonHugePages, and a psync cell
# (one 1 MiB buffer) a 2 MiB page; a 4 KiB cell's 16 KiB stay in small pages.
. "$top_srcdir/tests/common.sh"
need_odirect
thp=/sys/kernel/mm/transparent_hugepage/enabled
[ -r "$thp" ] || skip "no $thp: this kernel has no transparent huge pages"
grep -q '\[never\]' "$thp" && skip "transparent huge pages are off here ($(cat "$thp"))"
[ -r /proc/self/smaps_rollup ] || skip "no /proc/PID/smaps_rollup"
dd if=/dev/zero of="$T/h.dat" bs=1M count=64 status=none || fail "dd"

# huge_kb ARGS...: the largest AnonHugePages (KiB) seen while sweep runs ARGS
huge_kb() {
	"$SWEEP" run --file "$T/h.dat" --size 64m --runtime 3 --ramp 0 --steady 0 -q \
	    --formats csv -o "$T/out.$$" "$@" >"$T/run.log" 2>&1 &
	pid=$!
	max=0
	i=0
	while kill -0 $pid 2>/dev/null && [ $i -lt 60 ]; do
		kb=$(sed -n 's/^AnonHugePages: *\([0-9]*\) kB/\1/p' /proc/$pid/smaps_rollup 2>/dev/null)
		[ -n "$kb" ] && [ "$kb" -gt "$max" ] && max=$kb
		sleep 0.1
		i=$((i + 1))
	done
	wait $pid || fail "sweep run $*: $(cat "$T/run.log")"
	rm -rf "$T/out.$$"
	echo "$max"
}
big=$(huge_kb --modes read --bs 1m --depth 8)
[ "$big" -ge 8192 ] || fail "1m QD8: AnonHugePages peaked at $big KiB, want at least 8192 (the buffers)"
ok "1m QD8: buffers in huge pages (AnonHugePages up to $big KiB)"
one=$(huge_kb --modes read --bs 1m --depth 8 --engine psync)
[ "$one" -ge 2048 ] || fail "psync 1m: AnonHugePages peaked at $one KiB, want at least 2048"
ok "psync 1m: its one buffer in a huge page (AnonHugePages up to $one KiB)"
small=$(huge_kb --modes randread --bs 4k --depth 4)
[ "$small" -lt 8192 ] || fail "4k QD4: AnonHugePages $small KiB; its 16 KiB of buffers should not be huge"
ok "4k QD4: no huge pages for 16 KiB of buffers ($small KiB)"
exit 0
