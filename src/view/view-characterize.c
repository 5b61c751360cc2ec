/*
 * The characterization summary every report shows first: per mode the peak
 * IOPS and bandwidth and where they were reached, QD1 4 KiB latency, the
 * knee between IOPS-bound and bandwidth-bound block sizes, and the
 * BW = IOPS x bs checks.  Built once from struct results; the writers only
 * format it.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "results/profile.h"
#include "view/palette.h"
#include "view/view.h"

/* "4 KiB, QD8" or "4 KiB, QD8, 4 jobs": where a figure was reached. */
const char *
view_summary_at(const struct cell_result *r, char *buf, size_t len)
{
	char bs[32], qd[16];

	size_human(r->cell.bs, bs, sizeof bs);
	qd_text(r->cell.depth, qd, sizeof qd);
	if (r->cell.jobs > 1)
		snprintf(buf, len, "%s, %s, %u jobs", bs, qd, r->cell.jobs);
	else
		snprintf(buf, len, "%s, %s", bs, qd);
	return buf;
}

/* A series key while the grid is built: the workload (its rank in the plan), depth, jobs. */
struct grid_key {
	unsigned	rank, depth, jobs;
};

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Order of series: workload as first seen in the plan, then depth, then jobs. */
static int
cmp_key(const void *a, const void *b)
{
	const struct grid_key *x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	if (x->depth != y->depth)
		return x->depth < y->depth ? -1 : 1;
	return x->jobs < y->jobs ? -1 : x->jobs > y->jobs;
}

/* Depth x jobs only: the order of the variants (dash and marker) shared by every mode. */
static int
cmp_variant(const void *a, const void *b)
{
	const struct grid_key *x = a, *y = b;

	if (x->depth != y->depth)
		return x->depth < y->depth ? -1 : 1;
	return x->jobs < y->jobs ? -1 : x->jobs > y->jobs;
}

/*
 * The distinct block sizes and series of the cells with figures, and which
 * cell is where (a later cell of the same mode, size, depth and jobs wins).
 * Sorting keeps it O(n log n) on any results.json.
 */
