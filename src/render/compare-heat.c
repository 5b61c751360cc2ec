/*
 * The heat maps of sweep compare (templates/compare-heat.gp,
 * compare-heat-MODE.png): per workload, each run's IOPS over the first
 * run's, a square per block size (rows) and queue depth x jobs (columns),
 * a panel per run after the first.  The palette diverges from 1.00x on a
 * log2 scale: blue where the run has more IOPS than the first, red where
 * it has fewer (ColorBrewer's RdBu, which colour-blind readers tell apart),
 * white within the tie band of the winners (COMPARE_TIE).  A square is
 * labelled with its ratio ("1.25x") and the caveat marks of both its
 * cells; a cell a run lacks is a blank square that says "missing".
 * At one block size, depth and job count a run's MiB/s ratio is its IOPS
 * ratio: one map tells both.  The squares, their ratios and the scale's
 * half-width are the comparison's view (view-chart-heat.c);
 * report-gnuplot-heat.c writes them, as it does a run's jobs-MODE map.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/report.h"
#include "view/palette.h"

/*
 * Pixels of a column and a row of squares; around the squares, left (the
 * block sizes), right (the colour box), above the panels (the titles),
 * below them (a note of the marks), and per panel (its title, the depths);
 * the bounds of the picture.  The panels are stacked: at 800 px (a report
 * in a narrow window) a panel keeps the width of one.
 */
#define HEAT_COL_PX	110
#define HEAT_ROW_PX	40
#define HEAT_LEFT_PX	130
#define HEAT_RIGHT_PX	190
#define HEAT_TOP_PX	100
#define HEAT_BOTTOM_PX	50
#define HEAT_PANEL_PX	140
#define HEAT_MIN_W_PX	900
#define HEAT_MIN_H_PX	420
#define HEAT_MAX_PX	2400
/* A square smaller than this (many sizes or depths) is not labelled: 13 pt text would overlap. */
#define HEAT_LABEL_W_PX	64
#define HEAT_LABEL_H_PX	20

/* The heat map of workload wl in the comparison's view, or NULL. */
static const struct view_heat *
heat_find(const struct compare_view *v, unsigned wl)
{
	unsigned i;

	for (i = 0; i < v->nheat; i++)
		if (v->heat[i].wl == wl)
			return &v->heat[i];
	return NULL;
}

/* Add a heat map for each workload the view has one of to charts[n..max); returns the new count. */
unsigned
compare_heat_charts(const struct compare_view *v, struct report_chart *charts, unsigned n,
    unsigned max)
{
	unsigned i;

	for (i = 0; i < v->nheat && n < max; i++) {
		snprintf(charts[n].stem, sizeof charts[n].stem, "%s", v->heat[i].stem);
		snprintf(charts[n].title, sizeof charts[n].title, "%s", v->heat[i].title);
		charts[n++].wl = v->heat[i].wl;
	}
	return n;
}

/*
 * The palette and the colour axis for a half-width of span doublings:
 * RdBu from -span to +span, white over the tie band, a tic per doubling
 * labelled as a ratio.  Caller frees.
 */
static char *
heat_axis(double span)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	double tie = log2(COMPARE_TIE), e;

	fprintf(f, "set cbrange [%g:%g]\nset palette defined (%g \"" PALETTE_HEX(PALETTE_WORSE_STRONG)
	    "\", %g \"" PALETTE_HEX(PALETTE_WORSE) "\", %g \"" PALETTE_HEX(PALETTE_WORSE_LIGHT)
	    "\", %.6f \"" PALETTE_HEX(PALETTE_EVEN) "\", %.6f \"" PALETTE_HEX(PALETTE_EVEN)
	    "\", %g \"" PALETTE_HEX(PALETTE_BETTER_LIGHT) "\", %g \"" PALETTE_HEX(PALETTE_BETTER)
	    "\", %g \"" PALETTE_HEX(PALETTE_BETTER_STRONG) "\")\nset cbtics (", -span, span, -span, -span * 2 / 3, -span / 3, -tie,
	    tie, span / 3, span * 2 / 3, span);
	/* Powers of two, exact in %g ("0.25x", "16x"): view_ratio would round 0.0625 to 0.1. */
	for (e = -span; e <= span; e++)
		fprintf(f, "%s\"%gx\" %g", e > -span ? ", " : "", exp2(e), e);
	fputs(")\n", f);
	fclose(f);
	return buf;
}

