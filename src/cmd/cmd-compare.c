/* sweep compare A B [...]: runs side by side (compare*.c builds and writes the comparison). */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "analysis/analysis.h"
#include "base/sweep.h"
#include "base/util.h"
#include "cmd/cmd.h"
#include "render/report.h"
#include "results/results.h"

static int cmd_compare_exec(struct config *);

const struct cmd_entry cmd_compare_entry = {
	.name = "compare",
	.cmd = CMD_COMPARE,
	.usage = "sweep compare A B [...] [OPTIONS]",
	.summary = "compare runs (folders or results.json): ratios, winners, verdicts",
	.exec = cmd_compare_exec
};

/* A results.json for an argument: the file, or the one in a run's folder.  Caller frees. */
static char *
cmd_compare_input(const char *arg)
{
	struct stat st;

	if (stat(arg, &st) == 0 && S_ISDIR(st.st_mode))
		return xasprintf("%s/results.json", arg);
	return xstrdup(arg);
}

/* A label for each run: its own, else its folder's name; repeats get -2, -3, ... */
static void
cmd_compare_labels(struct compare *cmp)
{
	unsigned k, j, n;

	for (k = 0; k < cmp->nruns; k++) {
		struct compare_run *run = &cmp->runs[k];
		char base[128];

		if (run->res.label[0] != '\0')
			str_copy(base, sizeof base, run->res.label);
		else {
			char *dir = xstrdup(run->path), *slash = strrchr(dir, '/');

			if (slash != NULL)
				*slash = '\0';
			slash = strrchr(dir, '/');
			str_copy(base, sizeof base, slash != NULL ? slash + 1 : dir);
			free(dir);
		}
		str_copy(run->label, sizeof run->label, base);
		for (n = 2; ; n++) {
			for (j = 0; j < k; j++)
				if (strcmp(cmp->runs[j].label, run->label) == 0)
					break;
			if (j == k)
				break;
			snprintf(run->label, sizeof run->label, "%s-%u", base, n);
		}
	}
}

/*
 * The longest folder name compare makes from labels, before its
 * -YYYYmmdd-HHMMSS: a file name has 255 bytes at most (NAME_MAX), and
 * four labels of up to 100 bytes do not fit in that.
 */
#define COMPARE_NAME_MAX	200
/* Each label's bytes in a name that had to be shortened: four and the rest fit in COMPARE_NAME_MAX. */
#define COMPARE_LABEL_CUT	36

/* compare-A-vs-B[-vs-C-vs-D][-and-N-more], each label cut to cut bytes (0: whole).  Caller frees. */
static char *
cmd_compare_name(const struct compare *cmp, size_t cut)
{
	char *name = xstrdup("compare"), *next;
	unsigned k;

	for (k = 0; k < cmp->nruns && k < 4; k++) {
		char safe[sizeof cmp->runs[k].label];
		size_t n;

		/* labels come from the runs' results.json: untrusted in a path */
		path_component(cmp->runs[k].label, safe, sizeof safe);
		n = strlen(safe);
		if (cut > 0 && n > cut) {
			/* on a character's first byte: no half of a UTF-8 sequence */
			for (n = cut; n > 0 && ((unsigned char)safe[n] & 0xC0) == 0x80; n--)
				;
			safe[n] = '\0';
		}
		next = xasprintf("%s%s%s", name, k == 0 ? "-" : "-vs-", safe);
		free(name);
		name = next;
	}
	if (cmp->nruns > 4) {
		next = xasprintf("%s-and-%u-more", name, cmp->nruns - 4);
		free(name);
		name = next;
	}
	return name;
}

/*
 * reports/compare-A-vs-B-YYYYmmdd-HHMMSS (the first four labels).  Labels
 * too long for one file name are cut, and a hash of the whole name keeps
 * two such comparisons apart.  Caller frees.
 */
