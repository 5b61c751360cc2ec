#!/bin/sh
# A mixed mode at several read shares: every share is a workload of its
# own in every report (summary, pivots, caps, charts, workbook) and in
# sweep compare, which matches a cell only with cells at its own share.
# The figures shown for each share are that share's cells in results.json.
# Reports are a pipeline, so most of it runs on the null engine; one
# libaio run on a file checks that each share is what the cells did.
. "$top_srcdir/tests/common.sh"
CHECK="$PY $top_srcdir/tests/report-check.py"
need_odirect
cd "$T" || exit 1
command -v gnuplot >/dev/null 2>&1 || skip "gnuplot is not installed: the charts cannot be drawn"

plan="--modes randread,randrw --rwmixread 100,65,0 --bs 4k,64k,1m --depth 1,8 --runtime 1 --ramp 0"
# shellcheck disable=SC2086
"$SWEEP" run --engine null --file "$T/n.dat" --size 16m $plan -q --label a -o "$T/a" \
    >"$T/a.log" 2>&1 || fail "run a: $(cat "$T/a.log")"
# b: the same run under another label, for sweep compare (a second run would only cost time).
mkdir "$T/b"
"$PY" - "$T/a/results.json" "$T/b/results.json" <<'EOF' || fail "b/results.json"
import json, sys
d = json.load(open(sys.argv[1]))
d["label"] = "b"
json.dump(d, open(sys.argv[2], "w"))
EOF
! grep -q "warning: the mixed cells" "$T/a.log" || fail "a warning of read shares: $(cat "$T/a.log")"

# Each share's row, caps and pivot hold that share's cells, and only those.
"$PY" - "$T/a" <<'EOF' || fail "the reports of a run at three read shares"
import json, re, sys, html
d = sys.argv[1]
res = json.load(open(d + "/results.json"))
assert not any("read shares" in w for w in res.get("warnings", [])), res["warnings"]
cells = [c for c in res["cells"] if c["mode"] == "randrw"]
assert sorted({c["rwmixread"] for c in cells}) == [0, 65, 100]
md = open(d + "/report.md").read()
def fmt(v):
    return "{:,}".format(int(round(v)))
for share in (100, 65, 0):
    name = "randrw %d/%d" % (share, 100 - share)
    mine = [c for c in cells if c["rwmixread"] == share]
    # the summary's row: its peak IOPS is this share's IOPS cap (within its
    # cells) or, without one, the best of its cells
    summary = md.split("## Summary", 1)[1].split("\n## ", 1)[0]
    row = [l for l in summary.splitlines() if l.startswith("| %s |" % name)]
    assert len(row) == 1, (name, row)
    got = float(row[0].split("|")[2].strip().replace(",", ""))
    at = row[0].split("|")[3]
    if at.strip().startswith("cap at"):
        assert min(c["iops"] for c in mine) <= got <= max(c["iops"] for c in mine) + 0.5, (name, row[0])
    else:
        assert row[0].split("|")[2].strip() == fmt(max(c["iops"] for c in mine)), (name, row[0])
    # a knee line of its own
    assert re.search(r"^- \*\*%s\*\*: (IOPS cap|no IOPS|two IOPS|IOPS falling|IOPS rising)" % re.escape(name), md, re.M), name
    # its IOPS pivot: block size x QD1, QD8, each this share's cell
    sec = md.split("### %s: IOPS" % name, 1)[1].split("###", 1)[0]
    rows = [l for l in sec.splitlines() if re.match(r"^\| (4K|64K|1M) \|", l)]
    assert len(rows) == 3, (name, sec)
    for l in rows:
        f = [x.strip() for x in l.split("|")]
        bs = {"4K": 4096, "64K": 65536, "1M": 1048576}[f[1]]
        for col, depth in ((2, 1), (3, 8)):
            want = [c for c in mine if c["bs"] == bs and c["depth"] == depth]
            assert len(want) == 1 and f[col] == fmt(want[0]["iops"]), (name, l, want)
assert "Read shares: randrw at 100/0, 65/35, 0/100" in md, "no read shares sentence"
h = open(d + "/report.html").read()
assert html.escape("randrw 65/35") in h, "report.html: no randrw 65/35"
assert "IOPS per second" in h and "randrw 65/35: IOPS per second" in h, "report.html: no series chart of 65/35"
EOF
ok "report.md: a summary row, a knee and IOPS pivots per read share, each from that share's cells"

# Charts: a line per share and depth in iops.gp/iops.dat, each in its share's colour, and
# a series chart per share, all drawn.
for s in 100 65 0; do
	grep -q "title 'randrw $s/$((100 - s)) QD8'" "$T/a/iops.gp" || fail "iops.gp: no line of randrw $s%"
	$CHECK png "$T/a/series-randrw-$s.png" 1200 600 || fail "series-randrw-$s.png"
done
$CHECK png "$T/a/iops.png" 1200 800 || fail "iops.png"
colors=$(grep -o "lc rgb \"#[0-9a-f]*\" lw 2 ps 1.5 dt [^ ]* pt 7 title 'randrw [0-9/]* QD1'" "$T/a/iops.gp" |
    cut -d'"' -f2 | sort -u | wc -l)
