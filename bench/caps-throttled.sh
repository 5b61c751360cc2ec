#!/bin/sh
# The caps a run states on devices whose caps are known: a loop device over a
# tmpfs file, throttled by the block cgroup (blk-throttle, set up as
# tests/steady.sh does: cgroup v1 blkio or v2 io.max), at each IOPS/MiB/s
# pair given.  Prints a Markdown table: the throttle, the caps and ranges the
# knee sentence states, and their error.  Needs root.
#
#     bench/caps-throttled.sh [OUT [IOPS:MIBS ...]]
#
# OUT (default /var/tmp/caps-throttled) keeps each run's results.json and
# report.md.  The default pairs are 3000:128 and 400:40; PLAN (environment)
# overrides the sweep options after --device.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
SWEEP=${SWEEP:-$top/src/sweep}
OUT=${1:-/var/tmp/caps-throttled}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || set -- 3000:128 400:40
PLAN=${PLAN:---modes read,randread --bs 4k-4m --depth 32 --runtime 3 --ramp 1 --steady 0}
. "$top/bench/throttle.sh"
mkdir -p "$OUT"
throttle_setup caps-throttled 128

echo "| throttle | mode | IOPS cap stated (range) | error | MiB/s cap stated (range) | error |"
echo "|---|---|---|--:|---|--:|"
for pair in "$@"; do
	iops=${pair%%:*}
	mibs=${pair#*:}
	throttle "$iops" $((mibs * 1024 * 1024))
	dir=$OUT/$iops-$mibs
	# shellcheck disable=SC2086
	in_cgroup "$SWEEP" run --device "$LOOP" $PLAN -q --formats md -o "$dir" >"$dir.log" 2>&1 ||
		{ echo "caps-throttled: $pair: $(cat "$dir.log")" >&2; exit 1; }
	python3 - "$dir/report.md" "$iops" "$mibs" <<'PYEOF'
import re, sys
md, iops, mibs = open(sys.argv[1]).read(), float(sys.argv[2]), float(sys.argv[3])
num = lambda s: float(s.replace(",", ""))
for mode, text in re.findall(r"^- \*\*(\w+)\*\*: (.*)$", md, re.M):
    if text.startswith("IOPS ") and " · " in text:
        continue    # the bottom line's card ("IOPS 3,000 (plateau) · MiB/s ..."), not the knee
    i = re.search(r"IOPS cap ~([\d,.]+) IOPS \(([^)]*)\)", text)
    b = re.search(r"bandwidth cap ~([\d,.]+) MiB/s \(([^;)]*)", text)
    ie = "%+.1f%%" % ((num(i.group(1)) / iops - 1) * 100) if i else "-"
    be = "%+.1f%%" % ((num(b.group(1)) / mibs - 1) * 100) if b else "-"
    print("| %g IOPS, %g MiB/s | %s | %s | %s | %s | %s |" % (iops, mibs, mode,
        "%s (%s)" % (i.group(1), i.group(2)) if i else "none stated", ie,
        "%s (%s)" % (b.group(1), b.group(2)) if b else "none stated", be))
PYEOF
done
