#!/bin/sh
# sweep compare: two real libaio runs on temp files, two synthetic runs
# with known ratios (imported tables), partial overlap (missing cells
# shown), no cell in common, repeated labels, three runs; compare.xlsx read
# back with openpyxl equals compare.csv; charts are real PNGs; bad input
# exits 2 with one line.
. "$top_srcdir/tests/common.sh"
CHECK="$PY $top_srcdir/tests/report-check.py"
need_odirect
cd "$T" || exit 1

# Two real runs of one matrix: libaio and psync, each on its own file.
for e in libaio psync; do
	"$SWEEP" run --engine $e --file "$T/$e.dat" --size 32m --modes randread,write --bs 4k,64k \
	    --depth 1 --runtime 1 --ramp 0 --steady 0 -q --label $e -o "$T/$e" --formats csv \
	    >"$T/$e.log" 2>&1 || fail "$e run: $(cat "$T/$e.log")"
done
"$SWEEP" compare "$T/libaio" "$T/psync/results.json" -o "$T/real" >"$T/real.out" 2>"$T/real.err" ||
	fail "compare of two real runs: exit $?: $(cat "$T/real.err")"
for f in compare.csv compare.xlsx compare.md compare.html compare-iops.png compare-iops.svg \
    compare-bw.png compare-bw.svg compare-latency.png compare-latency.svg; do
	[ -s "$T/real/$f" ] || fail "compare wrote no $f"
done
leftover=$(cd "$T/real" && ls -A | grep -E '^\.|\.tmp' || true)
[ -z "$leftover" ] || fail "temp files left in the output: $leftover"
grep -q "^randread: psync vs libaio: " "$T/real.out" && grep -q "4 cells in common, 0 in only" \
    "$T/real.out" || fail "stdout: $(cat "$T/real.out")"
[ "$(wc -l <"$T/real/compare.csv")" -eq 5 ] || fail "compare.csv: $(wc -l <"$T/real/compare.csv") lines"
head -1 "$T/real/compare.csv" | grep -q '^mode,bs,bs_bytes,bs_kib,depth,jobs,libaio IOPS,libaio MiB/s,libaio p99 (us),psync IOPS,.*,psync/libaio IOPS,.*,winner IOPS,winner MiB/s,winner p99,missing in,marks libaio,marks psync$' ||
	fail "compare.csv header: $(head -1 "$T/real/compare.csv")"
for c in iops bw latency; do
	$CHECK png "$T/real/compare-$c.png" 1200 800 || fail "compare-$c.png"
	$CHECK svg "$T/real/compare-$c.svg" || fail "compare-$c.svg"
done
grep -q "set logscale x 2" "$T/real/compare-iops.gp" && grep -q "libaio randread QD1" \
    "$T/real/compare-iops.gp" && grep -q "psync write QD1" "$T/real/compare-iops.gp" ||
	fail "compare-iops.gp: no log2 axis or no line per run"
grep -q "within 5%" "$T/real/compare.md" || fail "compare.md does not state the tie rule"
grep -q "## Verdict" "$T/real/compare.md" && grep -q '^- \*\*randread\*\*: psync vs libaio' \
    "$T/real/compare.md" || fail "compare.md: no verdict per mode"
[ "$(grep -c '<svg' "$T/real/compare.html")" -ge 3 ] || fail "compare.html: charts not inlined"
grep -Eiq "(src|href)=[\"']?(https?:)?//|<script|<img" "$T/real/compare.html" &&
	fail "compare.html is not self-contained"
ok "two real runs: every file, PNG 1200x800, a verdict per mode, the tie rule stated"

# compare.xlsx against compare.csv, value for value, and its native charts.
if "$PY" -c 'import openpyxl' 2>/dev/null; then
	cat >"$T/xlsx-check.py" <<'EOF'
import csv, re, sys, zipfile
import openpyxl
d = sys.argv[1]
rows = list(csv.reader(open(d + "/compare.csv")))
head, data = rows[0], rows[1:]
wb = openpyxl.load_workbook(d + "/compare.xlsx")
assert wb.sheetnames == ["Summary", "Side by side", "Ratios", "Charts"], wb.sheetnames
seen = 0
for sheet in ("Side by side", "Ratios"):
    x = [list(r) for r in wb[sheet].iter_rows(values_only=True)]
    words = {"Mode": "mode", "Block size": "bs", "Block size (bytes)": "bs_bytes",
             "Block size (KiB)": "bs_kib", "Queue depth": "depth", "Jobs": "jobs",
             "Missing in": "missing in"}
    xh = [words.get(n, re.sub(r"^Winner \((.*)\)$", r"winner \1", re.sub(r"^Marks of ", "marks ", n)))
          for n in x[0]]
    for name in xh:
        assert name in head, (sheet, name)
    for i, row in enumerate(data):
        rec = dict(zip(head, row))
        xr = x[i + 1]
        for j, name in enumerate(xh):
            want, got = rec[name], xr[j]
            if want == "":
                assert got in (None, ""), (sheet, i, name, got)
            elif re.fullmatch(r"-?[0-9.]+", want) and name != "bs":
                dec = len(want.split(".")[1]) if "." in want else 0
                assert abs(float(got) - float(want)) <= 0.51 * 10 ** -dec + 1e-9 * abs(float(want)), \
                    (sheet, i, name, got, want)
                seen += 1
            else:
                assert str(got) == want, (sheet, i, name, got, want)
