/*
 * The verdict against the spec: a mode's measured plateau (or its peak,
 * when the knee states no plateau) against the volume's provisioned caps
 * (--expect, --profile) or its published range (magnetic volumes), per
 * figure (IOPS, bandwidth) and per mode.  Numbers and a verdict only; the
 * reports word them (report-summary.c).
 */
#include "config.h"

#include <string.h>

#include "analysis.h"

/*
 * The band around a cap that counts as delivering it.  Below: AWS designs
 * gp3, io1 and io2 volumes to deliver "within 10 percent of the provisioned
 * IOPS performance 99.9 percent of the time", so a plateau that reaches 90%
 * of the cap delivers, and one whose every cell is under it does not.
 * Above: a cap is a rate the volume is held to, not a bound, and a
 * throttle's first slice lets a few percent more through.
 */
#define EXPECT_BAND_LO	0.90
#define EXPECT_ABOVE	1.05

/*
 * Whether the knee states the cap of figure bw (bandwidth; else IOPS) as a
 * plateau of the data; otherwise the verdict takes the peak.
 */
bool
analysis_expect_plateau(const struct knee *k, bool bw)
{
	return bw ? k->bw_plateau : k->iops_plateau;
}

/* A published range [floor, cap] (cap 0: no upper end), each end with the cap's slack. */
static enum expect_verdict
expect_range(const struct expect_level *m, double cap, double floor)
{
	if (m->hi < floor * EXPECT_BAND_LO)
		return EXPECT_BELOW;
	if (cap > 0 && m->lo > cap * EXPECT_ABOVE)
		return EXPECT_ABOVE_RANGE;
	return EXPECT_IN_RANGE;
}

/*
 * One figure's measured level m against its cap (and burst), or its
 * published range when floor is set.  reach: the most the other cap lets
 * this figure reach at the block sizes of m (IOPS under a bandwidth cap at
 * large blocks, bandwidth under an IOPS cap at small ones); 0 none.  A
 * figure whose cap cannot be reached there is held by the other cap, not
 * below its own.
 */
void
analysis_expect_figure(const struct expect_level *m, double cap, double burst, double floor,
    double reach, struct expect_figure *f)
{
	memset(f, 0, sizeof *f);
	f->m = *m;
	f->cap = cap;
	f->burst = burst;
	f->floor = floor;
	f->pct = cap > 0 ? m->level / cap * 100 : 0;
	if (floor > 0)
		f->verdict = expect_range(m, cap, floor);
	else if (cap <= 0)
		f->verdict = EXPECT_NO_SPEC;
	else if (m->hi < cap * EXPECT_BAND_LO)
		f->verdict = reach > 0 && reach < cap * EXPECT_BAND_LO ? EXPECT_NOT_REACHED :
		    EXPECT_BELOW;
	else if (m->lo <= cap * EXPECT_ABOVE)
		f->verdict = EXPECT_DELIVERS;
	else if (burst > cap && m->lo <= burst * EXPECT_ABOVE)
		f->verdict = EXPECT_IN_BURST;
	else
		f->verdict = EXPECT_ABOVE_CAP;
}

/* Whether the cell counts for mode at share, as the knee's points do. */
static bool
expect_cell(const struct cell_result *r, enum rw_mode mode, int share)
{
	return r->cell.mode == mode && results_cell_has_figures(r) && r->status == CELL_OK &&
	    r->iops > 0 && r->cell.bs > 0 &&
	    (share == SUMMARY_NO_SHARE || r->cell.rwmixread == (unsigned)share) &&
	    r->stability.verdict != STABILITY_NOISY && r->stability.verdict != STABILITY_STALLED;
}

/*
 * The block sizes of a plateau: those whose best cell (the knee's point)
 * lies within [lo, hi], on the plateau's side of the knee.
 */
