/*
 * The verdict against the spec: a mode's measured level per figure (IOPS,
 * bandwidth), read off the same runs as its caps (analysis-caps.c): the
 * stated cap, or the level that a cell above keeps from being one, the
 * lower of two levels, a level not saturated, or the side's best cell
 * when it has no run; against the volume's provisioned caps (--expect,
 * --profile) or its published range (magnetic volumes).  Numbers, a
 * verdict and its evidence only; the reports word them (view-verdict.c).
 */
#include "config.h"

#include <string.h>

#include "analysis/analysis.h"

/*
 * The band around a cap that counts as delivering it.  Below: AWS designs
 * gp3, io1 and io2 volumes to deliver "within 10 percent of the provisioned
 * IOPS performance 99.9 percent of the time", so a level at 90% of the cap
 * delivers, one under it does not.  Above: a cap is a rate the volume is
 * held to, not a bound; volumes commonly run a few percent over theirs
 * (gp3 at 16,000 IOPS measured 17,100, 107%; Azure P30 5,210 of 5,000), so
 * a level past 110% is above the cap, and says by how much.
 */
#define EXPECT_BAND_LO	0.90
#define EXPECT_ABOVE	1.10
/* A cache: a level's cells read this much less from the device than they moved. */
#define EXPECT_CACHE_DEV	0.5

/* Whether the knee states the cap of figure bw (bandwidth; else IOPS) as a plateau of the data. */
bool
analysis_expect_plateau(const struct knee *k, bool bw)
{
	return bw ? k->bw_plateau : k->iops_plateau;
}

/* A published range [floor, cap] (cap 0: no upper end), each end with the cap's slack. */
static enum expect_verdict
expect_range(const struct expect_level *m, double cap, double floor)
{
	if (m->level < floor * EXPECT_BAND_LO)
		return EXPECT_BELOW;
	if (cap > 0 && m->level > cap * EXPECT_ABOVE)
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
	else if (m->level < cap * EXPECT_BAND_LO)
		f->verdict = reach > 0 && reach < cap * EXPECT_BAND_LO ? EXPECT_NOT_REACHED :
		    m->from == EXPECT_FROM_UNSAT ? EXPECT_NOT_SATURATED : EXPECT_BELOW;
	else if (m->level <= cap * EXPECT_ABOVE)
		f->verdict = EXPECT_DELIVERS;
	else if (burst > cap && m->level <= burst * EXPECT_ABOVE)
		f->verdict = EXPECT_IN_BURST;
	else
		f->verdict = EXPECT_ABOVE_CAP;
}

/*
 * Why a cache is likely behind the cells of mode at sizes lo..hi, or NULL:
 * buffered I/O (fio direct=0), or device counters that read less than half
 * of what the cells moved (the page cache, a buffered loop device).  A
 * level above its cap is not evidence alone: 570 IOPS at QD32 is 56 ms an
 * I/O, no cache's latency.
 */
static const char *
expect_cache(const struct cell_result *cells, unsigned ncells, enum rw_mode mode, int share,
    uint64_t lo, uint64_t hi)
{
	unsigned i;

	for (i = 0; i < ncells; i++) {
		const struct cell_result *r = &cells[i];

		if (!analysis_curve_cell(r, mode, share) || r->cell.bs < lo || r->cell.bs > hi)
			continue;
		if (results_cell_buffered(r))
			return "its cells ran buffered (fio direct=0): the page cache's figures";
		if (r->check.device >= 0 && r->check.measured > 0 && mode_reads(mode) &&
		    r->check.device < EXPECT_CACHE_DEV * r->check.measured)
			return "the device read less than half of the bytes its cells moved";
	}
	return NULL;
}

/* Side bw's level from the knee's shape of it; false when the side has none. */
static bool
expect_level(const struct knee *k, bool bw, struct expect_level *m)
{
	const struct knee_levels *kl = bw ? &k->bw_shape : &k->iops_shape;
	double cap = bw ? k->bw_cap : k->iops_cap;

	memset(m, 0, sizeof *m);
	m->level = cap;
	m->lo = bw ? k->bw_lo : k->iops_lo;
	m->hi = bw ? k->bw_hi : k->iops_hi;
	m->bs_lo = bw ? k->bw_bs_lo : k->iops_bs_lo;
	m->bs_hi = bw ? k->bw_bs_hi : k->iops_bs_hi;
	switch (kl->shape) {
	case KNEE_SHAPE_PLATEAU:
		m->plateau = true;
		m->from = EXPECT_FROM_PLATEAU;
		return cap > 0;
	case KNEE_SHAPE_ABOVE:
		m->from = EXPECT_FROM_LEVEL;
		return cap > 0;
	case KNEE_SHAPE_TWO_LEVELS: {
		int lower = kl->value[1] < kl->value[0];

		m->from = EXPECT_FROM_LEVEL;
		m->level = m->lo = m->hi = kl->value[lower];
		m->bs_lo = kl->from_bs[lower];
		m->bs_hi = kl->to_bs[lower];
		m->other = kl->value[!lower];
		m->other_lo = kl->from_bs[!lower];
		m->other_hi = kl->to_bs[!lower];
		return true;
	}
	case KNEE_SHAPE_UNSATURATED:
		m->from = EXPECT_FROM_UNSAT;
		m->level = m->lo = m->hi = kl->value[0];
		m->bs_lo = kl->from_bs[0];
		m->bs_hi = kl->to_bs[0];
		return true;
	default:
		m->from = EXPECT_FROM_PEAK;
		m->level = m->lo = m->hi = bw ? k->side_bw : k->side_iops;
		m->bs_lo = m->bs_hi = bw ? k->side_bw_bs : k->side_iops_bs;
		return m->level > 0;
	}
}

/* A mode against e: each figure's verdict and the mode's, the most severe of the two (enum order). */
void
analysis_expect_mode(const struct cell_result *cells, unsigned ncells, enum rw_mode mode,
    int share, const struct knee *k, const struct expect *e, struct expect_mode *out)
{
	struct expect_level li, lb;
	bool hi, hb;

	memset(out, 0, sizeof *out);
	hi = expect_level(k, false, &li);
	hb = expect_level(k, true, &lb);
	if (hi && (e->iops > 0 || e->iops_floor > 0)) {
		out->has_iops = true;
		analysis_expect_figure(&li, e->iops, e->burst_iops, e->iops_floor,
		    e->bw_bytes_s > 0 ? e->bw_bytes_s / (double)li.bs_lo : 0, &out->iops);
		if (out->iops.verdict == EXPECT_ABOVE_CAP)
			out->iops.m.cache = expect_cache(cells, ncells, mode, share, li.bs_lo, li.bs_hi);
	}
	if (hb && (e->bw_bytes_s > 0 || e->bw_floor_bytes_s > 0)) {
		out->has_bw = true;
		analysis_expect_figure(&lb, e->bw_bytes_s, e->burst_bw_bytes_s, e->bw_floor_bytes_s,
		    e->iops > 0 ? e->iops * (double)lb.bs_hi : 0, &out->bw);
		if (out->bw.verdict == EXPECT_ABOVE_CAP)
			out->bw.m.cache = expect_cache(cells, ncells, mode, share, lb.bs_lo, lb.bs_hi);
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
