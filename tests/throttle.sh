# Shared set-up of the tests on a throttled device, the stand-in for a
# provisioned cloud volume: source it after tests/common.sh.
#   throttle_volume NAME IOPS [BPS]  a 64 MiB loop device $LOOP over a file in
#                                    tmpfs (so the throttle, not a disk other jobs
#                                    share, sets the rate), and a block cgroup
#                                    $CG (blk-throttle: v1 blkio or v2 io.max)
#                                    capping its reads at IOPS and BPS bytes/s
#                                    (none when 0 or left out); skips (77) with
#                                    the reason where it cannot
#   set_iops N                       change the IOPS cap, also while a cell runs
#   iops_dip AFTER LOW SECS IOPS     AFTER s from now the IOPS cap at LOW for SECS s,
#                                    then back to IOPS (blocks: add & to go on)
#   in_throttle CMD...               run CMD inside the cgroup, first in line for
#                                    the CPU
#   THROTTLE_KILL                    a PID the cleanup kills (a background job)
# The EXIT trap removes it all, and $T.
LOOP="" CG="" IMG="" THROTTLE_BPS=0 THROTTLE_KILL=""
throttle_cleanup() {
	[ -n "$THROTTLE_KILL" ] && kill "$THROTTLE_KILL" 2>/dev/null
	[ -n "$CG" ] && rmdir "$CG" 2>/dev/null
	[ -n "$LOOP" ] && losetup -d "$LOOP" 2>/dev/null
	[ -n "$IMG" ] && rm -f "$IMG"
	rm -rf "$T"
}
trap throttle_cleanup EXIT

throttle_volume() {
	[ "$(id -u)" -eq 0 ] || skip "throttled devices need root (losetup, cgroups)"
	command -v losetup >/dev/null || skip "losetup (util-linux) not installed"
	need_odirect
	THROTTLE_BPS=${3:-0}
	IMG=$T/v.img
	if [ -d /dev/shm ] && [ -w /dev/shm ]; then
		IMG=$(mktemp "/dev/shm/sweep-$1.XXXXXX")
	fi
	dd if=/dev/urandom of="$IMG" bs=1M count=64 2>/dev/null
	LOOP=$(losetup -f --show --direct-io=on "$IMG" 2>/dev/null) ||
		LOOP=$(losetup -f --show "$IMG" 2>"$T/losetup.err") ||
		skip "cannot make loop devices here: $(cat "$T/losetup.err")"
	THROTTLE_MM=$(lsblk -dno MAJ:MIN "$LOOP" | tr -d ' ')
	if [ -w /sys/fs/cgroup/blkio/cgroup.procs ] &&
	    [ -e /sys/fs/cgroup/blkio/blkio.throttle.read_iops_device ]; then
		CG=/sys/fs/cgroup/blkio/sweep-$1-$$
		mkdir "$CG" || skip "cannot make a blkio cgroup"
		set_iops() { echo "$THROTTLE_MM $1" >"$CG/blkio.throttle.read_iops_device"; }
		set_iops "$2" || skip "blkio throttling refused for $LOOP"
		[ "$THROTTLE_BPS" -eq 0 ] ||
			echo "$THROTTLE_MM $THROTTLE_BPS" >"$CG/blkio.throttle.read_bps_device" ||
			skip "blkio throttling refused for $LOOP"
	elif grep -qw io /sys/fs/cgroup/cgroup.controllers 2>/dev/null; then
		CG=/sys/fs/cgroup/sweep-$1-$$
		grep -qw io /sys/fs/cgroup/cgroup.subtree_control ||
			echo +io >/sys/fs/cgroup/cgroup.subtree_control 2>/dev/null
		mkdir "$CG" || skip "cannot make a cgroup"
		set_iops() {
			if [ "$THROTTLE_BPS" -gt 0 ]; then
				echo "$THROTTLE_MM riops=$1 rbps=$THROTTLE_BPS"
			else
				echo "$THROTTLE_MM riops=$1"
			fi >"$CG/io.max"
		}
		set_iops "$2" 2>/dev/null || skip "io.max refused for $LOOP"
	else
		skip "no block cgroup throttling here (neither blkio.throttle nor io.max)"
	fi
}

iops_dip() {
	sleep "$1"
	set_iops "$2"
	sleep "$3"
	set_iops "$4"
}

# A cell at a flat cap shows the throttle only while each I/O comes back
# before the throttle would have passed the next ones: depth / IOPS is the
# time an I/O may take beyond the throttle's wait, and the host adds to it
# (the loop device's kernel worker and blk-throttle's dispatch work run at
# nice 0, beside whatever else the host runs).  At 2000 IOPS, depth 4 left
# 2 ms: beside stress-ng --cpu 8 --io 2 (load 24-28 on 2 CPUs) a flat cell
# read [1622, 1932, 1974, 2035, 1780, 1705, 2205, 1794] and another was
# noisy; depth 32 leaves 16 ms and read [2000, 1999, 2001, 2000, 2000, 2000,
# 2000, 2000] and [.. 1984, 2016 ..] beside the same load.  A 256k cell
# at 64 MiB/s (256 IOPS) at depth 4 had 16 ms and still read [271, 256,
# 242, 252, 268, 242, ..] there: blk-throttle grants its budget in slices
# and loses what finds its queue empty, so the queue must outlast the
# host's delays, not one I/O's.  So the tests' cells run at depth 32 up to
# 1 MiB (16 ms at 2000 IOPS, 125 ms at 256, 500 ms at 64), a 4m cell at
# 16 IOPS at depth 4 (250 ms).
#
# The job must keep up with the throttle whatever else runs (make -j8 check,
# other builds): starved of CPU it resubmits late and its per-second counts
# swing by a few percent (2.98% seen with four busy loops on two CPUs), so a
# steady device would look unsteady.  As root it gets the CPU first, and the
# series is the throttle's, not the scheduler's.
THROTTLE_NICE=""
nice -n -20 true 2>/dev/null && THROTTLE_NICE="nice -n -20"
in_throttle() {
	# shellcheck disable=SC2016,SC2086
	sh -c 'echo $$ >"$1/cgroup.procs" && shift && exec "$@"' sh "$CG" $THROTTLE_NICE "$@"
}
