/*
 * The statistics of --repeat's rounds: the spread of a cell's figures over
 * its rounds with the median's confidence interval, and the SNIA PTS
 * steady-state test of --rounds-until-steady.  results.c stores the rounds
 * and picks the one a cell shows.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "base/util.h"
#include "plan/plan.h"

/* A round's figure of a kind, in its unit (IOPS, bytes/s, ns). */
static double
round_figure(const struct cell_result *r, enum round_figure f)
{
	switch (f) {
	case ROUND_IOPS:
		return r->iops;
	case ROUND_BW:
		return r->bw_bytes_s;
	case ROUND_P50:
		return (double)r->lat_pct_ns[0];
	case ROUND_P99:
		return (double)r->lat_pct_ns[2];
	case ROUND_P999:
		return (double)r->lat_pct_ns[3];
	default:
		return 0;
	}
}

static int
round_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* P(Binomial(n, 1/2) < j), summed in doubles (n is at most SWEEP_REPEAT_MAX). */
static double
round_binom_below(unsigned n, unsigned j)
{
	double c = 1, sum = 0;
	unsigned i;

	for (i = 0; i < j; i++) {
		sum += c;
		c = c * (n - i) / (i + 1);
	}
	return sum * pow(0.5, n);
}

/* The order statistic j (1-based, from each end) of the median's interval for n rounds. */
static unsigned
round_interval_rank(unsigned n)
{
	unsigned j = 1;

	while (j + 1 <= (n + 1) / 2 &&
	    1 - 2 * round_binom_below(n, j + 1) >= ROUND_LEVEL_PCT / 100)
		j++;
	return j;
}

/*
 * The coverage of the median's interval for n rounds, in percent: at least
 * ROUND_LEVEL_PCT from 6 rounds on; 75% for 3 rounds, 87.5% for 4, 93.75%
 * for 5, where the interval is the whole range of the rounds.
 */
double
analysis_rounds_level_pct(unsigned n)
{
	if (n < 2)
		return 0;
	return 100 * (1 - 2 * round_binom_below(n, round_interval_rank(n)));
}

/*
 * The spread of figure f over r's ok rounds (see struct round_spread).
 * false, with s->n the count, when fewer than 2 rounds are ok (a cell that
 * ran once, or whose other rounds failed).
 */
bool
analysis_rounds_spread(const struct cell_result *r, enum round_figure f, struct round_spread *s)
{
	double *v;
	unsigned k, n = 0, j;

	memset(s, 0, sizeof *s);
	if (r->nrounds < 2)
		return false;
	v = xcalloc(r->nrounds, sizeof *v);
	for (k = 0; k < r->nrounds; k++)
		if (r->rounds[k].status == CELL_OK)
			v[n++] = round_figure(&r->rounds[k], f);
	s->n = n;
	if (n < 2) {
		free(v);
		return false;
	}
	qsort(v, n, sizeof *v, round_cmp_double);
	j = round_interval_rank(n);
	s->median = v[(n - 1) / 2];
	s->min = v[0];
	s->max = v[n - 1];
	s->lo = v[j - 1];
	s->hi = v[n - j];
	s->level_pct = analysis_rounds_level_pct(n);
	free(v);
	return true;
}

/* The spread of each of r's figures over its rounds into r->round_spread. */
void
analysis_rounds_spread_all(struct cell_result *r)
{
	unsigned f;

	for (f = 0; f < ROUND_FIGURES; f++)
		analysis_rounds_spread(r, (enum round_figure)f, &r->round_spread[f]);
}

/*
 * The tracking cells of --rounds-until-steady: per mode (and a mixed mode
 * per read share, as the reports have them), its highest depth and at that
 * depth its smallest block size (the first such cell in plan order), modes
 * in their enum's order, shares in plan order.  A skipped cell (a block size
 * the target cannot take: 512 B on a 4Kn device) never has figures, so the
 * smallest block size that runs is tracked.  Returns how many, into cells
 * (SWEEP_TRACK_MAX at most).
 */
