/*
 * sweep run --auto: choose the cells as the run goes.
 *
 * What a reader takes from a sweep is, per mode, the IOPS cap, the
 * bandwidth cap, the knee between them, the depth where the volume
 * saturates and the QD1 latency.  Per mode, in this order:
 *
 * 1. Coarse pass: 4 KiB, 64 KiB and 1 MiB at the highest depth given.
 * 2. Knee bisection: the caps and their ranges come from the robust
 *    estimate of analysis-caps.c (analysis_caps_knee).  A cap is settled when
 *    its plateau rests on two block sizes or more and its range (lowest to
 *    highest cell) is within AUTO_TARGET_PCT of it.  While one is not, a
 *    block size is added halfway (in log space) between the knee and the
 *    nearest measured size on that cap's side, so the new cell lands on
 *    the plateau and the bracket around the knee narrows; a mode bound by
 *    one cap at every size measured is extended (x4 up to 8 MiB, /4 down
 *    to 512 B) until the other cap shows.  At most AUTO_BISECT_MAX cells.
 * 3. Depth search at the smallest and the largest block size: QD1, then
 *    doubling until IOPS gain less than AUTO_DEPTH_GAIN_PCT; the depth
 *    before that step is the saturating depth.  A depth within that of the
 *    highest depth's IOPS (the coarse pass's cell) is saturated at once.
 * 4. QD1 latency at 4 KiB, when the depth search did not measure it.
 *
 * Cells already measured (any question's) are reused, never run twice.
 * The budget is shared by the modes still to run when each starts; a cell
 * is run only if its ramp and least runtime fit what is left, and its
 * runtime is cut to fit; a mode whose budget ends says which questions it
 * left open.  Steady state still ends every cell early.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis.h"
#include "auto.h"
#include "plan.h"
#include "results.h"
#include "util.h"

#define AUTO_BS_TOP	(8 * MIB)	/* the default plan's largest block size */

static const uint64_t auto_coarse[] = { 4 * KIB, 64 * KIB, 1 * MIB };

struct autoplan {
	enum rw_mode	 modes[MODE_COUNT];
	unsigned	 nmodes;
	unsigned	 cur;		/* the mode being measured */
	unsigned	 depth_max;
	unsigned	 jobs;
	uint64_t	 align;		/* block sizes are multiples of this */
	uint64_t	 size;		/* ... and at most this */
	uint64_t	 bs_lo, bs_hi;	/* ... within this range (--bs, a sweep file's bs) */
	bool		 bs_given;
	uint64_t	 coarse[3];	/* the coarse pass's sizes; 0 past the last */
	uint64_t	 qd1_bs;	/* the QD1 latency's: 4 KiB, or the smallest in range */
	uint64_t	 max_io;	/* the largest request the device takes; 0 unknown */
	uint64_t	 start_ns;
	uint64_t	 budget_ns;
	bool		 budget_default;
	uint64_t	 mode_end_ns;	/* when the current mode's share ends; 0 not started */
	unsigned	 ramp_s, runtime_s, least_s;
	unsigned	 nbisect;	/* knee bisection cells of the current mode */
	char		 open[MODE_COUNT][128];	/* what the budget left unmeasured, per mode */
	char		 like[256];
	bool		 fixed;		/* --like: the cells are given, none is added */
	auto_knee_text_fn *knee_text;
};

/* The index of the cell (mode, bs, depth, jobs) that has run, or -1. */
static int
auto_find(const struct results *res, enum rw_mode mode, uint64_t bs, unsigned depth,
    unsigned jobs)
{
	unsigned i;

	for (i = 0; i < res->plan.ncells; i++) {
		const struct cell *c = &res->cells[i].cell;

		if (c->mode == mode && c->bs == bs && c->depth == depth && c->jobs == jobs &&
		    res->cells[i].status != CELL_PENDING)
			return (int)i;
	}
	return -1;
}

/* A cell's IOPS, 0 when it has none (failed, skipped). */
static double
auto_iops(const struct results *res, int i)
{
	const struct cell_result *r = &res->cells[i];

	return r->status == CELL_OK && r->iops > 0 ? r->iops : 0;
}

