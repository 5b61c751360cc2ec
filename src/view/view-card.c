/*
 * The bottom line, the first thing of every report: per workload its level
 * against the provisioned caps ("IOPS 910 of 3,000 (30%)", "MiB/s 128 of
 * 125 (102%)"), its QD1 4 KiB p99, its verdict word and how many steady
 * cells it rests on.  The figures are the summary's (the verdict's levels
 * and shares, view-verdict.c; the knee's plateaus or the headline's peaks
 * without an expectation): nothing is measured again here.  The diagnosis
 * (view-diagnosis.c) and the ticket's parts (view-ticket.c) hang off it.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "view/view.h"

/* A latency with its unit, µs below 1 ms, else ms: "143 µs", "3.8 ms", "98.8 ms". */
const char *
view_card_lat(double us, char *buf, size_t len)
{
	char n[32];

	if (us >= 1000)
		snprintf(buf, len, "%s ms", view_num(us / 1000, us >= 100000 ? 0 : 1, n, sizeof n));
	else
		snprintf(buf, len, "%s µs", view_num(us, us >= 100 ? 0 : 1, n, sizeof n));
	return buf;
}

/* A rate in the card's unit: whole from 100 or when whole, else one decimal ("3.6", "40"). */
static const char *
card_rate(double v, char *buf, size_t len)
{
	return view_num(v, fabs(v) >= 100 || v == round(v) ? 0 : 1, buf, len);
}

/*
 * One figure of the card into text: "IOPS 910 of 3,000 (30%)", with its
 * burst ("IOPS 3,040 of 100, burst 3,000 (101% of the burst)" above the
 * baseline) or published range ("IOPS 150, published range 40-200");
 * without a cap what it is ("IOPS 3,010 (plateau)").
 */
static void
card_figure(char *text, size_t len, const char *unit, double v, const struct expect_figure *f,
    double div, const char *what)
{
	char a[32], b[32], c[32], p[32];

	if (!isfinite(v)) {
		snprintf(text, len, "%s not measured", unit);
		return;
	}
	card_rate(v, a, sizeof a);
	if (f != NULL && f->floor > 0) {
		snprintf(text, len, "%s %s, published range %s-%s", unit, a,
		    card_rate(f->floor / div, b, sizeof b), f->cap > 0 ?
		    card_rate(f->cap / div, c, sizeof c) : "");
		return;
	}
	if (f == NULL || !(f->cap > 0)) {
		snprintf(text, len, "%s %s (%s)", unit, a, what);
		return;
	}
	card_rate(f->cap / div, b, sizeof b);
	if (f->burst > f->cap && f->m.level > f->cap)	/* above the baseline: held to the burst */
		snprintf(text, len, "%s %s of %s, burst %s (%s of the burst)", unit, a, b,
		    card_rate(f->burst / div, c, sizeof c), view_pct(f->m.level / f->burst * 100,
		    false, p, sizeof p));
	else if (f->burst > f->cap)
		snprintf(text, len, "%s %s of %s, burst %s (%s)", unit, a, b,
		    card_rate(f->burst / div, c, sizeof c), view_pct(f->pct, false, p, sizeof p));
	else
		snprintf(text, len, "%s %s of %s (%s)", unit, a, b, view_pct(f->pct, false, p,
		    sizeof p));
}

/*
 * A workload's level without an expectation: its plateau where the knee
 * states one, else its headline cell's figure (bw: bytes/s).
 */
static double
card_level(const struct results *res, const struct summary_mode *sm, bool bw, const char **what)
{
	int i = bw ? sm->head_bw : sm->head_iops;

	if (bw ? sm->knee.bw_plateau : sm->knee.iops_plateau) {
		*what = "plateau";
		return bw ? sm->knee.bw_cap : sm->knee.iops_cap;
	}
	*what = "peak";
	if (i < 0)
		return NAN;
	return bw ? res->cells[i].bw_bytes_s : res->cells[i].iops;
}

/* Cells of workload m with figures, those judged and those steady, into cm. */
static void
card_cells(const struct results *res, const struct summary *sum, unsigned m,
    struct view_card_mode *cm)
{
	unsigned i;

	for (i = 0; i < res->plan.ncells; i++) {
		const struct cell_result *r = &res->cells[i];

		if (sum->cell_wl[i] != m || !results_cell_has_figures(r))
			continue;
		cm->ncells++;
		cm->njudged += r->stability.verdict != STABILITY_UNKNOWN;
		cm->nsteady += r->stability.verdict == STABILITY_STEADY;
	}
	if (cm->njudged == 0)
		snprintf(cm->cells_text, sizeof cm->cells_text, "from %u cell%s (steadiness not "
		    "judged)", cm->ncells, cm->ncells == 1 ? "" : "s");
	else
		snprintf(cm->cells_text, sizeof cm->cells_text, "from %u of %u steady cells",
		    cm->nsteady, cm->ncells);
}

/* Workload m's row of the card. */
static void
card_mode(const struct results *res, const struct summary *sum, unsigned m,
    struct view_card_mode *cm)
{
	const struct summary_mode *sm = &sum->modes[m];
	const struct expect_mode *x = &sm->spec;
	bool expect = res->expect.set;
	const char *what = "";
	char lat[32];

