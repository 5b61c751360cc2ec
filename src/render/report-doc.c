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

#include "render/report.h"


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
report_doc_header(struct doc *d, const struct view_header *h)
{
	char *title = xasprintf("sweep: %s", h->label), a[32];

	doc_begin(d, title, report_card_style);
	free(title);
	doc_heading_begin(d, 1);
	doc_raw(d, "Storage characterization: ");
	doc_text(d, h->label);
	doc_heading_end(d, 1);
	if (h->description[0] != '\0')
		doc_para_text(d, NULL, h->description);
	doc_para_begin(d, "meta");
	doc_strong(d, "Target");
	doc_raw(d, " ");
	doc_code(d, h->target);
	doc_printf(d, " (%s", h->device ? "block device" : "file");
	if (h->used > 0)
		doc_printf(d, ", %s used", size_human(h->used, a, sizeof a));
	if (h->model[0] != '\0') {
		doc_raw(d, ", ");
		doc_text(d, h->model);
	}
	doc_raw(d, ")");
	report_doc_field(d, "Host");
	doc_text(d, h->host);
	report_doc_field(d, "Started");
	doc_plain(d, h->started);
	report_doc_field(d, "Engine");
	doc_text(d, h->engine);
	if (h->per_cell[0] != '\0')
		doc_printf(d, ", %s per cell", h->per_cell);
	doc_sep(d);
	doc_raw(d, "sweep ");
	doc_plain(d, h->version);
	doc_para_end(d);
	doc_para_begin(d, "meta");
	doc_raw(d, "Units: IOPS; MiB/s = 2");
	doc_sup(d, "20");
	doc_raw(d, " bytes/s, MB/s = 10");
	doc_sup(d, "6");
	doc_raw(d, " bytes/s; latency in microseconds (us), completion latency from submit to "
	    "reap (a chart that reaches 10 ms shows milliseconds, and says so).");
	doc_para_end(d);
}

/*
 * The banner when a cell is not steady, before anything else: which cells,
 * and that their figures are marked.
 */
static void
report_doc_stability_banner(struct doc *d, const struct report_ctx *ctx)
{
	const char *banner = ctx->view->docs->notes.unsteady[VIEW_WHERE_DOC];

	if (banner != NULL)
		doc_note(d, REPORT_UNSTEADY_MARK " Not steady:", banner);
}

/* The banner when the run read a region never written, before anything else. */
static void
report_doc_unwritten_banner(struct doc *d, const struct report_ctx *ctx)
{
	const char *banner = ctx->view->docs->notes.unwritten[VIEW_WHERE_DOC];

	if (banner != NULL)
		doc_note(d, REPORT_UNWRITTEN_MARK " Reads of a region never written:", banner);
}

/*
 * The class of the run's verdict: its worst workload's (below the spec,
 * above the cap, within the burst, not saturated, delivers).
 */
static const char *
report_doc_verdict_class(const struct view_docs *docs)
{
	static const enum expect_verdict worst[] = { EXPECT_BELOW, EXPECT_ABOVE_CAP, EXPECT_IN_BURST,
	    EXPECT_NOT_SATURATED, EXPECT_ABOVE_RANGE, EXPECT_DELIVERS, EXPECT_IN_RANGE };
	unsigned w, m;

	for (w = 0; w < sizeof worst / sizeof worst[0]; w++)
		for (m = 0; m < docs->nwl; m++)
			if (docs->wl[m].verdict == worst[w])
				return view_verdict_class(worst[w]);
	return NULL;
}

/* The volume against its spec, one line, when it has one. */
static void
report_doc_verdict(struct doc *d, const struct report_ctx *ctx)
{
	const char *line = ctx->view->docs->notes.verdict, *cls;
	char *text;

	if (line == NULL)
		return;
	text = xasprintf("%s.", line);
	cls = report_doc_verdict_class(ctx->view->docs);
	if (d->ops == &doc_html && cls != NULL) {
		/* the box in its class's colour: a volume below its spec is not a yellow note */
		char *c = xasprintf("note %s", cls);

		doc_para_begin(d, c);
		doc_strong(d, "Verdict:");
		doc_raw(d, " ");
		doc_text(d, text);
		doc_para_end(d);
		free(c);
	} else
		doc_note(d, "Verdict:", text);
	free(text);
}

