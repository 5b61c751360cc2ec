/*
 * A --hold run in words and tables: the share of seconds within 10% of
 * the reference against the profile's promise, the dips, the worst
 * minute, a step down (a burst bucket running out), each whole hour's
 * total, p99 per minute, and what the hold chart draws.  The figures are
 * analysis-hold.c's; report-hold.c draws this view in report.md, .html
 * and .xlsx and as hold.png.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "base/util.h"
#include "view/palette.h"
#include "view/view.h"

/* Second s of the window as the reader counts from the start: "4:55", "1:02:05". */
const char *
view_hold_clock(unsigned s, char *buf, size_t len)
{
	if (s >= 3600)
		snprintf(buf, len, "%u:%02u:%02u", s / 3600, s / 60 % 60, s % 60);
	else
		snprintf(buf, len, "%u:%02u", s / 60, s % 60);
	return buf;
}

/* A figure of the hold's metric with its unit: "3,000 IOPS", "250 MiB/s". */
static const char *
hold_fig(const struct view_hold *vh, double v, char *buf, size_t len)
{
	char n[32];

	snprintf(buf, len, "%s %s", view_num(v / vh->div, vh->div > 1 ? 1 : 0, n, sizeof n),
	    vh->unit);
	return buf;
}

/* A share with one decimal: "91.7%", "100%". */
static const char *
hold_share(double pct, char *buf, size_t len)
{
	if (pct >= 99.95 && pct < 100)
		snprintf(buf, len, "%.2f%%", pct);
	else if (fabs(pct - round(pct)) < 0.05)
		snprintf(buf, len, "%.0f%%", pct);
	else
		snprintf(buf, len, "%.1f%%", pct);
	return buf;
}

/* What the seconds are judged against: "the provisioned 3,000 IOPS", "the level held (...)". */
static char *
hold_ref_text(const struct view_hold *vh, const struct hold *h)
{
	char a[48];

	if (h->ref_kind == HOLD_REF_PROVISIONED)
		return xasprintf("the provisioned %s", hold_fig(vh, h->ref, a, sizeof a));
	return xasprintf("the level held (%s, the median second%s)", hold_fig(vh, h->ref, a,
	    sizeof a), h->step.kind == BURST_CLIFF ? " after the step" : "");
}

/*
 * "Within 10% of the provisioned 3,000 IOPS in 91.7% of seconds (550 of
 * 600) against a promise of 99.9% of the time: below it."
 */
static char *
hold_verdict(const struct view_hold *vh, const struct hold *h, const struct expect *e)
{
	char *ref = hold_ref_text(vh, h), *out, share[16], of[32], dur[32];
	double off = 100 - h->level_pct;

	duration_human((uint64_t)h->nsec * NSEC_PER_SEC, dur, sizeof dur);
	snprintf(of, sizeof of, "%g%%", off);
	if (h->promise_pct > 0)
		out = xasprintf("Within %s of %s in %s of seconds (%s of %s, over %s) against a "
		    "promise of %g%% of the time: %s.", of, ref, hold_share(h->within_pct, share,
		    sizeof share), view_num(h->nwithin, 0, (char[32]){ 0 }, 32), view_num(h->nsec, 0,
		    (char[32]){ 0 }, 32), dur, h->promise_pct, h->meets ? "meets it" : "below it");
	else
		out = xasprintf("Within %s of %s in %s of seconds (%s of %s, over %s); %s.", of, ref,
		    hold_share(h->within_pct, share, sizeof share), view_num(h->nwithin, 0,
		    (char[32]){ 0 }, 32), view_num(h->nsec, 0, (char[32]){ 0 }, 32), dur, e->set ?
		    "the profile states no promise "
		    "over time to judge it against" : "no promise to judge it against (--profile "
		    "gives one: aws-io2, aws-gp3, ...)");
	free(ref);
	return out;
}

/* The vendor's words: 'AWS (aws-io2): "io1 and io2 volumes ..." URL'. */
static char *
hold_promise_text(const struct expect *e, const struct hold *h)
{
	const struct promise *p = &e->promise;
	char dur[32];

	if (p->share_pct <= 0)
		return NULL;
	duration_human((uint64_t)h->nsec * NSEC_PER_SEC, dur, sizeof dur);
	return xasprintf("The promise (%s): \"%s\"%s%s%s It holds over %s; this run measured "
	    "%s of it.", e->profile[0] ? e->profile : "the profile", p->quote[0] ? p->quote :
	    "(no quote given)", p->url[0] ? " (" : "", p->url, p->url[0] ? ")." : "",
	    p->window[0] ? p->window : "the time it names", dur);
}

