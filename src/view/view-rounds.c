/*
 * The rounds view of --rounds-until-steady: the tracking variable (each
 * tracking cell's IOPS) per round, the rounds of the last window marked,
 * then the window's mean, excursion and slope against the SNIA PTS
 * limits, a limit passed marked failed.  Empty for any other run.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "view/view.h"

/* Round k (0-based) of the tracking cells, as a row. */
static void
rounds_row(struct view_table *t, const struct results *res, const struct rounds_steady *st,
    unsigned k)
{
	char label[32];
	unsigned row, c;

	snprintf(label, sizeof label, "%u%s", k + 1, st->last > 0 && k + 1 <= st->last &&
	    k + SWEEP_STEADY_WINDOW_ROUNDS >= st->last ? " (window)" : "");
	row = view_table_add_row(t, label, k + 1);
	for (c = 0; c < st->ntrack; c++) {
		const struct cell_result *r = &res->cells[st->track[c].cell];
		struct view_cell *vc = view_table_cell(t, row, c);

		if (k < r->nrounds && r->rounds[k].status == CELL_OK)
			view_cell_number(t, row, c, r->rounds[k].iops, (int)st->track[c].cell);
		else {
			vc->kind = VIEW_TEXT;
			vc->text = xstrdup(k < r->nrounds ? cell_status_name(r->rounds[k].status) :
			    "-");
		}
	}
}

/* The window's excursion (k 1) or slope (k 2) of each tracking cell, as a row. */
static void
rounds_limit_row(struct view_table *t, const struct rounds_steady *st, unsigned k)
{
	double limit = k == 1 ? SWEEP_STEADY_EXCURSION : SWEEP_STEADY_SLOPE;
	char label[48];
	unsigned row, c;

	snprintf(label, sizeof label, k == 1 ? "Excursion (at most %.0f%%)" :
	    "Slope (under %.0f%%)", limit * 100);
	row = view_table_add_row(t, label, 0);
	for (c = 0; c < st->ntrack; c++) {
		const struct rounds_steady_track *tr = &st->track[c];
		struct view_cell *vc = view_table_cell(t, row, c);
		double v = k == 1 ? tr->excursion : tr->slope;

		vc->kind = VIEW_TEXT;
		vc->text = xasprintf("%.1f%%", v * 100);
		if (k == 1 ? v > limit : v >= limit)
			view_cell_flag(vc, VIEW_FAILED, "beyond the SNIA PTS limit");
	}
}

/* The rounds of --rounds-until-steady, a column per tracking cell. */
void
view_rounds(const struct results *res, const struct summary *sum, struct view_table *t)
{
	struct rounds_steady st;
	unsigned k, c, most = 0, row;
	char a[32], *h;

	if (!res->plan.until_steady) {
		view_table_init(t, "Rounds until steady", 0);
		return;
	}
	analysis_rounds_reached(res, &most, &st);
	view_table_init(t, "Rounds until steady", st.ntrack);
	str_copy(t->row_head, sizeof t->row_head, "Round");
	for (c = 0; c < st.ntrack; c++) {
		const struct cell *cl = &res->plan.cells[st.track[c].cell];

		h = xasprintf("%s %s QD%u (IOPS)", view_summary_wl_name(sum, cl),
		    view_size_label(cl->bs, a, sizeof a), cl->depth);
		view_table_col(t, c, h, h, "IOPS", 0, -1);
		free(h);
	}
	for (k = 0; k < most; k++)
		rounds_row(t, res, &st, k);
	if (st.last == 0)
		return;
	row = view_table_add_row(t, "Window mean", 0);
	for (c = 0; c < st.ntrack; c++)
		view_cell_number(t, row, c, st.track[c].mean, -1);
	rounds_limit_row(t, &st, 1);
	rounds_limit_row(t, &st, 2);
}