/* Each mode's saturating queue depth, when a mode has three depths at a block size. */
static void
report_doc_saturation(struct doc *d, const struct report_ctx *ctx)
{
	const struct view_table *v = &ctx->view->findings;
	unsigned m, n = 0;

	for (m = 0; m < v->nrows; m++)
		n += view_table_cell(v, m, FIND_SATURATION)->kind == VIEW_TEXT;
	if (n == 0)
		return;
	doc_para_begin(d, NULL);
	doc_printf(d, "Saturation, the smallest queue depth within %.0f%% of the best IOPS (at the "
	    "block size with the most depths, %u at least):", SATURATION_TOL * 100,
	    SATURATION_MIN_DEPTHS);
	doc_para_end(d);
	doc_list_begin(d);
	for (m = 0; m < v->nrows; m++) {
		const struct view_cell *vc = view_table_cell(v, m, FIND_SATURATION);

		if (vc->kind != VIEW_TEXT)
			continue;
		doc_item_begin(d, NULL);
		doc_strong(d, v->rows[m].label);
		doc_raw(d, ": ");
		doc_text(d, vc->text);
		doc_raw(d, ".");
		doc_item_end(d);
	}
	doc_list_end(d);
}

/* The modes whose QD1 4K mean and p50 tell of two populations, a sentence each. */
static void
report_doc_lat_notes(struct doc *d, const struct view_table *v)
{
	const char *note;
	unsigned m, n = 0;

	for (m = 0; m < v->nrows; m++) {
		if ((note = view_summary_lat_note(v, m)) == NULL)
			continue;
		if (n++ == 0) {
			doc_para_begin(d, NULL);
			doc_printf(d, "QD1 4K latency, where the mean is %.0fx the p50 or more:",
			    SUMMARY_LAT_TWO_POPULATIONS);
			doc_para_end(d);
			doc_list_begin(d);
		}
		doc_item_begin(d, NULL);
		doc_strong(d, v->rows[m].label);
		doc_raw(d, ": ");
		doc_text(d, note);
		doc_raw(d, ".");
		doc_item_end(d);
	}
	if (n > 0)
		doc_list_end(d);
}

static const char *report_doc_caption(const char *stem, bool big);

/* Whether chart i is one the Summary shows, the card or the scorecard (a run's report, rendered). */
static bool
report_doc_in_summary(const struct report_ctx *rc, const struct report_chart *charts,
    unsigned n, unsigned i)
{
	return i < n && rc->view != NULL && (strcmp(charts[i].stem, "scorecard") == 0 ||
	    strcmp(charts[i].stem, "card") == 0);
}

/* Chart i with its caption, where it has one. */
static void
report_doc_chart(struct doc *d, const struct report_ctx *rc, const struct report_chart *charts,
    unsigned i, unsigned shown)
{
	const char *caption = report_doc_caption(charts[i].stem, rc->view != NULL && rc->view->big);

	doc_figure(d, rc->dir, &charts[i], i, shown);
	if (caption != NULL)
		doc_para(d, "meta", caption);
}

/*
 * The card's picture and the scorecard first in the Summary, above its
 * table: in the Charts section, after the tables and notes, the scorecard
 * was 3,000 pixels down a page 800 pixels wide.  The card stays the first
 * picture of the report.
 */
static void
report_doc_summary_charts(struct doc *d, const struct report_ctx *ctx,
    const struct report_chart *charts, unsigned ncharts)
{
	unsigned shown = ctx->rendered & d->ops->figures, i;

	if (shown == 0)
		return;
	for (i = 0; i < ncharts; i++)
		if (report_doc_in_summary(ctx, charts, ncharts, i))
			report_doc_chart(d, ctx, charts, i, shown);
}

