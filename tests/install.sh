#!/bin/sh
# make install with DESTDIR: the binary, its man page, templates/ and sweeps/;
# the installed binary finds its data files where they were installed.
. "$top_srcdir/tests/common.sh"
make -s -C "$top_builddir" install DESTDIR="$T/inst" >"$T/install.log" 2>&1 ||
	fail "make install: $(tail -5 "$T/install.log")"
bin=$(find "$T/inst" -type f -name sweep -perm -u+x | head -1)
[ -n "$bin" ] || fail "no sweep binary installed"
man=$(find "$T/inst" -name sweep.1 | head -1)
[ -n "$man" ] || fail "no man page installed"
share=$(dirname "$(dirname "$bin")")/share/sweep
comp=$(dirname "$share")/bash-completion/completions/sweep
[ -f "$comp" ] || fail "no bash completion at $comp"
grep -q "${share#"$T/inst"}" "$comp" || fail "the installed completion does not look in ${share#"$T/inst"} for sweep files"
for f in sweeps/quick.json sweeps/default.json templates/iops.gp templates/bw.gp; do
	[ -f "$share/$f" ] || fail "$f not installed under $share"
done
# The installed binary, away from the build tree, finds the installed sweeps by name.
"$bin" plan --sweep quick --file "$T/f.dat" >"$T/plan" 2>&1 || fail "installed sweep: $(cat "$T/plan")"
grep -q "^Plan: 8 cells" "$T/plan" || fail "installed binary planned $(grep Plan "$T/plan")"
"$bin" --sweep nosuch --file "$T/f.dat" 2>"$T/err"
grep -q "$share/sweeps" "$T/err" || fail "installed binary looks elsewhere: $(cat "$T/err")"
ok "installed under DESTDIR: binary, man page, bash completion, data files found by the installed binary"
exit 0
