#!/bin/sh
# sweep run --auto against a full plan on devices whose caps are known: a
# loop device over a tmpfs file, throttled by the block cgroup (blk-throttle,
# as bench/throttle.sh sets it up), at each IOPS:MiB/s pair given.
# Both runs with steady state on.  Prints a Markdown table: each run's wall
# time, the time ratio (--auto / full), and each stated cap's error against
# the throttle, per mode.  Needs root.
#
#     bench/auto.sh [OUT [IOPS:MIBS ...]]
#
# OUT (default /var/tmp/sweep-auto) keeps each run.  The default pairs are
# 3000:128, 2000:48 (knee at 24 KiB, between two powers of two) and 500:200.
# REUSE_FULL=1 keeps a full run already in OUT (its time in OUT/PAIR-full.time).
# FULL (environment) is the full plan's options (default: every power of two
# 512 B-8 MiB at depths 1 and 32, read and randread, 5 s cells: the default
# plan's matrix on a device, with shorter cells); AUTO the --auto run's.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
SWEEP=${SWEEP:-$top/src/sweep}
OUT=${1:-/var/tmp/sweep-auto}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || set -- 3000:128 2000:48 500:200
FULL=${FULL:---modes read,randread --bs 512-8m --depth 1,32 --runtime 5 --ramp 1}
AUTO=${AUTO:---modes read,randread --depth 1,32 --runtime 5 --ramp 1 --auto}
. "$top/bench/throttle.sh"
mkdir -p "$OUT"
throttle_setup auto 64

# run DIR OPTIONS...: one sweep run in the cgroup; prints its wall time in seconds.
run() {
	dir=$1
	shift
	if [ "${REUSE_FULL:-0}" = 1 ] && [ "${dir%-full}" != "$dir" ] && [ -f "$dir.time" ] &&
	    [ -f "$dir/results.json" ]; then
		cat "$dir.time"
		return
	fi
	rm -rf "$dir"
	t0=$(date +%s)
	in_cgroup "$SWEEP" run --device "$LOOP" "$@" -q --formats md -o "$dir" >"$dir.log" 2>&1 ||
		{ echo "bench/auto.sh: $dir: $(tail -3 "$dir.log")" >&2; exit 1; }
	echo $(($(date +%s) - t0)) | tee "$dir.time"
}

echo "| throttle | mode | full plan: cells, time | --auto: cells, time | time ratio |" \
    "full: IOPS cap, error | --auto: IOPS cap, error | full: MiB/s cap, error |" \
    "--auto: MiB/s cap, error |"
echo "|---|---|--:|--:|--:|---|---|---|---|"
for pair in "$@"; do
	iops=${pair%%:*}
	mibs=${pair#*:}
	throttle "$iops" $((mibs * 1024 * 1024))
	# shellcheck disable=SC2086
	tf=$(run "$OUT/$pair-full" $FULL)
	# shellcheck disable=SC2086
	ta=$(run "$OUT/$pair-auto" $AUTO)
	python3 - "$OUT/$pair-full" "$OUT/$pair-auto" "$iops" "$mibs" "$tf" "$ta" <<'PYEOF'
import json, re, sys
full, auto = sys.argv[1], sys.argv[2]
iops, mibs, tf, ta = (float(x) for x in sys.argv[3:7])
num = lambda s: float(s.replace(",", ""))
err = lambda v, want: "%+.1f%%" % ((v / want - 1) * 100) if v else "-"
fj, aj = (json.load(open(d + "/results.json")) for d in (full, auto))
caps = {}
for mode, text in re.findall(r"^- \*\*(\w+)\*\*: (.*)$", open(full + "/report.md").read(), re.M):
    i = re.search(r"at ~([\d,.]+) IOPS", text)
    b = re.search(r"at ~([\d,.]+) MiB/s", text)
    caps[mode] = (num(i.group(1)) if i else 0, num(b.group(1)) if b else 0)
for mode in caps:
    ai = ab = 0
    for f in aj["auto"]["findings"]:
        m = re.match(r"%s: IOPS cap ([\d.]+) IOPS .*: (\w+ ?\w*)" % mode, f)
        ai = float(m.group(1)) if m else ai
        m = re.match(r"%s: bandwidth cap ([\d.]+) MiB/s" % mode, f)
        ab = float(m.group(1)) if m else ab
    nf = sum(c["mode"] == mode for c in fj["cells"])
    na = sum(c["mode"] == mode for c in aj["cells"])
    print("| %g IOPS, %g MiB/s | %s | %d, %.0f s | %d, %.0f s | %.2f | %.0f, %s | %.0f, %s | "
          "%.1f, %s | %.1f, %s |" % (iops, mibs, mode, nf, tf, na, ta, ta / tf,
          caps[mode][0], err(caps[mode][0], iops), ai, err(ai, iops),
          caps[mode][1], err(caps[mode][1], mibs), ab, err(ab, mibs)))
PYEOF
done
