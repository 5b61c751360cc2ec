/*
 * The Saturation sheet of report.xlsx, for the modes with three or more
 * queue depths at a block size: a table per mode (depth down; per block
 * size its IOPS and p50 / p99 latency across), and below the tables two
 * charts per mode.  IOPS against queue depth, a line per block size, shows
 * where the volume saturates; p50 and p99 latency against IOPS across the
 * depths (the "hockey stick") shows what the last IOPS cost in latency.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xlsxwriter.h>

#include "palette.h"
#include "report.h"

#define CURVE_MIN_DEPTHS	3

/* One mode x jobs: its series by ascending depth, and the block sizes with enough depths. */
struct curve {
	unsigned	 wl;		/* its workload: index into summary.modes */
	unsigned	 jobs;
	unsigned	*series;	/* indexes into summary.series */
	unsigned	 nseries;
	unsigned	*bs;		/* indexes into summary.bs */
	unsigned	 nbs;
	bool		 latency;	/* some cell of it has latency percentiles */
	lxw_row_t	 first;		/* the table's first data row */
};


/* The cell of series s at block size b with IOPS, or NULL. */
static const struct cell_result *
curve_cell(const struct report_ctx *ctx, unsigned s, unsigned b)
{
	int i = ctx->sum->series[s].cell[b];

	if (i < 0 || !(ctx->res->cells[i].iops > 0))
		return NULL;
	return &ctx->res->cells[i];
}

/* Fill c with workload wl x jobs's series by depth and its block sizes; false if none qualifies. */
static bool
curve_fill(const struct report_ctx *ctx, unsigned wl, unsigned jobs, struct curve *c)
{
	const struct summary *sum = ctx->sum;
	unsigned s, b, k, n;

	memset(c, 0, sizeof *c);
	c->wl = wl;
	c->jobs = jobs;
	c->series = xcalloc(sum->nseries, sizeof *c->series);
	c->bs = xcalloc(sum->nbs, sizeof *c->bs);
	for (s = 0; s < sum->nseries; s++) {
		if (sum->series[s].wl != wl || sum->series[s].jobs != jobs)
			continue;
		for (k = c->nseries; k > 0 && sum->series[c->series[k - 1]].depth >
		    sum->series[s].depth; k--)
			c->series[k] = c->series[k - 1];
		c->series[k] = s;
		c->nseries++;
	}
	for (b = 0; b < sum->nbs; b++) {
		for (k = 0, n = 0; k < c->nseries; k++)
			if (curve_cell(ctx, c->series[k], b) != NULL) {
				n++;
				if (curve_cell(ctx, c->series[k], b)->lat_pct_ns[0] > 0)
					c->latency = true;
			}
		if (n >= CURVE_MIN_DEPTHS)
			c->bs[c->nbs++] = b;
	}
	if (c->nbs > 0)
		return true;
	free(c->series);
	free(c->bs);
	return false;
}

/* The curves of the run: a mode x jobs with CURVE_MIN_DEPTHS depths at a block size.  Caller frees. */
static struct curve *
curve_find(const struct report_ctx *ctx, unsigned *ncurves)
{
	const struct summary *sum = ctx->sum;
	struct curve *c = xcalloc(sum->nseries + 1, sizeof *c);
	unsigned m, s, k;

	*ncurves = 0;
	for (m = 0; m < sum->nmodes; m++)
		for (s = 0; s < sum->nseries; s++) {
			if (sum->series[s].wl != m)
				continue;
			for (k = 0; k < *ncurves; k++)
				if (c[k].wl == m && c[k].jobs == sum->series[s].jobs)
					break;
			if (k == *ncurves && curve_fill(ctx, m, sum->series[s].jobs,
			    &c[*ncurves]))
				(*ncurves)++;
		}
	return c;
}

static void
curve_free(struct curve *c, unsigned n)
{
	unsigned k;

	for (k = 0; k < n; k++) {
		free(c[k].series);
		free(c[k].bs);
	}
	free(c);
}

/* "randread" or "randread x4 jobs". Caller frees. */
static char *
curve_name(const struct summary *sum, const struct curve *c)
{
	if (c->jobs > 1)
		return xasprintf("%s x%u jobs", sum->modes[c->wl].name, c->jobs);
	return xstrdup(sum->modes[c->wl].name);
}

