/*
 * report.xlsx (libxlsxwriter): Summary, a pivot sheet per metric with its
 * native charts (report-xlsx-pivot.c), Saturation when a mode has three or
 * more depths at a block size (report-xlsx-curves.c), Cells (every figure
 * of every cell, as results.csv), Checks (the BW = IOPS x bs detail) and
 * Run.  Every sheet prints landscape, one page wide, its header repeated.
 * Only plain documented libxlsxwriter calls, fixed sheet names
 * under 31 characters without []:*?/\, so Excel and LibreOffice open it
 * without a repair prompt.  The workbook is written to DIR/.report.xlsx.tmp
 * and renamed over report.xlsx once libxlsxwriter has closed it.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <xlsxwriter.h>

#include "render/report.h"
#include "view/palette.h"

#define SHEET_SUMMARY	"Summary"
#define SHEET_CELLS	"Cells"
#define SHEET_CHECKS	"Checks"
#define SHEET_RUN	"Run"

#define XL_COLS_MAX	64	/* the Summary's columns fitted to its tables; more keep 8.43 */
#define XL_WIDTH_MIN	8	/* characters */
#define XL_WIDTH_TEXT	48	/* a column of sentences wraps at this width */
#define XL_LINE_PT	15	/* the height of a line of 11-point text */
#define XL_ID		(COLUMN_ALWAYS | COLUMN_CELLS | COLUMN_CHECKS)	/* a cell's identity */

/* A sheet and the widths of its columns in characters (n 0: not fitted). */
struct xl_sheet {
	lxw_worksheet	*ws;
	double		 w[XL_COLS_MAX];
	unsigned	 n;
	unsigned	 page;		/* the columns the first page holds */
};

/* The formats every sheet uses. */
static void
xl_formats(struct report_xl *x)
{
	lxw_format **fs[] = {
		&x->bold, &x->num0, &x->num1, &x->num3, &x->pct, &x->bad, &x->bad0, &x->bad1,
		&x->failed, &x->unsteady0, &x->unsteady1, &x->alert, &x->top, NULL
	}, ***f;

	x->title = report_xlsx_format(x->wb, NULL, true, 0, 0);
	format_set_font_size(x->title, 14);
	x->header = report_xlsx_format(x->wb, NULL, true, PALETTE_RGB(PALETTE_HEADER_BG), 0);
	format_set_text_wrap(x->header);
	format_set_align(x->header, LXW_ALIGN_VERTICAL_TOP);
	format_set_bottom(x->header, LXW_BORDER_THIN);
	x->bold = report_xlsx_format(x->wb, NULL, true, 0, 0);
	x->wrap = report_xlsx_format(x->wb, NULL, false, 0, 0);
	format_set_text_wrap(x->wrap);
	format_set_align(x->wrap, LXW_ALIGN_VERTICAL_TOP);
	x->bold_wrap = report_xlsx_format(x->wb, NULL, true, 0, 0);
	format_set_text_wrap(x->bold_wrap);
	format_set_align(x->bold_wrap, LXW_ALIGN_VERTICAL_TOP);
	x->alert_wrap = report_xlsx_format(x->wb, NULL, true, 0, PALETTE_RGB(PALETTE_ALERT));
	format_set_text_wrap(x->alert_wrap);
	format_set_align(x->alert_wrap, LXW_ALIGN_VERTICAL_TOP);
	x->num0 = report_xlsx_format(x->wb, "#,##0", false, 0, 0);
	x->num1 = report_xlsx_format(x->wb, "#,##0.0", false, 0, 0);
	x->num3 = report_xlsx_format(x->wb, "#,##0.000", false, 0, 0);
	x->pct = report_xlsx_format(x->wb, "0.00", false, 0, 0);
	x->bad = report_xlsx_format(x->wb, NULL, false, PALETTE_RGB(PALETTE_MISMATCH_BG), PALETTE_RGB(PALETTE_MISMATCH_FG));
	x->bad0 = report_xlsx_format(x->wb, "#,##0", false, PALETTE_RGB(PALETTE_MISMATCH_BG), PALETTE_RGB(PALETTE_MISMATCH_FG));
	x->bad1 = report_xlsx_format(x->wb, "#,##0.0", false, PALETTE_RGB(PALETTE_MISMATCH_BG), PALETTE_RGB(PALETTE_MISMATCH_FG));
	x->failed = report_xlsx_format(x->wb, NULL, false, PALETTE_RGB(PALETTE_FLAG_BG), 0);
	x->unsteady0 = report_xlsx_format(x->wb, "#,##0", false, PALETTE_RGB(PALETTE_FLAG_BG), 0);
	x->unsteady1 = report_xlsx_format(x->wb, "#,##0.0", false, PALETTE_RGB(PALETTE_FLAG_BG), 0);
	x->alert = report_xlsx_format(x->wb, NULL, true, 0, PALETTE_RGB(PALETTE_ALERT));
	x->top = report_xlsx_format(x->wb, NULL, false, 0, 0);
	/* a row with a wrapped text reads from the top, its label and figures too */
	for (f = fs; *f != NULL; f++)
		format_set_align(**f, LXW_ALIGN_VERTICAL_TOP);
}

