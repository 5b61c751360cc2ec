/*
 * The caps and the knee of a mode, read off the runs of its curve
 * (analysis-curve.c cuts it); view_summary_build() calls it for every
 * workload, run --auto after every cell, the unit tests and
 * bench/caps-accuracy on synthetic volumes.  Numbers only: view-knee.c
 * writes the sentence.
 *
 * A run is a segment flat in IOPS (or in bandwidth) with two sizes or more
 * within its noise.  Per side:
 *
 * 1. Levels.  The side's highest run sets the top level; a run within
 *    CAPS_SAME of its noise is at that level too.  A lower run between two
 *    runs at the top is a dip (a throttle's cells fall short of its rate,
 *    never above it); a lower run before the first or after the last is a
 *    second level: "two IOPS levels", and no cap.
 * 2. Ceiling.  A throttle clips from above: stalls, neighbours and a
 *    depth too low pull cells below its rate, rarely above.  So the cap is
 *    read from the upper cells of its runs: the mean (in log) of those
 *    within CAPS_TOP_BAND of their noise below the highest, and never below
 *    a cell of them beyond that cell's own per-second noise.  On symmetric
 *    noise that is a little above the middle of the run, on one-sided noise
 *    much closer to the truth than the middle (bench/caps-accuracy.sh
 *    measures both).  Its range is the lowest and highest cell of its runs;
 *    a size whose cells still gained IOPS at their deepest depth does not
 *    count (it shows what the depth allowed), and a level made only of
 *    such sizes is "not saturated".
 * 3. Stated.  The cap is stated when no cell of the curve, at any size, is
 *    above it beyond the cell's noise (CURVE's CAPS_ABOVE sigmas, and at
 *    least CAPS_ABOVE_MIN): under min(I, B / bs) no size does more than I
 *    IOPS or B bytes/s.  Otherwise the highest cell above is named.
 *
 * The knee is where the two stated caps cross, B / I, with the measured
 * sizes either side of it (or the size it is within 3% of); it is stated
 * only when the IOPS cap's sizes end below the bandwidth cap's.  With runs on one side only, the mode is IOPS- or
 * bandwidth-bound at the sizes of its runs; with none, it falls or rises
 * and the sentence says from what to what.
 *
 * Cells whose stability verdict is noisy or stalled are left out before all
 * this and counted (the first named by index); steady cells and imported
 * ones (verdict unknown) are kept.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "base/util.h"
#include "results/results.h"

#define CAPS_SAME	3.0	/* runs within this many sigmas (of their difference) of the top are at its level */
#define CAPS_LEVEL_APART	0.140	/* ln 1.15: levels closer than 15% are one */
#define CAPS_TOP_BAND	3.0	/* ... nor further than this many sigmas from the highest */
#define CAPS_GAP	0.182	/* ln 1.2: a gap that ends the cells a ceiling is read from */
#define CAPS_ABOVE	3.0	/* a cell above a cap beyond this many sigmas contradicts it */
#define CAPS_ABOVE_MIN	0.095	/* ... and beyond ln 1.10 */
#define KNEE_BEND_SPAN	4	/* a lower run this close to the knee is its bend */
#define KNEE_FAR_MIN	5	/* cap cells 4x from the knee enough to leave out those nearer */
#define KNEE_BEND_LOW	0.65	/* ... and no lower than this share of the top */
#define KNEE_LEVEL_MIN	3	/* sizes a lower level needs; fewer below the top are a drop */
#define KNEE_AT_SIZE	0.03	/* a knee this close to a measured size is at it */

/* A point's value on a side: log IOPS, or log bytes/s. */
static double
caps_v(const struct curve_point *q, bool bw)
{
	return bw ? q->w : q->y;
}

/* Whether segment s of c is a run of side bw: flat in its figure, two inliers or more. */
static bool
caps_run(const struct curve *c, unsigned s, bool bw)
{
	const struct curve_seg *g = &c->seg[s];
	unsigned i, in = 0;

	if (g->kind != (bw ? CURVE_FLAT_BW : CURVE_FLAT_IOPS))
		return false;
	for (i = g->first; i <= g->last; i++)
		in += c->p[i].inlier;
	return in >= 2;
}

