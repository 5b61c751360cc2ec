#!/bin/sh
# How long a full characterization takes with steady-state cells against
# fixed-runtime cells, and whether the answers agree.
#
#   bench/sweep-time.sh [DIR]
#
# A 30-cell plan (randread and read x 15 block sizes 512 B..8 MiB at depth
# 8), measured cell by cell, interleaved: for every cell a fixed-runtime run
# (--steady 0 --runtime FIXED_S), then the steady-state run (--steady 2:
# sweep's default; at most FIXED_S), then the fixed run again.  Each cell is
# its own `sweep run`, so the three runs of a cell are seconds apart and see
# the same device; two sweeps of the whole plan run back to back are minutes
# apart, and on a shared disk the device moves more between them than any
# steady-state rule does (bench/RESULTS.md).
#
# Reports:
#   - wall time of all steady runs against all first fixed runs, and the
#     ratio (goal: steady <= 1/4 of fixed);
#   - per cell the IOPS of each run and the steady run's difference from
#     the mean of the two fixed ones, against the cell's own noise: how far
#     the two fixed runs are from each other.  A cell is "ok" when
#     |steady - fixed| <= max(3%, |fixed A - fixed B|).  The per-second CV
#     of the first fixed run is shown too.
#
# Targets (TARGET=):
#   file       a laid-out file SIZE in DIR [default]
#   throttled  a loop device (--direct-io=on) over a file in DIR, read
#              through a block cgroup capped at THROTTLE_IOPS and
#              THROTTLE_BPS: a provisioned volume such as a cloud disk,
#              whose rate is its cap (needs root, losetup, cgroup v1 blkio
#              or v2 io)
#
# Environment (all optional):
#   SWEEP=PATH       the sweep binary (use a stable copy: others relink src/sweep)
#   ENGINE=NAME      [libaio]
#   MODES=LIST       space-separated [randread read]
#   BS=LIST          space-separated [512 1k 2k 4k 8k 16k 32k 64k 128k 256k 512k 1m 2m 4m 8m]
#   DEPTH=N          [8]
#   SIZE=SIZE        file size and region [1g]
#   STEADY=PCT       the steady-state band [2]; STEADY_OPTS adds e.g. --steady-window 3
#   FIXED_S=S        runtime of a fixed cell, and the cap of a steady one [30]
#   RAMP_S=S         warm-up of every cell in every run [2, sweep's default]
#   THROTTLE_IOPS=N  [3000]    \  TARGET=throttled: the cap, gp3's baseline
#   THROTTLE_BPS=B   [134217728] / (3000 IOPS, 125 MiB/s) rounded to 128 MiB/s
#   MD=FILE          also write the Markdown tables to FILE
# DIR keeps every run's results (DIR/cells/CELL/{A,S,B}) and times.txt.
# Not a test: numbers depend on the device and the load.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
SWEEP=${SWEEP:-$here/src/sweep}
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
dir=${1:-$(mktemp -d /var/tmp/sweep-bench.XXXXXX)}
target=${TARGET:-file}
engine=${ENGINE:-libaio}
modes=${MODES:-randread read}
bss=${BS:-512 1k 2k 4k 8k 16k 32k 64k 128k 256k 512k 1m 2m 4m 8m}
depth=${DEPTH:-8}
size=${SIZE:-1g}
steady=${STEADY:-2}
fixed=${FIXED_S:-30}
ramp=${RAMP_S:-2}
[ -x "$SWEEP" ] || { echo "sweep not found at $SWEEP (run make, or set SWEEP)" >&2; exit 2; }
mkdir -p "$dir"
file=$dir/bench.dat
loop=
cg=
cleanup() {
	[ -z "$cg" ] || rmdir "$cg" 2>/dev/null || true
	[ -z "$loop" ] || losetup -d "$loop" 2>/dev/null || true
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Lay the file out once (random data: a loop device over it is not "fresh").
if [ ! -s "$file" ]; then
	echo "laying out $file ($size)" >&2
	"$SWEEP" run --file "$file" --size "$size" --modes read --bs 1m --depth 1 --runtime 1 \
	    --ramp 0 --steady 0 -q --formats csv -o "$dir/layout" >/dev/null
	rm -rf "$dir/layout"
fi

case $target in
file)
	where="--file $file --size $size"
	wrap() { "$@"; };;
throttled)
	iops=${THROTTLE_IOPS:-3000} bps=${THROTTLE_BPS:-134217728}
	loop=$(losetup -f --show --direct-io=on "$file")
	mm=$(lsblk -dno MAJ:MIN "$loop" | tr -d ' ')
	if [ -e /sys/fs/cgroup/blkio/blkio.throttle.read_iops_device ]; then
		cg=/sys/fs/cgroup/blkio/sweep-bench-$$
		mkdir "$cg"
		echo "$mm $iops" >"$cg/blkio.throttle.read_iops_device"
		echo "$mm $bps" >"$cg/blkio.throttle.read_bps_device"
	else
		cg=/sys/fs/cgroup/sweep-bench-$$
		echo +io >/sys/fs/cgroup/cgroup.subtree_control 2>/dev/null || true
		mkdir "$cg"
		echo "$mm riops=$iops rbps=$bps" >"$cg/io.max"
	fi
	where="--device $loop"
	# shellcheck disable=SC2016
	wrap() { sh -c 'echo $$ >"$1/cgroup.procs" && shift && exec "$@"' sh "$cg" "$@"; };;
