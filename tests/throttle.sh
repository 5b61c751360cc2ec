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