/* How many inliers segment s has. */
static unsigned
caps_inliers(const struct curve *c, unsigned s)
{
	unsigned i, n = 0;

	for (i = c->seg[s].first; i <= c->seg[s].last; i++)
		n += c->p[i].inlier;
	return n;
}

/* The mean noise of segment s's inliers. */
static double
caps_sigma(const struct curve *c, unsigned s)
{
	const struct curve_seg *g = &c->seg[s];
	double sum = 0;
	unsigned i, n = 0;

	for (i = g->first; i <= g->last; i++)
		if (c->p[i].inlier) {
			sum += c->p[i].sigma;
			n++;
		}
	return n ? sum / n : CURVE_SIGMA_FLOOR;
}

/* The first and last inlier of segment s. */
static void
caps_ends(const struct curve *c, unsigned s, unsigned *a, unsigned *b)
{
	const struct curve_seg *g = &c->seg[s];

	for (*a = g->first; *a < g->last && !c->p[*a].inlier; (*a)++)
		;
	for (*b = g->last; *b > *a && !c->p[*b].inlier; (*b)--)
		;
}

static int
caps_cmp_desc(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x > y ? -1 : x < y;
}

/*
 * The ceiling of the members of a level (member[i]), log, and the cells it
 * is read from (top[i]); false when there are none.  Of the members'
 * values sorted from the highest, the highest group of two or more with no
 * gap past CAPS_GAP between neighbours: cells pulled 50% low by stalls are
 * not the level the others agree on (505, 498 | 240, 230, 150 IOPS), nor is
 * the higher of two cells 23% apart a level.  Of that group, the mean of
 * its upper half, raised to each of its cells less its own per-second
 * noise: a throttle lets cells fall short of its rate and rarely above it,
 * so the middle of its cells understates it.  Symmetric noise puts the
 * upper half a quarter of the spread above the truth, one-sided noise a
 * quarter below, where the middle is half below (bench/caps-accuracy.sh
 * measures both).
 */
static bool
caps_ceiling(const struct curve *c, const bool *member, const bool *any, bool bw, double *level,
    bool *top)
{
	double *v = xcalloc(c->n, sizeof *v), sum = 0, sigma = 0;
	unsigned i, m = 0, first = 0, end, n;

	for (i = 0; i < c->n; i++)
		if (member[i]) {
			v[m++] = caps_v(&c->p[i], bw);
			sigma += c->p[i].sigma;
		}
	sigma /= m ? m : 1;
	qsort(v, m, sizeof *v, caps_cmp_desc);
	for (end = first; first < m; first = end) {
		for (end = first + 1; end < m && v[end - 1] - v[end] <= CAPS_GAP &&
		    v[first] - v[end] <= fmax(CAPS_TOP_BAND * sigma, CAPS_GAP); end++)
			;
		if (end - first >= 2)
			break;
	}
	memset(top, 0, c->n * sizeof *top);
	if (first >= m) {
		free(v);
		return false;
	}
	n = (end - first + 1) / 2;
	for (i = first; i < first + n; i++)
		sum += v[i];
	*level = sum / n;
	for (i = 0; i < c->n; i++) {
		double x = caps_v(&c->p[i], bw);

		top[i] = any[i] && !c->p[i].unsat && (x >= v[end - 1] - 1e-12 ||
		    x >= *level - fmin(CAPS_TOP_BAND * c->p[i].sigma, CAPS_GAP));
		if (top[i] && c->p[i].own >= 0)
			*level = fmax(*level, x - c->p[i].own);
	}
	free(v);
	return true;
}

/* Side bw's level: cap, range, sizes and count from the inliers of its runs at the top. */
static void
caps_set(struct knee *k, bool bw, double level, double lo, double hi, uint64_t bs_lo,
    uint64_t bs_hi, unsigned n)
{
	if (bw) {
		k->bw_cap = exp(level);
		k->bw_lo = exp(lo);
		k->bw_hi = exp(hi);
		k->bw_bs_lo = bs_lo;
		k->bw_bs_hi = bs_hi;
		k->bw_npoints = n;
	} else {
		k->iops_cap = exp(level);
		k->iops_lo = exp(lo);
		k->iops_hi = exp(hi);
		k->iops_bs_lo = bs_lo;
		k->iops_bs_hi = bs_hi;
		k->iops_npoints = n;
	}
}

