#!/bin/sh
# A hold's record read back and reported (results.json -> analysis ->
# view -> report.md and report.html), on crafted series: a burst bucket
# running out (a step named as such, the seconds after it judged against
# the level after it, not one long dip), an hour dipping 5 s a minute (the
# hour's total against 99% of the expected), each minute's p99 as
# results.json gives it, a promise from --profile at report time, and a
# record whose hold figures are out of range.
. "$top_srcdir/tests/common.sh"

# hold_record OUT N SCRIPT: the example run's first cell as a hold of N
# seconds whose per-second IOPS are SCRIPT's ios (a Python expression of s).
hold_record() {
	mkdir -p "$T/$1"
	"$PY" - "$top_srcdir/reports/example/results.json" "$T/$1/results.json" "$2" "$3" <<'EOF' ||
import json, sys
d = json.load(open(sys.argv[1]))
n, expr = int(sys.argv[3]), sys.argv[4]
c = d["cells"][0]
c.update(mode="randread", bs=16384, depth=32, jobs=1, index=0, status="ok")
ios = [int(eval(expr, {"s": s})) for s in range(n)]
c["series"] = {"interval_s": 1, "ios": ios, "bytes": [v * 16384 for v in ios],
               "p99_ns": [2000000] * n,
               "p99_minute_ns": [1000000 * (m + 1) for m in range((n + 59) // 60)]}
c["runtime_ns"] = n * 10**9
c["ios"] = sum(ios)
c["iops"] = sum(ios) / n
d["cells"] = [c]
d["cells_done"] = 1
d["plan"]["cells"] = [{k: c[k] for k in ("mode", "bs", "depth", "jobs")}]
d["plan"].update(hold_s=n, runtime_s=n, steady_pct=0)
json.dump(d, open(sys.argv[2], "w"))
EOF
		fail "crafting $1"
}

# 1. gp2 at a 1,000 IOPS baseline, 3,000 from its bucket for 250 s.
hold_record step 600 "3000 if s < 250 else 1000"
"$SWEEP" report "$T/step/results.json" -o "$T/step" --formats md,html \
    --profile aws-gp2 --expect iops=1000,size=334g >"$T/step.log" 2>&1 ||
	fail "report: $(cat "$T/step.log")"
md="$T/step/report.md"
grep -q "^The burst bucket ran out at 4:10: a step from 3,000 IOPS to 1,000 IOPS (-67%)" "$md" ||
	fail "step: $(grep -i "step\|burst" "$md" | head -3)"
grep -q "^Within 10% of the provisioned 1,000 IOPS in 100% of seconds (600 of 600" "$md" ||
	fail "step: $(grep "^Within" "$md")"
grep -q "against a promise of 99% of the time: meets it\\." "$md" ||
	fail "step: gp2's promise (99%) not judged: $(grep "^Within" "$md")"
grep -q "^No dips" "$md" || fail "step: the step counted as a dip: $(grep -i dip "$md" | head -2)"
grep -q "gp2 and gp3 volumes are designed to deliver at least 90%" "$md" ||
	fail "step: the promise is not quoted"
grep -q "Held against the promise" "$T/step/report.html" || fail "report.html: no hold section"
ok "a burst bucket running out is a step, named, not a dip; the promise comes from --profile"

# 2. An hour at 3,000 IOPS, 1,500 for the last 5 s of every minute.
hold_record hour 3600 "1500 if s % 60 >= 55 else 3000"
"$SWEEP" report "$T/hour/results.json" -o "$T/hour" --formats md --profile aws-io2 \
    --expect iops=3000 >"$T/hour.log" 2>&1 || fail "report: $(cat "$T/hour.log")"
md="$T/hour/report.md"
# 55 of 60 s within; the hour's total (55 x 3,000 + 5 x 1,500) / (60 x 3,000) = 95.8%.
grep -q "^Within 10% of the provisioned 3,000 IOPS in 91.7% of seconds (3,300 of 3,600, over 1 h 0 min) against a promise of 99.9% of the time: below it\\." "$md" ||
	fail "hour: $(grep "^Within" "$md")"
grep -q "^The hour's total against 99% of the expected (3,000 IOPS x 3,600 s.*): 95.8%, below it\\." \
    "$md" || fail "hour: $(grep -i "hour's" "$md")"
grep -q "^60 dips below 90% of the level held around them, 300 s in all" "$md" ||
	fail "hour: $(grep -i "dips below" "$md")"
grep -q "^The first 20 dips of 60" "$md" || fail "hour: the dips past 20 are not counted"
# 60 minutes: every one listed, each with the p99 the record gives it (minute m: m + 1 ms).
"$PY" - "$md" <<'EOF' || fail "hour: the minutes' table"
import re, sys
md = open(sys.argv[1]).read()
rows = re.findall(r"^\| (\d+):00 \| 2,875 \| 1,500 \| 95\.8 \| ([\d.]+) \|$", md, re.M)
assert len(rows) == 60, len(rows)
assert all(float(p) == int(m) + 1 for m, p in rows), rows[:3]
EOF
ok "an hour: 91.7% of seconds, the hour's total 95.8% of the expected, each minute's p99"

# 3. Out of range in the record: a promise of 500% and a hold beyond a day.
"$PY" - "$T/hour/results.json" "$T/bad.json" <<'EOF' || fail "crafting bad.json"
import json, sys
d = json.load(open(sys.argv[1]))
d["expect"] = {"iops": 3000, "profile": "x", "promise": {"share_pct": 500, "level_pct": -3,
               "of": "nonsense", "quote": 7}}
d["plan"]["hold_s"] = 10**9
json.dump(d, open(sys.argv[2], "w"))
EOF
"$SWEEP" report "$T/bad.json" -o "$T/bad" --formats md >"$T/bad.log" 2>&1
rc=$?
[ "$rc" -eq 2 ] && grep -q "hold_s" "$T/bad.log" ||
	fail "a hold beyond a day: exit $rc, $(cat "$T/bad.log")"
"$PY" - "$T/bad.json" <<'EOF' || fail "crafting bad.json"
import json, sys
d = json.load(open(sys.argv[1]))
d["plan"]["hold_s"] = 3600
json.dump(d, open(sys.argv[1], "w"))
EOF
"$SWEEP" report "$T/bad.json" -o "$T/bad" --formats md >"$T/bad.log" 2>&1 ||
	fail "a promise out of range: $(cat "$T/bad.log")"
grep -q "; no promise to judge it against\\|the profile states no promise" "$T/bad/report.md" ||
	fail "a promise of 500%: $(grep "^Within" "$T/bad/report.md")"
ok "a hold beyond a day is refused; a promise out of range is none"
exit 0
