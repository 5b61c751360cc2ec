#!/bin/sh
# Files are laid out before any read: a sparse or fallocated file is
# detected and written again; a fully written one is re-used as it is.
. "$top_srcdir/tests/common.sh"
need_odirect
command -v filefrag >/dev/null || skip "filefrag (e2fsprogs) not installed"
cd "$T" || exit 1

unwritten() {
	# extents that are unwritten, or holes (a gap between logical offsets)
	filefrag -v "$1" | awk '/unwritten/ { n++ } END { print n + 0 }'
}
allocated_ok() {
	size=$(stat -c %s "$1")
	blocks=$(stat -c %b "$1")
	[ $((blocks * 512)) -ge "$size" ] || fail "$1 has holes: $blocks blocks for $size bytes"
	[ "$(unwritten "$1")" -eq 0 ] || fail "$1 still has unwritten extents"
}
# sweep_read FILE [OPTIONS]: a read-only run of FILE's first 32 MiB
sweep_read() {
	f=$1
	shift
	"$SWEEP" run --file "$f" --size 32m --modes randread --bs 4k --depth 1 --runtime 1 --ramp 0 \
	    -o "$T/out-$(basename "$f")" "$@" 2>"$T/err" >"$T/out" || fail "run on $f: $(cat "$T/err")"
}

truncate -s 32m sparse.dat
sweep_read sparse.dat
grep -q "laying out" "$T/err" || fail "sparse file not laid out: $(cat "$T/err")"
allocated_ok sparse.dat
ok "sparse file detected and laid out"

if fallocate -l 32m falloc.dat 2>/dev/null && [ "$(unwritten falloc.dat)" -gt 0 ]; then
	sweep_read falloc.dat
	grep -q "laying out" "$T/err" || fail "fallocated file not laid out"
	allocated_ok falloc.dat
	ok "fallocated (unwritten) file detected and laid out"
else
	echo "note: this filesystem has no unwritten extents; fallocate case not exercised"
fi

dd if=/dev/urandom of=full.dat bs=1M count=32 conv=fsync 2>/dev/null
sum=$(md5sum <full.dat)
sweep_read full.dat
grep -q "re-using" "$T/err" || fail "fully written file laid out again: $(cat "$T/err")"
[ "$(md5sum <full.dat)" = "$sum" ] || fail "a read-only sweep changed a re-used file"
ok "fully written file re-used untouched"

# A file shorter than --size is extended and laid out.  These two hold
# data sweep did not write (the user's): laying them out needs --destructive
# (tests/target-safety.sh checks the refusal without it).
dd if=/dev/urandom of=short.dat bs=1M count=4 2>/dev/null
sweep_read short.dat --destructive
[ "$(stat -c %s short.dat)" -ge $((32 * 1024 * 1024)) ] || fail "short file not extended"
allocated_ok short.dat

# A hole in the middle of an otherwise written file is found.
dd if=/dev/urandom of=holey.dat bs=1M count=32 2>/dev/null
fallocate -p -o 8M -l 1M holey.dat 2>/dev/null || skip "cannot punch holes here"
sweep_read holey.dat --destructive
grep -q "laying out" "$T/err" || fail "punched hole not detected"
allocated_ok holey.dat
ok "short and holey files laid out"
exit 0
