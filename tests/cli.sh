#!/bin/sh
# The command line: help, version, plan, did-you-mean.
. "$top_srcdir/tests/common.sh"

"$SWEEP" --help >"$T/help" || fail "--help exit $?"
for c in run plan report import compare 'sweep COMMAND --help' 'man sweep' 'Exit codes'; do
	grep -q -- "$c" "$T/help" || fail "--help does not name $c"
done
"$SWEEP" run --help >"$T/help" || fail "run --help exit $?"
for o in --device --file --size --modes --rwmixread --bs --depth --jobs --engine --runtime \
    --ramp --seed --sweep --out --label --keep; do
	grep -q -- "$o" "$T/help" || fail "run --help does not list $o"
done
grep -q "Exit codes" "$T/help" || fail "run --help does not document exit codes"
"$SWEEP" --version | grep -Eq '^sweep [0-9]+\.[0-9]+' || fail "--version"
ok "help and version"

cd "$T" || exit 1
"$SWEEP" plan >plan.txt 2>plan.err || fail "sweep plan exit $?: $(cat plan.err)"
grep -q "^Plan: 120 cells; modes: read, randread, write, randwrite; block sizes: 512, 1k, 2k, 4k, 8k, 16k, 32k, 64k, 128k, 256k, 512k, 1m, 2m, 4m, 8m; depths: 1, 32; jobs: 1" plan.txt ||
	fail "default plan: $(head -3 plan.txt)"
grep -q "^Estimated duration: at most 24 min 0 s" plan.txt || fail "default duration: $(grep Estimated plan.txt)"
[ "$(grep -cE '^ +[0-9]+  ' plan.txt)" -eq 120 ] || fail "plan lists $(grep -cE '^ +[0-9]+  ' plan.txt) cells"
[ ! -e sweep.dat ] || fail "sweep plan created the scratch file"
[ ! -e reports ] || fail "sweep plan created reports/"
ok "default plan: 120 cells, at most 24 min, nothing written"

"$SWEEP" plan --modes randrw --bs 4k-16k --depth 1-4 --jobs 2 --runtime 5 --ramp 0 >p2.txt ||
	fail "plan with lists"
grep -q "^Plan: 9 cells; modes: randrw; block sizes: 4k, 8k, 16k; depths: 1, 2, 4; jobs: 2" p2.txt ||
	fail "list plan: $(grep Plan p2.txt)"
grep -q "^Estimated duration: at most 45 s" p2.txt || fail "duration: $(grep Estimated p2.txt)"
ok "ranges expand to powers of two"

# On a terminal: one updating progress line with the cell, live IOPS and the ETA.
if command -v script >/dev/null; then
	script -qec "$SWEEP run --engine null --file $T/t.dat --size 16m --modes randread --bs 4k,8k \
	    --depth 1 --runtime 2 --ramp 0 -o $T/tty --formats csv" /dev/null >tty.out 2>&1 ||
		fail "run on a terminal: $(cat tty.out)"
	grep -q "\[1/2\] randread  bs 4k .* IOPS .* MiB/s  ETA [0-9]" tty.out || fail "no progress line: $(cat -v tty.out)"
	grep -q "$(printf '\r')" tty.out || fail "progress line does not update in place"
	ok "progress line on a terminal"
fi
"$SWEEP" run --engine null --file "$T/t.dat" --size 16m --modes randread --bs 4k,8k --depth 1 \
    --runtime 1 --ramp 0 -o "$T/notty" --formats csv >notty.out 2>&1 </dev/null
[ "$(grep -c '^\[[12]/2\] randread' notty.out)" -eq 2 ] || fail "without a terminal: one line per cell: $(cat notty.out)"
! grep -q "ETA" notty.out || fail "progress line without a terminal"
grep -q "check ok" notty.out || fail "null engine cells fail the BW check: $(cat notty.out)"
ok "one plain line per cell without a terminal"

expect_usage "did you mean" "$SWEEP" --dpeth 4
grep -q "did you mean --depth" "$T/.err" || fail "no hint: $(cat "$T/.err")"
expect_usage "unknown command" "$SWEEP" frobnicate
expect_usage "missing value" "$SWEEP" plan --bs
expect_usage "stray argument" "$SWEEP" plan extra
exit 0
