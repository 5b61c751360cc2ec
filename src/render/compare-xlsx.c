/*
 * compare.xlsx (libxlsxwriter): Summary (runs, rule, verdicts, caps), Side
 * by side (every run's IOPS, MiB/s and p99 per cell), Ratios (each run over
 * the first, and the winners) and Charts (native overlay charts of the Side
 * by side figures, with each run's caps, below the tables they draw).
 * Every sheet prints landscape, one page wide, its header repeated.  The two data sheets have the
 * columns of compare.csv, header for header.  Written to a temp file and
 * renamed over compare.xlsx once libxlsxwriter has closed it.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <xlsxwriter.h>

#include "render/report.h"
#include "view/palette.h"

#define SHEET_SUMMARY	"Summary"
#define SHEET_SIDE	"Side by side"
#define SHEET_RATIOS	"Ratios"
#define SHEET_CHARTS	"Charts"
#define COL_FIRST	6	/* mode, bs, bs_bytes, bs_kib, depth, jobs, then figures */

/*
 * The colours of a comparison's tables, those of the heat maps'
 * diverging palette (compare-heat.c): blue is ahead of the first run, red
 * behind it, white the same.  A run has no colour of its own: in the
 * charts colour is the mode, dash the run, marker the depth, as in the PNGs.
 */
#define XL_BETTER_BG	PALETTE_RGB(PALETTE_BETTER_LIGHT)
#define XL_BETTER_FG	PALETTE_RGB(PALETTE_BETTER_INK)
#define XL_AHEAD	PALETTE_RGB(PALETTE_BETTER_STRONG)
#define XL_EVEN		PALETTE_RGB(PALETTE_EVEN)
#define XL_BEHIND	PALETTE_RGB(PALETTE_WORSE_STRONG)
/* The ratios the colour scale ends at: 2x either way is the full colour. */
#define XL_SCALE_LO	0.5
#define XL_SCALE_HI	2.0
/* The cap lines of the charts, as in the PNGs: the baseline darker than the burst. */
#define XL_CAP_RGB	PALETTE_RGB(PALETTE_CAP)
#define XL_BURST_RGB	PALETTE_RGB(PALETTE_CAP_BURST)

/* The workbook and its formats. */
struct compare_xl {
	lxw_workbook	*wb;
	lxw_format	*title, *header, *bold, *num0, *num1, *ratio, *missing, *alert;
	const struct compare_view *cview;
};

/* The header of a column of compare.csv in words: "bs_kib" is "Block size (KiB)". */
static const char *
compare_xl_words(const char *head, char *buf, size_t len)
{
	static const struct {
		const char	*csv, *words;
	} words[] = {
		{ "mode", "Mode" }, { "bs", "Block size" }, { "bs_bytes", "Block size (bytes)" },
		{ "bs_kib", "Block size (KiB)" }, { "depth", "Queue depth" }, { "jobs", "Jobs" },
		{ "missing in", "Missing in" },
	};
	size_t i;

	for (i = 0; i < sizeof words / sizeof words[0]; i++)
		if (strcmp(head, words[i].csv) == 0)
			return words[i].words;
	if (strncmp(head, "winner ", 7) == 0)
		snprintf(buf, len, "Winner (%s)", head + 7);
	else if (strncmp(head, "marks ", 6) == 0)
		snprintf(buf, len, "Marks of %s", head + 6);
	else
		snprintf(buf, len, "%s", head);
	return buf;
}

/* A header cell of a data sheet: head (a column of compare.csv) in words. */
static void
compare_xl_head(struct compare_xl *x, lxw_worksheet *ws, lxw_col_t col, const char *head)
{
	char buf[256];

	worksheet_write_string(ws, 0, col, compare_xl_words(head, buf, sizeof buf), x->header);
}

/* Row r of the cells view at sheet row r + 1: its identity columns, as compare.csv has them. */
static void
compare_xl_id(struct compare_xl *x, lxw_worksheet *ws, const struct view_table *t, unsigned r)
{
	unsigned c;

	worksheet_write_string(ws, r + 1, 0, t->rows[r].label, NULL);
	worksheet_write_string(ws, r + 1, 1, view_table_cell(t, r, 0)->text, NULL);
	for (c = 1; c < COL_FIRST - 1; c++)
		worksheet_write_number(ws, r + 1, (lxw_col_t)(c + 1), view_table_cell(t, r, c)->value,
		    c == 1 ? x->num0 : NULL);
}

