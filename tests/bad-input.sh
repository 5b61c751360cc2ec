#!/bin/sh
# Every bad input: one line naming the input and what is valid, exit 2,
# and nothing written to the target.
. "$top_srcdir/tests/common.sh"
need_odirect
cd "$T" || exit 1

F="$T/target.dat"
run() { "$SWEEP" run --file "$F" --runtime 1 --ramp 0 --size 8m -o "$T/out" "$@"; }

expect_usage "bs not a multiple of 512" run --bs 1000
grep -q "multiple of 512" "$T/.err" || fail "message does not say multiple of 512"
expect_usage "bs below 512" run --bs 256
expect_usage "bs above 64 MiB" run --bs 128m
grep -q "outside 512..64m" "$T/.err" || fail "range not stated: $(cat "$T/.err")"
expect_usage "depth 0" run --depth 0
grep -q "1 to 4096" "$T/.err" || fail "valid depths not stated"
expect_usage "depth too deep" run --depth 4097
expect_usage "jobs 0" run --jobs 0
expect_usage "jobs too many" run --jobs 257
expect_usage "unknown mode" run --modes sideways
grep -q "randwrite" "$T/.err" || fail "valid modes not listed"
expect_usage "malformed size" run --size 12q
expect_usage "runtime 0" run --runtime 0
expect_usage "rwmixread over 100" run --rwmixread 101
expect_usage "unknown engine" run --engine spdk
expect_usage "size smaller than bs" run --bs 16m
[ ! -e "$F" ] || fail "a bad option created the target"

mkdir "$T/adir"
expect_usage "directory as --file" "$SWEEP" run --file "$T/adir" --runtime 1
grep -q "is a directory" "$T/.err" || fail "does not say directory"
expect_usage "file in a missing directory" "$SWEEP" run --file "$T/no/such/dir/f" --runtime 1
grep -q "does not exist" "$T/.err" || fail "does not say the directory is missing"
expect_usage "not enough free space" "$SWEEP" run --file "$F" --size 900t --runtime 1
grep -q "free space" "$T/.err" || fail "does not say free space"
[ ! -e "$F" ] || fail "free-space refusal created the target"
expect_usage "both --file and --device" "$SWEEP" run --file "$F" --device /dev/null

printf '{\n  "bs": "4k",\n  "depth": [1, 2,,]\n}\n' >bad.json
expect_usage "malformed sweep JSON" "$SWEEP" run --file "$F" --sweep bad.json
grep -q "bad.json:3:" "$T/.err" || fail "no line number: $(cat "$T/.err")"
printf '{\n  "bs": "4k",\n  "dpeth": 2\n}\n' >unknown.json
expect_usage "unknown sweep key" "$SWEEP" run --file "$F" --sweep unknown.json
grep -q 'unknown.json:3:3: unknown key "dpeth"; did you mean "depth"' "$T/.err" ||
	fail "no position or hint: $(cat "$T/.err")"
printf '{"groups": [{"runtime": 3}]}' >group.json
expect_usage "non-matrix key in a group" "$SWEEP" run --file "$F" --sweep group.json
expect_usage "missing sweep file" "$SWEEP" run --file "$F" --sweep nosuch.json
[ ! -e "$F" ] || fail "a bad sweep file created the target"

# An existing target is left byte for byte as it was.
dd if=/dev/urandom of="$F" bs=1M count=8 2>/dev/null
sum=$(md5sum <"$F")
expect_usage "output under a regular file" run --bs 4k -o "$F/out"
expect_usage "output directory not writable" run --bs 4k -o /proc/sweep-out
expect_usage "bs 4100 on an existing file" run --bs 4k,4100
[ "$(md5sum <"$F")" = "$sum" ] || fail "a refused run changed the target"
[ ! -e "$T/out" ] || fail "a refused run created the output directory"
ok "refusals left the target unchanged"
exit 0
