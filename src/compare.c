/*
 * sweep compare A/results.json B/results.json [...]: the question people run
 * sweep for, "is gp2 better than standard for us, and by how much?".  Cells
 * are matched by mode, bs, depth and jobs; a cell only some runs have is a
 * row with the others shown as missing.  Each run is set against the first
 * (ratios) and every cell gets a winner per metric; each mode gets a verdict
 * in words.  The writers (compare.csv, compare.xlsx, compare.md,
 * compare.html and the overlay charts) are a table, as in report.c.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "report.h"

/* A block size at or below this reads as an IOPS figure, above it as bandwidth. */
#define COMPARE_IOPS_BS_MAX	(64 * KIB)
/* Ratios of one verdict phrase within this spread are given as one figure. */
#define COMPARE_ONE_FIGURE	1.15
/* A verdict phrase covers ratios within this spread; a wider one starts a new phrase. */
#define COMPARE_SPLIT		1.5

struct compare_writer {
	const char	*name;
	unsigned	 flag;
	const char	*file;
	int		(*write)(struct compare_ctx *);
};

static int compare_charts_write(struct compare_ctx *);

/* In order: the charts before the documents that link or inline them. */
static const struct compare_writer compare_writers[] = {
	{ "csv", REPORT_CSV, "compare.csv", compare_csv_write },
	{ "xlsx", REPORT_XLSX, "compare.xlsx", compare_xlsx_write },
	{ "png", REPORT_PNG, "charts", compare_charts_write },
	{ "svg", REPORT_SVG, "charts", compare_charts_write },
	{ "md", REPORT_MD, "compare.md", compare_md_write },
	{ "html", REPORT_HTML, "compare.html", compare_html_write },
};

static const char *const compare_metric_names[COMPARE_METRICS] = {
	"IOPS", "MiB/s", "p99 (us)"
};

/* "IOPS", "MiB/s", "p99 (us)". */
const char *
compare_metric_name(enum compare_metric m)
{
	return (unsigned)m < COMPARE_METRICS ? compare_metric_names[m] : "?";
}

/* The rule every comparison states. */
const char *
compare_rule(void)
{
	return "Ratios are each run's figure divided by the first run's. The winner of a cell is "
	    "the run with the higher IOPS or MiB/s, or the lower p99 latency; when the runner-up "
	    "is within 5% of the best, the cell is a tie.";
}

/* A figure of run k in row: IOPS, MiB/s or p99 in us; NAN when missing or not measured. */
double
compare_value(const struct compare *cmp, const struct compare_row *row, unsigned k,
    enum compare_metric m)
{
	const struct cell_result *r;
	double v;

	if (k >= cmp->nruns || row->cell[k] < 0)
		return NAN;
	r = &cmp->runs[k].res.cells[row->cell[k]];
	switch (m) {
	case COMPARE_IOPS:
		v = r->iops;
		break;
	case COMPARE_BW:
		v = r->bw_bytes_s / MIB;
		break;
	case COMPARE_P99:
		v = (double)r->lat_pct_ns[2] / 1e3;
		break;
	default:
		v = 0;
	}
	return v > 0 && isfinite(v) ? v : NAN;
}

/* The winner of a row for a metric, as text: a label, "tie (A, B)", or "-". */
const char *
compare_winner_text(const struct compare *cmp, const struct compare_row *row,
    enum compare_metric m, char *buf, size_t len)
{
	unsigned k;
	size_t used;

	if (row->winner[m] >= 0) {
		snprintf(buf, len, "%s", cmp->runs[row->winner[m]].label);
		return buf;
	}
	if (row->winner[m] == COMPARE_WIN_NONE) {
		snprintf(buf, len, "-");
		return buf;
	}
	if (cmp->nruns == 2) {
		snprintf(buf, len, "tie");
		return buf;
	}
	used = (size_t)snprintf(buf, len, "tie (");
	for (k = 0; k < cmp->nruns && k < 8; k++)
		if (row->tie_with[m][k] && used < len)
			used += (size_t)snprintf(buf + used, len - used, "%s%s",
			    buf[used - 1] == '(' ? "" : ", ", cmp->runs[k].label);
	if (used < len)
		snprintf(buf + used, len - used, ")");
	return buf;
}

/*
 * The latency line of run k and a mode (charts): its group of the lowest
 * depth (then jobs) with a p99 figure; -1 when none has one.
 */
