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
exit 0
