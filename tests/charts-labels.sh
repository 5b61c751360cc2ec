#!/bin/sh
# Issue 35: no text of a chart leaves its canvas or overlaps another, on a
# 6-mode x 15-size x 7-depth synthetic run reported below spec (--expect
# far above its caps: every mode's gap labelled), and on a 2-mode run with
# two gaps on one plot; tests/chart-labels.py places the texts from the
# scripts' label positions and the panels' margins.  The scorecard is
# left out: the bottom-line card that replaces its verdict line is the
# card's work (issue 35, item 1).  Also: the throttle signature and the
# latency distribution charts of the synthetic run, and their data.
# sweep report only: no I/O.
. "$top_srcdir/tests/common.sh"
export SWEEP_DATADIR="${SWEEP_DATADIR:-$top_srcdir}"

gen() {	# gen DIR ARGS...: a synthetic results.json in $T/DIR, reported below spec
	dir=$1
	shift
	mkdir -p "$T/$dir"
	"$PY" "$top_srcdir/bench/gen-results.py" "$@" "$T/$dir/results.json" ||
		fail "gen-results.py $*"
	"$SWEEP" report "$T/$dir/results.json" --formats md,png --expect iops=300000,bw=5000m/s \
	    -o "$T/$dir" >"$T/$dir.log" 2>&1 || fail "report $dir: $(cat "$T/$dir.log")"
}
gen six --modes randread,read,write,randwrite,readwrite,randrw \
    --bs 512,1k,2k,4k,8k,16k,32k,64k,128k,256k,512k,1m,2m,4m,8m --depths 1,2,4,8,16,32,64
gen two --modes randread,write --bs 4k,16k,64k,256k,1m --depths 1,16

for d in six two; do
	grep -q "below spec" "$T/$d/report.md" || fail "$d: not below spec (the test's premise)"
	n=0
	for f in "$T/$d"/*.gp; do
		case $f in */scorecard.gp) continue ;; esac
		[ -s "${f%.gp}.png" ] || fail "$f: not rendered"
		"$PY" "$top_srcdir/tests/chart-labels.py" "$f" || fail "$f: see above"
		n=$((n + 1))
	done
	[ "$n" -ge 6 ] || fail "$d: only $n charts"
done
ok "every chart's texts inside the canvas, none overlapping (6 modes below spec; 2 gaps on one plot)"

