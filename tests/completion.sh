#!/bin/sh
# Bash completion (completion/sweep, installed by make install and the
# package): commands, the options of --help, mode, engine and format lists,
# sweep-file and profile names from the data folder.
. "$top_srcdir/tests/common.sh"
command -v bash >/dev/null || skip "bash not installed"
comp=$top_builddir/completion/sweep
[ -f "$comp" ] || fail "$comp not built"
bin=$(dirname "$SWEEP")
# complete WORD...: the last word is the one being completed; prints COMPREPLY sorted
complete_words() {
	SWEEP_DATADIR="$top_srcdir" PATH="$bin:$PATH" bash -c '
		. "$0"
		COMP_WORDS=("$@")
		COMP_CWORD=$(($# - 1))
		COMP_LINE="$*"
		_sweep
		printf "%s\n" "${COMPREPLY[@]}" | sort' "$comp" "$@"
}
want() {	# want DESC EXPECTED WORD...: EXPECTED (space-separated) all offered
	desc=$1 exp=$2
	shift 2
	got=$(complete_words "$@" | tr '\n' ' ')
	for w in $exp; do
		case " $got " in *" $w "*) ;; *) fail "$desc: '$w' not offered; got: $got" ;; esac
	done
	ok "$desc: $exp"
}
want "commands" "run plan report import compare" sweep ""
want "a command by prefix" "compare" sweep com
[ "$(complete_words sweep com)" = compare ] || fail "'com' offers more than compare"
want "options from --help" "--modes --device --destructive --sweep" sweep plan --
# Each command is offered the options of its own --help, and no other; with
# no command word, run's (sweep --device X runs).
for c in run plan report import compare; do
	help_opts=$("$SWEEP" $c --help | sed -n 's/^ *\(-[a-z], \)\{0,1\}\(--[a-z0-9-]*\).*/\2/p' | sort)
	comp_opts=$(complete_words sweep $c --)
	[ "$help_opts" = "$comp_opts" ] || fail "$c: options offered differ from $c --help's: $(echo "$help_opts" | tr '\n' ' ') / $(echo "$comp_opts" | tr '\n' ' ')"
	ok "sweep $c --: every option of $c --help is offered, and no other ($(echo "$help_opts" | wc -l))"
done
[ "$(complete_words sweep --)" = "$(complete_words sweep run --)" ] ||
	fail "sweep -- is not offered run's options"
! complete_words sweep compare -- | grep -q -- '--device' || fail "compare is offered --device"
want "modes" "randread randrw" sweep --modes rand
want "a mode list's last item" "read,randwrite" sweep --modes read,randw
want "engines" "libaio io_uring psync null" sweep --engine ""
want "formats" "csv xlsx" sweep --formats ""
names=$(cd "$top_srcdir/sweeps" && ls *.json | sed 's/\.json$//' | tr '\n' ' ')
want "sweep-file names" "$names" sweep --sweep ""
profiles=$(cd "$top_srcdir/sweeps/profiles" && ls *.json | sed 's/\.json$//' | tr '\n' ' ')
want "profile names" "$profiles" sweep run --profile ""
want "profile names by prefix" "aws-gp2 aws-gp3" sweep --profile aws-gp
exit 0
