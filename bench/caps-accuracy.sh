#!/bin/sh
# How close the stated caps come to the truth on synthetic volumes: builds
# bench/caps-accuracy (make bench/caps-accuracy) and prints its tables for
# the issue 13 acceptance volumes, the same with stalled cells judged
# stalled, with a burst in every fourth volume, and with a softer knee.
#
#     bench/caps-accuracy.sh [VOLUMES [SEED]]     (run from the build tree)
set -eu
n=${1:-1000}
seed=${2:-20261201}
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
