#!/bin/sh
# sweep import of many fio outputs as one run: files named one by one and
# folders searched for *.json (bench-fio's one file per cell), from the real
# fio 3.33 fixtures of tests/fixtures/fio.  Every cell equals the cell of a
# lone import of its file; files that are not fio output are skipped with a
# line each; separate files are never "jobs that ran at the same time";
# nothing to import exits 2 with one line.
. "$top_srcdir/tests/common.sh"
FX="$top_srcdir/tests/fixtures/fio"
cd "$T" || exit 1

for f in groups clones; do
	"$SWEEP" import "$FX/$f.json" --formats csv -o "one-$f" >/dev/null 2>"one-$f.err" ||
		fail "lone import of $f.json: $(cat "one-$f.err")"
done

# A bench-fio-like folder: a file per sub-folder, a file that is not fio output, a link.
mkdir -p bench/randread/4k bench/write/1m bench/empty
cp "$FX/groups.json" bench/randread/4k/1.json
cp "$FX/clones.json" bench/write/1m/8.json
echo 'not json' >bench/notes.json
ln -s "$FX/client1.json" bench/link.json
"$SWEEP" import bench --formats md >dir.out 2>dir.err || fail "import of a folder: $(cat dir.err)"
[ -s reports/bench-imported/results.json ] || fail "no reports/bench-imported/results.json: $(ls -R reports)"
grep -q 'import bench/notes.json: no JSON object' dir.err || fail "the file that is not fio output is not named: $(cat dir.err)"
results_py reports/bench-imported/results.json "
def cells(p):
    return [(c['mode'], c['bs'], c['depth'], c['jobs'], c['iops'], c['bw_bytes_s'], c['ios'])
            for c in json.load(open(p))['cells']]
want = cells('one-groups/results.json') + cells('one-clones/results.json')
got = cells('reports/bench-imported/results.json')
assert got == want, (got, want)
w = ' '.join(d['warnings'])
assert 'imported 2 of 3 files' in w and 'symbolic links in the folders were not followed' in w, w
assert 'at the same time' not in w or 'at the same time' in ' '.join(json.load(open('one-groups/results.json'))['warnings']), w
assert d['label'] == 'bench', d['label']
assert 'bench (2 files)' in d['description'], d['description']
"
ok "a folder: $(grep -c . reports/bench-imported/results.json >/dev/null; results_py reports/bench-imported/results.json 'print(len(d["cells"]), end="")') cells equal to the lone imports of its 2 fio files; notes.json skipped, the link not followed"

# Files named one by one, the same cells; the same file twice is a duplicate, as in one file.
"$SWEEP" import "$FX/groups.json" "$FX/clones.json" --formats csv -o args >/dev/null 2>args.err ||
	fail "import of two files: $(cat args.err)"
results_py args/results.json "
a = [(c['mode'], c['bs'], c['iops']) for c in d['cells']]
b = [(c['mode'], c['bs'], c['iops']) for c in json.load(open('reports/bench-imported/results.json'))['cells']]
assert a == b, (a, b)
assert d['label'] == 'groups', d['label']
"
"$SWEEP" import "$FX/clones.json" "$FX/clones.json" --formats csv -o twice >/dev/null 2>twice.err ||
	fail "import of a file twice: $(cat twice.err)"
grep -q 'of an earlier one' twice.err || fail "the same file twice: no duplicate note: $(cat twice.err)"
ok "two files named: the same cells; the same file twice: the duplicate note"

# Client/server output in a list is skipped (it is imported alone).
"$SWEEP" import "$FX/groups.json" "$FX/client1.json" --formats csv -o cs >/dev/null 2>cs.err ||
	fail "import with a client/server file: $(cat cs.err)"
grep -q 'client1.json: skipped: fio client/server output; import it alone' cs.err ||
	fail "client/server file in a list: $(cat cs.err)"
ok "a client/server file among others is skipped with its line"

expect_usage "a missing file among others" "$SWEEP" import "$FX/groups.json" nosuch.json -o x1
expect_usage "a folder without *.json" "$SWEEP" import bench/empty -o x2
expect_usage "--host with many files" "$SWEEP" import "$FX/groups.json" "$FX/clones.json" --host a -o x3
mkdir junk && echo '{"a": 1}' >junk/a.json
"$SWEEP" import junk -o x4 >/dev/null 2>junk.err
rc=$?
[ $rc -eq 2 ] || fail "a folder of no fio output: exit $rc, want 2"
tail -1 junk.err | grep -q 'import junk: none of its 1 file is fio JSON output' || fail "junk: $(cat junk.err)"
[ ! -e x4 ] || fail "a failed import made its folder"
ok "nothing to import: exit 2, $(tail -1 junk.err)"
exit 0