static void
summary_grid(const struct results *res, struct summary *s)
{
	size_t cap = res->plan.ncells ? res->plan.ncells : 1;
	struct grid_key *keys = xcalloc(cap, sizeof *keys), *pairs;
	unsigned i, j, n = 0, nkeys = 0, npairs = 0;

	s->bs = xcalloc(cap, sizeof *s->bs);
	for (i = 0; i < res->plan.ncells; i++) {
		const struct cell_result *r = &res->cells[i];

		if (!results_cell_has_figures(r))
			continue;
		s->bs[n++] = r->cell.bs;
		keys[nkeys++] = (struct grid_key){ s->cell_wl[i], r->cell.depth, r->cell.jobs };
	}
	qsort(s->bs, n, sizeof *s->bs, cmp_u64);
	for (i = 0; i < n; i++)
		if (s->nbs == 0 || s->bs[s->nbs - 1] != s->bs[i])
			s->bs[s->nbs++] = s->bs[i];
	qsort(keys, nkeys, sizeof *keys, cmp_key);
	for (i = 0, n = 0; i < nkeys; i++)
		if (n == 0 || cmp_key(&keys[n - 1], &keys[i]) != 0)
			keys[n++] = keys[i];
	nkeys = n;

	/* Variants: the distinct depth x jobs pairs, sorted. */
	pairs = xcalloc(nkeys ? nkeys : 1, sizeof *pairs);
	memcpy(pairs, keys, nkeys * sizeof *keys);
	qsort(pairs, nkeys, sizeof *pairs, cmp_variant);
	for (i = 0; i < nkeys; i++)
		if (npairs == 0 || cmp_variant(&pairs[npairs - 1], &pairs[i]) != 0)
			pairs[npairs++] = pairs[i];

	s->series = xcalloc(nkeys ? nkeys : 1, sizeof *s->series);
	s->nseries = nkeys;
	for (j = 0; j < nkeys; j++) {
		struct summary_series *se = &s->series[j];
		char qd[16];
		const struct grid_key *v = bsearch(&keys[j], pairs, npairs, sizeof *pairs, cmp_variant);

		se->wl = keys[j].rank;
		se->mode = s->modes[se->wl].mode;
		memcpy(se->color, s->modes[se->wl].color, sizeof se->color);
		se->depth = keys[j].depth;
		se->jobs = keys[j].jobs;
		se->variant = v != NULL ? (unsigned)(v - pairs) : 0;
		qd_text(se->depth, qd, sizeof qd);
		if (s->multi_jobs) {
			snprintf(se->column, sizeof se->column, "%s x%u", qd, se->jobs);
			snprintf(se->name, sizeof se->name, "%s %s x%u jobs", s->modes[se->wl].name,
			    qd, se->jobs);
		} else {
			snprintf(se->column, sizeof se->column, "%s", qd);
			snprintf(se->name, sizeof se->name, "%s %s", s->modes[se->wl].name, qd);
		}
		se->cell = xcalloc(s->nbs ? s->nbs : 1, sizeof *se->cell);
		for (i = 0; i < s->nbs; i++)
			se->cell[i] = -1;
	}
	for (i = 0; i < res->plan.ncells; i++) {
		const struct cell_result *r = &res->cells[i];
		struct grid_key k;
		const struct grid_key *hit;
		const uint64_t *b;

		if (!results_cell_has_figures(r))
			continue;
		k = (struct grid_key){ s->cell_wl[i], r->cell.depth, r->cell.jobs };
		hit = bsearch(&k, keys, nkeys, sizeof *keys, cmp_key);
		b = bsearch(&r->cell.bs, s->bs, s->nbs, sizeof *s->bs, cmp_u64);
		if (hit != NULL && b != NULL)
			s->series[hit - keys].cell[b - s->bs] = (int)i;
	}
	free(keys);
	free(pairs);
}

/*
 * The series that stands for a mode in the latency chart and sheet: its
 * lowest depth (then jobs) with a latency figure; -1 when none has one.
 */
static int
summary_lat_series(const struct results *res, const struct summary *s, unsigned wl)
{
	unsigned i, b;

	/* Series are sorted by depth, then jobs. */
	for (i = 0; i < s->nseries; i++) {
		if (s->series[i].wl != wl)
			continue;
		for (b = 0; b < s->nbs; b++)
			if (s->series[i].cell[b] >= 0 && res->cells[s->series[i].cell[b]].lat_pct_ns[0] > 0)
				return (int)i;
	}
	return -1;
}

const struct score_tile view_score_tiles[SCORE_TILES] = {
	{ .name = "SEQ 1M Q8", .bs = MIB, .depth = 8, .mode = { MODE_READ, MODE_WRITE } },
	{ .name = "SEQ 1M Q1", .bs = MIB, .depth = 1, .mode = { MODE_READ, MODE_WRITE } },
	{ .name = "RND 4K Q32", .bs = 4 * KIB, .depth = 32,
	  .mode = { MODE_RANDREAD, MODE_RANDWRITE } },
	{ .name = "RND 4K Q1", .bs = 4 * KIB, .depth = 1,
	  .mode = { MODE_RANDREAD, MODE_RANDWRITE } },
};

/*
 * The clean cells (ok, IOPS above 0) of one mode, block size and job count
 * as (depth, IOPS) points, one per depth (the series grid has one cell per
 * depth); returns how many.
 */
