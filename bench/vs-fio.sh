#!/bin/sh
# sweep against fio, cell by cell, interleaved over ROUNDS rounds: per cell,
# target and engine the median IOPS of each tool (min..max), the ratio
# sweep / fio, and the CPU time each spent per I/O.
#
#   bench/vs-fio.sh [DIR] [ROUNDS] [RUNTIME_S] [ENGINE]
#
# DIR holds the test files (default: a temp dir under /var/tmp; it must
# support O_DIRECT).  ROUNDS defaults to 5, RUNTIME_S (the measured window
# of every run, after a RAMP_S warm-up) to 5.  ENGINE limits the run to one
# engine, as before; without it every engine below runs.
#
# Environment (all optional):
#   SWEEP=PATH      the sweep binary (use a stable copy: others relink src/sweep)
#   BEFORE=PATH     a second sweep binary (the build before a change), run in
#                   the same rounds: each round runs the three in turn, each
#                   tool first, second and third in one round of three, and
#                   the tables give both builds' ratios to fio, also as the
#                   median of the per-round ratios (paired, as bench/paired.sh)
#   FIO=PATH        the fio binary [fio]
#   ENGINES=LIST    engines to compare [libaio io_uring psync null]; sweep's
#                   engine X runs against fio's --ioengine=X
#   TARGETS=LIST    where the I/O goes [disk shm]:
#                     disk  a laid-out file in DIR (disk-bound: the device
#                           limits; ratios should be ~1.0)
#                     shm   a laid-out file in SHM_DIR, tmpfs: O_DIRECT there
#                           is a memory copy, so the executor's own cost per
#                           I/O limits (CPU-bound)
#                   The null engine ignores TARGETS: it does no I/O at all.
#   SHM_DIR=DIR     tmpfs directory for the shm target [/dev/shm]
#   SIZE=SIZE       file size and region of every run [1g]
#   RAMP_S=S        warm-up of every run, excluded by both tools [1]
#   CELLS=LIST      name:mode:bs:depth ... [4k-randread-qd1:randread:4k:1
#                   4k-randread-qd32:randread:4k:32 1m-read-qd8:read:1m:8
#                   128k-read-qd32:read:128k:32 1m-write-qd8:write:1m:8]
#   FIO_EXTRA=OPTS  extra fio options [--norandommap]: sweep draws random
#                   offsets uniformly with replacement, which is fio's
#                   --norandommap; fio's default random map adds its own
#                   bookkeeping per I/O.  FIO_EXTRA= compares with fio's defaults.
#   FIO_MEM=TYPE    fio's --mem= [its default, malloc].  sweep's buffers of
#                   2 MiB or more are in transparent huge pages; a 1 MiB I/O
#                   from 4 KiB pages that are not contiguous is split in two
#                   on virtio-blk (254 segments a request), which can halve
#                   fio's large-block figure: FIO_MEM=mmaphuge:/mnt/huge/buf
#                   gives fio huge pages too (a hugetlbfs mount, and
#                   vm.nr_hugepages of at least 4 + depth x bs / 2 MiB;
#                   bench/RESULTS.md, section 7)
#   MD=FILE         also write the final Markdown table to FILE
# DIR keeps bench.dat and results.txt (one line per run: target engine cell
# tool IOPS job-CPU-us/IO usr% sys% process-CPU-us/IO) for a later look.
#
# Both tools run one job, the same fixed window (sweep --steady 0), the same
# ramp, direct I/O, on the same file.  The order of the tools alternates
# between rounds so neither always runs on a warmer device or a quieter
# machine.  Two CPU costs per I/O, in microseconds:
#   job      the I/O thread over the measured window, what each tool reports
#            itself: sweep's cells[].cpu (usr_pct + sys_pct of one CPU over
#            runtime_ns) x runtime / ios; fio's usr_cpu + sys_cpu (ramp
#            excluded) x job_runtime / total_ios.  It misses work done in other
#            threads: io_uring's io-wq workers (on tmpfs every io_uring read
#            is punted to one), sweep's main thread, fio's parent process.
#   process  user + system time of the whole command (every thread and
#            child, io_uring workers included; start-up and ramp too) over
#            IOPS x (RAMP_S + RUNTIME_S): an upper bound of the full cost.
# Neither counts interrupts.  Not a test: numbers depend on the disk and load.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
SWEEP=${SWEEP:-$here/src/sweep}
FIO=${FIO:-fio}
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
dir=${1:-$(mktemp -d /var/tmp/sweep-bench.XXXXXX)}
rounds=${2:-5}
runtime=${3:-5}
engines=${4:-${ENGINES:-libaio io_uring psync null}}
targets=${TARGETS:-disk shm}
shm_dir=${SHM_DIR:-/dev/shm}
size=${SIZE:-1g}
ramp=${RAMP_S:-1}
cells=${CELLS:-4k-randread-qd1:randread:4k:1 4k-randread-qd32:randread:4k:32 1m-read-qd8:read:1m:8 128k-read-qd32:read:128k:32 1m-write-qd8:write:1m:8}
fio_extra=${FIO_EXTRA---norandommap}
[ -z "${FIO_MEM:-}" ] || fio_extra="$fio_extra --mem=$FIO_MEM"
command -v "$FIO" >/dev/null || { echo "fio not found: apt-get install fio" >&2; exit 2; }
[ -x "$SWEEP" ] || { echo "sweep not found at $SWEEP (run make, or set SWEEP)" >&2; exit 2; }
[ -z "${BEFORE:-}" ] || [ -x "$BEFORE" ] || { echo "BEFORE: no sweep binary at $BEFORE" >&2; exit 2; }
mkdir -p "$dir"
shm_sub=
cleanup() {
	rm -rf "$dir/out" "$dir/fio.json" "$dir/fio.err" "$dir/sweep.err" "$dir/cpu.txt"
	[ -z "$shm_sub" ] || rm -rf "$shm_sub"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Lay a file out once (sweep writes every byte), so neither tool reads holes.
layout() {
	"$SWEEP" run --file "$1" --size "$size" --modes read --bs 1m --depth 1 --runtime 1 \
	    --ramp 0 --steady 0 -q --formats csv -o "$dir/out" >/dev/null
	rm -rf "$dir/out"
}

# Does this directory take O_DIRECT? (tmpfs does since Linux 6.6.)
odirect_ok() {
	dd if=/dev/zero of="$1/odirect.probe" bs=4096 count=1 oflag=direct 2>/dev/null &&
	    dd if="$1/odirect.probe" of=/dev/null bs=4096 count=1 iflag=direct 2>/dev/null
	rc=$?
	rm -f "$1/odirect.probe"
	return $rc
}

tlist=
for t in $targets; do
	case $t in
	disk)
		odirect_ok "$dir" || { echo "$dir does not take O_DIRECT: pick another DIR" >&2; exit 2; }
		layout "$dir/bench.dat"
		tlist="$tlist disk";;
	shm)
		shm_sub=$(mktemp -d "$shm_dir/sweep-bench.XXXXXX")
		if odirect_ok "$shm_sub"; then
			layout "$shm_sub/bench.dat"
			tlist="$tlist shm"
		else
			echo "$shm_dir does not take O_DIRECT (tmpfs before Linux 6.6): skipping the" \
			    "shm target; a loop device with --direct-io=on over a file there is the" \
			    "closest CPU-bound setup" >&2
		fi;;
	*)
		echo "TARGETS: unknown target '$t' (disk, shm)" >&2; exit 2;;
	esac