/* The format of figure vc with decimals: red for a failed check or above the cap, yellow unsteady. */
static lxw_format *
xl_view_format(struct report_xl *x, const struct view_cell *vc, int decimals)
{
	lxw_format *f;

	if (vc->flags & VIEW_UNSTEADY)
		f = decimals == 0 ? x->unsteady0 : x->unsteady1;
	else if (vc->flags & (VIEW_MISMATCH | VIEW_ABOVE_CAP))
		f = decimals == 0 ? x->bad0 : x->bad1;
	else
		f = decimals == 0 ? x->num0 : x->num1;
	return report_xlsx_small(x, f, vc->value, decimals == 0 ? 0 : 1);
}

/*
 * Cell vc of column c at row, col: a figure in its format (a count in
 * none), with a note when its column says what it is and its cell is not
 * steady; a text, and when it names a cell not steady the marker and
 * verdict, yellow ("512 B, QD32 ⚠ noisy"), in a column of what went wrong
 * yellow when its cell failed and red when not, wrapped when longer than
 * its column; nothing stays blank.  Returns the lines it takes in a
 * column width characters wide.
 */
static unsigned
xl_view_cell(struct report_xl *x, lxw_worksheet *ws, lxw_row_t row, lxw_col_t col,
    const struct view_col *c, const struct view_cell *vc, double width)
{
	unsigned lines = 1;
	char *s, note[VIEW_LEGEND_LEN];

	if (vc->kind == VIEW_NUMBER) {
		worksheet_write_number(ws, row, col, vc->value, c->flags & VIEW_COL_COUNT ? x->top :
		    xl_view_format(x, vc, c->decimals));
		if (c->subject != NULL && (vc->flags & VIEW_UNSTEADY)) {
			s = xasprintf("%s %s from a cell that is not steady: %s", REPORT_UNSTEADY_MARK,
			    c->subject, vc->why != NULL ? vc->why : "");
			worksheet_write_comment(ws, row, col, s);
			free(s);
		} else if (view_caveat_note(vc->flags, note, sizeof note) != NULL)
			worksheet_write_comment(ws, row, col, note);
	} else if (vc->kind == VIEW_TEXT && (vc->flags & VIEW_UNSTEADY)) {
		s = xasprintf("%s %s %s", vc->text, REPORT_UNSTEADY_MARK,
		    results_stability_name(vc->flags & VIEW_STALLED ? STABILITY_STALLED :
		    STABILITY_NOISY));
		worksheet_write_string(ws, row, col, s, x->failed);
		free(s);
	} else if (vc->kind == VIEW_TEXT && (c->flags & VIEW_COL_ALERT))
		worksheet_write_string(ws, row, col, vc->text, vc->flags & VIEW_FAILED ? x->failed :
		    x->bad);
	else if (vc->kind == VIEW_TEXT) {
		lines = width > 0 ? report_xlsx_lines(vc->text, width) : 1;
		worksheet_write_string(ws, row, col, vc->text, lines > 1 ? x->wrap : x->top);
	}
	return lines;
}

/* The width of sheet column col (0: not fitted). */
static double
xl_width(const struct xl_sheet *sh, unsigned col)
{
	return col < sh->n ? sh->w[col] : 0;
}

/*
 * The rows of view v from row, but the columns documents alone show: the
 * labels (unless it has none) in label; a row with a wrapped text as high
 * as its lines.  Returns the next row.
 */
static lxw_row_t
xl_view_rows(struct report_xl *x, struct xl_sheet *sh, lxw_row_t row, const struct view_table *v,
    lxw_format *label)
{
	lxw_col_t col;
	unsigned r, c, lines, most;

	for (r = 0; r < v->nrows; r++, row++) {
		col = 0;
		most = 1;
		if (!v->unlabelled)
			worksheet_write_string(sh->ws, row, col++, v->rows[r].label,
			    label != NULL ? label : x->top);
		for (c = 0; c < v->ncols; c++) {
			if (v->cols[c].flags & VIEW_COL_DOC)
				continue;
			lines = xl_view_cell(x, sh->ws, row, col, &v->cols[c], view_table_cell(v, r, c),
			    xl_width(sh, col));
			most = lines > most ? lines : most;
			col++;
		}
		if (most > 1)
			worksheet_set_row(sh->ws, row, XL_LINE_PT * most, NULL);
	}
	return row;
}

/* A header of sheet column col at row; returns its lines in the column's width (bold: wider). */
static unsigned
xl_head(struct report_xl *x, struct xl_sheet *sh, lxw_row_t row, lxw_col_t col, const char *text)
{
	worksheet_write_string(sh->ws, row, col, text, x->header);
	return xl_width(sh, col) > 0 ? report_xlsx_lines(text, xl_width(sh, col)) :
	    3;
}

/*
 * View v at row: a header row of its column names as high as its longest
 * wrapped name, then its rows, labels in label.  Returns the next row.
 */
