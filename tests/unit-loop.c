/*
 * The loop over cells (sweep-loop.c) with a fake executor: the order of
 * the rounds, a resumed run's cells skipped, --stop-on-error, a save after
 * every cell; and --auto's finding for a mode whose caps are not settled,
 * worded as the report's knee sentence, and its noisy cells measured again.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "analysis/analysis.h"
#include "loop/auto.h"
#include "check.h"
#include "base/sweep.h"
#include "base/util.h"
#include "loop/sweep-loop.h"
#include "plan/plan.h"
#include "render/report.h"
#include "results/results.h"
#include "view/view.h"

/* The fake executor: records what it ran; the cell numbered fail_at fails. */
struct fake {
	unsigned	 ran[64];
	unsigned	 nran;
	int		 fail_at;
	unsigned	 noisy;		/* cell 1's first this many runs are noisy */
	unsigned	 cell1_runs;
	unsigned	 saves;
	unsigned	 skip_from;	/* cells from this index on are skipped (0: none) */
	bool		 vary;		/* a cell's IOPS alternate from run to run: never steady */
	unsigned	 runs[8];	/* of each cell */
};

static int
fake_ready(void *arg)
{
	(void)arg;
	return 0;
}

static int
fake_run(void *arg, const struct plan *p, const struct cell *c, struct cell_result *r,
    unsigned k)
{
	struct fake *f = arg;

	(void)p;
	memset(r, 0, sizeof *r);
	r->cell = *c;
	r->status = (int)f->nran == f->fail_at ? CELL_FAILED : CELL_OK;
	r->iops = 1000 + c->index;
	r->ios = 1;
	r->stability.verdict = STABILITY_STEADY;
	if (c->index == 1 && f->cell1_runs++ < f->noisy)
		r->stability.verdict = STABILITY_NOISY;
	if (f->vary)
		r->iops = f->runs[c->index % 8]++ % 2 ? 1000 : 3000;
	if (f->skip_from > 0 && c->index >= f->skip_from)
		r->status = CELL_SKIPPED;
	if (f->nran < 64)
		f->ran[f->nran++] = k;
	return 0;
}

static const struct loop_executor_ops fake_ops = {
	.name = "fake", .ready = fake_ready, .run = fake_run,
};

static struct fake *fake_now;

static int
fake_save(const struct results *res, const char *out)
{
	(void)res;
	(void)out;
	fake_now->saves++;
	return 0;
}

/* A plan of n read cells (4k, 8k, ...) at depth 1, repeat rounds; and its results. */
static void
loop_setup(struct plan *p, struct results *res, struct target *t, unsigned n, unsigned repeat)
{
	unsigned i;

	memset(p, 0, sizeof *p);
	memset(t, 0, sizeof *t);
	t->path = (char *)"fake.dat";
	t->name = (char *)"fake";
	str_copy(p->engine, sizeof p->engine, "null");
	p->repeat = repeat;
	p->runtime_s = 1;
	p->ncells = n;
	p->cells = xcalloc(n, sizeof *p->cells);
	for (i = 0; i < n; i++)
		p->cells[i] = (struct cell){ .index = i, .mode = MODE_READ, .bs = 4096ULL << i,
		    .depth = 1, .jobs = 1 };
	results_create(res, "t", NULL, t, p);
}

static void
loop_go(struct fake *f, struct plan *p, struct results *res, bool stop_on_error)
{
	struct sweep_loop l = {
		.plan = p, .res = res, .path = "fake.dat", .out = "out", .quiet = true,
		.stop_on_error = stop_on_error, .save = fake_save,
		.exec = { .ops = &fake_ops, .arg = f },
	};
	struct loop_rounds rounds;
	struct loop_retry retry;
	FILE *saved = stdout;

	fake_now = f;
	stdout = fopen("/dev/null", "w");
	sweep_loop_add(&l, &loop_source_rounds, &rounds);
	sweep_loop_add(&l, &loop_source_retry, &retry);
	CHECK(sweep_loop_run(&l) == 0, "the loop ended early");
	fclose(stdout);
	stdout = saved;
}

