/*
 * The diagnosis under the bottom line: from what was measured, the likely
 * reason a volume sits where it does, a line each with its figures:
 *
 * - the queue depth the cap needs by Little's law (depth = IOPS x latency,
 *   the latency QD1's mean at 4 KiB), when QD1 gets well below the cap;
 * - below both caps at every depth and block size, and flat: a throttle
 *   upstream of the volume (the instance's own EBS or disk limit);
 * - BW checks that failed because the device moved more bytes than sweep
 *   asked, on many cells: other I/O on the device;
 * - not steady at the cap: a burst bucket running out (analysis-burst.c's
 *   cliff) or, without one, a throttle's signature.
 *
 * Every figure is the summary's or a cell's own: the caps the verdict used
 * (view-verdict.c), the knee's plateaus without an expectation.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "view/view.h"

/* QD1 at this share of the cap or more needs no depth line. */
#define DIAG_QD1_ENOUGH		0.90
/* Deeper queues did better than QD1 when their best is this many times its IOPS. */
#define DIAG_DEEPER_GAIN	1.25
/* A cell "at the cap": within this share of it. */
#define DIAG_AT_CAP		0.90
/* Below the cap at every depth and size: the best cell under this share of it. */
#define DIAG_BELOW		0.90
/* Many BW checks: this many cells at least, or this share of the cells with figures. */
#define DIAG_MISMATCH_MIN	3
#define DIAG_MISMATCH_SHARE	0.25

/* Add a line to the diagnosis (taken: caller's buffer freed by the card). */
static void
diag_add(struct view_card *c, char *line)
{
	if (c->ndiag < VIEW_DIAG_MAX)
		c->diag[c->ndiag++] = line;
	else
		free(line);
}

/*
 * The IOPS cap of workload sm and what it is ("provisioned", "burst": a
 * level within the burst is held to the burst; "measured": the knee's
 * plateau without an expectation); 0 none.
 */
static double
diag_iops_cap(const struct results *res, const struct summary_mode *sm, const char **what)
{
	const struct expect_figure *f = &sm->spec.iops;

	if (res->expect.set && sm->spec.has_iops && f->cap > 0 && !(f->floor > 0)) {
		*what = f->verdict == EXPECT_IN_BURST && f->burst > f->cap ? "burst" : "provisioned";
		return f->verdict == EXPECT_IN_BURST && f->burst > f->cap ? f->burst : f->cap;
	}
	*what = "measured";
	return sm->knee.iops_plateau ? sm->knee.iops_cap : 0;
}

/* The deepest queue depth workload m ran. */
static unsigned
diag_max_depth(const struct results *res, const struct summary *sum, unsigned m)
{
	unsigned i, d = 0;

	for (i = 0; i < res->plan.ncells; i++)
		if (sum->cell_wl[i] == m && results_cell_has_figures(&res->cells[i]) &&
		    res->cells[i].cell.depth > d)
			d = res->cells[i].cell.depth;
	return d;
}

/*
 * Little's law: "randread: 3,000 IOPS at 2.9 ms needs QD 9 (Little's law,
 * with QD1's mean latency at 4 KiB); QD1 gets 342 IOPS (11% of the cap)".
 */
static void
diag_depth(const struct results *res, const struct summary *sum, unsigned m, struct view_card *c)
{
	const struct summary_mode *sm = &sum->modes[m];
	const struct cell_result *r;
	char a[32], b[32], lat[32], p[32], *line;
	double cap, lat_s, need;
	const char *what;
	unsigned deepest;

	/* Above the cap the cap explains nothing: a cache, a burst, or a profile that does not fit. */
	if (sm->qd1_4k < 0 || !((cap = diag_iops_cap(res, sm, &what)) > 0) ||
	    (res->expect.set && (sm->spec.iops.verdict == EXPECT_ABOVE_CAP ||
	    sm->spec.iops.verdict == EXPECT_ABOVE_RANGE)))
		return;
	r = &res->cells[sm->qd1_4k];
	if (!(r->iops > 0) || r->iops >= DIAG_QD1_ENOUGH * cap)
		return;
	lat_s = r->lat_mean_ns > 0 ? r->lat_mean_ns / 1e9 : 1 / r->iops;
	need = ceil(cap * lat_s - 1e-9);
	deepest = diag_max_depth(res, sum, m);
	/* Depth is a reason only when deeper did better, or the run never went deep enough. */
	if (!(deepest < need) && !(sm->peak_iops >= 0 &&
	    res->cells[sm->peak_iops].iops > DIAG_DEEPER_GAIN * r->iops))
		return;
	line = xasprintf("%s: %s IOPS at %s needs QD %.0f (Little's law: depth = IOPS x latency, "
	    "with QD1's mean latency at 4 KiB); QD1 gets %s IOPS (%s of the %s cap)", sm->name,
	    view_num(cap, 0, a, sizeof a), view_card_lat(lat_s * 1e6, lat, sizeof lat), need,
	    view_num(r->iops, 0, b, sizeof b), view_pct(r->iops / cap * 100, false, p, sizeof p),
	    what);
	if (deepest < need) {
		char *more = xasprintf("%s; the run went no deeper than QD%u", line, deepest);

		free(line);
		line = more;
	}
	diag_add(c, line);
}