/*
 * The panels: per run after the first, its title and its plot of the
 * squares (block k - 1 of the .dat), and their labels (black, white or
 * grey) when labels (the .dat has them all).  Caller frees.
 */
static char *
heat_panels(const struct view_heat *h, const char *stem, bool labels)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	unsigned k;

	for (k = 1; k <= h->npanels; k++) {
		fputs("    set title ", f);
		report_gnuplot_quote(f, h->panel[k - 1]);
		fputs(" font \"sans:Bold,15\"\n", f);
		/* One labels plot, its colour per row: gnuplot 5.4 crashes on one with no point. */
		fprintf(f, "    %s\n    plot '%s.dat' index %u using 1:2:(0.5):(0.5):3 with boxxy "
		    "fillcolor palette notitle", k < h->npanels ? "unset colorbox" :
		    "set colorbox", stem, k - 1);
		if (labels)
			fprintf(f, ", \\\n         '' index %u using 1:2:4:($5 == %d ? 0x%06x : $5 == %d "
			    "? 0x%06x : 0x%06x) with labels font \"sans,13\" tc rgb variable notitle",
			    k - 1, VIEW_HEAT_INK_WHITE, PALETTE_RGB(PALETTE_WHITE), VIEW_HEAT_INK_NONE,
			    PALETTE_RGB(PALETTE_INK_MISSING), PALETTE_RGB(PALETTE_BLACK));
		fputc('\n', f);
	}
	fclose(f);
	return buf;
}

/* The size of the picture and where its parts go, as gnuplot wants them. */
struct heat_layout {
	char	 width[16], height[16];
	char	 title_y[16], subtitle_y[16], marks_y[16];
	char	 multiplot[160];
	bool	 labels;	/* the squares are big enough for their labels */
};

/* The layout of g's squares in npanels panels stacked, within the bounds. */
static void
heat_layout(const struct view_heat *g, unsigned npanels, struct heat_layout *lo)
{
	unsigned long w = (unsigned long)g->ncols * HEAT_COL_PX + HEAT_LEFT_PX + HEAT_RIGHT_PX;
	unsigned long h = ((unsigned long)g->nrows * HEAT_ROW_PX + HEAT_PANEL_PX) * npanels +
	    HEAT_TOP_PX + HEAT_BOTTOM_PX;

	w = w < HEAT_MIN_W_PX ? HEAT_MIN_W_PX : w > HEAT_MAX_PX ? HEAT_MAX_PX : w;
	h = h < HEAT_MIN_H_PX ? HEAT_MIN_H_PX : h > HEAT_MAX_PX ? HEAT_MAX_PX : h;
	lo->labels = (w - HEAT_LEFT_PX - HEAT_RIGHT_PX) / (g->ncols ? g->ncols : 1) >=
	    HEAT_LABEL_W_PX && (h - HEAT_TOP_PX - HEAT_BOTTOM_PX - HEAT_PANEL_PX * npanels) /
	    ((unsigned long)(g->nrows ? g->nrows : 1) * npanels) >= HEAT_LABEL_H_PX;
	snprintf(lo->width, sizeof lo->width, "%lu", w);
	snprintf(lo->height, sizeof lo->height, "%lu", h);
	snprintf(lo->title_y, sizeof lo->title_y, "%.4f", 1 - 25.0 / h);
	snprintf(lo->subtitle_y, sizeof lo->subtitle_y, "%.4f", 1 - 55.0 / h);
	snprintf(lo->marks_y, sizeof lo->marks_y, "%.4f", 20.0 / h);
	snprintf(lo->multiplot, sizeof lo->multiplot, "layout %u,1 margins %.4f, %.4f, %.4f, "
	    "%.4f spacing 0, %.4f", npanels, (double)HEAT_LEFT_PX / w, 1 - (double)HEAT_RIGHT_PX / w,
	    (double)(HEAT_BOTTOM_PX + 80) / h, 1 - (double)(HEAT_TOP_PX + 40) / h,
	    (double)HEAT_PANEL_PX / h);
}

