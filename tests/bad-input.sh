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

# Issue 16, defect 6: the smaller refusals.
expect_usage "depth list of 70 values" run --depth "$(seq -s, 1 70)"
grep -q "at most 64 values in a list" "$T/.err" || fail "list limit not named: $(cat "$T/.err")"
! grep -q "1 to 4096" "$T/.err" || fail "a long list got the range message: $(cat "$T/.err")"
"$PY" -c 'import json; json.dump({"depth": list(range(1, 4097))}, open("long.json", "w"))'
expect_usage "sweep file with depth 1..4096" run --sweep long.json
[ "$(wc -c <"$T/.err")" -lt 300 ] || fail "a $(wc -c <"$T/.err")-byte line for a long list"
grep -q 'long.json:1:2: "depth": "1,2,3,.*characters): at most 64 values' "$T/.err" ||
	fail "long list: $(cat "$T/.err")"
expect_usage "--file /proc/version" "$SWEEP" run --file /proc/version --engine null
grep -q "proc filesystem with no storage" "$T/.err" || fail "/proc: $(cat "$T/.err")"
! grep -q "free" "$T/.err" || fail "/proc: $(cat "$T/.err")"

# Resume: a finished null run to resume from.
"$SWEEP" run --engine null --file r.dat --size 8m --bs 4k --depth 1,2 --modes read --runtime 1 \
    --ramp 0 --steady 0 -q --formats csv -o r1 >/dev/null 2>"$T/.err" || fail "null run: $(cat "$T/.err")"
expect_usage "resume with other plan options" "$SWEEP" run --resume r1 --bs 4k,64k,1m
grep -q "resume r1 --bs: differs from the run there (4k there, 4k,64k,1m here); leave --bs out" \
    "$T/.err" || fail "resume plan: $(cat "$T/.err")"
expect_usage "resume with -o elsewhere" "$SWEEP" run --resume r1 -o r2
grep -q "a resumed run writes into r1; leave out -o" "$T/.err" || fail "resume -o: $(cat "$T/.err")"
[ ! -e r2 ] || fail "resume -o OTHER created OTHER"
"$SWEEP" run --resume r1 -o r1/ -q --formats csv >/dev/null 2>"$T/.err" ||
	fail "resume -o naming the same folder: $(cat "$T/.err")"
mkdir dup
"$PY" - r1/results.json dup/results.json <<'PYEOF'
import json, sys
d = json.load(open(sys.argv[1]))
d["cells"].append(d["cells"][0])
json.dump(d, open(sys.argv[2], "w"))
PYEOF
expect_usage "resume a results.json with a cell twice" "$SWEEP" run --resume dup
grep -q "cell 0 is listed twice (a corrupt or edited file)" "$T/.err" || fail "dup: $(cat "$T/.err")"
expect_usage "report a results.json with a cell twice" "$SWEEP" report dup/results.json -o dup/rep
ok "lists over 64 values, long inputs, /proc, resume options, -o and duplicated cells"

# -q: no progress or layout lines; the plan, the cell lines and the summary still print.
"$SWEEP" run --engine null --file q.dat --size 8m --bs 4k --depth 1 --modes read --runtime 1 \
    --ramp 0 --steady 0 -q --formats csv -o q >q.out 2>q.err || fail "-q run: $(cat q.err)"
[ ! -s q.err ] || fail "-q printed on stderr: $(cat q.err)"
grep -q '^Plan: ' q.out && grep -q '^\[1/1\] read' q.out && grep -q '^Results: ' q.out ||
	fail "-q: $(cat q.out)"
"$SWEEP" run --help | grep -q -- "--quiet .*no progress line or layout messages; results and warnings" ||
	fail "run --help does not say what -q keeps"
sed 's/\\-/-/g' "$top_srcdir/doc/sweep.1" | grep -q "^No progress line or layout messages (the plan, a line per cell" ||
	fail "the man page does not say what -q keeps"
ok "-q does what --help says"
# --hold: a duration of 10 s to 24 h, one cell, and none of what runs a cell
# more than once, ends it early or sets its length another way.
HF="$T/hold.dat"
hold() { "$SWEEP" run --file "$HF" --size 8m -o "$T/hold" "$@"; }
expect_usage "hold not a duration" hold --hold 10x
grep -q "10m or 1h" "$T/.err" || fail "--hold: the message gives no example duration"
expect_usage "hold too short" hold --hold 5s
expect_usage "hold too long" hold --hold 25h
expect_usage "hold of two block sizes" hold --hold 1m --bs 4k,8k
grep -q "one cell.*2 cells" "$T/.err" || fail "--hold: the message does not count the cells"
for with in "--auto" "--repeat 2" "--rounds-until-steady 5" "--retry-unstable 1" \
    "--runtime 5" "--steady 5" "--rate 50%"; do
	# shellcheck disable=SC2086
	expect_usage "hold with $with" hold --hold 1m $with
	grep -q "with ${with%% *}" "$T/.err" || fail "--hold $with: the option is not named"
done
[ ! -e "$HF" ] && [ ! -e "$T/hold" ] || fail "a refused --hold created the target or its folder"
exit 0