/* The identity header of a data sheet. */
static void
compare_xl_id_header(struct compare_xl *x, lxw_worksheet *ws, const struct view_table *t)
{
	unsigned c;

	compare_xl_head(x, ws, 0, t->row_head);
	for (c = 0; c < COL_FIRST - 1; c++)
		compare_xl_head(x, ws, (lxw_col_t)(c + 1), t->cols[c].header);
	worksheet_set_row(ws, 0, 45, NULL);
	worksheet_freeze_panes(ws, 1, COL_FIRST);
	worksheet_set_column(ws, 0, COL_FIRST - 1, 9, NULL);
}

/*
 * The print setup of a data sheet whose columns 0..last are px wide, and
 * its notes from row: each note wrapped over the table's width (one long
 * cell set LibreOffice's print width: pages of the identifying columns
 * alone).  At REPORT_XLSX_PRINT_MIN or more, on Letter when the table
 * fits it where LibreOffice draws the columns REPORT_XLSX_FONT_SLACK
 * wider, else on A3, across pages with the identifying columns on each
 * when even that is too narrow.
 */
static void
compare_xl_data_print(struct compare_xl *x, lxw_worksheet *ws, double px, lxw_col_t last,
    lxw_row_t row, const char *const *notes, unsigned nnotes)
{
	double slack = px * REPORT_XLSX_FONT_SLACK, chars = (px - 5.0 * (last + 1)) / 7;
	bool a3 = report_xlsx_page_px(slack, false, REPORT_XLSX_PRINT_MIN) < slack;
	lxw_format *wrap = report_xlsx_format(x->wb, NULL, false, 0, 0);
	unsigned i;

	format_set_text_wrap(wrap);
	format_set_align(wrap, LXW_ALIGN_VERTICAL_TOP);
	report_xlsx_page_across(ws, 0, COL_FIRST - 1, slack, a3, REPORT_XLSX_PRINT_MIN);
	for (i = 0; i < nnotes; i++, row++) {
		worksheet_merge_range(ws, row, 0, row, last, notes[i], wrap);
		worksheet_set_row(ws, row, 15 * report_xlsx_lines(notes[i], chars), NULL);
	}
	worksheet_print_area(ws, 0, 0, row > 0 ? row - 1 : 0, last);
}

/* The headers of the columns of group g of the cells view from sheet column col; the next column. */
static lxw_col_t
compare_xl_group_head(struct compare_xl *x, lxw_worksheet *ws, const struct view_table *t,
    enum view_compare_group g, lxw_col_t col)
{
	unsigned c;

	for (c = 0; c < t->ncols; c++)
		if (t->cols[c].group == (int)g)
			compare_xl_head(x, ws, col++, t->cols[c].header);
	return col;
}

/*
 * Row r of the columns of group g of the cells view from sheet column col:
 * a figure (blank, not text, when missing: a chart shows a gap there) in
 * fmt[the column's metric], or better[it] when it is the winner's
 * (VIEW_BETTER), a text in text_fmt (an empty one is left blank).  Returns
 * the next sheet column.
 */
static lxw_col_t
compare_xl_group_row(lxw_worksheet *ws, const struct view_table *t, unsigned r,
    enum view_compare_group g, lxw_col_t col, lxw_format *const *fmt, lxw_format *const *better,
    lxw_format *text_fmt)
{
	unsigned c, n = 0;

	for (c = 0; c < t->ncols; c++) {
		const struct view_cell *vc = view_table_cell(t, r, c);

		if (t->cols[c].group != (int)g)
			continue;
		if (vc->kind == VIEW_NUMBER)
			worksheet_write_number(ws, r + 1, col, vc->value, (vc->flags & VIEW_BETTER) &&
			    better != NULL ? better[n % COMPARE_METRICS] : fmt[n % COMPARE_METRICS]);
		else if (vc->kind == VIEW_TEXT && *vc->text)
			worksheet_write_string(ws, r + 1, col, vc->text, text_fmt);
		col++;
		n++;
	}
	return col;
}

