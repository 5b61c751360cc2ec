/*
 * The run's conclusions on the terminal, after the reports are written: per
 * workload its caps with their ranges and the knee, where its IOPS saturate
 * with queue depth and, against an expectation, the verdict and what its
 * plateaus reached;
 * then how many cells are not steady and the reports' paths.  From the
 * summary (view-characterize.c), as the reports' first sections; --quiet
 * prints them too, they are the result.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "render/report.h"

/* Why a cell's steadiness is unknown (analysis_stability_judge). */
#define TERMINAL_UNJUDGED	"too few whole seconds or no per-second series"

/* The paths of the reports a reader opens, in the order they are most read. */
static const struct {
	unsigned	 flag;
	const char	*file;
} terminal_reports[] = {
	{ .flag = REPORT_HTML, .file = "report.html" },
	{ .flag = REPORT_MD, .file = "report.md" },
	{ .flag = REPORT_XLSX, .file = "report.xlsx" },
};

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

/* "Reports: DIR/report.html, DIR/report.md, DIR/report.xlsx" of those in mask. */
static void
terminal_paths(FILE *f, const char *dir, unsigned mask)
{
	size_t i;
	unsigned n = 0;

	for (i = 0; i < sizeof terminal_reports / sizeof terminal_reports[0]; i++) {
		if (!(mask & terminal_reports[i].flag))
			continue;
		fprintf(f, "%s%s/%s", n++ == 0 ? "Reports: " : ", ", dir, terminal_reports[i].file);
	}
	if (n > 0)
		fputc('\n', f);
}

/*
 * The conclusions of res to f: a line per workload (caps and knee, its
 * saturation, against the expectation), the unsteady cells, and the
 * reports of mask written in dir.  Nothing but the paths without a cell.
 */
void
report_terminal(FILE *f, const struct results *res, const char *dir, unsigned mask)
{
	struct summary sum;
	unsigned m;

	view_summary_build(res, &sum);
	if (sum.ndone > 0) {
		char *line = view_verdict_bottom_line(res, &sum);

		fprintf(f, "Conclusions:\n");
		if (line != NULL)
			fprintf(f, "  Verdict: %s.\n", line);
		if (view_verdict_below_advice(&sum) != NULL)
			fprintf(f, "  %s\n", view_verdict_below_advice(&sum));
		free(line);
		for (m = 0; m < sum.nmodes; m++) {
			const struct summary_mode *sm = &sum.modes[m];

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
		terminal_steady(f, &sum);
	}
	terminal_paths(f, dir, mask);
	view_summary_free(&sum);
}