/* One figure's part of the upstream line: "best 412 IOPS, 14% of 3,000"; false: not below. */
static bool
diag_below_part(char *buf, size_t len, const struct expect_figure *f, double best, bool bw)
{
	char a[32], b[32], p[32];
	double div = bw ? MIB : 1;

	if (!(f->cap > 0) || f->floor > 0)
		return true;	/* no cap of this kind: nothing to be below */
	if (!(best < DIAG_BELOW * f->cap))
		return false;
	str_catf(buf, len, "%sbest %s %s, %s of %s", buf[0] != '\0' ? "; " : "",
	    view_num(best / div, bw ? 1 : 0, a, sizeof a), bw ? "MiB/s" : "IOPS",
	    view_pct(best / f->cap * 100, false, p, sizeof p), view_num(f->cap / div, 0, b, sizeof b));
	return true;
}

/*
 * Below both caps at every depth and size, and flat: "randread: below the
 * caps at every depth and block size (best 412 IOPS, 14% of 3,000; ...)
 * and level: throttled upstream of the volume: ...".
 */
static void
diag_upstream(const struct results *res, const struct summary *sum, unsigned m,
    struct view_card *c)
{
	const struct summary_mode *sm = &sum->modes[m];
	const struct expect_mode *x = &sm->spec;
	char parts[256] = "";

	if (!res->expect.set || x->verdict != EXPECT_BELOW || sm->peak_iops < 0 ||
	    !(sm->knee.iops_plateau || sm->knee.bw_plateau))
		return;
	if (x->has_iops && !diag_below_part(parts, sizeof parts, &x->iops,
	    res->cells[sm->peak_iops].iops, false))
		return;
	if (x->has_bw && sm->peak_bw >= 0 && !diag_below_part(parts, sizeof parts, &x->bw,
	    res->cells[sm->peak_bw].bw_bytes_s, true))
		return;
	if (parts[0] == '\0')
		return;
	diag_add(c, xasprintf("%s: below the cap at every depth and block size (%s), and level: "
	    "throttled upstream of the volume: check the instance's own EBS/disk limit", sm->name,
	    parts));
}

/* Many cells whose device moved more bytes than sweep asked: other I/O on the device. */
static void
diag_other_io(const struct results *res, const struct summary *sum, struct view_card *c)
{
	unsigned i, n = 0;

	for (i = 0; i < sum->nmismatch; i++) {
		const struct bw_check *k = &res->cells[sum->mismatch[i]].check;

		n += k->device > 0 && k->diff_device > BW_CHECK_DEVICE_TOL;
	}
	if (n == 0 || (n < DIAG_MISMATCH_MIN && n < DIAG_MISMATCH_SHARE * sum->ndone))
		return;
	diag_add(c, xasprintf("other I/O on the device (%u of %u cells moved more bytes than "
	    "sweep asked, marked %s): run on an idle device, or read those cells' figures as "
	    "shared", n, sum->ndone, REPORT_MISMATCH_MARK));
}

/*
 * Not steady at the cap: a burst bucket running out (a cliff in a cell's
 * series), else cells at the cap that are noisy or stalled: a throttle's
 * signature.
 */
static void
diag_unsteady(const struct results *res, const struct summary *sum, unsigned m,
    struct view_card *c)
{
	const struct summary_mode *sm = &sum->modes[m];
	unsigned i, at = 0, bad = 0, cliffs = 0, first = 0;
	double cap, before = 0, after = 0;
	const char *what;
	char a[32], b[32];

	cap = diag_iops_cap(res, sm, &what);
	for (i = 0; i < res->plan.ncells; i++) {
		const struct cell_result *r = &res->cells[i];

		if (sum->cell_wl[i] != m || !results_cell_has_figures(r))
			continue;
		if (sum->burst != NULL && sum->burst[i].kind == BURST_CLIFF) {
			cliffs++;
			before = fmax(before, sum->burst[i].before_iops);
			after = after > 0 ? fmin(after, sum->burst[i].after_iops) :
			    sum->burst[i].after_iops;
			first = cliffs == 1 || sum->burst[i].at_s < first ? sum->burst[i].at_s : first;
			continue;
		}
		if (!(cap > 0) || !(r->iops >= DIAG_AT_CAP * cap))
			continue;
		at++;
		bad += r->stability.verdict == STABILITY_NOISY ||
		    r->stability.verdict == STABILITY_STALLED;
	}
	if (cliffs > 0)
		diag_add(c, xasprintf("%s: a burst bucket running out: %u cell%s fell from ~%s to "
		    "~%s IOPS, the first after %u s: the baseline, not the burst, is what lasts",
		    sm->name, cliffs, cliffs == 1 ? "" : "s", view_approx(before, a, sizeof a),
		    view_approx(after, b, sizeof b), first));
	else if (bad > 0)
		diag_add(c, xasprintf("%s: not steady at the cap (%u of %u cells at it noisy or "
		    "stalled): a throttle's signature, I/Os held back in bursts until the "
		    "throttle's tokens refill (see the per-second chart)", sm->name, bad, at));
}

/* The diagnosis of res into c's lines. */
void
view_diagnosis(const struct results *res, const struct summary *sum, struct view_card *c)
{
	unsigned m;

	for (m = 0; m < sum->nmodes; m++) {
		if (sum->modes[m].ncells == 0)
			continue;
		diag_depth(res, sum, m, c);
		diag_upstream(res, sum, m, c);
		diag_unsteady(res, sum, m, c);
	}
	diag_other_io(res, sum, c);
}