/* The dips in one sentence: how many, their seconds, the longest and the deepest. */
static char *
hold_dips_text(const struct view_hold *vh, const struct hold *h)
{
	unsigned i, longest = 0, deepest = 0;
	char a[48], b[16], c[16], d[16];

	if (h->ndips == 0)
		return xasprintf("No dips: no second below %g%% of the level held around it.",
		    HOLD_DIP_PCT);
	for (i = 1; i < h->ndips; i++) {
		if (h->dips[i].len_s > h->dips[longest].len_s)
			longest = i;
		if (h->dips[i].low / h->dips[i].level < h->dips[deepest].low / h->dips[deepest].level)
			deepest = i;
	}
	return xasprintf("%u dip%s below %g%% of the level held around %s, %u s in all: the "
	    "longest %u s at %s, the deepest to %s (%s of the level) at %s.", h->ndips,
	    h->ndips == 1 ? "" : "s", HOLD_DIP_PCT, h->ndips == 1 ? "it" : "them", h->dip_s,
	    h->dips[longest].len_s, view_hold_clock(h->dips[longest].start_s, b, sizeof b),
	    hold_fig(vh, h->dips[deepest].low, a, sizeof a), view_pct(100 * h->dips[deepest].low /
	    h->dips[deepest].level, false, c, sizeof c), view_hold_clock(h->dips[deepest].start_s,
	    d, sizeof d));
}

/* "The worst minute: 4:00 to 5:00, 2,763 IOPS a second on average (92% of ...), p99 3.1 ms." */
static char *
hold_worst_text(const struct view_hold *vh, const struct hold *h)
{
	const struct hold_minute *m;
	char a[48], b[16], c[16], d[16], p99[48] = "";

	if (h->worst < 0 || h->nminutes < 2)
		return NULL;
	m = &h->minutes[h->worst];
	if (m->p99_ns > 0)
		snprintf(p99, sizeof p99, ", p99 %s ms", view_num((double)m->p99_ns / 1e6, 1,
		    (char[32]){ 0 }, 32));
	if (!(h->ref > 0))
		return NULL;
	return xasprintf("The worst minute: %s to %s, %s a second on average (%s of the "
	    "reference), its lowest second %s%s.", view_hold_clock((unsigned)h->worst * 60, b,
	    sizeof b), view_hold_clock((unsigned)h->worst * 60 + m->nsec, c, sizeof c),
	    hold_fig(vh, m->mean, a, sizeof a), view_pct(100 * m->mean / h->ref, false, d,
	    sizeof d), hold_fig(vh, m->low, (char[48]){ 0 }, 48), p99);
}

/* A step down that lasted: the burst bucket running out, named as such. */
static char *
hold_step_text(const struct view_hold *vh, const struct hold *h)
{
	char a[48], b[48], at[16], pct[16];

	if (h->step.kind != BURST_CLIFF)
		return NULL;
	hold_fig(vh, h->step.before_iops, a, sizeof a);
	hold_fig(vh, h->step.after_iops, b, sizeof b);
	view_hold_clock(h->step.at_s, at, sizeof at);
	view_pct(-100 * h->step.drop, true, pct, sizeof pct);
	if (h->step_burst)
		return xasprintf("The burst bucket ran out at %s: a step from %s to %s (%s) that "
		    "lasted to the end, not a dip; the seconds after it are judged against the "
		    "level after it.", at, a, b, pct);
	return xasprintf("A step down at %s from %s to %s (%s) that lasted to the end: a "
	    "sustained change of level, as a burst bucket running out shows, not a dip; the "
	    "seconds after it are judged against the level after it.", at, a, b, pct);
}

/* Each whole hour's total against hourly_pct of the expected; NULL under an hour. */
static char *
hold_hours_text(const struct view_hold *vh, const struct hold *h)
{
	char *out = NULL, a[48], pct[16];
	size_t len = 0;
	unsigned k, met = 0, low = 0;

	if (h->nhours == 0)
		return NULL;
	for (k = 0; k < h->nhours; k++) {
		met += h->hours[k].met;
		if (h->hours[k].pct < h->hours[low].pct)
			low = k;
	}
	str_appendf(&out, &len, "%s total against %g%% of the expected (%s x 3,600 s%s): ",
	    h->nhours == 1 ? "The hour's" : "Each hour's", h->hourly_pct, hold_fig(vh, h->ref, a,
	    sizeof a), h->hourly_published ? ", the promise's hourly target" : "; AWS's hourly "
	    "target for st1 and sc1, as a yardstick");
	if (h->nhours == 1)
		str_appendf(&out, &len, "%s, %s.", hold_share(h->hours[0].pct, pct, sizeof pct),
		    h->hours[0].met ? "meets it" : "below it");
	else
		str_appendf(&out, &len, "%u of %u hours at or above it; the lowest, hour %u, at %s.",
		    met, h->nhours, low + 1, hold_share(h->hours[low].pct, pct, sizeof pct));
	return out;
}

