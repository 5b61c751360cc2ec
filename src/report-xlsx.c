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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <xlsxwriter.h>

#include "report.h"

#define SHEET_SUMMARY	"Summary"
#define SHEET_CELLS	"Cells"
#define SHEET_CHECKS	"Checks"
#define SHEET_RUN	"Run"

/* The formats every sheet uses. */
static void
xl_formats(struct report_xl *x)
{
	x->title = report_xlsx_format(x->wb, NULL, true, 0, 0);
	format_set_font_size(x->title, 14);
	x->header = report_xlsx_format(x->wb, NULL, true, 0xF0F0F0, 0);
	format_set_text_wrap(x->header);
	format_set_align(x->header, LXW_ALIGN_VERTICAL_TOP);
	format_set_bottom(x->header, LXW_BORDER_THIN);
	x->bold = report_xlsx_format(x->wb, NULL, true, 0, 0);
	x->wrap = report_xlsx_format(x->wb, NULL, false, 0, 0);
	format_set_text_wrap(x->wrap);
	format_set_align(x->wrap, LXW_ALIGN_VERTICAL_TOP);
	x->num0 = report_xlsx_format(x->wb, "#,##0", false, 0, 0);
	x->num1 = report_xlsx_format(x->wb, "#,##0.0", false, 0, 0);
	x->num3 = report_xlsx_format(x->wb, "#,##0.000", false, 0, 0);
	x->pct = report_xlsx_format(x->wb, "0.00", false, 0, 0);
	x->bad = report_xlsx_format(x->wb, NULL, false, 0xFDE2E2, 0x8A0000);
	x->bad0 = report_xlsx_format(x->wb, "#,##0", false, 0xFDE2E2, 0x8A0000);
	x->bad1 = report_xlsx_format(x->wb, "#,##0.0", false, 0xFDE2E2, 0x8A0000);
	x->failed = report_xlsx_format(x->wb, NULL, false, 0xFFF2CC, 0);
	x->unsteady0 = report_xlsx_format(x->wb, "#,##0", false, 0xFFF2CC, 0);
	x->unsteady1 = report_xlsx_format(x->wb, "#,##0.0", false, 0xFFF2CC, 0);
	x->alert = report_xlsx_format(x->wb, NULL, true, 0, 0xB00020);
}

/* The format of figure vc with decimals: red for a failed check or above the cap, yellow unsteady. */
static lxw_format *
xl_view_format(struct report_xl *x, const struct view_cell *vc, int decimals)
{
	if (vc->flags & VIEW_UNSTEADY)
		return decimals == 0 ? x->unsteady0 : x->unsteady1;
	if (vc->flags & (VIEW_MISMATCH | VIEW_ABOVE_CAP))
		return decimals == 0 ? x->bad0 : x->bad1;
	return decimals == 0 ? x->num0 : x->num1;
}

/*
 * Cell vc of column c at row, col: a figure in its format (a count in
 * none), with a note when its column says what it is and its cell is not
 * steady; a text, and when it names a cell not steady the marker and
 * verdict, yellow ("512 B, QD32 ⚠ noisy"), in a column of what went wrong
 * yellow when its cell failed and red when not; nothing stays blank.
 */
static void
xl_view_cell(struct report_xl *x, lxw_worksheet *ws, lxw_row_t row, lxw_col_t col,
    const struct view_col *c, const struct view_cell *vc)
{
	char *s;

	if (vc->kind == VIEW_NUMBER) {
		worksheet_write_number(ws, row, col, vc->value, c->flags & VIEW_COL_COUNT ? NULL :
		    xl_view_format(x, vc, c->decimals));
		if (c->subject != NULL && (vc->flags & VIEW_UNSTEADY)) {
			s = xasprintf("%s %s from a cell that is not steady: %s", REPORT_UNSTEADY_MARK,
			    c->subject, vc->why != NULL ? vc->why : "");
			worksheet_write_comment(ws, row, col, s);
			free(s);
		} else if (vc->flags & VIEW_UNWRITTEN)
			worksheet_write_comment(ws, row, col, REPORT_UNWRITTEN_NOTE);
	} else if (vc->kind == VIEW_TEXT && (vc->flags & VIEW_UNSTEADY)) {
		s = xasprintf("%s %s %s", vc->text, REPORT_UNSTEADY_MARK,
		    analysis_stability_verdict_name(vc->flags & VIEW_STALLED ? STABILITY_STALLED :
		    STABILITY_NOISY));
		worksheet_write_string(ws, row, col, s, x->failed);
		free(s);
	} else if (vc->kind == VIEW_TEXT)
		worksheet_write_string(ws, row, col, vc->text, !(c->flags & VIEW_COL_ALERT) ? NULL :
		    vc->flags & VIEW_FAILED ? x->failed : x->bad);
}

