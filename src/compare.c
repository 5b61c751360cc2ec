/*
 * sweep compare A/results.json B/results.json [...]: the question people run
 * sweep for, "is gp2 better than standard for us, and by how much?".  Cells
 * are matched by mode, bs, depth and jobs into rows, with winners and a
 * verdict per mode (compare-build.c).  The writers (compare.csv,
 * compare.xlsx, compare.md, compare.html and the overlay charts) are the
 * comparison's column of report.c's table of formats.
 */
#include "config.h"

#include <string.h>

#include "report.h"

/*
 * Every comparison format opts asks for into dir; each failure is named on
 * stderr, the first is returned and the other formats still run.
 */
int
compare_write_all(const struct compare *cmp, const char *dir, const struct report_opts *opts)
{
	struct report_ctx ctx;
	struct compare_view cview;
	int err;

	view_compare_build(&cview, cmp);
	memset(&ctx, 0, sizeof ctx);
	ctx.cmp = cmp;
	ctx.cview = &cview;
	ctx.dir = dir;
	ctx.mask = opts->formats;
	ctx.gnuplot = opts->gnuplot;
	err = report_write_formats(&ctx, REPORT_OUT_COMPARE);
	view_compare_free(&cview);
	return err;
}

/*
 * A fleet's comparison (compare_fleet_build) into dir: hosts.csv and
 * hosts.md, whatever --formats asks of the hosts' own reports (they are
 * the run's summary across its hosts).
 */
int
compare_fleet_write_all(struct compare *cmp, const char *dir)
{
	struct report_ctx ctx;
	struct compare_view cview;
	int err;

	view_compare_build(&cview, cmp);
	memset(&ctx, 0, sizeof ctx);
	ctx.cmp = cmp;
	ctx.cview = &cview;
	ctx.dir = dir;
	ctx.mask = REPORT_DEFAULT;
	err = report_write_formats(&ctx, REPORT_OUT_FLEET);
	view_compare_free(&cview);
	return err;
}