static lxw_row_t
xl_view_table(struct report_xl *x, struct xl_sheet *sh, lxw_row_t row, const struct view_table *v,
    lxw_format *label)
{
	lxw_col_t col = 0;
	unsigned c, lines, most = 1;

	if (!v->unlabelled)
		most = xl_head(x, sh, row, col++, v->row_head);
	for (c = 0; c < v->ncols; c++)
		if (!(v->cols[c].flags & VIEW_COL_DOC)) {
			lines = xl_head(x, sh, row, col++, v->cols[c].name);
			most = lines > most ? lines : most;
		}
	if (sh->n > 0)
		worksheet_set_row(sh->ws, row, XL_LINE_PT * most, NULL);
	return xl_view_rows(x, sh, row + 1, v, label);
}

/* Widen sheet column col to need characters, between XL_WIDTH_MIN and XL_WIDTH_TEXT. */
static void
xl_fit_width(struct xl_sheet *sh, unsigned col, double need)
{
	if (col >= XL_COLS_MAX)
		return;
	while (sh->n <= col)
		sh->w[sh->n++] = XL_WIDTH_MIN;
	sh->w[col] = fmax(sh->w[col], fmin(XL_WIDTH_TEXT, fmax(XL_WIDTH_MIN, need)));
}

/*
 * Widen sheet column col to hold text: a header wrapped into at most three
 * lines, its longest word whole; a sentence wrapped at XL_WIDTH_TEXT.
 */
static void
xl_fit(struct xl_sheet *sh, unsigned col, const char *text, bool header)
{
	double chars = 0, word = 0, longest = 0, need;
	const char *p;

	for (p = text; *p != '\0'; p++) {
		if (((unsigned char)*p & 0xC0) == 0x80)
			continue;
		chars++;
		word = *p == ' ' ? 0 : word + 1;
		longest = word > longest ? word : longest;
	}
	need = header ? fmax(longest * 1.1 + 2, chars * 1.1 / 3 + 2) : chars + 2;
	xl_fit_width(sh, col, need);
}

/* Widen the sheet's columns for view v as xl_view_table writes it. */
static void
xl_view_fit(struct xl_sheet *sh, const struct view_table *v)
{
	unsigned r, c, col = 0;
	char num[64];
	size_t len;

	if (!v->unlabelled) {
		xl_fit(sh, col, v->row_head, true);
		for (r = 0; r < v->nrows; r++)
			xl_fit(sh, col, v->rows[r].label, false);
		col++;
	}
	for (c = 0; c < v->ncols; c++) {
		if (v->cols[c].flags & VIEW_COL_DOC)
			continue;
		xl_fit(sh, col, v->cols[c].name, true);
		for (r = 0; r < v->nrows; r++) {
			const struct view_cell *vc = view_table_cell(v, r, c);

			if (vc->kind == VIEW_TEXT)
				xl_fit(sh, col, vc->text, false);
			else if (vc->kind == VIEW_NUMBER) {
				/* #,##0.0: a separator per three digits */
				len = (size_t)snprintf(num, sizeof num, "%.0f", fabs(vc->value));
				xl_fit_width(sh, col, (double)(len + len / 3 + 2) +
				    (v->cols[c].decimals > 0 ? v->cols[c].decimals + 1 : 0));
			}
		}
		col++;
	}
}

/*
 * A line of text at row from column col, in fmt's wrapped twin, across
 * the columns of the first page and as high as its lines there (the
 * Summary's sentences, which would otherwise run past the page's edge).
 * Returns the next row.
 */
static lxw_row_t
xl_line(struct report_xl *x, struct xl_sheet *sh, lxw_row_t row, lxw_col_t col, const char *text,
    lxw_format *fmt)
{
	lxw_format *wrap = fmt == x->alert ? x->alert_wrap : fmt == x->bold ? x->bold_wrap : x->wrap;
	double chars = 0;
	unsigned c, lines;

	for (c = col; c < sh->page; c++)
		chars += sh->w[c];
	if (sh->page <= (unsigned)col + 1 || (fmt != NULL && fmt != x->alert && fmt != x->bold)) {
		worksheet_write_string(sh->ws, row, col, text, fmt);
		return row + 1;
	}
	lines = report_xlsx_lines(text, chars);
	worksheet_merge_range(sh->ws, row, col, row, (lxw_col_t)(sh->page - 1), text, wrap);
	if (lines > 1)
		worksheet_set_row(sh->ws, row, XL_LINE_PT * lines, NULL);
	return row + 1;
}

/* Summary rows: the provisioned caps and each mode's peaks against them.  Returns the next row. */
static lxw_row_t
xl_expect(struct report_xl *x, struct xl_sheet *sh, lxw_row_t row, const struct report_ctx *ctx)
{
	const struct expect *e = ctx->view->docs->head.expect;
	const struct view_table *v = &ctx->view->findings;
	char caps[160], a[32], *line;
	unsigned m;

	if (!e->set)
		return row;
	line = xasprintf("Against the provisioned limits: %s%s%s%s%s%s", view_summary_caps(e, caps,
	    sizeof caps), e->profile[0] ? " (profile " : "", e->profile, e->size_bytes > 0 ?
	    ", volume size " : "", e->size_bytes > 0 ? size_human(e->size_bytes, a, sizeof a) : "",
	    e->profile[0] ? ")" : "");
	row = xl_line(x, sh, row, 0, line, x->bold);
	free(line);
	row = xl_line(x, sh, row, 0, e->source, NULL);
	if (e->basis[0] != '\0' && strcmp(e->basis, e->source) != 0) {
		line = xasprintf("How: %s", e->basis);
		row = xl_line(x, sh, row, 0, line, NULL);
		free(line);
	}
	for (m = 0; m < v->nrows; m++) {
		const struct view_cell *vc = view_table_cell(v, m, FIND_EXPECT);

		worksheet_write_string(sh->ws, row, 0, v->rows[m].label, x->bold);
		row = xl_line(x, sh, row, 1, vc->text, vc->flags & VIEW_ABOVE_CAP ? x->alert : NULL);
	}
	if (ctx->view->docs->notes.below_advice != NULL)
		row = xl_line(x, sh, row, 0, ctx->view->docs->notes.below_advice, NULL);
	return row + 1;
}

