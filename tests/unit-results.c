/* results.json round trip, CSV quoting and the BW = IOPS x bs check. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <unistd.h>

#include "analysis/analysis.h"
#include "check.h"
#include "base/sweep.h"
#include "base/util.h"
#include "options/options.h"
#include "plan/plan.h"
#include "render/report.h"
#include "results/results-json.h"
#include "results/results.h"

/* results.json text back into res as every reader gets it: read, then derived (analysis-derive.c). */
static int
read_back(const char *text, struct results *res, char *err, size_t errlen)
{
	int ret = results_from_json(text, res, err, errlen);

	if (ret == 0)
		analysis_results_derive(res);
	return ret;
}

static void
fake_results(struct results *res)
{
	struct config cfg;
	struct target t;
	struct plan p;
	unsigned i;

	config_init(&cfg);
	cfg.label = xstrdup("gp2, \"east\"");
	options_finish(&cfg, false);
	cfg.groups[0].bs.n = 2;
	cfg.groups[0].depth.n = 1;
	options_plan_build(&p, &cfg);
	memset(&t, 0, sizeof t);
	t.path = xstrdup("/tmp/x/sweep.dat");
	t.name = xstrdup("sweep.dat");
	t.size = GIB;
	t.rotational = 0;
	t.dio_offset_align = 512;
	snprintf(t.devname, sizeof t.devname, "vda");
	results_create(res, cfg.label, cfg.description, &t, &p);
	for (i = 0; i < p.ncells; i++) {
		struct cell_result *r = &res->cells[i];
		unsigned s;

		r->cell = p.cells[i];
		r->status = i == 3 ? CELL_SKIPPED : CELL_OK;
		res->ndone++;
		if (i == 3) {
			snprintf(r->status_reason, sizeof r->status_reason, "bs below 4096");
			continue;
		}
		r->runtime_ns = 10 * NSEC_PER_SEC;
		r->ios = 1000 * (i + 1);
		r->bytes = r->ios * r->cell.bs;
		r->read_ios = r->ios;
		r->read_bytes = r->bytes;
		r->iops = (double)r->ios / 10;
		r->bw_bytes_s = (double)r->bytes / 10;
		r->lat_min_ns = 1000 + i;
		r->lat_max_ns = 900000;
		r->lat_mean_ns = 12345.5;
		r->lat_stdev_ns = 77.25;
		for (s = 0; s < PCT_COUNT; s++)
			r->lat_pct_ns[s] = 5000 * (s + 1) + i;
		r->nseries = 10;
		r->series_ios = xcalloc(10, sizeof(uint64_t));
		r->series_bytes = xcalloc(10, sizeof(uint64_t));
		for (s = 0; s < 10; s++) {
			r->series_ios[s] = 100 * (i + 1);
			r->series_bytes[s] = r->series_ios[s] * r->cell.bs;
		}
		r->dev.valid = true;
		r->dev.read_ios = r->ios;
		r->dev.read_bytes = r->bytes;
		r->dev.iops = r->iops;
		r->dev.bw_bytes_s = r->bw_bytes_s;
		r->dev.util_pct = 97.5;
		bw_check_compute(r);
		results_cell_derive(r);		/* as run.c does: results.json writes them */
		analysis_stability_judge(r);	/* as run.c does: results.json writes r->stability */
	}
	res->cells[1].derived = CELL_DERIVED_IOPS;
	res->expect.set = true;
	res->expect.iops = 300;
	res->expect.bw_bytes_s = 250.0 * MIB;
	res->expect.burst_iops = 3000;
	res->expect.size_bytes = 100 * GIB;
	snprintf(res->expect.profile, sizeof res->expect.profile, "aws-gp2");
	snprintf(res->expect.source, sizeof res->expect.source, "as published by AWS in \"gp2\"");
	snprintf(res->expect.basis, sizeof res->expect.basis, "3 IOPS/GiB x 100 GiB");
	free(t.path);
	free(t.name);
	plan_free(&p);
	config_free(&cfg);
}

