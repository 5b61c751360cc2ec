#!/bin/sh
# One command from a fresh Debian 12 machine to a result (run as root, or
# with sudo available for apt-get):
#   ./setup.sh run [SWEEP OPTIONS]   install what is missing, build, put sweep on PATH,
#                                    run sweeps/quick.json on the default target
#                                    (./sweep.dat); prints where the results are, then
#                                    where sweep is
#   ./setup.sh check                 install what is missing, build, run `make check`
#                                    (every test: about 19 min on 2 CPUs); ends with
#                                    "N passed, N failed, N skipped"
#   ./setup.sh deps | build          only those steps (build puts sweep on PATH too)
# On PATH: as root, /usr/local/bin/sweep becomes a symbolic link to this
# tree's src/sweep (SETUP_BINDIR=DIR: DIR/sweep instead; SETUP_BINDIR= none).
# A sweep already there that is not such a link (make install's, another
# checkout's) is left alone, and the last line says so.  Not root: run it as
# ./src/sweep.
# Exit status: 0 done; 1 set-up failed (packages, configure, build);
# 2 bad usage of setup.sh; 3 check: a test failed; run: sweep's own
# (0 every cell ran, 1 a cell failed, 2 bad input, 130 interrupted).
set -eu
cd "$(dirname "$0")"

# What sweep needs to build and run (gnuplot renders the charts).
PACKAGES="build-essential autoconf automake pkg-config libaio-dev libcjson-dev
libxlsxwriter-dev libblkid-dev liburing-dev gnuplot-nox"
# What the tests add: fio as the reference, a real XLSX reader and LibreOffice,
# loop-device and filesystem tools, valgrind for CI, debhelper and lintian
# for the package test, stress-ng for the load of make check-loaded.
TEST_PACKAGES="fio python3 python3-openpyxl libreoffice-calc-nogui e2fsprogs util-linux
fdisk mount valgrind chromium poppler-utils debhelper dpkg-dev lintian stress-ng"

# deps [PACKAGE...]: install whichever of them are missing
deps() {
	missing=""
	for p in "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
			missing="$missing $p"
	done
	[ -z "$missing" ] && return 0
	echo "setup: installing Debian packages:$missing"
	if [ "$(id -u)" -eq 0 ]; then
		apt_get="apt-get"
	elif command -v sudo >/dev/null; then
		apt_get="sudo apt-get"
	else
		echo "setup: need root to install:$missing (run as root or install them)" >&2
		exit 1
	fi
	export DEBIAN_FRONTEND=noninteractive
	# Another apt-get (unattended-upgrades on a fresh machine) may hold the
	# locks: wait up to 10 minutes for it instead of failing.  apt waits for
	# the dpkg lock itself (DPkg::Lock::Timeout); apt-get update (apt 2.6)
	# fails at once on the lists lock whatever the option says, so it is
	# tried again every 5 s while that is the error.
	lock="-o DPkg::Lock::Timeout=600"
	err=$(mktemp)
	waited=0
	# shellcheck disable=SC2086
	until $apt_get $lock update -qq 2>"$err"; do
		if ! grep -q "Could not get lock" "$err" || [ "$waited" -ge 600 ]; then
			cat "$err" >&2
			rm -f "$err"
			exit 1
		fi
		[ "$waited" -eq 0 ] && echo "setup: waiting for another apt-get to finish"
		sleep 5
		waited=$((waited + 5))
	done
	cat "$err" >&2
	rm -f "$err"
	# shellcheck disable=SC2086
	$apt_get $lock install -y -qq --no-install-recommends $missing >/dev/null
}

# build: configure once, make; returns non-zero when a step fails (make's 2 is not ours).
build() {
	if [ ! -x configure ] || [ configure.ac -nt configure ] || [ Makefile.am -nt configure ]; then
		autoreconf -fi || return 1
	fi
	if [ ! -f Makefile ]; then
		./configure --quiet || return 1
	fi
	make -j"$(nproc)" >/dev/null || return 1
}

# link: this tree's src/sweep on PATH as BINDIR/sweep, a symbolic link, when
# BINDIR is writable (root); never over a sweep that is not such a link.
link() {
	bindir=${SETUP_BINDIR-/usr/local/bin}
	self=$(pwd -P)/src/sweep
	note=""
	[ -n "$bindir" ] || return 0
	if [ -L "$bindir/sweep" ] && [ "$(readlink -f "$bindir/sweep")" = "$self" ]; then
		return 0
	elif [ -e "$bindir/sweep" ] || [ -L "$bindir/sweep" ]; then
		if [ -L "$bindir/sweep" ]; then
			other="a link to $(readlink "$bindir/sweep")"
		else
			other="not a link"
		fi
		note="$bindir/sweep is another sweep ($other), left alone"
	elif [ -d "$bindir" ] && [ -w "$bindir" ]; then
		ln -s "$self" "$bindir/sweep" || return 1
		echo "setup: linked $bindir/sweep -> $self"
	else
		note="not root: $bindir/sweep not made"
	fi
}

# where: the last line of run, build and check: how to run this build's sweep.
where() {
	self=$(pwd -P)/src/sweep
	found=$(command -v sweep 2>/dev/null || true)
	if [ -n "$found" ] && [ "$(readlink -f "$found")" = "$self" ]; then
		echo "setup: sweep is on PATH: $found -> $self (sweep --help, man ./doc/sweep.1)"
	else
		echo "setup: sweep is not on PATH${note:+ ($note)}: run it as ./src/sweep ($self)"
	fi
}

check() {
	status=0
	make -j"$(nproc)" check || status=3
	log=test-suite.log
	if [ -f "$log" ]; then
		pass=$(sed -n 's/^# PASS: *//p' "$log" | head -1)
		fail=$(sed -n 's/^# FAIL: *//p' "$log" | head -1)
		err=$(sed -n 's/^# ERROR: *//p' "$log" | head -1)
		skip=$(sed -n 's/^# SKIP: *//p' "$log" | head -1)
		[ "$status" -ne 0 ] && grep -h '^FAIL\|^ERROR' tests/*.log 2>/dev/null | head -20
		echo "${pass:-0} passed, $(( ${fail:-0} + ${err:-0} )) failed, ${skip:-0} skipped"
	else
		echo "0 passed, 1 failed"
		status=3
	fi
	return $status
}

cmd=${1:-check}
[ $# -gt 0 ] && shift
# shellcheck disable=SC2086
case $cmd in
deps) deps $PACKAGES $TEST_PACKAGES ;;
build) deps $PACKAGES; build || exit 1; link || exit 1; where ;;
check)
	deps $PACKAGES $TEST_PACKAGES
	build || exit 1
	link || exit 1
	rc=0
	check || rc=$?
	where
	exit $rc ;;
run)
	deps $PACKAGES
	build || exit 1
	link || exit 1
	# Ctrl-C reaches sweep, which keeps the finished cells and exits 130; the
	# trap keeps this shell waiting for it, to print where sweep is after.
	trap : INT
	rc=0
	./src/sweep --sweep sweeps/quick.json "$@" || rc=$?
	where
	exit $rc ;;
*) echo "usage: ./setup.sh run|check|deps|build" >&2; exit 2 ;;
esac
