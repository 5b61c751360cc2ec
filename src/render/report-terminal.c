/*
 * The run's conclusions on the terminal, after the reports are written: per
 * workload its caps with their ranges and the knee, where its IOPS saturate
 * with queue depth and, against an expectation, the verdict and what its
 * plateaus reached;
 * then how many cells are not steady and the reports' paths.  The text
 * is the view's (view-conclusions.c); --quiet prints it too, it is the
 * result.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "render/report.h"

/* The paths of the reports a reader opens, in the order they are most read. */
static const struct {
	unsigned	 flag;
	const char	*file;
} terminal_reports[] = {
	{ .flag = REPORT_HTML, .file = "report.html" },
	{ .flag = REPORT_MD, .file = "report.md" },
	{ .flag = REPORT_XLSX, .file = "report.xlsx" },
};

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
 * The conclusions (view.conclusions, from report_write_all's view; NULL:
 * none) and the paths of the reports of mask written in dir, to f.
 */
void
report_terminal(FILE *f, const char *conclusions, const char *dir, unsigned mask)
{
	if (conclusions != NULL)
		fputs(conclusions, f);
	terminal_paths(f, dir, mask);
}
