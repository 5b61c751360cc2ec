# Shared setup for the shell tests: source it first.
#   $SWEEP   the sweep binary of this build
#   $T       a fresh temporary directory, removed on exit
#   skip MSG (exit 77: automake's SKIP), fail MSG (exit 1), ok MSG
#   expect_usage DESC CMD...   CMD must exit 2 with exactly one line on stderr
#   results_py FILE SCRIPT     run python over results.json with `d` bound to it
set -u
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${top_builddir:=$top_srcdir}"
SWEEP="$top_builddir/src/sweep"
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
T=$(mktemp -d "${TMPDIR:-/tmp}/sweep-test.XXXXXX")
trap 'rm -rf "$T"' EXIT
export LC_ALL=C

skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }
ok() { echo "ok: $*"; }

expect_usage() {
	desc=$1
	shift
	"$@" >"$T/.out" 2>"$T/.err"
	rc=$?
	[ "$rc" -eq 2 ] || fail "$desc: exit $rc, want 2; stderr: $(cat "$T/.err")"
	[ "$(wc -l <"$T/.err")" -eq 1 ] || fail "$desc: want one line on stderr, got: $(cat "$T/.err")"
	grep -q '^sweep: ' "$T/.err" || fail "$desc: message does not start with 'sweep: ': $(cat "$T/.err")"
	ok "$desc: $(cat "$T/.err")"
}

# O_DIRECT must work where the tests put their files.
need_odirect() {
	dd if=/dev/zero of="$T/.odirect" bs=4096 count=1 oflag=direct 2>/dev/null ||
		skip "no O_DIRECT on the filesystem of $T"
	rm -f "$T/.odirect"
}

# null_sweep DIR ARGS...: a null-engine run into $T/DIR (16 MiB, 1 s cells, no ramp)
null_sweep() {
	dir=$1
	shift
	"$SWEEP" run --engine null --file "$T/t.dat" --size 16m --runtime 1 --ramp 0 -q \
	    -o "$T/$dir" "$@" >"$T/$dir.log" 2>&1 || fail "null run $dir: $(cat "$T/$dir.log")"
}

# results_edit IN OUT PYTHON: results.json IN changed by PYTHON (it sees d)
# into OUT, its cells' indexes and its plan following the cells left
results_edit() {
	"$PY" - "$1" "$2" "$3" <<'PYEOF' || fail "editing $1"
import json, sys
d = json.load(open(sys.argv[1]))
exec(sys.argv[3])
for i, c in enumerate(d["cells"]):
    c["index"] = i
d["plan"]["cells"] = [{k: c[k] for k in ("mode", "bs", "depth", "jobs")} for c in d["cells"]]
d["cells_done"] = len(d["cells"])
json.dump(d, open(sys.argv[2], "w"))
PYEOF
}

results_py() {
	f=$1
	shift
	"$PY" - "$f" <<PYEOF || fail "check on $f failed"
import json, sys
d = json.load(open(sys.argv[1]))
$*
PYEOF
}

# A timing test on a throttled device asserts what the device did; other
# work on the host can make a cell measure that work instead.  The signs,
# sampled every half second while the test runs (host_watch):
#   - the host's stall time: the "some" totals of /proc/pressure/cpu and
#     io (tasks runnable but waiting for a CPU, or waiting on I/O; the loop
#     device's kernel worker is one, at nice 0 beside the job's nice -20);
#   - the jobs' own scheduling delay: the run-queue wait (second field of
#     /proc/TID/schedstat) of every thread in the test's block cgroups, the
#     ones named sweep-*-PID that tests/throttle.sh and bench/throttle.sh
#     make (PID: the test's shell; $SWEEP_TEST_PID for a script it runs);
#   - the reads the throttles passed (blkio.throttle.io_serviced, io.stat).
# host_note FILE sums them up in $HOST_NOTE and sets HOST_BUSY.
[ -n "${SWEEP_TEST_ATTEMPT:-}" ] && { SWEEP_TEST_PID=$$; export SWEEP_TEST_PID; }

