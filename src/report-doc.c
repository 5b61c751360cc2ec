/*
 * report.md and report.html, the ticket report, each section written once
 * against the document back-end (doc.c): the summary first, then the
 * expectations, steady state and bursts, the checks, the charts (links to
 * the .png files in Markdown, inlined .svg in HTML), the per-mode tables
 * and the run.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "report.h"

#define DOC_CHARTS_MAX	16

/* A field of the target line: " · **Host** ". */
static void
report_doc_field(struct doc *d, const char *name)
{
	doc_sep(d);
	doc_strong(d, name);
	doc_raw(d, " ");
}

/* Title, description, target, host, date, engine and units. */
static void
report_doc_header(struct doc *d, const struct results *res)
{
	const struct target *tg = &res->target;
	char *title = xasprintf("sweep: %s", res->label), a[32];

	doc_begin(d, title, NULL);
	free(title);
	doc_heading_begin(d, 1);
	doc_raw(d, "Storage characterization: ");
	doc_text(d, res->label);
	doc_heading_end(d, 1);
	if (res->description[0] != '\0')
		doc_para_text(d, NULL, res->description);
	doc_para_begin(d, "meta");
	doc_strong(d, "Target");
	doc_raw(d, " ");
	doc_code(d, tg->path);
	doc_printf(d, " (%s, %s used", tg->kind == TARGET_DEVICE ? "block device" : "file",
	    size_human(tg->size, a, sizeof a));
	if (tg->model[0] != '\0') {
		doc_raw(d, ", ");
		doc_text(d, tg->model);
	}
	doc_raw(d, ")");
	report_doc_field(d, "Host");
	doc_text(d, res->host);
	report_doc_field(d, "Started");
	doc_plain(d, res->started_utc);
	report_doc_field(d, "Engine");
	doc_printf(d, "%s, %u s per cell", res->plan.engine, res->plan.runtime_s);
	doc_sep(d);
	doc_raw(d, "sweep ");
	doc_plain(d, res->tool_version);
	doc_para_end(d);
	doc_para_begin(d, "meta");
	doc_raw(d, "Units: IOPS; MiB/s = 2");
	doc_sup(d, "20");
	doc_raw(d, " bytes/s, MB/s = 10");
	doc_sup(d, "6");
	doc_raw(d, " bytes/s; latency in microseconds (us), completion latency from submit to "
	    "reap.");
	doc_para_end(d);
}

/*
 * The banner when a cell is not steady, before anything else: which cells,
 * and that their figures are marked.
 */
static void
report_doc_stability_banner(struct doc *d, const struct report_ctx *ctx)
{
	char *banner = report_table_stability_banner(ctx, REPORT_UNSTEADY_MARK,
	    "the Stability column of every cell's check");

	if (banner == NULL)
		return;
	doc_note(d, REPORT_UNSTEADY_MARK " Not steady:", banner);
	free(banner);
}

/* The summary table and the knee of each mode: a column, or (compact) a list below. */
static void
report_doc_summary(struct doc *d, const struct report_ctx *ctx)
{
	struct report_table t;
	unsigned m;

	doc_heading(d, 2, "Summary");
	report_table_summary(ctx, &t, !d->ops->compact);
	doc_table(d, &t);
	report_table_free(&t);
	if (!d->ops->compact) {
		doc_para(d, NULL, "The knee column: where a mode stops being IOPS-bound and becomes "
		    "bandwidth-bound, from the best of every queue depth at each block size.");
		return;
	}
	doc_para(d, NULL, "Knee, where a mode stops being IOPS-bound and becomes bandwidth-bound "
	    "(the best of every queue depth at each block size):");
	doc_list_begin(d);
	for (m = 0; m < ctx->sum->nmodes; m++) {
		doc_item_begin(d, NULL);
		doc_strong(d, mode_name(ctx->sum->modes[m].mode));
		doc_raw(d, ": ");
		doc_text(d, ctx->sum->modes[m].knee.text);
		doc_item_end(d);
	}
	doc_list_end(d);
}

