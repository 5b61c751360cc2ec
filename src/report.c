/* The table of report writers and `sweep report RESULTS.json`. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "report.h"

struct report_writer {
	const char	*name;
	unsigned	 flag;
	const char	*file;		/* what it writes, for messages */
	int		(*write)(struct report_ctx *);
};

static int report_write_csv(struct report_ctx *);

/*
 * In the order they run: the charts before the ticket reports, which link
 * (md) or inline (html) them.  png and svg share one writer, which renders
 * both in one gnuplot run per chart.
 */
static const struct report_writer writers[] = {
	{ "csv", REPORT_CSV, "results.csv", report_write_csv },
	{ "xlsx", REPORT_XLSX, "report.xlsx", report_xlsx_write },
	{ "png", REPORT_PNG, "charts", report_gnuplot_write },
	{ "svg", REPORT_SVG, "charts", report_gnuplot_write },
	{ "md", REPORT_MD, "report.md", report_md_write },
	{ "html", REPORT_HTML, "report.html", report_html_write },
};
#define WRITERS_COUNT (sizeof writers / sizeof writers[0])
#define FORMATS_VALID "csv, xlsx, png, svg, md, html or all"

/* The csv format as a table entry: results.csv in the output folder. */
static int
report_write_csv(struct report_ctx *ctx)
{
	char *path = xasprintf("%s/results.csv", ctx->dir);
	int err = report_csv_write(ctx->res, path);

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
 * Write every format opts asks for into dir; the first error is returned,
 * the rest still run.  html inlines the .svg charts, so asking for html
 * renders them.
 */
int
report_write_all(const struct results *res, const char *dir, const struct report_opts *opts)
{
	struct report_ctx ctx;
	struct summary sum;
	struct view view;
	size_t i;
	int first = 0;

	report_summary_build(res, &sum);
	view_build(&view, res, &sum);
	memset(&ctx, 0, sizeof ctx);
	ctx.res = res;
	ctx.sum = &sum;
	ctx.view = &view;
	ctx.dir = dir;
	ctx.mask = opts->formats;
	if (opts->formats & REPORT_HTML)
		ctx.mask |= REPORT_SVG;
	ctx.gnuplot = opts->gnuplot;
	for (i = 0; i < WRITERS_COUNT; i++) {
		int err;

		if (!(ctx.mask & writers[i].flag))
			continue;
		ctx.error[0] = '\0';
		err = writers[i].write(&ctx);
		if (err != 0) {
			if (ctx.error[0] != '\0')
				sweep_error("%s", ctx.error);
			else
				sweep_error("%s/%s: %s", dir, writers[i].file, strerror(-err));
			if (first == 0)
				first = err;
		}
	}
	view_free(&view);
	report_summary_free(&sum);
	return first;
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
