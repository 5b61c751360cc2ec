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
 * ratio: one map tells both.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/report.h"

/* The colour scale's half-width in log2 units: at least 2x, at most 16x (beyond: the end colour). */
#define HEAT_SPAN_MIN	1
#define HEAT_SPAN_MAX	4
/* From this share of the half-width out, a square is dark: its label is white. */
#define HEAT_DARK	0.75
/* The ink of a label (the .dat's "ink" column): on a light square, a dark one, a blank one. */
#define HEAT_INK_BLACK	0
#define HEAT_INK_WHITE	1
#define HEAT_INK_NONE	2
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

/* The squares of one workload: rows (its block sizes) by columns (its groups). */
struct heat_grid {
	unsigned	*group;		/* per column: index into compare.groups */
	unsigned	 ncols;
	uint64_t	*bs;		/* per row, ascending */
	unsigned	 nrows;
};

/* The row of group g at block size bs, or NULL. */
static const struct compare_row *
heat_row(const struct compare *cmp, unsigned g, uint64_t bs)
{
	const struct compare_group *gr = &cmp->groups[g];
	unsigned i;

	for (i = 0; i < gr->n; i++)
		if (cmp->rows[gr->first + i].bs == bs)
			return &cmp->rows[gr->first + i];
	return NULL;
}

/* Run k's IOPS over the first run's at row; NAN when either lacks them. */
static double
heat_ratio(const struct compare *cmp, const struct compare_row *row, unsigned k)
{
	double a, b;

	if (row == NULL)
		return NAN;
	a = compare_value(cmp, row, 0, COMPARE_IOPS);
	b = compare_value(cmp, row, k, COMPARE_IOPS);
	return a > 0 && b > 0 ? b / a : NAN;
}

/* Fill g with workload wl's groups and block sizes; false when no square has a ratio. */
static bool
heat_grid(const struct compare *cmp, unsigned wl, struct heat_grid *g)
{
	unsigned i, b, k;
	bool any = false;

	memset(g, 0, sizeof *g);
	g->group = xcalloc(cmp->ngroups + 1, sizeof *g->group);
	g->bs = xcalloc(cmp->nbs + 1, sizeof *g->bs);
	for (i = 0; i < cmp->ngroups; i++)
		if (cmp->groups[i].wl == wl)
			g->group[g->ncols++] = i;
	for (b = 0; b < cmp->nbs; b++)
		for (i = 0; i < g->ncols; i++) {
			const struct compare_row *row = heat_row(cmp, g->group[i], cmp->bs[b]);

			if (row == NULL)
				continue;
			for (k = 1; k < cmp->nruns; k++)
				any |= !isnan(heat_ratio(cmp, row, k));
			if (g->nrows == 0 || g->bs[g->nrows - 1] != cmp->bs[b])
				g->bs[g->nrows++] = cmp->bs[b];
		}
	return any;
}

/* Free what heat_grid allocated. */
static void
heat_grid_free(struct heat_grid *g)
{
	free(g->group);
	free(g->bs);
}

/*
 * Add a heat map for each workload with a ratio (two runs or more, a cell
 * in common) to charts[n..max); returns the new count.
 */
unsigned
compare_heat_charts(const struct compare *cmp, struct report_chart *charts, unsigned n,
    unsigned max)
{
	struct heat_grid g;
	unsigned wl;

	for (wl = 0; cmp->nruns > 1 && wl < cmp->nmodes && n < max; wl++) {
		bool any = heat_grid(cmp, wl, &g);

		heat_grid_free(&g);
		if (!any)
			continue;
		snprintf(charts[n].stem, sizeof charts[n].stem, "compare-heat-%.34s",
		    cmp->modes[wl].stem);
		snprintf(charts[n].title, sizeof charts[n].title, "%s: IOPS ratio by block size and "
		    "queue depth", cmp->modes[wl].name);
		charts[n++].wl = wl;
	}
	return n;
}

