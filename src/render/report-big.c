/*
 * Reports of large runs: an import of 100,000 rows is no table
 * a reader can use whole.  Above REPORT_CELLS_LISTED cells with figures,
 * the per-cell tables of report.md and report.html list the first
 * REPORT_CELLS_LISTED rows and say so (report_table_full), and each mode's
 * table gives, at each block size, its best cell over every queue depth
 * and job count instead of a column per depth x jobs; the depth x jobs
 * table and heat maps give each job count's best over every depth
 * (view-jobs.c).  results.csv and report.xlsx keep every cell.  Runs of
 * ordinary size are not touched.
 */
#include "config.h"

#include "render/report.h"

/* Whether the run has too many cells to lay out cell by cell in md and html. */
bool
report_big(const struct summary *sum)
{
	return view_big(sum);
}
