#!/bin/sh
# Provisioned-limit profiles and burst detection, end to end: --profile and
# --expect on run, report and import; the resolved caps in results.json (so
# reports made later show them); cap lines on the charts; peaks against
# the caps in md, html and xlsx; a burst cliff in a per-second series found,
# reported and marked on the series chart; bad profiles and --expect exit 2
# with one line (a profile file's error at its line and column).
. "$top_srcdir/tests/common.sh"
cd "$T" || exit 1

# A null-engine run with a gp3 profile: caps stored, peaks far above them.
"$SWEEP" run --engine null --file "$T/t.dat" --size 16m --modes randread,write --bs 4k,64k \
    --depth 1 --runtime 1 --ramp 0 -q --profile aws-gp3 --expect iops=6000,bw=250m/s \
    -o "$T/run" --formats csv,md,html,png >"$T/run.log" 2>&1 || fail "run --profile: $(cat "$T/run.log")"
results_py "$T/run/results.json" "
e = d['expect']
assert e['profile'] == 'aws-gp3' and e['iops'] == 6000 and e['bw_bytes_s'] == 250 * 2**20, e
assert e['burst_iops'] is None and 'as published by AWS' in e['source'], e
assert 'IOPS: 6000 IOPS provisioned' in e['basis'], e['basis']
"
grep -q "## Against the provisioned limits" "$T/run/report.md" ||
	fail "report.md has no provisioned-limits section"
grep -q "6,000 IOPS, 250 MiB/s (profile aws-gp3" "$T/run/report.md" || fail "caps not stated"
# The null engine's 4 KiB and 64 KiB cells run at about the same IOPS: either may be the peak.
grep -q "^- \*\*randread\*\*: above the cap: peak [0-9,]* IOPS at [0-9]* [KM]iB: [0-9]*% of the provisioned 6,000 IOPS: far above any throttle" \
    "$T/run/report.md" || fail "peak vs cap: $(grep '^- \*\*randread' "$T/run/report.md")"
grep -q "^> \*\*Verdict:\*\* t.dat against aws-gp3: above the cap: " "$T/run/report.md" ||
	fail "report.md does not open with the verdict: $(head -9 "$T/run/report.md")"
grep -q "Against the provisioned limits" "$T/run/report.html" || fail "report.html: no caps section"
if command -v gnuplot >/dev/null 2>&1; then
	grep -q "^     6000 with lines .*'aws-gp3 provisioned 6,000 IOPS'" "$T/run/iops.gp" ||
		fail "iops.gp: no cap line: $(grep -n with "$T/run/iops.gp" | tail -3)"
	grep -q "^     250 with lines .*'aws-gp3 provisioned 250 MiB/s'" "$T/run/bw.gp" || fail "bw.gp: no cap line"
	[ -s "$T/run/iops.png" ] && [ -s "$T/run/bw.png" ] || fail "charts with cap lines not rendered"
fi
grep -q "Burst detection: no cell ran long enough to see a burst run out (longest series 1 s" \
    "$T/run/report.md" || fail "report.md: no word on why bursts cannot be seen"
grep -q "steady 0 --runtime 120" "$T/run/report.md" && fail "report.md: burst advice without a burst"
ok "run --profile aws-gp3 --expect: caps in results.json, peaks flagged ABOVE the cap, cap lines"

# A size-dependent profile on a file target uses the file's size, and says so.
"$SWEEP" run --engine null --file "$T/t.dat" --size 16m --modes randread --bs 4k --depth 1 \
    --runtime 1 --ramp 0 -q --profile aws-gp2 -o "$T/gp2file" --formats csv >/dev/null 2>&1 ||
	fail "run --profile aws-gp2"
results_py "$T/gp2file/results.json" "
e = d['expect']
assert e['iops'] == 100 and e['burst_iops'] == 3000, e
assert \"test file's size\" in e['basis'], e['basis']
"
ok "gp2 on a 16 MiB test file: 100 IOPS (the minimum), burst 3,000, and the basis says why"

# sweep report --profile: the reports show it, and results.json records it.
cp -r "$T/gp2file" "$T/later"
"$SWEEP" report "$T/later" --profile aws-gp2 --expect size=100g --formats md >"$T/rep.out" 2>&1 ||
	fail "report --profile: $(cat "$T/rep.out")"
grep -q "Recorded the expectation in $T/later/results.json" "$T/rep.out" || fail "$(cat "$T/rep.out")"
results_py "$T/later/results.json" "assert d['expect']['iops'] == 300 and d['expect']['size_bytes'] == 100 * 2**30"
rm "$T/later/report.md"
"$SWEEP" report "$T/later" --formats md >/dev/null 2>&1 || fail "report again"
grep -q "300 IOPS (burst 3,000), 128 MiB/s (profile aws-gp2, volume size 100 GiB)" \
    "$T/later/report.md" || fail "a later report without --profile lost the caps"
