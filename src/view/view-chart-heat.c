/*
 * The heat maps, one view type for both (struct view_heat, drawn by
 * render/report-gnuplot-heat.c): a run's IOPS of a workload by block size
 * and queue depth (rows, as the "Queue depth x jobs" table has them: its
 * cells from view-jobs.c) and job count (columns), a large run's a row per
 * block size, each square the best of every depth; and a comparison's
 * ratios of each run's IOPS over the first run's, by block size (rows) and
 * queue depth x jobs (columns), a panel per run after the first.  Each
 * square has its figure (NaN: blank), its label with the caveat marks, and
 * the ink its label needs on the colour scale the view chooses.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "view/view.h"

/*
 * IOPS that span more than this many times get a log colour scale: on a
 * linear one every cell below a tenth of the best would be one colour.
 */
#define HEAT_LOG_SPAN	10
/* From this share of the colour scale up, a square is dark: its label is white. */
#define HEAT_DARK	0.5
/* A ratio's scale: half-width in log2 units, at least 2x, at most 16x (beyond: the end colour). */
#define HEAT_SPAN_MIN	1
#define HEAT_SPAN_MAX	4
/* From this share of a ratio's half-width out, a square is dark. */
#define HEAT_RATIO_DARK	0.75

/* h with room for npanels x nrows x ncols squares, every one blank. */
void
view_heat_init(struct view_heat *h, unsigned nrows, unsigned ncols, unsigned npanels)
{
	size_t i, n = (size_t)npanels * nrows * ncols;
	unsigned e;

	memset(h, 0, sizeof *h);
	h->nrows = nrows;
	h->ncols = ncols;
	h->npanels = npanels;
	h->row_label = xcalloc(nrows + 1, sizeof *h->row_label);
	h->row_bs = xcalloc(nrows + 1, sizeof *h->row_bs);
	h->col_label = xcalloc(ncols + 1, sizeof *h->col_label);
	h->sq = xcalloc(n + 1, sizeof *h->sq);
	for (i = 0; i < n; i++) {
		h->sq[i].value = NAN;
		for (e = 0; e < VIEW_HEAT_EXTRA; e++)
			h->sq[i].extra[e] = NAN;
	}
}

/* The square of panel, row and col. */
struct view_heat_square *
view_heat_at(const struct view_heat *h, unsigned panel, unsigned row, unsigned col)
{
	return &h->sq[((size_t)panel * h->nrows + row) * h->ncols + col];
}

/* Free what h holds. */
void
view_heat_free(struct view_heat *h)
{
	unsigned i;

	for (i = 0; i < h->nrows; i++)
		free(h->row_label[i]);
	for (i = 0; i < h->ncols; i++)
		free(h->col_label[i]);
	for (i = 0; h->panel != NULL && i < h->npanels; i++)
		free(h->panel[i]);
	free(h->row_label);
	free(h->row_bs);
	free(h->col_label);
	free(h->panel);
	free(h->sq);
	memset(h, 0, sizeof *h);
}

/* A square's label: v to three significant digits, "850", "12.3k", "1.2M", then marks. */
static void
heat_iops_label(double v, const char *marks, char *buf, size_t len)
{
	double unit = pow(10, floor(log10(v)) - 2), r = round(v / unit) * unit;

	if (r >= 1e9)
		snprintf(buf, len, "%gG%s", r / 1e9, marks);
	else if (r >= 1e6)
		snprintf(buf, len, "%gM%s", r / 1e6, marks);
	else if (r >= 1e3)
		snprintf(buf, len, "%gk%s", r / 1e3, marks);
	else
		snprintf(buf, len, "%g%s", r, marks);
}

/* The colour scale of h's values (h->range): log when they span over HEAT_LOG_SPAN times. */
static void
heat_iops_scale(struct view_heat *h)
{
	const struct view_range *r = &h->range;

	h->log = r->lo > 0 && r->hi / r->lo > HEAT_LOG_SPAN;
	if (!h->log) {
		h->lo = 0;
		h->hi = r->hi > 0 ? r->hi : 1;
		return;
	}
	/* A little room at either end: the extreme squares are not the palette's ends. */
	h->lo = r->lo / 1.15;
	h->hi = r->hi * 1.15;
}

/*
 * A square beyond the colour scale lo..hi (a square in doubt, kept out of
 * it): its label ends with an arrow, up or down, as it shows the end colour.
 */
static void
heat_beyond(struct view_heat_square *sq, double lo, double hi)
{
	if (isnan(sq->value) || (sq->value >= lo && sq->value <= hi))
		return;
	str_catf(sq->label, sizeof sq->label, " %s", sq->value > hi ? "\342\206\221" :
	    "\342\206\223");
}