/* Clones are skewed past RESULTS_CLONES_SKEW (longest / shortest), not at it. */
static void
clones_skew(void)
{
	struct cell_result r;

	memset(&r, 0, sizeof r);
	CHECK(!results_cell_clones_skewed(&r), "no clones");
	r.clones = (struct clone_windows){ .n = 2, .min_ns = 10000000000ULL, .max_ns = 15000000000ULL };
	CHECK(!results_cell_clones_skewed(&r), "1.5x is not past 1.5x");
	r.clones.max_ns = 15100000000ULL;
	CHECK(results_cell_clones_skewed(&r), "1.51x is");
	r.clones = (struct clone_windows){ .n = 3, .min_ns = 11900000000ULL, .max_ns = 28900000000ULL };
	CHECK(results_cell_clones_skewed(&r), "11.9-28.9 s");
	r.clones.n = 1;
	CHECK(!results_cell_clones_skewed(&r), "one entry is no clones");
}

static void
round_trip(void)
{
	struct results a, b;
	char *text, *text2, err[256];
	unsigned i;

	fake_results(&a);
	a.cells[0].buffered = true;
	a.cells[2].clones = (struct clone_windows){ .n = 2, .min_ns = 2558000000ULL,
	    .max_ns = 6398000000ULL };
	text = results_to_json(&a);
	CHECK(text != NULL, "serialised");
	CHECK(read_back(text, &b, err, sizeof err) == 0, "parse back: %s", err);
	CHECK_STR(b.label, a.label);
	CHECK_STR(b.target.path, a.target.path);
	CHECK(b.plan.ncells == a.plan.ncells && b.ndone == a.ndone, "cell counts");
	for (i = 0; i < a.plan.ncells; i++) {
		struct cell_result *x = &a.cells[i], *y = &b.cells[i];

		CHECK(x->status == y->status && x->cell.bs == y->cell.bs && x->cell.mode == y->cell.mode,
		    "cell %u identity", i);
		CHECK(x->ios == y->ios && x->bytes == y->bytes && x->iops == y->iops, "cell %u counts", i);
		CHECK(memcmp(x->lat_pct_ns, y->lat_pct_ns, sizeof x->lat_pct_ns) == 0, "cell %u pcts", i);
		CHECK(x->nseries == y->nseries && (x->nseries == 0 ||
		    memcmp(x->series_ios, y->series_ios, x->nseries * 8) == 0), "cell %u series", i);
		CHECK(x->check.ok == y->check.ok, "cell %u verdict", i);
	}
	CHECK(b.cells[1].derived == CELL_DERIVED_IOPS && b.cells[0].derived == 0, "derived marks");
	CHECK(results_cell_buffered(&b.cells[0]) && !results_cell_buffered(&b.cells[1]), "buffered");
	CHECK(b.cells[2].clones.n == 2 && b.cells[2].clones.min_ns == 2558000000ULL &&
	    b.cells[2].clones.max_ns == 6398000000ULL && b.cells[1].clones.n == 0, "clones read back");
	CHECK(results_cell_clones_skewed(&b.cells[2]) && !results_cell_clones_skewed(&b.cells[1]),
	    "clones 2.56-6.40 s skewed");
	CHECK(b.expect.set && b.expect.iops == 300 && b.expect.bw_bytes_s == 250.0 * MIB &&
	    b.expect.burst_iops == 3000 && b.expect.burst_bw_bytes_s == 0 &&
	    b.expect.size_bytes == 100 * GIB, "expect figures: %g %g %g", b.expect.iops,
	    b.expect.bw_bytes_s, b.expect.burst_iops);
	CHECK_STR(b.expect.profile, a.expect.profile);
	CHECK_STR(b.expect.source, a.expect.source);
	CHECK_STR(b.expect.basis, a.expect.basis);
	text2 = results_to_json(&b);
	CHECK(strcmp(text, text2) == 0, "second round trip is identical");
	free(text);
	free(text2);
	results_free(&b);

	CHECK(read_back("{\"schema_version\": 99}", &b, err, sizeof err) != 0 &&
	    strstr(err, "schema_version") != NULL, "future schema refused: %s", err);
	CHECK(read_back("{\"schema_version\": 1, \"target\": {}, \"plan\": {\"cells\": "
	    "[{\"mode\": \"read\", \"bs\": 4096, \"depth\": 1, \"jobs\": 1}]}, \"cells\": "
	    "[{\"index\": 5, \"mode\": \"read\", \"bs\": 4096, \"depth\": 1, \"jobs\": 1}]}",
	    &b, err, sizeof err) != 0, "cell outside the plan refused");
	CHECK(read_back("[", &b, err, sizeof err) != 0, "truncated refused");
	CHECK(read_back("{\"schema_version\": 1, \"expect\": null, \"target\": {}, "
	    "\"plan\": {\"cells\": []}, \"cells\": []}", &b, err, sizeof err) == 0 &&
	    !b.expect.set, "\"expect\": null is no expectation");
	results_free(&b);
	CHECK(read_back("{\"schema_version\": 1, \"expect\": {\"iops\": -5, \"bw_bytes_s\": "
	    "\"x\"}, \"target\": {}, \"plan\": {\"cells\": []}, \"cells\": []}", &b, err,
	    sizeof err) == 0 && b.expect.set && b.expect.iops == 0 && b.expect.bw_bytes_s == 0,
	    "bad expect figures read as not given");
	results_free(&b);

	{
		char path[] = "/tmp/sweep-unit-results-XXXXXX";
		int fd = mkstemp(path);
		FILE *f;
		char line[4096];
		int rows = 0, commas_first = -1, same = 1;
		struct view_rows it;

		close(fd);
		view_rows_init(&it, &a, VIEW_ROWS_FINISHED);
		CHECK(report_csv_write(&it, path) == 0, "csv written");
		f = fopen(path, "r");
		while (f != NULL && fgets(line, sizeof line, f) != NULL) {
			int c = 0, q = 0;
			char *p;

			for (p = line; *p; p++) {
				if (*p == '"')
					q = !q;
				else if (*p == ',' && !q)
					c++;
			}
			if (commas_first < 0)
				commas_first = c;
			else if (c != commas_first)
				same = 0;
			rows++;
		}
		if (f != NULL)
			fclose(f);
		CHECK(rows == (int)a.plan.ncells + 1, "csv rows %d", rows);
		CHECK(same, "every CSV row has as many fields as the header (%d)", commas_first + 1);
		unlink(path);
	}
	results_free(&a);
}

