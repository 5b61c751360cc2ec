/*
 * The option table (fio's options table, tmux's options-table.c): every
 * command-line option and sweep-file key once, with the commands that take
 * it, and the checks of the values that need more than a type and a range.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/sweep.h"
#include "base/util.h"
#include "io/engine.h"
#include "options/options.h"
#include "plan/plan.h"
#include "results/profile.h"

#define CFG(field)	offsetof(struct config, field)

/* The most of an input a message repeats: a 4,096-value list is not echoed whole. */
#define OPT_INPUT_SHOWN	96

int
opt_bad(struct opt_ctx *c, const char *what)
{
	size_t n = strlen(c->input);

	if (n > OPT_INPUT_SHOWN)
		sweep_error("%.*s... (%zu characters): %s", TEXT_CUT(c->input, OPT_INPUT_SHOWN), n,
		    what);
	else
		sweep_error("%s: %s", c->input, what);
	return -EINVAL;
}

/* A list that parse_*_list refused (err): too many values, else o's range error. */
static int
opt_list_bad(struct opt_ctx *c, const struct option_entry *o, int err)
{
	char what[160];

	if (err != -E2BIG)
		return opt_range(c, o);
	snprintf(what, sizeof what, "at most %u values in a list; a range LO-HI (every power of "
	    "two in between) or a groups entry covers more", SWEEP_LIST_MAX);
	return opt_bad(c, what);
}

/* The range error of o: its format with its min and max. */
int
opt_range(struct opt_ctx *c, const struct option_entry *o)
{
	char what[256];

	snprintf(what, sizeof what, o->range, (unsigned long long)o->min,
	    (unsigned long long)o->max);
	return opt_bad(c, what);
}

/* The group a matrix key lands in, and marks the key as set there. */
static struct group *
opt_group(struct opt_ctx *c, unsigned bit)
{
	struct config *cfg = c->cfg;

	switch (c->where) {
	case WHERE_CLI:
		cfg->cli_set |= bit;
		return &cfg->cli;
	case WHERE_BASE:
		cfg->base_set |= bit;
		return &cfg->base;
	case WHERE_GROUP:
	default:
		cfg->group_set[c->group] |= bit;
		return &cfg->groups[c->group];
	}
}

static int
check_size(struct opt_ctx *c, const struct option_entry *o, const char *v)
{
	uint64_t size;

	(void)o;
	if (parse_size(v, &size) != 0 || size == 0)
		return opt_bad(c, "size must be a positive number of bytes with an optional "
		    "k, m, g or t suffix (base 1024), e.g. 1g");
	if (size % 512 != 0)
		return opt_bad(c, "size must be a multiple of 512");
	c->cfg->size = size;
	c->cfg->size_set = true;
	return 0;
}

static int
check_modes(struct opt_ctx *c, const struct option_entry *o, const char *v)
{
	struct group tmp, *g;

	(void)o;
	if (parse_mode_list(v, &tmp) != 0)
		return opt_bad(c, "modes are read, write, randread, randwrite, readwrite, "
		    "randrw (comma-separated) or all");
	g = opt_group(c, CFG_SET_MODES);
	g->modes = tmp.modes;
	g->nmodes = tmp.nmodes;
	memcpy(g->mode_order, tmp.mode_order, sizeof g->mode_order);
	return 0;
}

static int
check_bs(struct opt_ctx *c, const struct option_entry *o, const char *v)
{
	struct num_list l;
	unsigned i;
	char a[32], b[32], m[128];
	int err = parse_size_list(v, &l);

	if (err == -E2BIG)
		return opt_list_bad(c, o, err);
	if (err != 0)
		return opt_bad(c, "block sizes are a list like 4k,64k,1m or a range like 512-8m "
		    "(every power of two in between)");
	for (i = 0; i < l.n; i++) {
		if (l.v[i] < o->min || l.v[i] > o->max) {
			snprintf(m, sizeof m, "block size %s is outside ", size_short(l.v[i], a, sizeof a));
			snprintf(m + strlen(m), sizeof m - strlen(m), "%s..%s",
			    size_short(o->min, a, sizeof a), size_short(o->max, b, sizeof b));
			return opt_bad(c, m);
		}
		if (l.v[i] % 512 != 0) {
			snprintf(m, sizeof m, "block size %s must be a multiple of 512",
			    size_short(l.v[i], a, sizeof a));
			return opt_bad(c, m);
		}
	}
	opt_group(c, CFG_SET_BS)->bs = l;
	return 0;
}

