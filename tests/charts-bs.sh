#!/bin/sh
# The block-size charts (iops, bw, latency) read at a glance, asserted on
# the gnuplot scripts and data of synthetic runs (bench/gen-results.py):
# every size labelled up to 15 and 4K/64K/1M always, no dash pattern twice
# in one plot, small multiples (a panel per mode, 8 lines at most each) for
# a 6-mode x 7-depth run, lines broken across sizes a series skipped (an
# --auto run's sparse sizes), bars on a linear axis from 0, and the note
# when two modes' lines coincide.
. "$top_srcdir/tests/common.sh"
command -v gnuplot >/dev/null 2>&1 || skip "gnuplot not installed (apt-get install gnuplot-nox)"

gen() {	# gen NAME ARGS...: a synthetic results.json in $T/NAME.json
	name=$1
	shift
	"$PY" "$top_srcdir/bench/gen-results.py" "$@" "$T/$name.json" >/dev/null ||
	    fail "bench/gen-results.py $*"
}
report() {	# report NAME [FORMATS]: its report into $T/NAME
	"$SWEEP" report "$T/$1.json" -o "$T/$1" --formats "${2:-png}" >"$T/$1.log" 2>&1 ||
	    fail "report $1: $(cat "$T/$1.log")"
}
xtics() {	# xtics FILE: the x tics of a chart's script, one "label size" a line
	grep -m 1 '^set xtics (' "$1" | sed 's/^set xtics (//; s/)$//' | tr ',' '\n' |
	    sed 's/^ *//'
}

# Fifteen sizes: every one labelled.
gen s15 --modes randread --bs 512,1k,2k,4k,8k,16k,32k,64k,128k,256k,512k,1m,2m,4m,8m --depths 1
report s15
n=$(xtics "$T/s15/iops.gp" | grep -c -v '^""')
blank=$(xtics "$T/s15/iops.gp" | grep -c '^""')
[ "$n" -eq 15 ] && [ "$blank" -eq 0 ] ||
	fail "15 sizes: $n labelled, $blank unlabelled: $(grep '^set xtics (' "$T/s15/iops.gp")"
ok "15 block sizes: every one labelled"

# Seventeen sizes: 4K, 64K and 1M labelled all the same.
gen s17 --modes randread --bs 512,1k,2k,4k,8k,16k,32k,64k,128k,256k,512k,1m,2m,4m,8m,16m,32m \
    --depths 1
report s17 png
for s in '"4K" 4096' '"64K" 65536' '"1M" 1048576'; do
	xtics "$T/s17/iops.gp" | grep -q -x "$s" ||
	    fail "17 sizes: $s not labelled: $(grep '^set xtics (' "$T/s17/iops.gp")"
done
ok "17 block sizes: 4K, 64K and 1M labelled"

# Six modes x seven depths: a panel per mode, 8 lines at most in each.
gen six --modes read,write,randread,randwrite,readwrite,randrw --bs 4k,16k,64k,256k,1m \
    --depths 1,2,4,8,16,32,64
report six
for c in iops bw; do
	grep -q '^ *set multiplot' "$T/six/$c.gp" || fail "six $c.gp: no small multiples"
	[ -s "$T/six/$c.png" ] || fail "six $c.png: not rendered: $(cat "$T/six/.$c.gnuplot.log")"
done
$PY - "$T/six/iops.gp" <<'EOF' || fail "panels: see above"
import re, sys
text = open(sys.argv[1]).read()
titles = re.findall(r"^ *set title '([^']*)'", text, re.M)
plots = re.findall(r"^ *plot (.*?)(?=\n *(?:set|unset) )", text, re.M | re.S)
if sorted(titles) != sorted(["read", "write", "randread", "randwrite", "readwrite", "randrw"]):
    sys.exit("FAIL: panel titles %r" % titles)
if len(plots) != 6:
    sys.exit("FAIL: %d plots, want 6 panels" % len(plots))
for p in plots:
    n = len(re.findall(r"with linespoints", p))
    if n == 0 or n > 8:
        sys.exit("FAIL: a panel with %d lines" % n)
EOF
ok "6 modes x 7 depths: a panel per mode, 8 lines at most in each"
# A panel says its knee in its title, not in a label over its lines (12
# lines: panels; 10 sizes: the synthetic volume's knee is stated).
gen sixk --modes read,write,randread,randwrite,readwrite,randrw \
    --bs 4k,8k,16k,32k,64k,128k,256k,512k,1m,2m --depths 1,16
report sixk
grep -q "set title 'randwrite: knee ~13 KiB'" "$T/sixk/iops.gp" ||
	fail "sixk iops.gp: no knee in a panel's title"
! grep -q "set label 'knee ~" "$T/sixk/iops.gp" || fail "sixk iops.gp: a knee label inside a panel"
ok "panels: the knee in the title"

# No dash pattern twice in one plot (the panels, one chart of 2 modes x 4 depths, and
# a series chart of 7 depths: its dash was the depth's, repeating after 5).
gen two --modes read,write --bs 4k,64k,1m --depths 1,4,16,64
report two
gen ser --modes read --bs 4k,64k --depths 1,2,4,8,16,32,64
report ser
$PY - "$T"/six/iops.gp "$T"/six/bw.gp "$T"/two/iops.gp "$T"/two/bw.gp "$T"/two/latency.gp \
    "$T"/s15/latency.gp "$T"/ser/series-read.gp <<'EOF' || fail "dash patterns: see above"
