#!/bin/sh
# --retry-unstable N: a stalled or noisy cell runs again after the last
# cell, up to N times, until an attempt is steady; results.json keeps every
# attempt and the reports say which one they show and why.
#   1. the pipeline on the null engine: --retry-unstable 0 changes nothing,
#      bad values exit 2 with one line;
#   2. on a throttled loop device (tests/throttle.sh): the cap drops to 2%
#      for two seconds in the first attempt, which stalls; the re-run is
#      steady and shown, and --resume keeps both attempts.
. "$top_srcdir/tests/common.sh"
loaded_retry "$@"

NULL="--engine null --file $T/n.dat --size 16m --modes randread,read --bs 4k,64k --depth 1 \
--runtime 2 --ramp 0 --steady 0"

# 1. The plan is the same with --retry-unstable 0 as without it; with N it
#    says what retries may add.
# shellcheck disable=SC2086
"$SWEEP" plan $NULL >"$T/plan0" 2>&1 || fail "plan: $(cat "$T/plan0")"
# shellcheck disable=SC2086
"$SWEEP" plan $NULL --retry-unstable 0 >"$T/plan00" 2>&1 || fail "plan: $(cat "$T/plan00")"
cmp -s "$T/plan0" "$T/plan00" || fail "--retry-unstable 0 changes the plan: $(diff "$T/plan0" "$T/plan00")"
# shellcheck disable=SC2086
"$SWEEP" plan $NULL --retry-unstable 3 >"$T/plan3" 2>&1 || fail "plan: $(cat "$T/plan3")"
grep -q "^Retry unstable: .* up to 3 times, .*retries may add up to 3 x 4 cells (24 s) to the duration$" \
    "$T/plan3" || fail "plan --retry-unstable 3: $(grep -i retr "$T/plan3")"
[ "$(grep -vc '^Retry unstable' "$T/plan3")" -eq "$(wc -l <"$T/plan0")" ] ||
	fail "plan --retry-unstable 3 differs by more than its line: $(diff "$T/plan0" "$T/plan3")"
ok "plan: --retry-unstable 0 changes nothing; 3 says $(grep -o 'retries may add.*' "$T/plan3")"

# The run: no retry key, no attempts, the same columns, with and without 0.
for r in none 0 2; do
	opt=""
	[ "$r" = none ] || opt="--retry-unstable $r"
	# shellcheck disable=SC2086
	"$SWEEP" run $NULL $opt -q --formats csv,md -o "$T/null-$r" >"$T/null-$r.log" 2>&1 ||
		fail "null run $r: $(cat "$T/null-$r.log")"
done
head -1 "$T/null-none/results.csv" >"$T/h1"
head -1 "$T/null-0/results.csv" >"$T/h2"
cmp -s "$T/h1" "$T/h2" || fail "results.csv header differs with --retry-unstable 0"
"$PY" - "$T/null-none/results.json" "$T/null-0/results.json" "$T/null-2/results.json" <<'EOF' ||
import json, sys
a, b, c = (json.load(open(p)) for p in sys.argv[1:])
def shape(x):
    if isinstance(x, dict):
        return {k: shape(v) for k, v in x.items()}
    if isinstance(x, list):
        return [shape(v) for v in x[:1]]
    return None
assert shape(a) == shape(b), "results.json's fields differ with --retry-unstable 0"
assert a["plan"] == b["plan"], (a["plan"], b["plan"])
assert "retry_unstable" not in b["plan"], b["plan"]
assert c["plan"]["retry_unstable"] == 2, c["plan"]
for d in (a, b):
    for cell in d["cells"]:
        assert "attempts" not in cell, cell
# The null engine runs flat out on a CPU other tests share, so a cell may be
# noisy: with 2 re-runs it then has 2 or 3 attempts, all but the last unsteady.
retried = 0
for cell in c["cells"]:
    bad = ("noisy", "stalled")
    if "attempts" not in cell:
        assert cell["stability"]["verdict"] not in bad, cell["stability"]
        continue
    retried += 1
    at = cell["attempts"]
    v = [x["stability"]["verdict"] for x in at["list"]]
    assert 2 <= at["n"] == len(v) <= 3, at
    assert all(x in bad for x in v[:-1]), v
    assert v[-1] == "steady" or len(v) == 3, v
    shown = at["list"][at["shown"] - 1]
    assert cell["iops"] == shown["iops"], (cell["iops"], shown["iops"])
    assert (at["rule"] == "first steady attempt") == ("steady" in v), at
print("null: %d of %d cells re-run" % (retried, len(c["cells"])))
EOF
	fail "the null runs"
ok "run: --retry-unstable 0 gives the same results.json fields and plan; only unsteady cells are re-run"