static unsigned
rounds_tracking(const struct results *res, unsigned *cells)
{
	const struct plan *p = &res->plan;
	unsigned m, i, k, n = 0;

	for (m = 0; m < MODE_COUNT; m++) {
		unsigned first = n;

		for (i = 0; i < p->ncells; i++) {
			const struct cell *c = &p->cells[i];
			bool mixed = mode_reads(c->mode) && mode_writes(c->mode);
			unsigned share = mixed ? plan_cell_rwmixread(p, c) : 100;

			if (c->mode != (enum rw_mode)m || res->cells[i].status == CELL_SKIPPED)
				continue;
			for (k = first; k < n && (mixed ? plan_cell_rwmixread(p, &p->cells[cells[k]]) :
			    100) != share; k++)
				;
			if (k == n) {
				if (n == SWEEP_TRACK_MAX)
					continue;
				cells[n++] = i;
			} else if (c->depth > p->cells[cells[k]].depth ||
			    (c->depth == p->cells[cells[k]].depth && c->bs < p->cells[cells[k]].bs))
				cells[k] = i;
		}
	}
	return n;
}

/*
 * The SNIA PTS steady-state test of res's rounds over the window that ends
 * at round last (1-based): for each tracking cell, its rounds' IOPS there
 * (each round's own), their excursion (max - min) and the move of their
 * least-squares line across the window, both over their mean.  true when
 * every tracking cell has all 5 rounds ok and within SWEEP_STEADY_EXCURSION
 * and SWEEP_STEADY_SLOPE.
 */
bool
analysis_rounds_steady(const struct results *res, unsigned last, struct rounds_steady *st)
{
	const unsigned w = SWEEP_STEADY_WINDOW_ROUNDS;
	unsigned cells[SWEEP_TRACK_MAX], t, k;

	memset(st, 0, sizeof *st);
	st->ntrack = rounds_tracking(res, cells);
	if (last < w || st->ntrack == 0)
		return false;
	st->last = last;
	st->reached = true;
	for (t = 0; t < st->ntrack; t++) {
		const struct cell_result *r = &res->cells[cells[t]];
		struct rounds_steady_track *tr = &st->track[t];
		double sx = 0, sy = 0, sxy = 0, sxx = 0, lo = INFINITY, hi = 0, slope;
		bool ok = r->nrounds >= last;

		tr->cell = cells[t];
		for (k = 0; ok && k < w; k++) {
			const struct cell_result *q = &r->rounds[last - w + k];
			double y = q->iops;

			ok = q->status == CELL_OK;
			sx += k;
			sy += y;
			sxy += k * y;
			sxx += (double)k * k;
			lo = fmin(lo, y);
			hi = fmax(hi, y);
		}
		if (!ok || sy <= 0) {
			st->reached = false;
			continue;
		}
		tr->mean = sy / w;
		slope = (w * sxy - sx * sy) / (w * sxx - sx * sx);
		tr->excursion = (hi - lo) / tr->mean;
		tr->slope = fabs(slope) * (w - 1) / tr->mean;
		tr->steady = tr->excursion <= SWEEP_STEADY_EXCURSION && tr->slope < SWEEP_STEADY_SLOPE;
		st->reached &= tr->steady;
	}
	return st->reached;
}

/*
 * The round at which --rounds-until-steady was reached (0: not), with the
 * most rounds any cell ran in *most and the window's figures in st (at the
 * last round when not reached).
 */
unsigned
analysis_rounds_reached(const struct results *res, unsigned *most, struct rounds_steady *st)
{
	unsigned i, k, at = 0;

	*most = 0;
	for (i = 0; i < res->plan.ncells; i++)
		if (res->cells[i].nrounds > *most)
			*most = res->cells[i].nrounds;
	for (k = SWEEP_STEADY_WINDOW_ROUNDS; k <= *most && at == 0; k++)
		if (analysis_rounds_steady(res, k, st))
			at = k;
	if (at == 0)
		analysis_rounds_steady(res, *most, st);
	return at;
}
