/*
 * The queue-depth curves of a run, built once for every writer: per
 * workload x job count with CURVE_MIN_DEPTHS depths or more at a block
 * size, per such block size a point per depth (x the depth, y the cell's
 * IOPS and latency), each with flags.  The renderers filter: the gnuplot
 * charts (report-curves.c) draw the ok points of the saturating job count
 * at the chosen block sizes, the Saturation sheet (report-xlsx-curves.c)
 * every point with IOPS of every curve.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "view/view.h"

/* The cell of series s at block size b with IOPS, or NULL. */
static const struct cell_result *
vc_cell(const struct results *res, const struct summary *sum, unsigned s, unsigned b)
{
	int i = sum->series[s].cell[b];

	if (i < 0 || !(res->cells[i].iops > 0))
		return NULL;
	return &res->cells[i];
}

/* The points of curve c at block size b; how many have IOPS in *n, how many are ok in *nok. */
static struct view_curve_point *
vc_points(const struct results *res, const struct summary *sum, const struct view_curve *c,
    unsigned b, unsigned *n, unsigned *nok)
{
	struct view_curve_point *p = xcalloc(c->nseries, sizeof *p);
	unsigned k;

	*n = *nok = 0;
	for (k = 0; k < c->nseries; k++) {
		p[k].depth = sum->series[c->series[k]].depth;
		p[k].cell = vc_cell(res, sum, c->series[k], b);
		if (p[k].cell == NULL)
			continue;
		p[k].caveats = view_caveats(res, sum->series[c->series[k]].cell[b]);
		p[k].iops = p[k].cell->iops;
		memcpy(p[k].lat_ns, p[k].cell->lat_pct_ns, sizeof p[k].lat_ns);
		p[k].metric[0] = view_metric_value(p[k].cell, METRIC_IOPS);
		p[k].metric[1] = view_metric_value(p[k].cell, METRIC_P50_US);
		p[k].metric[2] = view_metric_value(p[k].cell, METRIC_P99_US);
		(*n)++;
		if (p[k].cell->status == CELL_OK) {
			p[k].flags |= VIEW_CURVE_OK;
			(*nok)++;
		}
	}
	return p;
}

/*
 * Mark the block sizes the charts draw: of the saturating job count, those
 * with SATURATION_MIN_DEPTHS ok points; of more than three such sizes, the
 * smallest, the middle and the largest, and the one the summary's
 * saturating depth is from, so that a chart of a full sweep stays readable.
 */
static void
vc_choose(const struct summary *sum, struct view_curve *c, const unsigned *nok)
{
	const struct saturation *sat = &sum->modes[c->wl].sat;
	unsigned k, nc = 0, at = 0;

	if (!sat->found || sat->jobs != c->jobs)
		return;
	c->flags |= VIEW_CURVE_SATURATING;
	for (k = 0; k < c->nbs; k++)
		nc += nok[k] >= SATURATION_MIN_DEPTHS;
	for (k = 0; k < c->nbs; k++) {
		if (nok[k] < SATURATION_MIN_DEPTHS)
			continue;
		if (sum->bs[c->bs[k].b] == sat->bs || nc <= 3 || at == 0 || at == nc / 2 ||
		    at == nc - 1)
			c->bs[k].flags |= VIEW_CURVE_CHOSEN;
		at++;
	}
}

/*
 * The point of curve cb to circle as the mode's saturating depth, or -1.
 * The summary's depth when its cell is clean; when that cell's figure is
 * in doubt (VIEW_SAT_DOUBT: a noisy figure may be what put it within 5% of
 * the best), the saturating depth of the clean points alone
 * (analysis_saturation_depth), and *moved the doubtful cell's depth; none
 * when that is the deepest.
 */
static int
vc_sat_point(const struct summary *sum, const struct view_curve *c,
    const struct view_curve_bs *cb, unsigned *moved)
{
	const struct saturation *sat = &sum->modes[c->wl].sat;
	unsigned *depth = xcalloc(c->nseries, sizeof *depth), *at = xcalloc(c->nseries, sizeof *at);
	double *iops = xcalloc(c->nseries, sizeof *iops);
	unsigned i, n = 0, deepest = 0;
	int k = -1, found = -1;

	*moved = 0;
	if (!sat->reached || sat->bs != sum->bs[cb->b])
		goto out;
	for (i = 0; i < c->nseries; i++) {
		const struct view_curve_point *p = &cb->point[i];

		if (!(p->flags & VIEW_CURVE_OK))
			continue;
		if (p->depth == sat->depth)
			found = (int)i;
		if (p->caveats & VIEW_SAT_DOUBT)
			continue;
		depth[n] = p->depth;
		iops[n] = p->cell->iops;
		at[n++] = i;
		if (p->depth > deepest)
			deepest = p->depth;
	}
	if (found < 0 || !(cb->point[found].caveats &
	    VIEW_SAT_DOUBT)) {
		k = found;
		goto out;
	}
	*moved = sat->depth;
	if (n > 0 && (k = analysis_saturation_depth(depth, iops, n)) >= 0)
		k = depth[k] < deepest ? (int)at[k] : -1;
out:
	free(depth);
	free(iops);
	free(at);
	return k;
}