static void
csv_quoting(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	csv_quote(f, "plain");
	fputc('|', f);
	csv_quote(f, "a,b");
	fputc('|', f);
	csv_quote(f, "say \"hi\"");
	fputc('|', f);
	csv_quote(f, "two\nlines");
	fclose(f);
	CHECK_STR(buf, "plain|\"a,b\"|\"say \"\"hi\"\"\"|\"two\nlines\"");
	free(buf);
}

static struct cell_result
cell(uint64_t bs, uint64_t ios, uint64_t bytes, double dev_bytes)
{
	struct cell_result r;

	memset(&r, 0, sizeof r);
	r.cell.bs = bs;
	r.status = CELL_OK;
	r.runtime_ns = 10 * NSEC_PER_SEC;
	r.ios = ios;
	r.bytes = bytes;
	r.iops = (double)ios / 10;
	r.bw_bytes_s = (double)bytes / 10;
	if (dev_bytes >= 0) {
		r.dev.valid = true;
		r.dev.bw_bytes_s = dev_bytes / 10;
		r.dev.iops = r.iops;
	}
	return r;
}

static void
bw_checks(void)
{
	struct cell_result r;

	r = cell(4096, 100000, 100000ULL * 4096, 100000.0 * 4096);
	bw_check_compute(&r);
	CHECK(r.check.ok && fabs(r.check.diff_derived) < 1e-9, "clean cell: %s", r.check.reason);
	CHECK(fabs(r.check.derived - 40960000.0) < 1e-6, "derived = IOPS x bs: %f", r.check.derived);

	r = cell(4096, 100000, 100000ULL * 4096 - 50000ULL * 2048, 100000.0 * 4096);
	r.short_ios = 50000;
	bw_check_compute(&r);
	CHECK(!r.check.ok && strstr(r.check.reason, "short I/O") != NULL, "short I/O: %s",
	    r.check.reason);

	r = cell(4096, 100000, 100000ULL * 4096, 100000.0 * 4096 * 0.03);
	bw_check_compute(&r);
	CHECK(!r.check.ok && strstr(r.check.reason, "cache") != NULL, "device too low: %s",
	    r.check.reason);

	r = cell(4096, 100000, 100000ULL * 4096, 100000.0 * 4096 * 1.30);
	bw_check_compute(&r);
	CHECK(!r.check.ok && strstr(r.check.reason, "more") != NULL, "device too high: %s",
	    r.check.reason);

	r = cell(4096, 100000, 100000ULL * 4096, 100000.0 * 4096 * 1.04);
	bw_check_compute(&r);
	CHECK(r.check.ok, "within 5%%: %s", r.check.reason);

	r = cell(4096, 100000, 100000ULL * 4096, 100000.0 * 4096);
	r.dev.iops = r.iops / 8;
	bw_check_compute(&r);
	CHECK(r.check.ok && strstr(r.check.reason, "merged") != NULL, "merges noted: %s",
	    r.check.reason);

	r = cell(4096, 100000, 100000ULL * 4096, -1);
	bw_check_compute(&r);
	CHECK(r.check.ok && r.check.device < 0 && strstr(r.check.reason, "no device") != NULL,
	    "no device counters: %s", r.check.reason);
}