/* Where v falls on h's colour scale, 0 to 1. */
static double
heat_share(const struct view_heat *h, double v)
{
	if (h->log)
		return log(v / h->lo) / log(h->hi / h->lo);
	return v / h->hi;
}

/*
 * The rows of workload wl: a row per block size and depth with a cell, or
 * in a large run per block size with one; their block sizes (index into
 * summary.bs) and depths (big: 0) into b and depth (room for nbs x nseries).
 */
static unsigned
heat_jobs_rows(const struct summary *sum, unsigned wl, bool big, unsigned *rb,
    unsigned *rdepth)
{
	unsigned *depth = xcalloc(sum->nseries + 1, sizeof *depth), ndepth, b, d, n = 0;

	for (b = 0; b < sum->nbs; b++) {
		ndepth = view_jobs_depths(sum, wl, b, depth);
		for (d = 0; d < (big ? ndepth > 0 : ndepth); d++, n++) {
			rb[n] = b;
			rdepth[n] = big ? 0 : depth[d];
		}
	}
	free(depth);
	return n;
}

/* The squares of workload wl's heat map into h (rows from heat_jobs_rows, columns jobs). */
static void
heat_jobs_squares(struct view_heat *h, const struct results *res, const struct summary *sum,
    unsigned wl, const unsigned *rb, const unsigned *rdepth, const unsigned *jobs, bool big)
{
	unsigned row, k;
	char marks[VIEW_MARKS_LEN], qd[16];
	struct view_range doubt = { 0, 0 };

	for (row = 0; row < h->nrows; row++)
		for (k = 0; k < h->ncols; k++) {
			struct view_heat_square *sq = view_heat_at(h, 0, row, k);
			int c = big ? view_jobs_best(res, sum, wl, rb[row], jobs[k]) :
			    view_jobs_cell(res, sum, wl, rb[row], rdepth[row], jobs[k]);

			sq->extra[0] = jobs[k];
			sq->extra[1] = (double)sum->bs[rb[row]];
			sq->extra[2] = c >= 0 ? res->cells[c].cell.depth : rdepth[row];
			sq->flags = view_caveats(res, c);
			h->flags |= sq->flags;
			if (c < 0)
				continue;
			sq->value = res->cells[c].iops;
			view_range_add(sq->flags & VIEW_SAT_DOUBT ? &doubt : &h->range, sq->value);
			view_caveat_marks(sq->flags, " ", marks, sizeof marks);
			heat_iops_label(sq->value, marks, sq->label, sizeof sq->label);
			if (big)
				str_catf(sq->label, sizeof sq->label, " (%s)", qd_text(
				    res->cells[c].cell.depth, qd, sizeof qd));
		}
	/* Squares in doubt set the scale only when every one is (an outlier stretched it). */
	if (!(h->range.hi > 0))
		h->range = doubt;
	heat_iops_scale(h);
	for (row = 0; row < h->nrows; row++)
		for (k = 0; k < h->ncols; k++) {
			struct view_heat_square *sq = view_heat_at(h, 0, row, k);

			sq->ink = !isnan(sq->value) && heat_share(h, sq->value) >= HEAT_DARK ?
			    VIEW_HEAT_INK_WHITE : VIEW_HEAT_INK_DARK;
			heat_beyond(sq, h->lo, h->hi);
		}
}

/* The heat map of workload wl by depth x jobs (its chart's stem and title already set). */
static void
heat_jobs(struct view_heat *h, const struct results *res, const struct summary *sum,
    unsigned wl)
{
	bool big = view_big(sum);
	size_t most = (size_t)sum->nbs * (sum->nseries + 1) + 1;
	unsigned *rb = xcalloc(most, sizeof *rb), *rdepth = xcalloc(most, sizeof *rdepth);
	unsigned *jobs = xcalloc(sum->nseries + 1, sizeof *jobs), njobs, nrows, row, k;
	char bs[32], qd[16];

	njobs = view_jobs_counts(sum, wl, jobs);
	nrows = heat_jobs_rows(sum, wl, big, rb, rdepth);
	view_heat_init(h, nrows, njobs, 1);
	h->wl = wl;
	h->row_groups = !big;
	h->value_name = "IOPS";
	h->ink_name = "white";
	h->decimals = 1;
	h->nextra = 3;
	h->extra_name[0] = "jobs";
	h->extra_name[1] = "bs_bytes";
	h->extra_name[2] = "depth";
	for (row = 0; row < nrows; row++) {
		h->row_bs[row] = sum->bs[rb[row]];
		view_size_label(h->row_bs[row], bs, sizeof bs);
		h->row_label[row] = big ? xstrdup(bs) : xasprintf("%s %s", bs,
		    qd_text(rdepth[row], qd, sizeof qd));
	}
	for (k = 0; k < njobs; k++)
		h->col_label[k] = xasprintf("%u job%s", jobs[k], jobs[k] == 1 ? "" : "s");
	heat_jobs_squares(h, res, sum, wl, rb, rdepth, jobs, big);
	free(rb);
	free(rdepth);
	free(jobs);
}