/* The first row of block size k's block in curve c's table: a row per depth. */
static lxw_row_t
curve_row(const struct curve *c, unsigned k)
{
	return c->first + k * c->nseries;
}

/*
 * The table of curve c at row, a block of rows per block size (a row per
 * depth of the curve, blank where a cell is missing, so every block has
 * the same depths: the charts' categories); returns the next free row.
 */
static lxw_row_t
curve_table(struct report_xl *x, lxw_worksheet *ws, lxw_row_t row, const struct report_ctx *ctx,
    struct curve *c)
{
	static const char *const head[] = {
		"Block size", "Queue depth", "IOPS", "p50 latency (us)", "p99 latency (us)"
	};
	char *name = curve_name(ctx->sum, c), *h, label[32];
	unsigned k, b, w;

	h = xasprintf("%s: IOPS%s against queue depth, per block size", name,
	    c->latency ? " and latency" : "");
	worksheet_write_string(ws, row++, 0, h, x->bold);
	free(h);
	free(name);
	worksheet_set_row(ws, row, 30, NULL);
	for (w = 0; w < (c->latency ? 5u : 3u); w++)
		worksheet_write_string(ws, row, (lxw_col_t)w, head[w], x->header);
	c->first = ++row;
	for (b = 0; b < c->nbs; b++)
		for (k = 0; k < c->nseries; k++, row++) {
			const struct cell_result *r = curve_cell(ctx, c->series[k], c->bs[b]);

			worksheet_write_string(ws, row, 0, report_size_label(ctx->sum->bs[c->bs[b]],
			    label, sizeof label), NULL);
			worksheet_write_number(ws, row, 1, ctx->sum->series[c->series[k]].depth, NULL);
			if (r == NULL)
				continue;
			worksheet_write_number(ws, row, 2, r->iops, x->num0);
			if (!c->latency || r->lat_pct_ns[0] == 0)
				continue;
			worksheet_write_number(ws, row, 3, view_metric_value(r, METRIC_P50_US), x->num1);
			worksheet_write_number(ws, row, 4, view_metric_value(r, METRIC_P99_US), x->num1);
		}
	return row + 1;
}

/* The range of figure w (0 IOPS, 1 p50, 2 p99) of block sizes pick[0..npick) of curve c. */
static struct view_range
curve_range(const struct report_ctx *ctx, const struct curve *c, unsigned w,
    const unsigned *pick, unsigned npick)
{
	static const enum view_metric metric[] = { METRIC_IOPS, METRIC_P50_US, METRIC_P99_US };
	struct view_range range = { 0, 0 };
	unsigned k, b;

	for (k = 0; k < c->nseries; k++)
		for (b = 0; b < npick; b++) {
			const struct cell_result *r = curve_cell(ctx, c->series[k], c->bs[pick[b]]);

			if (r != NULL && (w == 0 || r->lat_pct_ns[0] > 0))
				view_range_add(&range, view_metric_value(r, metric[w]));
		}
	return range;
}