/* Summary rows: how the cells ended, burst detection's finding and its cells.  Returns the next row. */
static lxw_row_t
xl_bursts(struct report_xl *x, struct xl_sheet *sh, lxw_row_t row, const struct report_ctx *ctx)
{
	const struct view_notes *n = &ctx->view->docs->notes;

	if (n->steady != NULL)
		row = xl_line(x, sh, row, 0, n->steady, NULL);
	row = xl_line(x, sh, row, 0, n->stability, n->counts.nunsteady > 0 ? x->alert : NULL);
	row = xl_line(x, sh, row, 0, n->burst, n->counts.nburst > 0 ? x->alert : x->bold);
	if (ctx->view->bursts.nrows > 0)
		row = xl_view_table(x, sh, row, &ctx->view->bursts, NULL);
	return row + 1;
}

/* Summary rows: the BW checks' count and each mismatch with its likely cause.  Returns the next row. */
static lxw_row_t
xl_summary_checks(struct report_xl *x, struct xl_sheet *sh, lxw_row_t row,
    const struct report_ctx *ctx)
{
	const struct view_counts *c = &ctx->view->docs->notes.counts;
	bool table = c->table;
	unsigned checked = c->checked, pass = c->pass, unchecked = c->unchecked;
	char *line, dev[64] = "", rest[96] = "";

	/* The device leg only where a cell has the device's counters; a table's rows checked apart. */
	if (c->device)
		snprintf(dev, sizeof dev, "; device counters within %.0f%% of measured",
		    BW_CHECK_DEVICE_TOL * 100);
	if (unchecked > 0)
		snprintf(rest, sizeof rest, "; %u cell%s not checked (IOPS or bandwidth in the table, "
		    "not both)", unchecked, unchecked == 1 ? "" : "s");
	if (checked == 0)
		line = xstrdup("BW = IOPS x bs checks: not checked (the table gives IOPS or "
		    "bandwidth in each row, not both)");
	else
		line = xasprintf("BW = IOPS x bs checks: %u of %u cells pass (%s within %.0f%% of %s%s)%s",
		    pass, checked, table ? "IOPS x bs" : "derived IOPS x bs", BW_CHECK_DERIVED_TOL * 100,
		    table ? "the table's bandwidth" : "measured bytes / time", dev, rest);
	row = xl_line(x, sh, row, 0, line, c->nmismatch > 0 ? x->alert : x->bold);
	free(line);
	if (c->nunsteady > 0) {
		line = xasprintf("The check is of the accounting only: %u of these cells %s not steady "
		    "(the Stability column of the Cells and Checks sheets).", c->nunsteady,
		    c->nunsteady == 1 ? "is" : "are");
		row = xl_line(x, sh, row, 0, line, x->alert);
		free(line);
	}
	if (c->nmismatch == 0)
		return row;
	row = xl_line(x, sh, row, 0, "Mismatches, with the likely cause:", x->bold);
	return xl_view_table(x, sh, row, &ctx->view->mismatches, NULL);
}

/* Summary rows: the cells that failed or were skipped, with why.  Returns the next row. */
static lxw_row_t
xl_summary_failed(struct report_xl *x, struct xl_sheet *sh, lxw_row_t row,
    const struct report_ctx *ctx)
{
	const struct view_counts *c = &ctx->view->docs->notes.counts;
	char *line;

	if (c->nfailed + c->nskipped == 0)
		return row;
	row++;
	line = xasprintf("%u cells failed, %u skipped:", c->nfailed, c->nskipped);
	row = xl_line(x, sh, row, 0, line, x->bold);
	free(line);
	return xl_view_rows(x, sh, row, &ctx->view->problems, NULL);
}

/*
 * Summary rows, when --retry-unstable ran a cell again: the rule and how
 * many are steady now (red when some is not), then a row per cell, "its
 * name: its attempts" (view-retry.c); when it had none to run again, a
 * line that says so.  Returns the next row.
 */
