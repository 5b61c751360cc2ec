/* The table of formats, each with a writer per kind of output, and the pass over it. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "render/report.h"

/* What a format writes for one kind of output: its file, for messages, and its writer. */
struct report_output {
	const char	*file;
	int		(*write)(struct report_ctx *);
};

/* A format of --formats, and what it writes for each kind of output (none: NULL). */
struct report_writer {
	const char		*name;
	unsigned		 flag;
	unsigned		 needs;		/* formats it reads: written first, also when not asked */
	struct report_output	 out[REPORT_OUT_KINDS];
};

static int report_write_csv(struct report_ctx *);

/*
 * In the order they run: the charts before the documents, which link (md)
 * or inline (html) them.  png and svg share one writer, which renders both
 * in one gnuplot run per chart (it runs once in a pass).
 */
static const struct report_writer writers[] = {
	{ .name = "csv", .flag = REPORT_CSV, .out = {
	    [REPORT_OUT_RUN] = { "results.csv", report_write_csv },
	    [REPORT_OUT_COMPARE] = { "compare.csv", compare_csv_write },
	    [REPORT_OUT_FLEET] = { "hosts.csv", compare_fleet_csv_write } } },
	{ .name = "xlsx", .flag = REPORT_XLSX, .out = {
	    [REPORT_OUT_RUN] = { "report.xlsx", report_xlsx_write },
	    [REPORT_OUT_COMPARE] = { "compare.xlsx", compare_xlsx_write } } },
	{ .name = "png", .flag = REPORT_PNG, .out = {
	    [REPORT_OUT_RUN] = { "charts", report_gnuplot_write },
	    [REPORT_OUT_COMPARE] = { "charts", compare_gnuplot_write } } },
	{ .name = "svg", .flag = REPORT_SVG, .out = {
	    [REPORT_OUT_RUN] = { "charts", report_gnuplot_write },
	    [REPORT_OUT_COMPARE] = { "charts", compare_gnuplot_write } } },
	{ .name = "md", .flag = REPORT_MD, .out = {
	    [REPORT_OUT_RUN] = { "report.md", report_md_write },
	    [REPORT_OUT_COMPARE] = { "compare.md", compare_md_write },
	    [REPORT_OUT_FLEET] = { "hosts.md", compare_fleet_md_write } } },
	{ .name = "html", .flag = REPORT_HTML, .needs = REPORT_SVG, .out = {
	    [REPORT_OUT_RUN] = { "report.html", report_html_write },
	    [REPORT_OUT_COMPARE] = { "compare.html", compare_html_write } } },
};
#define WRITERS_COUNT (sizeof writers / sizeof writers[0])
#define FORMATS_VALID "csv, xlsx, png, svg, md, html or all"

/* The csv format as a table entry: results.csv in the output folder. */
static int
report_write_csv(struct report_ctx *ctx)
{
	char *path = xasprintf("%s/results.csv", ctx->dir);
	struct view_rows rows;
	int err;

	view_rows_begin(&rows, ctx->view, VIEW_ROWS_FINISHED);
	err = report_csv_write(&rows, path);

	free(path);
	return err;
}

/* "csv,xlsx" into a mask; prints one line and returns -EINVAL on an unknown name. */
int
report_parse_formats(const char *list, unsigned *mask)
{
	char *copy = xstrdup(list), *item, *save = NULL;
	int err = 0;

	*mask = 0;
	for (item = strtok_r(copy, ", ", &save); item != NULL; item = strtok_r(NULL, ", ", &save)) {
		size_t i;

		if (strcmp(item, "all") == 0) {
			*mask |= REPORT_DEFAULT;
			continue;
		}
		for (i = 0; i < WRITERS_COUNT; i++)
			if (strcmp(item, writers[i].name) == 0)
				break;
		if (i == WRITERS_COUNT) {
			sweep_error("--formats %s: unknown format \"%s\"; formats are " FORMATS_VALID,
			    list, item);
			err = -EINVAL;
			break;
		}
		*mask |= writers[i].flag;
	}
	free(copy);
	if (err == 0 && *mask == 0) {
		sweep_error("--formats %s: no format given; formats are " FORMATS_VALID, list);
		err = -EINVAL;
	}
	return err;
}

/*
 * Every format of ctx->mask (and what they need) that has a writer for
 * kind, in the table's order, into ctx->dir: each failure is named on
 * stderr, the first is returned and the other formats still run.
 */
int
report_write_formats(struct report_ctx *ctx, enum report_output_kind kind)
{
	size_t i;
	int first = 0;

	for (i = 0; i < WRITERS_COUNT; i++)
		if (ctx->mask & writers[i].flag)
			ctx->mask |= writers[i].needs;
	for (i = 0; i < WRITERS_COUNT; i++) {
		const struct report_output *o = &writers[i].out[kind];
		int err;

		if (!(ctx->mask & writers[i].flag) || o->write == NULL)
			continue;
		ctx->error[0] = '\0';
		err = o->write(ctx);
		if (err != 0) {
			if (ctx->error[0] != '\0')
				sweep_error("%s", ctx->error);
			else
				sweep_error("%s/%s: %s", ctx->dir, o->file, strerror(-err));
			if (first == 0)
				first = err;
		}
	}
	return first;
}

/* Write every format opts asks for into dir; the first error is returned, the rest still run. */
int
report_write_all(const struct results *res, const char *dir, const struct report_opts *opts)
{
	struct report_ctx ctx;
	struct view view;
	struct results closed;
	bool open = results_closed_loop(res, &closed);
	int err;

	/* the views read the closed-loop cells; results.csv and the sheets of cells, all */
	view_build_run(&view, open ? &closed : res);
	view.all = res;
	memset(&ctx, 0, sizeof ctx);
	ctx.view = &view;
	ctx.dir = dir;
	ctx.mask = opts->formats;
	ctx.gnuplot = opts->gnuplot;
	err = report_write_formats(&ctx, REPORT_OUT_RUN);
	if (opts->conclusions != NULL) {
		*opts->conclusions = view.conclusions;	/* the caller's now */
		view.conclusions = NULL;
	}
	if (opts->card != NULL)
		*opts->card = view.card->nmodes > 0 ? view_card_text(view.card) : NULL;
	if (opts->ticket != NULL)
		*opts->ticket = view.card->nmodes > 0 ? report_ticket_text(view.card) : NULL;
	view_free(&view);
	if (open)
		results_closed_free(&closed);
	return err;
}

/*
 * DIR/results.json, then every report asked for: the first error is
 * returned (each is named on stderr); without results.json no report is
 * written, so reports never stand without their record.
 */
int
report_save_all(const struct results *res, const char *dir, const struct report_opts *opts)
{
	char *json = xasprintf("%s/results.json", dir);
	int err = results_write_json(res, json);

	if (err != 0)
		sweep_error("%s: %s", json, strerror(-err));
	else
		err = report_write_all(res, dir, opts);
	free(json);
	return err;
}