/* --retry-unstable 3: the noisy cell runs again until an attempt is steady; the others not. */
static void
test_retry(void)
{
	struct fake f = { .fail_at = -1, .noisy = 2 };
	struct plan p;
	struct results res;
	struct target t;

	loop_setup(&p, &res, &t, 3, 1);
	p.retry_unstable = res.plan.retry_unstable = 3;
	loop_go(&f, &p, &res, false);
	CHECK(f.nran == 5, "3 cells and 2 re-runs of the noisy one: ran %u", f.nran);
	CHECK(f.ran[3] == 0 && f.ran[4] == 1, "the re-runs count from 0: %u, %u", f.ran[3],
	    f.ran[4]);
	CHECK(res.cells[1].nattempts == 3, "the cell keeps its 3 attempts: %u",
	    res.cells[1].nattempts);
	CHECK(res.cells[0].nattempts == 0 && res.cells[2].nattempts == 0,
	    "steady cells are not re-run");
	results_free(&res);
	plan_free(&p);
}

static void
test_rounds(void)
{
	struct fake f = { .fail_at = -1 };
	struct plan p;
	struct results res;
	struct target t;
	unsigned i;

	loop_setup(&p, &res, &t, 3, 2);
	loop_go(&f, &p, &res, false);
	CHECK(f.nran == 6, "2 rounds of 3 cells ran %u", f.nran);
	for (i = 0; i < f.nran; i++)
		CHECK(f.ran[i] == i, "run %u had progress count %u", i, f.ran[i]);
	CHECK(f.saves == 7, "a save after each of 6 cells and one at the end: %u", f.saves);
	CHECK(results_rounds_done(&res) == 6, "6 cell runs stored, %u", results_rounds_done(&res));
	results_free(&res);
	plan_free(&p);
}

/*
 * --rounds-until-steady 5, never steady, half the cells skipped: the last
 * line says 5 rounds (the cell runs over the cells made it "round 3").
 */
static void
test_until_steady_line(void)
{
	struct fake f = { .fail_at = -1, .skip_from = 2, .vary = true };
	struct plan p;
	struct results res;
	struct target t;
	struct sweep_loop l = {
		.plan = &p, .res = &res, .path = "fake.dat", .out = "out", .quiet = true,
		.save = fake_save, .exec = { .ops = &fake_ops, .arg = &f },
	};
	struct loop_rounds rounds;
	FILE *saved = stdout;
	char *out = NULL;
	size_t len = 0;

	loop_setup(&p, &res, &t, 4, 5);
	p.until_steady = res.plan.until_steady = true;
	fake_now = &f;
	stdout = fopen("/dev/null", "w");
	sweep_loop_add(&l, &loop_source_rounds, &rounds);
	CHECK(sweep_loop_run(&l) == 0, "the loop ended early");
	fclose(stdout);
	stdout = open_memstream(&out, &len);
	sweep_loop_summary(&l);
	fclose(stdout);
	stdout = saved;
	CHECK(strstr(out, "rounds until steady: not reached after round 5 of at most 5)") != NULL,
	    "the last line: %s", out);
	free(out);
	results_free(&res);
	plan_free(&p);
}

/* A resumed run: the cells with figures are not run again. */
static void
test_resume(void)
{
	struct fake f = { .fail_at = -1 };
	struct plan p;
	struct results res;
	struct target t;

	loop_setup(&p, &res, &t, 4, 1);
	res.cells[0].status = CELL_OK;
	res.cells[2].status = CELL_SKIPPED;
	res.ndone = 2;
	loop_go(&f, &p, &res, false);
	CHECK(f.nran == 2 && f.ran[0] == 1 && f.ran[1] == 3, "resume ran %u cells", f.nran);
	CHECK(res.ndone == 4, "4 cells done, %u", res.ndone);
	results_free(&res);
	plan_free(&p);
}

