#!/bin/sh
# Open-loop cells (--rate) through the whole pipeline on the null engine:
# the plan lists them after the closed-loop cells, a percent takes the
# closed-loop cell's IOPS as its cap, a cell achieves the rate it was
# offered, records how late issue fell behind and the latency from the
# issue beside the one from the due time, and results.json and
# results.csv carry it all and read back.  --auto --rate adds rate cells
# after its search, at the cell where it found the IOPS cap.  Bad input is refused with one
# line and exit 2.  (tests/rate-throttle.sh times a throttled device.)
. "$top_srcdir/tests/common.sh"

# 1. Bad input: one line, exit 2, nothing run.
N="$SWEEP plan --engine null --file $T/t.dat --size 16m"
expect_usage "a word for a rate" $N --rate fast
expect_usage "a rate of 0" $N --rate 0
expect_usage "a negative rate" $N --rate -5
expect_usage "a percent and junk" $N --rate 5%x
expect_usage "a percent over 1000" $N --rate 1500%
expect_usage "an empty rate" $N --rate 10%,,
expect_usage "unknown arrivals" $N --rate 500 --arrivals bursty
expect_usage "--arrivals without --rate" $N --arrivals poisson
expect_usage "--rate with --auto --like (it measures the closed-loop cells it names again)" $N --auto \
    --like "$T" --rate 50%
expect_usage "--rate with --hosts" "$SWEEP" run --engine null --file "$T/t.dat" --size 16m \
    --hosts localhost --rate 500

# 2. The plan: each closed-loop cell, then each again at each rate.
$N --modes randread,randwrite --bs 4k --depth 4 --rate 10%,500 --arrivals poisson \
    >"$T/plan.txt" 2>&1 || fail "plan: $(cat "$T/plan.txt")"
grep -q "^Plan: 6 cells" "$T/plan.txt" || fail "plan: want 6 cells: $(cat "$T/plan.txt")"
grep -q "^Rate cells: 4 of the 6 open-loop (--rate), after the closed-loop cells; I/Os due as a \
Poisson process" "$T/plan.txt" || fail "plan: no rate line: $(cat "$T/plan.txt")"
[ "$(grep -c "closed loop$" "$T/plan.txt")" -eq 2 ] &&
    [ "$(grep -c "10% of cap$" "$T/plan.txt")" -eq 2 ] &&
    [ "$(grep -c "500 IOPS$" "$T/plan.txt")" -eq 2 ] || fail "plan's cells: $(cat "$T/plan.txt")"
ok "the plan lists 2 closed-loop cells, then each at 10% of cap and at 500 IOPS"

# 3. A run: the closed-loop cell first, a percent of its IOPS, and a rate in IOPS.
null_sweep run --modes randread --bs 4k --depth 4 --rate 0.01%,2000 \
    --arrivals poisson --formats csv
results_py "$T/run/results.json" "
c, p, r = d['cells']
assert 'rate_iops' not in c and 'rate' not in c, c.keys()
assert p['rate_pct'] == 0.01 and p['arrivals'] == 'poisson', p
cap = c['iops']
assert abs(p['rate_iops'] - cap * 0.0001) <= 1e-6 * cap, (p['rate_iops'], cap)
assert r['rate_iops'] == 2000 and 'rate_pct' not in r, r
for x in (p, r):
    assert x['status'] == 'ok', x['status_reason']
    # achieved: the I/Os done in the window, those a Poisson schedule put
    # there (a count of standard deviation sqrt(n)) within 5 of them
    off = x['rate_iops'] * x['runtime_ns'] / 1e9
    assert abs(x['ios'] - off) <= 5 * off ** 0.5 + 8, (x['rate_iops'], x['ios'], off)
    lag, il, lat = x['rate']['lag_ns'], x['rate']['issue_lat_ns'], x['lat_ns']
    assert 0 <= lag['p99'] <= lag['max'], lag
    # timed from when it was due, an I/O is never faster than from its issue
    for k in ('p50', 'p99', 'p99.9'):
        assert il[k] <= lat[k] * 1.01, (k, il, lat)
assert d['plan']['cells'][1]['rate_pct'] == 0.01 and d['plan']['cells'][1]['rate_iops'] == 0
assert d['plan']['cells'][2]['rate_iops'] == 2000
"
ok "a percent of the closed-loop cell's IOPS, and 2000 IOPS, achieved as offered"

"$PY" - "$T/run/results.csv" <<'EOF' || fail "results.csv lacks the rate columns"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert rows[0]["rate_offered_iops"] == "" and rows[0]["rate_lag_p99_us"] == "", rows[0]
assert float(rows[2]["rate_offered_iops"]) == 2000, rows[2]
assert float(rows[1]["rate_pct"]) == 0.01, rows[1]
for r in rows[1:]:
    assert float(r["rate_lag_max_us"]) >= float(r["rate_lag_p99_us"]) >= 0, r
    assert float(r["lat_issue_p99_us"]) > 0, r