/* Fill c with workload wl x jobs's series and block sizes; false if none qualifies. */
static bool
vc_fill(const struct results *res, const struct summary *sum, unsigned wl, unsigned jobs,
    struct view_curve *c)
{
	unsigned s, b, k, n = 1, *nok = xcalloc(sum->nbs + 1, sizeof *nok);

	memset(c, 0, sizeof *c);
	c->wl = wl;
	c->jobs = jobs;
	/* Room for its own series (each curve the size of all of them grew with jobs squared). */
	for (s = 0; s < sum->nseries; s++)
		n += sum->series[s].wl == wl && sum->series[s].jobs == jobs;
	c->series = xcalloc(n, sizeof *c->series);
	c->by_depth = xcalloc(n, sizeof *c->by_depth);
	c->bs = xcalloc(sum->nbs + 1, sizeof *c->bs);
	for (s = 0; s < sum->nseries; s++) {
		if (sum->series[s].wl != wl || sum->series[s].jobs != jobs)
			continue;
		for (k = c->nseries; k > 0 && sum->series[c->series[c->by_depth[k - 1]]].depth >
		    sum->series[s].depth; k--)
			c->by_depth[k] = c->by_depth[k - 1];
		c->by_depth[k] = c->nseries;
		c->series[c->nseries++] = s;
	}
	for (b = 0; b < sum->nbs; b++) {
		struct view_curve_point *p = vc_points(res, sum, c, b, &n, &nok[c->nbs]);

		if (n < CURVE_MIN_DEPTHS) {
			free(p);
			continue;
		}
		for (k = 0; k < c->nseries; k++)
			if (p[k].cell != NULL && p[k].cell->lat_pct_ns[0] > 0)
				c->flags |= VIEW_CURVE_LATENCY;
		c->bs[c->nbs].b = b;
		c->bs[c->nbs++].point = p;
	}
	vc_choose(sum, c, nok);
	for (k = 0; k < c->nbs; k++)
		c->bs[k].sat = vc_sat_point(sum, c, &c->bs[k], &c->bs[k].sat_moved);
	free(nok);
	if (c->nbs > 0)
		return true;
	free(c->series);
	free(c->by_depth);
	free(c->bs);
	return false;
}

/* The curves of the run, by workload, then job count in the plan's order. */
void
view_curves(const struct results *res, const struct summary *sum, struct view_curves *v)
{
	unsigned m, s, k;

	v->curve = xcalloc(sum->nseries + 1, sizeof *v->curve);
	v->n = 0;
	for (m = 0; m < sum->nmodes; m++)
		for (s = 0; s < sum->nseries; s++) {
			if (sum->series[s].wl != m)
				continue;
			for (k = 0; k < v->n; k++)
				if (v->curve[k].wl == m && v->curve[k].jobs == sum->series[s].jobs)
					break;
			if (k == v->n && vc_fill(res, sum, m, sum->series[s].jobs, &v->curve[v->n]))
				v->n++;
		}
}

/* Workload wl's curve at its saturating job count, or NULL. */
const struct view_curve *
view_curves_saturating(const struct view_curves *v, unsigned wl)
{
	unsigned k;

	for (k = 0; k < v->n; k++)
		if (v->curve[k].wl == wl && (v->curve[k].flags & VIEW_CURVE_SATURATING))
			return &v->curve[k];
	return NULL;
}

void
view_curves_free(struct view_curves *v)
{
	unsigned k, b;

	for (k = 0; k < v->n; k++) {
		for (b = 0; b < v->curve[k].nbs; b++)
			free(v->curve[k].bs[b].point);
		free(v->curve[k].series);
		free(v->curve[k].by_depth);
		free(v->curve[k].bs);
	}
	free(v->curve);
	memset(v, 0, sizeof *v);
}
