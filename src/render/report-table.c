/*
 * The tables of the documents (report.md, report.html) as text, written by
 * the document back-end (doc_table()): a view (view.h) turned into text
 * with report_table_view() (numbers in their column's decimals, the
 * unsteady marker, flags with their notes), and the per-cell table the
 * documents alone show (every cell's check), built here.
 */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "render/report.h"

/* An empty table of ncols with its header row; header may be NULL (fill it with _set). */
void
report_table_init(struct report_table *t, const char *title, unsigned ncols,
    const char *const *header)
{
	unsigned c;

	memset(t, 0, sizeof *t);
	str_copy(t->title, sizeof t->title, title);
	t->ncols = ncols;
	t->numeric = xcalloc(ncols ? ncols : 1, sizeof *t->numeric);
	report_table_add_row(t);
	for (c = 0; header != NULL && c < ncols; c++)
		report_table_set(t, 0, c, "%s", header[c]);
}

/* Append an empty row; returns its index. */
unsigned
report_table_add_row(struct report_table *t)
{
	size_t cells;

	if (t->nrows == t->cap) {
		size_t old = (size_t)t->cap * t->ncols;

		t->cap = t->cap ? t->cap * 2 : 16;
		cells = (size_t)t->cap * t->ncols;
		t->text = xrealloc(t->text, cells * sizeof *t->text);
		t->why = xrealloc(t->why, cells * sizeof *t->why);
		t->flag = xrealloc(t->flag, cells);
		memset(t->text + old, 0, (cells - old) * sizeof *t->text);
		memset(t->why + old, 0, (cells - old) * sizeof *t->why);
		memset(t->flag + old, 0, cells - old);
	}
	return t->nrows++;
}

/*
 * Whether a per-cell table already lists REPORT_CELLS_LISTED cells: then
 * the row is counted as left out (doc_table says how many) instead.
 */
bool
report_table_full(struct report_table *t)
{
	if (t->nrows <= REPORT_CELLS_LISTED)
		return false;
	t->nleft_out++;
	return true;
}

/* Caller frees: fmt and ap as a new string (xmalloc's rule on failure). */
static char *
table_vformat(const char *fmt, va_list ap)
{
	va_list ap2;
	char *s;
	int n;

	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	s = xmalloc(n > 0 ? (size_t)n + 1 : 1);
	vsnprintf(s, n > 0 ? (size_t)n + 1 : 1, fmt, ap);
	return s;
}

/* Set the text of row, col. */
void
report_table_set(struct report_table *t, unsigned row, unsigned col, const char *fmt, ...)
{
	size_t i = (size_t)row * t->ncols + col;
	va_list ap;

	if (row >= t->nrows || col >= t->ncols)
		return;
	free(t->text[i]);
	va_start(ap, fmt);
	t->text[i] = table_vformat(fmt, ap);
	va_end(ap);
}

/* Flag row, col (REPORT_FLAG_*), with what it means. */
void
report_table_flag(struct report_table *t, unsigned row, unsigned col, unsigned flag,
    const char *why)
{
	size_t i = (size_t)row * t->ncols + col;

	if (row >= t->nrows || col >= t->ncols)
		return;
	t->flag[i] |= (unsigned char)flag;
	if (why != NULL) {
		free(t->why[i]);
		t->why[i] = xstrdup(why);
	}
}

/* Free a table's cells. */
void
report_table_free(struct report_table *t)
{
	size_t i, n = (size_t)t->nrows * t->ncols;

	for (i = 0; i < n; i++) {
		free(t->text[i]);
		free(t->why[i]);
	}
	free(t->text);
	free(t->why);
	free(t->flag);
	free(t->numeric);
	memset(t, 0, sizeof *t);
}

