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

# The host's stall time so far, in microseconds: the "some" totals of
# /proc/pressure/cpu and io added (pressure stall information); empty
# where the kernel has none.
psi_total() {
	[ -r /proc/pressure/cpu ] && [ -r /proc/pressure/io ] || return 0
	sed -n 's/^some .*total=\([0-9]*\)$/\1/p' /proc/pressure/cpu /proc/pressure/io |
	    awk '{ t += $1 } END { printf "%.0f\n", t }'
}

# loaded_retry ARGS: run this test ($0) once more when it failed while the
# host was busy.  A timing test on a throttled device asserts what the
# device did; when other work held the CPU or the disk (the "some" stall
# time of /proc/pressure/cpu and io over the attempt, LOADED_STALL_PCT of
# its wall time or more) the cells measured that work too, so the test runs
# again, once, and says why.  A failure on a quiet host is not retried.
LOADED_STALL_PCT=10
loaded_retry() {
	[ -n "${SWEEP_TEST_ATTEMPT:-}" ] && return 0
	p0=$(psi_total)
	t0=$(date +%s)
	SWEEP_TEST_ATTEMPT=1 sh "$0" "$@"
	rc=$?
	[ "$rc" -eq 1 ] && [ -n "$p0" ] || exit "$rc"
	p1=$(psi_total)
	dt=$(($(date +%s) - t0 + 1))
	pct=$(((p1 - p0) / (dt * 10000)))
	[ "$pct" -ge "$LOADED_STALL_PCT" ] ||
		{ echo "the host was quiet (stalled ${pct}% of ${dt} s): not retried"; exit 1; }
	echo "RETRY: the first attempt failed while the host was busy: tasks stalled" \
	    "for CPU or I/O ${pct}% of its ${dt} s (/proc/pressure, 'some'); once more"
	SWEEP_TEST_ATTEMPT=2 sh "$0" "$@"
	exit $?
}
