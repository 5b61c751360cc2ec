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
#include <stdlib.h>
#include <string.h>

#include "report.h"

enum gp_metric { GP_IOPS, GP_BW, GP_LAT };

/* The plot style of a line: colour by mode, dash and point by depth x jobs. */
static void
gp_style(FILE *f, const struct summary_series *se)
{
	unsigned v = se->variant;

	fprintf(f, "with linespoints lc rgb \"%s\" lw 2 ps 1.5 dt %u pt %d",
	    se->color, report_gnuplot_dash(v), report_gnuplot_point(v));
}

/* Grouped bars instead of lines: no mode has three block sizes or more. */
bool
report_gnuplot_bars(const struct summary *sum)
{
	unsigned m;

	for (m = 0; m < sum->nmodes; m++)
		if (sum->modes[m].nbs >= 3 || report_big(sum))
			return false;
	return true;
}

/* Add a chart to charts[*n] when there is room. */
static void
gp_chart(struct report_chart *charts, unsigned *n, unsigned max, const char *stem,
    const char *title, unsigned wl)
{
	if (*n >= max)
		return;
	snprintf(charts[*n].stem, sizeof charts[*n].stem, "%.47s", stem);
	snprintf(charts[*n].title, sizeof charts[*n].title, "%s", title);
	charts[*n].wl = wl;
	(*n)++;
}

/*
 * Fill charts (at most max) with the charts this summary gives: the scorecard
 * (when a run has one of its cells), the roofline (two block sizes or more),
 * iops, bw, latency (when latency was measured), saturation and latency-curve
 * (a mode with three depths at a block size), jobs-MODE (a mode at two job
 * counts or more) and series-MODE (a mode with per-second figures).  A chart
 * is made only when it has a point to plot (gnuplot fails on an empty plot, or
 * one whose points are all 0 on a log axis), so imports without per-second
 * series or latency get no such chart.
 */
unsigned
report_gnuplot_charts(const struct summary *sum, struct report_chart *charts, unsigned max)
{
	bool bars = report_gnuplot_bars(sum);
	unsigned n = 0, m;
	char stem[48];

	if (sum->nbs == 0 || sum->nseries == 0)
		return 0;
	if (sum->nscore > 0)
		gp_chart(charts, &n, max, "scorecard", "Scorecard: SEQ 1M and RND 4K, read and write", 0);
	n = report_gnuplot_roofline_chart(sum, charts, n, max);
	if (sum->has_iops)
		gp_chart(charts, &n, max, "iops", bars ? "IOPS by block size and queue depth" :
		    report_big(sum) ? "IOPS vs block size, per mode the best of every depth x jobs" :
		    "IOPS vs block size", 0);
	if (sum->has_bw)
		gp_chart(charts, &n, max, "bw", bars ? "Throughput (MiB/s) by block size and queue "
		    "depth" : report_big(sum) ? "Throughput (MiB/s) vs block size, per mode the best "
		    "of every depth x jobs" : "Throughput (MiB/s) vs block size", 0);
	if (sum->has_latency)
		gp_chart(charts, &n, max, "latency", bars ? "p99 latency by block size and queue "
		    "depth" : "Latency p50/p99/p99.9 vs block size, lowest depth", 0);
	if (sum->has_iops && report_curves_any(sum)) {
		gp_chart(charts, &n, max, "saturation", "IOPS vs queue depth: where it saturates", 0);
		if (sum->has_latency)
			gp_chart(charts, &n, max, "latency-curve", "Latency vs IOPS across queue depths",
			    0);
	}
	n = report_gnuplot_jobs_charts(sum, charts, n, max);
	for (m = 0; m < sum->nmodes; m++) {
		char title[96];

		if (sum->modes[m].ntimed == 0)
			continue;
		snprintf(stem, sizeof stem, "series-%s", sum->modes[m].stem);
		snprintf(title, sizeof title, "%s: IOPS per second, every cell", sum->modes[m].name);
		gp_chart(charts, &n, max, stem, title, m);
	}
	return n;
}

/* The figure of a cell on the iops or bw chart; a point only when above 0 (log axis). */
static double
gp_matrix_value(const struct cell_result *r, bool bw)
{
	return bw ? r->bw_bytes_s : r->iops;
}

/* One horizontal cap line as a plot item (a constant function: autoscale keeps it in view). */
static void
gp_cap_line(FILE *plot, bool first, double v, unsigned dt, const char *what)
{
	fprintf(plot, "%s%.6g with lines lc rgb \"#404040\" lw 2 dt %u title ",
	    first ? "" : ", \\\n     ", v, dt);
	report_gnuplot_quote(plot, what);
}

