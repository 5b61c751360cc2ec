#!/bin/sh
# The bottom line (the card) and its diagnosis, on synthetic runs made by
# bench/gen-results.py and re-reported with sweep report (no I/O, no
# render): a gp2-like volume within its burst (and one whose burst runs out
# in the series), a standard-like one within its published range (with
# noisy cells at its cap), a below-spec one (and one with other I/O on the
# device), one without an expectation, and one with a 100-character label (the most --label takes)
# and a 63-character profile name.  tests/card-check.py reads the card back
# from the terminal, report.md, report.html, report.xlsx and card.gp, checks
# its figures against the cells, and that no label of card.gp or of the
# scorecard's title and verdict leaves the canvas.  The ticket's command,
# run as sweep plan, plans the run's cells again, its label intact.
. "$top_srcdir/tests/common.sh"
export SWEEP_DATADIR="${SWEEP_DATADIR:-$top_srcdir}"
CHECK="$PY $top_srcdir/tests/card-check.py"

# gen DIR SCALE SCALE_BW: randread and read, 4k..1m x QD1..32, caps scaled from the generator's
gen() {
	mkdir -p "$T/$1"
	"$PY" "$top_srcdir/bench/gen-results.py" --modes randread,read --bs 4k,16k,64k,256k,1m \
	    --depths 1,4,16,32 --runtime 20 --scale "$2" --scale-bw "$3" "$T/$1/results.json" ||
		fail "gen-results.py $*"
}
# report DIR ARGS...: the reports and the ticket, DIR.out the terminal's
report() {
	d=$1
	shift
	"$SWEEP" report "$T/$d/results.json" --formats md,html,xlsx,png --gnuplot /nonexistent \
	    --ticket "$@" >"$T/$d.out" 2>"$T/$d.err" || fail "report $d: $(cat "$T/$d.err")"
}
# edit DIR FROM PYTHON: results.json of FROM changed by PYTHON (d: the document) into DIR
edit() {
	mkdir -p "$T/$1"
	"$PY" - "$T/$2/results.json" "$T/$1/results.json" "$3" <<'EOF' || fail "edit $1"
import json, sys
d = json.load(open(sys.argv[1]))
exec(sys.argv[3])
json.dump(d, open(sys.argv[2], "w"))
EOF
}

# gp2-like, 33 GiB: 100 IOPS baseline, burst 3,000, 128 MiB/s; the volume does ~3,000.
gen burst 0.0333333 4
report burst --profile aws-gp2 --expect size=33g
$CHECK "$T/burst" - "randread: 3,000 IOPS at" "(10% of the burst cap)" || fail "gp2-like burst"
grep -q "^  randread: IOPS [0-9,]* of 100, burst 3,000 ([0-9]*% of the burst) .* above the baseline, within the burst" \
    "$T/burst.out" || fail "gp2-like: randread not within the burst: $(head -5 "$T/burst.out")"