/* The summary table and the knee of each mode: a column, or (compact) a list below. */
static void
report_doc_summary(struct doc *d, const struct report_ctx *ctx, const struct report_chart *charts,
    unsigned ncharts)
{
	struct report_table t;
	const struct view_docs *docs = ctx->view->docs;
	char marks[VIEW_LEGEND_LEN + 128];
	unsigned m;

	doc_heading(d, 2, "Summary");
	report_doc_summary_charts(d, ctx, charts, ncharts);
	report_table_view(&ctx->view->summary, -1, VIEW_COL_DETAIL |
	    (d->ops->compact ? VIEW_COL_PROSE : 0), &t);
	doc_table(d, &t);
	report_table_free(&t);
	if (view_summary_marks(&ctx->view->summary, marks, sizeof marks) != NULL)
		doc_para(d, NULL, marks);
	report_doc_lat_notes(d, &ctx->view->summary);
	if (docs->shares[0] != '\0') {
		doc_para_begin(d, NULL);
		doc_raw(d, "Read shares: ");
		doc_text(d, docs->shares);
		doc_raw(d, " (reads/writes, in percent of I/Os). Each share is a mode of its own here, "
		    "in the tables below and in the charts, where it has a colour of its own.");
		doc_para_end(d);
	}
	if (!d->ops->compact) {
		doc_para(d, NULL, "The knee column: where a mode stops being IOPS-bound and becomes "
		    "bandwidth-bound, from the best of every queue depth at each block size.");
		report_doc_saturation(d, ctx);
		return;
	}
	doc_para(d, NULL, "Knee, where a mode stops being IOPS-bound and becomes bandwidth-bound "
	    "(the best of every queue depth at each block size):");
	doc_list_begin(d);
	for (m = 0; m < docs->nwl; m++) {
		doc_item_begin(d, NULL);
		doc_strong(d, docs->wl[m].name);
		doc_raw(d, ": ");
		doc_text(d, docs->wl[m].knee_text);
		doc_item_end(d);
	}
	doc_list_end(d);
	report_doc_saturation(d, ctx);
}

/*
 * How this was measured: an --auto run's cells by the question that chose
 * them, its budget, and what it found and how sure (view-docs.c, the
 * findings worded from results.json's figures by view_auto_findings).
 * Nothing for a run of fixed cells.
 */
static void
report_doc_measured(struct doc *d, const struct report_ctx *ctx)
{
	const struct view_measured *a = &ctx->view->docs->measured;
	unsigned i;

	if (!a->on)
		return;
	doc_heading(d, 2, "How this was measured");
	doc_para_begin(d, NULL);
	doc_raw(d, a->text);
	if (a->like != NULL) {
		doc_code(d, a->like);
		doc_raw(d, ".");
	}
	doc_para_end(d);
	doc_list_begin(d);
	for (i = 0; i < a->nfindings; i++) {
		doc_item_begin(d, NULL);
		doc_text(d, a->findings[i]);
		doc_item_end(d);
	}
	doc_list_end(d);
	doc_para(d, "meta", "Why each cell was chosen: the reason column of results.csv and "
	    "report.xlsx, and \"reason\" in results.json.");
}

/* The peaks against the provisioned caps (--expect, --profile), when there are any. */
static void
report_doc_expect(struct doc *d, const struct report_ctx *ctx)
{
	const struct view_docs *docs = ctx->view->docs;
	const struct expect *e = docs->head.expect;
	const struct view_table *v = &ctx->view->findings;
	char caps[160], a[32];
	unsigned m;

	if (!e->set)
		return;
	doc_heading(d, 2, "Against the provisioned limits");
	doc_para_begin(d, NULL);
	doc_strong(d, "Caps:");
	doc_raw(d, " ");
	doc_text(d, view_summary_caps(e, caps, sizeof caps));
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
	for (m = 0; m < v->nrows; m++) {
		const struct view_cell *vc = view_table_cell(v, m, FIND_EXPECT);
		enum expect_verdict x = docs->wl[m].verdict;

		doc_item_begin(d, view_verdict_class(x));
		doc_strong(d, v->rows[m].label);
		doc_raw(d, ": ");
		doc_text(d, vc->text);
		if (view_verdict_mark(x)[0] != '\0') {
			doc_raw(d, " ");
			doc_text(d, view_verdict_mark(x));
		}
		doc_item_end(d);
	}
	doc_list_end(d);
	if (docs->notes.below_advice != NULL)
		doc_para_text(d, NULL, docs->notes.below_advice);
}