/* Does block size bs fit the target (alignment, region) and the range of --bs? */
static bool
auto_fits(const struct autoplan *ap, uint64_t bs)
{
	return bs >= ap->bs_lo && bs <= ap->bs_hi && bs <= ap->size && bs % ap->align == 0;
}

/*
 * bs rounded to the target's alignment, to 4 KiB from 8 KiB up (sizes a
 * reader knows), and above the device's largest request to a multiple of
 * it: the block layer splits a larger I/O into requests of that size, and
 * an uneven split adds a request that a per-request IOPS cap counts (a
 * 648 KiB read is two requests against a 512 KiB limit, and reads at half
 * the bandwidth cap under a 500 IOPS throttle).
 */
static uint64_t
auto_round(const struct autoplan *ap, double bs)
{
	uint64_t step = bs >= 8 * KIB && 4 * KIB % ap->align == 0 ? 4 * KIB : ap->align;

	if (ap->max_io >= 4 * KIB && bs > (double)ap->max_io && ap->max_io % ap->align == 0)
		step = ap->max_io;
	uint64_t r = (uint64_t)llround(bs / (double)step) * step;

	return r < step ? step : r;
}

/*
 * The largest request the target's device takes: max_sectors_kb, and at
 * most max_segments pages (a buffer of scattered pages is split there:
 * 128 segments make 512 KiB requests on a loop device whose max_sectors_kb
 * is 1280).  0 when unknown.
 */
static uint64_t
auto_max_io(const struct target *t)
{
	uint64_t segs = 0, max = t->max_sectors_kb * KIB;
	char *path;

	if (t->devname[0] == '\0')
		return max;
	path = xasprintf("/sys/class/block/%s/queue/max_segments", target_device_disk(t->devname));
	if (read_sysfs_u64(path, &segs) == 0 && segs > 0 && (max == 0 || segs * 4 * KIB < max))
		max = segs * 4 * KIB;
	free(path);
	return max;
}

/*
 * The block sizes --auto explores: from 512 B to 8 MiB, or with --bs (or a
 * sweep file's bs) from its smallest size to its largest.  The coarse pass
 * is 4K, 64K and 1M, or when the range leaves one out, its smallest size,
 * the power of two halfway (in log space) and its largest size; the QD1
 * latency is at 4 KiB, or at the range's smallest size.
 */
static void
auto_bs_range(struct autoplan *ap, bool bs_given, const struct plan *p)
{
	unsigned i, n = 0;

	ap->bs_lo = SWEEP_BS_MIN;
	ap->bs_hi = AUTO_BS_TOP;
	ap->bs_given = bs_given;
	for (i = 0; ap->bs_given && i < p->ncells; i++) {
		if (i == 0 || p->cells[i].bs < ap->bs_lo)
			ap->bs_lo = p->cells[i].bs;
		if (i == 0 || p->cells[i].bs > ap->bs_hi)
			ap->bs_hi = p->cells[i].bs;
	}
	if (ap->bs_lo % ap->align != 0)
		ap->bs_lo += ap->align - ap->bs_lo % ap->align;
	for (i = 0; i < 3; i++)
		if (auto_fits(ap, auto_coarse[i]))
			ap->coarse[n++] = auto_coarse[i];
	if (ap->bs_given && n < 3) {
		ap->coarse[0] = ap->bs_lo;
		ap->coarse[1] = (uint64_t)1 << (unsigned)lround((log2((double)ap->bs_lo) +
		    log2((double)ap->bs_hi)) / 2);
		ap->coarse[2] = ap->bs_hi;
		if (ap->coarse[1] <= ap->bs_lo || ap->coarse[1] >= ap->bs_hi)
			ap->coarse[1] = ap->bs_hi > ap->bs_lo ? ap->bs_hi : 0;
		if (ap->coarse[1] == ap->bs_hi)
			ap->coarse[2] = 0;
	}
	ap->qd1_bs = auto_fits(ap, 4 * KIB) ? 4 * KIB : ap->bs_lo;
}