/* The peaks against the provisioned caps (--expect, --profile), when there are any. */
static void
report_doc_expect(struct doc *d, const struct report_ctx *ctx)
{
	const struct expect *e = &ctx->res->expect;
	char caps[160], a[32];
	unsigned m;

	if (!e->set)
		return;
	doc_heading(d, 2, "Against the provisioned limits");
	doc_para_begin(d, NULL);
	doc_strong(d, "Caps:");
	doc_raw(d, " ");
	doc_text(d, report_summary_caps(e, caps, sizeof caps));
	if (e->profile[0] != '\0') {
		doc_raw(d, " (profile ");
		doc_text(d, e->profile);
		if (e->size_bytes > 0)
			doc_printf(d, ", volume size %s", size_human(e->size_bytes, a, sizeof a));
		doc_raw(d, ")");
	}
	doc_raw(d, ". Source: ");
	doc_text(d, e->source);
	doc_raw(d, ".");
	doc_para_end(d);
	if (e->basis[0] != '\0' && strcmp(e->basis, e->source) != 0) {
		doc_para_begin(d, "meta");
		doc_raw(d, "How: ");
		doc_text(d, e->basis);
		doc_raw(d, ".");
		doc_para_end(d);
	}
	doc_list_begin(d);
	for (m = 0; m < ctx->sum->nmodes; m++) {
		const struct summary_mode *sm = &ctx->sum->modes[m];

		doc_item_begin(d, sm->above_cap ? "fail" : NULL);
		doc_strong(d, mode_name(sm->mode));
		doc_raw(d, ": ");
		doc_text(d, sm->expect_text);
		if (sm->above_cap)
			doc_flag(d);
		doc_item_end(d);
	}
	doc_list_end(d);
}

/*
 * How the cells ended (steady state), how steady they were (stability),
 * then burst detection: cells whose series dropped and stayed down.
 */
static void
report_doc_bursts(struct doc *d, const struct report_ctx *ctx)
{
	char *note = report_table_steady_note(ctx);
	struct report_table t;

	if (note != NULL) {
		doc_para_text(d, NULL, note);
		free(note);
	}
	note = report_table_stability_note(ctx);
	doc_para_text(d, ctx->sum->nunsteady > 0 ? "fail" : NULL, note);
	free(note);
	note = report_table_burst_note(ctx);
	doc_para_text(d, NULL, note);
	free(note);
	report_table_bursts(ctx, &t);
	if (t.nrows > 1)
		doc_table(d, &t);
	report_table_free(&t);
}

/*
 * How many cells pass the BW = IOPS x bs check, the rule and the count of
 * mismatches: one paragraph when compact, else one each.
 */
static void
report_doc_check_count(struct doc *d, const struct summary *sum)
{
	char pass[64];

	snprintf(pass, sizeof pass, "%u of %u cells pass", sum->npass, sum->ndone);
	doc_para_begin(d, sum->nmismatch > 0 ? "fail" : "pass");
	doc_strong(d, pass);
	if (d->ops->compact)
		doc_printf(d, ": derived (IOPS x bs) within %.0f%% of measured (bytes / time), and "
		    "device (block-layer counters) within %.0f%% of measured.",
		    BW_CHECK_DERIVED_TOL * 100, BW_CHECK_DEVICE_TOL * 100);
	else {
		doc_para_end(d);
		doc_para_begin(d, NULL);
		doc_printf(d, "Derived (IOPS x bs) must be within %.0f%% of measured (bytes / time), "
		    "and device (block-layer counters) within %.0f%% of measured.",
		    BW_CHECK_DERIVED_TOL * 100, BW_CHECK_DEVICE_TOL * 100);
	}
	if (sum->nmismatch > 0) {
		if (d->ops->compact)
			doc_raw(d, " ");
		else {
			doc_para_end(d);
			doc_para_begin(d, NULL);
		}
		doc_printf(d, "%u mismatch%s", sum->nmismatch, sum->nmismatch == 1 ? "" : "es");
		if (d->ops->compact)
			doc_flag(d);
		doc_raw(d, ", with the likely cause:");
	}
	doc_para_end(d);
	if (sum->nunsteady > 0) {
		doc_para_begin(d, "fail");
		doc_printf(d, "The check is of the accounting only: %u of these cells %s not steady "
		    "(see the Stability column).", sum->nunsteady, sum->nunsteady == 1 ? "is" : "are");
		doc_para_end(d);
	}
}