*)
	echo "TARGET: file or throttled, not '$target'" >&2; exit 2;;
esac

# one NAME OPTIONS...: one cell's run into $dir/cells/$cell/NAME; its wall time to times.txt
one() {
	name=$1
	shift
	rm -rf "${dir:?}/cells/$cell/$name"
	start=$(date +%s%N)
	# shellcheck disable=SC2086
	wrap "$SWEEP" run $where --engine "$engine" --modes "$mode" --bs "$bs" --depth "$depth" \
	    --ramp "$ramp" -q --formats csv -o "$dir/cells/$cell/$name" "$@" \
	    >"$dir/cells/$cell/$name.log" 2>&1 || { cat "$dir/cells/$cell/$name.log" >&2; exit 1; }
	end=$(date +%s%N)
	echo "$cell $name $((end - start))" >>"$dir/times.txt"
}

: >"$dir/times.txt"
echo "$(date -u +%FT%TZ) $target: $modes x $bss, depth $depth, $engine; steady $steady% vs fixed ${fixed}s" >&2
for mode in $modes; do
	for bs in $bss; do
		cell=$mode-$bs
		mkdir -p "$dir/cells/$cell"
		one A --steady 0 --runtime "$fixed"
		# shellcheck disable=SC2086
		one S --steady "$steady" --runtime "$fixed" ${STEADY_OPTS:-}
		one B --steady 0 --runtime "$fixed"
		echo "$(date -u +%TZ) $cell done" >&2
	done
done

"$PY" - "$dir" "${MD:-}" "$target" <<'PYEOF'
import json, statistics, sys
d, md_path, target = sys.argv[1:4]
times, order = {}, []
for line in open(d + "/times.txt"):
    cell, name, ns = line.split()
    times[(cell, name)] = int(ns) / 1e9
    if cell not in order:
        order.append(cell)
cell_of = lambda c, n: json.load(open("%s/cells/%s/%s/results.json" % (d, c, n)))["cells"][0]
tot = {n: sum(times[(c, n)] for c in order) for n in "ASB"}
out = ["target: %s; %d cells" % (target, len(order)), "",
       "| run | wall time (s) |", "|---|---|",
       "| fixed (first) | %.0f |" % tot["A"], "| steady | %.0f |" % tot["S"],
       "| fixed (second) | %.0f |" % tot["B"], "",
       "steady / fixed wall time: **%.3f** (goal <= 0.25)" % (tot["S"] / tot["A"]), "",
       "| cell | fixed A IOPS | fixed B IOPS | A-B (noise) | per-s CV (A) | steady IOPS | steady ran (s) "
       "| reached | steady - mean(A,B) | ok |",
       "|---|---|---|---|---|---|---|---|---|---|"]
nok, n3, worst, ends = 0, 0, None, []
for c in order:
    a, s, b = (cell_of(c, n) for n in "ASB")
    fm = (a["iops"] + b["iops"]) / 2
    noise = abs(a["iops"] - b["iops"]) / fm if fm > 0 else 0
    diff = (s["iops"] - fm) / fm if fm > 0 else float("nan")
    whole = a["series"]["ios"][: a["runtime_ns"] // 10**9]
    cv = statistics.pstdev(whole) / statistics.mean(whole) if len(whole) > 1 and statistics.mean(whole) else 0
    ok = abs(diff) <= max(0.03, noise)
    nok += ok
    n3 += abs(diff) <= 0.03
    ends.append(s["runtime_ns"] / 1e9)
    if worst is None or abs(diff) > abs(worst[1]):
        worst = (c, diff, noise)
    out.append("| %s | %.0f | %.0f | %.1f%% | %.1f%% | %.0f | %.0f | %s | %+.1f%% | %s |" % (
        c, a["iops"], b["iops"], noise * 100, cv * 100, s["iops"], s["runtime_ns"] / 1e9,
        "yes" if s["steady"]["reached"] else "no", diff * 100, "yes" if ok else "**no**"))
out += ["", "steady cells ran %.0f s median (%.0f..%.0f); %d of %d reached steady state" % (
            statistics.median(ends), min(ends), max(ends),
            sum(cell_of(c, "S")["steady"]["reached"] for c in order), len(order)),
        "largest difference: %s %+.1f%% (fixed A-B %.1f%%); %d of %d cells within 3%%, %d of %d within 3%% or A-B" % (
            worst[0], worst[1] * 100, worst[2] * 100, n3, len(order), nok, len(order))]
print("\n".join(out))
if md_path:
    open(md_path, "w").write("\n".join(out) + "\n")
PYEOF
