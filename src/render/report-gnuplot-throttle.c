/*
 * The throttle signature (throttle.gp) and the latency distribution per
 * queue depth (latency-cdf.gp), drawn from the view's lines
 * (view-chart-throttle.c): issue 35's pictures of a throttle and of "two
 * populations".  Colour is the mode, as in every chart.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/report.h"
#include "view/palette.h"

/* The nines scale of the distribution: 1 - share done, -log10; the max drawn at CDF_MAX_Y. */
#define CDF_MAX_Y	5.0

/* A line's name: "randread 4 KiB QD16" (" x4 jobs" when more than one). */
static void
thr_name(const struct view_chart *vc, unsigned wl, uint64_t bs, unsigned depth, unsigned jobs,
    char *buf, size_t len)
{
	char size[32];

	snprintf(buf, len, "%s %s QD%u%s", vc->modes[wl].name, size_human(bs, size, sizeof size),
	    depth, jobs > 1 ? " x" : "");
	if (jobs > 1)
		snprintf(buf + strlen(buf), len - strlen(buf), "%u jobs", jobs);
}

/* The measured caps' lines (a mode's once) and the provisioned one, as plot items. */
static void
thr_caps(const struct view_chart *vc, FILE *plot, struct view_range *yr)
{
	const struct view_throttle *t = &vc->throttle;
	unsigned i, k;
	char a[32], *title;

	for (i = 0; i < t->n; i++) {
		for (k = 0; k < i && t->line[k].wl != t->line[i].wl; k++)
			;
		if (k < i || t->line[i].cap == t->provisioned)
			continue;
		view_range_add(yr, t->line[i].cap);
		fprintf(plot, ", \\\n     %.6g with lines lc rgb \"%s\" lw 2 dt (12,6) title ",
		    t->line[i].cap, vc->modes[t->line[i].wl].color);
		title = xasprintf("%s IOPS cap ~%s (measured)", vc->modes[t->line[i].wl].name,
		    view_approx(t->line[i].cap, a, sizeof a));
		report_gnuplot_quote(plot, title);
		free(title);
	}
	report_gnuplot_caps(vc, false, plot, false, yr);
}

/* throttle.dat and the plot items of its lines; the longest cell's seconds into *nsec. */
static void
thr_lines(const struct view_chart *vc, struct report_plot *j, FILE *plot, double div,
    const char *unit, struct view_range *yr, unsigned *nsec)
{
	const struct view_throttle *t = &vc->throttle;
	char *buf = NULL, name[96], dt[48], p[32], marks[VIEW_MARKS_LEN], *title;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	unsigned i, s;

	fprintf(f, "# sweep %s: %s; one block per cell (gnuplot index 0, 1, ...): second, its I/Os, "
	    "the cell's whole-window p99 (%s)\n", j->chart.stem, j->chart.title, unit);
	for (i = 0; i < t->n; i++) {
		const struct view_throttle_line *l = &t->line[i];
		const char *color = vc->modes[l->wl].color;

		thr_name(vc, l->wl, l->bs, l->depth, l->jobs, name, sizeof name);
		fprintf(f, "%s# index %u: %s\n# second\tIOPS\tp99_%s\n", i > 0 ? "\n\n" : "", i, name,
		    unit);
		for (s = 0; s < l->nsec; s++) {
			fprintf(f, "%u\t%llu\t%g\n", s + 1, (unsigned long long)l->ios[s],
			    l->p99_us / div);
			view_range_add(yr, (double)l->ios[s]);
		}
		if (l->nsec > *nsec)
			*nsec = l->nsec;
		fprintf(plot, "%s'%s.dat' index %u using 1:2 with linespoints lc rgb \"%s\" lw 2 "
		    "ps 1.2 dt %s pt %d title ", i > 0 ? ", \\\n     " : "", j->chart.stem, i, color,
		    report_gnuplot_dt(i, dt, sizeof dt), report_gnuplot_point(i));
		title = xasprintf("%s%s%s: IOPS (p99 %s %s)", name, l->caveats ? " " : "",
		    view_caveat_marks(l->caveats, "", marks, sizeof marks),
		    view_num(l->p99_us / div, l->p99_us / div < 10 ? 2 : l->p99_us / div < 100 ? 1 :
		    0, p, sizeof p), unit);
		report_gnuplot_quote(plot, title);
		free(title);
		fprintf(plot, ", \\\n     '%s.dat' index %u using 1:3 axes x1y2 with lines lc rgb "
		    "\"%s\" lw 1.5 dt (4,4) notitle", j->chart.stem, i, color);
	}
	fputs(", \\\n     keyentry with lines lc rgb \"" PALETTE_HEX(PALETTE_KEY) "\" lw 1.5 dt (4,4) "
	    "title \"short dashes, right axis: the cell's p99\"", plot);
	fclose(f);
	j->data = buf;
}