struct autoplan *
autoplan_new(const struct auto_opts *o, const struct plan *p, const struct target *t,
    uint64_t start_ns)
{
	struct autoplan *ap = xcalloc(1, sizeof *ap);
	unsigned i, k;

	ap->jobs = p->ncells > 0 ? p->cells[0].jobs : 1;
	for (i = 0; i < p->ncells; i++) {
		const struct cell *c = &p->cells[i];

		for (k = 0; k < ap->nmodes && ap->modes[k] != c->mode; k++)
			;
		if (k == ap->nmodes)
			ap->modes[ap->nmodes++] = c->mode;
		ap->depth_max = c->depth > ap->depth_max ? c->depth : ap->depth_max;
		ap->jobs = c->jobs < ap->jobs ? c->jobs : ap->jobs;
	}
	ap->align = t->dio_offset_align > 512 ? t->dio_offset_align : 512;
	ap->size = t->size;
	ap->max_io = auto_max_io(t);
	auto_bs_range(ap, o->bs_given, p);
	ap->start_ns = start_ns;
	ap->knee_text = o->knee_text;
	ap->budget_default = o->budget_s == 0;
	ap->budget_ns = (uint64_t)(o->budget_s ? o->budget_s :
	    AUTO_BUDGET_PER_MODE_S * ap->nmodes) * NSEC_PER_SEC;
	ap->ramp_s = p->ramp_s;
	ap->runtime_s = p->runtime_s;
	ap->least_s = plan_steady(p) ? plan_steady_least(p) : p->runtime_s;
	if (ap->least_s > p->runtime_s)
		ap->least_s = p->runtime_s;
	if (o->like != NULL) {
		str_copy(ap->like, sizeof ap->like, o->like);
		ap->fixed = true;
	}
	return ap;
}

/* The planner of a run: as autoplan_new, and p's cells are dropped (the run adds them). */
struct autoplan *
autoplan_start(const struct auto_opts *o, struct plan *p, const struct target *t,
    uint64_t start_ns)
{
	struct autoplan *ap = autoplan_new(o, p, t, start_ns);

	if (!ap->fixed)
		p->ncells = 0;
	return ap;
}

void
autoplan_free(struct autoplan *ap)
{
	free(ap);
}

/* Is a cap settled: two block sizes or more, and a range within the target? */
static bool
auto_cap_ok(double cap, double lo, double hi, unsigned n)
{
	return n >= 2 && cap > 0 && hi - lo <= cap * AUTO_TARGET_PCT / 100.0;
}

/* The largest measured size of mode below bs (or the smallest above it, up); 0 none. */
static uint64_t
auto_neighbour(const struct results *res, enum rw_mode mode, double bs, bool up)
{
	uint64_t best = 0;
	unsigned i;

	for (i = 0; i < res->plan.ncells; i++) {
		const struct cell_result *r = &res->cells[i];
		double b = (double)r->cell.bs;

		if (r->cell.mode != mode || r->status == CELL_PENDING || auto_iops(res, (int)i) <= 0)
			continue;
		if (!up && b < bs && r->cell.bs > best)
			best = r->cell.bs;
		if (up && b > bs && (best == 0 || r->cell.bs < best))
			best = r->cell.bs;
	}
	return best;
}

/*
 * The next block size of the knee bisection (step 2 above), or 0 when both
 * caps are settled or nothing more can be learnt by adding one.
 */
