/*
 * gnuplot charts of a run: the scorecard, IOPS, throughput and latency
 * against block size (grouped bars when no mode has three block sizes),
 * the saturation and latency curves, and each mode's per-second series.
 * For each a .dat file of figures and a .gp script made from
 * templates/NAME.gp; report-gnuplot-run.c renders them.  Colour is the
 * mode in every chart; dash, marker and fill tell the depths apart.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/report.h"
#include "view/palette.h"

enum gp_metric { GP_IOPS, GP_BW, GP_LAT };

#define GP_SIZE_LEN	32	/* a canvas' size, "1200,800" */

/* A point's figure of a metric: IOPS, MiB/s, or latency percentile p (p50, p99) in us; NaN none. */
static double
gp_metric_value(const struct view_chart_point *p, enum gp_metric metric, bool p50)
{
	if (metric == GP_IOPS)
		return p->v[METRIC_IOPS];
	if (metric == GP_BW)
		return p->v[METRIC_MIB_S];
	return p->v[p50 ? METRIC_P50_US : METRIC_P99_US];
}

/*
 * The largest latency (microseconds) the latency chart draws: p99 of every
 * bar, or p99.9 of every cell drawn (the lines' whiskers).
 */
static double
gp_lat_max(const struct view_chart *vc, bool bars)
{
	double max = 0, v;
	unsigned s, b;

	for (s = 0; s < vc->nseries; s++)
		for (b = 0; b < vc->nbs; b++)
			if ((v = view_chart_at(vc, s, b)->v[bars ? METRIC_P99_US : METRIC_P999_US]) >
			    max)
				max = v;
	return max;
}

/* v with %.6g, or gnuplot's NaN (no figure). */
static void
gp_num(FILE *f, double v)
{
	if (isnan(v))
		fputs("\tNaN", f);
	else
		fprintf(f, "\t%.6g", v);
}

/*
 * A bar's row: x, the figure (IOPS with its --repeat interval; MiB/s, MB/s
 * and the interval; or p99 and p50, NaN where not given), the block size
 * and the label: the columns of iops.dat and bw.dat's lines, with x in
 * front.  When marked (a bar of the chart has a caveat), the label ends
 * with the cell's marks and a last column is 1 for a cell with a caveat,
 * drawn hollow.
 */
static void
gp_bar_row(FILE *f, const struct view_chart_point *p, enum gp_metric metric, double div,
    double x, bool marked)
{
	double v = gp_metric_value(p, metric, false) / div;
	char marks[VIEW_MARKS_LEN];

	fprintf(f, "%g\t%.6g", x, v);
	if (metric == GP_LAT)
		gp_num(f, gp_metric_value(p, metric, true) / div);
	else {
		if (metric == GP_BW)
			fprintf(f, "\t%.3f", p->v[METRIC_MB_S]);
		report_gnuplot_spread_columns(f, p, metric == GP_BW);
	}
	fprintf(f, "\t%llu\t", (unsigned long long)p->bs);
	report_gnuplot_bar_label(f, v, view_caveat_marks(p->caveats, " ", marks, sizeof marks));
	if (marked)
		fprintf(f, "\t%d", p->caveats != 0);
	fputc('\n', f);
}

/*
 * A series' bars, their labels, and the rounds' error bars or latency's p50
 * dots; when marked, its bars with a caveat again, white with its border.
 */
static void
gp_bar_items(FILE *plot, const char *stem, unsigned block, const struct summary_series *se,
    enum gp_metric metric, bool spread, bool marked)
{
	const char *color = se->color;
	unsigned label = metric == GP_IOPS ? 6 : metric == GP_BW ? 7 : 5;

