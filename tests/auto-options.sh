#!/bin/sh
# Options around --auto, --resume and the setup script,
# on the null engine where timing does not matter:
#   1. --auto explores only the block sizes of --bs (or a sweep file's bs);
#   2. --auto --like D -o D is refused: it would overwrite the run it copies;
#   3. a --budget that cannot hold one cell per mode is refused;
#   4. --resume with a plan option equal to the stored one is accepted, and
#      one that differs is refused by its name;
#   5. after a resume lowered --retry-unstable, report.md says how many
#      re-runs ran, not the lower number;
#   6. setup.sh waits for another apt-get's locks; README names no missing
#      script and says how to read the man page.
. "$top_srcdir/tests/common.sh"
cd "$T" || exit 1

NULL="--engine null --file $T/n.dat --size 16m --ramp 0 --steady 0 -q"

# 1. --bs 4k-64k: every cell chosen lies in it (main ran 1m, 4m and 8m too).
# shellcheck disable=SC2086
"$SWEEP" run --auto $NULL --modes randread --bs 4k-64k --depth 1,2 --runtime 1 --formats csv \
    -o bs >bs.log 2>&1 || fail "--auto --bs: $(cat bs.log)"
grep -q '^Plan: --auto.*; block sizes 4k to 64k only (the bs given)$' bs.log ||
	fail "the plan does not say the range: $(grep '^Plan' bs.log)"
results_py bs/results.json "
bs = sorted(set(c['bs'] for c in d['cells']))
assert bs and min(bs) >= 4096 and max(bs) <= 65536, bs
assert 4096 in bs and 65536 in bs, bs
"
printf '{"modes": "read", "bs": "8k,32k", "depth": "1,2"}\n' >sw.json
# shellcheck disable=SC2086
"$SWEEP" run --auto --sweep sw.json $NULL --runtime 1 --formats csv -o sw >sw.log 2>&1 ||
	fail "--auto --sweep: $(cat sw.log)"
results_py sw/results.json "
bs = sorted(set(c['bs'] for c in d['cells']))
# the knee search may add sizes between the coarse ones (it did on a loaded
# machine: 20K and 28K), never outside the range the sweep file gives
assert bs[0] == 8192 and bs[-1] == 32768 and 16384 in bs, bs
"
ok "--auto keeps to the block sizes of --bs and of a sweep file"

# 2. --like D -o D: refused, D unchanged.
sum0=$(md5sum bs/results.json)
# shellcheck disable=SC2086
expect_usage "--auto --like D -o D" "$SWEEP" run --auto --like bs -o bs $NULL --modes randread
grep -q -- "--like bs -o bs: the run would overwrite the run it copies" "$T/.err" ||
	fail "--like D -o D: $(cat "$T/.err")"
# shellcheck disable=SC2086
expect_usage "--auto --like D -o D/" "$SWEEP" run --auto --like bs -o "$T/bs/" $NULL --modes randread
[ "$(md5sum bs/results.json)" = "$sum0" ] || fail "--like D -o D changed D"

# 3. A budget of 10 s cannot hold 1 s ramp (--auto's) + 10 s + 1 s set-up + 2 s for the reports.
# shellcheck disable=SC2086
expect_usage "--budget 10s --runtime 10" "$SWEEP" run --auto --budget 10s --runtime 10 \
    --engine null --file "$T/n.dat" --size 16m --steady 0 --modes randread -o budget
grep -q -- "--budget 10s: too short for one cell per mode (1 mode x (1 s ramp .* = 14 s); give --budget 14s or more" \
    "$T/.err" || fail "budget: $(cat "$T/.err")"
[ ! -e budget ] || fail "a refused budget made its output folder"
expect_usage "plan --budget 10s --runtime 10" "$SWEEP" plan --auto --budget 10s --runtime 10 \
    --file "$T/n.dat" --size 16m --steady 0 --modes randread
# shellcheck disable=SC2086
"$SWEEP" run --auto --budget 10s --runtime 7 $NULL --modes randread --depth 1 --formats csv \
    -o budget10 >b10.log 2>&1 || fail "--budget 10s --runtime 7: $(cat b10.log)"
results_py budget10/results.json "assert sum(c['status'] == 'ok' for c in d['cells']) >= 1, d['cells']"
ok "a budget too short for one cell is refused; one just long enough measures a cell"

# 4. --resume with the stored value is accepted; another value is named.
# shellcheck disable=SC2086
"$SWEEP" run $NULL --modes randread --bs 4k --depth 1 --runtime 1 --repeat 3 --formats csv \
    -o rep >rep.log 2>&1 || fail "--repeat 3 run: $(cat rep.log)"
