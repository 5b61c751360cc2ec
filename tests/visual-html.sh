#!/bin/sh
# report.html and compare.html as a reader sees them: headless Chromium
# loads each page (the example re-rendered, the same with a stalled and a
# noisy cell, a null-engine run, and a comparison) at 500 (the narrowest headless window), 800 and 1400 px.
# A copy of the page with a small script appended writes what it measured
# into the title, read back with --dump-dom: the page never scrolls
# sideways (wide tables scroll in their own box, their naming columns
# held at its left edge); charts scale to the column, whole with their
# legends, at 800 px (text 8 px or more) and full size at 1400 (11 px or
# more); every cell's check holds mode, size, depth and jobs; the table of contents
# exists and each of its links leads to an id of the page.  The stalled,
# noisy and failed-BW-check cells have three different colours.
. "$top_srcdir/tests/common.sh"

CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
[ -x "$CHROMIUM" ] || skip "no $CHROMIUM (apt-get install chromium)"
command -v gnuplot >/dev/null 2>&1 || skip "gnuplot not installed (apt-get install gnuplot-nox): no charts to measure"
EX="$top_srcdir/reports/example/results.json"
[ -f "$EX" ] || skip "no reports/example in this tree (a dist tarball)"

# What the page measures, in its title: sw (the page's scroll width), cw
# (the width it is laid out in: the window's less a scroll bar), iw (the
# window's width), font (the smallest chart text in px, its font size
# times the scale the chart is drawn at), toc (links in the contents), bad
# (links that lead nowhere), bg (the colours of the marked cells).
cat >"$T/probe.html" <<'EOF'
<script>
(function () {
  var de = document.documentElement, min = Infinity, n = 0, bad = [], bg = [];
  document.querySelectorAll('svg text, svg tspan').forEach(function (t) {
    var m = t.getScreenCTM();
    if (!m || !t.textContent.trim()) return;
    var px = parseFloat(getComputedStyle(t).fontSize) * Math.sqrt(m.a * m.a + m.b * m.b);
    if (px < min) min = px;
  });
  document.querySelectorAll('nav.toc a').forEach(function (a) {
    var id = decodeURIComponent(a.getAttribute('href').replace(/^#/, ''));
    n++;
    if (!document.getElementById(id)) bad.push(id);
  });
  ['mismatch', 'stalled', 'noisy', 'failed'].forEach(function (c) {
    var s = document.createElement('span');
    s.className = c;
    document.body.appendChild(s);
    bg.push(c + ':' + getComputedStyle(s).backgroundColor.replace(/ /g, ''));
    s.remove();
  });
  // Charts: within the window with their legends (the whole SVG in view, its figure not
  // scrolling), each with a viewBox to scale by.
  var figout = [], novb = 0;
  document.querySelectorAll('figure svg').forEach(function (s) {
    var f = s.closest('figure'), r = s.getBoundingClientRect();
    if (!s.getAttribute('viewBox')) novb++;
    if (r.right > de.clientWidth + 0.5 || r.left < -0.5 || f.scrollWidth > f.clientWidth + 1)
      figout.push((f.id || '?') + '@' + Math.round(r.right));
  });
  // Wide tables: their first N columns (class skN) held at the left edge when the box is
  // scrolled to its end, side by side, none over another.
  var sticky = 0, stickbad = [], checks = '-';
  document.querySelectorAll('table[class^=sk]').forEach(function (t) {
    var n = parseInt(t.className.slice(2), 10), box = t.closest('.scroll'), row = t.rows[1];
    if (!box || !row) return;
    sticky++;
    box.scrollLeft = box.scrollWidth;
    var left = box.getBoundingClientRect().left + box.clientLeft, prev = left;
    for (var i = 0; i < n && i < row.cells.length; i++) {
      var c = row.cells[i], r = c.getBoundingClientRect();
      if (getComputedStyle(c).position !== 'sticky' || Math.abs(r.left - prev) > 0.5)
        stickbad.push(t.rows[0].cells[i].textContent.replace(/ /g, '_') + '@' +
          Math.round(r.left - left));
      prev = r.right;
    }
    box.scrollLeft = 0;
  });
  var h = document.getElementById('every-cell-s-check'), ct = h && h.nextElementSibling;
  if (ct && ct.querySelector('table')) checks = ct.querySelector('table').className || 'none';
  document.title = 'probe sw=' + de.scrollWidth + ' cw=' + de.clientWidth +
    ' figout=' + (figout.join(',') || '-') + ' novb=' + novb + ' sticky=' + sticky +
    ' stickbad=' + (stickbad.join(',') || '-') + ' checks=' + checks +
    ' iw=' + window.innerWidth +
    ' font=' + (min < Infinity ? min.toFixed(2) : 'none') + ' toc=' + n +
    ' bad=' + (bad.join(',') || '-') + ' bg=' + bg.join(';');
})();
</script>
EOF

# probe PAGE WIDTH: the page's measurements at that window width, in $T/probe.out
probe() {
	cat "$1" "$T/probe.html" >"${1%.html}.probe.html"
	timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
	    --disable-background-networking --disable-component-update --disable-sync \
	    --user-data-dir="$(mktemp -d "$T/chromium.XXXXXX")" \
	    --window-size="$2,1000" --dump-dom "file://${1%.html}.probe.html" \
	    >"$T/dom" 2>"$T/chromium.err" ||
		fail "chromium on $1 at $2 px: $(tail -3 "$T/chromium.err")"
	sed -n 's/.*<title>probe \([^<]*\)<\/title>.*/\1/p' "$T/dom" | head -1 >"$T/probe.out"
	[ -s "$T/probe.out" ] || fail "$1 at $2 px: the probe wrote no title: $(tail -3 "$T/chromium.err")"
}

# field NAME: one measurement of the last probe
field() {
	tr ' ' '\n' <"$T/probe.out" | sed -n "s/^$1=//p"
}

# check PAGE: every width; the contents and the colours once
check() {
	for w in 500 800 1400; do
		probe "$1" $w
		sw=$(field sw)
		cw=$(field cw)
		iw=$(field iw)
		font=$(field font)
		[ "$iw" -eq "$w" ] || fail "$1: the window is $iw px wide, not $w"
		[ "$sw" -le "$iw" ] && [ "$sw" -le "$cw" ] ||
			fail "$1 at $w px: the page scrolls sideways ($sw px wide in $cw px of a $iw px window)"
		# Charts scale to the column with their legends: full size (text 11 px
		# or more) in a wide window, at 800 px smaller but whole (8 px or more).
		if [ "$w" -ge 800 ]; then
			[ "$font" != none ] || fail "$1 at $w px: no chart text found"
			min=8
			[ "$w" -lt 1400 ] || min=11
			awk -v f="$font" -v m="$min" 'BEGIN { exit !(f >= m) }' ||
				fail "$1 at $w px: chart text is $font px, under $min"
			[ "$(field figout)" = - ] ||
				fail "$1 at $w px: charts not whole in the window: $(field figout)"
			[ "$(field novb)" -eq 0 ] || fail "$1: $(field novb) charts without a viewBox"
		fi
		[ "$(field stickbad)" = - ] ||
			fail "$1 at $w px: identifying columns not held at the left: $(field stickbad)"
		ok "$1 at $w px: $sw px wide in $cw px, smallest chart text $font px, charts whole," \
		    "$(field sticky) tables with sticky first columns"
	done
	toc=$(field toc)
	bad=$(field bad)
	[ "$toc" -ge 3 ] || fail "$1: the table of contents has $toc links"
	[ "$bad" = - ] || fail "$1: contents links that lead to no id: $bad"
	case $1 in
	*/report.html)
		[ "$(field checks)" = sk4 ] ||
			fail "$1: every cell's check holds $(field checks), not its 4 naming columns"
	esac
	ok "$1: $toc contents links, each to an id of the page"
}

# 1. The example as committed, made again.
"$SWEEP" report "$EX" -o "$T/ex" >"$T/ex.log" 2>&1 || fail "sweep report on the example: $(cat "$T/ex.log")"
check "$T/ex/report.html"

# 2. The example with a stalled cell (its IOPS down to 1% after the first
#    second) and a noisy one (IOPS swinging by +-40%).
results_py "$EX" "
c = d['cells']
ios = c[0]['series']['ios']
c[0]['series']['ios'] = [ios[0]] + [max(1, v // 100) for v in ios[1:]]
ios = c[1]['series']['ios']
c[1]['series']['ios'] = [int(v * (1.4 if k % 2 else 0.6)) for k, v in enumerate(ios)]
json.dump(d, open('$T/marked.json', 'w'))
"
mkdir -p "$T/marked"
cp "$T/marked.json" "$T/marked/results.json"
"$SWEEP" report "$T/marked/results.json" >"$T/marked.log" 2>&1 ||
	fail "sweep report on the marked copy: $(cat "$T/marked.log")"
html=$T/marked/report.html
grep -q '<td class="stalled" title="stalled: [^"]*">STALLED ⚠</td>' "$html" ||
	fail "report.html: the stalled cell is not marked stalled"
grep -q '<td class="noisy" title="noisy: [^"]*">noisy ⚠</td>' "$html" ||
	fail "report.html: the noisy cell is not marked noisy"
grep -q '<p class="key">Marked cells: <span class="stalled">' "$html" ||
	fail "report.html: no key to the colours below the marked table"
check "$html"
bg=$(field bg)
for c in mismatch stalled noisy failed; do
	echo "$bg" | tr ';' '\n' | grep -q "^$c:rgb(" || fail "no colour for .$c: $bg"
done
[ "$(echo "$bg" | tr ';' '\n' | cut -d: -f2 | sort -u | wc -l)" -eq 4 ] ||
	fail "the marked cells' colours are not four different ones: $bg"
ok "stalled, noisy, failed BW check and failed cells in four colours: $bg"

# 3. A null-engine run: every report of a real run.
"$SWEEP" run --engine null --file "$T/t.dat" --size 16m --modes read,randread,write \
    --bs 4k,64k,1m --depth 1,4 --runtime 1 --ramp 0 -q -o "$T/run" >"$T/run.log" 2>&1 ||
	fail "null run: $(cat "$T/run.log")"
check "$T/run/report.html"

# 4. The comparison of the example with its marked copy.
"$SWEEP" compare "$EX" "$T/marked/results.json" -o "$T/cmp" >"$T/cmp.log" 2>&1 ||
	fail "sweep compare: $(cat "$T/cmp.log")"
check "$T/cmp/compare.html"
