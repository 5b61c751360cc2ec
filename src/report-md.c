/*
 * report.md: the ticket report in Markdown (GitHub, GitLab, Jira's Markdown
 * paste): the summary first, then the checks, the charts as links to the
 * .png files beside it, the per-mode tables, and the run.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

#define MD_FLAG " ⚠"

/* Text in a Markdown table cell or paragraph: escape what would be markup. */
void
report_md_text(FILE *f, const char *s)
{
	for (; *s != '\0'; s++) {
		if (strchr("\\|*_`<>[]#", *s) != NULL)
			fputc('\\', f);
		if (*s == '\n' || *s == '\r')
			fputc(' ', f);
		else
			fputc(*s, f);
	}
}

/* A table as Markdown; flagged cells get a warning sign. */
void
report_md_table(FILE *f, const struct report_table *t)
{
	unsigned r, c;

	for (r = 0; r < t->nrows; r++) {
		fputc('|', f);
		for (c = 0; c < t->ncols; c++) {
			size_t i = (size_t)r * t->ncols + c;

			fputc(' ', f);
			report_md_text(f, t->text[i] != NULL ? t->text[i] : "");
			if (t->flag[i] & REPORT_FLAG_MISMATCH)
				fputs(MD_FLAG, f);
			fputs(" |", f);
		}
		fputc('\n', f);
		if (r == 0) {
			fputc('|', f);
			for (c = 0; c < t->ncols; c++)
				fputs(t->numeric[c] ? " --: |" : " --- |", f);
			fputc('\n', f);
		}
	}
	fputc('\n', f);
}

/* Title, target, host, date, engine and units. */
static void
md_header(FILE *f, const struct results *res)
{
	const struct target *tg = &res->target;
	char a[32];

	fputs("# Storage characterization: ", f);
	report_md_text(f, res->label);
	fputs("\n\n", f);
	if (res->description[0] != '\0') {
		report_md_text(f, res->description);
		fputs("\n\n", f);
	}
	fputs("**Target** `", f);
	fputs(tg->path, f);
	fprintf(f, "` (%s, %s used", tg->kind == TARGET_DEVICE ? "block device" : "file",
	    size_human(tg->size, a, sizeof a));
	if (tg->model[0] != '\0') {
		fputs(", ", f);
		report_md_text(f, tg->model);
	}
	fputs(") · **Host** ", f);
	report_md_text(f, res->host);
	fprintf(f, " · **Started** %s · **Engine** %s, %u s per cell · sweep %s\n\n",
	    res->started_utc, res->plan.engine, res->plan.runtime_s, res->tool_version);
	fputs("Units: IOPS; MiB/s = 2^20 bytes/s, MB/s = 10^6 bytes/s; latency in microseconds (us), "
	    "completion latency from submit to reap.\n\n", f);
}

/* The summary table and the knee of each mode. */
static void
md_summary(FILE *f, const struct report_ctx *ctx)
{
	struct report_table t;
	unsigned m;

	fputs("## Summary\n\n", f);
	/* The knee goes in the list below, where it reads as a sentence. */
	report_table_summary(ctx, &t, false);
	report_md_table(f, &t);
	report_table_free(&t);

	fputs("Knee, where a mode stops being IOPS-bound and becomes bandwidth-bound (the best "
	    "of every queue depth at each block size):\n\n", f);
	for (m = 0; m < ctx->sum->nmodes; m++) {
		fprintf(f, "- **%s**: ", mode_name(ctx->sum->modes[m].mode));
		report_md_text(f, ctx->sum->modes[m].knee.text);
		fputc('\n', f);
	}
	fputc('\n', f);
}

/* The peaks against the provisioned caps (--expect, --profile), when there are any. */
static void
md_expect(FILE *f, const struct report_ctx *ctx)
{
	const struct expect *e = &ctx->res->expect;
	char caps[160], a[32];
	unsigned m;

	if (!e->set)
		return;
	fputs("## Against the provisioned limits\n\n**Caps:** ", f);
	report_md_text(f, report_summary_caps(e, caps, sizeof caps));
	if (e->profile[0] != '\0') {
		fputs(" (profile ", f);
		report_md_text(f, e->profile);
		if (e->size_bytes > 0)
			fprintf(f, ", volume size %s", size_human(e->size_bytes, a, sizeof a));
		fputs(")", f);
	}
	fputs(". Source: ", f);
	report_md_text(f, e->source);
	fputs(".\n\n", f);
	if (e->basis[0] != '\0' && strcmp(e->basis, e->source) != 0) {
		fputs("How: ", f);
		report_md_text(f, e->basis);
		fputs(".\n\n", f);
	}
	for (m = 0; m < ctx->sum->nmodes; m++) {
		const struct summary_mode *sm = &ctx->sum->modes[m];

		fprintf(f, "- **%s**: ", mode_name(sm->mode));
		report_md_text(f, sm->expect_text);
		fputs(sm->above_cap ? MD_FLAG "\n" : "\n", f);
	}
	fputc('\n', f);
}

