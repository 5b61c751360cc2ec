/*
 * The latency-load view: per workload of the open-loop cells (--rate; a
 * mode, read share, block size, depth and jobs), each rate's offered and
 * achieved IOPS, its share of the cap, its latency from when each I/O was
 * due (p50, p99, p99.9), its p99.9 from the issue (what a closed-loop
 * rate limit such as fio's rate_iops reports) and how late issue fell
 * behind; the workload's closed-loop cell is the cap line's row.  The
 * note says, per workload, where p99 leaves its low-load level: "p99
 * doubles above ~2,400 IOPS, 80% of the cap".  The record is a closed-loop
 * copy (results_closed_loop): a run's open-loop cells follow the plan's;
 * an import's (fio's rate_iops jobs) are among the plan's cells, where the
 * other views read them as they always did.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "plan/plan.h"
#include "view/view.h"

enum { LD_OFFERED, LD_ACHIEVED, LD_CAP_PCT, LD_P50, LD_P99, LD_P999, LD_ISSUE_P999,
	LD_LAG_P99, LD_COLS };

static const struct {
	const char	*header, *name, *unit;
	int		 decimals;
} ld_cols[LD_COLS] = {
	[LD_OFFERED] = { "Offered (IOPS)", "Rate offered (IOPS)", "IOPS", 0 },
	[LD_ACHIEVED] = { "Achieved (IOPS)", "Rate achieved (IOPS)", "IOPS", 0 },
	[LD_CAP_PCT] = { "Of cap (%)", "Achieved, % of the cap", "%", 0 },
	[LD_P50] = { "p50 (ms)", "p50 latency from due (ms)", "ms", 2 },
	[LD_P99] = { "p99 (ms)", "p99 latency from due (ms)", "ms", 2 },
	[LD_P999] = { "p99.9 (ms)", "p99.9 latency from due (ms)", "ms", 2 },
	[LD_ISSUE_P999] = { "p99.9 from issue (ms)", "p99.9 latency from issue (ms)", "ms", 2 },
	[LD_LAG_P99] = { "Issue lag p99 (ms)", "Issue behind schedule, p99 (ms)", "ms", 2 },
};

/* Whether a and b are one workload: all but the rate. */
static bool
ld_same(const struct cell *a, const struct cell *b)
{
	return a->mode == b->mode && a->bs == b->bs && a->depth == b->depth &&
	    a->jobs == b->jobs && a->rwmixread == b->rwmixread;
}

/* "randread 4K QD32" (and "x4 jobs", "70% reads" where they apply). */
static void
ld_name(const struct cell *c, char *buf, size_t len)
{
	char bs[32];
	size_t n;

	snprintf(buf, len, "%s %s %s", mode_name(c->mode), view_size_label(c->bs, bs, sizeof bs),
	    qd_text(c->depth, (char[16]){ 0 }, 16));
	n = strlen(buf);
	if (mode_reads(c->mode) && mode_writes(c->mode))
		snprintf(buf + n, len - n, " %u%% reads", c->rwmixread);
	n = strlen(buf);
	if (c->jobs > 1)
		snprintf(buf + n, len - n, " x%u jobs", c->jobs);
}

/* A row of cell r (index i of the view's record) labelled label. */
static void
ld_row(struct view_table *t, const char *label, const struct cell_result *r, double cap, int i)
{
	unsigned row = view_table_add_row(t, label, r->cell.rate_iops);
	bool open = plan_cell_open(&r->cell);

	if (open)
		view_cell_number(t, row, LD_OFFERED, r->cell.rate_iops, i);
	view_cell_number(t, row, LD_ACHIEVED, r->iops, i);
	view_cell_number(t, row, LD_CAP_PCT, cap > 0 ? r->iops / cap * 100 : NAN, i);
	view_cell_number(t, row, LD_P50, (double)r->lat_pct_ns[0] / 1e6, i);
	view_cell_number(t, row, LD_P99, (double)r->lat_pct_ns[2] / 1e6, i);
	view_cell_number(t, row, LD_P999, (double)r->lat_pct_ns[3] / 1e6, i);
	if (open) {
		view_cell_number(t, row, LD_ISSUE_P999, (double)r->rate_issue_pct_ns[3] / 1e6, i);
		/* an import's rate job has no lag (fio keeps none): blank, not 0 */
		view_cell_number(t, row, LD_LAG_P99, r->rate_lag_max_ns > 0 ?
		    (double)r->rate_lag_p99_ns / 1e6 : NAN, i);
	}
}

