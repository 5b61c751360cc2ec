/*
 * The data-moved view: per workload and in all, the cells measured, the
 * time they were measured, their I/Os and the bytes read and written,
 * so a reader sees what a run cost the device (a write-heavy run wears
 * flash; a read of a cold volume may bill by the byte) without adding up
 * results.csv.  A table import that gives rates only leaves them blank.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "view/view.h"

enum { IO_CELLS, IO_TIME, IO_IOS, IO_READ, IO_WRITTEN, IO_COLS };

static const struct {
	const char	*header, *name;
	int		 decimals;
} io_cols[IO_COLS] = {
	[IO_CELLS] = { "Cells", "Cells measured", 0 },
	[IO_TIME] = { "Measured (s)", "Time measured (s)", 1 },
	[IO_IOS] = { "I/Os", "I/Os", 0 },
	[IO_READ] = { "Read (MiB)", "Read (MiB)", 1 },
	[IO_WRITTEN] = { "Written (MiB)", "Written (MiB)", 1 },
};

/* A row labelled label of the figures in sums (IO_COLS of them). */
static void
io_row(struct view_table *t, const char *label, const double *sums)
{
	unsigned row = view_table_add_row(t, label, 0), c;

	for (c = 0; c < IO_COLS; c++)
		view_cell_number(t, row, c, sums[c], -1);
}

/* A row per workload with figures, then the run's total. */
void
view_io(const struct results *res, const struct summary *sum, struct view_table *t)
{
	double (*wl)[IO_COLS] = xcalloc(sum->nmodes ? sum->nmodes : 1, sizeof *wl);
	double all[IO_COLS] = { 0 };
	unsigned i, m, c;

	view_table_init(t, "Data moved", IO_COLS);
	str_copy(t->row_head, sizeof t->row_head, "Mode");
	for (c = 0; c < IO_COLS; c++)
		view_table_col(t, c, io_cols[c].header, io_cols[c].name, NULL, io_cols[c].decimals,
		    -1);
	for (i = 0; i < res->plan.ncells; i++) {
		const struct cell_result *r = &res->cells[i];
		double *w;

		if (!results_cell_has_figures(r) || sum->cell_wl[i] >= sum->nmodes)
			continue;
		w = wl[sum->cell_wl[i]];
		w[IO_CELLS] += 1;
		/* A table's rates without a window: its sums are not known (NaN: blank). */
		for (c = IO_TIME; c < IO_COLS && results_cell_rates_only(r); c++)
			w[c] = NAN;
		w[IO_TIME] += (double)r->runtime_ns / 1e9;
		w[IO_IOS] += (double)r->ios;
		w[IO_READ] += (double)r->read_bytes / MIB;
		w[IO_WRITTEN] += (double)r->write_bytes / MIB;
	}
	for (m = 0; m < sum->nmodes; m++) {
		if (wl[m][IO_CELLS] == 0)
			continue;
		io_row(t, sum->modes[m].name, wl[m]);
		for (c = 0; c < IO_COLS; c++)
			all[c] += wl[m][c];
	}
	if (t->nrows > 1)
		io_row(t, "All", all);
	free(wl);
}
