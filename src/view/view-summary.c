/*
 * The summary view: per workload its peak IOPS and throughput and where
 * they were reached, its QD1 4K latency (mean, p50, p99, and a note when the
 * mean and the p50 tell of two populations), its caps and knee, and against
 * an expectation the share of the provisioned limits.  report.md and
 * report.html show its figures, the knee's sentence and the latency note,
 * report.xlsx every column.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "view/view.h"

/* The columns, in order; the workbook's header names them whole. */
enum {
	SUM_IOPS, SUM_IOPS_AT, SUM_MIB, SUM_MB, SUM_BW_AT, SUM_MEAN, SUM_P50, SUM_P99, SUM_LAT_NOTE,
	SUM_IOPS_CAP, SUM_BW_CAP, SUM_KNEE_BS, SUM_KNEE, SUM_IOPS_PCT, SUM_BW_PCT, SUM_COLS
};

static const struct {
	const char	*header, *name;
	enum view_metric metric;	/* of a figure of a cell; METRIC_COUNT: none */
	int		 decimals;
	unsigned	 flags;
} summary_cols[SUM_COLS] = {
	[SUM_IOPS] = { "Peak IOPS", "Peak IOPS", METRIC_IOPS, 0, 0 },
	[SUM_IOPS_AT] = { "at", "Peak IOPS at", METRIC_COUNT, 0, VIEW_COL_WORDS },
	[SUM_MIB] = { "Peak MiB/s", "Peak throughput (MiB/s)", METRIC_MIB_S, 1, 0 },
	[SUM_MB] = { "Peak MB/s", "Peak throughput (MB/s)", METRIC_MB_S, 1, 0 },
	[SUM_BW_AT] = { "at", "Peak throughput at", METRIC_COUNT, 0, VIEW_COL_WORDS },
	[SUM_MEAN] = { "QD1 4K mean (us)", "QD1 4K mean latency (us)", METRIC_COUNT, 1, 0 },
	[SUM_P50] = { "QD1 4K p50 (us)", "QD1 4K p50 latency (us)", METRIC_P50_US, 1, 0 },
	[SUM_P99] = { "QD1 4K p99 (us)", "QD1 4K p99 latency (us)", METRIC_P99_US, 1, 0 },
	[SUM_LAT_NOTE] = { "QD1 4K latency note", "QD1 4K latency note", METRIC_COUNT, 0,
	    VIEW_COL_WORDS | VIEW_COL_PROSE | VIEW_COL_DETAIL },
	[SUM_IOPS_CAP] = { "IOPS cap", "IOPS cap (IOPS)", METRIC_COUNT, 0, VIEW_COL_DETAIL },
	[SUM_BW_CAP] = { "Bandwidth cap", "Bandwidth cap (MiB/s)", METRIC_COUNT, 1,
	    VIEW_COL_DETAIL },
	[SUM_KNEE_BS] = { "Knee block size", "Knee block size (KiB)", METRIC_COUNT, 1,
	    VIEW_COL_DETAIL },
	[SUM_KNEE] = { "IOPS vs bandwidth (knee)", "IOPS vs bandwidth (knee)", METRIC_COUNT, 0,
	    VIEW_COL_WORDS | VIEW_COL_PROSE },
	[SUM_IOPS_PCT] = { "Peak IOPS (% of provisioned)", "Peak IOPS (% of provisioned)",
	    METRIC_COUNT, 1, VIEW_COL_DETAIL },
	[SUM_BW_PCT] = { "Peak throughput (% of provisioned)", "Peak throughput (% of provisioned)",
	    METRIC_COUNT, 1, VIEW_COL_DETAIL },
};

/* Mark vc with the caveats of cell i: not steady (with why), a failed BW check, unwritten. */
static void
summary_marks(struct view_cell *vc, const struct results *res, int i)
{
	view_cell_unsteady(vc, res, i);
	if (view_caveats(res, i) & VIEW_MISMATCH)
		view_cell_flag(vc, VIEW_MISMATCH, vc->why == NULL ? res->cells[i].check.reason : NULL);
}

/*
 * Column col of row: cell i's figure (with the interval of its rounds when
 * spread), with its caveat marks.
 */
static void
summary_figure(struct view_table *t, unsigned row, unsigned col, const struct results *res,
    int i, bool spread)
{
	const struct cell_result *r = &res->cells[i];
	enum view_metric m = summary_cols[col].metric;
	struct view_cell *vc = view_table_cell(t, row, col);

	view_cell_number(t, row, col, view_metric_value(r, m), i);
	if (spread)
		view_cell_rounds(vc, r, m);
	summary_marks(vc, res, i);
}

/* Column SUM_MEAN of row: cell i's mean latency, marked as its p50 is; nothing when not known. */
static void
summary_mean(struct view_table *t, unsigned row, const struct results *res, int i)
{
	const struct cell_result *r = &res->cells[i];

	if (!(r->lat_mean_ns > 0))
		return;
	view_cell_number(t, row, SUM_MEAN, r->lat_mean_ns / 1e3, i);
	summary_marks(view_table_cell(t, row, SUM_MEAN), res, i);
}

