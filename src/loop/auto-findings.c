/*
 * sweep run --auto, what a run found: per mode, the caps and the knee, the
 * saturating depth at the depth search's sizes and the QD1 latency, how
 * sure each is and what the budget left open, as figures and states
 * (results.json's "auto"); view-findings.c words them for report.md's
 * "How this was measured" and the terminal.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "base/util.h"
#include "loop/auto-plan.h"
#include "loop/auto.h"
#include "results/results.h"
#include "view/view.h"

/* One side's cap, when its side is a plateau. */
static void
auto_cap_record(struct auto_cap *c, bool plateau, double cap, double lo, double hi, unsigned n,
    uint64_t bs_lo, uint64_t bs_hi)
{
	if (!plateau || !(cap > 0))
		return;
	c->stated = true;
	c->settled = auto_cap_ok(cap, lo, hi, n);
	c->value = cap;
	c->lo = lo;
	c->hi = hi;
	c->nbs = n;
	c->bs_lo = bs_lo;
	c->bs_hi = bs_hi;
}

/* The caps and the knee of a mode. */
static void
auto_knee_record(struct results *res, struct auto_mode_record *m)
{
	struct knee k;

	analysis_caps_knee(res->cells, res->plan.ncells, m->mode, SUMMARY_NO_SHARE, &k);
	auto_cap_record(&m->iops, k.iops_plateau, k.iops_cap, k.iops_lo, k.iops_hi,
	    k.iops_npoints, k.iops_bs_lo, k.iops_bs_hi);
	auto_cap_record(&m->bw, k.bw_plateau, k.bw_cap, k.bw_lo, k.bw_hi, k.bw_npoints,
	    k.bw_bs_lo, k.bw_bs_hi);
	/* A side without a plateau: the report's sentence says what its cells show. */
	if ((k.kind != KNEE_TOO_FEW && k.kind != KNEE_BW_BOUND && !k.iops_plateau) ||
	    (k.kind != KNEE_TOO_FEW && k.kind != KNEE_IOPS_BOUND && !k.bw_plateau))
		m->knee = AUTO_KNEE_UNSETTLED;
	else if (k.kind == KNEE_FOUND) {
		m->knee = AUTO_KNEE_FOUND;
		m->knee_bs = analysis_caps_knee_size(&k);
		m->knee_lo_bs = k.knee_lo_bs;
		m->knee_hi_bs = k.knee_hi_bs;
	} else if (k.kind == KNEE_IOPS_BOUND) {
		m->knee = AUTO_KNEE_IOPS_BOUND;
		m->bound_bs = k.bs_max;
	} else if (k.kind == KNEE_BW_BOUND) {
		m->knee = AUTO_KNEE_BW_BOUND;
		m->bound_bs = k.bs_min;
	} else
		m->knee = AUTO_KNEE_UNSETTLED;
}

/* A cell of the depth search at bs that its verdict leaves out (the shallowest), or -1. */
static int
auto_depth_left_out(const struct autoplan *ap, const struct results *res, enum rw_mode mode,
    uint64_t bs)
{
	unsigned d;
	int i;

	for (d = 1;; d = 2 * d < ap->depth_max ? 2 * d : ap->depth_max) {
		if ((i = auto_find(res, mode, bs, d, ap->jobs)) >= 0 && !auto_clean(res, i))
			return i;
		if (d >= ap->depth_max)
			return -1;
	}
}

/* The depth search at bs: where IOPS saturate, or why that is not known. */
static void
auto_depth_record(const struct autoplan *ap, struct results *res, enum rw_mode mode,
    const struct knee *k, struct auto_depth *d)
{
	unsigned sat, to, next;
	double gain;
	char why[96];
	int q;

	if (ap->depth_max == 1) {
		d->state = AUTO_DEPTH_QD1_ONLY;
		return;
	}
	next = auto_depth_step(ap, res, mode, d->bs, k, &sat, &gain, &to, why, sizeof why);
	if (next != 0) {
		d->state = AUTO_DEPTH_OPEN;
		d->next_qd = next;
		d->from_qd = to;
	} else if (sat > 0 && to == 0) {
		d->state = AUTO_DEPTH_ON_CAP;
		d->on_iops = d->bs <= k->iops_bs_hi && k->iops_plateau;
	} else if (sat > 0) {
		d->state = AUTO_DEPTH_SATURATED;
		d->qd = sat;
		d->next_qd = to;
		d->gain_pct = gain * 100;
	} else if ((q = auto_find(res, mode, d->bs, 1, ap->jobs)) < 0 || auto_iops(res, q) <= 0)
		d->state = AUTO_DEPTH_NO_QD1;
	else if ((q = auto_depth_left_out(ap, res, mode, d->bs)) >= 0) {
		d->state = AUTO_DEPTH_UNSTEADY;
		d->qd = res->cells[q].cell.depth;
		d->stalled = res->cells[q].stability.verdict == STABILITY_STALLED;
		d->runs = res->cells[q].nattempts ? res->cells[q].nattempts : 1;
	} else {
		d->state = AUTO_DEPTH_NOT_REACHED;
		d->qd = ap->depth_max;
		d->gain_pct = gain * 100;
	}
}