/* The largest p99 of the throttle's cells, microseconds. */
static double
thr_p99_max(const struct view_throttle *t)
{
	double max = 0;
	unsigned i;

	for (i = 0; i < t->n; i++)
		max = fmax(max, t->line[i].p99_us);
	return max;
}

/* throttle.gp and throttle.dat in memory. */
static int
thr_build(struct report_ctx *ctx, struct report_plot *j)
{
	const struct view_chart *vc = ctx->view->chart;
	struct view_range yr = { 0, 0 };
	char *plot = NULL, *title, *xrange, *yrange, *ytics, *y2range, *y2tics, *y2label;
	char height[16];
	size_t len = 0;
	FILE *f = open_memstream(&plot, &len);
	const char *unit;
	double div = report_gnuplot_lat_unit(thr_p99_max(&vc->throttle), &unit), p99;
	unsigned nsec = 0, rows = (vc->throttle.n + 3 + 1) / 2;
	struct report_gp_key keys[13];
	char xtics[16];

	fputs("plot ", f);
	thr_lines(vc, j, f, div, unit, &yr, &nsec);
	thr_caps(vc, f, &yr);
	fclose(f);
	p99 = thr_p99_max(&vc->throttle) / div;
	title = report_gnuplot_title(vc, j->chart.title);
	xrange = xasprintf("[0.5:%g]", nsec + 0.5);
	yrange = xasprintf("[0:%.6g]", yr.hi > 0 ? yr.hi * 1.15 : 1);
	ytics = report_gnuplot_lin_tics(yr.hi > 0 ? yr.hi * 1.15 : 1, "");
	y2range = xasprintf("[0:%.6g]", p99 > 0 ? p99 * 1.6 : 1);
	y2tics = report_gnuplot_lin_tics(p99 > 0 ? p99 * 1.6 : 1, "");
	y2label = xasprintf("p99 latency (%s), each cell's whole window", unit);
	snprintf(height, sizeof height, "%u", 700 + rows * 24);
	keys[0] = (struct report_gp_key){ "@TITLE@", title };
	keys[1] = (struct report_gp_key){ "@PLOT@", plot };
	keys[2] = (struct report_gp_key){ "@STEM@", j->chart.stem };
	keys[3] = (struct report_gp_key){ "@XRANGE@", xrange };
	keys[4] = (struct report_gp_key){ "@YRANGE@", yrange };
	keys[5] = (struct report_gp_key){ "@YTICS@", ytics };
	keys[6] = (struct report_gp_key){ "@Y2RANGE@", y2range };
	keys[7] = (struct report_gp_key){ "@Y2TICS@", y2tics };
	keys[8] = (struct report_gp_key){ "@Y2LABEL@", y2label };
	keys[9] = (struct report_gp_key){ "@HEIGHT@", height };
	keys[10] = (struct report_gp_key){ "@NOTE@", "\"results.json keeps no per-second latency: "
	    "the p99 is each cell's whole window\"" };
	keys[11] = (struct report_gp_key){ "@NOTEY@", "0.895" };
	/* A tic a second up to 15 of them (gnuplot's own put tics at half seconds). */
	snprintf(xtics, sizeof xtics, "%s", nsec <= 15 ? "1" : "autofreq");
	keys[12] = (struct report_gp_key){ "@XTICS@", xtics };
	j->script = report_gnuplot_script(ctx, "throttle", keys, 13);
	free(plot);
	free(title);
	free(xrange);
	free(yrange);
	free(ytics);
	free(y2range);
	free(y2tics);
	free(y2label);
	return j->script != NULL ? 0 : -ENOENT;
}

/* The nines of share p (0 to 1): -log10(1 - p); the max (p 1) at CDF_MAX_Y. */
static double
cdf_nines(double p)
{
	return p >= 1 ? CDF_MAX_Y : p <= 0 ? 0 : -log10(1 - p);
}

/* latency-cdf.dat and its lines' plot items; x's range into xr (in the unit). */
static void
cdf_lines(const struct view_chart *vc, struct report_plot *j, FILE *plot, double div,
    struct view_range *xr)
{
	static const double share[VIEW_CDF_POINTS] = { 0, .5, .9, .99, .999, .9999, 1 };
	static const char *const what[VIEW_CDF_POINTS] = {
		"min", "p50", "p90", "p99", "p99.9", "p99.99", "max"
	};
	const struct view_cdf *c = &vc->cdf;
	char *buf = NULL, name[96], dt[48], marks[VIEW_MARKS_LEN], *title;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	unsigned i, k;

