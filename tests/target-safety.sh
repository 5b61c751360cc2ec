#!/bin/sh
# Issue 22: what sweep may do to a target it did not make, and the reads it
# makes of one before the plan.
#  2. An existing file with data that sweep did not create is the user's:
#     a read-only run reads it as it is (an ext4 image stays an ext4 image),
#     writing it needs --destructive, and over a signature --force too;
#     sweep's own file (marked when it made it) is rerun without new flags.
#  7. --resume stores the target's absolute path and identity: from another
#     folder it runs on the same file, and refuses another one.
#  5. The probes before the first cell (libblkid, the zero check) on a
#     stalled device end at a signal or --io-timeout within seconds, with
#     one line saying what is stuck.
. "$top_srcdir/tests/common.sh"
need_odirect
cd "$T" || exit 1
run="--bs 4k --depth 1 --runtime 1 --ramp 0 --steady 0 -q --formats csv"

# 2a. A sparse ext4 image, read only: not laid out, still ext4, byte for byte.
if command -v mkfs.ext4 >/dev/null && command -v blkid >/dev/null; then
	truncate -s 64m disk.img && mkfs.ext4 -q -F disk.img >/dev/null 2>&1 || fail "mkfs.ext4"
	sum=$(md5sum <disk.img)
	# shellcheck disable=SC2086
	"$SWEEP" run --file disk.img --modes read,randread $run -o ro >ro.out 2>ro.err ||
		fail "read-only run on an ext4 image: exit $?: $(cat ro.err)"
	[ "$(blkid -o value -s TYPE disk.img)" = ext4 ] || fail "the ext4 image was overwritten"
	[ "$(md5sum <disk.img)" = "$sum" ] || fail "a read-only run changed the image"
	results_py ro/results.json "
assert d['target']['size_bytes'] == 64 << 20, d['target']['size_bytes']
assert any('read as it is' in w for w in d['warnings']), d['warnings']
"
	ok "read-only run on a sparse ext4 image: read as it is, not laid out"
	# shellcheck disable=SC2086
	expect_usage "write to an ext4 image" "$SWEEP" run --file disk.img --modes randwrite $run -o w1
	grep -q 'carries ext4; randwrite would overwrite it: add --destructive --force' "$T/.err" ||
		fail "$(cat "$T/.err")"
	# shellcheck disable=SC2086
	expect_usage "--destructive without --force" "$SWEEP" run --file disk.img --modes randwrite \
	    --destructive $run -o w2
	grep -q 'carries ext4; add --force as well' "$T/.err" || fail "$(cat "$T/.err")"
	# shellcheck disable=SC2086
	expect_usage "a larger --size than the image" "$SWEEP" run --file disk.img --size 128m \
	    --modes randread $run -o w3
	[ "$(md5sum <disk.img)" = "$sum" ] || fail "a refused run changed the image"
else
	echo "note: no mkfs.ext4/blkid: the ext4 image case did not run"
fi

# 2b. A file of someone else's data: writes need --destructive; reads do not.
dd if=/dev/urandom of=data.bin bs=1M count=16 2>/dev/null
sum=$(md5sum <data.bin)
# shellcheck disable=SC2086
expect_usage "write to a file sweep did not create" "$SWEEP" run --file data.bin --modes write \
    $run -o d1
grep -q 'did not create; write writes to it .* add --destructive' "$T/.err" || fail "$(cat "$T/.err")"
# shellcheck disable=SC2086
"$SWEEP" run --file data.bin --modes randread $run -o d2 >d2.out 2>&1 || fail "reads: $(cat d2.out)"
[ "$(md5sum <data.bin)" = "$sum" ] || fail "reads changed data.bin"
# sweep plan says so too: no "(plus laying out ...)" for reads of it
"$SWEEP" plan --file data.bin --modes randread --bs 4k >p1.out 2>&1 || fail "plan: $(cat p1.out)"
! grep -q "laying out" p1.out || fail "plan of reads of a user's file: $(grep Estimated p1.out)"
# shellcheck disable=SC2086
"$SWEEP" run --file data.bin --modes write --destructive $run -o d3 >d3.out 2>&1 ||
	fail "--destructive: $(cat d3.out)"
