/*
 * compare.md and compare.html, the comparison as a ticket report, each
 * section written once against the document back-end (doc.c): the runs,
 * the rule, a verdict per mode, each run against its provisioned caps, the
 * overlay charts, a ratio table per mode and the missing cells.
 */
#include "config.h"

#include <stdlib.h>

#include "report.h"

/* The labels of the runs, "A vs B vs C".  Caller frees. */
static char *
compare_doc_labels(const struct compare *cmp)
{
	char *out = xstrdup(""), *next;
	unsigned k;

	for (k = 0; k < cmp->nruns; k++) {
		next = xasprintf("%s%s%s", out, k > 0 ? " vs " : "", cmp->runs[k].label);
		free(out);
		out = next;
	}
	return out;
}

/* Title, the runs, the rule and units, and a warning when no cell is in every run. */
static void
compare_doc_header(struct doc *d, const struct compare *cmp)
{
	char *labels = compare_doc_labels(cmp), *title = xasprintf("sweep compare: %s", labels);
	struct report_table t;

	doc_begin(d, title, ".wide{overflow-x:auto}\n");
	doc_heading_begin(d, 1);
	doc_raw(d, "Comparison: ");
	doc_text(d, labels);
	doc_heading_end(d, 1);
	free(title);
	free(labels);
	compare_table_runs(cmp, &t);
	doc_table(d, &t);
	report_table_free(&t);
	doc_para_begin(d, NULL);
	doc_text(d, compare_rule());
	doc_raw(d, " Units: IOPS; MiB/s = 2");
	doc_sup(d, "20");
	doc_raw(d, " bytes/s; p99 completion latency in microseconds (us).");
	doc_para_end(d);
	if (cmp->ncommon == 0)
		doc_note(d, "Warning:", "the runs have no cell (mode, block size, queue depth, jobs) "
		    "in common: every cell is missing in some run, so there is no ratio and no winner.");
}

#define COMPARE_DOC_UNSTEADY_MAX	6	/* cells named per run; the rest are counted */

/*
 * Which runs have cells that are not steady (noisy or stalled), as one
 * warning: ratios and winners of those cells may be the volume's moods,
 * not a difference between the runs.
 */
static void
compare_doc_stability(struct doc *d, const struct compare *cmp)
{
	char *buf = NULL, a[96];
	size_t len = 0;
	FILE *f;
	unsigned k, i, nruns = 0;

	for (k = 0; k < cmp->nruns; k++)
		nruns += cmp->runs[k].sum.nunsteady > 0;
	if (nruns == 0)
		return;
	f = open_memstream(&buf, &len);
	for (k = 0; k < cmp->nruns; k++) {
		const struct compare_run *run = &cmp->runs[k];
		const struct summary *s = &run->sum;

		if (s->nunsteady == 0)
			continue;
		fprintf(f, "%s%s: %u of %u cells (%u stalled, %u noisy: ", ftell(f) > 0 ? "; " : "",
		    run->label, s->nunsteady, s->ndone, s->nverdict[STABILITY_STALLED],
		    s->nverdict[STABILITY_NOISY]);
		for (i = 0; i < s->nunsteady && i < COMPARE_DOC_UNSTEADY_MAX; i++)
			fprintf(f, "%s%s", i > 0 ? ", " : "", report_summary_cell_name(s,
			    &run->res.cells[s->unsteady[i]], a, sizeof a));
		if (s->nunsteady > COMPARE_DOC_UNSTEADY_MAX)
			fprintf(f, " and %u more", s->nunsteady - COMPARE_DOC_UNSTEADY_MAX);
		fputc(')', f);
	}
	fprintf(f, ". A ratio or winner at such a cell may tell how the volume behaved during %s "
	    "run rather than how the runs differ; each run's report says why its cells are not "
	    "steady.", nruns == 1 ? "that" : "each");
	fclose(f);
	doc_note(d, REPORT_UNSTEADY_MARK " Not steady:", buf);
	free(buf);
}

/* The verdict of each mode, and how to read it. */
static void
compare_doc_verdicts(struct doc *d, const struct compare *cmp)
{
	unsigned m;

	doc_heading(d, 2, "Verdict");
	doc_list_begin(d);
	for (m = 0; m < cmp->nmodes; m++) {
		doc_item_begin(d, NULL);
		doc_strong(d, cmp->modes[m].name);
		doc_raw(d, ": ");
		doc_text(d, cmp->verdict[m] != NULL ? cmp->verdict[m] : "");
		doc_item_end(d);
	}
	doc_list_end(d);
	doc_para(d, "meta", "IOPS and bandwidth at one block size differ by the same ratio "
	    "(bandwidth = IOPS x block size), so small blocks are told in IOPS and large ones in "
	    "bandwidth; each ratio is of the best queue depth and job count both runs measured at "
	    "that size.");
}

