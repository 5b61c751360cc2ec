#!/bin/sh
# Jobs as a dimension: a run at several job counts gets a "Queue depth x
# jobs" section in report.md, report.html and report.xlsx (IOPS by block
# size and depth x job count, the saturating depth per job count, how IOPS
# scale with jobs), and the summary says which job count its saturation
# is of; a run at one job count gets no such section.  The null engine:
# this tests the pipeline, not a device.
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
"
grep -q 'Queue depth x jobs' j/report.html || fail "no section in report.html"
$PY - j/report.xlsx <<'PY' || fail "report.xlsx: no depth x jobs rows"
import sys, openpyxl
wb = openpyxl.load_workbook(sys.argv[1])
vals = [str(c.value) for ws in wb for row in ws.iter_rows() for c in row if c.value is not None]
assert 'Queue depth x jobs' in vals and 'randread 4K saturating depth' in vals, vals[:40]
PY
ok "a run at 1, 2 and 4 jobs: the depth x jobs section in md, html and xlsx, figures equal results.json"
"$SWEEP" run --engine null --file g.img --size 16m --modes randread --bs 4k --depth 1,4 \
    --runtime 1 --ramp 0 --steady 0 --formats md -o one >one.out 2>&1 || fail "run: $(cat one.out)"
! grep -q 'Queue depth x jobs' one/report.md || fail "a one-job run has a depth x jobs section"
ok "a run at one job count: no such section"
exit 0