	fprintf(plot, "%s'%s.dat' index %u using 1:2 with boxes lc rgb \"%s\" fs %s border lc "
	    "rgb \"%s\" title ", block > 0 ? ", \\\n     " : "", stem, block, color,
	    report_gnuplot_fill(se->variant), color);
	report_gnuplot_quote(plot, se->name);
	if (marked)
		fprintf(plot, ", \\\n     '%s.dat' index %u using 1:($%u > 0 ? $2 : NaN) with boxes "
		    "lc rgb \"" PALETTE_HEX(PALETTE_WHITE) "\" fs solid 1.0 border lc rgb \"%s\" notitle", stem, block,
		    label + 1, color);
	/* The value just above its bar, and above the rounds' error bar (IOPS_hi, MiB/s_hi). */
	if (metric == GP_LAT)
		fprintf(plot, ", \\\n     '%s.dat' index %u using 1:2:%u with labels offset 0,0.8 "
		    "notitle", stem, block, label);
	else
		fprintf(plot, ", \\\n     '%s.dat' index %u using 1:($%u > $2 ? $%u : $2):%u "
		    "with labels offset 0,0.8 notitle", stem, block, metric == GP_BW ? 5 : 4,
		    metric == GP_BW ? 5 : 4, label);
	if (metric == GP_LAT)
		fprintf(plot, ", \\\n     '%s.dat' index %u using 1:3 with points lc rgb \"" PALETTE_HEX(PALETTE_BLACK) "\" "
		    "pt 7 ps 1.2 %s", stem, block, block == 0 ? "title 'p50 (dot)'" : "notitle");
	else if (spread)
		fprintf(plot, ", \\\n     '%s.dat' index %u using 1:2:%u:%u with yerrorbars lc rgb "
		    "\"" PALETTE_HEX(PALETTE_WHISKER) "\" lw 1.5 pt 0 notitle", stem, block, metric == GP_BW ? 4 : 3,
		    metric == GP_BW ? 5 : 4);
}

/*
 * One group of bars per mode x block size (in the plan's order of modes),
 * a bar per depth x jobs, a data block per series: x, value, label, and
 * for latency p50.  xtics name the groups.
 */
static void
gp_bars(struct report_ctx *ctx, struct report_plot *j, enum gp_metric metric, double div,
    FILE *plot, char **xtics, char **xrange, struct view_range *yr)
{
	const struct view_chart *vc = ctx->view->chart;
	char *buf = NULL, *tbuf = NULL, label[32];
	size_t len = 0, tlen = 0;
	FILE *f = open_memstream(&buf, &len), *t = open_memstream(&tbuf, &tlen);
	double *x = xcalloc((size_t)vc->nseries * vc->nbs + 1, sizeof *x), at = 0;
	unsigned m, b, s, ntics = 0, block = 0, slot, marked = 0;

	/* Each bar's position: groups in mode then size order, a gap of one bar between groups. */
	for (m = 0; m < vc->nmodes; m++)
		for (b = 0; b < vc->nbs; b++) {
			for (slot = 0, s = 0; s < vc->nseries; s++)
				if (vc->series[s].wl == m &&
				    gp_metric_value(view_chart_at(vc, s, b), metric, false) > 0)
					x[(size_t)s * vc->nbs + b] = at + slot++;
			if (slot == 0)
				continue;
			fprintf(t, "%s\"%s\\n%s\" %.1f", ntics++ > 0 ? ", " : "",
			    vc->modes[m].name, view_size_label(vc->bs[b], label,
			    sizeof label), at + (slot - 1) / 2.0);
			at += slot + 1;
		}
	for (s = 0; s < vc->nseries; s++)
		marked |= report_gnuplot_series_caveats(vc, s, metric == GP_BW);
	fprintf(f, "# sweep %s: %s; one block per series (gnuplot index 0, 1, ...), a bar per block "
	    "size\n", j->chart.stem, j->chart.title);
	for (s = 0; s < vc->nseries; s++) {
		const struct summary_series *se = &vc->series[s];
		unsigned rows = 0;

		for (b = 0; b < vc->nbs; b++) {
			const struct view_chart_point *p = view_chart_at(vc, s, b);
			double v;

			if (!((v = gp_metric_value(p, metric, false) / div) > 0))
				continue;
			view_range_add(yr, v);
			if (metric == GP_LAT)
				view_range_add(yr, gp_metric_value(p, metric, true) / div);
			else
				report_gnuplot_spread_range(p, metric == GP_BW, yr);
			if (rows++ == 0)
				fprintf(f, "%s# index %u: %s\n# x\t%s\tbs_bytes\tlabel%s\n", block > 0 ?
				    "\n\n" : "", block, se->name, metric == GP_IOPS ?
				    "IOPS\tIOPS_lo\tIOPS_hi" : metric == GP_BW ?
				    "MiB/s\tMB/s\tMiB/s_lo\tMiB/s_hi" : "p99\tp50",
				    marked ? "\tmarked" : "");
			gp_bar_row(f, p, metric, div, x[(size_t)s * vc->nbs + b], marked != 0);
		}
		if (rows == 0)
			continue;
		gp_bar_items(plot, j->chart.stem, block, se, metric, vc->rounds, marked != 0);
		block++;
	}
	if (metric != GP_LAT)
		report_gnuplot_caps(vc, metric == GP_BW, plot, block == 0, yr);
	report_gnuplot_mark_key(plot, marked);
	fclose(f);
	fclose(t);
	free(x);
	j->data = buf;
	*xtics = tbuf;
	*xrange = xasprintf("[-1:%g]", at > 1 ? at - 1 : 1);
}