static unsigned
summary_depth_points(const struct results *res, const struct summary *s, unsigned wl,
    unsigned b, unsigned jobs, unsigned *depth, double *iops)
{
	unsigned i, n = 0;

	for (i = 0; i < s->nseries; i++) {
		const struct summary_series *se = &s->series[i];
		const struct cell_result *r;

		if (se->wl != wl || se->jobs != jobs || se->cell[b] < 0)
			continue;
		r = &res->cells[se->cell[b]];
		if (r->status != CELL_OK || !(r->iops > 0) || results_cell_clones_skewed(r) ||
		    results_cell_buffered(r))
			continue;
		depth[n] = se->depth;
		iops[n++] = r->iops;
	}
	return n;
}

/*
 * A mode's distinct block sizes, and its saturating depth at the block
 * size with the most depths (the smaller size on a tie), at its lowest
 * job count.
 */
static void
summary_saturation(const struct results *res, const struct summary *s, unsigned wl)
{
	struct summary_mode *sm = &s->modes[wl];
	unsigned *depth = xcalloc(s->nseries ? s->nseries : 1, sizeof *depth);
	double *iops = xcalloc(s->nseries ? s->nseries : 1, sizeof *iops);
	unsigned i, b, jobs = 0, n, best_n = 0, best_b = 0, deepest = 0;
	struct saturation *st = &sm->sat;
	char a[32], c[32], bs[48];
	int at, top = -1;

	for (i = 0; i < s->nseries; i++)
		if (s->series[i].wl == wl && (jobs == 0 || s->series[i].jobs < jobs))
			jobs = s->series[i].jobs;
	for (b = 0; b < s->nbs; b++) {
		for (i = 0; i < s->nseries; i++)
			if (s->series[i].wl == wl && s->series[i].cell[b] >= 0 &&
			    results_cell_has_figures(&res->cells[s->series[i].cell[b]]))
				break;
		if (i < s->nseries)
			sm->nbs++;
		n = summary_depth_points(res, s, wl, b, jobs, depth, iops);
		if (n > best_n) {
			best_n = n;
			best_b = b;
		}
	}
	if (best_n >= SATURATION_MIN_DEPTHS) {
		n = summary_depth_points(res, s, wl, best_b, jobs, depth, iops);
		at = analysis_saturation_depth(depth, iops, n);
		for (i = 0; i < n; i++)
			if (top < 0 || iops[i] > iops[top])
				top = (int)i;
		st->found = true;
		st->bs = s->bs[best_b];
		st->jobs = jobs;
		st->ndepths = n;
		st->depth = depth[at];
		st->iops = iops[at];
		st->best_depth = depth[top];
		st->best_iops = iops[top];
		for (i = 0; i < n; i++)
			if (depth[i] > deepest)
				deepest = depth[i];
		size_human(st->bs, bs, sizeof bs);
		/* Of several job counts, the lowest's: the depth x jobs table has each one's. */
		if (s->multi_jobs)
			snprintf(bs + strlen(bs), sizeof bs - strlen(bs), " with %u job%s", jobs,
			    jobs == 1 ? "" : "s");
		st->reached = st->depth < deepest;
		if (st->reached)
			snprintf(st->text, sizeof st->text, "saturates at QD%u at %s%s: %s IOPS, within "
			    "%.0f%% of the best (%s IOPS at QD%u) of %u depths", st->depth, bs,
			    jobs > 1 && !s->multi_jobs ? " (several jobs)" : "",
			    view_num(st->iops, 0, a, sizeof a),
			    SATURATION_TOL * 100, view_num(st->best_iops, 0, c, sizeof c),
			    st->best_depth, n);
		else
			snprintf(st->text, sizeof st->text, "no saturation up to QD%u, the deepest of %u "
			    "depths at %s%s: %s IOPS there, more than %.0f%% above every lower depth",
			    deepest, n, bs, jobs > 1 && !s->multi_jobs ? " (several jobs)" : "",
			    view_num(st->iops, 0, a, sizeof a), SATURATION_TOL * 100);
	}
	free(depth);
	free(iops);
}

/* A job count and its best IOPS, for summary_jobs; sorted by job count. */
struct jobs_iops {
	unsigned	 jobs;
	double		 iops;
};

