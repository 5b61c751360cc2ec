/*
 * A stored plan (the "plan" of a results.json that --resume runs again) is
 * untrusted input: an edited or corrupt file gave cells of block size 0
 * (a division by zero in the jobs), depth 0, an unknown engine, 2^24 x
 * 2^20 x 2^20 bytes of buffers (wrapping the 4 GiB check) and a runtime
 * of 2^32 - 1 s.  Every field is checked here as its option would be on
 * the command line, through the option table's own checks, so the limits
 * and the messages are the command line's.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/sweep.h"
#include "base/util.h"
#include "options/options.h"
#include "plan/plan.h"

/* The most of a cell's buffers (jobs x depth x bs), as target_check_plan allows. */
#define OPTIONS_PLAN_BUF_MAX	(4 * GIB)

/* A plan field stored as a whole number, and the option that sets it. */
struct options_plan_field {
	const char	*key;		/* its name in results.json's "plan" */
	const char	*option;
	size_t		 off;		/* an unsigned in struct plan */
};

static const struct options_plan_field options_plan_fields[] = {
	{ .key = "runtime_s", .option = "runtime", .off = offsetof(struct plan, runtime_s) },
	{ .key = "ramp_s", .option = "ramp", .off = offsetof(struct plan, ramp_s) },
	{ .key = "rwmixread", .option = "rwmixread", .off = offsetof(struct plan, rwmixread) },
	{ .key = "steady_pct", .option = "steady", .off = offsetof(struct plan, steady_pct) },
	{ .key = "steady_window_s", .option = "steady-window",
	  .off = offsetof(struct plan, steady_window_s) },
	{ .key = "min_runtime_s", .option = "min-runtime",
	  .off = offsetof(struct plan, min_runtime_s) },
	{ .key = "io_timeout_s", .option = "io-timeout",
	  .off = offsetof(struct plan, io_timeout_s) },
	{ .key = "retry_unstable", .option = "retry-unstable",
	  .off = offsetof(struct plan, retry_unstable) },
};

/* A stored value: the file, the field ("plan cell 3 \"bs\""), the option that checks it. */
struct options_plan_at {
	const char	*path;
	const char	*what;
	const char	*option;
};

/*
 * Set at's option to value in a scratch config, as a sweep file's key
 * would be; at names the field in the message, and a string value is shown
 * quoted.  0, or -EINVAL after one line.
 */
static int
options_plan_value(const struct options_plan_at *at, const char *value, bool quoted)
{
	struct config cfg;
	char *input, *shown = xstrdup(value), *s;
	int err;

	for (s = shown; *s != '\0'; s++)	/* a stored string is echoed without its controls */
		if ((unsigned char)*s < 32 || *s == 127)
			*s = '?';
	input = xasprintf(quoted ? "%s: %s \"%s\"" : "%s: %s %s", at->path, at->what, shown);
	config_init(&cfg);
	err = options_key_set(&cfg, at->option, value, -1, input);
	config_free(&cfg);
	free(input);
	free(shown);
	return err;
}

/* options_plan_value for a whole number. */
static int
options_plan_number(const struct options_plan_at *at, uint64_t v)
{
	char value[32];

	snprintf(value, sizeof value, "%llu", (unsigned long long)v);
	return options_plan_value(at, value, false);
}

/* Field key of cell i (its option has the same name) as options_plan_number. */
static int
options_plan_cell_number(const char *path, unsigned i, const char *key, uint64_t v)
{
	char what[64];

	snprintf(what, sizeof what, "plan cell %u \"%s\"", i + 1, key);
	return options_plan_number(&(struct options_plan_at){ .path = path, .what = what,
	    .option = key }, v);
}

