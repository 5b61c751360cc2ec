/*
 * The curve of a mode: the best cell at each block size over every depth
 * and job count (its upper envelope), each point's noise, and the curve
 * cut into runs that are flat in IOPS, flat in bandwidth, or neither.
 * analysis-caps.c reads the caps, levels and knee off the runs.
 *
 * Why segments.  A volume held to I IOPS and B bytes/s gives, at block size
 * bs, IOPS = min(I, B / bs): in log IOPS against log bs a flat line, then a
 * line of slope -1.  Real tables are untidier: two IOPS levels (a 512 B -
 * 1 KiB path at 570 IOPS, 2-64 KiB at 250), IOPS that fall with size on
 * neither line, a bandwidth that rises over 512 KiB - 2 MiB before it
 * levels off, a dip.  A model of two lines fitted to such a curve states
 * caps the cells contradict; cutting the curve where it changes, and
 * naming each piece, states only what the cells show.
 *
 * The cut is the partition of the points (in size order) into segments of
 * the least cost, found exactly by dynamic programming over every
 * partition (O(n^2) segments, each fitted in O(n)).  A segment is fitted
 * three ways: flat in log IOPS, flat in log bandwidth, or a line of its
 * own slope (a trend: rising, falling, the bend of a soft knee); its cost
 * is the sum of its points' squared residuals in units of their noise,
 * each truncated at CURVE_T^2 (a stalled or burst cell costs what any
 * far-off cell does and cannot pull a level to itself), plus a penalty per
 * segment and per extra parameter.  In those units a single far-off cell
 * costs 9, less than the 12 of cutting a run around it; two adjacent
 * cells at a level of their own cost 18, more than the 6 of a segment of
 * their own: a level is two sizes or more, one size is an outlier.
 *
 * The noise that sets those units is each point's own: the larger of
 * CURVE_SIGMA_FLOOR (cells never agree better than 2%), the cell's
 * per-second IOPS spread when it has a series, and the spread of its
 * neighbours: the distance of each point from the line through the two
 * beside it (zero on either line of the model, whatever the slope), its
 * median over up to CURVE_WINDOW points each side.  The last is what an
 * import has; it is local because a table is often noisy at small sizes
 * (+-25% between neighbours at 2-64 KiB) and smooth at large ones (+-3% at
 * 1-4 MiB), and a single noise for both would either split the first or
 * call the rise of the second flat.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "analysis/analysis.h"
#include "base/util.h"
#include "results/results.h"

#define CURVE_T			3.0
#define CURVE_PENALTY		6.0
#define CURVE_PENALTY_TREND	8.0
#define CURVE_NOISE_MIN		3	/* neighbour distances a local noise needs */
#define CURVE_NOISE_SEG		4	/* points a segment's own noise needs */
#define CURVE_SMOOTH		2.0	/* a flat fit's spread this far past its bends': a curve, not noise */
#define CURVE_MIN_BIAS		1.25	/* the smaller of two estimates of one noise is ~0.8 of it */
#define CURVE_TOP		2.0	/* a top run: within this many sigmas of the highest */

/* The point of block size bs in p[0..*n), added in order if new. */
static struct curve_point *
curve_point_at(struct curve_point *p, unsigned *n, uint64_t bs)
{
	unsigned j;

	for (j = 0; j < *n && p[j].bs < bs; j++)
		;
	if (j == *n || p[j].bs != bs) {
		memmove(p + j + 1, p + j, (*n - j) * sizeof *p);
		memset(&p[j], 0, sizeof p[j]);
		p[j].bs = bs;
		p[j].cell = -1;
		(*n)++;
	}
	return &p[j];
}

/* Whether cell r counts for mode at share (SUMMARY_NO_SHARE: any). */
bool
analysis_curve_cell(const struct cell_result *r, enum rw_mode mode, int share)
{
	return r->cell.mode == mode && results_cell_has_figures(r) && r->status == CELL_OK &&
	    r->iops > 0 && r->cell.bs > 0 &&
	    (share == SUMMARY_NO_SHARE || r->cell.rwmixread == (unsigned)share);
}