/*
 * The caps of results.expect as plot items: IOPS (baseline, burst, floor)
 * or bandwidth in MiB/s.  first: no plot item before them.
 */
static void
gp_caps(const struct results *res, bool bw, FILE *plot, bool first, struct view_range *yr)
{
	const struct expect *e = &res->expect;
	const char *who = e->profile[0] != '\0' ? e->profile : "--expect";
	char a[32], *t;

	if (!e->set)
		return;
	view_range_add(yr, bw ? e->bw_bytes_s / MIB : e->iops);
	view_range_add(yr, bw ? e->burst_bw_bytes_s / MIB : e->burst_iops);
	view_range_add(yr, bw ? e->bw_floor_bytes_s / MIB : e->iops_floor);
	if (bw) {
		if (e->bw_bytes_s > 0) {
			t = xasprintf("%s cap %s", who, profile_rate_text(e->bw_bytes_s, a, sizeof a));
			gp_cap_line(plot, first, e->bw_bytes_s / MIB, 2, t);
			free(t);
			first = false;
		}
		if (e->burst_bw_bytes_s > 0) {
			t = xasprintf("%s burst %s", who, profile_rate_text(e->burst_bw_bytes_s, a, sizeof a));
			gp_cap_line(plot, first, e->burst_bw_bytes_s / MIB, 4, t);
			free(t);
			first = false;
		}
		if (e->bw_floor_bytes_s > 0) {
			t = xasprintf("%s floor %s", who, profile_rate_text(e->bw_floor_bytes_s, a, sizeof a));
			gp_cap_line(plot, first, e->bw_floor_bytes_s / MIB, 3, t);
			free(t);
		}
		return;
	}
	if (e->iops > 0) {
		t = xasprintf("%s cap %s IOPS", who, report_num(e->iops, 0, a, sizeof a));
		gp_cap_line(plot, first, e->iops, 2, t);
		free(t);
		first = false;
	}
	if (e->burst_iops > 0) {
		t = xasprintf("%s burst %s IOPS", who, report_num(e->burst_iops, 0, a, sizeof a));
		gp_cap_line(plot, first, e->burst_iops, 4, t);
		free(t);
		first = false;
	}
	if (e->iops_floor > 0) {
		t = xasprintf("%s floor %s IOPS", who, report_num(e->iops_floor, 0, a, sizeof a));
		gp_cap_line(plot, first, e->iops_floor, 3, t);
		free(t);
	}
}

/*
 * iops.dat / bw.dat: a block per series; plot items into plot.  With
 * --repeat each row carries the median's interval too, drawn as an error
 * bar in the line's colour; when a cell drawn has a caveat, every row its
 * marks (report_gnuplot_mark_items).
 */
static void
gp_matrix(struct report_ctx *ctx, struct report_plot *j, bool bw, FILE *plot,
    struct view_range *yr)
{
	const struct summary *sum = ctx->sum;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	unsigned s, b, block = 0, marked = 0;
	bool spread = report_gnuplot_has_rounds(ctx->res);
	unsigned mcol = (bw ? 4 : 3) + (spread ? 2 : 0);	/* the marks' column */

	for (s = 0; s < sum->nseries; s++)
		marked |= report_gnuplot_series_caveats(ctx, &sum->series[s], bw);
	fprintf(f, "# sweep %s: %s; one block per line of the chart (gnuplot index 0, 1, ...)\n",
	    j->chart.stem, j->chart.title);
	for (s = 0; s < sum->nseries; s++) {
		const struct summary_series *se = &sum->series[s];
		unsigned rows = 0;

		for (b = 0; b < sum->nbs; b++)
			if (se->cell[b] >= 0 && gp_matrix_value(&ctx->res->cells[se->cell[b]], bw) > 0)
				rows++;
		if (rows == 0)
			continue;
		fprintf(f, "%s# index %u: %s\n", block > 0 ? "\n\n" : "", block, se->name);
		if (spread)
			fputs(bw ? "# bs_bytes\tMiB/s\tMB/s\tMiB/s_lo\tMiB/s_hi" :
			    "# bs_bytes\tIOPS\tIOPS_lo\tIOPS_hi", f);
		else
			fputs(bw ? "# bs_bytes\tMiB/s\tMB/s" : "# bs_bytes\tIOPS", f);
		fputs(marked ? "\tmarks\n" : "\n", f);
		for (b = 0; b < sum->nbs; b++) {
			const struct cell_result *r;

			if (se->cell[b] < 0)
				continue;
			r = &ctx->res->cells[se->cell[b]];
			if (!(gp_matrix_value(r, bw) > 0))
				continue;
			view_range_add(yr, bw ? r->bw_bytes_s / MIB : r->iops);
			report_gnuplot_spread_range(r, bw, yr);
			if (bw)
				fprintf(f, "%llu\t%.3f\t%.3f", (unsigned long long)r->cell.bs,
				    r->bw_bytes_s / MIB, r->bw_bytes_s / 1e6);
			else
				fprintf(f, "%llu\t%.1f", (unsigned long long)r->cell.bs, r->iops);
			if (spread)
				report_gnuplot_spread_columns(f, r, bw);
			if (marked)
				report_gnuplot_mark_column(f, ctx->res, se->cell[b]);
			fputc('\n', f);
		}
		fprintf(plot, "%s'%s.dat' index %u using 1:2 ", block > 0 ? ", \\\n     " : "",
		    j->chart.stem, block);
		gp_style(plot, se);
		fputs(" title ", plot);
		report_gnuplot_quote(plot, se->name);
		if (spread)
			fprintf(plot, ", \\\n     '%s.dat' index %u using 1:2:%u:%u with yerrorbars "
			    "lc rgb \"%s\" lw 2 pt 0 notitle", j->chart.stem, block, bw ? 4 : 3,
			    bw ? 5 : 4, se->color);
		if (report_gnuplot_series_caveats(ctx, se, bw) != 0)
			report_gnuplot_mark_items(plot, j->chart.stem, block, 2, mcol,
			    report_gnuplot_point(se->variant), se->color, true);
		block++;
	}
	gp_caps(ctx->res, bw, plot, block == 0, yr);
	report_gnuplot_mark_key(plot, marked);
	fclose(f);
	j->data = buf;
}

