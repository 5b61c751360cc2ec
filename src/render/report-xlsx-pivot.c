/*
 * The pivot sheets of report.xlsx: IOPS, MiB per s and p99 latency, each a
 * table of block sizes down and mode x queue depth across, and below the
 * tables the sheet's native charts (report-xlsx-chart.c says why they are
 * drawn as they are): a figure against block size on a category axis
 * labelled 512, 1K ... 8M, a line per series.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xlsxwriter.h>

#include "render/report.h"
#include "results/profile.h"
#include "view/palette.h"

#define SHEET_IOPS	"IOPS"
#define SHEET_BW	"MiB per s"
#define SHEET_LAT	"p99 latency (us)"

#define PIVOT_LABEL_W	11	/* the block size columns, in characters */
#define PIVOT_FIGURE_W	16	/* a column of figures */
#define PIVOT_CAP_W	24	/* a column of a cap, named in words */
#define PIVOT_LINE_PT	15	/* a line of 11-point text */
#define PIVOT_SERIES_MAX 8	/* more lines than this on a chart: a chart per mode */
#define PIVOT_CHART_PX	960	/* a chart's width at zoom 1 (report-xlsx-chart.c) */
#define PIVOT_PRINT_MIN	REPORT_XLSX_PRINT_MIN	/* percent: see pivot_print */

/*
 * The height of view v's header row at first_row: its longest wrapped
 * name's lines in a figure column, or more (with a step, its columns are
 * best and where, and its names those of every step-th column).
 */
static void
pivot_head_height(lxw_worksheet *ws, lxw_row_t first_row, const struct view_table *v,
    unsigned step, unsigned more)
{
	unsigned c, lines, most = report_xlsx_lines("Block size (KiB)", PIVOT_LABEL_W);

	for (c = 0; c < v->ncols; c += step) {
		lines = report_xlsx_lines(v->cols[c].name, PIVOT_FIGURE_W);
		most = lines > most ? lines : most;
	}
	worksheet_set_row(ws, first_row, PIVOT_LINE_PT * (more > most ? more : most), NULL);
}

/* The look of a line of workload sm (its colour, as in the gnuplot charts) in its variant'th dash and marker. */
static struct report_xlsx_look
pivot_look(const struct summary_mode *sm, unsigned variant)
{
	struct report_xlsx_look look = {
		.color = sm->rgb, .width = 1.75,
		.dash = report_xlsx_dash(variant), .marker = report_xlsx_marker(variant)
	};

	return look;
}

/* The row labels of view v at first_row: its row head, then a label and its KiB per row. */
static void
pivot_bs_column(struct report_xl *x, lxw_worksheet *ws, lxw_row_t first_row,
    const struct view_table *v)
{
	unsigned b;
	char *h;

	worksheet_write_string(ws, first_row, 0, v->row_head, x->header);
	h = xasprintf("%s (KiB)", v->row_head);
	worksheet_write_string(ws, first_row, 1, h, x->header);
	free(h);
	for (b = 0; b < v->nrows; b++) {
		worksheet_write_string(ws, first_row + 1 + b, 0, v->rows[b].label, NULL);
		worksheet_write_number(ws, first_row + 1 + b, 1, v->rows[b].key / KIB, NULL);
	}
}

/*
 * A colour scale over rows r0..r1, columns c0..c1: white, pale green at
 * the median, green for the best (the highest, the lowest when low_good:
 * latency); no red, a low figure is not a fault.  It hides the red fill
 * of a figure from a failed BW check (Checks has them).
 */
static void
pivot_scale_range(lxw_worksheet *ws, lxw_row_t r0, lxw_col_t c0, lxw_row_t r1, lxw_col_t c1,
    bool low_good)
{
	lxw_conditional_format cf;

	memset(&cf, 0, sizeof cf);
	cf.type = LXW_CONDITIONAL_3_COLOR_SCALE;
	cf.min_color = low_good ? PALETTE_RGB(PALETTE_SCALE_GOOD) : PALETTE_RGB(PALETTE_WHITE);
	cf.mid_rule_type = LXW_CONDITIONAL_RULE_TYPE_PERCENTILE;
	cf.mid_value = 50;
	cf.mid_color = PALETTE_RGB(PALETTE_SCALE_MID);
	cf.max_color = low_good ? PALETTE_RGB(PALETTE_WHITE) : PALETTE_RGB(PALETTE_SCALE_GOOD);
	worksheet_conditional_format_range(ws, r0, c0, r1, c1, &cf);
}

