#!/bin/sh
# fio's logs read as untrusted as its JSON: a series is bounded by the job's
# own runtime and by what the reports are made for, values the JSON importer
# refuses are refused from a log too, a folder import counts each file's
# threads from 1, and sweep's own keys given twice in a file lead nowhere.
# Each check says what failed; the test fails after all of them ran.
. "$(dirname "$0")/common.sh"

FX="$top_srcdir/tests/fixtures/fio"
nbad=0
bad() {
	echo "FAIL: $*"
	nbad=$((nbad + 1))
}
# okif MSG: ok MSG when no check failed since the section's mark=$nbad
okif() {
	[ "$nbad" -ne "$mark" ] || ok "$*"
}

# series DIR: each cell's series length, "a:5 b:4" (0: none)
series() {
	"$PY" - "$1/results.json" <<'PYEOF'
import json, sys
d = json.load(open(sys.argv[1]))
print(" ".join("%s:%d" % (c.get("fio_job", c["mode"] + str(c["index"])), len(c.get("series", {}).get("ios", []))) for c in d["cells"]))
PYEOF
}

# import NAME JSON ARGS...: sweep import JSON into $T/NAME (csv only), stderr in $T/NAME.err
import_to() {
	name=$1
	shift
	"$SWEEP" import "$@" -o "$T/$name" --formats csv >/dev/null 2>"$T/$name.err"
}

# 1. A log line a week after the job's 5 s start gave a 604,800-s series.
mkdir "$T/week"
cp "$FX"/logs/* "$T/week/"
echo "604799000, 41200, 0, 0, 0" >>"$T/week/alog_iops.1.log"
mark=$nbad
if ! import_to week "$T/week/j.json"; then
	bad "week: import failed: $(cat "$T/week.err")"
else
	got=$(series "$T/week")
	case $got in
	*"randread0:0 "*) ;;
	*) bad "week: a log past the job's runtime gave a series: $got" ;;
	esac
	grep -q "alog_iops.1.log:5: a sample at 604799000 ms, past" "$T/week.err" ||
		bad "week: no line names the log's sample past the job: $(cat "$T/week.err")"
	okif "a log line a week past a 5 s job: no series, a line says so ($got)"
fi

# 1. The import's series are bounded: 12 jobs of a day, each log's last
# second at 86,399 s, would make 1,036,800 s; FIO_LOG_TOTAL_S is 1,000,000.
mkdir "$T/days"
"$PY" - "$FX/logs/j.json" "$T/days" <<'PYEOF' || fail "making the day-long jobs"
import copy, json, sys
d = json.load(open(sys.argv[1]))
a = d["jobs"][0]
d["jobs"] = []
for i in range(12):
    j = copy.deepcopy(a)
    j["jobname"] = "d%d" % i
    j["job options"]["write_iops_log"] = "d%d" % i
    j["read"]["runtime"] = 86400000
    d["jobs"].append(j)
    open("%s/d%d_iops.%d.log" % (sys.argv[2], i, i + 1), "w").write("1000, 40000, 0, 0, 0\n86399000, 40000, 0, 0, 0\n")
json.dump(d, open(sys.argv[2] + "/j.json", "w"))
PYEOF
mark=$nbad
if ! import_to dayso "$T/days/j.json"; then
	bad "days: import failed: $(cat "$T/dayso.err")"
else
	total=$(results_py "$T/dayso/results.json" "print(sum(len(c.get('series', {}).get('ios', [])) for c in d['cells']))")
	[ "$total" -le 1000000 ] || bad "days: $total s of series in one import (1,000,000 at most)"
	grep -q "more than 1000000 s of series in all" "$T/dayso.err" ||
		bad "days: no line says the series were cut: $(cat "$T/dayso.err")"
	okif "12 day-long logged jobs: $total s of series in all"
fi

# 6. A value the JSON importer refuses (1e308) is refused from a log: no
# series of 9.2e18 IOPS.
mkdir "$T/huge"
cp "$FX"/logs/* "$T/huge/"
sed -i '2s/.*/2028, 1e308, 0, 0, 0/' "$T/huge/alog_iops.1.log"
mark=$nbad
if ! import_to hugeo "$T/huge/j.json"; then
	bad "1e308: import failed: $(cat "$T/hugeo.err")"
