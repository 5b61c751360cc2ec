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