static void
test_stop_on_error(void)
{
	struct fake f = { .fail_at = 1 };
	struct plan p;
	struct results res;
	struct target t;
	FILE *saved = stderr;

	loop_setup(&p, &res, &t, 4, 1);
	stderr = fopen("/dev/null", "w");
	loop_go(&f, &p, &res, true);
	fclose(stderr);
	stderr = saved;
	CHECK(f.nran == 2, "--stop-on-error stopped after the failed cell: ran %u", f.nran);
	CHECK(res.cells[2].status == CELL_PENDING, "the cell after the failure did not run");
	results_free(&res);
	plan_free(&p);
}

/* Too few block sizes: the record says the caps are not settled, the view why in the report's words. */
static void
test_auto_unsettled(void)
{
	struct auto_opts o = { .budget_s = 60 };
	struct plan p;
	struct results res;
	struct target t;
	struct autoplan *ap;
	struct knee k;
	char text[REPORT_KNEE_TEXT], *want, **lines;
	unsigned i, n, found = 0;
	FILE *null = fopen("/dev/null", "w");

	loop_setup(&p, &res, &t, 2, 1);
	t.size = 1ULL << 30;
	for (i = 0; i < 2; i++) {
		res.cells[i].status = CELL_OK;
		res.cells[i].ios = 1000;
		res.cells[i].iops = 1000;
		res.cells[i].bw_bytes_s = 1000.0 * (double)p.cells[i].bs;
	}
	ap = autoplan_new(&o, &p, &t, now_ns());
	autoplan_finish(ap, &res, null);
	CHECK(res.autoplan.nmodes == 1 && res.autoplan.modes[0].knee == AUTO_KNEE_UNSETTLED,
	    "the record: %u modes, knee state %d", res.autoplan.nmodes,
	    res.autoplan.nmodes ? (int)res.autoplan.modes[0].knee : -1);
	analysis_caps_knee(res.cells, res.plan.ncells, MODE_READ, SUMMARY_NO_SHARE, &k);
	CHECK(k.kind == KNEE_TOO_FEW, "two block sizes: kind %d", k.kind);
	view_knee_text(&k, res.cells, SUMMARY_NO_SHARE, text, sizeof text);
	want = xasprintf("read: caps not settled: %s", text);
	lines = view_auto_findings(&res, &n);
	for (i = 0; i < n; i++)
		found += strcmp(lines[i], want) == 0;
	CHECK(found == 1, "no finding \"%s\"", want);
	CHECK(strstr(want, "caps not settled: too few block sizes to find a knee (") != NULL,
	    "the sentence: %s", want);
	view_lines_free(lines, n);
	free(want);
	autoplan_free(ap);
	fclose(null);
	results_free(&res);
	plan_free(&p);
}

/*
 * The fake executor of --auto: a volume held to 3,000 IOPS and 128 MiB/s
 * (min(IOPS, bandwidth / size)); the first noisy_runs runs of the cell of
 * block size noisy_bs (any depth) are noisy.
 */
struct fake_vol {
	uint64_t	 noisy_bs;
	unsigned	 noisy_runs;
	unsigned	 noisy_seen;
	uint64_t	 shared_bs;	/* its first run shares the device: steady, 10% low */
	unsigned	 shared_seen;
	unsigned	 runs;
};