else
	got=$(series "$T/hugeo")
	case $got in
	*"randread0:0 "*) ;;
	*) bad "1e308: the log's value made a series: $got" ;;
	esac
	grep -q "alog_iops.1.log:2: value 1e+308; fio's log values are" "$T/hugeo.err" ||
		bad "1e308: no line names the value: $(cat "$T/hugeo.err")"
	okif "a log value of 1e308: refused, with its line ($got)"
fi

# 6. log_avg_msec=86400000 on a 5 s job made one second of 1.2e10 I/Os.
mkdir "$T/avg"
cp "$FX"/logs/* "$T/avg/"
sed -i 's/"log_avg_msec" : "1000"/"log_avg_msec" : "86400000"/' "$T/avg/j.json"
mark=$nbad
if ! import_to avgo "$T/avg/j.json"; then
	bad "log_avg_msec: import failed: $(cat "$T/avgo.err")"
else
	got=$(series "$T/avgo")
	[ "$got" = "randread0:0 randread1:0" ] || bad "log_avg_msec=86400000 gave series: $got"
	grep -q "log_avg_msec=86400000 is longer than the job's 5001 ms" "$T/avgo.err" ||
		bad "log_avg_msec: no line says why: $(cat "$T/avgo.err")"
	okif "log_avg_msec=86400000 on a 5 s job: no series ($got)"
fi

# 5. A folder import counts each file's threads from 1: the second file's
# jobs find their .1.log, .2.log and .3.log as the first file's do.
mkdir -p "$T/two/x" "$T/two/y"
cp "$FX"/logs/* "$T/two/x/"
cp "$FX"/logs/* "$T/two/y/"
mark=$nbad
if ! import_to twoo "$T/two"; then
	bad "folder: import failed: $(cat "$T/twoo.err")"
else
	got=$(series "$T/twoo")
	[ "$got" = "randread0:4 randread1:4 randread2:4 randread3:4" ] ||
		bad "folder of two runs with logs: series $got, want 4 s each"
	okif "a folder of two logged runs: every cell's series ($got)"
fi

# 7. sweep's own keys given twice in a file: a job's logs are never read
# from the folder a "sweep dir" or "sweep file" names.
mkdir "$T/dup" "$T/elsewhere"
cp "$FX"/logs/*.log "$T/elsewhere/"
"$PY" - "$FX/logs/j.json" "$T/dup/j.json" "$T/elsewhere" <<'PYEOF' || fail "making the duplicate keys"
import sys
text = open(sys.argv[1]).read()
dup = '"jobname" : "a",\n' + ('"sweep dir" : "%s", "sweep file" : "%s/j.json",\n' % (sys.argv[3], sys.argv[3])) * 2
open(sys.argv[2], "w").write(text.replace('"jobname" : "a",\n', dup, 1))
PYEOF
mark=$nbad
if ! import_to dupo "$T/dup/j.json"; then
	bad "sweep dir twice: import failed: $(cat "$T/dupo.err")"
else
	got=$(series "$T/dupo")
	[ "$got" = "randread0:0 randread1:0" ] ||
		bad "\"sweep dir\" twice in a job: its logs were read from another folder: $got"
	okif "\"sweep dir\" and \"sweep file\" twice in a job: no log read from elsewhere ($got)"
fi

# 7. "sweep layout" twice: the loader's own flags, not the file's second.
sed 's/"fio version" : "fio-2.21",/&\n  "sweep layout" : 0, "sweep layout" : 1e308,/' \
    "$top_srcdir/tests/fixtures/fio-versions/2.21/mixed.json" >"$T/layout.json"
grep -q '"sweep layout" : 0, "sweep layout" : 1e308' "$T/layout.json" || fail "making the layout keys"
mark=$nbad
if ! import_to layouto "$T/layout.json"; then
	bad "sweep layout twice: import failed: $(cat "$T/layouto.err")"
else
	grep -q "fio-2.21 output, read in the units of fio 3.19: latency from microseconds" \
	    "$T/layouto.err" || bad "\"sweep layout\" twice hid the conversion's warning: $(cat "$T/layouto.err")"
	okif "\"sweep layout\" twice: the loader's flags, the conversion said"
fi

[ "$nbad" -eq 0 ] || fail "$nbad of the checks above"
