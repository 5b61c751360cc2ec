#!/bin/sh
# With no target option, sweep uses ./sweep.dat, writes reports/LABEL-TIME/,
# and removes the scratch file at the end unless --keep.
. "$top_srcdir/tests/common.sh"
need_odirect
cd "$T" || exit 1

"$SWEEP" --bs 4k --depth 4 --runtime 1 --ramp 0 --size 16m >out 2>err || fail "exit $?: $(cat err)"
[ ! -e sweep.dat ] || fail "scratch file left behind"
dir=$(ls -d reports/sweep.dat-*)
[ -d "$dir" ] || fail "no reports/sweep.dat-* directory"
echo "$dir" | grep -Eq 'reports/sweep.dat-[0-9]{8}-[0-9]{6}$' || fail "bad output name $dir"
grep -q "Results: $dir/results.json" out || fail "does not say where the results are"
results_py "$dir/results.json" "
assert [c['mode'] for c in d['cells']] == ['read', 'randread', 'write', 'randwrite'], d['cells']
assert all(c['status'] == 'ok' for c in d['cells'])
assert d['target']['kind'] == 'file' and d['target']['path'] == 'sweep.dat'
assert d['label'] == 'sweep.dat'
"
ok "default target: four modes, scratch removed"

"$SWEEP" --bs 4k --depth 1 --runtime 1 --ramp 0 --size 16m --keep --label mine -o kept >out 2>err ||
	fail "exit $?: $(cat err)"
[ -s sweep.dat ] || fail "--keep did not keep sweep.dat"
results_py kept/results.json "assert d['label'] == 'mine'"
ok "--keep and --label"
exit 0
