#!/bin/sh
# The run ends with its conclusions on the terminal, after the last cell and
# the results' line: per mode its caps and knee, where its IOPS saturate,
# against --expect what its peaks reached, how many cells are not steady,
# and the paths of the reports asked for (the last line).  -q prints the
# same lines; so does import.  On the null engine: no root, a few seconds.
. "$top_srcdir/tests/common.sh"

F="--engine null --file $T/n.dat --size 16m --modes randread --bs 4k,64k,1m --depth 1,4,16
    --ramp 0 --runtime 1 --steady 0 --formats csv,md"

# shellcheck disable=SC2086
"$SWEEP" run $F -q --expect iops=3000,bw=250m/s -o "$T/q" >"$T/q.log" 2>&1 ||
	fail "run -q: $(cat "$T/q.log")"
sed -n '/^Results: /,$p' "$T/q.log" >"$T/q.end"
grep -q '^Conclusions:$' "$T/q.end" || fail "no conclusions after the results' line: $(cat "$T/q.log")"
grep -q '^  randread: \(IOPS cap\|bandwidth cap\|too few\|no IOPS\|no bandwidth\|two \|not saturated\|IOPS falling\|IOPS rising\)' "$T/q.end" ||
	fail "no knee line: $(cat "$T/q.end")"
grep -q '^  randread: .*saturat' "$T/q.end" || fail "no saturation line: $(cat "$T/q.end")"
grep -q '^  randread: .*provisioned 3,000 IOPS' "$T/q.end" ||
	fail "no line against --expect: $(cat "$T/q.end")"
grep -q '^  Verdict: .* against its --expect caps: ' "$T/q.end" ||
	fail "no verdict against --expect: $(cat "$T/q.end")"
grep -q '^  none of 9 cells noisy or stalled\|^  [0-9]* of 9 cells not steady (noisy [0-9]*, stalled [0-9]*)\|^  steadiness of the 9 cells not judged (too few whole seconds' \
    "$T/q.end" || fail "no count of unsteady cells: $(cat "$T/q.end")"
[ "$(tail -n 1 "$T/q.end")" = "Reports: $T/q/report.md" ] ||
	fail "the last line is not the report asked for: $(tail -n 1 "$T/q.end")"
ok "run -q ends with the knee, saturation, expectation, steadiness and report lines"

# Without -q and without --expect: the same lines, no expectation.  One
# cell is enough for what this part asserts (the lines' presence and the
# reports' line), and saves the 8 CPU-seconds of 8 more null cells.
"$SWEEP" run --engine null --file "$T/n.dat" --size 16m --modes randread --bs 4k --depth 1 \
    --ramp 0 --runtime 1 --steady 0 --formats md,html,xlsx -o "$T/v" >"$T/v.log" 2>&1 ||
	fail "run: $(cat "$T/v.log")"
sed -n '/^Results: /,$p' "$T/v.log" >"$T/v.end"
grep -q '^Conclusions:$' "$T/v.end" || fail "no conclusions without -q: $(cat "$T/v.log")"
grep -q 'provisioned' "$T/v.end" && fail "an expectation line without --expect: $(cat "$T/v.end")"
[ "$(tail -n 1 "$T/v.end")" = "Reports: $T/v/report.html, $T/v/report.md, $T/v/report.xlsx" ] ||
	fail "the reports' line: $(tail -n 1 "$T/v.end")"
ok "run without -q prints them too; the reports' line names html, md and xlsx"

# An import ends with them too; its cells have no per-second series.
"$SWEEP" import "$top_srcdir/tests/fixtures/fio/groups.json" --formats md -o "$T/i" >"$T/i.log" 2>&1 ||
	fail "import: $(cat "$T/i.log")"
grep -q '^Conclusions:$' "$T/i.log" || fail "no conclusions after an import: $(cat "$T/i.log")"
grep -q '^  steadiness of the 3 cells not judged (too few whole seconds or no per-second series)$' \
    "$T/i.log" || fail "an import's cells are not judged: $(cat "$T/i.log")"
[ "$(tail -n 1 "$T/i.log")" = "Reports: $T/i/report.md" ] ||
	fail "the import's reports' line: $(tail -n 1 "$T/i.log")"
ok "import ends with the conclusions; its cells' steadiness is not judged"
