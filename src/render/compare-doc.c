/*
 * compare.md and compare.html, the comparison as a ticket report, each
 * section written once against the document back-end (doc.c): the bottom
 * line (every mode's ratios in one sentence), the runs,
 * the rule, a verdict per mode, each run against its provisioned caps, the
 * overlay charts, a ratio table per mode and the missing cells.
 */
#include "config.h"

#include <stdlib.h>

#include "render/report.h"
#include "view/palette.h"

/*
 * The colours of the ratio tables (view-compare.c's VIEW_BETTER and
 * VIEW_WORSE): blue and red of the heat maps' diverging palette
 * (compare-heat.c), so that blue is "ahead" in every picture of a
 * comparison; a run itself has no colour (in the charts colour is the mode).
 */
#define COMPARE_DOC_STYLE \
	".better{background:" PALETTE_HEX(PALETTE_BETTER_LIGHT) ";color:" \
	PALETTE_HEX(PALETTE_BETTER_INK) ";font-weight:600}\n" \
	".worse{background:" PALETTE_HEX(PALETTE_WORSE_LIGHT) ";color:" \
	PALETTE_HEX(PALETTE_WORSE_INK) "}\n"

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
compare_doc_header(struct doc *d, const struct report_ctx *ctx)
{
	const struct compare *cmp = ctx->cmp;
	char *labels = compare_doc_labels(cmp), *title = xasprintf("sweep compare: %s", labels);
	struct report_table t;

	doc_begin(d, title, ".wide{overflow-x:auto}\n" COMPARE_DOC_STYLE);
	doc_heading_begin(d, 1);
	doc_raw(d, "Comparison: ");
	doc_text(d, labels);
	doc_heading_end(d, 1);
	free(title);
	free(labels);
	/* First: the one thing a reader should take away, before the tables push it down. */
	if (cmp->bottom != NULL)
		doc_note(d, "Bottom line:", cmp->bottom);
	report_table_view(&ctx->cview->runs, -1, 0, &t);
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

/* A list of a one-column view: each row's label in bold, then its text. */
static void
compare_doc_labelled(struct doc *d, const struct view_table *t)
{
	unsigned r;

	doc_list_begin(d);
	for (r = 0; r < t->nrows; r++) {
		doc_item_begin(d, NULL);
		doc_strong(d, t->rows[r].label);
		doc_raw(d, ": ");
		doc_text(d, view_table_cell(t, r, 0)->text);
		doc_item_end(d);
	}
	doc_list_end(d);
}

/* The verdict of each workload, and how to read it. */
static void
compare_doc_verdicts(struct doc *d, const struct view_table *t)
{
	doc_heading(d, 2, t->title);
	compare_doc_labelled(d, t);
	doc_para(d, "meta", "IOPS and bandwidth at one block size differ by the same ratio "
	    "(bandwidth = IOPS x block size), so small blocks are told in IOPS and large ones in "
	    "bandwidth; each ratio is of the best queue depth and job count both runs measured at "
	    "that size.");
}

/* Each run's peaks against its own caps, and its burst findings, when any run has them. */
static void
compare_doc_limits(struct doc *d, const struct view_table *t)
{
	if (t->nrows == 0)
		return;
	doc_heading(d, 2, t->title);
	doc_para(d, NULL, "Each run against its own caps (from its results.json):");
	compare_doc_labelled(d, t);
}

/*
 * What the colours of a ratio table mean, above it; html only (compare.md
 * has no colours: its Winner columns say the same).
 */
static void
compare_doc_key(struct doc *d, const struct compare *cmp)
{
	if (d->ops != &doc_html || cmp->nruns < 2)
		return;
	doc_raw(d, "<p class=\"key\">Colours: <span class=\"better\">the winner's figure; a "
	    "ratio in its run's favour</span><span class=\"worse\">a ratio where the first run is "
	    "ahead</span>no colour: a tie (within 5%) or no winner. Ahead: more IOPS or MiB/s, "
	    "lower p99.</p>\n");
}

/* A ratio table per mode, then the cells only some runs have. */
static void
compare_doc_tables(struct doc *d, const struct report_ctx *ctx)
{
	const struct compare *cmp = ctx->cmp;
	struct report_table t;
	unsigned m;

	for (m = 0; m < cmp->nmodes; m++) {
		doc_heading(d, 2, cmp->modes[m].name);
		compare_doc_key(d, cmp);
		doc_group_begin(d, "wide");
		report_table_view(&ctx->cview->modes[m], -1, 0, &t);
		doc_table(d, &t);
		report_table_free(&t);
		doc_group_end(d);
	}
	if (ctx->cview->load.nrows > 0) {
		doc_heading(d, 2, "Latency at an offered load");
		doc_para(d, NULL, "The runs' open-loop cells (--rate) side by side, each rate as asked "
		    "(a percent is of each run's own cap); p99 from when each I/O was due.");
		doc_group_begin(d, "wide");
		report_table_view(&ctx->cview->load, -1, 0, &t);
		doc_table(d, &t);
		report_table_free(&t);
		doc_group_end(d);
	}
	report_table_view(&ctx->cview->missing, -1, 0, &t);
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
	struct report_chart charts[COMPARE_CHARTS_MAX];
	unsigned ncharts = compare_gnuplot_charts(ctx->cmp, ctx->cview, charts);
	struct doc d;
	char *path;
	int err = doc_open(&d, ops);

	if (err != 0)
		return err;
	compare_doc_header(&d, ctx);
	if (ctx->cview->unwritten != NULL)
		doc_note(&d, REPORT_UNWRITTEN_MARK " Reads of a region never written:",
		    ctx->cview->unwritten);
	if (ctx->cview->unsteady != NULL)
		doc_note(&d, REPORT_UNSTEADY_MARK " Not steady:", ctx->cview->unsteady);
	if (ctx->cview->marks != NULL)
		doc_note(&d, "Marks:", ctx->cview->marks);
	compare_doc_verdicts(&d, &ctx->cview->verdicts);
	compare_doc_limits(&d, &ctx->cview->limits);
	report_doc_charts(&d, ctx, charts, ncharts, "No figures to chart.", false);
	compare_doc_tables(&d, ctx);
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
