#!/bin/sh
# The shipped sweep files, as data: each one's plan must match tests/plans/NAME.plan.
. "$top_srcdir/tests/common.sh"
cd "$T" || exit 1

n=0
for f in "$top_srcdir"/sweeps/*.json; do
	name=$(basename "$f" .json)
	want="$top_srcdir/tests/plans/$name.plan"
	[ -f "$want" ] || fail "no expected plan tests/plans/$name.plan for sweeps/$name.json"
	"$SWEEP" plan --sweep "$f" --file "$T/f.dat" >"$T/$name.txt" 2>"$T/err" ||
		fail "$name: exit $?: $(cat "$T/err")"
	sed -n '/^Plan:/,$p' "$T/$name.txt" >"$T/$name.got"
	diff -u "$want" "$T/$name.got" || fail "$name: plan differs from tests/plans/$name.plan"
	n=$((n + 1))
done
[ "$n" -ge 6 ] || fail "only $n sweep files"
# A shipped sweep can be named without its path.
"$SWEEP" plan --sweep quick --file "$T/f.dat" | grep -q "^Plan: 8 cells" || fail "--sweep quick by name"
# Command-line options override the file.
"$SWEEP" plan --sweep quick --file "$T/f.dat" --runtime 9 | grep -q "1 s ramp + 9 s measured" ||
	fail "--runtime does not override the sweep file"
ok "$n sweep files plan as expected"

# The SNIA PTS IOPS matrix: 7 read shares x 8 block sizes, each cell its own
# share, in the PTS's order (each share through every block size, 1m first).
"$SWEEP" plan --sweep snia-pts-iops --file "$T/f.dat" >"$T/pts.txt" 2>&1 || fail "pts: $(cat "$T/pts.txt")"
"$PY" - "$T/pts.txt" <<'EOF' || fail "the PTS plan"
import sys
rows = [l.split() for l in open(sys.argv[1]) if l[:5].strip().isdigit()]
assert len(rows) == 56, len(rows)
shares = [100, 95, 65, 50, 35, 5, 0]
sizes = ["1m", "128k", "64k", "32k", "16k", "8k", "4k", "512"]
want = [(s, b) for s in shares for b in sizes]
got = [(int(r[5].rstrip("%")), r[2]) for r in rows]
assert got == want, got
assert all(r[1] == "randrw" and r[3] == "32" and r[4] == "1" for r in rows), rows[:3]
EOF
"$SWEEP" plan --sweep snia-pts-iops --file "$T/f.dat" --rounds-until-steady 25 --destructive \
    --precondition >"$T/pts25.txt" 2>&1 || fail "pts with --rounds-until-steady 25: $(cat "$T/pts25.txt")"
grep -q "^Rounds: until steady .* at most 25" "$T/pts25.txt" || fail "pts: $(cat "$T/pts25.txt")"
ok "snia-pts-iops: 56 cells, read shares 100..0% x 1m..512 in the PTS's order; plans with --rounds-until-steady 25 --destructive --precondition"

# One read share (the default, or given once) plans and runs as before: no reads column.
"$SWEEP" plan --file "$T/f.dat" --modes randrw,read --bs 4k >"$T/mix1" || fail "mix1"
"$SWEEP" plan --file "$T/f.dat" --modes randrw,read --bs 4k --rwmixread 70,70 >"$T/mix2" || fail "mix2"
cmp -s "$T/mix1" "$T/mix2" || fail "a repeated share changes the plan: $(diff "$T/mix1" "$T/mix2")"
grep -q "rwmixread 70%$" "$T/mix1" && ! grep -q "reads" "$T/mix1" || fail "one share: $(cat "$T/mix1")"

# A short null-engine run: every mixed cell carries its share, and does that share of reads.
"$SWEEP" run --sweep snia-pts-iops --engine null --file "$T/n.dat" --size 16m --bs 4k,512 \
    --runtime 1 -q --formats csv -o "$T/pts" >"$T/pts.log" 2>&1 || fail "pts run: $(cat "$T/pts.log")"
! grep -q "warning: the mixed cells" "$T/pts.log" || fail "a warning of read shares: $(cat "$T/pts.log")"
"$PY" - "$T/pts/results.json" "$T/pts/results.csv" <<'EOF' || fail "the PTS run"
import csv, json, sys
d = json.load(open(sys.argv[1]))
cells = d["cells"]
assert len(cells) == 14, len(cells)
want = [s for s in [100, 95, 65, 50, 35, 5, 0] for b in (4096, 512)]
assert [c["rwmixread"] for c in cells] == want, [c["rwmixread"] for c in cells]
assert [c["rwmixread"] for c in d["plan"]["cells"]] == want
for c in cells:
    share = 100.0 * c["read_ios"] / c["ios"]
    assert abs(share - c["rwmixread"]) < 1, (c["rwmixread"], share)
rows = list(csv.DictReader(open(sys.argv[2])))
assert [int(r["rwmixread"]) for r in rows] == want, [r["rwmixread"] for r in rows]
EOF
ok "a null run of the PTS matrix: each cell's share in results.json and results.csv, and measured"
exit 0