/*
 * How the cells ended (steady state), how steady they were (stability),
 * then burst detection: cells whose series dropped and stayed down.
 */
static void
report_doc_bursts(struct doc *d, const struct report_ctx *ctx)
{
	const struct view_notes *n = &ctx->view->docs->notes;
	struct report_table t;

	if (n->steady != NULL)
		doc_para_text(d, NULL, n->steady);
	doc_para_text(d, n->counts.nunsteady > 0 ? "fail" : NULL, n->stability);
	doc_para_text(d, NULL, n->burst);
	if (ctx->view->bursts.nrows == 0)
		return;
	report_table_view(&ctx->view->bursts, -1, 0, &t);
	doc_table(d, &t);
	report_table_free(&t);
}

/*
 * --retry-unstable: every re-run cell, which attempt its figures are and
 * why, and what the other attempts were (view-retry.c).  Nothing when no
 * cell was re-run.
 */
static void
report_doc_retries(struct doc *d, const struct report_ctx *ctx)
{
	const struct view_retry *v = &ctx->view->docs->retry;
	unsigned i;

	if (v->none != NULL)
		doc_para(d, NULL, v->none);
	if (v->text == NULL)
		return;
	doc_heading(d, 2, "Retried cells");
	doc_para(d, v->unsteady ? "fail" : NULL, v->text);
	doc_list_begin(d);
	for (i = 0; i < v->ncells; i++) {
		doc_item_begin(d, NULL);
		doc_raw(d, v->cells[i].name);
		doc_raw(d, ": ");
		doc_text(d, v->cells[i].note);
		doc_item_end(d);
	}
	doc_list_end(d);
}

/*
 * --rounds-until-steady: whether (and at which round) steady state was
 * reached, then the tracking variable (each tracking cell's IOPS) per
 * round, with the window's mean, excursion and slope.
 */
static void
report_doc_rounds_steady(struct doc *d, const struct report_ctx *ctx)
{
	const struct view_rounds_verdict *v = &ctx->view->docs->rounds;
	struct report_table t;

	if (!v->on)
		return;
	doc_heading(d, 2, "Rounds until steady");
	doc_para(d, v->reached ? NULL : "fail", v->text);
	report_table_view(&ctx->view->rounds, -1, 0, &t);
	doc_table(d, &t);
	report_table_free(&t);
}

/*
 * What the BW = IOPS x bs check compared, after "cells pass": the device
 * leg only when some cell has the device's counters (an import has none),
 * a table's own bandwidth for measured; as a clause when compact, else as
 * a sentence.
 */
static void
report_doc_check_rule(struct doc *d, const struct view_counts *c)
{
	bool table = c->table, dev = c->device;
	const char *measured = table ? "the table's bandwidth" : "measured (bytes / time)";

	if (d->ops->compact)
		doc_printf(d, ": %s within %.0f%% of %s", table ? "IOPS x bs" : "derived (IOPS x bs)",
		    BW_CHECK_DERIVED_TOL * 100, measured);
	else {
		doc_para_end(d);
		doc_para_begin(d, NULL);
		doc_printf(d, "%s must be within %.0f%% of %s", table ? "IOPS x bs" :
		    "Derived (IOPS x bs)", BW_CHECK_DERIVED_TOL * 100, measured);
	}
	if (dev)
		doc_printf(d, ", and device (block-layer counters) within %.0f%% of measured",
		    BW_CHECK_DEVICE_TOL * 100);
	doc_raw(d, ".");
}

