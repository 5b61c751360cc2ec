/*
 * Plan, open-loop cells (--rate): each closed-loop cell of the matrix
 * once more at every rate of the list, after all of them, so that a
 * percent's cap (the closed-loop cells of the same mode and bs) is
 * measured before the rate cells that need it.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "base/sweep.h"
#include "base/util.h"
#include "plan/plan.h"

/* Add a copy of each of p's cells at each rate of l, arrivals a; p's cells must be closed-loop. */
void
plan_add_rates(struct plan *p, const struct rate_list *l, enum rate_arrivals a)
{
	unsigned n = p->ncells, i, k, m = n;

	if (l == NULL || l->n == 0)
		return;
	p->cells = xrealloc(p->cells, (size_t)n * (1 + l->n) * sizeof *p->cells);
	for (i = 0; i < n; i++)
		for (k = 0; k < l->n; k++) {
			struct cell c = p->cells[i];

			c.index = m;
			c.rate_pct = l->pct[k] ? l->v[k] : 0;
			c.rate_iops = l->pct[k] ? 0 : l->v[k];
			c.arrivals = a;
			p->cells[m++] = c;
		}
	p->ncells = m;
}

/* Whether c is an open-loop cell (--rate). */
bool
plan_cell_open(const struct cell *c)
{
	return c->rate_iops > 0 || c->rate_pct > 0;
}

/* Whether a and b ask for the same rate: a percent's rate is set only as the cell runs. */
bool
plan_cell_same_rate(const struct cell *a, const struct cell *b)
{
	if (a->rate_pct > 0 || b->rate_pct > 0)
		return a->rate_pct == b->rate_pct && a->arrivals == b->arrivals;
	return a->rate_iops == b->rate_iops && (a->rate_iops == 0 || a->arrivals == b->arrivals);
}

/* An open-loop cell's rate as asked: "2,000 IOPS", "50% of cap" ("" closed loop). */
const char *
plan_cell_rate_text(const struct cell *c, char *buf, size_t len)
{
	if (c->rate_pct > 0)
		snprintf(buf, len, "%g%% of cap", c->rate_pct);
	else if (c->rate_iops > 0)
		snprintf(buf, len, "%.0f IOPS", c->rate_iops);
	else
		buf[0] = '\0';
	return buf;
}

/* The plan's line on its open-loop cells, if it has any. */
void
plan_print_rates(FILE *f, const struct plan *p)
{
	unsigned i, n = 0, pct = 0;
	enum rate_arrivals a = RATE_FIXED;

	for (i = 0; i < p->ncells; i++)
		if (plan_cell_open(&p->cells[i])) {
			n++;
			pct += p->cells[i].rate_pct > 0;
			a = p->cells[i].arrivals;
		}
	if (n == 0)
		return;
	fprintf(f, "Rate cells: %u of the %u open-loop (--rate), after the closed-loop cells; "
	    "I/Os due %s, at most depth in flight per job, latency timed from when each was "
	    "due%s\n", n, p->ncells, a == RATE_POISSON ? "as a Poisson process (seeded)" :
	    "at even intervals", pct > 0 ? "; a percent is of the cap: the best IOPS of the "
	    "closed-loop cells of the same mode and block size" : "");
}