/* The colour scale over the figures of view v's table at first_row. */
static void
pivot_scale(lxw_worksheet *ws, lxw_row_t first_row, const struct view_table *v, bool low_good)
{
	if (v->nrows > 0 && v->ncols > 0)
		pivot_scale_range(ws, first_row + 1, 2, first_row + v->nrows,
		    (lxw_col_t)(v->ncols + 1), low_good);
}

/*
 * A note under a table of nfig columns of figures, bold, wrapped over the
 * columns the first page holds at REPORT_XLSX_PRINT_MIN (the block sizes'
 * and at most PIVOT_NOTE_FIGS of figures) and as high as its lines: one
 * cell's text running on past them was cut at the page's edge.
 */
#define PIVOT_NOTE_FIGS	6
static void
pivot_note(struct report_xl *x, lxw_worksheet *ws, lxw_row_t row, const char *text,
    unsigned nfig)
{
	unsigned k = nfig < 1 ? 1 : nfig > PIVOT_NOTE_FIGS ? PIVOT_NOTE_FIGS : nfig;
	lxw_format *wrap = report_xlsx_format(x->wb, NULL, true, 0, 0);

	format_set_text_wrap(wrap);
	format_set_align(wrap, LXW_ALIGN_VERTICAL_TOP);
	worksheet_merge_range(ws, row, 0, row, (lxw_col_t)(1 + k), text, wrap);
	worksheet_set_row(ws, row, PIVOT_LINE_PT * report_xlsx_lines(text, (2 * PIVOT_LABEL_W +
	    k * PIVOT_FIGURE_W) / 1.1), NULL);
}

/*
 * A figure with a caveat: its marks after it in the cell ("12,345 ⚠", a
 * number format, so the cell stays a number), and its fill (red for a
 * failed BW check, else yellow) as a conditional format of its own made
 * before the table's colour scale, which would otherwise paint over it.
 */
static void
pivot_caveat_cell(struct report_xl *x, lxw_worksheet *ws, lxw_row_t row, lxw_col_t col,
    const struct view_cell *vc, int decimals)
{
	char marks[VIEW_LEGEND_LEN], *num;
	lxw_conditional_format cf;
	lxw_format *f, *fill;
	uint32_t bg = vc->flags & VIEW_MISMATCH ? PALETTE_RGB(PALETTE_MISMATCH_BG) :
	    PALETTE_RGB(PALETTE_FLAG_BG);

	view_caveat_marks(vc->flags, "", marks, sizeof marks);
	num = xasprintf("%s\" %s\"", decimals == 0 ? "#,##0" : "#,##0.0", marks);
	f = report_xlsx_format(x->wb, num, vc->flags & VIEW_MISMATCH, bg,
	    vc->flags & VIEW_MISMATCH ? PALETTE_RGB(PALETTE_MISMATCH_FG) : 0);
	free(num);
	worksheet_write_number(ws, row, col, vc->value, f);
	fill = report_xlsx_format(x->wb, NULL, false, bg, 0);
	memset(&cf, 0, sizeof cf);
	cf.type = LXW_CONDITIONAL_TYPE_NO_BLANKS;
	cf.format = fill;
	cf.stop_if_true = LXW_TRUE;
	worksheet_conditional_format_cell(ws, row, col, &cf);
}

/*
 * View v at first_row: its row labels (label, KiB) down, a column per view
 * column headed by its name; a figure from a cell whose BW check failed is
 * red.  Figures above 0 only (0: not measured, and no use on a log axis)
 * go into *range.  A colour scale over the figures, greener the better
 * (lower when low_good).  Returns the rows used.
 */