	str_copy(cm->name, sizeof cm->name, sm->name);
	str_copy(cm->color, sizeof cm->color, sm->color);
	cm->verdict = expect ? x->verdict : EXPECT_NO_SPEC;
	cm->word = expect ? view_verdict_name(x->verdict) : NULL;
	cm->cls = expect ? view_verdict_class(x->verdict) : NULL;
	cm->iops = expect && x->has_iops ? x->iops.m.level : card_level(res, sm, false, &what);
	cm->iops_cap = expect && x->has_iops ? x->iops.cap : 0;
	cm->iops_pct = expect && x->has_iops ? x->iops.pct : 0;
	card_figure(cm->iops_text, sizeof cm->iops_text, "IOPS", cm->iops, expect && x->has_iops ?
	    &x->iops : NULL, 1, what);
	cm->mib = (expect && x->has_bw ? x->bw.m.level : card_level(res, sm, true, &what)) / MIB;
	cm->mib_cap = expect && x->has_bw ? x->bw.cap / MIB : 0;
	cm->mib_pct = expect && x->has_bw ? x->bw.pct : 0;
	card_figure(cm->bw_text, sizeof cm->bw_text, "MiB/s", cm->mib, expect && x->has_bw ?
	    &x->bw : NULL, MIB, what);
	cm->p99_us = sm->qd1_4k >= 0 ? view_metric_value(&res->cells[sm->qd1_4k], METRIC_P99_US) :
	    NAN;
	if (isfinite(cm->p99_us))
		snprintf(cm->lat_text, sizeof cm->lat_text, "QD1 4K p99 %s",
		    view_card_lat(cm->p99_us, lat, sizeof lat));
	else
		snprintf(cm->lat_text, sizeof cm->lat_text, "QD1 4K p99 not measured");
	card_cells(res, sum, m, cm);
	snprintf(cm->line, sizeof cm->line, "%s · %s · %s", cm->iops_text, cm->bw_text,
	    cm->lat_text);
	if (cm->word != NULL)
		str_catf(cm->line, sizeof cm->line, " · %s%s%s", cm->word,
		    view_verdict_mark(cm->verdict)[0] != '\0' ? " " : "", view_verdict_mark(cm->verdict));
	str_catf(cm->line, sizeof cm->line, " · %s", cm->cells_text);
}

/* The caps the figures are held against: "3,000 IOPS, 125 MiB/s"; "" without them. */
static char *
card_against(const struct results *res)
{
	char caps[160];

	if (!res->expect.set)
		return xstrdup("");
	return xstrdup(view_summary_caps(&res->expect, caps, sizeof caps));
}

/* The card of res (its summary sum); view_diagnosis() and view_ticket_build() add to it. */
struct view_card *
view_card_build(const struct results *res, const struct summary *sum)
{
	struct view_card *c = xcalloc(1, sizeof *c);
	const char *mark = view_verdict_mark(sum->verdict);
	unsigned m;

	c->verdict = res->expect.set ? sum->verdict : EXPECT_NO_SPEC;
	c->cls = res->expect.set ? view_verdict_class(sum->verdict) : NULL;
	c->against = card_against(res);
	if (res->expect.set)
		c->head = xasprintf("%s against %s: %s%s%s", res->label, res->expect.profile[0] !=
		    '\0' ? res->expect.profile : "its --expect caps", view_verdict_name(sum->verdict),
		    mark[0] != '\0' ? " " : "", mark);
	else
		c->head = xasprintf("%s: as measured (no caps given: --profile or "
		    "--expect adds them)", res->label);
	c->modes = xcalloc(sum->nmodes ? sum->nmodes : 1, sizeof *c->modes);
	for (m = 0; m < sum->nmodes; m++)
		if (sum->modes[m].ncells > 0)
			card_mode(res, sum, m, &c->modes[c->nmodes++]);
	return c;
}

/* Free the card and what it holds. */
void
view_card_free(struct view_card *c)
{
	unsigned i;

	if (c == NULL)
		return;
	free(c->head);
	free(c->against);
	free(c->modes);
	for (i = 0; i < c->ndiag; i++)
		free(c->diag[i]);
	free(c->identity);
	free(c->command);
	free(c->command_note);
	free(c->repro.cells);
	free(c);
}

/* The card and the diagnosis as the terminal prints them, lines of text.  Caller frees. */
char *
view_card_text(const struct view_card *c)
{
	char *text = NULL;
	size_t len = 0;
	unsigned m;

	str_appendf(&text, &len, "Bottom line: %s\n", c->head);
	if (c->against[0] != '\0')
		str_appendf(&text, &len, "  caps: %s\n", c->against);
	for (m = 0; m < c->nmodes; m++)
		str_appendf(&text, &len, "  %s: %s\n", c->modes[m].name, c->modes[m].line);
	if (c->ndiag > 0)
		str_appendf(&text, &len, "Diagnosis, from what was measured:\n");
	for (m = 0; m < c->ndiag; m++)
		str_appendf(&text, &len, "  - %s\n", c->diag[m]);
	return text;
}