expect_usage "--retry-unstable -1" "$SWEEP" plan --file "$T/n.dat" --retry-unstable -1
expect_usage "--retry-unstable x" "$SWEEP" plan --file "$T/n.dat" --retry-unstable x
expect_usage "--retry-unstable 11" "$SWEEP" plan --file "$T/n.dat" --retry-unstable 11
expect_usage "--retry-unstable with --repeat" "$SWEEP" plan --file "$T/n.dat" --retry-unstable 1 \
    --repeat 3
expect_usage "--retry-unstable with --rounds-until-steady" "$SWEEP" plan --file "$T/n.dat" \
    --retry-unstable 1 --rounds-until-steady 6
printf '{"retry-unstable": 12}\n' >"$T/bad.json"
expect_usage "sweep file retry-unstable 12" "$SWEEP" plan --file "$T/n.dat" --sweep "$T/bad.json"

# 2. A throttled device whose first attempt stalls.
. "$top_srcdir/tests/throttle.sh"
IOPS=2000
LOW=$((IOPS / 50))
RUNTIME=8
throttle_volume retry $IOPS
t0=$(date +%s)

# 3. Interrupted in the retries, then --resume: the attempts so far are kept
#    and the retries go on where they stopped.  The cap drops to 2% in the
#    first attempt and in the first re-run; SIGINT comes in the second re-run.
#    It runs on a loop device and cgroup of its own, beside section 2: each
#    run waits on its own throttle (at nice -20), not on the CPU.
(
T=$T/v2
mkdir "$T" || fail "mkdir $T"
trap throttle_cleanup EXIT
throttle_volume retry2 $IOPS
wait_for() {	# wait_for PATTERN FILE: until a line matches (60 s at most)
	i=0
	while ! grep -q "$1" "$2" 2>/dev/null && [ $i -lt 600 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	grep -q "$1" "$2" || fail "no '$1' in $2: $(cat "$2")"
}
# (in_throttle in the background is a subshell; the sweep it execs is the
# one process in the cgroup, and SIGTERM stops it as SIGINT does)
in_throttle "$SWEEP" run --device "$LOOP" --modes randread --bs 4k --depth 32 --ramp 1 \
    --runtime $RUNTIME --steady 0 --retry-unstable 2 -q --formats csv -o "$T/int" \
    >"$T/int.log" 2>&1 &
job=$!
iops_dip 4 $LOW 2 $IOPS 2>/dev/null
wait_for "^Retrying 1 stalled" "$T/int.log"
iops_dip 4 $LOW 2 $IOPS 2>/dev/null
wait_for "^retry 1/2 " "$T/int.log"
sleep 3
pid=$(head -1 "$CG/cgroup.procs")
[ -n "$pid" ] || fail "no sweep in $CG"
kill -TERM "$pid"
wait "$job"
rc=$?
[ "$rc" -eq 130 ] || fail "interrupted run: exit $rc, want 130: $(cat "$T/int.log")"
cp "$T/int/results.json" "$T/int-before.json"
results_py "$T/int/results.json" "
c = d['cells'][0]
a = c['attempts']
assert d['interrupted'] and a['n'] == 2, (d['interrupted'], a['n'])
v = [x['stability']['verdict'] for x in a['list']]
assert v == ['stalled', 'stalled'], (v, [x['series']['ios'] for x in a['list']])
assert a['rule'].startswith('none steady'), a
"
in_throttle "$SWEEP" run --resume "$T/int" -q --formats csv >"$T/int-resume.log" 2>&1 ||
	fail "resume: $(cat "$T/int-resume.log")"
grep -q "^Retrying 1 stalled or noisy cell" "$T/int-resume.log" ||
	fail "the resumed run does not retry: $(cat "$T/int-resume.log")"
"$PY" - "$T/int-before.json" "$T/int/results.json" <<'EOF' || fail "resume after the interrupt"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
x, y = a["cells"][0]["attempts"], b["cells"][0]["attempts"]
assert not b["interrupted"]
assert y["n"] == 3 and y["list"][:2] == x["list"], (y["n"], [z["stability"] for z in y["list"]])
assert y["list"][2]["stability"]["verdict"] == "steady", y["list"][2]["stability"]
assert y["shown"] == 3 and y["rule"] == "first steady attempt", y
assert y["note"].startswith("attempt 3 of 3 shown: first steady attempt; attempt 1 stalled: "), y
assert "; attempt 2 stalled: " in y["note"], y["note"]
print("after the resume:", y["note"])
EOF
ok "interrupted in the second re-run: both attempts kept; --resume runs the third, steady one"
) >"$T/v2.out" 2>&1 &
v2=$!

# The cap drops to 2% for two seconds in the middle of the first attempt's
# 8-second window (as in tests/stall.sh) and is back long before the re-run.
iops_dip 4 $LOW 2 $IOPS 2>/dev/null &
THROTTLE_KILL=$!
in_throttle "$SWEEP" run --device "$LOOP" --modes randread --bs 4k --depth 32 --ramp 1 \
    --runtime $RUNTIME --steady 0 --retry-unstable 2 -q --formats csv,md,html,xlsx \
    -o "$T/r" >"$T/r.log" 2>&1 || fail "run: $(cat "$T/r.log")"
wait "$THROTTLE_KILL"
THROTTLE_KILL=""
grep -q "^Retrying 1 stalled or noisy cell: up to 2 re-runs each" "$T/r.log" ||
	fail "the run does not say it retries: $(cat "$T/r.log")"
results_py "$T/r/results.json" "
c = d['cells'][0]
a = c['attempts']
assert d['plan']['retry_unstable'] == 2, d['plan']
assert a['n'] == 2 and len(a['list']) == 2, (a['n'], [x['stability'] for x in a['list']])
first, second = a['list']
assert first['attempt'] == 1 and second['attempt'] == 2, a
assert first['stability']['verdict'] == 'stalled', (first['stability'], first['series']['ios'])
assert second['stability']['verdict'] == 'steady', (second['stability'], second['series']['ios'])
assert a['shown'] == 2 and a['rule'] == 'first steady attempt', a
assert a['note'].startswith('attempt 2 of 2 shown: first steady attempt; attempt 1 stalled: '), a
assert c['stability']['verdict'] == 'steady', c['stability']
assert c['iops'] == second['iops'] and c['series'] == second['series'], (c['iops'], second['iops'])
assert abs(c['iops'] - $IOPS) <= 0.03 * $IOPS, c['iops']
assert min(first['series']['ios']) < 0.1 * $IOPS, first['series']['ios']
"
note=$("$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["cells"][0]["attempts"]["note"])' \
    "$T/r/results.json")
ok "the stalled first attempt was re-run and the steady re-run is shown: $note"

# The reports say which attempt they show and why.
grep -q "^## Retried cells" "$T/r/report.md" || fail "report.md: no Retried cells section"
grep -qF -- "- randread 4K QD32: attempt 2 of 2 shown: first steady attempt; attempt 1 stalled: " \
    "$T/r/report.md" || fail "report.md: $(grep -A4 'Retried cells' "$T/r/report.md")"
grep -q "Not steady" "$T/r/report.md" && fail "report.md flags the steady shown attempt"
grep -q "attempt 2 of 2 shown: first steady attempt; attempt 1 stalled: " "$T/r/report.html" ||
	fail "report.html: no note"
"$PY" - "$T/r/results.csv" <<'EOF' || fail "results.csv"
import csv, sys
row = next(csv.DictReader(open(sys.argv[1])))
assert row["attempts"] == "2", row["attempts"]
assert row["attempt_shown"].startswith("attempt 2 of 2 shown: first steady attempt; "
                                        "attempt 1 stalled: "), row["attempt_shown"]
assert row["stability"] == "steady", row["stability"]
EOF
"$PY" - "$T/r/report.xlsx" <<'EOF' || fail "report.xlsx"
import sys
try:
    import openpyxl
except ImportError:
    print("note: python3-openpyxl is not installed; report.xlsx not read back")
    sys.exit(0)
ws = openpyxl.load_workbook(sys.argv[1])["Cells"]
hdr = [c.value for c in ws[1]]
cell = dict(zip(hdr, next(ws.iter_rows(min_row=2, values_only=True))))
assert cell["Attempts (--retry-unstable)"] == 2, cell
assert cell["Attempt shown, and why"].startswith("attempt 2 of 2 shown: first steady"), cell
EOF
ok "report.md, report.html, results.csv and report.xlsx say which attempt is shown and why"

# --resume of the finished run reads the attempts back and keeps them whole.
cp "$T/r/results.json" "$T/before.json"
in_throttle "$SWEEP" run --resume "$T/r" -q --formats csv,md >"$T/resume.log" 2>&1 ||
	fail "resume: $(cat "$T/resume.log")"
grep -q "^Retrying" "$T/resume.log" && fail "resume re-ran a cell already steady: $(cat "$T/resume.log")"
"$PY" - "$T/before.json" "$T/r/results.json" <<'EOF' || fail "resume lost attempts"
import json, sys
a, b = (json.load(open(p))["cells"][0] for p in sys.argv[1:])
assert a["attempts"] == b["attempts"], (a["attempts"]["n"], b["attempts"]["n"])
assert a["iops"] == b["iops"], (a["iops"], b["iops"])
EOF
ok "--resume keeps both attempts and the shown one"

wait $v2
rc=$?
cat "$T/v2.out"
[ $rc -eq 0 ] || exit $rc
echo "retry.sh: $(($(date +%s) - t0)) s"