/*
 * Two levels: run r (not at the top) before the first top run or after the
 * last; the two named in size order, the top's over its runs' sizes.
 */
static void
caps_two_levels(const struct curve *c, unsigned r, unsigned t0, unsigned t1, double top,
    bool bw, struct knee_levels *kl)
{
	unsigned a, b, ta, tb, x;
	int lower = r < t0 ? 0 : 1;

	caps_ends(c, r, &a, &b);
	caps_ends(c, t0, &ta, &x);
	caps_ends(c, t1, &x, &tb);
	kl->shape = KNEE_SHAPE_TWO_LEVELS;
	kl->value[lower] = exp(c->seg[r].level);
	kl->from_bs[lower] = c->p[a].bs;
	kl->to_bs[lower] = c->p[b].bs;
	kl->value[1 - lower] = exp(top);
	kl->from_bs[1 - lower] = c->p[ta].bs;
	kl->to_bs[1 - lower] = c->p[tb].bs;
	(void)bw;
}

/*
 * The dip of a plateau read at points first..last (top[]): the lowest point
 * between them that is not one of its cells; its extent is the points
 * around it that are not either.
 */
static void
caps_dip(const struct curve *c, const bool *top, unsigned first, unsigned last, double cap,
    bool bw, struct knee_levels *kl)
{
	unsigned i, low = c->n, a, b;

	for (i = first; i < last && first < c->n; i++)
		if (!top[i] && caps_v(&c->p[i], bw) < cap - CAPS_GAP &&
		    (low == c->n || caps_v(&c->p[i], bw) < caps_v(&c->p[low], bw)))
			low = i;
	if (low == c->n)
		return;
	for (a = low; a > first + 1 && !top[a - 1]; a--)
		;
	for (b = low; b + 1 < last && !top[b + 1]; b++)
		;
	kl->dip = exp(caps_v(&c->p[low], bw));
	kl->dip_from = c->p[a].bs;
	kl->dip_to = c->p[b].bs;
}

/* The highest point above cap (log) beyond its noise, or c->n. */
static unsigned
caps_above(const struct curve *c, double cap, bool bw)
{
	unsigned i, above = c->n;

	for (i = 0; i < c->n; i++) {
		double v = caps_v(&c->p[i], bw);

		if (v > cap + fmax(CAPS_ABOVE * c->p[i].sigma, CAPS_ABOVE_MIN) &&
		    (above == c->n || v > caps_v(&c->p[above], bw)))
			above = i;
	}
	return above;
}

/*
 * The members of side bw's top level: the inliers of runs at it (any[]),
 * and of them those that count for its cap (member[]): saturated, and away
 * from the knee at log size knee (NAN none): at least 4x from it when
 * KNEE_FAR_MIN are, else 2x when two are.  On a soft knee the curve is 11%
 * below the cap 2x away and 3% 4x away, and a cap read with those cells
 * is read low.  Returns how many members.
 */
static unsigned
caps_members(const struct curve *c, const bool *at_top, double knee, bool *member, bool *any)
{
	static const double away[] = { 1.386, 0.693, 0 };	/* ln 4, ln 2 */
	unsigned s, i, n = 0, pass;

	memset(any, 0, c->n * sizeof *any);
	for (s = 0; s < c->nseg; s++)
		for (i = c->seg[s].first; at_top[s] && i <= c->seg[s].last; i++)
			any[i] = c->p[i].inlier;
	for (pass = 0; pass < 3; pass++) {
		memset(member, 0, c->n * sizeof *member);
		for (i = 0, n = 0; i < c->n; i++) {
			member[i] = any[i] && !c->p[i].unsat && (isnan(knee) ||
			    fabs(c->p[i].x - knee) >= away[pass]);
			n += member[i];
		}
		if (n >= (pass == 0 ? KNEE_FAR_MIN : 2))
			break;
	}
	return n;
}

