/*
 * The views of one run, built once for every writer: the summary, the
 * pivots, and the sections every format shows the same way (a heading
 * and a table), listed in view_sections[].  A new section of the reports
 * is a builder and a row there: report.md, report.html and report.xlsx
 * draw each section without knowing it.
 */
#include "config.h"

#include <string.h>

#include "view.h"

/* The sections, in the order the reports show them. */
static const struct {
	const char	*heading;
	void		(*build)(const struct results *, const struct summary *, struct view_table *);
} view_sections[] = {
	{ "Data moved", view_io },
	{ NULL, NULL }		/* the end */
};

/* The views of res, for every writer. */
void
view_build(struct view *v, const struct results *res, const struct summary *sum)
{
	unsigned m;

	memset(v, 0, sizeof *v);
	v->big = sum->ndone > REPORT_CELLS_LISTED;
	view_summary(res, sum, &v->summary);
	view_run(res, sum, &v->run);
	view_bursts(res, sum, &v->bursts);
	view_mismatches(res, sum, &v->mismatches);
	view_problems(res, sum, &v->problems);
	view_rounds(res, sum, &v->rounds);
	view_findings(res, sum, &v->findings);
	view_percentiles(res, sum, &v->percentiles);
	view_curves(res, sum, &v->curves);
	for (m = 0; m < METRIC_COUNT; m++)
		if (v->big)
			view_pivot_best(res, sum, (enum view_metric)m, &v->pivot[m]);
		else
			view_pivot(res, sum, (enum view_metric)m, &v->pivot[m]);
	v->nsections = 0;
	for (m = 0; view_sections[m].build != NULL && m < VIEW_SECTIONS_MAX; m++) {
		view_sections[m].build(res, sum, &v->sections[m]);
		v->headings[m] = view_sections[m].heading;
		v->nsections++;
	}
}

/* Free the views. */
void
view_free(struct view *v)
{
	unsigned m;

	for (m = 0; m < METRIC_COUNT; m++)
		view_table_free(&v->pivot[m]);
	view_table_free(&v->summary);
	view_table_free(&v->run);
	view_table_free(&v->bursts);
	view_table_free(&v->mismatches);
	view_table_free(&v->problems);
	view_table_free(&v->rounds);
	view_table_free(&v->findings);
	view_table_free(&v->percentiles);
	view_curves_free(&v->curves);
	for (m = 0; m < v->nsections; m++)
		view_table_free(&v->sections[m]);
}
