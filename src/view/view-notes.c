/*
 * The sentences every run's document and workbook says beside its tables,
 * built once (view_notes_build): the banners a report opens with (reads of
 * a region never written, cells not steady, the verdict), how the cells
 * ended (steady state), how steady they were, what burst detection found,
 * and the counts the renderers choose their words and colours by.  A
 * banner names where a format marks its figures, so it is built for each
 * (enum view_where); everything else is the same sentence in every format.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "view/view.h"

#define STABILITY_LIST_MAX	10	/* cells the banner names by verdict; the rest are counted */

/* Where each format marks a figure not steady, and where it says why. */
static const struct {
	const char	*unwritten;	/* where a read of a region never written is marked */
	const char	*marked;	/* where a figure not steady is marked */
	const char	*why;		/* where its verdict's reason is */
} view_where[VIEW_WHERES] = {
	[VIEW_WHERE_DOC] = { REPORT_UNWRITTEN_MARK " in the tables", REPORT_UNSTEADY_MARK,
	    "the Stability column of every cell's check" },
	[VIEW_WHERE_SHEET] = { "with a note on the figure sheets",
	    "yellow (and " REPORT_UNSTEADY_MARK " in a text)",
	    "the Stability column of the Cells and Checks sheets" },
};

/* "read 4K QD1, read 4K QD32": up to max of the n cells of list, then "and N more". */
static void
notes_cells(FILE *f, const struct results *res, const struct summary *sum, const unsigned *list,
    unsigned n, unsigned max)
{
	unsigned i;
	char a[96];

	for (i = 0; i < n && i < max; i++)
		fprintf(f, "%s%s", i > 0 ? ", " : "", view_summary_cell_name(sum,
		    &res->cells[list[i]], a, sizeof a));
	if (n > max)
		fprintf(f, " and %u more", n - max);
}

/*
 * The banner every report opens with when a cell is not steady: "1 of 60
 * cells is not steady (stalled: read 4K QD1); figures from it are marked
 * WHERE_MARKED, and WHERE_WHY says why. ...".  NULL when every cell is
 * steady or unknown.  Caller frees.
 */
static char *
notes_unsteady(const struct results *res, const struct summary *sum, const char *where_marked,
    const char *where_why)
{
	unsigned nst = sum->nverdict[STABILITY_STALLED], nno = sum->nverdict[STABILITY_NOISY];
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	if (sum->nunsteady == 0)
		return NULL;
	f = open_memstream(&buf, &len);
	fprintf(f, "%u of %u cells %s not steady (", sum->nunsteady, sum->ndone,
	    sum->nunsteady == 1 ? "is" : "are");
	if (nst > 0) {
		fputs("stalled: ", f);
		notes_cells(f, res, sum, sum->unsteady, nst, STABILITY_LIST_MAX);
	}
	if (nno > 0) {
		fputs(nst > 0 ? "; noisy: " : "noisy: ", f);
		notes_cells(f, res, sum, sum->unsteady + nst, nno, STABILITY_LIST_MAX);
	}
	fprintf(f, "); figures from %s are marked %s, and %s says why. Measure %s again before "
	    "trusting %s.", sum->nunsteady == 1 ? "it" : "them", where_marked, where_why,
	    sum->nunsteady == 1 ? "it" : "them", sum->nunsteady == 1 ? "its figures" :
	    "their figures");
	fclose(f);
	return buf;
}

/*
 * The cells' verdicts in one sentence, with the rules: "Stability: 48 of 60
 * cells steady, 8 noisy, 4 stalled ...".  Caller frees.
 */