/* The saturating depth at the two sizes of the depth search, the QD1 latency, what is open. */
static void
auto_depth_records(const struct autoplan *ap, struct results *res, struct auto_mode_record *m)
{
	struct knee k;
	uint64_t sizes[2];
	unsigned i;
	int q;

	analysis_caps_knee(res->cells, res->plan.ncells, m->mode, SUMMARY_NO_SHARE, &k);
	auto_ends(ap, &sizes[0], &sizes[1]);
	for (i = 0; i < 2; i++) {
		if (!auto_fits(ap, sizes[i]) || (i == 1 && sizes[1] == sizes[0]))
			continue;
		m->depth[m->ndepth].bs = sizes[i];
		auto_depth_record(ap, res, m->mode, &k, &m->depth[m->ndepth++]);
	}
	m->qd1_bs = ap->qd1_bs;
	if ((q = auto_find(res, m->mode, ap->qd1_bs, 1, ap->jobs)) >= 0 &&
	    results_cell_has_figures(&res->cells[q])) {
		m->qd1_measured = true;
		m->qd1_p50_ns = res->cells[q].lat_pct_ns[0];
		m->qd1_p99_ns = res->cells[q].lat_pct_ns[2];
		m->qd1_iops = res->cells[q].iops;
	}
	if (ap->open_set[ap->cur]) {
		m->open = true;
		m->open_bs = ap->open[ap->cur].bs;
		m->open_depth = ap->open[ap->cur].depth;
		str_copy(m->open_reason, sizeof m->open_reason, ap->open[ap->cur].why);
	}
}

/* What the run found, how sure, and what the budget left open: into res, and printed to f. */
void
autoplan_finish(struct autoplan *ap, struct results *res, FILE *f)
{
	struct autoplan_record *a = &res->autoplan;
	unsigned m, i, n, ncells = res->plan.ncells, nsearch;
	char **lines;

	/* The findings are the search's cells': the rate cells after them are held to a rate. */
	nsearch = ap->rates_added ? ap->nsearch : ncells;
	res->plan.ncells = nsearch;
	results_auto_free(a);
	memset(a, 0, sizeof *a);
	a->on = true;
	a->budget_s = ap->fixed ? 0 : (unsigned)(ap->budget_ns / NSEC_PER_SEC);
	a->elapsed_s = (unsigned)(((ap->rates_added ? ap->search_end_ns : now_ns()) -
	    ap->start_ns + NSEC_PER_SEC / 2) / NSEC_PER_SEC);
	a->target_pct = AUTO_TARGET_PCT;
	a->depth_gain_pct = AUTO_DEPTH_GAIN_PCT;
	str_copy(a->like, sizeof a->like, ap->like);
	for (m = 0; m < ap->nmodes; m++) {
		ap->cur = m;
		a->modes[a->nmodes].mode = ap->modes[m];
		auto_knee_record(res, &a->modes[a->nmodes]);
		auto_depth_records(ap, res, &a->modes[a->nmodes++]);
	}
	res->plan.ncells = ncells;
	if (ap->fixed)
		fprintf(f, "Auto: %u cells of %s in %u s\n", res->plan.ncells, ap->like, a->elapsed_s);
	else
		fprintf(f, "Auto: %u cells in %u s of a %u s budget", nsearch, a->elapsed_s,
		    a->budget_s);
	if (!ap->fixed && ncells > nsearch)
		fprintf(f, ", then %u open-loop cells (--rate)", ncells - nsearch);
	if (!ap->fixed)
		fprintf(f, "\n");
	lines = view_auto_findings(res, &n);
	for (i = 0; i < n; i++)
		fprintf(f, "  %s\n", lines[i]);
	view_lines_free(lines, n);
	fflush(f);
}
