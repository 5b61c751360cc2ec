#!/bin/sh
# Options: a command refuses what it does not take; --help's defaults are
# the ones a run uses and the ones the man page states; a failed chart
# fails run as it fails report.
. "$top_srcdir/tests/common.sh"
cd "$T" || exit 1

# Three cases that were once accepted silently.
expect_usage "plan --csv" "$SWEEP" plan --csv x
grep -qx 'sweep: --csv: not an option of sweep plan (sweep import takes it)' "$T/.err" ||
	fail "plan --csv: $(cat "$T/.err")"
expect_usage "import --bs --depth" "$SWEEP" import f.json --bs 4k --depth 9
grep -q -- '--bs: not an option of sweep import' "$T/.err" || fail "import: $(cat "$T/.err")"
expect_usage "report --runtime --hosts" "$SWEEP" report R --runtime 5 --hosts a,b
grep -q -- '--runtime: not an option of sweep report' "$T/.err" || fail "report: $(cat "$T/.err")"
expect_usage "compare --expect" "$SWEEP" compare a b --expect iops=1
expect_usage "run --fio-jobfile" "$SWEEP" --fio-jobfile x.fio
expect_usage "compare -q" "$SWEEP" compare a b -q
grep -q -- '^sweep: -q: not an option of sweep compare' "$T/.err" || fail "compare -q: $(cat "$T/.err")"
expect_usage "plan --resume" "$SWEEP" plan --resume x
expect_usage "plan --hosts" "$SWEEP" plan --hosts a,b
# A run's command line is previewed by changing the word: plan takes run's options.
"$SWEEP" plan --file t.dat --size 16m --bs 4k --depth 1 -o out --label gp2 --formats csv -q \
    --keep >/dev/null 2>"$T/.err" || fail "plan with run's options: $(cat "$T/.err")"
[ ! -e out ] && [ ! -e t.dat ] || fail "plan created the output folder or the target"
expect_usage "report --sweep (not loaded)" "$SWEEP" report R --sweep /nonexistent.json
grep -q 'not an option' "$T/.err" || fail "report --sweep: $(cat "$T/.err")"
[ ! -e x.fio ] && [ ! -e x ] || fail "a refused option wrote something"

# The value errors of run's own options.
expect_usage "label with /" "$SWEEP" run --engine null --label a/b
grep -q "label must not contain '/'" "$T/.err" || fail "label: $(cat "$T/.err")"
expect_usage "label too long" "$SWEEP" run --engine null --label "$(printf '%0101d' 0)"
grep -q "label must be 1 to 100 characters" "$T/.err" || fail "label: $(cat "$T/.err")"
expect_usage "--keep=maybe" "$SWEEP" run --engine null --keep=maybe
expect_usage "--out empty" "$SWEEP" run --engine null --out ""
grep -q "output directory must not be empty" "$T/.err" || fail "out: $(cat "$T/.err")"
[ ! -e sweep.dat ] || fail "a refused run created sweep.dat"

# run --help's defaults (the [..] after each option) are the ones a run uses.
"$SWEEP" run --help >help.txt || fail "run --help"
def() { sed -n "s/^ .*--$1 [^ ]* .*\[\([^]]*\)\]\$/\1/p" help.txt; }
for o in runtime ramp seed rwmixread engine bs depth jobs steady steady-window min-runtime \
    io-timeout repeat; do
	[ -n "$(def $o)" ] || fail "--help gives no default for --$o"
done
dev_modes=$(def modes | sed 's/; on a file also .*//')
modes=$dev_modes,$(def modes | sed 's/.*; on a file also //')
"$SWEEP" plan --file t.dat --size 1g >plan-default.txt || fail "plan"
"$SWEEP" plan --file t.dat --size 1g --runtime "$(def runtime)" --ramp "$(def ramp)" \
    --seed "$(def seed)" --rwmixread "$(def rwmixread)" --engine "$(def engine)" \
    --bs "$(def bs)" --depth "$(def depth)" --jobs "$(def jobs)" --modes "$modes" \
    --steady "$(def steady)" --steady-window "$(def steady-window)" \
    --min-runtime "$(def min-runtime)" --io-timeout "$(def io-timeout)" \
    --repeat "$(def repeat)" >plan-given.txt ||
	fail "plan with the defaults given"
cmp -s plan-default.txt plan-given.txt || fail "plan differs when --help's defaults are given"
grep -q "$(def ramp) s ramp + $(def runtime) s measured, engine $(def engine), seed $(def seed), rwmixread $(def rwmixread)%" \
    plan-default.txt || fail "plan: $(sed -n 3p plan-default.txt)"
"$SWEEP" run --engine null --file t.dat --size 8m --bs 4k --depth 1 --modes read -q -o run \
    >run.txt 2>&1 || fail "null run: $(cat run.txt)"
results_py run/results.json "
p = d['plan']
want = dict(runtime_s=$(def runtime), ramp_s=$(def ramp), seed=$(def seed),
    rwmixread=$(def rwmixread), steady_pct=$(def steady), steady_window_s=$(def steady-window),
    min_runtime_s=$(def min-runtime), io_timeout_s=$(def io-timeout))
