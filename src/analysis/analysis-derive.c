/*
 * What a record's cells carry that the analysis works out, once they are
 * read back (results/ reads and writes, and computes nothing): each cell's,
 * round's and attempt's stability verdict, the spread of its rounds, and
 * which attempt it shows by the stated rule (so that the figures shown are
 * always the attempt the reports name).
 */
#include "config.h"

#include "analysis/analysis.h"
#include "results/results.h"

/* The verdicts, spread and shown attempt of one cell read back. */
void
analysis_cell_derive(struct cell_result *r)
{
	unsigned k;

	for (k = 0; k < r->nrounds; k++)
		analysis_stability_judge(&r->rounds[k]);
	for (k = 0; k < r->nattempts; k++)
		analysis_stability_judge(&r->attempts[k]);
	analysis_stability_judge(r);
	analysis_rounds_spread_all(r);
	if (r->nattempts > 0)
		r->shown_attempt = results_attempt_choose(r);
}

/* Every cell of res, as analysis_cell_derive. */
void
analysis_results_derive(struct results *res)
{
	unsigned i;

	if (res->cells == NULL)
		return;
	for (i = 0; i < res->plan.ncells; i++)
		if (res->cells[i].status != CELL_PENDING)	/* not measured: nothing read back */
			analysis_cell_derive(&res->cells[i]);
}

/* results_load, then what the analysis derives: what every reader of a results.json calls. */
int
analysis_results_load(const char *path, struct results *res)
{
	int ret = results_load(path, res);

	if (ret == 0)
		analysis_results_derive(res);
	return ret;
}
