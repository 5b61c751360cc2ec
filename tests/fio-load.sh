#!/bin/sh
# fio's JSON found in its file in one pass: lines before it that start
# with "{" are passed over however many there are (the loader tried 64 and
# parsed the rest of the file from each), and a file of more values than
# fio's output of its size has is refused before cJSON builds a tree of 40
# times the file.
. "$(dirname "$0")/common.sh"

FX="$top_srcdir/tests/fixtures/fio"

# 100 lines of text that start with "{" before fio's JSON, one of them an
# object cJSON refuses (1e is no number) though the scan takes it: found.
"$PY" - "$FX/groups.json" "$T/after.json" <<'PYEOF' || fail "making the file"
import sys
junk = '{"a": 1e}\n' + "".join("{ fio: job%d: message %d\n" % (i, i) for i in range(100))
open(sys.argv[2], "w").write(junk + open(sys.argv[1]).read())
PYEOF
"$SWEEP" import "$T/after.json" -o "$T/after" --formats csv >"$T/after.log" 2>&1 ||
	fail "fio's JSON after 100 lines starting with {: $(grep 'sweep:' "$T/after.log" | head -2)"
results_py "$T/after/results.json" "assert len(d['cells']) == 3, len(d['cells'])"
ok "fio's JSON after 100 lines that start with {: imported"

# 64 lines, each an unclosed "{" holding the rest of the file: scanned once,
# and the error is where the old loader put it (its last line's end).
"$PY" - "$T/open.json" <<'PYEOF' || fail "making the file"
import sys
line = '{"a":[' + ",".join(["1234567"] * 500) + ","
open(sys.argv[1], "w").write((line + "\n") * 64)
PYEOF
expect_usage "64 unclosed objects" "$SWEEP" import "$T/open.json" -o "$T/open"
grep -q "open.json:64:4007: malformed or truncated JSON" "$T/.err" ||
	fail "64 unclosed objects: $(cat "$T/.err")"

# Two bytes a value ("1,"): cJSON would take 40 times the file; refused.
"$PY" - "$T/dense.json" <<'PYEOF' || fail "making the file"
import sys
open(sys.argv[1], "w").write('{"fio version": "fio-3.33", "jobs": [' + "1," * 200000 + "1]}\n")
PYEOF
expect_usage "a value every two bytes" "$SWEEP" import "$T/dense.json" -o "$T/dense"
grep -q "200004 JSON values in 400041 bytes, more than one per 8 bytes" "$T/.err" ||
	fail "a value every two bytes: $(cat "$T/.err")"