/*
 * The cells of set on side bw: how many, the first and last (*a, *b; c->n
 * and 0 when none), the lowest and highest value (log), the deepest.
 */
static unsigned
caps_span(const struct curve *c, const bool *set, bool bw, unsigned *a, unsigned *b,
    double *lo, double *hi, unsigned *depth)
{
	unsigned i, n = 0;

	*a = c->n;
	*b = 0;
	*lo = INFINITY;
	*hi = -INFINITY;
	for (i = 0; i < c->n; i++) {
		if (!set[i])
			continue;
		*a = i < *a ? i : *a;
		*b = i;
		n++;
		*lo = fmin(*lo, caps_v(&c->p[i], bw));
		*hi = fmax(*hi, caps_v(&c->p[i], bw));
		*depth = c->p[i].par > *depth ? c->p[i].par : *depth;
	}
	return n;
}

/* The level of a side made only of sizes not saturated: the highest, its sizes, its depth. */
static void
caps_unsaturated(const struct curve *c, const bool *any, bool bw, struct knee *k,
    struct knee_levels *kl)
{
	double lo, hi;
	unsigned a, b, n;

	kl->shape = KNEE_SHAPE_UNSATURATED;
	n = caps_span(c, any, bw, &a, &b, &lo, &hi, &kl->depth);
	kl->value[0] = exp(hi);
	kl->from_bs[0] = c->p[a].bs;
	kl->to_bs[0] = c->p[b].bs;
	caps_set(k, bw, hi, lo, hi, c->p[a].bs, c->p[b].bs, n);
}

/*
 * A side whose runs hold no two cells that agree (caps_ceiling): it rises or
 * falls over them, from its first inlier to its last (value[0] at
 * from_bs[0], value[1] at from_bs[1]).
 */
static void
caps_uneven(const struct curve *c, const bool *any, bool bw, struct knee *k,
    struct knee_levels *kl)
{
	double lo, hi;
	unsigned a, b, depth = 0;

	caps_span(c, any, bw, &a, &b, &lo, &hi, &depth);
	kl->shape = KNEE_SHAPE_UNEVEN;
	kl->value[0] = exp(caps_v(&c->p[a], bw));
	kl->from_bs[0] = kl->to_bs[0] = c->p[a].bs;
	kl->value[1] = exp(caps_v(&c->p[b], bw));
	kl->from_bs[1] = kl->to_bs[1] = c->p[b].bs;
	caps_set(k, bw, caps_v(&c->p[b], bw), caps_v(&c->p[a], bw), caps_v(&c->p[b], bw),
	    c->p[a].bs, c->p[b].bs, 0);
}

/*
 * The plateau of side bw from its top runs' members: the cap and the cells
 * it is read from (caps_ceiling), named from the first to the last of them
 * with their range; a dip between them; a cell above.  Without two cells
 * that agree, the side rises or falls: no plateau.
 */
static void
caps_plateau(const struct curve *c, const bool *member, const bool *any, bool bw,
    struct knee *k, struct knee_levels *kl)
{
	bool *top = xcalloc(c->n, sizeof *top);
	double cap, lo, hi;
	unsigned a, b, n, above, depth = 0;

	if (!caps_ceiling(c, member, any, bw, &cap, top)) {
		caps_uneven(c, any, bw, k, kl);
		free(top);
		return;
	}
	n = caps_span(c, top, bw, &a, &b, &lo, &hi, &depth);
	caps_set(k, bw, cap, lo, hi, c->p[a].bs, c->p[b].bs, n);
	kl->shape = KNEE_SHAPE_PLATEAU;
	caps_dip(c, top, a, b, cap, bw, kl);
	above = caps_above(c, cap, bw);
	if (above < c->n) {
		kl->shape = KNEE_SHAPE_ABOVE;
		kl->value[0] = exp(caps_v(&c->p[above], bw));
		kl->from_bs[0] = kl->to_bs[0] = c->p[above].bs;
	}
	free(top);
}

