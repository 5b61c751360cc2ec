#!/bin/sh
# Issue 31, finding 5: a noisy ~3,000 IOPS volume whose small-block cells
# all carry a mark.  A loop device throttled to 3000 IOPS / 128 MiB/s (the
# sweep in the throttled cgroup) while a competing reader outside the
# cgroup reads the same device with direct I/O: the device's counters then
# hold more bytes than sweep moved, so cells fail the BW check against them
# (the mark), and their per-second IOPS waver.  Prints the Summary's row
# (the headline: the IOPS cap with its range, not a 1 MiB cell's 128 IOPS),
# the knee sentence, and the cells' marks.  Needs root.
#
#     bench/noisy-headline.sh [OUT]
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
SWEEP=${SWEEP:-$top/src/sweep}
OUT=${1:-/var/tmp/noisy-headline}
. "$top/bench/throttle.sh"
mkdir -p "$OUT"
throttle_setup noisy-headline 128
throttle 3000 $((128 * 1024 * 1024))
# The competing reader: ~6 MB/s of 4 KiB direct reads, over and over: more
# than 5% of the bytes of a cell under 64 KiB, under 5% of a larger one's.
( i=0; while :; do dd if="$LOOP" of=/dev/null bs=4k count=1500 skip=$((i % 8000)) iflag=direct \
    status=none || break; i=$((i + 1500)); sleep 1; done ) &
reader=$!
trap 'kill $reader 2>/dev/null; throttle_cleanup' EXIT
in_cgroup "$SWEEP" run --device "$LOOP" --modes randread --bs 512,4k,16k,64k,256k,1m \
    --depth 32 --runtime 4 --ramp 1 --steady 0 -q --formats md -o "$OUT/run" \
    >"$OUT/run.log" 2>&1 || { cat "$OUT/run.log" >&2; exit 1; }
kill $reader 2>/dev/null || true
grep '^| randread |' "$OUT/run/report.md" | head -1
grep '^- \*\*randread\*\*' "$OUT/run/report.md" | head -1
python3 - "$OUT/run/results.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
for c in d["cells"]:
    print("%7d B  %8.0f IOPS  check %-8s  %s" % (c["bs"], c["iops"], c["bw_check"]["verdict"],
          c["stability"]["verdict"]))
EOF
