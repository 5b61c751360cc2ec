#!/bin/sh
# Block devices, on loop devices made over files in a temp dir: read sweeps,
# guarded writes, refusals that change nothing, 4Kn alignment, partitions,
# device counters, buffered loops and fresh volumes.
. "$top_srcdir/tests/common.sh"
[ "$(id -u)" -eq 0 ] || skip "device tests need root for losetup"
command -v losetup >/dev/null || skip "losetup (util-linux) not installed"
need_odirect
# Its cells check the device's counters against the app's within 2% over a
# 1 s window: a host busy enough to delay the reads of the counters past
# the window's edges (the ASan pass beside throttled tests, CI) moves that;
# watched and retried once then, as the other timing tests.
loaded_retry "$@"

LOOPS=""
MOUNTS=""
ZRAM_ID=""
cleanup() {
	for m in $MOUNTS; do umount "$m" 2>/dev/null; done
	[ -n "$ZRAM_ID" ] && echo "$ZRAM_ID" >/sys/class/zram-control/hot_remove 2>/dev/null
	for l in $LOOPS; do losetup -d "$l" 2>/dev/null; done
	rm -rf "$T"
}
trap cleanup EXIT

# mkloop FILE MIB [losetup options]: DEV = a loop device over FILE (random data if new)
mkloop() {
	f=$1 mib=$2
	shift 2
	[ -e "$f" ] || dd if=/dev/urandom of="$f" bs=1M count="$mib" 2>/dev/null
	DEV=$(losetup -f --show "$@" "$f" 2>"$T/losetup.err") ||
		skip "cannot make loop devices here: $(cat "$T/losetup.err")"
	LOOPS="$DEV $LOOPS"
}
sum() { dd if="$1" bs=1M iflag=direct 2>/dev/null | md5sum; }
run() { "$SWEEP" run --runtime 1 --ramp 0 -q -o "$T/out" "$@"; }

# 1. A read sweep: default modes, device counters agree with the app within 2%.
mkloop "$T/a.img" 64 --direct-io=on
L=$DEV
run --device "$L" --bs 4k,64k --depth 1,4 >"$T/o" 2>"$T/e" || fail "read sweep: $(cat "$T/e")"
results_py "$T/out/results.json" "
t = d['target']
assert t['kind'] == 'device' and t['device'] == '$(basename "$L")', t
assert t['model'] == 'loop device' and t['logical_block_size'] == 512 and t['loop_direct_io'] is True, t
assert t['size_bytes'] == 64 << 20, t['size_bytes']
assert [c['mode'] for c in d['cells']][::4] == ['read', 'randread'], [c['mode'] for c in d['cells']]
for c in d['cells']:
    name = '%s %d qd%d' % (c['mode'], c['bs'], c['depth'])
    assert c['status'] == 'ok' and c['device']['valid'], name
    dev = c['device']['read_bytes']
    assert abs(dev - c['bytes']) <= 0.02 * c['bytes'], (name, dev, c['bytes'])
    if c['mode'] == 'randread':
        assert abs(c['device']['iops'] - c['iops']) <= 0.02 * c['iops'], (name, c['device']['iops'], c['iops'])
    assert c['bw_check']['verdict'] == 'ok', (name, c['bw_check'])
assert not any('fresh' in w or 'buffered' in w for w in d['warnings']), d['warnings']
"
ok "read sweep on $L: device bytes and IOPS within 2% of the app's"

# 2. Writes are refused without --destructive, and nothing changes.
s0=$(sum "$L")
expect_usage "write without --destructive" run --device "$L" --modes randwrite --bs 4k
grep -q -- "--destructive" "$T/.err" || fail "refusal does not name --destructive"
expect_usage "precondition without --destructive" run --device "$L" --precondition --bs 4k
[ "$(sum "$L")" = "$s0" ] || fail "a refused write changed the device"

# 3. With --destructive: writes stay inside --size.
tail0=$(dd if="$L" bs=1M skip=16 iflag=direct 2>/dev/null | md5sum)
run --device "$L" --size 16m --modes write,randwrite --bs 4k,1m --depth 4 --destructive >"$T/o" 2>"$T/e" ||
	fail "destructive write sweep: $(cat "$T/e")"