static lxw_row_t
pivot_table(struct report_xl *x, lxw_worksheet *ws, lxw_row_t first_row,
    const struct view_table *v, struct view_range *range, bool low_good)
{
	char note[VIEW_LEGEND_LEN];
	unsigned c, b;

	pivot_bs_column(x, ws, first_row, v);
	pivot_head_height(ws, first_row, v, 1, 0);
	for (c = 0; c < v->ncols; c++)
		worksheet_write_string(ws, first_row, (lxw_col_t)(c + 2), v->cols[c].name, x->header);
	for (b = 0; b < v->nrows; b++) {
		for (c = 0; c < v->ncols; c++) {
			const struct view_cell *vc = view_table_cell(v, b, c);
			bool bad = vc->flags & VIEW_MISMATCH;

			if (vc->kind != VIEW_NUMBER || !(vc->value > 0))
				continue;
			view_range_add(range, vc->value);
			if (vc->flags & VIEW_CAVEATS)
				pivot_caveat_cell(x, ws, first_row + 1 + b, (lxw_col_t)(c + 2), vc,
				    v->cols[c].decimals);
			else
				worksheet_write_number(ws, first_row + 1 + b, (lxw_col_t)(c + 2), vc->value,
				    report_xlsx_small(x, v->cols[c].decimals == 0 ? (bad ? x->bad0 :
				    x->num0) : (bad ? x->bad1 : x->num1), vc->value,
				    v->cols[c].decimals == 0 ? 0 : 1));
			if (view_caveat_note(vc->flags, note, sizeof note) != NULL)
				worksheet_write_comment(ws, first_row + 1 + b, (lxw_col_t)(c + 2), note);
		}
	}
	/* after the caveat cells' own rules, which then come first */
	pivot_scale(ws, first_row, v, low_good);
	return (lxw_row_t)v->nrows + 1;
}

/*
 * The percentiles view at first_row (the latency chart's table), and the
 * chart of it: a line per column, in its workload's colour, a dash per
 * percentile.  Returns the chart.
 */
static lxw_chart *
pivot_percentiles(struct report_xl *x, lxw_worksheet *ws, lxw_row_t first,
    const struct report_ctx *ctx)
{
	const struct view_table *v = &ctx->view->percentiles;
	struct view_range range = { 0, 0 };
	unsigned b, c, p = 0;
	lxw_chart *ch;
	char *title;

	pivot_bs_column(x, ws, first, v);
	pivot_head_height(ws, first, v, 1, 0);
	title = xasprintf("%s: latency percentiles vs block size, lowest queue depth",
	    ctx->view->chart->title_run);
	ch = report_xlsx_chart(x->wb, REPORT_XLSX_LINES, title, "Block size",
	    "Completion latency (us, log scale)", LXW_CHART_LEGEND_BOTTOM);
	free(title);
	for (c = 0; c < v->ncols; c++) {
		lxw_col_t col = (lxw_col_t)(c + 2);
		struct report_xlsx_look look;

		p = c > 0 && v->cols[c].group == v->cols[c - 1].group ? p + 1 : 0;
		look = pivot_look(&ctx->view->chart->modes[v->cols[c].group], p);
		worksheet_write_string(ws, first, col, v->cols[c].name, x->header);
		for (b = 0; b < v->nrows; b++) {
			const struct view_cell *vc = view_table_cell(v, b, c);

			if (vc->kind != VIEW_NUMBER)
				continue;
			worksheet_write_number(ws, first + 1 + b, col, vc->value,
			    report_xlsx_small(x, x->num1, vc->value, 1));
			view_range_add(&range, vc->value);
		}
		if (c < REPORT_XLSX_SERIES_MAX)
			report_xlsx_series_hollow(report_xlsx_series(ch, SHEET_LAT, first + 1,
			    first + v->nrows, 0, col, v->cols[c].header, &look), &look, ctx->view, v, c);
	}
	report_xlsx_axis(ch->y_axis, &range, true);
	return ch;
}

static unsigned
pivot_max(unsigned a, unsigned b)
{
	return a > b ? a : b;
}

/* A cap drawn as a flat line: its column (rows 1..nbs), workload (-1: every chart's), look and words. */
struct pivot_cap {
	lxw_col_t		 col;
	int			 wl;
	struct report_xlsx_look	 look;
	char			*name;
};

/*
 * A cap's column at col: headed name (the legend's words, the caller's,
 * kept in *cap), value at every block size; value goes into *range.
 */
static void
pivot_cap(struct report_xl *x, lxw_worksheet *ws, struct pivot_cap *cap, lxw_col_t col,
    unsigned nbs, double value, char *name, struct view_range *range)
{
	unsigned b;

	cap->col = col;
	cap->name = name;
	worksheet_set_column(ws, col, col, PIVOT_CAP_W, NULL);
	worksheet_write_string(ws, 0, col, name, x->header);
	for (b = 0; b < nbs; b++)
		worksheet_write_number(ws, 1 + b, col, value, x->num0);
	view_range_add(range, value);
}

