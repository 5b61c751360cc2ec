#!/bin/sh
# Inputs at the edges: a folder import past its depth and with a folder it
# cannot read, a FIFO in a SWEEP_SYSFS_ROOT tree, an --expect key given
# twice or in hex, and fio clones that ran 0 ms.  Each check says what
# failed; the test fails after all of them ran.
. "$(dirname "$0")/common.sh"

FX="$top_srcdir/tests/fixtures/fio"
nbad=0
bad() {
	echo "FAIL: $*"
	nbad=$((nbad + 1))
}

# A folder 17 levels down is not searched, and the import says so.
deep="$T/deep"
for i in $(seq 1 17); do
	deep="$deep/d$i"
done
mkdir -p "$deep"
cp "$FX/groups.json" "$T/deep/top.json"
cp "$FX/groups.json" "$deep/low.json"
if ! "$SWEEP" import "$T/deep" -o "$T/deepo" --formats csv >/dev/null 2>"$T/deep.err"; then
	bad "deep folders: import failed: $(cat "$T/deep.err")"
elif ! grep -q "folders more than 16 levels down were not searched" "$T/deep.err"; then
	bad "deep folders: skipped without a word: $(cat "$T/deep.err")"
else
	ok "a folder 17 levels down: not searched, said"
fi

# A sub-folder it cannot read is skipped with a line, as a bad file is.
mkdir -p "$T/mixed/good" "$T/mixed/locked"
cp "$FX/groups.json" "$T/mixed/good/a.json"
cp "$FX/groups.json" "$T/mixed/locked/b.json"
chmod 755 "$T" "$T/mixed" "$T/mixed/good"
chmod 644 "$T/mixed/good/a.json"
chmod 000 "$T/mixed/locked"
as=""
if [ "$(id -u)" -eq 0 ]; then
	# root reads any folder: run as nobody, who cannot
	as="setpriv --reuid=65534 --regid=65534 --clear-groups"
	$as true 2>/dev/null || as=none
fi
mkdir "$T/mixo"
chmod 777 "$T/mixo"
mark=$nbad
if [ "$as" = none ]; then
	echo "note: root without setpriv: an unreadable sub-folder is not checked"
elif ! $as "$SWEEP" import "$T/mixed" -o "$T/mixo/out" --formats csv >/dev/null 2>"$T/mixed.err"; then
	bad "an unreadable sub-folder failed the folder's import: $(cat "$T/mixed.err")"
else
	grep -q "mixed/locked: skipped: Permission denied" "$T/mixed.err" ||
		bad "unreadable sub-folder: no line names it: $(cat "$T/mixed.err")"
	grep -q "folders that could not be read were skipped" "$T/mixed.err" ||
		bad "unreadable sub-folder: the import's warning does not say: $(cat "$T/mixed.err")"
	[ "$nbad" -ne "$mark" ] || ok "an unreadable sub-folder: skipped with a line"
fi
chmod 755 "$T/mixed/locked"

# A FIFO in a SWEEP_SYSFS_ROOT tree: the run neither blocks nor names a model.
root="$T/sys"
mkdir -p "$root/devices" "$root/dev/block"
cp -r "$top_srcdir/tests/fixtures/sysfs/aws-ebs/." "$root/devices/"
rm "$root/devices/nvme1n1/device/model"
mkfifo "$root/devices/nvme1n1/device/model"
ln -s ../../devices/nvme1n1 "$root/dev/block/$(stat -c '%Hd:%Ld' "$T")"
SWEEP_SYSFS_ROOT="$root" timeout -s KILL 60 "$SWEEP" run --engine null --file "$T/t.dat" \
    --size 4m --modes randread --bs 4k --depth 1 --runtime 1 --ramp 0 -q -o "$T/fifo" \
    --formats csv >"$T/fifo.log" 2>&1
rc=$?
if [ $rc -ne 0 ]; then
	bad "a FIFO in SWEEP_SYSFS_ROOT: run exit $rc (137: blocked, killed after 60 s): $(cat "$T/fifo.log")"
else
	ok "a FIFO in SWEEP_SYSFS_ROOT: the run went on"
fi

# --expect: a key given twice, a figure in hex.
for e in iops=3000,iops=0x10 iops=0x10 bw=0x100m/s iops=3000,burst=9000,burst_iops=6000; do
	"$SWEEP" plan --file "$T/t.dat" --size 16m --bs 4k --expect "$e" -q >/dev/null 2>"$T/exp.err"
	rc=$?
	if [ $rc -ne 2 ] || [ "$(wc -l <"$T/exp.err")" -ne 1 ] ||
	    ! grep -q "^sweep: --expect $e: " "$T/exp.err"; then
		bad "--expect $e: exit $rc, want 2 and one line: $(cat "$T/exp.err")"
	else
		ok "--expect $e: $(cat "$T/exp.err")"
	fi
done

# fio clones that ran 0 ms: no cell of I/Os at 0 IOPS.
"$PY" - "$FX/clones.json" "$T/clones0.json" <<'PYEOF' || fail "making the clones"
import json, sys
d = json.load(open(sys.argv[1]))
for j in d["jobs"]:
    if j["jobname"] == d["jobs"][0]["jobname"]:
        for k in ("read", "write"):
            j[k]["runtime"] = 0
json.dump(d, open(sys.argv[2], "w"))
PYEOF
mark=$nbad
if ! "$SWEEP" import "$T/clones0.json" -o "$T/c0" --formats csv >/dev/null 2>"$T/c0.err"; then
	bad "clones of 0 ms: import failed: $(cat "$T/c0.err")"
else
	"$PY" - "$T/c0/results.json" <<'PYEOF' || bad "clones of 0 ms became a cell of I/Os at 0 IOPS"
import json, sys
d = json.load(open(sys.argv[1]))
cells = [(c["mode"], c["status"], c["ios"], c["iops"]) for c in d["cells"]]
print(cells)
assert len(cells) == 1 and not [c for c in cells if c[2] > 0 and c[3] == 0]
PYEOF
	grep -q "I/Os in a runtime of 0 ms: no rate" "$T/c0.err" ||
		bad "clones of 0 ms: no line says why they are left out: $(cat "$T/c0.err")"
	[ "$nbad" -ne "$mark" ] || ok "clones that ran 0 ms: left out, said"
fi

[ "$nbad" -eq 0 ] || fail "$nbad of the checks above"
