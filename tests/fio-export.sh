#!/bin/sh
# sweep plan --fio-jobfile: fio accepts the job file, runs it, and sweep
# import of fio's JSON gives back the plan's cells in order, with the
# plan's runtime, seed, rwmixread and steady-state test.
. "$top_srcdir/tests/common.sh"
command -v fio >/dev/null 2>&1 || skip "fio is not installed (apt-get install fio)"
need_odirect
cd "$T" || exit 1

dd if=/dev/urandom of="$T/t.dat" bs=1M count=32 status=none || fail "dd could not lay out t.dat"
# randrw writes to t.dat, data sweep did not create: plan asks --destructive, as run does.
"$SWEEP" plan --file "$T/t.dat" --size 32m --modes read,randrw --bs 4k --depth 4 --jobs 1,2 \
    --destructive --runtime 1 --ramp 0 --seed 5 --rwmixread 60 --steady 3 --steady-window 2 \
    --fio-jobfile "$T/p.fio" >"$T/plan.out" 2>"$T/err" ||
	fail "plan --fio-jobfile: exit $?: $(cat "$T/err")"
[ -s "$T/p.fio" ] || fail "no job file written"
ls "$T" | grep -q 'p.fio.tmp' && fail "temp file left behind"

# The plan's cells as "mode bs depth jobs" lines, from the plan table.
awk '$1 ~ /^[0-9]+$/ && NF == 5 { print $2, $3, $4, $5 }' "$T/plan.out" >"$T/cells.want"
[ "$(wc -l <"$T/cells.want")" -eq 4 ] || fail "expected a 4-cell plan: $(cat "$T/plan.out")"

# The job file: [global] with what every cell shares, one stonewalled job per cell.
"$PY" - "$T/p.fio" "$T/cells.want" "$T/t.dat" <<'PYEOF' || fail "job file content is wrong: $(cat "$T/p.fio")"
import sys
sections, cur = [], None
for line in open(sys.argv[1]):
    line = line.strip()
    if not line or line[0] in "#;":
        continue
    if line.startswith("["):
        cur = (line[1:-1], {})
        sections.append(cur)
    else:
        k, _, v = line.partition("=")
        cur[1][k] = v
g = dict(sections[0][1])
assert sections[0][0] == "global", sections[0][0]
want = {"ioengine": "libaio", "direct": "1", "time_based": "1", "runtime": "1", "ramp_time": "0",
        "size": "32m", "filename": sys.argv[3], "randseed": "5", "rwmixread": "60",
        "group_reporting": "1", "norandommap": "1", "steadystate": "iops:3%",
        "steadystate_duration": "2"}
for k, v in want.items():
    assert g.get(k) == v, (k, g.get(k), v)
fio_rw = {"read": "read", "randrw": "randrw"}
cells = [l.split() for l in open(sys.argv[2])]
jobs = sections[1:]
assert [j[0] for j in jobs] == ["%s-%s-qd%s-j%s" % tuple(c) for c in cells], [j[0] for j in jobs]
for (name, o), (mode, bs, depth, n) in zip(jobs, cells):
    assert "stonewall" in o, name
    assert (o["rw"], o["bs"], o["iodepth"], o["numjobs"]) == (fio_rw[mode], bs, depth, n), (name, o)
# sequential jobs of one cell: an equal slice each
assert jobs[1][1].get("offset_increment") == "16m" and jobs[1][1].get("size") == "16m", jobs[1]
assert "offset_increment" not in jobs[3][1], jobs[3]
PYEOF
fio --parse-only "$T/p.fio" >"$T/parse.out" 2>&1 || fail "fio --parse-only rejects the job file: $(cat "$T/parse.out")"
ok "job file: [global] and 4 stonewalled jobs; fio --parse-only accepts it"

# Run it with fio and import the JSON: the same cells, in order.
fio --output-format=json --output="$T/out.json" "$T/p.fio" >"$T/fio.out" 2>&1 ||
	fail "fio run of the job file: exit $?: $(cat "$T/fio.out")"