/*
 * Whether cell r is left out of the curve: its verdict is noisy or stalled,
 * it ran buffered (the page cache's figures, not the storage's), or it is
 * fio clones whose windows differ past 1.5x (the rate of no one window).
 */
bool
analysis_curve_left_out(const struct cell_result *r)
{
	return r->stability.verdict == STABILITY_NOISY || r->stability.verdict == STABILITY_STALLED ||
	    results_cell_buffered(r) || results_cell_clones_skewed(r);
}

/* A kept cell's size, depth x jobs and IOPS, for curve_unsaturated. */
struct curve_depth {
	uint64_t	 bs;
	unsigned	 par;
	double		 iops;
};

static int
curve_depth_cmp(const void *a, const void *b)
{
	const struct curve_depth *x = a, *y = b;

	if (x->bs != y->bs)
		return x->bs < y->bs ? -1 : 1;
	return x->par < y->par ? -1 : x->par > y->par;
}

/*
 * Which of the n points p[] (sorted by size) still gained IOPS at their
 * deepest depth x jobs, into p[].unsat: of a size's kept cells at
 * SATURATION_MIN_DEPTHS depths or more, the smallest within SATURATION_TOL
 * of the best is the deepest.  Such a cell shows what the depth allowed,
 * not the volume's rate.  One pass over the cells and a sort: a 100,000-row
 * import has 15 sizes and 100,000 cells.
 */
static void
curve_unsaturated(const struct cell_result *cells, unsigned ncells, enum rw_mode mode, int share,
    struct curve_point *p, unsigned n)
{
	struct curve_depth *d = xcalloc(ncells ? ncells : 1, sizeof *d);
	unsigned *depth = xcalloc(ncells ? ncells : 1, sizeof *depth), i, k, m = 0, np, q = 0;
	double *iops = xcalloc(ncells ? ncells : 1, sizeof *iops);
	int at;

	for (i = 0; i < ncells; i++) {
		const struct cell_result *r = &cells[i];

		if (analysis_curve_cell(r, mode, share) && !analysis_curve_left_out(r))
			d[m++] = (struct curve_depth){ r->cell.bs, r->cell.depth *
			    (r->cell.jobs ? r->cell.jobs : 1), r->iops };
	}
	qsort(d, m, sizeof *d, curve_depth_cmp);
	for (i = 0; i < m; i = k) {
		for (k = i, np = 0; k < m && d[k].bs == d[i].bs; k++) {
			if (np == 0 || depth[np - 1] != d[k].par) {
				depth[np] = d[k].par;
				iops[np++] = 0;
			}
			iops[np - 1] = fmax(iops[np - 1], d[k].iops);
		}
		while (q < n && p[q].bs < d[i].bs)
			q++;
		if (q == n || p[q].bs != d[i].bs || np < SATURATION_MIN_DEPTHS)
			continue;
		at = analysis_saturation_depth(depth, iops, np);
		p[q].unsat = at >= 0 && depth[at] == depth[np - 1];
	}
	free(d);
	free(depth);
	free(iops);
}

/*
 * The upper envelope of a mode's cells into p[], sorted by block size: each
 * size's best clean cell (finished, IOPS above 0) whose verdict is not noisy
 * or stalled; those are counted in k (the first by index).  A size whose
 * left-out cells ran at more depth x jobs than any kept one has no point:
 * its best kept cell is a lower depth's, not the volume's (a stalled QD32
 * cell leaves QD1).  Returns how many points.
 */