static int
vol_run(void *arg, const struct plan *p, const struct cell *c, struct cell_result *r,
    unsigned k)
{
	struct fake_vol *v = arg;
	double bw = 128.0 * 1048576, iops = 3000;

	(void)p;
	(void)k;
	memset(r, 0, sizeof *r);
	r->cell = *c;
	r->status = CELL_OK;
	r->iops = iops < bw / (double)c->bs ? iops : bw / (double)c->bs;
	r->bw_bytes_s = r->iops * (double)c->bs;
	r->runtime_ns = 4 * NSEC_PER_SEC;
	r->ios = (uint64_t)(r->iops * 4);
	r->stability.verdict = STABILITY_STEADY;
	r->stability.cv_pct = 1;
	r->check.measured = r->check.device = r->bw_bytes_s;
	r->check.ok = true;
	if (c->bs == v->shared_bs && v->shared_seen++ == 0) {
		r->iops *= 0.9;
		r->bw_bytes_s *= 0.9;
		r->check.measured = r->bw_bytes_s;
		r->check.diff_device = 0.25;
		r->check.device = 1.25 * r->bw_bytes_s;
		r->check.ok = false;
	}
	if (c->bs == v->noisy_bs && v->noisy_seen < v->noisy_runs) {
		v->noisy_seen++;
		r->stability.verdict = STABILITY_NOISY;
		r->stability.cv_pct = 20;
		r->iops *= 0.8;
		r->bw_bytes_s *= 0.8;
	}
	v->runs++;
	return 0;
}

static const struct loop_executor_ops vol_ops = {
	.name = "volume", .ready = fake_ready, .run = vol_run,
};

/* Whether a finding of res starts with prefix and holds word. */
static bool
auto_found(const struct results *res, const char *prefix, const char *word)
{
	unsigned i, n;
	char **lines = view_auto_findings(res, &n);
	bool found = false;

	for (i = 0; i < n && !found; i++)
		found = strncmp(lines[i], prefix, strlen(prefix)) == 0 && strstr(lines[i], word) != NULL;
	view_lines_free(lines, n);
	return found;
}

/* --auto on the fake volume, the cells of size noisy_bs noisy in their first noisy_runs runs. */
static void
auto_volume(struct fake_vol *v, struct results *res, struct plan *p)
{
	struct auto_opts o = { .budget_s = 600 };
	struct target t;
	struct sweep_loop l = {
		.plan = p, .res = res, .path = "fake.dat", .out = "out", .quiet = true,
		.save = fake_save, .exec = { .ops = &vol_ops, .arg = v },
	};
	struct fake f = { .fail_at = -1 };
	struct loop_auto au;
	FILE *saved = stdout;
	unsigned i;

	loop_setup(p, res, &t, 2, 1);
	results_free(res);
	for (i = 0; i < 2; i++)
		p->cells[i] = (struct cell){ .index = i, .mode = MODE_READ, .bs = 4096,
		    .depth = i ? 32 : 1, .jobs = 1 };
	t.size = 1ULL << 30;
	fake_now = &f;
	memset(&au, 0, sizeof au);
	au.ap = autoplan_start(&o, p, &t, now_ns());
	results_create(res, "t", NULL, &t, p);
	stdout = fopen("/dev/null", "w");
	sweep_loop_add(&l, &loop_source_auto, &au);
	CHECK(sweep_loop_run(&l) == 0, "the loop ended early");
	fclose(stdout);
	stdout = saved;
	autoplan_free(au.ap);
}

/*
 * A cell that comes out noisy is left out of the caps: --auto measures it
 * again (an attempt the cell keeps) and states both caps, within 5%.
 */
