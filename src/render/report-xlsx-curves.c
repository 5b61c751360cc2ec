/*
 * The Saturation sheet of report.xlsx, for the modes with three or more
 * queue depths at a block size: a table per mode (depth down; per block
 * size its IOPS and p50 / p99 latency across), and below the tables two
 * charts per mode, in the mode's colour from light (the smallest block
 * size) to dark.  IOPS against queue depth, a line per block size, shows
 * where the volume saturates; p50 and p99 latency against IOPS across the
 * depths (the "hockey stick") shows what the last IOPS cost in latency.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xlsxwriter.h>

#include "render/report.h"

/* Curve c's point at block size b (index into c->bs) and its k-th depth, ascending: NULL none. */
static const struct view_curve_point *
curve_cell(const struct view_curve *c, unsigned b, unsigned k)
{
	const struct view_curve_point *p = &c->bs[b].point[c->by_depth[k]];

	return p->cell != NULL ? p : NULL;
}

/* "randread" or "randread x4 jobs". Caller frees. */
static char *
curve_name(const struct view_docs *d, const struct view_curve *c)
{
	if (c->jobs > 1)
		return xasprintf("%s x%u jobs", d->wl[c->wl].name, c->jobs);
	return xstrdup(d->wl[c->wl].name);
}

/* The first row of block size k's block in curve c's table (at first): a row per depth. */
static lxw_row_t
curve_row(const struct view_curve *c, lxw_row_t first, unsigned k)
{
	return first + k * c->nseries;
}

/*
 * The table of curve c at row, a block of rows per block size (a row per
 * depth of the curve, blank where a cell is missing, so every block has
 * the same depths: the charts' categories); returns the next free row.
 */
static lxw_row_t
curve_table(struct report_xl *x, lxw_worksheet *ws, lxw_row_t row, const struct report_ctx *ctx,
    const struct view_curve *c, lxw_row_t *first)
{
	static const char *const head[] = {
		"Block size", "Queue depth", "IOPS", "p50 latency (us)", "p99 latency (us)"
	};
	char *name = curve_name(ctx->view->docs, c), *h, label[32];
	bool latency = (c->flags & VIEW_CURVE_LATENCY) != 0;
	unsigned k, b, w;

	h = xasprintf("%s: IOPS%s against queue depth, per block size", name,
	    latency ? " and latency" : "");
	worksheet_write_string(ws, row++, 0, h, x->bold);
	free(h);
	free(name);
	worksheet_set_row(ws, row, 30, NULL);
	for (w = 0; w < (latency ? 5u : 3u); w++)
		worksheet_write_string(ws, row, (lxw_col_t)w, head[w], x->header);
	*first = ++row;
	for (b = 0; b < c->nbs; b++)
		for (k = 0; k < c->nseries; k++, row++) {
			const struct view_curve_point *r = curve_cell(c, b, k);
			uint64_t size = ctx->view->docs->bs[c->bs[b].b];

			worksheet_write_string(ws, row, 0, view_size_label(size, label,
			    sizeof label), NULL);
			worksheet_write_number(ws, row, 1, c->bs[b].point[c->by_depth[k]].depth,
			    NULL);
			if (r == NULL)
				continue;
			worksheet_write_number(ws, row, 2, r->iops, x->num0);
			if (!latency || r->lat_ns[0] == 0)
				continue;
			worksheet_write_number(ws, row, 3, r->metric[1], x->num1);
			if (r->lat_ns[2] > 0)	/* else blank: not given */
				worksheet_write_number(ws, row, 4, r->metric[2],
				    x->num1);
		}
	return row + 1;
}

/* The range of figure w (0 IOPS, 1 p50, 2 p99) of block sizes pick[0..npick) of curve c. */
static struct view_range
curve_range(const struct view_curve *c, unsigned w, const unsigned *pick, unsigned npick)
{
	struct view_range range = { 0, 0 };
	unsigned k, b;

	for (k = 0; k < c->nseries; k++)
		for (b = 0; b < npick; b++) {
			const struct view_curve_point *r = curve_cell(c, pick[b], k);

			if (r != NULL && (w == 0 || r->lat_ns[0] > 0))
				view_range_add(&range, r->metric[w]);
		}
	return range;
}

