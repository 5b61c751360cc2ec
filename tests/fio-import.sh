#!/bin/sh
# sweep import of fio 3.x JSON: fixtures written by the real fio
# (tests/fixtures/fio/README.md says how).  Every figure must equal fio's
# own number (or its sum over clones), the cell list must follow fio's jobs,
# unsupported jobs are left out with a reason, and output that is not fio
# 3.x JSON is refused with one line and exit 2.
. "$top_srcdir/tests/common.sh"
FX="$top_srcdir/tests/fixtures/fio"
cd "$T" || exit 1

# Figures of fio entry j in the directions d, as sweep sums them.
CHECK_PY='
def fio_json(path):
    s = open(path).read()
    return json.loads(s[s.index("\n{") + 1:] if not s.startswith("{") else s)
def dirs(mode):
    return {"read": ["read"], "randread": ["read"], "write": ["write"],
            "randwrite": ["write"]}.get(mode, ["read", "write"])
def same(a, b, what):
    assert abs(a - b) <= 1e-9 * max(abs(a), abs(b), 1), (what, a, b)
def check_sums(c, entries, jobs_per_entry):
    ds = dirs(c["mode"])
    if len(entries) == 1:
        same(c["iops"], sum(e[x]["iops"] for e in entries for x in ds), "iops")
        same(c["bw_bytes_s"], sum(e[x]["bw_bytes"] for e in entries for x in ds), "bw")
    else:   # clones: total I/Os and bytes over the longest window, as group_reporting
        win = {x: max(e[x]["runtime"] for e in entries) / 1000 for x in ds}
        same(c["iops"], sum(sum(e[x]["total_ios"] for e in entries) / win[x] for x in ds if win[x]), "iops")
        same(c["bw_bytes_s"], sum(sum(e[x]["io_bytes"] for e in entries) / win[x] for x in ds if win[x]), "bw")
    assert c["ios"] == sum(e[x]["total_ios"] for e in entries for x in ds), "ios"
    assert c["bytes"] == sum(e[x]["io_bytes"] for e in entries for x in ds), "bytes"
    assert c["read_ios"] == (sum(e["read"]["total_ios"] for e in entries) if "read" in ds else 0)
    assert c["runtime_ns"] == max(e[x]["runtime"] for e in entries for x in ds) * 1000000
    same(c["cpu"]["usr_pct"], sum(e["usr_cpu"] for e in entries) * jobs_per_entry, "usr")
    same(c["cpu"]["sys_pct"], sum(e["sys_cpu"] for e in entries) * jobs_per_entry, "sys")
PCT = [("p50", "50.000000"), ("p90", "90.000000"), ("p99", "99.000000"),
       ("p99.9", "99.900000"), ("p99.99", "99.990000")]
def check_lat_exact(c, e, d):
    l, f = c["lat_ns"], e[d]["clat_ns"]
    for k, fk in PCT:
        assert l[k] == f["percentile"][fk], (k, l[k], f["percentile"][fk])
    assert l["min"] == f["min"] and l["max"] == f["max"], "min/max"
    same(l["mean"], f["mean"], "mean")
    same(l["stdev"], f["stddev"], "stdev")
'

# groups.json: three stonewalled cells, group_reporting.  fio's JSON has no
# per-second series, so the series charts are not asked for here.
"$SWEEP" import "$FX/groups.json" -o "$T/groups" --formats csv,xlsx,md >"$T/out" 2>"$T/err" ||
	fail "import groups.json: exit $?: $(cat "$T/err")"
