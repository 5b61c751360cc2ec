#!/bin/sh
# sweep import --csv: a table of figures measured elsewhere becomes a
# results.json with reports.  Units in column names or in the values,
# derived IOPS and bandwidth marked, BW = IOPS x bs checked on the table's
# own figures, semicolon tables with decimal commas, sweep's own
# results.csv read back, and every bad row refused with its row number and
# column (exit 2, one line).  Inputs that once crashed the fuzzer
# (tests/fixtures/csv/crash-*) are refused or imported, never a crash.
. "$top_srcdir/tests/common.sh"
FX="$top_srcdir/tests/fixtures/csv"
cd "$T" || exit 1

cat >"$T/gp2.csv" <<'EOF'
mode,bs,depth,iops,bw,lat_p99_us,notes
randread,4k,1,3000,,900,from the console
randread,16k,1,3000,47MiB/s,1000,
randread,64k,1,,188MiB/s,1500,
randread,1m,1,245,245 MiB/s,9000,
write,4k,1,"3,100",,1200,
write,1m,1,,250MB/s,,
EOF
"$SWEEP" import --csv "$T/gp2.csv" --label gp2 -o "$T/gp2" >"$T/out" 2>"$T/err" ||
	fail "import gp2.csv: exit $?: $(cat "$T/err")"
grep -q "Imported 6 cells" "$T/out" || fail "$(cat "$T/out")"
grep -q 'column of .*gp2.csv that sweep does not read was left out: "notes"' "$T/err" ||
	fail "the ignored column is not named: $(cat "$T/err")"
results_py "$T/gp2/results.json" "
c = {(x['mode'], x['bs']): x for x in d['cells']}
MiB = 2**20
r = c[('randread', 4096)]
assert r['iops'] == 3000 and r['bw_bytes_s'] == 3000 * 4096 and r['derived'] == ['bw'], r['derived']
assert r['lat_ns']['p99'] == 900000 and r['bw_check']['verdict'] == 'ok', r['bw_check']
r = c[('randread', 16384)]
assert r['bw_bytes_s'] == 47 * MiB and 'derived' not in r and r['bw_check']['verdict'] == 'ok', r
r = c[('randread', 65536)]
assert r['iops'] == 188 * MiB / 65536 and r['derived'] == ['iops'], r
assert c[('randread', 1 << 20)]['bw_bytes_s'] == 245 * MiB
assert c[('write', 4096)]['iops'] == 3100, 'thousands separator in a quoted field'
assert c[('write', 1 << 20)]['bw_bytes_s'] == 250e6, 'MB/s is 10^6 bytes/s'
assert d['label'] == 'gp2' and d['plan']['engine'] == 'table' and d['target']['path'].endswith('gp2.csv')
assert [x['mode'] for x in d['plan']['cells']] == ['randread'] * 4 + ['write'] * 2
"
for f in results.csv report.md report.html report.xlsx; do
	[ -s "$T/gp2/$f" ] || fail "import wrote no $f"
done
ls "$T/gp2" | grep -q '^series-' && fail "series chart without a per-second series"
grep -q "IOPS derived from bandwidth / bs (not in the table)" "$T/gp2/report.md" ||
	fail "report.md does not mark derived figures"
ok "units in values and names, derived figures marked, thousands separators, reports written"

# A semicolon table with decimal commas, units in bracketed headers, latency in ms.
printf 'Mode;Block size;Queue depth;IOPS;BW (MiB/s);Lat p99 (ms)\nrandread;4k;1;110,5;;25,5\nrandread;1m;1;;80;60\n' >"$T/std.csv"
"$SWEEP" import --csv "$T/std.csv" -o "$T/std" --formats csv >/dev/null 2>"$T/err" ||
	fail "semicolon table: $(cat "$T/err")"
results_py "$T/std/results.json" "
c = d['cells']
assert c[0]['iops'] == 110.5 and c[0]['lat_ns']['p99'] == 25500000, c[0]['iops']
assert c[1]['bw_bytes_s'] == 80 * 2**20 and c[1]['iops'] == 80, c[1]['iops']
assert d['label'] == 'std'
"
ok "semicolon table: decimal commas, bracketed units, ms latency"

# BW = IOPS x bs on the table's own figures: a mismatch is flagged with its row.
printf 'mode,bs,iops,bw_mib_s,bw_mb_s\nread,4k,1000,10,\nread,64k,1000,62.5,\nread,1m,100,,104.9\n' >"$T/mis.csv"
"$SWEEP" import --csv "$T/mis.csv" -o "$T/mis" --formats csv,md >/dev/null 2>"$T/err" ||
	fail "mismatch table: $(cat "$T/err")"
grep -q "1 row of .*mis.csv: IOPS x bs differs from the bandwidth column by more than 1%" "$T/err" ||
	fail "no warning: $(cat "$T/err")"
results_py "$T/mis/results.json" "
c = d['cells']
assert c[0]['bw_check']['verdict'] == 'mismatch', c[0]['bw_check']
assert 'table row 2: IOPS x bs = 3.9 MiB/s, but its bandwidth is 10.0 MiB/s' in c[0]['bw_check']['reason'], c[0]['bw_check']['reason']
assert c[1]['bw_check']['verdict'] == 'ok' and c[2]['bw_check']['verdict'] == 'ok'
"
grep -q "MISMATCH ≠" "$T/mis/report.md" || fail "report.md does not flag the mismatch"
printf 'mode,bs,iops,bw_mib_s\nread,1m,100,104.86\n' >"$T/mb.csv"
"$SWEEP" import --csv "$T/mb.csv" -o "$T/mb" --formats csv >/dev/null 2>&1 || fail "mb.csv"
results_py "$T/mb/results.json" "assert 'MB/s written as MiB/s' in d['cells'][0]['bw_check']['reason'], d['cells'][0]['bw_check']"
ok "BW = IOPS x bs checked on imported figures; a MB/MiB mix-up named"