/* One run against its own caps: "caps (profile); mode: peaks ...; burst credits ...". */
static void
compare_doc_run_caps(struct doc *d, const struct compare_run *run)
{
	const struct expect *e = &run->res.expect;
	char caps[160];
	unsigned m;

	doc_item_begin(d, NULL);
	doc_strong(d, run->label);
	doc_raw(d, ": ");
	if (!e->set)
		doc_raw(d, "no caps given");
	else {
		doc_text(d, report_summary_caps(e, caps, sizeof caps));
		if (e->profile[0] != '\0') {
			doc_raw(d, " (");
			doc_text(d, e->profile);
			doc_raw(d, ")");
		}
		for (m = 0; m < run->sum.nmodes; m++) {
			doc_printf(d, "; %s: ", run->sum.modes[m].name);
			doc_text(d, run->sum.modes[m].expect_text);
		}
	}
	if (run->sum.nburst > 0)
		doc_printf(d, "; burst credits likely ran out in %u cell%s (see its report)",
		    run->sum.nburst, run->sum.nburst == 1 ? "" : "s");
	doc_item_end(d);
}

/* Each run's peaks against its own caps, and its burst findings, when any run has them. */
static void
compare_doc_expect(struct doc *d, const struct compare *cmp)
{
	unsigned k, any = 0;

	for (k = 0; k < cmp->nruns; k++)
		any += cmp->runs[k].res.expect.set || cmp->runs[k].sum.nburst > 0;
	if (any == 0)
		return;
	doc_heading(d, 2, "Against the provisioned limits");
	doc_para(d, NULL, "Each run against its own caps (from its results.json):");
	doc_list_begin(d);
	for (k = 0; k < cmp->nruns; k++)
		compare_doc_run_caps(d, &cmp->runs[k]);
	doc_list_end(d);
}

/* A ratio table per mode, then the cells only some runs have. */
static void
compare_doc_tables(struct doc *d, const struct compare *cmp)
{
	struct report_table t;
	unsigned m;

	for (m = 0; m < cmp->nmodes; m++) {
		doc_heading(d, 2, cmp->modes[m].name);
		doc_group_begin(d, "wide");
		compare_table_mode(cmp, m, &t);
		doc_table(d, &t);
		report_table_free(&t);
		doc_group_end(d);
	}
	compare_table_missing(cmp, &t);
	if (t.nrows > 1) {
		doc_heading(d, 2, "Cells only some runs have");
		doc_para_begin(d, NULL);
		doc_printf(d, "%u cell%s measured in only some runs (shown as missing above):",
		    t.nrows - 1, t.nrows == 2 ? " was" : "s were");
		doc_para_end(d);
		doc_table(d, &t);
	}
	report_table_free(&t);
}

/* Write DIR/file in the format of ops, whole or not at all. */
static int
compare_doc_write(struct report_ctx *ctx, const struct doc_ops *ops, const char *file)
{
	const struct compare *cmp = ctx->cmp;
	struct report_chart charts[COMPARE_CHARTS];
	unsigned ncharts = compare_gnuplot_charts(cmp, charts);
	struct doc d;
	char *path;
	int err = doc_open(&d, ops);

	if (err != 0)
		return err;
	compare_doc_header(&d, cmp);
	compare_doc_stability(&d, cmp);
	compare_doc_verdicts(&d, cmp);
	compare_doc_expect(&d, cmp);
	report_doc_charts(&d, ctx, charts, ncharts, "No figures to chart.", false);
	compare_doc_tables(&d, cmp);
	doc_para(&d, "meta", "Figures from each run's results.json; compare.csv and compare.xlsx "
	    "have them all.");
	doc_end(&d);
	path = xasprintf("%s/%s", ctx->dir, file);
	err = doc_save(&d, path);
	free(path);
	return err;
}

/* The md format: DIR/compare.md. */
int
compare_md_write(struct report_ctx *ctx)
{
	return compare_doc_write(ctx, &doc_md, "compare.md");
}

/* The html format: DIR/compare.html (inlines the .svg charts). */
int
compare_html_write(struct report_ctx *ctx)
{
	return compare_doc_write(ctx, &doc_html, "compare.html");
}
