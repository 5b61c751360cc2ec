/*
 * The heat map of a mode that ran at two job counts or more
 * (templates/jobs.gp, jobs-MODE.png): its IOPS by block size and queue
 * depth (rows, in the order of the "Queue depth x jobs" table, view-jobs.c)
 * and job count (columns), so that whether more jobs help, and at which
 * depth, shows at a glance.  A square per cell, coloured by its IOPS on a
 * sequential palette and labelled with them ("12.3k") and the cell's caveat
 * marks (view_caveats()); a cell the table leaves blank (not measured, or
 * not ok) is NaN, a blank square.  A large run's (report_big()) has a row
 * per block size, each square the best of every depth with the depth in
 * its label, as the table gives it: a row per depth made SVGs of 30 MB.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/report.h"

/*
 * IOPS that span more than this many times get a log colour scale: on a
 * linear one every cell below a tenth of the best would be one colour.
 */
#define HM_LOG_SPAN	10
/* From this share of the colour scale up, a square is dark: its label is white. */
#define HM_DARK		0.5
/* Pixels of a column and a row of squares, the frame around them, and the bounds. */
#define HM_COL_PX	150
#define HM_ROW_PX	40
#define HM_FRAME_W_PX	320
#define HM_FRAME_H_PX	230
#define HM_MIN_W_PX	1100
#define HM_MIN_H_PX	500
#define HM_MAX_PX	2400
/* Rows shorter than this (over 100 of them) are not labelled: 13 pt text would overlap. */
#define HM_LABEL_MIN_PX	20

/*
 * The squares of one mode: rows (block size and depth; a large run's, block
 * size alone, each square the best of every depth) by columns (job counts).
 */
struct hm_grid {
	bool		 big;		/* a row per block size: each job count's best */
	unsigned	*jobs;		/* the columns: the mode's job counts, ascending */
	unsigned	 njobs;
	uint64_t	*bs;		/* per row */
	unsigned	*depth;		/* per row (big: 0) */
	unsigned	 nrows;
	int		*cell;		/* nrows x njobs: index into results.cells, -1 blank */
};

/*
 * The job counts of workload wl's series, ascending, into jobs (room for
 * sum->nseries): the table's columns.  *any: some series has a cell.
 */
static unsigned
hm_jobs(const struct summary *sum, unsigned wl, unsigned *jobs, bool *any)
{
	unsigned s, b;

	*any = false;
	for (s = 0; s < sum->nseries; s++)
		for (b = 0; b < sum->nbs && sum->series[s].wl == wl; b++)
			*any |= sum->series[s].cell[b] >= 0;
	return view_jobs_counts(sum, wl, jobs);
}

/*
 * Fill g with workload wl's squares: a row per block size and depth with a
 * cell, or in a large run per block size with a cell (view-jobs.c finds
 * them, as for the "Queue depth x jobs" table).
 */
static void
hm_grid(const struct results *res, const struct summary *sum, unsigned wl, struct hm_grid *g)
{
	unsigned *depth = xcalloc(sum->nseries + 1, sizeof *depth), ndepth, b, d, k, row = 0;

	memset(g, 0, sizeof *g);
	g->big = report_big(sum);
	g->jobs = xcalloc(sum->nseries + 1, sizeof *g->jobs);
	g->njobs = view_jobs_counts(sum, wl, g->jobs);
	for (b = 0; b < sum->nbs; b++) {
		ndepth = view_jobs_depths(sum, wl, b, depth);
		g->nrows += g->big ? ndepth > 0 : ndepth;
	}
	g->bs = xcalloc(g->nrows + 1, sizeof *g->bs);
	g->depth = xcalloc(g->nrows + 1, sizeof *g->depth);
	g->cell = xcalloc((size_t)g->nrows * g->njobs + 1, sizeof *g->cell);
	for (b = 0; b < sum->nbs; b++) {
		ndepth = view_jobs_depths(sum, wl, b, depth);
		for (d = 0; d < (g->big ? ndepth > 0 : ndepth); d++, row++) {
			g->bs[row] = sum->bs[b];
			g->depth[row] = g->big ? 0 : depth[d];
			for (k = 0; k < g->njobs; k++)
				g->cell[row * g->njobs + k] = g->big ?
				    view_jobs_best(res, sum, wl, b, g->jobs[k]) :
				    view_jobs_cell(res, sum, wl, b, depth[d], g->jobs[k]);
		}
	}
	free(depth);
}

/* Free what hm_grid allocated. */
static void
hm_grid_free(struct hm_grid *g)
{
	free(g->jobs);
	free(g->bs);
	free(g->depth);
	free(g->cell);
}

/*
 * Add a heat map for each workload of sum measured at two job counts or
 * more to charts[n..max); returns the new count.
 */
