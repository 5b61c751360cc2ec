#!/bin/sh
# sweep run --hosts: two fio servers on the loopback interface (started and
# stopped here) run the plan at once; each gets its own results.json with
# the plan's cells and its host name, figures equal to fio's per-host
# output, and a comparison across hosts.  A host that is down fails the run
# but not the others.  Write modes on a remote --device need --destructive.
. "$top_srcdir/tests/common.sh"
command -v fio >/dev/null 2>&1 || skip "fio is not installed (apt-get install fio)"
need_odirect
cd "$T" || exit 1

# Refusals first: they need no server.
expect_usage "remote --device with a write mode, no --destructive" "$SWEEP" run \
    --hosts 127.0.0.1 --device /dev/sdz --modes randread,randwrite --bs 4k -o "$T/refused"
grep -q "add --destructive" "$T/.err" && grep -q "cannot inspect remote devices" "$T/.err" ||
	fail "refusal does not say why: $(cat "$T/.err")"
[ ! -e "$T/refused" ] || fail "a refused run created its output directory"
expect_usage "port out of range" "$SWEEP" run --hosts 127.0.0.1:70000 --file "$T/x.dat"
expect_usage "the same host twice" "$SWEEP" run --hosts a:9000,b,a:9000 --file "$T/x.dat"
printf '# no hosts here\n\n' >"$T/empty.txt"
expect_usage "a hosts file without hosts" "$SWEEP" run --hosts-file "$T/empty.txt" --file "$T/x.dat"
printf 'db1 db2\n' >"$T/two.txt"
expect_usage "two hosts on one line" "$SWEEP" run --hosts-file "$T/two.txt" --file "$T/x.dat"
grep -q "two.txt:1: " "$T/.err" || fail "no file:line in: $(cat "$T/.err")"

# Is something listening on 127.0.0.1:PORT?
listening() {
	"$PY" -c 'import socket,sys
s = socket.socket()
s.settimeout(0.5)
sys.exit(0 if s.connect_ex(("127.0.0.1", int(sys.argv[1]))) == 0 else 1)' "$1"
}

# Start fio --server on a free port from $1 up; sets PORT and SPID.
start_server() {
	p=$1
	while [ "$p" -lt $(($1 + 200)) ]; do
		if ! listening "$p"; then
			fio --server=127.0.0.1,"$p" >"$T/server-$p.log" 2>&1 &
			SPID=$!
			SERVERS="$SERVERS $SPID"
			i=0
			while [ $i -lt 50 ]; do
				if ! kill -0 "$SPID" 2>/dev/null; then
					break	# lost a race for the port: try the next one
				fi
				if listening "$p"; then
					PORT=$p
					return 0
				fi
				sleep 0.1
				i=$((i + 1))
			done
			kill "$SPID" 2>/dev/null
		fi
		p=$((p + 1))
	done
	fail "no free port for fio --server from $1 up"
}

SERVERS=
trap 'for s in $SERVERS; do kill "$s" 2>/dev/null; done; wait 2>/dev/null; rm -rf "$T"' EXIT
base=$((18000 + ($$ % 400) * 2))
start_server $base
P1=$PORT
start_server $((P1 + 1))
P2=$PORT
ok "fio servers listening on 127.0.0.1:$P1 and 127.0.0.1:$P2"

dd if=/dev/urandom of="$T/h.dat" bs=1M count=32 status=none || fail "dd could not lay out h.dat"
"$SWEEP" run --hosts "127.0.0.1:$P1,127.0.0.1:$P2" --file "$T/h.dat" --size 32m \
    --modes randread,write --bs 4k --depth 2 --runtime 1 --ramp 0 --formats csv,md -q \
    -o "$T/out" >"$T/run.out" 2>"$T/run.err" ||
	fail "run --hosts: exit $?: $(cat "$T/run.err") $(cat "$T/out/fio-client.log" 2>/dev/null)"
for p in $P1 $P2; do
	results_py "$T/out/127.0.0.1-$p/results.json" "
s = open('$T/out/fio-output.json').read()
f = json.loads(s[s.index('{'):])
mine = [j for j in f['client_stats'] if j.get('port') == $p and j['jobname'] != 'All clients']
assert d['host'] == '127.0.0.1', d['host']
assert d['label'] == '127.0.0.1-$p', d['label']
assert 'port $p' in d['description'], d['description']
cells = [(c['mode'], c['bs'], c['depth'], c['jobs'], c['status']) for c in d['cells']]
assert cells == [('randread', 4096, 2, 1, 'ok'), ('write', 4096, 2, 1, 'ok')], cells
assert [j['jobname'] for j in mine] == ['randread-4k-qd2-j1', 'write-4k-qd2-j1'], mine
for c, j, dr in zip(d['cells'], mine, ['read', 'write']):
    assert c['ios'] == j[dr]['total_ios'] > 0, (c['ios'], j[dr]['total_ios'])
    assert c['iops'] == j[dr]['iops'], (c['iops'], j[dr]['iops'])
    assert c['lat_ns']['p99'] == j[dr]['clat_ns']['percentile']['99.000000']