charts = [n for n in zipfile.ZipFile(d + "/compare.xlsx").namelist()
          if re.match(r"xl/charts/chart\d+\.xml$", n)]
assert len(charts) == 3, charts
xml = "".join(zipfile.ZipFile(d + "/compare.xlsx").read(n).decode() for n in charts)
assert "<c:catAx>" in xml, "no category (block size) axis"
summary = " ".join(str(v) for r in wb["Summary"].iter_rows(values_only=True) for v in r if v)
assert "within 5%" in summary and "Verdict" in summary, summary[:300]
print("xlsx: %d figures equal compare.csv, %d charts" % (seen, len(charts)))
EOF
	"$PY" "$T/xlsx-check.py" "$T/real" || fail "compare.xlsx does not match compare.csv"
	ok "compare.xlsx: Side by side and Ratios equal compare.csv; 3 native charts, block-size category axis"
else
	echo "python3-openpyxl not installed: compare.xlsx not read back"
fi

# Synthetic runs with known ratios: fast has 3x the IOPS of slow at 4k and
# 16k, the same bandwidth at 1m (2% apart: a tie), and a third of its p99.
cat >"$T/slow.csv" <<'EOF'
mode,bs,depth,iops,bw_mib_s,lat_p99_us
randread,4k,1,1000,,3000
randread,16k,1,1000,,3000
randread,1m,1,100,100,9000
write,4k,1,500,,4000
write,64k,1,400,,5000
EOF
cat >"$T/fast.csv" <<'EOF'
mode,bs,depth,iops,bw_mib_s,lat_p99_us
randread,4k,1,3000,,1000
randread,16k,1,3000,,1000
randread,1m,1,102,102,3000
write,4k,1,500,,4000
randread,4k,8,9000,,2000
EOF
"$SWEEP" import --csv "$T/slow.csv" --label slow -o "$T/slow" --formats csv >/dev/null 2>&1 &&
    "$SWEEP" import --csv "$T/fast.csv" --label fast -o "$T/fast" --formats csv >/dev/null 2>&1 ||
	fail "importing the synthetic tables"
"$SWEEP" compare "$T/slow" "$T/fast" -o "$T/syn" >"$T/syn.out" 2>"$T/syn.err" ||
	fail "compare synthetic: $(cat "$T/syn.err")"
"$PY" - "$T/syn/compare.csv" <<'EOF' || fail "synthetic ratios"
import csv, sys
rows = {(r["mode"], r["bs"], r["depth"]): r for r in csv.DictReader(open(sys.argv[1]))}
r = rows[("randread", "4k", "1")]
assert r["fast/slow IOPS"] == "3.000" and r["fast/slow MiB/s"] == "3.000", r
assert r["fast/slow p99"] == "0.333" and r["winner p99"] == "fast", r
assert r["winner IOPS"] == "fast" and r["missing in"] == "", r
r = rows[("randread", "1m", "1")]
assert r["fast/slow IOPS"] == "1.020" and r["winner IOPS"] == "tie" and r["winner MiB/s"] == "tie", r
r = rows[("write", "4k", "1")]
assert r["winner IOPS"] == "tie" and r["winner p99"] == "tie", r
r = rows[("write", "64k", "1")]
assert r["missing in"] == "fast" and r["fast IOPS"] == "" and r["winner IOPS"] == "-", r
r = rows[("randread", "4k", "8")]
assert r["missing in"] == "slow" and r["fast IOPS"] == "9000.0", r
assert len(rows) == 6, len(rows)
EOF
grep -q "^randread: fast vs slow: fast has 3.0x the IOPS of slow up to 16 KiB; the same bandwidth (within 5%) at 1 MiB; p99 latency at 4 KiB QD1: slow 3.0 ms, fast 1.0 ms (fast 3.0x lower)\.$" "$T/syn.out" ||
	fail "verdict: $(cat "$T/syn.out")"
grep -q "4 cells in common, 2 in only some runs" "$T/syn.out" || fail "counts: $(cat "$T/syn.out")"