EOF
ok "results.csv: offered rate, percent, lag and latency from the issue"

# 4. Read back and written again, the open-loop keys are the same.
"$top_builddir/tests/schema-tool" rewrite "$T/run/results.json" >"$T/again.json" ||
    fail "schema-tool rewrite"
"$PY" - "$T/run/results.json" "$T/again.json" <<'EOF' || fail "rate keys changed on read back"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
for x, y in zip(a["cells"], b["cells"]):
    for k in ("rate_iops", "rate_pct", "arrivals", "rate", "lat_ns"):
        assert x.get(k) == y.get(k), (k, x.get(k), y.get(k))
EOF
ok "results.json's open-loop keys read back unchanged"

# 5. The report: the closed-loop analyses see the closed-loop cell alone;
#    the latency-load section has it as the cap's row, then each rate by
#    the rate offered, and a sentence on where p99 leaves its low level.
"$SWEEP" report "$T/run/results.json" -o "$T/run" --formats md,html >"$T/rep.log" 2>&1 ||
    fail "report: $(cat "$T/rep.log")"
"$PY" - "$T/run/report.md" "$T/run/report.html" <<'EOF' || fail "report.md's latency-load section"
import re, sys
md, html = (open(p).read() for p in sys.argv[1:])
sec = md[md.index("## Latency at an offered load"):]
sec = sec[:sec.index("\n## ", 3)]
rows = [l.split(" | ") for l in sec.split("\n") if l.startswith("| randread")]
names = [r[0].lstrip("| ") for r in rows]
assert names[0] == "randread 4K QD4, closed loop" and sorted(names[1:]) == [
    "randread 4K QD4 at 0.01%", "randread 4K QD4 at 2,000 IOPS"], names
offered = [float(r[1].replace(",", "")) for r in rows[1:]]
assert offered == sorted(offered), ("by the rate offered", offered)
assert re.search(r"randread 4K QD4: p99 (doubles above ~[\d,]+ IOPS|stays within 2x)", sec), sec
assert "Latency at an offered load" in html and "randread 4K QD4 at 2,000 IOPS" in html
# the closed-loop analyses: one cell planned, not three
assert re.search(r"\| Cells \| 1 planned, 1 done \|", md), "the run table counts the rate cells"
EOF
ok "report.md and .html: the latency-load table and its sentence"

# 6. fio's rate jobs import as open-loop cells: rate_iops per job times
#    numjobs, rate_process=poisson, fio's latency (from the issue) both as
#    the cell's and as the issue's, no lag, and a warning that says so.
F="$top_srcdir/tests/fixtures/fio/rate.json"
"$SWEEP" import "$F" -o "$T/imp" --formats csv,md >"$T/imp.log" 2>&1 ||
    fail "import: $(cat "$T/imp.log")"
results_py "$T/imp/results.json" "
c, p, f = d['cells']
assert 'rate_iops' not in c, c
assert p['jobs'] == 2 and p['rate_iops'] == 2000 and p['arrivals'] == 'poisson', p
assert f['rate_iops'] == 500 and f['arrivals'] == 'fixed', f
for x in (p, f):
    assert x['rate']['issue_lat_ns'] == {k: x['lat_ns'][k] for k in x['rate']['issue_lat_ns']}, x
    assert x['rate']['lag_ns'] == {'p99': None, 'max': None}, x['rate']
    assert 0 < x['iops'] <= x['rate_iops'] * 1.02, (x['iops'], x['rate_iops'])
assert any('2 fio jobs with rate_iops: open-loop cells' in w for w in d['warnings']), d['warnings']
"
grep -q "| randread 4K QD4 at 500 IOPS |" "$T/imp/report.md" ||
    fail "import: no rate row in report.md: $(cat "$T/imp/report.md")"
ok "fio's rate_iops jobs import as open-loop cells, their latency fio's own"

# A rate_iops that is no rate (inf) leaves that job out, said.
"$PY" - "$F" "$T/inf.json" <<'EOF' || fail "making inf.json"
import json, sys
d = json.load(open(sys.argv[1]))
d["jobs"][2]["job options"]["rate_iops"] = "inf"
json.dump(d, open(sys.argv[2], "w"))
EOF
"$SWEEP" import "$T/inf.json" -o "$T/inf" --formats csv >"$T/inf.log" 2>&1 || fail "import inf: $(cat "$T/inf.log")"
grep -q "left out 1 fio job: rate-500 (rate_iops is not a rate of 0 to 10^9 IOPS)" "$T/inf.log" ||
    fail "import inf: $(cat "$T/inf.log")"
