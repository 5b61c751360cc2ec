#!/bin/sh
# How long a full characterization takes with steady-state cells against
# fixed-runtime cells, and whether the answers agree.
#
#   bench/sweep-time.sh [DIR]
#
# Runs one 30-cell plan (randread and read x 15 block sizes 512 B..8 MiB at
# depth 8 on a laid-out file in DIR, default a temp dir under /var/tmp) twice,
# back to back: once with steady state (--steady 2: a cell ends once its
# per-second IOPS are steady, at the latest after FIXED_S) and once with
# fixed cells (--steady 0 --runtime FIXED_S).  The runs are ~20 min long, so
# they are not interleaved; ORDER swaps which goes first.
#
# Reports: each run's wall time and their ratio (goal: steady <= 1/4 of
# fixed); per cell the IOPS of both, their difference, and whether it is
# within 3% or within the cell's own noise: the coefficient of variation of
# the fixed run's per-second IOPS series (whole seconds only).  A cell is
# "ok" when |diff| <= max(3%, CV).
#
# Environment (all optional):
#   SWEEP=PATH    the sweep binary (use a stable copy: others relink src/sweep)
#   ENGINE=NAME   [libaio]
#   MODES=LIST    [randread,read]
#   BS=RANGE      [512-8m]
#   DEPTH=N       [8]
#   SIZE=SIZE     file size and region [1g]
#   STEADY=PCT    the steady-state band [2]; window and minimum runtime are
#                 sweep's defaults unless STEADY_OPTS adds e.g. --steady-window 3
#   FIXED_S=S     runtime of a fixed cell, and the cap of a steady one [30]
#   RAMP_S=S      warm-up of every cell in both runs [2, sweep's default]
#   ORDER=WHICH   steady-first or fixed-first [steady-first]
#   MD=FILE       also write the Markdown tables to FILE
# Not a test: numbers depend on the disk and the load.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
SWEEP=${SWEEP:-$here/src/sweep}
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
dir=${1:-$(mktemp -d /var/tmp/sweep-bench.XXXXXX)}
engine=${ENGINE:-libaio}
modes=${MODES:-randread,read}
bs=${BS:-512-8m}
depth=${DEPTH:-8}
size=${SIZE:-1g}
steady=${STEADY:-2}
fixed=${FIXED_S:-30}
ramp=${RAMP_S:-2}
order=${ORDER:-steady-first}
[ -x "$SWEEP" ] || { echo "sweep not found at $SWEEP (run make, or set SWEEP)" >&2; exit 2; }
mkdir -p "$dir"
file=$dir/bench.dat

# Lay the file out once, so neither run pays for it or reads holes.
"$SWEEP" run --file "$file" --size "$size" --modes read --bs 1m --depth 1 --runtime 1 \
    --ramp 0 --steady 0 -q --formats csv -o "$dir/layout" >/dev/null
rm -rf "$dir/layout"

# run NAME OPTIONS...: one sweep of the plan into $dir/NAME; wall ns to $dir/NAME.ns
run() {
	name=$1
	shift
	rm -rf "${dir:?}/$name"
	echo "$(date -u +%FT%TZ) $name: sweep run $*" >&2
	start=$(date +%s%N)
	# shellcheck disable=SC2086
	"$SWEEP" run --file "$file" --size "$size" --engine "$engine" --modes "$modes" --bs "$bs" \
	    --depth "$depth" --ramp "$ramp" -q --formats csv -o "$dir/$name" "$@" >"$dir/$name.log" 2>&1
	end=$(date +%s%N)
	echo $((end - start)) >"$dir/$name.ns"
}

# shellcheck disable=SC2086
case $order in
steady-first)
	run steady --steady "$steady" --runtime "$fixed" ${STEADY_OPTS:-}
	run fixed --steady 0 --runtime "$fixed";;
fixed-first)
	run fixed --steady 0 --runtime "$fixed"
	run steady --steady "$steady" --runtime "$fixed" ${STEADY_OPTS:-};;
*)
	echo "ORDER: steady-first or fixed-first, not '$order'" >&2; exit 2;;
esac

"$PY" - "$dir" "${MD:-}" <<'PYEOF'
import json, statistics, sys
d, md_path = sys.argv[1:3]
load = lambda n: json.load(open("%s/%s/results.json" % (d, n)))
wall = lambda n: int(open("%s/%s.ns" % (d, n)).read()) / 1e9
st, fx = load("steady"), load("fixed")
ws, wf = wall("steady"), wall("fixed")

def size(b):
    for unit, k in (("m", 1 << 20), ("k", 1 << 10)):
        if b >= k and b % k == 0:
            return "%d%s" % (b // k, unit)
    return str(b)
out = []
out.append("| run | cells | wall time (s) | measured s (sum) |")
out.append("|---|---|---|---|")
for name, r, w in (("steady", st, ws), ("fixed", fx, wf)):
    out.append("| %s | %d | %.0f | %.0f |" % (name, len(r["cells"]), w,
               sum(c["runtime_ns"] for c in r["cells"]) / 1e9))
out.append("")
out.append("steady / fixed wall time: **%.3f** (goal <= 0.25)" % (ws / wf))
out.append("")
out.append("| cell | fixed IOPS | fixed CV | steady IOPS | steady s | reached | diff | within 3% | within CV | ok |")
out.append("|---|---|---|---|---|---|---|---|---|---|")
worst, nok = None, 0
for cs, cf in zip(st["cells"], fx["cells"]):
    assert (cs["mode"], cs["bs"]) == (cf["mode"], cf["bs"])
    name = "%s %s qd%d" % (cf["mode"], size(cf["bs"]), cf["depth"])
    whole = cf["series"]["ios"][: cf["runtime_ns"] // 10**9]
    cv = statistics.pstdev(whole) / statistics.mean(whole) if len(whole) > 1 and statistics.mean(whole) > 0 else 0
    diff = (cs["iops"] - cf["iops"]) / cf["iops"] if cf["iops"] > 0 else float("nan")
    in3, incv = abs(diff) <= 0.03, abs(diff) <= cv
    ok = in3 or incv
    nok += ok
    if worst is None or abs(diff) > abs(worst[1]):
        worst = (name, diff, cv)
    out.append("| %s | %.0f | %.1f%% | %.0f | %.0f | %s | %+.1f%% | %s | %s | %s |" % (
        name, cf["iops"], cv * 100, cs["iops"], cs["runtime_ns"] / 1e9,
        "yes" if cs["steady"]["reached"] else "no", diff * 100,
        "yes" if in3 else "no", "yes" if incv else "no", "yes" if ok else "**no**"))
out.append("")
out.append("largest difference: %s %+.1f%% (its fixed-run CV %.1f%%); %d of %d cells within 3%% or their CV" %
           (worst[0], worst[1] * 100, worst[2] * 100, nok, len(fx["cells"])))
print("\n".join(out))
if md_path:
    open(md_path, "w").write("\n".join(out) + "\n")
PYEOF
