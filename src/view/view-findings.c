/*
 * The findings view: per workload the sentences the reports list under
 * the summary, what its peaks reached against the provisioned caps
 * (marked when above them) and where its IOPS saturate with queue depth
 * (nothing when it has too few depths).  report.md and report.html list
 * them; report.xlsx writes the first as rows of its Summary sheet.
 *
 * And an --auto run's findings (results.json's "auto", figures and
 * states) in the words of report.md's "How this was measured" and of the
 * run's last lines on the terminal.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "analysis/analysis.h"
#include "base/util.h"

#include "view/view.h"

static const struct {
	const char	*header, *name;
} findings_cols[FIND_COLS] = {
	[FIND_EXPECT] = { .header = "Against the caps", .name = "Against the provisioned limits" },
	[FIND_SATURATION] = { .header = "Saturation", .name = "Saturation" },
};

/* A text cell of row, col. */
static struct view_cell *
findings_text(struct view_table *t, unsigned row, unsigned col, const char *text)
{
	struct view_cell *vc = view_table_cell(t, row, col);

	vc->kind = VIEW_TEXT;
	vc->text = xstrdup(text);
	return vc;
}

/* A row per workload; its caps' sentence with an expectation, its saturation when found. */
void
view_findings(const struct results *res, const struct summary *sum, struct view_table *t)
{
	unsigned c, m, row;

	view_table_init(t, "Findings", FIND_COLS);
	str_copy(t->row_head, sizeof t->row_head, "Mode");
	for (c = 0; c < FIND_COLS; c++) {
		view_table_col(t, c, findings_cols[c].header, findings_cols[c].name, NULL, 0, -1);
		t->cols[c].flags = VIEW_COL_WORDS | VIEW_COL_PROSE;
	}
	for (m = 0; m < sum->nmodes; m++) {
		const struct summary_mode *sm = &sum->modes[m];

		row = view_table_add_row(t, sm->name, m);
		if (res->expect.set && (sm->above_cap || sm->below_spec))
			view_cell_flag(findings_text(t, row, FIND_EXPECT, sm->expect_text),
			    VIEW_ABOVE_CAP, NULL);
		else if (res->expect.set)
			findings_text(t, row, FIND_EXPECT, sm->expect_text);
		if (sm->sat.found && sm->jobs_text[0] != '\0') {
			char *both = xasprintf("%s; %s", sm->sat.text, sm->jobs_text);

			findings_text(t, row, FIND_SATURATION, both);
			free(both);
		} else if (sm->sat.found || sm->jobs_text[0] != '\0')
			findings_text(t, row, FIND_SATURATION, sm->sat.found ? sm->sat.text :
			    sm->jobs_text);
	}
}

/* The sentences of an --auto run's findings, as they are built. */
struct auto_lines {
	char		**v;
	unsigned	 n, cap;
};

/* Add one sentence: the mode's name, ": ", then fmt. */
static void __attribute__((format(printf, 3, 4)))
auto_line(struct auto_lines *l, enum rw_mode mode, const char *fmt, ...)
{
	va_list ap;
	char *body;

	va_start(ap, fmt);
	if (vasprintf(&body, fmt, ap) < 0)
		body = NULL;
	va_end(ap);
	if (body == NULL)
		return;
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 16;
		l->v = xrealloc(l->v, l->cap * sizeof *l->v);
	}
	l->v[l->n++] = xasprintf("%s: %s", mode_name(mode), body);
	free(body);
}

/* A cap's value, its cells' range, and whether it is settled against target_pct. */
static void
auto_cap_line(struct auto_lines *l, const struct autoplan_record *a,
    const struct auto_mode_record *m, const struct auto_cap *c, bool bw)
{
	double unit = bw ? MIB : 1;
	int dp = bw ? 1 : 0;

	if (!c->stated)
		return;
	auto_line(l, m->mode, "%s cap %.*f %s (cells %.*f-%.*f over %u block size%s, range "
	    "%.1f%%): %s (target %u%%)", bw ? "bandwidth" : "IOPS", dp, c->value / unit,
	    bw ? "MiB/s" : "IOPS", dp, c->lo / unit, dp, c->hi / unit, c->nbs,
	    c->nbs == 1 && !c->settled ? "" : "s", 100 * (c->hi - c->lo) / c->value,
	    c->settled ? "settled" : "not settled", a->target_pct);
}

/* The knee, or what the cells show where a cap is not settled (the report's knee sentence). */
static void
auto_knee_line(struct auto_lines *l, const struct results *res, const struct auto_mode_record *m)
{
	struct knee k;
	char why[REPORT_KNEE_TEXT], a[32];

	switch (m->knee) {
	case AUTO_KNEE_FOUND:
		auto_line(l, m->mode, "knee at ~%s (bandwidth cap / IOPS cap)",
		    size_human(m->knee_bs, a, sizeof a));
		break;
	case AUTO_KNEE_IOPS_BOUND:
		auto_line(l, m->mode, "bandwidth cap not reached: IOPS-bound up to %s (not settled)",
		    size_human(m->bound_bs, a, sizeof a));
		break;
	case AUTO_KNEE_BW_BOUND:
		auto_line(l, m->mode, "IOPS cap not reached: bandwidth-bound down to %s (not "
		    "settled)", size_human(m->bound_bs, a, sizeof a));
		break;
	case AUTO_KNEE_UNSETTLED:
		analysis_caps_knee(res->cells, res->plan.ncells, m->mode, SUMMARY_NO_SHARE, &k);
		view_knee_text(&k, res->cells, SUMMARY_NO_SHARE, why, sizeof why);
		auto_line(l, m->mode, "caps not settled: %s", why);
		break;
	default:
		break;
	}
}