static char *
notes_stability(const struct results *res, const struct summary *sum)
{
	const unsigned *v = sum->nverdict;
	char unknown[96] = "";
	unsigned i;

	if (v[STABILITY_UNKNOWN] == sum->ndone) {
		for (i = 0; i < res->plan.ncells; i++)
			if (results_cell_has_figures(&res->cells[i]))
				return xasprintf("Stability: not judged (%s), so stalls and noise cannot "
				    "be seen here.", res->cells[i].stability.reason);
		return xasprintf("Stability: no cell has figures to judge.");
	}
	if (v[STABILITY_UNKNOWN] > 0)
		snprintf(unknown, sizeof unknown, ", %u not judged (fewer than 2 whole seconds, or "
		    "no per-second series)", v[STABILITY_UNKNOWN]);
	return xasprintf("Stability (from each cell's per-second IOPS and latency): %u of %u cells "
	    "steady, %u noisy, %u stalled%s. Stalled: a second below 10%% of the cell's level, or an "
	    "I/O that waited a second or more; noisy: per-second IOPS that vary over 10%% (CV), a "
	    "significant trend over 10%% across the window, or an I/O that waited 100 ms or more "
	    "(over 20x p99.9).", v[STABILITY_STEADY], sum->ndone, v[STABILITY_NOISY],
	    v[STABILITY_STALLED], unknown);
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The sentence of how the cells ended, from the times (at) and spreads sorted.  Caller frees. */
static char *
notes_steady_text(const struct results *res, const double *at, unsigned nat, unsigned nok,
    const double *spread, unsigned nfull)
{
	const struct plan *p = &res->plan;
	char a[256] = "", per[48];

	if (nfull > 0)
		snprintf(a, sizeof a, " The last %u s of the cells that ran it all moved by "
		    "±%.1f%% (median; %.1f..%.1f%%)%s.", p->steady_window_s, spread[nfull / 2],
		    spread[0], spread[nfull - 1], p->steady_pct > 0 &&
		    spread[nfull / 2] > p->steady_pct ? ", more than the band: the volume's "
		    "per-second IOPS vary that much" : "");
	if (p->steady_rule[0] != '\0')
		return xasprintf("Steady state: fio's own criterion, %s (fio ends a job once its last "
		    "window holds it): attained by %u of %u cells; %s per cell.%s", p->steady_rule,
		    nat, nok, view_per_cell(res, per, sizeof per), a);
	if (p->steady_pct == 0 && !view_per_cell_own(res))
		return xasprintf("Steady state was off (--steady 0): every cell ran --runtime %u s.%s",
		    p->runtime_s, a);
	if (p->steady_pct == 0)
		return xasprintf("Steady state was off: the cells ran their own times, %s per cell.%s",
		    view_per_cell(res, per, sizeof per), a);
	if (!plan_steady(p))
		return xasprintf("Steady state (--steady %u) could not end a cell early: --runtime %u s "
		    "leaves no room for its test, which needs at least %u s and ends a cell on the "
		    "second after.%s", p->steady_pct, p->runtime_s, plan_steady_least(p), a);
	if (nat == 0)
		return xasprintf("Steady state (--steady %u: per-second IOPS over the last %u s within "
		    "%u%% with no trend): none of %u cells ended early; each ran --runtime %u s.%s",
		    p->steady_pct, p->steady_window_s, p->steady_pct, nok, p->runtime_s, a);
	return xasprintf("Steady state (--steady %u: per-second IOPS over the last %u s within "
	    "%u%% with no trend): %u of %u cells ended early, after %.0f s (median; %.0f..%.0f s) "
	    "of at most %u s.%s", p->steady_pct, p->steady_window_s, p->steady_pct, nat,
	    nok, at[nat / 2], at[0], at[nat - 1], p->runtime_s, a);
}

/*
 * How the cells' windows ended, as one paragraph: how many steady state
 * ended early and when, and for those that ran their full runtime how far
 * their last window spread against the band, which tells a noisy volume
 * (every cell spreads wider than the band) from a short runtime.  NULL for
 * imported figures (no runtime recorded).  Caller frees.
 */
static char *
notes_steady(const struct results *res)
{
	const struct plan *p = &res->plan;
	double *at, *spread;
	unsigned i, nat = 0, nfull = 0, nok = 0;
	char *s;

	if (p->runtime_s == 0 || p->ncells == 0)
		return NULL;
	at = xcalloc(p->ncells, sizeof *at);
	spread = xcalloc(p->ncells, sizeof *spread);
	for (i = 0; i < p->ncells; i++) {
		const struct cell_result *r = &res->cells[i];

		if (r->status != CELL_OK)
			continue;
		nok++;
		if (r->steady)
			at[nat++] = r->steady_at_s + 1;
		else if (r->steady_last.n > 0)
			spread[nfull++] = r->steady_last.spread_pct > r->steady_last.trend_pct ?
			    r->steady_last.spread_pct : r->steady_last.trend_pct;
	}
	qsort(at, nat, sizeof *at, cmp_double);
	qsort(spread, nfull, sizeof *spread, cmp_double);
	s = notes_steady_text(res, at, nat, nok, spread, nfull);
	free(at);
	free(spread);
	return s;
}

/*
 * Whether burst advice fits the run: its profile has a burst, or a mode ran
 * above its baseline within the burst.
 */
static bool
notes_burst_volume(const struct results *res, const struct summary *sum)
{
	const struct expect *e = &res->expect;
	unsigned m;

	if (e->set && (e->burst_iops > 0 || e->burst_bw_bytes_s > 0))
		return true;
	for (m = 0; m < sum->nmodes; m++)
		if (sum->modes[m].spec.iops.verdict == EXPECT_IN_BURST ||
		    sum->modes[m].spec.bw.verdict == EXPECT_IN_BURST)
			return true;
	return false;
}

/*
 * What burst detection found, as one paragraph: how many cells it could
 * judge, and why not the others; the advice to measure a burst only where
 * one was seen or the profile has one.  Caller frees.
 */
static char *
notes_burst(const struct results *res, const struct summary *sum)
{
	if (sum->longest_series_s == 0)
		return xasprintf("Burst detection: no cell has a per-second series (imported figures), "
		    "so a burst running out cannot be seen here.");
	if (sum->nburst_long == 0 && !notes_burst_volume(res, sum))
		return xasprintf("Burst detection: no cell ran long enough to see a burst run out "
		    "(longest series %u s; it needs %d s of steady start, drop and hold).",
		    sum->longest_series_s, BURST_MIN_SERIES_S);
	if (sum->nburst_long == 0)
		return xasprintf("Burst detection: no cell ran long enough to see a burst run out "
		    "(longest series %u s; it needs %d s of steady start, drop and hold). Steady state "
		    "(--steady, on by default) ends cells after a few seconds: characterize a burst "
		    "volume with --steady 0 --runtime 120 or longer.", sum->longest_series_s,
		    BURST_MIN_SERIES_S);
	if (sum->nburst == 0)
		return xasprintf("Burst detection: no cell's IOPS dropped by more than 30%% for more "
		    "than 10 s after a steady start (%u cell%s with a series of %d s or more).",
		    sum->nburst_long, sum->nburst_long == 1 ? "" : "s", BURST_MIN_SERIES_S);
	return xasprintf("Burst detection: %u cell%s dropped by more than 30%% after a steady start "
	    "and stayed down, as a volume does when its burst credits run out (the series charts mark "
	    "the drop):", sum->nburst, sum->nburst == 1 ? "" : "s");
}

/* The counts the renderers choose words and colours by. */
static void
notes_counts(struct view_counts *c, const struct results *res, const struct summary *sum)
{
	c->ndone = sum->ndone;
	c->nfailed = sum->nfailed;
	c->nskipped = sum->nskipped;
	c->nmismatch = sum->nmismatch;
	c->nunsteady = sum->nunsteady;
	c->nburst = sum->nburst;
	c->unchecked = view_check_counts(res, &c->checked, &c->pass);
	c->table = strcmp(res->plan.engine, "table") == 0;
	c->device = results_device_counted(res);
	c->caveats = view_caveats_all(res);
}

/* The run's notes and counts, for every writer; the caller frees them with view_notes_free(). */
void
view_notes_build(struct view_notes *n, const struct results *res, const struct summary *sum)
{
	unsigned w;

	memset(n, 0, sizeof *n);
	for (w = 0; w < VIEW_WHERES; w++) {
		n->unwritten[w] = view_unwritten_banner(res, view_where[w].unwritten);
		n->unsteady[w] = notes_unsteady(res, sum, view_where[w].marked, view_where[w].why);
	}
	n->verdict = view_verdict_bottom_line(res, sum);
	n->verdict_off = sum->verdict == EXPECT_BELOW || sum->verdict == EXPECT_ABOVE_CAP;
	n->below_advice = view_verdict_below_advice(sum);
	n->steady = notes_steady(res);
	n->stability = notes_stability(res, sum);
	n->burst = notes_burst(res, sum);
	notes_counts(&n->counts, res, sum);
}

/* Free what view_notes_build() made. */
void
view_notes_free(struct view_notes *n)
{
	unsigned w;

	for (w = 0; w < VIEW_WHERES; w++) {
		free(n->unwritten[w]);
		free(n->unsteady[w]);
	}
	free(n->verdict);
	free(n->steady);
	free(n->stability);
	free(n->burst);
	memset(n, 0, sizeof *n);
}