done
# The null engine needs no file at all, but sweep plans against one.
nullfile=$dir/bench.dat
[ -f "$nullfile" ] || { nullfile=$shm_sub/bench.dat; [ -f "$nullfile" ] || layout "$dir/bench.dat"; }

target_file() {
	case $1 in disk) echo "$dir/bench.dat";; shm) echo "$shm_sub/bench.dat";; none) echo "$nullfile";; esac
}

# Run a command; its CPU seconds (user + system, every thread and child) go to cpu.txt.
timed() {
	"$PY" -c '
import resource, subprocess, sys
rc = subprocess.call(sys.argv[2:])
r = resource.getrusage(resource.RUSAGE_CHILDREN)
open(sys.argv[1], "w").write("%f\n" % (r.ru_utime + r.ru_stime))
sys.exit(rc)' "$dir/cpu.txt" "$@"
}

# run_fio TARGET ENGINE MODE BS DEPTH -> "iops job_cpu_us_per_io usr_pct sys_pct proc_cpu_us_per_io"
run_fio() {
	if [ "$2" = null ]; then
		set -- "$1" "$2" "$3" "$4" "$5" "--size=$size"
	else
		set -- "$1" "$2" "$3" "$4" "$5" "--filename=$(target_file "$1") --size=$size --direct=1"
	fi
	# shellcheck disable=SC2086
	timed "$FIO" --name=bench $6 --rw="$3" --bs="$4" --iodepth="$5" --ioengine="$2" \
	    --time_based --runtime="$runtime" --ramp_time="$ramp" --randseed=1 $fio_extra \
	    --output-format=json >"$dir/fio.json" 2>"$dir/fio.err" ||
		{ echo "fio failed: $(cat "$dir/fio.err")" >&2; echo "nan nan nan nan nan"; return; }
	# fio may print notes (e.g. "queue depth will be capped at 1") before the JSON
	"$PY" -c '
import json, sys
s = open(sys.argv[1]).read()
j = json.loads(s[s.index("{"):])["jobs"][0]
r = j["write"] if sys.argv[4] in ("write", "randwrite") else j["read"]
t = j["job_runtime"] / 1e3
cpu = (j["usr_cpu"] + j["sys_cpu"]) / 100 * t
proc = float(open(sys.argv[2]).read()) / (r["iops"] * float(sys.argv[3])) * 1e6
print(r["iops"], cpu / max(r["total_ios"], 1) * 1e6, j["usr_cpu"], j["sys_cpu"], proc)' \
	    "$dir/fio.json" "$dir/cpu.txt" "$((runtime + ramp))" "$3"
}