"$SWEEP" import "$T/out.json" -o "$T/imp" --formats csv >"$T/imp.out" 2>"$T/err" ||
	fail "import of fio's output: exit $?: $(cat "$T/err")"
results_py "$T/imp/results.json" "
want = [l.split() for l in open('$T/cells.want')]
got = [[c['mode'], '%dk' % (c['bs'] // 1024), str(c['depth']), str(c['jobs'])] for c in d['cells']]
assert got == want, (got, want)
assert [[c['mode'], '%dk' % (c['bs'] // 1024), str(c['depth']), str(c['jobs'])] for c in d['plan']['cells']] == want
assert all(c['status'] == 'ok' and c['ios'] > 0 for c in d['cells']), [c['status_reason'] for c in d['cells']]
p = d['plan']
assert (p['engine'], p['runtime_s'], p['ramp_s'], p['seed'], p['rwmixread']) == ('libaio', 1, 0, 5, 60), p
assert (p['steady_pct'], p['steady_window_s']) == (3, 2), p
assert d['target']['path'] == '$T/t.dat' and d['target']['size_bytes'] == 32 << 20, d['target']
for c in d['cells']:
    if c['mode'] == 'randrw':
        frac = c['read_ios'] / c['ios']
        assert abs(frac - 0.60) < 0.05 or c['ios'] < 500, (c['jobs'], frac)
"
ok "fio ran the job file; sweep import gives the plan's 4 cells in order"

# Every engine sweep has maps to a fio engine fio accepts.
for engine in psync null io_uring; do
	"$SWEEP" plan --file "$T/t.dat" --size 32m --engine $engine --modes randread --bs 4k \
	    --depth 1 --fio-jobfile "$T/$engine.fio" >/dev/null 2>&1 || continue
	grep -q "^ioengine=$engine\$" "$T/$engine.fio" || fail "$engine: ioengine line missing"
	fio --parse-only "$T/$engine.fio" >/dev/null 2>&1 || fail "fio --parse-only rejects ioengine=$engine"
done
ok "psync, null (and io_uring where built) job files parse"

# The default scratch file: the last job removes it, as sweep does without --keep.
mkdir "$T/scratch" && cd "$T/scratch" || exit 1
"$SWEEP" plan --size 32m --modes randread,read --bs 4k --depth 1 --fio-jobfile "$T/s.fio" >/dev/null 2>&1 ||
	fail "plan with the default target failed"
cd "$T" || exit 1
grep -q '^filename=sweep.dat$' "$T/s.fio" || fail "scratch job file has no filename=sweep.dat"
[ "$(grep -c '^unlink=1$' "$T/s.fio")" -eq 1 ] || fail "want one unlink=1"
tail -n 1 "$T/s.fio" | grep -q '^unlink=1$' || fail "unlink=1 is not on the last job"
ok "scratch sweep.dat: unlink=1 on the last job only"

# A colon in the path is escaped for fio (filename= splits on ':').
: >"$T/a:b.dat"
"$SWEEP" plan --file "$T/a:b.dat" --size 32m --modes randread --bs 4k --depth 1 \
    --fio-jobfile "$T/colon.fio" >/dev/null 2>&1 || fail "plan with a colon in the path failed"
grep -qF 'filename='"$T"'/a\:b.dat' "$T/colon.fio" || fail "colon not escaped: $(grep filename "$T/colon.fio")"
fio --parse-only "$T/colon.fio" >/dev/null 2>&1 || fail "fio rejects the escaped filename"
ok "a ':' in the path is written '\\:'"

# A job file that cannot be written: one line, exit 2, no file.
expect_usage "--fio-jobfile in a missing directory" "$SWEEP" plan --file "$T/t.dat" --size 32m \
    --modes randread --bs 4k --depth 1 --fio-jobfile "$T/no/such/dir/p.fio"
grep -q "^sweep: --fio-jobfile $T/no/such/dir/p.fio: No such file or directory" "$T/.err" ||
	fail "message: $(cat "$T/.err")"
