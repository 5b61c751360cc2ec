/*
 * sweep run --auto: choose the cells as the run goes.
 *
 * What a reader takes from a sweep is, per mode, the IOPS cap, the
 * bandwidth cap, the knee between them, the depth where the volume
 * saturates and the QD1 latency.  Per mode, in this order:
 *
 * 0. Again: a cell already run whose verdict is noisy or stalled is left
 *    out of the caps (analysis-curve.c), so it answers nothing; one whose
 *    device other I/O shared (its BW check's device leg moved more than
 *    it did) shows its share of the device, steady or not.  Either runs
 *    again (an attempt, as --retry-unstable's: the cell keeps each one and
 *    shows the first steady one without other I/O) up to AUTO_AGAIN_MAX
 *    times, before any new cell, while the budget lasts.
 * 1. QD1 pass: the coarse pass's smallest and largest size (4 KiB and
 *    1 MiB) at QD1: the QD1 latency, the start of both depth searches and,
 *    where QD1 saturates, a point of each cap.
 * 2. First plateau cells: at the highest depth, one size either side of
 *    the knee the QD1 pass suggests (bandwidth at 1 MiB over IOPS at
 *    4 KiB), each twice from it or more, powers of two: the caps model
 *    needs two sizes a cap, and these make two with the QD1 pass's.
 * 3. A QD1 cell below the caps for certain (a larger size has more IOPS,
 *    or a smaller one more bandwidth: neither can under the two caps)
 *    gets the highest depth at its size too: it shows what the depth
 *    allowed, and the cell at the highest depth is the size's point of
 *    the curve.
 * 4. Knee bisection: the caps and their ranges come from the robust
 *    estimate of analysis-caps.c (analysis_caps_knee).  A cap is settled when
 *    its plateau rests on two block sizes or more and its range (lowest to
 *    highest cell) is within AUTO_TARGET_PCT of it.  While one is not, a
 *    block size is added halfway (in log space) between the knee and the
 *    nearest measured size on that cap's side, so the new cell lands on
 *    the plateau and the bracket around the knee narrows; a mode bound by
 *    one cap at every size measured is extended (x4 up to 8 MiB, /4 down
 *    to 512 B) until the other cap shows.  At most AUTO_BISECT_MAX cells.
 * 5. Depth search at the QD1 pass's two sizes: a QD1 cell on a settled cap
 *    (within AUTO_DEPTH_GAIN_PCT of it) is saturated, as no depth can do
 *    more than the cap; otherwise doubling from QD1 until IOPS gain less
 *    than AUTO_DEPTH_GAIN_PCT; the depth before that step is the
 *    saturating depth.  A depth within that of the highest depth's IOPS
 *    is saturated at once.
 * 6. QD1 latency at 4 KiB, when the QD1 pass did not measure it.
 *
 * Cells already measured (any question's) are reused, never run twice but
 * as step 0's attempts.  The budget is shared by the modes still to run
 * when each starts; a cell is run only if its ramp and least runtime fit
 * what is left, and its runtime is cut to fit; a mode whose budget ends
 * says which questions it left open.
 *
 * The time of a cell is its ramp, the seconds steady state needs and its
 * set-up.  Steady state still ends every cell early, and at once
 * (plan.steady_soon: the seconds it judged are the evidence, the rest of
 * the second adds none).  The ramp is AUTO_RAMP_S unless --ramp is given:
 * what a ramp keeps out of the figures is the start, and on a throttled
 * volume the start is one burst inside the first second (blk-throttle's
 * new slice: 3,188 I/Os in a 3,000 IOPS second, then 3,000 flat); a
 * longer settling shows in the seconds steady state judges (a band of
 * 2% with no trend) and keeps the cell running.  A cell runs at most
 * AUTO_RUNTIME_S unless --runtime is given: one not steady by then is
 * judged on 6 seconds, the window the stability verdict's threshold is
 * set for (analysis-stability.c), and a noisy one is measured again
 * (step 0) rather than averaged over longer.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/analysis.h"
#include "base/util.h"
#include "io/target.h"
#include "loop/auto-plan.h"
#include "loop/auto.h"
#include "plan/plan.h"
#include "results/results.h"

static const uint64_t auto_coarse[] = { 4 * KIB, 64 * KIB, 1 * MIB };

/* The index of the cell (mode, bs, depth, jobs) that has run, or -1. */
int
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
double
auto_iops(const struct results *res, int i)
{
	const struct cell_result *r = &res->cells[i];

	return r->status == CELL_OK && r->iops > 0 ? r->iops : 0;
}