/* The half-width of the colour scale in log2 units: whole doublings that hold every ratio. */
static double
heat_span(const struct compare *cmp, const struct heat_grid *g)
{
	double span = HEAT_SPAN_MIN, r;
	unsigned b, i, k;

	for (b = 0; b < g->nrows; b++)
		for (i = 0; i < g->ncols; i++)
			for (k = 1; k < cmp->nruns; k++) {
				r = heat_ratio(cmp, heat_row(cmp, g->group[i], g->bs[b]), k);
				if (!isnan(r) && fabs(log2(r)) > span)
					span = ceil(fabs(log2(r)));
			}
	return span > HEAT_SPAN_MAX ? HEAT_SPAN_MAX : span;
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

	fprintf(f, "set cbrange [%g:%g]\nset palette defined (%g \"#b2182b\", %g \"#ef8a62\", "
	    "%g \"#fddbc7\", %.6f \"#f7f7f7\", %.6f \"#f7f7f7\", %g \"#d1e5f0\", %g \"#67a9cf\", "
	    "%g \"#2166ac\")\nset cbtics (", -span, span, -span, -span * 2 / 3, -span / 3, -tie,
	    tie, span / 3, span * 2 / 3, span);
	/* Powers of two, exact in %g ("0.25x", "16x"): view_ratio would round 0.0625 to 0.1. */
	for (e = -span; e <= span; e++)
		fprintf(f, "%s\"%gx\" %g", e > -span ? ", " : "", exp2(e), e);
	fputs(")\n", f);
	fclose(f);
	return buf;
}

/*
 * The .dat of the squares, a block per panel (run 1, 2, ... over the
 * first), a row per square: column, row, log2 of the ratio (NaN: a run
 * lacks it), label, its ink (HEAT_INK_*), then the ratio, block size,
 * depth, jobs and marks for a reader.  *flags gets the caveats shown.
 */
static char *
heat_data(const struct compare *cmp, const struct report_plot *p, const struct heat_grid *g,
    double span, unsigned *flags)
{
	char *buf = NULL, label[64], x[32], marks[VIEW_MARKS_LEN], bare[VIEW_MARKS_LEN];
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	unsigned k, b, i, fl;

	*flags = 0;
	fprintf(f, "# sweep compare %s: %s; a block per panel (gnuplot index 0, 1, ...), a row "
	    "per square: column (queue depth x jobs), row (block size, from the top), log2 of "
	    "the IOPS ratio (NaN: a run lacks the cell)\n", p->chart.stem, p->chart.title);
	for (k = 1; k < cmp->nruns; k++) {
		fprintf(f, "%s# index %u: %s / %s\n# col\trow\tlog2\tlabel\tink\tratio\tbs_bytes\t"
		    "depth\tjobs\tmarks\n", k > 1 ? "\n\n" : "", k - 1, cmp->runs[k].label,
		    cmp->runs[0].label);
		for (b = 0; b < g->nrows; b++)
			for (i = 0; i < g->ncols; i++) {
				const struct compare_row *row = heat_row(cmp, g->group[i], g->bs[b]);
				const struct compare_group *gr = &cmp->groups[g->group[i]];
				double r = heat_ratio(cmp, row, k), l = log2(r);

				fl = isnan(r) ? 0 : view_caveats(&cmp->runs[0].res, row->cell[0]) |
				    view_caveats(&cmp->runs[k].res, row->cell[k]);
				*flags |= fl;
				view_caveat_marks(fl, " ", marks, sizeof marks);
				view_caveat_marks(fl, "", bare, sizeof bare);
				snprintf(label, sizeof label, "%s%s", isnan(r) ? "missing" :
				    view_ratio(r, 2, x, sizeof x), marks);
				fprintf(f, "%u\t%u\t", i, b);
				fprintf(f, isnan(r) ? "NaN" : "%.6f", l);
				fprintf(f, "\t\"%s\"\t%d\t", label, isnan(r) ? HEAT_INK_NONE :
				    fabs(l) >= HEAT_DARK * span ? HEAT_INK_WHITE : HEAT_INK_BLACK);
				fprintf(f, isnan(r) ? "NaN" : "%.6g", r);
				fprintf(f, "\t%llu\t%u\t%u\t%s\n", (unsigned long long)g->bs[b],
				    gr->depth, gr->jobs, bare[0] != '\0' ? bare : "-");
			}
	}
	fclose(f);
	return buf;
}