static lxw_row_t
xl_retries(struct report_xl *x, struct xl_sheet *sh, lxw_row_t row, const struct report_ctx *ctx)
{
	const struct view_retry *v = &ctx->view->docs->retry;
	unsigned i;

	if (v->none != NULL)
		row = xl_line(x, sh, row + 1, 0, v->none, NULL);
	if (v->text == NULL)
		return row;
	row = xl_line(x, sh, row + 1, 0, "Retried cells", x->bold);
	row = xl_line(x, sh, row, 0, v->text, v->unsteady ? x->alert : NULL);
	/* a line each, as the documents' list: the Summary's first column is too narrow for a name */
	for (i = 0; i < v->ncells; i++) {
		char *line = xasprintf("%s: %s", v->cells[i].name, v->cells[i].note);

		row = xl_line(x, sh, row, 0, line, NULL);
		free(line);
	}
	return row;
}

/*
 * Summary rows of --rounds-until-steady: whether steady state was reached
 * (red when not) and each tracking cell's IOPS per round.  Returns the
 * next row.
 */
static lxw_row_t
xl_rounds(struct report_xl *x, struct xl_sheet *sh, lxw_row_t row, const struct report_ctx *ctx)
{
	const struct view_rounds_verdict *v = &ctx->view->docs->rounds;

	if (!v->on)
		return row;
	row = xl_line(x, sh, row + 1, 0, "Rounds until steady", x->bold);
	row = xl_line(x, sh, row, 0, v->text, v->reached ? NULL : x->alert);
	return xl_view_table(x, sh, row, &ctx->view->rounds, x->bold);
}

/*
 * A Summary row "HEAD TEXT TAIL" in format fmt, when there is a text (NULL:
 * no row).  Returns the next row.
 */
static lxw_row_t
xl_banner(struct report_xl *x, struct xl_sheet *sh, lxw_row_t row, const char *head,
    const char *text, const char *tail, lxw_format *fmt)
{
	char *line;

	if (text == NULL)
		return row;
	line = xasprintf("%s%s%s", head, text, tail);
	row = xl_line(x, sh, row, 0, line, fmt);
	free(line);
	return row;
}

/*
 * The Summary's opening rows: a run that read a region never written and a
 * cell not steady (bold red), then the volume against its spec (bold; red
 * when below it or above the cap).
 */
static lxw_row_t
xl_banners(struct report_xl *x, struct xl_sheet *sh, lxw_row_t row, const struct report_ctx *ctx)
{
	const struct view_notes *n = &ctx->view->docs->notes;

	row = xl_banner(x, sh, row, REPORT_UNWRITTEN_MARK " Reads of a region never written: ",
	    n->unwritten[VIEW_WHERE_SHEET], "", x->alert);
	row = xl_banner(x, sh, row, REPORT_UNSTEADY_MARK " Not steady: ",
	    n->unsteady[VIEW_WHERE_SHEET], "", x->alert);
	return xl_banner(x, sh, row, "Verdict: ", n->verdict, ".",
	    n->verdict_off ? x->alert : x->bold);
}

/*
 * The Summary's columns fitted to its tables, set on the sheet in ranges
 * of one width; it prints at 75% or more, its first column on every page.
 */
static void
xl_summary_columns(struct xl_sheet *sh, const struct report_ctx *ctx)
{
	double px = 0, page, used = 0;
	unsigned c, last, i;

	xl_view_fit(sh, &ctx->view->summary);
	xl_view_fit(sh, &ctx->view->bursts);
	xl_view_fit(sh, &ctx->view->mismatches);
	xl_view_fit(sh, &ctx->view->problems);
	if (ctx->view->docs->rounds.on)
		xl_view_fit(sh, &ctx->view->rounds);
	for (i = 0; i < ctx->view->nsections; i++)
		xl_view_fit(sh, &ctx->view->sections[i]);
	for (c = 0; c < sh->n; c = last + 1) {
		for (last = c; last + 1 < sh->n && sh->w[last + 1] == sh->w[c]; last++)
			;
		worksheet_set_column(sh->ws, (lxw_col_t)c, (lxw_col_t)last, sh->w[c], NULL);
	}
	for (c = 0; c < sh->n; c++)
		px += report_xlsx_col_px(sh->w[c]);
	report_xlsx_page_across(sh->ws, 0, 0, px, false, REPORT_XLSX_PRINT_MIN);
	page = report_xlsx_page_px(px, false, REPORT_XLSX_PRINT_MIN) / REPORT_XLSX_FONT_SLACK;
	for (sh->page = 0; sh->page < sh->n; sh->page++) {
		used += report_xlsx_col_px(sh->w[sh->page]);
		if (used > page)
			break;
	}
}

