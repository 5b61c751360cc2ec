/*
 * The verdict against the spec in words (analysis-expect.c gives the
 * numbers): per workload its verdict first, then each figure's plateau (or
 * peak) and block sizes against its cap, burst or published range; the
 * volume's bottom line that opens every report; and what commonly holds a
 * volume below its caps.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "results/profile.h"
#include "view/view.h"

/* A level this many percent of its cap is no throttle's: three times the cap. */
#define VERDICT_FAR_ABOVE	300

/* A rate in the figure's unit: "3,050 IOPS", "128.0 MiB/s" (or a cap's "250 MB/s"). */
static const char *
verdict_rate(char *buf, size_t len, bool bw, bool cap, double v)
{
	char c[32];

	if (bw && cap)
		profile_rate_text(v, buf, len);
	else if (bw)
		snprintf(buf, len, "%s MiB/s", view_num(v / MIB, 1, c, sizeof c));
	else
		snprintf(buf, len, "%s IOPS", view_num(v, 0, c, sizeof c));
	return buf;
}

/*
 * What a cap of e is called in a chart's legend: "provisioned", or for a
 * figure with a published range (magnetic volumes) "published range top":
 * AWS publishes a range for those, not a rate the volume is held to.
 */
const char *
view_cap_word(const struct expect *e, bool bw)
{
	return (bw ? e->bw_floor_bytes_s : e->iops_floor) > 0 ? "published range top" :
	    "provisioned";
}

/* A verdict in words, as the reports open with it. */
const char *
view_verdict_name(enum expect_verdict v)
{
	static const char *const names[] = {
		[EXPECT_NO_SPEC] = "no spec",
		[EXPECT_NOT_REACHED] = "held by the other cap",
		[EXPECT_IN_RANGE] = "within the published range",
		[EXPECT_DELIVERS] = "delivers",
		[EXPECT_IN_BURST] = "above the baseline, within the burst",
		[EXPECT_ABOVE_RANGE] = "above the published range",
		[EXPECT_ABOVE_CAP] = "above the cap",
		[EXPECT_NOT_SATURATED] = "not saturated",
		[EXPECT_BELOW] = "below spec"
	};

	return names[v];
}

/*
 * A verdict's mark after its line, the same in every format, and its class
 * (report.html's colour): not the not-steady sign, which marks cells.
 */
const char *
view_verdict_mark(enum expect_verdict v)
{
	static const char *const marks[] = {
		[EXPECT_DELIVERS] = "\u2713", [EXPECT_IN_RANGE] = "\u2713",
		[EXPECT_IN_BURST] = "\u2191", [EXPECT_ABOVE_CAP] = "\u2191",
		[EXPECT_ABOVE_RANGE] = "\u2191", [EXPECT_NOT_SATURATED] = "\u2026",
		[EXPECT_BELOW] = "\u2717"
	};

	return marks[v] != NULL ? marks[v] : "";
}

/*
 * A verdict's class, a colour of its own in report.html: "ok" (green),
 * "burst" (violet: above the baseline on credits, not the level it keeps),
 * "above" (amber), "unsat" (grey), "fail" (red), NULL none.
 */
const char *
view_verdict_class(enum expect_verdict v)
{
	switch (v) {
	case EXPECT_DELIVERS:
	case EXPECT_IN_RANGE:
		return "ok";
	case EXPECT_IN_BURST:
		return "burst";
	case EXPECT_ABOVE_CAP:
	case EXPECT_ABOVE_RANGE:
		return "above";
	case EXPECT_NOT_SATURATED:
		return "unsat";
	case EXPECT_BELOW:
		return "fail";
	default:
		return NULL;
	}
}

/*
 * Where a level was measured: "plateau ~400 IOPS (398-402) at 4-64 KiB",
 * "level ~237 IOPS at 2-64 KiB (~571 at 512 B-1 KiB)", "at least ~1,200
 * IOPS at 4-16 KiB (not saturated)", "peak 5,409 IOPS at 4 KiB".
 */
static void
verdict_level(char *buf, size_t len, bool bw, const struct expect_level *m)
{
	char a[32], b[32], c[48], d[48];
	double unit = bw ? MIB : 1;

	view_knee_sizes(m->bs_lo, m->bs_hi, c, sizeof c);
	switch (m->from) {
	case EXPECT_FROM_PLATEAU:
		str_catf(buf, len, "plateau ~%s %s", view_approx(m->level / unit, a, sizeof a),
		    bw ? "MiB/s" : "IOPS");
		view_approx(m->lo / unit, a, sizeof a);
		view_approx(m->hi / unit, b, sizeof b);
		if (strcmp(a, b) != 0)
			str_catf(buf, len, " (%s-%s)", a, b);
		str_catf(buf, len, " at %s", c);
		break;
	case EXPECT_FROM_LEVEL:
		str_catf(buf, len, "level ~%s %s at %s", view_approx(m->level / unit, a, sizeof a),
		    bw ? "MiB/s" : "IOPS", c);
		if (m->other > 0)
			str_catf(buf, len, " (~%s at %s)", view_approx(m->other / unit, b, sizeof b),
			    view_knee_sizes(m->other_lo, m->other_hi, d, sizeof d));
		break;
	case EXPECT_FROM_UNSAT:
		str_catf(buf, len, "at least ~%s %s at %s (not saturated)", view_approx(m->level /
		    unit, a, sizeof a), bw ? "MiB/s" : "IOPS", c);
		break;
	default:
		verdict_rate(a, sizeof a, bw, false, m->level);
		str_catf(buf, len, "peak %s at %s", a, c);
		break;
	}
}

