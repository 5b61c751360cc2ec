#!/bin/sh
# Reports from a run and from `sweep report RESULTS.json`: every file of
# every format is there whole (no temp files left), charts are real PNG/SVG
# of the expected size, md and html flag the BW-check mismatches, html is
# self-contained, --formats picks files, and bad input exits 2 with one line.
. "$top_srcdir/tests/common.sh"
# check KIND ARGS...: tests/report-check.py.  Its exit 77 means the check
# cannot run here (python3-openpyxl missing for xlsx): not a failure, and
# not a pass either: the rest runs and the test ends in SKIP, saying why.
not_run=""
check() {
	$PY "$top_srcdir/tests/report-check.py" "$@" >"$T/.check" 2>&1
	rc=$?
	cat "$T/.check"
	if [ $rc -eq 77 ]; then
		why=$(sed -n 's/^SKIP: //p' "$T/.check" | head -n 1)
		case "$not_run" in *"$why"*) ;; *) not_run="${not_run:+$not_run; }$1: ${why:-skipped}" ;; esac
		return 0
	fi
	return $rc
}
command -v gnuplot >/dev/null 2>&1 || skip "gnuplot not installed (apt-get install gnuplot-nox)"

# A null-engine run: the whole pipeline in 6 s.
"$SWEEP" run --engine null --file "$T/t.dat" --size 16m --modes randread,write \
    --bs 4k,64k,1m --depth 1 --runtime 1 --ramp 0 -q -o "$T/run" >"$T/run.log" 2>&1 ||
	fail "null run: $(cat "$T/run.log")"
for f in results.json results.csv report.xlsx report.md report.html \
    iops.png iops.svg iops.gp iops.dat bw.png bw.svg bw.gp bw.dat \
    latency.png latency.svg latency.gp latency.dat \
    series-randread.png series-randread.svg series-write.png series-write.dat; do
	[ -s "$T/run/$f" ] || fail "run: $f missing or empty"
done
leftover=$(cd "$T/run" && ls -A | grep -E '^\.|\.tmp' || true)
[ -z "$leftover" ] || fail "temp files left in the output: $leftover"
ok "a run writes every report file"
grep -q "Steady state (--steady 2) could not end a cell early: --runtime 1 s leaves no room" \
    "$T/run/report.md" || fail "report.md: a 1 s runtime does not say steady state could not apply"

for c in iops bw latency; do
	check png "$T/run/$c.png" 1200 800 || fail "$c.png"
	check svg "$T/run/$c.svg" || fail "$c.svg"
done
check png "$T/run/series-write.png" 1200 600 || fail "series-write.png"
grep -q "set logscale x 2" "$T/run/iops.gp" || fail "iops.gp: no log2 x axis"
grep -q '"4K" 4096' "$T/run/iops.gp" || fail "iops.gp: no size labels on the x axis"
grep -q -E "set key (outside|below)" "$T/run/iops.gp" || fail "iops.gp: the key is not outside the data"
grep -q "^ *set label 1 .*t\.dat" "$T/run/bw.gp" || fail "bw.gp: the title does not name the target"
! grep -q "y2" "$T/run/bw.gp" || fail "bw.gp: a second (MB/s) axis is back: $(grep y2 "$T/run/bw.gp")"
grep -q "MiB/s" "$T/run/bw.gp" || fail "bw.gp: no MiB/s axis"
ok "charts: PNG 1200x800 (series 1200x600), well-formed SVG, log2 axis, key outside, MiB/s only"

# The null engine moves nothing, so its cells pass the check: give two of them a
# device leg that read 97% less (a cache) and make the reports again from that.
# The check is judged again from the figures on read, so the device's are set too.
$PY - "$T/run/results.json" <<'PYEOF' || fail "could not edit results.json"
import json, sys
d = json.load(open(sys.argv[1]))
for c in d["cells"][:2]:
    k = c["bw_check"]
    c["device"] = {"valid": True, "bw_bytes_s": k["measured_bytes_s"] * 0.03,
        "iops": c["iops"] * 0.03}
    k["device_bytes_s"] = k["measured_bytes_s"] * 0.03
    k["diff_device"] = -0.97
    k["verdict"] = "mismatch"
    k["reason"] = "device moved 97% less: cache (page cache, buffered loop device) or unwritten extents"
json.dump(d, open(sys.argv[1], "w"), indent=1)
PYEOF
"$SWEEP" report "$T/run" >"$T/report0.log" 2>&1 || fail "sweep report: $(cat "$T/report0.log")"
n=$($PY -c 'import json,sys; print(sum(c["bw_check"]["verdict"] == "mismatch"
    for c in json.load(open(sys.argv[1]))["cells"]))' "$T/run/results.json")
[ "$n" -eq 2 ] || fail "expected 2 mismatched cells, found $n"
check md "$T/run" || fail "report.md"
check html "$T/run" svg || fail "report.html"
grep -Eiq "(src|href)=[\"']?(https?:)?//" "$T/run/report.html" && fail "report.html refers to the network"
grep -q "<svg" "$T/run/report.html" || fail "report.html: no inline <svg> although gnuplot is here"
check xlsx "$T/run" || fail "report.xlsx"
ok "md, html and xlsx flag the $n mismatched cells with their reasons"

# The reports are made from results.json alone: the same text again.
mkdir "$T/again"
cp "$T/run/results.json" "$T/again/"
"$SWEEP" report "$T/again" >"$T/report.log" 2>&1 ||
	fail "sweep report: $(cat "$T/report.log")"
cmp -s "$T/run/report.md" "$T/again/report.md" ||
	fail "report.md differs when made again: $(diff "$T/run/report.md" "$T/again/report.md" |
	    head -n 8) $(cat "$T/report.log")"
