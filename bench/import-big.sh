#!/bin/sh
# Large imports (issues 16, 33): `sweep import --csv` of a 10,000-row and a
# 100,000-row table with every report, at 1, 2 and 4 job counts, for a
# binary from before and one from after, as a Markdown table of wall time,
# CPU time (user + system: less moved by a loaded host), peak RSS
# (/usr/bin/time) and what came out.  Goal: 100,000 rows in at
# most 8 s and 200 MB at every job count, report.html under 10 MB.
#   bench/import-big.sh BEFORE [AFTER] [ROWS...]
# BEFORE and AFTER are sweep binaries (stable copies: a build in the tree is
# relinked under a running benchmark); AFTER defaults to src/sweep, ROWS to
# 10000 100000.  JOBS (default "1 2 4"): the tables to import, J job counts
# each (the rows take jobs 1, 2 ... J in turn; 4 is the table of issue 16).
# REPS (default 1): runs of each binary per table, interleaved; a row each.
# A copied binary reads its chart templates from SWEEP_DATADIR:
# BEFORE_DATADIR and AFTER_DATADIR (default: this tree) name a folder with
# the templates/ of each binary's own source, e.g.
#   mkdir /var/tmp/old && git archive OLD templates | tar -x -C /var/tmp/old
# The table goes to stdout; MB are 2^20 bytes (time's %M is in KiB).  Exit 1
# when AFTER misses the goal at 100,000 rows (the median of its runs).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 1 ] || { sed -n '2,19p' "$0" >&2; exit 2; }
BEFORE=$1
AFTER=${2:-$top/src/sweep}
[ $# -ge 2 ] && shift 2 || shift 1
ROWS=${*:-10000 100000}
JOBS=${JOBS:-1 2 4}
REPS=${REPS:-1}
GOAL_S=8
GOAL_MB=200
GOAL_HTML_MB=10
BEFORE_DATADIR=${BEFORE_DATADIR:-$top}
AFTER_DATADIR=${AFTER_DATADIR:-$top}
for b in "$BEFORE" "$AFTER"; do
	[ -x "$b" ] || { echo "bench: $b is not an executable sweep" >&2; exit 2; }
done
[ -x /usr/bin/time ] || { echo "bench: /usr/bin/time (GNU time) is not installed" >&2; exit 2; }
T=$(mktemp -d "${TMPDIR:-/var/tmp}/sweep-import-big.XXXXXX")
trap 'rm -rf "$T"' EXIT

# gen N J: 6 modes x 15 block sizes (512 to 8M) x depths 1, 2, ... with jobs
# 1 to J in turn; IOPS capped at 55,000 and 500 MiB/s with up to 15% noise,
# p99 latency by Little's law (x3).
gen() {
	awk -v n="$1" -v nj="$2" 'BEGIN {
		split("read write randread randwrite readwrite randrw", mode, " ")
		srand(1)
		print "mode,bs,depth,jobs,iops,lat_p99_us,runtime_s"
		for (k = 0; k < n; k++) {
			bs = 512 * 2 ^ (k % 15)
			depth = int(k / 90) + 1
			jobs = k % nj + 1
			iops = 55000
			if (500 * 1048576 / bs < iops)
				iops = 500 * 1048576 / bs
			iops *= 0.85 + 0.15 * rand()
			printf "%s,%d,%d,%d,%.1f,%.1f,10\n", mode[int(k / 15) % 6 + 1], bs, depth, jobs,
			    iops, 3e6 * depth / iops
		}
	}' >"$T/rows$1-$2.csv"
}

# run LABEL BINARY N J: one import with every report; prints a table row and
# adds "N J seconds KiB html-bytes exit" to $T/LABEL.runs.
run() {
	out="$T/out-$1-$3-$4"
	rc=0
	dd=$AFTER_DATADIR
	[ "$1" = before ] && dd=$BEFORE_DATADIR
	SWEEP_DATADIR=$dd /usr/bin/time -f '%e %M %U %S' -o "$T/time" "$2" import --csv \
	    "$T/rows$3-$4.csv" -o "$out" >"$T/stdout" 2>"$T/stderr" || rc=$?
	set -- "$1" "$2" "$3" "$4" $(tail -n 1 "$T/time")
	imported=no
	grep -q '^Imported' "$T/stdout" && imported=yes
	size() { [ -f "$out/$1" ] && stat -c %s "$out/$1" | awk '{ printf "%.1f MB", $1 / 1048576 }' ||
	    echo "-"; }
	charts=$(ls "$out"/*.png 2>/dev/null | wc -l)
	printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$3" "$4" "$1" \
	    "$5" "$(awk -v u="$7" -v s="$8" 'BEGIN { printf "%.2f", u + s }')" "$(( $6 / 1024 ))" \
	    "$rc" "$imported" "$charts" "$(size results.json)" "$(size report.html)" \
	    "$(size report.xlsx)"
	html=0
	[ -f "$out/report.html" ] && html=$(stat -c %s "$out/report.html")
	echo "$3 $4 $5 $6 $html $rc" >>"$T/$1.runs"
	rm -rf "$out"
}

echo "| rows | job counts | binary | wall (s) | CPU (s) | peak RSS (MB) | exit | \"Imported\" | PNG charts | results.json | report.html | report.xlsx |"
echo "|---:|---:|---|---:|---:|---:|---:|---|---:|---:|---:|---:|"
: >"$T/after.runs"
for n in $ROWS; do
	for j in $JOBS; do
		gen "$n" "$j"
		r=0
		while [ "$r" -lt "$REPS" ]; do
			run before "$BEFORE" "$n" "$j"
			run after "$AFTER" "$n" "$j"
			r=$((r + 1))
		done
	done
done

# The goal, on the median of AFTER's runs of each table of 100,000 rows or more.
echo
miss=0
for n in $ROWS; do
	[ "$n" -ge 100000 ] || continue
	for j in $JOBS; do
		line=$(awk -v n="$n" -v j="$j" '$1 == n && $2 == j' "$T/after.runs" | sort -n -k3 |
		    awk '{ a[NR] = $0 } END { print a[int((NR + 1) / 2)] }')
		set -- $line
		if awk -v s="$3" -v kb="$4" -v h="$5" -v rc="$6" -v gs="$GOAL_S" -v gm="$GOAL_MB" \
		    -v gh="$GOAL_HTML_MB" 'BEGIN { exit !(s <= gs && kb / 1024 <= gm &&
		    h / 1048576 < gh && rc == 0) }'; then
			verdict=met
		else
			verdict=missed
			miss=1
		fi
		echo "$n rows, $j job counts: after's median $3 s, $(( $4 / 1024 )) MB: $verdict"
	done
done
echo "Goal for 100,000 rows (after, each job count): at most $GOAL_S s and $GOAL_MB MB, report.html under $GOAL_HTML_MB MB, exit 0."
exit $miss
