#!/bin/sh
# Jobs as a dimension: a run at several job counts gets a "Queue depth x
# jobs" section in report.md, report.html and report.xlsx (IOPS by block
# size and depth x job count, the saturating depth per job count, how IOPS
# scale with jobs), and the summary says which job count its saturation
# is of, and a heat map chart per mode (jobs-MODE: IOPS by block size and
# depth x job count); a run at one job count gets no such section and no
# such chart.  The null engine: this tests the pipeline, not a device.
. "$top_srcdir/tests/common.sh"
cd "$T" || exit 1
"$SWEEP" run --engine null --file f.img --size 16m --modes randread --bs 4k,64k \
    --depth 1,4,16 --jobs 1,2,4 --runtime 1 --ramp 0 --steady 0 --formats md,html,xlsx -o j \
    >j.out 2>&1 || fail "run: $(cat j.out)"
grep -q '^## Queue depth x jobs' j/report.md || fail "no depth x jobs section: $(grep '^## ' j/report.md)"
grep -q '^| Mode, block size, depth | 1 job | 2 jobs | 4 jobs | Scaling with jobs |' j/report.md ||
	fail "columns: $(grep -A1 '^## Queue depth x jobs' j/report.md)"
results_py j/results.json "
import re
md = open('j/report.md').read()
sec = md[md.index('## Queue depth x jobs'):]
sec = sec[:sec.index('\n## ', 5)]
rows = {l.split('|')[1].strip(): [x.strip() for x in l.split('|')[2:-1]]
        for l in sec.splitlines() if l.startswith('| randread')}
assert len(rows) == 8, rows.keys()
for c in d['cells']:
    bs = {4096: '4K', 65536: '64K'}[c['bs']]
    got = rows['randread %s QD%d' % (bs, c['depth'])][[1, 2, 4].index(c['jobs'])]
    assert got.replace(',', '') == '%.0f' % c['iops'], (c['bs'], c['depth'], c['jobs'], got, c['iops'])
for bs in ('4K', '64K'):
    sat = rows['randread %s saturating depth' % bs]
    assert all(re.fullmatch(r'QD(1|4|16)\+?', x) for x in sat[:3]), sat
    for qd in (1, 4, 16):
        assert re.match(r'(best at \d jobs? \(|no change with jobs)', rows['randread %s QD%d' % (bs, qd)][3]), rows
assert 'at 4 KiB with 1 job' in md, 'the summary does not say its saturation is of 1 job'
# the summary line on jobs: each job count's best IOPS over the depths at 4 KiB
best = {}
for c in d['cells']:
    if c['bs'] == 4096:
        best[c['jobs']] = max(best.get(c['jobs'], 0), c['iops'])
line = 'IOPS by jobs at 4 KiB, the best depth of each: ' + ', '.join(
    '%d job%s %s' % (j, '' if j == 1 else 's', format(round(best[j]), ',')) for j in (1, 2, 4))
assert line in md, (line, [l for l in md.splitlines() if 'IOPS by jobs' in l])
top = max(best, key=best.get)
assert ('best at %d job' % top) in md.split(line)[1][:40], md.split(line)[1][:80]
assert line in open('j.out').read(), 'the terminal conclusions lack the jobs line'
"
grep -q 'Queue depth x jobs' j/report.html || fail "no section in report.html"
$PY - j/report.xlsx <<'PY' || fail "report.xlsx: no depth x jobs rows"
import sys, openpyxl
wb = openpyxl.load_workbook(sys.argv[1])
vals = [str(c.value) for ws in wb for row in ws.iter_rows() for c in row if c.value is not None]
assert 'Queue depth x jobs' in vals and 'randread 4K saturating depth' in vals, vals[:40]
PY
ok "a run at 1, 2 and 4 jobs: the depth x jobs section in md, html and xlsx, figures equal results.json"

# The heat map: jobs-randread.gp and .dat always, a square per cell with its IOPS.
"$SWEEP" report j/results.json --formats md,png,svg -o hm >hm.out 2>&1 || fail "report: $(cat hm.out)"
[ -s hm/jobs-randread.gp ] && [ -s hm/jobs-randread.dat ] || fail "no jobs-randread.gp/.dat: $(ls hm)"
$PY - j/results.json <<'PY' || fail "jobs-randread.dat or .gp: not the cells of results.json"
import json, sys
d = json.load(open(sys.argv[1]))
rows = [l.rstrip('\n').split('\t') for l in open('hm/jobs-randread.dat') if not l.startswith('#')]
assert len(rows) == 18, len(rows)
got = {(int(r[6]), int(r[7]), int(r[5])): r for r in rows}
for c in d['cells']:
    r = got[(c['bs'], c['depth'], c['jobs'])]
    assert r[2] == '%.1f' % c['iops'], (r, c['iops'])
    assert r[3].startswith('"') and r[8] == '-', r
