/*
 * report.html: the ticket report as one self-contained page that opens
 * offline: CSS inline, the charts inlined from the rendered .svg files, no
 * script and no reference to anything outside the file.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

#define SVG_MAX		(64 * MIB)

const char report_html_style[] =
    "body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;margin:2em auto;"
    "max-width:1280px;padding:0 1em;color:#222;line-height:1.4}\n"
    "h1{font-size:1.6em}h2{margin-top:2em;border-bottom:1px solid #ccc}h3{margin-bottom:.3em}\n"
    "table{border-collapse:collapse;margin:.5em 0 1.5em;font-size:.9em}\n"
    "th,td{border:1px solid #ccc;padding:.25em .6em;vertical-align:top}\n"
    "th{background:#f0f0f0;text-align:left}td.n{text-align:right;font-variant-numeric:tabular-nums}\n"
    "td.mismatch{background:#fde2e2;color:#8a0000}td.failed{background:#fff2cc}\n"
    ".meta{color:#555}.note{background:#fff8e1;border-left:4px solid #f0b400;padding:.5em 1em}\n"
    ".pass{color:#1a7f37}.fail{color:#b00020}\n"
    "figure{margin:1em 0}figure svg{max-width:100%;height:auto;border:1px solid #eee}\n"
    "figcaption{color:#555;font-size:.9em}\n"
    ".pivots{display:flex;flex-wrap:wrap;gap:0 2em}\n";

/* Text as HTML: & < > " ' escaped. */
void
report_html_text(FILE *f, const char *s)
{
	for (; *s != '\0'; s++) {
		switch (*s) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		case '\'':
			fputs("&#39;", f);
			break;
		default:
			fputc(*s, f);
		}
	}
}