grep -q "steady 0 --runtime 120" "$T/later/report.md" || fail "report.md: no advice for a burst profile"
ok "report --profile --expect size=100g: 300 IOPS, burst 3,000; kept for later reports"

# Burst detection: a 60 s series that falls from ~3,000 to ~300 IOPS after 25 s.
"$PY" - "$T/gp2file/results.json" "$T/burst" <<'EOF' || fail "making the burst series"
import json, os, random, sys
d = json.load(open(sys.argv[1]))
rnd = random.Random(5)
c = d["cells"][0]
ios = [int(3000 * rnd.uniform(0.95, 1.05)) for _ in range(25)] + \
      [int(300 * rnd.uniform(0.95, 1.05)) for _ in range(35)]
c["series"]["ios"] = ios
c["series"]["bytes"] = [n * c["bs"] for n in ios]
c["ios"], c["runtime_ns"] = sum(ios), 60 * 10**9
c["iops"] = sum(ios) / 60
c["bw_bytes_s"] = c["iops"] * c["bs"]
os.makedirs(sys.argv[2])
json.dump(d, open(sys.argv[2] + "/results.json", "w"))
EOF
"$SWEEP" report "$T/burst" --formats md,html,xlsx,png >"$T/burst.out" 2>&1 ||
	fail "report of the burst series: $(cat "$T/burst.out")"
grep -q "Burst detection: 1 cell dropped by more than 30% after a steady start" "$T/burst/report.md" &&
    grep -q "| randread | 4K | 1 | 1 | 60 | likely burst credits exhausted after 25 s at ~3,0[0-9]0 IOPS; then ~[23][0-9][0-9] IOPS (-9[0-9]%) |" \
    "$T/burst/report.md" || fail "report.md: $(grep -A6 'Burst detection' "$T/burst/report.md")"
grep -q "likely burst credits exhausted after 25 s" "$T/burst/report.html" || fail "report.html: no burst"
if command -v gnuplot >/dev/null 2>&1; then
	grep -q "set arrow from 25.0, graph 0 to 25.0, graph 1" "$T/burst/series-randread.gp" &&
	    grep -q "burst credits out? after 25 s" "$T/burst/series-randread.gp" ||
		fail "series chart not marked: $(grep -n arrow "$T/burst/series-randread.gp")"
	[ -s "$T/burst/series-randread.png" ] || fail "series chart not rendered"
fi
if "$PY" -c 'import openpyxl' 2>/dev/null; then
	"$PY" - "$T/burst/report.xlsx" <<'EOF' || fail "report.xlsx: no burst finding"
import openpyxl, sys
ws = openpyxl.load_workbook(sys.argv[1])["Summary"]
text = " ".join(str(v) for r in ws.iter_rows(values_only=True) for v in r if v)
assert "likely burst credits exhausted after 25 s" in text, text[-600:]
assert "Peak IOPS (% of provisioned)" in text, "no % of provisioned column"
EOF
fi
ok "a cliff after 25 s: found, in md/html/xlsx, marked on the series chart"

# Bad input: exit 2 with one line.
expect_usage "unknown profile" "$SWEEP" report "$T/run" --profile gp9
grep -q "aws-gp2, aws-gp3" "$T/.err" || fail "the message should list the profiles: $(cat "$T/.err")"
expect_usage "bad --expect" "$SWEEP" report "$T/run" --expect iops=lots
expect_usage "--expect bw without a unit" "$SWEEP" run --engine null --file "$T/t.dat" --expect bw=250
expect_usage "io1 without provisioned IOPS" "$SWEEP" report "$T/run" --profile aws-io1 -o "$T/io1"
grep -q "give it (--expect iops=" "$T/.err" || fail "io1 message: $(cat "$T/.err")"
printf '{"source": "mine",\n  "iops": {"valeu": 3000}}\n' >"$T/mine.json"
expect_usage "profile file with a typo" "$SWEEP" report "$T/run" --profile "$T/mine.json"
grep -q "mine.json:2:12: unknown key \"valeu\"" "$T/.err" || fail "no line:column: $(cat "$T/.err")"
printf 'mode,bs,iops\nread,4k,100\n' >"$T/t.csv"
expect_usage "size-dependent profile on a table" "$SWEEP" import --csv "$T/t.csv" --profile aws-gp2 -o "$T/imp"
grep -q "expect size=SIZE" "$T/.err" || fail "no hint to give the size: $(cat "$T/.err")"
[ ! -e "$T/io1" ] && [ ! -e "$T/imp" ] || fail "a refused command wrote its output"
exit 0