# run_sweep BIN TARGET ENGINE MODE BS DEPTH -> as run_fio
run_sweep() {
	bin=$1
	shift
	rm -rf "$dir/out"
	timed "$bin" run --file "$(target_file "$1")" --size "$size" --modes "$3" --bs "$4" --depth "$5" \
	    --engine "$2" --runtime "$runtime" --ramp "$ramp" --steady 0 -q --formats csv \
	    -o "$dir/out" >/dev/null 2>"$dir/sweep.err" ||
		{ echo "sweep failed: $(cat "$dir/sweep.err")" >&2; echo "nan nan nan nan nan"; return; }
	"$PY" -c '
import json, sys
c = json.load(open(sys.argv[1]))["cells"][0]
if c["status"] != "ok":
    print("sweep cell %s: %s" % (c["status"], c["status_reason"]), file=sys.stderr)
    print("nan nan nan nan nan")
    sys.exit(0)
cpu = (c["cpu"]["usr_pct"] + c["cpu"]["sys_pct"]) / 100 * c["runtime_ns"] / 1e9
proc = float(open(sys.argv[2]).read()) / (c["iops"] * float(sys.argv[3])) * 1e6
print(c["iops"], cpu / max(c["ios"], 1) * 1e6, c["cpu"]["usr_pct"], c["cpu"]["sys_pct"], proc)' \
	    "$dir/out/results.json" "$dir/cpu.txt" "$((runtime + ramp))"
}

# every (target, engine) pair: null runs once, without a target
pairs=
for e in $engines; do
	if [ "$e" = null ]; then
		pairs="$pairs none:null"
	else
		for t in $tlist; do pairs="$pairs $t:$e"; done
	fi
done

results=$dir/results.txt
: >"$results"
r=1
while [ "$r" -le "$rounds" ]; do
	for p in $pairs; do
		t=${p%%:*} e=${p#*:}
		for c in $cells; do
			name=${c%%:*}
			rest=${c#*:}
			mode=${rest%%:*}; rest=${rest#*:}
			bs=${rest%%:*}; depth=${rest#*:}
			if [ -n "${BEFORE:-}" ]; then
				case $((r % 3)) in
				1) order="fio before sweep" ;;
				2) order="before sweep fio" ;;
				0) order="sweep fio before" ;;
				esac
			elif [ $((r % 2)) -eq 1 ]; then
				order="fio sweep"
			else
				order="sweep fio"
			fi
			for tool in $order; do
				case $tool in
				fio) v=$(run_fio "$t" "$e" "$mode" "$bs" "$depth") ;;
				sweep) v=$(run_sweep "$SWEEP" "$t" "$e" "$mode" "$bs" "$depth") ;;
				before) v=$(run_sweep "$BEFORE" "$t" "$e" "$mode" "$bs" "$depth") ;;
				esac
				echo "$t $e $name $tool $v" >>"$results"
			done
		done
	done
	echo "round $r of $rounds done" >&2
	r=$((r + 1))
done

"$PY" - "$results" "$rounds" "$runtime" "$ramp" "${MD:-}" "$fio_extra" <<'PYEOF'
import math, statistics, sys
path, rounds, runtime, ramp, md_path, fio_extra = sys.argv[1:7]
rows = [l.split() for l in open(path) if l.strip()]
keys = []
for r in rows:
    if tuple(r[:3]) not in keys:
        keys.append(tuple(r[:3]))
