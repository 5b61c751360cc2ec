/* Plan expansion: groups, inheritance from the sweep file, command-line overrides. */
#include "config.h"

#include <stdlib.h>
#include <unistd.h>

#include "check.h"
#include "base/sweep.h"
#include "base/util.h"
#include "cmd/cmd.h"
#include "options/options.h"
#include "plan/plan.h"

static char *
write_temp(const char *text)
{
	char *path = xstrdup("/tmp/sweep-unit-plan-XXXXXX");
	int fd = mkstemp(path);

	if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text))
		abort();
	close(fd);
	return path;
}

static int
load(struct config *cfg, const char *text)
{
	char *path = write_temp(text);
	int err;

	config_init(cfg);
	err = options_load_sweep(cfg, path);
	unlink(path);
	free(path);
	return err;
}

static void
defaults(void)
{
	struct config cfg;
	struct plan p;

	config_init(&cfg);
	options_finish(&cfg, false);
	CHECK(options_plan_build(&p, &cfg) == 0, "build");
	CHECK(p.ncells == 4 * 15 * 2, "file default: %u cells", p.ncells);
	CHECK(p.cells[0].mode == MODE_READ && p.cells[0].bs == 512 && p.cells[0].depth == 1,
	    "first cell");
	CHECK(p.cells[1].depth == 32 && p.cells[2].bs == 1024, "nesting order mode > bs > depth");
	CHECK(plan_duration_ns(&p) == 120ULL * 12 * NSEC_PER_SEC, "duration");
	plan_free(&p);
	config_free(&cfg);

	config_init(&cfg);
	options_finish(&cfg, true);
	options_plan_build(&p, &cfg);
	CHECK(p.ncells == 2 * 15 * 2, "device default: %u cells", p.ncells);
	CHECK(p.cells[0].mode == MODE_READ && p.cells[30].mode == MODE_RANDREAD, "device modes");
	plan_free(&p);
	config_free(&cfg);
}

static void
groups_and_overrides(void)
{
	struct config cfg;
	struct plan p;
	char *argv[] = { "sweep", "--depth", "4", "--runtime", "3", NULL };
	int first = 1;

	CHECK(load(&cfg, "{\"runtime\": 7, \"jobs\": 2, \"groups\": ["
	    "{\"modes\": \"randread\", \"bs\": \"4k\"},"
	    "{\"modes\": [\"read\", \"write\"], \"bs\": \"64k,1m\", \"depth\": [1, 8]}]}") == 0, "load");
	options_finish(&cfg, false);
	options_plan_build(&p, &cfg);
	CHECK(p.ncells == 1 * 2 + 2 * 2 * 2, "groups: %u cells", p.ncells);
	CHECK(p.cells[0].mode == MODE_RANDREAD && p.cells[0].jobs == 2 && p.cells[0].depth == 1,
	    "group 1 inherits jobs, default depth 1 and 32");
	CHECK(p.runtime_s == 7, "runtime from file");
	plan_free(&p);
	config_free(&cfg);

	load(&cfg, "{\"runtime\": 7, \"depth\": 16, \"groups\": [{\"bs\": \"4k\", \"depth\": 2}]}");
	CHECK(options_parse_argv(&cfg, 5, argv, &first, "plan", CMD_ALL, NULL) == 0, "argv");
	options_finish(&cfg, false);
	options_plan_build(&p, &cfg);
	CHECK(p.runtime_s == 3, "command line overrides runtime: %u", p.runtime_s);
	CHECK(p.ncells == 4 && p.cells[0].depth == 4, "command line depth replaces the group's");
	plan_free(&p);
	config_free(&cfg);

	load(&cfg, "{\"bs\": \"4k,4k\", \"groups\": [{\"modes\": \"read\"}, {\"modes\": \"read\"}]}");
	options_finish(&cfg, false);
	options_plan_build(&p, &cfg);
	CHECK(p.ncells == 2, "duplicate cells dropped: %u", p.ncells);
	plan_free(&p);
	config_free(&cfg);
}

static void
bad_files(void)
{
	struct config cfg;

	CHECK(load(&cfg, "{\"dpeth\": 4}") != 0, "unknown key accepted");
	config_free(&cfg);
	CHECK(load(&cfg, "{\"bs\": \"4k\",, }") != 0, "malformed accepted");
	config_free(&cfg);
	CHECK(load(&cfg, "[1, 2]") != 0, "array accepted");
	config_free(&cfg);
	CHECK(load(&cfg, "{\"groups\": [{\"runtime\": 3}]}") != 0, "runtime in a group accepted");
	config_free(&cfg);
	CHECK(load(&cfg, "{\"depth\": -1}") != 0, "negative depth accepted");
	config_free(&cfg);
	CHECK(load(&cfg, "{\"depth\": 1.5}") != 0, "fractional depth accepted");
	config_free(&cfg);
	/* found by fuzz-sweepfile: a huge number was cast to an integer (undefined behaviour) */
	CHECK(load(&cfg, "{\"runtime\": 3.2e46}") != 0, "huge runtime accepted");
	config_free(&cfg);
	CHECK(load(&cfg, "{\"seed\": -0.5}") != 0, "negative fraction accepted");
	config_free(&cfg);
	CHECK(load(&cfg, "{\"groups\": []}") != 0, "empty groups accepted");
	config_free(&cfg);
	CHECK(load(&cfg, "") != 0, "empty file accepted");
	config_free(&cfg);
}

int
main(void)
{
	defaults();
	groups_and_overrides();
	bad_files();
	return check_done("unit-plan");
}