static void
test_auto_again(void)
{
	struct fake_vol v = { .noisy_bs = 4096, .noisy_runs = 1 };
	struct plan p;
	struct results res;
	unsigned i, again = 0;

	auto_volume(&v, &res, &p);
	for (i = 0; i < res.plan.ncells; i++)
		if (res.cells[i].cell.bs == 4096 && res.cells[i].cell.depth == 1) {
			again = res.cells[i].nattempts;
			CHECK(res.cells[i].stability.verdict == STABILITY_STEADY,
			    "the cell shows its steady attempt");
		}
	CHECK(again == 2, "the noisy 4K QD1 cell measured again: %u attempts", again);
	CHECK(auto_found(&res, "read: IOPS cap 3000 IOPS", "settled"), "no IOPS cap stated");
	CHECK(auto_found(&res, "read: bandwidth cap 128.0 MiB/s", "settled"),
	    "no bandwidth cap stated");
	results_free(&res);
	plan_free(&p);

	/* Never steady: measured again AUTO_AGAIN_MAX times, then another size answers. */
	v = (struct fake_vol){ .noisy_bs = 16384, .noisy_runs = 100 };
	auto_volume(&v, &res, &p);
	for (i = again = 0; i < res.plan.ncells; i++)
		if (res.cells[i].cell.bs == 16384)
			again = res.cells[i].nattempts;
	CHECK(again == 1 + AUTO_AGAIN_MAX, "the noisy 16K cell: %u attempts", again);
	CHECK(auto_found(&res, "read: IOPS cap 3000 IOPS", "settled"),
	    "another size gives the IOPS cap");
	CHECK(auto_found(&res, "read: bandwidth cap 128.0 MiB/s", "settled"),
	    "no bandwidth cap stated");
	results_free(&res);
	plan_free(&p);

	/* Steady, but other I/O shared the device (10% low): measured again, the clean run shown. */
	v = (struct fake_vol){ .shared_bs = 1048576 };
	auto_volume(&v, &res, &p);
	for (i = again = 0; i < res.plan.ncells; i++)
		if (res.cells[i].cell.bs == 1048576 && res.cells[i].cell.depth == 1) {
			again = res.cells[i].nattempts;
			CHECK(res.cells[i].shown_attempt == 1 && res.cells[i].check.ok,
			    "the shared run is not the one shown: attempt %u",
			    res.cells[i].shown_attempt + 1);
		}
	CHECK(again == 2, "the shared 1M QD1 cell measured again: %u attempts", again);
	CHECK(auto_found(&res, "read: bandwidth cap 128.0 MiB/s", "settled"),
	    "the bandwidth cap is the device's, not its share");
	results_free(&res);
	plan_free(&p);
}

/* Whether any string in j (an object or array, at any depth) has a space: a sentence. */
static bool
json_has_sentence(const cJSON *j)
{
	const cJSON *c;

	if (cJSON_IsString(j))
		return strchr(j->valuestring, ' ') != NULL;
	cJSON_ArrayForEach(c, j)
		if (strcmp(c->string != NULL ? c->string : "", "reason") != 0 && json_has_sentence(c))
			return true;
	return false;
}

/*
 * results.json's "auto" holds figures and states, not sentences: the IOPS
 * cap a number with its unit, the bandwidth cap in bytes/s, the knee a
 * size; read back, the view words them as the run did.  A record written
 * before (sentences in "findings") is shown as it is and written back.
 */
