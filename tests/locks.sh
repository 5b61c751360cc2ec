#!/bin/sh
# One run at a time on an output folder and on a target:
# a second run, a second --resume and a second default-target run in one
# folder are refused with exit 2 and the first run's PID; the first run is
# not disturbed; a run killed with SIGKILL blocks nothing, and the temp
# files it left are removed.
. "$top_srcdir/tests/common.sh"
need_odirect
cd "$T" || exit 1
trap 'kill $bg 2>/dev/null; cd /; rm -rf "$T"' EXIT
bg=

# start NAME ARGS...: a run in the background, its PID in $bg, once it holds its locks
# (it prints "Output:" after taking them).
start() {
	name=$1
	shift
	# An earlier run's NAME.out says "Output:" until the new one truncates it: remove it first.
	rm -f "$name.out" "$name.err"
	"$SWEEP" run "$@" >"$name.out" 2>"$name.err" &
	bg=$!
	i=0
	while ! grep -q '^Output:' "$name.out" 2>/dev/null; do
		i=$((i + 1))
		[ $i -lt 400 ] || fail "$name: never started: $(cat "$name.err")"
		kill -0 $bg 2>/dev/null || fail "$name: ended before the check: $(cat "$name.err")"
		sleep 0.05
	done
}

# refused DESC WANT ARGS...: a run refused with exit 2, one line naming WANT and the PID $bg
refused() {
	desc=$1 want=$2
	shift 2
	expect_usage "$desc" "$SWEEP" run "$@"
	grep -q -- "$want: in use by another sweep run (PID $bg)" "$T/.err" ||
		fail "$desc: does not name $want and PID $bg: $(cat "$T/.err")"
}

# finished NAME DIR: the background run ended well, every cell measured, BW = IOPS x bs (the device leg is not checked: other tests share the disk)
finished() {
	wait $bg
	rc=$?
	bg=
	[ $rc -eq 0 ] || fail "$1: exit $rc: $(cat "$1.err")"
	results_py "$2/results.json" "
c = d['cells']
assert c and all(x['status'] == 'ok' and x['bw_check']['diff_derived'] == 0 for x in c), [(x['status'], x['bw_check']) for x in c]
assert d['interrupted'] is False
"
	! grep -q 'vanished' "$1.err" || fail "$1: $(cat "$1.err")"
}

quick="--size 16m --bs 4k --depth 1 --ramp 0 --steady 0 --formats csv"

# 1. Two runs on one --file (each with its own output folder).
# shellcheck disable=SC2086
start first --file t.dat $quick --modes randread,read --runtime 2 -o one
# shellcheck disable=SC2086
refused "second run on one --file" "--file t.dat" --file t.dat $quick --runtime 1 -o two
[ ! -e two/results.json ] || fail "the refused run wrote results"
finished first one
ok "a second run on one --file is refused with the first's PID; the first ran every cell"

# 2. Two runs into one output folder (different targets).
# shellcheck disable=SC2086
start first --file a.dat $quick --modes randread,read --runtime 2 -o shared
# shellcheck disable=SC2086
refused "second run into one -o" "--out shared" --file b.dat $quick --runtime 1 -o shared
[ ! -e b.dat ] || fail "the refused run created its target"
finished first shared
ok "a second run into one output folder is refused"

# 2b. run --hosts into a folder a run holds: refused before any host is asked.
# shellcheck disable=SC2086
start first --file h.dat $quick --modes randread,read --runtime 2 -o held
refused "run --hosts into a held -o" "--out held" --hosts 127.0.0.1 --file /tmp/sweep-remote.dat \
    $quick --runtime 1 -o held
finished first held
ok "run --hosts into a folder another run holds is refused"

# 3. Two --resume DIR at once: before, both ran and every cell was a check MISMATCH.
# shellcheck disable=SC2086
"$SWEEP" run --file r.dat $quick --modes randread,read,randwrite,write --runtime 1 -o res \
    >int.out 2>int.err &
pid=$!
i=0
while ! [ -s res/results.json ] && [ $i -lt 400 ]; do
	i=$((i + 1))
	sleep 0.05
done
kill -KILL $pid
wait $pid 2>/dev/null
[ -s res/results.json ] || fail "the killed run left no results.json"
[ -e res/.sweep.lock ] || fail "the killed run left no lock file (its PID is the stale one)"
# A temp file as a run killed while saving leaves it (the PID of a process that has ended).
dead=$(sh -c 'echo $$')
: >"res/results.json.tmp.$dead"
: >"res/results.csv.tmp.$$"
start resume --resume res
refused "second --resume" "--resume res" --resume res
finished resume res
[ ! -e "res/results.json.tmp.$dead" ] || fail "a stale results.json.tmp.PID was not removed"
[ -e "res/results.csv.tmp.$$" ] || fail "a temp file of a live process was removed"
[ ! -e res/.sweep.lock ] || fail "the lock file is left after a run that ended"
ok "SIGKILL leaves a stale lock that blocks nothing; a second --resume is refused; stale temp files removed"

# 4. Two default-target runs in one folder: the first removed sweep.dat under the second.
mkdir def && cd def || exit 1
start first --engine null --size 16m --bs 4k --depth 1 --ramp 0 --steady 0 --formats csv \
    --modes read,randread --runtime 2 -o d1
refused "second default-target run" "default target sweep.dat" --engine null --size 16m \
    --bs 4k --depth 1 --ramp 0 --steady 0 --formats csv --runtime 1
[ "$(ls reports 2>/dev/null | wc -l)" -eq 0 ] || fail "the refused run left a folder: $(ls reports)"
[ -e sweep.dat ] || fail "the refused run removed sweep.dat under the first"
finished first d1
[ ! -e sweep.dat ] || fail "the scratch file was not removed at the end"
cd .. || exit 1
ok "a second default-target run in one folder is refused, sweep.dat stays for the first"
exit 0
