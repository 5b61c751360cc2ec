#!/bin/sh
# The screenshots of report.html in doc/screenshots: the example
# (reports/example/results.json) made again by this build's sweep, its
# first screen at 800 px (html-800.png) and 1400 px (html-1400.png) wide,
# as headless Chromium draws it.  Run from anywhere:
#   doc/screenshots/make-html.sh [SWEEP]   (default: src/sweep of this tree)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
sweep=${1:-$top/src/sweep}
chromium=${CHROMIUM:-/usr/bin/chromium}
[ -x "$sweep" ] || { echo "make-html.sh: no sweep at $sweep: build it first (make)" >&2; exit 2; }
[ -x "$chromium" ] || { echo "make-html.sh: no $chromium (apt-get install chromium)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$sweep" report "$top/reports/example/results.json" -o "$tmp/example" >/dev/null

# shot WIDTH HEIGHT FILE: the top WIDTH x HEIGHT px of the page, written whole or not at all
shot() {
	"$chromium" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
	    --disable-background-networking --disable-component-update --disable-sync \
	    --hide-scrollbars --user-data-dir="$tmp/profile-$1" --window-size="$1,$2" \
	    --screenshot="$tmp/$3" "file://$tmp/example/report.html" 2>"$tmp/chromium.err" ||
		{ cat "$tmp/chromium.err" >&2; exit 1; }
	[ -s "$tmp/$3" ] || { echo "make-html.sh: chromium wrote no $3" >&2; exit 1; }
	cp "$tmp/$3" "$here/.$3.tmp" && mv "$here/.$3.tmp" "$here/$3"
	echo "$here/$3: $1 x $2 px, $(wc -c <"$here/$3") bytes"
}
shot 800 1200 html-800.png
shot 1400 900 html-1400.png