/* IOPS against queue depth, a line per block size. */
static lxw_chart *
curve_saturation(struct report_xl *x, const struct report_ctx *ctx, const struct view_curve *c,
    lxw_row_t first)
{
	unsigned *all = xcalloc(c->nbs, sizeof *all), b;
	struct view_range iops;
	char *name = curve_name(ctx->view->docs, c), *title, label[32];
	lxw_chart *ch;
	bool log_y;

	for (b = 0; b < c->nbs; b++)
		all[b] = b;
	iops = curve_range(c, 0, all, c->nbs);
	free(all);
	log_y = false;	/* linear, as saturation.png and the other sheets' depth charts */
	title = xasprintf("%s: %s IOPS vs queue depth", ctx->view->docs->head.label, name);
	ch = report_xlsx_chart(x->wb, REPORT_XLSX_LINES, title, "Queue depth (I/Os in flight per job)",
	    log_y ? "IOPS (log scale)" : "IOPS", LXW_CHART_LEGEND_BOTTOM);
	for (b = 0; b < c->nbs && b < REPORT_XLSX_SERIES_MAX; b++) {
		struct report_xlsx_look look = { .width = 2,
		    .color = report_xlsx_ramp(ctx->view->docs->wl[c->wl].rgb, b, c->nbs),
		    .dash = LXW_CHART_LINE_DASH_SOLID, .marker = report_xlsx_marker(b) };

		report_xlsx_series(ch, REPORT_XLSX_SHEET_CURVES, curve_row(c, first, b),
		    curve_row(c, first, b) + c->nseries - 1, 1, 2,
		    view_size_label(ctx->view->docs->bs[c->bs[b].b], label, sizeof label), &look);
	}
	report_xlsx_axis(ch->y_axis, &iops, log_y);
	free(title);
	free(name);
	return ch;
}

/*
 * p50 (dashed) and p99 latency against IOPS through the depths, a pair of
 * lines per block size: of at most three, the smallest, the middle and the
 * largest (more lines are a tangle), the table has them all.
 */
static lxw_chart *
curve_latency(struct report_xl *x, const struct report_ctx *ctx, const struct view_curve *c,
    lxw_row_t first)
{
	unsigned pick[3] = { 0, c->nbs / 2, c->nbs - 1 }, npick = c->nbs < 3 ? c->nbs : 3, b, p;
	struct view_range iops, lat, p99;
	char *name = curve_name(ctx->view->docs, c), *title, *h, label[32];
	bool log_x, log_y;
	lxw_chart *ch;

	if (c->nbs == 2)
		pick[1] = 1;
	iops = curve_range(c, 0, pick, npick);
	lat = curve_range(c, 1, pick, npick);
	p99 = curve_range(c, 2, pick, npick);
	view_range_add(&lat, p99.lo);
	view_range_add(&lat, p99.hi);
	log_x = view_range_wants_log(&iops);
	log_y = view_range_wants_log(&lat);
	title = xasprintf("%s: %s p50 and p99 latency vs IOPS as the queue deepens",
	    ctx->view->docs->head.label, name);
	ch = report_xlsx_chart(x->wb, REPORT_XLSX_SCATTER, title, log_x ? "IOPS (log scale)" : "IOPS",
	    log_y ? "Completion latency (us, log scale)" : "Completion latency (us)",
	    LXW_CHART_LEGEND_BOTTOM);
	for (b = 0; b < npick; b++)
		for (p = 1; p <= 2; p++) {
			struct report_xlsx_look look = { .width = 2,
			    .color = report_xlsx_ramp(ctx->view->docs->wl[c->wl].rgb, b, npick),
			    .dash = p == 1 ? LXW_CHART_LINE_DASH_DASH : LXW_CHART_LINE_DASH_SOLID,
			    .marker = report_xlsx_marker(pick[b]) };
			lxw_row_t top = curve_row(c, first, pick[b]);

			h = xasprintf("%s %s", view_size_label(ctx->view->docs->bs[c->bs[pick[b]].b],
			    label, sizeof label), p == 1 ? "p50" : "p99");
			report_xlsx_series(ch, REPORT_XLSX_SHEET_CURVES, top, top + c->nseries - 1, 2,
			    (lxw_col_t)(2 + p), h, &look);
			free(h);
		}
	report_xlsx_axis(ch->x_axis, &iops, log_x);
	report_xlsx_axis(ch->y_axis, &lat, log_y);
	free(title);
	free(name);
	return ch;
}