static uint64_t
auto_bisect_bs(const struct autoplan *ap, const struct results *res, enum rw_mode mode,
    const struct knee *k, char *why, size_t len)
{
	bool iops_ok = auto_cap_ok(k->iops_cap, k->iops_lo, k->iops_hi, k->iops_npoints);
	bool bw_ok = auto_cap_ok(k->bw_cap, k->bw_lo, k->bw_hi, k->bw_npoints);
	uint64_t bs = 0, lo, hi;
	bool left;

	static const uint64_t more[] = { 16 * KIB, 256 * KIB, 4 * MIB, 1 * KIB };
	unsigned m;

	if (ap->nbisect >= AUTO_BISECT_MAX)
		return 0;
	if (k->kind == KNEE_TOO_FEW) {
		/* A coarse cell left out as noisy or stalled: more sizes, so the fit has 3. */
		if (k->nleft_out > 0)
			snprintf(why, len, "knee search %u: %u cell%s left out (noisy or stalled)",
			    ap->nbisect + 1, k->nleft_out, k->nleft_out == 1 ? "" : "s");
		else
			snprintf(why, len, "knee search %u: too few block sizes with figures",
			    ap->nbisect + 1);
		for (m = 0; m < sizeof more / sizeof more[0]; m++)
			if (auto_fits(ap, more[m]) &&
			    auto_find(res, mode, more[m], ap->depth_max, ap->jobs) < 0)
				return more[m];
		return 0;
	}
	if (k->kind == KNEE_IOPS_BOUND) {
		bs = k->bs_max * 4 > ap->bs_hi ? ap->bs_hi : k->bs_max * 4;
		snprintf(why, len, "knee search %u: IOPS-bound up to the largest size", ap->nbisect + 1);
		return auto_fits(ap, bs) && bs > k->bs_max &&
		    auto_find(res, mode, bs, ap->depth_max, ap->jobs) < 0 ? bs : 0;
	}
	if (k->kind == KNEE_BW_BOUND) {
		bs = k->bs_min / 4 < ap->bs_lo ? ap->bs_lo : k->bs_min / 4;
		snprintf(why, len, "knee search %u: bandwidth-bound down to the smallest size",
		    ap->nbisect + 1);
		return auto_fits(ap, bs) && bs < k->bs_min &&
		    auto_find(res, mode, bs, ap->depth_max, ap->jobs) < 0 ? bs : 0;
	}
	/* A plateau of 3 sizes or more that is still wide is noise: another size only widens it. */
	iops_ok = iops_ok || k->iops_npoints >= 3;
	bw_ok = bw_ok || k->bw_npoints >= 3;
	if (iops_ok && bw_ok)
		return 0;
	left = !iops_ok && (bw_ok || k->iops_npoints <= k->bw_npoints);
	lo = auto_neighbour(res, mode, k->knee_bs, false);
	hi = auto_neighbour(res, mode, k->knee_bs, true);
	if (left && lo > 0)
		bs = auto_round(ap, sqrt((double)lo * k->knee_bs));
	else if (!left && hi > 0)
		bs = auto_round(ap, sqrt((double)hi * k->knee_bs));
	if (bs == 0 || bs == lo || bs == hi || auto_find(res, mode, bs, ap->depth_max, ap->jobs) >= 0)
		/* The bracket is as narrow as the sizes allow: widen the plateau outwards. */
		bs = left ? auto_round(ap, (double)k->bs_min / 2) : k->bs_max * 2;
	snprintf(why, len, "knee bisection %u (%s cap)", ap->nbisect + 1, left ? "IOPS" : "bandwidth");
	if (!auto_fits(ap, bs) || auto_find(res, mode, bs, ap->depth_max, ap->jobs) >= 0)
		return 0;
	return bs;
}

/* The smallest and largest block size of mode measured at the highest depth. */
static void
auto_depth_sizes(const struct autoplan *ap, const struct results *res, enum rw_mode mode,
    uint64_t *small, uint64_t *large)
{
	unsigned i;

	*small = *large = 0;
	for (i = 0; i < res->plan.ncells; i++) {
		const struct cell *c = &res->cells[i].cell;

		if (c->mode != mode || c->depth != ap->depth_max || auto_iops(res, (int)i) <= 0)
			continue;
		if (*small == 0 || c->bs < *small)
			*small = c->bs;
		if (c->bs > *large)
			*large = c->bs;
	}
}

/* The gain of depth step i (IOPS at cell j over cell i) noted in j's reason, once measured. */
static void
auto_note_gain(struct results *res, int j, unsigned from, unsigned to, double gain)
{
	char *why = res->cells[j].cell.why;

	if (strncmp(why, "depth search", 12) != 0 || strchr(why, ':') != NULL)
		return;
	if (strcmp(why, "depth search QD1") == 0)
		snprintf(why, sizeof res->cells[j].cell.why, "depth search QD1: %+.0f%% to QD%u, "
		    "saturated", gain * 100, to);
	else
		snprintf(why, sizeof res->cells[j].cell.why, "depth search %u\u2192%u: %+.0f%%%s",
		    from, to, gain * 100, gain * 100 < AUTO_DEPTH_GAIN_PCT ? ", saturated" : "");
	str_copy(res->plan.cells[j].why, sizeof res->plan.cells[j].why, why);
}