/* Does block size bs fit the target (alignment, region) and the range of --bs? */
bool
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

/* An open-loop cell c of the given plan: its rate into ap's list, once. */
static void
auto_rates_take(struct autoplan *ap, const struct cell *c)
{
	unsigned i;

	if (!plan_cell_open(c))
		return;
	for (i = 0; i < ap->nrates; i++)
		if (plan_cell_same_rate(&ap->rates[i], c))
			return;
	if (ap->nrates < SWEEP_RATES_MAX)
		ap->rates[ap->nrates++] = *c;
}

struct autoplan *
autoplan_new(const struct auto_opts *o, const struct plan *p, const struct target *t,
    uint64_t start_ns)
{
	struct autoplan *ap = xcalloc(1, sizeof *ap);
	struct plan q;
	unsigned i, k;

	ap->jobs = p->ncells > 0 ? p->cells[0].jobs : 1;
	for (i = 0; i < p->ncells; i++) {
		const struct cell *c = &p->cells[i];

		auto_rates_take(ap, c);
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
	ap->budget_default = o->budget_s == 0;
	ap->budget_ns = (uint64_t)(o->budget_s ? o->budget_s :
	    AUTO_BUDGET_PER_MODE_S * ap->nmodes) * NSEC_PER_SEC;
	q = *p;
	autoplan_times(o, p, &q.ramp_s, &q.runtime_s);
	ap->ramp_s = q.ramp_s;
	ap->runtime_s = q.runtime_s;
	ap->least_s = plan_steady(&q) ? plan_steady_least(&q) : q.runtime_s;
	if (ap->least_s > q.runtime_s)
		ap->least_s = q.runtime_s;
	if (o->like != NULL) {
		str_copy(ap->like, sizeof ap->like, o->like);
		ap->fixed = true;
	}
	return ap;
}

/*
 * The planner of a run: as autoplan_new; p's cells are dropped (the run
 * adds them; --like keeps them), and its cells take --auto's ramp and
 * runtime and end at once when steady.
 */
struct autoplan *
autoplan_start(const struct auto_opts *o, struct plan *p, const struct target *t,
    uint64_t start_ns)
{
	struct autoplan *ap = autoplan_new(o, p, t, start_ns);

	if (!ap->fixed)
		p->ncells = 0;
	p->ramp_s = ap->ramp_s;
	p->runtime_s = ap->runtime_s;
	p->steady_soon = true;
	return ap;
}

void
autoplan_free(struct autoplan *ap)
{
	free(ap);
}

/* Is a cap settled: two block sizes or more, and a range within the target? */
bool
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
	bool left, up;

	static const unsigned shift[] = { 2, 1, 3 };
	static const uint64_t more[] = { 16 * KIB, 256 * KIB, 4 * MIB, 1 * KIB, 64 * KIB, 2 * KIB,
	    2 * MIB, 8 * KIB, 128 * KIB };
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
	if (k->kind == KNEE_IOPS_BOUND || k->kind == KNEE_BW_BOUND) {
		up = k->kind == KNEE_IOPS_BOUND;
		snprintf(why, len, up ? "knee search %u: IOPS-bound up to the largest size" :
		    "knee search %u: bandwidth-bound down to the smallest size", ap->nbisect + 1);
		/* x4 (/4), or x2 and x8 (/2, /8) where a size's cells were left out. */
		for (m = 0; m < 3; m++) {
			bs = up ? k->bs_max << shift[m] : k->bs_min >> shift[m];
			bs = up && bs > ap->bs_hi ? ap->bs_hi : !up && bs < ap->bs_lo ? ap->bs_lo : bs;
			if (auto_fits(ap, bs) && (up ? bs > k->bs_max : bs < k->bs_min) &&
			    auto_find(res, mode, bs, ap->depth_max, ap->jobs) < 0)
				return bs;
		}
		return 0;
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
	snprintf(why, len, "knee bisection %u (%s cap)", ap->nbisect + 1, left ? "IOPS" : "bandwidth");
	if (bs != 0 && bs != lo && bs != hi && auto_fits(ap, bs) &&
	    auto_find(res, mode, bs, ap->depth_max, ap->jobs) < 0)
		return bs;
	/*
	 * The bracket is as narrow as the sizes allow, or its size's cells were
	 * left out: widen the plateau outwards, a doubling, then two.
	 */
	for (m = 1; m <= 2; m++) {
		bs = left ? auto_round(ap, (double)k->bs_min / (1 << m)) : k->bs_max << m;
		if (auto_fits(ap, bs) && auto_find(res, mode, bs, ap->depth_max, ap->jobs) < 0)
			return bs;
	}
	return 0;
}

/* The QD1 pass's sizes (the depth search's): the coarse pass's smallest and largest. */
void
auto_ends(const struct autoplan *ap, uint64_t *a, uint64_t *z)
{
	unsigned i;

	*a = *z = ap->coarse[0];
	for (i = 1; i < 3 && ap->coarse[i] != 0; i++)
		*z = ap->coarse[i];
}

/*
 * Whether cell r is one to measure again (step 0): its verdict leaves it
 * out of the caps, or other I/O shared the device with a cell that only
 * reads (results_cell_shared: its figures are its share of the device),
 * and it has had fewer than AUTO_AGAIN_MAX re-runs.
 */
static bool
auto_again_wanted(const struct cell_result *r)
{
	unsigned done = r->nattempts > 0 ? r->nattempts - 1 : 0;

	if (results_attempt_wanted(r, AUTO_AGAIN_MAX))
		return true;
	return r->status == CELL_OK && r->nrounds == 0 && done < AUTO_AGAIN_MAX &&
	    !mode_writes(r->cell.mode) && results_cell_shared(r);
}

/* A cell of mode to measure again (step 0), or -1. */
static int
auto_again(const struct results *res, enum rw_mode mode)
{
	unsigned i;

	for (i = 0; i < res->plan.ncells; i++)
		if (res->cells[i].cell.mode == mode && auto_again_wanted(&res->cells[i]))
			return (int)i;
	return -1;
}

/*
 * Cell i's figures count: it ran, its verdict does not leave it out, and
 * no other I/O shared the device with it (a cell that only reads).
 */
bool
auto_clean(const struct results *res, int i)
{
	return i >= 0 && auto_iops(res, i) > 0 && !analysis_curve_left_out(&res->cells[i]) &&
	    (mode_writes(res->cells[i].cell.mode) || !results_cell_shared(&res->cells[i]));
}

/*
 * A power of two for a first plateau cell (step 2): the largest at most
 * lim (the smallest at least lim, up) that fits and is neither QD1 pass
 * size; 0 none.
 */
static uint64_t
auto_pow2(const struct autoplan *ap, double lim, bool up)
{
	uint64_t a, z, bs = SWEEP_BS_MIN;

	auto_ends(ap, &a, &z);
	while ((double)bs * 2 <= lim && bs < AUTO_BS_TOP)
		bs *= 2;
	if (up && (double)bs < lim)
		bs *= 2;
	for (; bs >= SWEEP_BS_MIN && bs <= AUTO_BS_TOP; bs = up ? bs * 2 : bs / 2)
		if (bs != a && bs != z && auto_fits(ap, bs))
			return bs;
	return 0;
}

/*
 * The sizes of the first plateau cells (step 2), once the QD1 pass has
 * figures: either side of the knee it suggests, bandwidth at the largest
 * size over IOPS at the smallest (on a throttle, the knee itself), twice
 * from it or more.  Without figures, the coarse pass's middle size.
 */
static void
auto_first_sizes(struct autoplan *ap, const struct results *res, enum rw_mode mode)
{
	uint64_t a, z;
	int i, j;
	double knee;

	auto_ends(ap, &a, &z);
	i = auto_find(res, mode, a, 1, ap->jobs);
	j = auto_find(res, mode, z, 1, ap->jobs);
	ap->first_set = true;
	ap->first[0] = ap->first[1] = 0;
	if (a == z)
		return;
	if (i < 0 || j < 0 || auto_iops(res, i) <= 0 || auto_iops(res, j) <= 0) {
		ap->first[0] = ap->coarse[1] != z ? ap->coarse[1] : 0;
		return;
	}
	knee = auto_iops(res, j) * (double)z / auto_iops(res, i);
	ap->first[0] = auto_pow2(ap, knee / 2, false);
	ap->first[1] = auto_pow2(ap, knee * 2, true);
}

/*
 * Whether cell i is on a settled cap (within AUTO_DEPTH_GAIN_PCT of it, at
 * a size of its plateau): no depth can do more there.
 */
static bool
auto_on_cap(const struct results *res, int i, const struct knee *k)
{
	const struct cell_result *r = &res->cells[i];
	double keep = 1 - AUTO_DEPTH_GAIN_PCT / 100.0;
	uint64_t bs = r->cell.bs;

	if (!auto_clean(res, i))
		return false;
	if (k->iops_plateau && auto_cap_ok(k->iops_cap, k->iops_lo, k->iops_hi, k->iops_npoints) &&
	    bs >= k->iops_bs_lo && bs <= k->iops_bs_hi && r->iops >= keep * k->iops_cap)
		return true;
	return k->bw_plateau && auto_cap_ok(k->bw_cap, k->bw_lo, k->bw_hi, k->bw_npoints) &&
	    bs >= k->bw_bs_lo && bs <= k->bw_bs_hi && r->iops * (double)bs >= keep * k->bw_cap;
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
 * The depth search at bs (step 5): the next depth to measure (0 when it is
 * over), and in *sat the saturating depth found (0: none yet, or not
 * saturated by the highest depth), with the step's gain and its end depth
 * in *gain_out and *to (0: QD1 is on a settled cap of k).  When it
 * returns a depth, *to is the one that depth doubles (0: QD1, or the
 * highest depth first), and why the cell's reason.  A QD1 cell
 * below the caps has the highest depth measured first (step 3).  A depth
 * whose IOPS are within AUTO_DEPTH_GAIN_PCT of the highest depth's is
 * saturated without the doublings between: IOPS that do not fall with
 * depth cannot gain more on the way.
 */
unsigned
auto_depth_step(const struct autoplan *ap, struct results *res, enum rw_mode mode, uint64_t bs,
    const struct knee *k, unsigned *sat, double *gain_out, unsigned *to, char *why, size_t len)
{
	unsigned d = 1, nd;
	int i, j, top = auto_find(res, mode, bs, ap->depth_max, ap->jobs);

	*sat = *to = 0;
	*gain_out = 0;
	if ((i = auto_find(res, mode, bs, 1, ap->jobs)) < 0) {
		snprintf(why, len, "depth search QD1");
		return 1;
	}
	if (auto_on_cap(res, i, k)) {
		*sat = 1;
		return 0;
	}
	/* Left out after its attempts (step 0 ran first): no depth can be compared with it. */
	if (!auto_clean(res, i))
		return 0;
	if (top < 0 && ap->depth_max > 1) {
		snprintf(why, len, "depth search QD%u: QD1 is below the caps", ap->depth_max);
		return ap->depth_max;
	}
	while (d < ap->depth_max) {
		/* A cell left out (after its attempts) says nothing a doubling could build on. */
		if (!auto_clean(res, i))
			return 0;
		nd = 2 * d < ap->depth_max ? 2 * d : ap->depth_max;
		j = auto_find(res, mode, bs, nd, ap->jobs);
		if (j < 0 && top >= 0 && auto_iops(res, top) > 0 &&
		    (auto_iops(res, top) / auto_iops(res, i) - 1) * 100 < AUTO_DEPTH_GAIN_PCT)
			j = top;
		if (j < 0) {
			snprintf(why, len, "depth search %u\u2192%u", d, nd);
			*to = d;
			return nd;
		}
		if (!auto_clean(res, j))
			return 0;
		*to = res->cells[j].cell.depth;
		*gain_out = auto_iops(res, j) / auto_iops(res, i) - 1;
		auto_note_gain(res, j, d, *to, *gain_out);
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

/*
 * Whether clean cell i is below the caps for certain: a clean cell of a
 * larger size has more IOPS (of a smaller size, more bandwidth, when bw),
 * by more than AUTO_DEPTH_GAIN_PCT.  Under min(IOPS cap, bandwidth cap /
 * size) neither can be, so cell i is short of what its size allows.
 */
static bool
auto_below(const struct results *res, int i, bool bw)
{
	const struct cell_result *r = &res->cells[i];
	double more = 1 + AUTO_DEPTH_GAIN_PCT / 100.0;
	unsigned j;

	if (!auto_clean(res, i))
		return false;
	for (j = 0; j < res->plan.ncells; j++) {
		const struct cell_result *q = &res->cells[j];

		if (q->cell.mode != r->cell.mode || !auto_clean(res, (int)j))
			continue;
		if (!bw && q->cell.bs > r->cell.bs && q->iops > more * r->iops)
			return true;
		if (bw && q->cell.bs < r->cell.bs &&
		    q->iops * (double)q->cell.bs > more * r->iops * (double)r->cell.bs)
			return true;
	}
	return false;
}

/*
 * Steps 1-3 of mode: the next cell into c (bs, depth, why), or false when
 * they have none left.
 */
static bool
auto_mode_first(struct autoplan *ap, struct results *res, enum rw_mode mode, struct cell *c,
    const struct knee *k)
{
	uint64_t ends[2];
	unsigned e;
	int i;

	auto_ends(ap, &ends[0], &ends[1]);
	for (e = 0; e < 2; e++)
		if (auto_fits(ap, ends[e]) && auto_find(res, mode, ends[e], 1, ap->jobs) < 0) {
			c->bs = ends[e];
			c->depth = 1;
			str_copy(c->why, sizeof c->why, "QD1 pass");
			return true;
		}
	if (!ap->first_set)
		auto_first_sizes(ap, res, mode);
	for (e = 0; e < 2; e++)
		if (ap->first[e] != 0 &&
		    auto_find(res, mode, ap->first[e], ap->depth_max, ap->jobs) < 0) {
			c->bs = ap->first[e];
			c->depth = ap->depth_max;
			snprintf(c->why, sizeof c->why, "first %s cell",
			    e == 0 ? "IOPS-plateau" : "bandwidth-plateau");
			return true;
		}
	for (e = 0; e < 2 && ap->depth_max > 1; e++) {
		i = auto_find(res, mode, ends[e], 1, ap->jobs);
		if (i < 0 || auto_on_cap(res, i, k) || !auto_below(res, i, e == 1) ||
		    auto_find(res, mode, ends[e], ap->depth_max, ap->jobs) >= 0)
			continue;
		c->bs = ends[e];
		c->depth = ap->depth_max;
		snprintf(c->why, sizeof c->why, "depth search QD%u: QD1 is below the caps",
		    ap->depth_max);
		return true;
	}
	return false;
}

/*
 * The next cell of mode (steps 0-6), or false when every question has its
 * answer; *again is the cell to measure again (step 0), or -1.
 */
static bool
auto_mode_next(struct autoplan *ap, struct results *res, enum rw_mode mode, struct cell *c,
    int *again)
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
	if ((*again = auto_again(res, mode)) >= 0) {
		*c = res->cells[*again].cell;
		snprintf(c->why, sizeof c->why, "again (%s)", res->cells[*again].stability.verdict ==
		    STABILITY_STALLED ? "stalled" : res->cells[*again].stability.verdict ==
		    STABILITY_NOISY ? "noisy" : "other I/O on the device");
		return true;
	}
	analysis_caps_knee(res->cells, res->plan.ncells, mode, SUMMARY_NO_SHARE, &k);
	if (auto_mode_first(ap, res, mode, c, &k))
		return true;
	if ((c->bs = auto_bisect_bs(ap, res, mode, &k, c->why, sizeof c->why)) != 0) {
		c->depth = ap->depth_max;
		ap->nbisect++;
		return true;
	}
	auto_ends(ap, &sizes[0], &sizes[1]);
	for (i = 0; i < 2; i++) {
		if (!auto_fits(ap, sizes[i]) || (i == 1 && sizes[1] == sizes[0]))
			continue;
		c->depth = auto_depth_step(ap, res, mode, sizes[i], &k, &sat, &gain, &to, c->why,
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
void
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
	ap->first_set = false;
}

/*
 * The run's next cell: true, or false when every mode is done or the
 * budget is spent.  A new cell is appended to p and res (*again is
 * AUTOPLAN_NEW); a cell to measure again is not (*again is its index).
 * p's runtime is cut to what the budget has left.
 */
bool
autoplan_extend(struct autoplan *ap, struct plan *p, struct results *res, unsigned *again)
{
	struct cell c;
	uint64_t now = now_ns(), need, left;
	char b[32];
	int i;

	*again = AUTOPLAN_NEW;
	if (ap->fixed)
		return false;
	for (; ap->cur < ap->nmodes; ap->cur++, ap->mode_end_ns = 0) {
		if (ap->mode_end_ns == 0)
			auto_mode_start(ap, now);
		if (!auto_mode_next(ap, res, ap->modes[ap->cur], &c, &i))
			continue;
		need = (uint64_t)(ap->ramp_s + ap->least_s + AUTO_OVERHEAD_S) * NSEC_PER_SEC;
		left = ap->mode_end_ns > now ? ap->mode_end_ns - now : 0;
		/* The first cell runs whatever the layout took: a run of no cell says nothing. */
		if (left < need && res->plan.ncells > 0) {
			ap->open[ap->cur] = c;
			ap->open_set[ap->cur] = true;
			continue;
		}
		p->runtime_s = ap->runtime_s;
		if ((uint64_t)(ap->ramp_s + ap->runtime_s + AUTO_OVERHEAD_S) * NSEC_PER_SEC > left)
			p->runtime_s = left < need ? ap->least_s :
			    (unsigned)(left / NSEC_PER_SEC) - ap->ramp_s - AUTO_OVERHEAD_S;
		if (i >= 0)
			*again = (unsigned)i;
		else
			auto_append(p, res, &c);
		printf("auto: %s bs %s depth %u: %s\n", mode_name(c.mode),
		    size_short(c.bs, b, sizeof b), c.depth, c.why);
		return true;
	}
	return false;
}

/*
 * The most cells one mode can take: two first plateau cells, bisection,
 * two depth searches (QD1 to the highest depth: the QD1 pass's and step
 * 3's cells among them), QD1 4 KiB.
 */
static unsigned
auto_mode_cells_max(const struct autoplan *ap)
{
	unsigned steps = 1, d;

	for (d = 1; d < ap->depth_max; d *= 2)
		steps++;
	return 2 + AUTO_BISECT_MAX + 2 * steps + 1;
}

/* The most cells the run can take (for the progress line). */
unsigned
autoplan_cells_max(const struct autoplan *ap)
{
	return (auto_mode_cells_max(ap) + (ap->fixed ? 0 : ap->nrates)) * ap->nmodes;
}

/* The strategy, and the longest it can take: for sweep plan --auto and the start of a run. */
void
autoplan_print(FILE *f, const struct autoplan *ap, const struct plan *p, const struct target *t)
{
	uint64_t cell_ns = (uint64_t)(ap->ramp_s + ap->runtime_s + AUTO_OVERHEAD_S) * NSEC_PER_SEC;
	uint64_t worst = cell_ns * auto_mode_cells_max(ap) * ap->nmodes * (1 + AUTO_AGAIN_MAX);
	char modes[128] = "", dur[32], bud[32], ends[2][32];
	struct plan q;
	uint64_t a, z;
	unsigned m;

	if (ap->fixed) {
		q = *p;
		q.ramp_s = ap->ramp_s;
		q.runtime_s = ap->runtime_s;
		plan_print(f, &q, t, false);
		fprintf(f, "Cells: those measured in %s (--like), so that sweep compare has every "
		    "cell in common\n", ap->like);
		return;
	}
	for (m = 0; m < ap->nmodes; m++)
		snprintf(modes + strlen(modes), sizeof modes - strlen(modes), "%s%s", m ? ", " : "",
		    mode_name(ap->modes[m]));
	auto_ends(ap, &a, &z);
	for (m = 0; m < 2; m++) {
		size_short(m == 0 ? a : z, ends[m], sizeof ends[m]);
		ends[m][strlen(ends[m]) - 1] = (char)toupper((unsigned char)ends[m][strlen(ends[m]) - 1]);
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
	fprintf(f, "\nPer mode: 0. a noisy or stalled cell is measured again (up to %u times) "
	    "before any new one; 1. QD1 pass: %s", AUTO_AGAIN_MAX, ends[0]);
	if (z != a)
		fprintf(f, " and %s", ends[1]);
	fprintf(f, " at QD1; 2. a size either side of the knee it suggests at QD%u; 3. QD%u where "
	    "QD1 is below the caps; 4. knee bisection (at most %u cells) until the IOPS and "
	    "bandwidth caps each rest on 2 block sizes within %u%%; 5. depth search at the QD1 "
	    "pass's sizes: QD1 on a settled cap is saturated, else doubling up to QD%u until IOPS "
	    "gain less than %u%% (the saturating depth); 6. QD1 latency at %s\n", ap->depth_max,
	    ap->depth_max, AUTO_BISECT_MAX, AUTO_TARGET_PCT, ap->depth_max, AUTO_DEPTH_GAIN_PCT,
	    size_human(ap->qd1_bs, dur, sizeof dur));
	fprintf(f, "Each cell: %u s ramp + at most %u s measured%s (", ap->ramp_s, ap->runtime_s,
	    ap->ramp_s == AUTO_RAMP_S && ap->runtime_s == AUTO_RUNTIME_S ?
	    " (--auto's; --ramp and --runtime set others)" : "");
	if (ap->least_s < ap->runtime_s)
		fprintf(f, "steady state ends it after %u s or more, at once; ", ap->least_s);
	fprintf(f, "cut to what the budget has left)\n");
	duration_human(ap->budget_ns, bud, sizeof bud);
	fprintf(f, "Budget: %s%s, shared by the modes still to run; questions it leaves open are "
	    "named at the end and in report.md\n", bud, ap->budget_default ?
	    " (the default: 2 min 30 s per mode)" : "");
	fprintf(f, "Estimated duration: at most %s (%u cells at most, each measured up to %u "
	    "times)\n", duration_human(worst < ap->budget_ns ? worst : ap->budget_ns, dur,
	    sizeof dur), auto_mode_cells_max(ap) * ap->nmodes, 1 + AUTO_AGAIN_MAX);
}