static int
check_depth(struct opt_ctx *c, const struct option_entry *o, const char *v)
{
	struct num_list l;
	int err;

	if ((err = parse_uint_list(v, o->min, o->max, &l)) != 0)
		return opt_list_bad(c, o, err);
	opt_group(c, CFG_SET_DEPTH)->depth = l;
	return 0;
}

static int
check_jobs(struct opt_ctx *c, const struct option_entry *o, const char *v)
{
	struct num_list l;
	int err;

	if ((err = parse_uint_list(v, o->min, o->max, &l)) != 0)
		return opt_list_bad(c, o, err);
	opt_group(c, CFG_SET_JOBS)->jobs = l;
	return 0;
}

static int
check_rate(struct opt_ctx *c, const struct option_entry *o, const char *v)
{
	struct rate_list l;
	char what[192];
	int err = parse_rate_list(v, &l);

	(void)o;
	if (err == -E2BIG) {
		snprintf(what, sizeof what, "at most %u rates in a list", SWEEP_RATES_MAX);
		return opt_bad(c, what);
	}
	if (err != 0) {
		snprintf(what, sizeof what, "rates are IOPS from 1 to %u or percents of the cap above "
		    "0%% up to 1000%%, comma-separated, e.g. 500,2000 or 10%%,50%%,110%%",
		    SWEEP_RATE_MAX);
		return opt_bad(c, what);
	}
	return 0;
}

static int
check_arrivals(struct opt_ctx *c, const struct option_entry *o, const char *v)
{
	(void)o;
	if (strcmp(v, "fixed") == 0 || strcmp(v, "poisson") == 0)
		return 0;
	return opt_bad(c, "arrivals are fixed (even intervals) or poisson");
}

static int
check_rwmixread(struct opt_ctx *c, const struct option_entry *o, const char *v)
{
	struct num_list l;

	if (parse_uint_list(v, o->min, o->max, &l) != 0)
		return opt_range(c, o);
	opt_group(c, CFG_SET_RWMIX)->rwmixread = l;
	return 0;
}

static int
check_engine(struct opt_ctx *c, const struct option_entry *o, const char *v)
{
	char *m;
	int err;

	(void)o;
	if (engine_find(v) != NULL)
		return 0;
	m = xasprintf("engine must be one of: %s", engine_names());
	err = opt_bad(c, m);
	free(m);
	return err;
}

static int
check_expect(struct opt_ctx *c, const struct option_entry *o, const char *v)
{
	struct expect e;
	char err[256];

	(void)o;
	if (profile_parse_expect(v, &e, err, sizeof err) != 0)
		return opt_bad(c, err);
	return 0;
}

static int
check_profile(struct opt_ctx *c, const struct option_entry *o, const char *v)
{
	(void)o;
	if (*v == '\0')
		return opt_bad(c, "give a profile name (e.g. aws-gp2) or the path of a profile file");
	return 0;
}

static int
check_out(struct opt_ctx *c, const struct option_entry *o, const char *v)
{
	(void)o;
	if (*v == '\0')
		return opt_bad(c, "output directory must not be empty");
	return 0;
}

/*
 * A target's path is recorded in results.json and shown in every report,
 * which take UTF-8 text: a name that is not (Latin-1 "caf\xe9.dat") or
 * holds a control character is refused rather than recorded changed, as a
 * later --resume would then open another file.
 */
static int
check_target_path(struct opt_ctx *c, const struct option_entry *o, const char *v)
{
	(void)o;
	if (!text_is_clean(v))
		return opt_bad(c, "the path must be UTF-8 text without control characters (it is "
		    "recorded in results.json and shown in the reports): rename it, or give a "
		    "symbolic link to it");
	return 0;
}

static int
check_label(struct opt_ctx *c, const struct option_entry *o, const char *v)
{
	const char *p;

	if (*v == '\0' || strlen(v) > o->max)
		return opt_range(c, o);
	for (p = v; *p != '\0'; p++)
		if (*p == '/' || (unsigned char)*p < 32)
			return opt_bad(c, "label must not contain '/' or control characters");
	return 0;
}

