/* compare.csv: a comparison's figures, ratios and winners, a row per cell. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>

#include "render/report.h"

/* Cell vc as a CSV field after a comma: its figure in d decimals, its text, or nothing. */
static void
compare_csv_cell(FILE *f, const struct view_cell *vc, int d)
{
	fputc(',', f);
	if (vc->kind == VIEW_NUMBER)
		fprintf(f, "%.*f", d, vc->value);
	else if (vc->kind == VIEW_TEXT)
		csv_quote(f, vc->text);
}

/*
 * View t as DIR/file: a header line (the row labels' head, the columns'
 * headers), then a line per row: its label, its figures in their column's
 * decimals, its texts.  Written whole or not at all.
 */
int
compare_csv_table(const struct report_ctx *ctx, const struct view_table *t, const char *file)
{
	char *buf = NULL, *path;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	unsigned r, c;
	int err;

	if (f == NULL)
		return -errno;
	csv_quote(f, t->row_head);
	for (c = 0; c < t->ncols; c++) {
		fputc(',', f);
		csv_quote(f, t->cols[c].header);
	}
	fputc('\n', f);
	for (r = 0; r < t->nrows; r++) {
		csv_quote(f, t->rows[r].label);
		for (c = 0; c < t->ncols; c++)
			compare_csv_cell(f, view_table_cell(t, r, c), t->cols[c].decimals);
		fputc('\n', f);
	}
	if (fclose(f) != 0) {
		free(buf);
		return -ENOMEM;
	}
	path = xasprintf("%s/%s", ctx->dir, file);
	err = write_file_atomic(path, buf, len);
	free(path);
	free(buf);
	return err;
}

/*
 * compare.csv: the comparison's cells view (view-compare.c), a row per
 * cell of any run: its figures in each run, each run's ratios to the
 * first, the winners, and the runs that lack it.
 */
int
compare_csv_write(struct report_ctx *ctx)
{
	return compare_csv_table(ctx, &ctx->cview->cells, "compare.csv");
}