unsigned
analysis_curve_points(const struct cell_result *cells, unsigned ncells, enum rw_mode mode,
    int share, struct curve_point *p, struct knee *k)
{
	unsigned n = 0, i, j;

	for (i = 0; i < ncells; i++) {
		const struct cell_result *r = &cells[i];
		struct curve_point *q;
		unsigned par = r->cell.depth * (r->cell.jobs ? r->cell.jobs : 1);
		double cv;

		if (!analysis_curve_cell(r, mode, share))
			continue;
		q = curve_point_at(p, &n, r->cell.bs);
		if (analysis_curve_left_out(r)) {
			if (k->nleft_out < KNEE_LEFT_OUT_NAMES)
				k->left_out[k->nleft_out] = i;
			k->nleft_out++;
			q->par_out = par > q->par_out ? par : q->par_out;
			continue;
		}
		q->par = par > q->par ? par : q->par;
		if (r->iops > q->iops) {
			cv = results_cell_cv_pct(r);
			q->iops = r->iops;
			q->own = cv >= 0 ? log1p(cv / 100) : -1;
			q->cell = (int)i;
		}
	}
	for (i = 0, j = 0; i < n; i++)
		if (p[i].iops > 0 && p[i].par >= p[i].par_out)
			p[j++] = p[i];
	for (i = 0; i < j; i++) {
		p[i].x = log((double)p[i].bs);
		p[i].y = log(p[i].iops);
		p[i].w = p[i].y + p[i].x;
	}
	curve_unsaturated(cells, ncells, mode, share, p, j);
	return j;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The median of x[0..n), n > 0, sorted in scratch s[n]. */
double
analysis_curve_median(const double *x, unsigned n, double *s)
{
	memcpy(s, x, n * sizeof *s);
	qsort(s, n, sizeof *s, cmp_double);
	return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

/*
 * The distance of each interior point from the line through its two
 * neighbours, scaled to one point's sigma, into r[1..n-1); zero on either
 * line of the model whatever its slope, so only noise and the corners
 * between lines show in it.
 */
static void
curve_bends(const struct curve_point *p, unsigned n, double *r)
{
	unsigned i;

	for (i = 1; i + 1 < n; i++) {
		double a = (p[i].x - p[i - 1].x) / (p[i + 1].x - p[i - 1].x);
		double line = p[i - 1].y + a * (p[i + 1].y - p[i - 1].y);

		r[i] = fabs(p[i].y - line) / sqrt(1 + a * a + (1 - a) * (1 - a));
	}
}

/* A point's noise from a neighbour spread: the floor, its own, at most CURVE_SIGMA_MAX. */
static void
curve_sigma_set(struct curve_point *q, double spread)
{
	q->sigma = fmin(CURVE_SIGMA_MAX, fmax(CURVE_SIGMA_FLOOR, fmax(q->own, spread)));
}

/*
 * Each point's noise (sigma of log IOPS) before the cut: the median bend of
 * the whole curve, when CURVE_NOISE_MIN bends are there.  A far-off cell
 * bends three (its own and its neighbours'), so a local median over a few
 * is its; each segment's own noise comes after the first cut.
 */
static void
curve_noise(struct curve_point *p, unsigned n)
{
	double *r = xcalloc(n, sizeof *r), *s = xcalloc(n, sizeof *s), global = 0;
	unsigned i;

	curve_bends(p, n, r);
	if (n >= 2 + CURVE_NOISE_MIN)
		global = 1.4826 * analysis_curve_median(r + 1, n - 2, s);
	for (i = 0; i < n; i++)
		curve_sigma_set(&p[i], global);
	free(r);
	free(s);
}

/* The residual of point q from segment g's fit (log), q one of its points. */
static double
curve_residual(const struct curve_point *p, const struct curve_seg *g, const struct curve_point *q)
{
	double fit = g->kind == CURVE_TREND ? g->level + g->slope * (q->x - p[g->first].x) :
	    g->level;

	return (g->kind == CURVE_FLAT_BW ? q->w : q->y) - fit;
}

/* A point's value in a flat fit: log IOPS, or log bandwidth. */
static double
curve_v(const struct curve_point *p, enum curve_kind kind)
{
	return kind == CURVE_FLAT_BW ? p->w : p->y;
}

/* The truncated cost of residual d at noise sigma. */
static double
curve_cost(double d, double sigma)
{
	double z = d / sigma;

	return fmin(z * z, CURVE_T * CURVE_T);
}

/*
 * Points a..b flat in kind's value: the level (the weighted mean of the
 * points within CURVE_T sigma of it, from the median), its cost, or
 * INFINITY when fewer than half of the points, or than two of two or more,
 * are within it.
 */
static double
curve_fit_flat(const struct curve_point *p, unsigned a, unsigned b, enum curve_kind kind,
    double *level, double *scratch)
{
	unsigned m = b - a + 1, i, iter, in = 0;
	double l, cost = 0;

	for (i = 0; i < m; i++)
		scratch[m + i] = curve_v(&p[a + i], kind);
	l = analysis_curve_median(scratch + m, m, scratch);
	for (iter = 0; iter < 4; iter++) {
		double sw = 0, sv = 0;

		for (i = a; i <= b; i++) {
			double v = curve_v(&p[i], kind), wt = 1 / (p[i].sigma * p[i].sigma);

			if (fabs(v - l) <= CURVE_T * p[i].sigma) {
				sw += wt;
				sv += wt * v;
			}
		}
		if (sw > 0)
			l = sv / sw;
	}
	for (i = a; i <= b; i++) {
		double d = curve_v(&p[i], kind) - l;

		cost += curve_cost(d, p[i].sigma);
		in += fabs(d) <= CURVE_T * p[i].sigma;
	}
	*level = l;
	if (2 * in < m || (m >= 2 && in < 2))
		return INFINITY;
	return cost;
}

/*
 * Points a..b (three or more) on a line of their own slope in log IOPS
 * against log bs: weighted least squares, then again over the points
 * within CURVE_T sigma of the first line.  Its cost, or INFINITY when
 * fewer than three points or than half are within it.
 */
static double
curve_fit_trend(const struct curve_point *p, unsigned a, unsigned b, double *icpt, double *slope)
{
	unsigned m = b - a + 1, i, iter, in = 0;
	double c0 = 0, c1 = 0, cost = 0;

	if (m < 3)
		return INFINITY;
	for (iter = 0; iter < 2; iter++) {
		double sw = 0, sx = 0, sy = 0, sxx = 0, sxy = 0, det;

		for (i = a; i <= b; i++) {
			double wt = 1 / (p[i].sigma * p[i].sigma), x = p[i].x - p[a].x;

			if (iter > 0 && fabs(p[i].y - (c0 + c1 * x)) > CURVE_T * p[i].sigma)
				continue;
			sw += wt;
			sx += wt * x;
			sy += wt * p[i].y;
			sxx += wt * x * x;
			sxy += wt * x * p[i].y;
		}
		det = sw * sxx - sx * sx;
		if (!(det > 0))
			break;
		c1 = (sw * sxy - sx * sy) / det;
		c0 = (sy - c1 * sx) / sw;
	}
	for (i = a; i <= b; i++) {
		double d = p[i].y - (c0 + c1 * (p[i].x - p[a].x));

		cost += curve_cost(d, p[i].sigma);
		in += fabs(d) <= CURVE_T * p[i].sigma;
	}
	*icpt = c0;
	*slope = c1;
	if (in < 3 || 2 * in < m)
		return INFINITY;
	return cost;
}

/* The three fits of points a..b, each with its penalty: seg[kind], cost[kind]. */
static void
curve_fit_all(const struct curve_point *p, unsigned a, unsigned b, struct curve_seg *seg,
    double *cost, double *scratch)
{
	enum curve_kind k;

	for (k = CURVE_FLAT_IOPS; k <= CURVE_TREND; k++) {
		memset(&seg[k], 0, sizeof seg[k]);
		seg[k].kind = k;
		seg[k].first = a;
		seg[k].last = b;
	}
	cost[CURVE_FLAT_IOPS] = curve_fit_flat(p, a, b, CURVE_FLAT_IOPS,
	    &seg[CURVE_FLAT_IOPS].level, scratch) + CURVE_PENALTY;
	cost[CURVE_FLAT_BW] = curve_fit_flat(p, a, b, CURVE_FLAT_BW, &seg[CURVE_FLAT_BW].level,
	    scratch) + CURVE_PENALTY;
	cost[CURVE_TREND] = curve_fit_trend(p, a, b, &seg[CURVE_TREND].level,
	    &seg[CURVE_TREND].slope) + CURVE_PENALTY + CURVE_PENALTY_TREND;
}

/* The cheapest fit of points a..b with its penalty, into seg. */
static double
curve_fit_best(const struct curve_point *p, unsigned a, unsigned b, struct curve_seg *seg,
    double *scratch)
{
	struct curve_seg all[3];
	double cost[3];
	enum curve_kind k, best = CURVE_FLAT_IOPS;

	curve_fit_all(p, a, b, all, cost, scratch);
	for (k = CURVE_FLAT_BW; k <= CURVE_TREND; k++)
		if (cost[k] < cost[best])
			best = k;
	*seg = all[best];
	return cost[best];
}

/* Each point's residual in sigmas from its segment's fit, and whether within CURVE_T. */
static void
curve_residuals(struct curve *c)
{
	unsigned s, i;

	for (s = 0; s < c->nseg; s++) {
		const struct curve_seg *g = &c->seg[s];

		for (i = g->first; i <= g->last; i++) {
			struct curve_point *q = &c->p[i];

			q->seg = s;
			q->z = curve_residual(c->p, g, q) / q->sigma;
			q->inlier = fabs(q->z) <= CURVE_T;
		}
	}
}

/*
 * The partition of points p[a..b] (noise set) of the least cost into
 * seg[], returning how many, in which no run flat in IOPS (two points or
 * more) follows one flat in bandwidth: under min(I, B / bs) the IOPS-bound
 * sizes are the smaller.  best[j][st]: the least cost of points a..a+j-1,
 * st 1 once a bandwidth run is in it.
 */
static unsigned
curve_cut(const struct curve_point *p, unsigned a, unsigned b, struct curve_seg *out)
{
	unsigned n = b - a + 1, i, j, st, nst, m, nseg;
	double (*best)[2] = xcalloc(n + 1, sizeof *best);
	unsigned (*from)[2] = xcalloc(n + 1, sizeof *from), (*fst)[2] = xcalloc(n + 1, sizeof *fst);
	enum curve_kind (*kind)[2] = xcalloc(n + 1, sizeof *kind), k;
	double *scratch = xcalloc(2 * n + 2, sizeof *scratch), cost[3];
	struct curve_seg seg[3];

	best[0][1] = INFINITY;
	for (j = 1; j <= n; j++) {
		best[j][0] = best[j][1] = INFINITY;
		for (i = 0; i < j; i++) {
			m = j - i;
			curve_fit_all(p, a + i, a + j - 1, seg, cost, scratch);
			for (st = 0; st < 2; st++)
				for (k = CURVE_FLAT_IOPS; k <= CURVE_TREND; k++) {
					if (st == 1 && k == CURVE_FLAT_IOPS && m >= 2)
						continue;
					nst = st || (k == CURVE_FLAT_BW && m >= 2);
					if (best[i][st] + cost[k] < best[j][nst]) {
						best[j][nst] = best[i][st] + cost[k];
						from[j][nst] = i;
						fst[j][nst] = st;
						kind[j][nst] = k;
					}
				}
		}
	}
	for (j = n, st = best[n][1] < best[n][0], nseg = 0; j > 0; nseg++) {
		nst = fst[j][st];
		j = from[j][st];
		st = nst;
	}
	for (j = n, st = best[n][1] < best[n][0], i = nseg; j > 0;) {
		unsigned f = from[j][st];

		curve_fit_all(p, a + f, a + j - 1, seg, cost, scratch);
		out[--i] = seg[kind[j][st]];
		st = fst[j][st];
		j = f;
	}
	free(best);
	free(from);
	free(fst);
	free(kind);
	free(scratch);
	return nseg;
}

/*
 * Whether segment g (CURVE_NOISE_SEG points or more) is a smooth curve
 * rather than noise about its fit: the spread of its points about the fit
 * past CURVE_SMOOTH times the median bend of its interior points (whose
 * neighbours are in it too, so no corner between segments is in it).  A
 * bandwidth that rises over 512 KiB-2 MiB and levels off at 2-4 MiB (44,
 * 52, 60, 62 MB/s) bends 3-4% a point and lies 20% about its mean; noise
 * bends as much as it lies.  *bend: that median bend (a sigma).
 */
static bool
curve_smooth(const struct curve_point *p, const struct curve_seg *g, const double *r,
    double *s, double *bend)
{
	unsigned i, m = g->last - g->first + 1;
	double fit;

	if (m < CURVE_NOISE_SEG)
		return false;
	for (i = g->first + 1, m = 0; i < g->last; i++)
		s[m++] = r[i];
	*bend = 1.4826 * analysis_curve_median(s, m, s + m);
	for (i = g->first, m = 0; i <= g->last; i++)
		s[m++] = fabs(curve_residual(p, g, &p[i]));
	fit = 1.4826 * analysis_curve_median(s, m, s + m) * sqrt(m / (m - 1.0));
	return fit > CURVE_SMOOTH * fmax(*bend, CURVE_SIGMA_FLOOR);
}

/*
 * Cut each smooth segment of c again at its own noise (its bends', over
 * CURVE_MIN_BIAS): the noise of the whole curve is a noisy part's, and a
 * smooth part read at it looks flat.
 */
static void
curve_recut(struct curve *c)
{
	double *r = xcalloc(c->n, sizeof *r), *s = xcalloc(2 * c->n + 2, sizeof *s), bend;
	struct curve_seg *seg = xcalloc(c->n, sizeof *seg), *sub = xcalloc(c->n, sizeof *sub);
	unsigned g, i, n = 0, k;

	curve_bends(c->p, c->n, r);
	for (g = 0; g < c->nseg; g++) {
		if (!curve_smooth(c->p, &c->seg[g], r, s, &bend)) {
			seg[n++] = c->seg[g];
			continue;
		}
		for (i = c->seg[g].first; i <= c->seg[g].last; i++)
			curve_sigma_set(&c->p[i], CURVE_MIN_BIAS * bend);
		k = curve_cut(c->p, c->seg[g].first, c->seg[g].last, sub);
		memcpy(&seg[n], sub, k * sizeof *sub);
		n += k;
	}
	memcpy(c->seg, seg, n * sizeof *seg);
	c->nseg = n;
	free(r);
	free(s);
	free(seg);
	free(sub);
}

/* SWEEP_CURVE_DEBUG: the points and segments of every curve cut, to stderr. */
static void
curve_debug(const struct curve *c)
{
	unsigned i;

	if (getenv("SWEEP_CURVE_DEBUG") == NULL)
		return;
	for (i = 0; i < c->n; i++)
		fprintf(stderr, "pt %2u bs %8llu iops %10.1f MB/s %8.2f sigma %.3f seg %u z %+.2f%s\n",
		    i, (unsigned long long)c->p[i].bs, c->p[i].iops, c->p[i].iops *
		    (double)c->p[i].bs / 1e6, c->p[i].sigma, c->p[i].seg, c->p[i].z,
		    c->p[i].inlier ? "" : " OUT");
	for (i = 0; i < c->nseg; i++)
		fprintf(stderr, "seg %u kind %d %u-%u level %.3f slope %.3f\n", i, c->seg[i].kind,
		    c->seg[i].first, c->seg[i].last, exp(c->seg[i].level), c->seg[i].slope);
}

/*
 * The top of side kind (CURVE_FLAT_IOPS or CURVE_FLAT_BW) as a run of its
 * own: the highest point and the adjacent ones within CURVE_TOP sigmas of
 * it, when two or more and not already a flat run of the side.  The cut
 * may lay a line of its own slope over a rise that levels off (52, 59.8,
 * 62.1 MB/s at 1-4 MiB: three points, one degree of freedom, fit exactly);
 * the level an engineer reads there is the top two, which agree within
 * their noise.  The segment it was in is cut around it, each part fitted
 * again.
 */
static void
curve_top_run(struct curve *c, enum curve_kind kind, double *scratch)
{
	unsigned top = 0, a, b, i, g, nseg;
	struct curve_seg parts[3];
	double band;

	for (i = 1; i < c->n; i++)
		if (curve_v(&c->p[i], kind) > curve_v(&c->p[top], kind))
			top = i;
	for (g = 0; g < c->nseg && !(c->seg[g].first <= top && top <= c->seg[g].last); g++)
		;
	if (g == c->nseg || c->seg[g].kind == kind)
		return;
	for (a = top; a > c->seg[g].first; a--) {
		band = CURVE_TOP * fmax(c->p[a - 1].sigma, c->p[top].sigma);
		if (curve_v(&c->p[a - 1], kind) < curve_v(&c->p[top], kind) - band)
			break;
	}
	for (b = top; b < c->seg[g].last; b++) {
		band = CURVE_TOP * fmax(c->p[b + 1].sigma, c->p[top].sigma);
		if (curve_v(&c->p[b + 1], kind) < curve_v(&c->p[top], kind) - band)
			break;
	}
	if (b == a)
		return;
	nseg = 0;
	if (a > c->seg[g].first)
		curve_fit_best(c->p, c->seg[g].first, a - 1, &parts[nseg++], scratch);
	curve_fit_flat(c->p, a, b, kind, &parts[nseg].level, scratch);
	parts[nseg].kind = kind;
	parts[nseg].first = a;
	parts[nseg].last = b;
	parts[nseg++].slope = 0;
	if (b < c->seg[g].last)
		curve_fit_best(c->p, b + 1, c->seg[g].last, &parts[nseg++], scratch);
	memmove(&c->seg[g + nseg], &c->seg[g + 1], (c->nseg - g - 1) * sizeof *c->seg);
	memcpy(&c->seg[g], parts, nseg * sizeof *parts);
	c->nseg += nseg - 1;
}

/*
 * Cut c's points (sorted, noise unset) into the segments of least cost
 * (see above): at the noise of the whole curve, then each smooth segment
 * again at its own, then the top of each side a run of its own when the
 * cut left it inside a trend.  c->seg[0..c->nseg), each point's residual;
 * analysis_curve_free() frees them.
 */
void
analysis_curve_fit(struct curve *c)
{
	double *scratch;

	c->seg = xcalloc(c->n ? c->n : 1, sizeof *c->seg);
	curve_noise(c->p, c->n);
	c->nseg = curve_cut(c->p, 0, c->n - 1, c->seg);
	curve_recut(c);
	scratch = xcalloc(2 * c->n + 2, sizeof *scratch);
	curve_top_run(c, CURVE_FLAT_IOPS, scratch);
	curve_top_run(c, CURVE_FLAT_BW, scratch);
	free(scratch);
	curve_residuals(c);
	curve_debug(c);
}

/* Free what analysis_curve_fit() allocated. */
void
analysis_curve_free(struct curve *c)
{
	free(c->seg);
	c->seg = NULL;
	c->nseg = 0;
}
