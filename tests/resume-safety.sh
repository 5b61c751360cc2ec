#!/bin/sh
# The plan in a results.json is untrusted input: `sweep run --resume` of an
# edited or corrupt one is refused with one line naming the file, the field
# and what is valid (exit 2), as the same value on the command line would
# be.  Before, a plan cell of block size 0 died of SIGFPE, depth 0 hung or
# crashed, engine "bogus" or "" crashed, bs 2^24 x depth 2^20 x jobs 2^20
# wrapped the 4 GiB buffer check and aborted, runtime_s 2^32 - 1 aborted.
# And figures: 1e999 reads as infinity, which md and html printed as "inf",
# broke the charts, and a stored "ok" bandwidth check was kept whatever the
# figures said: a non-finite figure is refused, the verdict judged again.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

need_odirect
cd "$T" || fail "cd $T"
"$SWEEP" run --file "$T/f.dat" --size 16m --engine null --modes randread,randrw --bs 4k \
    --depth 1 --runtime 1 --ramp 0 -q --formats csv -o base >base.log 2>&1 ||
	fail "the base run: exit $?: $(cat base.log)"

# edit NAME PYTHON: NAME/results.json is base's, interrupted before its first
# cell (so --resume runs its plan), then PYTHON applied to it as d.
edit() {
	rm -rf "$1"
	mkdir "$1"
	"$PY" - base/results.json "$1/results.json" "$2" <<'PYEOF' || fail "editing $1"
import json, sys
d = json.load(open(sys.argv[1]))
d["cells"] = []
d["interrupted"] = True
d["cells_done"] = 0
exec(sys.argv[3])
text = json.dumps(d).replace("Infinity", "1e999")
open(sys.argv[2], "w").write(text)
PYEOF
}

# refused NAME PYTHON FIELD VALID: --resume of the edit exits 2 with one
# line naming NAME/results.json, FIELD and VALID (what is allowed).
refused() {
	edit "$1" "$2"
	expect_usage "$1" timeout 60 "$SWEEP" run --resume "$1" -q --formats csv
	for want in "$1/results.json" "$3" "$4"; do
		grep -qF -- "$want" "$T/.err" || fail "$1: the message does not say '$want': $(cat "$T/.err")"
	done
}

c0='d["plan"]["cells"][0]'
refused bs0 "$c0[\"bs\"] = 0" 'plan cell 1 "bs" 0' "outside 512..64m"
refused bs1000 "$c0[\"bs\"] = 1000" '"bs" 1000' "multiple of 512"
refused depth0 "$c0[\"depth\"] = 0" 'plan cell 1 "depth" 0' "from 1 to 4096"
refused jobs0 "$c0[\"jobs\"] = 0" '"jobs" 0' "from 1 to 256"
refused bogus 'd["plan"]["engine"] = "bogus"' '"engine" "bogus"' "engine must be one of: libaio"
refused noengine 'd["plan"]["engine"] = ""' '"engine" ""' "engine must be one of: libaio"
refused wrap "$c0.update(bs=2**24, depth=2**20, jobs=2**20)" '"depth" 1048576' "from 1 to 4096"
refused buffers "$c0.update(bs=2**24, depth=2**12, jobs=2**8)" "plan cell 1: bs 16m x depth 4096 x jobs 256" \
    "at most 4 GiB"
refused runtime 'd["plan"]["runtime_s"] = 4294967295' '"runtime_s" 4294967295' "from 1 to 86400"
refused ramp 'd["plan"]["ramp_s"] = 4294967295' '"ramp_s" 4294967295' "from 0 to 3600"
refused timeout0 'd["plan"]["io_timeout_s"] = 0' '"io_timeout_s" 0' "from 1 to 86400"
refused window0 'd["plan"]["steady_window_s"] = 0' '"steady_window_s" 0' "from 2 to 3600"
refused mix 'd["plan"]["rwmixread"] = 101' '"rwmixread" 101' "percentage"
refused rounds 'd["plan"]["repeat"] = 2; d["plan"]["rounds_until_steady"] = True' '"repeat" 2' \
    "from 5 to 100"
refused infinite 'd["plan"]["cells"][0]["bs"] = float("inf")' 'plan.cells[0].bs' "finite"

# An edit within the limits resumes, and runs what the plan says.
edit fine "$c0[\"depth\"] = 4; d[\"plan\"][\"runtime_s\"] = 1"
timeout 60 "$SWEEP" run --resume fine -q --formats csv >fine.log 2>&1 ||
	fail "--resume of a valid plan: exit $?: $(cat fine.log)"
results_py fine/results.json '
assert len(d["cells"]) == 2, d["cells"]
assert d["cells"][0]["depth"] == 4 and d["cells"][0]["status"] == "ok", d["cells"][0]'
ok "a plan edited within the limits resumes: $(tail -1 fine.log)"

# Figures: a non-finite one is refused by every reader, naming where it is.
for where in 'd["cells"][0]["iops"]' 'd["cells"][1]["lat_ns"]["p99"]' 'd["cells"][0]["device"]["iops"]'; do
	rm -rf inf
	mkdir inf
	"$PY" - base/results.json inf/results.json "$where" <<'PYEOF' || fail "making inf"
import json, sys
d = json.load(open(sys.argv[1]))
exec(sys.argv[3] + " = float('inf')")
open(sys.argv[2], "w").write(json.dumps(d).replace("Infinity", "1e999"))
PYEOF
	expect_usage "report of $where = 1e999" "$SWEEP" report inf --formats md,html
	grep -q 'inf/results.json: "cells\[[01]\]\.[a-z_.0-9]*" is not a finite figure' "$T/.err" ||
		fail "report: the message does not name the figure: $(cat "$T/.err")"
	[ ! -e inf/report.md ] && [ ! -e inf/report.html ] || fail "report of $where wrote reports"
	expect_usage "compare with $where = 1e999" "$SWEEP" compare inf/results.json base/results.json \
	    --formats md -o cmp
done
rm -rf inf
mkdir inf
"$PY" - base/results.json inf/results.json <<'PYEOF' || fail "making 1e300"
import json, sys
d = json.load(open(sys.argv[1]))
d["cells"][0]["iops"] = 1e300
json.dump(d, open(sys.argv[2], "w"))
PYEOF
expect_usage "report of iops 1e300 (x bs: infinity)" "$SWEEP" report inf --formats md

# A stored verdict is judged again: IOPS tripled, the stored "ok" is a mismatch.
rm -rf lie
mkdir lie
results_py base/results.json '
c = d["cells"][0]
assert c["bw_check"]["verdict"] == "ok", c["bw_check"]
c["iops"] *= 3
json.dump(d, open("lie/results.json", "w"))'
"$SWEEP" report lie --formats md,csv >lie.log 2>&1 || fail "report lie: exit $?: $(cat lie.log)"
grep -q 'randread | 4K .*| MISMATCH' lie/report.md ||
	fail "a stored ok with IOPS x bs 3x the bytes moved is still ok: $(grep 'randread | 4K' lie/report.md)"
grep -q '+200.00%' lie/report.md || fail "the check's figures are the stored ones: $(grep 'randread | 4K' lie/report.md)"
ok "a stored bandwidth check of ok over tripled IOPS reads as a mismatch"
# And a file whose stored verdicts agree with its figures reports as before.
"$SWEEP" report base --formats md >same.log 2>&1 || fail "report base: exit $?"
[ "$(grep -c MISMATCH base/report.md)" -eq 0 ] || fail "base's consistent checks changed"
ok "consistent checks are kept"
