#!/bin/sh
# fio --output-format=json+ keeps each latency record's histogram ("bins"):
# a cell of several records (a randrw job's read and write, numjobs clones
# reported one by one) then has exact percentiles over all its I/Os, as
# fio computes one record's: the first bucket whose running count reaches
# q% of the total.  Checked against the bins added up here in Python, on
# tests/fixtures/fio/jsonplus.json (fio 3.33: randrw 70/30, randread,
# numjobs=2 clones) and, when fio is installed, on a json+ run made now.
# Without bins (plain json) the percentiles stay estimated, and say so.
. "$top_srcdir/tests/common.sh"
FX="$top_srcdir/tests/fixtures/fio"
export SWEEP_DATADIR="$top_srcdir"

# check JSON OUT: each cell's five percentiles are those of its records' bins together.
check() {
	"$PY" - "$1" "$2/results.json" <<'PYEOF'
import json, sys
d = json.load(open(sys.argv[1]))
cells = json.load(open(sys.argv[2]))["cells"]
keys = ((50, "p50"), (90, "p90"), (99, "p99"), (99.9, "p99.9"), (99.99, "p99.99"))
groups = []
for e in d["jobs"]:
    if groups and groups[-1][0]["jobname"] == e["jobname"]:
        groups[-1].append(e)
    else:
        groups.append([e])
assert len(groups) == len(cells), (len(groups), len(cells))
for g, c in zip(groups, cells):
    bins = {}
    for e in g:
        for dd in ("read", "write"):
            for k, v in e[dd]["clat_ns"].get("bins", {}).items():
                bins[int(k)] = bins.get(int(k), 0) + v
    total = sum(bins.values())
    assert total > 0, g[0]["jobname"]
    for q, key in keys:
        run = 0
        for k in sorted(bins):
            run += bins[k]
            if run >= q / 100 * total:
                break
        got = c["lat_ns"][key]
        assert got == k, "%s %s: sweep %d, the bins %d (%+.1f%%)" % (
            g[0]["jobname"], key, got, k, (got / k - 1) * 100)
    print("%s (%d record%s): p99 %d ns, p99.9 %d ns, as the bins say" % (
        g[0]["jobname"], 2 * len(g), "s", c["lat_ns"]["p99"], c["lat_ns"]["p99.9"]))
PYEOF
}

"$SWEEP" import "$FX/jsonplus.json" -o "$T/j" >"$T/j.log" 2>&1 || fail "import jsonplus.json: $(cat "$T/j.log")"
check "$FX/jsonplus.json" "$T/j" >"$T/check.log" 2>&1 || fail "jsonplus.json: $(cat "$T/check.log")"
grep -q "estimated" "$T/j.log" && fail "json+ percentiles said to be estimated: $(cat "$T/j.log")"
ok "jsonplus.json: $(tr '\n' ';' <"$T/check.log")"

# The same output without bins: the mixed cell's percentiles are estimated, and say so.
"$PY" - "$FX/jsonplus.json" "$T/plain.json" <<'PYEOF' || fail "dropping the bins"
import json, sys
d = json.load(open(sys.argv[1]))
for e in d["jobs"]:
    for dd in ("read", "write", "trim"):
        e.get(dd, {}).get("clat_ns", {}).pop("bins", None)
json.dump(d, open(sys.argv[2], "w"))
PYEOF
"$SWEEP" import "$T/plain.json" -o "$T/p" >"$T/p.log" 2>&1 || fail "import plain.json: $(cat "$T/p.log")"
grep -q "percentiles of 2 cells .* are estimated from fio's per-job percentile tables: randrw-70; randread-j2" \
    "$T/p.log" || fail "without bins, the estimate is not said: $(cat "$T/p.log")"
ok "without bins: the mixed and clones cells' percentiles estimated, and said so"

# A json+ run made now, on a file of this machine.
command -v fio >/dev/null 2>&1 || skip "fio is not installed (the fixture's checks passed)"
need_odirect
dd if=/dev/urandom of="$T/f.dat" bs=1M count=16 2>/dev/null || fail "making $T/f.dat"
fio --name=mixed --filename="$T/f.dat" --size=16m --rw=randrw --rwmixread=60 --bs=4k \
    --iodepth=8 --ioengine=libaio --direct=1 --runtime=1 --time_based \
    --output-format=json+ >"$T/live.json" 2>"$T/fio.err" || skip "fio json+ run failed: $(cat "$T/fio.err")"
"$SWEEP" import "$T/live.json" -o "$T/l" >"$T/l.log" 2>&1 || fail "import live.json: $(cat "$T/l.log")"
check "$T/live.json" "$T/l" >"$T/live.log" 2>&1 || fail "live json+: $(cat "$T/live.log")"
ok "a json+ run made now: $(cat "$T/live.log")"