grep -q "Imported 3 cells" "$T/out" || fail "import groups.json said: $(cat "$T/out")"
results_py "$T/groups/results.json" "
$CHECK_PY
f = fio_json('$FX/groups.json')
cells = [(c['mode'], c['bs'], c['depth'], c['jobs']) for c in d['cells']]
assert cells == [('randread', 4096, 8, 1), ('write', 65536, 1, 1), ('randrw', 4096, 4, 2)], cells
assert [(c['mode'], c['bs'], c['depth'], c['jobs']) for c in d['plan']['cells']] == cells
assert all(c['status'] == 'ok' for c in d['cells'])
assert all(c['bw_check']['verdict'] == 'ok' for c in d['cells']), [c['bw_check'] for c in d['cells']]
jobs = f['jobs']
check_sums(d['cells'][0], [jobs[0]], 1)
check_sums(d['cells'][1], [jobs[1]], 1)
check_sums(d['cells'][2], [jobs[2]], 2)      # one group-reported entry for numjobs=2
check_lat_exact(d['cells'][0], jobs[0], 'read')
check_lat_exact(d['cells'][1], jobs[1], 'write')
# randrw: fio has separate read and write tables; the merge lies between them
l, r, w = d['cells'][2]['lat_ns'], jobs[2]['read']['clat_ns'], jobs[2]['write']['clat_ns']
for k, fk in PCT:
    lo, hi = sorted([r['percentile'][fk], w['percentile'][fk]])
    assert lo * 0.999 <= l[k] <= hi * 1.001, (k, lo, l[k], hi)
assert l['min'] == min(r['min'], w['min']) and l['max'] == max(r['max'], w['max'])
p = d['plan']
assert (p['engine'], p['runtime_s'], p['ramp_s'], p['seed'], p['rwmixread']) == ('libaio', 1, 0, 7, 70), p
t = d['target']
assert (t['path'], t['kind'], t['size_bytes']) == ('/tmp/sweep-fio-fixture/t.dat', 'file', 32 << 20), t
assert d['label'] == 'groups' and d['started_utc'].startswith('20'), (d['label'], d['started_utc'])
assert any('disk_util' in w and 'vda' in w for w in d['warnings']), d['warnings']
assert any('estimated' in w and 'randrw-4k-qd4-j2' in w for w in d['warnings']), d['warnings']
"
for f in results.csv report.md report.xlsx; do
	[ -s "$T/groups/$f" ] || fail "import wrote no $f"
done
"$SWEEP" report "$T/groups/results.json" -o "$T/again" --formats csv,md >/dev/null 2>&1 ||
	fail "sweep report on an imported results.json failed"
cmp -s "$T/groups/results.csv" "$T/again/results.csv" || fail "sweep report gave another results.csv"
ok "groups.json: 3 cells equal to fio's figures; reports written and re-made"

# Default formats: fio's JSON has no per-second series, so no series chart
# (gnuplot fails on an empty plot) and no reference to one in md or html.
if command -v gnuplot >/dev/null 2>&1; then
	"$SWEEP" import "$FX/clones.json" -o "$T/deflt" >"$T/out" 2>"$T/err" ||
		fail "import with default formats: exit $?: $(cat "$T/err")"
	for f in iops.png bw.png latency.png report.html report.md report.xlsx; do
		[ -s "$T/deflt/$f" ] || fail "default formats: no $f"
	done
	ls "$T/deflt" | grep -q '^series-' && fail "series chart made without a per-second series"
	grep -q 'series-' "$T/deflt/report.md" "$T/deflt/report.html" &&
		fail "md or html refers to a series chart that was not made"
	# A series of zeros (a log axis has no point) and latency only above
	# the lowest depth: charts without a point are left out, the rest made.
	"$PY" - "$T/deflt/results.json" "$T/hostile" <<'EOF' || fail "editing results.json"
import json, os, sys
d = json.load(open(sys.argv[1]))
for c in d["cells"]:
    c["series"]["ios"] = [0, 0, 0]
    c["series"]["bytes"] = [0, 0, 0]
c = d["cells"][0]
for k in c["lat_ns"]:
    c["lat_ns"][k] = 0
