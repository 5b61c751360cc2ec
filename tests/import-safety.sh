#!/bin/sh
# Inputs of import and --sweep that used to be misread: fio client/server
# output of IPv6 servers (a fixture the real fio wrote over ::1), fleet
# hosts whose folders would collide, ports out of range,
# negative or infinite fio figures, a UTF-8 byte order mark, 20,000
# duplicate fio jobs, and sweep files with a key given twice or a list where
# one number goes.
. "$top_srcdir/tests/common.sh"
FX="$top_srcdir/tests/fixtures/fio"
cd "$T" || exit 1

# --- IPv6 servers: fio --client=ip6:::1,18767 ... --client=ip6:::1,18768 ---
"$SWEEP" import "$FX/client6.json" --formats csv,md -o "$T/v6" >"$T/v6.out" 2>"$T/v6.err" ||
	fail "import of IPv6 client output: exit $?: $(cat "$T/v6.err")"
for p in 18767 18768; do
	results_py "$T/v6/__1-$p/results.json" "
assert d['host'] == '::1', d['host']
assert len(d['cells']) == 1 and d['cells'][0]['status'] == 'ok'
assert d['cells'][0]['iops'] > 0"
done
# hosts.md is Markdown: the folders' '_' are escaped in its tables
grep -qF '| cell | \_\_1-18767 | \_\_1-18768 |' "$T/v6/hosts.md" || fail "hosts.md: $(cat "$T/v6/hosts.md")"
"$SWEEP" import "$FX/client6.json" --host '[::1]:18768' --formats csv -o "$T/v6one" \
    >/dev/null 2>"$T/v6one.err" || fail "--host [::1]:18768: exit $?: $(cat "$T/v6one.err")"
results_py "$T/v6one/results.json" "
f = json.load(open('$FX/client6.json'))['client_stats']
e = [e for e in f if e.get('port') == 18768 and e['jobname'] != 'All clients'][0]
assert d['cells'][0]['iops'] == e['read']['iops'], 'another host was imported'"
"$SWEEP" import "$FX/client6.json" --host '::1:18767' --formats csv -o "$T/v6two" \
    >/dev/null 2>"$T/v6two.err" || fail "--host ::1:18767: exit $?: $(cat "$T/v6two.err")"
ok "IPv6 client output: one folder per server (__1-18767, __1-18768), --host [::1]:PORT"

# A cell that failed on every host (fio error 5, no I/O) is still a row of
# the comparison across hosts, with each host's status.
"$PY" - "$FX/client6.json" "$T/v6fail.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
for c in d["client_stats"]:
    if c["jobname"] != "All clients":
        c["error"] = 5
        for k in ("read", "write"):
            c[k].update(total_ios=0, io_bytes=0, iops=0, bw_bytes=0, bw=0)
json.dump(d, open(sys.argv[2], "w"))
EOF
"$SWEEP" import "$T/v6fail.json" --formats csv -o "$T/v6fail" >/dev/null 2>"$T/v6fail.err" ||
	fail "import of a cell failed on both hosts: exit $?: $(cat "$T/v6fail.err")"
grep -qF '| randread 4K QD1 x1 | failed | failed | - |' "$T/v6fail/hosts.md" ||
	fail "hosts.md lacks the failed cell: $(cat "$T/v6fail/hosts.md")"
[ "$(grep -c '^::1,1876[78],1,randread,4096,1,1,failed,,,$' "$T/v6fail/hosts.csv")" -eq 2 ] ||
	fail "hosts.csv lacks the failed cell: $(cat "$T/v6fail/hosts.csv")"
ok "a cell failed on every host: a row of hosts.md and hosts.csv"