/* Column k of view_check_cols[] of cell r at row, col, as the documents write it. */
static void
check_value(struct report_table *t, unsigned row, unsigned col, const struct view_check_col *k,
    const struct view_rows *it)
{
	struct column_value v;
	const char *reason;
	char a[96], *p;
	bool ok;

	view_rows_value(it, column_find(k->column), &v);
	switch (k->fmt) {
	case VIEW_CHECK_WORKLOAD:
		report_table_set(t, row, col, "%s", view_rows_workload(it));
		break;
	case VIEW_CHECK_SIZE:
		report_table_set(t, row, col, "%s", view_size_label(view_rows_bs(it), a, sizeof a));
		break;
	case VIEW_CHECK_COUNT:
		if (v.kind == COLUMN_COUNT)
			report_table_set(t, row, col, "%llu", (unsigned long long)v.count);
		else
			report_table_set(t, row, col, "-");
		break;
	case VIEW_CHECK_FIGURE:
		report_table_set(t, row, col, "%s", v.kind == COLUMN_NUMBER ?
		    view_num(v.number, k->decimals_doc, a, sizeof a) : "n/a");
		break;
	case VIEW_CHECK_SIGNED:
		if (v.kind == COLUMN_NUMBER)
			report_table_set(t, row, col, "%+.*f%%", k->decimals_doc, v.number);
		else
			report_table_set(t, row, col, "n/a");
		break;
	case VIEW_CHECK_VERDICT:
		str_copy(a, sizeof a, v.kind == COLUMN_TEXT ? v.text : "");
		ok = view_rows_check_ok(it, &reason);
		if (!ok)
			for (p = a; *p != '\0'; p++)
				if (*p >= 'a' && *p <= 'z')
					*p = (char)(*p - 'a' + 'A');
		report_table_set(t, row, col, "%s", a);
		if (!ok)
			report_table_flag(t, row, col, REPORT_FLAG_MISMATCH, reason);
		break;
	case VIEW_CHECK_TEXT:
		report_table_set(t, row, col, "%s", v.kind == COLUMN_TEXT ? v.text : "-");
		break;
	case VIEW_CHECK_STABILITY:
		report_table_stability(t, row, col, it);
		break;
	case VIEW_CHECK_NONE:
		break;
	}
}

/* Every cell's BW check: the documents' columns of view_check_cols[], the first cells. */
void
report_table_checks(const struct report_ctx *ctx, struct report_table *t)
{
	const char *header[32] = { NULL };
	const struct view_check_col *doc[32];
	struct view_rows it;
	unsigned k, n = 0, row;

	for (k = 0; k < view_ncheck_cols && n < 32; k++)
		if (!(view_check_cols[k].flags & VIEW_COL_SHEET)) {
			doc[n] = &view_check_cols[k];
			header[n++] = view_check_cols[k].title;
		}
	report_table_init(t, "BW = IOPS x bs checks, every cell", n, header);
	for (k = 0; k < n; k++)
		t->numeric[k] = doc[k]->numeric;
	/* The columns before the first figure name the cell: mode, size, depth, jobs. */
	for (k = 0; k < n && doc[k]->fmt != VIEW_CHECK_FIGURE; k++)
		t->nkeys = k + 1;
	view_rows_begin(&it, ctx->view, VIEW_ROWS_FIGURES);
	while (view_rows_next(&it)) {
		if (report_table_full(t))
			continue;	/* counted as left out */
		row = report_table_add_row(t);
		for (k = 0; k < n; k++)
			check_value(t, row, k, doc[k], &it);
	}
}

/*
 * A cell's verdict at row, col and its reason in the next column, flagged
 * (with the reason as its note) when the cell is not steady: "noisy ⚠", and
 * "STALLED ⚠" in capitals as the check's "MISMATCH" is, to stand out.
 */
void
report_table_stability(struct report_table *t, unsigned row, unsigned col,
    const struct view_rows *it)
{
	enum stability_verdict verdict;
	const char *reason;
	/* REPORT_FLAG_NOISY or REPORT_FLAG_STALLED: the view's flags */
	unsigned flag = view_rows_unsteady(it, &verdict, &reason);

	if (flag != 0) {
		report_table_set(t, row, col, "%s %s", verdict == STABILITY_STALLED ? "STALLED" :
		    results_stability_name(verdict), REPORT_UNSTEADY_MARK);
		report_table_flag(t, row, col, flag, reason);
		report_table_flag(t, row, col + 1, flag, NULL);
	} else
		report_table_set(t, row, col, "%s", results_stability_name(verdict));
	report_table_set(t, row, col + 1, "%s", reason);
}