/*
 * A provisioned cap's words: "provisioned 3,000 IOPS", "provisioned burst
 * 250 MiB/s", a published range's "published range top 200 IOPS" (word).
 */
static char *
pivot_cap_name(const char *word, const char *what, double v, bool bw)
{
	char a[32];

	if (bw)
		return xasprintf("%s%s %s", word, what, profile_rate_text(v, a, sizeof a));
	return xasprintf("%s%s %s IOPS", word, what, view_num(v, 0, a, sizeof a));
}

/*
 * The caps of the IOPS sheet (bw false) or the MiB per s sheet in columns
 * from col on (caps[], at most nmodes + 3): each mode's measured cap where
 * its knee states a plateau, dashed in the mode's colour; the provisioned
 * cap, burst and floor (results.expect), grey.  Returns how many.
 */
static unsigned
pivot_caps(struct report_xl *x, lxw_worksheet *ws, lxw_col_t col, const struct report_ctx *ctx,
    bool bw, struct pivot_cap *caps, struct view_range *range)
{
	const struct expect *e = &ctx->view->chart->expect;
	const double prov[3] = {
		bw ? e->bw_bytes_s / MIB : e->iops, bw ? e->burst_bw_bytes_s / MIB : e->burst_iops,
		bw ? e->bw_floor_bytes_s / MIB : e->iops_floor
	};
	static const char *const what[3] = { "", " burst", " floor" };
	static const uint8_t dash[3] = {
		LXW_CHART_LINE_DASH_SQUARE_DOT, LXW_CHART_LINE_DASH_DASH_DOT,
		LXW_CHART_LINE_DASH_ROUND_DOT
	};
	unsigned m, k, n = 0, nbs = ctx->view->chart->nbs;
	char a[32];
	double v;

	for (m = 0; m < ctx->view->chart->nmodes; m++) {
		const struct summary_mode *sm = &ctx->view->chart->modes[m];

		if (!(bw ? sm->knee.bw_plateau : sm->knee.iops_plateau))
			continue;
		v = bw ? sm->knee.bw_cap / MIB : sm->knee.iops_cap;
		caps[n].wl = (int)m;
		caps[n].look = (struct report_xlsx_look){ .color = sm->rgb, .width = 1.25,
		    .dash = LXW_CHART_LINE_DASH_LONG_DASH };
		pivot_cap(x, ws, &caps[n], col++, nbs, v, xasprintf("%s: measured cap ~%s %s",
		    sm->name, view_approx(v, a, sizeof a), bw ? "MiB/s" : "IOPS"), range);
		n++;
	}
	for (k = 0; e->set && k < 3; k++) {
		if (!(prov[k] > 0))
			continue;
		caps[n].wl = -1;
		caps[n].look = (struct report_xlsx_look){ .color = k == 0 ? PALETTE_RGB(PALETTE_CAP) : PALETTE_RGB(PALETTE_CAP_SHEET_2ND),
		    .width = 1.5, .dash = dash[k] };
		pivot_cap(x, ws, &caps[n], col++, nbs, prov[k], pivot_cap_name(k == 0 ?
		    view_cap_word(e, bw) : k == 1 ? "provisioned" : "published range", what[k], bw ? prov[k] * MIB : prov[k], bw),
		    range);
		n++;
	}
	return n;
}

/* The lines of the longest header of caps[0..n). */
static unsigned
pivot_caps_lines(const struct pivot_cap *caps, unsigned n)
{
	unsigned k, lines = 0;

	for (k = 0; k < n; k++)
		lines = pivot_max(lines, report_xlsx_lines(caps[k].name, PIVOT_CAP_W));
	return lines;
}

/* Free caps[0..n) and their words. */
static void
pivot_caps_free(struct pivot_cap *caps, unsigned n)
{
	unsigned k;

	for (k = 0; k < n; k++)
		free(caps[k].name);
	free(caps);
}

/* The caps of caps[0..n) that a chart of workload wl (-1: of every one) draws, on ch. */
static void
pivot_caps_draw(lxw_chart *ch, const char *sheet, unsigned nbs, const struct pivot_cap *caps,
    unsigned n, int wl)
{
	unsigned k;

	for (k = 0; k < n; k++)
		if (wl < 0 || caps[k].wl < 0 || caps[k].wl == wl)
			report_xlsx_series(ch, sheet, 1, nbs, 0, caps[k].col, caps[k].name,
			    &caps[k].look);
}