# --- hosts whose folders would collide: each gets its own, and says so ---
# Rename the two hosts of the IPv6 fixture to A and B (name,port).
rename() {
	"$PY" - "$FX/client6.json" "$T/$1.json" "$2" "$3" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
m = {}
for k in ("client_stats", "disk_util"):
    for o in d.get(k, []):
        if "hostname" in o:
            key = (o["hostname"], o["port"])
            if key not in m:
                m[key] = sys.argv[3 + len(m)]
            h, p = m[key].rsplit(",", 1)
            o["hostname"], o["port"] = h, int(p) if p.lstrip("-").isdigit() else float(p)
json.dump(d, open(sys.argv[2], "w"), indent=1)
EOF
}
collide() {
	rename "$1" "$2" "$3"
	"$SWEEP" import "$T/$1.json" --formats csv,md -o "$T/$1" >"$T/$1.out" 2>"$T/$1.err" ||
		fail "$1: exit $?: $(cat "$T/$1.err")"
	n=$(ls "$T/$1"/*/results.json | wc -l)
	[ "$n" -eq 2 ] || fail "$1: $n results.json for 2 hosts: $(ls -R "$T/$1")"
	"$PY" - "$T/$1" <<'EOF' || fail "$1: the two folders do not hold the two hosts"
import glob, json, sys
hosts = sorted((d["host"], d["description"]) for d in
               (json.load(open(f)) for f in glob.glob(sys.argv[1] + "/*/results.json")))
assert hosts[0] != hosts[1], hosts
EOF
	grep -q "^sweep: warning: .*folder $4 is taken; its results go to $4-2/" "$T/$1.err" ||
		fail "$1: no warning naming the folder changed: $(cat "$T/$1.err")"
	grep -q "^- .* in $4-2/" "$T/$1/hosts.md" || fail "$1: hosts.md does not say: $(cat "$T/$1/hosts.md")"
	ok "$2 and $3: folders $4 and $4-2, a warning and a line in hosts.md"
}
collide c-port a,8766 a-8766,8765 a-8766
collide c-v6 ::1,8765 __1,8765 __1
collide c-dots ..,8765 _.,8765 _.
collide c-file hosts.md,8765 x,8765 hosts.md

# --- ports out of range are refused by their number ---
rename bigport h1,99999999999 h2,8765
expect_usage "a fleet port of 99999999999" "$SWEEP" import "$T/bigport.json" -o "$T/bp"
grep -q 99999999999 "$T/.err" || fail "the message does not name the port"
expect_usage "--host NAME:99999999999" "$SWEEP" import "$FX/client2.json" \
    --host 127.0.0.1:99999999999 -o "$T/bp2"
grep -q "1 to 65535" "$T/.err" || fail "the message does not say what a port is"

# --- fio figures that are negative or not finite are refused, naming the job ---
sed 's/"iops" : 42030.969031/"iops" : -5/' "$FX/client1.json" >"$T/neg.json"
expect_usage "fio import, negative IOPS" "$SWEEP" import "$T/neg.json" -o "$T/neg"
grep -q '"randread-4k-qd4"' "$T/.err" || fail "the message does not name the job"
sed 's/"iops" : 42030.969031/"iops" : 1e999/' "$FX/client1.json" >"$T/inf.json"
expect_usage "fio import, infinite IOPS" "$SWEEP" import "$T/inf.json" -o "$T/inf"
sed 's/"99.000000" : \([0-9]*\)/"99.000000" : -\1/' "$FX/groups.json" >"$T/lat.json"
expect_usage "fio import, a negative percentile" "$SWEEP" import "$T/lat.json" -o "$T/lat"
[ ! -e "$T/neg/results.json" ] && [ ! -e "$T/inf/results.json" ] || fail "a refused file was written"
"$PY" -c "import json,sys; d=json.load(open(sys.argv[1])); d['client_stats'][1]['read']['iops']=-1
json.dump(d, open(sys.argv[2], 'w'))" "$FX/client2.json" "$T/neg2.json"
"$SWEEP" import "$T/neg2.json" -o "$T/neg2" >/dev/null 2>"$T/neg2.err"
rc=$?
[ "$rc" -eq 2 ] && ! ls "$T"/neg2/*/results.json >/dev/null 2>&1 ||
	fail "fleet with a negative IOPS: exit $rc, $(ls -R "$T/neg2" 2>&1): $(cat "$T/neg2.err")"

# --- a UTF-8 byte order mark is skipped ---
printf '\357\273\277' >"$T/bom.json"
cat "$FX/groups.json" >>"$T/bom.json"
"$SWEEP" import "$T/bom.json" --formats csv -o "$T/bom" >/dev/null 2>"$T/bom.err" ||
	fail "fio JSON with a BOM: exit $?: $(cat "$T/bom.err")"
results_py "$T/bom/results.json" "assert len(d['cells']) == 3"
printf '\357\273\277mode,bs,iops\nrandread,4k,1000\n' >"$T/bom.csv"
"$SWEEP" import --csv "$T/bom.csv" --formats csv -o "$T/bomcsv" >/dev/null 2>"$T/bomcsv.err" ||
	fail "CSV with a BOM: exit $?: $(cat "$T/bomcsv.err")"
ok "a UTF-8 byte order mark: fio JSON and CSV import"

# --- 20,000 duplicate fio jobs: the warning names 5 and counts the rest ---
"$PY" - "$T/dup.json" <<'EOF'
import json, sys
job = lambda i: {"jobname": "dup%05d" % i, "groupid": i, "error": 0,
                 "job options": {"rw": "read", "bs": "4k"},
                 "read": {"io_bytes": 4096, "bw_bytes": 4096, "iops": 1.0, "runtime": 1000,
                          "total_ios": 1, "short_ios": 0},
                 "write": {"io_bytes": 0, "bw_bytes": 0, "iops": 0, "runtime": 0,
                           "total_ios": 0, "short_ios": 0}}
d = {"fio version": "fio-3.33", "global options": {"direct": "1"},
     "jobs": [job(i) for i in range(20000)]}
json.dump(d, open(sys.argv[1], "w"))
EOF
"$SWEEP" import "$T/dup.json" --formats csv -o "$T/dup" >/dev/null 2>"$T/dup.err" ||
	fail "20,000 duplicate jobs: exit $?: $(head -c 500 "$T/dup.err")"
line=$(grep 'of an earlier one' "$T/dup.err")
[ "${#line}" -lt 400 ] || fail "duplicate warning of ${#line} bytes"
echo "$line" | grep -q 'dup00005 = cell 1, and 19994 more$' ||
	fail "duplicate warning: $line"
ok "20,000 duplicate jobs: one warning of ${#line} bytes naming 5 of them"

# --- sweep files: a key given twice, a list where one value goes ---
printf '{"runtime": 2, "bs": "4k", "runtime": 5}\n' >"$T/twice.json"
expect_usage "sweep file, a key given twice" "$SWEEP" plan --file "$T/x.dat" --size 16m \
    --sweep "$T/twice.json"
grep -q "twice.json:1:28: key \"runtime\"" "$T/.err" || fail "the message does not name the file and key"
printf '{"groups": [{"bs": "4k", "depth": 1, "bs": "8k"}]}\n' >"$T/twice-group.json"
expect_usage "sweep file, a key given twice in a group" "$SWEEP" plan --file "$T/x.dat" \
    --size 16m --sweep "$T/twice-group.json"
printf '{"runtime": [4]}\n' >"$T/list.json"
expect_usage "sweep file, [4] for a number" "$SWEEP" plan --file "$T/x.dat" --size 16m \
    --sweep "$T/list.json"
grep -q 'list.json:1:2: key "runtime"' "$T/.err" || fail "the message does not name the file and key"
printf '{"label": ["a"]}\n' >"$T/list2.json"
expect_usage "sweep file, a list for a label" "$SWEEP" plan --file "$T/x.dat" --size 16m \
    --sweep "$T/list2.json"
printf '\357\273\277{"runtime": 4, "formats": ["csv", "md"], "depth": [1, 2], "modes": ["read"]}\n' \
    >"$T/lists.json"
"$SWEEP" plan --file "$T/x.dat" --size 16m --bs 4k --sweep "$T/lists.json" >"$T/plan.out" 2>&1 ||
	fail "sweep file with lists where lists go: $(cat "$T/plan.out")"
grep -q "2 cells" "$T/plan.out" || fail "plan of lists.json: $(cat "$T/plan.out")"
for f in "$top_srcdir"/sweeps/*.json; do
	"$SWEEP" plan --file "$T/x.dat" --size 1g --sweep "$f" >/dev/null 2>"$T/s.err" ||
		fail "shipped $f refused: $(cat "$T/s.err")"
done
ok "sweep files: lists for the matrix keys and --formats, a BOM; the shipped ones all read"

# --- the CSV import's limits are documented ---
grep -q "100,000 rows" "$top_srcdir/doc/compare.md" || fail "doc/compare.md does not give the row limit"
ok "done"