/*
 * Column col of row: where headline cell i was measured, with its marks,
 * and when another cell is the peak (peak), why the headline is not it: a
 * marked cell did more; or, marked itself, that every cell is marked.
 */
static void
summary_at(struct view_table *t, unsigned row, unsigned col, const struct results *res, int i,
    int peak)
{
	const struct cell_result *r = &res->cells[i];
	struct view_cell *vc = view_table_cell(t, row, col);
	char at[64];

	vc->kind = VIEW_TEXT;
	view_summary_at(r, at, sizeof at);
	if (view_caveats(res, i) != 0)
		vc->text = xasprintf("%s; no unmarked cell", at);
	else if (peak != i)
		vc->text = xasprintf("%s; a marked cell did more", at);
	else
		vc->text = xstrdup(at);
	vc->cell = i;
	summary_marks(vc, res, i);
}

/* Column SUM_LAT_NOTE of row: the sentence when cell i's mean and p50 tell of two populations. */
static void
summary_lat_note(struct view_table *t, unsigned row, const struct results *res, int i)
{
	const struct cell_result *r = &res->cells[i];
	double mean = r->lat_mean_ns / 1e3, p50 = view_metric_value(r, METRIC_P50_US);
	double p90 = (double)r->lat_pct_ns[1] / 1e3, p99 = view_metric_value(r, METRIC_P99_US);
	struct view_cell *vc = view_table_cell(t, row, SUM_LAT_NOTE);
	char m[32], a[32], b[32], c[32], x[32], tail[96] = "";

	if (!(p50 > 0) || !(mean >= SUMMARY_LAT_TWO_POPULATIONS * p50))
		return;
	if (p90 > 0)	/* an imported table may lack it */
		snprintf(tail, sizeof tail, " (p90 %s, p99 %s)", view_lat_text(p90, b, sizeof b),
		    view_lat_text(p99, c, sizeof c));
	if (p90 > 0 && !(p99 > 0))
		snprintf(tail, sizeof tail, " (p90 %s)", view_lat_text(p90, b, sizeof b));
	else if (p99 > 0 && !(p90 > 0))
		snprintf(tail, sizeof tail, " (p99 %s)", view_lat_text(p99, c, sizeof c));
	vc->kind = VIEW_TEXT;
	vc->cell = i;
	vc->text = xasprintf("the mean, %s, is %s the p50 of %s%s: two populations, most "
	    "I/Os near the p50 and a few far slower ones (a cache's misses, a throttle, stalls) "
	    "that hold most of the time; the percentiles describe it, the mean does not",
	    view_lat_text(mean, m, sizeof m), view_ratio(mean / p50, 1, x, sizeof x),
	    view_lat_text(p50, a, sizeof a), tail);
}

/* Column col of row: text, or nothing that says why (text NULL: nothing). */
static void
summary_text(struct view_table *t, unsigned row, unsigned col, enum view_kind kind,
    const char *text)
{
	struct view_cell *vc = view_table_cell(t, row, col);

	vc->kind = kind;
	vc->text = text != NULL ? xstrdup(text) : NULL;
}

/*
 * The headline of a side whose cap is stated (bw: bandwidth): the cap, and
 * where, "cap at 512 B-32 KiB (2,910-3,070)": the plateau, not one cell of it.
 */
static void
summary_cap(struct view_table *t, unsigned row, const struct knee *k, bool bw)
{
	struct view_cell *vc = view_table_cell(t, row, bw ? SUM_BW_AT : SUM_IOPS_AT);
	char sizes[48], lo[32], hi[32];
	double unit = bw ? MIB : 1;

	if (bw) {
		view_cell_number(t, row, SUM_MIB, k->bw_cap / MIB, -1);
		view_cell_number(t, row, SUM_MB, k->bw_cap / 1e6, -1);
	} else
		view_cell_number(t, row, SUM_IOPS, k->iops_cap, -1);
	view_knee_sizes(bw ? k->bw_bs_lo : k->iops_bs_lo, bw ? k->bw_bs_hi : k->iops_bs_hi,
	    sizes, sizeof sizes);
	view_approx((bw ? k->bw_lo : k->iops_lo) / unit, lo, sizeof lo);
	view_approx((bw ? k->bw_hi : k->iops_hi) / unit, hi, sizeof hi);
	vc->kind = VIEW_TEXT;
	vc->text = strcmp(lo, hi) != 0 ? xasprintf("cap at %s (%s-%s%s)", sizes, lo, hi,
	    bw ? " MiB/s" : "") : xasprintf("cap at %s", sizes);
}