import re, sys
for path in sys.argv[1:]:
    text = open(path).read()
    for p in re.findall(r"^ *plot (.*?)(?=\n *(?:set|unset) |\n *unset output)", text, re.M | re.S):
        dts = re.findall(r"\bdt (\([0-9,]+\)|[0-9]+)", p)
        if len(dts) != len(set(dts)):
            sys.exit("FAIL: %s: a dash pattern twice in one plot: %r" % (path, dts))
EOF
ok "no dash pattern twice in one plot"

# An --auto run's sparse sizes: QD1 at 4K and 8M only is not one line across 64K-4M.
gen auto --modes randread --bs 4k,64k,1m,4m,8m --depths 1,32
results_edit "$T/auto.json" "$T/auto.json" 'd["cells"] = [c for c in d["cells"] if c["depth"] == 32 or c["bs"] in (4096, 8388608)]'
report auto
awk '/^# index 0:/ {on = 1; next} /^# index/ {on = 0} on' "$T/auto/iops.dat" >"$T/auto0"
awk 'NF == 0 && prev ~ /^4096\t/ {gap = 1} {prev = $0} END {exit !gap}' "$T/auto0" ||
	fail "auto iops.dat: QD1 is not broken between 4K and 8M: $(cat "$T/auto0")"
ok "--auto: a line breaks across the sizes its series skipped"

# Two block sizes: bars, on a linear y axis from 0.
gen quick --modes randread,write --bs 4k,1m --depths 1,16
report quick
for c in iops bw latency; do
	grep -q "with boxes" "$T/quick/$c.gp" || fail "quick $c.gp: no bars"
	grep -q "^set logscale y" "$T/quick/$c.gp" && fail "quick $c.gp: bars on a log axis"
	grep -q '^set yrange \[0:' "$T/quick/$c.gp" ||
	    fail "quick $c.gp: the y axis does not start at 0: $(grep '^set yrange' "$T/quick/$c.gp")"
done
ok "bars: a linear y axis from 0"

# read's figures copied into randread: the chart says the two coincide.
gen same --modes read,randread,write --bs 4k,8k,16k,64k,1m --depths 1,8
results_edit "$T/same.json" "$T/same.json" '
src = {(c["bs"], c["depth"]): c for c in d["cells"] if c["mode"] == "read"}
for c in d["cells"]:
    if c["mode"] == "randread":
        s = src[(c["bs"], c["depth"])]
        for k in ("iops", "bw_bytes_s", "bw_mib_s", "bw_mb_s", "ios", "bytes", "read_ios", "read_bytes"):
            if k in s:
                c[k] = s[k]
'
report same
for c in iops bw; do
	grep -q "read and randread within 2%" "$T/same/$c.gp" ||
	    fail "same $c.gp: no note that read and randread coincide"
	! grep -q "write within 2%" "$T/same/$c.gp" || fail "same $c.gp: write said to coincide"
done
ok "read == randread: the charts say the lines coincide"

# The synthetic SSD's knee (the summary states one): marked on the IOPS
# chart, with each mode's bandwidth cap drawn as IOPS = BW / bs.
grep -q "knee ~" "$T/same/iops.gp" || fail "same iops.gp: no knee mark"
grep -q "write BW cap ~[0-9,]* MiB/s as IOPS" "$T/same/iops.gp" ||
	fail "same iops.gp: no bandwidth cap drawn as IOPS"
! grep -q "knee ~" "$T/same/bw.gp" || fail "same bw.gp: a knee mark off the IOPS chart"
ok "the knee marked, the bandwidth cap drawn as IOPS, on the IOPS chart"

# The provisioned caps named in words, not by the option that set them.
"$SWEEP" report "$T/same.json" -o "$T/exp" --formats png --expect iops=3000,bw=60m \
    >"$T/exp.log" 2>&1 || fail "report --expect: $(cat "$T/exp.log")"
grep -q "'provisioned 3,000 IOPS'" "$T/exp/iops.gp" || fail "iops.gp: no 'provisioned 3,000 IOPS'"
grep -q "'provisioned 60 MiB/s'" "$T/exp/bw.gp" || fail "bw.gp: no 'provisioned 60 MiB/s'"
! grep -q -e "--expect" "$T/exp/iops.gp" "$T/exp/bw.gp" || fail "a legend names --expect"
ok "caps in words: provisioned 3,000 IOPS, provisioned 60 MiB/s"

# SVG points the size of the PNG's: gnuplot's svg terminal draws a point
# 1.8 times pngcairo's (scale(6.75) for ps 1.5, 7.88 for 1.75); sweep scales them by 0.56.
report two svg
big=$(grep -o 'scale([0-9.]*)' "$T/two/iops.svg" | tr -d 'scale()' | awk '$1 > 5 {print; exit}')
[ -n "$(grep -o 'scale(' "$T/two/iops.svg" | head -n 1)" ] || fail "two iops.svg: no point drawn"
[ -z "$big" ] || fail "two iops.svg: a point at scale($big), the svg terminal's size"
ok "svg points drawn at the PNG's size"