assert d['target']['path'] == '$T/h.dat', d['target']
"
done
grep -q "^127.0.0.1 port $P1: 2 of 2 cells" "$T/run.out" || fail "no per-host line: $(cat "$T/run.out")"
fio --parse-only "$T/out/sweep.fio" >/dev/null 2>&1 || fail "the kept job file does not parse"
"$PY" - "$T/out/hosts.csv" "$P1" "$P2" <<'PYEOF' || fail "hosts.csv: $(cat "$T/out/hosts.csv")"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert [(r["port"], r["mode"]) for r in rows] == [
    (sys.argv[2], "randread"), (sys.argv[2], "write"),
    (sys.argv[3], "randread"), (sys.argv[3], "write")], rows
assert all(r["host"] == "127.0.0.1" and r["status"] == "ok" and float(r["iops"]) > 0 for r in rows)
PYEOF
for want in "| cell | 127.0.0.1-$P1 | 127.0.0.1-$P2 | spread |" "## IOPS" "## MiB/s" \
    "## p99 completion latency (us)" "| randread 4K QD2 x1 |" "All clients"; do
	grep -qF "$want" "$T/out/hosts.md" || fail "hosts.md lacks \"$want\": $(cat "$T/out/hosts.md")"
done
ok "two hosts: per-host results equal to fio's, hosts.csv and hosts.md"

# --hosts-file with comments; one host.
printf '# lab\n\n  127.0.0.1:%s   # the first server\n' "$P2" >"$T/fleet.txt"
"$SWEEP" run --hosts-file "$T/fleet.txt" --file "$T/h.dat" --size 32m --modes read --bs 64k \
    --depth 1 --runtime 1 --ramp 0 --formats csv -q --label lab -o "$T/one" >/dev/null 2>"$T/err" ||
	fail "run --hosts-file: exit $?: $(cat "$T/err")"
results_py "$T/one/127.0.0.1-$P2/results.json" "
assert d['label'] == 'lab-127.0.0.1-$P2', d['label']
assert [(c['mode'], c['bs']) for c in d['cells']] == [('read', 65536)]
"
[ "$(ls -d "$T"/one/127.0.0.1-* | wc -l)" -eq 1 ] || fail "want one host directory"
ok "--hosts-file: comments and blank lines skipped"

# A host that is down: its result is missing, the other host's is kept, exit 1.
dead=$((P2 + 1))
while listening $dead; do dead=$((dead + 1)); done
"$SWEEP" run --hosts "127.0.0.1:$P1,127.0.0.1:$dead" --file "$T/h.dat" --size 32m --modes randread \
    --bs 4k --depth 1 --runtime 1 --ramp 0 --formats csv -q -o "$T/down" >/dev/null 2>"$T/err"
rc=$?
[ $rc -eq 1 ] || fail "a host down: exit $rc, want 1"
grep -q "^sweep: 127.0.0.1 port $dead: no results: .*127.0.0.1:$dead" "$T/err" ||
	fail "missing host not named: $(cat "$T/err")"
results_py "$T/down/127.0.0.1-$P1/results.json" "assert len(d['cells']) == 1 and d['cells'][0]['status'] == 'ok'"
[ ! -e "$T/down/127.0.0.1-$dead" ] || fail "a directory for the host that was down"
grep -q "127.0.0.1 port $dead: no results" "$T/down/hosts.md" || fail "hosts.md does not name the host that was down"
ok "host down: named on stderr and in hosts.md; exit 1; the other host kept"

# Fleet import: fio's own client/server JSON, imported as run --hosts writes
# its results.  First the file run --hosts kept: the same figures per host.
"$SWEEP" import "$T/out/fio-output.json" --formats csv,md -o "$T/imp" >"$T/imp.out" 2>"$T/err" ||
	fail "import of client/server output: exit $?: $(cat "$T/err")"
for p in $P1 $P2; do
	"$PY" - "$T/out/127.0.0.1-$p/results.json" "$T/imp/127.0.0.1-$p/results.json" <<'PYEOF' ||
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
ka = [(c['mode'], c['bs'], c['depth'], c['ios'], c['iops'], c['lat_ns']['p99']) for c in a['cells']]
kb = [(c['mode'], c['bs'], c['depth'], c['ios'], c['iops'], c['lat_ns']['p99']) for c in b['cells']]
assert ka == kb, (ka, kb)
assert b['host'] == '127.0.0.1', b['host']
PYEOF
		fail "imported host $p differs from run --hosts's results"
