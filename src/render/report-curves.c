/*
 * The queue-depth curves of a run, for each mode x block size measured at
 * three depths or more (at the mode's lowest job count; of more than three
 * such sizes, the smallest, middle and largest, and the saturation's):
 * - saturation (templates/saturation.gp): IOPS against queue depth on a
 *   linear IOPS axis (a log axis flattens the knee), one line per mode x
 *   block size, with each mode's saturating depth (the summary's: the
 *   smallest depth within 5% of the best) circled;
 * - latency-curve (templates/latency-curve.gp): p99 and p50 completion
 *   latency against IOPS across the depths, the "hockey stick": where
 *   more depth buys latency and no more IOPS; each p99 point labelled
 *   with its depth where the label has room.
 * Colour is the mode, as in every chart; dash and marker the block size.
 * A point whose cell has a caveat (view_caveats: not steady, check failed)
 * is hollow with its marks, as on the iops chart, and the circle is never
 * on one: it moves to the saturating depth of the clean points.
 * More than CV_PANELS_OVER lines make a panel per mode (small multiples,
 * the same axes in each); the key is under the chart, never beside it.
 * The layout is computed in pixels (margins "at screen") by
 * report-curves-layout.c, so that the depth labels are placed from the
 * data and never overlap.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "render/report-curves.h"
#include "render/report.h"
#include "view/palette.h"

#define CV_PANELS_OVER	8	/* more lines than this: a panel per mode */

/* " title 'TEXT'": a key entry, its text quoted for gnuplot (report_gnuplot_quote). */
static void
cv_title(struct cv_chart *cv, FILE *plot, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
cv_title(struct cv_chart *cv, FILE *plot, const char *fmt, ...)
{
	char text[192];
	va_list ap;
	unsigned n;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	fputs(" title ", plot);
	report_gnuplot_quote(plot, text);
	cv->nkey++;
	n = utf8_chars(text);
	if (n > cv->keylen)
		cv->keylen = n;
}

/* The style index of block size size: its place among the sizes drawn. */
static unsigned
cv_style(const struct cv_chart *cv, uint64_t size)
{
	unsigned k;

	for (k = 0; k < cv->nbs && cv->bs[k] != size; k++)
		;
	return k;
}

/*
 * The curves' job count (0 when they differ), and whether to name it: a
 * run at other job counts too, or more than one job.
 */
static void
cv_jobs(struct cv_chart *cv)
{
	const struct view_chart *vc = cv->ctx->view->chart;
	unsigned k, s;

	for (k = 0; k < cv->nwl; k++) {
		const struct view_curve *c = report_curves_of(cv, cv->wl[k]);

		if (k == 0)
			cv->jobs = c->jobs;
		else if (c->jobs != cv->jobs)
			cv->jobs = 0;
		cv->jobs_say |= c->jobs > 1;
	}
	for (s = 0; s < vc->nseries; s++)
		cv->jobs_say |= vc->series[s].jobs != vc->series[0].jobs;
}

/*
 * Look at what will be drawn: the modes, the block sizes (a style each,
 * the same in every panel), the ranges, the caveats; then a panel per
 * mode or one plot.
 */
static void
cv_scan(struct cv_chart *cv)
{
	const struct view_chart *vc = cv->ctx->view->chart;
	unsigned m, b, i, k;
	double best;

	cv->wl = xcalloc(vc->nmodes + 1, sizeof *cv->wl);
	cv->bs = xcalloc(vc->nbs + 1, sizeof *cv->bs);
	for (m = 0; m < vc->nmodes; m++) {
		const struct view_curve *c = report_curves_of(cv, m);

		if (c == NULL)
			continue;
		cv->wl[cv->nwl++] = m;
		for (b = 0; b < c->nbs; b++) {
			const struct view_curve_bs *cb = &c->bs[b];

			if (!(cb->flags & VIEW_CURVE_CHOSEN))
				continue;
			cv->lines++;
			cv->maxplaced += 3 * c->nseries;
			for (k = 0; k < cv->nbs && cv->bs[k] < vc->bs[cb->b]; k++)
				;
			if (k == cv->nbs || cv->bs[k] != vc->bs[cb->b]) {
				memmove(&cv->bs[k + 1], &cv->bs[k], (cv->nbs - k) * sizeof *cv->bs);
				cv->bs[k] = vc->bs[cb->b];
				cv->nbs++;
			}
			for (best = 0, i = 0; i < c->nseries; i++) {
				const struct view_curve_point *p = &cb->point[i];

				if (!(p->flags & VIEW_CURVE_OK))
					continue;
				best = fmax(best, p->iops);
				cv->caveats |= p->caveats;
				view_range_add(&cv->xr, cv->latency ? p->iops : p->depth);
				view_range_add(&cv->yr, cv->latency ? report_curves_lat(cv, p, 0) : p->iops);
				if (cv->latency)
					view_range_add(&cv->yr, report_curves_lat(cv, p, 2));
			}
			if (best > 0 && (cv->best_lo == 0 || best < cv->best_lo))
				cv->best_lo = best;
		}
	}
	cv->norm = !cv->latency && cv->best_lo > 0 && cv->best_lo < CV_NORM_UNDER * cv->yr.hi;
	cv_jobs(cv);
	cv->panels = cv->lines > CV_PANELS_OVER && cv->nwl > 1;
	cv->cols = !cv->panels ? 1 : cv->nwl <= 4 ? 2 : 3;
	cv->rows = !cv->panels ? 1 : (cv->nwl + cv->cols - 1) / cv->cols;
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
				    (double)p->lat_ns[2] / 1e3 > max)
					max = (double)p->lat_ns[2] / 1e3;
			}
		}
	}
	return max;
}

