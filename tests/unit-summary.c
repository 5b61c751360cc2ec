/*
 * The characterization summary: the knee fit on synthetic volumes whose
 * caps are known (IOPS = min(I, B / bs) with noise), the no-knee and
 * too-few cases, and the peaks, series grid and check counts of
 * view_summary_build().
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fake-cell.h"
#include "base/util.h"
#include "render/report.h"
#include "results/results.h"

/* Tolerances the knee fit must meet on 5% noise (measured worst cases in the output). */
#define CAP_TOL		0.05	/* I and B within 5% */
#define KNEE_TOL	0.10	/* B / I within 10% */
#define NOISE		0.05	/* uniform +-5% on every point */
#define TRIALS		500

static double
noisy(double v, double noise)
{
	return v * (1 + noise * (2 * check_rng_unit() - 1));
}

/* The sentence of the knee knee_of() found last. */
static char knee_sentence[REPORT_KNEE_TEXT];

/* The knee of n (block size, IOPS) points, as clean cells of one mode. */
static void
knee_of(const uint64_t *bs, const double *iops, unsigned n, struct knee *k)
{
	struct cell_result *c = xcalloc(n ? n : 1, sizeof *c);
	unsigned i;

	for (i = 0; i < n; i++) {
		c[i].cell.mode = MODE_READ;
		c[i].cell.bs = bs[i];
		c[i].cell.depth = 8;
		c[i].cell.jobs = 1;
		c[i].status = CELL_OK;
		c[i].runtime_ns = NSEC_PER_SEC;
		c[i].iops = iops[i];
		c[i].ios = iops[i] > 0 ? (uint64_t)iops[i] + 1 : 0;
	}
	analysis_caps_knee(c, n, MODE_READ, SUMMARY_NO_SHARE, k);
	view_knee_text(k, c, SUMMARY_NO_SHARE, knee_sentence, sizeof knee_sentence);
	free(c);
}

/* Block sizes 512 B .. 8 MiB, powers of two: 15 points. */
static unsigned
bs_ladder(uint64_t *bs)
{
	unsigned n = 0;
	uint64_t b;

	for (b = 512; b <= 8 * MIB; b *= 2)
		bs[n++] = b;
	return n;
}

static void
knee_random_trials(void)
{
	uint64_t bs[32];
	double iops[32], worst_i = 0, worst_b = 0, worst_k = 0;
	unsigned n = bs_ladder(bs), t, i, found = 0;

	for (t = 0; t < TRIALS; t++) {
		/* IOPS cap 1k..1M; the knee between 2 KiB and 2 MiB, so each side has 2+ points. */
		double I = pow(10, 3 + 3 * check_rng_unit());
		double knee = exp2(11 + 10 * check_rng_unit());
		double B = I * knee, ei, eb, ek;
		struct knee k;

		for (i = 0; i < n; i++)
			iops[i] = noisy(fmin(I, B / (double)bs[i]), NOISE);
		knee_of(bs, iops, n, &k);
		if (k.kind != KNEE_FOUND) {
			CHECK(k.kind == KNEE_FOUND, "trial %u: I %.0f knee %.0f: kind %d: %s", t, I, knee,
			    k.kind, knee_sentence);
			continue;
		}
		found++;
		ei = fabs(k.iops_cap / I - 1);
		eb = fabs(k.bw_cap / B - 1);
		ek = fabs(k.knee_bs / knee - 1);
		worst_i = fmax(worst_i, ei);
		worst_b = fmax(worst_b, eb);
		worst_k = fmax(worst_k, ek);
		CHECK(ei < CAP_TOL, "trial %u: IOPS cap %.0f vs true %.0f", t, k.iops_cap, I);
		CHECK(eb < CAP_TOL, "trial %u: BW cap %.0f vs true %.0f", t, k.bw_cap, B);
		CHECK(ek < KNEE_TOL, "trial %u: knee %.0f vs true %.0f: %s", t, k.knee_bs, knee,
		    knee_sentence);
	}
	printf("knee on %d trials, noise +-%.0f%%: found %u; worst error IOPS cap %.2f%%, "
	    "BW cap %.2f%%, knee %.2f%% (tolerances %.0f%%, %.0f%%, %.0f%%)\n", TRIALS, NOISE * 100,
	    found, worst_i * 100, worst_b * 100, worst_k * 100, CAP_TOL * 100, CAP_TOL * 100,
	    KNEE_TOL * 100);
}

