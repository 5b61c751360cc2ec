#!/bin/sh
# Interrupts: SIGINT or SIGTERM mid-cell still
# draws the charts of the finished cells (exit 130); SIGINT while the file
# is laid out says so in one line, keeps a results.json that --resume takes,
# and the half-written file is laid out again before any cell is measured;
# the same for --precondition on a loop device.
# On a terminal the layout's progress line ends at 100%.
. "$top_srcdir/tests/common.sh"
need_odirect
FAULT="$top_builddir/tests/fault/libfault.so"
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"
cd "$T" || exit 1
bg=
trap 'kill $bg 2>/dev/null; cd /; rm -rf "$T"' EXIT

# wait_for FILE REGEX: until a line of FILE matches (the background run $bg still running)
wait_for() {
	i=0
	while ! grep -q -- "$2" "$1" 2>/dev/null; do
		i=$((i + 1))
		[ $i -lt 600 ] || fail "never saw '$2' in $1: $(cat "$1")"
		kill -0 $bg 2>/dev/null || fail "ended before '$2': $(cat "$1")"
		sleep 0.05
	done
}

# stalled_kill SIG NAME PATTERN ARGS...: sweep run ARGS under the fault injector, the
# third write stalling 3 s, output in NAME.out and NAME.err; once NAME.err shows PATTERN
# (the write has started), SIG lands in the stall.  Its exit status in $rc.
stalled_kill() {
	sig=$1 name=$2 pattern=$3
	shift 3
	SWEEP_FAULT="pwrite:stall=3@3" LD_PRELOAD="$FAULT" "$SWEEP" run "$@" >"$name.out" \
	    2>"$name.err" &
	bg=$!
	wait_for "$name.err" "$pattern"
	sleep 0.3
	kill -"$sig" $bg
	wait $bg
	rc=$?
	bg=
}

# 1. SIGINT / SIGTERM in the second cell: the first cell's charts are drawn.
if command -v gnuplot >/dev/null 2>&1; then
	for sig in INT TERM; do
		"$SWEEP" run --engine null --file c.dat --size 16m --bs 4k,64k --depth 1 \
		    --modes randread --runtime 3 --ramp 0 --steady 0 --formats csv,png,svg,md \
		    -o "c$sig" >"c$sig.out" 2>"c$sig.err" &
		bg=$!
		wait_for "c$sig.out" '^\[1/2\]'
		kill -$sig $bg
		wait $bg
		rc=$?
		bg=
		[ $rc -eq 130 ] || fail "SIG$sig mid-cell: exit $rc, want 130: $(cat "c$sig.err")"
		! grep -q 'interrupted$' "c$sig.err" || fail "SIG$sig: a chart was interrupted: $(cat "c$sig.err")"
		for f in iops.png iops.svg bw.png latency.png report.md results.json; do
			[ -s "c$sig/$f" ] || fail "SIG$sig mid-cell: no $f: $(ls "c$sig"); $(cat "c$sig.err")"
		done
		results_py "c$sig/results.json" "
assert d['interrupted'] is True
assert [c['status'] for c in d['cells']].count('ok') == 1, [c['status'] for c in d['cells']]
"
		grep -q 'interrupted: kept 1 of 2 cells' "c$sig.err" || fail "SIG$sig: $(cat "c$sig.err")"
		ok "SIG$sig mid-cell: exit 130 with the finished cell's charts"
	done
else
	echo "note: no gnuplot: the charts after an interrupt are not checked"
fi

# 2. SIGINT while laying out (the third 8 MiB write stalls 3 s, so the signal lands in it).
[ -f "$FAULT" ] || fail "$FAULT not built"
plan="--file l.dat --size 64m --bs 4k --depth 1 --modes randread,read --runtime 1 --ramp 0 --steady 0 --formats csv"
# shellcheck disable=SC2086
stalled_kill INT lay 'laying out l.dat' $plan -o lay
[ $rc -eq 130 ] || fail "SIGINT in layout: exit $rc, want 130: $(cat lay.err)"
line=$(grep -v -e '^sweep: laying out l.dat: 64 MiB' -e '^fault-inject:' lay.err)
[ "$(echo "$line" | wc -l)" -eq 1 ] || fail "SIGINT in layout: want one line, got: $line"
echo "$line" | grep -Eq '^sweep: interrupted while laying out l.dat \(([0-9.]+ [KM]iB|0 B) of 64 MiB written, nothing measured\); sweep run --resume lay lays it out again' ||
	fail "SIGINT in layout: $line"
results_py lay/results.json "
assert d['interrupted'] is True
assert all(c['status'] == 'pending' for c in d['cells']) or not any(c.get('ios') for c in d['cells']), d['cells']
"
[ "$(stat -c %s l.dat)" -lt $((64 * 1024 * 1024)) ] || fail "the interrupted layout wrote it all"
ok "SIGINT in layout: $line"