# No depth's marker is hollow (gnuplot's 4, 6, 8, 10, 12, 14): hollow is a caveat.
if grep -E "with linespoints [^,]* pt (4|6|8|10|12|14)( |$)" "$T"/six/*.gp; then
	fail "a line's marker is hollow (above)"
fi
ok "7 depths: no line drawn with a hollow marker"

# Two gaps on one plot: outlined (no two shades blend), each named in the key.
grep -c "^set object rectangle .*fillstyle empty border" "$T/two/iops.gp" | grep -qx 2 ||
	fail "two: the two gaps are not outlined: $(grep 'object rect' "$T/two/iops.gp")"
for m in randread write; do
	grep -q "keyentry with boxes .*title '$m below spec: [0-9]*% of the cap'" "$T/two/iops.gp" ||
		fail "two: no key entry for $m's gap"
done
ok "two gaps on one plot: outlined and named in the key"

# The throttle signature: cells within 10% of their mode's measured cap
# (the key's), a row per second; p99 on the right axis, said to be the
# whole cell's.  The distribution: per depth, latency rising with the share.
"$PY" - "$T/six/throttle.gp" "$T/six/throttle.dat" "$T/six/latency-cdf.dat" "$T/six/report.md" \
    <<'PYEOF' || fail "throttle / latency-cdf: see above"
import re, sys
gp, dat, cdf, md = (open(p).read() for p in sys.argv[1:])
caps = {m: float(v.replace(",", "")) for m, v in
        re.findall(r"title '(\w+) IOPS cap ~([0-9,.]+)[k]? \(measured\)'", gp)}
if not caps or "axes x1y2" not in gp or "whole-window" not in gp:
    sys.exit("FAIL: throttle.gp: no measured cap, right axis or note: %r" % caps)
blocks = [b for b in dat.split("\n\n\n") if "# index" in b]
for b in blocks:
    mode = re.search(r"# index \d+: (\w+) ", b).group(1)
    ios = [float(l.split("\t")[1]) for l in b.splitlines() if l[:1].isdigit()]
    mean = sum(ios) / len(ios)
    if len(ios) < 3 or mean < 0.85 * caps[mode]:
        sys.exit("FAIL: %s: mean %.0f IOPS is not at its cap %.0f" % (b.splitlines()[0], mean, caps[mode]))
lines = [b for b in cdf.split("\n\n\n") if "# index" in b]
for b in lines:
    rows = [l.split("\t") for l in b.splitlines() if l[:1].isdigit()]
    lat = [float(r[0]) for r in rows]
    if lat != sorted(lat) or [r[3] for r in rows][-1] != "max" or len(rows) != 7:
        sys.exit("FAIL: latency-cdf: %r" % rows)
for stem in ("throttle", "latency-cdf"):
    if "(%s.png)" % stem not in md:
        sys.exit("FAIL: report.md does not show %s.png" % stem)
print("%d cells at the cap, %d depths' distributions" % (len(blocks), len(lines)))
PYEOF
ok "throttle signature at the measured cap; a latency distribution per depth"

# An outlier with a caveat sets no axis: randread 64K QD16 made a 2 IOPS
# cell that stalled (an I/O of 3 s) keeps the IOPS axis at the others'
# range; it is drawn at the edge as "↓ 2.0" with its mark.
mkdir "$T/out"
"$PY" - "$T/two/results.json" "$T/out/results.json" <<'PYEOF' || fail "outlier results.json"
import json, sys
d = json.load(open(sys.argv[1]))
for c in d["cells"]:
    if c["mode"] == "randread" and c["bs"] == 65536 and c["depth"] == 16:
        c["iops"], c["ios"], c["bytes"] = 2.0, 20, 20 * 65536
        c["bw_bytes_s"] = 2 * 65536.0
        c["series"]["ios"] = [3, 3, 3, 0, 3, 3, 0, 3, 2, 0]
        c["series"]["bytes"] = [x * 65536 for x in c["series"]["ios"]]
        c["device"].update(bw_bytes_s=c["bw_bytes_s"], iops=2.0, read_bytes=c["bytes"], read_ios=20)
        c["bw_check"].update(measured_bytes_s=c["bw_bytes_s"], derived_bytes_s=c["bw_bytes_s"],
                             diff_device=0.0)
        c["lat_ns"]["max"] = 3 * 10**9
json.dump(d, open(sys.argv[2], "w"))
PYEOF
"$SWEEP" report "$T/out/results.json" --formats md,png -o "$T/out" >"$T/out.log" 2>&1 ||
	fail "report out: $(cat "$T/out.log")"
grep -q "1 stalled" "$T/out/report.md" || fail "out: the 2 IOPS cell is not stalled (the premise)"
lo=$(sed -n 's/^set yrange \[\([0-9.e+]*\):.*/\1/p' "$T/out/iops.gp")
awk -v lo="$lo" 'BEGIN { exit !(lo > 100) }' || fail "out: the IOPS axis still reaches $lo"
grep -q '^    ylo = ' "$T/out/iops.gp" && grep -q '"↓ ".strcol(2)' "$T/out/iops.gp" ||
	fail "out: no arrow at the axis' edge for the cell off it"
"$PY" "$top_srcdir/tests/chart-labels.py" "$T/out/iops.gp" || fail "out: see above"
ok "a stalled 2 IOPS cell leaves the axis at $lo IOPS and is drawn at its edge"

# One mode at 3 job counts x 4 depths (12 lines): a panel per job count,
# a legend of the 4 depths, not 12 lines in one hue.
mkdir -p "$T/jobs"
"$PY" "$top_srcdir/bench/gen-results.py" --modes randread --bs 4k,16k,64k,256k,1m \
    --depths 1,4,16,64 "$T/jobs/one.json" || fail "gen-results.py jobs"
"$PY" - "$T/jobs/one.json" "$T/jobs/results.json" <<'PYEOF' || fail "jobs results.json"
import copy, json, sys
d = json.load(open(sys.argv[1]))
cells = []
for jobs in (1, 2, 4):
    for c in d["cells"]:
        n = copy.deepcopy(c)
        n["jobs"], n["index"] = jobs, len(cells)
        cells.append(n)
d["cells"], d["cells_done"] = cells, len(cells)
d["plan"]["cells"] = [{k: c[k] for k in ("mode", "bs", "depth", "jobs")} for c in cells]
json.dump(d, open(sys.argv[2], "w"))
PYEOF
"$SWEEP" report "$T/jobs/results.json" --formats md,png -o "$T/jobs" >"$T/jobs.log" 2>&1 ||
	fail "report jobs: $(cat "$T/jobs.log")"
for c in iops bw latency; do
	f="$T/jobs/$c.gp"
	for j in "1 job" "2 jobs" "4 jobs"; do
		grep -q "set title 'randread, $j'" "$f" || fail "$c.gp: no panel for $j"
	done
	n=$(grep -c "^    set label '.*' at screen [0-9.]*, screen [0-9.]* left$" "$f")
	[ "$n" -eq 4 ] || fail "$c.gp: $n legend entries, want the 4 depths"
	"$PY" "$top_srcdir/tests/chart-labels.py" "$f" || fail "$f: see above"
done
ok "one mode at 3 job counts: a panel per job count, a legend of 4 depths"
exit 0