static void
expect_plateau_bs(const struct cell_result *cells, unsigned ncells, enum rw_mode mode, int share,
    const struct knee *k, bool bw, struct expect_level *m)
{
	unsigned i, j;

	m->bs_lo = m->bs_hi = 0;
	for (i = 0; i < ncells; i++) {
		uint64_t bs = cells[i].cell.bs;
		double best = 0, v;

		if (!expect_cell(&cells[i], mode, share))
			continue;
		if (k->kind == KNEE_FOUND && (bw ? (double)bs < k->knee_bs : (double)bs > k->knee_bs))
			continue;
		for (j = 0; j < ncells; j++)
			if (cells[j].cell.bs == bs && expect_cell(&cells[j], mode, share) &&
			    cells[j].iops > best)
				best = cells[j].iops;
		v = bw ? best * (double)bs : best;
		if (v < m->lo * (1 - 1e-9) || v > m->hi * (1 + 1e-9))
			continue;
		if (m->bs_lo == 0 || bs < m->bs_lo)
			m->bs_lo = bs;
		if (bs > m->bs_hi)
			m->bs_hi = bs;
	}
}

/* A figure's measured level: the knee's plateau when it states one, else the peak cell. */
static bool
expect_level(const struct cell_result *cells, unsigned ncells, enum rw_mode mode, int share,
    const struct knee *k, bool bw, int peak, struct expect_level *m)
{
	memset(m, 0, sizeof *m);
	if (analysis_expect_plateau(k, bw)) {
		m->plateau = true;
		m->level = bw ? k->bw_cap : k->iops_cap;
		m->lo = bw ? k->bw_lo : k->iops_lo;
		m->hi = bw ? k->bw_hi : k->iops_hi;
		expect_plateau_bs(cells, ncells, mode, share, k, bw, m);
		if (m->bs_lo > 0)
			return true;
		memset(m, 0, sizeof *m);
	}
	if (peak < 0)
		return false;
	m->level = m->lo = m->hi = bw ? cells[peak].bw_bytes_s : cells[peak].iops;
	m->bs_lo = m->bs_hi = cells[peak].cell.bs;
	return m->level > 0;
}

/*
 * A mode against e: each figure's verdict and the mode's, the most severe
 * of the two (enum order).  peak_iops, peak_bw: the mode's peak cells, for
 * a figure the knee states no plateau of (-1 none).
 */
void
analysis_expect_mode(const struct cell_result *cells, unsigned ncells, enum rw_mode mode,
    int share, const struct knee *k, int peak_iops, int peak_bw, const struct expect *e,
    struct expect_mode *out)
{
	struct expect_level li, lb;
	bool hi, hb;

	memset(out, 0, sizeof *out);
	hi = expect_level(cells, ncells, mode, share, k, false, peak_iops, &li);
	hb = expect_level(cells, ncells, mode, share, k, true, peak_bw, &lb);
	if (hi && (e->iops > 0 || e->iops_floor > 0)) {
		out->has_iops = true;
		analysis_expect_figure(&li, e->iops, e->burst_iops, e->iops_floor,
		    e->bw_bytes_s > 0 ? e->bw_bytes_s / (double)li.bs_lo : 0, &out->iops);
	}
	if (hb && (e->bw_bytes_s > 0 || e->bw_floor_bytes_s > 0)) {
		out->has_bw = true;
		analysis_expect_figure(&lb, e->bw_bytes_s, e->burst_bw_bytes_s, e->bw_floor_bytes_s,
		    e->iops > 0 ? e->iops * (double)lb.bs_hi : 0, &out->bw);
	}
	out->verdict = EXPECT_NO_SPEC;
	if (out->has_iops)
		out->verdict = out->iops.verdict;
	if (out->has_bw && out->bw.verdict > out->verdict)
		out->verdict = out->bw.verdict;
}

/* The volume's verdict: the most severe of its modes' (below dominates). */
enum expect_verdict
analysis_expect_volume(const struct expect_mode *modes, unsigned n)
{
	enum expect_verdict v = EXPECT_NO_SPEC;
	unsigned i;

	for (i = 0; i < n; i++)
		if (modes[i].verdict > v)
			v = modes[i].verdict;
	return v;
}
