/*
 * sweep run --auto, what a run found: per mode, the caps and the knee, the
 * saturating depth at the depth search's sizes and the QD1 latency, how
 * sure each is and what the budget left open (results.json's "auto",
 * report.md's "How this was measured").
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "analysis/analysis.h"
#include "base/util.h"
#include "loop/auto-plan.h"
#include "loop/auto.h"
#include "results/results.h"

/* Add one finding to res (printed with the report's "How this was measured"). */
static void __attribute__((format(printf, 2, 3)))
auto_finding(struct results *res, const char *fmt, ...)
{
	struct autoplan_record *a = &res->autoplan;
	va_list ap;

	if (a->nfindings >= AUTOPLAN_FINDINGS)
		return;
	va_start(ap, fmt);
	vsnprintf(a->findings[a->nfindings++], sizeof a->findings[0], fmt, ap);
	va_end(ap);
}

/* One cap's finding: its value, range and whether it is settled (or why it is not known). */
static void
auto_cap_finding(struct results *res, enum rw_mode mode, const char *name, double cap, double lo,
    double hi, unsigned n, double unit, const char *uname)
{
	double pct = cap > 0 ? 100 * (hi - lo) / cap : 0;

	if (!(cap > 0))
		return;
	if (auto_cap_ok(cap, lo, hi, n))
		auto_finding(res, "%s: %s cap %.*f %s (cells %.*f-%.*f over %u block sizes, range "
		    "%.1f%%): settled (target %u%%)", mode_name(mode), name, unit > 1 ? 1 : 0,
		    cap / unit, uname, unit > 1 ? 1 : 0, lo / unit, unit > 1 ? 1 : 0, hi / unit, n,
		    pct, AUTO_TARGET_PCT);
	else
		auto_finding(res, "%s: %s cap %.*f %s (cells %.*f-%.*f over %u block size%s, range "
		    "%.1f%%): not settled (target %u%%)", mode_name(mode), name, unit > 1 ? 1 : 0,
		    cap / unit, uname, unit > 1 ? 1 : 0, lo / unit, unit > 1 ? 1 : 0, hi / unit, n,
		    n == 1 ? "" : "s", pct, AUTO_TARGET_PCT);
}

/*
 * Why a mode's caps are not settled: too few block sizes, or too close
 * together, and the cells left out of the fit ("read 4K QD1 (stalled)"),
 * in the words of the report's knee sentence (the opts' knee_text).
 */
static void
auto_knee_unsettled(const struct autoplan *ap, struct results *res, enum rw_mode mode,
    const struct knee *k)
{
	char why[640];

	if (ap->knee_text == NULL) {
		auto_finding(res, "%s: caps not settled", mode_name(mode));
		return;
	}
	ap->knee_text(k, res->cells, SUMMARY_NO_SHARE, why, sizeof why);
	auto_finding(res, "%s: caps not settled: %s", mode_name(mode), why);
}

/* The caps and the knee of a mode. */
static void
auto_knee_findings(const struct autoplan *ap, struct results *res, enum rw_mode mode)
{
	struct knee k;
	char a[32];

	analysis_caps_knee(res->cells, res->plan.ncells, mode, SUMMARY_NO_SHARE, &k);
	if (k.iops_plateau)
		auto_cap_finding(res, mode, "IOPS", k.iops_cap, k.iops_lo, k.iops_hi,
		    k.iops_npoints, 1, "IOPS");
	if (k.bw_plateau)
		auto_cap_finding(res, mode, "bandwidth", k.bw_cap, k.bw_lo, k.bw_hi, k.bw_npoints,
		    MIB, "MiB/s");
	/* A side without a plateau: the report's sentence says what its cells show. */
	if ((k.kind != KNEE_TOO_FEW && k.kind != KNEE_BW_BOUND && !k.iops_plateau) ||
	    (k.kind != KNEE_TOO_FEW && k.kind != KNEE_IOPS_BOUND && !k.bw_plateau))
		auto_knee_unsettled(ap, res, mode, &k);
	else if (k.kind == KNEE_FOUND)
		auto_finding(res, "%s: knee at ~%s (bandwidth cap / IOPS cap)", mode_name(mode),
		    size_human(analysis_caps_knee_size(&k), a, sizeof a));
	else if (k.kind == KNEE_IOPS_BOUND)
		auto_finding(res, "%s: bandwidth cap not reached: IOPS-bound up to %s (not settled)",
		    mode_name(mode), size_human(k.bs_max, a, sizeof a));
	else if (k.kind == KNEE_BW_BOUND)
		auto_finding(res, "%s: IOPS cap not reached: bandwidth-bound down to %s (not settled)",
		    mode_name(mode), size_human(k.bs_min, a, sizeof a));
	else
		auto_knee_unsettled(ap, res, mode, &k);
}

/* A cell of the depth search at bs that its verdict leaves out (the shallowest), or -1. */
static int
auto_depth_left_out(const struct autoplan *ap, const struct results *res, enum rw_mode mode,
    uint64_t bs)
{
	unsigned d;
	int i;

	for (d = 1;; d = 2 * d < ap->depth_max ? 2 * d : ap->depth_max) {
		if ((i = auto_find(res, mode, bs, d, ap->jobs)) >= 0 && !auto_clean(res, i))
			return i;
		if (d >= ap->depth_max)
			return -1;
	}
}

