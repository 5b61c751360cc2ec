/*
 * The layout of the queue-depth curve charts (report-curves.c writes
 * them): the key's shape under the chart, each panel's plot area in
 * pixels (margins "at screen", so that a label's place in pixels is
 * known), and the latency curve's depth labels, placed from the data so
 * that no two overlap.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/report-curves.h"
#include "render/report.h"

/* A point's latency percentile (0: p50, 2: p99) in the chart's unit. */
double
report_curves_lat(const struct cv_chart *cv, const struct view_curve_point *p, unsigned pct)
{
	return (double)p->lat_ns[pct] / 1e3 / cv->div;
}

/* Workload wl's curve at its saturating job count when the charts draw it, or NULL. */
const struct view_curve *
report_curves_of(const struct cv_chart *cv, unsigned wl)
{
	const struct view_curve *c = view_curves_saturating(&cv->ctx->view->curves, wl);
	unsigned b;

	for (b = 0; c != NULL && b < c->nbs; b++)
		if (c->bs[b].flags & VIEW_CURVE_CHOSEN)
			return c;
	return NULL;
}

/* The key's columns and rows under the chart. */
void
report_curves_key_shape(const struct cv_chart *cv, unsigned *cols, unsigned *rows)
{
	double w = CV_SAMPLE_PX + cv->keylen * CV_CHAR_W;

	*cols = (unsigned)((CV_WIDTH - 40) / w);
	if (*cols < 1)
		*cols = 1;
	if (*cols > cv->nkey)
		*cols = cv->nkey > 0 ? cv->nkey : 1;
	*rows = (cv->nkey + *cols - 1) / *cols;
}

/*
 * Panel k's plot area in pixels: under the title, above the x axis's
 * label and the key; panels in a grid, each with room for its title and
 * tic labels.
 */
struct cv_box
report_curves_panel_box(const struct cv_chart *cv, unsigned k, unsigned keyrows)
{
	double top = CV_TITLE_PX, bottom = cv->height - CV_XLABEL_PX - keyrows * CV_KEY_ROW_PX;
	double left = 110, right = CV_WIDTH - 30, w, h;
	unsigned col = k % cv->cols, row = k / cv->cols;
	struct cv_box b;

	if (!cv->panels)
		return (struct cv_box){ left, top, right, bottom };
	left = 40;
	w = (right - left) / cv->cols;
	h = (bottom - top) / cv->rows;
	b.x0 = left + col * w + 80;
	b.x1 = left + (col + 1) * w - 20;
	b.y0 = top + row * h + (cv->latency ? 45 : 60);	/* saturation: a subtitle */
	b.y1 = top + (row + 1) * h - 45;
	return b;
}

/* Do boxes a and b overlap? */
static bool
cv_overlap(const struct cv_box *a, const struct cv_box *b)
{
	return a->x0 < b->x1 && b->x0 < a->x1 && a->y0 < b->y1 && b->y0 < a->y1;
}

/* Where value v falls on an axis from lo to hi (log scale): 0 to 1. */
static double
cv_frac(double v, double lo, double hi)
{
	return log(v / lo) / log(hi / lo);
}

/* Where a point of latency lat (in the unit) at iops is in area, in pixels. */
static void
cv_px(const struct cv_chart *cv, const struct cv_box *area, double iops, double lat, double *px,
    double *py)
{
	*px = area->x0 + cv_frac(iops, cv->xlo, cv->xhi) * (area->x1 - area->x0);
	*py = area->y1 - cv_frac(lat, cv->ylo, cv->yhi) * (area->y1 - area->y0);
}

/* Does segment s cross box b (Liang-Barsky clipping)? */
static bool
cv_crosses(const struct cv_box *s, const struct cv_box *b)
{
	double dx = s->x1 - s->x0, dy = s->y1 - s->y0, t0 = 0, t1 = 1, r;
	double p[4] = { -dx, dx, -dy, dy };
	double q[4] = { s->x0 - b->x0, b->x1 - s->x0, s->y0 - b->y0, b->y1 - s->y0 };
	unsigned k;

	for (k = 0; k < 4; k++) {
		if (p[k] == 0) {
			if (q[k] < 0)
				return false;
			continue;
		}
		r = q[k] / p[k];
		if (p[k] < 0 && r > t1)
			return false;
		if (p[k] < 0 && r > t0)
			t0 = r;
		if (p[k] > 0 && r < t0)
			return false;
		if (p[k] > 0 && r < t1)
			t1 = r;
	}
	return true;
}

