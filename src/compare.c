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

		fprintf(f, "%s,%s,%llu,%g,%u,%u", cmp->modes[row->wl].name, size_short(row->bs, bs,
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

/*
 * Every comparison format in mask into dir; each failure is named on
 * stderr, the first is returned and the other formats still run.
 */
int
compare_write_all(struct compare *cmp, const char *dir, unsigned mask, const char *gnuplot)
{
	struct compare_ctx ctx;
	unsigned i;
	int err, first = 0;

	memset(&ctx, 0, sizeof ctx);
	ctx.cmp = cmp;
	ctx.rc.dir = dir;
	ctx.rc.mask = mask & REPORT_HTML ? mask | REPORT_SVG : mask;
	ctx.rc.gnuplot = gnuplot;
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
	return first;
}
