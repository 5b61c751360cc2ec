/*
 * The queue-depth curves of a run, for each mode x block size measured at
 * three depths or more (at the mode's lowest job count; of more than three
 * such sizes, the smallest, middle and largest, and the saturation's):
 * - saturation (templates/saturation.gp): IOPS against queue depth, one
 *   line per mode x block size, with each mode's saturating depth (the
 *   summary's: the smallest depth within 5% of the best) marked;
 * - latency-curve (templates/latency-curve.gp): p50 and p99 completion
 *   latency against IOPS across the depths, the "hockey stick": where
 *   more depth buys latency and no more IOPS.
 * Colour is the mode, as in every chart; dash and marker the block size.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

/* Is there a curve to draw: a mode with three depths at a block size? */
bool
report_curves_any(const struct summary *sum)
{
	unsigned m;

	for (m = 0; m < sum->nmodes; m++)
		if (sum->modes[m].sat.found)
			return true;
	return false;
}

/* The largest p99 (microseconds) of the ok points on the drawn curves. */
static double
cv_lat_max(const struct report_ctx *ctx)
{
	const struct view_curves *v = &ctx->view->curves;
	unsigned k, b, i;
	double max = 0;

	for (k = 0; k < v->n; k++) {
		const struct view_curve *c = &v->curve[k];

		if (!(c->flags & VIEW_CURVE_SATURATING))
			continue;
		for (b = 0; b < c->nbs; b++) {
			if (!(c->bs[b].flags & VIEW_CURVE_CHOSEN))
				continue;
			for (i = 0; i < c->nseries; i++) {
				const struct view_curve_point *p = &c->bs[b].point[i];

				if ((p->flags & VIEW_CURVE_OK) &&
				    (double)p->cell->lat_pct_ns[2] / 1e3 > max)
					max = (double)p->cell->lat_pct_ns[2] / 1e3;
			}
		}
	}
	return max;
}

