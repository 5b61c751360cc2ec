/* compare.csv: a comparison's figures, ratios and winners, a row per cell. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "report.h"

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
compare_csv_write(struct report_ctx *ctx)
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
	path = xasprintf("%s/compare.csv", ctx->dir);
	err = write_file_atomic(path, buf, len);
	free(path);
	free(buf);
	return err;
}
