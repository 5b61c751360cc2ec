#!/bin/sh
# The code's shape, kept: no two source files use each other's
# functions (nor any longer cycle), no function over 100 lines and no
# source file over 900.  Which file uses which is read from the objects'
# symbol tables (nm), so a call through a header counts as a use.
#
# And the layers, read from the include graph (grep '#include "'): the run
# and the engines (run*.c, engine*.c, target*.c, plan.c), the planner
# (auto*.c), the loop over cells (sweep-loop*.c), the imports (import-*.c,
# import-fleet.c among them) and fio's client mode (hosts.c) include no
# report header and call no report_* or compare_* function (the command
# layer writes what they give); the analysis (analysis-*.c) includes no
# report, document or compare header and calls none of their functions;
# the views (view*.c, view.h) include no report, document, workbook or
# chart header and call no doc_, report_xlsx_ or report_gnuplot_ function;
# the writer of results.json and its field tables (results-json.c,
# results-json-write.c, results-fields*.c) include no analysis header and
# call no analysis_* function.  Each file that breaks a rule is named.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

# calls FILE PREFIXES: the functions named PREFIXES_* that FILE calls, not
# mentions in comments (a name followed by "(" on a line that does not
# start a comment); PREFIXES a grep alternation, e.g. 'report\|doc'.
calls() {
	grep -v '^[[:space:]]*\(/\*\|\*\)' "$1" | grep -o "\\b\\($2\\)_[a-z0-9_]*[[:space:]]*(" |
	    sed 's/[[:space:]]*($//' | sort -u | tr '\n' ' '
}

layer_bad=""
for c in "$top_srcdir"/src/io/*.c "$top_srcdir"/src/plan/*.c "$top_srcdir"/src/loop/*.c \
    "$top_srcdir"/src/import/import-*.c; do
	[ -f "$c" ] || continue
	f=$(basename "$c")
	h=$(grep -o '^#include "render/[^"]*\.h"' "$c" | sed 's/#include //' | tr '\n' ' ')
	r=$(calls "$c" 'report\|compare')
	[ -z "$h" ] || layer_bad="$layer_bad
  $f (run, engine, planner, loop, import or hosts) includes ${h% }"
	[ -z "$r" ] || layer_bad="$layer_bad
  $f (run, engine, planner, loop, import or hosts) calls ${r% }"
done
for c in "$top_srcdir"/src/analysis/*.c; do
	[ -f "$c" ] || continue
	h=$(grep -o '^#include "render/[^"]*\.h"' "$c" | sed 's/#include //' |
	    tr '\n' ' ')
	r=$(calls "$c" 'report\|doc\|compare')
	[ -z "$h" ] || layer_bad="$layer_bad
  $(basename "$c") (analysis) includes ${h% }"
	[ -z "$r" ] || layer_bad="$layer_bad
  $(basename "$c") (analysis) calls ${r% }"
done
# The views (view*.c, view.h) know no file format: no report, document, workbook
# or chart header (xlsxwriter.h included), no doc_, report_xlsx or
# report_gnuplot call.
for c in "$top_srcdir"/src/view/*.[ch]; do
	[ -f "$c" ] || continue
	h=$(grep -o '^#include ["<]\(render/\|xlsxwriter\)[^">]*\.h[">]' "$c" |
	    sed 's/#include //' | tr '\n' ' ')
	r=$(calls "$c" 'doc\|report_xlsx\|report_gnuplot\|worksheet\|workbook\|chart')
	[ -z "$h" ] || layer_bad="$layer_bad
  $(basename "$c") (view) includes ${h% }"
	[ -z "$r" ] || layer_bad="$layer_bad
  $(basename "$c") (view) calls ${r% }"
done
# Writing results.json computes nothing: what it stores from the analysis
# (a cell's stability, its rounds' spread) is computed where the cell is
# stored or loaded, so its writer and its field tables use no analysis.
for c in "$top_srcdir"/src/results/results-json.c "$top_srcdir"/src/results/results-json-write.c \
    "$top_srcdir"/src/results/results-fields*.c; do
	[ -f "$c" ] || continue
	h=$(grep -o '^#include "analysis/[^"]*\.h"' "$c" | sed 's/#include //' | tr '\n' ' ')
	r=$(calls "$c" analysis)
	[ -z "$h" ] || layer_bad="$layer_bad
  $(basename "$c") (results.json's writer or fields) includes ${h% }"
	[ -z "$r" ] || layer_bad="$layer_bad
  $(basename "$c") (results.json's writer or fields) calls ${r% }"
done
[ -z "$layer_bad" ] || fail "a lower layer uses a higher one:$layer_bad"
ok "run, engines, planner, loop, imports and hosts use no report; analysis includes no report or doc header; views know no format; results.json's writer and field tables use no analysis"

# The floors of src/README.md, by folder: a file includes headers of its own
# folder or of a lower floor only (two folders on one floor include neither
# the other).  The includes name the folder, so the graph is read off them.
floor_bad=$("$PY" - "$top_srcdir/src" <<'PYEOF'
import glob, os, re, sys
floor = {"base": 0, "plan": 1, "results": 2, "analysis": 3, "io": 4, "view": 5, "import": 5,
         "render": 6, "loop": 6, "options": 7, "cmd": 8}
top = sys.argv[1]
dirs = sorted(d for d in os.listdir(top) if os.path.isdir(os.path.join(top, d)) and
              glob.glob(os.path.join(top, d, "*.[ch]")))
for d in dirs:
    if d not in floor:
        print("  src/%s/ has no floor in tests/structure.sh (and src/README.md)" % d)
for path in sorted(glob.glob(top + "/*/*.[ch]")):
    d = os.path.basename(os.path.dirname(path))
    for m in re.finditer(r'^#include "([a-z]+)/([^"]+)"', open(path, encoding="utf-8").read(), re.M):
        h = m.group(1)
        if h == d or h not in floor or d not in floor:
            continue
        if floor[h] >= floor[d]:
            print("  %s/%s (floor %d) includes %s/%s (floor %d)" % (d, os.path.basename(path),
                  floor[d], h, m.group(2), floor[h]))