/*
 * Text cell vc: its text, and the verdict of a cell not steady it names
 * ("4K, QD1 (noisy)"); its other marks as flags.
 */
static void
table_view_text(struct report_table *t, unsigned row, unsigned col, const struct view_cell *vc)
{
	if (vc->flags & VIEW_UNSTEADY)
		report_table_set(t, row, col, "%s (%s)", vc->text, results_stability_name(
		    vc->flags & VIEW_STALLED ? STABILITY_STALLED : STABILITY_NOISY));
	else
		report_table_set(t, row, col, "%s", vc->text);
	report_table_flag(t, row, col, vc->flags & ~VIEW_UNSTEADY, vc->why);
}

/*
 * Figure cell vc in its column's decimals (a count as it is), with its
 * interval (--repeat) and the unsteady marker, and its marks with their
 * note.
 */
static void
table_view_figure(struct report_table *t, unsigned row, unsigned col, const struct view_cell *vc,
    const struct view_col *vcol)
{
	char a[64], range[72], mark[VIEW_MARKS_LEN];
	int d = vcol->decimals;

	/* ≠ is the flag's, after the text (doc-md.c, doc-html.c) */
	view_caveat_marks(vc->flags & (VIEW_CAVEATS & ~VIEW_MISMATCH), " ", mark, sizeof mark);

	if (vcol->flags & VIEW_COL_COUNT)
		report_table_set(t, row, col, "%.0f%s", vc->value, mark);
	else if (vc->spread && view_range_text(vc->lo, vc->hi, d, range, sizeof range) != NULL)
		report_table_set(t, row, col, "%s (%s)%s", view_num(vc->value, d, a, sizeof a), range,
		    mark);
	else
		report_table_set(t, row, col, "%s%s", view_num(vc->value, d, a, sizeof a), mark);
	report_table_flag(t, row, col, vc->flags, vc->why);
}

/*
 * The columns of group (-1: every group) of view v, but those with a flag
 * of skip (VIEW_COL_*) or that sheets alone show, as a document table: the
 * row labels first (unless v has none), then a column per view column;
 * nothing is "-" (or what its text says).  Rows with nothing in the group
 * are left out, and those past REPORT_CELLS_LISTED are counted
 * (report_table_full).
 */
void
report_table_view(const struct view_table *v, int group, unsigned skip, struct report_table *t)
{
	unsigned cols[SWEEP_LIST_MAX * 4], ncols = 0, c, k, row, first = v->unlabelled ? 0 : 1;

	for (c = 0; c < v->ncols && ncols < sizeof cols / sizeof cols[0]; c++)
		if ((group < 0 || v->cols[c].group == group) &&
		    !(v->cols[c].flags & (skip | VIEW_COL_SHEET)))
			cols[ncols++] = c;
	report_table_init(t, group >= 0 && (unsigned)group < v->ngroups ? v->groups[group] :
	    v->title, ncols + first, NULL);
	if (first > 0)
		report_table_set(t, 0, 0, "%s", v->row_head);
	for (k = 0; k < ncols; k++) {
		report_table_set(t, 0, k + first, "%s", v->cols[cols[k]].header);
		t->numeric[k + first] = !(v->cols[cols[k]].flags & VIEW_COL_WORDS);
	}
	t->nleft_out = v->nleft_out;
	for (row = 0; row < v->nrows; row++) {
		unsigned r;

		if (view_row_empty(v, row, group) || (!v->all_rows && report_table_full(t)))
			continue;
		r = report_table_add_row(t);
		if (first > 0)
			report_table_set(t, r, 0, "%s", v->rows[row].label);
		for (k = 0; k < ncols; k++) {
			const struct view_cell *vc = view_table_cell(v, row, cols[k]);

			if (vc->kind == VIEW_NONE)
				report_table_set(t, r, k + first, "%s",
				    vc->text != NULL ? vc->text : "-");
			else if (vc->kind == VIEW_TEXT)
				table_view_text(t, r, k + first, vc);
			else
				table_view_figure(t, r, k + first, vc, &v->cols[cols[k]]);
		}
	}
}