/*
 * The depth search at bs (step 3): the next depth to measure (0 when it is
 * over), and in *sat the saturating depth found (0: none yet, or not
 * saturated by the highest depth), with the step's gain and its end depth
 * in *gain_out and *to.  A depth whose IOPS are within AUTO_DEPTH_GAIN_PCT
 * of the highest depth's (the coarse pass's cell) is saturated without the
 * doublings between: IOPS that do not fall with depth cannot gain more on
 * the way.
 */
static unsigned
auto_depth_step(const struct autoplan *ap, struct results *res, enum rw_mode mode, uint64_t bs,
    unsigned *sat, double *gain_out, unsigned *to, char *why, size_t len)
{
	unsigned d = 1, nd;
	int i, j, top = auto_find(res, mode, bs, ap->depth_max, ap->jobs);

	*sat = *to = 0;
	*gain_out = 0;
	if ((i = auto_find(res, mode, bs, 1, ap->jobs)) < 0) {
		snprintf(why, len, "depth search QD1");
		return 1;
	}
	while (d < ap->depth_max) {
		if (auto_iops(res, i) <= 0)
			return 0;
		nd = 2 * d < ap->depth_max ? 2 * d : ap->depth_max;
		j = auto_find(res, mode, bs, nd, ap->jobs);
		if (j < 0 && top >= 0 && auto_iops(res, top) > 0 &&
		    (auto_iops(res, top) / auto_iops(res, i) - 1) * 100 < AUTO_DEPTH_GAIN_PCT)
			j = top;
		if (j < 0) {
			snprintf(why, len, "depth search %u\u2192%u", d, nd);
			return nd;
		}
		if (auto_iops(res, j) <= 0)
			return 0;
		*to = res->cells[j].cell.depth;
		*gain_out = auto_iops(res, j) / auto_iops(res, i) - 1;
		auto_note_gain(res, j == top && *to != nd ? i : j, d, *to, *gain_out);
		/*
		 * Saturated only where the summary says so too: within
		 * SATURATION_TOL of the highest depth's IOPS.  A doubling that
		 * loses IOPS on a noisy disk (QD2 16,000 -> QD4 13,000 under a
		 * QD32 of 44,000) is not where IOPS stop growing.
		 */
		if (*gain_out * 100 < AUTO_DEPTH_GAIN_PCT && (top < 0 || auto_iops(res, i) >=
		    (1 - SATURATION_TOL) * auto_iops(res, top))) {
			*sat = d;
			return 0;
		}
		d = nd;
		i = j;
	}
	return 0;
}

/* The next cell of mode (steps 1-4), or false when every question has its answer. */
static bool
auto_mode_next(struct autoplan *ap, struct results *res, enum rw_mode mode, struct cell *c)
{
	struct knee k;
	uint64_t sizes[2];
	unsigned i, sat, to;
	double gain;
	char b[32];

	memset(c, 0, sizeof *c);
	c->mode = mode;
	c->jobs = ap->jobs;
	c->depth = ap->depth_max;
	for (i = 0; i < 3 && ap->coarse[i] != 0; i++)
		if (auto_fits(ap, ap->coarse[i]) &&
		    auto_find(res, mode, ap->coarse[i], ap->depth_max, ap->jobs) < 0) {
			c->bs = ap->coarse[i];
			str_copy(c->why, sizeof c->why, "coarse pass");
			return true;
		}
	analysis_caps_knee(res->cells, res->plan.ncells, mode, SUMMARY_NO_SHARE, &k);
	if ((c->bs = auto_bisect_bs(ap, res, mode, &k, c->why, sizeof c->why)) != 0) {
		ap->nbisect++;
		return true;
	}
	auto_depth_sizes(ap, res, mode, &sizes[0], &sizes[1]);
	for (i = 0; i < 2; i++) {
		if (sizes[i] == 0 || (i == 1 && sizes[1] == sizes[0]))
			continue;
		c->depth = auto_depth_step(ap, res, mode, sizes[i], &sat, &gain, &to, c->why,
		    sizeof c->why);
		if (c->depth != 0) {
			c->bs = sizes[i];
			return true;
		}
	}
	c->depth = 1;
	c->bs = ap->qd1_bs;
	snprintf(c->why, sizeof c->why, "QD1 latency at %s", size_human(c->bs, b, sizeof b));
	return auto_fits(ap, c->bs) && auto_find(res, mode, c->bs, 1, ap->jobs) < 0;
}