static void
knee_edges(void)
{
	uint64_t bs[32];
	double iops[32];
	unsigned n = bs_ladder(bs), i;
	struct knee k;

	/* Purely IOPS-bound: the bandwidth cap lies far beyond 8 MiB. */
	for (i = 0; i < n; i++)
		iops[i] = noisy(fmin(20000, 20000.0 * 64 * MIB / (double)bs[i]), NOISE);
	knee_of(bs, iops, n, &k);
	CHECK(k.kind == KNEE_IOPS_BOUND, "IOPS-bound: kind %d: %s", k.kind, knee_sentence);
	CHECK(fabs(k.iops_cap / 20000 - 1) < CAP_TOL, "IOPS-bound cap %.0f", k.iops_cap);
	CHECK(strstr(knee_sentence, "IOPS cap ~") != NULL && strstr(knee_sentence,
	    "at every block size measured (512 B-8 MiB)") != NULL, "%s", knee_sentence);

	/* Purely bandwidth-bound: the IOPS cap would only bind below 512 bytes. */
	for (i = 0; i < n; i++)
		iops[i] = noisy(fmin(1e6, 100.0 * MIB / (double)bs[i]), NOISE);
	knee_of(bs, iops, n, &k);
	CHECK(k.kind == KNEE_BW_BOUND, "BW-bound: kind %d: %s", k.kind, knee_sentence);
	CHECK(fabs(k.bw_cap / (100.0 * MIB) - 1) < CAP_TOL, "BW-bound cap %.0f", k.bw_cap);
	CHECK(strstr(knee_sentence, "bandwidth cap ~") != NULL && strstr(knee_sentence,
	    "at every block size measured (512 B-8 MiB)") != NULL, "%s", knee_sentence);

	/*
	 * The knee just below the largest size: one point on the bandwidth side
	 * is no plateau (a cap is two sizes), so no knee is stated, and the
	 * sentence says the side has one size.
	 */
	for (i = 0; i < n; i++)
		iops[i] = fmin(5000, 5000.0 * 4 * MIB / (double)bs[i]);
	knee_of(bs, iops, n, &k);
	CHECK(k.kind == KNEE_IOPS_BOUND && k.iops_plateau && k.iops_bs_hi == 4 * MIB &&
	    analysis_caps_knee_size(&k) == 0 &&
	    strstr(knee_sentence, "no bandwidth plateau: only 8 MiB on its side") != NULL,
	    "knee at 4 MiB: kind %d: %s", k.kind, knee_sentence);

	/* Too few points, and too narrow a span. */
	knee_of(bs, iops, 2, &k);
	CHECK(k.kind == KNEE_TOO_FEW && strstr(knee_sentence, "too few") != NULL, "2 points: %s", knee_sentence);
	{
		uint64_t narrow[] = { 4096, 6144, 8192 };
		double v[] = { 1000, 900, 800 };

		knee_of(narrow, v, 3, &k);
		CHECK(k.kind == KNEE_TOO_FEW && strstr(knee_sentence, "span") != NULL, "narrow: %s", knee_sentence);
	}
	knee_of(bs, iops, 0, &k);
	CHECK(k.kind == KNEE_TOO_FEW, "no points");

	/* Unsorted input with repeats and a failed (zero) point gives the same answer. */
	{
		uint64_t b[] = { 1 * MIB, 4096, 65536, 4096, 16384, 262144, 8192 };
		double v[] = { 200, 10000, 3200, 9000, 10000, 800, 0 };

		knee_of(b, v, 7, &k);
		CHECK(k.npoints == 5, "repeats merged, zero dropped: %u points", k.npoints);
		CHECK(k.kind == KNEE_FOUND && fabs(k.iops_cap / 10000 - 1) < 0.05 &&
		    fabs(k.bw_cap / (200.0 * MIB) - 1) < 0.05, "unsorted: %s", knee_sentence);
	}
}

/*
 * A soft knee, as at QD1 where latency = a + bs / B: IOPS = 1 / (1/I + bs/B).
 * The fit finds the asymptotes; at the knee the curve is at I/2, so the caps
 * come out low by a bounded amount.
 */
