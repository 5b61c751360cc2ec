#!/bin/sh
# sweep import of the JSON of every fio version people run: real output of
# fio 2.2.10, 2.21, 3.1, 3.7, 3.12, 3.19 and a bench-fio folder of fio 3.33
# (tests/fixtures/fio-versions, README.md there).  Each figure equals fio's
# own in its version's layout (latency in us before fio 3, no bw_bytes
# before 3.2, no N before 3.18): IOPS exactly, bandwidth to 0.1%, latency
# to the ns (or 1 us); clones are fio's group aggregate; logs give series;
# client/server output imports; fio 2.2 (no job options) is refused.
. "$top_srcdir/tests/common.sh"
FV="$top_srcdir/tests/fixtures/fio-versions"
cd "$T" || exit 1

CHECK='
def raw(path):
    s = open(path).read()
    return json.loads(s[s.index("\n{") + 1:] if not s.startswith("{") else s)
def dirs(mode):
    return {"read": ["read"], "randread": ["read"], "write": ["write"],
            "randwrite": ["write"]}.get(mode, ["read", "write"])
def near(a, b, rel, what):
    assert abs(a - b) <= rel * max(abs(b), 1e-9), (what, a, b)
def lat(o, old):
    r = o.get("clat_ns") or {}
    if old:     # fio 2.x: microseconds under clat
        r = {k: (v * 1000 if not isinstance(v, dict) else {p: x * 1000 for p, x in v.items()})
             for k, v in o["clat"].items()}
    return r
def check(c, entries, old, what):
    ds, win = dirs(c["mode"]), {}
    ios = {x: sum(e[x]["total_ios"] for e in entries) for x in ds}
    byt = {x: sum(e[x]["io_bytes"] * (1024 if old and "io_kbytes" not in e[x] else 1)
              for e in entries) for x in ds}
    win = {x: max(e[x]["runtime"] for e in entries) / 1000 for x in ds}
    if len(entries) == 1:
        near(c["iops"], sum(entries[0][x]["iops"] for x in ds), 1e-9, what + " iops")
    else:       # clones: fio group_reporting: I/Os over the longest window
        near(c["iops"], sum(ios[x] / win[x] for x in ds if win[x]), 1e-9, what + " iops")
    near(c["bw_bytes_s"], sum(byt[x] / win[x] for x in ds if win[x]), 1e-3, what + " bw")
    assert c["lat_ns"]["mean"] > 0 and c["lat_ns"]["p50"] > 0, (what, c["lat_ns"])
    if len(entries) == 1 and len(ds) == 1:
        l = lat(entries[0][ds[0]], old)
        near(c["lat_ns"]["mean"], l["mean"], 1e-9, what + " mean")
        assert c["lat_ns"]["p50"] == round(l["percentile"]["50.000000"]), (what, c["lat_ns"], l["percentile"])
        assert c["lat_ns"]["p99"] == round(l["percentile"]["99.000000"]), (what, c["lat_ns"])
    elif len(entries) == 1:     # both directions: the pooled mean of the two
        ls = [lat(entries[0][x], old) for x in ds]
        near(c["lat_ns"]["mean"], sum(l["mean"] * ios[x] for l, x in zip(ls, ds)) / sum(ios.values()),
             1e-6, what + " pooled mean")
'

n=0
for v in 2.21 3.1 3.7 3.12 3.19; do
	for f in mixed clones logs; do
		cp "$FV/$v/$f.json" "$f-$v.json"
		[ $f = logs ] && cp "$FV/$v"/logs_*.log .
		"$SWEEP" import "$f-$v.json" -o "$f-$v" --formats csv >"$f-$v.out" 2>&1 ||
			fail "fio $v $f.json: $(cat "$f-$v.out")"
		results_py "$f-$v/results.json" "
$CHECK
f = raw('$f-$v.json')
jobs = [j for j in f['jobs']]
old = '$v'.startswith('2.')
if '$f' == 'clones' and old:    # fio 2: numjobs=3, then a job of the same name for 1 s
    assert [c['jobs'] for c in d['cells']] == [3, 1], d['cells']
    check(d['cells'][0], jobs[0:3], old, '$v clones')
    check(d['cells'][1], jobs[3:4], old, '$v clones, the 1 s job')
elif '$f' == 'clones':          # fio 3: numjobs=4, steadystate stops some early
    assert len(d['cells']) == 1 and d['cells'][0]['jobs'] == 4, d['cells']
    check(d['cells'][0], jobs, old, '$v clones')