/* The BW = IOPS x bs checks: the count, every mismatch, failed cells, warnings. */
static void
report_doc_checks(struct doc *d, const struct report_ctx *ctx)
{
	const struct summary *sum = ctx->sum;
	struct report_table t;
	unsigned i;

	doc_heading(d, 2, "BW = IOPS x bs checks");
	report_doc_check_count(d, sum);
	if (sum->nmismatch > 0) {
		report_table_mismatches(ctx, &t);
		doc_table(d, &t);
		report_table_free(&t);
	}
	if (sum->nfailed + sum->nskipped > 0) {
		doc_para_begin(d, NULL);
		doc_printf(d, "%u cell%s failed, %u skipped:", sum->nfailed,
		    sum->nfailed == 1 ? "" : "s", sum->nskipped);
		doc_para_end(d);
		report_table_problems(ctx, &t);
		doc_table(d, &t);
		report_table_free(&t);
	}
	for (i = 0; i < ctx->res->nwarnings; i++)
		doc_note(d, "Warning:", ctx->res->warnings[i]);
}

/*
 * Why the charts are not rendered, and how to render them by hand; one
 * says how to render a single chart too, and (not compact) how to make
 * the report again.
 */
static void
report_doc_unrendered(struct doc *d, const struct report_ctx *rc, bool one)
{
	bool compact = d->ops->compact;

	doc_para_begin(d, "note");
	doc_raw(d, compact ? "Not rendered: " : "Charts not rendered: ");
	doc_text(d, compact || rc->chart_note[0] != '\0' ? rc->chart_note :
	    "charts were not asked for");
	doc_raw(d, compact ? ". The charts are here as .gp scripts and .dat data; render them in "
	    "this folder with " : ". The charts are in this folder as .gp scripts and .dat data; "
	    "render them there with ");
	if (one) {
		doc_code(d, "gnuplot iops.gp");
		doc_raw(d, " (one chart) or ");
	}
	doc_code(d, REPORT_GNUPLOT_ALL);
	if (one)
		doc_raw(d, " (all)");
	if (one && !compact) {
		doc_raw(d, ", then make this report again with ");
		doc_code(d, "sweep report results.json");
	}
	doc_raw(d, ".");
	doc_para_end(d);
}

/*
 * The charts section of a report or a comparison: the n charts as the
 * format shows them, or none (no chart has a point), or why they are not
 * there.  one: say how to render a single chart and make the report again.
 */
void
report_doc_charts(struct doc *d, const struct report_ctx *rc, const struct report_chart *charts,
    unsigned n, const char *none, bool one)
{
	unsigned shown = rc->rendered & d->ops->figures, i;

	doc_heading(d, 2, "Charts");
	if (n == 0)
		doc_para(d, "note", none);
	else if (shown == 0 && !rc->charts_done && d->ops->compact)
		doc_para(d, "note", "Not made: charts were not asked for (--formats png or svg).");
	else if (shown == 0)
		report_doc_unrendered(d, rc, one);
	else
		for (i = 0; i < n; i++)
			doc_figure(d, rc->dir, &charts[i], i, shown);
}

/*
 * One metric as a table per mode: block size rows by queue depth columns.
 * HTML lays the tables side by side under the mode's name; Markdown's
 * follow each other, each named with its mode and metric.
 */