static int
cmp_jobs_iops(const void *a, const void *b)
{
	const struct jobs_iops *x = a, *y = b;

	return x->jobs < y->jobs ? -1 : x->jobs > y->jobs;
}

/*
 * How a workload's IOPS scale with jobs, when it ran at several job
 * counts: at the block size of its saturation (else its smallest), each
 * job count's best IOPS over the depths, and which count is best:
 * "at 4 KiB, the best depth of each job count: 1 job 66,911,520, 2 jobs
 * 63,655,696, 4 jobs 71,932,320 IOPS: best at 4 jobs (+8% over 1 job)".
 */
static void
summary_jobs(const struct results *res, struct summary *s, unsigned wl)
{
	struct summary_mode *sm = &s->modes[wl];
	struct jobs_iops at[16];
	unsigned n = 0, i, k, b, best = 0;
	uint64_t bs = sm->sat.found ? sm->sat.bs : 0;
	char a[32], size[32];

	for (b = 0; b < s->nbs && bs == 0; b++)
		for (i = 0; i < s->nseries && bs == 0; i++)
			if (s->series[i].wl == wl && s->series[i].cell[b] >= 0)
				bs = s->bs[b];
	for (b = 0; b < s->nbs && s->bs[b] != bs; b++)
		;
	for (i = 0; i < s->nseries && b < s->nbs; i++) {
		const struct summary_series *se = &s->series[i];
		const struct cell_result *r;

		if (se->wl != wl || se->cell[b] < 0)
			continue;
		r = &res->cells[se->cell[b]];
		/* Clones whose windows differ, or buffered cells, rank nothing (their marks). */
		if (r->status != CELL_OK || !(r->iops > 0) || results_cell_clones_skewed(r) ||
		    results_cell_buffered(r))
			continue;
		for (k = 0; k < n && at[k].jobs != se->jobs; k++)
			;
		if (k == n && n == sizeof at / sizeof at[0])
			continue;
		if (k == n)
			at[n++] = (struct jobs_iops){ .jobs = se->jobs };
		at[k].iops = r->iops > at[k].iops ? r->iops : at[k].iops;
	}
	if (n < 2)
		return;
	qsort(at, n, sizeof *at, cmp_jobs_iops);
	str_catf(sm->jobs_text, sizeof sm->jobs_text, "IOPS by jobs at %s, the best depth of "
	    "each:", size_human(bs, size, sizeof size));
	for (k = 0; k < n; k++) {
		str_catf(sm->jobs_text, sizeof sm->jobs_text, "%s %u job%s %s", k ? "," : "",
		    at[k].jobs, at[k].jobs == 1 ? "" : "s", view_num(at[k].iops, 0, a, sizeof a));
		best = at[k].iops > at[best].iops ? k : best;
	}
	str_catf(sm->jobs_text, sizeof sm->jobs_text, ": best at %u job%s", at[best].jobs,
	    at[best].jobs == 1 ? "" : "s");
	if (best > 0)
		str_catf(sm->jobs_text, sizeof sm->jobs_text, " (%s over %u job%s)",
		    view_pct((at[best].iops / at[0].iops - 1) * 100, true, a, sizeof a), at[0].jobs,
		    at[0].jobs == 1 ? "" : "s");
	if (best < n - 1)
		str_catf(sm->jobs_text, sizeof sm->jobs_text, "; %u jobs %s below it",
		    at[n - 1].jobs, view_pct((1 - at[n - 1].iops / at[best].iops) * 100, false, a,
		    sizeof a));
}

/* The scorecard's cells: per tile, read and write, at one job, or the nearest. */
static void
summary_score(const struct results *res, struct summary *s)
{
	unsigned t, k;

	view_score_fill(res, view_score_tiles, s->score);
	for (t = 0; t < SCORE_TILES; t++)
		for (k = 0; k < 2; k++)
			if (s->score[t][k] >= 0)
				s->nscore++;
}