/* The highest run of side bw, or c->nseg when it has none. */
static unsigned
caps_top(const struct curve *c, bool bw)
{
	unsigned s, top = c->nseg;

	for (s = 0; s < c->nseg; s++)
		if (caps_run(c, s, bw) && (top == c->nseg || c->seg[s].level > c->seg[top].level))
			top = s;
	return top;
}

/*
 * Whether run s, lower than the top (log level top) and on the knee's side
 * of it, is the bend of a soft knee at log size knee (NAN: no knee): its
 * end nearest the knee within KNEE_BEND_SPAN times of it, and its level no
 * lower than KNEE_BEND_LOW of the top.  The curve there is below both lines
 * (70% of them at the knee, 89% twice as far), not at a level of its own.
 */
static bool
caps_bend(const struct curve *c, unsigned s, double knee, double top)
{
	unsigned a, b;

	if (isnan(knee) || c->seg[s].level < top + log(KNEE_BEND_LOW))
		return false;
	caps_ends(c, s, &a, &b);
	return fmin(fabs(c->p[a].x - knee), fabs(c->p[b].x - knee)) <= log(KNEE_BEND_SPAN);
}

/*
 * What side bw shows (step 1-3 above) into kl and k's level of it; false
 * when the side has no run.
 */
static bool
caps_side(const struct curve *c, bool bw, double knee, struct knee *k, struct knee_levels *kl)
{
	bool *at_top = xcalloc(c->nseg, sizeof *at_top);
	bool *member = xcalloc(c->n, sizeof *member), *any = xcalloc(c->n, sizeof *any);
	unsigned s, top = c->nseg, t0 = c->nseg, t1 = 0, n;

	memset(kl, 0, sizeof *kl);
	top = caps_top(c, bw);
	if (top == c->nseg)
		goto out;
	for (s = 0; s < c->nseg; s++) {
		double tol = CAPS_SAME * fmax(caps_sigma(c, s), caps_sigma(c, top)) *
		    sqrt(1.0 / caps_inliers(c, s) + 1.0 / caps_inliers(c, top));

		if (!caps_run(c, s, bw) || (c->seg[top].level - c->seg[s].level > tol &&
		    c->seg[top].level - c->seg[s].level > CAPS_LEVEL_APART))
			continue;
		at_top[s] = true;
		t0 = s < t0 ? s : t0;
		t1 = s;
	}
	for (s = 0; s < c->nseg; s++)
		if (caps_run(c, s, bw) && !at_top[s] && (s < t0 || s > t1) &&
		    caps_inliers(c, s) >= KNEE_LEVEL_MIN &&
		    !((bw ? s < t0 : s > t1) && caps_bend(c, s, knee, c->seg[top].level))) {
			caps_two_levels(c, s, t0, t1, c->seg[top].level, bw, kl);
			n = caps_members(c, at_top, knee, member, any);
			caps_set(k, bw, c->seg[top].level, c->seg[top].level, c->seg[top].level,
			    kl->from_bs[s < t0], kl->to_bs[s < t0], n);
			goto out;
		}
	n = caps_members(c, at_top, knee, member, any);
	if (n < 2)
		caps_unsaturated(c, any, bw, k, kl);
	else
		caps_plateau(c, member, any, bw, k, kl);
out:
	free(at_top);
	free(member);
	free(any);
	return kl->shape != KNEE_SHAPE_NONE;
}

/* The first point of the first run of side bw, or the last of its last (last); c->n none. */
static unsigned
caps_run_edge(const struct curve *c, bool bw, bool last)
{
	unsigned s, a, b, edge = c->n;

	for (s = 0; s < c->nseg; s++) {
		if (!caps_run(c, s, bw))
			continue;
		caps_ends(c, s, &a, &b);
		if (!last && edge == c->n)
			edge = a;
		if (last)
			edge = b;
	}
	return edge;
}