# host_psi cpu|io: that resource's "some" stall total so far, in
# microseconds, into $psi (empty where the kernel has no /proc/pressure)
host_psi() {
	psi=""
	[ -r "/proc/pressure/$1" ] || return 0
	while read -r kind _ _ _ tot; do
		[ "$kind" = some ] && psi=${tot#total=}
	done <"/proc/pressure/$1"
}

# host_watch PID OUT: sample while PID lives, into OUT: "T uptime cpu io"
# lines, "S tid run_ns wait_ns" per thread of PID's cgroups, "R cgroup
# reads".  Shell builtins but for sleep: a sample costs about 2 ms of CPU.
host_watch() {
	while kill -0 "$1" 2>/dev/null; do
		read -r up _ </proc/uptime
		host_psi cpu
		pc=${psi:--}
		host_psi io
		echo "T $up $pc ${psi:--}"
		for cg in /sys/fs/cgroup/blkio/sweep-*-"$1" /sys/fs/cgroup/blkio/sweep-*-"$1"-* \
		    /sys/fs/cgroup/sweep-*-"$1" /sys/fs/cgroup/sweep-*-"$1"-*; do
			[ -d "$cg" ] || continue
			tf=$cg/tasks
			[ -r "$tf" ] || tf=$cg/cgroup.threads
			while read -r tid; do
				read -r run wait _ 2>/dev/null <"/proc/$tid/schedstat" &&
				    echo "S $tid $run $wait"
			done <"$tf"
			if [ -r "$cg/blkio.throttle.io_serviced" ]; then
				while read -r _ op n; do
					[ "$op" = Read ] && echo "R $cg $n"
				done <"$cg/blkio.throttle.io_serviced"
			elif [ -r "$cg/io.stat" ]; then
				while read -r _ _ _ rios _; do
					echo "R $cg ${rios#rios=}"
				done <"$cg/io.stat"
			fi
		done
		sleep 0.5
	done >"$2" 2>/dev/null
}

# host_note FILE: what the host did to the test, from its samples, in
# $HOST_NOTE; HOST_BUSY=1 when that was enough to move a throttled cell:
#   - the host stalled tasks for CPU or I/O HOST_STALL_PCT (10%) of the
#     time or more, or HOST_SECOND_PCT (50%) of some second: a loop worker
#     held off half a second leaves a 2000-IOPS second 1000 I/Os short;
#   - or the jobs waited HOST_RUNQ_MS (20 ms) or more for a CPU within one
#     second: at 2000 IOPS and depth 4 a 20 ms gap moves that second's
#     count by 2%, the band a steady cell must stay in.
HOST_STALL_PCT=10 HOST_SECOND_PCT=50 HOST_RUNQ_MS=20
host_note() {
	HOST_BUSY=0 HOST_NOTE="no samples of the host"
	[ -s "$1" ] || return 0
	HOST_NOTE=$(awk -v sp=$HOST_STALL_PCT -v sec=$HOST_SECOND_PCT -v rq=$HOST_RUNQ_MS '
	$1 == "T" {
		if (n++ == 0) { t0 = $2; c0 = $3; i0 = $4 }
		else if ($2 > tp) {
			dt = $2 - tp
			if ($3 != "-") { x = ($3 - cp) / 1e4 / dt; if (x > wc) wc = x }
			if ($4 != "-") { x = ($4 - ip) / 1e4 / dt; if (x > wi) wi = x }
			q = (wsum - wprev) / 1e6 / dt; if (q > wq) wq = q
		}
		tp = $2; cp = $3; ip = $4; wprev = wsum; next
	}
	$1 == "S" { wsum += $4 - ($2 in w ? w[$2] : 0); w[$2] = $4; next }
	$1 == "R" { if ($3 > r[$2]) r[$2] = $3; next }
	END {
		dt = tp - t0; if (dt <= 0) dt = 1
		pc = c0 == "-" ? -1 : (cp - c0) / 1e4 / dt
		pi = i0 == "-" ? -1 : (ip - i0) / 1e4 / dt
		for (g in r) reads += r[g]
		busy = (pc >= sp || pi >= sp || wc >= sec || wi >= sec || wq >= rq)
		printf "%d ", busy
		printf "host over %.0f s: ", dt
		if (pc < 0) printf "no /proc/pressure; "
		else printf "tasks stalled for CPU %.0f%%, for I/O %.0f%% of the time " \
		    "(worst second %.0f%%, %.0f%%); ", pc, pi, wc, wi
		printf "the throttled jobs waited %.0f ms for a CPU (worst second %.0f ms); ",
		    wsum / 1e6, wq
		printf "the throttles passed %d reads\n", reads
	}' "$1")
	HOST_BUSY=${HOST_NOTE%% *}
	HOST_NOTE=${HOST_NOTE#* }
}

# loaded_retry ARGS: run this test ($0) with the host watched, and once
# more when it failed while the host was busy (host_note): its cells then
# measured that work too.  Each attempt ends with its host line; a failure
# on a quiet host is not retried, nor a second failure.
loaded_retry() {
	[ -n "${SWEEP_TEST_ATTEMPT:-}" ] && return 0
	for attempt in 1 2; do
		SWEEP_TEST_ATTEMPT=$attempt sh "$0" "$@" &
		apid=$!
		host_watch "$apid" "$T/host.$attempt" &
		wpid=$!
		wait "$apid"
		rc=$?
		wait "$wpid"
		host_note "$T/host.$attempt"
		echo "attempt $attempt: exit $rc; $HOST_NOTE"
		[ "$rc" -eq 1 ] && [ "$attempt" -eq 1 ] || exit "$rc"
		[ "$HOST_BUSY" -eq 1 ] || { echo "the host was quiet: not retried"; exit 1; }
		echo "RETRY: the first attempt failed while the host was busy; once more"
	done
}