/* The caps of an expectation in a few words: "300 IOPS (burst 3,000), 128 MiB/s". */
const char *
view_summary_caps(const struct expect *e, char *buf, size_t len)
{
	char a[32], b[32];

	buf[0] = '\0';
	if (e->iops > 0) {
		str_catf(buf, len, "%s IOPS", view_num(e->iops, 0, a, sizeof a));
		if (e->burst_iops > 0)
			str_catf(buf, len, " (burst %s)", view_num(e->burst_iops, 0, a, sizeof a));
		if (e->iops_floor > 0)
			str_catf(buf, len, " (published range from %s)",
			    view_num(e->iops_floor, 0, a, sizeof a));
	}
	if (e->bw_bytes_s > 0) {
		str_catf(buf, len, "%s%s", buf[0] ? ", " : "", profile_rate_text(e->bw_bytes_s, a,
		    sizeof a));
		if (e->burst_bw_bytes_s > 0)
			str_catf(buf, len, " (burst %s)", profile_rate_text(e->burst_bw_bytes_s, b,
			    sizeof b));
		if (e->bw_floor_bytes_s > 0)
			str_catf(buf, len, " (published range from %s)",
			    profile_rate_text(e->bw_floor_bytes_s, b, sizeof b));
	}
	if (buf[0] == '\0')
		snprintf(buf, len, "none");
	return buf;
}

/* Burst detection on every cell with a per-second series. */
static void
summary_bursts(const struct results *res, struct summary *s)
{
	unsigned i;

	s->burst = xcalloc(res->plan.ncells ? res->plan.ncells : 1, sizeof *s->burst);
	for (i = 0; i < res->plan.ncells; i++) {
		const struct cell_result *r = &res->cells[i];

		s->burst[i].kind = BURST_TOO_SHORT;
		if (!results_cell_has_figures(r) || r->nseries == 0)
			continue;
		analysis_burst_detect(r->series_ios, r->nseries, &s->burst[i]);
		if (r->nseries > s->longest_series_s)
			s->longest_series_s = r->nseries;
		if (s->burst[i].kind != BURST_TOO_SHORT)
			s->nburst_long++;
		if (s->burst[i].kind == BURST_CLIFF)
			s->nburst++;
	}
}

/*
 * The workload of cell c among s's (a mixed mode at several shares: the
 * one at c's share, which a cell that is not in the plan may have none of);
 * -1 none.
 */
int
view_summary_wl(const struct summary *s, const struct cell *c)
{
	return view_modes_wl(s->modes, s->nmodes, c);
}

/* The index of cell c's workload among modes[0..n), by mode and read share; -1 none. */
int
view_modes_wl(const struct summary_mode *modes, unsigned n, const struct cell *c)
{
	unsigned m;

	for (m = 0; m < n; m++)
		if (modes[m].mode == c->mode && (modes[m].share == SUMMARY_NO_SHARE ||
		    (c->rwmix_set && modes[m].share == (int)c->rwmixread)))
			return (int)m;
	return -1;
}

/* The name of cell c's workload: "randrw 65/35" when its mode ran at several shares. */
const char *
view_summary_wl_name(const struct summary *s, const struct cell *c)
{
	int m = view_summary_wl(s, c);

	return m >= 0 ? s->modes[m].name : mode_name(c->mode);
}

/*
 * The read shares of the workloads that have one, as text: "randrw at 100/0,
 * 65/35, 0/100"; empty (and false) when no mixed mode ran at more than one.
 */
