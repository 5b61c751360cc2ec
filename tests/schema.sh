#!/bin/sh
# The field table of results.json (src/results/results-fields*.c): doc/results-schema.md
# is what `make` makes of it and of the column table, and the record it writes reads back and
# writes again byte for byte.
. "$top_srcdir/tests/common.sh"
cd "$T" || exit 1
TOOL="$top_builddir/tests/schema-tool"
[ -x "$TOOL" ] || fail "no $TOOL: run make"

# The built schema (make; not committed) is the template with the field
# tables' and the column table's tables, and documents every column.
"$TOOL" doc <"$top_srcdir/doc/results-schema.md.in" >schema.md || fail "schema-tool doc"
cmp -s schema.md "$top_builddir/doc/results-schema.md" ||
	fail "doc/results-schema.md is not the tables': run make ($(diff schema.md \
	    "$top_builddir/doc/results-schema.md" | head -5))"
ok "doc/results-schema.md is made from the field and column tables"

# Every key of a cell that a run writes is in the schema's tables.  Two
# cells, a read and a mixed one: depths 1,2 wrote the same key paths
# (results.json walked to its leaves) in twice the CPU-seconds.
"$SWEEP" run --engine null --file n.dat --size 8m --modes randread,randrw --bs 4k \
    --depth 1 --runtime 1 --ramp 0 -q -o run --formats csv >run.log 2>&1 ||
	fail "null run: $(cat run.log)"
"$PY" - run/results.json schema.md <<'PY' || fail "a key of cells[] is not in the schema"
import json, re, sys
d = json.load(open(sys.argv[1]))
doc = open(sys.argv[2]).read()
missing = [k for c in d["cells"] for k in c if "`%s`" % k not in doc]
header = open(sys.argv[1].replace("results.json", "results.csv")).readline().strip()
missing += ["results.csv: " + k for k in header.split(",") if "| `%s` |" % k not in doc]
if missing:
    print("not in doc/results-schema.md:", sorted(set(missing)))
    sys.exit(1)
PY
ok "every key of a run's cells and every column of its results.csv is in the schema"

# A record this sweep wrote comes back byte for byte; older ones (which may
# lack a key added since) and edited ones settle after one rewrite.
"$TOOL" rewrite run/results.json >again.json || fail "rewrite run/results.json"
cmp -s run/results.json again.json || fail "run/results.json does not come back byte for byte"
for f in "$top_srcdir/reports/example/results.json" \
    "$top_srcdir"/tests/fuzz/corpus/fuzz-results/*.json \
    "$top_srcdir"/tests/fuzz/corpus/fuzz-resume/*.json; do
	"$TOOL" rewrite "$f" >once.json 2>/dev/null || continue
	"$TOOL" rewrite once.json >twice.json || fail "rewrite of $f"
	cmp -s once.json twice.json || fail "$f: a second rewrite differs"
done
ok "results.json reads back and writes again byte for byte"

# The reader's checks keep their messages.
sed 's/"iops":\t[0-9.e+]*,/"iops":\t1e999,/' run/results.json >inf.json
"$TOOL" rewrite inf.json >/dev/null 2>inf.err && fail "1e999 accepted"
grep -q 'inf.json: "cells\[0\].iops" is not a finite figure up to 1e+30 in size' inf.err ||
	fail "1e999: $(cat inf.err)"
sed 's/"mode":\t"randread"/"mode":\t"sideways"/' run/results.json >mode.json
"$TOOL" rewrite mode.json >/dev/null 2>mode.err && fail "unknown mode accepted"
grep -q 'plan cell 0 has an unknown mode "sideways"' mode.err || fail "mode: $(cat mode.err)"
ok "the reader's checks keep their messages"