static void
report_doc_pivots(struct doc *d, const struct report_ctx *ctx, enum report_metric metric,
    const char *heading)
{
	unsigned m;

	doc_heading(d, 2, heading);
	doc_para_begin(d, NULL);
	if (report_big(ctx->sum))
		doc_printf(d, "Block size (rows): at each, the best of its cells (Cells: how many) "
		    "over every queue depth and job count, and where it is (At); %s cells are too "
		    "many for a column per queue depth, and results.csv and report.xlsx have every "
		    "cell", report_num(ctx->sum->ndone, 0, (char[32]){ 0 }, 32));
	else
		doc_raw(d, "Block size (rows) by queue depth (columns)");
	if (ctx->sum->nmismatch > 0) {
		doc_raw(d, ";");
		doc_flag(d);
		doc_raw(d, d->ops->compact ? " marks a failed BW check" :
		    " and red mark a failed BW check (hover for the reason)");
	}
	doc_raw(d, ".");
	doc_para_end(d);
	doc_group_begin(d, "pivots");
	for (m = 0; m < ctx->sum->nmodes; m++) {
		struct report_table t;

		if (ctx->sum->modes[m].ncells == 0)
			continue;
		if (report_big(ctx->sum))
			report_big_pivot(ctx, m, metric, &t);
		else
			report_table_pivot(ctx, m, metric, &t);
		doc_group_begin(d, NULL);
		doc_heading(d, 3, d->ops->compact ? t.title : mode_name(ctx->sum->modes[m].mode));
		doc_table(d, &t);
		doc_group_end(d);
		report_table_free(&t);
	}
	doc_group_end(d);
}

/* Every cell's check and the run's settings, then where the figures come from. */
static void
report_doc_run(struct doc *d, const struct report_ctx *ctx)
{
	struct report_table t;

	doc_heading(d, 2, "Every cell's check");
	report_table_checks(ctx, &t);
	doc_table(d, &t);
	report_table_free(&t);
	doc_heading(d, 2, "Run");
	report_table_run(ctx, &t);
	doc_table(d, &t);
	report_table_free(&t);
	doc_para(d, "meta", "Figures from results.json; results.csv and report.xlsx have every "
	    "figure of every cell.");
}

/* Write DIR/file in the format of ops, whole or not at all. */
static int
report_doc_write(struct report_ctx *ctx, const struct doc_ops *ops, const char *file)
{
	struct report_chart charts[DOC_CHARTS_MAX];
	unsigned ncharts = report_gnuplot_charts(ctx->sum, charts, DOC_CHARTS_MAX);
	struct doc d;
	char *path;
	int err = doc_open(&d, ops);

	if (err != 0)
		return err;
	report_doc_header(&d, ctx->res);
	report_doc_stability_banner(&d, ctx);
	report_doc_summary(&d, ctx);
	report_doc_expect(&d, ctx);
	report_doc_bursts(&d, ctx);
	report_doc_checks(&d, ctx);
	report_doc_charts(&d, ctx, charts, ncharts, "No cell has figures to chart.", true);
	report_doc_pivots(&d, ctx, METRIC_IOPS, "IOPS");
	report_doc_pivots(&d, ctx, METRIC_MIB_S, "Throughput (MiB/s)");
	if (!ops->compact)
		report_doc_pivots(&d, ctx, METRIC_MB_S, "Throughput (MB/s)");
	report_doc_pivots(&d, ctx, METRIC_P99_US, "p99 latency (us)");
	report_doc_run(&d, ctx);
	doc_end(&d);
	path = xasprintf("%s/%s", ctx->dir, file);
	err = doc_save(&d, path);
	free(path);
	return err;
}

/* The md format: DIR/report.md. */
int
report_md_write(struct report_ctx *ctx)
{
	return report_doc_write(ctx, &doc_md, "report.md");
}

/* The html format: DIR/report.html (inlines the .svg charts). */
int
report_html_write(struct report_ctx *ctx)
{
	return report_doc_write(ctx, &doc_html, "report.html");
}
