#!/bin/sh
# with-load.sh CMD...: run CMD beside a mixed CPU and I/O load, the way a
# busy build machine runs the suite, and end the load whatever CMD does.
#   CPU: stress-ng --cpu N (N = $SWEEP_LOAD_CPU, else twice the CPUs), or
#        N shell busy loops where stress-ng is not installed;
#   I/O: a writer of 4 MiB direct-I/O blocks over a 256 MiB scratch file in
#        $SWEEP_LOAD_DIR (else /var/tmp: a disk, not tmpfs), again and again.
# On 2 CPUs that is a load average of about 6 before the tests' own;
# `make check-loaded` runs the timing tests so (Makefile.am).  Exits with
# CMD's status.
set -u
[ $# -gt 0 ] || { echo "usage: with-load.sh CMD..." >&2; exit 2; }
ncpu=$(nproc 2>/dev/null || echo 2)
n=${SWEEP_LOAD_CPU:-$((2 * ncpu))}
dir=$(mktemp -d "${SWEEP_LOAD_DIR:-/var/tmp}/sweep-load.XXXXXX") || exit 1
pids=""
stop() {
	# shellcheck disable=SC2086
	[ -n "$pids" ] && kill $pids 2>/dev/null
	# shellcheck disable=SC2086
	[ -n "$pids" ] && wait $pids 2>/dev/null
	pids=""
	rm -rf "$dir"
}
trap stop EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 141' PIPE
trap 'exit 143' TERM

if command -v stress-ng >/dev/null; then
	stress-ng --cpu "$n" --timeout 7200 -q >/dev/null 2>&1 &
	pids="$pids $!"
	what="stress-ng --cpu $n"
else
	i=0
	while [ $i -lt "$n" ]; do
		sh -c 'while :; do :; done' &
		pids="$pids $!"
		i=$((i + 1))
	done
	what="$n busy loops (stress-ng is not installed)"
fi
# The writer: oflag=direct where the filesystem takes it, else buffered
# with a sync per pass; either way the disk is kept busy.
flag=oflag=direct
dd if=/dev/zero of="$dir/probe" bs=4096 count=1 $flag 2>/dev/null || flag=conv=fsync
rm -f "$dir/probe"
# (the writer ends its dd too when it is killed, so nothing writes on)
# shellcheck disable=SC2016
sh -c 'trap "kill \$c 2>/dev/null; exit 0" TERM
while :; do dd if=/dev/zero of="$1/w" bs=4M count=64 '"$flag"' 2>/dev/null & c=$!; wait $c; done' \
    sh "$dir" &
pids="$pids $!"
echo "with-load: $what and a $flag writer on $dir, beside: $*"
"$@"
rc=$?
echo "with-load: load average at the end $(cut -d' ' -f1-3 /proc/loadavg)"
exit $rc