PYEOF
)
[ -z "$floor_bad" ] || fail "an include runs back up the floors (src/README.md):
$floor_bad"
ok "every include stays on its folder's floor or goes below (src/README.md)"

# The record and the measuring compute no verdicts: results/ (the record,
# results.json, the columns) and io/ (target, engines, run) include no
# analysis header and call no analysis_* function.  A loaded record is
# derived by analysis_results_load, a run's rules come in through struct
# run_rules (io/measure.h), given by the loop.
an_bad=""
for c in "$top_srcdir"/src/results/*.[ch] "$top_srcdir"/src/io/*.[ch]; do
	[ -f "$c" ] || continue
	h=$(grep -o '^#include "analysis/[^"]*\.h"' "$c" | sed 's/#include //' | tr '\n' ' ')
	r=$(calls "$c" analysis)
	[ -z "$h" ] || an_bad="$an_bad
  $(basename "$c") includes ${h% }"
	[ -z "$r" ] || an_bad="$an_bad
  $(basename "$c") calls ${r% }"
done
[ -z "$an_bad" ] || fail "the record or the run uses the analysis:$an_bad"
ok "results/ and io/ use no analysis"

# The views word what the reports show and know no report: view/ calls no
# report_* or doc_* function (its own functions are view_*).
vr_bad=""
for c in "$top_srcdir"/src/view/*.[ch]; do
	r=$(calls "$c" 'report\|doc')
	[ -z "$r" ] || vr_bad="$vr_bad
  $(basename "$c") calls ${r% }"
done
[ -z "$vr_bad" ] || fail "a view calls the renderers:$vr_bad"
ok "view/ calls no report_* or doc_* function"

# The renderers draw what the views say: render/ calls no analysis_*
# function (a knee's size, a stated plateau, a saturating point are the
# view's: summary_mode.knee_size, iops_stated, view_curve_bs.sat).
ra_bad=""
for c in "$top_srcdir"/src/render/*.[ch]; do
	r=$(calls "$c" analysis)
	[ -z "$r" ] || ra_bad="$ra_bad
  $(basename "$c") calls ${r% }"
done
[ -z "$ra_bad" ] || fail "a renderer works out what the view should say:$ra_bad"
ok "render/ calls no analysis_* function"

# What a renderer receives is the view (struct report_ctx): no struct
# summary and no record.  The writers of a row per cell (results.csv, the
# workbook's Cells and Checks sheets and hollow points, the documents'
# check table) stream the record's rows through view_rows (view-rows.c:
# each row's values, workload, check and stability, never the cell), as
# 100,000 imported rows are no view to build whole.  report.c, which
# builds the view from the record it is handed (report_write_all), is the
# one file that names the record.
rr_bad=""
for c in "$top_srcdir"/src/render/*.[ch]; do
	f=$(basename "$c")
	body=$(grep -v '^[[:space:]]*\(/\*\|\*\)' "$c")
	printf '%s\n' "$body" | grep -q 'struct summary\b\|ctx->sum\b' &&
	    rr_bad="$rr_bad
  $f reads the summary"
	printf '%s\n' "$body" | grep -q 'ctx->res\b\|struct cell_result\b\|[.>]rec\b' &&
	    rr_bad="$rr_bad
  $f reads the record"
	case $f in
	report.c|report.h) continue ;;
	esac
	printf '%s\n' "$body" | grep -q 'struct results\b' &&
	    rr_bad="$rr_bad
  $f reads the record"
done
[ -z "$rr_bad" ] || fail "a renderer reads more than the view:$rr_bad"
ok "renderers read the view; a row per cell through view_rows, never the record"

# The palette owns every colour: no "#rrggbb" (or CSS's "#rgb") written
# anywhere else in src/ or the chart templates, which get theirs from
# src/view/palette.h through their @KEYS@.
colours=$(grep -nE '(^|[^&0-9A-Za-z_])#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})\b' \
    "$top_srcdir"/src/*/*.[ch] "$top_srcdir"/templates/*.gp |
    grep -v '/src/view/palette\.[ch]:' | grep -v '^[^:]*:[0-9]*:[[:space:]]*#\(include\|define\|if\|endif\|else\|ifn\?def\|undef\|pragma\)' |
    grep -v '\.gp:[0-9]*:[[:space:]]*#' || true)
[ -z "$colours" ] || fail "a colour outside the palette (src/view/palette.h):
$colours"
ok "every colour is the palette's"

# Below the commands, a layer gets what it reads (struct target_opts,
# struct auto_opts, struct hosts_opts, the plan, the cell), never the whole
# struct config of the command line: only cmd*.c and options*.c (which
# builds it) see it.
cfg_bad=""
for c in "$top_srcdir"/src/io/*.[ch] "$top_srcdir"/src/loop/*.[ch] "$top_srcdir"/src/plan/*.[ch] \
    "$top_srcdir"/src/results/profile.c "$top_srcdir"/src/import/*.[ch] \
    "$top_srcdir"/src/results/*.[ch] "$top_srcdir"/src/analysis/*.[ch]; do
	[ -f "$c" ] || continue
	grep -v '^[[:space:]]*\(/\*\|\*\)' "$c" | grep -q 'struct config\b' &&
	    cfg_bad="$cfg_bad $(basename "$c")"
done
[ -z "$cfg_bad" ] || fail "struct config below the commands:$cfg_bad"
ok "target, engines, planner, loop, hosts, plan, run, imports, results and analysis see no struct config"

command -v nm >/dev/null || skip "nm (binutils) is not installed"
objs=""
for c in "$top_srcdir"/src/*/*.c; do	# objects of today's sources only, not stale ones
	o="$top_builddir/${c#"$top_srcdir"/}"
	o="${o%.c}.o"
	[ "$(basename "$c")" = main.c ] || [ ! -f "$o" ] || objs="$objs $o"
