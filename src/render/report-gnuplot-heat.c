/*
 * The heat maps' one writer (a run's jobs-MODE, report-gnuplot-jobs.c; a
 * comparison's compare-heat-MODE, compare-heat.c): a view_heat's squares
 * as a .dat, a block per panel and a row per square (column, row, the
 * figure or NaN, the label, its ink, the view's figures for a reader, the
 * marks), and its rows' and columns' tics.  Each caller draws its colour
 * scale and its panels around them.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "render/report.h"

/* v with decimals (-1: %.6g), or gnuplot's NaN. */
static void
heat_num(FILE *f, double v, int decimals)
{
	if (isnan(v))
		fputs("NaN", f);
	else if (decimals < 0)
		fprintf(f, "%.6g", v);
	else
		fprintf(f, "%.*f", decimals, v);
}

/*
 * h's squares: head (the first comment line, without its newline), then
 * per panel (its title as "# index K: TITLE" when it has one) the column
 * names and a row per square.  Caller frees.
 */
char *
report_gnuplot_heat_data(const struct view_heat *h, const char *head)
{
	char *buf = NULL, bare[VIEW_MARKS_LEN];
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	unsigned k, row, col, e;

	fprintf(f, "%s\n", head);
	for (k = 0; k < h->npanels; k++) {
		if (h->panel != NULL)
			fprintf(f, "%s# index %u: %s\n", k > 0 ? "\n\n" : "", k, h->panel[k]);
		fprintf(f, "# col\trow\t%s\tlabel\t%s", h->value_name, h->ink_name);
		for (e = 0; e < h->nextra; e++)
			fprintf(f, "\t%s", h->extra_name[e]);
		fputs("\tmarks\n", f);
		for (row = 0; row < h->nrows; row++)
			for (col = 0; col < h->ncols; col++) {
				const struct view_heat_square *sq = view_heat_at(h, k, row, col);

				fprintf(f, "%u\t%u\t", col, row);
				heat_num(f, sq->value, h->decimals);
				fprintf(f, "\t\"%s\"\t%u", sq->label, sq->ink);
				for (e = 0; e < h->nextra; e++) {
					fputc('\t', f);
					heat_num(f, sq->extra[e], h->extra_decimals[e]);
				}
				view_caveat_marks(sq->flags, "", bare, sizeof bare);
				fprintf(f, "\t%s\n", bare[0] != '\0' ? bare : "-");
			}
	}
	fclose(f);
	return buf;
}

/* n labels as gnuplot tics: 'LABEL' 0, 'LABEL' 1, ...  Caller frees. */
static char *
heat_tics(char *const *label, unsigned n)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	unsigned i;

	for (i = 0; i < n; i++) {
		fputs(i > 0 ? ", " : "", f);
		report_gnuplot_quote(f, label[i]);
		fprintf(f, " %u", i);
	}
	fclose(f);
	return buf;
}

/* The tics of h's columns and rows.  Caller frees both. */
void
report_gnuplot_heat_tics(const struct view_heat *h, char **xtics, char **ytics)
{
	*xtics = heat_tics(h->col_label, h->ncols);
	*ytics = heat_tics(h->row_label, h->nrows);
}