results_py "$T/out/results.json" "
assert all(c['status'] == 'ok' and c['write_ios'] > 0 for c in d['cells']), d['cells']
assert all(c['bw_check']['verdict'] == 'ok' for c in d['cells']), [c['bw_check'] for c in d['cells']]
"
[ "$(dd if="$L" bs=1M skip=16 iflag=direct 2>/dev/null | md5sum)" = "$tail0" ] ||
	fail "writes left the --size region"
ok "destructive writes ran and stayed inside --size 16m"

# 4. A filesystem signature needs --force as well.
command -v mkfs.ext4 >/dev/null || skip "mkfs.ext4 not installed"
mkfs.ext4 -q -F -L data -E lazy_itable_init=0,lazy_journal_init=0 "$L" || fail "mkfs.ext4"
s1=$(sum "$L")
expect_usage "ext4 signature without --force" run --device "$L" --modes write --bs 64k --destructive
grep -q "ext4, label 'data'" "$T/.err" || fail "signature not named: $(cat "$T/.err")"
[ "$(sum "$L")" = "$s1" ] || fail "refusal on a signed device changed it"
run --device "$L" --modes read --bs 64k >/dev/null 2>&1 || fail "reads of a signed device refused"
[ "$(sum "$L")" = "$s1" ] || fail "a read sweep changed the device"
ok "signed device: refused without --force, reads allowed, unchanged"

# 5. A mounted device is refused even with --destructive --force.
mkdir "$T/mnt"
if mount "$L" "$T/mnt" 2>/dev/null; then
	MOUNTS="$T/mnt"
	sync
	s2=$(sum "$L")
	expect_usage "mounted device" run --device "$L" --modes write --bs 64k --destructive --force
	grep -q "mounted on" "$T/.err" || fail "does not say mounted: $(cat "$T/.err")"
	[ "$(sum "$L")" = "$s2" ] || fail "refusal on a mounted device changed it"
	umount "$T/mnt"
	MOUNTS=""
	ok "mounted device refused"
else
	echo "note: mount is not permitted here; mounted-device refusal not exercised"
fi
run --device "$L" --modes write --bs 64k --destructive --force >/dev/null 2>"$T/e" ||
	fail "--destructive --force on an unmounted signed device: $(cat "$T/e")"
ok "--force overwrites a signed, unmounted device"

# 6. Partitions (like /dev/sdd1), on a loop device with a partition table.
command -v sfdisk >/dev/null || skip "sfdisk not installed"
dd if=/dev/urandom of="$T/p.img" bs=1M count=64 2>/dev/null
printf 'label: dos\nstart=2048, size=100000, type=83\n' | sfdisk -q "$T/p.img" >/dev/null || fail "sfdisk"
mkloop "$T/p.img" 64 --direct-io=on -P
P=$DEV
# Kernels without partition-table parsers (this one) get the partitions from partx.
[ -b "${P}p1" ] || partx -a "$P" 2>/dev/null
[ -b "${P}p1" ] || skip "no partition device ${P}p1 (no partition scanning, partx -a failed)"
run --device "${P}p1" --bs 4k --depth 2 >/dev/null 2>"$T/e" || fail "read sweep on ${P}p1: $(cat "$T/e")"
results_py "$T/out/results.json" "
assert d['target']['device'] == '$(basename "$P")p1', d['target']
assert d['target']['size_bytes'] == 100000 * 512, d['target']['size_bytes']
assert all(c['status'] == 'ok' and c['device']['valid'] for c in d['cells'])
"
sp=$(sum "$P")
expect_usage "write to a partition without --destructive" run --device "${P}p1" --modes write --bs 4k
expect_usage "partition table needs --force" run --device "$P" --modes write --bs 4k --destructive
grep -q "dos partition table" "$T/.err" || fail "partition table not named: $(cat "$T/.err")"
mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 "${P}p1" || fail "mkfs on p1"
sp=$(sum "$P")
if mount "${P}p1" "$T/mnt" 2>/dev/null; then
	MOUNTS="$T/mnt"
	sync
	sp=$(sum "$P")
	expect_usage "whole disk with a mounted partition" \
	    run --device "$P" --modes write --bs 4k --destructive --force
	grep -q "p1 is mounted" "$T/.err" || fail "does not name the mounted partition: $(cat "$T/.err")"
	[ "$(sum "$P")" = "$sp" ] || fail "refusal changed the partitioned device"
	umount "$T/mnt"
	MOUNTS=""
	sp=$(sum "$P")