/*
 * Whether the run has a curve, and so report.xlsx a Saturation sheet.  A
 * large run (view_big(), view.h) has none: its tables would be a row per queue
 * depth of every mode, jobs and block size, another Cells sheet.
 */
bool
report_xlsx_has_curves(const struct report_ctx *ctx)
{
	return !ctx->view->big && ctx->view->curves.n > 0;
}

#define CURVES_TITLE	"Saturation: IOPS and latency against queue depth, for each mode with 3 " \
	"or more depths at a block size (IOPS; latency in microseconds, us)"

/*
 * The Saturation sheet: the tables of every curve, then per curve its
 * saturation chart and, with latency, its latency chart.  Returns whether
 * there was a curve (and so a sheet).
 */
bool
report_xlsx_curves(struct report_xl *x, const struct report_ctx *ctx)
{
	const struct view_curves *v = &ctx->view->curves;
	struct report_xlsx_stack st;
	lxw_worksheet *ws;
	lxw_row_t row = 2, *first;
	lxw_format *wrap;
	double page, band;
	unsigned k;

	if (!report_xlsx_has_curves(ctx))
		return false;
	first = xcalloc(v->n, sizeof *first);
	ws = workbook_add_worksheet(x->wb, REPORT_XLSX_SHEET_CURVES);
	worksheet_set_column(ws, 0, 1, 11, NULL);
	worksheet_set_column(ws, 2, 4, 14, NULL);
	/*
	 * The title wrapped over the tables' columns: a line past them would
	 * set the print width.  The sheet prints at REPORT_XLSX_PRINT_MIN or
	 * more; a chart as wide as the whole columns a page holds there
	 * (LibreOffice draws them REPORT_XLSX_FONT_SLACK wider), so that none
	 * prints a sliver on a page across.
	 */
	wrap = report_xlsx_format(x->wb, NULL, true, 0, 0);
	format_set_font_size(wrap, 13);
	format_set_text_wrap(wrap);
	format_set_align(wrap, LXW_ALIGN_VERTICAL_TOP);
	worksheet_merge_range(ws, 0, 0, 0, 4, CURVES_TITLE, wrap);
	worksheet_set_row(ws, 0, 18 * report_xlsx_lines(CURVES_TITLE, 2 * 11 + 3 * 14), NULL);
	report_xlsx_page_across(ws, -1, 0, (2 * report_xlsx_col_px(11) + 3 * report_xlsx_col_px(14)) *
	    REPORT_XLSX_FONT_SLACK, false, REPORT_XLSX_PRINT_MIN);
	report_xlsx_stack_init(&st, ws, row, 960);
	page = report_xlsx_page_px((2 * report_xlsx_col_px(11) + 3 * report_xlsx_col_px(14)) *
	    REPORT_XLSX_FONT_SLACK, false, REPORT_XLSX_PRINT_MIN) / REPORT_XLSX_FONT_SLACK;
	for (band = 0, k = 0; band + report_xlsx_col_px(k < 2 ? 11 : k < 5 ? 14 : 8.43) <= page; k++)
		band += report_xlsx_col_px(k < 2 ? 11 : k < 5 ? 14 : 8.43);
	st.zoom = band / 960;
	st.print_pct = REPORT_XLSX_PRINT_MIN;
	for (k = 0; k < v->n; k++) {
		if (k > 0)
			report_xlsx_stack_break(&st, row);	/* each mode's table starts a page */
		row = curve_table(x, ws, row, ctx, &v->curve[k], &first[k]);
	}
	st.row = row;
	for (k = 0; k < v->n; k++) {
		report_xlsx_stack_add(&st, curve_saturation(x, ctx, &v->curve[k], first[k]));
		if (v->curve[k].flags & VIEW_CURVE_LATENCY)
			report_xlsx_stack_add(&st, curve_latency(x, ctx, &v->curve[k], first[k]));
	}
	report_xlsx_stack_done(&st);
	free(first);
	return true;
}
