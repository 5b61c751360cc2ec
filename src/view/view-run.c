/*
 * The run view: target, host, plan and versions as key / value rows, the
 * same in report.md, report.html and the workbook's Run sheet.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/target.h"
#include "view/view.h"

/* A key / value row of the run table. */
static void
kv(struct view_table *t, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void
kv(struct view_table *t, const char *key, const char *fmt, ...)
{
	unsigned row = view_table_add_row(t, key, 0);
	struct view_cell *vc = view_table_cell(t, row, 0);
	va_list ap;

	va_start(ap, fmt);
	vc->text = xvasprintf(fmt, ap);
	va_end(ap);
	vc->kind = VIEW_TEXT;
}

#define PLAN_LIST_SHOWN	64	/* values a list of a large plan names; the rest are counted */

/*
 * The plan's matrix: its modes, block sizes, depths and job counts, each in
 * first-seen order (each cell's value looked up among the distinct values
 * so far, which are few next to the cells of a large import).
 */
static void
plan_lists(struct view_table *t, const struct plan *p)
{
	static const char *names[] = { "Modes", "Block sizes", "Queue depths", "Jobs" };
	uint64_t *seen = xcalloc(p->ncells ? p->ncells : 1, sizeof *seen);
	bool cut = p->ncells > REPORT_CELLS_LISTED;
	unsigned k, i, j;

	for (k = 0; k < 4; k++) {
		char *buf = NULL, item[32];
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);
		unsigned n = 0;

		for (i = 0; i < p->ncells; i++) {
			const struct cell *c = &p->cells[i];
			uint64_t v = k == 0 ? c->mode : k == 1 ? c->bs : k == 2 ? c->depth : c->jobs;

			for (j = 0; j < n && seen[j] != v; j++)
				;
			if (j < n)
				continue;
			seen[n] = v;
			if (k == 0)
				snprintf(item, sizeof item, "%s", mode_name(c->mode));
			else if (k == 1)
				view_size_label(c->bs, item, sizeof item);
			else if (k == 2 && c->depth == 0)	/* an imported row without one */
				snprintf(item, sizeof item, "not given");
			else
				snprintf(item, sizeof item, "%u", k == 2 ? c->depth : c->jobs);
			if (n < PLAN_LIST_SHOWN || !cut)
				fprintf(f, "%s%s", n > 0 ? ", " : "", item);
			n++;
		}
		if (n > PLAN_LIST_SHOWN && cut)
			fprintf(f, " and %u more (%u in all)", n - PLAN_LIST_SHOWN, n);
		fclose(f);
		kv(t, names[k], "%s", buf);
		free(buf);
	}
	free(seen);
}

/*
 * --rounds-until-steady: when the SNIA steady state was reached (the
 * first window of 5 rounds that passed), and each tracking cell's IOPS per
 * round with its window's excursion and slope.
 */
static void
steady_rounds_rows(struct view_table *t, const struct results *res, const struct summary *sum)
{
	struct rounds_steady st;
	unsigned k, tr, most = 0, at = 0;

	at = analysis_rounds_reached(res, &most, &st);
	if (at > 0)
		kv(t, "Rounds until steady", "reached at round %u of at most %u: in rounds %u-%u each "
		    "tracking cell's IOPS stayed within %.0f%% of their mean and their fitted line moved "
		    "less than %.0f%% (SNIA PTS steady state)", at, plan_repeat(&res->plan),
		    at - SWEEP_STEADY_WINDOW_ROUNDS + 1, at, SWEEP_STEADY_EXCURSION * 100,
		    SWEEP_STEADY_SLOPE * 100);
	else
		kv(t, "Rounds until steady", "not reached in %u rounds (at most %u): the SNIA PTS "
		    "steady state needs %u rounds of each tracking cell within %.0f%% of their mean, "
		    "their fitted line moving less than %.0f%%", most, plan_repeat(&res->plan),
		    SWEEP_STEADY_WINDOW_ROUNDS, SWEEP_STEADY_EXCURSION * 100, SWEEP_STEADY_SLOPE * 100);
	for (tr = 0; tr < st.ntrack; tr++) {
		const struct cell_result *r = &res->cells[st.track[tr].cell];
		char *buf = NULL, *key, a[64];
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);

		for (k = 0; k < r->nrounds; k++)
			fprintf(f, "%s%s", k > 0 ? ", " : "", view_num(r->rounds[k].iops, 0, a, sizeof a));
		if (st.last > 0)
			fprintf(f, "; rounds %u-%u: mean %s, excursion %.1f%%, slope %.1f%%",
			    st.last - SWEEP_STEADY_WINDOW_ROUNDS + 1, st.last,
			    view_num(st.track[tr].mean, 0, a, sizeof a), st.track[tr].excursion * 100,
			    st.track[tr].slope * 100);
		fclose(f);
		key = xasprintf("Tracking: %s %s QD%u, IOPS per round",
		    view_summary_wl_name(sum, &r->cell),
		    view_size_label(r->cell.bs, a, sizeof a), r->cell.depth);
		kv(t, key, "%s", buf);
		free(key);
		free(buf);
	}
}

/*
 * What sysfs says the volume is (target-ident.c): vendor, serial, the kind
 * of volume when the model does not say it already, and without --profile
 * the shipped profiles that fit.  Nothing when unknown.
 */