/* Cell i of p: its block size, depth, jobs and read share, and its buffers. */
static int
options_plan_cell(const char *path, const struct plan *p, unsigned i)
{
	const struct cell *c = &p->cells[i];
	char what[64], a[32], b[32];
	uint64_t buf;

	if (options_plan_cell_number(path, i, "bs", c->bs) != 0 ||
	    options_plan_cell_number(path, i, "depth", c->depth) != 0 ||
	    options_plan_cell_number(path, i, "jobs", c->jobs) != 0 ||
	    options_plan_cell_number(path, i, "rwmixread", plan_cell_rwmixread(p, c)) != 0)
		return -EINVAL;
	snprintf(what, sizeof what, "plan cell %u", i + 1);
	/* bs <= 64 MiB, depth <= 4096 and jobs <= 256: the product fits in 2^46. */
	buf = c->bs * c->depth * c->jobs;
	if (buf > OPTIONS_PLAN_BUF_MAX) {
		sweep_error("%s: %s: bs %s x depth %u x jobs %u is %s of buffers; a cell takes at "
		    "most 4 GiB", path, what, size_short(c->bs, a, sizeof a), c->depth, c->jobs,
		    size_human(buf, b, sizeof b));
		return -EINVAL;
	}
	return 0;
}

/*
 * Check the plan p that path (a results.json) holds before running it
 * again: each setting and each cell as the command line would check it.
 * 0, or -EINVAL after one line naming path, the field and what is valid.
 */
int
options_plan_check(const char *path, const struct plan *p)
{
	size_t i;

	if (options_plan_value(&(struct options_plan_at){ .path = path,
	    .what = "plan \"engine\"", .option = "engine" }, p->engine, true) != 0)
		return -EINVAL;
	for (i = 0; i < sizeof options_plan_fields / sizeof options_plan_fields[0]; i++) {
		const struct options_plan_field *f = &options_plan_fields[i];
		char what[64];

		snprintf(what, sizeof what, "plan \"%s\"", f->key);
		if (options_plan_number(&(struct options_plan_at){ .path = path, .what = what,
		    .option = f->option }, *(const unsigned *)((const char *)p + f->off)) != 0)
			return -EINVAL;
	}
	if (plan_repeat(p) > 1 || p->until_steady) {
		const char *option = p->until_steady ? "rounds-until-steady" : "repeat";

		if (options_plan_number(&(struct options_plan_at){ .path = path,
		    .what = "plan \"repeat\"", .option = option }, p->repeat) != 0)
			return -EINVAL;
	}
	for (i = 0; i < p->ncells; i++)
		if (options_plan_cell(path, p, (unsigned)i) != 0)
			return -EINVAL;
	return 0;
}

/*
 * The plan the options ask for: the groups' cells (plan_build) and the
 * times, seed, size and engine; -1 when it has no cells.
 */
int
options_plan_build(struct plan *p, const struct config *cfg)
{
	int ret = plan_build(p, cfg->groups, cfg->ngroups);
	struct rate_list rates;

	/* checked when given: a list that does not parse here was never given */
	if (ret == 0 && cfg->rate != NULL && parse_rate_list(cfg->rate, &rates) == 0)
		plan_add_rates(p, &rates, cfg->arrivals != NULL &&
		    strcmp(cfg->arrivals, "poisson") == 0 ? RATE_POISSON : RATE_FIXED);

	p->runtime_s = cfg->runtime_s;
	p->ramp_s = cfg->ramp_s;
	p->steady_pct = cfg->steady_pct;
	p->steady_window_s = cfg->steady_window_s;
	p->min_runtime_s = cfg->min_runtime_s;
	p->io_timeout_s = cfg->io_timeout_s;
	p->seed = cfg->seed;
	p->size = cfg->size;
	p->repeat = cfg->repeat;
	if (cfg->rounds_until_steady > 0) {
		p->repeat = cfg->rounds_until_steady;
		p->until_steady = true;
	}
	p->retry_unstable = cfg->retry_unstable;
	str_copy(p->engine, sizeof p->engine, cfg->engine);
	return ret;
}
