/*
 * A fleet: the hosts of one fio client/server run (run --hosts, or the
 * import of its output), compared with the machinery of sweep compare.
 * Each host is a run of the comparison, labelled by its folder; every cell
 * a host ran is a row, with figures or not, so that a cell that failed on
 * every host is listed too.  hosts.csv has a line per host and cell,
 * hosts.md a table of cells by hosts per figure, with the spread.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/report.h"

/*
 * hosts.csv: a line per host and cell (the comparison's rows, numbered):
 * its status ("missing": the host did not run it) and figures.
 */
int
compare_fleet_csv_write(struct report_ctx *ctx)
{
	return compare_csv_table(ctx, &ctx->cview->hosts, "hosts.csv");
}

/* The title and what the tables are. */
static void
compare_fleet_header(struct doc *d, const struct compare *cmp)
{
	const struct compare_fleet *fleet = cmp->fleet;

	doc_begin(d, "sweep across hosts", NULL);
	doc_heading_begin(d, 1);
	if (fleet->label != NULL) {
		doc_text(d, fleet->label);
		doc_raw(d, ": ");
	} else
		doc_raw(d, "sweep across hosts: ");
	doc_printf(d, "%u cells on %u hosts", cmp->nrows, cmp->nruns);
	doc_heading_end(d, 1);
	doc_para_begin(d, NULL);
	if (fleet->source != NULL) {
		doc_raw(d, "Imported from fio client/server output (");
		doc_text(d, fleet->source);
		doc_printf(d, "): %u hosts.", cmp->nruns);
	} else {
		doc_raw(d, "Each host ran the same fio job file (");
		doc_code(d, "sweep.fio");
		doc_raw(d, ") through fio's client/server mode, all hosts at the same time.");
	}
	doc_raw(d, " Per-host results and reports are in the host's directory. Spread is the "
	    "highest value over the lowest.");
	doc_para_end(d);
}

/* The hosts whose folder is not their name, and those that gave no results. */
static void
compare_fleet_hosts(struct doc *d, const struct compare *cmp)
{
	const struct host_list *l = cmp->fleet->hosts;
	unsigned k, n = 0;

	for (k = 0; k < l->n; k++) {
		const struct host *h = &l->h[k];
		bool none = cmp->runs[k].res.cells == NULL;

		if (h->taken[0] == '\0' && !none)
			continue;
		if (n++ == 0)
			doc_list_begin(d);
		if (h->taken[0] != '\0') {
			doc_item_begin(d, NULL);
			doc_text(d, h->name);
			doc_printf(d, " port %d: in ", h->port);
			doc_plain(d, h->dir);
			doc_raw(d, "/, as ");
			doc_plain(d, h->taken);
			doc_raw(d, "/ is another host's or a file of this folder");
			doc_item_end(d);
		}
		if (none) {
			doc_item_begin(d, NULL);
			doc_text(d, h->name);
			doc_printf(d, " port %d: no results: ", h->port);
			doc_text(d, h->why);
			doc_item_end(d);
		}
	}
	if (n > 0)
		doc_list_end(d);
}

/*
 * hosts.md: per figure (IOPS, MiB/s, p99), a table of cells by hosts with
 * the spread; the hosts that moved folder or gave nothing; fio's own
 * aggregate and why it is not per cell.
 */
int
compare_fleet_md_write(struct report_ctx *ctx)
{
	const struct compare *cmp = ctx->cmp;
	const struct fleet_total *total = &cmp->fleet->total;
	struct report_table t;
	struct doc d;
	char *path;
	unsigned m;
	int err = doc_open(&d, &doc_md);

	if (err != 0)
		return err;
	compare_fleet_header(&d, cmp);
	for (m = 0; m < COMPARE_METRICS; m++) {
		doc_heading(&d, 2, m == COMPARE_P99 ? "p99 completion latency (us)" :
		    compare_metric_name(m));
		report_table_view(&ctx->cview->fleet[m], -1, 0, &t);
		doc_table(&d, &t);
		report_table_free(&t);
	}
	compare_fleet_hosts(&d, cmp);
	if (total->found) {
		doc_para_begin(&d, NULL);
		doc_printf(&d, "fio's own \"All clients\" aggregate: %.0f read IOPS, %.0f write "
		    "IOPS, %.1f MiB/s. It adds up every host's I/O over the whole run, so with more "
		    "than one cell it mixes cells; the tables above are per cell.", total->read_iops,
		    total->write_iops, total->bw_bytes_s / MIB);
		doc_para_end(&d);
	}
	doc_end(&d);
	path = xasprintf("%s/hosts.md", ctx->dir);
	err = doc_save(&d, path);
	free(path);
	return err;
}