/* Side by side: every run's figures per cell, and the runs that lack it. */
static void
compare_xl_side(struct compare_xl *x, const struct compare *cmp)
{
	static const char *const numfmt[COMPARE_METRICS] = {
		[COMPARE_IOPS] = "#,##0.0", [COMPARE_BW] = "#,##0.000", [COMPARE_P99] = "#,##0.0"
	};
	const struct view_table *t = &x->cview->cells;
	lxw_worksheet *ws = workbook_add_worksheet(x->wb, SHEET_SIDE);
	lxw_format *fmt[COMPARE_METRICS], *better[COMPARE_METRICS];
	unsigned m, r, last = COL_FIRST + COMPARE_METRICS * cmp->nruns;
	const char *note = "Blue, bold: the winner's figure (more IOPS or MiB/s, lower p99), none in "
	    "a tie (within 5%).";

	for (m = 0; m < COMPARE_METRICS; m++) {
		fmt[m] = report_xlsx_format(x->wb, numfmt[m], false, 0, 0);
		better[m] = report_xlsx_format(x->wb, numfmt[m], true, XL_BETTER_BG, XL_BETTER_FG);
	}
	compare_xl_id_header(x, ws, t);
	compare_xl_group_head(x, ws, t, VIEW_CMP_MISSING, compare_xl_group_head(x, ws, t,
	    VIEW_CMP_FIGURES, COL_FIRST));
	worksheet_set_column(ws, COL_FIRST, (lxw_col_t)(last - 1), 14, NULL);
	worksheet_set_column(ws, (lxw_col_t)last, (lxw_col_t)last, 24, NULL);
	for (r = 0; r < t->nrows; r++) {
		compare_xl_id(x, ws, t, r);
		compare_xl_group_row(ws, t, r, VIEW_CMP_MISSING, compare_xl_group_row(ws, t, r,
		    VIEW_CMP_FIGURES, COL_FIRST, fmt, better, NULL), fmt, NULL, x->missing);
	}
	worksheet_autofilter(ws, 0, 0, cmp->nrows > 0 ? cmp->nrows : 1, (lxw_col_t)last);
	compare_xl_data_print(x, ws, COL_FIRST * report_xlsx_col_px(9) + (last - COL_FIRST) *
	    report_xlsx_col_px(14) + report_xlsx_col_px(24), (lxw_col_t)last, cmp->nrows + 2,
	    &note, cmp->nrows > 0 ? 1 : 0);
}

/*
 * A diverging colour scale on each ratio column of the Ratios sheet
 * (conditional formatting, so that it follows an edit): white at 1.00x,
 * full colour at XL_SCALE_LO and XL_SCALE_HI; blue where the run is ahead
 * of the first, which for p99 is below 1.
 */
static void
compare_xl_scale(lxw_worksheet *ws, const struct compare *cmp)
{
	unsigned c, n = COMPARE_METRICS * (cmp->nruns - 1);

	for (c = 0; cmp->nrows > 0 && c < n; c++) {
		bool lower = c % COMPARE_METRICS == COMPARE_P99;
		lxw_conditional_format cf = {
			.type = LXW_CONDITIONAL_3_COLOR_SCALE,
			.min_rule_type = LXW_CONDITIONAL_RULE_TYPE_NUMBER, .min_value = XL_SCALE_LO,
			.min_color = lower ? XL_AHEAD : XL_BEHIND,
			.mid_rule_type = LXW_CONDITIONAL_RULE_TYPE_NUMBER, .mid_value = 1,
			.mid_color = XL_EVEN,
			.max_rule_type = LXW_CONDITIONAL_RULE_TYPE_NUMBER, .max_value = XL_SCALE_HI,
			.max_color = lower ? XL_BEHIND : XL_AHEAD
		};

		worksheet_conditional_format_range(ws, 1, (lxw_col_t)(COL_FIRST + c), cmp->nrows,
		    (lxw_col_t)(COL_FIRST + c), &cf);
	}
}