/*
 * The heat maps of the jobs-MODE charts among the n charts of e
 * (view_chart_list()), in their order, into *out.  Returns how many.
 */
unsigned
view_chart_jobs_heats(const struct results *res, const struct summary *sum,
    const struct view_chart_entry *e, unsigned n, struct view_heat **out)
{
	unsigned i, k = 0;

	*out = xcalloc(n + 1, sizeof **out);
	for (i = 0; i < n; i++) {
		if (strncmp(e[i].stem, "jobs-", 5) != 0)
			continue;
		heat_jobs(&(*out)[k], res, sum, e[i].wl);
		str_copy((*out)[k].stem, sizeof (*out)[k].stem, e[i].stem);
		str_copy((*out)[k].title, sizeof (*out)[k].title, e[i].title);
		k++;
	}
	return k;
}

/* The row of group g at block size bs, or NULL. */
static const struct compare_row *
heat_row(const struct compare *cmp, unsigned g, uint64_t bs)
{
	const struct compare_group *gr = &cmp->groups[g];
	unsigned i;

	for (i = 0; i < gr->n; i++)
		if (cmp->rows[gr->first + i].bs == bs)
			return &cmp->rows[gr->first + i];
	return NULL;
}

/* Run k's IOPS over the first run's at row; NAN when either lacks them. */
static double
heat_ratio(const struct compare *cmp, const struct compare_row *row, unsigned k)
{
	double a, b;

	if (row == NULL)
		return NAN;
	a = compare_value(cmp, row, 0, COMPARE_IOPS);
	b = compare_value(cmp, row, k, COMPARE_IOPS);
	return a > 0 && b > 0 ? b / a : NAN;
}

/*
 * Workload wl's columns (its groups) into group and block sizes (rows)
 * into bs; false when no square has a ratio.
 */
static bool
heat_cmp_grid(const struct compare *cmp, unsigned wl, unsigned *group, unsigned *ncols,
    uint64_t *bs, unsigned *nrows)
{
	unsigned i, b, k;
	bool any = false;

	*ncols = *nrows = 0;
	for (i = 0; i < cmp->ngroups; i++)
		if (cmp->groups[i].wl == wl)
			group[(*ncols)++] = i;
	for (b = 0; b < cmp->nbs; b++)
		for (i = 0; i < *ncols; i++) {
			const struct compare_row *row = heat_row(cmp, group[i], cmp->bs[b]);

			if (row == NULL)
				continue;
			for (k = 1; k < cmp->nruns; k++)
				any |= !isnan(heat_ratio(cmp, row, k));
			if (*nrows == 0 || bs[*nrows - 1] != cmp->bs[b])
				bs[(*nrows)++] = cmp->bs[b];
		}
	return any;
}

/* The half-width of h's ratio scale in log2 units: whole doublings that hold every ratio. */
static double
heat_cmp_span(const struct view_heat *h)
{
	double span = HEAT_SPAN_MIN;
	size_t i, n = (size_t)h->npanels * h->nrows * h->ncols;

	bool clean = false;

	for (i = 0; i < n; i++)
		clean |= !isnan(h->sq[i].value) && !(h->sq[i].flags & VIEW_SAT_DOUBT);
	/* A ratio of a cell in doubt sets the scale only when every one is in doubt. */
	for (i = 0; i < n; i++)
		if (!isnan(h->sq[i].value) && fabs(h->sq[i].value) > span &&
		    (!clean || !(h->sq[i].flags & VIEW_SAT_DOUBT)))
			span = ceil(fabs(h->sq[i].value));
	return span > HEAT_SPAN_MAX ? HEAT_SPAN_MAX : span;
}