assert [r[0] for r in rows[:3]] == ['0', '1', '2'] and rows[3][1] == '1', rows[:4]
gp = open('hm/jobs-randread.gp').read()
assert "('1 job' 0, '2 jobs' 1, '4 jobs' 2)" in gp, 'x tics'
assert "('4K QD1' 0, '4K QD4' 1, '4K QD16' 2, '64K QD1' 3" in gp, 'y tics'
assert 'with boxxy fillcolor palette' in gp and 'with labels' in gp
PY
if command -v gnuplot >/dev/null 2>&1; then
	for f in png svg; do
		[ -s "hm/jobs-randread.$f" ] || fail "no jobs-randread.$f: $(cat hm.out)"
	done
	grep -q '](jobs-randread.png)' hm/report.md || fail "report.md does not link jobs-randread.png"
	ok "the heat map: jobs-randread.png and .svg, linked from report.md, its .dat equal to results.json"
else
	ok "the heat map: jobs-randread.gp and .dat equal to results.json (gnuplot not installed: not rendered)"
fi

# A caveat mark on its square (which sets no colour scale: issue 35; an arrow
# after it when beyond the others' log scale), a failed
# cell blank, and a label with quotes and a backquote kept out of gnuplot's reach.
mkdir odd
$PY - j/results.json <<'PY' || fail "could not write odd/results.json"
import json, sys
d = json.load(open(sys.argv[1]))
d['label'] = "o'brien \"\" \\ `touch pwned` $(touch pwned)"
for c in d['cells']:
    if (c['bs'], c['depth'], c['jobs']) == (4096, 1, 1):
        c['iops'], c['ios'] = 523.4, 523
    if (c['bs'], c['depth'], c['jobs']) == (65536, 16, 4):
        c['status'], c['status_reason'] = 'failed', 'test'
json.dump(d, open('odd/results.json', 'w'))
PY
"$SWEEP" report odd/results.json --formats png,svg -o odd >odd.out 2>&1 || fail "report: $(cat odd.out)"
$PY - <<'PY' || fail "odd/jobs-randread: no mark, no blank, or a caveat sets the colour scale"
import re
rows = {(int(r[6]), int(r[7]), int(r[5])): r for r in
        (l.rstrip('\n').split('\t') for l in open('odd/jobs-randread.dat') if not l.startswith('#'))}
assert rows[(4096, 1, 1)][3] in ('"523 \u2260"', '"523 \u2260 \u2193"') and rows[(4096, 1, 1)][8] == '\u2260', rows[(4096, 1, 1)]
assert rows[(65536, 16, 4)][2:4] == ['NaN', '""'], rows[(65536, 16, 4)]
gp = open('odd/jobs-randread.gp').read()
assert 'BW check failed' in gp, 'no legend of the marks'
# The square with a caveat (523 IOPS, its BW check failed) does not stretch
# the colour scale (issue 35): no log scale down to it.
lo = re.search(r'set cbrange \[([-0-9.e+]+):', gp)
assert 'set logscale cb' not in gp or float(lo.group(1)) > 523, 'the scale reaches 523: %s' % lo.group(0)
PY
[ ! -e odd/pwned ] && [ ! -e pwned ] || fail "a backquote in the label ran a command"
if command -v gnuplot >/dev/null 2>&1; then
	[ -s odd/jobs-randread.png ] || fail "odd: no jobs-randread.png: $(cat odd.out)"
fi
ok "the heat map: a mark on a square with a caveat, kept out of the colour scale; a failed cell blank"
"$SWEEP" run --engine null --file g.img --size 16m --modes randread --bs 4k --depth 1,4 \
    --runtime 1 --ramp 0 --steady 0 --formats md,png -o one >one.out 2>&1 || fail "run: $(cat one.out)"
! grep -q 'Queue depth x jobs' one/report.md || fail "a one-job run has a depth x jobs section"
[ -s one/iops.gp ] || fail "a one-job run has no charts: $(ls one)"
! ls one/jobs-* >/dev/null 2>&1 || fail "a one-job run has a heat map: $(ls one/jobs-*)"
ok "a run at one job count: no such section, no heat map"
exit 0
