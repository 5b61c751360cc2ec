/*
 * The view table (view.h): typed cells built once, drawn by every format;
 * and the figures of a cell in the units the views show.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "results/results.h"
#include "view/view.h"

static const char *metric_names[METRIC_COUNT] = {
	"IOPS", "MiB/s", "MB/s", "p50 latency (us)", "p99 latency (us)", "p99.9 latency (us)"
};

/* "IOPS", "MiB/s", "p99 latency (us)": a metric with its unit. */
const char *
view_metric_name(enum view_metric m)
{
	return (unsigned)m < METRIC_COUNT ? metric_names[m] : "?";
}

/* A cell's figure in the metric's unit (latency in microseconds: results hold ns). */
double
view_metric_value(const struct cell_result *r, enum view_metric m)
{
	switch (m) {
	case METRIC_IOPS:
		return r->iops;
	case METRIC_MIB_S:
		return r->bw_bytes_s / MIB;
	case METRIC_MB_S:
		return r->bw_bytes_s / 1e6;
	/* A latency of 0 ns is not a measurement: an imported table without it. */
	case METRIC_P50_US:
		return r->lat_pct_ns[0] > 0 ? (double)r->lat_pct_ns[0] / 1e3 : NAN;
	case METRIC_P99_US:
		return r->lat_pct_ns[2] > 0 ? (double)r->lat_pct_ns[2] / 1e3 : NAN;
	case METRIC_P999_US:
		return r->lat_pct_ns[3] > 0 ? (double)r->lat_pct_ns[3] / 1e3 : NAN;
	default:
		return 0;
	}
}

/* Widen r to show v; v at or below 0 (or infinite) cannot be on a log axis and is left out. */
void
view_range_add(struct view_range *r, double v)
{
	if (!(v > 0) || !isfinite(v))
		return;
	if (r->lo == 0 || v < r->lo)
		r->lo = v;
	if (v > r->hi)
		r->hi = v;
}

/* Whether r spans enough (over 20x) that a log axis shows it better than a linear one. */
bool
view_range_wants_log(const struct view_range *r)
{
	return r->lo > 0 && r->hi / r->lo > 20;
}

/* An empty table of ncols columns and no rows. */
void
view_table_init(struct view_table *t, const char *title, unsigned ncols)
{
	memset(t, 0, sizeof *t);
	str_copy(t->title, sizeof t->title, title);
	t->ncols = ncols;
	t->cols = xcalloc(ncols ? ncols : 1, sizeof *t->cols);
}

/* Set column c: its header, name across groups, unit, decimals and group (-1 none). */
void
view_table_col(struct view_table *t, unsigned c, const char *header, const char *name,
    const char *unit, int decimals, int group)
{
	struct view_col *col;

	if (c >= t->ncols)
		return;
	col = &t->cols[c];
	free(col->header);
	free(col->name);
	col->header = xstrdup(header);
	col->name = xstrdup(name != NULL ? name : header);
	col->unit = unit;
	col->decimals = decimals;
	col->group = group;
}

/* Append a row labelled label (key: what it names); its cells are empty.  Returns its index. */
unsigned
view_table_add_row(struct view_table *t, const char *label, double key)
{
	unsigned c;

	if (t->nrows == t->rcap) {
		size_t old = (size_t)t->rcap * t->ncols;

		t->rcap = t->rcap ? t->rcap * 2 : 16;
		t->rows = xrealloc(t->rows, t->rcap * sizeof *t->rows);
		t->cells = xrealloc(t->cells, (size_t)t->rcap * t->ncols * sizeof *t->cells);
		memset(t->cells + old, 0, ((size_t)t->rcap * t->ncols - old) * sizeof *t->cells);
	}
	t->rows[t->nrows].label = xstrdup(label);
	t->rows[t->nrows].key = key;
	for (c = 0; c < t->ncols; c++)
		t->cells[(size_t)t->nrows * t->ncols + c].cell = -1;
	return t->nrows++;
}

/* The cell at row, col; NULL outside the table. */
struct view_cell *
view_table_cell(const struct view_table *t, unsigned row, unsigned col)
{
	if (row >= t->nrows || col >= t->ncols)
		return NULL;
	return &t->cells[(size_t)row * t->ncols + col];
}

/* Make row, col the figure v from results.cells entry cell (-1 none). */
void
view_cell_number(struct view_table *t, unsigned row, unsigned col, double v, int cell)
{
	struct view_cell *vc = view_table_cell(t, row, col);

	if (vc == NULL)
		return;
	vc->cell = cell;
	if (isnan(v))
		return;	/* not given: blank in every format */
	vc->kind = VIEW_NUMBER;
	vc->value = v;
}