/* The circle on the saturating point of cb, if any, as a plot item. */
static void
cv_sat_item(struct cv_chart *cv, FILE *plot, const struct view_curve *c,
    const struct view_curve_bs *cb, const char *name, double scale)
{
	const char *color = cv->ctx->view->chart->modes[c->wl].color;
	unsigned moved = cb->sat_moved;
	int k = cb->sat;

	if (k < 0 && moved != 0 && !cv->panels) {
		fputs(", \\\n     keyentry with points lc rgb \"" PALETTE_HEX(PALETTE_WHITE) "\" pt 6 ps 1", plot);
		cv_title(cv, plot, "%s saturates at QD%u, a cell with a caveat: no circle", name,
		    moved);
	}
	if (k < 0)
		return;
	fprintf(plot, ", \\\n     '+' every ::0::0 using (%u):(%.1f) with points lc rgb \"%s\" pt 6 "
	    "ps 4 lw 2", cb->point[k].depth, cb->point[k].iops * scale, color);
	if (cv->panels)
		fputs(" notitle", plot);
	else if (moved != 0)
		cv_title(cv, plot, "saturates: %s QD%u (QD%u has a caveat)", name,
		    cb->point[k].depth, moved);
	else
		cv_title(cv, plot, "saturates: %s QD%u", name, cb->point[k].depth);
}

/* The caveat marks of cb's point at depth ("⚠", "≠"), into buf. */
static const char *
cv_marks_at(const struct view_curve *c, const struct view_curve_bs *cb, unsigned depth,
    char *buf, size_t len)
{
	unsigned s;

	buf[0] = '\0';
	for (s = 0; s < c->nseries; s++)
		if (cb->point[s].depth == depth)
			return view_caveat_marks(cb->point[s].caveats, "", buf, len);
	return buf;
}

/*
 * What panel c's subtitle says under the mode's name: where it saturates
 * ("saturates at QD16, 512 B"); NULL for none.  Caller frees.
 */
