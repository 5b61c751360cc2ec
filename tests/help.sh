#!/bin/sh
# sweep --help names the commands and where their options are; sweep CMD
# --help lists exactly the options CMD takes, one a line under 100
# characters; the man page and doc/options.md have every option of the
# table.  The options each command takes come from the option table
# (src/options/options-table.c) through the binary's own --help-man, never from a
# list here.
. "$top_srcdir/tests/common.sh"
cd "$T" || exit 1
cmds="run plan report import compare"

long_lines() {	# long_lines FILE: the lines of 100 characters or more
	awk 'length($0) >= 100 { print length($0) ": " $0 }' "$1"
}

"$SWEEP" --help >top.txt || fail "sweep --help: exit $?"
[ -z "$(long_lines top.txt)" ] || fail "sweep --help has lines of 100+: $(long_lines top.txt)"
for c in $cmds; do
	grep -q "^  $c  " top.txt || fail "sweep --help does not list the command $c: $(cat top.txt)"
done
grep -q 'sweep COMMAND --help' top.txt && grep -q 'man sweep' top.txt ||
	fail "sweep --help does not point at sweep COMMAND --help and man sweep: $(cat top.txt)"
! grep -q -- '^ *--device' top.txt || fail "sweep --help lists options: $(cat top.txt)"
ok "sweep --help: the commands, sweep COMMAND --help and man sweep ($(wc -l <top.txt) lines)"

# Which command takes which option, as the man page's entries say ("Commands: run and plan.").
"$SWEEP" --help-man | sed 's/\\-/-/g' >man-opts.txt || fail "--help-man"
awk '/^\.TP$/ { getline; name = $0; sub(/^\.BI? +"?(-., )?/, "", name); sub(/[ "].*/, "", name); next }
    /^Commands: / && name != "" { sub(/^Commands: /, ""); sub(/\.$/, ""); gsub(/,| and /, " ");
	print name ": " $0; name = "" }' man-opts.txt >takers.txt
[ "$(wc -l <takers.txt)" -ge 30 ] || fail "--help-man names the commands of only: $(cat takers.txt)"
for c in $cmds; do
	"$SWEEP" "$c" --help >"$c.txt"
	rc=$?
	[ "$rc" -eq 0 ] || fail "sweep $c --help: exit $rc"
	[ -z "$(long_lines "$c.txt")" ] || fail "sweep $c --help has lines of 100+: $(long_lines "$c.txt")"
	head -1 "$c.txt" | grep -q "^usage: sweep .*$c" || fail "sweep $c --help: $(head -1 "$c.txt")"
	got=$(sed -n 's/^  \(-., \)\{0,1\} *\(--[a-z][a-z0-9-]*\).*/\2/p' "$c.txt" | sort)
	want=$(awk -v c="$c" '{ for (i = 2; i <= NF; i++) if ($i == c) print $1 }' takers.txt |
	    sed 's/:$//' | sort)
	[ -n "$want" ] || fail "no option names $c in --help-man"
	[ "$got" = "$want" ] ||
		fail "sweep $c --help lists $(echo "$got" | tr '\n' ' ')but $c takes $(echo "$want" | tr '\n' ' ')"
	# one line each: every option's line is its only one
	for o in $got; do
		[ "$(grep -c -- "^  \(-., \)\{0,1\} *$o[ =]\|^  \(-., \)\{0,1\} *$o\$" "$c.txt")" -eq 1 ] ||
			fail "sweep $c --help: $o is not on one line"
	done
	ok "sweep $c --help: its $(echo "$got" | wc -l) options, one a line, each under 100 characters"
done
grep -q -- '--device' run.txt && ! grep -q -- '--device' compare.txt ||
	fail "--device: in run's help and not compare's"
grep -q -- '--csv' import.txt && ! grep -q -- '--csv' run.txt ||
	fail "--csv: in import's help and not run's"
ok "--device only for run and plan, --csv only for import"

# Every command-line option of the table (its entry's flags hold OPT_CLI) has
# its entry in the man page and in doc/options.md.
table=$(awk '/^const struct option_entry options_table\[\]/ { on = 1; next } on && /^};/ { on = 0 }
    on && /\{ \.name = "/ { if (name != "" && cli) print name; name = $0;
	sub(/.*\{ \.name = "/, "", name); sub(/".*/, "", name); cli = 0 }
    on && /OPT_CLI/ { cli = 1 }
    END { if (name != "" && cli) print name }' "$top_srcdir/src/options/options-table.c")
[ "$(echo "$table" | wc -w)" -ge 30 ] || fail "read only these options from the table: $table"
man=$top_srcdir/doc/sweep.1
for o in $table; do
	sed 's/\\-/-/g' "$man" | grep -Eq -- "^\.B[IR]? (\"?-.[ ,\"]*)?--$o( |\"|\$)" ||
		fail "--$o has no entry in doc/sweep.1 (make man)"
	grep -q -- "^- \*\*\`\(-.\`, \`\)\{0,1\}--$o[ \`]" "$top_srcdir/doc/options.md" ||
		fail "--$o has no entry in doc/options.md (make man)"
	grep -q -- "--$o[ =]\|--$o\$" run.txt plan.txt report.txt import.txt compare.txt ||
		fail "--$o is in no command's --help"
done
ok "each of the table's $(echo "$table" | wc -w) options is in the man page, doc/options.md and a command's --help"

if command -v man >/dev/null 2>&1; then
	MANWIDTH=80 man --warnings -l "$man" >man.txt 2>man.err || fail "man -l: $(cat man.err)"
	[ ! -s man.err ] || fail "man --warnings -l doc/sweep.1: $(cat man.err)"
	ok "man --warnings -l doc/sweep.1 renders without a warning"
fi
exit 0