extra = json.loads(json.dumps(d["cells"][0]))
extra["index"], extra["depth"] = len(d["plan"]["cells"]), 8
extra["lat_ns"]["p50"] = extra["lat_ns"]["p99"] = extra["lat_ns"]["p99.9"] = 1000
d["plan"]["cells"].append({k: extra[k] for k in ("mode", "bs", "depth", "jobs")})
d["cells"].append(extra)
os.makedirs(sys.argv[2])
json.dump(d, open(sys.argv[2] + "/results.json", "w"))
EOF
	"$SWEEP" report "$T/hostile" >"$T/out" 2>"$T/err" || fail "report of zero series: $(cat "$T/err")"
	[ -s "$T/hostile/latency.png" ] || fail "latency chart of the depth that has latency not made"
	ls "$T/hostile" | grep -q '^series-' && fail "series chart of zeros made"
	ok "default formats on fio output: exit 0, no series chart; charts without a point left out"
fi

# --label names the run (and the default output directory).
"$SWEEP" import "$FX/groups.json" --label fleet-a --formats csv >/dev/null 2>&1 ||
	fail "import --label failed"
results_py "$T/reports/fleet-a-imported/results.json" "assert d['label'] == 'fleet-a', d['label']"
ok "--label fleet-a: reports/fleet-a-imported"

# Text before the JSON (fio prints errors and warnings there) is skipped.
{ printf 'fio: something fio printed first\n{not json}\n'; cat "$FX/groups.json"; } >"$T/noisy.json"
"$SWEEP" import "$T/noisy.json" -o "$T/noisy" --formats csv >/dev/null 2>&1 ||
	fail "import with text before the JSON failed"
results_py "$T/noisy/results.json" "assert len(d['cells']) == 3"
ok "text before the JSON is skipped"

# clones.json: numjobs=2 and 3 without group_reporting, summed per cell.
"$SWEEP" import "$FX/clones.json" -o "$T/clones" --formats csv >/dev/null 2>"$T/err" ||
	fail "import clones.json: $(cat "$T/err")"
results_py "$T/clones/results.json" "
$CHECK_PY
f = fio_json('$FX/clones.json')
jobs = f['jobs']
assert [j['jobname'] for j in jobs] == ['randread-4k-j2'] * 2 + ['rw-16k-j3'] * 3
cells = [(c['mode'], c['bs'], c['depth'], c['jobs']) for c in d['cells']]
assert cells == [('randread', 4096, 1, 2), ('readwrite', 16384, 1, 3)], cells
check_sums(d['cells'][0], jobs[0:2], 1)
check_sums(d['cells'][1], jobs[2:5], 1)
l = d['cells'][0]['lat_ns']
for k, fk in PCT:
    v = [j['read']['clat_ns']['percentile'][fk] for j in jobs[0:2]]
    assert min(v) * 0.999 <= l[k] <= max(v) * 1.001, (k, v, l[k])
assert l['min'] == min(j['read']['clat_ns']['min'] for j in jobs[0:2])
assert l['max'] == max(j['read']['clat_ns']['max'] for j in jobs[0:2])
assert d['plan']['engine'] == 'psync' and d['plan']['rwmixread'] == 50
assert any('estimated' in w for w in d['warnings']), d['warnings']
"
ok "clones.json: 5 clone entries summed into 2 cells, their I/Os over the longest window"

# Clones that ran different windows (one stopped at half time, as fio's steadystate
# stops a clone): fio's group aggregate, not the sum of rates, and the check says so.
$PY - "$FX/clones.json" "$T/short.json" <<'PY'
import json, sys
s = open(sys.argv[1]).read()
d = json.loads(s[s.index("\n{") + 1:] if not s.startswith("{") else s)
j = d["jobs"][1]
j["read"]["runtime"] = j["read"]["runtime"] // 2
j["read"]["total_ios"] //= 2
j["read"]["io_bytes"] = j["read"]["total_ios"] * 4096
open(sys.argv[2], "w").write(json.dumps(d))
PY
"$SWEEP" import "$T/short.json" -o "$T/short" --formats csv >/dev/null 2>"$T/err" ||
	fail "import of clones with different windows: $(cat "$T/err")"