# --resume lays the half-written file out again (never "re-using") and runs every cell.
"$SWEEP" run --resume lay >res.out 2>res.err || fail "resume after a layout interrupt: $(cat res.err)"
grep -q 'laying out l.dat: 64 MiB' res.err || fail "resume did not lay the file out again: $(cat res.err)"
! grep -q 're-using' res.err || fail "resume measured the half-laid-out file: $(cat res.err)"
results_py lay/results.json "
assert d['interrupted'] is False
assert [c['status'] for c in d['cells']] == ['ok', 'ok'], [c['status'] for c in d['cells']]
"
ok "--resume after a layout interrupt lays the file out again and runs every cell"

# A new run on a half-laid-out file lays it out again as well.
# shellcheck disable=SC2086
stalled_kill TERM lay2 'laying out l2.dat' $plan --file l2.dat -o lay2
# shellcheck disable=SC2086
"$SWEEP" run $plan --file l2.dat -o lay3 >lay3.out 2>lay3.err || fail "rerun: $(cat lay3.err)"
grep -q 'laying out l2.dat: 64 MiB' lay3.err || fail "rerun did not lay the file out again: $(cat lay3.err)"
ok "a rerun on a half-laid-out file lays it out again"

# 2b. SIGINT while --precondition writes a device (a loop device over a file): one line,
#     a results.json, and --resume with --precondition writes it again and measures.
if [ "$(id -u)" -eq 0 ] && command -v losetup >/dev/null 2>&1 &&
    truncate -s 64m pc.img && loop=$(losetup -f --show --direct-io=on pc.img 2>/dev/null); then
	trap 'kill $bg 2>/dev/null; losetup -d "$loop" 2>/dev/null; cd /; rm -rf "$T"' EXIT
	pplan="--device $loop --destructive --precondition --bs 4k --depth 1 --modes randread --runtime 1 --ramp 0 --steady 0 --formats csv"
	# shellcheck disable=SC2086
	stalled_kill INT pc "preconditioning $loop" $pplan -o pc
	[ $rc -eq 130 ] || fail "SIGINT in preconditioning: exit $rc, want 130: $(cat pc.err)"
	line=$(grep -v -e "^sweep: preconditioning $loop: 64 MiB" -e '^fault-inject:' -e 'is a buffered loop device' pc.err)
	[ "$(echo "$line" | wc -l)" -eq 1 ] || fail "SIGINT in preconditioning: want one line, got: $line"
	echo "$line" | grep -Eq "^sweep: interrupted while preconditioning $loop \(([0-9.]+ [KM]iB|0 B) of 64 MiB written, nothing measured\); sweep run --resume pc --precondition --destructive" ||
		fail "SIGINT in preconditioning: $line"
	results_py pc/results.json "
assert d['interrupted'] is True and not any(c.get('ios') for c in d['cells']), d['cells']
"
	"$SWEEP" run --resume pc --precondition --destructive >pcr.out 2>pcr.err ||
		fail "resume after a precondition interrupt: $(cat pcr.err)"
	grep -q "preconditioning $loop took" pcr.err || fail "resume did not precondition: $(cat pcr.err)"
	results_py pc/results.json "
assert d['interrupted'] is False and [c['status'] for c in d['cells']] == ['ok'], d['cells']
"
	ok "SIGINT in preconditioning: $line; --resume --precondition writes it again and measures"
else
	echo "note: not root or no loop device: an interrupt in --precondition is not checked"
fi

# 2c. SIGINT in round 2 of --rounds-until-steady: the last line says the steady state was
#     not reached, after the one whole round (it said "reached after round 2").
"$SWEEP" run --engine null --file u.dat --size 16m --bs 4k,8k --depth 1 --modes randread \
    --runtime 1 --ramp 0 --rounds-until-steady 10 --formats csv -o until >until.out 2>until.err &
bg=$!
wait_for until.out '^round 2/10 \[1/2\]'
kill -INT $bg
wait $bg
rc=$?
bg=
[ $rc -eq 130 ] || fail "SIGINT in round 2: exit $rc, want 130: $(cat until.err)"
line=$(grep '^Results:' until.out)
echo "$line" | grep -q 'rounds until steady: not reached after round [12] of at most 10, interrupted' ||
	fail "SIGINT in round 2 of --rounds-until-steady: $line"
ok "SIGINT in --rounds-until-steady: $line"

# 3. On a terminal the layout's progress line ends at 100% (it stopped at the last
#    quarter second's figure, "12%").
if command -v script >/dev/null 2>&1; then
	script -qec "\"$SWEEP\" run --engine null --file p.dat --size 64m --bs 4k --depth 1 \
	    --modes read --runtime 1 --ramp 0 --steady 0 --formats csv -o prog" /dev/null \
	    >tty.out 2>&1 </dev/null || fail "run on a terminal: $(cat tty.out)"
	last=$(tr '\r' '\n' <tty.out | grep 'laying out .*%' | tail -1)
	echo "$last" | grep -q 'laying out 100% (64 MiB of 64 MiB' || fail "last progress line: $last"
	ok "terminal: the layout progress ends at 100%"
else
	echo "note: no script(1): the terminal progress line is not checked"
fi
exit 0
