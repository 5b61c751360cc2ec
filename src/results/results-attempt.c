/*
 * --retry-unstable N: a cell whose stability verdict (analysis-stability.c) is
 * stalled or noisy runs again, up to N more times, after the plan's last
 * cell (run --auto measures such a cell again too, and one other I/O
 * shared the device with).  The cell keeps every attempt and shows one of
 * them by a stated rule: the first steady attempt (no other I/O on the
 * device before with it); when none is steady, the least unstable
 * (unknown before noisy before stalled before failed, then the lowest CV of
 * the per-second IOPS, then the earliest).  The reports say which attempt
 * they show, and why (results_attempt_note).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "base/sweep.h"
#include "base/util.h"
#include "results/results.h"

/*
 * How bad an attempt is: 0 steady, 1 steady on a device other I/O shared
 * (results_cell_shared; only run --auto measures such a cell again), 2
 * unknown, 3 noisy, 4 stalled, 5 failed or skipped.
 */
static unsigned
attempt_rank(const struct cell_result *a)
{
	if (a->status != CELL_OK)
		return 5;
	switch (a->stability.verdict) {
	case STABILITY_STEADY:
		return results_cell_shared(a) ? 1 : 0;
	case STABILITY_NOISY:
		return 3;
	case STABILITY_STALLED:
		return 4;
	case STABILITY_UNKNOWN:
	default:
		return 2;
	}
}

/* The CV an attempt is compared by; unknown (< 0) sorts last. */
static double
attempt_cv(const struct cell_result *a)
{
	return a->stability.cv_pct >= 0 ? a->stability.cv_pct : 1e300;
}

/* Which of r's attempts it shows, by the rule above (0 when it has none). */
unsigned
results_attempt_choose(const struct cell_result *r)
{
	unsigned k, best = 0;

	for (k = 0; k < r->nattempts; k++) {
		const struct cell_result *a = &r->attempts[k], *b = &r->attempts[best];

		if (attempt_rank(a) == 0)
			return k;
		if (attempt_rank(a) < attempt_rank(b) ||
		    (attempt_rank(a) == attempt_rank(b) && attempt_cv(a) < attempt_cv(b)))
			best = k;
	}
	return best;
}

/* Why r shows the attempt it shows: the rule that chose it. */
const char *
results_attempt_rule(const struct cell_result *r)
{
	unsigned k;

	if (r->nattempts == 0)
		return "";
	for (k = 0; k < r->shown_attempt && attempt_rank(&r->attempts[r->shown_attempt]) == 0; k++)
		if (attempt_rank(&r->attempts[k]) == 1)
			return "first steady attempt that no other I/O shared the device with";
	if (attempt_rank(&r->attempts[r->shown_attempt]) == 0)
		return "first steady attempt";
	if (attempt_rank(&r->attempts[r->shown_attempt]) == 1)
		return "steady, with other I/O on the device in every steady attempt: the lowest CV";
	return "none steady: the least unstable (noisy before stalled, then the lowest CV)";
}

/*
 * Whether cell r runs again with at most `max` re-runs: it ran ok, once
 * (rounds are not retried), is stalled or noisy, and has had fewer re-runs.
 */
bool
results_attempt_wanted(const struct cell_result *r, unsigned max)
{
	unsigned done = r->nattempts > 0 ? r->nattempts - 1 : 0;

	return max > 0 && r->status == CELL_OK && r->nrounds == 0 &&
	    results_stability_suspect(&r->stability) && done < max;
}

/*
 * Store attempt a of cell i (a re-run): the cell keeps it (a is left empty)
 * and shows the attempt the rule chooses, copied over its own figures.  The
 * first re-run moves the cell's own first run into attempts[0].
 */
void
results_store_attempt(struct results *res, unsigned i, struct cell_result *a)
{
	struct cell_result *c = &res->cells[i], *shown, *list;
	unsigned n = c->nattempts, k;

	if (n == 0) {
		list = xcalloc(2, sizeof *list);
		list[0] = *c;
		n = 1;
	} else {
		list = xrealloc(c->attempts, (n + 1) * sizeof *list);
		free(c->series_ios);
		free(c->series_bytes);
		free(c->series_p99_ns);
		free(c->minute_p99_ns);
	}
	list[n++] = *a;
	memset(a, 0, sizeof *a);
	c->attempts = list;
	c->nattempts = n;
	k = results_attempt_choose(c);
	shown = &list[k];
	*c = *shown;
	c->attempts = list;
	c->nattempts = n;
	c->shown_attempt = k;
	results_cell_own_series(c, shown);
}

/*
 * Which attempt r shows and why, and what the others were: "attempt 2 of
 * 2 shown: first steady attempt; attempt 1 stalled: 5 of 6 s below 10% of
 * ...".  Empty for a cell that was never re-run.
 */
void
results_attempt_note(const struct cell_result *r, char *buf, size_t len)
{
	size_t used;
	unsigned k;

	buf[0] = '\0';
	if (r->nattempts == 0 || len == 0)
		return;
	used = (size_t)snprintf(buf, len, "attempt %u of %u shown: %s", r->shown_attempt + 1,
	    r->nattempts, results_attempt_rule(r));
	for (k = 0; k < r->nattempts && used < len; k++) {
		const struct cell_result *a = &r->attempts[k];

		if (k == r->shown_attempt)
			continue;
		if (a->status != CELL_OK)
			used += (size_t)snprintf(buf + used, len - used, "; attempt %u %s: %s", k + 1,
			    cell_status_name(a->status), a->status_reason);
		else
			used += (size_t)snprintf(buf + used, len - used, "; attempt %u %s", k + 1,
			    a->stability.reason);
	}
}