static void
knee_soft(void)
{
	uint64_t bs[32];
	double iops[32], I = 40000, B = 400.0 * MIB;
	unsigned n = bs_ladder(bs), i;
	struct knee k;

	for (i = 0; i < n; i++)
		iops[i] = noisy(1 / (1 / I + (double)bs[i] / B), NOISE);
	knee_of(bs, iops, n, &k);
	CHECK(k.kind == KNEE_FOUND, "soft knee found: %s", knee_sentence);
	CHECK(k.iops_cap < I * 1.05 && k.iops_cap > I * 0.75, "soft IOPS cap %.0f of %.0f",
	    k.iops_cap, I);
	CHECK(k.bw_cap < B * 1.05 && k.bw_cap > B * 0.75, "soft BW cap %.0f of %.0f", k.bw_cap, B);
	CHECK(k.knee_bs > B / I / 2 && k.knee_bs < B / I * 2, "soft knee %.0f of %.0f", k.knee_bs,
	    B / I);
	printf("soft knee: IOPS cap %.1f%%, BW cap %.1f%%, knee %.1f%% of the true values\n",
	    k.iops_cap / I * 100, k.bw_cap / B * 100, k.knee_bs / (B / I) * 100);
}

/*
 * Results of two modes x 6 block sizes x depths 1 and 8: depth 8 reaches
 * the caps, depth 1 half of them.  One cell has a short-I/O mismatch, one
 * is skipped.
 */
static void
fake_results(struct results *res)
{
	static const uint64_t sizes[] = { 4096, 16384, 65536, 262144, 1048576, 4194304 };
	static const enum rw_mode modes[] = { MODE_RANDREAD, MODE_WRITE };
	static const unsigned depths[] = { 1, 8 };
	const double I[] = { 50000, 20000 }, B[] = { 500.0 * MIB, 200.0 * MIB };
	unsigned m, b, d, n = 0;

	memset(res, 0, sizeof *res);
	res->plan.ncells = 2 * 6 * 2;
	res->plan.cells = xcalloc(res->plan.ncells, sizeof *res->plan.cells);
	res->cells = xcalloc(res->plan.ncells, sizeof *res->cells);
	str_copy(res->label, sizeof res->label, "unit");
	for (m = 0; m < 2; m++)
		for (b = 0; b < 6; b++)
			for (d = 0; d < 2; d++, n++) {
				struct cell_result *r = &res->cells[n];
				double iops = fmin(I[m], B[m] / (double)sizes[b]) * (d == 0 ? 0.5 : 1);

				fake_cell(res, n, modes[m], sizes[b], depths[d], noisy(iops, 0.02), 10);
				r->lat_pct_ns[0] = 20000 * (d + 1) + b;
				r->lat_pct_ns[2] = 50000 * (d + 1) + b;
				if (m == 1 && b == 2 && d == 1) {
					r->short_ios = 50;
					r->bytes -= 50 * r->cell.bs / 2 + r->ios * r->cell.bs / 20;
				}
				if (m == 0 && b == 5 && d == 0) {
					r->status = CELL_SKIPPED;
					snprintf(r->status_reason, sizeof r->status_reason, "test skip");
					r->ios = 0;
				}
				bw_check_compute(r);
				res->ndone++;
			}
}