static void
test_auto_record(void)
{
	struct fake_vol v = { 0 };
	struct plan p;
	struct results res, back;
	cJSON *root, *a, *m, *cap;
	char *text, **l1, **l2, err[256];
	unsigned n1, n2, i, same;

	auto_volume(&v, &res, &p);
	text = results_to_json(&res);
	root = cJSON_Parse(text);
	a = cJSON_GetObjectItemCaseSensitive(root, "auto");
	m = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(a, "modes"), 0);
	cap = cJSON_GetObjectItemCaseSensitive(m, "iops_cap");
	CHECK(cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(cap, "value")) &&
	    fabs(cJSON_GetObjectItemCaseSensitive(cap, "value")->valuedouble - 3000) < 1 &&
	    strcmp(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(cap, "unit")), "IOPS") == 0,
	    "the IOPS cap is a number with its unit");
	cap = cJSON_GetObjectItemCaseSensitive(m, "bw_cap");
	CHECK(cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(cap, "value")) &&
	    fabs(cJSON_GetObjectItemCaseSensitive(cap, "value")->valuedouble / (128.0 * 1048576) -
	    1) < 0.01 &&
	    strcmp(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(cap, "unit")), "bytes/s") ==
	    0 && cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(cap, "settled")),
	    "the bandwidth cap is a number of bytes/s, settled");
	CHECK(cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(m,
	    "knee"), "bs")), "the knee is a size");
	CHECK(cJSON_GetObjectItemCaseSensitive(a, "findings") == NULL && !json_has_sentence(a),
	    "\"auto\" holds no sentence: %s", cJSON_PrintUnformatted(a));
	memset(&back, 0, sizeof back);
	CHECK(results_from_json(text, &back, err, sizeof err) == 0, "read back: %s", err);
	l1 = view_auto_findings(&res, &n1);
	l2 = view_auto_findings(&back, &n2);
	for (i = same = 0; i < n1 && i < n2; i++)
		same += strcmp(l1[i], l2[i]) == 0;
	CHECK(n1 >= 6 && n1 == n2 && same == n1, "read back, the same %u sentences: %u of %u", n1,
	    same, n2);
	view_lines_free(l1, n1);
	view_lines_free(l2, n2);
	results_free(&back);
	cJSON_Delete(root);
	free(text);

	/* An older record: its sentences shown and written back as they are. */
	text = results_to_json(&res);
	root = cJSON_Parse(text);
	free(text);
	a = cJSON_GetObjectItemCaseSensitive(root, "auto");
	cJSON_DeleteItemFromObjectCaseSensitive(a, "modes");
	m = cJSON_AddArrayToObject(a, "findings");
	cJSON_AddItemToArray(m, cJSON_CreateString("read: knee at ~44 KiB (bandwidth cap / IOPS cap)"));
	text = cJSON_Print(root);
	memset(&back, 0, sizeof back);
	CHECK(results_from_json(text, &back, err, sizeof err) == 0, "an older record: %s", err);
	l2 = view_auto_findings(&back, &n2);
	CHECK(n2 == 1 && strcmp(l2[0], "read: knee at ~44 KiB (bandwidth cap / IOPS cap)") == 0,
	    "an older record's sentence shown as it is");
	view_lines_free(l2, n2);
	free(text);
	text = results_to_json(&back);
	CHECK(strstr(text, "\"findings\":\t[\"read: knee at ~44 KiB (bandwidth cap / IOPS cap)\"]") !=
	    NULL, "and written back");
	free(text);
	results_free(&back);
	cJSON_Delete(root);
	results_free(&res);
	plan_free(&p);
}

/* cell_line(verdict, status): the line of a randread cell with check ok. */
static char *
cell_line(enum stability_verdict v, enum cell_status st)
{
	struct cell_result r = {
		.cell = { .mode = MODE_RANDREAD, .bs = 4096, .depth = 4, .jobs = 1 },
		.status = st, .iops = 1000, .ios = 1000, .check = { .ok = true },
		.stability = { .verdict = v },
	};
	char *out = NULL;
	size_t len = 0;
	FILE *f;

	if ((f = open_memstream(&out, &len)) == NULL)
		abort();
	sweep_loop_print_cell(f, &r, 0, 1);
	fclose(f);
	return out;
}

/* A noisy or stalled cell's line does not say a bare "check ok". */
static void
test_cell_line(void)
{
	static const struct {
		enum stability_verdict v;
		const char *tail;
	} cases[] = {
		{ STABILITY_UNKNOWN, "check ok\n" },
		{ STABILITY_STEADY, "check ok\n" },
		{ STABILITY_NOISY, "check ok, noisy\n" },
		{ STABILITY_STALLED, "check ok, stalled\n" },
	};
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *line = cell_line(cases[i].v, CELL_OK);
		size_t n = strlen(line), t = strlen(cases[i].tail);

		CHECK(n > t && strcmp(line + n - t, cases[i].tail) == 0 && line[n - t - 1] == ' ',
		    "verdict %d: %s", (int)cases[i].v, line);
		free(line);
	}
}

int
main(void)
{
	test_rounds();
	test_resume();
	test_until_steady_line();
	test_stop_on_error();
	test_retry();
	test_auto_unsettled();
	test_auto_again();
	test_auto_record();
	test_cell_line();
	return check_done("unit-loop");
}