/* The open-loop cells of workload w, by rate offered (insertion sort: a handful). */
static unsigned
ld_workload(const struct results *res, const struct cell *w, const struct cell_result **out)
{
	unsigned i, n = 0, k;

	for (i = 0; i < res->plan.ncells + res->nopen; i++) {
		const struct cell_result *r = &res->cells[i];

		if (!plan_cell_open(&r->cell) || !ld_same(&r->cell, w) ||
		    !results_cell_has_figures(r) || r->ios == 0)
			continue;
		for (k = n; k > 0 && out[k - 1]->cell.rate_iops > r->cell.rate_iops; k--)
			out[k] = out[k - 1];
		out[k] = r;
		n++;
	}
	return n;
}

/*
 * Where p99 leaves its low-load level (the lowest rate's): the rate below
 * the highest ones that all have twice that p99 or more, so one noisy
 * cell in between (a host's late wake-ups) does not name too low a rate;
 * or how far it stayed within 2x.  Appended to *note.
 */
static void
ld_sentence(char **note, const char *name, const struct cell_result **c, unsigned n, double cap)
{
	double base = (double)c[0]->lat_pct_ns[2];
	char a[64], b[64], s[320];
	unsigned k;
	char *old = *note;

	for (k = n; k > 1 && (double)c[k - 1]->lat_pct_ns[2] >= 2 * base; k--)
		;
	view_num(round(c[k - 1]->iops), 0, a, sizeof a);
	view_num(cap > 0 ? c[k - 1]->iops / cap * 100 : NAN, 0, b, sizeof b);
	if (k < n)
		snprintf(s, sizeof s, "%s: p99 doubles above ~%s IOPS%s%s%s (%s ms at the lowest rate)",
		    name, a, cap > 0 ? ", " : "", cap > 0 ? b : "", cap > 0 ? "% of the cap" : "",
		    view_num(base / 1e6, 2, (char[64]){ 0 }, 64));
	else
		snprintf(s, sizeof s, "%s: p99 stays within 2x of its low-load level (%s ms) up to "
		    "%s IOPS%s%s%s", name, view_num(base / 1e6, 2, (char[64]){ 0 }, 64), a,
		    cap > 0 ? ", " : "", cap > 0 ? b : "", cap > 0 ? "% of the cap" : "");
	*note = old == NULL ? xstrdup(s) : xasprintf("%s; %s", old, s);
	free(old);
}

/* A block of rows per workload: its closed-loop cell (the cap line), then each rate. */
void
view_load(const struct results *res, const struct summary *sum, struct view_table *t)
{
	const struct cell_result **c = xcalloc(res->plan.ncells + res->nopen, sizeof *c);
	unsigned i, k, n;
	char name[96], label[160];

	(void)sum;
	view_table_init(t, "Latency at an offered load (--rate)", LD_COLS);
	str_copy(t->row_head, sizeof t->row_head, "Workload, rate");
	for (k = 0; k < LD_COLS; k++)
		view_table_col(t, k, ld_cols[k].header, ld_cols[k].name, ld_cols[k].unit,
		    ld_cols[k].decimals, -1);
	for (i = 0; i < res->plan.ncells; i++) {
		const struct cell_result *w = &res->cells[i];
		double cap;

		if (plan_cell_open(&w->cell) || !results_cell_has_figures(w) ||
		    (n = ld_workload(res, &w->cell, c)) == 0)
			continue;
		cap = results_rate_cap(res, &w->cell);
		ld_name(&w->cell, name, sizeof name);
		snprintf(label, sizeof label, "%s, closed loop", name);
		ld_row(t, label, w, cap, (int)i);
		for (k = 0; k < n; k++) {
			if (c[k]->cell.rate_pct > 0)
				snprintf(label, sizeof label, "%s at %g%%", name, c[k]->cell.rate_pct);
			else
				snprintf(label, sizeof label, "%s at %s IOPS", name,
				    view_num(c[k]->cell.rate_iops, 0, (char[64]){ 0 }, 64));
			/* -1: its index is past the plan's, which the caveats' arrays hold */
			ld_row(t, label, c[k], cap, -1);
		}
		ld_sentence(&t->note, name, c, n, cap);
	}
	free(c);
}