/*
 * How many cells pass the BW = IOPS x bs check, the rule and the count of
 * mismatches: one paragraph when compact, else one each.  A table's rows
 * that give one of the two figures are not checked, and say so.
 */
static void
report_doc_check_count(struct doc *d, const struct view_counts *c)
{
	unsigned checked = c->checked, pass = c->pass, unchecked = c->unchecked;
	char text[64];

	if (checked == 0 && unchecked > 0) {
		doc_para_begin(d, NULL);
		doc_strong(d, "Not checked");
		doc_printf(d, ": the table gives IOPS or bandwidth in each row, not both, so "
		    "BW = IOPS x bs cannot be checked.");
		doc_para_end(d);
		return;
	}
	snprintf(text, sizeof text, "%u of %u cells pass", pass, checked);
	doc_para_begin(d, c->nmismatch > 0 ? "fail" : "pass");
	doc_strong(d, text);
	report_doc_check_rule(d, c);
	if (unchecked > 0)
		doc_printf(d, " %u cell%s not checked: %s row%s give%s IOPS or bandwidth, not both.",
		    unchecked, unchecked == 1 ? "" : "s", unchecked == 1 ? "its" : "their",
		    unchecked == 1 ? "" : "s", unchecked == 1 ? "s" : "");
	doc_para_end(d);
	if (c->nunsteady > 0) {
		doc_para_begin(d, "fail");
		doc_printf(d, "The check is of the accounting only: %u of these cells %s not steady "
		    "(see the Stability column).", c->nunsteady, c->nunsteady == 1 ? "is" : "are");
		doc_para_end(d);
	}
	/* last, right above the table of mismatches it introduces */
	if (c->nmismatch > 0) {
		doc_para_begin(d, NULL);
		doc_printf(d, "%u mismatch%s", c->nmismatch, c->nmismatch == 1 ? "" : "es");
		if (d->ops->compact)
			doc_raw(d, " " REPORT_MISMATCH_MARK);
		doc_raw(d, ", with the likely cause:");
		doc_para_end(d);
	}
}