/*
 * The iops or bw chart of a large run (report-big.c), where a line per
 * mode x depth x jobs would be thousands of lines: a line per mode, at each
 * block size its best cell over every depth and job count (the chart's
 * title says so).
 */
static void
gp_matrix_best(struct report_ctx *ctx, struct report_plot *j, bool bw, FILE *plot,
    struct view_range *yr)
{
	const struct summary *sum = ctx->sum;
	int *best = xcalloc(sum->nbs ? sum->nbs : 1, sizeof *best);
	unsigned *count = xcalloc(sum->nbs ? sum->nbs : 1, sizeof *count), m, b, block = 0;
	unsigned marked, all = 0;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	fprintf(f, "# sweep %s: %s; one block per mode: at each block size the best cell of every "
	    "queue depth and job count (gnuplot index 0, 1, ...)\n", j->chart.stem, j->chart.title);
	for (m = 0; m < sum->nmodes; m++) {
		view_best(ctx->res, ctx->sum, m, bw ? METRIC_MIB_S : METRIC_IOPS, best, count);
		for (b = 0; b < sum->nbs && best[b] < 0; b++)
			;
		if (b == sum->nbs)
			continue;
		for (marked = 0, b = 0; b < sum->nbs; b++)
			marked |= view_caveats(ctx->res, best[b]);
		all |= marked;
		fprintf(f, "%s# index %u: %s, the best cell of each block size\n# bs_bytes\t%s\t"
		    "depth\tjobs%s\n", block > 0 ? "\n\n" : "", block, sum->modes[m].name,
		    bw ? "MiB/s\tMB/s" : "IOPS", marked ? "\tmarks" : "");
		for (b = 0; b < sum->nbs; b++) {
			const struct cell_result *r = &ctx->res->cells[best[b]];

			if (best[b] < 0)
				continue;
			view_range_add(yr, bw ? r->bw_bytes_s / MIB : r->iops);
			if (bw)
				fprintf(f, "%llu\t%.3f\t%.3f", (unsigned long long)r->cell.bs,
				    r->bw_bytes_s / MIB, r->bw_bytes_s / 1e6);
			else
				fprintf(f, "%llu\t%.1f", (unsigned long long)r->cell.bs, r->iops);
			fprintf(f, "\t%u\t%u", r->cell.depth, r->cell.jobs);
			if (marked)
				report_gnuplot_mark_column(f, ctx->res, best[b]);
			fputc('\n', f);
		}
		fprintf(plot, "%s'%s.dat' index %u using 1:2 with linespoints lc rgb \"%s\" lw 2 ps 1.5 "
		    "dt 1 pt 7 title \"%s, best\"", block > 0 ? ", \\\n     " : "", j->chart.stem, block,
		    sum->modes[m].color, sum->modes[m].name);
		if (marked)
			report_gnuplot_mark_items(plot, j->chart.stem, block, 2, bw ? 6 : 5, 7,
			    sum->modes[m].color, true);
		block++;
	}
	gp_caps(ctx->res, bw, plot, block == 0, yr);
	report_gnuplot_mark_key(plot, all);
	fclose(f);
	j->data = buf;
	free(best);
	free(count);
}