/* Is box b inside area, clear of every box placed and (lines) of every line? */
static bool
cv_free(const struct cv_chart *cv, const struct cv_box *area, const struct cv_box *b, bool lines)
{
	unsigned i;

	if (b->x0 < area->x0 || b->x1 > area->x1 || b->y0 < area->y0 || b->y1 > area->y1)
		return false;
	for (i = 0; i < cv->nplaced; i++)
		if (cv_overlap(b, &cv->placed[i]))
			return false;
	for (i = 0; lines && i < cv->nsegs; i++)
		if (cv_crosses(&cv->segs[i], b))
			return false;
	return true;
}

/*
 * The depth label of a p99 point, placed from the data: above the point,
 * else below, right or left of it, the first place inside the plot whose
 * box overlaps no label placed before, no point and no line; else the
 * first that only crosses a line; none when every place is taken.
 */
static void
cv_label(struct cv_chart *cv, FILE *f, const struct cv_box *area, const struct view_curve_point *p,
    const char *color)
{
	static const double at[][2] = { { 0, -1 }, { 0, 1 }, { 1, 0 }, { -1, 0 } };
	char text[32], marks[VIEW_MARKS_LEN];
	double px, py, w, cx = 0, cy = 0;
	struct cv_box b;
	unsigned k, n = 4 * 2;

	snprintf(text, sizeof text, "QD%u%s", p->depth, view_caveat_marks(p->caveats, " ", marks,
	    sizeof marks));
	w = utf8_chars(text) * CV_CHAR_W;
	cv_px(cv, area, p->iops, report_curves_lat(cv, p, 2), &px, &py);
	for (k = 0; k < n; k++) {
		cx = px + at[k % 4][0] * (w / 2 + 10);
		cy = py + at[k % 4][1] * (CV_CHAR_H / 2 + 8);
		/* 3 px to spare either side: two labels never touch. */
		b = (struct cv_box){ cx - w / 2 - 3, cy - CV_CHAR_H / 2, cx + w / 2 + 3,
		    cy + CV_CHAR_H / 2 };
		if (cv_free(cv, area, &b, k < 4))
			break;
	}
	if (k == n)
		return;
	cv->placed[cv->nplaced++] = b;
	fputs("    set label ", f);
	report_gnuplot_quote(f, text);
	fprintf(f, " at graph %.4f, graph %.4f center tc rgb \"%s\" front\n",
	    (cx - area->x0) / (area->x1 - area->x0), (area->y1 - cy) / (area->y1 - area->y0), color);
}

/* The points of a curve (p99 and p50) as boxes a label keeps off, its lines as segments. */
static void
cv_point_boxes(struct cv_chart *cv, const struct cv_box *area, const struct view_curve *c,
    const struct view_curve_bs *cb)
{
	double px, py, last[2][2];
	unsigned s, pct;
	bool have[2] = { false, false };

	/* In the .dat's order: the order gnuplot joins them in. */
	for (s = 0; s < c->nseries; s++)
		for (pct = 0; pct <= 2; pct += 2) {
			if (!(cb->point[s].flags & VIEW_CURVE_OK) ||
			    !(report_curves_lat(cv, &cb->point[s], pct) > 0))
				continue;
			cv_px(cv, area, cb->point[s].iops, report_curves_lat(cv, &cb->point[s], pct), &px, &py);
			cv->placed[cv->nplaced++] = (struct cv_box){ px - 7, py - 7, px + 7, py + 7 };
			if (have[pct / 2])
				cv->segs[cv->nsegs++] = (struct cv_box){ last[pct / 2][0],
				    last[pct / 2][1], px, py };
			last[pct / 2][0] = px;
			last[pct / 2][1] = py;
			have[pct / 2] = true;
		}
}

/* The depth labels of panel k's p99 points, mode by mode, block size by block size. */
void
report_curves_labels(struct cv_chart *cv, FILE *f, unsigned k, const struct cv_box *area)
{
	unsigned i, b, s, pass;

	cv->nplaced = cv->nsegs = 0;
	for (pass = 0; pass < 2; pass++)
		for (i = cv->panels ? k : 0; i < (cv->panels ? k + 1 : cv->nwl); i++) {
			const struct view_curve *c = report_curves_of(cv, cv->wl[i]);

			for (b = 0; b < c->nbs; b++) {
				const struct view_curve_bs *cb = &c->bs[b];

				if (!(cb->flags & VIEW_CURVE_CHOSEN))
					continue;
				if (pass == 0) {
					cv_point_boxes(cv, area, c, cb);
					continue;
				}
				for (s = 0; s < c->nseries; s++)
					if ((cb->point[c->by_depth[s]].flags & VIEW_CURVE_OK) &&
					    cb->point[c->by_depth[s]].lat_ns[2] > 0)
						cv_label(cv, f, area, &cb->point[c->by_depth[s]],
						    cv->ctx->view->chart->modes[c->wl].color);
			}
		}
}
