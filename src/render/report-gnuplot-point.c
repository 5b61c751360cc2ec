/*
 * What a point of the iops, bw and latency lines carries beside its
 * figure (report-gnuplot.c draws the lines): the interval of --repeat's
 * rounds, as an error bar; and a cell's caveats (view_caveats), as a
 * hollow point with its marks above it, explained in the key (as a bar's:
 * hollow, its value label with the marks).
 */
#include "config.h"

#include <stdlib.h>

#include "render/report.h"
#include "view/palette.h"

/*
 * A cell with a caveat (view_caveats) is drawn as a hollow point with its
 * marks above it: its row of the .dat carries the marks ("-" none) in
 * column col, and two more plot items per line read them, a white point
 * inside the line's point (its figure in columns x and y) and, when label,
 * the marks above it; the line itself stays whole.  A point type drawn
 * with strokes only (+, x, *: nothing to empty) is covered in white and
 * circled in the line's colour instead.  The key says what each mark
 * present means.
 */
void
report_gnuplot_mark_items(FILE *plot, const char *stem, unsigned block, unsigned x, unsigned y,
    unsigned col, int pt, const char *color, bool label)
{
	if (pt >= 1 && pt <= 3)
		fprintf(plot, ", \\\n     '%s.dat' index %u using %u:(strcol(%u) ne \"-\" ? $%u : NaN) "
		    "with points pt 7 ps 1.6 lc rgb \"" PALETTE_HEX(PALETTE_WHITE) "\" notitle, \\\n"
		    "     '%s.dat' index %u using %u:(strcol(%u) ne \"-\" ? $%u : NaN) with points pt 6 "
		    "ps 1.5 lc rgb \"%s\" notitle", stem, block, x, col, y, stem, block, x, col, y,
		    color);
	else
		fprintf(plot, ", \\\n     '%s.dat' index %u using %u:(strcol(%u) ne \"-\" ? $%u : NaN) "
		    "with points pt %d ps 0.8 lc rgb \"" PALETTE_HEX(PALETTE_WHITE) "\" notitle", stem,
		    block, x, col, y, pt);
	if (label)
		fprintf(plot, ", \\\n     '%s.dat' index %u using %u:(strcol(%u) ne \"-\" ? $%u : "
		    "NaN):(strcol(%u)) with labels offset 0,1.1 font \"sans:Bold,14\" tc rgb \"%s\" "
		    "notitle", stem, block, x, col, y, col, color);
}

/* The marks column of a point's row, of its caveats: "\t⚠≠" or "\t-". */
void
report_gnuplot_mark_column(FILE *f, unsigned caveats)
{
	char marks[VIEW_MARKS_LEN];

	view_caveat_marks(caveats, "", marks, sizeof marks);
	fprintf(f, "\t%s", marks[0] != '\0' ? marks : "-");
}

/* The key's entries of the marks of flags (VIEW_CAVEATS): a hollow point each. */
void
report_gnuplot_mark_key(FILE *plot, unsigned flags)
{
	static const struct {
		unsigned	 flag;
		const char	*title;
	} keys[] = {
		{ VIEW_UNSTEADY, "hollow " REPORT_UNSTEADY_MARK ": not steady" },
		{ VIEW_MISMATCH, "hollow " REPORT_MISMATCH_MARK ": BW check failed" },
		{ VIEW_UNWRITTEN, "hollow " REPORT_UNWRITTEN_MARK ": read never written" },
		{ VIEW_BUFFERED, "hollow " REPORT_BUFFERED_MARK ": buffered I/O" },
		{ VIEW_CLONES, "hollow " REPORT_CLONES_MARK ": clones' windows differ" },
	};
	size_t k;

	for (k = 0; k < sizeof keys / sizeof keys[0]; k++)
		if (flags & keys[k].flag)
			fprintf(plot, ", \\\n     keyentry with points pt 6 ps 1.5 lc rgb \"" PALETTE_HEX(PALETTE_KEY) "\" "
			    "title \"%s\"", keys[k].title);
}

/* The caveats (VIEW_CAVEATS) of series s's points that have a figure (bw: bandwidth). */
unsigned
report_gnuplot_series_caveats(const struct view_chart *vc, unsigned s, bool bw)
{
	unsigned b, f = 0;

	for (b = 0; b < vc->nbs; b++) {
		const struct view_chart_point *p = view_chart_at(vc, s, b);

		if (p->v[bw ? METRIC_MIB_S : METRIC_IOPS] > 0)
			f |= p->caveats;
	}
	return f;
}

/*
 * --repeat: the interval of the median of p's rounds (IOPS, or MiB/s for
 * bw) as two more columns of its row; the figure itself twice when the
 * cell has no spread (one ok round).
 */
void
report_gnuplot_spread_columns(FILE *f, const struct view_chart_point *p, bool bw)
{
	fprintf(f, bw ? "\t%.3f\t%.3f" : "\t%.1f\t%.1f", p->lo[bw], p->hi[bw]);
}

/* Widen yr to hold p's --repeat interval (IOPS, or MiB/s for bw), so no error bar is cut. */
void
report_gnuplot_spread_range(const struct view_chart_point *p, bool bw, struct view_range *yr)
{
	if (p->rounds && p->spread[bw]) {
		view_range_add(yr, p->lo[bw]);
		view_range_add(yr, p->hi[bw]);
	}
}

/* A bar's value as its label, quoted, with marks after it: "12.3k", "850 ≠", "1.2M". */
void
report_gnuplot_bar_label(FILE *f, double v, const char *marks)
{
	if (v >= 1e6)
		fprintf(f, "\"%.3gM%s\"", v / 1e6, marks);
	else if (v >= 1e4)
		fprintf(f, "\"%.0fk%s\"", v / 1e3, marks);
	else if (v >= 1e3)
		fprintf(f, "\"%.1fk%s\"", v / 1e3, marks);
	else
		fprintf(f, "\"%.3g%s\"", v, marks);
}

/*
 * The legend of the marks of flags as a label at the foot of a picture
 * (y: its screen position), after the settings before; "" when there are
 * none.  Caller frees.
 */
char *
report_gnuplot_marks_label(unsigned flags, const char *before, const char *y)
{
	char legend[VIEW_LEGEND_LEN], *buf = NULL;
	size_t len = 0;
	FILE *f;

	if (flags == 0)
		return xstrdup("");
	f = open_memstream(&buf, &len);
	fprintf(f, "%sset label 2 ", before);
	report_gnuplot_quote(f, view_caveat_legend(flags, legend, sizeof legend));
	fprintf(f, " at screen 0.5, screen %s center font \"sans,12\"\n", y);
	fclose(f);
	return buf;
}