/* The width of a pivot sheet's tables in pixels (the p99 sheet's percentiles may be wider). */
static double
pivot_width(const struct report_ctx *ctx, enum view_metric metric)
{
	unsigned nseries = ctx->view->pivot[metric].ncols, ncols = 2;

	if (metric == METRIC_P99_US)
		ncols += ctx->view->percentiles.ncols;
	if (ncols < nseries + 2)
		ncols = nseries + 2;
	return 2 * report_xlsx_col_px(PIVOT_LABEL_W) + (ncols - 2) * report_xlsx_col_px(PIVOT_FIGURE_W);
}

/* The columns of a pivot sheet: the block sizes, then every column of figures of its tables. */
static void
pivot_columns(lxw_worksheet *ws, const struct report_ctx *ctx, enum view_metric metric)
{
	unsigned ncols = ctx->view->pivot[metric].ncols;

	if (metric == METRIC_P99_US && ctx->view->percentiles.ncols > ncols)
		ncols = ctx->view->percentiles.ncols;
	worksheet_set_column(ws, 0, 1, PIVOT_LABEL_W, NULL);
	if (ncols > 0)
		worksheet_set_column(ws, 2, (lxw_col_t)(ncols + 1), PIVOT_FIGURE_W, NULL);
}

/*
 * The pixels of the whole columns from column 0 that the first page holds
 * (the sheet's tables width_px wide: see pivot_print) where LibreOffice draws columns
 * REPORT_XLSX_FONT_SLACK wider: two of the block sizes, nfig of figures,
 * then (ncaps > 0) a blank one and the caps', then blank ones.
 */
static double
pivot_band_px(unsigned nfig, unsigned ncaps, double width_px)
{
	double page = report_xlsx_page_px(width_px * REPORT_XLSX_FONT_SLACK, false,
	    REPORT_XLSX_PRINT_MIN) / REPORT_XLSX_FONT_SLACK;
	double used = 2 * report_xlsx_col_px(PIVOT_LABEL_W), w;
	unsigned c;

	for (c = 0;; c++) {
		if (c < nfig)
			w = report_xlsx_col_px(PIVOT_FIGURE_W);
		else if (ncaps > 0 && c > nfig && c <= nfig + ncaps)
			w = report_xlsx_col_px(PIVOT_CAP_W);
		else
			w = report_xlsx_col_px(8.43);
		if (used + w > page)
			return used;
		used += w;
	}
}

/*
 * A pivot sheet's print setup and its charts' stack from row: at 100% or
 * down to REPORT_XLSX_PRINT_MIN (11-point text at 8 points or more), across pages
 * when wider, the block size columns on every page.  A chart is anchored
 * to the columns under it, which LibreOffice without Calibri draws 1.35
 * times wider, and a page holds whole columns: a chart is as wide as the
 * whole columns the first page holds (band_px, about 870 pixels), so that
 * no sliver of it prints on the next page across; its fonts print at 8
 * points or more.  The header row is not repeated across: the tables fit
 * a page's height, and the pages right of the charts then stay blank, so
 * they are not printed.
 */
static void
pivot_print(lxw_worksheet *ws, struct report_xlsx_stack *st, lxw_row_t row, double width_px,
    double band_px)
{
	report_xlsx_page_across(ws, -1, 1, width_px * REPORT_XLSX_FONT_SLACK, false,
	    REPORT_XLSX_PRINT_MIN);
	report_xlsx_stack_init(st, ws, row, PIVOT_CHART_PX);
	st->zoom = band_px / PIVOT_CHART_PX;
	st->print_pct = REPORT_XLSX_PRINT_MIN;
}

/*
 * The pivot sheet of a large run (view_big(), view.h): per mode the best cell
 * of each block size over every queue depth and job count, and where it
 * is, in place of a column per series; its chart a line per mode.
 */