static char *
cv_panel_sub(const struct cv_chart *cv, const struct view_curve *c)
{
	const struct summary_mode *sm = &cv->ctx->view->chart->modes[c->wl];
	char size[32], marks[VIEW_MARKS_LEN];
	unsigned b, moved;
	int k;

	for (b = 0; !cv->latency && b < c->nbs; b++) {
		if (!(c->bs[b].flags & VIEW_CURVE_CHOSEN))
			continue;
		k = c->bs[b].sat;
		moved = c->bs[b].sat_moved;
		size_human(sm->sat.bs, size, sizeof size);
		if (k < 0 && moved != 0)
			return xasprintf("saturates at QD%u %s, %s", moved, cv_marks_at(c, &c->bs[b],
			    moved, marks, sizeof marks), size);
		if (k < 0)
			continue;
		if (moved != 0)
			return xasprintf("saturates at QD%u, %s; QD%u %s", c->bs[b].point[k].depth,
			    size, moved, cv_marks_at(c, &c->bs[b], moved, marks, sizeof marks));
		return xasprintf("saturates at QD%u, %s", c->bs[b].point[k].depth, size);
	}
	if (!cv->latency && sm->sat.found && !sm->sat.reached)
		return xasprintf("still rising at QD%u", sm->sat.depth);
	return NULL;
}

/* Panel c's title, the mode's name in bold, and under it the subtitle. */
static void
cv_panel_title(const struct cv_chart *cv, const struct view_curve *c, FILE *f)
{
	char *sub = cv_panel_sub(cv, c);

	fputs("    set title ", f);
	report_gnuplot_quote(f, cv->ctx->view->chart->modes[c->wl].name);
	fprintf(f, " font \"sans:Bold,14\"%s\n", sub != NULL ? " offset 0,0.9" : "");
	if (sub == NULL)
		return;
	fputs("    set label 9 ", f);
	report_gnuplot_quote(f, sub);
	fputs(" at graph 0.5, graph 1 center offset 0,0.9\n", f);
	free(sub);
}

/* The best IOPS of cb's ok points. */
static double
cv_best(const struct view_curve *c, const struct view_curve_bs *cb)
{
	double best = 0;
	unsigned s;

	for (s = 0; s < c->nseries; s++)
		if (cb->point[s].flags & VIEW_CURVE_OK)
			best = fmax(best, cb->point[s].iops);
	return best;
}

/* The saturation line of a curve: its plot items (y: its column of the .dat; scale: of IOPS). */
static void
cv_sat_line(struct cv_chart *cv, FILE *plot, const struct view_curve *c,
    const struct view_curve_bs *cb, const char *name, unsigned marked, double best)
{
	const struct summary_mode *sm = &cv->ctx->view->chart->modes[c->wl];
	unsigned v = cv_style(cv, cv->ctx->view->chart->bs[cb->b]);
	unsigned y = !cv->norm ? 2 : cv->caveats ? 6 : 5;
	int pt = report_gnuplot_point(v);
	char dt[48], a[32];

	fprintf(plot, "'%s.dat' index %u using 1:%u with linespoints lc rgb \"%s\" lw 2 ps 1.5 "
	    "dt %s pt %d", cv->stem, cv->block, y, sm->color, report_gnuplot_dt(v, dt, sizeof dt),
	    pt);
	if (cv->panels)
		fputs(" notitle", plot);
	else if (cv->norm)
		cv_title(cv, plot, "%s (100%% = %s IOPS)", name, view_num(best, 0, a, sizeof a));
	else
		cv_title(cv, plot, "%s", name);
	if (marked)
		report_gnuplot_mark_items(plot, cv->stem, cv->block, 1, y, 5, pt, sm->color, true);
	cv_sat_item(cv, plot, c, cb, name, cv->norm && best > 0 ? 100 / best : 1);
}

/*
 * One curve's rows of the .dat (depth, IOPS, p50, p99 in the unit, marks;
 * with norm, IOPS in percent of the line's best) and its plot items.
 */
