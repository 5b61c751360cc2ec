#!/bin/sh
# Every claim sweep's reports make about caps, levels, the knee, saturation
# and the verdict, read back from report.md and tested against the cells it
# names (tests/claims.py): on issue 31's tables (tests/fixtures/issue31), the
# fio JSON of tests/fixtures/fio, the runs of tests/fixtures/corpus, and the
# real published sets of bench/corpus.  A claim the cells contradict fails,
# and so does a sentence the checker cannot read (each claim is checked).
# Then the checker is shown to fail: a report whose cap is moved 30%, whose
# levels are swapped and whose verdict says "delivers" at 47%.
. "$top_srcdir/tests/common.sh"

export SWEEP_DATADIR="$top_srcdir"
n=0
runs() {	# runs NAME ARGS...: sweep ARGS into $T/NAME, its markdown only
	name=$1
	shift
	"$SWEEP" "$@" -o "$T/$name" --formats md >"$T/$name.log" 2>&1 ||
	    fail "$name: sweep $*: $(tail -3 "$T/$name.log")"
	n=$((n + 1))
}

for f in "$top_srcdir"/tests/fixtures/issue31/*.csv; do
	runs "issue31-$(basename "$f" .csv)" import --csv "$f"
done
runs issue31-azure import --csv "$top_srcdir/bench/corpus/seed-azure-500/table.csv" \
    --expect iops=500,bw=60MB/s
for f in "$top_srcdir"/tests/fixtures/fio/*.json; do
	# failed.json is fio's own error, no JSON: fio-import.sh tests its refusal
	[ "$(basename "$f")" = failed.json ] || runs "fio-$(basename "$f" .json)" import "$f"
done
for f in "$top_srcdir"/tests/fixtures/corpus/*.json; do
	b=$(basename "$f" .json)
	mkdir -p "$T/in-$b" && cp "$f" "$T/in-$b/results.json"
	runs "corpus-$b" report "$T/in-$b/results.json"
	cp "$f" "$T/corpus-$b/results.json"
done
for d in "$top_srcdir"/bench/corpus/*/; do
	b=$(basename "$d")
	args=$("$PY" -c 'import json, sys
s = json.load(open(sys.argv[1]))
print("\n".join(s["import"] + (["--expect", s["expect"]] if s.get("expect") else [])))' \
	    "$d/set.json") || fail "$b: set.json"
	# shellcheck disable=SC2086
	(cd "$d" && IFS='
' && runs "set-$b" $args) || exit 1
	n=$((n + 1))
done

"$PY" - "$top_srcdir/tests" "$T" <<'EOF' || fail "claims the cells contradict (above)"
import glob, os, sys
sys.path.insert(0, sys.argv[1])
import claims
bad, total, reports = 0, 0, 0
for d in sorted(glob.glob(os.path.join(sys.argv[2], "*", "report.md"))):
    d = os.path.dirname(d)
    if os.path.basename(d).startswith("in-"):
        continue
    errs, n = claims.check(d)
    total += n
    reports += 1
    for e in errs:
        print("%s: %s" % (os.path.basename(d), e))
    bad += len(errs)
print("%d claims in %d reports, %d contradicted" % (total, reports, bad))
sys.exit(1 if bad or total < 50 else 0)
EOF
ok "every claim of $n reports holds against its cells"

# The checker fails where it should: a cap moved, levels swapped, a verdict's word.
d="$T/issue31-azure"
cp -r "$d" "$T/doctored"
"$PY" - "$T/doctored/report.md" <<'EOF' || fail "doctoring the report"
import re, sys
p = sys.argv[1]
md = open(p, encoding="utf-8").read()
# the bandwidth cap and its range 30% up
def up(m):
    return "bandwidth cap ~%.1f MiB/s (%.1f-%.1f" % tuple(1.3 * float(m.group(i)) for i in (1, 2, 3))
md = re.sub(r"bandwidth cap ~([0-9.]+) MiB/s \(([0-9.]+)-([0-9.]+)", up, md, count=1)
md = md.replace("~571 IOPS at 512 B-1 KiB, ~237 IOPS at 2-64 KiB",
                "~571 IOPS at 512 B-16 KiB, ~237 IOPS at 32-64 KiB")
md = md.replace("- **randread**: below spec: ", "- **randread**: delivers: ")
open(p, "w", encoding="utf-8").write(md)
EOF
cmp -s "$d/report.md" "$T/doctored/report.md" && fail "the doctoring changed nothing"
"$PY" - "$top_srcdir/tests" "$T/doctored" <<'EOF' || fail "the checker missed a doctored claim"
import sys
sys.path.insert(0, sys.argv[1])
import claims
errs, n = claims.check(sys.argv[2])
print("\n".join(errs))
kinds = ["outside (", "overlap", "'delivers' beside"]
missed = [k for k in kinds if not any(k in e for e in errs)]
sys.exit(1 if missed else 0)
EOF
ok "a moved cap, swapped levels and a wrong verdict word are each caught"