int
compare_lat_group(const struct compare *cmp, unsigned k, enum rw_mode mode)
{
	unsigned g, i;

	/* Groups are sorted by depth, then jobs, within a mode. */
	for (g = 0; g < cmp->ngroups; g++) {
		if (cmp->groups[g].mode != mode)
			continue;
		for (i = 0; i < cmp->groups[g].n; i++)
			if (!isnan(compare_value(cmp, &cmp->rows[cmp->groups[g].first + i], k,
			    COMPARE_P99)))
				return (int)g;
	}
	return -1;
}

/* A key while the rows are built. */
struct compare_key {
	unsigned	 rank;		/* the mode's first-seen order */
	enum rw_mode	 mode;
	unsigned	 depth, jobs;
	uint64_t	 bs;
	unsigned	 run;
	int		 cell;
};

static int
compare_key_cmp(const void *a, const void *b)
{
	const struct compare_key *x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	if (x->depth != y->depth)
		return x->depth < y->depth ? -1 : 1;
	if (x->jobs != y->jobs)
		return x->jobs < y->jobs ? -1 : 1;
	if (x->bs != y->bs)
		return x->bs < y->bs ? -1 : 1;
	if (x->run != y->run)
		return x->run < y->run ? -1 : 1;
	return x->cell < y->cell ? -1 : x->cell > y->cell;
}

static int
compare_u64_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* The winner of a row for a metric: the best run, or a tie within COMPARE_TIE. */
static void
compare_row_winner(const struct compare *cmp, struct compare_row *row, enum compare_metric m)
{
	bool lower = m == COMPARE_P99;
	double best = NAN;
	unsigned k, have = 0, close = 0;
	int who = -1;

	for (k = 0; k < cmp->nruns; k++) {
		double v = compare_value(cmp, row, k, m);

		if (isnan(v))
			continue;
		have++;
		if (isnan(best) || (lower ? v < best : v > best)) {
			best = v;
			who = (int)k;
		}
	}
	if (have < 2) {
		row->winner[m] = COMPARE_WIN_NONE;
		return;
	}
	for (k = 0; k < cmp->nruns; k++) {
		double v = compare_value(cmp, row, k, m);

		if (isnan(v))
			continue;
		if (lower ? v <= best * COMPARE_TIE : v * COMPARE_TIE >= best) {
			if (k < 8)
				row->tie_with[m][k] = true;
			close++;
		}
	}
	row->winner[m] = close > 1 ? COMPARE_WIN_TIE : who;
}

