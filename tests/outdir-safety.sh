#!/bin/sh
# Issue 22, items 1, 12, 13 and 14: nothing is written outside the output
# folder through a link planted in it (the lock file, the temporaries, the
# gnuplot logs); a FIFO as any input is refused at once instead of blocking
# in open(); compare's default folder name fits in a file name and a
# failure names no option that was not given; report into a folder a run
# holds is refused, and so is a second run on one device through another
# device node.
. "$top_srcdir/tests/common.sh"
cd "$T" || exit 1
LOOP=
bg=
cleanup() {
	[ -n "$bg" ] && kill "$bg" 2>/dev/null && wait "$bg" 2>/dev/null
	[ -n "$LOOP" ] && losetup -d "$LOOP" 2>/dev/null
	cd /
	rm -rf "$T"
}
trap cleanup EXIT

quick="--engine null --size 16m --bs 4k,64k --depth 1 --ramp 0 --steady 0 --runtime 1 -q"
# shellcheck disable=SC2086
"$SWEEP" run $quick --file t.dat --modes read,randread -o r1 >/dev/null 2>err ||
	fail "the first run: $(cat err)"

# unchanged NAME: the file outside every output folder still holds "secret NAME"
unchanged() {
	[ "$(cat "$T/outside/$1")" = "secret $1" ] || fail "$2: $T/outside/$1 was written: $(head -c 200 "$T/outside/$1")"
}
mkdir outside
for v in lock tmp xlsx gp log pidtmp hard hardlock fiolog fiojson; do echo "secret $v" >"outside/$v"; done

# 1a. A symbolic link at DIR/.sweep.lock: before, the run truncated the file it points to
# and wrote its PID there.
mkdir o1
ln -s "$T/outside/lock" o1/.sweep.lock
# shellcheck disable=SC2086
expect_usage "run, .sweep.lock a symbolic link" "$SWEEP" run $quick --file t.dat --modes read -o o1
grep -q 'symbolic link' "$T/.err" || fail "the refusal does not say why: $(cat "$T/.err")"
unchanged lock "run with a planted .sweep.lock link"
# A hard link there: truncating it would truncate the other name too.
rm o1/.sweep.lock
ln outside/hardlock o1/.sweep.lock
# shellcheck disable=SC2086
expect_usage "run, .sweep.lock a hard link" "$SWEEP" run $quick --file t.dat --modes read -o o1
unchanged hardlock "run with a planted .sweep.lock hard link"
ok "a link at .sweep.lock is refused; the file it names is unchanged"

# 1b. Links at the fixed temporary names: report.xlsx's, a gnuplot output and log.
cp -r r1 o2
ln -s "$T/outside/xlsx" o2/.report.xlsx.tmp
ln -s "$T/outside/gp" o2/.tmp-iops.svg
ln -s "$T/outside/log" o2/.iops.gnuplot.log
"$SWEEP" report o2 >/dev/null 2>err
rc=$?
unchanged xlsx "report with a link at .report.xlsx.tmp"
unchanged gp "report with a link at .tmp-iops.svg"
unchanged log "report with a link at .iops.gnuplot.log"
[ $rc -eq 2 ] && [ "$(wc -l <err)" -eq 1 ] || fail "report over planted links: exit $rc, want 2 and one line: $(cat err)"
ok "links at the fixed temporary names are refused: $(cat err)"

# 1b'. run --hosts: fio writes its log and its --output by name; a host that is not there
# (port 1) still writes both.
if command -v fio >/dev/null; then
	mkdir o5
	ln -s "$T/outside/fiolog" o5/fio-client.log
	ln -s "$T/outside/fiojson" o5/fio-output.json
	expect_usage "run --hosts over planted links" "$SWEEP" run --hosts 127.0.0.1:1 --size 16m \
	    --bs 4k --depth 1 --runtime 1 --ramp 0 --modes read -o o5
	unchanged fiolog "run --hosts with a link at fio-client.log"
	unchanged fiojson "run --hosts with a link at fio-output.json"
	ok "run --hosts refuses links at fio-client.log and fio-output.json"
fi