bool
view_summary_shares_text(const struct summary *s, char *buf, size_t len)
{
	unsigned m, k;
	bool any = false;

	buf[0] = '\0';
	for (m = 0; m < s->nmodes; m++) {
		bool first = true;

		if (s->modes[m].share == SUMMARY_NO_SHARE)
			continue;
		for (k = 0; k < m; k++)
			first &= s->modes[k].mode != s->modes[m].mode;
		if (first)
			str_catf(buf, len, "%s%s at ", any ? "; " : "", mode_name(s->modes[m].mode));
		str_catf(buf, len, "%s%d/%d", first ? "" : ", ", s->modes[m].share,
		    100 - s->modes[m].share);
		any = true;
	}
	return any;
}

/* "read 4K QD1", or "read 4K QD1 x4" when some cell ran more than one job: a cell in a list. */
const char *
view_summary_cell_name(const struct summary *s, const struct cell_result *r, char *buf,
    size_t len)
{
	char bs[32], qd[16];

	view_size_label(r->cell.bs, bs, sizeof bs);
	qd_text(r->cell.depth, qd, sizeof qd);
	if (s->multi_jobs)
		snprintf(buf, len, "%s %s %s x%u", view_summary_wl_name(s, &r->cell), bs, qd,
		    r->cell.jobs);
	else
		snprintf(buf, len, "%s %s %s", view_summary_wl_name(s, &r->cell), bs, qd);
	return buf;
}

/* Whether cell i (an index into results.cells, -1 none) is noisy or stalled: its figures are marked. */
bool
view_summary_suspect(const struct results *res, int i)
{
	return i >= 0 && results_stability_suspect(&res->cells[i].stability);
}

/*
 * The cells' verdicts: how many of each, and the list of those not steady
 * (stalled first, then noisy, each in plan order).  The knee leaves them
 * out itself and names them (view-knee.c).
 */
static void
summary_stability(const struct results *res, struct summary *s)
{
	unsigned n = res->plan.ncells, i, pass;

	s->unsteady = xcalloc(n ? n : 1, sizeof *s->unsteady);
	for (i = 0; i < n; i++)
		if (results_cell_has_figures(&res->cells[i]))
			s->nverdict[res->cells[i].stability.verdict]++;
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < n; i++)
			if (results_cell_has_figures(&res->cells[i]) &&
			    res->cells[i].stability.verdict ==
			    (pass == 0 ? STABILITY_STALLED : STABILITY_NOISY))
				s->unsteady[s->nunsteady++] = i;
}

/*
 * Count the read shares of res's cells into sh (each mode's distinct ones;
 * a mode that does not mix has one), of the cells with figures only when
 * figures_only.  A summary counts one run's plan, a comparison every run's
 * measured cells, into one sh.
 */
void
view_summary_shares_add(struct summary_shares *sh, const struct results *res,
    bool figures_only)
{
	unsigned i;

	for (i = 0; i < res->plan.ncells; i++) {
		const struct cell *c = &res->plan.cells[i];
		unsigned r = plan_cell_rwmixread(&res->plan, c);

		if (figures_only && !results_cell_has_figures(&res->cells[i]))
			continue;
		if ((unsigned)c->mode < MODE_COUNT && r <= 100 && !sh->seen[c->mode][r]) {
			sh->seen[c->mode][r] = true;
			sh->n[c->mode]++;
		}
	}
}

/*
 * The workload of cell c of res among w[0..*n): a mixed mode at its read
 * share when that mode has more than one in sh, else its mode.  A new one
 * is added at w[*n] (room for it is the caller's); returns its index.
 */
unsigned
view_summary_workload(struct summary_mode *w, unsigned *n, const struct summary_shares *sh,
    const struct results *res, const struct cell *c)
{
	int share = mode_reads(c->mode) && mode_writes(c->mode) && sh->n[c->mode] > 1 ?
	    (int)plan_cell_rwmixread(&res->plan, c) : SUMMARY_NO_SHARE;
	unsigned m;

	for (m = 0; m < *n; m++)
		if (w[m].mode == c->mode && w[m].share == share)
			return m;
	w[m].mode = c->mode;
	w[m].share = share;
	w[m].peak_iops = w[m].peak_bw = w[m].qd1_4k = w[m].lat_series = -1;
	w[m].head_iops = w[m].head_bw = -1;
	return (*n)++;
}