[ "$colors" -eq 3 ] || fail "the three shares share colours: $(grep "title 'randrw" "$T/a/iops.gp")"
grep -q "^# index [0-9]*: randrw 65/35 QD8$" "$T/a/iops.dat" || fail "iops.dat: no block of randrw 65/35 QD8"
ok "charts: a line and a colour per share in iops, a series chart per share, drawn"

# The PTS's seven shares: seven colours, none the same.
"$SWEEP" run --engine null --file "$T/n.dat" --size 16m --modes randrw --rwmixread 100,95,65,50,35,5,0 \
    --bs 4k --depth 32 --runtime 1 --ramp 0 -q --formats png -o "$T/pts" >"$T/pts.log" 2>&1 ||
	fail "pts run: $(cat "$T/pts.log")"
n7=$(grep -o "lc rgb \"#[0-9a-f]*\" fs [^']*'randrw [0-9/]* QD32'" "$T/pts/iops.gp" | cut -d'"' -f2 | sort -u | wc -l)
[ "$n7" -eq 7 ] || fail "seven shares in $n7 colours: $(grep "randrw" "$T/pts/iops.gp")"
ok "seven read shares, seven colours"

# --auto chooses cells per mode at one share: two shares are refused, in one line, exit 2.
expect_usage "--auto at two read shares" "$SWEEP" run --auto --engine null --file "$T/n.dat" \
    --size 16m --modes randrw --rwmixread 70,30 -o "$T/auto2"
grep -q "^sweep: --rwmixread: one read share with --auto .*70% and 30% were given" "$T/.err" ||
	fail "--auto at two shares: $(cat "$T/.err")"
[ ! -e "$T/auto2" ] || fail "the refused --auto run made its output folder"
ok "--auto at two read shares is refused before anything is written"

# --rounds-until-steady tracks each share (as the reports have them), not one per mode.
"$SWEEP" run --engine null --file "$T/n.dat" --size 16m --modes randrw --rwmixread 70,30 --bs 4k,64k \
    --depth 4 --runtime 1 --ramp 0 --rounds-until-steady 5 -q --formats md -o "$T/rus" >"$T/rus.log" 2>&1 ||
	fail "rounds run: $(cat "$T/rus.log")"
grep -q "^  randrw reads 70% bs 4k depth 4: mean" "$T/rus.log" &&
    grep -q "^  randrw reads 30% bs 4k depth 4: mean" "$T/rus.log" || fail "tracking lines: $(grep '^  ' "$T/rus.log")"
grep -q "| randrw 70/30 4K QD4 (IOPS) | randrw 30/70 4K QD4 (IOPS) |" "$T/rus/report.md" ||
	fail "report.md's rounds table: $(grep -A3 '## Rounds until steady' "$T/rus/report.md")"
ok "--rounds-until-steady: a tracking cell per read share"

# The workbook, read back: the IOPS sheet has a column per share and depth with those cells.
"$PY" - "$T/a" <<'EOF' || fail "report.xlsx at three read shares"
import json, sys
import openpyxl
d = sys.argv[1]
res = json.load(open(d + "/results.json"))
ws = openpyxl.load_workbook(d + "/report.xlsx")["IOPS"]
head = [c.value for c in ws[1]]
for share in (100, 65, 0):
    col = head.index("randrw %d/%d QD8 (IOPS)" % (share, 100 - share))
    for r in range(2, 5):
        kib = ws.cell(row=r, column=2).value
        want = [c for c in res["cells"] if c["mode"] == "randrw" and c["rwmixread"] == share
                and c["depth"] == 8 and c["bs"] == kib * 1024]
        got = ws.cell(row=r, column=col + 1).value
        assert len(want) == 1 and abs(got - want[0]["iops"]) < 1, (share, kib, got, want)
EOF
ok "report.xlsx: an IOPS column per share and depth, each that share's cells"

# sweep compare: every share of a matches the same share of b.
"$SWEEP" compare "$T/a" "$T/b" -o "$T/cmp" >"$T/cmp.out" 2>"$T/cmp.err" || fail "compare: $(cat "$T/cmp.err")"
grep -q "^24 cells in common, 0 in only some runs" "$T/cmp.out" || fail "compare: $(cat "$T/cmp.out")"
for s in 100 65 0; do
	grep -q "^randrw $s/$((100 - s)): b vs a: " "$T/cmp.out" || fail "no verdict for randrw $s%: $(cat "$T/cmp.out")"
	[ "$(grep -c "^randrw $s/$((100 - s)),[^,]*,[0-9]*,[0-9.]*,[18],1," "$T/cmp/compare.csv")" -eq 6 ] ||
	    fail "compare.csv: not 6 rows of randrw $s%: $(grep "^randrw $s/" "$T/cmp/compare.csv")"
