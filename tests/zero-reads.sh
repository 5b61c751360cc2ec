#!/bin/sh
# Reads of a region never written: a loop device over a sparse file reads
# zeros the storage never serves.  Every report opens with a banner naming
# the remedies, the read figures are marked, and a compare says so for that
# run; after --precondition --destructive there is no banner.
. "$top_srcdir/tests/common.sh"
[ "$(id -u)" -eq 0 ] || skip "loop devices need root (losetup)"
command -v losetup >/dev/null || skip "losetup (util-linux) not installed"
need_odirect
"$PY" -c "import openpyxl" 2>/dev/null || skip "python3-openpyxl not installed"

LOOP=""
LOOP2=""
cleanup() {
	[ -n "$LOOP" ] && losetup -d "$LOOP" 2>/dev/null
	[ -n "$LOOP2" ] && losetup -d "$LOOP2" 2>/dev/null
	rm -rf "$T"
}
trap cleanup EXIT

truncate -s 64M "$T/sparse.img"
LOOP=$(losetup -f --show --direct-io=on "$T/sparse.img" 2>"$T/losetup.err") ||
	skip "cannot make loop devices here: $(cat "$T/losetup.err")"
run() {	# run OUT [options]: a small read sweep of the loop device
	o=$1
	shift
	"$SWEEP" run --device "$LOOP" --modes randread,randwrite --bs 4k,64k --depth 1 \
	    --runtime 1 --ramp 0 -q -o "$T/$o" "$@" >"$T/$o.out" 2>&1 ||
		fail "run $o: $(cat "$T/$o.out")"
}
banner="Reads of a region never written"

# 1. The sparse device: a banner in md, html and xlsx, read figures marked
# (a sign in the documents, a note on the IOPS sheet).
run zero --destructive
for f in report.md report.html; do
	[ -f "$T/zero/$f" ] || "$SWEEP" report "$T/zero/results.json" -o "$T/zero" >/dev/null 2>&1
	grep -q "$banner" "$T/zero/$f" || fail "no banner in $f"
	grep -q -- "--precondition --destructive" "$T/zero/$f" || fail "no remedy in $f"
done
head -20 "$T/zero/report.md" | grep -q "$banner" || fail "the banner is not at the top of report.md"
grep "^| randread" "$T/zero/report.md" | grep -q "∅" || fail "no read figure marked in report.md"
grep "^| randwrite" "$T/zero/report.md" | grep -q "∅" && fail "a write figure marked in report.md"
"$PY" - "$T/zero/report.xlsx" <<'PYEOF' || fail "report.xlsx: no Summary banner or no IOPS note"
import sys, openpyxl
wb = openpyxl.load_workbook(sys.argv[1])
ws = wb.worksheets[0]
texts = [str(c.value) for row in ws.iter_rows(max_row=20) for c in row if c.value]
assert any("Reads of a region never written" in t and "--precondition --destructive" in t
           for t in texts), texts
notes = [c.comment.text for r in wb["IOPS"].iter_rows() for c in r if c.comment]
assert notes and all("never written" in n for n in notes), notes
PYEOF
ok "sparse device: banner in md, html and xlsx, read figures marked"

# 2. The same device written first: no banner, no mark.
run written --destructive --precondition
for f in report.md report.html; do
	[ -f "$T/written/$f" ] || "$SWEEP" report "$T/written/results.json" -o "$T/written" >/dev/null 2>&1
	grep -q "$banner" "$T/written/$f" && fail "a banner in $f after --precondition"
done
grep -q "∅" "$T/written/report.md" && fail "a mark in report.md after --precondition"
ok "after --precondition --destructive: no banner"

# 3. A compare of the two: the banner names the first run only.
"$SWEEP" compare "$T/zero/results.json" "$T/written/results.json" -o "$T/cmp" \
    >"$T/cmp.out" 2>&1 || fail "compare: $(cat "$T/cmp.out")"
line=$(grep -h "$banner" "$T/cmp/compare.md") || fail "no banner in compare.md"
n=$(echo "$line" | grep -o "was never written" | wc -l)
[ "$n" -eq 1 ] || fail "compare.md banner names $n runs, want 1: $line"
grep -q "$banner" "$T/cmp/compare.html" || fail "no banner in compare.html"
"$PY" - "$T/cmp/compare.xlsx" <<'PYEOF' || fail "compare.xlsx: no banner"
import sys, openpyxl
ws = openpyxl.load_workbook(sys.argv[1]).worksheets[0]
texts = [str(c.value) for row in ws.iter_rows(max_row=20) for c in row if c.value]
assert sum(t.count("was never written") for t in texts) == 1, texts
PYEOF
ok "compare: the banner for the sparse run only"

# 4. A write-only run of a sparse device: nothing read the zeros, no banner.
truncate -s 64M "$T/sparse2.img"
LOOP2=$(losetup -f --show --direct-io=on "$T/sparse2.img" 2>"$T/losetup.err") ||
	skip "cannot make a second loop device here: $(cat "$T/losetup.err")"
"$SWEEP" run --device "$LOOP2" --modes randwrite --bs 4k --depth 1 --runtime 1 --ramp 0 -q \
    --destructive -o "$T/wonly" >"$T/wonly.out" 2>&1 || fail "write-only run: $(cat "$T/wonly.out")"
grep -q "$banner" "$T/wonly/report.md" && fail "a banner in a write-only run's report.md"
ok "write-only run of a sparse device: no banner"