"$SWEEP" run --resume rep --repeat 3 --bs 4k --runtime 1 --engine null -q --formats csv \
    >res.log 2>&1 || fail "--resume --repeat 3 (the stored value) refused: $(cat res.log)"
expect_usage "--resume --repeat 4" "$SWEEP" run --resume rep --repeat 4
grep -q -- "--resume rep --repeat: differs from the run there (--repeat 3 there, --repeat 4 here); leave --repeat out" \
    "$T/.err" || fail "--repeat 4: $(cat "$T/.err")"
expect_usage "--resume --bs 8k" "$SWEEP" run --resume rep --bs 8k
grep -q -- "--bs: differs from the run there (4k there, 8k here)" "$T/.err" ||
	fail "--bs 8k: $(cat "$T/.err")"
ok "--resume takes options equal to the stored ones and names one that differs"

# 5. A cell with 4 attempts (3 re-runs, the first 3 noisy), resumed with
#    --retry-unstable 1: nothing more runs; report.md must not say "up to 1
#    re-runs" beside "attempt 4 of 4".
# shellcheck disable=SC2086
"$SWEEP" run $NULL --modes randread --bs 4k --depth 1 --runtime 3 --formats csv -o att \
    >att.log 2>&1 || fail "run: $(cat att.log)"
"$PY" - att/results.json <<'PYEOF' || fail "making the attempts"
import copy, json, sys
p = sys.argv[1]
d = json.load(open(p))
c = d["cells"][0]
at = []
for k in range(4):
    a = copy.deepcopy(c)
    a["attempt"] = k + 1
    if k < 3:
        a["series"]["ios"] = [17000000, 3000000, 17000000]
        a["series"]["bytes"] = [x * 4096 for x in a["series"]["ios"]]
    at.append(a)
c["attempts"] = {"n": 4, "shown": 4, "rule": "first steady attempt", "list": at}
d["plan"]["retry_unstable"] = 3
json.dump(d, open(p, "w"))
PYEOF
"$SWEEP" run --resume att --retry-unstable 1 -q --formats md >att2.log 2>&1 ||
	fail "resume --retry-unstable 1: $(cat att2.log)"
grep -q "attempt 4 of 4 shown" att/report.md || fail "no attempt 4 of 4: $(grep -i attempt att/report.md)"
! grep -q "up to 1 re-runs" att/report.md || fail "report.md: $(grep 'up to 1 re-runs' att/report.md)"
grep -q "up to 3 re-runs until an attempt is steady, under an earlier --retry-unstable; a resume lowered it to 1" \
    att/report.md || fail "report.md: $(grep 'ran again' att/report.md)"
ok "after a lower --retry-unstable on resume, report.md says the 3 re-runs that ran"

# 6. setup.sh: the lists lock held once (apt-get update fails at once with
#    apt 2.6, whatever DPkg::Lock::Timeout says), then free: it waits and
#    goes on; every apt-get call waits for the dpkg lock.
if [ "$(id -u)" -eq 0 ]; then
	mkdir bin
	cat >bin/apt-get <<'SH'
#!/bin/sh
echo "$*" >>"$APT_LOG"
case " $* " in
*" update "*)
	if [ ! -e "$APT_LOG.held" ]; then
		: >"$APT_LOG.held"
		echo "E: Could not get lock /var/lib/apt/lists/lock. It is held by process 1 (apt-get)" >&2
		exit 100
	fi ;;
esac
exit 0
SH
	chmod +x bin/apt-get
	sed -n '/^deps() {/,/^}/p' "$top_srcdir/setup.sh" >deps.sh
	[ -s deps.sh ] || fail "no deps() in setup.sh"
	APT_LOG=$T/apt.log PATH=$T/bin:$PATH sh -c '. ./deps.sh; deps sweep-test-no-such-package' \
	    >deps.out 2>&1 || fail "deps: $(cat deps.out)"
	[ "$(grep -c ' update' apt.log)" -eq 2 ] || fail "update not tried again: $(cat apt.log)"
	n=$(wc -l <apt.log)
	[ "$(grep -c 'DPkg::Lock::Timeout=600' apt.log)" -eq "$n" ] ||
		fail "an apt-get call without DPkg::Lock::Timeout: $(cat apt.log)"
	grep -q 'install .*sweep-test-no-such-package' apt.log || fail "no install: $(cat apt.log)"
	ok "setup.sh waits for another apt-get's locks"
fi
grep -q 'make-example\.sh' "$top_srcdir/README.md" && fail "README names reports/make-example.sh"
grep -q 'man ./doc/sweep.1' "$top_srcdir/README.md" || fail "README does not say how to read the man page"
ok "README: no missing script; man ./doc/sweep.1"