/* An attempt of cell c: 10 s at level IOPS, with second 4 at low (a stall when low < 10%). */
static void
fake_attempt(struct cell_result *a, const struct cell *c, uint64_t level, uint64_t low)
{
	unsigned s;

	memset(a, 0, sizeof *a);
	a->cell = *c;
	a->status = CELL_OK;
	a->runtime_ns = 10 * NSEC_PER_SEC;
	a->nseries = 10;
	a->series_ios = xcalloc(10, sizeof(uint64_t));
	a->series_bytes = xcalloc(10, sizeof(uint64_t));
	for (s = 0; s < 10; s++) {
		a->series_ios[s] = s == 4 ? low : level;
		a->series_bytes[s] = a->series_ios[s] * c->bs;
		a->ios += a->series_ios[s];
	}
	a->bytes = a->ios * c->bs;
	a->read_ios = a->ios;
	a->read_bytes = a->bytes;
	a->iops = (double)a->ios / 10;
	a->bw_bytes_s = (double)a->bytes / 10;
	a->lat_max_ns = 2000000;
	for (s = 0; s < PCT_COUNT; s++)
		a->lat_pct_ns[s] = 100000 * (s + 1);
	a->inflight_max = 1;
	bw_check_compute(a);
	results_cell_derive(a);
	analysis_stability_judge(a);
}

/*
 * --retry-unstable's attempts: the first steady one is shown; without one,
 * noisy before stalled; every attempt and the shown one survive
 * results.json; the note says which is shown and why.
 */
static void
attempts(void)
{
	struct results a, b;
	struct cell_result x;
	char *text, *text2, err[256], note[1024];
	const struct cell_result *c, *d;
	unsigned k;

	fake_results(&a);
	a.plan.retry_unstable = 2;
	c = &a.cells[0];
	results_cell_free(&a.cells[0]);
	fake_attempt(&a.cells[0], &a.plan.cells[0], 1000, 5);		/* stalled */
	CHECK(a.cells[0].stability.verdict == STABILITY_STALLED, "fake stall: %s",
	    a.cells[0].stability.reason);
	CHECK(results_attempt_wanted(c, 2) && !results_attempt_wanted(c, 0), "a stalled cell is wanted");
	fake_attempt(&x, &a.plan.cells[0], 1000, 500);			/* noisy */
	CHECK(x.stability.verdict == STABILITY_NOISY, "fake noise: %s", x.stability.reason);
	results_store_attempt(&a, 0, &x);
	CHECK(c->nattempts == 2 && c->shown_attempt == 1, "noisy shown before stalled: %u of %u",
	    c->shown_attempt + 1, c->nattempts);
	CHECK(c->iops == c->attempts[1].iops && c->stability.verdict == STABILITY_NOISY,
	    "the cell's figures are the shown attempt's");
	CHECK(strncmp(results_attempt_rule(c), "none steady", 11) == 0, "%s", results_attempt_rule(c));
	CHECK(results_attempt_wanted(c, 2) && !results_attempt_wanted(c, 1), "one re-run left of 2");
	fake_attempt(&x, &a.plan.cells[0], 1000, 1000);		/* steady */
	results_store_attempt(&a, 0, &x);
	CHECK(c->nattempts == 3 && c->shown_attempt == 2 && !results_attempt_wanted(c, 10),
	    "the steady attempt is shown and ends the retries");
	results_attempt_note(c, note, sizeof note);
	CHECK(strncmp(note, "attempt 3 of 3 shown: first steady attempt; attempt 1 stalled: ",
	    63) == 0 && strstr(note, "; attempt 2 noisy: ") != NULL, "note: %s", note);
	CHECK(!results_attempt_wanted(&a.cells[1], 2), "a steady cell is not re-run");

	text = results_to_json(&a);
	CHECK(text != NULL && strstr(text, "\"retry_unstable\":\t2") != NULL, "plan retry_unstable");
	CHECK(read_back(text, &b, err, sizeof err) == 0, "parse back: %s", err);
	d = &b.cells[0];
	CHECK(b.plan.retry_unstable == 2, "retry_unstable read back");
	CHECK(d->nattempts == 3 && d->shown_attempt == 2 && d->iops == c->iops, "attempts read back");
	for (k = 0; k < 3 && d->nattempts == 3; k++)
		CHECK(d->attempts[k].stability.verdict == c->attempts[k].stability.verdict &&
		    d->attempts[k].nseries == 10 && d->attempts[k].series_ios[4] ==
		    c->attempts[k].series_ios[4], "attempt %u read back", k + 1);
	text2 = results_to_json(&b);
	CHECK(text2 != NULL && strcmp(text, text2) == 0, "second round trip is identical");
	free(text2);
	results_free(&b);
	/* A tampered "shown" is chosen again by the rule. */
	{
		char *p = strstr(text, "\"shown\":\t3");

		CHECK(p != NULL, "shown in the text");
		if (p != NULL)
			p[9] = '1';
		CHECK(read_back(text, &b, err, sizeof err) == 0 && b.cells[0].shown_attempt == 2,
		    "shown chosen by the rule");
		results_free(&b);
	}
	free(text);
	results_free(&a);
}