else:
    assert len(d['cells']) == len(jobs), (len(d['cells']), len(jobs))
    for c, j in zip(d['cells'], jobs):
        check(c, [j], old, '$v $f ' + j['jobname'])
if '$f' == 'logs':
    c = d['cells'][0]
    assert len(c['series']['ios']) >= 3, c['series']
    assert c['stability']['verdict'] != 'unknown', c['stability']
w = ' '.join(d['warnings'])
assert ('units of fio 3.19' in w) == ('$v' != '3.19'), w
"
		n=$((n + 1))
	done
done
ok "fio 2.21, 3.1, 3.7, 3.12, 3.19: $n imports with IOPS, bandwidth and latency equal to fio's own; clones as fio's group; logs as series"

# fio's steady state is worded as fio's own criterion, not as sweep's --steady; cells
# that ran different times say so in the header (2 s jobs and 5 s clones: "2-5 s per cell").
"$SWEEP" import "$FV/3.19/clones.json" "$FV/3.19/mixed.json" -o times --formats md,csv \
    >times.out 2>&1 || fail "import of 2 s and 5 s jobs: $(cat times.out)"
grep -q 'libaio, 2-5 s per cell' times/report.md || fail "header: $(grep -m1 Engine times/report.md)"
grep -qF 'Steady state: fio'"'"'s own criterion, steadystate=iops:1%, ss\_dur=2' times/report.md ||
	fail "steady state: $(grep 'Steady state' times/report.md)"
! grep -q -- '--steady 1' times/report.md || fail "fio's criterion worded as --steady"
ok "fio's steadystate worded as fio's; cells of 2 s and 5 s: \"2-5 s per cell\""

# Client/server output of an old fio (4 lines of text before the JSON).
for v in 3.1 3.7; do
	"$SWEEP" import "$FV/$v/client.json" -o "client-$v" --formats csv >"client-$v.out" 2>&1 ||
		fail "fio $v client.json: $(cat "client-$v.out")"
	results_py "client-$v/results.json" "
$CHECK
f = raw('$FV/$v/client.json')
jobs = [j for j in f['client_stats'] if j['jobname'] != 'All clients']
assert len(d['cells']) == len(jobs) == 3, (len(d['cells']), len(jobs))
for c, j in zip(d['cells'], jobs):
    check(c, [j], False, '$v client ' + j['jobname'])
"
done
ok "fio 3.1 and 3.7 client/server output: the figures of each job"

# fio 2.2.10 writes no job options: refused, saying so; its failed run quotes nothing false.
expect_usage "fio 2.2.10" "$SWEEP" import "$FV/2.2.10/mixed.json" -o old
grep -q 'fio-2.2.10, whose JSON holds no job options' "$T/.err" || fail "2.2.10: $(cat "$T/.err")"

# A failed run: fio 3.1-3.12 mark the job with error 20 (a failed cell); 3.19 writes zeros.
for v in 3.1 3.12; do
	"$SWEEP" import "$FV/$v/failed.json" -o "failed-$v" --formats csv >/dev/null 2>"failed-$v.err" ||
		fail "fio $v failed.json: $(cat "failed-$v.err")"
	results_py "failed-$v/results.json" "
c = d['cells'][0]
assert c['status'] == 'failed' and 'error 20' in c['status_reason'], (c['status'], c['status_reason'])
"
done
ok "fio 3.1 and 3.12 failed runs: a failed cell naming fio's error 20"

# The bench-fio folder of fio 3.33: one run of its 12 files.
"$SWEEP" import "$FV/3.33/bench/data" -o bench --formats csv >bench.out 2>&1 || fail "bench folder: $(cat bench.out)"
results_py bench/results.json "
$CHECK
import glob, os
files = sorted(glob.glob('$FV/3.33/bench/data/*/*.json'))
assert len(d['cells']) == len(files) == 12, (len(d['cells']), len(files))
seen = {}
for p in files:
    j = raw(p)['jobs'][0]
    o = j['job options']
    seen[(o['rw'], o['bs'], o['iodepth'])] = j
for c in d['cells']:
    bs = {4096: '4k', 65536: '64k', 1048576: '1m'}[c['bs']]
    check(c, [seen[(c['mode'], bs, str(c['depth']))]], False, 'bench %s %s QD%d' % (c['mode'], bs, c['depth']))
"
ok "bench-fio folder of fio 3.33: 12 files, one run, every figure fio's"
exit 0