/*
 * The rows of view v from row, but the columns documents alone show: the
 * labels (unless it has none) in label.  Returns the next row.
 */
static lxw_row_t
xl_view_rows(struct report_xl *x, lxw_worksheet *ws, lxw_row_t row, const struct view_table *v,
    lxw_format *label)
{
	lxw_col_t col;
	unsigned r, c;

	for (r = 0; r < v->nrows; r++, row++) {
		col = 0;
		if (!v->unlabelled)
			worksheet_write_string(ws, row, col++, v->rows[r].label, label);
		for (c = 0; c < v->ncols; c++)
			if (!(v->cols[c].flags & VIEW_COL_DOC))
				xl_view_cell(x, ws, row, col++, &v->cols[c],
				    view_table_cell(v, r, c));
	}
	return row;
}

/* View v at row: a header row of its column names, then its rows, labels in label.  Returns the next row. */
static lxw_row_t
xl_view_table(struct report_xl *x, lxw_worksheet *ws, lxw_row_t row, const struct view_table *v,
    lxw_format *label)
{
	lxw_col_t col = 0;
	unsigned c;

	if (!v->unlabelled)
		worksheet_write_string(ws, row, col++, v->row_head, x->header);
	for (c = 0; c < v->ncols; c++)
		if (!(v->cols[c].flags & VIEW_COL_DOC))
			worksheet_write_string(ws, row, col++, v->cols[c].name, x->header);
	return xl_view_rows(x, ws, row + 1, v, label);
}

/* Summary rows: the provisioned caps and each mode's peaks against them.  Returns the next row. */
static lxw_row_t
xl_expect(struct report_xl *x, lxw_worksheet *ws, lxw_row_t row, const struct report_ctx *ctx)
{
	const struct expect *e = &ctx->res->expect;
	const struct view_table *v = &ctx->view->findings;
	char caps[160], a[32], *line;
	unsigned m;

	if (!e->set)
		return row;
	line = xasprintf("Against the provisioned limits: %s%s%s%s%s%s", report_summary_caps(e, caps,
	    sizeof caps), e->profile[0] ? " (profile " : "", e->profile, e->size_bytes > 0 ?
	    ", volume size " : "", e->size_bytes > 0 ? size_human(e->size_bytes, a, sizeof a) : "",
	    e->profile[0] ? ")" : "");
	worksheet_write_string(ws, row++, 0, line, x->bold);
	free(line);
	worksheet_write_string(ws, row++, 0, e->source, NULL);
	if (e->basis[0] != '\0' && strcmp(e->basis, e->source) != 0) {
		line = xasprintf("How: %s", e->basis);
		worksheet_write_string(ws, row++, 0, line, NULL);
		free(line);
	}
	for (m = 0; m < v->nrows; m++, row++) {
		const struct view_cell *vc = view_table_cell(v, m, FIND_EXPECT);

		worksheet_write_string(ws, row, 0, v->rows[m].label, x->bold);
		worksheet_write_string(ws, row, 1, vc->text, vc->flags & VIEW_ABOVE_CAP ? x->alert :
		    NULL);
	}
	if (report_verdict_below_advice(ctx->sum) != NULL)
		worksheet_write_string(ws, row++, 0, report_verdict_below_advice(ctx->sum), NULL);
	return row + 1;
}