/* Append cell c to the run's plan p and to the record res (pending). */
static void
auto_append(struct plan *p, struct results *res, const struct cell *c)
{
	unsigned n = res->plan.ncells;

	p->cells = xrealloc(p->cells, (n + 1) * sizeof *p->cells);
	res->plan.cells = xrealloc(res->plan.cells, (n + 1) * sizeof *res->plan.cells);
	res->cells = xrealloc(res->cells, (n + 1) * sizeof *res->cells);
	p->cells[n] = *c;
	p->cells[n].index = n;
	res->plan.cells[n] = p->cells[n];
	memset(&res->cells[n], 0, sizeof res->cells[n]);
	res->cells[n].cell = p->cells[n];
	res->cells[n].status = CELL_PENDING;
	p->ncells = res->plan.ncells = n + 1;
}

/* Start mode cur: its share of what is left of the budget. */
static void
auto_mode_start(struct autoplan *ap, uint64_t now)
{
	uint64_t end = ap->start_ns + ap->budget_ns - AUTO_RESERVE_NS, left;

	left = end > now ? end - now : 0;
	ap->mode_end_ns = now + left / (ap->nmodes - ap->cur);
	ap->nbisect = 0;
}

/*
 * The run's next cell, appended to p and res: true, or false when every
 * mode is done or the budget is spent.  p's runtime is cut to what the
 * budget has left.
 */
bool
autoplan_extend(struct autoplan *ap, struct plan *p, struct results *res)
{
	struct cell c;
	uint64_t now = now_ns(), need, left;
	char b[32];

	if (ap->fixed)
		return false;
	for (; ap->cur < ap->nmodes; ap->cur++, ap->mode_end_ns = 0) {
		if (ap->mode_end_ns == 0)
			auto_mode_start(ap, now);
		if (!auto_mode_next(ap, res, ap->modes[ap->cur], &c))
			continue;
		need = (uint64_t)(ap->ramp_s + ap->least_s + AUTO_OVERHEAD_S) * NSEC_PER_SEC;
		left = ap->mode_end_ns > now ? ap->mode_end_ns - now : 0;
		/* The first cell runs whatever the layout took: a run of no cell says nothing. */
		if (left < need && res->plan.ncells > 0) {
			snprintf(ap->open[ap->cur], sizeof ap->open[0], "%s (bs %s, depth %u)", c.why,
			    size_short(c.bs, b, sizeof b), c.depth);
			continue;
		}
		p->runtime_s = ap->runtime_s;
		if ((uint64_t)(ap->ramp_s + ap->runtime_s + AUTO_OVERHEAD_S) * NSEC_PER_SEC > left)
			p->runtime_s = left < need ? ap->least_s :
			    (unsigned)(left / NSEC_PER_SEC) - ap->ramp_s - AUTO_OVERHEAD_S;
		auto_append(p, res, &c);
		printf("auto: %s bs %s depth %u: %s\n", mode_name(c.mode),
		    size_short(c.bs, b, sizeof b), c.depth, c.why);
		return true;
	}
	return false;
}

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

