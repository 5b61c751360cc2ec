/*
 * The record's cells a row at a time (view.h): what the writers of a row
 * per cell read, so that no renderer holds a cell.  results.csv of a run
 * in progress streams the record the same way (view_rows_init).
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "results/results.h"
#include "view/view.h"

/* The rows of res that want (VIEW_ROWS_*) takes, before the first. */
void
view_rows_init(struct view_rows *it, const struct results *res, unsigned want)
{
	memset(it, 0, sizeof *it);
	it->rec = res;
	it->want = want;
	it->at = -1;
}

/* The rows of every cell of view v's record (open-loop too) that want takes. */
void
view_rows_begin(struct view_rows *it, const struct view *v, unsigned want)
{
	view_rows_init(it, v->all, want);
	it->chart = v->chart;
}

/* The next row; false after the last. */
bool
view_rows_next(struct view_rows *it)
{
	while (it->next < it->rec->plan.ncells) {
		const struct cell_result *r = &it->rec->cells[it->next++];

		if (r->status == CELL_PENDING)
			continue;
		if ((it->want & VIEW_ROWS_FIGURES) && !results_cell_has_figures(r))
			continue;
		it->at = (int)(it->next - 1);
		return true;
	}
	it->at = -1;
	return false;
}

static const struct cell_result *
view_rows_cell(const struct view_rows *it)
{
	return &it->rec->cells[it->at];
}

/* Column c of the row. */
void
view_rows_value(const struct view_rows *it, const struct column *c, struct column_value *v)
{
	column_value(c, it->rec, view_rows_cell(it), v);
}

/* The row's workload as the charts name it ("randrw 70/30"). */
const char *
view_rows_workload(const struct view_rows *it)
{
	const struct cell *c = &view_rows_cell(it)->cell;

	return it->chart != NULL ? view_chart_wl_name(it->chart, c) : mode_name(c->mode);
}

/* The row's block size, bytes. */
uint64_t
view_rows_bs(const struct view_rows *it)
{
	return view_rows_cell(it)->cell.bs;
}

/* Whether the row's BW check holds; else *reason says why. */
bool
view_rows_check_ok(const struct view_rows *it, const char **reason)
{
	const struct cell_result *r = view_rows_cell(it);

	*reason = r->check.reason;
	return r->check.ok;
}

/*
 * VIEW_NOISY or VIEW_STALLED when the row's cell is not steady, else 0;
 * *verdict and *reason are its stability verdict and the reason given.
 */
unsigned
view_rows_unsteady(const struct view_rows *it, enum stability_verdict *verdict,
    const char **reason)
{
	const struct stability *s = &view_rows_cell(it)->stability;

	*verdict = s->verdict;
	*reason = s->reason;
	if (!results_stability_suspect(s))
		return 0;
	return s->verdict == STABILITY_STALLED ? VIEW_STALLED : VIEW_NOISY;
}

/* The caveats (view_caveats) of the cell a figure of view v is from. */
unsigned
view_cell_caveats(const struct view *v, const struct view_cell *vc)
{
	return vc == NULL || vc->kind != VIEW_NUMBER ? 0 : view_caveats(v->rec, vc->cell);
}