fi
expect_usage "ext4 on a partition needs --force" run --device "${P}p1" --modes write --bs 4k --destructive
[ "$(sum "$P")" = "$sp" ] || fail "refusals changed the partitioned device"
ok "partition ${P}p1: reads run, writes refused, nothing changed"

# 7. A 4Kn device: 512 B cells are skipped with the reason; alone they are an error.
mkloop "$T/k.img" 32 --direct-io=on --sector-size 4096
K=$DEV
run --device "$K" --modes randread --bs 512,4k --depth 2 >/dev/null 2>"$T/e" || fail "4Kn sweep: $(cat "$T/e")"
results_py "$T/out/results.json" "
c = {x['bs']: x for x in d['cells']}
assert d['target']['logical_block_size'] == 4096, d['target']
assert c[512]['status'] == 'skipped' and '4096' in c[512]['status_reason'], c[512]
assert c[4096]['status'] == 'ok' and c[4096]['ios'] > 0, c[4096]
"
expect_usage "only bs 512 on a 4Kn device" run --device "$K" --modes randread --bs 512
grep -q "multiple of 4096" "$T/.err" || fail "does not name 4096: $(cat "$T/.err")"
ok "4Kn: 512 B skipped with the reason, 4 KiB ran"

# 8. A buffered loop device measures the host's page cache: warned.
mkloop "$T/b.img" 32
B=$DEV
run --device "$B" --modes randread --bs 4k >/dev/null 2>"$T/e" || fail "buffered loop: $(cat "$T/e")"
grep -q "buffered loop device" "$T/e" || fail "no warning on a buffered loop device: $(cat "$T/e")"
results_py "$T/out/results.json" "assert any('buffered' in w for w in d['warnings']), d['warnings']"
ok "buffered loop device warned"

# 9. A freshly created (all-zero) volume is warned; --precondition writes it first.
truncate -s 32m "$T/z.img"
mkloop "$T/z.img" 32 --direct-io=on
Z=$DEV
run --device "$Z" --modes randread --bs 4k >/dev/null 2>"$T/e" || fail "fresh device: $(cat "$T/e")"
grep -q "looks freshly created" "$T/e" || fail "no fresh-volume warning: $(cat "$T/e")"
results_py "$T/out/results.json" "assert any('freshly created' in w for w in d['warnings'])"
run --device "$Z" --modes randread --bs 4k --precondition --destructive >/dev/null 2>"$T/e" ||
	fail "precondition: $(cat "$T/e")"
! grep -q "freshly created" "$T/e" || fail "warned after preconditioning"
[ "$(dd if="$Z" bs=1M count=1 iflag=direct 2>/dev/null | tr -d '\0' | wc -c)" -gt 0 ] ||
	fail "precondition left zeroes"
ok "fresh volume warned; --precondition wrote it"

# 10. zram: a device of our own through zram-control (no partition, no sysfs model).
if [ -w /sys/class/zram-control/hot_add ]; then
	zid=$(cat /sys/class/zram-control/hot_add)
	ZRAM_ID=$zid
	echo 32M >"/sys/block/zram$zid/disksize"
	run --device "/dev/zram$zid" --modes randread,randwrite --bs 4k --depth 4 --destructive \
	    >/dev/null 2>"$T/e" || fail "zram sweep: $(cat "$T/e")"
	results_py "$T/out/results.json" "
assert d['target']['device'] == 'zram$zid' and d['target']['model'] == 'zram', d['target']
assert all(c['status'] == 'ok' and c['bw_check']['verdict'] == 'ok' for c in d['cells']), d['cells']
"
	echo "$zid" >/sys/class/zram-control/hot_remove
	ZRAM_ID=""
	ok "zram$zid: read and write sweeps, device counters agree"
else
	echo "note: no zram-control here; zram case not exercised"
fi

# 11. Bad device input.
expect_usage "size larger than the device" run --device "$L" --size 1g
expect_usage "missing device" run --device /dev/nonexistent-sweep
expect_usage "regular file as --device" run --device "$T/a.img"
grep -q "use --file" "$T/.err" || fail "does not suggest --file"
expect_usage "device as --file" run --file "$L"
grep -q "use --device" "$T/.err" || fail "does not suggest --device"
if command -v setpriv >/dev/null; then
	expect_usage "not root" setpriv --reuid 65534 --regid 65534 --clear-groups "$SWEEP" run --device "$L" \
	    --runtime 1
	grep -q "needs root" "$T/.err" || fail "does not say root is needed: $(cat "$T/.err")"
fi
exit 0
