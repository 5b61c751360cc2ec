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

#include "analysis.h"
#include "report.h"

/* A rate in the figure's unit: "3,050 IOPS", "128.0 MiB/s" (or a cap's "250 MB/s"). */
static const char *
verdict_rate(char *buf, size_t len, bool bw, bool cap, double v)
{
	char c[32];

	if (bw && cap)
		profile_rate_text(v, buf, len);
	else if (bw)
		snprintf(buf, len, "%s MiB/s", report_num(v / MIB, 1, c, sizeof c));
	else
		snprintf(buf, len, "%s IOPS", report_num(v, 0, c, sizeof c));
	return buf;
}

/* A verdict in words, as the reports open with it. */
const char *
report_verdict_name(enum expect_verdict v)
{
	static const char *const names[] = {
		[EXPECT_NO_SPEC] = "no spec",
		[EXPECT_NOT_REACHED] = "held by the other cap",
		[EXPECT_IN_RANGE] = "within the published range",
		[EXPECT_DELIVERS] = "delivers",
		[EXPECT_IN_BURST] = "above the baseline, within the burst",
		[EXPECT_ABOVE_RANGE] = "above the published range",
		[EXPECT_ABOVE_CAP] = "ABOVE the cap",
		[EXPECT_BELOW] = "below spec"
	};

	return names[v];
}

/* Where a level was measured: "plateau 400 IOPS (398-402) at 4-64 KiB", "peak ... at 4 KiB". */
static void
verdict_level(char *buf, size_t len, bool bw, const struct expect_level *m)
{
	char a[32], b[32], c[32], d[32];

	if (m->plateau)
		str_catf(buf, len, "plateau ~%s %s", report_approx(bw ? m->level / MIB : m->level,
		    a, sizeof a), bw ? "MiB/s" : "IOPS");
	else {
		verdict_rate(a, sizeof a, bw, false, m->level);
		str_catf(buf, len, "peak %s", a);
	}
	if (m->plateau && m->hi > m->lo)
		str_catf(buf, len, " (%s-%s)", report_num(bw ? m->lo / MIB : m->lo, bw, b,
		    sizeof b), report_num(bw ? m->hi / MIB : m->hi, bw, c, sizeof c));
	size_human(m->bs_lo, c, sizeof c);
	if (m->bs_hi != m->bs_lo)
		str_catf(buf, len, " at %s-%s", c, size_human(m->bs_hi, d, sizeof d));
	else
		str_catf(buf, len, " at %s", c);
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
		str_catf(buf, len, "%s-%s IOPS", report_num(f->floor, 0, a, sizeof a),
		    report_num(f->cap, 0, b, sizeof b));
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
	str_catf(buf, len, ": %.0f%% of the provisioned %s", f->pct, a);
	if (f->verdict == EXPECT_IN_BURST) {
		verdict_rate(b, sizeof b, bw, true, f->burst);
		str_catf(buf, len, ", within the burst of %s (burst credits)", b);
	} else if (f->verdict == EXPECT_ABOVE_CAP && !said)
		str_catf(buf, len, "%s: likely a cache (page cache, a buffered loop device, the "
		    "hypervisor's host cache) or a profile that does not fit this volume",
		    f->burst > 0 ? " and above its burst" : "");
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
		str_catf(buf, len, "%s: ", report_verdict_name(f->verdict));
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
	char a[32], b[32], c[32];
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
	    report_verdict_name(s->verdict));
	if (f == NULL)
		return;
	if (f->m.plateau)
		snprintf(a, sizeof a, "~%s %s", report_approx(bw ? f->m.level / MIB : f->m.level, c,
		    sizeof c), bw ? "MiB/s" : "IOPS");
	else
		verdict_rate(a, sizeof a, bw, false, f->m.level);
	verdict_rate(b, sizeof b, bw, true, f->cap);
	size_human(f->m.bs_lo, c, sizeof c);
	if (f->floor > 0) {
		str_catf(s->verdict_text, sizeof s->verdict_text, ": %s at %s", a, c);
		if (f->m.bs_hi != f->m.bs_lo)
			str_catf(s->verdict_text, sizeof s->verdict_text, "-%s",
			    size_human(f->m.bs_hi, c, sizeof c));
		str_catf(s->verdict_text, sizeof s->verdict_text, ", published range ");
		verdict_range(s->verdict_text, sizeof s->verdict_text, bw, f);
	} else {
		str_catf(s->verdict_text, sizeof s->verdict_text, ": %.0f%% of the provisioned %s "
		    "at %s", f->pct, b, c);
		if (f->m.bs_hi != f->m.bs_lo)
			str_catf(s->verdict_text, sizeof s->verdict_text, "-%s",
			    size_human(f->m.bs_hi, c, sizeof c));
	}
	str_catf(s->verdict_text, sizeof s->verdict_text, " (%s)", pick->name);
}

/*
 * What commonly holds a volume below its caps, when the verdict is below
 * spec; NULL otherwise.
 */
const char *
report_verdict_below_advice(const struct summary *s)
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
report_verdict_bottom_line(const struct results *res, const struct summary *s)
{
	if (!res->expect.set)
		return NULL;
	return xasprintf("%s against %s: %s", res->label, res->expect.profile[0] != '\0' ?
	    res->expect.profile : "its --expect caps", s->verdict_text);
}

/* Each mode's plateaus (or peaks) against results.expect, and the volume's verdict. */
void
report_verdict_build(const struct results *res, struct summary *s)
{
	const struct expect *e = &res->expect;
	unsigned m;

	s->verdict = EXPECT_NO_SPEC;
	if (!e->set)
		return;
	for (m = 0; m < s->nmodes; m++) {
		struct summary_mode *sm = &s->modes[m];
		struct expect_mode *x = &sm->spec;

		/* Without a plateau, the headline's peak: a marked cell's figure is not the volume's. */
		analysis_expect_mode(res->cells, res->plan.ncells, sm->mode, sm->share, &sm->knee,
		    sm->head_iops, sm->head_bw, e, x);
		if (sm->head_iops >= 0 && e->iops > 0)
			sm->iops_pct = res->cells[sm->head_iops].iops / e->iops * 100;
		if (sm->head_bw >= 0 && e->bw_bytes_s > 0)
			sm->bw_pct = res->cells[sm->head_bw].bw_bytes_s / e->bw_bytes_s * 100;
		sm->above_cap = x->verdict == EXPECT_ABOVE_CAP;
		sm->below_spec = x->verdict == EXPECT_BELOW;
		if (x->has_iops || x->has_bw)
			str_catf(sm->expect_text, sizeof sm->expect_text, "%s: ",
			    report_verdict_name(x->verdict));
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