done
[ -n "$objs" ] || skip "no objects in $top_builddir/src (a build with other object names?)"
for o in $objs; do
	f=$(basename "$o" .o)
	nm --defined-only -g "$o" | awk -v f="$f" '$2 ~ /[TDBR]/ {print $3, f}'
done | sort >"$T/defs"
for o in $objs; do
	f=$(basename "$o" .o)
	nm -u "$o" | awk -v f="$f" '{print $2, f}'
done | sort >"$T/uses"
join "$T/uses" "$T/defs" | awk '$2 != $3 {print $2, $3}' | sort -u >"$T/edges"
[ -s "$T/edges" ] || fail "no calls between files found: the symbol tables were not read"
"$PY" - "$T/edges" "$top_srcdir/src" <<'PYEOF' || exit 1
import collections, glob, re, sys
edges = collections.defaultdict(set)
for line in open(sys.argv[1]):
    a, b = line.split()
    edges[a].add(b)
bad = []
# Tarjan's strongly connected components: any with two or more files is a cycle.
index, low, stack, on, n = {}, {}, [], set(), [0]
def visit(v):
    index[v] = low[v] = n[0]; n[0] += 1; stack.append(v); on.add(v)
    for w in edges.get(v, ()):
        if w not in index:
            visit(w); low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop(); on.discard(w); comp.append(w)
            if w == v:
                break
        if len(comp) > 1:
            bad.append("files that use each other: " + ", ".join(sorted(comp)))
for v in set(edges) | {w for ws in edges.values() for w in ws}:
    if v not in index:
        visit(v)
for path in sorted(glob.glob(sys.argv[2] + "/*/*.c")):
    lines = open(path, encoding="utf-8").read().split("\n")
    if len(lines) - 1 > 900:
        bad.append("%s: %d lines (900 at most)" % (path, len(lines) - 1))
    start = name = None
    for i, l in enumerate(lines):
        m = re.match(r"^([A-Za-z_]\w*)\(", l)
        if m and start is None:
            start, name = i, m.group(1)
        elif l == "}" and start is not None:
            if i - start + 1 > 100:
                bad.append("%s: %s is %d lines (100 at most)" % (path, name, i - start + 1))
            start = None
# The floors hold for calls too (a call through a header counts as a use):
# a file calls functions of its own folder or of a lower floor only.
floor = {"base": 0, "plan": 1, "results": 2, "analysis": 3, "io": 4, "view": 5, "import": 5,
         "render": 6, "loop": 6, "options": 7, "cmd": 8}
folder = {}
for path in glob.glob(sys.argv[2] + "/*/*.c"):
    folder[path.split("/")[-1][:-2]] = path.split("/")[-2]
for a in sorted(edges):
    for b in sorted(edges[a]):
        fa, fb = folder.get(a), folder.get(b)
        if fa and fb and fa != fb and floor.get(fb, 0) >= floor.get(fa, 0):
            bad.append("%s/%s.c (floor %d) calls into %s/%s.c (floor %d)" %
                       (fa, a, floor.get(fa, 0), fb, b, floor.get(fb, 0)))
print("%d files, %d uses between them" % (len(set(edges) | {w for ws in edges.values() for w in ws}),
      sum(len(w) for w in edges.values())))
for b in bad:
    print("FAIL:", b)
sys.exit(1 if bad else 0)
PYEOF
ok "no cycles between source files, no call back up the floors, no function over 100 lines, no file over 900"
