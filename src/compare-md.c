/*
 * compare.md: the comparison as a ticket report in Markdown: the runs, the
 * rule, a verdict per mode, each run against its provisioned caps, the
 * overlay charts as links, a ratio table per mode and the missing cells.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

/* Each run's peaks against its own caps, and its burst findings, when any run has them. */
static void
compare_md_expect(FILE *f, const struct compare *cmp)
{
	unsigned k, m, any = 0;
	char caps[160];

	for (k = 0; k < cmp->nruns; k++)
		any += cmp->runs[k].res.expect.set || cmp->runs[k].sum.nburst > 0;
	if (any == 0)
		return;
	fputs("## Against the provisioned limits\n\nEach run against its own caps (from its "
	    "results.json):\n\n", f);
	for (k = 0; k < cmp->nruns; k++) {
		const struct compare_run *run = &cmp->runs[k];
		const struct expect *e = &run->res.expect;

		fputs("- **", f);
		report_md_text(f, run->label);
		fputs("**: ", f);
		if (!e->set)
			fputs("no caps given", f);
		else {
			report_md_text(f, report_summary_caps(e, caps, sizeof caps));
			if (e->profile[0] != '\0') {
				fputs(" (", f);
				report_md_text(f, e->profile);
				fputs(")", f);
			}
			for (m = 0; m < run->sum.nmodes; m++) {
				fprintf(f, "; %s: ", mode_name(run->sum.modes[m].mode));
				report_md_text(f, run->sum.modes[m].expect_text);
			}
		}
		if (run->sum.nburst > 0)
			fprintf(f, "; burst credits likely ran out in %u cell%s (see its report)",
			    run->sum.nburst, run->sum.nburst == 1 ? "" : "s");
		fputs("\n", f);
	}
	fputc('\n', f);
}

/* Links to the overlay charts, or why they are not there. */
static void
compare_md_charts(FILE *f, const struct compare_ctx *ctx)
{
	struct report_chart charts[COMPARE_CHARTS];
	unsigned n = compare_gnuplot_charts(ctx->cmp, charts), i;
	const char *ext = ctx->rc.rendered & REPORT_PNG ? "png" : ctx->rc.rendered & REPORT_SVG ?
	    "svg" : NULL;

	fputs("## Charts\n\n", f);
	if (n == 0)
		fputs("No figures to chart.\n\n", f);
	else if (ext == NULL && !ctx->rc.charts_done)
		fputs("Not made: charts were not asked for (--formats png or svg).\n\n", f);
	else if (ext == NULL) {
		fputs("Not rendered: ", f);
		report_md_text(f, ctx->rc.chart_note);
		fputs(". The charts are here as .gp scripts and .dat data; render them in this folder "
		    "with `" REPORT_GNUPLOT_ALL "`.\n\n", f);
	} else
		for (i = 0; i < n; i++)
			fprintf(f, "![%s](%s.%s)\n\n", charts[i].title, charts[i].stem, ext);
}

/* Write DIR/compare.md whole or not at all. */
int
compare_md_write(struct compare_ctx *ctx)
{
	const struct compare *cmp = ctx->cmp;
	struct report_table t;
	char *buf = NULL, *path;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	unsigned k, m;
	int err;

	if (f == NULL)
		return -errno;
	fputs("# Comparison: ", f);
	for (k = 0; k < cmp->nruns; k++) {
		fputs(k > 0 ? " vs " : "", f);
		report_md_text(f, cmp->runs[k].label);
	}
	fputs("\n\n", f);
	compare_table_runs(cmp, &t);
	report_md_table(f, &t);
	report_table_free(&t);
	report_md_text(f, compare_rule());
	fputs(" Units: IOPS; MiB/s = 2^20 bytes/s; p99 completion latency in microseconds (us).\n\n",
	    f);
	if (cmp->ncommon == 0)
		fputs("> **Warning:** the runs have no cell (mode, block size, queue depth, jobs) in "
		    "common: every cell is missing in some run, so there is no ratio and no winner.\n\n", f);
	fputs("## Verdict\n\n", f);
	for (m = 0; m < cmp->nmodes; m++) {
		fprintf(f, "- **%s**: ", mode_name(cmp->modes[m]));
		report_md_text(f, cmp->verdict[m] != NULL ? cmp->verdict[m] : "");
		fputc('\n', f);
	}
	fputs("\nIOPS and bandwidth at one block size differ by the same ratio (bandwidth = IOPS x "
	    "block size), so small blocks are told in IOPS and large ones in bandwidth; each ratio "
	    "is of the best queue depth and job count both runs measured at that size.\n\n", f);
	compare_md_expect(f, cmp);
	compare_md_charts(f, ctx);
	for (m = 0; m < cmp->nmodes; m++) {
		fprintf(f, "## %s\n\n", mode_name(cmp->modes[m]));
		compare_table_mode(cmp, cmp->modes[m], &t);
		report_md_table(f, &t);
		report_table_free(&t);
	}
	compare_table_missing(cmp, &t);
	if (t.nrows > 1) {
		fprintf(f, "## Cells only some runs have\n\n%u cell%s measured in only some runs "
		    "(shown as missing above):\n\n", t.nrows - 1, t.nrows == 2 ? " was" : "s were");
		report_md_table(f, &t);
	}
	report_table_free(&t);
	fputs("Figures from each run's results.json; compare.csv and compare.xlsx have them all.\n",
	    f);
	if (fclose(f) != 0) {
		free(buf);
		return -ENOMEM;
	}
	path = xasprintf("%s/compare.md", ctx->rc.dir);
	err = write_file_atomic(path, buf, len);
	free(path);
	free(buf);
	return err;
}