unsigned
report_gnuplot_jobs_charts(const struct summary *sum, struct report_chart *charts, unsigned n,
    unsigned max)
{
	unsigned *jobs = xcalloc(sum->nseries + 1, sizeof *jobs), wl;
	bool any;

	for (wl = 0; wl < sum->nmodes && n < max; wl++) {
		if (hm_jobs(sum, wl, jobs, &any) < 2 || !any)
			continue;
		snprintf(charts[n].stem, sizeof charts[n].stem, "jobs-%.42s", sum->modes[wl].stem);
		snprintf(charts[n].title, sizeof charts[n].title, report_big(sum) ?
		    "%s: IOPS by block size x jobs, the best of every depth" :
		    "%s: IOPS by depth x jobs", sum->modes[wl].name);
		charts[n++].wl = wl;
	}
	free(jobs);
	return n;
}

/* A square's label: v to three significant digits, "850", "12.3k", "1.2M", then marks. */
static void
hm_label(double v, const char *marks, char *buf, size_t len)
{
	double unit = pow(10, floor(log10(v)) - 2), r = round(v / unit) * unit;

	if (r >= 1e9)
		snprintf(buf, len, "%gG%s", r / 1e9, marks);
	else if (r >= 1e6)
		snprintf(buf, len, "%gM%s", r / 1e6, marks);
	else if (r >= 1e3)
		snprintf(buf, len, "%gk%s", r / 1e3, marks);
	else
		snprintf(buf, len, "%g%s", r, marks);
}

/* The colour scale: log (lo > 0) or linear from 0 to hi. */
struct hm_scale {
	bool	 log;
	double	 lo, hi;
};

/* Where v falls on the colour scale, 0 to 1. */
static double
hm_share(const struct hm_scale *sc, double v)
{
	if (sc->log)
		return log(v / sc->lo) / log(sc->hi / sc->lo);
	return v / sc->hi;
}

/* The colour scale of the IOPS in r, and its gnuplot settings (caller frees). */
static char *
hm_scale(const struct view_range *r, struct hm_scale *sc)
{
	char *tics, *text;

	sc->log = r->lo > 0 && r->hi / r->lo > HM_LOG_SPAN;
	if (!sc->log) {
		sc->lo = 0;
		sc->hi = r->hi > 0 ? r->hi : 1;
		return xasprintf("set cbrange [0:%.10g]\n", sc->hi);
	}
	/* A little room at either end: the extreme squares are not the palette's ends. */
	sc->lo = r->lo / 1.15;
	sc->hi = r->hi * 1.15;
	tics = report_gnuplot_log_tics(r, 1);
	text = xasprintf("set logscale cb 10\nset cbrange [%.10g:%.10g]\nset cbtics %s\n", sc->lo,
	    sc->hi, tics);
	free(tics);
	return text;
}

/*
 * The .dat of the squares, a row each (column, row, IOPS or NaN, label,
 * 1 for a white label, then jobs, block size, depth and marks for a
 * reader), and the rows' tics; *flags gets the caveats of the squares.
 */
static char *
hm_data(const struct report_ctx *ctx, const struct report_plot *j, const struct hm_grid *g,
    const struct hm_scale *sc, char **ytics, unsigned *flags)
{
	char *buf = NULL, *tbuf = NULL, bs[32], qd[16], label[64], *t;
	char marks[VIEW_MARKS_LEN], bare[VIEW_MARKS_LEN];
	size_t len = 0, tlen = 0;
	FILE *f = open_memstream(&buf, &len), *tf = open_memstream(&tbuf, &tlen);
	unsigned row, k, fl;

	*flags = 0;
	fprintf(f, "# sweep %s: %s; a row per square: column (job count), row (block size%s, "
	    "from the top), IOPS (NaN: not measured)\n# col\trow\tIOPS\tlabel\twhite\t"
	    "jobs\tbs_bytes\tdepth\tmarks\n", j->chart.stem, j->chart.title, g->big ?
	    "; the best of every queue depth, its depth in the label" : " and queue depth");
	for (row = 0; row < g->nrows; row++) {
		view_size_label(g->bs[row], bs, sizeof bs);
		t = g->big ? xstrdup(bs) : xasprintf("%s %s", bs, qd_text(g->depth[row], qd,
		    sizeof qd));
		fputs(row > 0 ? ", " : "", tf);
		report_gnuplot_quote(tf, t);
		fprintf(tf, " %u", row);
		free(t);
		for (k = 0; k < g->njobs; k++) {
			int c = g->cell[row * g->njobs + k];
			double v = c >= 0 ? ctx->res->cells[c].iops : NAN;
			unsigned depth = c >= 0 ? ctx->res->cells[c].cell.depth : g->depth[row];

			fl = view_caveats(ctx->res, c);
			*flags |= fl;
			view_caveat_marks(fl, " ", marks, sizeof marks);
			view_caveat_marks(fl, "", bare, sizeof bare);
			if (c >= 0)
				hm_label(v, marks, label, sizeof label);
			if (c >= 0 && g->big)
				str_catf(label, sizeof label, " (%s)", qd_text(depth, qd, sizeof qd));
			fprintf(f, "%u\t%u\t", k, row);
			fprintf(f, c >= 0 ? "%.1f" : "NaN", v);
			fprintf(f, "\t\"%s\"\t%d\t%u\t%llu\t%u\t%s\n", c >= 0 ? label : "",
			    c >= 0 && hm_share(sc, v) >= HM_DARK, g->jobs[k],
			    (unsigned long long)g->bs[row], depth,
			    bare[0] != '\0' ? bare : "-");
		}
	}
	fclose(f);
	fclose(tf);
	*ytics = tbuf;
	return buf;
}