/* Ratios: each run over the first, and the winner of every metric. */
static void
compare_xl_ratios(struct compare_xl *x, const struct compare *cmp)
{
	lxw_format *const ratio[COMPARE_METRICS] = { x->ratio, x->ratio, x->ratio };
	const struct view_table *t = &x->cview->cells;
	lxw_worksheet *ws = workbook_add_worksheet(x->wb, SHEET_RATIOS);
	unsigned r, wcol = COL_FIRST + COMPARE_METRICS * (cmp->nruns - 1);
	const char *const notes[] = { compare_rule(), "Colours of the ratios: blue, the run is ahead "
	    "of the first (more IOPS or MiB/s, lower p99); red, behind; white, the same; full "
	    "colour at 2x either way." };

	compare_xl_id_header(x, ws, t);
	compare_xl_group_head(x, ws, t, VIEW_CMP_WINNERS, compare_xl_group_head(x, ws, t,
	    VIEW_CMP_RATIOS, COL_FIRST));
	worksheet_set_column(ws, COL_FIRST, (lxw_col_t)(wcol - 1), 14, NULL);
	worksheet_set_column(ws, (lxw_col_t)wcol, (lxw_col_t)(wcol + 2), 18, NULL);
	for (r = 0; r < t->nrows; r++) {
		compare_xl_id(x, ws, t, r);
		compare_xl_group_row(ws, t, r, VIEW_CMP_WINNERS, compare_xl_group_row(ws, t, r,
		    VIEW_CMP_RATIOS, COL_FIRST, ratio, NULL, NULL), ratio, NULL, NULL);
	}
	compare_xl_scale(ws, cmp);
	worksheet_autofilter(ws, 0, 0, cmp->nrows > 0 ? cmp->nrows : 1, (lxw_col_t)(wcol + 2));
	compare_xl_data_print(x, ws, COL_FIRST * report_xlsx_col_px(9) + (wcol - COL_FIRST) *
	    report_xlsx_col_px(14) + 3 * report_xlsx_col_px(18), (lxw_col_t)(wcol + 2),
	    cmp->nrows + 2, notes, 2);
}

/* The Summary's columns, in characters: the runs table's, which the sentences wrap over. */
static const double compare_xl_sum_w[] = { 18, 18, 16, 12, 12, 13, 14, 8, 12 };
#define SUM_COLS	(sizeof compare_xl_sum_w / sizeof compare_xl_sum_w[0])
#define SUM_LINE_PT	15

/* The Summary's formats: wrapped text, top-aligned; plain, bold, alert. */
struct compare_xl_sum {
	lxw_worksheet	*ws;
	lxw_format	*plain, *bold, *alert, *title;
	lxw_row_t	 row;
};

/* text wrapped over the Summary's columns first..SUM_COLS-1 of the next row, as high as its lines. */
static void
compare_xl_sum_line(struct compare_xl_sum *sm, lxw_col_t first, const char *text, lxw_format *fmt)
{
	double w = 0;
	unsigned c;

	for (c = first; c < SUM_COLS; c++)
		w += compare_xl_sum_w[c];
	worksheet_merge_range(sm->ws, sm->row, first, sm->row, SUM_COLS - 1, text, fmt);
	worksheet_set_row(sm->ws, sm->row, SUM_LINE_PT * report_xlsx_lines(text, w) +
	    (fmt == sm->title ? 5 : 0), NULL);
	sm->row++;
}

/* A labelled row of a one-column view: its label in bold in column A, its text over the rest. */
static void
compare_xl_sum_labelled(struct compare_xl_sum *sm, const struct view_table *t, bool alert)
{
	unsigned r;

	for (r = 0; r < t->nrows; r++) {
		const struct view_cell *vc = view_table_cell(t, r, 0);
		unsigned lines = report_xlsx_lines(t->rows[r].label, compare_xl_sum_w[0]);
		lxw_row_t at = sm->row;

		worksheet_write_string(sm->ws, sm->row, 0, t->rows[r].label, sm->bold);
		compare_xl_sum_line(sm, 1, vc->text, alert && (vc->flags & VIEW_ABOVE_CAP) ?
		    sm->alert : sm->plain);
		if (lines > 1 && lines > report_xlsx_lines(vc->text, 105))
			worksheet_set_row(sm->ws, at, SUM_LINE_PT * lines, NULL);
	}
}