static void
summary_build(void)
{
	struct results res;
	struct summary s;
	const struct summary_mode *rr, *wr;
	unsigned i;

	fake_results(&res);
	view_summary_build(&res, &s);
	CHECK(s.nmodes == 2, "modes %u", s.nmodes);
	rr = &s.modes[0];
	wr = &s.modes[1];
	CHECK(rr->mode == MODE_RANDREAD && wr->mode == MODE_WRITE, "modes in plan order");
	CHECK(s.nbs == 6 && s.bs[0] == 4096 && s.bs[5] == 4 * MIB, "block sizes %u", s.nbs);
	CHECK(s.nseries == 4, "series %u", s.nseries);
	CHECK_STR(s.series[0].name, "randread QD1");
	CHECK_STR(s.series[1].name, "randread QD8");
	CHECK_STR(s.series[3].name, "write QD8");
	CHECK(s.series[0].variant == 0 && s.series[1].variant == 1 && s.series[2].variant == 0 &&
	    s.series[3].variant == 1, "variants: one dash per depth, the same in every mode");
	CHECK(s.series[0].cell[5] == -1, "the skipped cell is not in the grid");
	CHECK(s.series[1].cell[0] == 1, "grid: randread QD8 4K is cell 1, not %d", s.series[1].cell[0]);
	CHECK(rr->ncells == 11 && wr->ncells == 12, "cells per mode %u %u", rr->ncells, wr->ncells);
	CHECK(s.nskipped == 1 && s.ndone == 23, "skipped %u done %u", s.nskipped, s.ndone);

	CHECK(rr->peak_iops >= 0 && res.cells[rr->peak_iops].cell.depth == 8 &&
	    res.cells[rr->peak_iops].cell.bs <= 8192, "randread peak IOPS at QD8, small bs");
	CHECK(rr->peak_bw >= 0 && res.cells[rr->peak_bw].cell.bs >= 65536,
	    "randread peak bandwidth at a large bs");
	CHECK(rr->qd1_4k == 0, "QD1 4K cell is 0, not %d", rr->qd1_4k);
	CHECK(wr->qd1_4k == 12, "write QD1 4K cell is 12, not %d", wr->qd1_4k);

	/* The knee comes from the best depth at each size: the QD8 bandwidth cap. */
	CHECK(rr->knee.kind == KNEE_BW_BOUND && fabs(rr->knee.bw_cap / (500.0 * MIB) - 1) < 0.05,
	    "randread knee: %s", rr->knee_text);
	/* One size (4K) on the IOPS side: no plateau, no cap stated (a cap is two sizes). */
	CHECK(strstr(rr->knee_text, "no IOPS plateau: only 4 KiB on its side (") != NULL &&
	    !rr->knee.iops_plateau && rr->knee.bw_plateau, "knee text: %s", rr->knee_text);
	CHECK(wr->knee.kind == KNEE_BW_BOUND && !wr->knee.iops_plateau &&
	    fabs(wr->knee.side_iops / 20000 - 1) < 0.05, "write knee: %s", wr->knee_text);

	CHECK(s.nmismatch == 1 && s.npass == 22, "checks: %u pass, %u mismatch", s.npass,
	    s.nmismatch);
	if (s.nmismatch == 1) {
		const struct cell_result *r = &res.cells[s.mismatch[0]];

		CHECK(r->cell.mode == MODE_WRITE && r->cell.bs == 65536 && r->cell.depth == 8,
		    "the mismatched cell");
		CHECK(strstr(r->check.reason, "short I/O") != NULL, "reason: %s", r->check.reason);
	}
	for (i = 0; i < s.nseries; i++)
		CHECK(s.series[i].jobs == 1 && strstr(s.series[i].name, "jobs") == NULL,
		    "no jobs in names when every cell ran one job");
	CHECK(!rr->sat.found && !wr->sat.found, "two depths: no saturating depth");
	CHECK(rr->nbs == 6 && wr->nbs == 6 && !view_chart_bars(&s), "6 sizes per mode: lines");
	/* RND 4K Q32 read: randread 4K QD8 stands in (cell 1); no read, so no SEQ read tile. */
	CHECK(s.nscore == 4 && s.score[3][0] == 0 && s.score[0][1] == 21 && s.score[1][1] == 20 &&
	    s.score[0][0] == -1 && s.score[2][0] == 1, "scorecard cells: %u", s.nscore);
	view_summary_free(&s);
	results_free(&res);
}

/*
 * The saturating depth: the smallest depth within 5% of the best IOPS, in
 * any order of points, at the 5% boundary, on ties, and with no figure.
 */
static void
saturation_rule(void)
{
	const unsigned d[] = { 1, 2, 4, 8, 16, 32 }, shuffled[] = { 32, 4, 16, 1, 8, 2 };
	const double rising[] = { 10000, 19000, 36000, 60000, 63000, 64000 };
	const double shuffled_iops[] = { 64000, 36000, 63000, 10000, 60000, 19000 };
	double edge[] = { 10000, 19000, 36000, 60800, 63000, 64000 }, flat[] = { 5, 5, 5, 5, 5, 5 };
	const double none[] = { 0, 0, 0 };
	int at;

	at = analysis_saturation_depth(d, rising, 6);
	CHECK(at == 4, "rising: QD%u, want QD16 (63k is within 5%% of 64k, 60k is not)",
	    at >= 0 ? d[at] : 0);
	at = analysis_saturation_depth(shuffled, shuffled_iops, 6);
	CHECK(at == 2, "shuffled: index %d (QD%u), want QD16", at, at >= 0 ? shuffled[at] : 0);
	at = analysis_saturation_depth(d, edge, 6);
	CHECK(at == 3, "exactly 95%% of the best counts: QD%u, want QD8", at >= 0 ? d[at] : 0);
	edge[3] = 60799;
	at = analysis_saturation_depth(d, edge, 6);
	CHECK(at == 4, "just under 95%% does not: QD%u, want QD16", at >= 0 ? d[at] : 0);
	at = analysis_saturation_depth(d, flat, 6);
	CHECK(at == 0, "flat: QD%u, want QD1", at >= 0 ? d[at] : 0);
	at = analysis_saturation_depth(d, rising, 1);
	CHECK(at == 0, "one point: %d", at);
	CHECK(analysis_saturation_depth(d, none, 3) == -1, "no IOPS: no depth");
	CHECK(analysis_saturation_depth(d, rising, 0) == -1, "no points: no depth");
}