# Little's law with the QD1 4 KiB cell's own figures: depth = 3,000 x its mean latency.
want=$("$PY" -c '
import json, math, sys
c = [c for c in json.load(open(sys.argv[1]))["cells"]
     if c["mode"] == "randread" and c["bs"] == 4096 and c["depth"] == 1][0]
print("needs QD %d" % math.ceil(3000 * c["lat_ns"]["mean"] / 1e9 - 1e-9))' "$T/burst/results.json")
grep -q "randread: 3,000 IOPS at .* $want (Little" "$T/burst.out" ||
	fail "gp2-like: want '$want': $(grep 'Little' "$T/burst.out")"
# read is above its burst (~4,000 IOPS): the cap explains nothing there, no depth line.
grep -q "^  read: .* above the cap" "$T/burst.out" || fail "gp2-like: read not above the cap"
grep -q "^  - read: .* needs QD" "$T/burst.out" &&
	fail "gp2-like: a depth line for a mode above the cap: $(grep 'needs QD' "$T/burst.out")"
ok "gp2-like within its burst: the card, and the depth its burst needs ($want)"

# The burst runs out: two QD16/32 4 KiB cells at ~3,000 IOPS for 12 s, then ~100.
edit cliff burst '
for c in d["cells"]:
    if c["mode"] == "randread" and c["bs"] == 4096 and c["depth"] in (16, 32):
        s = [int(c["iops"] * (1 + 0.01 * (k % 3 - 1))) for k in range(12)]
        s += [int(100 * (1 + 0.01 * (k % 3 - 1))) for k in range(18)]
        c["series"] = {"interval_s": 1, "ios": s, "bytes": [x * 4096 for x in s]}
        c["runtime_ns"] = 30 * 10**9'
report cliff
$CHECK "$T/cliff" - "randread: a burst bucket running out: 2 cells fell from" "the first after 12 s" ||
	fail "gp2-like, burst running out"
ok "gp2-like whose burst runs out: the bucket named in the diagnosis"

# standard-like: ~150-200 IOPS, 60-80 MiB/s against 40-200 IOPS, 40-90 MiB/s; read's
# cells at its cap made noisy (per-second IOPS 40% apart).
gen standard 0.0016667 40
edit noisy standard '
for c in d["cells"]:
    if c["mode"] == "read" and c["depth"] >= 16 and c["bs"] <= 16384:
        s = [int(c["iops"] * (0.6 if k % 2 else 1.4)) for k in range(20)]
        c["series"] = {"interval_s": 1, "ios": s, "bytes": [x * c["bs"] for x in s]}'
report noisy --profile aws-standard --expect size=100g
$CHECK "$T/noisy" "within the published range" "read: not steady at the cap (" \
    "a throttle's signature" || fail "standard-like"
grep -q "^  randread: IOPS [0-9,]*, published range 40-200 · MiB/s [0-9.]*, published range 40-90" \
    "$T/noisy.out" || fail "standard-like: no published range: $(head -4 "$T/noisy.out")"
ok "standard-like: within the published range; noisy cells at the cap as a throttle's signature"

# below spec: ~3,000 IOPS, ~125 MiB/s against 6,000 and 250; then 7 cells whose device
# moved 30% more bytes than sweep asked.
gen below 0.0333333 4
report below --expect iops=6000,bw=250MiB/s
best=$("$PY" -c '
import json, sys
print(format(round(max(c["iops"] for c in json.load(open(sys.argv[1]))["cells"]
                       if c["mode"] == "randread")), ","))' "$T/below/results.json")
$CHECK "$T/below" "below spec" "randread: below the cap at every depth and block size (best $best IOPS" \
    "throttled upstream of the volume: check the instance's own EBS/disk limit" || fail "below spec"
edit mis below '
n = 0
for c in d["cells"]:
    if c["mode"] == "randread" and n < 7:
        n += 1
        dev = c["bw_bytes_s"] * 1.3
        c["device"]["read_bytes"], c["device"]["bw_bytes_s"] = int(dev * 20), dev
        c["bw_check"].update(device_bytes_s=dev, diff_device=0.3, verdict="mismatch",
                             reason="device moved 30% more")'
report mis
$CHECK "$T/mis" "below spec" "other I/O on the device (7 of 40 cells moved more bytes than sweep asked" ||
	fail "other I/O"
ok "below spec: throttled upstream (best $best IOPS); other I/O on 7 of 40 cells"

# No expectation: the figures are the plateaus (or peaks), with no "of" and no verdict.
gen plain 0.0333333 4
report plain
$CHECK "$T/plain" - || fail "no expectation"
grep -q "^Bottom line: synthetic: as measured (no caps given" "$T/plain.out" &&
    grep -q "^  randread: IOPS [0-9,]* (plateau) · " "$T/plain.out" ||
	fail "no expectation: $(head -4 "$T/plain.out")"
ok "no expectation: the card says what its figures are"

# Long names: a 100-character label with quotes, and a 63-character profile name.
edit long below '
d["label"] = "a \"quoted\" label with '"'"'apostrophes'"'"', `ticks` and " + "W" * 80 + " $(x)"
d["label"] = d["label"][:100]
d["expect"]["profile"] = "volume-profile-of-a-rather-long-name-" + "M" * 26'
report long
$CHECK "$T/long" "below spec" || fail "long label and profile name"
ok "a 100-character label and a 63-character profile name stay inside card.gp and scorecard.gp"

# The ticket: the volume, and a command that plans the same cells with the label intact.
skip=
for d in below long; do
	grep -q "^Volume: /dev/synthetic (block device, model Synthetic SSD" "$T/$d.out" ||
		fail "$d: ticket without the volume: $(grep -n Volume "$T/$d.out")"
	grep -q "^\[randread-4k-qd1-j1\]$" "$T/$d.out" || fail "$d: no fio job of the QD1 4 KiB cell"
	cmd=$(grep '^  sweep run --device /dev/synthetic ' "$T/$d.out" | sed 's/^  sweep run //')
	[ -n "$cmd" ] || fail "$d: no command in the ticket"
	eval "set -- $cmd"
	[ "$1" = --device ] || fail "$d: command starts with $1"
	shift 2
	if [ "$d" = long ]; then	# a profile of that name is not installed here: drop it
		for a; do
			shift
			case $skip:$a in
			:--profile|:--expect) skip=1 ;;
			1:*) skip= ;;
			*) set -- "$@" "$a" ;;
			esac
		done
	fi
	"$SWEEP" plan --file "$T/$d-plan.dat" "$@" >"$T/$d.plan" 2>&1 ||
		fail "$d: the ticket's command does not plan: $(cat "$T/$d.plan")"
	n=$(grep -c '^ *[0-9][0-9]*  *\(randread\|read\) ' "$T/$d.plan")
	[ "$n" -eq 40 ] || fail "$d: the command plans $n cells, not 40: $(head -20 "$T/$d.plan")"
	while [ $# -gt 0 ] && [ "$1" != --label ]; do shift; done
	"$PY" -c 'import json, sys; sys.exit(json.load(open(sys.argv[1]))["label"] != sys.argv[2])' \
	    "$T/$d/results.json" "$2" || fail "$d: the command's label is not the run's: $2"
done
ok "the ticket: the volume, a command that plans the 40 cells again (label quoted), the fio jobs"
