/*
 * sweep: the command line.  Only main() exits; everything below returns
 * -errno or an exit code.  The commands are a table (cmd.c); sweep run
 * installs its own signal handlers once the target is about to be touched.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "base/sweep.h"
#include "cmd/cmd.h"
#include "options/options.h"

/*
 * sweep --help-man (not in --help): the man page's option entries, each
 * with its full text and the commands that take it, then which command
 * takes which, from the option and command tables; make man puts them into
 * doc/sweep.1 (from doc/sweep.1.in), so the page cannot drift from --help.
 */
static int
help_man(void)
{
	size_t i, k, n;

	options_man(stdout, cmd_names);
	fputs(".SS Which command takes which option\n"
	    "A command refuses an option it does not use (exit 2, one line naming the\n"
	    "option and the commands that take it).\n", stdout);
	for (i = 0; cmd_table[i] != NULL; i++) {
		printf(".TP\n.B %s\n", cmd_table[i]->name);
		for (k = 0, n = 0; k < options_count(); k++) {
			const char *o = options_name(k);

			if (!options_on_cli(k) || !(options_cmds(k) & cmd_table[i]->cmd))
				continue;
			fputs(n++ == 0 ? "" : ", ", stdout);
			fputs("\\-\\-", stdout);
			for (; *o != '\0'; o++)
				if (*o == '-')
					fputs("\\-", stdout);
				else
					putchar(*o);
		}
		fputs(".\n", stdout);
	}
	return fflush(stdout) == 0 ? SWEEP_EXIT_OK : SWEEP_EXIT_FAILED;
}

/* sweep --help-md (not in --help): doc/options.md's option list (make man). */
static int
help_md(void)
{
	options_markdown(stdout, cmd_names);
	return fflush(stdout) == 0 ? SWEEP_EXIT_OK : SWEEP_EXIT_FAILED;
}

int
main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "--help-man") == 0)
		return help_man();
	if (argc == 2 && strcmp(argv[1], "--help-md") == 0)
		return help_md();
	return cmd_main(argc, argv);
}