/* The best point of each side: IOPS below the first bandwidth run, bandwidth from the last IOPS run. */
static void
caps_side_peaks(const struct curve *c, struct knee *k)
{
	unsigned bw0 = caps_run_edge(c, true, false), io1 = caps_run_edge(c, false, true), i;

	k->iops_side_max = bw0 == c->n ? 0 : bw0 > 0 ? c->p[bw0 - 1].bs : c->p[0].bs / 2;
	k->bw_side_min = io1 == c->n ? 0 : c->p[io1].bs;
	for (i = 0; i < c->n; i++) {
		k->iops_side_n += bw0 == c->n || i < bw0;
		k->bw_side_n += io1 == c->n || i > io1;
	}
	for (i = 0; i < c->n; i++) {
		const struct curve_point *q = &c->p[i];
		bool on_bw = io1 == c->n || i > io1 || (i == io1 && k->bw_side_n == 0);

		if ((bw0 == c->n || i < bw0) && q->iops > k->side_iops) {
			k->side_iops = q->iops;
			k->side_iops_bs = q->bs;
		}
		if (on_bw && q->iops * (double)q->bs > k->side_bw) {
			k->side_bw = q->iops * (double)q->bs;
			k->side_bw_bs = q->bs;
		}
	}
}

/* Trend segments of three points or more outside [from, to] (points), for the sentence. */
static void
caps_trends(const struct curve *c, unsigned from, unsigned to, struct knee *k)
{
	unsigned s;

	for (s = 0; s < c->nseg && k->ntrends < KNEE_TRENDS_MAX; s++) {
		const struct curve_seg *g = &c->seg[s];
		struct knee_trend *t;

		if (g->kind != CURVE_TREND || g->last - g->first < 2 ||
		    (g->last >= from && g->first <= to))
			continue;
		t = &k->trends[k->ntrends++];
		t->from_bs = c->p[g->first].bs;
		t->to_bs = c->p[g->last].bs;
		t->from_iops = c->p[g->first].iops;
		t->to_iops = c->p[g->last].iops;
	}
}

/* The knee of two stated caps: B / I and the measured sizes either side, when the bend is short. */
static void
caps_knee_at(const struct curve *c, struct knee *k)
{
	unsigned i;

	if (!k->iops_plateau || !k->bw_plateau || k->iops_bs_hi >= k->bw_bs_lo)
		return;
	k->knee_bs = k->bw_cap / k->iops_cap;
	for (i = 0; i < c->n; i++) {
		if ((double)c->p[i].bs <= k->knee_bs * (1 + 1e-9))
			k->knee_lo_bs = c->p[i].bs;
		if ((double)c->p[i].bs >= k->knee_bs * (1 - 1e-9) && k->knee_hi_bs == 0)
			k->knee_hi_bs = c->p[i].bs;
	}
	/* Within KNEE_AT_SIZE of a measured size, the knee is at it (127.7 KiB: 128, not 130). */
	for (i = 0; i < c->n; i++)
		if (fabs((double)c->p[i].bs / k->knee_bs - 1) <= KNEE_AT_SIZE)
			k->knee_lo_bs = k->knee_hi_bs = c->p[i].bs;
}

/* Both sides, the kind, the knee and the trends of a fitted curve. */
static void
caps_read(const struct curve *c, struct knee *k)
{
	unsigned ti = caps_top(c, false), tb = caps_top(c, true);
	double knee = ti < c->nseg && tb < c->nseg ? c->seg[tb].level - c->seg[ti].level : NAN;
	bool hi = caps_side(c, false, knee, k, &k->iops_shape);
	bool hb = caps_side(c, true, knee, k, &k->bw_shape);
	unsigned io0 = caps_run_edge(c, false, false), io1 = caps_run_edge(c, false, true);
	unsigned bw0 = caps_run_edge(c, true, false), bw1 = caps_run_edge(c, true, true);

	/* Runs out of order (bandwidth flat below IOPS flat): the side with fewer sizes goes. */
	if (hi && hb && io1 >= bw0) {
		bool drop_bw = k->bw_npoints <= k->iops_npoints;

		memset(drop_bw ? &k->bw_shape : &k->iops_shape, 0, sizeof k->bw_shape);
		hb = hb && !drop_bw;
		hi = hi && drop_bw;
	}
	k->kind = hi && hb ? KNEE_FOUND : hi ? KNEE_IOPS_BOUND : hb ? KNEE_BW_BOUND :
	    KNEE_NO_PLATEAU;
	k->iops_plateau = k->iops_shape.shape == KNEE_SHAPE_PLATEAU;
	k->bw_plateau = k->bw_shape.shape == KNEE_SHAPE_PLATEAU;
	if (!hi)
		k->iops_cap = k->iops_lo = k->iops_hi = 0;
	if (!hb)
		k->bw_cap = k->bw_lo = k->bw_hi = 0;
	if (k->kind == KNEE_FOUND)
		caps_knee_at(c, k);
	if (k->kind == KNEE_NO_PLATEAU) {
		k->iops_shape.shape = KNEE_SHAPE_UNEVEN;
		k->iops_shape.value[0] = c->p[0].iops;
		k->iops_shape.from_bs[0] = k->iops_shape.to_bs[0] = c->p[0].bs;
		k->iops_shape.value[1] = c->p[c->n - 1].iops;
		k->iops_shape.from_bs[1] = k->iops_shape.to_bs[1] = c->p[c->n - 1].bs;
	} else {
		caps_trends(c, hi ? io0 : bw0, hb ? bw1 : io1, k);
	}
	caps_side_peaks(c, k);
}