/* --retry-unstable given: a resumed run takes it instead of the stored run's. */
static int
check_retry_unstable(struct opt_ctx *c, const struct option_entry *o, const char *v)
{
	(void)o;
	(void)v;
	c->cfg->retry_unstable_set = true;
	return 0;
}

/* --budget DURATION: whole seconds, or with s, m or h (90, 90s, 5m, 1h). */
static int
check_budget(struct opt_ctx *c, const struct option_entry *o, const char *v)
{
	uint64_t n;
	int ret = parse_duration(v, o->min, o->max, &n);

	if (ret == -EINVAL)
		return opt_bad(c, "budget is a duration such as 90 or 90s (seconds), 5m or 1h");
	if (ret != 0)
		return opt_range(c, o);
	c->cfg->budget_s = (unsigned)n;
	return 0;
}

/* --hold DURATION: as --budget's (10m, 1h). */
static int
check_hold(struct opt_ctx *c, const struct option_entry *o, const char *v)
{
	uint64_t n;
	int ret = parse_duration(v, o->min, o->max, &n);

	if (ret == -EINVAL)
		return opt_bad(c, "hold is a duration such as 600 or 600s (seconds), 10m or 1h");
	if (ret != 0)
		return opt_range(c, o);
	c->cfg->hold_s = (unsigned)n;
	return 0;
}

