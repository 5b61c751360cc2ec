/*
 * The bursts view: the cells whose per-second series dropped and stayed
 * down (burst cliffs and gradual declines), each with its finding; a
 * cliff is marked.  Past REPORT_CELLS_LISTED rows the rest are counted.  report.md, report.html and the workbook's Summary
 * sheet show the same rows.
 */
#include "config.h"

#include <stdlib.h>

#include "view/view.h"

/* Column c of row as the text of n. */
static void
burst_count(struct view_table *t, unsigned row, unsigned c, unsigned n)
{
	struct view_cell *vc = view_table_cell(t, row, c);

	vc->kind = VIEW_TEXT;
	vc->text = xasprintf("%u", n);
}

/* A row per cell with a burst cliff or a decline, in plan order. */
void
view_bursts(const struct results *res, const struct summary *sum, struct view_table *t)
{
	static const char *const header[] = { "Block size", "QD", "Jobs", "Series (s)", "Finding" };
	unsigned i, c;

	view_table_init(t, "Burst detection", 5);
	str_copy(t->row_head, sizeof t->row_head, "Mode");
	for (c = 0; c < 5; c++)
		view_table_col(t, c, header[c], NULL, NULL, 0, -1);
	t->cols[0].flags = t->cols[4].flags = VIEW_COL_WORDS;
	for (i = 0; sum->burst != NULL && i < res->plan.ncells; i++) {
		const struct cell_result *r = &res->cells[i];
		const struct burst *b = &sum->burst[i];
		char text[REPORT_BURST_TEXT], a[32];
		struct view_cell *vc;
		unsigned row;

		if (b->kind != BURST_CLIFF && b->kind != BURST_DECLINE)
			continue;
		if (t->nrows >= REPORT_CELLS_LISTED) {
			t->nleft_out++;
			continue;
		}
		row = view_table_add_row(t, view_summary_wl_name(sum, &r->cell), i);
		vc = view_table_cell(t, row, 0);
		vc->kind = VIEW_TEXT;
		vc->text = xstrdup(view_size_label(r->cell.bs, a, sizeof a));
		burst_count(t, row, 1, r->cell.depth);
		burst_count(t, row, 2, r->cell.jobs);
		burst_count(t, row, 3, r->nseries);
		vc = view_table_cell(t, row, 4);
		vc->kind = VIEW_TEXT;
		vc->text = xstrdup(view_burst_text(b, text, sizeof text));
		vc->cell = (int)i;
		if (b->kind == BURST_CLIFF)
			view_cell_flag(vc, VIEW_FAILED, NULL);
	}
}