static void
volume_rows(struct view_table *t, const struct results *res)
{
	const struct target *tg = &res->target;
	const char *fit = target_ident_profiles(tg->identity);

	if (tg->vendor[0] != '\0')
		kv(t, "Vendor", "%s", tg->vendor);
	if (tg->serial[0] != '\0')
		kv(t, "Serial", "%s", tg->serial);
	if (tg->volume_id[0] != '\0')
		kv(t, "Volume", "%s %s", tg->identity, tg->volume_id);
	else if (tg->identity[0] != '\0' && strcmp(tg->identity, tg->model) != 0)
		kv(t, "Volume", "%s", tg->identity);
	if (fit != NULL && !res->expect.set)
		kv(t, "Profiles that fit", "%s (--profile NAME to check it against its spec)", fit);
}

/*
 * The target's block sizes and direct I/O alignment, "not recorded" where
 * the record has none (imports: fio's output and a table do not say).
 */
static void
target_rows(struct view_table *t, const struct results *res)
{
	const struct target *tg = &res->target;

	if (tg->logical_bs > 0 || tg->physical_bs > 0)
		kv(t, "Block sizes (logical / physical)", "%u / %u bytes", tg->logical_bs,
		    tg->physical_bs);
	else
		kv(t, "Block sizes (logical / physical)", "not recorded");
	if (tg->dio_mem_align > 0 || tg->dio_offset_align > 0)
		kv(t, "Direct I/O alignment (memory / offset)", "%u / %u bytes", tg->dio_mem_align,
		    tg->dio_offset_align);
	else
		kv(t, "Direct I/O alignment (memory / offset)", "not recorded");
}

/* Whether res has a mixed cell (readwrite, randrw) with figures. */
static bool
view_run_mixed(const struct results *res)
{
	unsigned i;

	for (i = 0; i < res->plan.ncells; i++)
		if (mode_reads(res->cells[i].cell.mode) && mode_writes(res->cells[i].cell.mode) &&
		    results_cell_has_figures(&res->cells[i]))
			return true;
	return false;
}

/* The run: target, host, plan, versions, as key / value rows. */
void
view_run(const struct results *res, const struct summary *sum, struct view_table *t)
{
	const struct target *tg = &res->target;
	char a[32], b[32], shares[256], per[48];
	unsigned i;

	view_table_init(t, "Run", 1);
	str_copy(t->row_head, sizeof t->row_head, "Item");
	view_table_col(t, 0, "Value", NULL, NULL, 0, -1);
	t->cols[0].flags = VIEW_COL_WORDS;
	kv(t, "Label", "%s", res->label);
	if (res->description[0] != '\0')
		kv(t, "Description", "%s", res->description);
	kv(t, "Target", "%s (%s)", tg->path, tg->kind == TARGET_DEVICE ? "block device" : "file");
	if (tg->total_size > 0)
		kv(t, "Region used", "%s of %s", size_human(tg->size, a, sizeof a),
		    size_human(tg->total_size, b, sizeof b));
	else
		kv(t, "Region used", "not recorded");
	if (tg->model[0] != '\0')
		kv(t, "Model", "%s", tg->model);
	volume_rows(t, res);
	if (tg->devname[0] != '\0')
		kv(t, "Block device", "%s (scheduler %s, %s)", tg->devname,
		    tg->scheduler[0] ? tg->scheduler : "unknown",
		    tg->rotational < 0 ? "rotational unknown" : tg->rotational ? "rotational" :
		    "non-rotational");
	if (tg->fs_type[0] != '\0')
		kv(t, "Filesystem", "%s", tg->fs_type);
	target_rows(t, res);
	kv(t, "Host", "%s", res->host);
	kv(t, "Kernel", "%s", res->kernel[0] != '\0' ? res->kernel : "not recorded");
	kv(t, "Started (UTC)", "%s", res->started_utc);
	kv(t, "Engine", "%s", res->plan.engine);
	if (view_per_cell_known(res))
		kv(t, "Measured time per cell", "%s (after %u s ramp)", view_per_cell(res, per,
		    sizeof per), res->plan.ramp_s);
	else
		kv(t, "Measured time per cell", "not recorded");
	if (view_summary_shares_text(sum, shares, sizeof shares))
		kv(t, "Mixed read shares", "%s (reads/writes, percent of I/Os; each share is a mode "
		    "of its own in the tables and charts)", shares);
	else if (strcmp(res->plan.engine, "table") != 0)
		kv(t, "Mixed read share", "%u%%", res->plan.rwmixread);
	else if (view_run_mixed(res))
		kv(t, "Mixed read share", "not given (%u%% assumed)", res->plan.rwmixread);
	if (res->plan.until_steady)
		steady_rounds_rows(t, res, sum);
	if (plan_repeat(&res->plan) > 1) {
		double level = analysis_rounds_level_pct(plan_repeat(&res->plan));

		kv(t, "Rounds", "%u%s, round by round: every cell once, then every cell again. "
		    "A cell's figures are its median round's by IOPS (the lower middle one for an even "
		    "count), so BW = IOPS x bs holds as measured; the interval after a figure is the "
		    "distribution-free interval of the median from order statistics, %s (%.4g%% "
		    "confidence)", plan_repeat(&res->plan), res->plan.until_steady ?
		    " at most (--rounds-until-steady)" : " (--repeat)", level < ROUND_LEVEL_PCT ?
		    "here the range of the rounds, as fewer than 6 rounds cannot give 95%" :
		    "at least 95%", level);
	}
	plan_lists(t, &res->plan);
	if (strcmp(res->plan.engine, "table") != 0)
		kv(t, "Seed", "%llu", (unsigned long long)res->plan.seed);
	else
		kv(t, "Seed", "not recorded");
	kv(t, "Cells", "%u planned, %u done%s", res->plan.ncells, res->ndone,
	    res->interrupted ? " (interrupted)" : "");
	kv(t, "sweep version", "%s (results schema %d)", res->tool_version, res->schema_version);
	for (i = 0; i < res->nwarnings; i++)
		kv(t, "Warning", "%s", res->warnings[i]);
}
