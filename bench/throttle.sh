# A throttled loop device for the benches (sourced; the tests have their own,
# tests/throttle.sh, built on tests/common.sh): a loop device, direct I/O,
# over a tmpfs file of random data, and a fresh block cgroup whose read caps
# throttle() sets (blk-throttle: cgroup v1 blkio, or v2 io.max), as
# tests/steady.sh does.  Needs root.
#
#     . "$top/bench/throttle.sh"
#     throttle_setup NAME MIB     # sets LOOP, mm, CG, NICE; traps EXIT to clean up
#     throttle IOPS BYTES_PER_S   # the loop device's read caps
#     in_cgroup CMD ARGS...       # runs CMD in the cgroup, at nice -20 when allowed
#
# A script that cannot have either exits 77 with the reason on stderr.

LOOP="" CG="" IMG="" NICE=""

throttle_cleanup() {
	[ -n "$CG" ] && rmdir "$CG" 2>/dev/null
	[ -n "$LOOP" ] && losetup -d "$LOOP" 2>/dev/null
	[ -n "$IMG" ] && rm -f "$IMG"
	return 0
}

throttle_setup() {
	[ "$(id -u)" -eq 0 ] || { echo "$1: needs root (losetup, cgroups)" >&2; exit 77; }
	trap throttle_cleanup EXIT
	IMG=$(mktemp "/dev/shm/sweep-$1.XXXXXX")
	dd if=/dev/urandom of="$IMG" bs=1M count="$2" 2>/dev/null
	LOOP=$(losetup -f --show --direct-io=on "$IMG" 2>/dev/null) || LOOP=$(losetup -f --show "$IMG")
	mm=$(lsblk -dno MAJ:MIN "$LOOP" | tr -d ' ')
	if [ -w /sys/fs/cgroup/blkio/cgroup.procs ] &&
	    [ -e /sys/fs/cgroup/blkio/blkio.throttle.read_iops_device ]; then
		CG=/sys/fs/cgroup/blkio/sweep-$1-${SWEEP_TEST_PID:+$SWEEP_TEST_PID-}$$
		mkdir "$CG"
		throttle() {
			echo "$mm $1" >"$CG/blkio.throttle.read_iops_device"
			echo "$mm $2" >"$CG/blkio.throttle.read_bps_device"
		}
	elif grep -qw io /sys/fs/cgroup/cgroup.controllers 2>/dev/null; then
		CG=/sys/fs/cgroup/sweep-$1-${SWEEP_TEST_PID:+$SWEEP_TEST_PID-}$$
		grep -qw io /sys/fs/cgroup/cgroup.subtree_control ||
			echo +io >/sys/fs/cgroup/cgroup.subtree_control
		mkdir "$CG"
		throttle() { echo "$mm riops=$1 rbps=$2" >"$CG/io.max"; }
	else
		echo "$1: no block cgroup throttling here" >&2
		exit 77
	fi
	nice -n -20 true 2>/dev/null && NICE="nice -n -20"
	return 0
}

# shellcheck disable=SC2016,SC2086
in_cgroup() {
	sh -c 'echo $$ >"$1/cgroup.procs" && shift && exec "$@"' sh "$CG" $NICE "$@"
}