results_py "$T/short/results.json" "
$CHECK_PY
jobs = json.load(open('$T/short.json'))['jobs']
c = d['cells'][0]
check_sums(c, jobs[0:2], 1)
rates = sum(j['read']['iops'] for j in jobs[0:2])
assert c['iops'] < rates * 0.8, (c['iops'], rates)
assert 'clones ran windows of 0.50-1.00 s' in c['bw_check']['reason'], c['bw_check']
assert c['bw_check']['verdict'] == 'ok', c['bw_check']
assert any('2 clones' in w and '0.50-1.00 s' in w for w in d['warnings']), d['warnings']
print('%.0f IOPS (the sum of the clones\' rates: %.0f)' % (c['iops'], rates))
" >"$T/short.txt" || fail "clones with different windows: $(cat "$T/short.txt")"
ok "clones that ran 0.5 s and 1 s: $(cat "$T/short.txt"), the check names the windows"

# unsupported.json: trim and verify-only left out with reasons, a failed job kept as failed.
head -c 4 "$FX/unsupported.json" | grep -q '^fio:' || fail "unsupported.json should start with fio's error text"
"$SWEEP" import "$FX/unsupported.json" -o "$T/unsup" --formats csv >/dev/null 2>"$T/err" ||
	fail "import unsupported.json: $(cat "$T/err")"
results_py "$T/unsup/results.json" "
$CHECK_PY
f = fio_json('$FX/unsupported.json')
jobs = {j['jobname']: j for j in f['jobs']}
cells = [(c['mode'], c['bs'], c['status']) for c in d['cells']]
assert cells == [('read', 4096, 'ok'), ('read', 4096, 'failed'), ('randread', 16384, 'ok')], cells
assert 'error 22' in d['cells'][1]['status_reason'], d['cells'][1]['status_reason']
assert d['cells'][1]['errors']['count'] >= 1
check_sums(d['cells'][0], [jobs['read-4k']], 1)
check_sums(d['cells'][2], [jobs['null-16k']], 1)
w = ' '.join(d['warnings'])
assert 'trim-4k (rw=trim' in w and 'verify-only (verify-only' in w, w
assert 'ioengine' in w and 'bad-offset' in w, w
"
grep -q "left out 2 fio jobs" "$T/err" || fail "no warning on stderr about left-out jobs: $(cat "$T/err")"
ok "unsupported.json: trim and verify-only left out, failed job kept as failed"

# client1.json: client/server output of one host; the host name is kept.
"$SWEEP" import "$FX/client1.json" -o "$T/client1" --formats csv >/dev/null 2>"$T/err" ||
	fail "import client1.json: $(cat "$T/err")"
results_py "$T/client1/results.json" "
$CHECK_PY
f = fio_json('$FX/client1.json')
jobs = [j for j in f['client_stats'] if j['jobname'] != 'All clients']
assert d['host'] == '127.0.0.1', d['host']
cells = [(c['mode'], c['bs'], c['depth'], c['jobs']) for c in d['cells']]
assert cells == [('randread', 4096, 4, 1), ('read', 65536, 2, 2)], cells
check_sums(d['cells'][0], [jobs[0]], 1)
check_sums(d['cells'][1], [jobs[1]], 2)
check_lat_exact(d['cells'][0], jobs[0], 'read')
"
ok "client1.json: one host's client/server output, hostname kept"

# client2.json holds two hosts: one folder each, and hosts.md across them
# (tests/fio-hosts.sh checks the figures on a file made here by fio itself).
"$SWEEP" import "$FX/client2.json" --formats csv,md -o "$T/c2" >"$T/c2.out" 2>"$T/err" ||
	fail "client/server output of two hosts: exit $?: $(cat "$T/err")"