/* The saturating depth at the two sizes of the depth search, and the QD1 latency. */
static void
auto_depth_findings(const struct autoplan *ap, struct results *res, enum rw_mode mode)
{
	struct knee k;
	uint64_t sizes[2];
	unsigned i, sat, to;
	double gain;
	char why[96], a[32];
	int q;

	analysis_caps_knee(res->cells, res->plan.ncells, mode, SUMMARY_NO_SHARE, &k);
	auto_ends(ap, &sizes[0], &sizes[1]);
	for (i = 0; i < 2; i++) {
		if (!auto_fits(ap, sizes[i]) || (i == 1 && sizes[1] == sizes[0]))
			continue;
		size_human(sizes[i], a, sizeof a);
		if (ap->depth_max == 1)
			auto_finding(res, "%s: saturating depth at %s: not searched (--depth gives QD1 "
			    "only)", mode_name(mode), a);
		else if (auto_depth_step(ap, res, mode, sizes[i], &k, &sat, &gain, &to, why,
		    sizeof why) != 0)
			auto_finding(res, "%s: saturating depth at %s: not settled (%s %s)",
			    mode_name(mode), a, ap->fixed ? "not among the cells of --like:" :
			    "the budget ended before", why);
		else if (sat > 0 && to == 0)
			auto_finding(res, "%s: saturating depth at %s: QD1 (on the settled %s cap, "
			    "within %u%%: no depth does more)", mode_name(mode), a,
			    sizes[i] <= k.iops_bs_hi && k.iops_plateau ? "IOPS" : "bandwidth",
			    AUTO_DEPTH_GAIN_PCT);
		else if (sat > 0)
			auto_finding(res, "%s: saturating depth at %s: QD%u (QD%u\u2192%u: %+.1f%% IOPS, "
			    "under %u%%)", mode_name(mode), a, sat, sat, to, gain * 100,
			    AUTO_DEPTH_GAIN_PCT);
		else if ((q = auto_find(res, mode, sizes[i], 1, ap->jobs)) < 0 || auto_iops(res, q) <= 0)
			auto_finding(res, "%s: saturating depth at %s: not measured (QD1 has no figures)",
			    mode_name(mode), a);
		else if ((q = auto_depth_left_out(ap, res, mode, sizes[i])) >= 0)
			auto_finding(res, "%s: saturating depth at %s: not settled (QD%u stayed %s over "
			    "%u run%s)", mode_name(mode), a, res->cells[q].cell.depth,
			    res->cells[q].stability.verdict == STABILITY_STALLED ? "stalled" : "noisy",
			    res->cells[q].nattempts ? res->cells[q].nattempts : 1,
			    res->cells[q].nattempts > 1 ? "s" : "");
		else
			auto_finding(res, "%s: saturating depth at %s: not reached by QD%u (the last "
			    "doubling gained %+.1f%% IOPS; give a higher --depth)", mode_name(mode), a,
			    ap->depth_max, gain * 100);
	}
	size_human(ap->qd1_bs, a, sizeof a);
	if ((q = auto_find(res, mode, ap->qd1_bs, 1, ap->jobs)) >= 0 &&
	    results_cell_has_figures(&res->cells[q]))
		auto_finding(res, "%s: QD1 latency at %s: p50 %.1f us, p99 %.1f us (%.0f IOPS)",
		    mode_name(mode), a, (double)res->cells[q].lat_pct_ns[0] / 1e3,
		    (double)res->cells[q].lat_pct_ns[2] / 1e3, res->cells[q].iops);
	else
		auto_finding(res, "%s: QD1 latency at %s: not measured", mode_name(mode), a);
	if (ap->open[ap->cur][0] != '\0')
		auto_finding(res, "%s: the budget ended before %s", mode_name(mode), ap->open[ap->cur]);
}

/* What the run found, how sure, and what the budget left open: into res, and printed to f. */
void
autoplan_finish(struct autoplan *ap, struct results *res, FILE *f)
{
	struct autoplan_record *a = &res->autoplan;
	unsigned m, i;

	memset(a, 0, sizeof *a);
	a->on = true;
	a->budget_s = ap->fixed ? 0 : (unsigned)(ap->budget_ns / NSEC_PER_SEC);
	a->elapsed_s = (unsigned)((now_ns() - ap->start_ns + NSEC_PER_SEC / 2) / NSEC_PER_SEC);
	a->target_pct = AUTO_TARGET_PCT;
	str_copy(a->like, sizeof a->like, ap->like);
	for (m = 0; m < ap->nmodes; m++) {
		ap->cur = m;
		auto_knee_findings(ap, res, ap->modes[m]);
		auto_depth_findings(ap, res, ap->modes[m]);
	}
	if (ap->fixed)
		fprintf(f, "Auto: %u cells of %s in %u s\n", res->plan.ncells, ap->like, a->elapsed_s);
	else
		fprintf(f, "Auto: %u cells in %u s of a %u s budget\n", res->plan.ncells,
		    a->elapsed_s, a->budget_s);
	for (i = 0; i < a->nfindings; i++)
		fprintf(f, "  %s\n", a->findings[i]);
	fflush(f);
}