/* The dips table: the first VIEW_HOLD_DIPS_LISTED, and how many more. */
static void
hold_dips_table(struct view_hold *vh, const struct hold *h)
{
	struct view_table *t = &vh->dips;
	unsigned i, row;
	char at[16];

	view_table_init(t, "Dips", 4);
	str_copy(t->row_head, sizeof t->row_head, "Starts at");
	view_table_col(t, 0, "Length (s)", "Length (s)", "s", 0, -1);
	t->cols[0].flags |= VIEW_COL_COUNT;
	view_table_col(t, 1, vh->bw ? "Lowest (MiB/s)" : "Lowest (IOPS)", vh->bw ?
	    "Lowest second (MiB/s)" : "Lowest second (IOPS)", vh->unit, vh->bw ? 1 : 0, -1);
	view_table_col(t, 2, "Level", vh->bw ? "Level held around it (MiB/s)" :
	    "Level held around it (IOPS)", vh->unit, vh->bw ? 1 : 0, -1);
	view_table_col(t, 3, "Lowest (% of level)", "Lowest (% of the level)", "%", 0, -1);
	for (i = 0; i < h->ndips && i < VIEW_HOLD_DIPS_LISTED; i++) {
		row = view_table_add_row(t, view_hold_clock(h->dips[i].start_s, at, sizeof at),
		    h->dips[i].start_s);
		view_cell_number(t, row, 0, h->dips[i].len_s, -1);
		view_cell_number(t, row, 1, h->dips[i].low / vh->div, -1);
		view_cell_number(t, row, 2, h->dips[i].level / vh->div, -1);
		view_cell_number(t, row, 3, 100 * h->dips[i].low / h->dips[i].level, -1);
	}
	if (h->ndips > VIEW_HOLD_DIPS_LISTED)
		t->note = xasprintf("The first %u dips of %u; results.json has every second "
		    "(series.ios).", VIEW_HOLD_DIPS_LISTED, h->ndips);
}

/* Which minutes the table lists: all up to VIEW_HOLD_MINUTES_LISTED, else the lowest. */
static bool *
hold_minutes_listed(const struct hold *h)
{
	bool *on = xcalloc(h->nminutes ? h->nminutes : 1, sizeof *on);
	unsigned m, k, n = 0;

	if (h->nminutes <= VIEW_HOLD_MINUTES_LISTED) {
		for (m = 0; m < h->nminutes; m++)
			on[m] = true;
		return on;
	}
	/* the VIEW_HOLD_MINUTES_LISTED lowest means, picked one at a time */
	for (k = 0; k < VIEW_HOLD_MINUTES_LISTED; k++) {
		int best = -1;

		for (m = 0; m < h->nminutes; m++)
			if (!on[m] && (best < 0 || h->minutes[m].mean < h->minutes[best].mean))
				best = (int)m;
		on[best] = true;
		n++;
	}
	return on;
}

/* The minutes table: mean, lowest second, share of the reference, p99. */
static void
hold_minutes_table(struct view_hold *vh, const struct hold *h)
{
	struct view_table *t = &vh->minutes;
	bool *on = hold_minutes_listed(h);
	unsigned m, row;
	char at[16];

	view_table_init(t, "Minute by minute", 4);
	str_copy(t->row_head, sizeof t->row_head, "Minute from");
	view_table_col(t, 0, vh->bw ? "MiB/s" : "IOPS", vh->bw ? "Mean (MiB/s)" : "Mean (IOPS)",
	    vh->unit, vh->bw ? 1 : 0, -1);
	view_table_col(t, 1, "Lowest second", vh->bw ? "Lowest second (MiB/s)" :
	    "Lowest second (IOPS)", vh->unit, vh->bw ? 1 : 0, -1);
	view_table_col(t, 2, "% of reference", "Mean (% of the reference)", "%", 1, -1);
	view_table_col(t, 3, "p99 (ms)", "p99 latency (ms)", "ms", 2, -1);
	for (m = 0; m < h->nminutes; m++) {
		const struct hold_minute *mi = &h->minutes[m];

		if (!on[m])
			continue;
		row = view_table_add_row(t, view_hold_clock(m * 60, at, sizeof at), m);
		view_cell_number(t, row, 0, mi->mean / vh->div, -1);
		view_cell_number(t, row, 1, mi->low / vh->div, -1);
		if (h->ref > 0)
			view_cell_number(t, row, 2, 100 * mi->mean / h->ref, -1);
		if (mi->p99_ns > 0)
			view_cell_number(t, row, 3, (double)mi->p99_ns / 1e6, -1);
	}
	t->all_rows = true;
	if (h->nminutes > VIEW_HOLD_MINUTES_LISTED)
		t->note = xasprintf("The %u lowest minutes of %u, in time order; results.json has "
		    "every second and every minute's p99 (series.p99_minute_ns).",
		    VIEW_HOLD_MINUTES_LISTED, h->nminutes);
	free(on);
}

