#!/bin/sh
# sweep run --auto.  With the null engine: every chosen cell has
# its reason in results.json, results.csv and report.md's "How this was
# measured"; results.json's "auto" holds the findings as figures; plan --auto prints the strategy and the longest it can take;
# bad --budget and --like input exit 2 with one line; --like measures the
# same cells again.  On throttled loop devices (tests/throttle.sh, root
# only): both stated caps within 5% of the throttle, at 2,000 IOPS / 48 MiB/s
# (knee at 24 KiB, between two powers of two) and 500 IOPS / 200 MiB/s; the
# saturating depth is stated; each run ends within its budget, and a budget
# too short names the questions it left open; a cell the throttle makes
# unsteady is measured again; write modes on the device are refused without
# --destructive.
. "$top_srcdir/tests/common.sh"
loaded_retry "$@"

# 1. The pipeline on the null engine.
F="--engine null --file $T/n.dat --size 16m --modes read --depth 1,2 --ramp 0 --runtime 1"
# shellcheck disable=SC2086
"$SWEEP" plan --auto $F >"$T/plan" 2>&1 || fail "plan --auto: $(cat "$T/plan")"
grep -q '^Plan: --auto, cells chosen as the run goes; modes: read (only these)' "$T/plan" ||
	fail "plan --auto names the modes: $(cat "$T/plan")"
grep -q '1. QD1 pass: 4K and 1M at QD1; 2. a size either side of the knee it suggests at QD2' \
    "$T/plan" || fail "plan --auto gives the strategy: $(cat "$T/plan")"
grep -q '^Estimated duration: at most 1 min 18 s (13 cells at most, each measured up to 3 times)' \
    "$T/plan" ||
	fail "plan --auto gives the longest it can take: $(cat "$T/plan")"
ok "plan --auto prints the strategy and the longest it can take"

start=$(date +%s)
# shellcheck disable=SC2086
"$SWEEP" run --auto --budget 40s $F --steady 0 -q --formats csv,md -o "$T/a" >"$T/a.log" 2>&1 ||
	fail "run --auto: $(cat "$T/a.log")"
took=$(($(date +%s) - start))
[ "$took" -le 42 ] || fail "run --auto --budget 40s took $took s"
results_py "$T/a/results.json" '
cells = d["cells"]
assert len(cells) >= 5, len(cells)
assert all(c.get("reason") for c in cells), [c for c in cells if not c.get("reason")]
assert all(c.get("reason") for c in d["plan"]["cells"])
why = [c["reason"] for c in cells]
assert why[:2] == ["QD1 pass"] * 2, why
assert any(w.startswith("depth search") for w in why), why
assert {c["mode"] for c in cells} == {"read"}
assert d["auto"]["budget_s"] == 40 and d["auto"]["elapsed_s"] <= 40, d["auto"]
m = d["auto"]["modes"]
assert [x["mode"] for x in m] == ["read"] and "findings" not in d["auto"], d["auto"]
assert m[0]["depth"] and all(x["state"] and x["bs"] > 0 for x in m[0]["depth"]), m[0]
lat = m[0]["qd1_latency"]
assert lat["bs"] == 4096 and lat["measured"] and lat["p99_ns"] >= lat["p50_ns"] > 0, lat
'
head -1 "$T/a/results.csv" | tr ',' '\n' | grep -qx reason || fail "results.csv has no reason column"
grep -q 'QD1 pass' "$T/a/results.csv" || fail "results.csv lacks the reasons"
grep -q '^## How this was measured' "$T/a/report.md" || fail "report.md lacks the section"
grep -q 'sweep run --auto chose these' "$T/a/report.md" || fail "report.md: $(cat "$T/a/report.md")"
"$SWEEP" report "$T/a" --formats md >/dev/null 2>&1 || fail "sweep report of an --auto run"
grep -q '^## How this was measured' "$T/a/report.md" || fail "sweep report drops the section"
ok "--auto records why each cell was chosen ($(grep -c . "$T/a/results.csv") lines), in $took s"

