#!/bin/sh
# One command from a fresh Debian 12 machine to a result (run as root, or
# with sudo available for apt-get):
#   ./setup.sh run [SWEEP OPTIONS]   install what is missing, build, run sweeps/quick.json
#                                    on the default target (./sweep.dat); prints where
#                                    the results are
#   ./setup.sh check                 install what is missing, build, run `make check`;
#                                    ends with "N passed, N failed"
#   ./setup.sh deps | build          only those steps
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
		exit 2
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

build() {
	if [ ! -x configure ] || [ configure.ac -nt configure ] || [ Makefile.am -nt configure ]; then
		autoreconf -fi
	fi
	[ -f Makefile ] || ./configure --quiet
	make -j"$(nproc)" >/dev/null
}

check() {
	status=0
	make -j"$(nproc)" check || status=$?
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
		status=1
	fi
	return $status
}

cmd=${1:-check}
[ $# -gt 0 ] && shift
case $cmd in
# shellcheck disable=SC2086
deps) deps $PACKAGES $TEST_PACKAGES ;;
# shellcheck disable=SC2086
build) deps $PACKAGES; build ;;
# shellcheck disable=SC2086
check) deps $PACKAGES $TEST_PACKAGES; build; check ;;
# shellcheck disable=SC2086
run) deps $PACKAGES; build; exec ./src/sweep --sweep sweeps/quick.json "$@" ;;
*) echo "usage: ./setup.sh run|check|deps|build" >&2; exit 2 ;;
esac