/*
 * series-MODE.dat: every cell of the mode in run order, side by side on one
 * time axis; a block per depth x jobs (one colour each); the cells' rows
 * and the tics from report-gnuplot-series.c.  A line whose cells are all
 * too short to join has larger points; cells of 2 s drawn as points are
 * said under the title.
 */
static void
gp_series(struct report_ctx *ctx, struct report_plot *j, unsigned wl, FILE *plot,
    char **xtics, char **xrange, FILE *marks, struct view_range *yr)
{
	const struct view_chart *vc = ctx->view->chart;
	char *buf = NULL, *tbuf = NULL, dt[48];
	size_t len = 0, tlen = 0;
	FILE *f = open_memstream(&buf, &len), *t = open_memstream(&tbuf, &tlen);
	double *start = xcalloc(vc->ntimed + 1, sizeof *start), x;
	unsigned s, block = 0, ntics = 0, v, rows, npoints[2], nshort = 0;

	x = report_gnuplot_series_layout(vc, wl, start, t, &ntics, marks);
	fprintf(f, "# sweep %s: IOPS per second of every %s cell, cells side by side in run "
	    "order; one block per queue depth (gnuplot index 0, 1, ...)\n", j->chart.stem,
	    vc->modes[wl].name);
	for (s = 0; s < vc->nseries; s++) {
		const struct summary_series *se = &vc->series[s];

		npoints[0] = npoints[1] = 0;
		if (se->wl != wl || (rows = report_gnuplot_series_rows(vc, se, start, f, block,
		    npoints, yr)) == 0)
			continue;
		nshort += npoints[1];
		v = se->variant;
		fprintf(plot, "%s'%s.dat' index %u using 1:($2 > 0 ? $2 : NaN) with linespoints "
		    "lc rgb \"%s\" lw 1.5 ps %s dt %s pt %d title ", block > 0 ? ", \\\n     " : "",
		    j->chart.stem, block, se->color, npoints[0] == rows ? "1.2" : "0.6",
		    report_gnuplot_dt(v, dt, sizeof dt), report_gnuplot_point(v));
		report_gnuplot_quote(plot, se->name);
		block++;
	}
	report_gnuplot_caps(vc, false, plot, block == 0, yr);
	report_gnuplot_series_note(marks, nshort);
	fclose(f);
	fclose(t);
	j->data = buf;
	if (ntics == 0) {
		free(tbuf);
		tbuf = xasprintf("\"0\" 0");
	}
	*xtics = tbuf;
	*xrange = xasprintf("[-0.5:%g]", x > 0 ? x + 0.5 : 1);
	free(start);
}

/*
 * The iops, bw and latency charts: lines against block size, or grouped
 * bars.  size: the canvas (GP_SIZE_LEN bytes); *panels: the iops or bw
 * chart's lines are small multiples.
 */