/* Summary rows: how the cells ended, burst detection's finding and its cells.  Returns the next row. */
static lxw_row_t
xl_bursts(struct report_xl *x, lxw_worksheet *ws, lxw_row_t row, const struct report_ctx *ctx)
{
	char *note = report_table_steady_note(ctx);

	if (note != NULL) {
		worksheet_write_string(ws, row++, 0, note, NULL);
		free(note);
	}
	note = report_table_stability_note(ctx);
	worksheet_write_string(ws, row++, 0, note, ctx->sum->nunsteady > 0 ? x->alert : NULL);
	free(note);
	note = report_table_burst_note(ctx);
	worksheet_write_string(ws, row++, 0, note, ctx->sum->nburst > 0 ? x->alert : x->bold);
	free(note);
	if (ctx->view->bursts.nrows > 0)
		row = xl_view_table(x, ws, row, &ctx->view->bursts, NULL);
	return row + 1;
}

/* Summary rows: the BW checks' count and each mismatch with its likely cause.  Returns the next row. */
static lxw_row_t
xl_summary_checks(struct report_xl *x, lxw_worksheet *ws, lxw_row_t row, const struct report_ctx *ctx)
{
	const struct summary *sum = ctx->sum;
	char *line;

	line = xasprintf("BW = IOPS x bs checks: %u of %u cells pass (derived IOPS x bs within %.0f%% "
	    "of measured bytes / time; device counters within %.0f%% of measured)", sum->npass,
	    sum->ndone, BW_CHECK_DERIVED_TOL * 100, BW_CHECK_DEVICE_TOL * 100);
	worksheet_write_string(ws, row++, 0, line, sum->nmismatch > 0 ? x->alert : x->bold);
	free(line);
	if (sum->nunsteady > 0) {
		line = xasprintf("The check is of the accounting only: %u of these cells %s not steady "
		    "(the Stability column of the Cells and Checks sheets).", sum->nunsteady,
		    sum->nunsteady == 1 ? "is" : "are");
		worksheet_write_string(ws, row++, 0, line, x->alert);
		free(line);
	}
	if (sum->nmismatch == 0)
		return row;
	worksheet_write_string(ws, row++, 0, "Mismatches, with the likely cause:", x->bold);
	worksheet_set_row(ws, row, 32, NULL);
	return xl_view_table(x, ws, row, &ctx->view->mismatches, NULL);
}

/* Summary rows: the cells that failed or were skipped, with why.  Returns the next row. */
static lxw_row_t
xl_summary_failed(struct report_xl *x, lxw_worksheet *ws, lxw_row_t row, const struct report_ctx *ctx)
{
	char *line;

	if (ctx->sum->nfailed + ctx->sum->nskipped == 0)
		return row;
	row++;
	line = xasprintf("%u cells failed, %u skipped:", ctx->sum->nfailed, ctx->sum->nskipped);
	worksheet_write_string(ws, row++, 0, line, x->bold);
	free(line);
	return xl_view_rows(x, ws, row, &ctx->view->problems, NULL);
}

/*
 * A Summary row "HEAD TEXT TAIL" in format fmt, when there is a text (the
 * caller's, freed here; NULL: no row).  Returns the next row.
 */
static lxw_row_t
xl_banner(lxw_worksheet *ws, lxw_row_t row, const char *head, char *text, const char *tail,
    lxw_format *fmt)
{
	char *line;

	if (text == NULL)
		return row;
	line = xasprintf("%s%s%s", head, text, tail);
	worksheet_write_string(ws, row++, 0, line, fmt);
	free(line);
	free(text);
	return row;
}

/*
 * The Summary's opening rows: a run that read a region never written and a
 * cell not steady (bold red), then the volume against its spec (bold; red
 * when below it or above the cap).
 */
static lxw_row_t
xl_banners(struct report_xl *x, lxw_worksheet *ws, lxw_row_t row, const struct report_ctx *ctx)
{
	bool off = ctx->sum->verdict == EXPECT_BELOW || ctx->sum->verdict == EXPECT_ABOVE_CAP;

	row = xl_banner(ws, row, REPORT_UNWRITTEN_MARK " Reads of a region never written: ",
	    view_unwritten_banner(ctx->res, "with a note on the figure sheets"), "", x->alert);
	row = xl_banner(ws, row, REPORT_UNSTEADY_MARK " Not steady: ",
	    report_table_stability_banner(ctx, "yellow (and " REPORT_UNSTEADY_MARK " in a text)",
	    "the Stability column of the Cells and Checks sheets"), "", x->alert);
	return xl_banner(ws, row, "Verdict: ", report_verdict_bottom_line(ctx->res, ctx->sum), ".",
	    off ? x->alert : x->bold);
}

