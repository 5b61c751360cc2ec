#!/bin/sh
# sweep run --auto against the full default plan on devices whose caps are
# known: a loop device over a tmpfs file, throttled by the block cgroup
# (blk-throttle, as bench/throttle.sh sets it up), at each IOPS:MiB/s pair
# given.  Both runs with steady state on.  Prints a Markdown table: each
# run's wall time, the time ratio (--auto / full), and each stated cap: the
# full plan's against the throttle, --auto's against the full plan's, per
# mode.  Needs root.
#
#     bench/auto.sh [OUT [IOPS:MIBS ...]]
#
# OUT (default /var/tmp/sweep-auto) keeps each run.  The default pairs are
# 3000:128 (knee at 44 KiB), 2000:48 (24 KiB, between two powers of two),
# 500:200 (400 KiB), 1500:96 (64 KiB, a size of the coarse pass) and 5000:40
# (8 KiB).
# REUSE_FULL=1 keeps a full run already in OUT (its time in OUT/PAIR-full.time);
# REUSE_ALL=1 every run there (the table drawn again).
# FULL (environment) is the full plan's options (default: the default plan on
# a device, sweeps/default.json: every power of two 512 B-8 MiB at depths 1
# and 32, read and randread, 10 s cells after a 2 s ramp); AUTO the --auto
# run's; AUTO_NAME names its folder (OUT/PAIR-AUTO_NAME, default "auto"), so
# that two builds' --auto runs can share the full runs.
# NOISE=ON (seconds) makes the device noisy: a competing reader in the same
# cgroup (eight direct 16 KiB readers, sharing the throttle) switches on for
# ON s, then off for 5-11 s (a fixed cycle, so that it never keeps step with
# the cells), for the whole of every run.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
SWEEP=${SWEEP:-$top/src/sweep}
OUT=${1:-/var/tmp/sweep-auto}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || set -- 3000:128 2000:48 500:200 1500:96 5000:40
FULL=${FULL:---modes read,randread}
AUTO=${AUTO:---modes read,randread --auto}
AUTO_NAME=${AUTO_NAME:-auto}
NOISE=${NOISE:-0}
. "$top/bench/throttle.sh"
mkdir -p "$OUT"
throttle_setup auto 64
NOISE_PID=""
trap 'noise_stop; throttle_cleanup' EXIT

# The competing reader: on for NOISE s, off for the next pause of the cycle, until stopped.
noise_start() {
	[ "$NOISE" -gt 0 ] || return 0
	(
		while :; do
			for off in 5 9 7 11 6 10 8; do
				for i in 1 2 3 4 5 6 7 8; do
					in_cgroup timeout "$NOISE" sh -c 'while :; do dd if="$1" of=/dev/null \
					    bs=16k iflag=direct 2>/dev/null; done' sh "$LOOP" &
				done
				wait
				sleep "$off"
			done
		done
	) >/dev/null 2>&1 &
	NOISE_PID=$!
}

noise_stop() {
	[ -n "$NOISE_PID" ] || return 0
	kill "$NOISE_PID" 2>/dev/null || true
	wait "$NOISE_PID" 2>/dev/null || true
	NOISE_PID=""
	sleep "$NOISE"
}

# run DIR OPTIONS...: one sweep run in the cgroup; prints its wall time in seconds.
run() {
	dir=$1
	shift
	if { [ "${REUSE_ALL:-0}" = 1 ] || { [ "${REUSE_FULL:-0}" = 1 ] && [ "${dir%-full}" != "$dir" ]; }; } &&
	    [ -f "$dir.time" ] && [ -f "$dir/results.json" ]; then
		cat "$dir.time"
		return
	fi
	rm -rf "$dir"
	noise_start
	t0=$(date +%s)
	in_cgroup "$SWEEP" run --device "$LOOP" "$@" -q --formats md -o "$dir" >"$dir.log" 2>&1 ||
		{ echo "bench/auto.sh: $dir: $(tail -3 "$dir.log")" >&2; noise_stop; exit 1; }
	echo $(($(date +%s) - t0)) | tee "$dir.time"
	noise_stop
}

echo "| throttle | mode | full plan: cells, time | --auto: cells, time | time ratio |" \
    "full: IOPS cap (vs throttle) | --auto: IOPS cap (vs full) |" \
    "full: MiB/s cap (vs throttle) | --auto: MiB/s cap (vs full) |"
echo "|---|---|--:|--:|--:|---|---|---|---|"
for pair in "$@"; do
	iops=${pair%%:*}
	mibs=${pair#*:}
	throttle "$iops" $((mibs * 1024 * 1024))
	# shellcheck disable=SC2086
	tf=$(run "$OUT/$pair-full" $FULL)
	# shellcheck disable=SC2086
	ta=$(run "$OUT/$pair-$AUTO_NAME" $AUTO)
	python3 - "$OUT/$pair-full" "$OUT/$pair-$AUTO_NAME" "$iops" "$mibs" "$tf" "$ta" <<'PYEOF'
import json, re, sys
full, auto = sys.argv[1], sys.argv[2]
iops, mibs, tf, ta = (float(x) for x in sys.argv[3:7])
num = lambda s: float(s.replace(",", ""))
err = lambda v, want: "%+.1f%%" % ((v / want - 1) * 100) if v and want else "-"
fj, aj = (json.load(open(d + "/results.json")) for d in (full, auto))
caps = {}
for mode in sorted({c["mode"] for c in fj["cells"]}):
    caps[mode] = (0, 0)
    for text in re.findall(r"^- \*\*%s\*\*: (.*)$" % mode, open(full + "/report.md").read(), re.M):
        i = re.search(r"IOPS cap ~([\d,.]+) IOPS", text)
        b = re.search(r"bandwidth cap ~([\d,.]+) MiB/s", text)
        if i or b:
            caps[mode] = (num(i.group(1)) if i else 0, num(b.group(1)) if b else 0)
            break
for mode in caps:
    ai = ab = 0
    for f in aj["auto"]["findings"]:
        m = re.match(r"%s: IOPS cap ([\d.]+) IOPS" % mode, f)
        ai = float(m.group(1)) if m else ai
        m = re.match(r"%s: bandwidth cap ([\d.]+) MiB/s" % mode, f)
        ab = float(m.group(1)) if m else ab
    nf = sum(c["mode"] == mode for c in fj["cells"])
    na = sum(c["mode"] == mode for c in aj["cells"])
    fi, fb = caps[mode]
    show = lambda v, fmt, want: (fmt % v + ", " + err(v, want)) if v else "none"
    print("| %g IOPS, %g MiB/s | %s | %d, %.0f s | %d, %.0f s | %.2f | %s | %s | %s | %s |" % (
          iops, mibs, mode, nf, tf, na, ta, ta / tf, show(fi, "%.0f", iops),
          show(ai, "%.0f", fi), show(fb, "%.1f", mibs), show(ab, "%.1f", fb)))
PYEOF
done