/* The runs table: a row each, its cells wrapped in their columns, as high as the longest. */
static void
compare_xl_sum_runs(struct compare_xl *x, struct compare_xl_sum *sm)
{
	struct report_table t;
	unsigned r, c, most;

	report_table_view(&x->cview->runs, -1, 0, &t);
	for (r = 0; r < t.nrows; r++, sm->row++) {
		for (c = 0, most = 1; c < t.ncols; c++) {
			const char *text = t.text[r * t.ncols + c];
			unsigned lines = report_xlsx_lines(text, c < SUM_COLS ? compare_xl_sum_w[c] : 9);

			worksheet_write_string(sm->ws, sm->row, (lxw_col_t)c, text, r == 0 ? x->header :
			    sm->plain);
			most = lines > most ? lines : most;
		}
		worksheet_set_row(sm->ws, sm->row, SUM_LINE_PT * most, NULL);
	}
	report_table_free(&t);
}

/*
 * Summary: the bottom line, the runs, the rule, the verdicts, each run's
 * caps.  Its sentences wrap over the runs table's columns, which print on
 * one page at REPORT_XLSX_PRINT_MIN or more (an unwrapped sentence set the
 * print width: the sheet printed at 4 points).
 */
static void
compare_xl_summary(struct compare_xl *x, const struct compare *cmp)
{
	struct compare_xl_sum sm = { .ws = workbook_add_worksheet(x->wb, SHEET_SUMMARY) };
	double px = 0;
	unsigned c, k;
	char *line = xstrdup("Comparison:"), *next;

	for (k = 0; k < cmp->nruns; k++) {
		next = xasprintf("%s%s%s", line, k > 0 ? " vs " : " ", cmp->runs[k].label);
		free(line);
		line = next;
	}
	sm.plain = report_xlsx_format(x->wb, NULL, false, 0, 0);
	sm.bold = report_xlsx_format(x->wb, NULL, true, 0, 0);
	sm.alert = report_xlsx_format(x->wb, NULL, true, 0, 0);
	format_set_font_color(sm.alert, PALETTE_RGB(PALETTE_ALERT));
	sm.title = report_xlsx_format(x->wb, NULL, true, 0, 0);
	format_set_font_size(sm.title, 14);
	for (c = 0; c < SUM_COLS; c++) {
		worksheet_set_column(sm.ws, (lxw_col_t)c, (lxw_col_t)c, compare_xl_sum_w[c], NULL);
		px += report_xlsx_col_px(compare_xl_sum_w[c]);
	}
	{
		lxw_format *f[] = { sm.plain, sm.bold, sm.alert, sm.title };

		for (c = 0; c < 4; c++) {
			format_set_text_wrap(f[c]);
			format_set_align(f[c], LXW_ALIGN_VERTICAL_TOP);
		}
	}
	report_xlsx_page_across(sm.ws, -1, 0, px * REPORT_XLSX_FONT_SLACK, false,
	    REPORT_XLSX_PRINT_MIN);
	compare_xl_sum_line(&sm, 0, line, sm.title);
	free(line);
	if (cmp->bottom != NULL) {
		line = xasprintf("Bottom line: %s", cmp->bottom);
		compare_xl_sum_line(&sm, 0, line, sm.bold);
		free(line);
	}
	compare_xl_sum_line(&sm, 0, compare_rule(), sm.plain);
	compare_xl_sum_line(&sm, 0, "Units: IOPS; MiB/s = 2^20 bytes/s; p99 completion latency in "
	    "microseconds (us). Figures: sheet Side by side; ratios and winners: Ratios; charts: "
	    "Charts.", sm.plain);
	if (cmp->ncommon == 0)
		compare_xl_sum_line(&sm, 0, "Warning: the runs have no cell in common; there is no "
		    "ratio and no winner.", sm.alert);
	if (x->cview->unwritten != NULL) {
		line = xasprintf("%s Reads of a region never written: %s", REPORT_UNWRITTEN_MARK,
		    x->cview->unwritten);
		compare_xl_sum_line(&sm, 0, line, sm.alert);
		free(line);
	}
	if (x->cview->marks != NULL) {
		line = xasprintf("Marks (columns marks of sheet Side by side): %s", x->cview->marks);
		compare_xl_sum_line(&sm, 0, line, sm.alert);
		free(line);
	}
	sm.row++;
	compare_xl_sum_runs(x, &sm);
	sm.row++;
	worksheet_write_string(sm.ws, sm.row++, 0, x->cview->verdicts.title, sm.bold);
	compare_xl_sum_labelled(&sm, &x->cview->verdicts, false);
	sm.row++;
	if (x->cview->limits.nrows > 0)
		worksheet_write_string(sm.ws, sm.row++, 0, x->cview->limits.title, sm.bold);
	compare_xl_sum_labelled(&sm, &x->cview->limits, true);
	compare_xl_sum_labelled(&sm, &x->cview->peaks, true);
	worksheet_print_area(sm.ws, 0, 0, sm.row > 0 ? sm.row : 1, SUM_COLS - 1);
	worksheet_activate(sm.ws);
}