/* The caps and the knee of workload sm, and its peaks against the expectation. */
static void
summary_knee(struct view_table *t, unsigned row, const struct summary_mode *sm, bool expect)
{
	const struct knee *k = &sm->knee;

	/* A cap only where its plateau is (the sentence says what the cells show). */
	if ((k->kind == KNEE_FOUND || k->kind == KNEE_IOPS_BOUND) && k->iops_plateau)
		view_cell_number(t, row, SUM_IOPS_CAP, k->iops_cap, -1);
	if ((k->kind == KNEE_FOUND || k->kind == KNEE_BW_BOUND) && k->bw_plateau)
		view_cell_number(t, row, SUM_BW_CAP, k->bw_cap / MIB, -1);
	if (analysis_caps_knee_size(k) > 0)
		view_cell_number(t, row, SUM_KNEE_BS, (double)analysis_caps_knee_size(k) / KIB, -1);
	summary_text(t, row, SUM_KNEE, VIEW_TEXT, sm->knee_text);
	if (expect && sm->iops_pct > 0) {
		view_cell_number(t, row, SUM_IOPS_PCT, sm->iops_pct, -1);
		if (sm->spec.iops.verdict == EXPECT_ABOVE_CAP || sm->spec.iops.verdict == EXPECT_BELOW)
			view_cell_flag(view_table_cell(t, row, SUM_IOPS_PCT), VIEW_ABOVE_CAP, NULL);
	}
	if (expect && sm->bw_pct > 0) {
		view_cell_number(t, row, SUM_BW_PCT, sm->bw_pct, -1);
		if (sm->spec.bw.verdict == EXPECT_ABOVE_CAP || sm->spec.bw.verdict == EXPECT_BELOW)
			view_cell_flag(view_table_cell(t, row, SUM_BW_PCT), VIEW_ABOVE_CAP, NULL);
	}
}

/* A row per workload; the shares of the provisioned limits only with an expectation. */
void
view_summary(const struct results *res, const struct summary *sum, struct view_table *t)
{
	unsigned ncols = res->expect.set ? SUM_COLS : SUM_IOPS_PCT, c, m;

	view_table_init(t, "Characterization summary", ncols);
	str_copy(t->row_head, sizeof t->row_head, "Mode");
	for (c = 0; c < ncols; c++) {
		view_table_col(t, c, summary_cols[c].header, summary_cols[c].name,
		    summary_cols[c].metric < METRIC_COUNT ? view_metric_name(summary_cols[c].metric) :
		    c == SUM_MEAN ? "mean latency (us)" : NULL, summary_cols[c].decimals, -1);
		t->cols[c].flags = summary_cols[c].flags;
	}
	t->cols[SUM_MEAN].subject = t->cols[SUM_P50].subject = t->cols[SUM_P99].subject =
	    "QD1 4K latency";
	for (m = 0; m < sum->nmodes; m++) {
		const struct summary_mode *sm = &sum->modes[m];
		unsigned row = view_table_add_row(t, sm->name, m);

		if (sm->knee.iops_plateau)
			summary_cap(t, row, &sm->knee, false);
		else if (sm->head_iops >= 0) {
			summary_figure(t, row, SUM_IOPS, res, sm->head_iops, true);
			summary_at(t, row, SUM_IOPS_AT, res, sm->head_iops, sm->peak_iops);
		} else
			summary_text(t, row, SUM_IOPS_AT, VIEW_NONE, "no clean cell");
		if (sm->knee.bw_plateau)
			summary_cap(t, row, &sm->knee, true);
		else if (sm->head_bw >= 0) {
			summary_figure(t, row, SUM_MIB, res, sm->head_bw, true);
			summary_figure(t, row, SUM_MB, res, sm->head_bw, true);
			summary_at(t, row, SUM_BW_AT, res, sm->head_bw, sm->peak_bw);
		}
		if (sm->qd1_4k >= 0) {
			summary_mean(t, row, res, sm->qd1_4k);
			summary_figure(t, row, SUM_P50, res, sm->qd1_4k, false);
			summary_figure(t, row, SUM_P99, res, sm->qd1_4k, false);
			summary_lat_note(t, row, res, sm->qd1_4k);
		} else {
			summary_text(t, row, SUM_MEAN, VIEW_TEXT, "not measured");
			summary_text(t, row, SUM_P50, VIEW_TEXT, "not measured");
			summary_text(t, row, SUM_P99, VIEW_TEXT, "not measured");
		}
		summary_knee(t, row, sm, res->expect.set);
	}
}

/*
 * What the marks of summary view t mean, those present, with how its
 * peaks were chosen; NULL when none is marked.
 */
const char *
view_summary_marks(const struct view_table *t, char *buf, size_t len)
{
	char legend[VIEW_LEGEND_LEN];
	unsigned r, c, f = 0;

	for (r = 0; r < t->nrows; r++)
		for (c = 0; c < t->ncols; c++)
			f |= view_table_cell(t, r, c)->flags & VIEW_CAVEATS;
	if (f == 0)
		return NULL;
	snprintf(buf, len, "Marks: %s. A peak is the best cell without a mark; a marked one only "
	    "when every cell of its mode is marked.", view_caveat_legend(f, legend, sizeof legend));
	return buf;
}

/* Row's latency note of a summary view (the mean and p50 tell of two populations); NULL: none. */
const char *
view_summary_lat_note(const struct view_table *t, unsigned row)
{
	const struct view_cell *vc = view_table_cell(t, row, SUM_LAT_NOTE);

	return vc != NULL && vc->kind == VIEW_TEXT ? vc->text : NULL;
}