static void
cv_curve(struct cv_chart *cv, FILE *plot, const struct view_curve *c,
    const struct view_curve_bs *cb)
{
	const struct summary_mode *sm = &cv->ctx->view->chart->modes[c->wl];
	uint64_t size = cv->ctx->view->chart->bs[cb->b];
	unsigned s, v = cv_style(cv, size), marked = 0;
	int pt = report_gnuplot_point(v);
	double best = cv_best(c, cb);
	char bs[32], *name;

	name = xasprintf("%s %s", sm->name, view_size_label(size, bs, sizeof bs));
	fprintf(cv->dat, "%s# index %u: %s\n# depth\tIOPS\tp50\tp99%s%s\n", cv->block > 0 ?
	    "\n\n" : "", cv->block, name, cv->caveats ? "\tmarks" : "",
	    cv->norm ? "\tpct_of_best" : "");
	for (s = 0; s < c->nseries; s++) {
		const struct view_curve_point *p = &cb->point[s];

		if (!(p->flags & VIEW_CURVE_OK))
			continue;
		fprintf(cv->dat, "%u\t%.1f\t%g\t%g", p->depth, p->iops, report_curves_lat(cv, p, 0),
		    report_curves_lat(cv, p, 2));
		if (cv->caveats)
			report_gnuplot_mark_column(cv->dat, p->caveats);
		if (cv->norm)
			fprintf(cv->dat, "\t%.2f", best > 0 ? p->iops / best * 100 : 0);
		fputc('\n', cv->dat);
		marked |= p->caveats;
	}
	if (!cv->latency)
		cv_sat_line(cv, plot, c, cb, name, marked, best);
	else {
		fprintf(plot, "'%s.dat' index %u using 2:4 with linespoints lc rgb \"%s\" lw 2 ps 1.5 "
		    "dt 1 pt %d", cv->stem, cv->block, sm->color, pt);
		if (cv->panels)
			fputs(" notitle", plot);
		else
			cv_title(cv, plot, "%s", name);
		fprintf(plot, ", \\\n     '%s.dat' index %u using 2:3 with linespoints lc rgb \"%s\" "
		    "lw 2 ps 1.2 dt 2 pt %d notitle", cv->stem, cv->block, sm->color, pt);
		if (marked) {
			report_gnuplot_mark_items(plot, cv->stem, cv->block, 2, 4, 5, pt, sm->color, false);
			report_gnuplot_mark_items(plot, cv->stem, cv->block, 2, 3, 5, pt, sm->color, false);
		}
	}
	cv->block++;
	free(name);
}

/*
 * The key's entries that every panel shares (a panel's lines have no
 * title: the panel's title is the mode): the block sizes' styles in grey,
 * and the circle; then, on every chart, what solid and dashed are on the
 * latency curve, and the caveat marks.
 */
static void
cv_key_items(struct cv_chart *cv, FILE *plot)
{
	char bs[32], dt[48];
	unsigned k;

	for (k = 0; cv->panels && k < cv->nbs; k++) {
		fprintf(plot, ", \\\n     keyentry with linespoints lc rgb \"" PALETTE_HEX(PALETTE_KEY) "\" lw 2 ps 1.5 "
		    "dt %s pt %d", cv->latency ? "1" : report_gnuplot_dt(k, dt, sizeof dt),
		    report_gnuplot_point(k));
		cv_title(cv, plot, "%s", view_size_label(cv->bs[k], bs, sizeof bs));
	}
	if (cv->panels && !cv->latency) {
		fputs(", \\\n     keyentry with points lc rgb \"" PALETTE_HEX(PALETTE_KEY) "\" pt 6 ps 2.5 lw 2", plot);
		cv_title(cv, plot, "circle: the saturating depth");
	}
	if (cv->latency) {
		fputs(", \\\n     keyentry with lines lc rgb \"" PALETTE_HEX(PALETTE_KEY) "\" lw 2 dt 1", plot);
		cv_title(cv, plot, "solid: p99");
		fputs(", \\\n     keyentry with lines lc rgb \"" PALETTE_HEX(PALETTE_KEY) "\" lw 2 dt 2", plot);
		cv_title(cv, plot, "dashed: p50");
	}
	if (cv->caveats) {
		report_gnuplot_mark_key(plot, cv->caveats);
		cv->nkey += 3;
		if (cv->keylen < 28)
			cv->keylen = 28;
	}
}

