/*
 * sweep compare A/results.json B/results.json [...]: the question people run
 * sweep for, "is gp2 better than standard for us, and by how much?".  Cells
 * are matched by mode, bs, depth and jobs into rows, with winners and a
 * verdict per mode (compare-build.c).  The writers (compare.csv, written
 * here, compare.xlsx, compare.md, compare.html and the overlay charts) are
 * a table, as in report.c.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "report.h"

struct compare_writer {
	const char	*name;
	unsigned	 flag;
	const char	*file;
	int		(*write)(struct compare_ctx *);
};

static int compare_charts_write(struct compare_ctx *);

/* In order: the charts before the documents that link or inline them. */
static const struct compare_writer compare_writers[] = {
	{ "csv", REPORT_CSV, "compare.csv", compare_csv_write },
	{ "xlsx", REPORT_XLSX, "compare.xlsx", compare_xlsx_write },
	{ "png", REPORT_PNG, "charts", compare_charts_write },
	{ "svg", REPORT_SVG, "charts", compare_charts_write },
	{ "md", REPORT_MD, "compare.md", compare_md_write },
	{ "html", REPORT_HTML, "compare.html", compare_html_write },
};

/* A CSV figure, or nothing when missing. */
static void
compare_csv_num(FILE *f, double v, int decimals)
{
	fputc(',', f);
	if (!isnan(v))
		fprintf(f, "%.*f", decimals, v);
}

/* A column name of compare.csv. */
static void
compare_csv_head(FILE *f, const struct compare *cmp, enum compare_column kind, unsigned k,
    enum compare_metric m)
{
	char *h = compare_head(cmp, kind, k, m);

	fputc(',', f);
	csv_quote(f, h);
	free(h);
}

/*
 * compare.csv: a row per cell of any run: its figures in each run, each
 * run's ratios to the first, the winners, and the runs that lack it.
 */
int
compare_csv_write(struct compare_ctx *ctx)
{
	static const int decimals[COMPARE_METRICS] = { 1, 3, 1 };
	const struct compare *cmp = ctx->cmp;
	char *buf = NULL, *path, a[160], bs[32];
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	unsigned i, k, m;
	int err;

	if (f == NULL)
		return -errno;
	fputs("mode,bs,bs_bytes,bs_kib,depth,jobs", f);
	for (k = 0; k < cmp->nruns; k++)
		for (m = 0; m < COMPARE_METRICS; m++)
			compare_csv_head(f, cmp, COMPARE_COL_VALUE, k, m);
	for (k = 1; k < cmp->nruns; k++)
		for (m = 0; m < COMPARE_METRICS; m++)
			compare_csv_head(f, cmp, COMPARE_COL_RATIO, k, m);
	for (m = 0; m < COMPARE_METRICS; m++)
		compare_csv_head(f, cmp, COMPARE_COL_WINNER, 0, m);
	fputs(",missing in\n", f);
	for (i = 0; i < cmp->nrows; i++) {
		const struct compare_row *row = &cmp->rows[i];
		char *missing;

		fprintf(f, "%s,%s,%llu,%g,%u,%u", mode_name(row->mode), size_short(row->bs, bs,
		    sizeof bs), (unsigned long long)row->bs, (double)row->bs / KIB, row->depth, row->jobs);
		for (k = 0; k < cmp->nruns; k++)
			for (m = 0; m < COMPARE_METRICS; m++)
				compare_csv_num(f, compare_value(cmp, row, k, m), decimals[m]);
		for (k = 1; k < cmp->nruns; k++)
			for (m = 0; m < COMPARE_METRICS; m++)
				compare_csv_num(f, compare_value(cmp, row, k, m) /
				    compare_value(cmp, row, 0, m), 3);
		for (m = 0; m < COMPARE_METRICS; m++) {
			fputc(',', f);
			csv_quote(f, compare_winner_text(cmp, row, m, a, sizeof a));
		}
		fputc(',', f);
		missing = compare_missing_text(cmp, row);
		csv_quote(f, missing);
		free(missing);
		fputc('\n', f);
	}
	if (fclose(f) != 0) {
		free(buf);
		return -ENOMEM;
	}
	path = xasprintf("%s/compare.csv", ctx->rc.dir);
	err = write_file_atomic(path, buf, len);
	free(path);
	free(buf);
	return err;
}

/* The png and svg formats: one writer renders both, once. */
static int
compare_charts_write(struct compare_ctx *ctx)
{
	if (ctx->rc.charts_done)
		return 0;
	ctx->rc.charts_done = true;
	return compare_gnuplot_write(ctx);
}