/* randread 4K at depths 1..32 with the IOPS given; the summary's saturation. */
static void
saturation_of(const double *iops, unsigned n, struct results *res, struct summary *s)
{
	unsigned i;

	memset(res, 0, sizeof *res);
	res->plan.ncells = n;
	res->plan.cells = xcalloc(n, sizeof *res->plan.cells);
	res->cells = xcalloc(n, sizeof *res->cells);
	for (i = 0; i < n; i++) {
		struct cell_result *r = &res->cells[i];

		r->cell.index = i;
		r->cell.mode = MODE_RANDREAD;
		r->cell.bs = 4096;
		r->cell.depth = 1U << i;
		r->cell.jobs = 1;
		res->plan.cells[i] = r->cell;
		r->status = CELL_OK;
		r->runtime_ns = NSEC_PER_SEC;
		r->iops = iops[i];
		r->ios = (uint64_t)iops[i];
		r->bytes = r->ios * 4096;
		r->bw_bytes_s = (double)r->bytes;
		bw_check_compute(r);
	}
	view_summary_build(res, s);
}

static void
saturation_summary(void)
{
	const double levels[] = { 10000, 19000, 36000, 60000, 63000, 64000 };
	const double rising[] = { 10000, 20000, 40000 };
	struct results res;
	struct summary s;

	saturation_of(levels, 6, &res, &s);
	CHECK(s.modes[0].sat.found && s.modes[0].sat.reached && s.modes[0].sat.depth == 16 &&
	    s.modes[0].sat.best_depth == 32 && s.modes[0].sat.ndepths == 6,
	    "levelling off: found %d depth %u: %s", s.modes[0].sat.found, s.modes[0].sat.depth,
	    s.modes[0].sat.text);
	CHECK(strstr(s.modes[0].sat.text, "saturates at QD16 at 4 KiB") != NULL, "%s",
	    s.modes[0].sat.text);
	CHECK(view_chart_saturates(&s) && view_chart_bars(&s), "one size, 6 depths: curves and bars");
	CHECK(s.nscore == 2 && s.score[3][0] == 0 && s.score[2][0] == 5 && s.score[0][0] == -1,
	    "scorecard: RND 4K Q1 and Q32 randread (%u tiles)", s.nscore);
	view_summary_free(&s);
	results_free(&res);

	saturation_of(rising, 3, &res, &s);
	CHECK(s.modes[0].sat.found && !s.modes[0].sat.reached && s.modes[0].sat.depth == 4,
	    "still rising: reached %d depth %u", s.modes[0].sat.reached, s.modes[0].sat.depth);
	CHECK(strstr(s.modes[0].sat.text, "no saturation up to QD4") != NULL, "%s",
	    s.modes[0].sat.text);
	view_summary_free(&s);
	results_free(&res);

	saturation_of(rising, 2, &res, &s);
	CHECK(!s.modes[0].sat.found && !view_chart_saturates(&s), "two depths: no saturation");
	view_summary_free(&s);
	results_free(&res);
}

/*
 * The run's conclusions on the terminal: a line per mode with its knee, the
 * unsteady cells counted by verdict, and the paths of the reports asked for.
 */