	fprintf(f, "# sweep %s: %s; one block per queue depth (gnuplot index 0, 1, ...): latency, "
	    "share of I/Os done by then, its nines (-log10(1 - share); max at %g)\n", j->chart.stem,
	    j->chart.title, CDF_MAX_Y);
	for (i = 0; i < c->n; i++) {
		const struct view_cdf_line *l = &c->line[i];
		unsigned v = vc->series[l->series].variant;

		thr_name(vc, l->wl, c->bs, l->depth, l->jobs, name, sizeof name);
		fprintf(f, "%s# index %u: %s\n# latency\tshare\tnines\tpoint\n", i > 0 ? "\n\n" : "",
		    i, name);
		for (k = 0; k < VIEW_CDF_POINTS; k++) {
			if (!(l->lat_us[k] > 0))
				continue;
			fprintf(f, "%g\t%g\t%.4f\t%s\n", l->lat_us[k] / div, share[k],
			    cdf_nines(share[k]) + 0.0, what[k]);
			view_range_add(xr, l->lat_us[k] / div);
		}
		fprintf(plot, "%s'%s.dat' index %u using 1:3 with linespoints lc rgb \"%s\" lw 2 ps 1.3 "
		    "dt %s pt %d title ", i > 0 ? ", \\\n     " : "", j->chart.stem, i,
		    vc->modes[l->wl].color, report_gnuplot_dt(v, dt, sizeof dt),
		    report_gnuplot_point(v));
		title = xasprintf("%s%s%s", name, l->caveats ? " " : "",
		    view_caveat_marks(l->caveats, "", marks, sizeof marks));
		report_gnuplot_quote(plot, title);
		free(title);
	}
	fclose(f);
	j->data = buf;
}

/* The largest latency drawn (the max of every line), microseconds. */
static double
cdf_max(const struct view_cdf *c)
{
	double max = 0;
	unsigned i;

	for (i = 0; i < c->n; i++)
		max = fmax(max, c->line[i].lat_us[VIEW_CDF_POINTS - 1]);
	return max;
}

/* latency-cdf.gp and latency-cdf.dat in memory. */
static int
cdf_build(struct report_ctx *ctx, struct report_plot *j)
{
	const struct view_chart *vc = ctx->view->chart;
	struct view_range xr = { 0, 0 };
	char *plot = NULL, *title, *xrange, *xtics, *xlabel, height[16];
	size_t len = 0;
	FILE *f = open_memstream(&plot, &len);
	const char *unit;
	double div = report_gnuplot_lat_unit(cdf_max(&vc->cdf), &unit);
	struct report_gp_key keys[10];

	fputs("plot ", f);
	cdf_lines(vc, j, f, div, &xr);
	fclose(f);
	title = report_gnuplot_title(vc, j->chart.title);
	xrange = report_gnuplot_log_range(&xr, 1);
	xtics = report_gnuplot_log_tics(&xr, 1);
	xlabel = xasprintf("Completion latency (%s, log scale)", unit);
	snprintf(height, sizeof height, "%u", 700 + (vc->cdf.n + 3) / 4 * 24);
	keys[0] = (struct report_gp_key){ "@TITLE@", title };
	keys[1] = (struct report_gp_key){ "@PLOT@", plot };
	keys[2] = (struct report_gp_key){ "@STEM@", j->chart.stem };
	keys[3] = (struct report_gp_key){ "@XRANGE@", xrange };
	keys[4] = (struct report_gp_key){ "@XTICS@", xtics };
	keys[5] = (struct report_gp_key){ "@XLABEL@", xlabel };
	keys[6] = (struct report_gp_key){ "@YTICS@", "\"0%%\" 0, \"50%%\" 0.30103, \"90%%\" 1, "
	    "\"99%%\" 2, \"99.9%%\" 3, \"99.99%%\" 4, \"max\" 5" };
	keys[7] = (struct report_gp_key){ "@HEIGHT@", height };
	keys[8] = (struct report_gp_key){ "@NOTE@", "\"From each cell's stored percentiles: min, "
	    "p50, p90, p99, p99.9, p99.99, max\"" };
	keys[9] = (struct report_gp_key){ "@NOTEY@", "0.895" };
	j->script = report_gnuplot_script(ctx, "latency-cdf", keys, 10);
	free(plot);
	free(title);
	free(xrange);
	free(xtics);
	free(xlabel);
	return j->script != NULL ? 0 : -ENOENT;
}

/* The throttle or latency-cdf chart (by its stem): its .gp and .dat in memory. */
int
report_gnuplot_throttle_build(struct report_ctx *ctx, struct report_plot *j)
{
	if (strcmp(j->chart.stem, "throttle") == 0)
		return thr_build(ctx, j);
	return cdf_build(ctx, j);
}
