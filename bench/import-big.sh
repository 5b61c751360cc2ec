#!/bin/sh
# Large imports (issue 16): `sweep import --csv` of a 10,000-row and a
# 100,000-row table with every report, for a binary from before and one
# from after, as a Markdown table of wall time, peak RSS (/usr/bin/time)
# and what came out.  Goal: 100,000 rows in under 10 s and 200 MB.
#   bench/import-big.sh BEFORE [AFTER] [ROWS...]
# BEFORE and AFTER are sweep binaries (stable copies: a build in the tree is
# relinked under a running benchmark); AFTER defaults to src/sweep, ROWS to
# 10000 100000.  A copied binary reads its chart templates from
# SWEEP_DATADIR: BEFORE_DATADIR and AFTER_DATADIR (default: this tree) name
# a folder with the templates/ of each binary's own source, e.g.
#   mkdir /var/tmp/old && git archive OLD templates | tar -x -C /var/tmp/old
# The table goes to stdout.  Exit 1 when AFTER misses the goal at 100,000 rows.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 1 ] || { sed -n '2,15p' "$0" >&2; exit 2; }
BEFORE=$1
AFTER=${2:-$top/src/sweep}
[ $# -ge 2 ] && shift 2 || shift 1
ROWS=${*:-10000 100000}
GOAL_S=10
BEFORE_DATADIR=${BEFORE_DATADIR:-$top}
AFTER_DATADIR=${AFTER_DATADIR:-$top}
GOAL_MB=200
for b in "$BEFORE" "$AFTER"; do
	[ -x "$b" ] || { echo "bench: $b is not an executable sweep" >&2; exit 2; }
done
[ -x /usr/bin/time ] || { echo "bench: /usr/bin/time (GNU time) is not installed" >&2; exit 2; }
T=$(mktemp -d "${TMPDIR:-/var/tmp}/sweep-import-big.XXXXXX")
trap 'rm -rf "$T"' EXIT

# rows N: 6 modes x 15 block sizes (512 to 8M) x depths 1, 2, ... with jobs
# 1-4 in turn; IOPS capped at 55,000 and 500 MiB/s with up to 15% noise,
# p99 latency by Little's law (x3).
gen() {
	awk -v n="$1" 'BEGIN {
		split("read write randread randwrite readwrite randrw", mode, " ")
		srand(1)
		print "mode,bs,depth,jobs,iops,lat_p99_us,runtime_s"
		for (k = 0; k < n; k++) {
			bs = 512 * 2 ^ (k % 15)
			depth = int(k / 90) + 1
			jobs = k % 4 + 1
			iops = 55000
			if (500 * 1048576 / bs < iops)
				iops = 500 * 1048576 / bs
			iops *= 0.85 + 0.15 * rand()
			printf "%s,%d,%d,%d,%.1f,%.1f,10\n", mode[int(k / 15) % 6 + 1], bs, depth, jobs,
			    iops, 3e6 * depth / iops
		}
	}' >"$T/rows$1.csv"
}

# run LABEL BINARY N: one import with every report; prints a table row.
run() {
	out="$T/out-$1-$3"
	rc=0
	dd=$AFTER_DATADIR
	[ "$1" = before ] && dd=$BEFORE_DATADIR
	SWEEP_DATADIR=$dd /usr/bin/time -f '%e %M' -o "$T/time" "$2" import --csv "$T/rows$3.csv" -o "$out" \
	    >"$T/stdout" 2>"$T/stderr" || rc=$?
	set -- "$1" "$2" "$3" $(tail -n 1 "$T/time")
	imported=no
	grep -q '^Imported' "$T/stdout" && imported=yes
	size() { [ -f "$out/$1" ] && stat -c %s "$out/$1" | awk '{ printf "%.1f MB", $1 / 1048576 }' ||
	    echo "-"; }
	charts=$(ls "$out"/*.png 2>/dev/null | wc -l)
	printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$3" "$1" "$4" \
	    "$(( $5 / 1024 ))" "$rc" "$imported" "$charts" "$(size results.json)" \
	    "$(size report.html)" "$(size report.xlsx)"
	if [ "$1" = after ] && [ "$3" -ge 100000 ]; then
		awk -v s="$4" -v kb="$5" -v gs="$GOAL_S" -v gm="$GOAL_MB" -v rc="$rc" \
		    'BEGIN { exit !(s < gs && kb / 1024 < gm && rc == 0) }' || miss=1
	fi
	rm -rf "$out"
}

miss=0
echo "| rows | binary | wall (s) | peak RSS (MB) | exit | \"Imported\" | PNG charts | results.json | report.html | report.xlsx |"
echo "|---:|---|---:|---:|---:|---|---:|---:|---:|---:|"
for n in $ROWS; do
	gen "$n"
	run before "$BEFORE" "$n"
	run after "$AFTER" "$n"
done
echo
echo "Goal for 100,000 rows (after): under $GOAL_S s and $GOAL_MB MB, exit 0."
exit $miss