/*
 * The look of run k's line in colour rgb (its mode's; a cap's grey) with
 * marker (its depth; < 0: none, a cap), as the PNGs draw it: the dash is
 * the run's.
 */
static struct report_xlsx_look
compare_xl_look(unsigned k, uint32_t rgb, int marker)
{
	struct report_xlsx_look look = {
		.color = rgb, .width = marker >= 0 ? 1.75 : 1.5,
		.dash = report_xlsx_dash(k),
		.marker = marker >= 0 ? report_xlsx_marker((unsigned)marker) : 0
	};

	return look;
}

/* The index of bs in cmp->bs. */
static unsigned
compare_xl_bs_index(const struct compare *cmp, uint64_t bs)
{
	unsigned b;

	for (b = 0; b + 1 < cmp->nbs && cmp->bs[b] != bs; b++)
		;
	return b;
}

/*
 * A column of a chart's table: header name at row first, then per block
 * size the figure of line l of metric m (blank where it has none: the line
 * has a gap there), or cap at every block size when l is NULL; its line on
 * each of ch[0..nch).  Returns false when the chart is full.
 */
static bool
compare_xl_column(struct compare_xl *x, lxw_worksheet *ws, lxw_chart *const *ch, unsigned nch,
    lxw_row_t first,
    lxw_col_t col, const struct compare *cmp, const struct compare_line *l,
    enum compare_metric m, double cap, const char *name, const struct report_xlsx_look *look,
    struct view_range *range)
{
	unsigned b, i;

	worksheet_write_string(ws, first, col, name, x->header);
	if (l == NULL)
		for (b = 0; b < cmp->nbs; b++) {
			worksheet_write_number(ws, first + 1 + b, col, cap, x->num1);
			view_range_add(range, cap);
		}
	else
		for (i = 0; i < l->npoints; i++) {
			worksheet_write_number(ws, first + 1 + compare_xl_bs_index(cmp, l->bs[i]), col,
			    l->value[i], m == COMPARE_IOPS ? x->num0 : x->num1);
			view_range_add(range, l->value[i]);
		}
	for (i = 0; i < nch; i++)
		report_xlsx_series(ch[i], SHEET_CHARTS, first + 1, first + cmp->nbs, 0, col, name, look);
	return col - 1 < REPORT_XLSX_SERIES_MAX;
}

/* Columns of each run's caps (and bursts) for metric m; returns the next column. */
static lxw_col_t
compare_xl_caps(struct compare_xl *x, lxw_worksheet *ws, lxw_chart *const *ch, unsigned nch,
    lxw_row_t first,
    lxw_col_t col, const struct compare *cmp, enum compare_metric m,
    struct view_range *range)
{
	const struct compare_series *s = &x->cview->series[m];
	unsigned i;

	for (i = 0; i < s->ncaps; i++) {
		const struct compare_cap *cap = &s->caps[i];
		struct report_xlsx_look look = compare_xl_look(cap->run, cap->burst ? XL_BURST_RGB :
		    XL_CAP_RGB, -1);
		char *name = xasprintf("%s provisioned %s%s", cmp->runs[cap->run].label,
		    cap->burst ? "burst " : "", m == COMPARE_IOPS ? "IOPS" : "MiB/s");
		bool more = compare_xl_column(x, ws, ch, nch, first, col++, cmp, NULL, m, cap->value,
		    name, &look, range);

		free(name);
		if (!more)
			break;
	}
	return col;
}

/*
 * The table of metric m at row first (block size down, a column per run
 * and mode x depth x jobs, then the caps) and its charts into ch: one, or
 * past COMPARE_XL_LINES lines one per mode (a legend of 84 lines left no
 * room for the plot), each with the caps.  Returns how many.
 */