static void
terminal_lines(void)
{
	struct results res;
	struct summary sum;
	char *out = NULL, *conclusions;
	size_t len = 0;
	FILE *f;

	fake_results(&res);
	res.cells[2].stability.verdict = STABILITY_NOISY;	/* QD1: out of the knee */
	res.cells[4].stability.verdict = STABILITY_NOISY;
	res.cells[14].stability.verdict = STABILITY_STALLED;
	view_summary_build(&res, &sum);
	conclusions = view_conclusions(&res, &sum);
	if ((f = open_memstream(&out, &len)) == NULL)
		abort();
	report_terminal(f, conclusions, "OUT", REPORT_MD | REPORT_XLSX | REPORT_CSV);
	fclose(f);
	free(conclusions);
	view_summary_free(&sum);
	CHECK(strstr(out, "Conclusions:\n  randread: bandwidth cap ~") != NULL &&
	    strstr(out, "no IOPS plateau: only 4 KiB on its side") != NULL,
	    "randread's knee first: %s", out);
	CHECK(strstr(out, "\n  write: bandwidth cap ~") != NULL, "write's knee: %s", out);
	CHECK(strstr(out, "\n  3 of 23 cells not steady (noisy 2, stalled 1)") != NULL,
	    "unsteady count: %s", out);
	CHECK(strstr(out, "\nReports: OUT/report.md, OUT/report.xlsx\n") != NULL,
	    "the reports asked for, no html: %s", out);
	free(out);

	memset(res.cells, 0, res.plan.ncells * sizeof *res.cells);
	res.ndone = 0;
	out = NULL;
	if ((f = open_memstream(&out, &len)) == NULL)
		abort();
	view_summary_build(&res, &sum);
	conclusions = view_conclusions(&res, &sum);
	CHECK(conclusions == NULL, "no cell: no conclusions");
	report_terminal(f, conclusions, "OUT", 0);
	fclose(f);
	view_summary_free(&sum);
	CHECK_STR(out, "");
	free(out);
	results_free(&res);
}

static void
formats(void)
{
	char buf[64];

	CHECK_STR(view_num(33231.4, 0, buf, sizeof buf), "33,231");
	CHECK_STR(view_num(1234567.25, 1, buf, sizeof buf), "1,234,567.2");
	CHECK_STR(view_num(-950, 0, buf, sizeof buf), "-950");
	CHECK_STR(view_num(12.5, 1, buf, sizeof buf), "12.5");
	CHECK_STR(view_approx(33231, buf, sizeof buf), "33,200");
	CHECK_STR(view_approx(948.7, buf, sizeof buf), "949");
	CHECK_STR(view_approx(1.2345, buf, sizeof buf), "1.23");
	/* Below 10, two significant digits at least; whole numbers and 10 and up as they were. */
	CHECK_STR(view_num(0.015, 1, buf, sizeof buf), "0.015");
	CHECK_STR(view_num(5.7, 0, buf, sizeof buf), "5.7");
	CHECK_STR(view_num(6.49, 0, buf, sizeof buf), "6.5");
	CHECK_STR(view_num(7, 0, buf, sizeof buf), "7");
	CHECK_STR(view_num(9.96, 0, buf, sizeof buf), "10");
	CHECK_STR(view_num(10.4, 0, buf, sizeof buf), "10");
	CHECK_STR(view_num(0.5, 0, buf, sizeof buf), "0.50");
	CHECK_STR(view_num(1.25, 2, buf, sizeof buf), "1.25");
	CHECK_STR(view_num(-0.015, 1, buf, sizeof buf), "-0.015");
	CHECK_STR(view_num(1e-9, 0, buf, sizeof buf), "0");
	CHECK_STR(view_range_text(3073.6, 3074.4, 0, buf, sizeof buf), "3,073.6-3,074.4");
	CHECK_STR(view_range_text(2910, 3070, 0, buf, sizeof buf), "2,910-3,070");
	CHECK(view_range_text(3074.001, 3074.002, 0, buf, sizeof buf) == NULL, "alike: %s", buf);
	CHECK_STR(view_pct(12.4, true, buf, sizeof buf), "+12%");
	CHECK_STR(view_pct(0.3, true, buf, sizeof buf), "+0.3%");
	CHECK_STR(view_pct(-0.04, true, buf, sizeof buf), "-0.04%");
	CHECK_STR(view_pct(0, true, buf, sizeof buf), "+0%");
	CHECK_STR(view_pct(0.2, false, buf, sizeof buf), "0.2%");
	CHECK_STR(view_size_label(512, buf, sizeof buf), "512");
	CHECK_STR(view_size_label(4096, buf, sizeof buf), "4K");
	CHECK_STR(view_size_label(8 * MIB, buf, sizeof buf), "8M");
}

int
main(void)
{
	*check_rng_state() = 88172645463325252ULL;
	knee_random_trials();
	knee_edges();
	knee_soft();
	summary_build();
	saturation_rule();
	saturation_summary();
	terminal_lines();
	formats();
	return check_done("unit-summary");
}