/* Summary: per mode peaks, QD1 4K latency, the knee; the checks; failures; warnings. */
static void
xl_summary(struct report_xl *x, const struct report_ctx *ctx)
{
	const struct view_header *h = &ctx->view->docs->head;
	struct xl_sheet *sh = xcalloc(1, sizeof *sh);
	lxw_row_t row = 0;
	char *line, when[64] = "";
	unsigned i;

	sh->ws = workbook_add_worksheet(x->wb, SHEET_SUMMARY);
	xl_summary_columns(sh, ctx);
	line = xasprintf("Storage characterization: %s", h->label);
	worksheet_write_string(sh->ws, row++, 0, line, x->title);
	free(line);
	row = report_xlsx_card(x, sh->ws, row, ctx, sh->w, sh->page);
	if (h->per_cell[0] != '\0')
		snprintf(when, sizeof when, ", %s per cell", h->per_cell);
	line = xasprintf("Target %s (%s%s%s), host %s, started %s, engine %s%s, sweep %s",
	    h->target, h->device ? "block device" : "file", h->model[0] ? ", " : "", h->model,
	    h->host, h->started, h->engine, when, h->version);
	row = xl_line(x, sh, row, 0, line, NULL);
	free(line);
	if (h->description[0] != '\0')
		row = xl_line(x, sh, row, 0, h->description, NULL);
	row = xl_line(x, sh, row, 0, report_xlsx_has_curves(ctx) ? "Units: IOPS; MiB/s = "
	    "2^20 bytes/s, MB/s = 10^6 bytes/s; latency in microseconds (us). Charts: on the IOPS, "
	    "MiB per s and p99 latency sheets; against queue depth on the Saturation sheet." :
	    "Units: IOPS; MiB/s = 2^20 bytes/s, MB/s = 10^6 bytes/s; latency in microseconds (us). "
	    "Charts: on the IOPS, MiB per s and p99 latency sheets.", NULL);
	if (ctx->view->big)
		row = xl_line(x, sh, row, 0, "A large run: the IOPS, MiB per s and p99 latency "
		    "sheets give the best cell of each block size over every queue depth and job count, "
		    "and there is no Saturation sheet; the Cells and Checks sheets have every cell.",
		    x->alert);
	row = xl_banners(x, sh, row, ctx);
	row++;
	row = xl_view_table(x, sh, row, &ctx->view->summary, x->bold);
	row++;
	row = xl_expect(x, sh, row, ctx);
	row = xl_bursts(x, sh, row, ctx);
	row = xl_summary_checks(x, sh, row, ctx);
	row = xl_summary_failed(x, sh, row, ctx);
	row = xl_retries(x, sh, row, ctx);
	row = xl_rounds(x, sh, row, ctx);
	for (i = 0; i < h->nwarnings; i++) {
		line = xasprintf("Warning: %s", h->warnings[i]);
		xl_line(x, sh, ++row, 0, line, x->alert);
		free(line);
	}
	/* the sections every format shows as they are: a heading and a table */
	for (i = 0; i < ctx->view->nsections; i++) {
		row += 2;
		row = xl_line(x, sh, row, 0, ctx->view->headings[i], x->bold);
		if (ctx->view->sections[i].note != NULL)
			row = xl_line(x, sh, row, 0, ctx->view->sections[i].note, x->alert);
		row = xl_view_table(x, sh, row, &ctx->view->sections[i], x->bold);
	}
	worksheet_print_area(sh->ws, 0, 0, row, (lxw_col_t)(sh->n > 0 ? sh->n - 1 : 0));
	worksheet_activate(sh->ws);
	free(sh);
}
/* The format of a number with c's decimals (a figure of a failed check in Checks: red). */
static lxw_format *
xl_number_format(struct report_xl *x, const struct column *c, const struct column_value *v,
    bool checks)
{
	if (checks && v->mark == COLUMN_MARK_MISMATCH)
		return x->bad1;
	switch (c->decimals) {
	case 0:
		return x->num0;
	case 1:
		return x->num1;
	case 2:
		return x->pct;
	case 3:
		return x->num3;
	default:
		return NULL;
	}
}

/*
 * Column c of cell r at row, col.  Texts are coloured by their mark in both
 * sheets, figures only in Checks (the sheet of the check).
 */
static void
xl_value(struct report_xl *x, lxw_worksheet *ws, lxw_row_t row, lxw_col_t col, const struct column *c,
    const struct view_rows *it, bool checks)
{
	struct column_value v;
	char caps[sizeof v.buf], *p;

	view_rows_value(it, c, &v);
	switch (v.kind) {
	case COLUMN_EMPTY:
		if (checks && (c->flags & COLUMN_CHECKS_NA))
			worksheet_write_string(ws, row, col, "n/a", NULL);
		break;
	case COLUMN_NUMBER:
	case COLUMN_COUNT:
		worksheet_write_number(ws, row, col, v.kind == COLUMN_NUMBER ? v.number :
		    (double)v.count, v.kind == COLUMN_NUMBER && c->decimals <= 1 ?
		    report_xlsx_small(x, xl_number_format(x, c, &v, checks), v.number,
		    checks && v.mark == COLUMN_MARK_MISMATCH ? 1 : c->decimals) :
		    xl_number_format(x, c, &v, checks));
		break;
	case COLUMN_TEXT:
		if (c->flags & COLUMN_CAPITALS) {
			str_copy(caps, sizeof caps, v.text);
			for (p = caps; *p != '\0'; p++)
				if (*p >= 'a' && *p <= 'z')
					*p = (char)(*p - 'a' + 'A');
			v.text = caps;
		}
		worksheet_write_string(ws, row, col, v.text, v.mark == COLUMN_MARK_FAILED ? x->failed :
		    v.mark == COLUMN_MARK_MISMATCH ? x->bad : NULL);
		break;
	}
}