/* The job counts' tics: "1 job" 0, "2 jobs" 1, ...  Caller frees. */
static char *
hm_xtics(const struct hm_grid *g)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	unsigned k;

	for (k = 0; k < g->njobs; k++)
		fprintf(f, "%s\"%u job%s\" %u", k > 0 ? ", " : "", g->jobs[k],
		    g->jobs[k] == 1 ? "" : "s", k);
	fclose(f);
	return buf;
}

/*
 * A white line between the rows of one block size and the next (none in a
 * large run's, a block size a row).  Caller frees.
 */
static char *
hm_groups(const struct hm_grid *g)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	unsigned row;

	for (row = 1; row < g->nrows && !g->big; row++)
		if (g->bs[row] != g->bs[row - 1])
			fprintf(f, "set arrow from -0.5, %u.5 to %u.5, %u.5 nohead lw 6 lc rgb \"white\" "
			    "front\n", row - 1, g->njobs - 1, row - 1);
	fclose(f);
	return buf;
}

/* A size in pixels for n squares of px each and a frame, within the bounds. */
static char *
hm_px(unsigned n, unsigned px, unsigned frame, unsigned min)
{
	unsigned long v = (unsigned long)n * px + frame;

	return xasprintf("%lu", v < min ? min : v > HM_MAX_PX ? HM_MAX_PX : v);
}

/* jobs-MODE: the heat map of workload wl, its .gp and .dat in memory. */
int
report_gnuplot_jobs_build(struct report_ctx *ctx, struct report_plot *j, unsigned wl)
{
	struct hm_grid g;
	struct hm_scale sc;
	struct view_range r = { 0, 0 };
	struct report_gp_key keys[14];
	char *what, *title, *xtics, *ytics, *cbaxis, *marks, *groups, *ncols, *nrows, *width;
	char *height;
	unsigned i, flags;

	j->tmpl = "jobs";
	hm_grid(ctx->res, ctx->sum, wl, &g);
	for (i = 0; i < g.nrows * g.njobs; i++)
		if (g.cell[i] >= 0)
			view_range_add(&r, ctx->res->cells[g.cell[i]].iops);
	cbaxis = hm_scale(&r, &sc);
	j->data = hm_data(ctx, j, &g, &sc, &ytics, &flags);
	what = xasprintf(g.big ? "%s: IOPS by block size and jobs, the best of every queue "
	    "depth" : "%s: IOPS by block size, queue depth and jobs", ctx->sum->modes[wl].name);
	title = report_gnuplot_title(ctx->res, what);
	xtics = hm_xtics(&g);
	marks = report_gnuplot_marks_label(flags, "set bmargin 6\n", "0.025");
	groups = hm_groups(&g);
	ncols = xasprintf("%u", g.njobs);
	nrows = xasprintf("%u", g.nrows);
	width = hm_px(g.njobs, HM_COL_PX, HM_FRAME_W_PX, HM_MIN_W_PX);
	height = hm_px(g.nrows, HM_ROW_PX, HM_FRAME_H_PX, HM_MIN_H_PX);
	keys[0] = (struct report_gp_key){ "@TITLE@", title };
	keys[1] = (struct report_gp_key){ "@STEM@", j->chart.stem };
	keys[2] = (struct report_gp_key){ "@XTICS@", xtics };
	keys[3] = (struct report_gp_key){ "@YTICS@", ytics };
	keys[4] = (struct report_gp_key){ "@NCOLS@", ncols };
	keys[5] = (struct report_gp_key){ "@NROWS@", nrows };
	keys[6] = (struct report_gp_key){ "@CBNOTE@", sc.log ? ", log scale" : "" };
	keys[7] = (struct report_gp_key){ "@CBAXIS@", cbaxis };
	keys[8] = (struct report_gp_key){ "@MARKS@", marks };
	keys[9] = (struct report_gp_key){ "@WIDTH@", width };
	keys[10] = (struct report_gp_key){ "@HEIGHT@", height };
	keys[11] = (struct report_gp_key){ "@GROUPS@", groups };
	keys[12] = (struct report_gp_key){ "@LABELS@", (HM_MAX_PX - HM_FRAME_H_PX) /
	    (g.nrows > 0 ? g.nrows : 1) >= HM_LABEL_MIN_PX ? "1" : "0" };
	keys[13] = (struct report_gp_key){ "@YLABEL@", g.big ? "Block size" :
	    "Block size and queue depth" };
	j->script = report_gnuplot_script(ctx, j->tmpl, keys, 14);
	free(what);
	free(title);
	free(xtics);
	free(ytics);
	free(cbaxis);
	free(marks);
	free(groups);
	free(ncols);
	free(nrows);
	free(width);
	free(height);
	hm_grid_free(&g);
	return j->script != NULL ? 0 : -ENOENT;
}
