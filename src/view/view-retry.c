/*
 * What --retry-unstable and --rounds-until-steady did, in words, built once
 * (view_retry_build) for report.md, report.html and report.xlsx alike: the
 * cells run again, which attempt their figures are and why, and whether
 * (and at which round) the rounds reached steady state.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "view/view.h"

/* Each re-run cell: "randread 4K QD1" and its attempts' note. */
static void
retry_cells(struct view_retry *v, const struct results *res, const struct summary *sum)
{
	unsigned i, k = 0;
	char note[1024], bs[32];

	v->cells = xcalloc(v->ncells ? v->ncells : 1, sizeof *v->cells);
	for (i = 0; i < res->plan.ncells && k < v->ncells; i++) {
		const struct cell_result *r = &res->cells[i];

		if (r->nattempts == 0)
			continue;
		if (r->cell.jobs > 1)
			v->cells[k].name = xasprintf("%s %s QD%u x%u jobs",
			    view_summary_wl_name(sum, &r->cell),
			    view_size_label(r->cell.bs, bs, sizeof bs), r->cell.depth, r->cell.jobs);
		else
			v->cells[k].name = xasprintf("%s %s QD%u", view_summary_wl_name(sum, &r->cell),
			    view_size_label(r->cell.bs, bs, sizeof bs), r->cell.depth);
		results_attempt_note(r, note, sizeof note);
		v->cells[k].note = xstrdup(note);
		v->cells[k++].cell = (int)i;
	}
	v->ncells = k;
}

/*
 * --retry-unstable: how many cells ran again, under which rule, how many
 * are steady now, and each cell's attempts; or that none had to.
 */
static void
retry_build(struct view_retry *v, const struct results *res, const struct summary *sum)
{
	unsigned i, n = 0, steady = 0, suspect = 0, most = 0, max = res->plan.retry_unstable;
	char rule[160];

	for (i = 0; i < res->plan.ncells; i++) {
		if (res->cells[i].nattempts > 0) {
			n++;
			steady += res->cells[i].stability.verdict == STABILITY_STEADY;
			if (res->cells[i].nattempts - 1 > most)
				most = res->cells[i].nattempts - 1;
		}
		suspect += results_stability_suspect(&res->cells[i].stability);
	}
	if (n == 0 && suspect == 0 && max > 0)
		v->none = xasprintf("Retries (--retry-unstable %u): no cell ended stalled or noisy, "
		    "so none ran again.", max);
	if (n == 0)
		return;
	/* A resume with a lower --retry-unstable keeps the re-runs made before it. */
	if (most > max)
		snprintf(rule, sizeof rule, "up to %u re-run%s until an attempt is steady, under "
		    "an earlier --retry-unstable; a resume lowered it to %u", most,
		    most == 1 ? "" : "s", max);
	else
		snprintf(rule, sizeof rule, "--retry-unstable %u: up to %u re-run%s, until an "
		    "attempt is steady", max, max, max == 1 ? "" : "s");
	v->text = xasprintf("%u cell%s stalled or noisy and ran again (%s); %u of them %s steady "
	    "now. A cell's figures are its first steady attempt's, or when none is, its least "
	    "unstable attempt's (noisy before stalled, then the lowest CV); results.json keeps "
	    "every attempt.", n, n == 1 ? " was" : "s were", rule, steady,
	    steady == 1 ? "is" : "are");
	v->unsteady = steady < n;
	v->ncells = n;
	retry_cells(v, res, sum);
}

/* --rounds-until-steady: whether, at which round and over which window. */
static void
rounds_build(struct view_rounds_verdict *v, const struct results *res)
{
	const unsigned w = SWEEP_STEADY_WINDOW_ROUNDS;
	struct rounds_steady st;
	unsigned most = 0, at;
	char *what;

	if (!res->plan.until_steady)
		return;
	at = analysis_rounds_reached(res, &most, &st);
	v->on = true;
	v->reached = at > 0;
	if (at > 0)
		what = xasprintf("Steady state (SNIA PTS) reached at round %u of at most %u: over the "
		    "window of rounds %u-%u each tracking cell's IOPS stayed within %.0f%% of their "
		    "mean (max - min) and their least-squares line moved less than %.0f%% of it.",
		    at, plan_repeat(&res->plan), at - w + 1, at, SWEEP_STEADY_EXCURSION * 100,
		    SWEEP_STEADY_SLOPE * 100);
	else if (st.last > 0)
		what = xasprintf("Steady state (SNIA PTS) not reached in %u rounds (at most %u): no "
		    "window of %u rounds kept every tracking cell's IOPS within %.0f%% of their mean "
		    "with a slope under %.0f%%; the last window, rounds %u-%u, is below.", most,
		    plan_repeat(&res->plan), w, SWEEP_STEADY_EXCURSION * 100,
		    SWEEP_STEADY_SLOPE * 100, st.last - w + 1, st.last);
	else
		what = xasprintf("Steady state (SNIA PTS) not judged: %u round%s ran, the test needs "
		    "%u.", most, most == 1 ? "" : "s", w);
	v->text = xasprintf("%s The tracking cells are each mode's (each read share's) smallest "
	    "block size that ran at its highest depth; each round's figure is that round's own "
	    "IOPS.", what);
	free(what);
}

/* The retries and the rounds of res; the caller frees them with view_retry_free(). */
void
view_retry_build(struct view_retry *v, struct view_rounds_verdict *r, const struct results *res,
    const struct summary *sum)
{
	memset(v, 0, sizeof *v);
	memset(r, 0, sizeof *r);
	retry_build(v, res, sum);
	rounds_build(r, res);
}

/* Free what view_retry_build() made. */
void
view_retry_free(struct view_retry *v, struct view_rounds_verdict *r)
{
	unsigned i;

	for (i = 0; i < v->ncells; i++) {
		free(v->cells[i].name);
		free(v->cells[i].note);
	}
	free(v->cells);
	free(v->none);
	free(v->text);
	free(r->text);
	memset(v, 0, sizeof *v);
	memset(r, 0, sizeof *r);
}