static void
pivot_sheet_big(struct report_xl *x, const struct report_ctx *ctx, const char *name,
    enum view_metric metric, const char *chart_title, const char *yname)
{
	const struct view_chart *chv = ctx->view->chart;
	const struct view_table *v = &ctx->view->pivot[metric];
	lxw_worksheet *ws = workbook_add_worksheet(x->wb, name);
	struct view_range range = { 0, 0 };
	struct report_xlsx_stack st;
	struct pivot_cap *caps;
	unsigned m, b, ncaps = 0;
	lxw_chart *ch;
	char *h;

	worksheet_set_column(ws, 0, 1, PIVOT_LABEL_W, NULL);
	worksheet_set_column(ws, 2, (lxw_col_t)(2 * chv->nmodes + 1), PIVOT_FIGURE_W, NULL);
	pivot_head_height(ws, 0, v, 3, 0);
	worksheet_freeze_panes(ws, 1, 2);
	pivot_bs_column(x, ws, 0, v);
	if (metric >= METRIC_P50_US && !chv->has_latency) {
		worksheet_write_string(ws, v->nrows + 2, 0, "No latency was measured (imported "
		    "figures).", x->bold);
		report_xlsx_page_across(ws, -1, 1, PIVOT_CHART_PX, false, PIVOT_PRINT_MIN);
		return;
	}
	h = xasprintf("%s: %s, the best of every queue depth and job count at each block size, a "
	    "line per mode", ctx->view->chart->title_run, chart_title);
	ch = report_xlsx_chart(x->wb, false, h, "Block size", yname, LXW_CHART_LEGEND_BOTTOM);
	free(h);
	/* each workload's best and where it is; its count of cells is for the documents */
	for (m = 0; m < v->ngroups; m++) {
		const struct view_col *best = &v->cols[3 * m], *at = &v->cols[3 * m + 1];
		lxw_col_t col = (lxw_col_t)(2 + 2 * m);
		struct report_xlsx_look look = pivot_look(&chv->modes[m], 0);
		bool any = false;

		worksheet_write_string(ws, 0, col, best->name, x->header);
		worksheet_write_string(ws, 0, col + 1, at->name, x->header);
		for (b = 0; b < v->nrows; b++) {
			const struct view_cell *vc = view_table_cell(v, b, 3 * m);
			bool bad = vc->flags & VIEW_MISMATCH;

			if (vc->kind != VIEW_NUMBER)
				continue;
			view_range_add(&range, vc->value);
			any = true;
			worksheet_write_number(ws, 1 + b, col, vc->value, report_xlsx_small(x,
			    best->decimals == 0 ? (bad ? x->bad0 : x->num0) : (bad ? x->bad1 : x->num1),
			    vc->value, best->decimals == 0 ? 0 : 1));
			worksheet_write_string(ws, 1 + b, col + 1, view_table_cell(v, b, 3 * m + 1)->text,
			    NULL);
		}
		if (!any)
			continue;
		report_xlsx_series(ch, name, 1, v->nrows, 0, col, chv->modes[m].name, &look);
		pivot_scale_range(ws, 1, col, v->nrows, col, metric >= METRIC_P50_US);
	}
	h = xasprintf("The best of every queue depth and job count at each block size: %u cells are "
	    "too many for a column per queue depth x jobs. The Cells sheet has every cell.",
	    ctx->view->docs->notes.counts.ndone);
	pivot_note(x, ws, v->nrows + 2, h, 2 * chv->nmodes);
	free(h);
	caps = xcalloc(chv->nmodes + 3, sizeof *caps);
	if (metric != METRIC_P99_US)
		ncaps = pivot_caps(x, ws, (lxw_col_t)(2 * chv->nmodes + 3), ctx,
		    metric == METRIC_MIB_S, caps, &range);
	pivot_caps_draw(ch, name, chv->nbs, caps, ncaps, -1);
	pivot_head_height(ws, 0, v, 3, pivot_caps_lines(caps, ncaps));
	report_xlsx_axis(ch->y_axis, &range, true);
	pivot_print(ws, &st, v->nrows + 4, 2 * report_xlsx_col_px(PIVOT_LABEL_W) +
	    2 * chv->nmodes * report_xlsx_col_px(PIVOT_FIGURE_W) + (ncaps > 0 ?
	    report_xlsx_col_px(8.43) + ncaps * report_xlsx_col_px(PIVOT_CAP_W) : 0),
	    pivot_band_px(2 * chv->nmodes, ncaps, 2 * report_xlsx_col_px(PIVOT_LABEL_W) +
	    2 * chv->nmodes * report_xlsx_col_px(PIVOT_FIGURE_W) + (ncaps > 0 ?
	    report_xlsx_col_px(8.43) + ncaps * report_xlsx_col_px(PIVOT_CAP_W) : 0)));
	report_xlsx_stack_add(&st, ch);
	report_xlsx_stack_done(&st);
	pivot_caps_free(caps, ncaps);
}