/* A cell's figure of a metric: IOPS, MiB/s, or p99 latency in microseconds; 0 none. */
static double
gp_metric_value(const struct cell_result *r, enum gp_metric metric, unsigned pct)
{
	if (metric == GP_IOPS)
		return r->iops;
	if (metric == GP_BW)
		return r->bw_bytes_s / MIB;
	return (double)r->lat_pct_ns[pct] / 1e3;
}

static int gp_lat_cell(const struct report_ctx *, unsigned, unsigned);

/*
 * The largest latency (microseconds) the latency chart draws: p99 of every
 * bar, or p99.9 of each mode's lowest depth at each block size.
 */
static double
gp_lat_max(const struct report_ctx *ctx, bool bars)
{
	const struct summary *sum = ctx->sum;
	double max = 0, v;
	unsigned s, b, m;
	int c;

	for (s = 0; bars && s < sum->nseries; s++)
		for (b = 0; b < sum->nbs; b++)
			if (sum->series[s].cell[b] >= 0 && (v = gp_metric_value(
			    &ctx->res->cells[sum->series[s].cell[b]], GP_LAT, 2)) > max)
				max = v;
	for (m = 0; !bars && m < sum->nmodes; m++)
		for (b = 0; b < sum->nbs; b++)
			if ((c = gp_lat_cell(ctx, m, b)) >= 0 &&
			    (v = gp_metric_value(&ctx->res->cells[c], GP_LAT, 3)) > max)
				max = v;
	return max;
}

/*
 * A bar's row: x, the figure (IOPS with its --repeat interval; MiB/s, MB/s
 * and the interval; or p99 and p50), the block size and the label: the
 * columns of iops.dat and bw.dat's lines, with x in front.  When marked
 * (a bar of the chart has a caveat), the label ends with the cell's marks
 * and a last column is 1 for a cell with a caveat, drawn hollow.
 */