/* How the cells ended (steady state), then burst detection: cells whose series dropped and stayed down. */
static void
md_bursts(FILE *f, const struct report_ctx *ctx)
{
	char *note = report_table_steady_note(ctx);
	struct report_table t;

	if (note != NULL) {
		report_md_text(f, note);
		fputs("\n\n", f);
		free(note);
	}
	note = report_table_burst_note(ctx);
	report_md_text(f, note);
	fputs("\n\n", f);
	free(note);
	report_table_bursts(ctx, &t);
	if (t.nrows > 1)
		report_md_table(f, &t);
	report_table_free(&t);
}

/* The BW = IOPS x bs checks: the count, every mismatch, failed cells, warnings. */
static void
md_checks(FILE *f, const struct report_ctx *ctx)
{
	const struct summary *sum = ctx->sum;
	struct report_table t;
	unsigned i;

	fprintf(f, "## BW = IOPS x bs checks\n\n**%u of %u cells pass**: derived (IOPS x bs) within "
	    "%.0f%% of measured (bytes / time), and device (block-layer counters) within %.0f%% of "
	    "measured.", sum->npass, sum->ndone, BW_CHECK_DERIVED_TOL * 100,
	    BW_CHECK_DEVICE_TOL * 100);
	if (sum->nmismatch == 0) {
		fputs("\n\n", f);
	} else {
		fprintf(f, " %u mismatch%s" MD_FLAG ", with the likely cause:\n\n", sum->nmismatch,
		    sum->nmismatch == 1 ? "" : "es");
		report_table_mismatches(ctx, &t);
		report_md_table(f, &t);
		report_table_free(&t);
	}
	if (sum->nfailed + sum->nskipped > 0) {
		fprintf(f, "%u cell%s failed, %u skipped:\n\n", sum->nfailed,
		    sum->nfailed == 1 ? "" : "s", sum->nskipped);
		report_table_problems(ctx, &t);
		report_md_table(f, &t);
		report_table_free(&t);
	}
	for (i = 0; i < ctx->res->nwarnings; i++) {
		fputs("> **Warning:** ", f);
		report_md_text(f, ctx->res->warnings[i]);
		fputs("\n\n", f);
	}
}

/* Links to the rendered charts, or why they are not there and how to render them. */
static void
md_charts(FILE *f, const struct report_ctx *ctx)
{
	struct report_chart charts[16];
	unsigned n = report_gnuplot_charts(ctx->sum, charts, 16), i;
	const char *ext = ctx->rendered & REPORT_PNG ? "png" : ctx->rendered & REPORT_SVG ? "svg" :
	    NULL;

	fputs("## Charts\n\n", f);
	if (n == 0) {
		fputs("No cell has figures to chart.\n\n", f);
		return;
	}
	if (ext == NULL && !ctx->charts_done) {
		fputs("Not made: charts were not asked for (--formats png or svg).\n\n", f);
		return;
	}
	if (ext == NULL) {
		fputs("Not rendered: ", f);
		report_md_text(f, ctx->chart_note);
		fputs(". The charts are here as .gp scripts and .dat data; render them in this "
		    "folder with `gnuplot iops.gp` (one chart) or `" REPORT_GNUPLOT_ALL "` (all).\n\n", f);
		return;
	}
	for (i = 0; i < n; i++)
		fprintf(f, "![%s](%s.%s)\n\n", charts[i].title, charts[i].stem, ext);
}

/* One metric as a table per mode: block size rows by queue depth columns. */
static void
md_pivots(FILE *f, const struct report_ctx *ctx, enum report_metric metric, const char *heading)
{
	unsigned m;

	fprintf(f, "## %s\n\nBlock size (rows) by queue depth (columns)%s.\n\n", heading,
	    ctx->sum->nmismatch > 0 ? ";" MD_FLAG " marks a failed BW check" : "");
	for (m = 0; m < ctx->sum->nmodes; m++) {
		struct report_table t;

		if (ctx->sum->modes[m].ncells == 0)
			continue;
		report_table_pivot(ctx, m, metric, &t);
		fprintf(f, "### %s\n\n", t.title);
		report_md_table(f, &t);
		report_table_free(&t);
	}
}

/* Write DIR/report.md whole or not at all. */
int
report_md_write(struct report_ctx *ctx)
{
	struct report_table t;
	char *buf = NULL, *path;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int err;

	if (f == NULL)
		return -errno;
	md_header(f, ctx->res);
	md_summary(f, ctx);
	md_expect(f, ctx);
	md_bursts(f, ctx);
	md_checks(f, ctx);
	md_charts(f, ctx);
	md_pivots(f, ctx, METRIC_IOPS, "IOPS");
	md_pivots(f, ctx, METRIC_MIB_S, "Throughput (MiB/s)");
	md_pivots(f, ctx, METRIC_P99_US, "p99 latency (us)");
	fputs("## Every cell's check\n\n", f);
	report_table_checks(ctx, &t);
	report_md_table(f, &t);
	report_table_free(&t);
	fputs("## Run\n\n", f);
	report_table_run(ctx, &t);
	report_md_table(f, &t);
	report_table_free(&t);
	fputs("Figures from results.json; results.csv and report.xlsx have every figure of every "
	    "cell.\n", f);
	if (fclose(f) != 0) {
		free(buf);
		return -ENOMEM;
	}
	path = xasprintf("%s/report.md", ctx->dir);
	err = write_file_atomic(path, buf, len);
	free(path);
	free(buf);
	return err;
}