# A ratio of 1432.1 reads with 3 significant digits, in words and in the
# ratio tables; compare.csv keeps its digits.
printf 'mode,bs,depth,iops,bw_mib_s,lat_p99_us\nrandread,4k,1,10,,14321\n' >"$T/big0.csv"
printf 'mode,bs,depth,iops,bw_mib_s,lat_p99_us\nrandread,4k,1,14321,,10\n' >"$T/big1.csv"
"$SWEEP" import --csv "$T/big0.csv" --label tiny -o "$T/big0" --formats csv >/dev/null 2>&1 &&
    "$SWEEP" import --csv "$T/big1.csv" --label huge -o "$T/big1" --formats csv >/dev/null 2>&1 ||
	fail "importing the big-ratio tables"
"$SWEEP" compare "$T/big0" "$T/big1" -o "$T/big" >"$T/big.out" 2>&1 || fail "compare big: $(cat "$T/big.out")"
grep -q "huge has 1,430x the IOPS of tiny at 4 KiB; .* (huge 1,430x lower)\.$" "$T/big.out" ||
	fail "a big ratio in words: $(cat "$T/big.out")"
grep -q "| 4K | 1 | 1 | 10 | 14,321 | 1,430x | huge |" "$T/big/compare.md" ||
	fail "a big ratio in the table: $(grep '^| 4K' "$T/big/compare.md")"
grep -q ",1432.100," "$T/big/compare.csv" || fail "compare.csv: the ratio's digits: $(cat "$T/big/compare.csv")"
ok "a ratio of 1432.1 reads 1,430x"
grep -q "## Cells only some runs have" "$T/syn/compare.md" && grep -q "| write | 64K | 1 | 1 | fast |" \
    "$T/syn/compare.md" && grep -q "| missing |" "$T/syn/compare.md" ||
	fail "compare.md does not show the missing cells"
grep -q 'class="[^"]*failed"[^>]*>missing' "$T/syn/compare.html" || fail "compare.html: missing cells not marked"
ok "known ratios: 3x at 4k/16k, a tie within 5% at 1m, p99 a third; missing cells shown, not dropped"

# No cell in common: still written, and said on stderr and in the report.
cat >"$T/other.csv" <<'EOF'
mode,bs,iops
read,128k,700
EOF
"$SWEEP" import --csv "$T/other.csv" --label other -o "$T/other" --formats csv >/dev/null 2>&1 ||
	fail "import other.csv"
"$SWEEP" compare "$T/slow" "$T/other" -o "$T/none" >"$T/none.out" 2>"$T/none.err" ||
	fail "compare with nothing in common: exit $?"
grep -q "no cell (mode and read share, bs, depth, jobs) in common" "$T/none.err" || fail "no warning: $(cat "$T/none.err")"
grep -q "no cell (mode, block size, queue depth, jobs) in" "$T/none/compare.md" ||
	fail "compare.md does not say there is nothing in common"
[ -s "$T/none/compare.xlsx" ] && [ -s "$T/none/compare.csv" ] || fail "nothing-in-common: files missing"
ok "no cell in common: written, and said so"

# The same label twice gets a suffix; three runs; the default output folder.
"$SWEEP" compare "$T/slow" "$T/slow" "$T/fast" >"$T/three.out" 2>"$T/three.err" ||
	fail "three runs: $(cat "$T/three.err")"
dir=$(ls -d reports/compare-slow-vs-slow-2-vs-fast-* 2>/dev/null | head -1)
[ -n "$dir" ] && [ -s "$dir/compare.csv" ] || fail "default folder: $(ls reports)"
head -1 "$dir/compare.csv" | grep -q "slow-2 IOPS" && head -1 "$dir/compare.csv" |
    grep -q "fast/slow IOPS" || fail "labels: $(head -1 "$dir/compare.csv")"
grep -q "^randread: slow-2 vs slow: the same IOPS" "$T/three.out" || fail "three runs: $(cat "$T/three.out")"
ok "repeated labels get -2; three runs; default folder reports/compare-A-vs-B-...-STAMP"

# Bad input: exit 2 with one line naming what is wrong.
printf 'not json {' >"$T/garbage.json"
expect_usage "one run" "$SWEEP" compare "$T/slow"
expect_usage "no runs" "$SWEEP" compare
expect_usage "a missing results.json" "$SWEEP" compare "$T/slow" "$T/nope"
expect_usage "garbage results.json" "$SWEEP" compare "$T/slow" "$T/garbage.json"
expect_usage "--profile on compare" "$SWEEP" compare "$T/slow" "$T/fast" --profile aws-gp2
expect_usage "unknown format" "$SWEEP" compare "$T/slow" "$T/fast" --formats csv,pdf
exit 0