static void
gp_bar_row(FILE *f, const struct report_ctx *ctx, int i, enum gp_metric metric, double div,
    double x, bool marked)
{
	const struct cell_result *r = &ctx->res->cells[i];
	double v = gp_metric_value(r, metric, 2) / div;
	char marks[VIEW_MARKS_LEN];

	fprintf(f, "%g\t%.6g", x, v);
	if (metric == GP_LAT)
		fprintf(f, "\t%.6g", gp_metric_value(r, metric, 0) / div);
	else {
		if (metric == GP_BW)
			fprintf(f, "\t%.3f", r->bw_bytes_s / 1e6);
		report_gnuplot_spread_columns(f, r, metric == GP_BW);
	}
	fprintf(f, "\t%llu\t", (unsigned long long)r->cell.bs);
	report_gnuplot_bar_label(f, v, view_caveat_marks(view_caveats(ctx->res, i), " ", marks, sizeof marks));
	if (marked)
		fprintf(f, "\t%d", view_caveats(ctx->res, i) != 0);
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
		    "lc rgb \"white\" fs solid 1.0 border lc rgb \"%s\" notitle", stem, block,
		    label + 1, color);
	/* The value above its bar, and above the rounds' error bar (IOPS_hi, MiB/s_hi). */
	if (metric == GP_LAT)
		fprintf(plot, ", \\\n     '%s.dat' index %u using 1:($2 * 1.25):%u with labels "
		    "notitle", stem, block, label);
	else
		fprintf(plot, ", \\\n     '%s.dat' index %u using 1:(($%u > $2 ? $%u : $2) * 1.25):%u "
		    "with labels notitle", stem, block, metric == GP_BW ? 5 : 4,
		    metric == GP_BW ? 5 : 4, label);
	if (metric == GP_LAT)
		fprintf(plot, ", \\\n     '%s.dat' index %u using 1:3 with points lc rgb \"black\" "
		    "pt 7 ps 1.2 %s", stem, block, block == 0 ? "title 'p50 (dot)'" : "notitle");
	else if (spread)
		fprintf(plot, ", \\\n     '%s.dat' index %u using 1:2:%u:%u with yerrorbars lc rgb "
		    "\"#202020\" lw 1.5 pt 0 notitle", stem, block, metric == GP_BW ? 4 : 3,
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
	const struct summary *sum = ctx->sum;
	char *buf = NULL, *tbuf = NULL, label[32];
	size_t len = 0, tlen = 0;
	FILE *f = open_memstream(&buf, &len), *t = open_memstream(&tbuf, &tlen);
	double *x = xcalloc((size_t)sum->nseries * sum->nbs + 1, sizeof *x), at = 0;
	unsigned m, b, s, ntics = 0, block = 0, slot, marked = 0;

	/* Each bar's position: groups in mode then size order, a gap of one bar between groups. */
	for (m = 0; m < sum->nmodes; m++)
		for (b = 0; b < sum->nbs; b++) {
			for (slot = 0, s = 0; s < sum->nseries; s++)
				if (sum->series[s].wl == m && sum->series[s].cell[b] >= 0 &&
				    gp_metric_value(&ctx->res->cells[sum->series[s].cell[b]], metric, 2) > 0)
					x[(size_t)s * sum->nbs + b] = at + slot++;
			if (slot == 0)
				continue;
			fprintf(t, "%s\"%s %s\" %.1f", ntics++ > 0 ? ", " : "",
			    sum->modes[m].name, report_size_label(sum->bs[b], label,
			    sizeof label), at + (slot - 1) / 2.0);
			at += slot + 1;
		}
	for (s = 0; s < sum->nseries; s++)
		marked |= report_gnuplot_series_caveats(ctx, &sum->series[s], metric == GP_BW);
	fprintf(f, "# sweep %s: %s; one block per series (gnuplot index 0, 1, ...), a bar per block "
	    "size\n", j->chart.stem, j->chart.title);
	for (s = 0; s < sum->nseries; s++) {
		const struct summary_series *se = &sum->series[s];
		unsigned rows = 0;

		for (b = 0; b < sum->nbs; b++) {
			const struct cell_result *r;
			double v;

			if (se->cell[b] < 0)
				continue;
			r = &ctx->res->cells[se->cell[b]];
			if (!((v = gp_metric_value(r, metric, 2) / div) > 0))
				continue;
			view_range_add(yr, v);
			if (metric == GP_LAT)
				view_range_add(yr, gp_metric_value(r, metric, 0) / div);
			else
				report_gnuplot_spread_range(r, metric == GP_BW, yr);
			if (rows++ == 0)
				fprintf(f, "%s# index %u: %s\n# x\t%s\tbs_bytes\tlabel%s\n", block > 0 ?
				    "\n\n" : "", block, se->name, metric == GP_IOPS ?
				    "IOPS\tIOPS_lo\tIOPS_hi" : metric == GP_BW ?
				    "MiB/s\tMB/s\tMiB/s_lo\tMiB/s_hi" : "p99\tp50",
				    marked ? "\tmarked" : "");
			gp_bar_row(f, ctx, se->cell[b], metric, div, x[(size_t)s * sum->nbs + b],
			    marked != 0);
		}
		if (rows == 0)
			continue;
		gp_bar_items(plot, j->chart.stem, block, se, metric, report_gnuplot_has_rounds(ctx->res),
		    marked != 0);
		block++;
	}
	if (metric != GP_LAT)
		gp_caps(ctx->res, metric == GP_BW, plot, block == 0, yr);
	report_gnuplot_mark_key(plot, marked);
	fclose(f);
	fclose(t);
	free(x);
	j->data = buf;
	*xtics = tbuf;
	*xrange = xasprintf("[-1:%g]", at > 1 ? at - 1 : 1);
}

/*
 * The latency chart's cell of a mode at block size b: the lowest depth
 * (then jobs) with a latency figure there; -1 none.
 */
static int
gp_lat_cell(const struct report_ctx *ctx, unsigned wl, unsigned b)
{
	const struct summary *sum = ctx->sum;
	unsigned s;

	/* Series are sorted by depth, then jobs. */
	for (s = 0; s < sum->nseries; s++)
		if (sum->series[s].wl == wl && sum->series[s].cell[b] >= 0 &&
		    ctx->res->cells[sum->series[s].cell[b]].lat_pct_ns[0] > 0)
			return sum->series[s].cell[b];
	return -1;
}

/*
 * latency.dat: per mode, at every block size measured, p50/p99/p99.9 at
 * the lowest depth measured there, in the chart's unit (div: from
 * microseconds); when a cell drawn has a caveat, every row its marks,
 * drawn hollow (the marks above p99.9).
 */