/*
 * The lines of workload wl on chart ch (-1: of every workload, each in
 * its colour and its series' dash and marker; else its depths from light
 * to dark in its colour, a marker each).  Returns the points drawn hollow.
 */
static unsigned
pivot_lines(lxw_chart *ch, const struct report_ctx *ctx, const char *sheet,
    enum view_metric metric, int wl)
{
	const struct view_chart *chv = ctx->view->chart;
	unsigned s, k = 0, n = 0, nhollow = 0;

	for (s = 0; s < chv->nseries; s++)
		n += wl < 0 || chv->series[s].wl == (unsigned)wl;
	for (s = 0; s < chv->nseries && s < REPORT_XLSX_SERIES_MAX; s++) {
		const struct summary_mode *sm = &chv->modes[chv->series[s].wl];
		struct report_xlsx_look look = pivot_look(sm, chv->series[s].variant);

		if (wl >= 0 && chv->series[s].wl != (unsigned)wl)
			continue;
		if (wl >= 0) {
			look.color = report_xlsx_ramp(sm->rgb, k, n);
			look.dash = LXW_CHART_LINE_DASH_SOLID;
			look.marker = report_xlsx_marker(k);
		}
		k++;
		look.hatched = chv->series[s].variant > 0;
		nhollow += report_xlsx_series_hollow(report_xlsx_series(ch, sheet, 1, chv->nbs, 0,
		    (lxw_col_t)(s + 2), chv->series[s].name, &look), &look, ctx->view,
		    &ctx->view->pivot[metric], s);
	}
	return nhollow;
}

/*
 * The charts of a pivot sheet onto stack st: one of every series, or when
 * that would be more than PIVOT_SERIES_MAX lines one per mode with its
 * depths, all on the same y axis (range); each with the caps that concern
 * it.  Returns the points drawn hollow.
 */
static unsigned
pivot_charts(struct report_xl *x, const struct report_ctx *ctx, const char *sheet,
    enum view_metric metric, const char *chart_title, const char *yname,
    const struct pivot_cap *caps, unsigned ncaps, const struct view_range *range,
    lxw_chart **out)
{
	const struct view_chart *chv = ctx->view->chart;
	bool split = chv->nseries > PIVOT_SERIES_MAX && chv->nmodes > 1;
	unsigned m, nhollow = 0, n = split ? chv->nmodes : 1;
	char *title;

	for (m = 0; m < n; m++) {
		if (split)
			title = xasprintf("%s: %s %s (a chart per mode, one scale)",
			    ctx->view->chart->title_run, chv->modes[m].name, chart_title);
		else
			title = xasprintf("%s: %s", ctx->view->chart->title_run, chart_title);
		/* fewer than three block sizes: bars, as the gnuplot charts draw them */
		out[m] = report_xlsx_chart(x->wb, chv->bars ? REPORT_XLSX_BARS :
		    REPORT_XLSX_LINES, title, "Block size", yname, LXW_CHART_LEGEND_BOTTOM);
		free(title);
		nhollow += pivot_lines(out[m], ctx, sheet, metric, split ? (int)m : -1);
		pivot_caps_draw(out[m], sheet, chv->nbs, caps, ncaps, split ? (int)m : -1);
		report_xlsx_axis(out[m]->y_axis, range, true);
	}
	return nhollow;
}

/* A pivot sheet of one metric, its tables at the top and its charts below them. */
static void
pivot_sheet(struct report_xl *x, const struct report_ctx *ctx, const char *name,
    enum view_metric metric, const char *chart_title, const char *yname)
{
	const struct view_chart *chv = ctx->view->chart;
	lxw_worksheet *ws;
	struct view_range range = { 0, 0 }, other = { 0, 0 };
	struct report_xlsx_stack st;
	struct pivot_cap *caps;
	lxw_chart **ch, *pct = NULL;
	lxw_row_t rows, end;
	unsigned k, nhollow, ncaps = 0, nch;