/* A published range: "40-200 IOPS", "40 MiB/s to 90 MiB/s", "from 40 IOPS". */
static void
verdict_range(char *buf, size_t len, bool bw, const struct expect_figure *f)
{
	char a[32], b[32];

	verdict_rate(a, sizeof a, bw, true, f->floor);
	if (f->cap <= 0)
		str_catf(buf, len, "from %s", a);
	else if (bw)
		str_catf(buf, len, "%s to %s", a, verdict_rate(b, sizeof b, bw, true, f->cap));
	else
		str_catf(buf, len, "%s-%s IOPS", view_num(f->floor, 0, a, sizeof a),
		    view_num(f->cap, 0, b, sizeof b));
}

/* Where a figure falls against its spec, after its level: ", 13% of the provisioned 3,000 IOPS". */
static void
verdict_spec(char *buf, size_t len, bool bw, const struct expect_figure *f, bool said)
{
	char a[32], b[32];

	verdict_rate(a, sizeof a, bw, true, f->cap);
	if (f->floor > 0) {
		str_catf(buf, len, ", published range ");
		verdict_range(buf, len, bw, f);
		return;
	}
	if (f->cap <= 0)
		return;
	str_catf(buf, len, ": %s of the provisioned %s", view_pct(f->pct, false, b, sizeof b), a);
	if (f->verdict == EXPECT_IN_BURST) {
		verdict_rate(b, sizeof b, bw, true, f->burst);
		str_catf(buf, len, ", within the burst of %s (burst credits)", b);
	} else if (f->verdict == EXPECT_ABOVE_CAP && f->m.cache != NULL)
		str_catf(buf, len, "%s: likely a cache: %s", f->burst > 0 ? ", above its burst" : "",
		    f->m.cache);
	else if (f->verdict == EXPECT_ABOVE_CAP && !said && f->pct > VERDICT_FAR_ABOVE)
		str_catf(buf, len, "%s: far above any throttle: not a volume with this cap (a cache, "
		    "the null engine, or a profile that does not fit)", f->burst > 0 ?
		    ", above its burst" : "");
	else if (f->verdict == EXPECT_ABOVE_CAP && !said)
		str_catf(buf, len, "%s: burst credits, a throttle more generous than its spec, or a "
		    "profile that does not fit this volume", f->burst > 0 ? ", above its burst" : "");
	else if (f->verdict == EXPECT_NOT_SATURATED)
		str_catf(buf, len, ", still rising with depth: a deeper queue may reach it");
	else if (f->verdict == EXPECT_NOT_REACHED)
		str_catf(buf, len, ", out of reach at these block sizes: the %s cap holds it",
		    bw ? "IOPS" : "bandwidth");
}

/*
 * One figure against its spec, its verdict first when it differs from the
 * mode's: "plateau 400 IOPS at 4-64 KiB: 13% of the provisioned 3,000 IOPS".
 */
static void
verdict_expect_figure(char *buf, size_t len, bool bw, const struct expect_figure *f,
    enum expect_verdict mode, bool said)
{
	if (buf[strlen(buf) - 1] != ' ')
		str_catf(buf, len, "; ");
	if (f->verdict != mode)
		str_catf(buf, len, "%s %s: ", bw ? "bandwidth" : "IOPS", view_verdict_name(f->verdict));
	verdict_level(buf, len, bw, &f->m);
	verdict_spec(buf, len, bw, f, said);
}

/* Whether figure g tells the verdict more than f: further below the cap, or above it. */
static bool
verdict_further(const struct expect_figure *g, const struct expect_figure *f)
{
	double pg = g->floor > 0 ? g->m.level / g->floor : g->pct;
	double pf = f->floor > 0 ? f->m.level / f->floor : f->pct;

	return g->verdict == EXPECT_BELOW ? pg < pf : pg > pf;
}

/* The figure that makes a mode's verdict: the further from its cap when both do. */
static const struct expect_figure *
verdict_decisive(const struct expect_mode *x, bool *bw)
{
	*bw = x->has_bw && x->bw.verdict == x->verdict && (!x->has_iops ||
	    x->iops.verdict != x->verdict || verdict_further(&x->bw, &x->iops));
	return *bw ? &x->bw : &x->iops;
}

