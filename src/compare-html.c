/*
 * compare.html: the comparison as one self-contained page (CSS inline, the
 * overlay charts inlined from their .svg files), the same content as
 * compare.md.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

/* Each run's peaks against its own caps, when any run has them. */
static void
compare_html_expect(FILE *f, const struct compare *cmp)
{
	unsigned k, m, any = 0;
	char caps[160];

	for (k = 0; k < cmp->nruns; k++)
		any += cmp->runs[k].res.expect.set || cmp->runs[k].sum.nburst > 0;
	if (any == 0)
		return;
	fputs("<h2>Against the provisioned limits</h2>\n<p>Each run against its own caps (from its "
	    "results.json):</p>\n<ul>\n", f);
	for (k = 0; k < cmp->nruns; k++) {
		const struct compare_run *run = &cmp->runs[k];
		const struct expect *e = &run->res.expect;

		fputs("<li><strong>", f);
		report_html_text(f, run->label);
		fputs("</strong>: ", f);
		if (!e->set)
			fputs("no caps given", f);
		else {
			report_html_text(f, report_summary_caps(e, caps, sizeof caps));
			if (e->profile[0] != '\0') {
				fputs(" (", f);
				report_html_text(f, e->profile);
				fputs(")", f);
			}
			for (m = 0; m < run->sum.nmodes; m++) {
				fprintf(f, "; %s: ", mode_name(run->sum.modes[m].mode));
				report_html_text(f, run->sum.modes[m].expect_text);
			}
		}
		if (run->sum.nburst > 0)
			fprintf(f, "; burst credits likely ran out in %u cell%s (see its report)",
			    run->sum.nburst, run->sum.nburst == 1 ? "" : "s");
		fputs("</li>\n", f);
	}
	fputs("</ul>\n", f);
}

/* The overlay charts inlined from their .svg files, or why they are not there. */
static void
compare_html_charts(FILE *f, const struct compare_ctx *ctx)
{
	struct report_chart charts[COMPARE_CHARTS];
	unsigned n = compare_gnuplot_charts(ctx->cmp, charts), i;

	fputs("<h2>Charts</h2>\n", f);
	if (n == 0) {
		fputs("<p class=\"note\">No figures to chart.</p>\n", f);
		return;
	}
	if (!(ctx->rc.rendered & REPORT_SVG)) {
		fputs("<p class=\"note\">Charts not rendered: ", f);
		report_html_text(f, ctx->rc.chart_note[0] != '\0' ? ctx->rc.chart_note :
		    "charts were not asked for");
		fputs(". The charts are in this folder as .gp scripts and .dat data; render them there "
		    "with <code>", f);
		report_html_text(f, REPORT_GNUPLOT_ALL);
		fputs("</code>.</p>\n", f);
		return;
	}
	for (i = 0; i < n; i++) {
		char *path = xasprintf("%s/%s.svg", ctx->rc.dir, charts[i].stem);

		fputs("<figure>\n", f);
		if (report_html_svg(f, path, i) != 0) {
			fputs("<p class=\"note\">", f);
			report_html_text(f, path);
			fputs(": could not be read</p>\n", f);
		}
		fputs("\n<figcaption>", f);
		report_html_text(f, charts[i].title);
		fprintf(f, " (%s.svg; the data is in %s.dat)</figcaption>\n</figure>\n", charts[i].stem,
		    charts[i].stem);
		free(path);
	}
}

/* Write DIR/compare.html whole or not at all. */
int
compare_html_write(struct compare_ctx *ctx)
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
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>sweep "
	    "compare: ", f);
	for (k = 0; k < cmp->nruns; k++) {
		fputs(k > 0 ? " vs " : "", f);
		report_html_text(f, cmp->runs[k].label);
	}
	fprintf(f, "</title>\n<style>\n%s.wide{overflow-x:auto}\n</style>\n</head>\n<body>\n"
	    "<h1>Comparison: ", report_html_style);
	for (k = 0; k < cmp->nruns; k++) {
		fputs(k > 0 ? " vs " : "", f);
		report_html_text(f, cmp->runs[k].label);
	}
	fputs("</h1>\n", f);
	compare_table_runs(cmp, &t);
	report_html_table(f, &t, false);
	report_table_free(&t);
	fputs("<p>", f);
	report_html_text(f, compare_rule());
	fputs(" Units: IOPS; MiB/s = 2<sup>20</sup> bytes/s; p99 completion latency in microseconds "
	    "(us).</p>\n", f);
	if (cmp->ncommon == 0)
		fputs("<p class=\"note\"><strong>Warning:</strong> the runs have no cell (mode, block "
		    "size, queue depth, jobs) in common: every cell is missing in some run, so there is "
		    "no ratio and no winner.</p>\n", f);
	fputs("<h2>Verdict</h2>\n<ul>\n", f);
	for (m = 0; m < cmp->nmodes; m++) {
		fprintf(f, "<li><strong>%s</strong>: ", mode_name(cmp->modes[m]));
		report_html_text(f, cmp->verdict[m] != NULL ? cmp->verdict[m] : "");
		fputs("</li>\n", f);
	}
	fputs("</ul>\n<p class=\"meta\">IOPS and bandwidth at one block size differ by the same "
	    "ratio (bandwidth = IOPS x block size), so small blocks are told in IOPS and large ones "
	    "in bandwidth; each ratio is of the best queue depth and job count both runs measured "
	    "at that size.</p>\n", f);
	compare_html_expect(f, cmp);
	compare_html_charts(f, ctx);
	for (m = 0; m < cmp->nmodes; m++) {
		fprintf(f, "<h2>%s</h2>\n<div class=\"wide\">\n", mode_name(cmp->modes[m]));
		compare_table_mode(cmp, cmp->modes[m], &t);
		report_html_table(f, &t, false);
		report_table_free(&t);
		fputs("</div>\n", f);
	}
	compare_table_missing(cmp, &t);
	if (t.nrows > 1) {
		fprintf(f, "<h2>Cells only some runs have</h2>\n<p>%u cell%s measured in only some runs "
		    "(shown as missing above):</p>\n", t.nrows - 1, t.nrows == 2 ? " was" : "s were");
		report_html_table(f, &t, false);
	}
	report_table_free(&t);
	fputs("<p class=\"meta\">Figures from each run's results.json; compare.csv and compare.xlsx "
	    "have them all.</p>\n</body>\n</html>\n", f);
	if (fclose(f) != 0) {
		free(buf);
		return -ENOMEM;
	}
	path = xasprintf("%s/compare.html", ctx->rc.dir);
	err = write_file_atomic(path, buf, len);
	free(path);
	free(buf);
	return err;
}