/*
 * Rows 0..last of a sheet of columns cols[0..n) as an Excel Table, banded
 * rows and a filter on every column; only a filter when the sheet is
 * written row by row (a large run: a table rewrites its header row) or
 * two columns share a title (a table's must differ).
 */
static void
xl_table(struct report_xl *x, lxw_worksheet *ws, const struct column *const *cols, unsigned n,
    bool checks, lxw_row_t last)
{
	lxw_table_column *tc = xcalloc(n, sizeof *tc), **list = xcalloc(n + 1, sizeof *list);
	lxw_table_options opt;
	unsigned c, d;
	bool same = false;

	for (c = 0; c < n; c++) {
		tc[c].header = (char *)(checks && cols[c]->checks_title != NULL ?
		    cols[c]->checks_title : cols[c]->title);
		tc[c].header_format = x->header;
		list[c] = &tc[c];
		for (d = 0; d < c; d++)
			same |= strcasecmp(tc[c].header, tc[d].header) == 0;
	}
	memset(&opt, 0, sizeof opt);
	opt.style_type = LXW_TABLE_STYLE_TYPE_LIGHT;
	opt.style_type_number = 1;
	opt.columns = list;
	if (ws->optimize || same)
		worksheet_autofilter(ws, 0, 0, last, (lxw_col_t)(n - 1));
	else
		worksheet_add_table(ws, 0, 0, last, (lxw_col_t)(n - 1), &opt);
	free(list);
	free(tc);
}

/*
 * A sheet of columns cols[0..n) (the Checks sheet's when checks): their
 * header, as high as its longest wrapped title, then a row per cell that
 * want() takes.  It prints at 75% or more, pages across when it must, the
 * identifying columns (mode, block size, depth, jobs) on every page.
 * Returns the next row.
 */
static lxw_row_t
xl_columns_sheet(struct report_xl *x, lxw_worksheet *ws, const struct view *v,
    const struct column *const *cols, unsigned n, bool checks, double width, unsigned want)
{
	struct view_rows it;
	lxw_row_t row = 1;
	lxw_col_t c, first, last, id = 0;
	unsigned *widths, lines, most = 1;
	lxw_col_t print_last;
	double px = 0;
	const char *title;

	widths = xcalloc(n + 1, sizeof *widths);
	for (c = 0; c < n; c++) {
		widths[c] = checks ? cols[c]->checks_width : cols[c]->width;
		if (widths[c] == 0)
			widths[c] = (unsigned)width;
		px += report_xlsx_col_px(widths[c]);
		if (c == id && (cols[c]->flags & XL_ID) == XL_ID)
			id++;
		title = checks && cols[c]->checks_title != NULL ? cols[c]->checks_title :
		    cols[c]->title;
		worksheet_write_string(ws, 0, c, title, x->header);
		lines = report_xlsx_lines(title, widths[c]);
		most = lines > most ? lines : most;
	}
	worksheet_set_row(ws, 0, XL_LINE_PT * (most > 3 ? most : 3), NULL);
	/*
	 * Neighbours of one width as one range, none overlapping another
	 * (LibreOffice adds up overlapping ranges' widths when it prints).
	 */
	for (first = 0; first < n; first = last + 1) {
		for (last = first; (unsigned)last + 1 < n && widths[last + 1] == widths[first];
		    last++)
			;
		worksheet_set_column(ws, first, last, widths[first], NULL);
	}
	worksheet_freeze_panes(ws, 1, id);
	report_xlsx_page_across(ws, 0, id > 0 ? id - 1 : 0, px, true, REPORT_XLSX_PRINT_MIN);
	print_last = (lxw_col_t)report_xlsx_print_last(widths, n, id, checks ? 3 : 2);
	free(widths);
	view_rows_begin(&it, v, want);
	while (view_rows_next(&it)) {
		for (c = 0; c < n; c++)
			xl_value(x, ws, row, c, cols[c], &it, checks);
		row++;
	}
	xl_table(x, ws, cols, n, checks, row > 1 ? row - 1 : 1);
	worksheet_print_area(ws, 0, 0, row > 1 ? row - 1 : 1, print_last);
	return row;
}

/*
 * A sheet of a row per cell.  libxlsxwriter keeps every cell of a sheet in
 * memory (about 100 bytes each: 0.6 GB for the two sheets of 100,000 cells)
 * unless the sheet is made in constant_memory mode, which writes each row
 * out when the next one starts.  The option is read when a sheet is added,
 * so it is set for these two sheets of a large run only, which are written
 * row by row; the other sheets, and every sheet of a run of ordinary size,
 * are made as before (constant_memory also writes strings inline, so the
 * file would change).
 */
static lxw_worksheet *
xl_cells_sheet(struct report_xl *x, const struct report_ctx *ctx, const char *name)
{
	lxw_worksheet *ws;

	x->wb->options.constant_memory = ctx->view->big ? LXW_TRUE : LXW_FALSE;
	ws = workbook_add_worksheet(x->wb, name);
	x->wb->options.constant_memory = LXW_FALSE;
	/* Its rows go to a temporary file, by default in 4 KiB writes. */
	if (ws != NULL && ws->optimize_tmpfile != NULL)
		setvbuf(ws->optimize_tmpfile, NULL, _IOFBF, 1024 * 1024);
	return ws;
}