cmp -s "$T/run/results.csv" "$T/again/results.csv" || fail "results.csv differs when made again"
[ -s "$T/again/report.xlsx" ] && [ -s "$T/again/iops.png" ] || fail "sweep report: files missing"
ok "sweep report RUN-FOLDER remakes the same reports from its results.json"

# A mismatch with a cause of our own, and one cell skipped: both shown.
$PY - "$T/run/results.json" "$T/edit/results.json" <<'EOF' || fail "editing results.json"
import json, os, sys
d = json.load(open(sys.argv[1]))
c = d["cells"][0]
c["bw_check"]["verdict"] = "mismatch"
c["bw_check"]["reason"] = "device moved 42% less: a test's own | reason"
s = d["cells"][1]
for k in list(s):
    if k not in ("index", "mode", "bs", "depth", "jobs"):
        del s[k]
s["status"], s["status_reason"] = "skipped", "bs 64k below the test's minimum"
os.makedirs(os.path.dirname(sys.argv[2]))
json.dump(d, open(sys.argv[2], "w"))
EOF
"$SWEEP" report "$T/edit/results.json" --formats md,html,xlsx,csv >"$T/report.log" 2>&1 ||
	fail "sweep report on the edited results: $(cat "$T/report.log")"
check md "$T/edit" && check html "$T/edit" svg && check xlsx "$T/edit" ||
	fail "reports of the edited results"
grep -q "a test's own \\\\| reason" "$T/edit/report.md" || fail "report.md: the reason is not escaped"
grep -q "below the test's minimum" "$T/edit/report.md" || fail "report.md: skipped cell not listed"
ls "$T/edit"/*.png >/dev/null 2>&1 && fail "--formats md,html,xlsx,csv wrote png files"
[ -e "$T/edit/iops.svg" ] || fail "html asked: its svg charts were not rendered"
ok "--formats: only the formats asked (html renders the svg it inlines); skipped cells listed"

# Bad input: exit 2, one line naming the input and what would be right.
printf 'not json {' >"$T/garbage.json"
expect_usage "missing results file" "$SWEEP" report "$T/nope/results.json"
expect_usage "garbage results file" "$SWEEP" report "$T/garbage.json"
expect_usage "unknown format" "$SWEEP" report "$T/run/results.json" --formats csv,pdf
grep -q "pdf" "$T/.err" && grep -q "csv, xlsx, png, svg, md, html" "$T/.err" ||
	fail "unknown format: the message should name pdf and the valid formats: $(cat "$T/.err")"
expect_usage "no results file" "$SWEEP" report
# The QD1 4K latency headline: the mean beside p50 and p99, and a note (with
# the p90) when the mean is 10x the p50 or more; none when they agree.
grep -q "| QD1 4K mean (us) | QD1 4K p50 (us) | QD1 4K p99 (us) |" "$T/run/report.md" ||
	fail "report.md: the summary has no QD1 4K mean beside p50 and p99"
# The run is real: on a busy host its QD1 cell's mean can be 10x its p50
# (a thread that waited for a CPU), so the note must follow its own figures.
split=$($PY - "$T/run/results.json" <<'PYEOF'
import json, sys
for c in json.load(open(sys.argv[1]))["cells"]:
    l = c.get("lat_ns") or {}
    if c["mode"] == "randread" and c["bs"] == 4096 and c["depth"] == 1 and l.get("p50"):
        print("yes" if l["mean"] >= 10 * l["p50"] else "no")
        break
PYEOF
)
if [ "$split" = yes ]; then
	grep -q "two populations" "$T/run/report.md" ||
		fail "report.md: the QD1 mean is 10x its p50 and no latency note says so"
else
	! grep -q "two populations" "$T/run/report.md" ||
		fail "report.md: a latency note where the mean and the p50 agree"
fi
mkdir -p "$T/twopop"
$PY - "$T/run/results.json" "$T/twopop/results.json" <<'PYEOF' || fail "twopop: rewriting results.json"
import json, sys
d = json.load(open(sys.argv[1]))
for c in d["cells"]:
    if c["mode"] == "randread" and c["bs"] == 4096 and c["depth"] == 1:
        c["lat_ns"].update({"mean": 1500000.0, "p50": 100000, "p90": 120000, "p99": 9000000})
json.dump(d, open(sys.argv[2], "w"))
PYEOF
"$SWEEP" report "$T/twopop/results.json" --formats md,html,xlsx -o "$T/twopop" >"$T/.out" 2>&1 ||
	fail "twopop report: $(cat "$T/.out")"
note="the mean, 1.5 ms, is 15.0x the p50 of 100 us (p90 120 us, p99 9.0 ms): two populations"
grep -q "| randread | .* | 1,500.0[ ≠]* | 100.0[ ≠]* | 9,000.0[ ≠]* |" "$T/twopop/report.md" ||
	fail "report.md: randread's mean, p50, p99: $(grep '^| randread' "$T/twopop/report.md")"
grep -qF -- "- **randread**: $note" "$T/twopop/report.md" ||
	fail "report.md: no two-populations note for randread"
grep -qF "$note" "$T/twopop/report.html" || fail "report.html: no two-populations note"
$PY -c 'import sys, zipfile; s = zipfile.ZipFile(sys.argv[1]).read("xl/sharedStrings.xml").decode()
sys.exit(not all(w in s for w in ("QD1 4K mean latency (us)", sys.argv[2])))' \
    "$T/twopop/report.xlsx" "$note" || fail "report.xlsx: no QD1 4K mean column or no note"
ok "the summary's QD1 4K mean, and the note when it is 10x the p50"

[ -z "$not_run" ] || skip "$not_run"
exit 0