static void
gp_build_matrix(struct report_ctx *ctx, struct report_plot *j, FILE *plot, char **xtics,
    char **xrange, char **ylabel, struct view_range *yr, char *size, bool *panels)
{
	enum gp_metric metric = strcmp(j->tmpl, "latency") == 0 ? GP_LAT :
	    strcmp(j->tmpl, "bw") == 0 ? GP_BW : GP_IOPS;
	const struct view_chart *vc = ctx->view->chart;
	bool bars = vc->bars;
	const char *unit = "";
	double div = 1;

	snprintf(size, GP_SIZE_LEN, "1200,800");
	if (metric == GP_LAT)
		div = report_gnuplot_lat_unit(gp_lat_max(vc, bars), &unit);
	if (bars) {
		fputs("plot ", plot);
		gp_bars(ctx, j, metric, div, plot, xtics, xrange, yr);
		*ylabel = metric == GP_LAT ? xasprintf("p99 completion latency (%s)", unit) :
		    xstrdup(metric == GP_BW ? "Throughput (MiB/s)" : "IOPS");
		return;
	}
	report_gnuplot_bs_axis(vc->bs, vc->nbs, xtics, xrange);
	*ylabel = metric == GP_LAT ? xasprintf("p99 completion latency (%s, log scale); whiskers: "
	    "p50 to p99.9", unit) : xstrdup(metric == GP_BW ? "Throughput (MiB/s, log scale)" :
	    "IOPS (log scale)");
	if (metric != GP_LAT && vc->big) {
		fputs("plot ", plot);
		report_gnuplot_best(ctx, j, metric == GP_BW, plot, yr);
	} else {
		struct report_gp_lines what = { .bw = metric == GP_BW, .lat = metric == GP_LAT,
		    .div = div, .unit = unit, .ylabel = *ylabel };

		*panels = report_gnuplot_lines(ctx, j, &what, plot, yr, size, GP_SIZE_LEN);
	}
}

/* The labelled tics of a linear range "[0:hi]" (report_gnuplot_lin_tics).  Caller frees. */
static char *
gp_lin_tics(const char *range)
{
	double lo, hi;

	if (sscanf(range, "[%lf:%lf]", &lo, &hi) != 2)
		return xstrdup("autofreq");
	return report_gnuplot_lin_tics(hi, "");
}

/* Build one chart's script and data in memory. */
static int
gp_build(struct report_ctx *ctx, struct report_plot *j, unsigned wl)
{
	char *plot = NULL, *xtics = NULL, *xrange = NULL, *title, *what, *marks = NULL;
	char *ylabel = NULL, *gap;
	size_t len = 0, mlen = 0;
	FILE *f = open_memstream(&plot, &len), *mf = open_memstream(&marks, &mlen);
	struct report_gp_key keys[14];
	struct view_range yr = { 0, 0 };
	char *yrange, *ytics, size[GP_SIZE_LEN] = "1200,800";
	const struct view_chart *vc = ctx->view->chart;
	bool bars = false, panels = false;

	if (strcmp(j->tmpl, "series") == 0) {
		gp_series(ctx, j, wl, f, &xtics, &xrange, mf, &yr);
		what = xasprintf("%s: IOPS per second, cells in run order", vc->modes[wl].name);
	} else {
		bars = vc->bars;
		gp_build_matrix(ctx, j, f, &xtics, &xrange, &ylabel, &yr, size, &panels);
		what = xstrdup(j->chart.title);
	}
	fclose(f);
	fclose(mf);
	title = report_gnuplot_title(vc, what);
	free(what);
	/* Bars: a linear axis from 0 (heights show ratios), room above the tallest for its label. */
	yrange = bars ? report_gnuplot_lin_range(&yr, 1.1) : report_gnuplot_log_range(&yr, 1);
	ytics = bars ? gp_lin_tics(yrange) : report_gnuplot_log_tics(&yr, 1);
	keys[0] = (struct report_gp_key){ "@TITLE@", title };
	keys[1] = (struct report_gp_key){ "@XTICS@", xtics };
	keys[2] = (struct report_gp_key){ "@XRANGE@", xrange };
	keys[3] = (struct report_gp_key){ "@PLOT@", plot };
	keys[4] = (struct report_gp_key){ "@STEM@", j->chart.stem };
	keys[5] = (struct report_gp_key){ "@MARKS@", marks };
	/* A note and the bars' style where the charts draw the rounds' spread; else nothing. */
	keys[6] = (struct report_gp_key){ "@BARS@", vc->rounds && !bars ?
	    "# --repeat: each point is a cell's median round; its error bar is the interval of the\n"
	    "# median of its rounds (columns 3-4 of iops.dat, 4-5 of bw.dat).\nset bars small\n" :
	    "" };
	keys[7] = (struct report_gp_key){ "@YLABEL@", ylabel != NULL ? ylabel : "" };
	/* Grouped bars: a category axis of mode x block size; else a log2 axis of block sizes. */
	keys[8] = (struct report_gp_key){ "@XAXIS@", bars ?
	    "set xlabel \"Mode and block size (one bar per queue depth)\" offset 0,-0.6\n"
	    "set style fill solid 0.85 border\nset boxwidth 0.8 absolute\n"
	    "set grid ytics mytics\n" :
	    "set xlabel \"Block size (log2 scale)\"\nset logscale x 2\nset grid xtics ytics mytics\n" };
	keys[9] = (struct report_gp_key){ "@YRANGE@", yrange };
	keys[10] = (struct report_gp_key){ "@YTICS@", ytics };
	gap = bars || panels || (strcmp(j->tmpl, "iops") != 0 && strcmp(j->tmpl, "bw") != 0) ?
	    xstrdup("") : report_gnuplot_gap(ctx, strcmp(j->tmpl, "bw") == 0);
	keys[11] = (struct report_gp_key){ "@GAP@", gap };
	keys[12] = (struct report_gp_key){ "@SIZE@", size };
	keys[13] = (struct report_gp_key){ "@YSCALE@", bars ? "unset logscale y\n" :
	    "set logscale y 10\n" };
	j->script = report_gnuplot_script(ctx, j->tmpl, keys, 14);
	free(gap);
	free(yrange);
	free(ytics);
	free(plot);
	free(marks);
	free(xtics);
	free(xrange);
	free(title);
	free(ylabel);
	return j->script != NULL ? 0 : -ENOENT;
}