/* Mark vc with flags; why (copied), when given, replaces what its marks mean. */
void
view_cell_flag(struct view_cell *vc, unsigned flags, const char *why)
{
	vc->flags |= flags;
	if (why != NULL) {
		free(vc->why);
		vc->why = xstrdup(why);
	}
}

/* Whether row has nothing in the columns of group (-1: in any column). */
bool
view_row_empty(const struct view_table *t, unsigned row, int group)
{
	unsigned c;

	for (c = 0; c < t->ncols; c++)
		if ((group < 0 || t->cols[c].group == group) &&
		    view_table_cell(t, row, c)->kind != VIEW_NONE)
			return false;
	return true;
}

/*
 * --repeat: the interval of the median of r's rounds for metric m into vc,
 * in the metric's unit, when r ran more than one round.
 */
void
view_cell_rounds(struct view_cell *vc, const struct cell_result *r, enum view_metric m)
{
	static const enum round_figure fig[METRIC_COUNT] = {
		ROUND_IOPS, ROUND_BW, ROUND_BW, ROUND_P50, ROUND_P99, ROUND_P999
	};
	static const double scale[METRIC_COUNT] = { 1, MIB, 1e6, 1e3, 1e3, 1e3 };
	struct round_spread s;

	if ((unsigned)m >= METRIC_COUNT || !analysis_rounds_spread(r, fig[m], &s))
		return;
	vc->spread = true;
	vc->lo = s.lo / scale[m];
	vc->hi = s.hi / scale[m];
}

/*
 * The banner every report opens with when the run read a region never
 * written: its read figures are marked WHERE_MARKED, and the remedies.
 * NULL when it did not, or no cell with figures read.  Caller frees.
 */
char *
view_unwritten_banner(const struct results *res, const char *where_marked)
{
	unsigned i, nread = 0;

	if (!view_unwritten(res))
		return NULL;
	for (i = 0; i < res->plan.ncells; i++)
		nread += mode_reads(res->cells[i].cell.mode) &&
		    results_cell_has_figures(&res->cells[i]);
	if (nread == 0)
		return NULL;	/* a write-only run: nothing read the zeros */
	return xasprintf("%s was never written: every block sampled before the first cell is "
	    "zero, and some volumes (cloud volumes, thin or sparse devices) answer reads of such "
	    "blocks without touching storage, so the %u cell%s that read%s may be far above what "
	    "the storage does (marked %s). Write the region first (--precondition --destructive) "
	    "or measure a file target, then run again.", res->target.path, nread,
	    nread == 1 ? "" : "s", nread == 1 ? "s" : "", where_marked);
}

/*
 * Mark vc when cell i of res is not steady (noisy or stalled), with the
 * verdict's reason; when it reads a region never written; when it ran
 * buffered I/O, or fio clones whose windows differ widely.
 */
void
view_cell_unsteady(struct view_cell *vc, const struct results *res, int i)
{
	const struct stability *s;

	if (i >= 0 && mode_reads(res->cells[i].cell.mode) && view_unwritten(res))
		vc->flags |= VIEW_UNWRITTEN;
	if (i >= 0)
		vc->flags |= view_caveats(res, i) & (VIEW_BUFFERED | VIEW_CLONES);
	if (!view_summary_suspect(res, i))
		return;
	s = &res->cells[i].stability;
	view_cell_flag(vc, s->verdict == STABILITY_STALLED ? VIEW_STALLED : VIEW_NOISY, s->reason);
}

/* Free what a table holds. */
void
view_table_free(struct view_table *t)
{
	size_t i, n = (size_t)t->nrows * t->ncols;

	for (i = 0; i < n; i++) {
		free(t->cells[i].text);
		free(t->cells[i].why);
	}
	for (i = 0; i < t->nrows; i++)
		free(t->rows[i].label);
	for (i = 0; i < t->ncols; i++) {
		free(t->cols[i].header);
		free(t->cols[i].name);
	}
	for (i = 0; i < t->ngroups; i++)
		free(t->groups[i]);
	free(t->groups);
	free(t->note);
	free(t->cells);
	free(t->rows);
	free(t->cols);
	memset(t, 0, sizeof *t);
}

/*
 * Whether a run has too many cells with figures for a row or a column
 * each: its views give each block size's best instead (report_big()).
 */
bool
view_big(const struct summary *sum)
{
	return sum->ndone > REPORT_CELLS_LISTED;
}