/* The plot items of panel k (or of the whole chart): its modes' curves. */
static char *
cv_panel_items(struct cv_chart *cv, unsigned k)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	unsigned i, b, n = 0;

	for (i = cv->panels ? k : 0; i < (cv->panels ? k + 1 : cv->nwl); i++) {
		const struct view_curve *c = report_curves_of(cv, cv->wl[i]);

		for (b = 0; b < c->nbs; b++) {
			if (!(c->bs[b].flags & VIEW_CURVE_CHOSEN))
				continue;
			if (n++ > 0)
				fputs(", \\\n     ", f);
			cv_curve(cv, f, c, &c->bs[b]);
		}
	}
	if (!cv->panels)
		cv_key_items(cv, f);
	fclose(f);
	return buf;
}

/*
 * A panel's axes have no labels of their own: the chart's are drawn once,
 * under the grid and left of it (xlabel_text, ylabel_text: the template's).
 */
static void
cv_axis_labels(const struct cv_chart *cv, FILE *f, unsigned krows)
{
	double h = cv->height, bottom = h - CV_XLABEL_PX - krows * CV_KEY_ROW_PX;

	fprintf(f, "    unset xlabel\n    unset ylabel\n"
	    "    set label 2 xlabel_text at screen 0.5, screen %.4f center\n"
	    "    set label 3 ylabel_text at screen %.4f, screen %.4f center rotate by 90\n",
	    1 - (bottom + 22) / h, 18.0 / CV_WIDTH, 1 - (CV_TITLE_PX + bottom) / 2 / h);
}

/*
 * The key under the panels, as a plot of its own as wide as the picture
 * (a key is as wide as its plot): no border, tics or grid; the first
 * panel's "eval axes" gives them back to the next format.
 */
static void
cv_key_panel(const struct cv_chart *cv, FILE *f, const char *keys, unsigned kcols, unsigned krows)
{
	fprintf(f, "    unset label\n    unset title\n    set border 0\n    unset xtics\n"
	    "    unset ytics\n    unset grid\n    set lmargin at screen 0.01\n"
	    "    set rmargin at screen 0.99\n    set tmargin at screen %.4f\n"
	    "    set bmargin at screen 0.001\n    set key inside center top horizontal Left reverse "
	    "maxcols %u box\n    plot [][1:2] NaN notitle%s\n",
	    (krows * CV_KEY_ROW_PX + 14) / (double)cv->height, kcols, keys);
}

/*
 * The plotting: per panel its margins (the plot area at screen
 * coordinates), title, labels and plot items; the chart's title and axis
 * labels with the first; the key under the chart.
 */