ok "a rate_iops of inf: the job left out, with the reason"

# 7. --resume: a rate cell not run yet runs at its rate, the plan's.
cp -r "$T/run" "$T/res"
"$PY" - "$T/res/results.json" <<'EOF' || fail "making a run to resume"
import json, sys
d = json.load(open(sys.argv[1]))
c = d["cells"][2]
d["cells"][2] = {k: c[k] for k in ("index", "mode", "bs", "depth", "jobs", "rate_iops", "arrivals")}
d["cells"][2]["status"] = "pending"
d["cells_done"] = 2
json.dump(d, open(sys.argv[1], "w"))
EOF
"$SWEEP" run --resume "$T/res" --formats csv >"$T/res.log" 2>&1 || fail "resume: $(cat "$T/res.log")"
grep -q "^\[3/3\] randread  bs 4k   depth 4    jobs 1   rate 2000 " "$T/res.log" ||
    fail "resume: no rate cell line: $(cat "$T/res.log")"
results_py "$T/res/results.json" "
r = d['cells'][2]
assert r['status'] == 'ok' and r['rate_iops'] == 2000 and r['arrivals'] == 'poisson', r
off = 2000 * r['runtime_ns'] / 1e9
assert abs(r['ios'] - off) <= 5 * off ** 0.5 + 8, (r['ios'], off)
"
ok "--resume runs a pending rate cell at its rate"

# 8. sweep compare lines up closed-loop cells: a run's rate cells (the
#    same mode, bs, depth and jobs as its closed-loop cell) are left out,
#    said, not matched in their place.
"$SWEEP" compare "$T/run" "$T/res" -o "$T/cmp" --formats csv,md >"$T/cmp.log" 2>&1 ||
    fail "compare: $(cat "$T/cmp.log")"
[ "$(grep -c "left out its 2 open-loop cells (--rate)" "$T/cmp.log")" -eq 2 ] &&
    grep -q "^1 cells in common, 0 in only some runs" "$T/cmp.log" ||
    fail "compare: $(cat "$T/cmp.log")"
"$PY" - "$T/cmp/compare.csv" "$T/run/results.json" <<'PYEOF' || fail "compare.csv"
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1])))
closed = json.load(open(sys.argv[2]))["cells"][0]
assert len(rows) == 1, rows
iops = [float(v) for k, v in rows[0].items() if k.endswith(" IOPS") and "/" not in k and not k.startswith("winner")]
assert any(abs(v - closed["iops"]) <= 0.001 * closed["iops"] for v in iops), (rows[0], closed["iops"])
PYEOF
ok "compare: the closed-loop cells lined up, the rate cells left out and said"
"$PY" - "$T/cmp/compare.md" <<'EOF' || fail "compare.md's latency-load table"
import sys
md = open(sys.argv[1]).read()
sec = md[md.index("## Latency at an offered load"):]
sec = sec[:sec.index("\n## ", 3)] if "\n## " in sec[3:] else sec
rows = {l.split(" | ")[0].lstrip("| "): l.split(" | ")[1:] for l in sec.split("\n")
        if l.startswith("| randread")}
assert set(rows) == {"randread 4K QD4 at 0.01%", "randread 4K QD4 at 2,000 IOPS"}, rows
for name, cols in rows.items():
    assert len(cols) == 6 and "-" not in [c.strip(" |") for c in cols], (name, cols)
EOF
ok "compare.md: the runs' rate cells side by side"

# 9. plan --fio-jobfile: a rate in IOPS as fio's rate_iops (per job) and
#    rate_process; a percent has no IOPS before the run, refused.
"$SWEEP" plan --engine null --file "$T/t.dat" --size 16m --modes randread --bs 4k --depth 4 \
    --jobs 2 --rate 500 --arrivals poisson --fio-jobfile "$T/j.fio" >/dev/null 2>"$T/j.err" ||
    fail "plan --fio-jobfile: $(cat "$T/j.err")"
"$PY" - "$T/j.fio" <<'PYEOF' || fail "j.fio: $(cat "$T/j.fio")"
import sys
jobs = open(sys.argv[1]).read().split("\n[")[2:]
assert len(jobs) == 2, jobs
assert "rate_iops" not in jobs[0], jobs[0]
assert jobs[1].startswith("randread-4k-qd4-j2-rate500]"), jobs[1]
assert "\nrate_iops=250\n" in jobs[1] and "\nrate_process=poisson\n" in jobs[1], jobs[1]
PYEOF
ok "plan --fio-jobfile: rate_iops=250 per job of 2, rate_process=poisson"
expect_usage "--fio-jobfile with a percent rate" "$SWEEP" plan --engine null --file "$T/t.dat" \
    --size 16m --rate 50% --fio-jobfile "$T/j2.fio"