done
[ "$(ls -d "$T"/imp/*/ | wc -l)" -eq 2 ] || fail "want two host folders (All clients is no host): $(ls "$T/imp")"
cmp -s "$T/out/hosts.csv" "$T/imp/hosts.csv" || fail "hosts.csv differs from run --hosts's: $(diff "$T/out/hosts.csv" "$T/imp/hosts.csv")"
grep -q "Imported from fio client/server output" "$T/imp/hosts.md" || fail "hosts.md: $(head -5 "$T/imp/hosts.md")"
grep -q "^Across hosts: $T/imp/hosts.md" "$T/imp.out" || fail "no summary line: $(cat "$T/imp.out")"
ok "import of run --hosts's fio output: per-host results and hosts.csv equal to the run's"

# A file a user made with fio itself: two jobs, stonewalled, on both servers.
cat >"$T/user.fio" <<JOB
[global]
filename=$T/h.dat
size=32m
direct=1
ioengine=libaio
time_based
runtime=1
[rr4k]
rw=randread
bs=4k
iodepth=4
[seq64k]
stonewall
rw=read
bs=64k
iodepth=2
JOB
fio --client=127.0.0.1,"$P1" "$T/user.fio" --client=127.0.0.1,"$P2" "$T/user.fio" \
    --output-format=json --output="$T/fleet.json" >"$T/fio.log" 2>&1 ||
	fail "fio --client: $(tail -5 "$T/fio.log")"
(cd "$T" && "$SWEEP" import fleet.json --formats csv,md,html >"$T/imp2.out" 2>"$T/err") ||
	fail "import of a user's fleet file: exit $?: $(cat "$T/err")"
for p in $P1 $P2; do
	results_py "$T/reports/fleet-imported/127.0.0.1-$p/results.json" "
s = open('$T/fleet.json').read()
f = json.loads(s[s.index('{'):])
mine = [j for j in f['client_stats'] if j.get('port') == $p and j['jobname'] != 'All clients']
assert [(c['mode'], c['bs'], c['depth']) for c in d['cells']] == [('randread', 4096, 4), ('read', 65536, 2)], d['cells']
for c, j in zip(d['cells'], mine):
    assert c['ios'] == j['read']['total_ios'] > 0 and c['iops'] == j['read']['iops'], (c['iops'], j['read']['iops'])
"
	[ -s "$T/reports/fleet-imported/127.0.0.1-$p/report.html" ] || fail "no report for host $p"
done
[ "$(ls -d "$T"/reports/fleet-imported/*/ | wc -l)" -eq 2 ] || fail "want two host folders"
grep -q "| rr4k\|randread 4K QD4" "$T/reports/fleet-imported/hosts.md" || fail "hosts.md lacks the cells"
ok "a user's fio --client file of two hosts: reports/fleet-imported/HOST/, figures equal to fio's"

# --host: one host alone, into the folder itself.
"$SWEEP" import "$T/fleet.json" --host "127.0.0.1:$P2" --formats csv -o "$T/only" >"$T/only.out" 2>"$T/err" ||
	fail "import --host: exit $?: $(cat "$T/err")"
results_py "$T/only/results.json" "
s = open('$T/fleet.json').read()
f = json.loads(s[s.index('{'):])
mine = [j for j in f['client_stats'] if j.get('port') == $P2 and j['jobname'] != 'All clients']
assert [c['iops'] for c in d['cells']] == [j['read']['iops'] for j in mine], d['cells']
"
[ ! -e "$T/only/hosts.md" ] || fail "--host wrote hosts.md"
grep -q "^Imported 2 cells of 127.0.0.1 port $P2" "$T/only.out" || fail "$(cat "$T/only.out")"
ok "--host 127.0.0.1:$P2 imports that host alone"
expect_usage "--host not in the file" "$SWEEP" import "$T/fleet.json" --host db9 -o "$T/none"
grep -q "127.0.0.1:$P1, 127.0.0.1:$P2" "$T/.err" || fail "the hosts there are not named: $(cat "$T/.err")"
[ ! -e "$T/none" ] || fail "a refused import created its folder"
expect_usage "--host with --csv" "$SWEEP" import --csv "$T/x.csv" --host a
# A host name from the file is untrusted: it never becomes a path outside.
sed "s/\"hostname\" : \"127.0.0.1\"/\"hostname\" : \"..\/..\/escaped\"/" "$T/fleet.json" >"$T/evil.json"
grep -q 'escaped' "$T/evil.json" || fail "could not craft the hostile file"
expect_usage "a host name with '/' in the file" "$SWEEP" import "$T/evil.json" -o "$T/evil/out"
[ ! -e "$T/evil" ] && [ ! -e "$T/../escaped" ] || fail "the hostile import wrote something"
ok "untrusted host names are refused before any folder is made"
