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

#include "options.h"
#include "sweep.h"

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
	{ "device", 0, OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN, OPT_STRING, CFG(device), 0, 0,
	  NULL, NULL, "PATH",
	  "block device or partition to test, e.g. /dev/sdd1 (reads only unless --destructive)",
	  NULL, check_target_path },
	{ "file", 0, OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN, OPT_STRING, CFG(file), 0, 0,
	  NULL, NULL, "PATH",
	  "test file (created and laid out if missing); default: ./sweep.dat, removed unless --keep",
	  NULL, check_target_path },
	{ "size", 0, OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN, OPT_CUSTOM, 0, 0, 0,
	  NULL, "1g for files, whole device", "SIZE", "region every cell uses", NULL, check_size },
	{ "modes", 0, OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN | OPT_MATRIX, OPT_CUSTOM, 0, 0, 0,
	  "read,randread,write,randwrite", NULL, "LIST",
	  "from read, write, randread, randwrite, readwrite, randrw, or all", NULL, check_modes },
	{ "rwmixread", 0, OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN | OPT_MATRIX, OPT_CUSTOM, 0, 0,
	  100, "70", NULL, "PCT|LIST",
	  "percentage of reads in readwrite and randrw; a list (100,65,0) makes a cell of each",
	  "rwmixread is a percentage of reads from %llu to %llu, or a list of them", check_rwmixread },
	{ "bs", 0, OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN | OPT_MATRIX, OPT_CUSTOM, 0,
	  SWEEP_BS_MIN, SWEEP_BS_MAX, "512-8m", NULL, "LIST|RANGE",
	  "block sizes: 4k,64k,1m or 512-8m (every power of two in between)", NULL, check_bs },
	{ "depth", 0, OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN | OPT_MATRIX | OPT_HELP_RANGE,
	  OPT_CUSTOM, 0, 1, SWEEP_DEPTH_MAX, "1,32", NULL, "LIST",
	  "queue depths (I/Os in flight per job), %llu to %llu",
	  "queue depths are whole numbers from %llu to %llu, e.g. 1,32 or 1-64", check_depth },
	{ "jobs", 0, OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN | OPT_MATRIX | OPT_HELP_RANGE,
	  OPT_CUSTOM, 0, 1, SWEEP_JOBS_MAX, "1", NULL, "LIST",
	  "parallel jobs (threads) per cell, %llu to %llu",
	  "jobs are whole numbers from %llu to %llu, e.g. 1,4", check_jobs },
	{ "engine", 0, OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN, OPT_STRING, CFG(engine), 0, 0,
	  "libaio", NULL, "NAME",
	  "I/O engine: libaio, psync, null (no I/O: tests the pipeline), io_uring where built",
	  NULL, check_engine },
	{ "runtime", 0, OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN, OPT_UINT, CFG(runtime_s), 1, 86400,
	  "10", NULL, "SECONDS", "measured time per cell",
	  "runtime is whole seconds per cell, from %llu to %llu", NULL },
	{ "ramp", 0, OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN, OPT_UINT, CFG(ramp_s), 0, 3600,
	  "2", NULL, "SECONDS", "warm-up per cell, excluded from the figures",
	  "ramp is whole seconds per cell, from %llu to %llu", NULL },
	{ "seed", 0, OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN, OPT_UINT64, CFG(seed), 0, UINT64_MAX,
	  "1", NULL, "N", "seed for random offsets (runs with one seed issue the same offsets)",
	  "seed is a whole number", NULL },
	{ "steady", 0, OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN, OPT_UINT, CFG(steady_pct), 0, 50,
	  "2", NULL, "PCT",
	  "end a cell early once its per-second IOPS over the last window stay within PCT% "
	  "of their mean with no trend; 0: every cell runs --runtime",
	  "steady is a percentage from %llu (off: fixed runtime) to %llu", NULL },
	{ "steady-window", 0, OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN, OPT_UINT,
	  CFG(steady_window_s), 2, 3600, "5", NULL, "SECONDS", "window of the steady-state test",
	  "steady-window is whole seconds from %llu to %llu", NULL },
	{ "min-runtime", 0, OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN, OPT_UINT, CFG(min_runtime_s),
	  1, 86400, "3", NULL, "SECONDS",
	  "with --steady: the least a cell runs after its ramp (3 at least)",
	  "min-runtime is whole seconds from %llu to %llu", NULL },
	{ "repeat", 0, OPT_ARG | OPT_CLI | OPT_FILE | OPT_PLAN | OPT_HELP_RANGE, OPT_UINT,
	  CFG(repeat), 1, SWEEP_REPEAT_MAX, "1", NULL, "N",
	  "run the whole plan N times (%llu to %llu), round by round; a cell's figures are its "
	  "median round's, shown with the rounds' range",
	  "repeat is a whole number of rounds from %llu to %llu", NULL },
	{ "rounds-until-steady", 0, OPT_ARG | OPT_ARG_OPTIONAL | OPT_CLI | OPT_FILE | OPT_PLAN |
	  OPT_HELP_RANGE, OPT_UINT, CFG(rounds_until_steady), SWEEP_STEADY_WINDOW_ROUNDS,
	  SWEEP_REPEAT_MAX, "25", "off; MAX left out: 25", "[MAX]",
	  "repeat rounds (at most MAX, %llu to %llu) until the SNIA PTS steady state: the last 5 "
	  "rounds of each mode's (each read share's) smallest block size that runs, at its "
	  "highest depth within 20%% of their mean, their fitted slope moving less than 10%%",
	  "rounds-until-steady is the most rounds, from %llu to %llu", NULL },
	{ "retry-unstable", 0, OPT_ARG | OPT_CLI | OPT_FILE | OPT_HELP_RANGE, OPT_UINT,
	  CFG(retry_unstable), 0, SWEEP_RETRY_MAX, "0", NULL, "N",
	  "after the last cell, re-run each stalled or noisy cell up to N times (%llu to %llu) "
	  "until an attempt is steady; every attempt is kept and the first steady one shown",
	  "retry-unstable is a whole number of re-runs per cell from %llu to %llu",
	  check_retry_unstable },
	{ "io-timeout", 0, OPT_ARG | OPT_CLI | OPT_FILE, OPT_UINT, CFG(io_timeout_s), 1, 86400,
	  "30", NULL, "SECONDS", "abort a cell whose I/O has not completed for this long",
	  "io-timeout is whole seconds from %llu to %llu", NULL },
	{ "stop-on-error", 0, OPT_CLI | OPT_FILE, OPT_BOOL, CFG(stop_on_error), 0, 0, NULL, NULL,
	  NULL, "stop the sweep at the first failed cell (default: go on to the next)", NULL, NULL },
	{ "auto", 0, OPT_CLI, OPT_BOOL, CFG(auto_plan), 0, 0, NULL, NULL, NULL,
	  "choose the cells as the run goes: per mode the IOPS and bandwidth caps (within 5%), the "
	  "knee, the saturating depth and QD1 latency, among the modes given only (and the block "
	  "sizes from the smallest to the largest of --bs, when given)", NULL, NULL },
	{ "budget", 0, OPT_ARG | OPT_CLI, OPT_CUSTOM, 0, 10, 86400, NULL,
	  "2 min 30 s per mode", "DURATION",
	  "with --auto: the most the run takes, e.g. 5m, 90s; open questions are named",
	  "budget is from %llu s to %llu s", check_budget },
	{ "like", 0, OPT_ARG | OPT_CLI, OPT_STRING, CFG(like), 0, 0, NULL, NULL, "DIR",
	  "with --auto: measure exactly the cells of the earlier run in DIR (for sweep compare)",
	  NULL, NULL },
	{ "resume", 0, OPT_ARG | OPT_CLI, OPT_STRING, CFG(resume), 0, 0, NULL, NULL, "DIR",
	  "continue an interrupted run in DIR: same plan and target, finished cells kept",
	  NULL, NULL },
	{ "sweep", 0, OPT_ARG | OPT_CLI | OPT_PLAN, OPT_STRING, CFG(sweep_file), 0, 0, NULL, NULL,
	  "FILE",
	  "JSON sweep file (a path, or a name from the shipped sweeps/); options given here override it",
	  NULL, NULL },
	{ "out", 'o', OPT_ARG | OPT_CLI | OPT_FILE, OPT_STRING, CFG(out_dir), 0, 0, NULL,
	  "reports/LABEL-YYYYmmdd-HHMMSS", "DIR", "output directory", NULL, check_out },
	{ "label", 0, OPT_ARG | OPT_CLI | OPT_FILE | OPT_TEXT, OPT_STRING, CFG(label), 1, 100, NULL,
	  "the target's name", "NAME", "name of this run in reports and comparisons",
	  "label must be %llu to %llu characters", check_label },
	{ "formats", 0, OPT_ARG | OPT_CLI | OPT_FILE, OPT_STRING, CFG(formats), 0, 0, NULL,
	  "csv,xlsx,png,svg,md,html", "LIST",
	  "report formats to write (results.json is always written)", NULL, NULL },
	{ "gnuplot", 0, OPT_ARG | OPT_CLI, OPT_STRING, CFG(gnuplot), 0, 0, NULL, "gnuplot on PATH",
	  "PATH",
	  "gnuplot binary for the charts; without one, the .gp and .dat files are still written",
	  NULL, NULL },
	{ "fio-jobfile", 0, OPT_ARG | OPT_CLI, OPT_STRING, CFG(fio_jobfile), 0, 0, NULL, NULL,
	  "FILE", "with plan: write an equivalent fio job file (one job per cell, stonewall)",
	  NULL, NULL },
	{ "hosts", 0, OPT_ARG | OPT_CLI, OPT_STRING, CFG(hosts), 0, 0, NULL, NULL,
	  "H1[:PORT],H2,...",
	  "run the plan on these hosts through fio's client/server mode (fio --server on each)",
	  NULL, NULL },
	{ "hosts-file", 0, OPT_ARG | OPT_CLI, OPT_STRING, CFG(hosts_file), 0, 0, NULL, NULL,
	  "FILE", "as --hosts, one host[:port] per line", NULL, NULL },
	{ "csv", 0, OPT_ARG | OPT_CLI, OPT_STRING, CFG(csv), 0, 0, NULL, NULL, "TABLE.csv",
	  "with import: build results.json from a table (mode, bs, iops and/or bw, ...)",
	  NULL, NULL },
	{ "host", 0, OPT_ARG | OPT_CLI, OPT_STRING, CFG(host), 0, 0, NULL, NULL, "NAME[:PORT]",
	  "with import of fio client/server output: import only this host (default: every host, "
	  "one folder each, and hosts.md across them)", NULL, NULL },
	{ "expect", 0, OPT_ARG | OPT_CLI | OPT_FILE, OPT_STRING, CFG(expect), 0, 0, NULL, NULL,
	  "iops=N,bw=RATE",
	  "the volume's provisioned caps, for the reports: iops=3000,bw=250m/s (also burst_iops=, "
	  "burst_bw=, size= for a profile's size-dependent caps)", NULL, check_expect },
	{ "profile", 0, OPT_ARG | OPT_CLI | OPT_FILE, OPT_STRING, CFG(profile), 0, 0, NULL, NULL,
	  "NAME|PATH",
	  "caps of a volume type from sweeps/profiles (aws-gp2, aws-gp3, aws-io1, azure-p30, ...) "
	  "or a profile file", NULL, check_profile },
	{ "description", 0, OPT_ARG | OPT_FILE | OPT_TEXT, OPT_STRING, CFG(description), 0, 0, NULL,
	  NULL, "TEXT", "what the sweep is for (shown in reports)", NULL, NULL },
	{ "comment", 0, OPT_ARG | OPT_FILE, OPT_IGNORED, 0, 0, 0, NULL, NULL, "TEXT",
	  "free text, ignored", NULL, NULL },
	{ "keep", 0, OPT_CLI | OPT_FILE, OPT_BOOL, CFG(keep), 0, 0, NULL, NULL, NULL,
	  "keep the scratch file sweep.dat after the run", NULL, NULL },
	{ "destructive", 0, OPT_CLI, OPT_BOOL, CFG(destructive), 0, 0, NULL, NULL, NULL,
	  "allow write modes on a block device or an existing file sweep did not create (its data "
	  "in --size is destroyed)", NULL, NULL },
	{ "force", 0, OPT_CLI, OPT_BOOL, CFG(force), 0, 0, NULL, NULL, NULL,
	  "with --destructive: write even though the device or file carries a filesystem or "
	  "partition table",
	  NULL, NULL },
	{ "precondition", 0, OPT_CLI | OPT_FILE, OPT_BOOL, CFG(precondition), 0, 0, NULL, NULL,
	  NULL, "write the whole region of a device once before the first cell (needs --destructive)",
	  NULL, NULL },
	{ "quiet", 'q', OPT_CLI | OPT_FILE, OPT_BOOL, CFG(quiet), 0, 0, NULL, NULL, NULL,
	  "no progress line or layout messages (the plan, a line per cell, warnings and the "
	  "summary still print)", NULL, NULL },
};
#define OPTIONS_COUNT (sizeof options_table / sizeof options_table[0])
const size_t options_table_len = OPTIONS_COUNT;
_Static_assert(OPTIONS_COUNT <= 64, "options_given keeps a bit per option in a uint64_t");