static char *
cmd_compare_default_dir(const struct compare *cmp)
{
	char stamp[32], *name = cmd_compare_name(cmp, 0), *next;
	time_t now = time(NULL);
	struct tm tm;

	if (strlen(name) > COMPARE_NAME_MAX) {
		uint32_t h = 2166136261u;	/* FNV-1a */
		const char *p;

		for (p = name; *p != '\0'; p++)
			h = (h ^ (unsigned char)*p) * 16777619u;
		free(name);
		name = cmd_compare_name(cmp, COMPARE_LABEL_CUT);
		next = xasprintf("%s-%08x", name, (unsigned)h);
		free(name);
		name = next;
	}
	localtime_r(&now, &tm);
	strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
	next = xasprintf("reports/%s-%s", name, stamp);
	free(name);
	return next;
}

/*
 * sweep compare A B [more...] [-o DIR] [--formats LIST] [--gnuplot PATH]:
 * A and B are results.json files or run folders.  Returns an exit code.
 */
static int
cmd_compare_exec(struct config *cfg)
{
	struct compare cmp;
	unsigned mask, k, i, n;
	const char *input;
	char *dir;
	int err, lock;

	if (cfg->nargs < 2) {
		sweep_error("compare: give two or more runs (sweep compare A/results.json "
		    "B/results.json [-o DIR]); a run's folder stands for its results.json");
		return SWEEP_EXIT_USAGE;
	}
	if (cmd_formats(cfg, &mask) != 0)
		return SWEEP_EXIT_USAGE;
	memset(&cmp, 0, sizeof cmp);
	cmp.runs = xcalloc((size_t)cfg->nargs, sizeof *cmp.runs);
	for (k = 0; k < (unsigned)cfg->nargs; k++) {
		struct compare_run *run = &cmp.runs[k];

		run->path = cmd_compare_input(cfg->args[k]);
		cmp.nruns++;
		if (analysis_results_load(run->path, &run->res) != 0) {
			compare_free(&cmp);
			return SWEEP_EXIT_USAGE;
		}
		if ((n = results_drop_open(&run->res)) > 0)
			sweep_warn("compare: %s: left out its %u open-loop cell%s (--rate): a comparison "
			    "lines up closed-loop cells", run->path, n, n == 1 ? "" : "s");
		view_summary_build(&run->res, &run->sum);
		if (run->sum.ndone == 0) {
			sweep_error("compare: %s has no cell with figures (an empty or all-skipped run)",
			    run->path);
			compare_free(&cmp);
			return SWEEP_EXIT_USAGE;
		}
	}
	cmd_compare_labels(&cmp);
	compare_build(&cmp);
	if (cmp.ncommon == 0)
		sweep_warn("compare: the runs have no cell (mode and read share, bs, depth, jobs) in common: every "
		    "cell is shown as missing in some run, and there is no ratio to give");

	dir = cfg->out_dir != NULL ? xstrdup(cfg->out_dir) : cmd_compare_default_dir(&cmp);
	input = cfg->out_dir != NULL ? "-o" : "default output";
	if (cmd_out_prepare(dir, input, false) != 0 || (lock = cmd_out_lock(dir, input)) < 0) {
		free(dir);
		compare_free(&cmp);
		return SWEEP_EXIT_USAGE;
	}
	err = compare_write_all(&cmp, dir, &(struct report_opts){ .formats = mask,
	    .gnuplot = cfg->gnuplot });
	cmd_run_unlock(lock, dir);
	for (i = 0; i < cmp.nmodes; i++)
		printf("%s: %s\n", cmp.modes[i].name, cmp.verdict[i] != NULL ? cmp.verdict[i] : "");
	printf("%u cells in common, %u in only some runs. Comparison: %s\n", cmp.ncommon,
	    cmp.nrows - cmp.ncommon, dir);
	free(dir);
	compare_free(&cmp);
	return err == 0 ? SWEEP_EXIT_OK : SWEEP_EXIT_FAILED;
}
