#!/bin/sh
# setup.sh: build and run put this tree's sweep on PATH as a symbolic link
# (never over a sweep that is not such a link) and say where it is; check
# exits 3 when a test failed, apart from 1 (set-up failed) and 2 (usage,
# sweep's bad input).  Runs setup.sh's own functions in a fake tree with
# SETUP_BINDIR in $T, never in /usr/local/bin, and with a fake make.
. "$top_srcdir/tests/common.sh"
cd "$T" || exit 1
setup=$top_srcdir/setup.sh
for f in link where check; do
	sed -n "/^$f() {/,/^}/p" "$setup" >>funcs.sh
	grep -q "^$f() {" funcs.sh || fail "no $f() in setup.sh"
done
mkdir -p tree/src bin other/src
printf '#!/bin/sh\necho this-sweep\n' >tree/src/sweep
printf '#!/bin/sh\necho other-sweep\n' >other/src/sweep
chmod +x tree/src/sweep other/src/sweep
self=$(cd tree && pwd -P)/src/sweep

# steps: run link then where in the tree, with BINDIR and PATH as given
steps() {
	(cd tree && SETUP_BINDIR=$1 PATH=$2 sh -c '. ../funcs.sh; link && where') >steps.out 2>&1 ||
		fail "link/where: $(cat steps.out)"
}
steps "$T/bin" "$T/bin:/usr/bin:/bin"
[ "$(readlink -f bin/sweep)" = "$self" ] || fail "no link to this tree: $(ls -l bin)"
grep -q "^setup: linked $T/bin/sweep -> $self$" steps.out || fail "link not said: $(cat steps.out)"
tail -1 steps.out | grep -q "^setup: sweep is on PATH: $T/bin/sweep -> $self" ||
	fail "where: $(cat steps.out)"
steps "$T/bin" "$T/bin:/usr/bin:/bin"
! grep -q linked steps.out || fail "linked again: $(cat steps.out)"
tail -1 steps.out | grep -q "on PATH" || fail "again: $(cat steps.out)"
ok "a link to this tree's src/sweep, made once; the last line says where"

# Not on PATH: where says so and gives the path to run.
steps "$T/bin" "/usr/bin:/bin"
tail -1 steps.out | grep -q "^setup: sweep is not on PATH: run it as ./src/sweep ($self)$" ||
	fail "not on PATH: $(cat steps.out)"
ok "a link off PATH: ./src/sweep"

# Another sweep there (make install's file, another checkout's link) is left alone.
rm bin/sweep
cp other/src/sweep bin/sweep
steps "$T/bin" "$T/bin:/usr/bin:/bin"
[ ! -L bin/sweep ] && grep -q other-sweep bin/sweep || fail "a sweep not ours was replaced"
tail -1 steps.out | grep -q "not on PATH ($T/bin/sweep is another sweep (not a link), left alone): run it as ./src/sweep" ||
	fail "another sweep: $(cat steps.out)"
rm bin/sweep
ln -s "$T/other/src/sweep" bin/sweep
steps "$T/bin" "$T/bin:/usr/bin:/bin"
[ "$(readlink bin/sweep)" = "$T/other/src/sweep" ] || fail "another checkout's link was replaced"
tail -1 steps.out | grep -q "another sweep (a link to $T/other/src/sweep), left alone" ||
	fail "another link: $(cat steps.out)"
rm bin/sweep
ln -s "$T/gone/src/sweep" bin/sweep
steps "$T/bin" "$T/bin:/usr/bin:/bin"
[ "$(readlink bin/sweep)" = "$T/gone/src/sweep" ] || fail "a dangling link was replaced"
ok "a sweep that is not a link to this tree is left alone, and said so"

# A folder that cannot be written (not root): nothing made, ./src/sweep.
steps "$T/nonexistent" "/usr/bin:/bin"
[ ! -e nonexistent ] || fail "made $T/nonexistent"
tail -1 steps.out | grep -q "not on PATH (not root: $T/nonexistent/sweep not made): run it as ./src/sweep" ||
	fail "not writable: $(cat steps.out)"
steps "" "/usr/bin:/bin"
tail -1 steps.out | grep -q "^setup: sweep is not on PATH: run it as ./src/sweep" || fail "SETUP_BINDIR=: $(cat steps.out)"
ok "no folder to write: no link, ./src/sweep"

# check: a failed test exits 3 and still ends with the counts; passing exits 0.
mkdir -p fake tree/tests
cat >fake/make <<'SH'
#!/bin/sh
printf '# PASS:  5\n# FAIL:  1\n# ERROR: 0\n# SKIP:  2\n' >test-suite.log
echo "FAIL: tests/x.sh" >tests/x.log
exit "${FAKE_MAKE_STATUS:-2}"
SH
chmod +x fake/make
(cd tree && PATH=$T/fake:$PATH sh -c '. ../funcs.sh; check') >check.out 2>&1
rc=$?
[ "$rc" -eq 3 ] || fail "check with a failed test: exit $rc, want 3: $(cat check.out)"
tail -1 check.out | grep -q '^5 passed, 1 failed, 2 skipped$' || fail "check: $(cat check.out)"
(cd tree && FAKE_MAKE_STATUS=0 PATH=$T/fake:$PATH sh -c '. ../funcs.sh; check') >check.out 2>&1 ||
	fail "check with make check passing: exit $?"
ok "check: a failed test exits 3, after its N passed, N failed line"

sh "$setup" nonsense >usage.out 2>&1
rc=$?
[ "$rc" -eq 2 ] || fail "setup.sh nonsense: exit $rc, want 2"
grep -q 'Exit status: 0 done; 1 set-up failed' "$setup" && grep -q '3 check: a test failed' "$setup" ||
	fail "setup.sh's header does not document its exit status"
grep -q 'exits 3' "$top_srcdir/.ci/run" || fail ".ci/run does not say setup.sh check exits 3"
grep -q 'exit status 3' "$top_srcdir/README.md" || fail "README does not say a failed test exits 3"
ok "setup.sh's exit status: 2 bad usage, 3 a failed test; documented in setup.sh, .ci/run, README"
exit 0
