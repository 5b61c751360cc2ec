/*
 * The command table (tmux's cmd_entry): each command's name, bit, usage and
 * function, one file each (cmd-NAME.c); the option table says which
 * commands take each option.  The dispatcher picks the entry, parses the
 * options it accepts and runs it.
 */
#include "config.h"

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

/* --help: every command's usage line, then the options. */
static void
cmd_usage(FILE *f)
{
	size_t i;

	for (i = 0; cmd_table[i] != NULL; i++)
		fprintf(f, "%s%s\n", i == 0 ? "usage: " : "       ", cmd_table[i]->usage);
	fputs("       sweep --help | --version\n\n", f);
	options_usage(f);
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

	if (argc > 1 && argv[1][0] != '-') {
		e = cmd_find(argv[1]);
		first = 2;
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
		if (first == -1)
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