# 2. --like: exactly the same cells again, so compare has every cell in common.
# shellcheck disable=SC2086
"$SWEEP" run --auto --like "$T/a" $F --steady 0 -q --formats csv -o "$T/b" >"$T/b.log" 2>&1 ||
	fail "run --auto --like: $(cat "$T/b.log")"
"$PY" - "$T/a/results.json" "$T/b/results.json" <<'PYEOF' || fail "--like measured other cells"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
key = lambda c: (c["mode"], c["bs"], c["depth"], c["jobs"])
assert sorted(map(key, a["cells"])) == sorted(map(key, b["cells"])), (a["cells"], b["cells"])
assert all(c["reason"].startswith("as in ") for c in b["cells"]), b["cells"]
PYEOF
"$SWEEP" compare "$T/a" "$T/b" --formats md -o "$T/cmp" >"$T/cmp.log" 2>&1 ||
	fail "compare: $(cat "$T/cmp.log")"
ok "--like measures the earlier run's cells again"

# 3. Bad input: one line, exit 2.
# shellcheck disable=SC2086
expect_usage "--budget 5x" "$SWEEP" run --auto --budget 5x $F -o "$T/x"
# shellcheck disable=SC2086
expect_usage "--budget 3 (below 10 s)" "$SWEEP" run --auto --budget 3 $F -o "$T/x"
# shellcheck disable=SC2086
expect_usage "--budget without --auto" "$SWEEP" run --budget 5m $F -o "$T/x"
# shellcheck disable=SC2086
expect_usage "--like a missing dir" "$SWEEP" run --auto --like "$T/none" $F -o "$T/x"
mkdir "$T/bad" && printf '{"schema_version": 1, "cells": [' >"$T/bad/results.json"
# shellcheck disable=SC2086
expect_usage "--like a corrupt results.json" "$SWEEP" run --auto --like "$T/bad" $F -o "$T/x"
"$PY" - "$T/a/results.json" "$T/bad/results.json" <<'PYEOF'
import json, sys
d = json.load(open(sys.argv[1]))
d["cells"][0]["bs"] = 4095
json.dump(d, open(sys.argv[2], "w"))
PYEOF
# shellcheck disable=SC2086
expect_usage "--like a cell of 4095 bytes" "$SWEEP" run --auto --like "$T/bad" $F -o "$T/x"
# shellcheck disable=SC2086
expect_usage "--like cells of other modes" "$SWEEP" run --auto --like "$T/a" \
    --engine null --file "$T/n.dat" --size 16m --modes write -o "$T/x"
# shellcheck disable=SC2086
expect_usage "--auto --resume" "$SWEEP" run --auto --resume "$T/a" -o "$T/x"
[ ! -e "$T/x" ] || fail "bad input left $T/x behind"

# 4. Throttled loop devices (root only from here).
. "$top_srcdir/tests/throttle.sh"
throttle_volume auto 2000 $((48 * 1024 * 1024))
RUN="--modes randread --depth 1,32 --ramp 1 --runtime 3 --steady 0 -q --formats md"
DEV="--device $LOOP $RUN"
expect_usage "--auto with a write mode on a device, no --destructive" \
    "$SWEEP" run --auto --device "$LOOP" --modes randread,randwrite -o "$T/x"
"$SWEEP" plan --auto --device "$LOOP" >"$T/dplan" 2>&1 || fail "plan: $(cat "$T/dplan")"
grep -q 'modes: read, randread (only these)' "$T/dplan" ||
	fail "--auto on a device chose other modes: $(cat "$T/dplan")"
ok "--auto keeps a device read-only"