/* The BW = IOPS x bs checks: the count, every mismatch, failed cells, warnings. */
static void
report_doc_checks(struct doc *d, const struct report_ctx *ctx)
{
	const struct view_counts *c = &ctx->view->docs->notes.counts;
	const struct view_header *h = &ctx->view->docs->head;
	struct report_table t;
	unsigned i;

	doc_heading(d, 2, "BW = IOPS x bs checks");
	report_doc_check_count(d, c);
	if (c->nmismatch > 0) {
		report_table_view(&ctx->view->mismatches, -1, 0, &t);
		doc_table(d, &t);
		report_table_free(&t);
	}
	if (c->nfailed + c->nskipped > 0) {
		doc_para_begin(d, NULL);
		doc_printf(d, "%u cell%s failed, %u skipped:", c->nfailed,
		    c->nfailed == 1 ? "" : "s", c->nskipped);
		doc_para_end(d);
		report_table_view(&ctx->view->problems, -1, 0, &t);
		doc_table(d, &t);
		report_table_free(&t);
	}
	for (i = 0; i < h->nwarnings; i++)
		doc_note(d, "Warning:", h->warnings[i]);
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
 * What a chart shows and how to read it, by its stem and whether the run
 * is a large one (report_big()); NULL for none.
 */
static const char *
report_doc_caption(const char *stem, bool big)
{
	static const struct {
		const char	*stem, *caption;
		bool		 big;	/* a large run's alone */
	} captions[] = {
		{ .stem = "card",
		  .caption = "The bottom line: each mode's level against the provisioned caps (of "
		    "the profile or --expect; without them, its plateau or peak), its QD1 4K p99, "
		    "the verdict in its colour and the cells it rests on, then the diagnosis." },
		{ .stem = "scorecard",
		  .caption = "MB/s and IOPS of the four CrystalDiskMark tiles, read and write, "
		    "with p99 latency on the 4K tiles; where the run did not measure a tile's own "
		    "cell, the nearest it did stands in, dashed and named (\"Q32 for Q8\"), and "
		    "with none near the tile says so." },
		{ .stem = "hold",
		  .caption = "Each second of the hold against the reference (dashed: the "
		    "provisioned rate, or the level held without a profile) and the line a second "
		    "must reach to count as within (dotted: 90% of it); shaded, with red points: "
		    "the dips, seconds below 90% of the level held around them; a red dashed "
		    "line: a step down that lasted (a burst bucket running out)." },
		{ .stem = "roofline",
		  .caption = "Each mode's best IOPS at each block size, of every queue depth and job "
		    "count. Solid lines: the caps the summary states, IOPS flat, bandwidth the "
		    "diagonal (IOPS = MiB/s / block size), the knee where they meet; dashed grey: "
		    "the provisioned caps (--profile, --expect). Hollow: a cell with a caveat." },
		{ .stem = "iops",
		  .caption = "Colour: mode (the same in every chart); dash and marker, or a bar's "
		    "fill: queue depth. Grey lines (--expect, --profile): the provisioned caps." },
		{ .stem = "bw",
		  .caption = "MiB/s (the tables have MB/s too). Colour: mode; dash and marker, or "
		    "a bar's fill: queue depth." },
		{ .stem = "latency",
		  .caption = "Colour: mode; dash and marker, or a bar's fill: queue depth. A point "
		    "is the p99, its whisker runs from the p50 to the p99.9 (a large run: each "
		    "mode's lowest depth only); bars: p99, with the p50 as a dot. Hollow: a cell "
		    "with a caveat." },
		{ .stem = "saturation",
		  .caption = "IOPS against queue depth, a line per mode and block size; the circle "
		    "marks each mode's saturating depth (the smallest within 5% of its best)." },
		{ .stem = "latency-curve",
		  .caption = "p99 (solid) and p50 (dashed) latency against IOPS, a point per queue "
		    "depth: where the curve turns up, more depth buys only latency." },
		{ .stem = "throttle",
		  .caption = "IOPS of each second of the cells at a mode's IOPS cap, against the "
		    "cap: a throttle holds them flat on it, a token bucket running out drops them "
		    "to a lower level. Dashed, right axis: each cell's p99 over its whole window "
		    "(results.json keeps no per-second latency)." },
		{ .stem = "latency-cdf",
		  .caption = "The latency distribution of each queue depth, from the percentiles "
		    "stored of each cell (min, p50, p90, p99, p99.9, p99.99, max) on a scale of "
		    "nines: a curve steep to the p50 and then flat far to the right is the \"two "
		    "populations\" the summary names, most I/Os fast and a few far slower." },
		{ .stem = "jobs-", .big = true,
		  .caption = "The mode's best IOPS at each block size (rows) over every queue "
		    "depth, by job count (columns), as in the \"Queue depth x jobs\" table; the "
		    "depth of each is in brackets. A run this large has too many depths for a row "
		    "each: results.csv and report.xlsx have every cell. Darker is more IOPS (a log "
		    "colour scale when they span more than 10x); a blank square has no figure; a "
		    "mark after a figure is a caveat, explained under the chart; an arrow, a square "
		    "with a caveat beyond the colour scale (kept out of it)." },
		{ .stem = "jobs-",
		  .caption = "The mode's IOPS by block size and queue depth (rows) and job count "
		    "(columns), as in the \"Queue depth x jobs\" table: darker is more IOPS (a log "
		    "colour scale when they span more than 10x); a blank square has no figure (not measured, "
		    "or the cell failed); a mark after a figure is a caveat, explained under the chart; an "
		    "arrow, a square with a caveat beyond the colour scale (kept out of it)." },
		{ .stem = "series-",
		  .caption = "IOPS per second of every cell of the mode, side by side in run "
		    "order; dash and marker: queue depth." },
		{ .stem = "compare-ratio",
		  .caption = "Each run's best IOPS over the first run's at each block size, a "
		    "panel per mode: a bar up from the 1.0 line where the run has more, down where "
		    "it has fewer (the MiB/s ratio is the same); the verdicts above are told from "
		    "these ratios." },
		{ .stem = "load",
		  .caption = "Open-loop cells (--rate): p99 (solid), p50 (dashed) and p99.9 "
		    "(dotted) latency, timed from when each I/O was due, against the IOPS each "
		    "rate achieved; colour: workload; the dashed vertical line is its cap, the "
		    "best IOPS of its closed-loop cells. Where the lines turn up the volume "
		    "queues; past the cap the latency is the backlog's." },
		{ .stem = "compare-heat-",
		  .caption = "Each run's IOPS over the first run's at every block size and queue "
		    "depth the runs share (the MiB/s ratio is the same): blue where the run has "
		    "more, red where it has fewer, white within 5% (a tie); a blank square is a cell "
		    "a run lacks; a mark after a ratio is a caveat of either cell; an arrow, a ratio "
		    "with a caveat beyond the colour scale (kept out of it)." },
		{ .stem = "compare-",
		  .caption = "Colour: mode (the same in every chart); dash: run; marker: queue "
		    "depth." },
	};
	size_t i;

	for (i = 0; i < sizeof captions / sizeof captions[0]; i++)
		if ((big || !captions[i].big) && captions[i].stem[strlen(captions[i].stem) - 1] == '-' ?
		    strncmp(stem, captions[i].stem, strlen(captions[i].stem)) == 0 :
		    strcmp(stem, captions[i].stem) == 0)
			return captions[i].caption;
	return NULL;
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
			if (!report_doc_in_summary(rc, charts, n, i))	/* else in the Summary */
				report_doc_chart(d, rc, charts, i, shown);
}

/* When there are more modes (read shares) with a per-second series than series charts: how many. */
static void
report_doc_series_left_out(struct doc *d, const struct report_ctx *ctx,
    const struct report_chart *charts, unsigned n)
{
	unsigned m, want = 0, drawn = 0, i;

	for (m = 0; m < ctx->view->docs->nwl; m++)
		want += ctx->view->docs->wl[m].ntimed > 0;
	for (i = 0; i < n; i++)
		drawn += strncmp(charts[i].stem, "series-", 7) == 0;
	if (drawn >= want)
		return;
	doc_para_begin(d, "note");
	doc_printf(d, "Per-second charts of %u more modes are not drawn (at most %u charts in a "
	    "report); results.json has every cell's series.", want - drawn, REPORT_CHARTS_MAX);
	doc_para_end(d);
}

/*
 * One metric as a table per mode: block size rows by queue depth columns.
 * HTML lays the tables side by side under the mode's name; Markdown's
 * follow each other, each named with its mode and metric.
 */
static void
report_doc_pivots(struct doc *d, const struct report_ctx *ctx, enum view_metric metric,
    const char *heading)
{
	const struct view_docs *docs = ctx->view->docs;
	unsigned m, marks = docs->notes.counts.caveats & (VIEW_BUFFERED | VIEW_CLONES);
	char legend[VIEW_LEGEND_LEN];

	doc_heading(d, 2, heading);
	doc_para_begin(d, NULL);
	if (ctx->view->big)
		doc_printf(d, "Block size (rows): at each, the best of its cells (Cells: how many) "
		    "over every queue depth and job count, and where it is (At); %s cells are too "
		    "many for a column per queue depth, and results.csv and report.xlsx have every "
		    "cell", view_num(docs->notes.counts.ndone, 0, (char[32]){ 0 }, 32));
	else
		doc_raw(d, "Block size (rows) by queue depth (columns)");
	if (docs->notes.counts.nmismatch > 0) {
		doc_raw(d, "; " REPORT_MISMATCH_MARK);
		doc_raw(d, d->ops->compact ? " marks a failed BW check" :
		    " and red mark a failed BW check (hover for the reason)");
	}
	if (marks != 0) {
		doc_raw(d, "; ");
		doc_text(d, view_caveat_legend(marks, legend, sizeof legend));
	}
	doc_raw(d, ".");
	doc_para_end(d);
	doc_group_begin(d, "pivots");
	for (m = 0; m < docs->nwl; m++) {
		struct report_table t;

		if (docs->wl[m].ncells == 0)
			continue;
		report_table_view(&ctx->view->pivot[metric], (int)m, 0, &t);
		doc_group_begin(d, NULL);
		doc_heading(d, 3, d->ops->compact ? t.title : docs->wl[m].name);
		doc_table(d, &t);
		doc_group_end(d);
		report_table_free(&t);
	}
	doc_group_end(d);
}

/*
 * The sections every format shows as they are (view-build.c): a heading
 * and a table each, after the table's note when it has one.
 */
static void
report_doc_sections(struct doc *d, const struct report_ctx *ctx)
{
	struct report_table t;
	unsigned i;

	for (i = 0; i < ctx->view->nsections; i++) {
		doc_heading(d, 2, ctx->view->headings[i]);
		if (ctx->view->sections[i].note != NULL)
			doc_para(d, "note", ctx->view->sections[i].note);
		report_table_view(&ctx->view->sections[i], -1, 0, &t);
		doc_table(d, &t);
		report_table_free(&t);
	}
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
	report_table_view(&ctx->view->run, -1, 0, &t);
	doc_table(d, &t);
	report_table_free(&t);
	doc_para(d, "meta", "Figures from results.json; results.csv and report.xlsx have every "
	    "figure of every cell.");
}

/* The charts the chart writer makes (view.chart's list), to name and embed them. */
static unsigned
report_doc_chart_list(const struct report_ctx *ctx, struct report_chart *charts)
{
	const struct view_chart *vc = ctx->view->chart;
	unsigned i, n = vc->nentries < REPORT_CHARTS_MAX ? vc->nentries : REPORT_CHARTS_MAX;

	for (i = 0; i < n; i++) {
		snprintf(charts[i].stem, sizeof charts[i].stem, "%.47s", vc->entry[i].stem);
		snprintf(charts[i].title, sizeof charts[i].title, "%.95s", vc->entry[i].title);
		charts[i].wl = vc->entry[i].wl;
	}
	return n;
}

/* Write DIR/file in the format of ops, whole or not at all. */
static int
report_doc_write(struct report_ctx *ctx, const struct doc_ops *ops, const char *file)
{
	struct report_chart charts[REPORT_CHARTS_MAX];
	unsigned ncharts = report_doc_chart_list(ctx, charts);
	struct doc d;
	char *path;
	int err = doc_open(&d, ops);

	if (err != 0)
		return err;
	report_doc_header(&d, &ctx->view->docs->head);
	report_card_doc(&d, ctx);
	report_doc_unwritten_banner(&d, ctx);
	report_doc_stability_banner(&d, ctx);
	report_doc_verdict(&d, ctx);
	report_doc_summary(&d, ctx, charts, ncharts);
	report_doc_hold(&d, ctx);
	report_doc_expect(&d, ctx);
	report_doc_measured(&d, ctx);
	report_doc_bursts(&d, ctx);
	report_doc_retries(&d, ctx);
	report_doc_rounds_steady(&d, ctx);
	report_doc_checks(&d, ctx);
	report_doc_charts(&d, ctx, charts, ncharts, "No cell has figures to chart.", true);
	report_doc_series_left_out(&d, ctx, charts, ncharts);
	report_doc_pivots(&d, ctx, METRIC_IOPS, "IOPS");
	report_doc_pivots(&d, ctx, METRIC_MIB_S, "Throughput (MiB/s)");
	if (!ops->compact)
		report_doc_pivots(&d, ctx, METRIC_MB_S, "Throughput (MB/s)");
	report_doc_pivots(&d, ctx, METRIC_P99_US, "p99 latency (us)");
	report_doc_sections(&d, ctx);
	report_doc_run(&d, ctx);
	report_ticket_doc(&d, ctx);
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