ok "someone else's file: written only with --destructive"

# 2c. ./sweep.dat that is not sweep's: the default run asks, and never removes it.
cp data.bin sweep.dat
sum=$(md5sum <sweep.dat)
# shellcheck disable=SC2086
expect_usage "default target that is not sweep's" "$SWEEP" run --size 16m $run -o d4
[ "$(md5sum <sweep.dat)" = "$sum" ] || fail "the default run changed or removed sweep.dat"
rm -f sweep.dat

# 2d. Sweep's own file, and an empty one, are rerun with writes and no new flags.
for f in own.dat empty.dat; do
	[ $f = own.dat ] || : >$f
	for i in 1 2; do
		# shellcheck disable=SC2086
		"$SWEEP" run --file $f --size 16m --modes randread,randwrite $run -o $f.$i \
		    >$f.$i.out 2>&1 || fail "$f, run $i: $(cat $f.$i.out)"
	done
done
# shellcheck disable=SC2086
"$SWEEP" run --size 16m --keep $run -o k1 >k1.out 2>&1 || fail "default target: $(cat k1.out)"
# shellcheck disable=SC2086
"$SWEEP" run --size 16m $run -o k2 >k2.out 2>&1 || fail "default target again: $(cat k2.out)"
[ ! -e sweep.dat ] || fail "the scratch file was kept"
ok "sweep's own file, an empty file and the default ./sweep.dat rerun without new flags"

# 7. --resume from another folder, with a relative --file.
mkdir a b
(cd a && "$SWEEP" run --engine null --file t.dat --size 16m --modes randread --bs 4k,8k \
    --depth 1 --runtime 1 --ramp 0 -q --formats csv -o run >run.out 2>&1) ||
	fail "run in a: $(cat a/run.out)"
results_py a/run/results.json "
t = d['target']
assert t['path'] == 't.dat' and t['abs_path'] == '$T/a/t.dat', t
import os
st = os.stat('$T/a/t.dat')
assert t['st_ino'] == str(st.st_ino) and t['st_dev'] == '%d:%d' % (os.major(st.st_dev), os.minor(st.st_dev)), t
"
cd b || exit 1
expect_usage "resume from another folder with a relative --file" "$SWEEP" run --resume ../a/run \
    --file t.dat
grep -q "the run there used $T/a/t.dat (16 MiB), this one $T/b/t.dat" "$T/.err" || fail "$(cat "$T/.err")"
[ ! -e t.dat ] || fail "a refused resume laid out b/t.dat"
"$SWEEP" run --resume ../a/run >res.out 2>&1 || fail "resume from b: $(cat res.out)"
[ ! -e t.dat ] || fail "the resume laid out a new t.dat in b"
cd .. || exit 1
# Another file at the same path is another target.
mv a/t.dat a/t.old && cp a/t.old a/t.dat
expect_usage "resume onto another file at the same path" "$SWEEP" run --resume a/run
grep -q "as inode [0-9]* on device .*another file" "$T/.err" || fail "$(cat "$T/.err")"
# A results.json from before abs_path and the identities still resumes.
mv a/t.old a/t.dat
"$PY" - a/run/results.json <<'EOF' || fail "could not strip the identity"
import json, sys
d = json.load(open(sys.argv[1]))
for k in ('abs_path', 'st_dev', 'st_ino'):
    del d['target'][k]
json.dump(d, open(sys.argv[1], 'w'))
EOF
(cd a && "$SWEEP" run --resume run >old.out 2>&1) || fail "older results.json: $(cat a/old.out)"
ok "resume: the same file from anywhere, never another one"

# 5. A stalled device: needs root (loop devices), the fault interposer, a block cgroup.
[ "$(id -u)" -eq 0 ] || skip "not root: the stalled-device cases need loop devices (the others passed)"
command -v losetup >/dev/null || skip "no losetup: the stalled-device cases did not run"
FAULT="$top_builddir/tests/fault/libfault.so"
[ -f "$FAULT" ] || fail "$FAULT not built"