# auto_run NAME IOPS MIBS BUDGET_S: an --auto run on the throttle, timed; its findings checked.
auto_run() {
	start=$(date +%s)
	# shellcheck disable=SC2086
	in_throttle "$SWEEP" run --auto --budget "$4" $DEV -o "$T/$1" >"$T/$1.log" 2>&1 ||
		fail "$1: $(cat "$T/$1.log")"
	took=$(($(date +%s) - start))
	sed -n '/^Auto:/,/^Results/p' "$T/$1.log"
	[ "$took" -le $(($4 + 2)) ] || fail "$1: took $took s of a $4 s budget"
	"$PY" - "$T/$1/results.json" "$2" "$3" <<'PYEOF' || fail "$1: caps or depth not stated"
import json, re, sys
d = json.load(open(sys.argv[1]))
iops, mibs = float(sys.argv[2]), float(sys.argv[3])
m = d["auto"]["modes"][0]
def cap(key, unit, scale, want):
    c = m.get(key)
    assert c and c["settled"] and c["unit"] == unit, (key, m)
    got = c["value"] / scale
    assert abs(got / want - 1) <= 0.05, (key, got, want)
    return got
i, b = cap("iops_cap", "IOPS", 1, iops), cap("bw_cap", "bytes/s", 1048576, mibs)
sat = [x for x in m["depth"] if x["state"] in ("saturated", "on_cap")]
assert len(sat) == 2, m["depth"]
print("stated %.0f IOPS (%+.1f%%), %.1f MiB/s (%+.1f%%); %s" % (i, (i / iops - 1) * 100, b,
    (b / mibs - 1) * 100, "; ".join("%d KiB: QD%d" % (x["bs"] // 1024, x.get("qd", 1))
    for x in sat)))
PYEOF
	ok "$1: both caps within 5% of $2 IOPS / $3 MiB/s, the saturating depth, $took s of $4 s"
}
# The second throttle (500 IOPS / 200 MiB/s) on a loop device and cgroup of
# its own, at the same time as the first: knee400k, then the short budget.
# Each run waits on its own throttle (at nice -20), not on the CPU.
(
	T=$T/v2
	mkdir "$T" || fail "mkdir $T"
	trap throttle_cleanup EXIT
	throttle_volume auto2 500 $((200 * 1024 * 1024))
	DEV="--device $LOOP $RUN"
	auto_run knee400k 500 200 60

	# A budget too short for the questions: it ends in time and names what it left open.
	start=$(date +%s)
	in_throttle "$SWEEP" run --auto --budget 10 $DEV -o "$T/short" >"$T/short.log" 2>&1 ||
		fail "short budget: $(cat "$T/short.log")"
	took=$(($(date +%s) - start))
	[ "$took" -le 12 ] || fail "--budget 10 took $took s"
	grep -q 'the budget ended before' "$T/short.log" ||
		fail "a short budget names no open question: $(cat "$T/short.log")"
	grep -q 'not settled' "$T/short/report.md" || fail "report.md hides the open questions"
	ok "--budget 10: ended after $took s, open questions named"
) >"$T/v2.out" 2>&1 &
v2=$!
auto_run knee24k 2000 48 60

# The throttle halved for a second inside the first cell: that cell is left out
# of the caps as unsteady, and --auto measures it again (an attempt it keeps).
iops_dip 3 1000 1 2000 2>/dev/null &
dip=$!
auto_run again 2000 48 60
wait $dip
results_py "$T/again/results.json" '
bad = ("noisy", "stalled")
again = [c for c in d["cells"] if "attempts" in c]
assert again, [(c["bs"], c["depth"], c["stability"]["verdict"]) for c in d["cells"]]
for c in again:
    v = [x["stability"]["verdict"] for x in c["attempts"]["list"]]
    assert v[0] in bad and 2 <= len(v) <= 3, v
    assert all(x in bad for x in v[1:-1]), v
'
ok "a cell left out as unsteady is measured again"
wait $v2
rc=$?
cat "$T/v2.out"
[ $rc -eq 0 ] || exit $rc
