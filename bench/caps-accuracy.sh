#!/bin/sh
# How close the stated caps come to the truth on synthetic volumes: builds
# bench/caps-accuracy (make bench/caps-accuracy) and prints its tables for
# the plateau estimator's acceptance volumes, the same with stalled cells judged
# stalled, with a burst in every fourth volume, and with a softer knee;
# then the acceptance line over seeds 1..SEEDS (30), without and with verdicts.
#
#     bench/caps-accuracy.sh [VOLUMES [SEED [SEEDS]]]     (run from the build tree)
set -eu
n=${1:-1000}
seed=${2:-20261201}
seeds=${3:-30}
make -s bench/caps-accuracy >/dev/null
echo "## acceptance"
./bench/caps-accuracy -n "$n" -s "$seed"
echo
echo "## stalled cells judged stalled (left out of the fit)"
./bench/caps-accuracy -n "$n" -s "$seed" -m
echo
echo "## a burst cell in a quarter of the volumes"
./bench/caps-accuracy -n "$n" -s "$seed" -b 0.25
echo
echo "## softer knee: 70% at the largest IOPS-bound size"
./bench/caps-accuracy -n "$n" -s "$seed" -k
echo
echo "## one-sided noise: every cell 0-30% under its clean rate"
./bench/caps-accuracy -n "$n" -s "$seed" -o
echo
echo "## the acceptance over seeds 1..$seeds (1,000 volumes each), unmarked and judged"
for flag in "" -m; do
	for s in $(seq 1 "$seeds"); do
		./bench/caps-accuracy -n "$n" -s "$s" $flag | grep '^| segments'
	done | tr -d '%' | awk -F'|' -v flag="${flag:-unmarked}" '
	{ c = $3; gsub(/ /, "", c); p = $6 + 0; m = $8 + 0; a = $10 + 0; b = $11 + 0
	  if (!(c in P) || p > P[c]) P[c] = p; if (!(c in M) || m > M[c]) M[c] = m
	  if (!(c in A) || a < A[c]) A[c] = a; if (b < 100) F[c]++; N[c]++ }
	END { for (c in P) printf "| %s | %s | %.1f%% | %.1f%% | %.1f%% | %d of %d |\n",
	    flag == "-m" ? "judged stalled" : "unmarked", c, A[c], P[c], M[c], F[c] + 0, N[c] }'
done | sort -r | sed '1i| stalled cells | cap | fewest within 10% | worst p97 | worst max | seeds with a volume beyond 20% |\n|---|---|--:|--:|--:|--:|'
