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
	char *end;
	unsigned long long n;
	uint64_t mult = 1;

	errno = 0;
	n = *v >= '0' && *v <= '9' ? strtoull(v, &end, 10) : 0;
	if (n > 0 && errno == 0 && (strcmp(end, "m") == 0 || strcmp(end, "min") == 0))
		mult = 60;
	else if (n > 0 && errno == 0 && strcmp(end, "h") == 0)
		mult = 3600;
	else if (n == 0 || errno != 0 || (*end != '\0' && strcmp(end, "s") != 0))
		return opt_bad(c, "budget is a duration such as 90 or 90s (seconds), 5m or 1h");
	if (n > o->max || n * mult < o->min || n * mult > o->max)
		return opt_range(c, o);
	c->cfg->budget_s = (unsigned)(n * mult);
	return 0;
}

const struct option_entry options_table[] = {
	{ .name = "device", .cmds = CMD_RUN | CMD_PLAN,
	  .flags = OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN, .type = OPT_STRING, .off = CFG(device),
	  .argname = "PATH",
	  .help = "block device or partition to test, e.g. /dev/sdd1 (reads only unless --destructive)",
	  .check = check_target_path },
	{ .name = "file", .cmds = CMD_RUN | CMD_PLAN,
	  .flags = OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN, .type = OPT_STRING, .off = CFG(file),
	  .argname = "PATH",
	  .help = "test file (created and laid out if missing); default: ./sweep.dat, removed unless --keep",
	  .check = check_target_path },
	{ .name = "size", .cmds = CMD_RUN | CMD_PLAN,
	  .flags = OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN, .type = OPT_CUSTOM,
	  .def_text = "1g for files, whole device", .argname = "SIZE",
	  .help = "region every cell uses", .check = check_size },
	{ .name = "modes", .cmds = CMD_RUN | CMD_PLAN,
	  .flags = OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN | OPT_MATRIX, .type = OPT_CUSTOM,
	  .def = "read,randread,write,randwrite", .argname = "LIST",
	  .help = "from read, write, randread, randwrite, readwrite, randrw, or all",
	  .check = check_modes },
	{ .name = "rwmixread", .cmds = CMD_RUN | CMD_PLAN,
	  .flags = OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN | OPT_MATRIX, .type = OPT_CUSTOM,
	  .max = 100, .def = "70", .argname = "PCT|LIST",
	  .help = "percentage of reads in readwrite and randrw; a list (100,65,0) makes a cell of each",
	  .range = "rwmixread is a percentage of reads from %llu to %llu, or a list of them",
	  .check = check_rwmixread },
	{ .name = "bs", .cmds = CMD_RUN | CMD_PLAN,
	  .flags = OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN | OPT_MATRIX, .type = OPT_CUSTOM,
	  .min = SWEEP_BS_MIN, .max = SWEEP_BS_MAX, .def = "512-8m", .argname = "LIST|RANGE",
	  .help = "block sizes: 4k,64k,1m or 512-8m (every power of two in between)",
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
	  .range = "seed is a whole number" },
	{ .name = "steady", .cmds = CMD_RUN | CMD_PLAN,
	  .flags = OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN, .type = OPT_UINT,
	  .off = CFG(steady_pct), .max = 50, .def = "2", .argname = "PCT",
	  .help = "end a cell early once its per-second IOPS over the last window stay within PCT% "
	  "of their mean with no trend; 0: every cell runs --runtime",
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
	  .help = "run the whole plan N times (%llu to %llu), round by round; a cell's figures are its "
	  "median round's, shown with the rounds' range",
	  .range = "repeat is a whole number of rounds from %llu to %llu" },
	{ .name = "rounds-until-steady", .cmds = CMD_RUN | CMD_PLAN,
	  .flags = OPT_ARG | OPT_ARG_OPTIONAL | OPT_CLI | OPT_FILE | OPT_PLAN | OPT_HELP_RANGE,
	  .type = OPT_UINT, .off = CFG(rounds_until_steady), .min = SWEEP_STEADY_WINDOW_ROUNDS,
	  .max = SWEEP_REPEAT_MAX, .def = "25", .def_text = "off; MAX left out: 25",
	  .argname = "[MAX]",
	  .help = "repeat rounds (at most MAX, %llu to %llu) until the SNIA PTS steady state: the last 5 "
	  "rounds of each mode's (each read share's) smallest block size that runs, at its "
	  "highest depth within 20%% of their mean, their fitted slope moving less than 10%%",
	  .range = "rounds-until-steady is the most rounds, from %llu to %llu" },
	{ .name = "retry-unstable", .cmds = CMD_RUN | CMD_PLAN,
	  .flags = OPT_ARG | OPT_CLI | OPT_FILE | OPT_HELP_RANGE, .type = OPT_UINT,
	  .off = CFG(retry_unstable), .max = SWEEP_RETRY_MAX, .def = "0", .argname = "N",
	  .help = "after the last cell, re-run each stalled or noisy cell up to N times (%llu to %llu) "
	  "until an attempt is steady; every attempt is kept and the first steady one shown",
	  .range = "retry-unstable is a whole number of re-runs per cell from %llu to %llu",
	  .check = check_retry_unstable },
	{ .name = "io-timeout", .cmds = CMD_RUN | CMD_PLAN, .flags = OPT_ARG | OPT_CLI | OPT_FILE,
	  .type = OPT_UINT, .off = CFG(io_timeout_s), .min = 1, .max = 86400, .def = "30",
	  .argname = "SECONDS", .help = "abort a cell whose I/O has not completed for this long",
	  .range = "io-timeout is whole seconds from %llu to %llu" },
	{ .name = "stop-on-error", .cmds = CMD_RUN | CMD_PLAN, .flags = OPT_CLI | OPT_FILE,
	  .type = OPT_BOOL, .off = CFG(stop_on_error),
	  .help = "stop the sweep at the first failed cell (default: go on to the next)" },
	{ .name = "auto", .cmds = CMD_RUN | CMD_PLAN, .flags = OPT_CLI, .type = OPT_BOOL,
	  .off = CFG(auto_plan),
	  .help = "choose the cells as the run goes: per mode the IOPS and bandwidth caps (within 5%), the "
	  "knee, the saturating depth and QD1 latency, among the modes given only (and the block "
	  "sizes from the smallest to the largest of --bs, when given); a noisy or stalled cell is "
	  "measured again; cells ramp 1 s and run at most 6 s unless --ramp or --runtime is given" },
	{ .name = "budget", .cmds = CMD_RUN | CMD_PLAN, .flags = OPT_ARG | OPT_CLI,
	  .type = OPT_CUSTOM, .min = 10, .max = 86400, .def_text = "2 min 30 s per mode",
	  .argname = "DURATION",
	  .help = "with --auto: the most the run takes, e.g. 5m, 90s; open questions are named",
	  .range = "budget is from %llu s to %llu s", .check = check_budget },
	{ .name = "like", .cmds = CMD_RUN | CMD_PLAN, .flags = OPT_ARG | OPT_CLI,
	  .type = OPT_STRING, .off = CFG(like), .argname = "DIR",
	  .help = "with --auto: measure exactly the cells of the earlier run in DIR (for sweep compare)" },
	{ .name = "resume", .cmds = CMD_RUN, .flags = OPT_ARG | OPT_CLI, .type = OPT_STRING,
	  .off = CFG(resume), .argname = "DIR",
	  .help = "continue an interrupted run in DIR: same plan and target, finished cells kept" },
	{ .name = "sweep", .cmds = CMD_RUN | CMD_PLAN, .flags = OPT_ARG | OPT_CLI | OPT_PLAN,
	  .type = OPT_STRING, .off = CFG(sweep_file), .argname = "FILE",
	  .help = "JSON sweep file (a path, or a name from the shipped sweeps/); options given here override it" },
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
	  .argname = "LIST", .help = "report formats to write (results.json is always written)" },
	{ .name = "gnuplot", .cmds = CMD_ALL, .flags = OPT_ARG | OPT_CLI, .type = OPT_STRING,
	  .off = CFG(gnuplot), .def_text = "gnuplot on PATH", .argname = "PATH",
	  .help = "gnuplot binary for the charts; without one, the .gp and .dat files are still written" },
	{ .name = "fio-jobfile", .cmds = CMD_PLAN, .flags = OPT_ARG | OPT_CLI, .type = OPT_STRING,
	  .off = CFG(fio_jobfile), .argname = "FILE",
	  .help = "with plan: write an equivalent fio job file (one job per cell, stonewall)" },
	{ .name = "hosts", .cmds = CMD_RUN, .flags = OPT_ARG | OPT_CLI, .type = OPT_STRING,
	  .off = CFG(hosts), .argname = "H1[:PORT],H2,...",
	  .help = "run the plan on these hosts through fio's client/server mode (fio --server on each)" },
	{ .name = "hosts-file", .cmds = CMD_RUN, .flags = OPT_ARG | OPT_CLI, .type = OPT_STRING,
	  .off = CFG(hosts_file), .argname = "FILE",
	  .help = "as --hosts, one host[:port] per line" },
	{ .name = "csv", .cmds = CMD_IMPORT, .flags = OPT_ARG | OPT_CLI, .type = OPT_STRING,
	  .off = CFG(csv), .argname = "TABLE.csv",
	  .help = "with import: build results.json from a table (mode, bs, iops and/or bw, ...)" },
	{ .name = "host", .cmds = CMD_IMPORT, .flags = OPT_ARG | OPT_CLI, .type = OPT_STRING,
	  .off = CFG(host), .argname = "NAME[:PORT]",
	  .help = "with import of fio client/server output: import only this host (default: every host, "
	  "one folder each, and hosts.md across them)" },
	{ .name = "expect", .cmds = CMD_RUN | CMD_PLAN | CMD_REPORT | CMD_IMPORT,
	  .flags = OPT_ARG | OPT_CLI | OPT_FILE, .type = OPT_STRING, .off = CFG(expect),
	  .argname = "iops=N,bw=RATE",
	  .help = "the volume's provisioned caps, for the reports: iops=3000,bw=250m/s (also burst_iops=, "
	  "burst_bw=, size= for a profile's size-dependent caps)", .check = check_expect },
	{ .name = "profile", .cmds = CMD_RUN | CMD_PLAN | CMD_REPORT | CMD_IMPORT,
	  .flags = OPT_ARG | OPT_CLI | OPT_FILE, .type = OPT_STRING, .off = CFG(profile),
	  .argname = "NAME|PATH",
	  .help = "caps of a volume type from sweeps/profiles (aws-gp2, aws-gp3, aws-io1, azure-p30, ...) "
	  "or a profile file", .check = check_profile },
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
	  "in --size is destroyed)" },
	{ .name = "force", .cmds = CMD_RUN | CMD_PLAN, .flags = OPT_CLI, .type = OPT_BOOL,
	  .off = CFG(force),
	  .help = "with --destructive: write even though the device or file carries a filesystem or "
	  "partition table" },
	{ .name = "precondition", .cmds = CMD_RUN | CMD_PLAN, .flags = OPT_CLI | OPT_FILE,
	  .type = OPT_BOOL, .off = CFG(precondition),
	  .help = "write the whole region of a device once before the first cell (needs --destructive)" },
	{ .name = "quiet", .short_name = 'q', .cmds = CMD_RUN | CMD_PLAN,
	  .flags = OPT_CLI | OPT_FILE, .type = OPT_BOOL, .off = CFG(quiet),
	  .help = "no progress line or layout messages (the plan, a line per cell, warnings and the "
	  "summary still print)" },
};
#define OPTIONS_COUNT (sizeof options_table / sizeof options_table[0])
const size_t options_table_len = OPTIONS_COUNT;
_Static_assert(OPTIONS_COUNT <= 64, "options_given keeps a bit per option in a uint64_t");