/* The square of run k over the first at row (NULL: neither has it), group gr, block size bs. */
static void
heat_cmp_square(struct view_heat_square *sq, const struct compare *cmp,
    const struct compare_row *row, const struct compare_group *gr, uint64_t bs, unsigned k)
{
	double r = heat_ratio(cmp, row, k);
	char x[32], marks[VIEW_MARKS_LEN];

	sq->flags = isnan(r) ? 0 : view_caveats(&cmp->runs[0].res, row->cell[0]) |
	    view_caveats(&cmp->runs[k].res, row->cell[k]);
	view_caveat_marks(sq->flags, " ", marks, sizeof marks);
	snprintf(sq->label, sizeof sq->label, "%s%s", isnan(r) ? "missing" :
	    view_ratio(r, 2, x, sizeof x), marks);
	sq->value = log2(r);
	sq->extra[0] = r;
	sq->extra[1] = (double)bs;
	sq->extra[2] = gr->depth;
	sq->extra[3] = gr->jobs;
}

/* Workload wl's heat map of ratios into h; false (h left empty) when it has none. */
static bool
heat_cmp(struct view_heat *h, const struct compare *cmp, unsigned wl)
{
	unsigned *group = xcalloc(cmp->ngroups + 1, sizeof *group), ncols, nrows, i, b, k;
	uint64_t *bs = xcalloc(cmp->nbs + 1, sizeof *bs);
	char qd[16], a[32];
	size_t q, n;

	if (!heat_cmp_grid(cmp, wl, group, &ncols, bs, &nrows)) {
		free(group);
		free(bs);
		return false;
	}
	view_heat_init(h, nrows, ncols, cmp->nruns - 1);
	h->wl = wl;
	h->value_name = "log2";
	h->ink_name = "ink";
	h->decimals = 6;
	h->nextra = 4;
	h->extra_name[0] = "ratio";
	h->extra_decimals[0] = -1;
	h->extra_name[1] = "bs_bytes";
	h->extra_name[2] = "depth";
	h->extra_name[3] = "jobs";
	h->panel = xcalloc(h->npanels, sizeof *h->panel);
	for (k = 1; k < cmp->nruns; k++)
		h->panel[k - 1] = xasprintf("%s / %s", cmp->runs[k].label, cmp->runs[0].label);
	for (b = 0; b < nrows; b++) {
		h->row_bs[b] = bs[b];
		h->row_label[b] = xstrdup(view_size_label(bs[b], a, sizeof a));
	}
	for (i = 0; i < ncols; i++) {
		const struct compare_group *gr = &cmp->groups[group[i]];

		qd_text(gr->depth, qd, sizeof qd);
		h->col_label[i] = strstr(gr->name, " jobs") != NULL ?
		    xasprintf("%s x%u jobs", qd, gr->jobs) : xstrdup(qd);
	}
	for (k = 1; k < cmp->nruns; k++)
		for (b = 0; b < nrows; b++)
			for (i = 0; i < ncols; i++)
				heat_cmp_square(view_heat_at(h, k - 1, b, i), cmp, heat_row(cmp,
				    group[i], bs[b]), &cmp->groups[group[i]], bs[b], k);
	h->log = false;
	h->hi = heat_cmp_span(h);
	h->lo = -h->hi;
	n = (size_t)h->npanels * nrows * ncols;
	for (q = 0; q < n; q++) {
		h->flags |= h->sq[q].flags;
		h->sq[q].ink = isnan(h->sq[q].value) ? VIEW_HEAT_INK_NONE :
		    fabs(h->sq[q].value) >= HEAT_RATIO_DARK * h->hi ? VIEW_HEAT_INK_WHITE :
		    VIEW_HEAT_INK_DARK;
		heat_beyond(&h->sq[q], h->lo, h->hi);
	}
	free(group);
	free(bs);
	return true;
}

/*
 * The heat maps of comparison cmp (two runs or more): per workload with a
 * ratio (a cell in common), up to VIEW_HEAT_MAX, into *out; returns how
 * many.
 */
unsigned
view_chart_compare_heats(const struct compare *cmp, struct view_heat **out)
{
	unsigned wl, n = 0;

	*out = xcalloc(cmp->nmodes + 1, sizeof **out);
	for (wl = 0; cmp->nruns > 1 && wl < cmp->nmodes && n < VIEW_HEAT_MAX; wl++) {
		struct view_heat *h = &(*out)[n];

		if (!heat_cmp(h, cmp, wl))
			continue;
		snprintf(h->stem, sizeof h->stem, "compare-heat-%.34s", cmp->modes[wl].stem);
		snprintf(h->title, sizeof h->title, "%s: IOPS ratio by block size and queue depth",
		    cmp->modes[wl].name);
		n++;
	}
	return n;
}