/*
 * The volume's bottom line, from the modes' verdicts (the most severe; of
 * its modes, the lowest share of a cap): "below spec: 67% of the
 * provisioned 60 MiB/s at 128 KiB-1 MiB (randread)".
 */
static void
verdict_bottom_line(struct summary *s)
{
	const struct summary_mode *pick = NULL;
	const struct expect_figure *f = NULL, *g;
	char a[32], b[32], c[48], d[32];
	bool bw = false, gbw;
	unsigned m;

	for (m = 0; m < s->nmodes; m++) {
		const struct summary_mode *sm = &s->modes[m];

		if (sm->spec.verdict != s->verdict || s->verdict == EXPECT_NO_SPEC)
			continue;
		g = verdict_decisive(&sm->spec, &gbw);
		if (f == NULL || verdict_further(g, f)) {
			f = g;
			bw = gbw;
			pick = sm;
		}
	}
	snprintf(s->verdict_text, sizeof s->verdict_text, "%s",
	    view_verdict_name(s->verdict));
	if (f == NULL)
		return;
	if (f->m.from != EXPECT_FROM_PEAK)
		snprintf(a, sizeof a, "~%s %s", view_approx(bw ? f->m.level / MIB : f->m.level, c,
		    sizeof c), bw ? "MiB/s" : "IOPS");
	else
		verdict_rate(a, sizeof a, bw, false, f->m.level);
	verdict_rate(b, sizeof b, bw, true, f->cap);
	view_knee_sizes(f->m.bs_lo, f->m.bs_hi, c, sizeof c);
	if (f->floor > 0) {
		str_catf(s->verdict_text, sizeof s->verdict_text, ": %s at %s, published range ", a,
		    c);
		verdict_range(s->verdict_text, sizeof s->verdict_text, bw, f);
	} else {
		str_catf(s->verdict_text, sizeof s->verdict_text, ": %s at %s, %s of the "
		    "provisioned %s", a, c, view_pct(f->pct, false, d, sizeof d), b);
	}
	str_catf(s->verdict_text, sizeof s->verdict_text, " (%s)", pick->name);
}

/*
 * What commonly holds a volume below its caps, when the verdict is below
 * spec; NULL otherwise.
 */
const char *
view_verdict_below_advice(const struct summary *s)
{
	if (s->verdict != EXPECT_BELOW)
		return NULL;
	return "Below spec: what commonly holds a volume below its caps: the instance's own "
	    "EBS (or disk) IOPS and bandwidth limit, often below the volume's; a queue depth too "
	    "low for the cap (IOPS = depth / latency); a volume restored "
	    "from a snapshot whose blocks are not yet initialized (read every block once first); "
	    "another tenant on the same host or volume; or a profile or size that does not fit "
	    "this volume.";
}

/*
 * The volume's bottom line after its label and its spec: "example-gp3 against
 * aws-gp3: below spec: ...".  NULL without an expectation.  Caller frees.
 */
char *
view_verdict_bottom_line(const struct results *res, const struct summary *s)
{
	if (!res->expect.set)
		return NULL;
	return xasprintf("%s against %s: %s", res->label, res->expect.profile[0] != '\0' ?
	    res->expect.profile : "its --expect caps", s->verdict_text);
}

/* Each mode's plateaus (or peaks) against results.expect, and the volume's verdict. */
void
view_verdict_build(const struct results *res, struct summary *s)
{
	const struct expect *e = &res->expect;
	unsigned m;

	s->verdict = EXPECT_NO_SPEC;
	if (!e->set)
		return;
	for (m = 0; m < s->nmodes; m++) {
		struct summary_mode *sm = &s->modes[m];
		struct expect_mode *x = &sm->spec;

		analysis_expect_mode(res->cells, res->plan.ncells, sm->mode, sm->share, &sm->knee,
		    e, x);
		if (x->has_iops && e->iops > 0)
			sm->iops_pct = x->iops.pct;
		if (x->has_bw && e->bw_bytes_s > 0)
			sm->bw_pct = x->bw.pct;
		sm->above_cap = x->verdict == EXPECT_ABOVE_CAP;
		sm->below_spec = x->verdict == EXPECT_BELOW;
		if (x->has_iops || x->has_bw)
			str_catf(sm->expect_text, sizeof sm->expect_text, "%s: ",
			    view_verdict_name(x->verdict));
		if (x->has_iops)
			verdict_expect_figure(sm->expect_text, sizeof sm->expect_text, false, &x->iops,
			    x->verdict, false);
		if (x->has_bw)
			verdict_expect_figure(sm->expect_text, sizeof sm->expect_text, true, &x->bw,
			    x->verdict, x->has_iops && x->iops.verdict == EXPECT_ABOVE_CAP);
		if (sm->expect_text[0] == '\0')
			snprintf(sm->expect_text, sizeof sm->expect_text, "no clean cell to compare");
		if (sm->spec.verdict > s->verdict)
			s->verdict = sm->spec.verdict;
	}
	verdict_bottom_line(s);
}