/* The span and the peaks of the points, for every verdict. */
static void
caps_peaks(struct knee *k, const struct curve_point *p, unsigned n)
{
	unsigned i;

	k->npoints = n;
	if (n > 0) {
		k->bs_min = p[0].bs;
		k->bs_max = p[n - 1].bs;
	}
	for (i = 0; i < n; i++) {
		if (p[i].iops > k->peak_iops) {
			k->peak_iops = p[i].iops;
			k->peak_iops_bs = p[i].bs;
		}
		if (p[i].iops * (double)p[i].bs > k->peak_bw) {
			k->peak_bw = p[i].iops * (double)p[i].bs;
			k->peak_bw_bs = p[i].bs;
		}
	}
}

/*
 * Find the knee and the caps of a mode from its cells (any order; the
 * method is described above), of those at read share `share` only unless
 * it is SUMMARY_NO_SHARE.  Only finished cells with IOPS above 0 count;
 * noisy and stalled ones are left out and counted in k->nleft_out.
 */
void
analysis_caps_knee(const struct cell_result *cells, unsigned ncells, enum rw_mode mode,
    int share, struct knee *k)
{
	struct curve c = { .p = xcalloc(ncells ? ncells : 1, sizeof *c.p) };

	memset(k, 0, sizeof *k);
	k->kind = KNEE_TOO_FEW;
	c.n = analysis_curve_points(cells, ncells, mode, share, c.p, k);
	caps_peaks(k, c.p, c.n);
	if (c.n >= KNEE_POINTS_MIN && c.n <= CURVE_POINTS_MAX &&
	    k->bs_max >= KNEE_SPAN_MIN * k->bs_min) {
		analysis_curve_fit(&c);
		caps_read(&c, k);
		analysis_curve_free(&c);
	} else {
		k->side_iops = k->peak_iops;
		k->side_iops_bs = k->peak_iops_bs;
		k->side_bw = k->peak_bw;
		k->side_bw_bs = k->peak_bw_bs;
	}
	free(c.p);
}

/*
 * The knee as it is stated everywhere (the report's sentence, the
 * workbook, the charts, run --auto's findings): B / I rounded to two
 * significant digits of its unit ("43 KiB", "1.5 MiB"), or the measured
 * size it is within 3% of, in bytes; 0 when no knee is stated.
 */
uint64_t
analysis_caps_knee_size(const struct knee *k)
{
	double v = k->knee_bs, unit = 1, mag;

	if (!(v >= 1) || !k->iops_plateau || !k->bw_plateau)
		return 0;
	if (k->knee_lo_bs > 0 && k->knee_lo_bs == k->knee_hi_bs)
		return k->knee_lo_bs;
	while (v / unit >= 1024 && unit < 1099511627776.0)
		unit *= 1024;
	mag = pow(10, floor(log10(v / unit)) - 1);
	return (uint64_t)llround(round(v / unit / mag) * mag * unit);
}