/* The saturating depth at the two sizes of the depth search, and the QD1 latency. */
static void
auto_depth_findings(const struct autoplan *ap, struct results *res, enum rw_mode mode)
{
	uint64_t sizes[2];
	unsigned i, sat, to;
	double gain;
	char why[96], a[32];
	int q;

	auto_depth_sizes(ap, res, mode, &sizes[0], &sizes[1]);
	for (i = 0; i < 2; i++) {
		if (sizes[i] == 0 || (i == 1 && sizes[1] == sizes[0]))
			continue;
		size_human(sizes[i], a, sizeof a);
		if (ap->depth_max == 1)
			auto_finding(res, "%s: saturating depth at %s: not searched (--depth gives QD1 "
			    "only)", mode_name(mode), a);
		else if (auto_depth_step(ap, res, mode, sizes[i], &sat, &gain, &to, why,
		    sizeof why) != 0)
			auto_finding(res, "%s: saturating depth at %s: not settled (%s %s)",
			    mode_name(mode), a, ap->fixed ? "not among the cells of --like:" :
			    "the budget ended before", why);
		else if (sat > 0)
			auto_finding(res, "%s: saturating depth at %s: QD%u (QD%u\u2192%u: %+.1f%% IOPS, "
			    "under %u%%)", mode_name(mode), a, sat, sat, to, gain * 100,
			    AUTO_DEPTH_GAIN_PCT);
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

/* The most cells one mode can take: coarse, bisection, two depth searches, QD1 4 KiB. */
static unsigned
auto_mode_cells_max(const struct autoplan *ap)
{
	unsigned steps = 1, d;

	for (d = 1; d < ap->depth_max; d *= 2)
		steps++;
	return 3 + AUTO_BISECT_MAX + 2 * steps + 1;
}

/* The most cells the run can take (for the progress line). */
unsigned
autoplan_cells_max(const struct autoplan *ap)
{
	return auto_mode_cells_max(ap) * ap->nmodes;
}

/* The strategy, and the longest it can take: for sweep plan --auto and the start of a run. */
void
autoplan_print(FILE *f, const struct autoplan *ap, const struct plan *p, const struct target *t)
{
	uint64_t cell_ns = (uint64_t)(ap->ramp_s + ap->runtime_s + AUTO_OVERHEAD_S) * NSEC_PER_SEC;
	uint64_t worst = cell_ns * auto_mode_cells_max(ap) * ap->nmodes;
	char modes[128] = "", dur[32], bud[32], coarse[64] = "";
	unsigned m;
	size_t n;

	if (ap->fixed) {
		plan_print(f, p, t, false);
		fprintf(f, "Cells: those measured in %s (--like), so that sweep compare has every "
		    "cell in common\n", ap->like);
		return;
	}
	for (m = 0; m < ap->nmodes; m++)
		snprintf(modes + strlen(modes), sizeof modes - strlen(modes), "%s%s", m ? ", " : "",
		    mode_name(ap->modes[m]));
	for (m = 0; m < 3 && ap->coarse[m] != 0; m++) {
		snprintf(coarse + strlen(coarse), sizeof coarse - strlen(coarse), "%s%s",
		    m ? ", " : "", size_short(ap->coarse[m], dur, sizeof dur));
		n = strlen(coarse) - 1;
		coarse[n] = (char)toupper((unsigned char)coarse[n]);
	}
	plan_print_target(f, t);
	fprintf(f, "Plan: --auto, cells chosen as the run goes; modes: %s (only these); jobs %u",
	    modes, ap->jobs);
	if (ap->bs_given && ap->bs_lo == ap->bs_hi)
		fprintf(f, "; block size %s only (the bs given)", size_short(ap->bs_lo, dur,
		    sizeof dur));
	else if (ap->bs_given)
		fprintf(f, "; block sizes %s to %s only (the bs given)", size_short(ap->bs_lo, dur,
		    sizeof dur), size_short(ap->bs_hi, bud, sizeof bud));
	fprintf(f, "\nPer mode: 1. coarse pass: %s at QD%u; 2. knee bisection (at most %u "
	    "cells) until the IOPS and bandwidth caps each rest on 2 block sizes within %u%%; "
	    "3. depth search at the smallest and largest block size: QD1, doubling up to QD%u "
	    "until IOPS gain less than %u%% (the saturating depth); 4. QD1 latency at %s\n",
	    coarse, ap->depth_max, AUTO_BISECT_MAX, AUTO_TARGET_PCT, ap->depth_max,
	    AUTO_DEPTH_GAIN_PCT, size_human(ap->qd1_bs, dur, sizeof dur));
	fprintf(f, "Each cell: %u s ramp + at most %u s measured (steady state ends it earlier; "
	    "cut to what the budget has left)\n", ap->ramp_s, ap->runtime_s);
	duration_human(ap->budget_ns, bud, sizeof bud);
	fprintf(f, "Budget: %s%s, shared by the modes still to run; questions it leaves open are "
	    "named at the end and in report.md\n", bud, ap->budget_default ?
	    " (the default: 2 min 30 s per mode)" : "");
	fprintf(f, "Estimated duration: at most %s (%u cells at most)\n",
	    duration_human(worst < ap->budget_ns ? worst : ap->budget_ns, dur, sizeof dur),
	    auto_mode_cells_max(ap) * ap->nmodes);
}

/* Is cell c of an earlier run one this run can measure?  0, or -EINVAL after one line. */
static int
auto_like_cell(const char *like, const struct plan *p, const struct cell *c)
{
	unsigned k;
	char b[32];

	for (k = 0; k < p->ncells && p->cells[k].mode != c->mode; k++)
		;
	if (k == p->ncells) {
		sweep_error("--like %s: its cells include %s, not among this run's modes (give "
		    "--modes with it%s)", like, mode_name(c->mode), mode_writes(c->mode) ?
		    ", and --destructive on a device" : "");
		return -EINVAL;
	}
	if (c->bs < SWEEP_BS_MIN || c->bs > SWEEP_BS_MAX || c->bs % 512 != 0 || c->depth < 1 ||
	    c->depth > SWEEP_DEPTH_MAX || c->jobs < 1 || c->jobs > SWEEP_JOBS_MAX) {
		sweep_error("--like %s: a cell has block size %s, depth %u, jobs %u: block sizes are "
		    "multiples of 512 up to 64M, depths 1-%u, jobs 1-%u", like,
		    size_short(c->bs, b, sizeof b), c->depth, c->jobs, SWEEP_DEPTH_MAX, SWEEP_JOBS_MAX);
		return -EINVAL;
	}
	return 0;
}

/*
 * --auto --like DIR: p's cells become the measured cells of DIR/results.json
 * (untrusted: each is checked), each with its reason there; the modes must
 * be among p's, so the write guards that p passed still hold.  -EINVAL
 * after one line.
 */
int
autoplan_like(const struct auto_opts *o, struct plan *p)
{
	const char *like = o->like;
	char *path = xasprintf("%s/results.json", like);
	struct results old;
	struct cell *cells;
	unsigned i, k, n = 0;
	int err = -EINVAL;

	if (access(path, F_OK) != 0) {
		sweep_error("--like %s: no results.json there (give the output directory of an "
		    "earlier run)", like);
		free(path);
		return -EINVAL;
	}
	if (results_load(path, &old) != 0) {
		free(path);
		return -EINVAL;
	}
	free(path);
	cells = xcalloc(old.plan.ncells ? old.plan.ncells : 1, sizeof *cells);
	for (i = 0; i < old.plan.ncells; i++) {
		struct cell c = old.cells[i].cell;

		if (old.cells[i].status == CELL_PENDING)
			continue;
		if (auto_like_cell(like, p, &c) != 0)
			goto out;
		if (n >= AUTO_LIKE_CELLS_MAX) {
			sweep_error("--like %s: more than %u cells", like, AUTO_LIKE_CELLS_MAX);
			goto out;
		}
		for (k = 0; k < n; k++)
			if (cells[k].mode == c.mode && cells[k].bs == c.bs && cells[k].depth == c.depth &&
			    cells[k].jobs == c.jobs)
				break;
		if (k < n)
			continue;
		c.index = n;
		snprintf(c.why, sizeof c.why, "as in %.*s%s%.*s", TEXT_CUT(old.label, 40),
		    old.cells[i].cell.why[0] ? ": " : "", TEXT_CUT(old.cells[i].cell.why, 40));
		cells[n++] = c;
	}
	if (n == 0) {
		sweep_error("--like %s: its results.json has no measured cell", like);
		goto out;
	}
	free(p->cells);
	p->cells = cells;
	p->ncells = n;
	cells = NULL;
	err = 0;
out:
	free(cells);
	results_free(&old);
	return err;
}