/* s as a gnuplot string (report_gnuplot_quote).  Caller frees. */
static char *
heat_quote(const char *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	report_gnuplot_quote(f, s);
	fclose(f);
	return buf;
}

/* compare-heat-MODE: the heat map of workload p->chart.wl, its .gp and .dat in memory. */
int
compare_heat_build(struct report_ctx *ctx, struct report_plot *p)
{
	const struct view_heat *h = heat_find(ctx->cview, p->chart.wl);
	struct heat_layout lo;
	struct report_gp_key keys[15];
	char *what, *title, *xtics, *ytics, *axis, *panels, *marks, *ncols, *nrows, *subtitle;
	char *head;

	if (h == NULL)
		return -ENOENT;
	p->tmpl = "compare-heat";
	heat_layout(h, h->npanels, &lo);
	head = xasprintf("# sweep compare %s: %s; a block per panel (gnuplot index 0, 1, ...), a "
	    "row per square: column (queue depth x jobs), row (block size, from the top), log2 of "
	    "the IOPS ratio (NaN: a run lacks the cell)", p->chart.stem, p->chart.title);
	p->data = report_gnuplot_heat_data(h, head);
	what = xasprintf("%s", h->title);
	title = heat_quote(what);
	subtitle = heat_quote(h->npanels > 1 ? "Each run's IOPS over the first run's. Blue: more, "
	    "red: fewer, white: within 5% (a tie)" : "The second run's IOPS over the first run's. "
	    "Blue: more, red: fewer, white: within 5% (a tie)");
	report_gnuplot_heat_tics(h, &xtics, &ytics);
	axis = heat_axis(h->hi);
	panels = heat_panels(h, p->chart.stem, lo.labels);
	marks = report_gnuplot_marks_label(h->flags, "", lo.marks_y);
	ncols = xasprintf("%u", h->ncols);
	nrows = xasprintf("%u", h->nrows);
	keys[0] = (struct report_gp_key){ "@TITLE@", title };
	keys[1] = (struct report_gp_key){ "@STEM@", p->chart.stem };
	keys[2] = (struct report_gp_key){ "@XTICS@", xtics };
	keys[3] = (struct report_gp_key){ "@YTICS@", ytics };
	keys[4] = (struct report_gp_key){ "@NCOLS@", ncols };
	keys[5] = (struct report_gp_key){ "@NROWS@", nrows };
	keys[6] = (struct report_gp_key){ "@CBAXIS@", axis };
	keys[7] = (struct report_gp_key){ "@MARKS@", marks };
	keys[8] = (struct report_gp_key){ "@WIDTH@", lo.width };
	keys[9] = (struct report_gp_key){ "@HEIGHT@", lo.height };
	keys[10] = (struct report_gp_key){ "@PANELS@", panels };
	keys[11] = (struct report_gp_key){ "@MULTIPLOT@", lo.multiplot };
	keys[12] = (struct report_gp_key){ "@SUBTITLE@", subtitle };
	keys[13] = (struct report_gp_key){ "@TITLEY@", lo.title_y };
	keys[14] = (struct report_gp_key){ "@SUBTITLEY@", lo.subtitle_y };
	p->script = report_gnuplot_script(ctx, p->tmpl, keys, 15);
	free(head);
	free(what);
	free(title);
	free(subtitle);
	free(xtics);
	free(ytics);
	free(axis);
	free(panels);
	free(marks);
	free(ncols);
	free(nrows);
	return p->script != NULL ? 0 : -ENOENT;
}