/*
 * The names and colours of n workloads w[] (mode and share set): "randrw"
 * or "randrw 65/35", and the colours of palette_workloads(): a mode's own,
 * then for a mixed mode's further shares the palette's free ones.
 * A run's summary and a comparison name and colour theirs alike.
 */
void
view_summary_workloads(struct summary_mode *w, unsigned n)
{
	enum rw_mode *mode = xcalloc(n ? n : 1, sizeof *mode);
	uint32_t *rgb = xcalloc(n ? n : 1, sizeof *rgb);
	unsigned m;

	for (m = 0; m < n; m++) {
		struct summary_mode *sm = &w[m];

		if (sm->share == SUMMARY_NO_SHARE) {
			snprintf(sm->name, sizeof sm->name, "%s", mode_name(sm->mode));
			snprintf(sm->stem, sizeof sm->stem, "%s", mode_name(sm->mode));
		} else {
			snprintf(sm->name, sizeof sm->name, "%s %d/%d", mode_name(sm->mode), sm->share,
			    100 - sm->share);
			snprintf(sm->stem, sizeof sm->stem, "%s-%d", mode_name(sm->mode), sm->share);
		}
		mode[m] = sm->mode;
	}
	palette_workloads(mode, n, rgb);
	for (m = 0; m < n; m++) {
		w[m].rgb = rgb[m];
		snprintf(w[m].color, sizeof w[m].color, "#%06x", (unsigned)(rgb[m] & 0xffffff));
	}
	free(mode);
	free(rgb);
}

/*
 * Cell i of workload sm (clean, with IOPS) as a headline peak: the best
 * cell of its side (IOPS below the first bandwidth run, bandwidth from the
 * last IOPS run: a 1 MiB cell's IOPS is no volume's IOPS) that carries no
 * caveat mark, as a figure on its own says nothing of its caveats; when
 * every cell of a side is marked, its best marked cell (*_any).  The view
 * shows the stated cap instead where there is one.
 */
static void
summary_head(const struct results *res, struct summary_mode *sm, unsigned i, int *iops_any,
    int *bw_any)
{
	const struct cell_result *r = &res->cells[i];
	const struct knee *k = &sm->knee;
	bool io = k->iops_side_max == 0 || r->cell.bs <= k->iops_side_max;
	bool bw = k->bw_side_min == 0 || r->cell.bs >= k->bw_side_min;
	bool marked = view_caveats(res, (int)i) != 0;
	int *hi = marked ? iops_any : &sm->head_iops, *hb = marked ? bw_any : &sm->head_bw;

	if (io && (*hi < 0 || r->iops > res->cells[*hi].iops))
		*hi = (int)i;
	if (bw && (*hb < 0 || r->bw_bytes_s > res->cells[*hb].bw_bytes_s))
		*hb = (int)i;
}

