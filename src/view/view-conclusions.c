/*
 * The run's conclusions as the terminal prints them after the reports: per
 * workload its caps with their ranges and the knee, where its IOPS saturate
 * with queue depth and, against an expectation, the verdict and what its
 * plateaus reached; then how many cells are not steady.  From the summary
 * (view-characterize.c), as the reports' first sections; built once with
 * the other views (view.conclusions), drawn by render/report-terminal.c.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "base/util.h"
#include "view/view.h"

/* Why a cell's steadiness is unknown (analysis_stability_judge). */
#define TERMINAL_UNJUDGED	"too few whole seconds or no per-second series"

/*
 * "3 of 24 cells not steady (noisy 2, stalled 1)", or that none is; the
 * cells without a long enough per-second series (imported ones, a 1 s
 * window) are not judged.
 */
static void
terminal_steady(FILE *f, const struct summary *sum)
{
	unsigned noisy = sum->nverdict[STABILITY_NOISY], stalled = sum->nverdict[STABILITY_STALLED];
	unsigned unknown = sum->nverdict[STABILITY_UNKNOWN], n = sum->ndone;
	const char *s = n == 1 ? "" : "s";

	if (unknown >= n)
		fprintf(f, "  steadiness of the %u cell%s not judged (%s)\n", n, s, TERMINAL_UNJUDGED);
	else if (sum->nunsteady == 0)
		fprintf(f, "  none of %u cell%s noisy or stalled", n, s);
	else
		fprintf(f, "  %u of %u cell%s not steady (noisy %u, stalled %u): their figures are "
		    "marked %s in the reports", sum->nunsteady, n, s, noisy, stalled,
		    REPORT_UNSTEADY_MARK);
	if (unknown >= n)
		return;
	if (unknown > 0)
		fprintf(f, "; %u not judged (%s)", unknown, TERMINAL_UNJUDGED);
	fputc('\n', f);
}

/* The conclusions of res (its summary sum) as lines of text; NULL without a cell.  Caller frees. */
char *
view_conclusions(const struct results *res, const struct summary *sum)
{
	char *text = NULL, *line;
	size_t len = 0;
	unsigned m;
	FILE *f;

	if (sum->ndone == 0 || (f = open_memstream(&text, &len)) == NULL)
		return NULL;
	line = view_verdict_bottom_line(res, sum);
	fprintf(f, "Conclusions:\n");
	if (line != NULL)
		fprintf(f, "  Verdict: %s.\n", line);
	if (view_verdict_below_advice(sum) != NULL)
		fprintf(f, "  %s\n", view_verdict_below_advice(sum));
	free(line);
	for (m = 0; m < sum->nmodes; m++) {
		const struct summary_mode *sm = &sum->modes[m];

		if (sm->ncells == 0)
			continue;
		fprintf(f, "  %s: %s\n", sm->name, sm->knee_text);
		if (sm->sat.found)
			fprintf(f, "  %s: %s\n", sm->name, sm->sat.text);
		if (sm->jobs_text[0] != '\0')
			fprintf(f, "  %s: %s\n", sm->name, sm->jobs_text);
		if (res->expect.set && sm->expect_text[0] != '\0')
			fprintf(f, "  %s: %s\n", sm->name, sm->expect_text);
	}
	terminal_steady(f, sum);
	if (fclose(f) != 0) {
		free(text);
		return NULL;
	}
	return text;
}
