/*
 * The command table (tmux's cmd_entry): each command's name, bit, usage and
 * function, one file each (cmd-NAME.c); the option table says which
 * commands take each option.  The dispatcher picks the entry, parses the
 * options it accepts and runs it.
 */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "base/sweep.h"
#include "base/util.h"
#include "cmd/cmd.h"
#include "options/options.h"

/* In the order --help lists them; the first is the default command. */
const struct cmd_entry *const cmd_table[] = {
	&cmd_run_entry,
	&cmd_plan_entry,
	&cmd_report_entry,
	&cmd_import_entry,
	&cmd_compare_entry,
	NULL
};

/* The entry named name, or NULL. */
const struct cmd_entry *
cmd_find(const char *name)
{
	size_t i;

	for (i = 0; cmd_table[i] != NULL; i++)
		if (strcmp(cmd_table[i]->name, name) == 0)
			return cmd_table[i];
	return NULL;
}

/* Whether the command takes the option (its long name): the option's entry names it. */
bool
cmd_accepts(const struct cmd_entry *e, const char *option)
{
	size_t i;

	for (i = 0; i < options_count(); i++)
		if (strcmp(options_name(i), option) == 0)
			return (options_cmds(i) & e->cmd) != 0;
	return false;
}

/* For a refused option: "sweep import takes it", "sweep run and plan take it"; "" none. */
static void
cmd_takers(const char *option, char *buf, size_t len)
{
	const struct cmd_entry *take[8];
	size_t i, n = 0, k;

	for (i = 0; cmd_table[i] != NULL && n < 8; i++)
		if (cmd_accepts(cmd_table[i], option))
			take[n++] = cmd_table[i];
	buf[0] = '\0';
	for (k = 0; k < n; k++)
		snprintf(buf + strlen(buf), len - strlen(buf), "%s%s", k == 0 ? "sweep " :
		    k + 1 == n ? " and " : ", ", take[k]->name);
	if (n > 0)
		snprintf(buf + strlen(buf), len - strlen(buf), " take%s it", n == 1 ? "s" : "");
}

/* "run and plan" for an option's cmds bits (the man page's entries), in cmd_table's order. */
void
cmd_names(unsigned cmds, char *buf, size_t len)
{
	size_t i, n = 0, k = 0;

	for (i = 0; cmd_table[i] != NULL; i++)
		n += (cmd_table[i]->cmd & cmds) != 0;
	buf[0] = '\0';
	for (i = 0; cmd_table[i] != NULL; i++)
		if (cmd_table[i]->cmd & cmds)
			snprintf(buf + strlen(buf), len - strlen(buf), "%s%s", k++ == 0 ? "" :
			    k == n ? " and " : ", ", cmd_table[i]->name);
}

static const char cmd_exit_codes[] =
    "Exit codes: 0 ok, 1 a cell or a report failed, 2 bad input (nothing written),\n"
    "130 interrupted (the finished cells are kept).\n";

/* sweep --help: the commands, and where their options are. */
static void
cmd_usage(FILE *f)
{
	size_t i;

	fputs("usage: sweep [COMMAND] [OPTIONS]   (COMMAND is run when left out)\n"
	    "       sweep --help | --version\n\nCommands:\n", f);
	for (i = 0; cmd_table[i] != NULL; i++)
		fprintf(f, "  %-9s%s\n", cmd_table[i]->name, cmd_table[i]->summary);
	fprintf(f, "\nsweep COMMAND --help lists that command's options, one a line "
	    "(e.g. sweep %s --help).\n"
	    "man sweep has every option in full (in the source tree: man ./doc/sweep.1).\n%s",
	    cmd_table[0]->name, cmd_exit_codes);
}

/* sweep CMD --help: its synopsis, what it does, and the options it takes, one a line. */
static void
cmd_help(FILE *f, const struct cmd_entry *e)
{
	fprintf(f, "usage: %s\n", e->usage);
	fprintf(f, "%c%s.\n\nOptions:\n", toupper((unsigned char)e->summary[0]), e->summary + 1);
	options_usage(f, e->cmd);
	fputc('\n', f);
	if (cmd_accepts(e, "size"))
		fputs("Sizes take k, m, g, t (base 1024) or plain bytes.\n", f);
	if (cmd_accepts(e, "sweep"))
		fputs("A sweep file (--sweep) is a JSON object with the same keys, plus \"description\",\n"
		    "\"comment\" and \"groups\" (a list of {modes, bs, depth, jobs} sub-matrices).\n", f);
	fputs(cmd_exit_codes, f);
	fputs("Every option in full: man sweep (in the source tree: man ./doc/sweep.1).\n", f);
}

/* --sweep is read before the other options so that they override it. */
static int
cmd_load_sweep_first(struct config *cfg, int argc, char **argv, int first)
{
	int i;

	for (i = first; i < argc; i++) {
		const char *v = NULL;

		if (strcmp(argv[i], "--sweep") == 0 && i + 1 < argc)
			v = argv[i + 1];
		else if (strncmp(argv[i], "--sweep=", 8) == 0)
			v = argv[i] + 8;
		if (v != NULL)
			return options_load_sweep(cfg, v);
	}
	return 0;
}

/* "sweep FOO": one line naming the commands of the table. */
static void
cmd_unknown(const char *name)
{
	char list[256] = "";
	size_t i, n = 0;

	while (cmd_table[n] != NULL)
		n++;
	for (i = 0; i < n; i++)
		snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
		    i == 0 ? "" : i + 1 == n ? " and " : ", ", cmd_table[i]->name);
	sweep_error("%s: unknown command; commands are %s (see sweep --help)", name, list);
}

/* sweep [COMMAND] [OPTIONS]: returns the exit code. */
int
cmd_main(int argc, char **argv)
{
	const struct cmd_entry *e = cmd_table[0];
	struct config cfg;
	int first = 1, ret;
	bool named = false;

	if (argc > 1 && argv[1][0] != '-') {
		e = cmd_find(argv[1]);
		first = 2;
		named = true;
		if (e == NULL) {
			cmd_unknown(argv[1]);
			return SWEEP_EXIT_USAGE;
		}
	}
	config_init(&cfg);
	if (cmd_accepts(e, "sweep") && cmd_load_sweep_first(&cfg, argc, argv, first) != 0) {
		config_free(&cfg);
		return SWEEP_EXIT_USAGE;
	}
	ret = options_parse_argv(&cfg, argc, argv, &first, e->name, e->cmd, cmd_takers);
	if (ret == 1) {
		if (first == -1 && named)
			cmd_help(stdout, e);
		else if (first == -1)
			cmd_usage(stdout);
		else
			printf("sweep %s\n", PACKAGE_VERSION);
		config_free(&cfg);
		return SWEEP_EXIT_OK;
	}
	if (ret != 0) {
		config_free(&cfg);
		return SWEEP_EXIT_USAGE;
	}
	ret = e->exec(&cfg);
	config_free(&cfg);
	return ret;
}