# 5a. The zero check's first read never answers: --io-timeout 2 ends it.
dd if=/dev/urandom of=z.img bs=1M count=16 2>/dev/null
Z=$(losetup -f --show --direct-io=on z.img) || skip "cannot make a loop device"
start=$(date +%s)
SWEEP_FAULT="pread:stall=60@1" LD_PRELOAD="$FAULT" \
    ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0" timeout -s KILL 20 \
    "$SWEEP" run --device "$Z" --modes randread --io-timeout 2 $run -o z >z.out 2>z.err
rc=$?
took=$(($(date +%s) - start))
losetup -d "$Z"
[ $rc -eq 1 ] || fail "stalled read, --io-timeout 2: exit $rc after $took s, want 1: $(cat z.err)"
[ $took -le 6 ] || fail "stalled read, --io-timeout 2: took $took s"
grep -q "no read has completed for 2 s (--io-timeout 2): the device is stalled" z.err ||
	fail "no line says what is stuck: $(cat z.err)"
ok "a probe's read that never answers: exit 1 after $took s: $(cat z.err)"

# 5b, 5c: a device throttled to 1 IOPS (blk-throttle), SIGINT as on a terminal.
. "$top_srcdir/tests/throttle.sh"
throttle_volume safety 1
# stalled_int NAME [WAIT_FOR]: sweep run in the cgroup; 1.5 s after WAIT_FOR is in NAME.out,
# SIGINT (its exit status in $rc, the seconds it took to exit in $took)
stalled_int() {
	# One process all the way (sh execs env execs sweep), so $bg is sweep; env gives it the
	# SIGINT of a terminal, which a shell's background job would ignore.
	# shellcheck disable=SC2016,SC2086
	sh -c 'echo $$ >"$1/cgroup.procs" && shift && exec "$@"' sh "$CG" env --default-signal=INT \
	    "$SWEEP" run --device "$LOOP" --modes randread $run -o "$1" >"$1.out" 2>"$1.err" &
	bg=$!
	THROTTLE_KILL=$bg
	i=0
	until [ -z "$2" ] || grep -q "$2" "$1.out" 2>/dev/null; do
		i=$((i + 1))
		[ $i -lt 100 ] || fail "$1: never saw '$2': $(cat "$1.out" "$1.err")"
		sleep 0.1
	done
	sleep 1.5
	start=$(date +%s)
	kill -INT $bg
	i=0
	while kill -0 $bg 2>/dev/null && [ $i -lt 100 ]; do
		i=$((i + 1))
		sleep 0.1
	done
	kill -KILL $bg 2>/dev/null
	wait $bg
	rc=$?
	took=$(($(date +%s) - start))
	# Let the reads left in the device go, and their processes with them.
	set_iops 100000
	i=0
	while [ -n "$(cat "$CG/cgroup.procs")" ] && [ $i -lt 100 ]; do i=$((i + 1)); sleep 0.1; done
	set_iops 1
}
# 5b. In libblkid's probe, before the plan (its buffered reads at 1 IOPS took a minute).
stalled_int sig ''
[ $rc -eq 130 ] && [ $took -le 3 ] ||
	fail "SIGINT in the signature probe: exit $rc after $took s: $(cat sig.err)"
[ "$(wc -l <sig.err)" -eq 1 ] &&
	grep -q "^sweep: --device $LOOP: interrupted while probing for a filesystem or partition signature" sig.err ||
	fail "SIGINT in the signature probe: want one line saying what is stuck: $(cat sig.err)"
ok "SIGINT in the signature probe: exit 130 after $took s: $(cat sig.err)"

# 5c. In the zero check, after the plan: libblkid's reads come from the page cache (the
#     device held open keeps it), the zero check's O_DIRECT reads from the device.
exec 3<"$LOOP"
blkid -p "$LOOP" >/dev/null 2>&1
stalled_int zero '^Output:'
exec 3<&-
[ $rc -eq 130 ] && [ $took -le 3 ] ||
	fail "SIGINT in the zero check: exit $rc after $took s: $(cat zero.err)"
grep -q "interrupted while sampling 64 blocks" zero.err || fail "what is stuck: $(cat zero.err)"
results_py zero/results.json "assert d['interrupted'] and d['cells_done'] == 0"
ok "SIGINT in the zero check: exit 130 after $took s"
exit 0