static void
gp_latency(struct report_ctx *ctx, struct report_plot *j, double div, const char *unit,
    FILE *plot, struct view_range *yr)
{
	static const char *pct_name[] = { "p50", "p99", "p99.9" };
	static const unsigned pct_index[] = { 0, 2, 3 };	/* into sweep_percentiles */
	const struct summary *sum = ctx->sum;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	unsigned m, b, p, block = 0, marked = 0, mode_marked;

	for (m = 0; m < sum->nmodes; m++)
		for (b = 0; b < sum->nbs; b++)
			marked |= view_caveats(ctx->res, gp_lat_cell(ctx, m, b));
	fprintf(f, "# sweep latency: completion latency percentiles per mode at each block size, "
	    "at the lowest queue depth measured there; one block per mode (gnuplot index 0, 1, "
	    "...)\n");
	for (m = 0; m < sum->nmodes; m++) {
		const struct summary_mode *sm = &sum->modes[m];
		unsigned rows = 0;

		mode_marked = 0;
		for (b = 0; b < sum->nbs; b++) {
			int c = gp_lat_cell(ctx, m, b);
			const struct cell_result *r;

			if (c < 0)
				continue;
			r = &ctx->res->cells[c];
			if (rows++ == 0)
				fprintf(f, "%s# index %u: %s\n# bs_bytes\tp50_%s\tp99_%s\tp99.9_%s\t"
				    "depth\tjobs%s\n", block > 0 ? "\n\n" : "", block, sm->name,
				    unit, unit, unit, marked ? "\tmarks" : "");
			fprintf(f, "%llu", (unsigned long long)r->cell.bs);
			for (p = 0; p < 3; p++) {
				double v = (double)r->lat_pct_ns[pct_index[p]] / 1e3 / div;

				/*
				 * %g: a null-engine latency of 40 ns is 0.04 us, not 0.0 (undefined
				 * on a log axis); 0 is not given (an import): NaN, gnuplot's missing.
				 */
				fprintf(f, v > 0 ? "\t%g" : "\tNaN", v);
				view_range_add(yr, v);
			}
			fprintf(f, "\t%u\t%u", r->cell.depth, r->cell.jobs);
			if (marked)
				report_gnuplot_mark_column(f, ctx->res, c);
			fputc('\n', f);
			mode_marked |= view_caveats(ctx->res, c);
		}
		if (rows == 0)
			continue;
		for (p = 0; p < 3; p++) {
			char *title = xasprintf("%s %s", sm->name, pct_name[p]);

			fprintf(plot, "%s'%s.dat' index %u using 1:%u with linespoints lc rgb \"%s\" lw 2 "
			    "ps 1.5 dt %u pt %d title ", block > 0 || p > 0 ? ", \\\n     " : "",
			    j->chart.stem, block, p + 2, sm->color, p + 1,
			    report_gnuplot_point(p));
			report_gnuplot_quote(plot, title);
			free(title);
			if (mode_marked)
				report_gnuplot_mark_items(plot, j->chart.stem, block, p + 2, 7,
				    report_gnuplot_point(p), sm->color, p == 2);
		}
		block++;
	}
	report_gnuplot_mark_key(plot, marked);
	fclose(f);
	j->data = buf;
}

/* How many runs of cells of one block size the workload has in run order: the series chart's tics. */
static unsigned
gp_series_runs(const struct results *res, const struct summary *sum, unsigned wl)
{
	uint64_t run_bs = 0;
	unsigned i, n = 0;

	for (i = 0; i < res->plan.ncells; i++) {
		const struct cell_result *r = &res->cells[i];

		if (sum->cell_wl[i] != wl || !results_cell_has_figures(r) || r->nseries == 0)
			continue;
		if (r->cell.bs != run_bs)
			n++;
		run_bs = r->cell.bs;
	}
	return n;
}

/* A tic of the series chart: labelled, or (every other one of more than 12) a minor tic. */
static void
gp_series_tic(FILE *t, unsigned *ntics, unsigned nruns, uint64_t bs, double at)
{
	char label[32];

	if (nruns > 12 && *ntics % 2 == 1)
		fprintf(t, ", \"\" %.1f 1", at);
	else
		fprintf(t, "%s\"%s\" %.1f", *ntics > 0 ? ", " : "",
		    report_size_label(bs, label, sizeof label), at);
	(*ntics)++;
}

/*
 * series-MODE.dat: every cell of the mode in run order, side by side on one
 * time axis; a block per depth x jobs (one colour each), cells split by a
 * blank line so that gnuplot does not join them.  A tic labels each run of
 * cells of one block size.
 */