[ "$(ls -d "$T"/c2/127.0.0.1-1876*/ | wc -l)" -eq 2 ] || fail "want two host folders: $(ls "$T/c2")"
for h in "$T"/c2/127.0.0.1-1876*/; do
	[ -s "$h/results.json" ] && [ -s "$h/report.md" ] || fail "no results or report in $h"
done
[ -s "$T/c2/hosts.md" ] && [ -s "$T/c2/hosts.csv" ] || fail "no hosts.md/hosts.csv"
ok "client2.json: two hosts, one folder each, hosts.md and hosts.csv"
sed 's/"fio-3\.[0-9]*"/"fio-2.2.10"/' "$FX/client2.json" >"$T/client2-fio2.json"
expect_usage "fio 2.2 client/server output" "$SWEEP" import "$T/client2-fio2.json" -o "$T/c2old"
[ ! -e "$T/c2old" ] || fail "a refused import created its output directory"

# fio's per-second logs beside the JSON become the cells' series: IOPS per second are the
# logs' (the clones' summed), so the cells get a stability verdict and a series chart.
cp -r "$FX/logs" "$T/logs"
"$SWEEP" import "$T/logs/j.json" -o "$T/logged" --formats csv,svg >/dev/null 2>"$T/err" ||
	fail "import with logs: $(cat "$T/err")"
results_py "$T/logged/results.json" "
def log(name):
    return [int(l.split(',')[1]) for l in open('$T/logs/' + name) if l.strip()]
a, b = d['cells']
assert a['series']['ios'] == log('alog_iops.1.log'), (a['series'], log('alog_iops.1.log'))
want = [x + y for x, y in zip(log('blog_iops.2.log'), log('blog_iops.3.log'))]
assert b['series']['ios'] == want, (b['series']['ios'], want)
assert b['series']['bytes'] == [x * 65536 for x in want]
for c in (a, b):
    assert c['stability']['verdict'] in ('steady', 'noisy', 'stalled'), c['stability']
assert any('per-second series of 2 cells from fio' in w for w in d['warnings']), d['warnings']
"
[ -s "$T/logged/series-randread.svg" ] || fail "no series chart of the logged cells: $(ls "$T/logged")"
# A log option never leads out of the JSON's folder: ../alog is looked for as alog beside it.
mkdir "$T/logs/sub"
sed 's#"alog"#"../alog"#; s#"blog"#"/tmp/blog"#' "$T/logs/j.json" >"$T/logs/sub/j.json"
"$SWEEP" import "$T/logs/sub/j.json" -o "$T/unlogged" --formats csv >/dev/null 2>&1 ||
	fail "import with log paths that lead out"
results_py "$T/unlogged/results.json" "
assert all(not c['series']['ios'] for c in d['cells']), [c['series'] for c in d['cells']]
"
# The same logs found beside each file of a folder import.
"$SWEEP" import "$T/logs" -o "$T/logdir" --formats csv >/dev/null 2>&1 || fail "folder import with logs"
results_py "$T/logdir/results.json" "
assert [len(c['series']['ios']) for c in d['cells']][:2] == [4, 4], [c['series'] for c in d['cells']]
"
ok "fio's iops logs beside the JSON: per-second series, verdicts and a series chart; ../ stays inside"

# A run fio refused before it started: its own error line is quoted.
expect_usage "fio's error instead of JSON" "$SWEEP" import "$FX/failed.json" -o "$T/bad"
grep -q 'no JSON object in the file; fio said: "fio: failed parsing rw=bogus"' "$T/.err" ||
	fail "fio's error not quoted: $(cat "$T/.err")"

# fio 2.2 and older write no job options: one line, exit 2, nothing written.
sed 's/"fio-3\.33"/"fio-2.2.10"/' "$FX/groups.json" >"$T/fio2.json"
expect_usage "fio 2.2 output" "$SWEEP" import "$T/fio2.json" -o "$T/bad"
grep -q "fio-2.2.10, whose JSON holds no job options" "$T/.err" || fail "fio 2.2 message: $(cat "$T/.err")"

