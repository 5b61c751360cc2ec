/*
 * What the documents and the workbook draw beside their tables, built once
 * for every writer (view.docs): the run's header, its workloads as named,
 * how an --auto run chose its cells, then the notes (view-notes.c) and the
 * retries and rounds (view-retry.c).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "view/view.h"

/* The run's header, from the results' own fields. */
static void
docs_header(struct view_header *h, const struct results *res)
{
	h->label = res->label;
	h->description = res->description;
	h->target = res->target.path;
	h->model = res->target.model;
	h->device = res->target.kind == TARGET_DEVICE;
	h->used = res->target.total_size > 0 ? res->target.size : 0;
	h->host = res->host;
	h->started = res->started_utc;
	h->engine = res->plan.engine;
	h->version = res->tool_version;
	if (view_per_cell_known(res))
		view_per_cell(res, h->per_cell, sizeof h->per_cell);
	h->warnings = (const char (*)[256])res->warnings;
	h->nwarnings = res->nwarnings;
	h->expect = &res->expect;
}

/*
 * How this was measured: an --auto run's cells by the question that chose
 * them and its budget; nothing for a run of fixed cells.
 */
static void
docs_measured(struct view_measured *m, const struct results *res)
{
	static const char *const kinds[] = { "coarse pass", "knee", "depth search", "QD1 latency",
		"as in", "QD1 pass", "first" };
	const struct autoplan_record *a = &res->autoplan;
	unsigned n[7] = { 0 }, again = 0, i, k;

	if (!a->on)
		return;
	for (i = 0; i < res->plan.ncells; i++) {
		for (k = 0; k < 7; k++)
			if (strncmp(res->plan.cells[i].why, kinds[k], strlen(kinds[k])) == 0)
				n[k]++;
		again += res->cells[i].nattempts > 1;
	}
	m->on = true;
	m->findings = view_auto_findings(res, &m->nfindings);
	if (a->like[0] != '\0') {
		m->text = xasprintf("sweep run --auto --like measured the %u cells of an earlier run "
		    "again, so that sweep compare has every cell in common (in %u s): ",
		    res->plan.ncells, a->elapsed_s);
		m->like = a->like;
	} else if (n[0] > 0 || n[5] == 0)
		m->text = xasprintf("sweep run --auto chose these %u cells as it went, in %u s of a "
		    "budget of %u s: %u in a coarse block-size pass, %u to find the knee and settle "
		    "both caps (each cap's range within %u%%), %u in a depth search (QD1, doubling "
		    "until IOPS gain less than 5%%) and %u for QD1 latency at 4 KiB.", res->plan.ncells,
		    a->elapsed_s, a->budget_s, n[0], n[1], a->target_pct, n[2], n[3]);
	else
		m->text = xasprintf("sweep run --auto chose these %u cells as it went, in %u s of a "
		    "budget of %u s: %u in a QD1 pass (the QD1 latency and the depth search's start), "
		    "%u to find the knee and settle both caps (each cap's range within %u%%), %u in a "
		    "depth search (a QD1 cell on a settled cap is saturated; else doubling until IOPS "
		    "gain less than 5%%) and %u for QD1 latency at 4 KiB; %u measured again (noisy, "
		    "stalled, or other I/O on the device).", res->plan.ncells, a->elapsed_s,
		    a->budget_s, n[5], n[1] + n[6], a->target_pct, n[2], n[3], again);
}

/* The header, workloads, notes and retries of res.  Caller frees (view_docs_free). */
struct view_docs *
view_docs_build(const struct results *res, const struct summary *sum)
{
	struct view_docs *d = xcalloc(1, sizeof *d);
	unsigned m;

	docs_header(&d->head, res);
	docs_measured(&d->measured, res);
	d->nseries = sum->nseries;
	d->bs = sum->bs;
	d->nbs = sum->nbs;
	d->nwl = sum->nmodes;
	d->wl = xcalloc(sum->nmodes ? sum->nmodes : 1, sizeof *d->wl);
	for (m = 0; m < sum->nmodes; m++) {
		const struct summary_mode *sm = &sum->modes[m];

		d->wl[m] = (struct view_workload){ .name = sm->name, .knee_text = sm->knee_text,
		    .rgb = sm->rgb, .ncells = sm->ncells, .ntimed = sm->ntimed,
		    .verdict = sm->spec.verdict };
	}
	if (!view_summary_shares_text(sum, d->shares, sizeof d->shares))
		d->shares[0] = '\0';
	view_notes_build(&d->notes, res, sum);
	view_retry_build(&d->retry, &d->rounds, res, sum);
	return d;
}

/* Free what view_docs_build() made. */
void
view_docs_free(struct view_docs *d)
{
	if (d == NULL)
		return;
	view_notes_free(&d->notes);
	view_retry_free(&d->retry, &d->rounds);
	free(d->measured.text);
	view_lines_free(d->measured.findings, d->measured.nfindings);
	free(d->wl);
	free(d);
}