/* Summary: per mode peaks, QD1 4K latency, the knee; the checks; failures; warnings. */
static void
xl_summary(struct report_xl *x, const struct report_ctx *ctx)
{
	const struct results *res = ctx->res;
	const struct summary *sum = ctx->sum;
	lxw_worksheet *ws = workbook_add_worksheet(x->wb, SHEET_SUMMARY);
	lxw_row_t row = 0;
	char *line, per[48];
	unsigned i;

	report_xlsx_page(ws, 0, false);
	worksheet_set_column(ws, 0, 0, 12, NULL);
	worksheet_set_column(ws, 1, 1, 14, NULL);
	worksheet_set_column(ws, 2, 2, 18, NULL);
	worksheet_set_column(ws, 3, 4, 14, NULL);
	worksheet_set_column(ws, 5, 5, 18, NULL);
	worksheet_set_column(ws, 6, 10, 14, NULL);
	worksheet_set_column(ws, 11, 11, 90, NULL);
	line = xasprintf("Storage characterization: %s", res->label);
	worksheet_write_string(ws, row++, 0, line, x->title);
	free(line);
	line = xasprintf("Target %s (%s%s%s), host %s, started %s, engine %s, %s per cell, sweep %s",
	    res->target.path, res->target.kind == TARGET_DEVICE ? "block device" : "file",
	    res->target.model[0] ? ", " : "", res->target.model, res->host, res->started_utc,
	    res->plan.engine, report_per_cell(res, per, sizeof per), res->tool_version);
	worksheet_write_string(ws, row++, 0, line, NULL);
	free(line);
	if (res->description[0] != '\0')
		worksheet_write_string(ws, row++, 0, res->description, NULL);
	worksheet_write_string(ws, row++, 0, report_xlsx_has_curves(ctx) ? "Units: IOPS; MiB/s = "
	    "2^20 bytes/s, MB/s = 10^6 bytes/s; latency in microseconds (us). Charts: on the IOPS, "
	    "MiB per s and p99 latency sheets; against queue depth on the Saturation sheet." :
	    "Units: IOPS; MiB/s = 2^20 bytes/s, MB/s = 10^6 bytes/s; latency in microseconds (us). "
	    "Charts: on the IOPS, MiB per s and p99 latency sheets.", NULL);
	if (report_big(sum))
		worksheet_write_string(ws, row++, 0, "A large run: the IOPS, MiB per s and p99 latency "
		    "sheets give the best cell of each block size over every queue depth and job count, "
		    "and there is no Saturation sheet; the Cells and Checks sheets have every cell.",
		    x->alert);
	row = xl_banners(x, ws, row, ctx);
	row++;
	worksheet_set_row(ws, row, 45, NULL);
	row = xl_view_table(x, ws, row, &ctx->view->summary, x->bold);
	row++;
	row = xl_expect(x, ws, row, ctx);
	row = xl_bursts(x, ws, row, ctx);
	row = xl_summary_checks(x, ws, row, ctx);
	row = xl_summary_failed(x, ws, row, ctx);
	for (i = 0; i < res->nwarnings; i++) {
		line = xasprintf("Warning: %s", res->warnings[i]);
		worksheet_write_string(ws, ++row, 0, line, x->alert);
		free(line);
	}
	/* the sections every format shows as they are: a heading and a table */
	for (i = 0; i < ctx->view->nsections; i++) {
		row += 2;
		worksheet_write_string(ws, row++, 0, ctx->view->headings[i], x->bold);
		row = xl_view_table(x, ws, row, &ctx->view->sections[i], x->bold);
	}
	worksheet_activate(ws);
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
    const struct results *res, const struct cell_result *r, bool checks)
{
	struct column_value v;
	char caps[sizeof v.buf], *p;

	column_value(c, res, r, &v);
	switch (v.kind) {
	case COLUMN_EMPTY:
		if (checks && (c->flags & COLUMN_CHECKS_NA))
			worksheet_write_string(ws, row, col, "n/a", NULL);
		break;
	case COLUMN_NUMBER:
	case COLUMN_COUNT:
		worksheet_write_number(ws, row, col, v.kind == COLUMN_NUMBER ? v.number :
		    (double)v.count, xl_number_format(x, c, &v, checks));
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
 * A sheet of columns cols[0..n) (the Checks sheet's when checks): their
 * header, then a row per cell that want() takes.  Returns the next row.
 */
static lxw_row_t
xl_columns_sheet(struct report_xl *x, lxw_worksheet *ws, const struct results *res,
    const struct column *const *cols, unsigned n, bool checks, double width,
    bool (*want)(const struct cell_result *))
{
	lxw_row_t row = 1;
	lxw_col_t c, first, last;
	unsigned i, *widths;

	widths = xcalloc(n + 1, sizeof *widths);
	worksheet_set_row(ws, 0, 45, NULL);
	for (c = 0; c < n; c++) {
		widths[c] = checks ? cols[c]->checks_width : cols[c]->width;
		worksheet_write_string(ws, 0, c, checks && cols[c]->checks_title != NULL ?
		    cols[c]->checks_title : cols[c]->title, x->header);
	}
	/*
	 * Neighbours of one width as one range, none overlapping another
	 * (LibreOffice adds up overlapping ranges' widths when it prints).
	 */
	for (first = 0; first < n; first = last + 1) {
		for (last = first; (unsigned)last + 1 < n && widths[last + 1] == widths[first];
		    last++)
			;
		worksheet_set_column(ws, first, last, widths[first] > 0 ? widths[first] : width,
		    NULL);
	}
	free(widths);
	worksheet_freeze_panes(ws, 1, 0);
	report_xlsx_page(ws, 0, !checks);
	for (i = 0; i < res->plan.ncells; i++) {
		if (!want(&res->cells[i]))
			continue;
		for (c = 0; c < n; c++)
			xl_value(x, ws, row, c, cols[c], res, &res->cells[i], checks);
		row++;
	}
	worksheet_autofilter(ws, 0, 0, row > 1 ? row - 1 : 1, (lxw_col_t)(n - 1));
	return row;
}

static bool
xl_finished(const struct cell_result *r)
{
	return r->status != CELL_PENDING;
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

	x->wb->options.constant_memory = report_big(ctx->sum) ? LXW_TRUE : LXW_FALSE;
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
	xl_columns_sheet(x, xl_cells_sheet(x, ctx, SHEET_CELLS), ctx->res, cols, n, false, 13,
	    xl_finished);
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
	row = xl_columns_sheet(x, ws, ctx->res, cols, n, true, 14, results_cell_has_figures);
	free(cols);

	note = xasprintf("Tolerances: derived vs measured %.0f%%, device vs measured %.0f%%.",
	    BW_CHECK_DERIVED_TOL * 100, BW_CHECK_DEVICE_TOL * 100);
	worksheet_write_string(ws, row + 1, 0, note, NULL);
	free(note);
}

/* Run: target, host, plan, versions. */
static void
xl_run(struct report_xl *x, const struct report_ctx *ctx)
{
	lxw_worksheet *ws = workbook_add_worksheet(x->wb, SHEET_RUN);
	lxw_row_t r;
	char *line;

	worksheet_set_column(ws, 0, 0, 36, NULL);
	worksheet_set_column(ws, 1, 1, 100, NULL);
	report_xlsx_page(ws, 0, false);
	r = xl_view_table(x, ws, 0, &ctx->view->run, x->bold);
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
	title = xasprintf("sweep: %s", ctx->res->label);
	props.title = title;
	props.comments = (char *)"Storage characterization written by sweep from results.json";
	workbook_set_properties(x.wb, &props);
	xl_formats(&x);
	xl_summary(&x, ctx);
	if (ctx->sum->nseries > 0 && ctx->sum->nbs > 0) {
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