#define COMPARE_XL_LINES	16
static unsigned
compare_xl_chart(struct compare_xl *x, lxw_worksheet *ws, lxw_row_t first,
    const struct compare *cmp, enum compare_metric m, lxw_col_t *ncols, lxw_chart **ch)
{
	static const char *const ytitle[COMPARE_METRICS] = {
		[COMPARE_IOPS] = "IOPS (log scale)",
		[COMPARE_BW] = "Throughput (MiB/s, log scale)",
		[COMPARE_P99] = "p99 latency (us, log scale)"
	};
	static const char *const ctitle[COMPARE_METRICS] = {
		[COMPARE_IOPS] = "IOPS vs block size",
		[COMPARE_BW] = "Throughput vs block size",
		[COMPARE_P99] = "p99 latency vs block size, lowest queue depth"
	};
	struct view_range range = { 0, 0 };
	const struct compare_series *s = &x->cview->series[m];
	lxw_col_t col = 1;
	unsigned n, b, nch = 0, *at = xcalloc(cmp->nmodes + 1, sizeof *at), lines = 0;
	char label[32];
	bool more = true, split;

	for (n = 0; n < s->nlines; n++)
		lines += s->lines[n].npoints > 0;
	split = lines > COMPARE_XL_LINES && cmp->nmodes > 1;
	for (n = 0; n < s->nlines; n++) {
		unsigned wl = split ? cmp->groups[s->lines[n].group].wl : 0;
		char *title;

		if (s->lines[n].npoints == 0 || at[wl] > 0)
			continue;
		title = split ? xasprintf("%s: %s", cmp->modes[wl].name, ctitle[m]) :
		    xstrdup(ctitle[m]);
		ch[nch] = report_xlsx_chart(x->wb, REPORT_XLSX_LINES, title, "Block size", ytitle[m],
		    LXW_CHART_LEGEND_RIGHT);
		at[wl] = ++nch;
		free(title);
	}
	worksheet_write_string(ws, first, 0, "Block size", x->header);
	for (b = 0; b < cmp->nbs; b++)
		worksheet_write_string(ws, first + 1 + b, 0,
		    view_size_label(cmp->bs[b], label, sizeof label), NULL);
	for (n = 0; n < s->nlines && more; n++) {
		const struct compare_line *l = &s->lines[n];
		const struct compare_group *gr = &cmp->groups[l->group];
		struct report_xlsx_look look = compare_xl_look(l->run, cmp->modes[gr->wl].rgb,
		    (int)gr->variant);
		char *name = xasprintf("%s (%s)", l->title, compare_metric_name(m));

		if (l->npoints > 0)
			more = compare_xl_column(x, ws, &ch[at[split ? gr->wl : 0] - 1], 1, first, col++,
			    cmp, l, m, 0, name, &look, &range);
		free(name);
	}
	if (more)
		col = compare_xl_caps(x, ws, ch, nch, first, col, cmp, m, &range);
	for (n = 0; n < nch; n++)
		report_xlsx_axis(ch[n]->y_axis, &range, true);
	if (col > *ncols)
		*ncols = col;
	free(at);
	return nch;
}

/*
 * Charts: IOPS, MiB/s and p99 against block size, a line per run and mode
 * x depth x jobs, each run's caps as flat lines; the tables they are drawn
 * from at the top, the charts below them.
 */
