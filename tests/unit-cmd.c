/*
 * The command table against the option table: every (command, option)
 * pair the command does not take is refused with exit 2 and one line
 * naming both; every pair it takes is not.  Walks the tables, so a new
 * command or option is covered without editing this test.
 */
#include "config.h"

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include "check.h"
#include "base/sweep.h"
#include "cmd/cmd.h"
#include "options/options.h"

static char stderr_text[4096];

/* cmd_main, or only options_parse_argv (parse_only), with stderr captured in stderr_text. */
static int
capture(int argc, char **argv, const struct cmd_entry *e, bool parse_only)
{
	char path[] = "/tmp/unit-cmd.XXXXXX";
	int fd = mkstemp(path), saved = dup(2), ret;
	ssize_t n;

	fflush(stderr);
	dup2(fd, 2);
	if (parse_only) {
		struct config cfg;
		int first = 2;

		config_init(&cfg);
		ret = options_parse_argv(&cfg, argc, argv, &first, e->name, e->cmd, NULL);
		config_free(&cfg);
	} else
		ret = cmd_main(argc, argv);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	n = pread(fd, stderr_text, sizeof stderr_text - 1, 0);
	stderr_text[n > 0 ? n : 0] = '\0';
	close(fd);
	unlink(path);
	return ret;
}

static unsigned
lines(const char *s)
{
	unsigned n = 0;

	for (; *s != '\0'; s++)
		n += *s == '\n';
	return n;
}

int
main(void)
{
	unsigned ncmds = 0, refused = 0, taken = 0;
	size_t c, i, k;

	for (c = 0; cmd_table[c] != NULL; c++) {
		const struct cmd_entry *e = cmd_table[c];

		ncmds++;
		CHECK(cmd_find(e->name) == e, "cmd_find(%s)", e->name);
		CHECK(e->usage != NULL && e->exec != NULL && e->cmd != 0 && (e->cmd & (e->cmd - 1)) == 0,
		    "%s entry", e->name);
		for (k = 0; k < c; k++)
			CHECK(cmd_table[k]->cmd != e->cmd, "%s and %s share a bit", cmd_table[k]->name,
			    e->name);
		for (i = 0; i < options_count(); i++)
			CHECK(options_on_cli(i) || !(options_cmds(i) & e->cmd),
			    "sweep %s takes --%s, which is no command-line option", e->name,
			    options_name(i));
		for (i = 0; i < options_count(); i++) {
			char opt[64], want[160], *argv[5];
			int argc = 0, ret;

			if (!options_on_cli(i))
				continue;
			snprintf(opt, sizeof opt, "--%s", options_name(i));
			argv[argc++] = "sweep";
			argv[argc++] = (char *)e->name;
			argv[argc++] = opt;
			if (options_takes_value(i))
				argv[argc++] = "1";
			argv[argc] = NULL;
			snprintf(want, sizeof want, "sweep: %s: not an option of sweep %s", opt, e->name);
			if (cmd_accepts(e, options_name(i))) {
				taken++;
				capture(argc, argv, e, true);
				CHECK(strstr(stderr_text, "not an option") == NULL,
				    "sweep %s %s refused: %s", e->name, opt, stderr_text);
				continue;
			}
			refused++;
			ret = capture(argc, argv, e, false);
			CHECK(ret == SWEEP_EXIT_USAGE, "sweep %s %s: exit %d", e->name, opt, ret);
			CHECK(lines(stderr_text) == 1, "sweep %s %s: %u lines: %s", e->name, opt,
			    lines(stderr_text), stderr_text);
			CHECK(strncmp(stderr_text, want, strlen(want)) == 0, "sweep %s %s: \"%s\"",
			    e->name, opt, stderr_text);
			/* and it names the commands that do take it */
			for (k = 0; cmd_table[k] != NULL; k++)
				if (cmd_accepts(cmd_table[k], options_name(i)))
					CHECK(strstr(stderr_text + strlen(want), cmd_table[k]->name) != NULL,
					    "sweep %s %s does not name %s: %s", e->name, opt,
					    cmd_table[k]->name, stderr_text);
		}
	}
	CHECK(ncmds == 5, "%u commands", ncmds);
	/* A command-line option some command takes; a sweep-file key none takes on the command line. */
	for (i = 0; i < options_count(); i++)
		CHECK(options_on_cli(i) == (options_cmds(i) != 0), "--%s: on the command line %s, "
		    "commands 0x%x", options_name(i), options_on_cli(i) ? "yes" : "no",
		    options_cmds(i));
	/* Nothing can pass by walking an empty table: the three cases once accepted
	 * silently are among these. */
	CHECK(refused >= 50 && taken >= 30, "%u refused, %u taken pairs", refused, taken);
	CHECK(!cmd_accepts(cmd_find("plan"), "csv"), "plan takes --csv");
	CHECK(!cmd_accepts(cmd_find("import"), "bs") && !cmd_accepts(cmd_find("import"), "depth"),
	    "import takes --bs or --depth");
	CHECK(!cmd_accepts(cmd_find("report"), "runtime") && !cmd_accepts(cmd_find("report"), "hosts"),
	    "report takes --runtime or --hosts");
	printf("unit-cmd: %u refused and %u taken (command, option) pairs\n", refused, taken);
	if (check_failed)
		fprintf(stderr, "%d of %d checks failed\n", check_failed, check_count);
	return check_failed ? 1 : 0;
}
