#!/bin/sh
# tests/corpus-diff.sh OLD_SWEEP [NEW_SWEEP]: the guard of a change that
# must keep every output byte-identical (a restructuring).  Both binaries
# write every report, comparison and import of the same inputs: the runs in
# tests/fixtures/corpus (a file run with --expect, null-engine runs of every
# mode, --auto, --repeat 3 with a gp2 profile, --rounds-until-steady), the
# fio JSON in tests/fixtures/fio, a table import, and three comparisons.
# Workbooks are unzipped (their creation date dropped); a table import's
# time is masked.  Prints diff -r of the two trees; exit 1 when they differ.
# Each binary reads the chart templates of SWEEP_DATADIR: OLD_DATADIR (the
# templates/ of OLD_SWEEP's own source, when a change alters a template)
# and NEW_DATADIR, both this tree by default, e.g.
#   mkdir /tmp/old-data && git archive main templates | tar -x -C /tmp/old-data
#
#   git worktree add /tmp/old main && (cd /tmp/old && autoreconf -fi &&
#       ./configure -q && make -j2) && tests/corpus-diff.sh /tmp/old/src/sweep
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
old=$(readlink -f "$1")
new=$(readlink -f "${2:-$top/src/sweep}")
work=$(mktemp -d /tmp/sweep-corpus.XXXXXX)
trap 'rm -rf "$work"' EXIT
OLD_DATADIR=${OLD_DATADIR:-$top}
NEW_DATADIR=${NEW_DATADIR:-$top}

outputs() {	# outputs SWEEP DIR DATADIR
	s=$1 o=$2 in="$top/tests/fixtures/corpus" fx="$top/tests/fixtures/fio"
	export SWEEP_DATADIR="$3"
	mkdir -p "$o" && cd "$o" || exit 2
	for r in "$in"/*.json; do
		b=$(basename "$r" .json)
		mkdir -p "in-$b" && cp "$r" "in-$b/results.json"
		"$s" report "in-$b/results.json" -o "report-$b" >"report-$b.out" 2>&1
		echo "exit $?" >>"report-$b.out"
	done
	for f in "$fx"/*.json; do
		b=$(basename "$f" .json)
		"$s" import "$f" -o "import-$b" >"import-$b.out" 2>&1
		echo "exit $?" >>"import-$b.out"
	done
	"$s" import --csv "report-file-q/results.csv" -o import-csv >import-csv.out 2>&1
	echo "exit $?" >>import-csv.out
	"$s" compare in-file-q/results.json in-null-all/results.json -o cmp2 >cmp2.out 2>&1
	echo "exit $?" >>cmp2.out
	"$s" compare in-null-rounds/results.json in-null-until/results.json \
	    import-groups/results.json -o cmp3 >cmp3.out 2>&1
	echo "exit $?" >>cmp3.out
	"$s" compare import-client1/results.json import-client6/__1-18767/results.json \
	    -o cmp4 >cmp4.out 2>&1
	echo "exit $?" >>cmp4.out
	for x in $(find . -name '*.xlsx'); do
		mkdir "$x.d" && (cd "$x.d" && unzip -q "../$(basename "$x")" &&
		    rm -f docProps/core.xml) && rm "$x"
	done
	# A table import records when it ran, as text and in its charts' pixels.
	grep -rlE '20[0-9]{2}-[0-9]{2}-[0-9]{2}[T ][0-9:]{5}' import-csv |
	    xargs -r sed -i -E 's/20[0-9]{2}-[0-9]{2}-[0-9]{2}T[0-9:]{8}Z/TIME/g;
	    s/20[0-9]{2}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2} UTC/TIME/g'
	rm -f import-csv/*.png
	grep -rl "$o" . | xargs -r sed -i "s#$o#OUT#g"
	cd - >/dev/null || exit 2
}

[ -x "$old" ] && [ -x "$new" ] || { echo "usage: $0 OLD_SWEEP [NEW_SWEEP]" >&2; exit 2; }
outputs "$old" "$work/a" "$OLD_DATADIR"
outputs "$new" "$work/b" "$NEW_DATADIR"
# Each side wrote under its own folder name; make them the same before comparing.
grep -rl "$work/a" "$work/a" | xargs -r sed -i "s#$work/a#OUT#g"
grep -rl "$work/b" "$work/b" | xargs -r sed -i "s#$work/b#OUT#g"
n=$(find "$work/a" -type f | wc -l)
if diff -r "$work/a" "$work/b"; then
	echo "corpus: $n files identical"
else
	echo "corpus: the outputs differ (above)"
	exit 1
fi