/* IOPS against queue depth, a line per block size. */
static lxw_chart *
curve_saturation(struct report_xl *x, const struct report_ctx *ctx, const struct curve *c)
{
	unsigned *all = xcalloc(c->nbs, sizeof *all), b;
	struct view_range iops;
	char *name = curve_name(ctx->sum, c), *title, label[32];
	lxw_chart *ch;
	bool log_y;

	for (b = 0; b < c->nbs; b++)
		all[b] = b;
	iops = curve_range(ctx, c, 0, all, c->nbs);
	free(all);
	log_y = view_range_wants_log(&iops);
	title = xasprintf("%s: %s IOPS vs queue depth", ctx->res->label, name);
	ch = report_xlsx_chart(x->wb, REPORT_XLSX_LINES, title, "Queue depth (I/Os in flight per job)",
	    log_y ? "IOPS (log scale)" : "IOPS", LXW_CHART_LEGEND_BOTTOM);
	for (b = 0; b < c->nbs && b < REPORT_XLSX_SERIES_MAX; b++) {
		struct report_xlsx_look look = { .color = palette_tab10(b), .width = 2,
		    .dash = LXW_CHART_LINE_DASH_SOLID, .marker = report_xlsx_marker(b) };

		report_xlsx_series(ch, REPORT_XLSX_SHEET_CURVES, curve_row(c, b),
		    curve_row(c, b) + c->nseries - 1, 1, 2,
		    report_size_label(ctx->sum->bs[c->bs[b]], label, sizeof label), &look);
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
curve_latency(struct report_xl *x, const struct report_ctx *ctx, const struct curve *c)
{
	unsigned pick[3] = { 0, c->nbs / 2, c->nbs - 1 }, npick = c->nbs < 3 ? c->nbs : 3, b, p;
	struct view_range iops, lat, p99;
	char *name = curve_name(ctx->sum, c), *title, *h, label[32];
	bool log_x, log_y;
	lxw_chart *ch;

	if (c->nbs == 2)
		pick[1] = 1;
	iops = curve_range(ctx, c, 0, pick, npick);
	lat = curve_range(ctx, c, 1, pick, npick);
	p99 = curve_range(ctx, c, 2, pick, npick);
	view_range_add(&lat, p99.lo);
	view_range_add(&lat, p99.hi);
	log_x = view_range_wants_log(&iops);
	log_y = view_range_wants_log(&lat);
	title = xasprintf("%s: %s p50 and p99 latency vs IOPS as the queue deepens",
	    ctx->res->label, name);
	ch = report_xlsx_chart(x->wb, REPORT_XLSX_SCATTER, title, log_x ? "IOPS (log scale)" : "IOPS",
	    log_y ? "Completion latency (us, log scale)" : "Completion latency (us)",
	    LXW_CHART_LEGEND_BOTTOM);
	for (b = 0; b < npick; b++)
		for (p = 1; p <= 2; p++) {
			struct report_xlsx_look look = { .color = palette_tab10(pick[b]), .width = 2,
			    .dash = p == 1 ? LXW_CHART_LINE_DASH_DASH : LXW_CHART_LINE_DASH_SOLID,
			    .marker = report_xlsx_marker(pick[b]) };

			h = xasprintf("%s %s", report_size_label(ctx->sum->bs[c->bs[pick[b]]], label,
			    sizeof label), p == 1 ? "p50" : "p99");
			report_xlsx_series(ch, REPORT_XLSX_SHEET_CURVES, curve_row(c, pick[b]),
			    curve_row(c, pick[b]) + c->nseries - 1, 2, (lxw_col_t)(2 + p), h, &look);
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
 * large run (report-big.c) has none: its tables would be a row per queue
 * depth of every mode, jobs and block size, another Cells sheet.
 */
bool
report_xlsx_has_curves(const struct report_ctx *ctx)
{
	unsigned n;
	struct curve *c;

	if (report_big(ctx->sum))
		return false;
	c = curve_find(ctx, &n);

	curve_free(c, n);
	return n > 0;
}

/*
 * The Saturation sheet: the tables of every curve, then per curve its
 * saturation chart and, with latency, its latency chart.  Returns whether
 * there was a curve (and so a sheet).
 */
bool
report_xlsx_curves(struct report_xl *x, const struct report_ctx *ctx)
{
	struct report_xlsx_stack st;
	struct curve *c;
	lxw_worksheet *ws;
	lxw_row_t row = 2;
	unsigned n, k;

	if (!report_xlsx_has_curves(ctx))
		return false;
	c = curve_find(ctx, &n);
	if (n == 0) {
		curve_free(c, n);
		return false;
	}
	ws = workbook_add_worksheet(x->wb, REPORT_XLSX_SHEET_CURVES);
	worksheet_set_column(ws, 0, 1, 11, NULL);
	worksheet_set_column(ws, 2, 4, 14, NULL);
	worksheet_write_string(ws, 0, 0, "Saturation: IOPS and latency against queue depth, for "
	    "each mode with 3 or more depths at a block size (IOPS; latency in microseconds, us)",
	    x->title);
	report_xlsx_page(ws, 0, false);
	report_xlsx_stack_init(&st, ws, row, 2 * report_xlsx_col_px(11) + 3 * report_xlsx_col_px(14));
	for (k = 0; k < n; k++) {
		if (k > 0)
			report_xlsx_stack_break(&st, row);	/* each mode's table starts a page */
		row = curve_table(x, ws, row, ctx, &c[k]);
	}
	st.row = row;
	for (k = 0; k < n; k++) {
		report_xlsx_stack_add(&st, curve_saturation(x, ctx, &c[k]));
		if (c[k].latency)
			report_xlsx_stack_add(&st, curve_latency(x, ctx, &c[k]));
	}
	report_xlsx_stack_done(&st);
	curve_free(c, n);
	return true;
}
