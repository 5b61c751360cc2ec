#!/bin/sh
# Jobs as a dimension in a large run: an import of 2,400 rows (2 modes x 4
# block sizes x depths 1-100 x jobs 1, 2, 4), over the 2,000 cells a report
# lays out one by one.  Its "Queue depth x jobs" table gives per mode and
# block size each job count's best IOPS over every depth, where it is and
# the saturating depth, and says so; its heat maps a row per block size, a
# square per job count, that best.  A row per depth (800 rows, 1,200
# squares a mode) is what made a 100,000-row import's report.html 198 MB.
# Not timed: bench/import-big.sh measures time and memory.
. "$top_srcdir/tests/common.sh"
cd "$T" || exit 1
awk 'BEGIN {
	split("randread write", mode, " ")
	split("4096 16384 65536 1048576", bs, " ")
	split("1 2 4", jobs, " ")
	print "mode,bs,depth,jobs,iops,runtime_s"
	for (m = 1; m <= 2; m++)
		for (b = 1; b <= 4; b++)
			for (d = 1; d <= 100; d++)
				for (j = 1; j <= 3; j++) {
					cap = 40000 * (j == 2 ? 1.3 : j == 3 ? 1.2 : 1) / b
					printf "%s,%d,%d,%d,%.1f,10\n", mode[m], bs[b], d, jobs[j],
					    cap * d / (d + 8) * (1 + 0.01 * ((d * 7 + j) % 5))
				}
}' >rows.csv
"$SWEEP" import --csv rows.csv --formats md,html,xlsx -o big >big.out 2>&1 ||
	fail "import: $(cat big.out)"
grep -q '^Imported 2400 cells' big.out || fail "no \"Imported 2400 cells\": $(cat big.out)"

# The table: three rows per mode and block size, each job count's best of every depth.
results_py big/results.json "
import re
md = open('big/report.md').read()
sec = md[md.index('## Queue depth x jobs'):]
sec = sec[:sec.index('\n## ', 5)]
assert 'A large run (2,400 cells): per mode and block size, each job count' in sec, sec[:400]
assert 'results.csv and report.xlsx (the Cells sheet) have every cell' in sec, sec[:400]
assert '| Mode, block size | 1 job | 2 jobs | 4 jobs | Scaling with jobs |' in sec, sec[:400]
rows = {l.split('|')[1].strip(): [x.strip() for x in l.split('|')[2:-1]]
        for l in sec.splitlines() if l.startswith('| randread') or l.startswith('| write')}
assert len(rows) == 2 * 4 * 3, (len(rows), list(rows)[:10])
best = {}
for c in d['cells']:
    k = (c['mode'], c['bs'], c['jobs'])
    if k not in best or c['iops'] > best[k]['iops']:
        best[k] = c
name = {4096: '4K', 16384: '16K', 65536: '64K', 1048576: '1M'}
for (mode, bs, jobs), c in best.items():
    col = [1, 2, 4].index(jobs)
    got = rows['%s %s best' % (mode, name[bs])][col]
    assert got.replace(',', '') == '%.0f' % c['iops'], (mode, bs, jobs, got, c['iops'])
    at = rows['%s %s best at' % (mode, name[bs])][col]
    assert at == 'QD%d' % c['depth'], (mode, bs, jobs, at, c['depth'])
    sat = rows['%s %s saturating depth' % (mode, name[bs])][col]
    assert re.fullmatch(r'QD\d+\+?', sat), sat
for mode in ('randread', 'write'):
    for b in name.values():
        assert rows['%s %s best' % (mode, b)][3].startswith('best at 2 jobs ('), rows
"
ok "report.md: depth x jobs as each job count's best of every depth, 24 rows, said so"

grep -q 'A large run (2,400 cells): per mode and block size' big/report.html ||
	fail "report.html does not say its depth x jobs table is summarised"
n=$(grep -c '<tr' big/report.html)
[ "$n" -lt 2400 ] || fail "report.html has $n table rows: a row per cell somewhere"
$PY - big/report.xlsx <<'PY' || fail "report.xlsx: the Summary sheet's depth x jobs rows"
import sys, openpyxl
ws = openpyxl.load_workbook(sys.argv[1], read_only=True)['Summary']
vals = [str(c) for row in ws.iter_rows(values_only=True) for c in row if c is not None]
assert any(v.startswith('A large run (2,400 cells): per mode') for v in vals), vals[:40]
assert 'write 1M best at' in vals and 'write 1M QD7' not in vals, vals[-40:]
PY
ok "report.html and report.xlsx: the same summary and its note"

# The heat maps: a row per block size, a square per job count: each job count's best.
results_py big/results.json "
best = {}
for c in d['cells']:
    k = (c['mode'], c['bs'], c['jobs'])
    if k not in best or c['iops'] > best[k]['iops']:
        best[k] = c
for mode in ('randread', 'write'):
    rows = [l.rstrip('\n').split('\t') for l in open('big/jobs-%s.dat' % mode)
            if not l.startswith('#')]
    assert len(rows) == 4 * 3, (mode, len(rows))
    for r in rows:
        c = best[(mode, int(r[6]), int(r[5]))]
        assert r[2] == '%.1f' % c['iops'] and int(r[7]) == c['depth'], (r, c['iops'], c['depth'])
        assert r[3].endswith(' (QD%d)\"' % c['depth']), r
    gp = open('big/jobs-%s.gp' % mode).read()
    assert 'the best of every queue depth' in gp and \"('4K' 0, '16K' 1, '64K' 2, '1M' 3)\" in gp, mode
"
ok "the heat maps: a row per block size, each square the best of every depth, its depth named"
exit 0