/* The chart's lines: a workload each, its rates by the rate offered.  Caller frees (view_load_free). */
struct view_load *
view_load_chart(const struct results *res)
{
	const struct cell_result **c = xcalloc(res->plan.ncells + res->nopen, sizeof *c);
	struct view_load *l = xcalloc(1, sizeof *l);
	unsigned i, k, n;
	char name[96];

	for (i = 0; i < res->plan.ncells; i++) {
		const struct cell_result *w = &res->cells[i];
		struct view_load_line *ln;

		if (plan_cell_open(&w->cell) || !results_cell_has_figures(w) ||
		    (n = ld_workload(res, &w->cell, c)) == 0)
			continue;
		l->lines = xrealloc(l->lines, (l->n + 1) * sizeof *l->lines);
		ln = &l->lines[l->n++];
		ld_name(&w->cell, name, sizeof name);
		ln->name = xstrdup(name);
		ln->cap = results_rate_cap(res, &w->cell);
		ln->n = n;
		ln->iops = xcalloc(n, sizeof *ln->iops);
		ln->p50 = xcalloc(n, sizeof *ln->p50);
		ln->p99 = xcalloc(n, sizeof *ln->p99);
		ln->p999 = xcalloc(n, sizeof *ln->p999);
		for (k = 0; k < n; k++) {
			ln->iops[k] = c[k]->iops;
			ln->p50[k] = (double)c[k]->lat_pct_ns[0] / 1e6;
			ln->p99[k] = (double)c[k]->lat_pct_ns[2] / 1e6;
			ln->p999[k] = (double)c[k]->lat_pct_ns[3] / 1e6;
		}
	}
	free(c);
	if (l->n == 0) {
		free(l);
		return NULL;
	}
	return l;
}

void
view_load_free(struct view_load *l)
{
	unsigned i;

	if (l == NULL)
		return;
	for (i = 0; i < l->n; i++) {
		free(l->lines[i].name);
		free(l->lines[i].iops);
		free(l->lines[i].p50);
		free(l->lines[i].p99);
		free(l->lines[i].p999);
	}
	free(l->lines);
	free(l);
}

/*
 * A comparison's open-loop cells side by side (each run's moved after its
 * plan's: results_drop_open): a row per workload and rate as asked ("at
 * 50%": of each run's own cap), per run the rate offered, achieved and
 * p99 from the due time.  No row when no run has such a cell.
 */
void
view_load_compare(const struct compare *cmp, struct view_table *t)
{
	unsigned k, i, row, r, cols = 3 * cmp->nruns;
	char name[96], label[160], head[224];

	view_table_init(t, "Latency at an offered load (--rate)", cols);
	str_copy(t->row_head, sizeof t->row_head, "Workload, rate");
	for (k = 0; k < cmp->nruns; k++) {
		const char *run = cmp->runs[k].label;

		snprintf(head, sizeof head, "%s offered (IOPS)", run);
		view_table_col(t, 3 * k, head, NULL, "IOPS", 0, -1);
		snprintf(head, sizeof head, "%s achieved (IOPS)", run);
		view_table_col(t, 3 * k + 1, head, NULL, "IOPS", 0, -1);
		snprintf(head, sizeof head, "%s p99 (ms)", run);
		view_table_col(t, 3 * k + 2, head, NULL, "ms", 2, -1);
	}
	for (k = 0; k < cmp->nruns; k++) {
		const struct results *res = &cmp->runs[k].res;

		for (i = 0; i < res->nopen; i++) {
			const struct cell_result *c = &res->cells[res->plan.ncells + i];

			if (!results_cell_has_figures(c) || c->ios == 0)
				continue;
			ld_name(&c->cell, name, sizeof name);
			if (c->cell.rate_pct > 0)
				snprintf(label, sizeof label, "%s at %g%%", name, c->cell.rate_pct);
			else
				snprintf(label, sizeof label, "%s at %s IOPS", name,
				    view_num(c->cell.rate_iops, 0, (char[64]){ 0 }, 64));
			for (r = 0; r < t->nrows && strcmp(t->rows[r].label, label) != 0; r++)
				;
			row = r < t->nrows ? r : view_table_add_row(t, label, c->cell.rate_iops);
			view_cell_number(t, row, 3 * k, c->cell.rate_iops, -1);
			view_cell_number(t, row, 3 * k + 1, c->iops, -1);
			view_cell_number(t, row, 3 * k + 2, (double)c->lat_pct_ns[2] / 1e6, -1);
		}
	}
}