bad = {k: (p[k], v) for k, v in want.items() if p[k] != v}
assert not bad, bad
"
ok "--help's defaults are the plan's and the run's"

# The man page states the same defaults.
man=$top_srcdir/doc/sweep.1
for o in runtime ramp seed rwmixread engine bs depth jobs steady steady-window min-runtime \
    io-timeout repeat formats; do
	para=$(sed 's/\\-/-/g' "$man" | awk -v o="--$o" '
		/^\.TP/ { if (p) exit; next }
		p { print; next }
		$0 ~ "^\\.BI +" o " \"" { p = 1 }' | tr '\n' ' ')
	d=$(def $o)
	echo "$para" | grep -Eq -- "(default:? $d([;,.) ]|\$)|$d \(default\))" ||
		fail "man page --$o: default $d not stated: $para"
done
para=$(sed 's/\\-/-/g' "$man" | awk '/^\.TP/ { if (p) exit; next } p { print; next }
	/^\.BI --modes/ { p = 1 }' | tr '\n' ' ')
for m in "$modes on a file" "$dev_modes on a device"; do
	echo "$para" | grep -q -- "$m" || fail "man page --modes: default $m not stated"
done
ok "the man page states --help's defaults"

# Every option a command's --help lists has its entry in the man page (nine were missing once).
opts=$(for c in run plan report import compare; do "$SWEEP" $c --help; done |
    sed -n 's/^  \(-., \)\{0,1\} *--\([a-z][a-z-]*\).*/\2/p' | sort -u)
[ "$(echo "$opts" | wc -w)" -ge 30 ] || fail "--help lists only: $opts"
for o in $opts; do
	sed 's/\\-/-/g' "$man" | grep -Eq -- "^\.B[IR]? (\"?-.[ ,\"]*)?--$o( |\"|\$)" ||
		fail "--$o is in --help but has no entry in the man page"
done
ok "every option of --help has a man page entry ($(echo "$opts" | wc -w) options)"

# The entries are the ones sweep --help-man writes from the option table, in place of
# @OPTIONS@ in doc/sweep.1.in (what make man does): the page cannot drift from --help.
"$SWEEP" --help-man >man-opts.txt || fail "--help-man"
awk 'FNR == NR { opts = opts $0 "\n"; next } /^@OPTIONS@$/ { printf "%s", opts; next }
    { print }' man-opts.txt "$top_srcdir/doc/sweep.1.in" >sweep.1.want
cmp -s sweep.1.want "$man" ||
	fail "doc/sweep.1 is not doc/sweep.1.in with sweep --help-man's entries: run make man ($(diff sweep.1.want "$man" | head -5))"
"$SWEEP" --help-md >md-opts.txt || fail "--help-md"
awk 'FNR == NR { opts = opts $0 "\n"; next } /^@OPTIONS@$/ { printf "%s", opts; next }
    { print }' md-opts.txt "$top_srcdir/doc/options.md.in" >options.md.want
cmp -s options.md.want "$top_srcdir/doc/options.md" ||
	fail "doc/options.md is not doc/options.md.in with sweep --help-md's entries: run make man ($(diff options.md.want "$top_srcdir/doc/options.md" | head -5))"
for c in "" run plan report import compare; do
	! "$SWEEP" $c --help | grep -q -- '--help-m' || fail "--help-man and --help-md are meant to stay out of $c --help"
done
for w in '^\.SH SAFETY' 'destructive' 'force' 'flock' 'SIGKILL' '--resume'; do
	sed 's/\\-/-/g' "$man" | sed -n '/^\.SH SAFETY/,/^\.SH [^S]/p' | grep -q -- "$w" ||
		fail "the man page's SAFETY section does not mention $w"
done
if command -v man >/dev/null 2>&1; then
	MANWIDTH=80 man -l "$man" >man.txt 2>man.err || fail "man -l: $(cat man.err)"
	! grep -q 'warning' man.err || fail "man -l warns: $(cat man.err)"
	grep -q '^SAFETY' man.txt || fail "man -l: no SAFETY section"
fi
ok "doc/sweep.1's and doc/options.md's options are generated from the table; SAFETY is there"

# A chart gnuplot fails on fails run (exit 1, the first chart named: the card), as it fails report.
"$SWEEP" run --engine null --file t.dat --size 8m --bs 4k --depth 1 --modes read -q \
    --runtime 1 --ramp 0 --steady 0 -o gp --formats csv,png --gnuplot /bin/false \
    >gp.out 2>gp.err
rc=$?
[ "$rc" -eq 1 ] || fail "run with a failing gnuplot: exit $rc, want 1"
grep -q 'card.gp: gnuplot failed' gp.err || fail "run does not name the chart: $(cat gp.err)"
[ -s gp/results.json ] || fail "run with a failing gnuplot kept no results.json"
"$SWEEP" report gp --formats png --gnuplot /bin/false >/dev/null 2>rep.err
rc=$?
[ "$rc" -eq 1 ] || fail "report with a failing gnuplot: exit $rc, want 1"
grep -q 'card.gp: gnuplot failed' rep.err || fail "report does not name the chart: $(cat rep.err)"
ok "a failed chart: run and report exit 1 and name it"
exit 0