/* Append to a growing string. */
static void
compare_add(char **buf, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
compare_add(char **buf, const char *fmt, ...)
{
	va_list ap;
	char *part, *joined;

	va_start(ap, fmt);
	if (vasprintf(&part, fmt, ap) < 0)
		part = NULL;
	va_end(ap);
	if (part == NULL)
		return;
	joined = xasprintf("%s%s", *buf != NULL ? *buf : "", part);
	free(part);
	free(*buf);
	*buf = joined;
}

/* Where a verdict phrase holds: "at 4 KiB", "up to 64 KiB", "from 1 MiB up", "from 8 KiB to 1 MiB". */
static void
compare_where(char *buf, size_t len, uint64_t lo, uint64_t hi, uint64_t min, uint64_t max)
{
	char a[32], b[32];

	size_human(lo, a, sizeof a);
	size_human(hi, b, sizeof b);
	if (lo == hi)
		snprintf(buf, len, "at %s", a);
	else if (lo == min && hi == max)
		snprintf(buf, len, "at every block size (%s to %s)", a, b);
	else if (lo == min)
		snprintf(buf, len, "up to %s", b);
	else if (hi == max)
		snprintf(buf, len, "from %s up", a);
	else
		snprintf(buf, len, "from %s to %s", a, b);
}

/*
 * The verdict of run k against run 0 for one mode: the IOPS ratio at each
 * block size (the best of the depths and job counts both runs have there),
 * grouped into stretches of one outcome: run k ahead, behind, or a tie.  At
 * one block size the IOPS ratio is the bandwidth ratio, so a stretch of
 * small blocks is told in IOPS and one of large blocks in bandwidth.
 */
static void
compare_verdict_run(const struct compare *cmp, enum rw_mode mode, unsigned k, char **out)
{
	uint64_t *bs = xcalloc(cmp->nbs ? cmp->nbs : 1, sizeof *bs);
	double *ratio = xcalloc(cmp->nbs ? cmp->nbs : 1, sizeof *ratio), lat0 = NAN, latk = NAN;
	unsigned n = 0, b, i, lat_depth = 0;
	uint64_t lat_bs = 0;
	const char *ka = cmp->runs[k].label, *a0 = cmp->runs[0].label;

	for (b = 0; b < cmp->nbs; b++) {
		double best0 = NAN, bestk = NAN;

		for (i = 0; i < cmp->nrows; i++) {
			const struct compare_row *row = &cmp->rows[i];
			double v0, vk;

			if (row->mode != mode || row->bs != cmp->bs[b])
				continue;
			v0 = compare_value(cmp, row, 0, COMPARE_IOPS);
			vk = compare_value(cmp, row, k, COMPARE_IOPS);
			if (isnan(v0) || isnan(vk))
				continue;
			if (isnan(best0) || v0 > best0)
				best0 = v0;
			if (isnan(bestk) || vk > bestk)
				bestk = vk;
			/* Latency: the smallest block size at the lowest depth both have. */
			if ((lat_bs == 0 || row->depth < lat_depth) &&
			    !isnan(compare_value(cmp, row, 0, COMPARE_P99)) &&
			    !isnan(compare_value(cmp, row, k, COMPARE_P99))) {
				lat_bs = row->bs;
				lat_depth = row->depth;
				lat0 = compare_value(cmp, row, 0, COMPARE_P99);
				latk = compare_value(cmp, row, k, COMPARE_P99);
			}
		}
		if (!isnan(best0) && !isnan(bestk)) {
			bs[n] = cmp->bs[b];
			ratio[n++] = bestk / best0;
		}
	}
	compare_add(out, "%s vs %s: ", ka, a0);
	if (n == 0) {
		compare_add(out, "no cell in common.");
		free(bs);
		free(ratio);
		return;
	}
	for (i = 0; i < n; ) {
		int cls = ratio[i] > COMPARE_TIE ? 1 : ratio[i] * COMPARE_TIE < 1 ? -1 : 0;
		unsigned j = i, e;
		double lo = INFINITY, hi = 0, logsum = 0;
		bool small = true, large = true;
		char where[96];
		const char *what;

		/*
		 * A stretch: one outcome, one side of COMPARE_IOPS_BS_MAX (IOPS or
		 * bandwidth), and factors within COMPARE_SPLIT of each other.
		 */
		for (lo = INFINITY, hi = 0; j < n; j++) {
			double f = cls >= 0 ? ratio[j] : 1 / ratio[j];

			if ((ratio[j] > COMPARE_TIE ? 1 : ratio[j] * COMPARE_TIE < 1 ? -1 : 0) != cls ||
			    (bs[j] > COMPARE_IOPS_BS_MAX) != (bs[i] > COMPARE_IOPS_BS_MAX) ||
			    (cls != 0 && fmax(hi, f) / fmin(lo, f) > COMPARE_SPLIT))
				break;
			lo = fmin(lo, f);
			hi = fmax(hi, f);
		}
		lo = INFINITY;
		hi = 0;
		for (e = i; e < j; e++) {
			double f = cls >= 0 ? ratio[e] : 1 / ratio[e];

			lo = fmin(lo, f);
			hi = fmax(hi, f);
			logsum += log(f);
			if (bs[e] > COMPARE_IOPS_BS_MAX)
				small = false;
			else
				large = false;
		}
		what = small ? "IOPS" : large ? "bandwidth" : "IOPS and bandwidth";
		compare_where(where, sizeof where, bs[i], bs[j - 1], bs[0], bs[n - 1]);
		if (i > 0)
			compare_add(out, "; ");
		if (cls == 0)
			compare_add(out, "the same %s (within 5%%) %s", what, where);
		else if (hi / lo <= COMPARE_ONE_FIGURE)
			compare_add(out, "%s has %.1fx the %s of %s %s", cls > 0 ? ka : a0,
			    exp(logsum / (j - i)), what, cls > 0 ? a0 : ka, where);
		else
			compare_add(out, "%s has %.1f-%.1fx the %s of %s %s", cls > 0 ? ka : a0, lo, hi,
			    what, cls > 0 ? a0 : ka, where);
		i = j;
	}
	if (lat_bs > 0) {
		char a[32], x0[32], xk[32];
		double r = latk / lat0;

		size_human(lat_bs, a, sizeof a);
		report_num(lat0, 0, x0, sizeof x0);
		report_num(latk, 0, xk, sizeof xk);
		if (r <= COMPARE_TIE && r * COMPARE_TIE >= 1)
			compare_add(out, "; the same p99 latency at %s QD%u (within 5%%: %s %s us, %s %s us)",
			    a, lat_depth, a0, x0, ka, xk);
		else
			compare_add(out, "; p99 latency at %s QD%u: %s %s us, %s %s us (%s %.1fx lower)",
			    a, lat_depth, a0, x0, ka, xk, r < 1 ? ka : a0, r < 1 ? 1 / r : r);
	}
	compare_add(out, ".");
	free(bs);
	free(ratio);
}

/* Each mode's verdict: every run against the first. */
static void
compare_verdicts(struct compare *cmp)
{
	unsigned m, k;

	for (m = 0; m < cmp->nmodes; m++)
		for (k = 1; k < cmp->nruns; k++) {
			if (k > 1)
				compare_add(&cmp->verdict[m], " ");
			compare_verdict_run(cmp, cmp->modes[m], k, &cmp->verdict[m]);
		}
}

/*
 * Match the cells of cmp->runs (loaded, labelled) into rows, groups and
 * winners, and write the verdicts.  Returns 0.
 */
int
compare_build(struct compare *cmp)
{
	struct compare_key *keys;
	unsigned rank[MODE_COUNT], k, i, n = 0, pairs_n = 0;
	size_t cap = 0;
	bool multi_jobs = false;
	struct { unsigned depth, jobs; } *pairs;

	for (i = 0; i < MODE_COUNT; i++)
		rank[i] = MODE_COUNT;
	for (k = 0; k < cmp->nruns; k++) {
		const struct results *res = &cmp->runs[k].res;

		cap += res->plan.ncells;
		for (i = 0; i < res->plan.ncells; i++) {
			enum rw_mode m = res->plan.cells[i].mode;

			if (rank[m] == MODE_COUNT && report_has_figures(&res->cells[i])) {
				rank[m] = cmp->nmodes;
				cmp->modes[cmp->nmodes++] = m;
			}
		}
	}
	keys = xcalloc(cap ? cap : 1, sizeof *keys);
	cmp->bs = xcalloc(cap ? cap : 1, sizeof *cmp->bs);
	for (k = 0; k < cmp->nruns; k++) {
		const struct results *res = &cmp->runs[k].res;

		for (i = 0; i < res->plan.ncells; i++) {
			const struct cell_result *r = &res->cells[i];

			if (!report_has_figures(r))
				continue;
			if (r->cell.jobs > 1)
				multi_jobs = true;
			keys[n] = (struct compare_key){ rank[r->cell.mode], r->cell.mode, r->cell.depth,
			    r->cell.jobs, r->cell.bs, k, (int)i };
			cmp->bs[n] = r->cell.bs;
			n++;
		}
	}
	qsort(keys, n, sizeof *keys, compare_key_cmp);
	qsort(cmp->bs, n, sizeof *cmp->bs, compare_u64_cmp);
	for (i = 0; i < n; i++)
		if (cmp->nbs == 0 || cmp->bs[cmp->nbs - 1] != cmp->bs[i])
			cmp->bs[cmp->nbs++] = cmp->bs[i];

	cmp->rows = xcalloc(n ? n : 1, sizeof *cmp->rows);
	cmp->groups = xcalloc(n ? n : 1, sizeof *cmp->groups);
	pairs = xcalloc(n ? n : 1, sizeof *pairs);
	for (i = 0; i < n; i++) {
		const struct compare_key *key = &keys[i];
		struct compare_row *row = cmp->nrows > 0 ? &cmp->rows[cmp->nrows - 1] : NULL;
		struct compare_group *g = cmp->ngroups > 0 ? &cmp->groups[cmp->ngroups - 1] : NULL;
		unsigned p;

		if (row == NULL || row->mode != key->mode || row->depth != key->depth ||
		    row->jobs != key->jobs || row->bs != key->bs) {
			if (g == NULL || g->mode != key->mode || g->depth != key->depth ||
			    g->jobs != key->jobs) {
				g = &cmp->groups[cmp->ngroups++];
				g->mode = key->mode;
				g->depth = key->depth;
				g->jobs = key->jobs;
				g->first = cmp->nrows;
				if (multi_jobs)
					snprintf(g->name, sizeof g->name, "%s QD%u x%u jobs",
					    mode_name(g->mode), g->depth, g->jobs);
				else
					snprintf(g->name, sizeof g->name, "%s QD%u", mode_name(g->mode),
					    g->depth);
				for (p = 0; p < pairs_n; p++)
					if (pairs[p].depth == g->depth && pairs[p].jobs == g->jobs)
						break;
				if (p == pairs_n) {
					pairs[pairs_n].depth = g->depth;
					pairs[pairs_n++].jobs = g->jobs;
				}
			}
			row = &cmp->rows[cmp->nrows++];
			row->mode = key->mode;
			row->bs = key->bs;
			row->depth = key->depth;
			row->jobs = key->jobs;
			row->group = cmp->ngroups - 1;
			row->cell = xcalloc(cmp->nruns, sizeof *row->cell);
			for (k = 0; k < cmp->nruns; k++)
				row->cell[k] = -1;
			g->n++;
		}
		/* A run with the same cell twice: the later one, as in its own reports. */
		row->cell[key->run] = key->cell;
	}
	/* Variants: depth x jobs pairs by rank of depth, then jobs (dash and marker per pair). */
	for (i = 0; i < cmp->ngroups; i++) {
		unsigned p, v = 0;

		for (p = 0; p < pairs_n; p++)
			if (pairs[p].depth < cmp->groups[i].depth || (pairs[p].depth ==
			    cmp->groups[i].depth && pairs[p].jobs < cmp->groups[i].jobs))
				v++;
		cmp->groups[i].variant = v;
	}
	free(pairs);
	free(keys);

	cmp->nmissing = xcalloc(cmp->nruns, sizeof *cmp->nmissing);
	for (i = 0; i < cmp->nrows; i++) {
		struct compare_row *row = &cmp->rows[i];
		unsigned have = 0, m;

		for (k = 0; k < cmp->nruns; k++) {
			if (row->cell[k] >= 0)
				have++;
			else
				cmp->nmissing[k]++;
		}
		if (have == cmp->nruns)
			cmp->ncommon++;
		for (m = 0; m < COMPARE_METRICS; m++)
			compare_row_winner(cmp, row, (enum compare_metric)m);
	}
	compare_verdicts(cmp);
	return 0;
}

/* Free what compare_build() and the loader made. */
void
compare_free(struct compare *cmp)
{
	unsigned i;

	for (i = 0; i < cmp->nrows; i++)
		free(cmp->rows[i].cell);
	for (i = 0; i < cmp->nruns; i++) {
		free(cmp->runs[i].path);
		report_summary_free(&cmp->runs[i].sum);
		results_free(&cmp->runs[i].res);
	}
	for (i = 0; i < MODE_COUNT; i++)
		free(cmp->verdict[i]);
	free(cmp->runs);
	free(cmp->rows);
	free(cmp->groups);
	free(cmp->nmissing);
	free(cmp->bs);
	memset(cmp, 0, sizeof *cmp);
}

/* The runs that lack a row's cell, "a; b", or "" when none.  Caller frees. */
char *
compare_missing_text(const struct compare *cmp, const struct compare_row *row)
{
	char *out = xstrdup(""), *next;
	unsigned k;

	for (k = 0; k < cmp->nruns; k++)
		if (row->cell[k] < 0) {
			next = xasprintf("%s%s%s", out, *out ? "; " : "", cmp->runs[k].label);
			free(out);
			out = next;
		}
	return out;
}

/* A CSV figure, or nothing when missing. */
static void
compare_csv_num(FILE *f, double v, int decimals)
{
	fputc(',', f);
	if (!isnan(v))
		fprintf(f, "%.*f", decimals, v);
}

/*
 * The name of a column of compare.csv (and of the workbook's sheets, which
 * hold the same columns): run k's figure ("gp2 IOPS"), its ratio to the
 * first run ("gp2/standard IOPS"), or the winner ("winner IOPS").  Caller frees.
 */
char *
compare_head(const struct compare *cmp, enum compare_column kind, unsigned k, enum compare_metric m)
{
	const char *what = m == COMPARE_P99 && kind != COMPARE_COL_VALUE ? "p99" :
	    compare_metric_name(m);

	if (kind == COMPARE_COL_VALUE)
		return xasprintf("%s %s", cmp->runs[k].label, what);
	if (kind == COMPARE_COL_RATIO)
		return xasprintf("%s/%s %s", cmp->runs[k].label, cmp->runs[0].label, what);
	return xasprintf("winner %s", what);
}

/* A column name of compare.csv. */
static void
compare_csv_head(FILE *f, const struct compare *cmp, enum compare_column kind, unsigned k,
    enum compare_metric m)
{
	char *h = compare_head(cmp, kind, k, m);

	fputc(',', f);
	csv_quote(f, h);
	free(h);
}

/*
 * compare.csv: a row per cell of any run: its figures in each run, each
 * run's ratios to the first, the winners, and the runs that lack it.
 */
int
compare_csv_write(struct compare_ctx *ctx)
{
	static const int decimals[COMPARE_METRICS] = { 1, 3, 1 };
	const struct compare *cmp = ctx->cmp;
	char *buf = NULL, *path, a[160], bs[32];
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	unsigned i, k, m;
	int err;

	if (f == NULL)
		return -errno;
	fputs("mode,bs,bs_bytes,bs_kib,depth,jobs", f);
	for (k = 0; k < cmp->nruns; k++)
		for (m = 0; m < COMPARE_METRICS; m++)
			compare_csv_head(f, cmp, COMPARE_COL_VALUE, k, m);
	for (k = 1; k < cmp->nruns; k++)
		for (m = 0; m < COMPARE_METRICS; m++)
			compare_csv_head(f, cmp, COMPARE_COL_RATIO, k, m);
	for (m = 0; m < COMPARE_METRICS; m++)
		compare_csv_head(f, cmp, COMPARE_COL_WINNER, 0, m);
	fputs(",missing in\n", f);
	for (i = 0; i < cmp->nrows; i++) {
		const struct compare_row *row = &cmp->rows[i];
		char *missing;

		fprintf(f, "%s,%s,%llu,%g,%u,%u", mode_name(row->mode), size_short(row->bs, bs,
		    sizeof bs), (unsigned long long)row->bs, (double)row->bs / KIB, row->depth, row->jobs);
		for (k = 0; k < cmp->nruns; k++)
			for (m = 0; m < COMPARE_METRICS; m++)
				compare_csv_num(f, compare_value(cmp, row, k, m), decimals[m]);
		for (k = 1; k < cmp->nruns; k++)
			for (m = 0; m < COMPARE_METRICS; m++)
				compare_csv_num(f, compare_value(cmp, row, k, m) /
				    compare_value(cmp, row, 0, m), 3);
		for (m = 0; m < COMPARE_METRICS; m++) {
			fputc(',', f);
			csv_quote(f, compare_winner_text(cmp, row, m, a, sizeof a));
		}
		fputc(',', f);
		missing = compare_missing_text(cmp, row);
		csv_quote(f, missing);
		free(missing);
		fputc('\n', f);
	}
	if (fclose(f) != 0) {
		free(buf);
		return -ENOMEM;
	}
	path = xasprintf("%s/compare.csv", ctx->rc.dir);
	err = write_file_atomic(path, buf, len);
	free(path);
	free(buf);
	return err;
}

/* The png and svg formats: one writer renders both, once. */
static int
compare_charts_write(struct compare_ctx *ctx)
{
	if (ctx->rc.charts_done)
		return 0;
	ctx->rc.charts_done = true;
	return compare_gnuplot_write(ctx);
}

/*
 * Every comparison format in mask into dir; each failure is named on
 * stderr, the first is returned and the other formats still run.
 */
int
compare_write_all(struct compare *cmp, const char *dir, unsigned mask, const char *gnuplot)
{
	struct compare_ctx ctx;
	unsigned i;
	int err, first = 0;

	memset(&ctx, 0, sizeof ctx);
	ctx.cmp = cmp;
	ctx.rc.dir = dir;
	ctx.rc.mask = mask & REPORT_HTML ? mask | REPORT_SVG : mask;
	ctx.rc.gnuplot = gnuplot;
	for (i = 0; i < sizeof compare_writers / sizeof compare_writers[0]; i++) {
		if (!(ctx.rc.mask & compare_writers[i].flag))
			continue;
		ctx.rc.error[0] = '\0';
		err = compare_writers[i].write(&ctx);
		if (err != 0) {
			if (ctx.rc.error[0] != '\0')
				sweep_error("%s", ctx.rc.error);
			else
				sweep_error("%s/%s: %s", dir, compare_writers[i].file, strerror(-err));
			if (first == 0)
				first = err;
		}
	}
	return first;
}