static void
compare_xl_charts(struct compare_xl *x, const struct compare *cmp)
{
	static const char *const what[COMPARE_METRICS] = {
		[COMPARE_IOPS] = "IOPS per block size (the IOPS chart; caps from each run's "
		    "results.json):",
		[COMPARE_BW] = "Throughput per block size, MiB/s (the throughput chart; caps from "
		    "each run's results.json):",
		[COMPARE_P99] = "p99 latency per block size at each run's lowest queue depth, us (the "
		    "latency chart):"
	};
	lxw_worksheet *ws = workbook_add_worksheet(x->wb, SHEET_CHARTS);
	struct report_xlsx_stack st;
	lxw_chart **ch = xcalloc(COMPARE_METRICS * (cmp->nmodes + 1), sizeof *ch);
	lxw_row_t row = 2;
	lxw_col_t ncols = 1, last;
	double page, band;
	unsigned m, n = 0, i;

	if (cmp->nbs == 0 || cmp->ngroups == 0) {
		report_xlsx_page(ws, 0, false);
		free(ch);
		worksheet_write_string(ws, 0, 0, "No run has a cell with figures: there is no chart.",
		    x->bold);
		return;
	}
	worksheet_write_string(ws, 0, 0, "The figures the charts below draw, from the Side by side "
	    "sheet (IOPS; MiB/s = 2^20 bytes/s; latency in microseconds, us)", x->bold);
	for (m = 0; m < COMPARE_METRICS; m++) {
		worksheet_write_string(ws, row, 0, what[m], x->bold);
		worksheet_set_row(ws, row + 1, 45, NULL);
		n += compare_xl_chart(x, ws, row + 1, cmp, (enum compare_metric)m, &ncols, ch + n);
		row += cmp->nbs + 3;
	}
	worksheet_set_column(ws, 0, 0, 11, NULL);
	worksheet_set_column(ws, 1, ncols - 1, 16, NULL);
	/*
	 * What prints is the charts, a page each at REPORT_XLSX_PRINT_MIN
	 * (the tables above them, a column per line, are the Side by side
	 * sheet's figures): each as wide as the whole columns a page holds
	 * where LibreOffice draws them REPORT_XLSX_FONT_SLACK wider, so that
	 * none is cut, its text printing at 8 points or more.
	 */
	page = report_xlsx_page_px(1e9, false, REPORT_XLSX_PRINT_MIN) / REPORT_XLSX_FONT_SLACK;
	for (band = report_xlsx_col_px(11), last = 0; band + report_xlsx_col_px(16) <= page; last++)
		band += report_xlsx_col_px(16);
	report_xlsx_page_across(ws, -1, 0, 1e9, false, REPORT_XLSX_PRINT_MIN);
	report_xlsx_stack_init(&st, ws, row, 960);
	st.zoom = band / 960;
	st.print_pct = REPORT_XLSX_PRINT_MIN;
	for (i = 0; i < n; i++)
		report_xlsx_stack_add(&st, ch[i]);
	worksheet_print_area(ws, row, 0, st.row > row ? st.row - 1 : row, last);
	report_xlsx_stack_done(&st);
	free(ch);
}

/* Write DIR/compare.xlsx whole or not at all. */
int
compare_xlsx_write(struct report_ctx *ctx)
{
	const struct compare *cmp = ctx->cmp;
	char *tmp = xasprintf("%s/.compare.xlsx.tmp.%ld", ctx->dir, (long)getpid()), name[64];
	char *path = xasprintf("%s/compare.xlsx", ctx->dir);
	lxw_workbook_options opt = { .constant_memory = LXW_FALSE, .tmpdir = NULL,
	    .use_zip64 = LXW_FALSE };
	lxw_doc_properties props;
	struct compare_xl x;
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
	props.title = (char *)"sweep compare";
	props.comments = (char *)"Runs compared by sweep compare from their results.json";
	workbook_set_properties(x.wb, &props);
	x.cview = ctx->cview;
	x.title = report_xlsx_format(x.wb, NULL, true, 0, 0);
	format_set_font_size(x.title, 14);
	x.header = report_xlsx_format(x.wb, NULL, true, PALETTE_RGB(PALETTE_HEADER_BG), 0);
	format_set_text_wrap(x.header);
	format_set_align(x.header, LXW_ALIGN_VERTICAL_TOP);
	x.bold = report_xlsx_format(x.wb, NULL, true, 0, 0);
	x.num0 = report_xlsx_format(x.wb, "#,##0", false, 0, 0);
	x.num1 = report_xlsx_format(x.wb, "#,##0.0", false, 0, 0);
	x.ratio = report_xlsx_format(x.wb, "0.000\"x\"", false, 0, 0);
	x.missing = report_xlsx_format(x.wb, NULL, false, PALETTE_RGB(PALETTE_FLAG_BG), 0);
	x.alert = report_xlsx_format(x.wb, NULL, true, 0, 0);
	format_set_font_color(x.alert, PALETTE_RGB(PALETTE_ALERT));
	compare_xl_summary(&x, cmp);
	compare_xl_side(&x, cmp);
	compare_xl_ratios(&x, cmp);
	compare_xl_charts(&x, cmp);
	err = report_xlsx_close(x.wb, tmp, path, ctx->error, sizeof ctx->error);
	close(fd);
	free(tmp);
	free(path);
	return err;
}