const struct option_entry options_table[] = {
	{ .name = "device", .cmds = CMD_RUN | CMD_PLAN,
	  .flags = OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN, .type = OPT_STRING, .off = CFG(device),
	  .argname = "PATH",
	  .help = "block device or partition to test, e.g. /dev/sdd1 (reads only unless --destructive)",
	  .brief = "block device or partition (read only without --destructive)",
	  .check = check_target_path },
	{ .name = "file", .cmds = CMD_RUN | CMD_PLAN,
	  .flags = OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN, .type = OPT_STRING, .off = CFG(file),
	  .argname = "PATH",
	  .help = "test file (created and laid out if missing); default: ./sweep.dat, removed unless --keep",
	  .brief = "test file, laid out if missing [./sweep.dat, removed unless --keep]",
	  .check = check_target_path },
	{ .name = "size", .cmds = CMD_RUN | CMD_PLAN,
	  .flags = OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN, .type = OPT_CUSTOM,
	  .def_text = "1g for files, whole device", .argname = "SIZE",
	  .help = "region every cell uses", .check = check_size },
	{ .name = "modes", .cmds = CMD_RUN | CMD_PLAN,
	  .flags = OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN | OPT_MATRIX, .type = OPT_CUSTOM,
	  .def = "read,randread,write,randwrite", .argname = "LIST",
	  .help = "from read, write, randread, randwrite, readwrite, randrw, or all",
	  .brief = "I/O modes, or all",
	  .check = check_modes },
	{ .name = "rwmixread", .cmds = CMD_RUN | CMD_PLAN,
	  .flags = OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN | OPT_MATRIX, .type = OPT_CUSTOM,
	  .max = 100, .def = "70", .argname = "PCT|LIST",
	  .help = "percentage of reads in readwrite and randrw; a list (100,65,0, or in a sweep file [100, "
	  "65, 0], also inside groups) makes a cell of each share for those modes, nested modes x "
	  "shares x bs x depth x jobs (the other modes get one cell); each cell carries its share "
	  "in results.json, results.csv (rwmixread) and the run's lines.  With several shares every "
	  "report and sweep compare treat each share as a mode of its own, randrw 65/35 "
	  "(reads/writes): its own summary row, caps, tables, chart lines and colour",
	  .brief = "% reads in readwrite and randrw; a list makes a cell of each",
	  .range = "rwmixread is a percentage of reads from %llu to %llu, or a list of them",
	  .check = check_rwmixread },
	{ .name = "bs", .cmds = CMD_RUN | CMD_PLAN,
	  .flags = OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN | OPT_MATRIX, .type = OPT_CUSTOM,
	  .min = SWEEP_BS_MIN, .max = SWEEP_BS_MAX, .def = "512-8m", .argname = "LIST|RANGE",
	  .help = "block sizes: 4k,64k,1m or 512-8m (every power of two in between)",
	  .brief = "block sizes, e.g. 4k,64k,1m, or 512-8m: each power of two",
	  .check = check_bs },
	{ .name = "depth", .cmds = CMD_RUN | CMD_PLAN,
	  .flags = OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN | OPT_MATRIX | OPT_HELP_RANGE,
	  .type = OPT_CUSTOM, .min = 1, .max = SWEEP_DEPTH_MAX, .def = "1,32", .argname = "LIST",
	  .help = "queue depths (I/Os in flight per job), %llu to %llu",
	  .range = "queue depths are whole numbers from %llu to %llu, e.g. 1,32 or 1-64",
	  .check = check_depth },
	{ .name = "jobs", .cmds = CMD_RUN | CMD_PLAN,
	  .flags = OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN | OPT_MATRIX | OPT_HELP_RANGE,
	  .type = OPT_CUSTOM, .min = 1, .max = SWEEP_JOBS_MAX, .def = "1", .argname = "LIST",
	  .help = "parallel jobs (threads) per cell, %llu to %llu",
	  .range = "jobs are whole numbers from %llu to %llu, e.g. 1,4", .check = check_jobs },
	{ .name = "engine", .cmds = CMD_RUN | CMD_PLAN,
	  .flags = OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN, .type = OPT_STRING, .off = CFG(engine),
	  .def = "libaio", .argname = "NAME",
	  .help = "I/O engine: libaio, psync, null (no I/O: tests the pipeline), io_uring where built",
	  .brief = "libaio, psync, io_uring (where built), null (no I/O)",
	  .check = check_engine },
	{ .name = "runtime", .cmds = CMD_RUN | CMD_PLAN,
	  .flags = OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN, .type = OPT_UINT,
	  .off = CFG(runtime_s), .min = 1, .max = 86400, .def = "10", .argname = "SECONDS",
	  .help = "measured time per cell",
	  .range = "runtime is whole seconds per cell, from %llu to %llu" },
	{ .name = "ramp", .cmds = CMD_RUN | CMD_PLAN,
	  .flags = OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN, .type = OPT_UINT, .off = CFG(ramp_s),
	  .max = 3600, .def = "2", .argname = "SECONDS",
	  .help = "warm-up per cell, excluded from the figures",
	  .range = "ramp is whole seconds per cell, from %llu to %llu" },
	{ .name = "seed", .cmds = CMD_RUN | CMD_PLAN,
	  .flags = OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN, .type = OPT_UINT64, .off = CFG(seed),
	  .max = UINT64_MAX, .def = "1", .argname = "N",
	  .help = "seed for random offsets (runs with one seed issue the same offsets)",
	  .brief = "seed of the random offsets (same seed, same offsets)",
	  .range = "seed is a whole number" },
	{ .name = "rate", .cmds = CMD_RUN | CMD_PLAN,
	  .flags = OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN, .type = OPT_STRING, .off = CFG(rate),
	  .argname = "LIST",
	  .help = "open-loop cells: after the closed-loop cells, each again at each rate, in IOPS "
	  "(500,2000) or in percent of the cap (10%,50%,80%,95%,110%: of the best IOPS of the "
	  "closed-loop cells of the same mode and block size, measured first); I/Os are issued on "
	  "a schedule, at most --depth in flight per job (one due while the queue is full waits), "
	  "and each one's latency is timed from when it was due, so a stall shows in every I/O it "
	  "delays; the cell records the rate offered and achieved and how late issue fell behind; "
	  "with --auto, once its search ends (beyond --budget): per mode one cell per rate at the "
	  "cell where it found the IOPS cap (its bs and depth), a percent of that cap's IOPS "
	  "(skipped, with the reason, where it found none); not with --like",
	  .brief = "open-loop cells at these IOPS or percents of the cap, e.g. 10%,50%,95%",
	  .check = check_rate },
	{ .name = "arrivals", .cmds = CMD_RUN | CMD_PLAN,
	  .flags = OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN, .type = OPT_STRING, .off = CFG(arrivals),
	  .def = "fixed", .argname = "fixed|poisson",
	  .help = "with --rate: when I/Os are due: at even intervals (fixed), or as a Poisson process "
	  "(poisson: random gaps of the same mean, from --seed, so a run repeats its schedule)",
	  .brief = "with --rate: even intervals (fixed) or poisson (seeded)",
	  .check = check_arrivals },
	{ .name = "steady", .cmds = CMD_RUN | CMD_PLAN,
	  .flags = OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN, .type = OPT_UINT,
	  .off = CFG(steady_pct), .max = 50, .def = "2", .argname = "PCT",
	  .help = "end a cell early once its per-second IOPS over the last --steady-window (5 s; all "
	  "seconds so far before that) stay within PCT% of their mean with no trend, after at least "
	  "--min-runtime (3 s); the band is never narrower than a second's counting error (up to "
	  "the I/Os in flight) and a cell needs 100 / PCT times that many completions (see STEADY "
	  "STATE); 0: every cell runs --runtime",
	  .brief = "end a cell once its IOPS hold within PCT% (0: run --runtime)",
	  .range = "steady is a percentage from %llu (off: fixed runtime) to %llu" },
	{ .name = "steady-window", .cmds = CMD_RUN | CMD_PLAN,
	  .flags = OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN, .type = OPT_UINT,
	  .off = CFG(steady_window_s), .min = 2, .max = 3600, .def = "5", .argname = "SECONDS",
	  .help = "window of the steady-state test",
	  .range = "steady-window is whole seconds from %llu to %llu" },
	{ .name = "min-runtime", .cmds = CMD_RUN | CMD_PLAN,
	  .flags = OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN, .type = OPT_UINT,
	  .off = CFG(min_runtime_s), .min = 1, .max = 86400, .def = "3", .argname = "SECONDS",
	  .help = "with --steady: the least a cell runs after its ramp (3 at least)",
	  .range = "min-runtime is whole seconds from %llu to %llu" },
	{ .name = "repeat", .cmds = CMD_RUN | CMD_PLAN,
	  .flags = OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN | OPT_HELP_RANGE, .type = OPT_UINT,
	  .off = CFG(repeat), .min = 1, .max = SWEEP_REPEAT_MAX, .def = "1", .argname = "N",
	  .help = "run the whole plan N times (%llu to %llu), round by round; each cell shows its median "
	  "round with the spread and the median's interval, \"12,340 (11,900-12,800)\" (95%% from 6 "
	  "rounds up; with fewer, the range of the rounds and its real coverage: 75%% at 3); sweep "
	  "compare calls overlapping intervals a tie (see REPEATED ROUNDS)",
	  .brief = "run the plan N times (%llu to %llu); cells show their median round",
	  .range = "repeat is a whole number of rounds from %llu to %llu" },
	{ .name = "rounds-until-steady", .cmds = CMD_RUN | CMD_PLAN,
	  .flags = OPT_ARG | OPT_ARG_OPTIONAL | OPT_CLI | OPT_FILE | OPT_PLAN | OPT_HELP_RANGE,
	  .type = OPT_UINT, .off = CFG(rounds_until_steady), .min = SWEEP_STEADY_WINDOW_ROUNDS,
	  .max = SWEEP_REPEAT_MAX, .def = "25", .def_text = "off; MAX left out: 25",
	  .argname = "[MAX]",
	  .help = "repeat rounds (at most MAX, %llu to %llu) until the SNIA PTS steady state: the last 5 "
	  "rounds of each mode's (each read share's) smallest block size that runs, at its "
	  "highest depth within 20%% of their mean, their fitted slope moving less than 10%%",
	  .brief = "repeat rounds until SNIA steady state",
	  .range = "rounds-until-steady is the most rounds, from %llu to %llu" },
	{ .name = "retry-unstable", .cmds = CMD_RUN | CMD_PLAN,
	  .flags = OPT_ARG | OPT_CLI | OPT_FILE | OPT_HELP_RANGE, .type = OPT_UINT,
	  .off = CFG(retry_unstable), .max = SWEEP_RETRY_MAX, .def = "0", .argname = "N",
	  .help = "after the last cell, re-run each stalled or noisy cell (its stability verdict) up to N "
	  "times (%llu to %llu), stopping at the first steady attempt; every attempt is kept in "
	  "results.json and the cell shows its first steady attempt, else its least unstable one "
	  "(noisy before stalled, then the lowest CV), saying which and why; sweep plan says "
	  "retries may add up to N x cells; not with --repeat or --rounds-until-steady (a cell's "
	  "rounds already measure it again, and their spread is what shows it unsteady)",
	  .brief = "re-run each stalled or noisy cell up to N times (%llu to %llu)",
	  .range = "retry-unstable is a whole number of re-runs per cell from %llu to %llu",
	  .check = check_retry_unstable },
	{ .name = "io-timeout", .cmds = CMD_RUN | CMD_PLAN, .flags = OPT_ARG | OPT_CLI | OPT_FILE,
	  .type = OPT_UINT, .off = CFG(io_timeout_s), .min = 1, .max = 86400, .def = "30",
	  .argname = "SECONDS", .help = "abort a cell whose I/O has not completed for this long; the sweep goes on",
	  .brief = "abort a cell whose I/O has not completed for this long",
	  .range = "io-timeout is whole seconds from %llu to %llu" },
	{ .name = "stop-on-error", .cmds = CMD_RUN | CMD_PLAN, .flags = OPT_CLI | OPT_FILE,
	  .type = OPT_BOOL, .off = CFG(stop_on_error),
	  .help = "stop the sweep at the first failed cell (default: go on to the next)" },
	{ .name = "auto", .cmds = CMD_RUN | CMD_PLAN, .flags = OPT_CLI, .type = OPT_BOOL,
	  .off = CFG(auto_plan),
	  .help = "choose the cells as the run goes, per mode given (and only those; a mixed mode at one "
	  "read share): a QD1 pass at 4K and 1M (the QD1 latency, the depth search's start), a size "
	  "either side of the knee it suggests at the highest depth, the highest depth at 4K or 1M "
	  "where QD1 is below the caps, knee bisection until both caps rest on 2 block sizes within "
	  "5%, a depth search at 4K and 1M (QD1 on a settled cap is saturated, else doubling until "
	  "IOPS gain under 5%: the saturating depth); a cell that comes out noisy or stalled, or "
	  "that other I/O shared the device with, is measured again first (up to 2 times; the cell "
	  "keeps each attempt); cells ramp 1 s and run at most 6 s unless --ramp or --runtime is "
	  "given, and end within a tenth of a second once their seconds judge steady, or noisy or "
	  "stalled; with --bs (or a sweep file's bs) only block sizes from its smallest to its "
	  "largest (the QD1 pass then at 4K and 1M if 4K, 64K and 1M are all in it, else at its "
	  "smallest and largest); each cell records why (reason in results.json and results.csv) "
	  "and report.md says \"How this was measured\" and what the budget left open",
	  .brief = "choose the cells as it goes: caps, knee, saturating depth, QD1 latency" },
	{ .name = "budget", .cmds = CMD_RUN | CMD_PLAN, .flags = OPT_ARG | OPT_CLI,
	  .type = OPT_CUSTOM, .min = 10, .max = 86400, .def_text = "2 min 30 s per mode",
	  .argname = "DURATION",
	  .help = "with --auto: the most the run takes, e.g. 90s, 5m, 1h; open questions are named; a "
	  "budget that cannot hold a cell per mode (ramp, runtime or --min-runtime, 1 s set-up, and "
	  "2 s for the reports) is refused",
	  .brief = "with --auto: the most it takes (90s, 5m, 1h)",
	  .range = "budget is from %llu s to %llu s", .check = check_budget },
	{ .name = "like", .cmds = CMD_RUN | CMD_PLAN, .flags = OPT_ARG | OPT_CLI,
	  .type = OPT_STRING, .off = CFG(like), .argname = "DIR",
	  .help = "with --auto: measure exactly the cells of the earlier run in DIR, so that sweep compare "
	  "has every cell in common (-o must be another folder)",
	  .brief = "with --auto: measure exactly the cells of the run in DIR" },
	{ .name = "hold", .cmds = CMD_RUN | CMD_PLAN, .flags = OPT_ARG | OPT_CLI,
	  .type = OPT_CUSTOM, .min = 10, .max = 86400, .argname = "DURATION",
	  .help = "run one cell closed-loop at the volume's cap for DURATION (e.g. 10m, 1h) and judge it "
	  "against the profile's promise: the share of seconds within 10% of the provisioned IOPS "
	  "(of the level held without --profile or --expect), dips below 90% of the level with their "
	  "start and length, the worst minute, p99 latency per minute, a step where a burst bucket "
	  "runs out, and each whole hour's total against 99% of the expected; the cell is the one "
	  "--modes, --bs and --depth give (one each; default randread, 16k, depth 32), with "
	  "--steady off and --runtime set to DURATION",
	  .brief = "one cell for DURATION (10m, 1h), judged against the promise over time",
	  .range = "hold is from %llu s to %llu s", .check = check_hold },
	{ .name = "resume", .cmds = CMD_RUN, .flags = OPT_ARG | OPT_CLI, .type = OPT_STRING,
	  .off = CFG(resume), .argname = "DIR",
	  .help = "continue an interrupted run in DIR: same plan and target, finished cells kept",
	  .brief = "continue an interrupted run in DIR (same plan; finished cells kept)" },
	{ .name = "sweep", .cmds = CMD_RUN | CMD_PLAN, .flags = OPT_ARG | OPT_CLI | OPT_PLAN,
	  .type = OPT_STRING, .off = CFG(sweep_file), .argname = "FILE",
	  .help = "JSON sweep file (a path, or a name from the shipped sweeps/); options given here override it",
	  .brief = "JSON sweep file (a path or a shipped name); options here override it" },
	{ .name = "out", .short_name = 'o', .cmds = CMD_ALL, .flags = OPT_ARG | OPT_CLI | OPT_FILE,
	  .type = OPT_STRING, .off = CFG(out_dir), .def_text = "reports/LABEL-YYYYmmdd-HHMMSS",
	  .argname = "DIR", .help = "output directory", .check = check_out },
	{ .name = "label", .cmds = CMD_RUN | CMD_PLAN | CMD_IMPORT,
	  .flags = OPT_ARG | OPT_CLI | OPT_FILE | OPT_TEXT, .type = OPT_STRING, .off = CFG(label),
	  .min = 1, .max = 100, .def_text = "the target's name", .argname = "NAME",
	  .help = "name of this run in reports and comparisons",
	  .range = "label must be %llu to %llu characters", .check = check_label },
	{ .name = "formats", .cmds = CMD_ALL, .flags = OPT_ARG | OPT_CLI | OPT_FILE,
	  .type = OPT_STRING, .off = CFG(formats), .def_text = "csv,xlsx,png,svg,md,html",
	  .argname = "LIST", .help = "report formats to write: csv, xlsx, png, svg, md, html, or all (results.json is always "
	  "written)",
	  .brief = "reports to write, or all" },
	{ .name = "gnuplot", .cmds = CMD_ALL, .flags = OPT_ARG | OPT_CLI, .type = OPT_STRING,
	  .off = CFG(gnuplot), .def_text = "gnuplot on PATH", .argname = "PATH",
	  .help = "gnuplot binary for the charts; without one, the .gp and .dat files are still written",
	  .brief = "gnuplot binary for the charts" },
	{ .name = "fio-jobfile", .cmds = CMD_PLAN, .flags = OPT_ARG | OPT_CLI, .type = OPT_STRING,
	  .off = CFG(fio_jobfile), .argname = "FILE",
	  .help = "with plan: write an equivalent fio job file (one job per cell, stonewall)",
	  .brief = "write the plan as an equivalent fio job file (one job per cell)" },
	{ .name = "hosts", .cmds = CMD_RUN, .flags = OPT_ARG | OPT_CLI, .type = OPT_STRING,
	  .off = CFG(hosts), .argname = "H1[:PORT],H2,...",
	  .help = "run the plan on these hosts through fio's client/server mode (fio --server on each)",
	  .brief = "run the plan on these hosts through fio --server on each" },
	{ .name = "hosts-file", .cmds = CMD_RUN, .flags = OPT_ARG | OPT_CLI, .type = OPT_STRING,
	  .off = CFG(hosts_file), .argname = "FILE",
	  .help = "as --hosts, one host[:port] per line" },
	{ .name = "csv", .cmds = CMD_IMPORT, .flags = OPT_ARG | OPT_CLI, .type = OPT_STRING,
	  .off = CFG(csv), .argname = "TABLE.csv",
	  .help = "with import: build results.json from a table (mode, bs, iops and/or bw, ...)",
	  .brief = "build results.json from a table (mode, bs, iops and/or bw, ...)" },
	{ .name = "host", .cmds = CMD_IMPORT, .flags = OPT_ARG | OPT_CLI, .type = OPT_STRING,
	  .off = CFG(host), .argname = "NAME[:PORT]",
	  .help = "with import of fio client/server output: import only this host (default: every host, "
	  "one folder each, and hosts.md across them)",
	  .brief = "import only this host of fio client/server output (default: all)" },
	{ .name = "expect", .cmds = CMD_RUN | CMD_PLAN | CMD_REPORT | CMD_IMPORT,
	  .flags = OPT_ARG | OPT_CLI | OPT_FILE, .type = OPT_STRING, .off = CFG(expect),
	  .argname = "iops=N,bw=RATE",
	  .help = "the volume's provisioned caps, for the reports: iops=3000,bw=250m/s (also burst_iops=, "
	  "burst_bw=, size= for a profile's size-dependent caps)",
	  .brief = "the volume's provisioned caps, e.g. iops=3000,bw=250m/s", .check = check_expect },
	{ .name = "profile", .cmds = CMD_RUN | CMD_PLAN | CMD_REPORT | CMD_IMPORT,
	  .flags = OPT_ARG | OPT_CLI | OPT_FILE, .type = OPT_STRING, .off = CFG(profile),
	  .argname = "NAME|PATH",
	  .help = "caps of a volume type from sweeps/profiles (aws-gp2, aws-gp3, aws-io1, azure-p30, ...) "
	  "or a profile file",
	  .brief = "caps of a volume type (aws-gp3, azure-p30, ...) or a profile file", .check = check_profile },
	{ .name = "description", .flags = OPT_ARG | OPT_FILE | OPT_TEXT, .type = OPT_STRING,
	  .off = CFG(description), .argname = "TEXT",
	  .help = "what the sweep is for (shown in reports)" },
	{ .name = "comment", .flags = OPT_ARG | OPT_FILE, .type = OPT_IGNORED, .argname = "TEXT",
	  .help = "free text, ignored" },
	{ .name = "keep", .cmds = CMD_RUN | CMD_PLAN, .flags = OPT_CLI | OPT_FILE,
	  .type = OPT_BOOL, .off = CFG(keep),
	  .help = "keep the scratch file sweep.dat after the run" },
	{ .name = "destructive", .cmds = CMD_RUN | CMD_PLAN, .flags = OPT_CLI, .type = OPT_BOOL,
	  .off = CFG(destructive),
	  .help = "allow write modes on a block device or an existing file sweep did not create (its data "
	  "in --size is destroyed)",
	  .brief = "allow writes to a device or a file sweep did not create" },
	{ .name = "force", .cmds = CMD_RUN | CMD_PLAN, .flags = OPT_CLI, .type = OPT_BOOL,
	  .off = CFG(force),
	  .help = "with --destructive: write even though the device or file carries a filesystem or "
	  "partition table",
	  .brief = "with --destructive: write over a filesystem or partition table" },
	{ .name = "precondition", .cmds = CMD_RUN | CMD_PLAN, .flags = OPT_CLI | OPT_FILE,
	  .type = OPT_BOOL, .off = CFG(precondition),
	  .help = "write the whole region of a device once before the first cell (needs --destructive)",
	  .brief = "write a device's region once before the first cell (--destructive)" },
	{ .name = "quiet", .short_name = 'q', .cmds = CMD_RUN | CMD_PLAN,
	  .flags = OPT_CLI | OPT_FILE, .type = OPT_BOOL, .off = CFG(quiet),
	  .help = "no progress line or layout messages (the plan, a line per cell, warnings and the summary "
	  "still print; redirect standard output to keep only errors and warnings)",
	  .brief = "no progress line or layout messages; results and warnings still print" },
	{ .name = "ticket", .cmds = CMD_RUN | CMD_REPORT, .flags = OPT_CLI, .type = OPT_BOOL,
	  .off = CFG(ticket),
	  .help = "after the reports, print the ticket: the volume, the bottom line and its diagnosis, "
	  "the command that runs the test again and the fio job file of the cells the bottom line "
	  "rests on (report.md and report.html hold it too; not printed by default, as the job file "
	  "runs to dozens of lines)",
	  .brief = "print the ticket: volume, bottom line, diagnosis, command, fio job file" },
};
#define OPTIONS_COUNT (sizeof options_table / sizeof options_table[0])
const size_t options_table_len = OPTIONS_COUNT;
_Static_assert(OPTIONS_COUNT <= 64, "options_given keeps a bit per option in a uint64_t");
