/*
 * The per-cell views of what went wrong: the cells whose BW = IOPS x bs
 * check failed, with the likely cause, and the cells that failed or were
 * skipped, with why.  A document names a cell's workload ("randrw
 * 65/35"), a sheet its bare mode ("randrw") beside its figures: the rows
 * carry both, in columns only one of them shows.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "view/view.h"

enum { CK_WL, CK_MODE, CK_BS, CK_QD, CK_JOBS, CK_ID };

/* The identity columns of a cell: header, name, flags. */
static const struct {
	const char	*header, *name;
	unsigned	 flags;
} check_id_cols[CK_ID] = {
	[CK_WL] = { .header = "Mode", .name = "Mode", .flags = VIEW_COL_WORDS | VIEW_COL_DOC },
	[CK_MODE] = { .header = "Mode", .name = "Mode", .flags = VIEW_COL_WORDS | VIEW_COL_SHEET },
	[CK_BS] = { .header = "Block size", .name = "Block size", .flags = VIEW_COL_WORDS },
	[CK_QD] = { .header = "QD", .name = "Queue depth", .flags = VIEW_COL_COUNT },
	[CK_JOBS] = { .header = "Jobs", .name = "Jobs", .flags = VIEW_COL_COUNT },
};

/* A text cell of row, col, marked with flags. */
static void
check_text(struct view_table *t, unsigned row, unsigned col, const char *text, unsigned flags)
{
	struct view_cell *vc = view_table_cell(t, row, col);

	vc->kind = VIEW_TEXT;
	vc->text = xstrdup(text);
	vc->flags = flags;
}

/* The identity columns, then ncols more from cols; counts (QD, Jobs) words when words. */
static void
check_init(struct view_table *t, const char *title, unsigned ncols, bool words)
{
	unsigned c;

	view_table_init(t, title, CK_ID + ncols);
	t->unlabelled = true;
	for (c = 0; c < CK_ID; c++) {
		view_table_col(t, c, check_id_cols[c].header, check_id_cols[c].name, NULL, 0, -1);
		t->cols[c].flags = check_id_cols[c].flags;
		if (words && (t->cols[c].flags & VIEW_COL_COUNT))
			t->cols[c].flags |= VIEW_COL_WORDS;
	}
}

/* A row for results.cells entry i: its workload, mode, block size, depth and jobs. */
static unsigned
check_row(struct view_table *t, const struct results *res, const struct summary *sum, unsigned i)
{
	const struct cell_result *r = &res->cells[i];
	unsigned row = view_table_add_row(t, "", i);
	char a[32];

	check_text(t, row, CK_WL, view_summary_wl_name(sum, &r->cell), 0);
	check_text(t, row, CK_MODE, mode_name(r->cell.mode), 0);
	check_text(t, row, CK_BS, view_size_label(r->cell.bs, a, sizeof a), 0);
	/* An imported row without a depth (0): not given, blank. */
	view_cell_number(t, row, CK_QD, r->cell.depth ? r->cell.depth : NAN, (int)i);
	view_cell_number(t, row, CK_JOBS, r->cell.jobs, (int)i);
	return row;
}

enum { MM_DERIVED, MM_MEASURED, MM_DEVICE, MM_CAUSE, MM_COLS };

static const struct {
	const char	*header, *name;
	unsigned	 flags;
} mismatch_cols[MM_COLS] = {
	[MM_DERIVED] = { .header = "Derived MiB/s (IOPS x bs)",
	    .name = "Derived IOPS x bs (MiB/s)" },
	[MM_MEASURED] = { .header = "Measured MiB/s", .name = "Measured (MiB/s)" },
	[MM_DEVICE] = { .header = "Device MiB/s", .name = "Device (MiB/s)" },
	[MM_CAUSE] = { .header = "Likely cause", .name = "Likely cause",
	    .flags = VIEW_COL_WORDS | VIEW_COL_ALERT },
};

/* Every cell whose BW check failed: its three bandwidths and the likely cause. */
void
view_mismatches(const struct results *res, const struct summary *sum, struct view_table *t)
{
	unsigned c, i, row;

	check_init(t, "BW = IOPS x bs mismatches", MM_COLS, false);
	for (c = 0; c < MM_COLS; c++) {
		view_table_col(t, CK_ID + c, mismatch_cols[c].header, mismatch_cols[c].name,
		    "MiB/s", 1, -1);
		t->cols[CK_ID + c].flags = mismatch_cols[c].flags;
	}
	for (i = 0; i < sum->nmismatch; i++) {
		const struct cell_result *r = &res->cells[sum->mismatch[i]];

		row = check_row(t, res, sum, sum->mismatch[i]);
		view_cell_number(t, row, CK_ID + MM_DERIVED, r->check.derived / MIB, -1);
		view_cell_number(t, row, CK_ID + MM_MEASURED, r->check.measured / MIB, -1);
		if (r->check.device >= 0)
			view_cell_number(t, row, CK_ID + MM_DEVICE, r->check.device / MIB, -1);
		else
			check_text(t, row, CK_ID + MM_DEVICE, "n/a", 0);
		check_text(t, row, CK_ID + MM_CAUSE, r->check.reason, 0);
	}
}

/* Every cell that failed or was skipped: its status (marked failed) and why. */
void
view_problems(const struct results *res, const struct summary *sum, struct view_table *t)
{
	unsigned i, row;

	check_init(t, "Failed and skipped cells", 2, true);
	view_table_col(t, CK_ID, "Status", "Status", NULL, 0, -1);
	t->cols[CK_ID].flags = VIEW_COL_WORDS | VIEW_COL_ALERT;
	view_table_col(t, CK_ID + 1, "Reason", "Reason", NULL, 0, -1);
	t->cols[CK_ID + 1].flags = VIEW_COL_WORDS;
	for (i = 0; i < res->plan.ncells; i++) {
		const struct cell_result *r = &res->cells[i];

		if (r->status != CELL_FAILED && r->status != CELL_SKIPPED)
			continue;
		row = check_row(t, res, sum, i);
		check_text(t, row, CK_ID, cell_status_name(r->status), VIEW_FAILED);
		check_text(t, row, CK_ID + 1, r->status_reason, 0);
	}
}

/*
 * The BW = IOPS x bs check as res ran it, for the sentence that counts it:
 * of the cells with figures, those whose check compares two figures given
 * (*checked) and of them those that pass (*pass).  Returns the cells left
 * unchecked: a table's rows that give IOPS or bandwidth, not both, whose
 * other figure is derived from it and so agrees by construction.
 */
unsigned
view_check_counts(const struct results *res, unsigned *checked, unsigned *pass)
{
	unsigned i, n = 0;

	*checked = *pass = 0;
	for (i = 0; i < res->plan.ncells; i++) {
		const struct cell_result *r = &res->cells[i];

		if (!results_cell_has_figures(r))
			continue;
		if (!results_cell_checked(r)) {
			n++;
			continue;
		}
		(*checked)++;
		*pass += r->check.ok;
	}
	return n;
}
