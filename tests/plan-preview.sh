#!/bin/sh
# sweep plan previews sweep run: every refusal of the target run gives
# (consent to write, a signature without --force, the user's file, a bad
# profile or format) with run's line and exit code, nothing written; the
# caps --profile and --expect resolve to; and the warning line that names
# what a --destructive plan destroys.  The device half needs root.
. "$top_srcdir/tests/common.sh"
need_odirect
cd "$T" || fail "cd $T"

# same DESC ARGS...: plan and run refuse ARGS with the same line and exit 2.
same() {
	what=$1
	shift
	expect_usage "$what (plan)" "$SWEEP" plan --runtime 1 --ramp 0 "$@"
	cp "$T/.err" "$T/plan.err"
	expect_usage "$what (run)" "$SWEEP" run --runtime 1 --ramp 0 -q -o "$T/out" "$@"
	cmp -s "$T/plan.err" "$T/.err" ||
		fail "$what: plan said $(cat "$T/plan.err"), run said $(cat "$T/.err")"
	[ ! -e "$T/out" ] || fail "$what: run made its output folder"
}
sum() { dd if="$1" bs=1M iflag=direct 2>/dev/null | md5sum; }

# 1. The user's file: plan refuses a write as run does, and writes nothing.
head -c 4194304 /dev/urandom >user.dat
s0=$(sum user.dat)
same "write to a file sweep did not create" --file user.dat --modes randwrite --bs 4k
same "laying out a user's file longer" --file user.dat --modes randread --bs 4k --size 8m
[ "$(sum user.dat)" = "$s0" ] || fail "a refused plan changed user.dat"

# 2. Its --destructive plan says what it destroys, and still writes nothing.
"$SWEEP" plan --file user.dat --modes randwrite --bs 4k --destructive >p.txt 2>p.err ||
	fail "destructive file plan: $(cat p.err)"
grep -q "^Warning: --destructive: randwrite writes to user.dat (file, 4 MiB) and destroys the data in its first 4 MiB; on it: no signature found$" p.txt ||
	fail "destructive warning: $(grep -i warn p.txt)"
"$SWEEP" plan --file user.dat --modes randread --bs 4k --size 8m --destructive >p.txt ||
	fail "destructive layout plan"
grep -q "^Warning: --destructive: the layout writes to user.dat (file, 8 MiB) and destroys the data in its first 8 MiB; on it: no signature found$" p.txt ||
	fail "layout warning: $(grep -i warn p.txt)"
[ "$(sum user.dat)" = "$s0" ] || fail "a destructive plan changed user.dat"
ok "--destructive plan of user.dat names it, its size and 'no signature found'"
"$SWEEP" plan --file user.dat --modes randread --bs 4k >p.txt || fail "read plan of user.dat"
! grep -q "^Warning: --destructive" p.txt || fail "a read plan warns of destruction"
"$SWEEP" plan --modes randwrite --bs 4k --destructive >p.txt || fail "scratch write plan"
! grep -q "^Warning: --destructive" p.txt || fail "sweep's own scratch file warns of destruction"
[ ! -e sweep.dat ] || fail "sweep plan created the scratch file"
ok "no warning for reads of the user's file nor for sweep's scratch file"

# 3. A filesystem signature on a file: --destructive alone is refused as in run.
if command -v mkfs.ext4 >/dev/null; then
	head -c 8388608 /dev/zero >fs.img
	mkfs.ext4 -q -F -L data fs.img 2>/dev/null || fail "mkfs.ext4"
	s1=$(sum fs.img)
	same "file with ext4, no --destructive" --file fs.img --modes write --bs 4k
	same "file with ext4, no --force" --file fs.img --modes write --bs 4k --destructive
	"$SWEEP" plan --file fs.img --modes write --bs 4k --destructive --force >p.txt ||
		fail "forced plan of fs.img"
	grep -q "^Warning: --destructive: write writes to fs.img (file, 8 MiB) and destroys the data in its first 8 MiB; on it: .*ext4" p.txt ||
		fail "forced warning: $(grep -i warn p.txt)"
	[ "$(sum fs.img)" = "$s1" ] || fail "a plan changed fs.img"
	ok "the forced plan names the ext4 signature on fs.img"
fi

# 4. Bad profile, bad --expect, bad --formats: the same refusals.
same "unknown profile" --profile no-such-profile --modes randread --bs 4k
same "bad --expect" --expect iops=lots --modes randread --bs 4k
same "bad --formats" --formats bogus --modes randread --bs 4k

