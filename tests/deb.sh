#!/bin/sh
# make deb: the Debian package builds (dpkg-buildpackage, debhelper), holds
# the binary, the man page, the data files and the bash completion in FHS
# places, depends on the runtime libraries and recommends gnuplot-nox; the
# binary unpacked by dpkg -x into a temporary root plans, runs a null-engine
# sweep and writes a report from there.  lintian, where installed, finds no
# error or warning.
. "$top_srcdir/tests/common.sh"
for c in dpkg-buildpackage dh dpkg-deb; do
	command -v $c >/dev/null || skip "$c not installed (apt-get install debhelper dpkg-dev)"
done
make -s -C "$top_builddir" deb DEB_OUT="$T/deb" >"$T/build.log" 2>&1 ||
	fail "make deb: $(tail -20 "$T/build.log")"
deb=$(ls "$T"/deb/sweep_*.deb 2>/dev/null | head -1)
[ -n "$deb" ] || fail "make deb wrote no sweep_*.deb: $(tail -5 "$T/build.log")"
ok "make deb: $(basename "$deb")"

dpkg-deb -f "$deb" Depends >"$T/depends"
for lib in libaio libcjson libxlsxwriter libblkid; do
	grep -q "$lib" "$T/depends" || fail "Depends lacks $lib: $(cat "$T/depends")"
done
[ "$(dpkg-deb -f "$deb" Recommends)" = gnuplot-nox ] ||
	fail "Recommends: $(dpkg-deb -f "$deb" Recommends), want gnuplot-nox"
ok "Depends on the runtime libraries, Recommends gnuplot-nox"

dpkg-deb -c "$deb" | awk '{print $6}' >"$T/contents"
for f in ./usr/bin/sweep ./usr/share/man/man1/sweep.1.gz ./usr/share/sweep/sweeps/quick.json \
    ./usr/share/sweep/sweeps/default.json ./usr/share/sweep/sweeps/profiles/aws-gp2.json \
    ./usr/share/sweep/templates/iops.gp ./usr/share/bash-completion/completions/sweep \
    ./usr/share/doc/sweep/copyright; do
	grep -qx "$f" "$T/contents" || fail "$f not in the package"
done
# every shipped data file of the source tree is in the package
for f in "$top_srcdir"/sweeps/*.json "$top_srcdir"/sweeps/profiles/*.json "$top_srcdir"/templates/*.gp; do
	rel=${f#"$top_srcdir"/}
	grep -qx "./usr/share/sweep/$rel" "$T/contents" || fail "$rel not in the package"
done
ok "binary, man page, sweeps/, profiles, templates/ and completion in FHS places"

root=$T/root
dpkg -x "$deb" "$root" || fail "dpkg -x"
bin=$root/usr/bin/sweep
"$bin" plan --sweep quick --file "$T/p.dat" >"$T/plan" 2>&1 || fail "unpacked sweep plan: $(cat "$T/plan")"
grep -q '^Plan: [0-9]* cells' "$T/plan" || fail "unpacked plan: $(cat "$T/plan")"
"$bin" run --engine null --file "$T/n.dat" --size 1m --modes read,randread --bs 4k,64k \
    --depth 1,4 --runtime 1 --ramp 0 -q -o "$T/out" >"$T/run" 2>&1 ||
	fail "unpacked null sweep: $(cat "$T/run")"
"$bin" report "$T/out/results.json" -o "$T/rep" >"$T/rep.log" 2>&1 ||
	fail "unpacked sweep report: $(cat "$T/rep.log")"
for f in results.csv report.md report.html report.xlsx iops.png; do
	[ -s "$T/rep/$f" ] || fail "unpacked report wrote no $f"
done
ok "the unpacked binary plans ($(sed -n 's/^Plan: //p' "$T/plan" | cut -d';' -f1)), runs a null sweep and reports"

if command -v lintian >/dev/null; then
	lintian "$deb" >"$T/lintian" 2>&1
	grep -q '^[EW]: ' "$T/lintian" && fail "lintian: $(grep '^[EW]: ' "$T/lintian" | head -5)"
	ok "lintian: no error or warning"
else
	echo "note: lintian not installed: the package is not linted"
fi
exit 0