/* Cells: every figure of every cell, the columns of results.csv without the label. */
static void
xl_cells(struct report_xl *x, const struct report_ctx *ctx)
{
	const struct column **cols = xcalloc(ncolumns, sizeof *cols);
	unsigned k, n = 0;

	for (k = 0; k < ncolumns; k++)
		if (columns[k].flags & COLUMN_CELLS)
			cols[n++] = &columns[k];
	xl_columns_sheet(x, xl_cells_sheet(x, ctx, SHEET_CELLS), ctx->view, cols, n, false, 13,
	    VIEW_ROWS_FINISHED);
	free(cols);
}

/* Checks: the BW = IOPS x bs detail of every cell with figures, row by row. */
static void
xl_checks(struct report_xl *x, const struct report_ctx *ctx)
{
	const struct column **cols = xcalloc(view_ncheck_cols, sizeof *cols);
	lxw_worksheet *ws = xl_cells_sheet(x, ctx, SHEET_CHECKS);
	lxw_row_t row;
	unsigned k, n = 0;
	char *note;

	/* the columns of every cell's check that the sheet shows: view-checks.c */
	for (k = 0; k < view_ncheck_cols; k++)
		if (!(view_check_cols[k].flags & VIEW_COL_DOC))
			cols[n++] = column_find(view_check_cols[k].column);
	row = xl_columns_sheet(x, ws, ctx->view, cols, n, true, 14, VIEW_ROWS_FIGURES);
	free(cols);

	if (ctx->view->docs->notes.counts.device)
		note = xasprintf("Tolerances: derived vs measured %.0f%%, device vs measured %.0f%%.",
		    BW_CHECK_DERIVED_TOL * 100, BW_CHECK_DEVICE_TOL * 100);
	else
		note = xasprintf("Tolerance: derived vs measured %.0f%% (no device counters).",
		    BW_CHECK_DERIVED_TOL * 100);
	worksheet_write_string(ws, row + 1, 0, note, NULL);
	free(note);
}

/* Run: target, host, plan, versions. */
static void
xl_run(struct report_xl *x, const struct report_ctx *ctx)
{
	struct xl_sheet sh = { .ws = workbook_add_worksheet(x->wb, SHEET_RUN), .n = 0 };
	lxw_worksheet *ws = sh.ws;
	lxw_row_t r;
	char *line;

	worksheet_set_column(ws, 0, 0, 36, NULL);
	worksheet_set_column(ws, 1, 1, 84, NULL);
	/* A fixed scale: fitted to a page's width, a 100-character column printed at 7.8 points. */
	report_xlsx_page_across(ws, 0, 0, (report_xlsx_col_px(36) + report_xlsx_col_px(84)) *
	    REPORT_XLSX_FONT_SLACK, false, REPORT_XLSX_PRINT_MIN);
	r = xl_view_table(x, &sh, 0, &ctx->view->run, x->bold);
	line = xasprintf("libxlsxwriter %s", LXW_VERSION);
	worksheet_write_string(ws, r, 0, "Written with", x->bold);
	worksheet_write_string(ws, r, 1, line, NULL);
	free(line);
}

/* Write DIR/report.xlsx whole or not at all. */
int
report_xlsx_write(struct report_ctx *ctx)
{
	char *tmp = xasprintf("%s/.report.xlsx.tmp.%ld", ctx->dir, (long)getpid()), name[64];
	char *path = xasprintf("%s/report.xlsx", ctx->dir);
	lxw_workbook_options opt = { .constant_memory = LXW_FALSE, .tmpdir = NULL,
	    .use_zip64 = LXW_FALSE };
	lxw_doc_properties props;
	struct report_xl x;
	char *title;
	int err = 0, fd;

	memset(&x, 0, sizeof x);
	fd = report_xlsx_tmp(tmp, name, sizeof name, ctx->error, sizeof ctx->error);
	x.wb = fd >= 0 ? workbook_new_opt(name, &opt) : NULL;
	if (x.wb == NULL) {
		if (fd >= 0) {
			snprintf(ctx->error, sizeof ctx->error, "%s: libxlsxwriter could not create "
			    "the workbook", tmp);
			close(fd);
			unlink(tmp);
		}
		free(tmp);
		free(path);
		return fd >= 0 ? -EIO : fd;
	}
	memset(&props, 0, sizeof props);
	title = xasprintf("sweep: %s", ctx->view->docs->head.label);
	props.title = title;
	props.comments = (char *)"Storage characterization written by sweep from results.json";
	workbook_set_properties(x.wb, &props);
	xl_formats(&x);
	xl_summary(&x, ctx);
	report_xlsx_hold(&x, ctx);
	if (ctx->view->docs->nseries > 0 && ctx->view->docs->nbs > 0) {
		report_xlsx_pivots(&x, ctx);
		report_xlsx_curves(&x, ctx);
	}
	xl_cells(&x, ctx);
	xl_checks(&x, ctx);
	xl_run(&x, ctx);
	err = report_xlsx_close(x.wb, tmp, path, ctx->error, sizeof ctx->error);
	close(fd);
	free(title);
	free(tmp);
	free(path);
	return err;
}