/* The tics of the columns ("QD8", "QD8 x4 jobs") and of the rows ("4 KiB").  Caller frees. */
static void
heat_tics(const struct compare *cmp, const struct heat_grid *g, char **xtics, char **ytics)
{
	char *xb = NULL, *yb = NULL, qd[16], a[32], *t;
	size_t xl = 0, yl = 0;
	FILE *xf = open_memstream(&xb, &xl), *yf = open_memstream(&yb, &yl);
	unsigned i;

	for (i = 0; i < g->ncols; i++) {
		const struct compare_group *gr = &cmp->groups[g->group[i]];
		bool jobs = strstr(gr->name, " jobs") != NULL;

		qd_text(gr->depth, qd, sizeof qd);
		t = jobs ? xasprintf("%s x%u jobs", qd, gr->jobs) : xstrdup(qd);
		fputs(i > 0 ? ", " : "", xf);
		report_gnuplot_quote(xf, t);
		fprintf(xf, " %u", i);
		free(t);
	}
	for (i = 0; i < g->nrows; i++) {
		fputs(i > 0 ? ", " : "", yf);
		report_gnuplot_quote(yf, view_size_label(g->bs[i], a, sizeof a));
		fprintf(yf, " %u", i);
	}
	fclose(xf);
	fclose(yf);
	*xtics = xb;
	*ytics = yb;
}

/*
 * The panels: per run after the first, its title and its plot of the
 * squares (block k - 1 of the .dat), and their labels (black, white or
 * grey) when labels (the .dat has them all).  Caller frees.
 */
static char *
heat_panels(const struct compare *cmp, const char *stem, bool labels)
{
	char *buf = NULL, *t;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	unsigned k;

	for (k = 1; k < cmp->nruns; k++) {
		t = xasprintf("%s / %s", cmp->runs[k].label, cmp->runs[0].label);
		fputs("    set title ", f);
		report_gnuplot_quote(f, t);
		fputs(" font \"sans:Bold,15\"\n", f);
		free(t);
		/* One labels plot, its colour per row: gnuplot 5.4 crashes on one with no point. */
		fprintf(f, "    %s\n    plot '%s.dat' index %u using 1:2:(0.5):(0.5):3 with boxxy "
		    "fillcolor palette notitle", k + 1 < cmp->nruns ? "unset colorbox" :
		    "set colorbox", stem, k - 1);
		if (labels)
			fprintf(f, ", \\\n         '' index %u using 1:2:4:($5 == 1 ? 0xffffff : $5 == 2 "
			    "? 0x999999 : 0x000000) with labels font \"sans,13\" tc rgb variable notitle",
			    k - 1);
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
heat_layout(const struct heat_grid *g, unsigned npanels, struct heat_layout *lo)
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
	const struct compare *cmp = ctx->cmp;
	struct heat_grid g;
	struct heat_layout lo;
	struct report_gp_key keys[15];
	char *what, *title, *xtics, *ytics, *axis, *panels, *marks, *ncols, *nrows, *subtitle;
	unsigned flags;
	double span;

	p->tmpl = "compare-heat";
	heat_grid(cmp, p->chart.wl, &g);
	heat_layout(&g, cmp->nruns > 1 ? cmp->nruns - 1 : 1, &lo);
	span = heat_span(cmp, &g);
	p->data = heat_data(cmp, p, &g, span, &flags);
	what = xasprintf("%s: IOPS ratio by block size and queue depth",
	    cmp->modes[p->chart.wl].name);
	title = heat_quote(what);
	subtitle = heat_quote(cmp->nruns > 2 ? "Each run's IOPS over the first run's. Blue: more, "
	    "red: fewer, white: within 5% (a tie)" : "The second run's IOPS over the first run's. "
	    "Blue: more, red: fewer, white: within 5% (a tie)");
	heat_tics(cmp, &g, &xtics, &ytics);
	axis = heat_axis(span);
	panels = heat_panels(cmp, p->chart.stem, lo.labels);
	marks = report_gnuplot_marks_label(flags, "", lo.marks_y);
	ncols = xasprintf("%u", g.ncols);
	nrows = xasprintf("%u", g.nrows);
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
	heat_grid_free(&g);
	return p->script != NULL ? 0 : -ENOENT;
}