/* A results.json for an argument: the file, or the one in a run's folder.  Caller frees. */
static char *
compare_input(const char *arg)
{
	struct stat st;

	if (stat(arg, &st) == 0 && S_ISDIR(st.st_mode))
		return xasprintf("%s/results.json", arg);
	return xstrdup(arg);
}

/* A label for each run: its own, else its folder's name; repeats get -2, -3, ... */
static void
compare_labels(struct compare *cmp)
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

/* reports/compare-A-vs-B-YYYYmmdd-HHMMSS (the first four labels).  Caller frees. */
static char *
compare_default_dir(const struct compare *cmp)
{
	char stamp[32], *name = xstrdup("compare"), *next;
	time_t now = time(NULL);
	struct tm tm;
	unsigned k;

	for (k = 0; k < cmp->nruns && k < 4; k++) {
		next = xasprintf("%s%s%s", name, k == 0 ? "-" : "-vs-", cmp->runs[k].label);
		free(name);
		name = next;
	}
	if (cmp->nruns > 4) {
		next = xasprintf("%s-and-%u-more", name, cmp->nruns - 4);
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
int
compare_command(struct config *cfg)
{
	struct compare cmp;
	struct compare_ctx ctx;
	unsigned mask = REPORT_DEFAULT, k, i;
	char *dir;
	int err, first = 0;

	if (cfg->nargs < 2) {
		sweep_error("compare: give two or more runs (sweep compare A/results.json "
		    "B/results.json [-o DIR]); a run's folder stands for its results.json");
		return SWEEP_EXIT_USAGE;
	}
	if (cfg->expect != NULL || cfg->profile != NULL) {
		sweep_error("compare: --expect and --profile belong to each run; record them with "
		    "sweep report --profile NAME RUN (or sweep run --profile), then compare");
		return SWEEP_EXIT_USAGE;
	}
	if (cfg->formats != NULL && report_parse_formats(cfg->formats, &mask) != 0)
		return SWEEP_EXIT_USAGE;
	memset(&cmp, 0, sizeof cmp);
	cmp.runs = xcalloc((size_t)cfg->nargs, sizeof *cmp.runs);
	for (k = 0; k < (unsigned)cfg->nargs; k++) {
		struct compare_run *run = &cmp.runs[k];

		run->path = compare_input(cfg->args[k]);
		cmp.nruns++;
		if (results_load(run->path, &run->res) != 0) {
			compare_free(&cmp);
			return SWEEP_EXIT_USAGE;
		}
		report_summary_build(&run->res, &run->sum);
		if (run->sum.ndone == 0) {
			sweep_error("compare: %s has no cell with figures (an empty or all-skipped run)",
			    run->path);
			compare_free(&cmp);
			return SWEEP_EXIT_USAGE;
		}
	}
	compare_labels(&cmp);
	compare_build(&cmp);
	if (cmp.ncommon == 0)
		sweep_warn("compare: the runs have no cell (mode, bs, depth, jobs) in common: every "
		    "cell is shown as missing in some run, and there is no ratio to give");

	dir = cfg->out_dir != NULL ? xstrdup(cfg->out_dir) : compare_default_dir(&cmp);
	err = mkdir_p(dir);
	if (err != 0) {
		sweep_error("-o %s: cannot create the output directory: %s", dir, strerror(-err));
		free(dir);
		compare_free(&cmp);
		return SWEEP_EXIT_USAGE;
	}
	memset(&ctx, 0, sizeof ctx);
	ctx.cmp = &cmp;
	ctx.rc.dir = dir;
	ctx.rc.mask = mask & REPORT_HTML ? mask | REPORT_SVG : mask;
	ctx.rc.gnuplot = cfg->gnuplot;
	for (i = 0; i < sizeof compare_writers / sizeof compare_writers[0]; i++) {
		if (!(ctx.rc.mask & compare_writers[i].flag))
			continue;
		ctx.rc.error[0] = '\0';
		err = compare_writers[i].write(&ctx);
		if (err != 0) {
			if (ctx.rc.error[0] != '\0')
				sweep_error("%s", ctx.rc.error);
			else
				sweep_error("%s/%s: %s", dir, compare_writers[i].file, strerror(-err));
			if (first == 0)
				first = err;
		}
	}
	for (i = 0; i < cmp.nmodes; i++)
		printf("%s: %s\n", mode_name(cmp.modes[i]), cmp.verdict[i] != NULL ? cmp.verdict[i] : "");
	printf("%u cells in common, %u in only some runs. Comparison: %s\n", cmp.ncommon,
	    cmp.nrows - cmp.ncommon, dir);
	free(dir);
	compare_free(&cmp);
	return first == 0 ? SWEEP_EXIT_OK : SWEEP_EXIT_FAILED;
}