# 10. --auto --rate: after the search, one rate cell per rate at the cell
#     where --auto found the IOPS cap (its mode, bs, depth), a percent of
#     that cap's IOPS (results.json's auto figure); where the null engine
#     gave no IOPS cap, the percent is a skipped cell with the reason.
#     The report's latency-load section (and load.png) shows them.
fmt=md,html,csv
command -v gnuplot >/dev/null 2>&1 && fmt=$fmt,png
"$SWEEP" plan --auto --engine null --file "$T/t.dat" --size 16m --modes randread --rate 50%,2000 \
    >"$T/ap.txt" 2>&1 || fail "plan --auto --rate: $(cat "$T/ap.txt")"
grep -q "^Then, beyond the budget: 2 open-loop cells per mode (--rate 50%,2000" "$T/ap.txt" ||
    fail "plan --auto --rate: no rate line: $(cat "$T/ap.txt")"
"$SWEEP" run --auto --engine null --file "$T/t.dat" --size 16m --modes randread --depth 1,4 \
    --ramp 0 --runtime 1 --rate 50%,2000 -o "$T/auto" --formats $fmt >"$T/auto.log" 2>&1 ||
    fail "run --auto --rate: $(cat "$T/auto.log")"
grep -q "^Auto: [0-9]* cells in [0-9]* s of a [0-9]* s budget, then 2 open-loop cells (--rate)$" \
    "$T/auto.log" || fail "run --auto --rate: no Auto line: $(cat "$T/auto.log")"
results_py "$T/auto/results.json" "
cells = d['cells']
n = len(cells) - 2
search, (p, r) = cells[:n], cells[n:]
assert n >= 3 and all('rate_iops' not in c and 'rate_pct' not in c for c in search), search
assert p['rate_pct'] == 50 and r['rate_iops'] == 2000 and 'rate_pct' not in r, (p, r)
cap = d['auto']['modes'][0].get('iops_cap')
# the search cells the rates ran at: same mode, bs, depth and jobs
def at(x):
    return [c for c in search if (c['mode'], c['bs'], c['depth'], c['jobs']) ==
            (x['mode'], x['bs'], x['depth'], x['jobs'])]
assert r['status'] == 'ok' and at(r) and r['mode'] == 'randread', r
if cap:
    # the best of them (a depth the search went back to, or a cell it skipped, is there too)
    c = max(at(p), key=lambda x: x.get('iops') or 0)
    assert cap['bs_lo'] <= c['bs'] <= cap['bs_hi'], (c['bs'], cap)
    assert cap['lo'] * (1 - 1e-6) <= c['iops'] <= cap['hi'] * (1 + 1e-6), (c['iops'], cap)
    assert (r['bs'], r['depth']) == (p['bs'], p['depth']), (r, p)
    assert abs(p['rate_iops'] - cap['value'] * 0.5) <= 1e-6 * cap['value'], (p['rate_iops'], cap)
    assert p['status'] == 'ok', p
    # millions of null I/Os a second on a busy machine: most of the rate, never more
    assert 0.5 * p['rate_iops'] <= p['iops'] <= 1.02 * p['rate_iops'], (p['iops'], p['rate_iops'])
    print('50%% of the IOPS cap %.0f at bs %d QD%d: offered %.0f, achieved %.0f IOPS' %
          (cap['value'], p['bs'], p['depth'], p['rate_iops'], p['iops']))
else:
    assert p['status'] == 'skipped' and 'found no IOPS cap' in p['status_reason'], p
    print('no IOPS cap found: 50%% skipped:', p['status_reason'])
off = 2000 * r['runtime_ns'] / 1e9
assert abs(r['ios'] - off) <= 0.02 * off + 8, (r['ios'], off)
print('2000 IOPS offered: %d I/Os in %.3f s' % (r['ios'], r['runtime_ns'] / 1e9))
"
"$PY" - "$T/auto/report.md" <<'PYEOF' || fail "--auto --rate: report.md's latency-load section"
import re, sys
md = open(sys.argv[1]).read()
sec = md[md.index("## Latency at an offered load"):]
sec = sec[:sec.index("\n## ", 3)] if "\n## " in sec[3:] else sec
names = [l.split(" | ")[0].lstrip("| ") for l in sec.split("\n") if l.startswith("| randread")]
assert any(re.fullmatch(r"randread \S+ QD\d+ at 2,000 IOPS", x) for x in names), names
PYEOF
if [ -n "${fmt##*png*}" ]; then
    ok "--auto --rate: rate cells at the IOPS cap's cell after the search (no gnuplot: no load.png)"
else
    [ -s "$T/auto/load.png" ] || fail "--auto --rate: no load.png: $(ls "$T/auto")"
    ok "--auto --rate: rate cells at the IOPS cap's cell after the search, in report.md and load.png"
fi