# 1b''. A fleet import writes a folder per host: a link planted at one is not followed.
fleet="$top_srcdir/tests/fixtures/fio/client2.json"
"$SWEEP" import "$fleet" -o probe --formats csv >/dev/null 2>err || fail "fleet import: $(cat err)"
host=$(cd probe && ls -d ./*/ | head -n 1 | cut -d/ -f2)
[ -n "$host" ] || fail "the fleet import made no host folder"
mkdir o6 outside/hostdir
ln -s "$T/outside/hostdir" "o6/$host"
"$SWEEP" import "$fleet" -o o6 --formats csv >/dev/null 2>err
[ -z "$(ls outside/hostdir)" ] || fail "a fleet import wrote through the link o6/$host: $(ls outside/hostdir)"
grep -q 'symbolic link' err || fail "the link o6/$host is not named: $(cat err)"
ok "a fleet import does not write through a link at a host's folder"

# 1c. A hard link at a gnuplot log (a name sweep rewrites every time): removed, not truncated.
if command -v gnuplot >/dev/null; then
	cp -r r1 o3
	ln outside/hard o3/.iops.gnuplot.log
	"$SWEEP" report o3 >/dev/null 2>err || fail "report with a stale hard-linked log: $(cat err)"
	unchanged hard "report with a hard link at .iops.gnuplot.log"
	ok "a hard link at a gnuplot log is replaced, the other name unchanged"
fi

# 1d. Links at NAME.tmp.PID for the PID the report will have: in a PID namespace it is 1.
if unshare -pf --mount-proc true 2>/dev/null; then
	cp -r r1 o4
	for n in results.csv report.md report.html results.json iops.gp iops.dat .report.xlsx; do
		ln -s "$T/outside/pidtmp" "o4/$n.tmp.1"
	done
	unshare -pf --mount-proc "$SWEEP" report o4 >/dev/null 2>err
	rc=$?
	unchanged pidtmp "report with links at NAME.tmp.PID"
	[ $rc -eq 2 ] || fail "report with links at NAME.tmp.PID: exit $rc, want 2: $(cat err)"
	ok "links at NAME.tmp.PID are refused: $(cat err)"
else
	echo "# no PID namespace here (unshare -pf): links at NAME.tmp.PID not checked"
fi

# 12. A FIFO as each input: before, open() waited for a writer forever.
mkfifo fifo
mkdir fdir && mkfifo fdir/results.json
fifo_refused() {
	desc=$1
	shift
	timeout 10 "$@" >"$T/.out" 2>"$T/.err"
	rc=$?
	[ $rc -ne 124 ] || fail "$desc: still blocked after 10 s"
	[ $rc -eq 2 ] && [ "$(wc -l <"$T/.err")" -eq 1 ] || fail "$desc: exit $rc, want 2 and one line: $(cat "$T/.err")"
	grep -q 'not a regular file' "$T/.err" || fail "$desc: does not say what is wrong: $(cat "$T/.err")"
}
fifo_refused "report FIFO" "$SWEEP" report fifo
fifo_refused "report DIR with a FIFO results.json" "$SWEEP" report fdir
fifo_refused "compare FIFO" "$SWEEP" compare r1 fifo
# shellcheck disable=SC2086
fifo_refused "run --resume" "$SWEEP" run $quick --file t.dat --resume fdir
# shellcheck disable=SC2086
fifo_refused "run --auto --like" "$SWEEP" run $quick --file t.dat --auto --like fdir -o l1
fifo_refused "import" "$SWEEP" import fifo -o i1
fifo_refused "import --csv" "$SWEEP" import --csv fifo -o i2
# shellcheck disable=SC2086
fifo_refused "run --sweep" "$SWEEP" run $quick --file t.dat --sweep ./fifo -o s1
# shellcheck disable=SC2086
fifo_refused "run --profile" "$SWEEP" run $quick --file t.dat --profile ./fifo -o p1
fifo_refused "run --hosts-file" "$SWEEP" run --hosts-file fifo -o h1
ok "a FIFO as report, compare, --resume, --like, import, import --csv, --sweep, --profile or --hosts-file input is refused at once"

# 13. compare without -o, three runs with 90-character labels (--label allows 100).
for k in a b c; do
	mkdir "l$k"
	"$PY" - r1/results.json "l$k/results.json" "$k" <<'PYEOF' || fail "cannot relabel"
import json, sys
d = json.load(open(sys.argv[1]))
d['label'] = sys.argv[3] * 90
json.dump(d, open(sys.argv[2], 'w'))
PYEOF
done
mkdir c13 && cd c13 || exit 1
"$SWEEP" compare ../la ../lb ../lc >out 2>err || fail "compare of three 90-character labels: $(cat err)"
[ "$(ls reports | wc -l)" -eq 1 ] || fail "no comparison folder: $(ls reports)"
name=$(ls reports)
[ ${#name} -le 255 ] || fail "folder name of ${#name} bytes"
[ -s "reports/$name/compare.md" ] || fail "no compare.md in reports/$name"
rm -rf reports && : >reports
"$SWEEP" compare ../la ../lb >out 2>err
rc=$?
[ $rc -eq 2 ] || fail "compare into an impossible default folder: exit $rc, want 2: $(cat err)"
! grep -q -- '^sweep: -o ' err || fail "compare without -o blames -o: $(cat err)"
printf 'mode,bs,iops\nread,4096,1000\n' >ok.csv
"$SWEEP" import --csv ok.csv >out 2>err2
rc=$?
[ $rc -eq 2 ] || fail "import into an impossible default folder: exit $rc, want 2: $(cat err2)"
! grep -q -- '^sweep: -o ' err2 || fail "import without -o blames -o: $(cat err2)"
cd .. || exit 1
ok "compare's default folder fits ($name); a failure blames no option: $(cat c13/err)"

# 14a. report into the folder of a run still running: before, both wrote it.
# shellcheck disable=SC2086
"$SWEEP" run --engine null --size 16m --bs 4k,8k,16k,32k --depth 1 --ramp 0 --steady 0 \
    --runtime 1 --modes read,randread --file t.dat -o busy >busy.out 2>busy.err &
bg=$!
i=0
while ! [ -s busy/results.json ]; do
	i=$((i + 1))
	[ $i -lt 200 ] || fail "the running run wrote no results.json: $(cat busy.err)"
	sleep 0.05
done
expect_usage "report into a running run's folder" "$SWEEP" report busy
grep -q "in use by another sweep run (PID $bg)" "$T/.err" || fail "does not name PID $bg: $(cat "$T/.err")"
expect_usage "import into a running run's folder" "$SWEEP" import --csv c13/ok.csv -o busy
grep -q "in use by another sweep run (PID $bg)" "$T/.err" || fail "does not name PID $bg: $(cat "$T/.err")"
wait "$bg" || fail "the run under the refused report: $(cat busy.err)"
bg=
ok "report and import into a running run's folder are refused"

# 14b. A second run on one device through another node of it (mknod).
if [ "$(id -u)" -ne 0 ] || ! command -v losetup >/dev/null; then
	echo "# not root or no losetup: the device-number lock is not checked"
	exit 0
fi
dd if=/dev/urandom of=d.img bs=1M count=16 2>/dev/null
LOOP=$(losetup -f --show --direct-io=on d.img 2>/dev/null || losetup -f --show d.img 2>/dev/null) ||
	{ echo "# no loop device: 14b not checked"; exit 0; }
maj=$(stat -c %t "$LOOP") min=$(stat -c %T "$LOOP")
mknod node b $((0x$maj)) $((0x$min)) || fail "mknod"
"$SWEEP" run --device "$LOOP" --bs 4k --depth 1,2,4,8 --ramp 0 --steady 0 --runtime 1 \
    --modes read,randread -o dev1 >dev1.out 2>dev1.err &
bg=$!
i=0
while ! grep -q '^Output:' dev1.out 2>/dev/null; do
	i=$((i + 1))
	[ $i -lt 400 ] || fail "the first device run never started: $(cat dev1.err)"
	kill -0 "$bg" 2>/dev/null || fail "the first device run ended early: $(cat dev1.err)"
	sleep 0.05
done
expect_usage "second run through another node" "$SWEEP" run --device "$T/node" --bs 4k \
    --depth 1 --ramp 0 --steady 0 --runtime 1 --modes read -o dev2
grep -q "in use by another sweep run (PID $bg)" "$T/.err" || fail "does not name PID $bg: $(cat "$T/.err")"
wait "$bg" || fail "the first device run: $(cat dev1.err)"
bg=
ok "a second run on $LOOP through another node of it is refused"
exit 0
