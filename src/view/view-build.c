/*
 * The views of one run, built once for every writer: the summary, the
 * pivots, and the sections every format shows the same way (a heading
 * and a table), listed in view_sections[].  A new section of the reports
 * is a builder and a row there: report.md, report.html and report.xlsx
 * draw each section without knowing it; one that builds no row is left out.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "view/view.h"

/* The sections, in the order the reports show them. */
static const struct {
	const char	*heading;
	void		(*build)(const struct results *, const struct summary *, struct view_table *);
} view_sections[] = {
	{ "Data moved", view_io },
	{ "Queue depth x jobs", view_jobs },
	{ "Latency at an offered load", view_load },
	{ NULL, NULL }		/* the end */
};

/* The views of res, for every writer. */
void
view_build(struct view *v, const struct results *res, const struct summary *sum)
{
	unsigned m;

	memset(v, 0, sizeof *v);
	v->rec = v->all = res;
	v->big = view_big(sum);
	v->card = view_card_build(res, sum);
	view_diagnosis(res, sum, v->card);
	view_ticket_build(res, sum, v->card);
	v->conclusions = view_conclusions(res, sum);
	if (v->conclusions != NULL) {	/* the bottom line first */
		char *card = view_card_text(v->card), *all = xasprintf("%s%s", card, v->conclusions);

		free(card);
		free(v->conclusions);
		v->conclusions = all;
	}
	view_summary(res, sum, &v->summary);
	view_run(res, sum, &v->run);
	view_bursts(res, sum, &v->bursts);
	view_mismatches(res, sum, &v->mismatches);
	view_problems(res, sum, &v->problems);
	view_rounds(res, sum, &v->rounds);
	view_findings(res, sum, &v->findings);
	view_percentiles(res, sum, &v->percentiles);
	view_curves(res, sum, &v->curves);
	v->docs = view_docs_build(res, sum);
	v->chart = xcalloc(1, sizeof *v->chart);
	view_chart_build(v->chart, res, sum);
	view_hold_build(res, &v->hold);
	view_hold_chart_entry(&v->hold, v->chart);
	view_hold_conclusion(&v->hold, &v->conclusions);
	/* the latency-load chart, after the others: a run with open-loop cells only */
	if ((v->load = view_load_chart(res)) != NULL && v->chart->nentries < VIEW_CHARTS_MAX) {
		struct view_chart_entry *e = &v->chart->entry[v->chart->nentries++];

		memset(e, 0, sizeof *e);
		str_copy(e->stem, sizeof e->stem, "load");
		str_copy(e->title, sizeof e->title, "Latency against the rate achieved (--rate), "
		    "timed from when each I/O was due");
	}
	for (m = 0; m < METRIC_COUNT; m++)
		if (v->big)
			view_pivot_best(res, sum, (enum view_metric)m, &v->pivot[m]);
		else
			view_pivot(res, sum, (enum view_metric)m, &v->pivot[m]);
	v->nsections = 0;
	/* A section with no rows (jobs: one job count) is left out. */
	for (m = 0; view_sections[m].build != NULL && v->nsections < VIEW_SECTIONS_MAX; m++) {
		struct view_table *t = &v->sections[v->nsections];

		view_sections[m].build(res, sum, t);
		if (t->nrows == 0) {
			view_table_free(t);
			continue;
		}
		v->headings[v->nsections++] = view_sections[m].heading;
	}
}

/*
 * The summary of res and every view of it (report_write_all's): the
 * summary is the view's own, freed by view_free.
 */
void
view_build_run(struct view *v, const struct results *res)
{
	struct summary *sum = xcalloc(1, sizeof *sum);

	view_summary_build(res, sum);
	view_build(v, res, sum);
	v->own_sum = sum;
}

/* Free the views. */
void
view_free(struct view *v)
{
	unsigned m;
	free(v->conclusions);

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
	view_hold_free(&v->hold);
	view_docs_free(v->docs);
	view_chart_free(v->chart);
	view_card_free(v->card);
	v->card = NULL;
	free(v->chart);
	v->chart = NULL;
	view_load_free(v->load);
	v->load = NULL;
	for (m = 0; m < v->nsections; m++)
		view_table_free(&v->sections[m]);
	if (v->own_sum != NULL) {	/* last: the views above point into it */
		view_summary_free(v->own_sum);
		free(v->own_sum);
		v->own_sum = NULL;
	}
}