before = any(r[3] == "before" for r in rows)

def raw(key, tool, i):
    return [float(r[i]) for r in rows if tuple(r[:3]) == key and r[3] == tool]

def col(key, tool, i):
    return [x for x in raw(key, tool, i) if not math.isnan(x)]

def med(v):
    return statistics.median(v) if v else float("nan")

def paired(key, tool):
    """The median of the per-round ratios tool / fio, and their range."""
    v = [s / f for s, f in zip(raw(key, tool, 4), raw(key, "fio", 4))
         if not math.isnan(s) and not math.isnan(f) and f > 0]
    return (med(v), min(v), max(v)) if v else (float("nan"),) * 3

rng = lambda v: "%.0f..%.0f" % (min(v), max(v)) if v else "-"
print("%s rounds of %s s (+%s s ramp), interleaved; fio extra options: %s" %
      (rounds, runtime, ramp, fio_extra or "(none)"))
if not before:
    hdr = ("target", "engine", "cell", "fio IOPS median (min..max)", "sweep IOPS median (min..max)",
           "sweep/fio", "job CPU us/IO fio", "sweep", "process CPU us/IO fio", "sweep")
    lines = ["| " + " | ".join(hdr) + " |", "|" + "---|" * len(hdr)]
    print("%-5s %-9s %-17s %26s %26s %6s %15s %15s" % ("tgt", "engine", "cell", "fio IOPS",
          "sweep IOPS", "ratio", "job us/IO f/s", "proc us/IO f/s"))
    for k in keys:
        f, s = col(k, "fio", 4), col(k, "sweep", 4)
        fc, sc = col(k, "fio", 5), col(k, "sweep", 5)
        fp, sp = col(k, "fio", 8), col(k, "sweep", 8)
        fm, sm = med(f), med(s)
        ratio = sm / fm if f and s and fm > 0 else float("nan")
        print("%-5s %-9s %-17s %9.0f (%15s) %9.0f (%15s) %6.2f %7.3f/%7.3f %7.3f/%7.3f" %
              (k[0], k[1], k[2], fm, rng(f), sm, rng(s), ratio, med(fc), med(sc), med(fp), med(sp)))
        lines.append("| %s | %s | %s | %.0f (%s) | %.0f (%s) | %.2f | %.3f | %.3f | %.3f | %.3f |" %
                     (k[0], k[1], k[2], fm, rng(f), sm, rng(s), ratio, med(fc), med(sc),
                      med(fp), med(sp)))
else:
    hdr = ("target", "engine", "cell", "fio IOPS", "before IOPS", "after IOPS",
           "before/fio, paired (range)", "after/fio, paired (range)",
           "job CPU us/IO fio / before / after")
    lines = ["| " + " | ".join(hdr) + " |", "|" + "---|" * len(hdr)]
    print("%-5s %-9s %-17s %9s %9s %9s %18s %18s %23s" % ("tgt", "engine", "cell", "fio",
          "before", "after", "before/fio (range)", "after/fio (range)", "job us/IO f/b/a"))
    for k in keys:
        fm, bm, sm = med(col(k, "fio", 4)), med(col(k, "before", 4)), med(col(k, "sweep", 4))
        pb, ps = paired(k, "before"), paired(k, "sweep")
        cpu = (med(col(k, "fio", 5)), med(col(k, "before", 5)), med(col(k, "sweep", 5)))
        print("%-5s %-9s %-17s %9.0f %9.0f %9.0f %6.2f (%4.2f..%4.2f) %6.2f (%4.2f..%4.2f) "
              "%7.3f/%7.3f/%7.3f" % (k[0], k[1], k[2], fm, bm, sm, pb[0], pb[1], pb[2],
              ps[0], ps[1], ps[2], cpu[0], cpu[1], cpu[2]))
        lines.append("| %s | %s | %s | %.0f | %.0f | %.0f | %.2f (%.2f..%.2f) | %.2f (%.2f..%.2f) | "
                     "%.2f / %.2f / %.2f |" % (k[0], k[1], k[2], fm, bm, sm, pb[0], pb[1], pb[2],
                     ps[0], ps[1], ps[2], cpu[0], cpu[1], cpu[2]))
print()
print("\n".join(lines))
if md_path:
    with open(md_path, "w") as out:
        out.write("\n".join(lines) + "\n")
PYEOF