# The layouts of older fio, made from groups.json as fio 3.1 (no bw_bytes, no N) and
# fio 2.16 (latency in us under clat/lat/slat, io_bytes in KiB) would write it: the
# same cells, IOPS exact, bytes to 1 KiB, latency to 1 us, and a warning that says so.
$PY - "$FX/groups.json" "$T" <<'PY'
import json, sys
s = open(sys.argv[1]).read()
src = json.loads(s[s.index("\n{") + 1:] if not s.startswith("{") else s)
for ver in ("fio-3.1", "fio-2.16"):
    d = json.loads(json.dumps(src))
    d["fio version"] = ver
    for j in d["jobs"]:
        for x in ("read", "write", "trim"):
            o = j.get(x)
            if o is None:
                continue
            o.pop("bw_bytes", None)
            for k in ("clat_ns", "lat_ns", "slat_ns"):
                if k in o:
                    o[k].pop("N", None)
            if ver == "fio-2.16":
                o.pop("io_kbytes", None)
                o["io_bytes"] = o["io_bytes"] >> 10
                for k in ("clat", "lat", "slat"):
                    r = o.pop(k + "_ns", None)
                    if r is None:
                        continue
                    for f in ("min", "max", "mean", "stddev"):
                        if f in r:
                            r[f] = int(r[f] / 1000) if f in ("min", "max") else r[f] / 1000
                    if "percentile" in r:
                        r["percentile"] = {p: int(v / 1000) for p, v in r["percentile"].items()}
                    o[k] = r
    open("%s/%s.json" % (sys.argv[2], ver), "w").write(json.dumps(d))
PY
"$SWEEP" import "$FX/groups.json" -o "$T/v333" --formats csv >/dev/null 2>&1 || fail "import groups.json"
for v in fio-3.1 fio-2.16; do
	"$SWEEP" import "$T/$v.json" -o "$T/$v" --formats csv >/dev/null 2>"$T/$v.err" ||
		fail "import of $v output: $(cat "$T/$v.err")"
	results_py "$T/$v/results.json" "
ref = json.load(open('$T/v333/results.json'))['cells']
assert len(d['cells']) == len(ref)
for c, r in zip(d['cells'], ref):
    assert (c['mode'], c['bs'], c['depth'], c['jobs']) == (r['mode'], r['bs'], r['depth'], r['jobs'])
    assert c['iops'] == r['iops'], (c['iops'], r['iops'])
    assert abs(c['bytes'] - r['bytes']) <= 1024 * 2, (c['bytes'], r['bytes'])
    assert abs(c['bw_bytes_s'] - r['bw_bytes_s']) <= 0.001 * r['bw_bytes_s'], (c['bw_bytes_s'], r['bw_bytes_s'])
    for k in ('p50', 'p99', 'mean'):
        assert r['lat_ns'][k] > 0 and abs(c['lat_ns'][k] - r['lat_ns'][k]) <= 1000 + 0.001 * r['lat_ns'][k], (k, c['lat_ns'][k], r['lat_ns'][k])
w = ' '.join(d['warnings'])
assert '$v output, read in the units of fio 3.19' in w, w
assert ('microseconds' in w) == ('$v' == 'fio-2.16'), w
"
done
ok "fio 3.1 and fio 2.16 layouts: the cells of fio 3.33's, latency and bandwidth read (not 0)"
"$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); del d["fio version"]; json.dump(d, open(sys.argv[2], "w"))' \
    "$FX/groups.json" "$T/nover.json"
expect_usage "no \"fio version\"" "$SWEEP" import "$T/nover.json" -o "$T/bad"
grep -q 'no "fio version"' "$T/.err" || fail "no-version message: $(cat "$T/.err")"
"$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); del d["jobs"]; json.dump(d, open(sys.argv[2], "w"))' \
    "$FX/groups.json" "$T/nojobs.json"