# sweep's own results.csv reads back with the same figures.
"$SWEEP" run --engine null --file "$T/t.dat" --size 16m --modes randread,write --bs 4k,64k \
    --depth 1,4 --runtime 1 --ramp 0 -q -o "$T/run" --formats csv >/dev/null 2>&1 || fail "null run"
"$SWEEP" import --csv "$T/run/results.csv" -o "$T/back" --formats csv >/dev/null 2>"$T/err" ||
	fail "import of results.csv: $(cat "$T/err")"
"$PY" - "$T/run/results.json" "$T/back/results.json" <<'EOF' || fail "results.csv round trip"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
assert b["label"] == a["label"], (a["label"], b["label"])
assert len(a["cells"]) == len(b["cells"]) == 8
for x, y in zip(a["cells"], b["cells"]):
    assert (x["mode"], x["bs"], x["depth"], x["jobs"]) == (y["mode"], y["bs"], y["depth"], y["jobs"])
    assert abs(x["iops"] - y["iops"]) <= 0.05 + 1e-9 * x["iops"], (x["iops"], y["iops"])
    assert abs(x["bw_bytes_s"] - y["bw_bytes_s"]) <= 0.0005 * 2**20 + 1, (x["bw_bytes_s"], y["bw_bytes_s"])
    assert abs(x["lat_ns"]["p99"] - y["lat_ns"]["p99"]) <= 50, (x["lat_ns"], y["lat_ns"])
    assert y["bw_check"]["verdict"] == "ok", y["bw_check"]
EOF
ok "sweep's own results.csv imports back to the same figures"

# Bad tables: exit 2, one line with the row number and column, nothing written.
bad() {
	desc=$1
	want=$2
	shift 2
	printf "$@" >"$T/bad.csv"
	expect_usage "$desc" "$SWEEP" import --csv "$T/bad.csv" -o "$T/bad"
	grep -qF -- "$want" "$T/.err" || fail "$desc: want \"$want\" in: $(cat "$T/.err")"
}
bad "unknown mode" 'row 3, column "mode" (1): "randomread" is not a mode' \
    'mode,bs,iops\nread,4k,100\nrandomread,4k,100\n'
bad "bandwidth without a unit" 'row 2, column "bw" (3): "245" has no unit' 'mode,bs,bw\nread,1m,245\n'
bad "bad block size" 'row 2, column "bs" (2): "4q" is not a block size' 'mode,bs,iops\nread,4q,100\n'
bad "neither figure" 'row 3: neither IOPS nor bandwidth' 'mode,bs,iops,bw_mib_s\nread,4k,1,\nread,8k,,\n'
bad "IOPS of 0" 'row 2, column "iops" (3): 0: IOPS must be above 0' 'mode,bs,iops\nread,4k,0\n'
bad "not a number" 'row 2, column "iops" (3): "fast" is not a number of IOPS' 'mode,bs,iops\nread,4k,fast\n'
bad "hexadecimal" 'row 2, column "iops" (3)' 'mode,bs,iops\nread,4k,0x10\n'
bad "depth 0" 'row 2, column "depth" (3): "0" is not a whole number from 1 to 65536' \
    'mode,bs,depth,iops\nread,4k,0,5\n'
bad "a row twice" 'row 4: repeats row 2 (read, bs 4k, depth not given, jobs 1)' \
    'mode,bs,iops\nread,4k,100\nread,8k,100\nread,4k,200\n'
bad "too many fields" 'row 3: 4 fields, the header has 3' 'mode,bs,iops\nread,4k,100\nread,8k,1,200\n'
bad "quote left open" 'row 2: a quoted field is not closed' 'mode,bs,iops\nread,"4k,100\n'
bad "no mode column" 'the header has no "mode" column' 'bs,iops\n4k,100\n'
bad "no figure column" 'the header has neither "iops" nor a bandwidth column' 'mode,bs,lat_p99_us\nread,4k,100\n'
bad "two bw columns of which one has units in values" 'repeats column' 'mode,bs,bw,bw_mib_s\nread,4k,1MiB/s,1\n'
bad "header only" 'no data rows below the header' 'mode,bs,iops\n'
bad "empty file" 'empty: a table needs a header row' ''
bad "block sizes that disagree" 'disagrees with the row' 'mode,bs,bs_bytes,iops\nread,4k,8192,100\n'
printf 'mode,bs,iops\nread,4k,1\0000\n' >"$T/nul.csv"
expect_usage "binary data" "$SWEEP" import --csv "$T/nul.csv" -o "$T/bad"
expect_usage "missing table" "$SWEEP" import --csv "$T/nope.csv" -o "$T/bad"
expect_usage "a table and a fio file" "$SWEEP" import "$T/x.json" --csv "$T/gp2.csv"
[ ! -e "$T/bad" ] || fail "a refused import wrote its output folder"

# Inputs that crashed the fuzzer once: refused or imported, never a crash.
n=0
for f in "$FX"/crash-*; do
	[ -e "$f" ] || continue
	"$SWEEP" import --csv "$f" -o "$T/crash" --formats csv >/dev/null 2>&1
	rc=$?
	[ $rc -eq 0 ] || [ $rc -eq 2 ] || fail "$(basename "$f"): exit $rc"
	rm -rf "$T/crash"
	n=$((n + 1))
done
ok "bad tables refused with row and column; $n former fuzzer crashes handled"
exit 0