done
[ "$(grep -c '^randrw ' "$T/cmp/compare.csv")" -eq 18 ] || fail "compare.csv: $(cat "$T/cmp/compare.csv")"
ok "compare: 24 cells matched share by share, a verdict per share"

# Two runs at different single shares are different tests: nothing in common.
for s in 70 50; do
	"$SWEEP" run --engine null --file "$T/n.dat" --size 16m --modes randrw --rwmixread $s \
	    --bs 4k,64k --depth 1 --runtime 1 --ramp 0 -q --label m$s --formats csv -o "$T/m$s" \
	    >"$T/m$s.log" 2>&1 || fail "run m$s: $(cat "$T/m$s.log")"
done
"$SWEEP" compare "$T/m70" "$T/m50" -o "$T/cmp2" >"$T/cmp2.out" 2>"$T/cmp2.err" || fail "compare 70/50: $(cat "$T/cmp2.err")"
grep -q "^0 cells in common, 4 in only some runs" "$T/cmp2.out" && grep -q "^randrw 70/30: " "$T/cmp2.out" &&
    grep -q "^randrw 50/50: " "$T/cmp2.out" || fail "70% and 50% reads matched: $(cat "$T/cmp2.out")"
ok "compare: 70% and 50% reads are not matched as one cell"

# A file written before this change carries a warning that reports show one share: dropped.
"$PY" - "$T/a/results.json" "$T/old.json" <<'EOF' || fail "old.json"
import json, sys
d = json.load(open(sys.argv[1]))
d.setdefault("warnings", []).append("the mixed cells have 3 read shares: the reports' tables and "
    "charts are by mode, block size and depth, and show one share at each (the last); results.csv "
    "and the workbook's Cells sheet have every cell with its share")
d["warnings"].append("a warning of its own")
json.dump(d, open(sys.argv[2], "w"))
EOF
"$SWEEP" report "$T/old.json" -o "$T/old" --formats md >"$T/old.log" 2>&1 || fail "report old.json: $(cat "$T/old.log")"
! grep -q "show one share" "$T/old/report.md" && grep -q "a warning of its own" "$T/old/report.md" ||
	fail "the old warning: $(grep -i warning "$T/old/report.md")"
ok "an earlier file's warning of one share per mode is not shown; its other warnings are"

# Real I/O: libaio at 70% and 30% reads; each share's cell did that share of reads.
"$SWEEP" run --engine libaio --file "$T/r.dat" --size 32m --modes randrw --rwmixread 70,30 --bs 4k \
    --depth 4 --runtime 1 --ramp 0 --steady 0 -q --formats md -o "$T/real" >"$T/real.log" 2>&1 ||
	fail "libaio run: $(cat "$T/real.log")"
"$PY" - "$T/real" <<'EOF' || fail "the libaio run at 70% and 30% reads"
import json, sys
d = sys.argv[1]
res = json.load(open(d + "/results.json"))
md = open(d + "/report.md").read()
for c in res["cells"]:
    share = 100.0 * c["read_ios"] / c["ios"]
    assert abs(share - c["rwmixread"]) < 3, (c["rwmixread"], share)
    name = "randrw %d/%d" % (c["rwmixread"], 100 - c["rwmixread"])
    assert ("| %s |" % name) in md, name
EOF
ok "libaio: 70% and 30% reads measured as such, each its own summary row"

# fio itself at two read shares: sweep import gives each job its share, and the reports split.
if command -v fio >/dev/null 2>&1; then
	cat >"$T/mix.fio" <<EOF
[global]
ioengine=libaio
direct=1
filename=$T/r.dat
size=32m
bs=4k
iodepth=4
rw=randrw
time_based=1
runtime=1
[r70]
rwmixread=70
stonewall
[w70]
rwmixwrite=70
stonewall
EOF
	fio --output-format=json --output="$T/mix.json" "$T/mix.fio" >"$T/fio.log" 2>&1 ||
		fail "fio: $(cat "$T/fio.log")"
	"$SWEEP" import "$T/mix.json" -o "$T/fio" --formats md >"$T/fimp.log" 2>&1 ||
		fail "import: $(cat "$T/fimp.log")"
	"$PY" - "$T/fio" <<'EOF' || fail "sweep import of fio jobs at 70% and 30% reads"
import json, sys
d = sys.argv[1]
res = json.load(open(d + "/results.json"))
assert [c.get("rwmixread") for c in res["cells"]] == [70, 30], [c.get("rwmixread") for c in res["cells"]]
assert not any("rwmixread" in w or "fio jobs with the mode" in w for w in res.get("warnings", [])), res["warnings"]
md = open(d + "/report.md").read()
for c in res["cells"]:
    share = 100.0 * c["read_ios"] / c["ios"]
    assert abs(share - c["rwmixread"]) < 3, (c["rwmixread"], share)
assert "| randrw 70/30 |" in md and "| randrw 30/70 |" in md, "report.md"
EOF
	ok "sweep import of fio at rwmixread=70 and rwmixwrite=70: a cell and a summary row per share"
else
	echo "note: fio is not installed; its import at two shares is not checked"
fi
exit 0