	if (ctx->view->big) {
		pivot_sheet_big(x, ctx, name, metric, chart_title, yname);
		return;
	}
	ws = workbook_add_worksheet(x->wb, name);
	pivot_columns(ws, ctx, metric);
	worksheet_freeze_panes(ws, 1, 2);
	rows = pivot_table(x, ws, 0, &ctx->view->pivot[metric], &range, metric >= METRIC_P50_US);
	end = rows;
	if (metric == METRIC_MIB_S) {
		worksheet_write_string(ws, rows + 1, 0, "The same in MB/s (10^6 bytes/s):", x->bold);
		end = rows + 2 + pivot_table(x, ws, rows + 2, &ctx->view->pivot[METRIC_MB_S], &other,
		    false);
	}
	if (metric == METRIC_P99_US && !chv->has_latency) {
		worksheet_write_string(ws, rows + 1, 0, "No latency was measured (imported figures).",
		    x->bold);
		report_xlsx_page_across(ws, -1, 1, PIVOT_CHART_PX, false, PIVOT_PRINT_MIN);
		return;
	}
	if (metric == METRIC_P99_US) {
		worksheet_write_string(ws, rows + 1, 0, "Latency percentiles at each mode's lowest "
		    "queue depth (us):", x->bold);
		pct = pivot_percentiles(x, ws, rows + 2, ctx);
		end = rows + 2 + chv->nbs + 1;
	}
	/* the caps right of the table, after a blank column; none on bars */
	caps = xcalloc(chv->nmodes + 3, sizeof *caps);
	if (metric != METRIC_P99_US && !chv->bars)
		ncaps = pivot_caps(x, ws, (lxw_col_t)(chv->nseries + 3), ctx, metric == METRIC_MIB_S,
		    caps, &range);
	if (ncaps > 0)
		pivot_head_height(ws, 0, &ctx->view->pivot[metric], 1, pivot_caps_lines(caps, ncaps));
	ch = xcalloc(chv->nmodes + 1, sizeof *ch);
	nch = chv->nseries > PIVOT_SERIES_MAX && chv->nmodes > 1 ? chv->nmodes : 1;
	nhollow = pivot_charts(x, ctx, name, metric, chart_title, yname, caps, ncaps, &range, ch);
	if (nhollow > 0)
		pivot_note(x, ws, end, REPORT_XLSX_HOLLOW_NOTE, ctx->view->pivot[metric].ncols);
	/* the marks of imports on a line of their own: a longer line prints the sheet smaller */
	if (nhollow > 0 && (ctx->view->docs->notes.counts.caveats & (VIEW_BUFFERED | VIEW_CLONES)))
		pivot_note(x, ws, ++end, REPORT_XLSX_HOLLOW_IMPORT, ctx->view->pivot[metric].ncols);
	pivot_print(ws, &st, end + 1, pivot_width(ctx, metric) + (ncaps > 0 ?
	    report_xlsx_col_px(8.43) + ncaps * report_xlsx_col_px(PIVOT_CAP_W) : 0),
	    pivot_band_px((unsigned)((pivot_width(ctx, metric) - 2 * report_xlsx_col_px(PIVOT_LABEL_W)) /
	    report_xlsx_col_px(PIVOT_FIGURE_W) + 0.5), ncaps, pivot_width(ctx, metric) +
	    (ncaps > 0 ? report_xlsx_col_px(8.43) + ncaps * report_xlsx_col_px(PIVOT_CAP_W) : 0)));
	for (k = 0; k < nch; k++)
		report_xlsx_stack_add(&st, ch[k]);
	if (pct != NULL)
		report_xlsx_stack_add(&st, pct);
	report_xlsx_stack_done(&st);
	pivot_caps_free(caps, ncaps);
	free(ch);
}

/* The IOPS, MiB per s and p99 latency sheets. */
void
report_xlsx_pivots(struct report_xl *x, const struct report_ctx *ctx)
{
	pivot_sheet(x, ctx, SHEET_IOPS, METRIC_IOPS, "IOPS vs block size", "IOPS (log scale)");
	pivot_sheet(x, ctx, SHEET_BW, METRIC_MIB_S, "throughput vs block size",
	    "Throughput (MiB/s, log scale)");
	pivot_sheet(x, ctx, SHEET_LAT, METRIC_P99_US, "p99 latency vs block size",
	    "p99 latency (us, log scale)");
}