expect_usage "no \"jobs\"" "$SWEEP" import "$T/nojobs.json" -o "$T/bad"
grep -q 'without "jobs"' "$T/.err" || fail "no-jobs message: $(cat "$T/.err")"
head -c 5000 "$FX/groups.json" >"$T/trunc.json"
expect_usage "truncated JSON" "$SWEEP" import "$T/trunc.json" -o "$T/bad"
grep -q "trunc.json:[0-9]*:[0-9]*: malformed or truncated JSON" "$T/.err" || fail "truncated: $(cat "$T/.err")"
printf 'Segmentation fault\n' >"$T/garbage.json"
expect_usage "no JSON at all" "$SWEEP" import "$T/garbage.json" -o "$T/bad"
: >"$T/empty.json"
expect_usage "empty file" "$SWEEP" import "$T/empty.json" -o "$T/bad"
printf '{"fio version": "fio-3.33", "jobs": [{"jobname": "t", "job options": {"rw": "trim"}}]}\n' >"$T/trim.json"
expect_usage "only jobs sweep cannot read" "$SWEEP" import "$T/trim.json" -o "$T/bad"
grep -q "no fio job sweep can read (t (rw=trim" "$T/.err" || fail "only-trim: $(cat "$T/.err")"
expect_usage "missing file" "$SWEEP" import "$T/nonexistent.json"
# Every truncation point of a real file: refused or imported, never a crash.
n=0
for cut in 1 100 777 2000 4096 9000 15000 19000; do
	head -c $cut "$FX/groups.json" >"$T/cut.json"
	"$SWEEP" import "$T/cut.json" -o "$T/cut" --formats csv >/dev/null 2>&1
	rc=$?
	[ $rc -eq 2 ] || [ $rc -eq 0 ] || fail "import of the first $cut bytes: exit $rc"
	n=$((n + 1))
done
[ ! -e "$T/bad" ] || fail "a refused import wrote $T/bad"
ok "$n truncations refused or imported without a crash"
# Figures beyond fio's 64-bit counters are refused; those within, and an
# error or groupid beyond an int, are imported, saturated, and read back
# (a fuzzer's finds: a cast of 2e84 to uint64_t is undefined, and a stddev
# of 7e110 made a results.json that sweep report refused).
huge() {	# VALUE ERROR: groups.json with VALUE as figures, error and groupid ERROR
	sed -e "s/\"50\\.000000\" : [0-9]*/\"50.000000\" : $1/" -e "s/\"error\" : 0/\"error\" : $2/" \
	    -e "s/\"groupid\" : [0-9]/\"groupid\" : $2/" -e "s/\"runtime\" : [1-9][0-9]*/\"runtime\" : $1/" \
	    -e "s/\"max\" : [1-9][0-9]*/\"max\" : $1/" -e "s/\"stddev\" : [1-9][0-9.]*/\"stddev\" : $1/" \
	    "$FX/groups.json"
}
huge 2e84 0 >"$T/huge.json"
expect_usage "figures of 2^64 and more" "$SWEEP" import "$T/huge.json" -o "$T/bad"
grep -q 'read "runtime" is 2e+84; figures are counts, rates and times from 0 to 2^64' "$T/.err" ||
	fail "2e84: $(cat "$T/.err")"
huge 1.8e19 1e20 >"$T/big.json"
"$SWEEP" import "$T/big.json" -o "$T/big" --formats csv >/dev/null 2>&1 ||
	fail "import of figures near 2^64: exit $?"
"$SWEEP" report "$T/big/results.json" -o "$T/big" --formats csv >"$T/.err" 2>&1 ||
	fail "results.json of figures near 2^64 not read back: $(cat "$T/.err")"
ok "figures near 2^64 imported and read back; beyond it refused"
