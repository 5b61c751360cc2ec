#!/bin/sh
# Identifying the volume from sysfs: each fake tree in tests/fixtures/sysfs
# (one disk directory per cloud) is put under a fake root whose
# dev/block/MAJ:MIN is the number of the device holding $T, and a file run
# with SWEEP_SYSFS_ROOT pointing at it must name the volume in results.json
# and the report, and the profiles that fit when none is given.  A
# partition is its disk's; an unknown disk shows nothing; an EC2 instance's
# type is read from DMI (class/dmi/id) into the ticket.  With root and
# losetup, a loop device is identified the same way, by its own number.
. "$top_srcdir/tests/common.sh"

fx="$top_srcdir/tests/fixtures/sysfs"
DEVNUM=$(stat -c '%Hd:%Ld' "$T")

# fakesys NAME [NUM [PART]]: $T/sys-NAME, a root whose NUM (default: $T's
# device) is the fixture's disk, or its partition PART
fakesys() {
	root="$T/sys-$1"
	rm -rf "$root"
	mkdir -p "$root/devices" "$root/dev/block"
	cp -r "$fx/$1/." "$root/devices/"
	disk=$(ls "$root/devices")
	target="../../devices/$disk"
	if [ $# -ge 3 ]; then
		mkdir -p "$root/devices/$disk/$3"
		: >"$root/devices/$disk/$3/partition"
		target="$target/$3"
	fi
	ln -s "$target" "$root/dev/block/${2:-$DEVNUM}"
}

# runit NAME [OPTIONS]: a one-cell null run on a file under $T with $T/sys-NAME
runit() {
	name=$1
	shift
	rm -rf "$T/out"
	SWEEP_SYSFS_ROOT="$T/sys-$name" "$SWEEP" run --engine null --file "$T/t.dat" --size 4m \
	    --modes randread --bs 4k --depth 1 --runtime 1 --ramp 0 -q -o "$T/out" "$@" \
	    >"$T/run.log" 2>&1 || fail "$name: run: $(cat "$T/run.log")"
}

# check NAME IDENTITY VOLUME_ID PROFILES: results.json and report.md of the last run
check() {
	results_py "$T/out/results.json" "
t = d['target']
assert t.get('identity', '') == '$2', ('$1', t)
assert t.get('volume_id', '') == '$3', ('$1', t)
" || fail "$1: results.json's target"
	md="$T/out/report.md"
	if [ -n "$3" ]; then
		grep -q "^| Volume | $2 $3 |" "$md" || fail "$1: no volume row in report.md"
	elif [ -n "$2" ] && ! grep -q "^| Model | $2 |" "$md"; then
		grep -q "^| Volume | $2 |" "$md" || fail "$1: no volume row in report.md"
	else	# unknown, or the model says it already (virtio, loop)
		! grep -q "^| Volume |" "$md" || fail "$1: a volume row: $(grep Volume "$md")"
	fi
	if [ -n "$4" ]; then
		grep -q "^| Profiles that fit | $4 (--profile NAME to check it" "$md" ||
			fail "$1: no profiles row: $(grep Profiles "$md")"
		grep -q "Profiles that fit" "$T/out/report.html" || fail "$1: no profiles in html"
	else
		! grep -q "Profiles that fit" "$md" || fail "$1: profiles named for $2"
	fi
	ok "$1: ${2:-nothing shown}${3:+ $3}"
}

aws="aws-gp2, aws-gp3, aws-io1, aws-io2, aws-st1, aws-sc1, aws-standard"
for c in "aws-ebs|Amazon EBS|vol-0123456789abcdef0|$aws" \
    "aws-instance|Amazon EC2 instance storage||" \
    "azure|Azure disk||azure-p10, azure-p30, azure-p50" \
    "gcp-pd|Google persistent disk||" \
    "gcp-nvme|Google persistent disk||" \
    "virtio|virtio disk||" \
    "unknown|||"; do
	IFS='|' read -r name id volid prof <<EOF
$c
EOF
	fakesys "$name"
	runit "$name"
	check "$name" "$id" "$volid" "$prof"
	case $name in	# vendor, model and serial as read, padding trimmed
	aws-ebs) grep -q "^Volume: Amazon EBS vol-0123456789abcdef0$" "$T/run.log" &&
		    grep -q "^Profiles that fit: $aws (--profile NAME" "$T/run.log" ||
			fail "aws-ebs: the terminal's volume and profiles lines: $(cat "$T/run.log")" ;;
	esac
	case $name in	# the workbook's Run sheet, from the same view
	aws-ebs) "$PY" -c "