/* Fill s from res; view_summary_free() releases it. */
void
view_summary_build(const struct results *res, struct summary *s)
{
	struct summary_shares sh;
	unsigned i, m;

	memset(s, 0, sizeof *s);
	memset(&sh, 0, sizeof sh);
	view_summary_shares_add(&sh, res, false);
	s->modes = xcalloc(res->plan.ncells ? res->plan.ncells : 1, sizeof *s->modes);
	s->cell_wl = xcalloc(res->plan.ncells ? res->plan.ncells : 1, sizeof *s->cell_wl);
	for (i = 0; i < res->plan.ncells; i++) {
		const struct cell_result *r = &res->cells[i];

		s->cell_wl[i] = view_summary_workload(s->modes, &s->nmodes, &sh, res,
		    &res->plan.cells[i]);
		if (r->status == CELL_SKIPPED)
			s->nskipped++;
		if (r->status == CELL_FAILED)
			s->nfailed++;
		if (results_cell_has_figures(r) && r->cell.jobs > 1)
			s->multi_jobs = true;
	}
	view_summary_workloads(s->modes, s->nmodes);
	summary_grid(res, s);
	s->mismatch = xcalloc(res->plan.ncells ? res->plan.ncells : 1, sizeof *s->mismatch);

	for (m = 0; m < s->nmodes; m++) {
		struct summary_mode *sm = &s->modes[m];
		unsigned k;
		int iops_any = -1, bw_any = -1;

		/* The knee first: the headline is read on its sides. */
		analysis_caps_knee(res->cells, res->plan.ncells, sm->mode, sm->share, &sm->knee);
		for (i = 0; i < res->plan.ncells; i++) {
			const struct cell_result *r = &res->cells[i];

			if (s->cell_wl[i] != m || !results_cell_has_figures(r))
				continue;
			sm->ncells++;
			for (k = 0; k < r->nseries && r->series_ios[k] == 0; k++)
				;
			if (k < r->nseries)
				sm->ntimed++;
			if (r->lat_pct_ns[0] > 0)
				s->has_latency = true;
			if (r->iops > 0)
				s->has_iops = true;
			if (r->bw_bytes_s > 0)
				s->has_bw = true;
			/* Peaks and the knee come from clean cells only: a failed cell's figures are partial. */
			if (r->status != CELL_OK || !(r->iops > 0))
				continue;
			if (sm->peak_iops < 0 || r->iops > res->cells[sm->peak_iops].iops)
				sm->peak_iops = (int)i;
			if (sm->peak_bw < 0 || r->bw_bytes_s > res->cells[sm->peak_bw].bw_bytes_s)
				sm->peak_bw = (int)i;
			summary_head(res, sm, i, &iops_any, &bw_any);
			/* QD1 4K latency: a direct cell's over a buffered one's. */
			if (r->cell.bs == 4 * KIB && r->cell.depth == 1 && r->cell.jobs == 1 &&
			    (sm->qd1_4k < 0 || results_cell_buffered(&res->cells[sm->qd1_4k]) ||
			    !results_cell_buffered(r)))
				sm->qd1_4k = (int)i;
		}
		if (sm->head_iops < 0)
			sm->head_iops = iops_any >= 0 ? iops_any : sm->peak_iops;
		if (sm->head_bw < 0)
			sm->head_bw = bw_any >= 0 ? bw_any : sm->peak_bw;
		view_knee_text(&sm->knee, res->cells, sm->share, sm->knee_text,
		    sizeof sm->knee_text);
		sm->knee_size = analysis_caps_knee_size(&sm->knee);
		sm->iops_stated = analysis_expect_plateau(&sm->knee, false);
		sm->bw_stated = analysis_expect_plateau(&sm->knee, true);
		sm->lat_series = summary_lat_series(res, s, m);
		summary_saturation(res, s, m);
		if (s->multi_jobs)
			summary_jobs(res, s, m);
	}
	summary_score(res, s);

	view_verdict_build(res, s);
	summary_bursts(res, s);
	summary_stability(res, s);
	for (i = 0; i < res->plan.ncells; i++) {
		const struct cell_result *r = &res->cells[i];

		if (!results_cell_has_figures(r))
			continue;
		s->ndone++;
		if (r->check.ok)
			s->npass++;
		else
			s->mismatch[s->nmismatch++] = i;
	}
}

/* Free what view_summary_build() allocated. */
void
view_summary_free(struct summary *s)
{
	unsigned i;

	for (i = 0; i < s->nseries; i++)
		free(s->series[i].cell);
	free(s->unsteady);
	free(s->modes);
	free(s->cell_wl);
	free(s->series);
	free(s->bs);
	free(s->mismatch);
	free(s->burst);
	memset(s, 0, sizeof *s);
}