/* " title 'TEXT'": a key entry, its text quoted for gnuplot (report_gnuplot_quote). */
static void
cv_title(FILE *plot, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
cv_title(FILE *plot, const char *fmt, ...)
{
	char text[192];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	fputs(" title ", plot);
	report_gnuplot_quote(plot, text);
}

/* One curve's rows (depth, IOPS, p50, p99 in the unit) and its plot items. */
static void
cv_curve(const struct report_ctx *ctx, const char *stem, const struct view_curve *c,
    const struct view_curve_bs *cb, unsigned line, unsigned block, bool latency, double div,
    FILE *dat, FILE *plot, struct view_range *xr, struct view_range *yr)
{
	const struct summary_mode *sm = &ctx->sum->modes[c->wl];
	const char *color = sm->color;
	uint64_t size = ctx->sum->bs[cb->b];
	char bs[32], *name;
	unsigned s;

	name = xasprintf("%s %s", sm->name, report_size_label(size, bs, sizeof bs));
	fprintf(dat, "%s# index %u: %s\n# depth\tIOPS\tp50\tp99\n", block > 0 ? "\n\n" : "", block,
	    name);
	for (s = 0; s < c->nseries; s++) {
		const struct cell_result *r = cb->point[s].cell;

		if (!(cb->point[s].flags & VIEW_CURVE_OK))
			continue;
		fprintf(dat, "%u\t%.1f\t%g\t%g\n", r->cell.depth, r->iops,
		    (double)r->lat_pct_ns[0] / 1e3 / div, (double)r->lat_pct_ns[2] / 1e3 / div);
		view_range_add(xr, latency ? r->iops : r->cell.depth);
		view_range_add(yr, latency ? (double)r->lat_pct_ns[0] / 1e3 / div : r->iops);
		if (latency)
			view_range_add(yr, (double)r->lat_pct_ns[2] / 1e3 / div);
	}
	if (!latency) {
		fprintf(plot, "%s'%s.dat' index %u using 1:2 with linespoints lc rgb \"%s\" lw 2 ps 1.5 "
		    "dt %u pt %d", block > 0 ? ", \\\n     " : "", stem, block, color,
		    report_gnuplot_dash(line), report_gnuplot_point(line));
		cv_title(plot, "%s", name);
		if (sm->sat.reached && sm->sat.bs == size) {
			fprintf(plot, ", \\\n     '+' every ::0::0 using (%u):(%.1f) with points lc rgb \"%s\" pt 6 ps 4 "
			    "lw 2", sm->sat.depth, sm->sat.iops, color);
			cv_title(plot, "saturates: %s QD%u", name, sm->sat.depth);
		}
	} else {
		fprintf(plot, "%s'%s.dat' index %u using 2:4 with linespoints lc rgb \"%s\" lw 2 ps 1.5 "
		    "dt 1 pt %d", block > 0 ? ", \\\n     " : "", stem, block, color,
		    report_gnuplot_point(line));
		cv_title(plot, "%s p99", name);
		fprintf(plot, ", \\\n     '%s.dat' index %u using 2:3 with linespoints lc rgb \"%s\" lw 2 "
		    "ps 1.2 dt 2 pt %d", stem, block, color, report_gnuplot_point(line));
		cv_title(plot, "%s p50", name);
		fprintf(plot, ", \\\n     '%s.dat' index %u using 2:4:(sprintf(\"QD%%d\", $1)) with "
		    "labels offset 0, 1 tc rgb \"%s\" notitle", stem, block, color);
	}
	free(name);
}

/* saturation or latency-curve (latency): its .gp and .dat in memory. */
int
report_curves_build(struct report_ctx *ctx, struct report_plot *j, bool latency)
{
	const struct summary *sum = ctx->sum;
	char *data = NULL, *plot = NULL, *title, *ylabel;
	size_t dlen = 0, plen = 0;
	FILE *df = open_memstream(&data, &dlen), *pf = open_memstream(&plot, &plen);
	const char *unit = "";
	double div = latency ? report_gnuplot_lat_unit(cv_lat_max(ctx), &unit) : 1;
	unsigned m, b, block = 0, line;
	struct report_gp_key keys[8];
	struct view_range xr = { 0, 0 }, yr = { 0, 0 };
	char *xrange, *yrange, *ytics, *xtics;

	fprintf(df, "# sweep %s: %s; one block per mode x block size (gnuplot index 0, 1, ...); "
	    "latency in %s\n", j->chart.stem, j->chart.title, latency ? unit : "microseconds");
	for (m = 0; m < sum->nmodes; m++) {
		const struct view_curve *c = view_curves_saturating(&ctx->view->curves, m);

		for (line = 0, b = 0; c != NULL && b < c->nbs; b++) {
			if (!(c->bs[b].flags & VIEW_CURVE_CHOSEN))
				continue;
			cv_curve(ctx, j->chart.stem, c, &c->bs[b], line++, block++, latency, div,
			    df, pf, &xr, &yr);
		}
	}
	fclose(df);
	fclose(pf);
	title = report_gnuplot_title(ctx->res, j->chart.title);
	ylabel = latency ? xasprintf("Completion latency (%s, log scale)", unit) :
	    xstrdup("IOPS (log scale)");
	keys[0] = (struct report_gp_key){ "@TITLE@", title };
	keys[1] = (struct report_gp_key){ "@PLOT@", plot };
	keys[2] = (struct report_gp_key){ "@STEM@", j->chart.stem };
	keys[3] = (struct report_gp_key){ "@YLABEL@", ylabel };
	/* Depths: a log2 axis with room either side; IOPS and latency: whole decades. */
	xrange = latency ? report_gnuplot_log_range(&xr, 1) : xasprintf("[%g:%g]", xr.lo / 1.4,
	    xr.hi * 1.4);
	yrange = report_gnuplot_log_range(&yr, latency ? 1.3 : 1);
	keys[4] = (struct report_gp_key){ "@XRANGE@", xrange };
	keys[5] = (struct report_gp_key){ "@YRANGE@", yrange };
	ytics = report_gnuplot_log_tics(&yr, latency ? 1.3 : 1);
	xtics = latency ? report_gnuplot_log_tics(&xr, 1) : xstrdup("2");
	keys[6] = (struct report_gp_key){ "@YTICS@", ytics };
	keys[7] = (struct report_gp_key){ "@XTICS@", xtics };
	j->script = report_gnuplot_script(ctx, j->chart.stem, keys, 8);
	free(xrange);
	free(yrange);
	free(ytics);
	free(xtics);
	j->data = data;
	free(plot);
	free(title);
	free(ylabel);
	return j->script != NULL ? 0 : -ENOENT;
}
