#!/bin/sh
# The scorecard of runs that do not measure its tiles' own cells: a
# read-only run at depths 1 and 32 and an --auto run fill their read tiles
# with the nearest cell measured, each saying what stands in ("Q32 for
# Q8", "2M for 1M"); the card states the test (size, time per cell, ramp,
# rounds) and its date; numbers carry thousands separators and no "10^".
. "$top_srcdir/tests/common.sh"
command -v gnuplot >/dev/null 2>&1 || skip "gnuplot not installed (apt-get install gnuplot-nox)"

tab=$(printf '\t')

# A read-only run at the default depths (1 and 32): no QD8 cell.
null_sweep ro --modes read,randread --bs 4k,1m --depth 1,32
# An --auto run over 2M-8M: no 1M cell, depths searched at 2M and 8M.
null_sweep auto --auto --modes read --bs 2m,8m
# Two rounds of one cell.
null_sweep rep --modes randread --bs 4k --depth 1 --repeat 2

# Every read tile filled; none "not measured" where a near cell exists.
for d in ro auto; do
	[ -s "$T/$d/scorecard.png" ] && [ -s "$T/$d/scorecard.svg" ] || fail "$d: no scorecard"
	! grep -q "not measured (read)" "$T/$d/scorecard.gp" ||
		fail "$d: a read tile not measured though a near cell was"
done
! grep -q "not measured (randread)" "$T/ro/scorecard.gp" ||
	fail "ro: a randread tile not measured"
[ "$(grep -c "^[0-9]${tab}[^${tab}]*${tab}\(read\|randread\)${tab}" "$T/ro/scorecard.dat")" -eq 4 ] ||
	fail "ro: not 4 read tiles in scorecard.dat: $(cat "$T/ro/scorecard.dat")"
[ "$(grep -c "^[01]${tab}SEQ 1M Q[18]${tab}read${tab}" "$T/auto/scorecard.dat")" -eq 2 ] ||
	fail "auto: not both SEQ read tiles in scorecard.dat: $(cat "$T/auto/scorecard.dat")"
ok "a read-only and an --auto run fill their read tiles from near cells"

# The stand-in says what it is, in the picture and in scorecard.dat.
grep -q "^set label 'read: Q32 for Q8'" "$T/ro/scorecard.gp" ||
	fail "ro: SEQ 1M Q8 read does not say 'Q32 for Q8'"
grep -q "^0${tab}SEQ 1M Q8${tab}read${tab}.*${tab}1m Q32\$" "$T/ro/scorecard.dat" ||
	fail "ro: scorecard.dat does not say SEQ 1M Q8 is the 1m Q32 cell"
# Both SEQ 1M tiles come from a 2M cell; at Q8 that is 2M Q8 when the depth
# search measured it, else the nearest depth it did ("2M Q4 for 1M Q8"): on
# a busy host the null engine's IOPS can stop gaining before Q8.
[ "$(grep -c "^set label 'read: 2M\( Q[0-9]*\)\? for 1M\( Q[0-9]*\)\?'" "$T/auto/scorecard.gp")" -eq 2 ] ||
	fail "auto: the SEQ tiles do not say '2M for 1M': $(grep "^set label 'read" "$T/auto/scorecard.gp" | cut -c1-40)"
grep -q "Dashed tiles: the nearest cell measured stands in" "$T/ro/scorecard.gp" &&
    grep -q "lw 2 dt 2 back" "$T/ro/scorecard.gp" ||
	fail "ro: no dashed stand-in tile, or no legend of it"
# An exact tile is not dashed and says only its mode.
grep -q "^set label 'randread' at" "$T/ro/scorecard.gp" ||
	fail "ro: the exact RND 4K tile does not say just 'randread'"
ok "a stand-in tile is dashed and says what stands in (Q32 for Q8, 2M for 1M)"

# The test on the card: size, time per cell, ramp, rounds; the date in the title.
grep -q "Test: 16 MiB region, 1 s per cell after a 0 s ramp, 1 round\." "$T/ro/scorecard.gp" ||
	fail "ro: no test line: $(grep Test: "$T/ro/scorecard.gp")"