import sys, zipfile
s = zipfile.ZipFile(sys.argv[1]).read('xl/sharedStrings.xml').decode()
assert 'Amazon EBS vol-0123456789abcdef0' in s and 'Profiles that fit' in s
" "$T/out/report.xlsx" || fail "aws-ebs: the workbook names no volume"
		"$SWEEP" report "$T/out" -o "$T/again" >"$T/report.log" 2>&1 ||
			fail "aws-ebs: sweep report: $(cat "$T/report.log")"
		cmp -s "$T/out/report.md" "$T/again/report.md" ||
			fail "aws-ebs: the report made again from results.json differs" ;;
	azure)	grep -q "^| Vendor | Msft |" "$T/out/report.md" &&
		    grep -q "^| Model | Virtual Disk |" "$T/out/report.md" ||
			fail "azure: vendor and model rows: $(grep -E 'Vendor|Model' "$T/out/report.md")" ;;
	virtio)	results_py "$T/out/results.json" "
t = d['target']
assert t['serial'] == 'data-disk-1' and 'vendor' not in t, t
" || fail "virtio: serial, and no vendor from a vendor number" ;;
	esac
done
ok "vendor, model and serial as read"

# A partition: its disk's identity.
fakesys aws-ebs "$DEVNUM" nvme1n1p1
runit aws-ebs
check "aws-ebs partition" "Amazon EBS" vol-0123456789abcdef0 "$aws"

# With --profile the profiles that fit are not offered again.
fakesys aws-ebs
runit aws-ebs --profile aws-gp3 --size 4m
check "aws-ebs with --profile" "Amazon EBS" vol-0123456789abcdef0 ""
! grep -q "Profiles that fit" "$T/run.log" || fail "--profile: profiles offered on the terminal"

# The instance type where DMI names it (an EC2 instance's product name), in
# results.json and the ticket; another cloud's product line is not a type.
fakesys aws-ebs
mkdir -p "$T/sys-aws-ebs/class/dmi/id"
echo "Amazon EC2" >"$T/sys-aws-ebs/class/dmi/id/sys_vendor"
echo "m5.large" >"$T/sys-aws-ebs/class/dmi/id/product_name"
runit aws-ebs --ticket
results_py "$T/out/results.json" "assert d['target'].get('instance') == 'm5.large', d['target']" ||
	fail "aws-ebs on m5.large: no instance type in results.json"
grep -q "^Volume: .*Amazon EBS vol-0123456789abcdef0.*, instance type m5.large$" "$T/run.log" ||
	fail "aws-ebs on m5.large: the ticket: $(grep '^Volume:' "$T/run.log")"
echo "Microsoft Corporation" >"$T/sys-aws-ebs/class/dmi/id/sys_vendor"
echo "Virtual Machine" >"$T/sys-aws-ebs/class/dmi/id/product_name"
runit aws-ebs
results_py "$T/out/results.json" "assert 'instance' not in d['target'], d['target']" ||
	fail "a product line taken for an instance type"
ok "the instance type from an EC2 instance's DMI, in results.json and the ticket"

# A root that does not exist, or does not know the number: nothing, no error.
runit missing
check "no such root" "" "" ""

# A loop device, by its own number: the fake tree, then the real sysfs.
if [ "$(id -u)" -eq 0 ] && command -v losetup >/dev/null &&
    dd if=/dev/zero of="$T/l.img" bs=1M count=8 2>/dev/null &&
    L=$(losetup -f --show "$T/l.img" 2>/dev/null); then
	trap 'losetup -d "$L" 2>/dev/null; rm -rf "$T"' EXIT
	fakesys aws-ebs "$(stat -L -c '%Hr:%Lr' "$L")"
	rm -rf "$T/out"
	SWEEP_SYSFS_ROOT="$T/sys-aws-ebs" "$SWEEP" run --engine null --device "$L" \
	    --modes randread --bs 4k --depth 1 --runtime 1 --ramp 0 -q -o "$T/out" \
	    >"$T/run.log" 2>&1 || fail "loop: run: $(cat "$T/run.log")"
	check "loop device under a fake EBS tree" "Amazon EBS" vol-0123456789abcdef0 "$aws"
	rm -rf "$T/out"
	"$SWEEP" run --engine null --device "$L" --modes randread --bs 4k --depth 1 \
	    --runtime 1 --ramp 0 -q -o "$T/out" >"$T/run.log" 2>&1 ||
		fail "loop: run: $(cat "$T/run.log")"
	results_py "$T/out/results.json" "
assert d['target']['identity'] == 'loop device', d['target']
" || fail "loop: identity"
	! grep -q "^| Volume |" "$T/out/report.md" || fail "loop: the model says it already"
	ok "loop device: 'loop device' in results.json, once in the report"
else
	echo "loop device part skipped: needs root and losetup"
fi