static char *
cv_plots(struct cv_chart *cv, char **items, const char *title)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len), *kf;
	unsigned k, n = cv->panels ? cv->nwl : 1, kcols, krows;
	char *keys = NULL;
	size_t klen = 0;
	struct cv_box a;
	double h;

	if (cv->panels) {
		kf = open_memstream(&keys, &klen);
		cv_key_items(cv, kf);
		fclose(kf);
	}
	report_curves_key_shape(cv, &kcols, &krows);
	cv->height = cv->panels ? CV_TITLE_PX + CV_XLABEL_PX + krows * CV_KEY_ROW_PX + cv->rows * 380 :
	    800 + (krows > 4 ? (krows - 4) * CV_KEY_ROW_PX : 0);
	h = cv->height;
	cv->placed = xcalloc(cv->maxplaced + 1, sizeof *cv->placed);
	cv->segs = xcalloc(cv->maxplaced + 1, sizeof *cv->segs);
	for (k = 0; k < n; k++) {
		const struct view_curve *c = report_curves_of(cv, cv->wl[k]);

		a = report_curves_panel_box(cv, k, krows);
		fputs("    unset label\n", f);
		if (k == 0)
			fprintf(f, "    eval axes\n    set label 1 %s at screen 0.5, screen %.4f center "
			    "font \"sans:Bold,18\"\n", title, 1 - 20 / h);
		if (k == 0 && cv->panels)
			cv_axis_labels(cv, f, krows);
		if (cv->panels)
			cv_panel_title(cv, c, f);
		fprintf(f, "    set lmargin at screen %.4f\n    set rmargin at screen %.4f\n"
		    "    set tmargin at screen %.4f\n    set bmargin at screen %.4f\n",
		    a.x0 / CV_WIDTH, a.x1 / CV_WIDTH, 1 - a.y0 / h, 1 - a.y1 / h);
		if (cv->latency)
			report_curves_labels(cv, f, k, &a);
		if (cv->panels)
			fputs("    unset key\n", f);
		else
			fprintf(f, "    set key at screen 0.5, screen %.4f center top horizontal Left "
			    "reverse maxcols %u box\n", (krows * CV_KEY_ROW_PX + 14) / h, kcols);
		fprintf(f, "    plot %s\n", items[k]);
	}
	if (cv->panels)
		cv_key_panel(cv, f, keys, kcols, krows);
	free(keys);
	fclose(f);
	free(cv->placed);
	free(cv->segs);
	return buf;
}

/*
 * A panel's log axis of IOPS has room for the decades only, when there
 * are two or more: "(1e+06, 2e+06, 5e+06, 1e+07)" becomes "(1e+06,
 * 1e+07)", the rest minor tics.  tics is changed in place.
 */
static void
cv_decades(char *tics)
{
	char *out = tics + 1, *p, *end;
	unsigned n = 0;
	double v;

	if (tics[0] != '(')
		return;
	for (p = tics + 1; (v = strtod(p, &end)), end != p; p = end + strspn(end, ", "))
		n += fabs(log10(v) - round(log10(v))) < 1e-9;
	if (n < 2)
		return;
	for (p = tics + 1; (v = strtod(p, &end)), end != p; p = end + strspn(end, ", ")) {
		if (fabs(log10(v) - round(log10(v))) >= 1e-9)
			continue;
		out += sprintf(out, "%s%.*s", out > tics + 1 ? ", " : "", (int)(end - p), p);
	}
	strcpy(out, ")");
}

/* The axes' ranges and tics, as the template's keys. */
static void
cv_axes(struct cv_chart *cv, char **xrange, char **yrange, char **xtics, char **ytics)
{
	double room = cv->latency ? 1.3 : 1;

	if (cv->latency) {
		*xrange = report_gnuplot_log_range(&cv->xr, 1);
		*xtics = report_gnuplot_log_tics(&cv->xr, 1);
		if (cv->panels)
			cv_decades(*xtics);
		*yrange = report_gnuplot_log_range(&cv->yr, room);
		*ytics = report_gnuplot_log_tics(&cv->yr, room);
		if (sscanf(*xrange, "[%lf:%lf]", &cv->xlo, &cv->xhi) != 2 ||
		    sscanf(*yrange, "[%lf:%lf]", &cv->ylo, &cv->yhi) != 2 ||
		    !(cv->xlo > 0 && cv->xhi > cv->xlo && cv->ylo > 0 && cv->yhi > cv->ylo)) {
			cv->xlo = cv->ylo = 1;
			cv->xhi = cv->yhi = 10;
		}
		return;
	}
	/* Depths: a log2 axis with room either side; IOPS: linear from 0, the best 15% inside. */
	*xrange = xasprintf("[%g:%g]", cv->xr.lo / 1.4, cv->xr.hi * 1.4);
	/* A panel has room for 8 depth labels or so: every other power of 2 beyond. */
	*xtics = xstrdup(cv->panels && cv->xr.hi / cv->xr.lo > 256 ? "4" : "2");
	if (cv->norm) {
		*yrange = xstrdup("[0:115]");
		*ytics = report_gnuplot_lin_tics(100, "%%");	/* a tic label is a format */
		return;
	}
	*yrange = xasprintf("[0:%.6g]", cv->yr.hi > 0 ? cv->yr.hi * 1.15 : 1);
	*ytics = report_gnuplot_lin_tics(cv->yr.hi > 0 ? cv->yr.hi * 1.15 : 1, "");
}