/* A table as HTML; flagged cells get a class, the reason as a tooltip, and a warning sign. */
void
report_html_table(FILE *f, const struct report_table *t, bool caption)
{
	unsigned r, c;

	fputs("<table>\n", f);
	if (caption) {
		fputs("<caption>", f);
		report_html_text(f, t->title);
		fputs("</caption>\n", f);
	}
	for (r = 0; r < t->nrows; r++) {
		fputs("<tr>", f);
		for (c = 0; c < t->ncols; c++) {
			size_t i = (size_t)r * t->ncols + c;
			const char *cls = t->flag[i] & REPORT_FLAG_MISMATCH ? "mismatch" :
			    t->flag[i] & REPORT_FLAG_FAILED ? "failed" : NULL;

			if (r == 0) {
				fputs("<th>", f);
				report_html_text(f, t->text[i] != NULL ? t->text[i] : "");
				fputs("</th>", f);
				continue;
			}
			fputs("<td", f);
			if (cls != NULL || t->numeric[c])
				fprintf(f, " class=\"%s%s%s\"", t->numeric[c] ? "n" : "",
				    t->numeric[c] && cls != NULL ? " " : "", cls != NULL ? cls : "");
			if (t->why[i] != NULL) {
				fputs(" title=\"", f);
				report_html_text(f, t->why[i]);
				fputc('"', f);
			}
			fputc('>', f);
			report_html_text(f, t->text[i] != NULL ? t->text[i] : "");
			if (t->flag[i] & REPORT_FLAG_MISMATCH)
				fputs(" &#9888;", f);
			fputs("</td>", f);
		}
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
}

/*
 * Copy an .svg into the page from its <svg> element on.  Each chart's ids
 * get the prefix cN- so that two charts' gnuplot ids (gpPt0, gnuplot_canvas)
 * cannot collide in one document.
 */
int
report_html_svg(FILE *out, const char *path, unsigned n)
{
	static const char *const refs[] = { "id='", "id=\"", "href='#", "href=\"#", "url(#" };
	FILE *f = fopen(path, "re");
	char *text, *p;
	size_t len = 0, cap = 65536, k;
	int err = 0;

	if (f == NULL)
		return -errno;
	text = xmalloc(cap);
	while (!feof(f) && !ferror(f)) {
		if (cap - len < 4096) {
			if (cap >= SVG_MAX) {
				err = -EFBIG;
				break;
			}
			text = xrealloc(text, cap *= 2);
		}
		len += fread(text + len, 1, cap - len - 1, f);
	}
	if (ferror(f))
		err = -EIO;
	fclose(f);
	text[len] = '\0';
	p = strstr(text, "<svg");
	if (err == 0 && p == NULL)
		err = -EINVAL;
	for (; err == 0 && *p != '\0'; p++) {
		for (k = 0; k < sizeof refs / sizeof refs[0]; k++)
			if (strncmp(p, refs[k], strlen(refs[k])) == 0)
				break;
		if (k < sizeof refs / sizeof refs[0]) {
			fputs(refs[k], out);
			fprintf(out, "c%u-", n);
			p += strlen(refs[k]) - 1;
			continue;
		}
		fputc(*p, out);
	}
	free(text);
	return err;
}

/* The charts inlined from their .svg files, or why they are not there. */
static void
html_charts(FILE *f, const struct report_ctx *ctx)
{
	struct report_chart charts[16];
	unsigned n = report_gnuplot_charts(ctx->sum, charts, 16), i;

	fputs("<h2>Charts</h2>\n", f);
	if (n == 0) {
		fputs("<p class=\"note\">No cell has figures to chart.</p>\n", f);
		return;
	}
	if (!(ctx->rendered & REPORT_SVG)) {
		fputs("<p class=\"note\">Charts not rendered: ", f);
		report_html_text(f, ctx->chart_note[0] != '\0' ? ctx->chart_note : "charts were not asked for");
		fputs(". The charts are in this folder as .gp scripts and .dat data; render them there "
		    "with <code>gnuplot iops.gp</code> (one chart) or <code>", f);
		report_html_text(f, REPORT_GNUPLOT_ALL);
		fputs("</code> (all), then make this report again with <code>sweep report "
		    "results.json</code>.</p>\n", f);
		return;
	}
	for (i = 0; i < n; i++) {
		char *path = xasprintf("%s/%s.svg", ctx->dir, charts[i].stem);

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

/* One metric as a table per mode: block size rows by queue depth columns. */
static void
html_pivots(FILE *f, const struct report_ctx *ctx, enum report_metric metric, const char *heading)
{
	unsigned m;

	fputs("<h2>", f);
	report_html_text(f, heading);
	fputs("</h2>\n<p>Block size (rows) by queue depth (columns)", f);
	if (ctx->sum->nmismatch > 0)
		fputs("; &#9888; and red mark a failed BW check (hover for the reason)", f);
	fputs(".</p>\n<div class=\"pivots\">\n", f);
	for (m = 0; m < ctx->sum->nmodes; m++) {
		struct report_table t;

		if (ctx->sum->modes[m].ncells == 0)
			continue;
		report_table_pivot(ctx, m, metric, &t);
		fputs("<div>\n<h3>", f);
		report_html_text(f, mode_name(ctx->sum->modes[m].mode));
		fputs("</h3>\n", f);
		report_html_table(f, &t, false);
		fputs("</div>\n", f);
		report_table_free(&t);
	}
	fputs("</div>\n", f);
}

/* The peaks against the provisioned caps (--expect, --profile), when there are any. */
static void
html_expect(FILE *f, const struct report_ctx *ctx)
{
	const struct expect *e = &ctx->res->expect;
	char caps[160], a[32];
	unsigned m;

	if (!e->set)
		return;
	fputs("<h2>Against the provisioned limits</h2>\n<p><strong>Caps:</strong> ", f);
	report_html_text(f, report_summary_caps(e, caps, sizeof caps));
	if (e->profile[0] != '\0') {
		fputs(" (profile ", f);
		report_html_text(f, e->profile);
		if (e->size_bytes > 0)
			fprintf(f, ", volume size %s", size_human(e->size_bytes, a, sizeof a));
		fputs(")", f);
	}
	fputs(". Source: ", f);
	report_html_text(f, e->source);
	fputs(".</p>\n", f);
	if (e->basis[0] != '\0' && strcmp(e->basis, e->source) != 0) {
		fputs("<p class=\"meta\">How: ", f);
		report_html_text(f, e->basis);
		fputs(".</p>\n", f);
	}
	fputs("<ul>\n", f);
	for (m = 0; m < ctx->sum->nmodes; m++) {
		const struct summary_mode *sm = &ctx->sum->modes[m];

		fprintf(f, "<li%s><strong>%s</strong>: ", sm->above_cap ? " class=\"fail\"" : "",
		    mode_name(sm->mode));
		report_html_text(f, sm->expect_text);
		fputs(sm->above_cap ? " &#9888;</li>\n" : "</li>\n", f);
	}
	fputs("</ul>\n", f);
}

/* How the cells ended (steady state), then burst detection: cells whose series dropped and stayed down. */
static void
html_bursts(FILE *f, const struct report_ctx *ctx)
{
	char *note = report_table_steady_note(ctx);
	struct report_table t;

	if (note != NULL) {
		fputs("<p>", f);
		report_html_text(f, note);
		fputs("</p>\n", f);
		free(note);
	}
	note = report_table_burst_note(ctx);
	fputs("<p>", f);
	report_html_text(f, note);
	fputs("</p>\n", f);
	free(note);
	report_table_bursts(ctx, &t);
	if (t.nrows > 1)
		report_html_table(f, &t, false);
	report_table_free(&t);
}

/* The BW = IOPS x bs checks: the count, every mismatch, failed cells, warnings. */
static void
html_checks(FILE *f, const struct report_ctx *ctx)
{
	const struct summary *sum = ctx->sum;
	struct report_table t;
	unsigned i;

	fprintf(f, "<h2>BW = IOPS x bs checks</h2>\n<p class=\"%s\"><strong>%u of %u cells pass</strong>"
	    "</p>\n<p>Derived (IOPS x bs) must be within %.0f%% of measured (bytes / time), and "
	    "device (block-layer counters) within %.0f%% of measured.</p>\n",
	    sum->nmismatch > 0 ? "fail" : "pass", sum->npass, sum->ndone,
	    BW_CHECK_DERIVED_TOL * 100, BW_CHECK_DEVICE_TOL * 100);
	if (sum->nmismatch > 0) {
		fprintf(f, "<p>%u mismatch%s, with the likely cause:</p>\n", sum->nmismatch,
		    sum->nmismatch == 1 ? "" : "es");
		report_table_mismatches(ctx, &t);
		report_html_table(f, &t, false);
		report_table_free(&t);
	}
	if (sum->nfailed + sum->nskipped > 0) {
		fprintf(f, "<p>%u cell%s failed, %u skipped:</p>\n", sum->nfailed,
		    sum->nfailed == 1 ? "" : "s", sum->nskipped);
		report_table_problems(ctx, &t);
		report_html_table(f, &t, false);
		report_table_free(&t);
	}
	for (i = 0; i < ctx->res->nwarnings; i++) {
		fputs("<p class=\"note\"><strong>Warning:</strong> ", f);
		report_html_text(f, ctx->res->warnings[i]);
		fputs("</p>\n", f);
	}
}

/* Write DIR/report.html whole or not at all. */
int
report_html_write(struct report_ctx *ctx)
{
	const struct results *res = ctx->res;
	struct report_table t;
	char *buf = NULL, *path, a[32];
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int err;

	if (f == NULL)
		return -errno;
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>sweep: ",
	    f);
	report_html_text(f, res->label);
	fprintf(f, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>Storage characterization: ",
	    report_html_style);
	report_html_text(f, res->label);
	fputs("</h1>\n", f);
	if (res->description[0] != '\0') {
		fputs("<p>", f);
		report_html_text(f, res->description);
		fputs("</p>\n", f);
	}
	fputs("<p class=\"meta\"><strong>Target</strong> <code>", f);
	report_html_text(f, res->target.path);
	fprintf(f, "</code> (%s, %s used", res->target.kind == TARGET_DEVICE ? "block device" : "file",
	    size_human(res->target.size, a, sizeof a));
	if (res->target.model[0] != '\0') {
		fputs(", ", f);
		report_html_text(f, res->target.model);
	}
	fputs(") &middot; <strong>Host</strong> ", f);
	report_html_text(f, res->host);
	fputs(" &middot; <strong>Started</strong> ", f);
	report_html_text(f, res->started_utc);
	fprintf(f, " &middot; <strong>Engine</strong> %s, %u s per cell &middot; sweep ",
	    res->plan.engine, res->plan.runtime_s);
	report_html_text(f, res->tool_version);
	fputs("</p>\n<p class=\"meta\">Units: IOPS; MiB/s = 2<sup>20</sup> bytes/s, MB/s = "
	    "10<sup>6</sup> bytes/s; latency in microseconds (us), completion latency from submit "
	    "to reap.</p>\n", f);

	fputs("<h2>Summary</h2>\n", f);
	report_table_summary(ctx, &t, true);
	report_html_table(f, &t, false);
	report_table_free(&t);
	fputs("<p>The knee column: where a mode stops being IOPS-bound and becomes bandwidth-bound, "
	    "from the best of every queue depth at each block size.</p>\n", f);
	html_expect(f, ctx);
	html_bursts(f, ctx);
	html_checks(f, ctx);
	html_charts(f, ctx);
	html_pivots(f, ctx, METRIC_IOPS, "IOPS");
	html_pivots(f, ctx, METRIC_MIB_S, "Throughput (MiB/s)");
	html_pivots(f, ctx, METRIC_MB_S, "Throughput (MB/s)");
	html_pivots(f, ctx, METRIC_P99_US, "p99 latency (us)");
	fputs("<h2>Every cell's check</h2>\n", f);
	report_table_checks(ctx, &t);
	report_html_table(f, &t, false);
	report_table_free(&t);
	fputs("<h2>Run</h2>\n", f);
	report_table_run(ctx, &t);
	report_html_table(f, &t, false);
	report_table_free(&t);
	fputs("<p class=\"meta\">Figures from results.json; results.csv and report.xlsx have every "
	    "figure of every cell.</p>\n</body>\n</html>\n", f);
	if (fclose(f) != 0) {
		free(buf);
		return -ENOMEM;
	}
	path = xasprintf("%s/report.html", ctx->dir);
	err = write_file_atomic(path, buf, len);
	free(path);
	free(buf);
	return err;
}
