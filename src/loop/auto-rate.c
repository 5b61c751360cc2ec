/*
 * sweep run --auto --rate LIST: once the search has ended (every mode
 * done, or the budget spent), each mode's open-loop cells, one per rate,
 * at the cell where --auto found the IOPS cap (its mode, bs, depth and
 * jobs: the depth is the most in flight).  A percent is of that cap's
 * IOPS (analysis_caps_knee's level, as results.json's "auto" states
 * it), set here, so the loop runs the cell at it; an IOPS rate is taken
 * as it is, at the cap's cell, or at the mode's best cell where no cap
 * was found.  A percent of a cap not found, or a mode with no cell that
 * has figures, is recorded as a skipped cell with the reason.  They run
 * after the search, beyond --budget, which is the search's.  With --like
 * (the closed-loop cells of an earlier run measured again) none is added.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "analysis/analysis.h"
#include "base/util.h"
#include "loop/auto-plan.h"
#include "loop/auto.h"
#include "plan/plan.h"
#include "results/results.h"

/*
 * The mode's clean cell of the most IOPS among the search's first n, of
 * block sizes and IOPS within k's IOPS plateau (k NULL: any; a tie: the
 * deeper); -1 none.
 */
static int
auto_rate_cell(const struct results *res, unsigned n, enum rw_mode mode, const struct knee *k)
{
	int best = -1;
	unsigned i;

	for (i = 0; i < n; i++) {
		const struct cell *c = &res->cells[i].cell;

		if (c->mode != mode || plan_cell_open(c) || !auto_clean(res, (int)i))
			continue;
		if (k != NULL && (c->bs < k->iops_bs_lo || c->bs > k->iops_bs_hi ||
		    res->cells[i].iops < k->iops_lo || res->cells[i].iops > k->iops_hi))
			continue;
		if (best < 0 || res->cells[i].iops > res->cells[best].iops ||
		    (res->cells[i].iops == res->cells[best].iops &&
		    c->depth > res->cells[best].cell.depth))
			best = (int)i;
	}
	return best;
}

/* Append rate r's cell for a mode: at cell at (NULL: none has figures), of cap IOPS (0 none). */
static void
auto_rate_append(struct plan *p, struct results *res, const struct autoplan *ap,
    enum rw_mode mode, const struct cell *at, double cap, const struct cell *r)
{
	struct cell c = { .mode = mode, .bs = ap->qd1_bs, .depth = 1, .jobs = ap->jobs };
	unsigned n = res->plan.ncells;
	char rate[32];

	if (at != NULL)
		c = *at;
	c.rate_pct = r->rate_pct;
	c.rate_iops = r->rate_pct > 0 ? cap * r->rate_pct / 100 : r->rate_iops;
	c.arrivals = r->arrivals;
	plan_cell_rate_text(&c, rate, sizeof rate);
	if (r->rate_pct > 0)
		snprintf(c.why, sizeof c.why, "rate %g%% of the IOPS cap (%.0f IOPS)", r->rate_pct,
		    cap);
	else
		snprintf(c.why, sizeof c.why, "rate %s at the %s", rate, cap > 0 ? "IOPS cap's cell" :
		    "best cell (no IOPS cap)");
	auto_append(p, res, &c);
	if (at != NULL && (r->rate_pct == 0 || cap > 0)) {
		printf("auto: %s bs %s depth %u: %s\n", mode_name(mode), size_short(c.bs, rate,
		    sizeof rate), c.depth, c.why);
		return;
	}
	res->cells[n].status = CELL_SKIPPED;
	res->ndone++;
	snprintf(res->cells[n].status_reason, sizeof res->cells[n].status_reason,
	    "no rate to issue at: %s, and --auto %s", rate, at == NULL ?
	    "measured no cell of the mode with figures" : "found no IOPS cap for the mode");
	printf("auto: %s %s: skipped: %s\n", mode_name(mode), rate, res->cells[n].status_reason);
}

/*
 * Once the search has ended (autoplan_extend gave none): each mode's rate
 * cells (--rate), appended to p and res; true when there are any to run, false when there are none
 * or they were added already.  p's cells run at --auto's runtime.
 */
bool
autoplan_rates_add(struct autoplan *ap, struct plan *p, struct results *res)
{
	unsigned m, k, n = res->plan.ncells;
	struct knee kn;
	int at;

	if (ap->nrates == 0 || ap->rates_added || ap->fixed)
		return false;
	ap->rates_added = true;
	ap->nsearch = n;
	ap->search_end_ns = now_ns();
	p->runtime_s = ap->runtime_s;
	for (m = 0; m < ap->nmodes; m++) {
		double cap = 0;

		analysis_caps_knee(res->cells, n, ap->modes[m], SUMMARY_NO_SHARE, &kn);
		at = -1;
		if (kn.iops_plateau && kn.iops_cap > 0 &&
		    (at = auto_rate_cell(res, n, ap->modes[m], &kn)) >= 0)
			cap = kn.iops_cap;
		if (at < 0)
			at = auto_rate_cell(res, n, ap->modes[m], NULL);
		for (k = 0; k < ap->nrates; k++)
			auto_rate_append(p, res, ap, ap->modes[m], at >= 0 ? &res->cells[at].cell :
			    NULL, cap, &ap->rates[k]);
	}
	return res->ndone < res->plan.ncells;
}

/* The plan's line on the rate cells, if --rate was given. */
void
autoplan_rates_print(FILE *f, const struct autoplan *ap)
{
	char list[256] = "", rate[32];
	unsigned k;

	if (ap->nrates == 0 || ap->fixed)
		return;
	for (k = 0; k < ap->nrates; k++) {
		if (ap->rates[k].rate_pct > 0)
			snprintf(rate, sizeof rate, "%g%%", ap->rates[k].rate_pct);
		else
			snprintf(rate, sizeof rate, "%.0f", ap->rates[k].rate_iops);
		snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", k ? "," : "", rate);
	}
	fprintf(f, "Then, beyond the budget: %u open-loop cells per mode (--rate %s, I/Os due %s), "
	    "each at the cell where the IOPS cap was found (its bs and depth, the most in flight); "
	    "a percent is of that cap's IOPS, and is skipped where no IOPS cap was found; each "
	    "%u s ramp + at most %u s measured\n", ap->nrates, list,
	    ap->rates[0].arrivals == RATE_POISSON ? "as a Poisson process" : "at even intervals",
	    ap->ramp_s, ap->runtime_s);
}