static void
gp_series(struct report_ctx *ctx, struct report_plot *j, unsigned wl, FILE *plot,
    char **xtics, char **xrange, FILE *marks, struct view_range *yr)
{
	const struct results *res = ctx->res;
	const struct summary *sum = ctx->sum;
	char *buf = NULL, *tbuf = NULL;
	size_t len = 0, tlen = 0;
	FILE *f = open_memstream(&buf, &len), *t = open_memstream(&tbuf, &tlen);
	double *start = xcalloc(res->plan.ncells ? res->plan.ncells : 1, sizeof *start);
	double x = 0, run_start = 0;
	uint64_t run_bs = 0;
	unsigned i, s, block = 0, ntics = 0, nruns = gp_series_runs(res, sum, wl);

	for (i = 0; i < res->plan.ncells; i++) {
		const struct cell_result *r = &res->cells[i];

		if (sum->cell_wl[i] != wl || !results_cell_has_figures(r) || r->nseries == 0)
			continue;
		if (r->cell.bs != run_bs) {
			if (run_bs != 0)
				gp_series_tic(t, &ntics, nruns, run_bs, (run_start + x) / 2);
			run_bs = r->cell.bs;
			run_start = x;
		}
		start[i] = x;
		if (sum->burst != NULL && (sum->burst[i].kind == BURST_CLIFF ||
		    sum->burst[i].kind == BURST_DECLINE)) {
			double at = x + sum->burst[i].at_s;
			char *label = xasprintf("%s after %u s", sum->burst[i].kind == BURST_CLIFF ?
			    "burst credits out?" : "decline", sum->burst[i].at_s);

			fprintf(marks, "set arrow from %.1f, graph 0 to %.1f, graph 1 nohead lc rgb "
			    "\"#b00020\" lw 1.5 dt 3\nset label ", at, at);
			report_gnuplot_quote(marks, label);
			fprintf(marks, " at %.1f, graph 0.97 offset 0.5, 0 tc rgb \"#b00020\"\n", at);
			free(label);
		}
		x += r->nseries;
	}
	if (run_bs != 0)
		gp_series_tic(t, &ntics, nruns, run_bs, (run_start + x) / 2);
	fprintf(f, "# sweep %s: IOPS per second of every %s cell, cells side by side in run "
	    "order; one block per queue depth (gnuplot index 0, 1, ...)\n", j->chart.stem,
	    sum->modes[wl].name);
	for (s = 0; s < sum->nseries; s++) {
		const struct summary_series *se = &sum->series[s];
		unsigned rows = 0, v;

		if (se->wl != wl)
			continue;
		for (i = 0; i < res->plan.ncells; i++) {
			const struct cell_result *r = &res->cells[i];
			unsigned k;

			if (sum->cell_wl[i] != wl || r->cell.depth != se->depth ||
			    r->cell.jobs != se->jobs || !results_cell_has_figures(r) ||
			    r->nseries == 0)
				continue;
			if (rows == 0)
				fprintf(f, "%s# index %u: %s\n# second\tIOPS\tbs_bytes\n",
				    block > 0 ? "\n\n" : "", block, se->name);
			else
				fputc('\n', f);
			for (k = 0; k < r->nseries; k++)
				view_range_add(yr, (double)r->series_ios[k]);
			for (k = 0; k < r->nseries; k++)
				fprintf(f, "%.1f\t%llu\t%llu\n", start[i] + k + 0.5,
				    (unsigned long long)r->series_ios[k], (unsigned long long)r->cell.bs);
			rows++;
		}
		if (rows == 0)
			continue;
		v = se->variant;
		fprintf(plot, "%s'%s.dat' index %u using 1:($2 > 0 ? $2 : NaN) with linespoints "
		    "lc rgb \"%s\" lw 1.5 ps 0.6 dt %u pt %d title ", block > 0 ? ", \\\n     " : "",
		    j->chart.stem, block, se->color, report_gnuplot_dash(v),
		    report_gnuplot_point(v));
		report_gnuplot_quote(plot, se->name);
		block++;
	}
	gp_caps(res, false, plot, block == 0, yr);
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

/* The iops, bw and latency charts: lines against block size, or grouped bars. */
static void
gp_build_matrix(struct report_ctx *ctx, struct report_plot *j, FILE *plot, char **xtics,
    char **xrange, char **ylabel, struct view_range *yr)
{
	enum gp_metric metric = strcmp(j->tmpl, "latency") == 0 ? GP_LAT :
	    strcmp(j->tmpl, "bw") == 0 ? GP_BW : GP_IOPS;
	bool bars = report_gnuplot_bars(ctx->sum);
	const char *unit = "";
	double div = 1;

	if (metric == GP_LAT)
		div = report_gnuplot_lat_unit(gp_lat_max(ctx, bars), &unit);
	if (bars) {
		gp_bars(ctx, j, metric, div, plot, xtics, xrange, yr);
		*ylabel = metric == GP_LAT ? xasprintf("p99 completion latency (%s, log scale)", unit) :
		    xstrdup(metric == GP_BW ? "Throughput (MiB/s, log scale)" : "IOPS (log scale)");
		return;
	}
	report_gnuplot_bs_axis(ctx->sum->bs, ctx->sum->nbs, xtics, xrange);
	if (metric == GP_LAT)
		gp_latency(ctx, j, div, unit, plot, yr);
	else if (report_big(ctx->sum))
		gp_matrix_best(ctx, j, metric == GP_BW, plot, yr);
	else
		gp_matrix(ctx, j, metric == GP_BW, plot, yr);
	*ylabel = metric == GP_LAT ? xasprintf("Completion latency (%s, log scale)", unit) :
	    xstrdup(metric == GP_BW ? "Throughput (MiB/s, log scale)" : "IOPS (log scale)");
}

/* Build one chart's script and data in memory. */
static int
gp_build(struct report_ctx *ctx, struct report_plot *j, unsigned wl)
{
	char *plot = NULL, *xtics = NULL, *xrange = NULL, *title, *what, *marks = NULL;
	char *ylabel = NULL, *gap;
	size_t len = 0, mlen = 0;
	FILE *f = open_memstream(&plot, &len), *mf = open_memstream(&marks, &mlen);
	struct report_gp_key keys[12];
	struct view_range yr = { 0, 0 };
	char *yrange, *ytics;
	bool bars = false;

	if (strcmp(j->tmpl, "series") == 0) {
		gp_series(ctx, j, wl, f, &xtics, &xrange, mf, &yr);
		what = xasprintf("%s: IOPS per second, cells in run order", ctx->sum->modes[wl].name);
	} else {
		bars = report_gnuplot_bars(ctx->sum);
		gp_build_matrix(ctx, j, f, &xtics, &xrange, &ylabel, &yr);
		what = xstrdup(j->chart.title);
	}
	fclose(f);
	fclose(mf);
	title = report_gnuplot_title(ctx->res, what);
	free(what);
	/* Bars: room above the tallest for its value label. */
	yrange = report_gnuplot_log_range(&yr, bars ? 1.6 : 1);
	ytics = report_gnuplot_log_tics(&yr, bars ? 1.6 : 1);
	keys[0] = (struct report_gp_key){ "@TITLE@", title };
	keys[1] = (struct report_gp_key){ "@XTICS@", xtics };
	keys[2] = (struct report_gp_key){ "@XRANGE@", xrange };
	keys[3] = (struct report_gp_key){ "@PLOT@", plot };
	keys[4] = (struct report_gp_key){ "@STEM@", j->chart.stem };
	keys[5] = (struct report_gp_key){ "@MARKS@", marks };
	/* A note and the bars' style where the charts draw the rounds' spread; else nothing. */
	keys[6] = (struct report_gp_key){ "@BARS@", report_gnuplot_has_rounds(ctx->res) && !bars ?
	    "# --repeat: each point is a cell's median round; its error bar is the interval of the\n"
	    "# median of its rounds (columns 3-4 of iops.dat, 4-5 of bw.dat).\nset bars small\n" :
	    "" };
	keys[7] = (struct report_gp_key){ "@YLABEL@", ylabel != NULL ? ylabel : "" };
	/* Grouped bars: a category axis of mode x block size; else a log2 axis of block sizes. */
	keys[8] = (struct report_gp_key){ "@XAXIS@", bars ?
	    "set xlabel \"Mode and block size (one bar per queue depth)\"\n"
	    "set style fill solid 0.85 border\nset boxwidth 0.8 absolute\n"
	    "set grid ytics mytics\n" :
	    "set xlabel \"Block size (log2 scale)\"\nset logscale x 2\nset grid xtics ytics mytics\n" };
	keys[9] = (struct report_gp_key){ "@YRANGE@", yrange };
	keys[10] = (struct report_gp_key){ "@YTICS@", ytics };
	gap = bars || (strcmp(j->tmpl, "iops") != 0 && strcmp(j->tmpl, "bw") != 0) ? xstrdup("") :
	    report_gnuplot_gap(ctx, strcmp(j->tmpl, "bw") == 0);
	keys[11] = (struct report_gp_key){ "@GAP@", gap };
	j->script = report_gnuplot_script(ctx, j->tmpl, keys, 12);
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
	struct report_plot jobs[REPORT_CHARTS_MAX];
	struct report_chart charts[REPORT_CHARTS_MAX];
	unsigned n, i;
	int err = 0;

	if (ctx->charts_done)
		return 0;
	ctx->charts_done = true;
	n = report_gnuplot_charts(ctx->sum, charts, REPORT_CHARTS_MAX);
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
		} else if (strcmp(charts[i].stem, "scorecard") == 0)
			err = report_scorecard_build(ctx, &jobs[i]);
		else if (strcmp(charts[i].stem, "roofline") == 0)
			err = report_gnuplot_roofline_build(ctx, &jobs[i]);
		else if (strcmp(charts[i].stem, "saturation") == 0)
			err = report_curves_build(ctx, &jobs[i], false);
		else if (strcmp(charts[i].stem, "latency-curve") == 0)
			err = report_curves_build(ctx, &jobs[i], true);
		else if (strncmp(charts[i].stem, "jobs-", 5) == 0)
			err = report_gnuplot_jobs_build(ctx, &jobs[i], charts[i].wl);
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