/* saturation or latency-curve (latency): its .gp and .dat in memory. */
int
report_curves_build(struct report_ctx *ctx, struct report_plot *j, bool latency)
{
	struct cv_chart cv = { .ctx = ctx, .stem = j->chart.stem, .latency = latency, .div = 1 };
	char *data = NULL, **items, *plots, *title, *ylabel, *xrange, *yrange, *xtics, *ytics, *what;
	char width[16], height[16];
	size_t dlen = 0;
	const char *unit = "";
	struct report_gp_key keys[9];
	unsigned k, n;

	if (latency)
		cv.div = report_gnuplot_lat_unit(cv_lat_max(ctx), &unit);
	cv.dat = open_memstream(&data, &dlen);
	fprintf(cv.dat, "# sweep %s: %s; one block per mode x block size (gnuplot index 0, 1, ...); "
	    "latency in %s\n", j->chart.stem, j->chart.title, latency ? unit : "microseconds");
	cv_scan(&cv);
	cv_axes(&cv, &xrange, &yrange, &xtics, &ytics);
	n = cv.panels ? cv.nwl : 1;
	items = xcalloc(n, sizeof *items);
	for (k = 0; k < n; k++)
		items[k] = cv_panel_items(&cv, k);
	fclose(cv.dat);
	what = !cv.jobs_say ? xstrdup(j->chart.title) : cv.jobs > 0 ?
	    xasprintf("%s, at %u job%s", j->chart.title, cv.jobs, cv.jobs == 1 ? "" : "s") :
	    xasprintf("%s, each mode at its lowest job count", j->chart.title);
	title = report_gnuplot_title(ctx->view->chart, what);
	free(what);
	plots = cv_plots(&cv, items, title);
	ylabel = latency ? xasprintf("Completion latency (%s, log scale)", unit) :
	    xstrdup(cv.norm ? "IOPS, % of each line's best" :
	    "IOPS");
	snprintf(width, sizeof width, "%u", CV_WIDTH);
	snprintf(height, sizeof height, "%u", cv.height);
	keys[0] = (struct report_gp_key){ "@PLOTS@", plots };
	keys[1] = (struct report_gp_key){ "@STEM@", j->chart.stem };
	keys[2] = (struct report_gp_key){ "@YLABEL@", ylabel };
	keys[3] = (struct report_gp_key){ "@XRANGE@", xrange };
	keys[4] = (struct report_gp_key){ "@YRANGE@", yrange };
	keys[5] = (struct report_gp_key){ "@YTICS@", ytics };
	keys[6] = (struct report_gp_key){ "@XTICS@", xtics };
	keys[7] = (struct report_gp_key){ "@WIDTH@", width };
	keys[8] = (struct report_gp_key){ "@HEIGHT@", height };
	j->script = report_gnuplot_script(ctx, j->chart.stem, keys, 9);
	for (k = 0; k < n; k++)
		free(items[k]);
	free(items);
	free(plots);
	free(xrange);
	free(yrange);
	free(ytics);
	free(xtics);
	free(cv.wl);
	free(cv.bs);
	j->data = data;
	free(title);
	free(ylabel);
	return j->script != NULL ? 0 : -ENOENT;
}