grep -q "Test: 16 MiB region, 1 s per cell after a 0 s ramp, 2 rounds (each tile its median round)\." \
    "$T/rep/scorecard.gp" || fail "rep: the card does not say 2 rounds"
grep -q "^set label '[^']*scorecard' \. \"\\\\n\" \. '[^']*, 20[0-9][0-9]-[01][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9] UTC'" \
    "$T/ro/scorecard.gp" || fail "ro: no date in the scorecard's title"
ok "the card states the test size, time per cell, ramp, rounds and date"

# Thousands separators, never 10^.
for d in ro auto rep; do
	! grep -q '10^' "$T/$d/scorecard.gp" || fail "$d: scorecard.gp says 10^"
	bad=$(grep -o "^set label '[^']*\(MB/s\|IOPS\|µs\|ms\)[^']*'" "$T/$d/scorecard.gp" |
	    grep -E '[0-9]{4}' | head -n 1)
	[ -z "$bad" ] || fail "$d: a figure without thousands separators: $bad"
done
grep -q "^set label '[0-9]\{1,3\}\(,[0-9]\{3\}\)\+ IOPS" "$T/ro/scorecard.gp" ||
	fail "ro: no IOPS with separators"
# A p99 of 1,184 µs, set in a copy of the read-only run.
"$PY" - "$T/ro/results.json" "$T/lat.json" <<'EOF' || fail "cannot edit results.json"
import json, sys
d = json.load(open(sys.argv[1]))
for c in d["cells"]:
    if c["mode"] == "randread" and c["bs"] == 4096 and c["depth"] == 1:
        c["lat_ns"]["p99"] = 1184000
json.dump(d, open(sys.argv[2], "w"))
EOF
"$SWEEP" report "$T/lat.json" -o "$T/lat" >"$T/lat.log" 2>&1 || fail "report: $(cat "$T/lat.log")"
grep -q "p99 1,184 µs'" "$T/lat/scorecard.gp" || fail "lat: the p99 is not '1,184 µs'"
ok "thousands separators on the tiles (1,184 µs), no 10^ in the footer"

# Marks stay on a stand-in tile: the caveats fixture's RND 4K Q32 tiles are QD16 cells.
"$SWEEP" report "$top_srcdir/tests/fixtures/caveats/results.json" -o "$T/cav" >"$T/cav.log" 2>&1 ||
	fail "report caveats: $(cat "$T/cav.log")"
grep -q "^2${tab}RND 4K Q32${tab}randread${tab}.*${tab}4k Q16${tab}⚠\$" "$T/cav/scorecard.dat" ||
	fail "cav: the noisy stand-in RND 4K Q32 read tile is not marked ⚠: $(cat "$T/cav/scorecard.dat")"
grep -q "^set label 'randread: Q16 for Q32\( · [0-9]*% of IOPS cap\)\?'" "$T/cav/scorecard.gp" ||
	fail "cav: the stand-in tile does not say 'Q16 for Q32'"
ok "a stand-in tile keeps its caveat marks"

# Q1 never stands in for Q32 (a factor of 32): the tile stays not measured.
null_sweep one --modes randread --bs 4k --depth 1
grep -q "not measured (randread)" "$T/one/scorecard.gp" ||
	fail "one: QD1 stood in for QD32"
ok "no stand-in beyond a factor of 8 (Q1 for Q32)"

# A cell fills one tile at most: randread 4K QD8 stands in for Q32 (4x), not for Q1 too (8x).
null_sweep q8 --modes randread --bs 4k --depth 8
[ "$(grep -c "${tab}randread${tab}" "$T/q8/scorecard.dat")" -eq 1 ] &&
    grep -q "^2${tab}RND 4K Q32${tab}randread${tab}.*${tab}4k Q8\$" "$T/q8/scorecard.dat" ||
	fail "q8: the QD8 cell is not in RND 4K Q32 alone: $(cat "$T/q8/scorecard.dat")"
grep -q "not measured (randread)" "$T/q8/scorecard.gp" || fail "q8: RND 4K Q1 is not 'not measured'"
ok "one cell stands in for one tile, the nearer (Q8 for Q32, not for Q1 too)"