/* What the chart draws: the seconds in the unit, the reference, the line, dips and step. */
static void
hold_chart(struct view_hold *vh, const struct hold *h, const struct cell_result *r)
{
	const uint64_t *v = vh->bw ? r->series_bytes : r->series_ios;
	unsigned s;

	vh->nsec = h->nsec;
	vh->v = xcalloc(h->nsec ? h->nsec : 1, sizeof *vh->v);
	for (s = 0; s < h->nsec; s++)
		vh->v[s] = (double)v[s] / vh->div;
	vh->ref = h->ref / vh->div;
	vh->line = h->ref * h->level_pct / 100 / vh->div;
	vh->ndips = h->ndips;
	vh->dip_at = xcalloc(h->ndips ? h->ndips : 1, sizeof *vh->dip_at);
	vh->dip_len = xcalloc(h->ndips ? h->ndips : 1, sizeof *vh->dip_len);
	for (s = 0; s < h->ndips; s++) {
		vh->dip_at[s] = h->dips[s].start_s;
		vh->dip_len[s] = h->dips[s].len_s;
	}
	vh->step = h->step.kind == BURST_CLIFF;
	vh->step_at = h->step.at_s;
	vh->step_burst = h->step_burst;
	vh->provisioned = h->ref_kind == HOLD_REF_PROVISIONED;
	vh->level_pct = h->level_pct;
}

/* The view of res's hold; vh->on false when res is no hold.  view_hold_free frees it. */
void
view_hold_build(const struct results *res, struct view_hold *vh)
{
	struct hold h;

	memset(vh, 0, sizeof *vh);
	if (!analysis_hold(res, &h)) {
		analysis_hold_free(&h);
		return;
	}
	vh->on = true;
	vh->bw = h.bw;
	vh->unit = h.bw ? "MiB/s" : "IOPS";
	vh->div = h.bw ? (double)MIB : 1;
	vh->verdict = hold_verdict(vh, &h, &res->expect);
	vh->below = h.promise_pct > 0 && !h.meets;
	vh->color = palette_mode_color(res->cells[h.cell].cell.mode);
	vh->promise = hold_promise_text(&res->expect, &h);
	vh->step_text = hold_step_text(vh, &h);
	vh->dips_text = hold_dips_text(vh, &h);
	vh->worst = hold_worst_text(vh, &h);
	vh->hours = hold_hours_text(vh, &h);
	hold_dips_table(vh, &h);
	hold_minutes_table(vh, &h);
	hold_chart(vh, &h, &res->cells[h.cell]);
	analysis_hold_free(&h);
}

void
view_hold_free(struct view_hold *vh)
{
	if (vh == NULL || !vh->on)
		return;
	free(vh->verdict);
	free(vh->promise);
	free(vh->step_text);
	free(vh->dips_text);
	free(vh->worst);
	free(vh->hours);
	view_table_free(&vh->dips);
	view_table_free(&vh->minutes);
	free(vh->v);
	free(vh->dip_at);
	free(vh->dip_len);
	memset(vh, 0, sizeof *vh);
}

/* The hold chart first among the charts (its stem "hold"), when there is room. */
void
view_hold_chart_entry(const struct view_hold *vh, struct view_chart *vc)
{
	if (!vh->on || vc->nentries == 0)
		return;
	if (vc->nentries == VIEW_CHARTS_MAX)
		vc->nentries--;
	memmove(&vc->entry[1], &vc->entry[0], vc->nentries * sizeof vc->entry[0]);
	memset(&vc->entry[0], 0, sizeof vc->entry[0]);
	str_copy(vc->entry[0].stem, sizeof vc->entry[0].stem, "hold");
	snprintf(vc->entry[0].title, sizeof vc->entry[0].title, "%s per second held against "
	    "the %s", vh->unit, vh->provisioned ? "provisioned rate" : "level held");
	vc->nentries++;
}

/* The hold's verdict as a line of the run's conclusions on the terminal (*lines: NULL or text). */
void
view_hold_conclusion(const struct view_hold *vh, char **lines)
{
	char *joined;

	if (!vh->on)
		return;
	joined = xasprintf("%s  Held: %s\n", *lines != NULL ? *lines : "", vh->verdict);
	free(*lines);
	*lines = joined;
}