/* The depth search's next cell, as the cell's reason would name it. */
static const char *
auto_next_text(const struct auto_depth *d, char *buf, size_t len)
{
	if (d->next_qd == 1)
		snprintf(buf, len, "depth search QD1");
	else if (d->from_qd == 0)
		snprintf(buf, len, "depth search QD%u: QD1 is below the caps", d->next_qd);
	else
		snprintf(buf, len, "depth search %u\u2192%u", d->from_qd, d->next_qd);
	return buf;
}

/* Where IOPS saturate with depth at one size, or why that is not known. */
static void
auto_depth_line(struct auto_lines *l, const struct autoplan_record *a,
    const struct auto_mode_record *m, const struct auto_depth *d)
{
	char s[32], next[96];

	size_human(d->bs, s, sizeof s);
	switch (d->state) {
	case AUTO_DEPTH_QD1_ONLY:
		auto_line(l, m->mode, "saturating depth at %s: not searched (--depth gives QD1 "
		    "only)", s);
		break;
	case AUTO_DEPTH_OPEN:
		auto_line(l, m->mode, "saturating depth at %s: not settled (%s %s)", s,
		    a->like[0] != '\0' ? "not among the cells of --like:" :
		    "the budget ended before", auto_next_text(d, next, sizeof next));
		break;
	case AUTO_DEPTH_ON_CAP:
		auto_line(l, m->mode, "saturating depth at %s: QD1 (on the settled %s cap, within "
		    "%u%%: no depth does more)", s, d->on_iops ? "IOPS" : "bandwidth",
		    a->depth_gain_pct);
		break;
	case AUTO_DEPTH_SATURATED:
		auto_line(l, m->mode, "saturating depth at %s: QD%u (QD%u\u2192%u: %+.1f%% IOPS, "
		    "under %u%%)", s, d->qd, d->qd, d->next_qd, d->gain_pct, a->depth_gain_pct);
		break;
	case AUTO_DEPTH_NO_QD1:
		auto_line(l, m->mode, "saturating depth at %s: not measured (QD1 has no figures)", s);
		break;
	case AUTO_DEPTH_UNSTEADY:
		auto_line(l, m->mode, "saturating depth at %s: not settled (QD%u stayed %s over %u "
		    "run%s)", s, d->qd, d->stalled ? "stalled" : "noisy", d->runs,
		    d->runs > 1 ? "s" : "");
		break;
	case AUTO_DEPTH_NOT_REACHED:
		auto_line(l, m->mode, "saturating depth at %s: not reached by QD%u (the last "
		    "doubling gained %+.1f%% IOPS; give a higher --depth)", s, d->qd, d->gain_pct);
		break;
	default:
		break;
	}
}

/* A mode's findings: caps, knee, depth search, QD1 latency, what the budget left open. */
static void
auto_mode_lines(struct auto_lines *l, const struct results *res,
    const struct auto_mode_record *m)
{
	const struct autoplan_record *a = &res->autoplan;
	char s[32];
	unsigned i;

	auto_cap_line(l, a, m, &m->iops, false);
	auto_cap_line(l, a, m, &m->bw, true);
	auto_knee_line(l, res, m);
	for (i = 0; i < m->ndepth; i++)
		auto_depth_line(l, a, m, &m->depth[i]);
	size_human(m->qd1_bs, s, sizeof s);
	if (m->qd1_measured)
		auto_line(l, m->mode, "QD1 latency at %s: p50 %s, p99 %s (%.0f IOPS)", s,
		    view_lat_text((double)m->qd1_p50_ns / 1e3, (char[32]){ 0 }, 32),
		    view_lat_text((double)m->qd1_p99_ns / 1e3, (char[32]){ 0 }, 32), m->qd1_iops);
	else
		auto_line(l, m->mode, "QD1 latency at %s: not measured", s);
	if (m->open)
		auto_line(l, m->mode, "the budget ended before %s (bs %s, depth %u)",
		    m->open_reason, size_short(m->open_bs, s, sizeof s), m->open_depth);
}

char **
view_auto_findings(const struct results *res, unsigned *n)
{
	const struct autoplan_record *a = &res->autoplan;
	struct auto_lines l = { 0 };
	unsigned i;

	if (a->nlegacy > 0) {
		l.v = xcalloc(a->nlegacy, sizeof *l.v);
		for (l.n = 0; l.n < a->nlegacy; l.n++)
			l.v[l.n] = xstrdup(a->legacy[l.n]);
	} else
		for (i = 0; a->on && i < a->nmodes; i++)
			auto_mode_lines(&l, res, &a->modes[i]);
	*n = l.n;
	return l.v;
}

void
view_lines_free(char **lines, unsigned n)
{
	unsigned i;

	for (i = 0; i < n; i++)
		free(lines[i]);
	free(lines);
}