/* The png and svg formats of a run's report: runs once even when both are asked. */
int
report_gnuplot_write(struct report_ctx *ctx)
{
	const struct view_chart *vc = ctx->view->chart;
	struct report_plot jobs[REPORT_CHARTS_MAX];
	struct report_chart charts[REPORT_CHARTS_MAX];
	unsigned n = 0, i;
	int err = 0;

	if (ctx->charts_done)
		return 0;
	ctx->charts_done = true;
	for (i = 0; i < vc->nentries && n < REPORT_CHARTS_MAX; i++, n++) {
		snprintf(charts[n].stem, sizeof charts[n].stem, "%.47s", vc->entry[i].stem);
		snprintf(charts[n].title, sizeof charts[n].title, "%.95s", vc->entry[i].title);
		charts[n].wl = vc->entry[i].wl;
	}
	if (n == 0) {
		snprintf(ctx->chart_note, sizeof ctx->chart_note, "no cell has figures to chart");
		return 0;
	}
	memset(jobs, 0, sizeof jobs);
	for (i = 0; i < n && err == 0; i++) {
		jobs[i].chart = charts[i];
		jobs[i].tmpl = charts[i].stem;
		if (strncmp(charts[i].stem, "series-", 7) == 0) {
			jobs[i].tmpl = "series";
			err = gp_build(ctx, &jobs[i], charts[i].wl);
		} else if (strcmp(charts[i].stem, "card") == 0)
			err = report_gnuplot_card_build(ctx, &jobs[i]);
		else if (strcmp(charts[i].stem, "scorecard") == 0)
			err = report_scorecard_build(ctx, &jobs[i]);
		else if (strcmp(charts[i].stem, "hold") == 0)
			err = report_hold_gp_build(ctx, &jobs[i]);
		else if (strcmp(charts[i].stem, "roofline") == 0)
			err = report_gnuplot_roofline_build(ctx, &jobs[i]);
		else if (strcmp(charts[i].stem, "saturation") == 0)
			err = report_curves_build(ctx, &jobs[i], false);
		else if (strcmp(charts[i].stem, "latency-curve") == 0)
			err = report_curves_build(ctx, &jobs[i], true);
		else if (strcmp(charts[i].stem, "throttle") == 0 ||
		    strcmp(charts[i].stem, "latency-cdf") == 0)
			err = report_gnuplot_throttle_build(ctx, &jobs[i]);
		else if (strncmp(charts[i].stem, "jobs-", 5) == 0)
			err = report_gnuplot_jobs_build(ctx, &jobs[i], charts[i].wl);
		else if (strcmp(charts[i].stem, "load") == 0)
			err = report_gnuplot_load_build(ctx, &jobs[i]);
		else
			err = gp_build(ctx, &jobs[i], 0);
	}
	if (err == 0)
		err = report_gnuplot_render(ctx, jobs, n);
	for (i = 0; i < n; i++) {
		free(jobs[i].script);
		free(jobs[i].data);
	}
	return err;
}
