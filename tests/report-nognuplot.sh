#!/bin/sh
# Without gnuplot (--gnuplot /nonexistent, or no gnuplot on PATH) the charts
# are still written as .gp and .dat files, the reports say how to render
# them, nothing else fails and the exit code is 0.  The .gp files then
# render by hand with `gnuplot iops.gp` in that folder.
. "$top_srcdir/tests/common.sh"
CHECK="$PY $top_srcdir/tests/report-check.py"

"$PY" "$top_srcdir/bench/gen-results.py" --modes randread,write --bs 4k,16k,64k,256k,1m \
    --depths 1,8 --runtime 3 --mismatch 2 "$T/results.json" || fail "gen-results.py"
mkdir "$T/a" "$T/b"
cp "$T/results.json" "$T/a/"
cp "$T/results.json" "$T/b/"

check_unrendered() {
	dir=$1
	for c in iops bw latency series-randread series-write; do
		[ -s "$dir/$c.gp" ] && [ -s "$dir/$c.dat" ] || fail "$dir: $c.gp or $c.dat missing"
		[ ! -e "$dir/$c.png" ] && [ ! -e "$dir/$c.svg" ] || fail "$dir: $c rendered without gnuplot"
	done
	for f in results.csv report.xlsx report.md report.html; do
		[ -s "$dir/$f" ] || fail "$dir: $f missing"
	done
	grep -q "Not rendered" "$dir/report.md" && grep -q "gnuplot iops.gp" "$dir/report.md" ||
		fail "$dir/report.md does not say how to render the charts"
	$CHECK html "$dir" nosvg || fail "$dir/report.html"
	$CHECK md "$dir" || fail "$dir/report.md"
}

"$SWEEP" report "$T/a/results.json" --gnuplot /nonexistent >"$T/a.out" 2>"$T/a.err" ||
	fail "--gnuplot /nonexistent: exit $?: $(cat "$T/a.err")"
[ "$(wc -l <"$T/a.err")" -eq 1 ] && grep -q "^sweep: warning: --gnuplot /nonexistent" "$T/a.err" ||
	fail "--gnuplot /nonexistent: want one warning line naming it, got: $(cat "$T/a.err")"
check_unrendered "$T/a"
ok "--gnuplot /nonexistent: exit 0, .gp/.dat written, the reports say how to render"

mkdir "$T/bin"
PATH="$T/bin" "$SWEEP" report "$T/b/results.json" >"$T/b.out" 2>"$T/b.err" ||
	fail "no gnuplot on PATH: exit $?: $(cat "$T/b.err")"
grep -q "gnuplot not found on PATH" "$T/b.err" || fail "no gnuplot on PATH: $(cat "$T/b.err")"
check_unrendered "$T/b"
ok "no gnuplot on PATH: exit 0, .gp/.dat written"

# A run does not fail for want of gnuplot either.
PATH="$T/bin" "$SWEEP" run --engine null --file "$T/t.dat" --size 8m --modes read --bs 4k \
    --depth 1 --runtime 1 --ramp 0 -q -o "$T/run" >"$T/run.out" 2>&1 ||
	fail "run without gnuplot: exit $?: $(cat "$T/run.out")"
[ -s "$T/run/iops.gp" ] && [ -s "$T/run/report.html" ] && [ ! -e "$T/run/iops.png" ] ||
	fail "run without gnuplot: files"
ok "a run without gnuplot exits 0"

# A gnuplot that fails, and one that hangs: the report says which chart and
# where the log is, exits 1, and writes every other format; a hung gnuplot
# is killed (with what it started) at the timeout.
printf '#!/bin/sh\necho "line 7: undefined variable: oops" >&2\nexit 1\n' >"$T/bin/bad"
printf '#!/bin/sh\necho $$ >>"%s/slow.pids"\nsleep 60 &\necho $! >>"%s/slow.pids"\nwait\n' \
    "$T" "$T" >"$T/bin/slow"
chmod +x "$T/bin/bad" "$T/bin/slow"
mkdir "$T/c" "$T/d"
cp "$T/results.json" "$T/c/"
cp "$T/results.json" "$T/d/"
"$SWEEP" report "$T/c" --gnuplot "$T/bin/bad" >"$T/c.out" 2>"$T/c.err"
rc=$?
[ "$rc" -eq 1 ] || fail "failing gnuplot: exit $rc, want 1"
grep -q "card.gp: gnuplot failed: line 7: undefined variable: oops (log: .*\.card\.gnuplot\.log)" \
    "$T/c.err" || fail "failing gnuplot: message: $(cat "$T/c.err")"
[ -s "$T/c/report.xlsx" ] && [ -s "$T/c/report.md" ] && [ -s "$T/c/iops.gp" ] &&
    [ ! -e "$T/c/iops.png" ] || fail "failing gnuplot: the other formats were not written"
grep -q "gnuplot failed" "$T/c/report.md" || fail "failing gnuplot: report.md does not say so"
ok "a failing gnuplot: exit 1, the chart and its log named, other formats written"

start=$(date +%s)
SWEEP_GNUPLOT_TIMEOUT=1 "$SWEEP" report "$T/d" --gnuplot "$T/bin/slow" >"$T/d.out" 2>"$T/d.err"
rc=$?
[ "$rc" -eq 1 ] && grep -q "killed after 1 s" "$T/d.err" ||
	fail "hung gnuplot: exit $rc: $(cat "$T/d.err")"
[ $(($(date +%s) - start)) -le 10 ] || fail "hung gnuplot: not killed at the timeout"
sleep 0.5
for p in $(cat "$T/slow.pids"); do
	case "$(ps -o stat= -p "$p" 2>/dev/null)" in
	"" | Z*) ;;	# gone, or killed and not yet reaped by init
	*) fail "hung gnuplot: process $p (or its child) still runs" ;;
	esac
done
ok "a hung gnuplot is killed at the timeout, children too"

# The written scripts are self-contained: render them by hand.
if command -v gnuplot >/dev/null 2>&1; then
	(cd "$T/a" && gnuplot iops.gp && gnuplot -e "formats='png'" series-write.gp) \
	    >"$T/gp.log" 2>&1 || fail "gnuplot iops.gp by hand: $(cat "$T/gp.log")"
	$CHECK png "$T/a/iops.png" 1200 800 && $CHECK svg "$T/a/iops.svg" &&
	    $CHECK png "$T/a/series-write.png" 1200 600 || fail "charts rendered by hand"
	ok "gnuplot iops.gp renders iops.png and iops.svg by hand"
fi
exit 0
