#!/bin/sh
# What a ticket reader reads first and what slipped: compare.md/html open
# with the bottom line (before the runs table and every heading), and it
# agrees with the per-mode verdicts; "N mismatches, with the likely cause:"
# comes right above its table; a latency of seconds reads in s, not
# "2,115,858.6 us"; a --steady 0 run says steady state was off; each
# verdict class has a colour of its own in report.html, and the verdict box
# takes it.  Synthetic runs (bench/gen-results.py), md and html only.
. "$top_srcdir/tests/common.sh"

mkdir "$T/a" "$T/b"
"$PY" "$top_srcdir/bench/gen-results.py" --modes randread,write --bs 4k,64k,1m --depths 1,8 \
    --mismatch 2 "$T/a/results.json" >/dev/null &&
"$PY" "$top_srcdir/bench/gen-results.py" --modes randread,write --bs 4k,64k,1m --depths 1,8 \
    --scale 0.5 --seed 2 "$T/b/results.json" >/dev/null || fail "bench/gen-results.py"
# a cell whose mean is 2,115,858.6 us against a p50 of 1 ms: the two-populations note
"$PY" - "$T/a/results.json" <<'EOF' || fail "editing the latency"
import json, sys
d = json.load(open(sys.argv[1]))
c = d["cells"][0]
c["lat_ns"].update({"mean": 2115858600.0, "p50": 1000000, "p90": 1500000, "p99": 163000000})
json.dump(d, open(sys.argv[1], "w"))
EOF

"$SWEEP" compare "$T/a/results.json" "$T/b/results.json" -o "$T/cmp" --formats md,html \
    >"$T/cmp.log" 2>&1 || fail "sweep compare: $(cat "$T/cmp.log")"
line=$(grep -n "Bottom line:" "$T/cmp/compare.md" | head -1 | cut -d: -f1)
first_table=$(grep -n "^|" "$T/cmp/compare.md" | head -1 | cut -d: -f1)
second_heading=$(grep -n "^#" "$T/cmp/compare.md" | sed -n 2p | cut -d: -f1)
[ -n "$line" ] && [ "$line" -lt "$first_table" ] && [ "$line" -lt "$second_heading" ] ||
	fail "compare.md: the bottom line (line ${line:-none}) is not before the runs table (line $first_table)"
# it says what the verdicts say: the first run has 2x the IOPS in every mode
bottom=$(sed -n "${line}p" "$T/cmp/compare.md")
echo "$bottom" | grep -q "a-*[^ ]* has 2\.0x the IOPS and bandwidth of\|has 2\.0x the IOPS and bandwidth of" ||
	fail "compare.md: bottom line does not give the 2x of the runs: $bottom"
n=$(grep -c "has 2\.0x the IOPS" "$T/cmp/compare.md")
[ "$n" -ge 3 ] || fail "compare.md: $n verdict lines with 2.0x, expected the bottom line and one per mode"
awk '/Bottom line:/{b=NR} /<table/{t=NR; exit} END{exit !(b && b < t)}' "$T/cmp/compare.html" ||
	fail "compare.html: the bottom line is not before the first table"
ok "the bottom line opens compare.md and compare.html, before the runs table: $bottom"

"$SWEEP" report "$T/a/results.json" -o "$T/a" --formats md,html --expect iops=60000,bw=600m/s \
    >"$T/a.log" 2>&1 || fail "sweep report: $(cat "$T/a.log")"
awk '/mismatch.*with the likely cause:$/{m=NR; next} m && NF {exit !(/^\| Mode/)} END{exit !m}' \
    "$T/a/report.md" || fail "report.md: the mismatches' lead is not right above their table: $(grep -A3 'likely cause:' "$T/a/report.md")"
ok "\"2 mismatches, with the likely cause:\" right above the table of mismatches"

note=$(grep "two populations" "$T/a/report.md" | head -1)
echo "$note" | grep -q "the mean, 2\.1[0-9]* s, is" || fail "report.md: the mean not in seconds: $note"
echo "$note" | grep -q "p99 163 ms" || fail "report.md: the p99 not in ms: $note"
! grep -Eq "[0-9]{1,3}(,[0-9]{3}){2,}(\.[0-9])? us" "$T/a/report.md" ||
	fail "report.md: a latency of millions of us: $(grep -Eo "[0-9]{1,3}(,[0-9]{3}){2,}(\.[0-9])? us" "$T/a/report.md" | head -1)"
ok "latency in s and ms in sentences: $(echo "$note" | cut -c1-90)"

grep -i "steady state" "$T/a/report.md" | grep -v "was off" | grep -qi "steady state (--steady\|steady state:" &&
	fail "report.md of a --steady 0 run says steady state was on: $(grep -i 'steady state' "$T/a/report.md")"
grep -q "Steady state was off (--steady 0)" "$T/a/report.md" || fail "report.md: no 'Steady state was off'"
ok "a --steady 0 run says steady state was off"

# each verdict class its own colour: the colours of .ok, .burst, .above, .unsat, .fail differ
"$PY" - "$T/a/report.html" <<'EOF' || fail "report.html: verdict classes share a colour"
import re, sys
css = open(sys.argv[1]).read().split("</style>")[0]
col = {c: re.search(r"(?<![\w-])\.%s\{color:([^;}]+)" % c, css) for c in ("ok", "burst", "above", "unsat", "fail")}
missing = [c for c, m in col.items() if m is None]
if missing:
    sys.exit("no colour for " + ", ".join(missing))
vals = [m.group(1) for m in col.values()]
if len(set(vals)) != len(vals):
    sys.exit("shared colours: %s" % {c: m.group(1) for c, m in col.items()})
boxes = re.findall(r'<p class="note (ok|burst|above|unsat|fail)"><strong>Verdict:', open(sys.argv[1]).read())
if len(boxes) != 1:
    sys.exit("the verdict box has no class of its own: %s" % boxes)
print(boxes[0])
EOF
ok "verdict classes ok, burst, above, unsat and fail have five colours; the verdict box takes its class"
exit 0