/* What results.json was before it was streamed: cJSON_Print() of the whole tree.  Caller frees. */
static char *
whole_tree_json(const struct results *res)
{
	cJSON *root = results_json_head(res), *p = cJSON_GetObjectItemCaseSensitive(root, "plan");
	cJSON *pc = cJSON_AddArrayToObject(p, "cells"), *cells = cJSON_AddArrayToObject(root, "cells");
	char *text, *copy;
	unsigned i;

	for (i = 0; i < res->plan.ncells; i++) {
		cJSON_AddItemToArray(pc, results_json_plan_cell(&res->plan.cells[i]));
		if (res->cells[i].status != CELL_PENDING)
			cJSON_AddItemToArray(cells, results_json_cell(&res->cells[i]));
	}
	text = cJSON_Print(root);
	cJSON_Delete(root);
	copy = xstrdup(text);
	cJSON_free(text);
	return copy;
}

/*
 * The streamed record (results-json-write.c) is byte for byte what
 * cJSON_Print() of the whole tree is: for numbers of every kind, strings
 * with control characters and quotes, a pending cell, and the example.
 */
static void
streamed_as_whole_tree(void)
{
	static const double odd[] = { 0.1 + 0.2, 1.0 / 3, -0.0, 1e15, 1e15 + 0.5, 123456789012345678.0,
	    2147483648.0, -2147483649.0, 1e-300, 5e-324, 1.7976931348623157e308, -12.5, NAN, INFINITY };
	struct results a;
	char *x, *y;
	unsigned i;

	fake_results(&a);
	str_copy(a.label, sizeof a.label, "tab\there \"quoted\" \\ \x01\x1f caf\xc3\xa9\n");
	for (i = 0; i < sizeof odd / sizeof odd[0]; i++) {
		struct cell_result *r = &a.cells[i % 3];

		r->lat_mean_ns = odd[i];
		r->cpu_usr_pct = odd[(i + 1) % (sizeof odd / sizeof odd[0])];
		r->iops = odd[(i + 2) % (sizeof odd / sizeof odd[0])];
		x = results_to_json(&a);
		y = whole_tree_json(&a);
		CHECK(x != NULL && strcmp(x, y) == 0, "streamed = whole tree, with %g", odd[i]);
		free(x);
		free(y);
	}
	a.cells[2].status = CELL_PENDING;
	a.ndone--;
	x = results_to_json(&a);
	y = whole_tree_json(&a);
	CHECK(x != NULL && strcmp(x, y) == 0, "streamed = whole tree, with a pending cell");
	free(x);
	free(y);
	results_free(&a);

	CHECK(analysis_results_load(ABS_SRCDIR "/reports/example/results.json", &a) == 0, "example loads");
	x = results_to_json(&a);
	y = whole_tree_json(&a);
	CHECK(x != NULL && strcmp(x, y) == 0, "streamed = whole tree for reports/example");
	free(x);
	free(y);
	results_free(&a);
}

int
main(void)
{
	round_trip();
	clones_skew();
	streamed_as_whole_tree();
	attempts();
	csv_quoting();
	bw_checks();
	return check_done("unit-results");
}