# 5. run's output folder (-o): the same refusals, found without making it.
# same_out DESC ARGS...: as same, ARGS giving -o.
same_out() {
	what=$1
	shift
	expect_usage "$what (plan)" "$SWEEP" plan --runtime 1 --ramp 0 "$@"
	cp "$T/.err" "$T/plan.err"
	expect_usage "$what (run)" "$SWEEP" run --runtime 1 --ramp 0 -q "$@"
	cmp -s "$T/plan.err" "$T/.err" ||
		fail "$what: plan said $(cat "$T/plan.err"), run said $(cat "$T/.err")"
}
: >afile
same_out "-o an existing file" --modes randread --bs 4k -o afile
same_out "-o under a file" --modes randread --bs 4k -o afile/out
mkdir linked
ln -s "$T/elsewhere" linked/fio-output.json
same_out "-o with a planted link" --modes randread --bs 4k -o linked
"$SWEEP" plan --modes randread --bs 4k -o new/out >/dev/null || fail "plan -o new/out"
[ ! -e new ] || fail "plan made its -o folder"
ok "plan -o new/out makes nothing"

# 6. The caps a profile or --expect resolves to, before the cells.
"$SWEEP" plan --profile aws-gp3 --expect size=100g --modes randread --bs 4k >p.txt 2>p.err ||
	fail "profile plan: $(cat p.err)"
grep -q "^Caps: 3,000 IOPS, 125 MiB/s (aws-gp3, 100 GiB)$" p.txt || fail "gp3 caps: $(grep Caps p.txt)"
grep -q "^Caps basis: " p.txt || fail "no caps basis: $(cat p.txt)"
[ "$(grep -n '^Caps:' p.txt | cut -d: -f1)" -lt "$(grep -n '^ *cell ' p.txt | cut -d: -f1)" ] ||
	fail "caps after the cells"
"$SWEEP" plan --expect iops=500,bw=64m/s --modes randread --bs 4k >p.txt || fail "expect plan"
grep -q "^Caps: 500 IOPS, 64 MiB/s (--expect" p.txt || fail "--expect caps: $(grep Caps p.txt)"
"$SWEEP" plan --modes randread --bs 4k >p.txt || fail "plain plan"
! grep -q "^Caps" p.txt || fail "caps without --profile or --expect"
ok "plan prints the resolved caps with --profile and --expect only"

# 7. A device (root: loop devices).
if [ "$(id -u)" -ne 0 ] || ! command -v losetup >/dev/null; then
	ok "SKIP device half: needs root and losetup"
	exit 0
fi
LOOP=""
trap '[ -n "$LOOP" ] && losetup -d "$LOOP"; rm -rf "$T"' EXIT
head -c 16777216 /dev/urandom >dev.img
LOOP=$(losetup -f --show --direct-io=on dev.img 2>losetup.err) || {
	LOOP=""
	ok "SKIP device half: cannot make loop devices here: $(cat losetup.err)"
	exit 0
}
s2=$(sum "$LOOP")
same "device write without --destructive" --device "$LOOP" --modes write --bs 4k
same "device precondition without --destructive" --device "$LOOP" --precondition --bs 4k
"$SWEEP" plan --device "$LOOP" --modes randwrite --bs 4k --destructive >p.txt ||
	fail "destructive device plan"
grep -q "^Warning: --destructive: randwrite writes to $LOOP (block device, 16 MiB) and destroys the data in its first 16 MiB; on it: no signature found$" p.txt ||
	fail "device warning: $(grep -i warn p.txt)"
"$SWEEP" plan --device "$LOOP" --modes randread --bs 4k --destructive >p.txt || fail "device read plan"
! grep -q "^Warning" p.txt || fail "a read plan of a device warns"
[ "$(sum "$LOOP")" = "$s2" ] || fail "a plan changed the device"
ok "device plans: refusals as run's, the warning names $LOOP, nothing written"
mkfs.ext4 -q -F -L data "$LOOP" 2>/dev/null || fail "mkfs.ext4 on $LOOP"
s3=$(sum "$LOOP")
same "device with ext4, no --force" --device "$LOOP" --modes write --bs 4k --destructive
"$SWEEP" plan --device "$LOOP" --modes write --bs 4k --destructive --force >p.txt ||
	fail "forced device plan"
grep -q "^Warning: --destructive: write writes to $LOOP (block device, 16 MiB) and destroys the data in its first 16 MiB; on it: ext4" p.txt ||
	fail "forced device warning: $(grep -i warn p.txt)"
[ "$(sum "$LOOP")" = "$s3" ] || fail "a forced plan changed the device"
ok "the forced device plan names the ext4 signature; nothing written"
