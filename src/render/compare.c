/*
 * sweep compare A/results.json B/results.json [...]: the question people run
 * sweep for, "is gp2 better than standard for us, and by how much?".  Cells
 * are matched by mode, bs, depth and jobs into rows, with winners and a
 * verdict per mode (view-compare-build.c).  The writers (compare.csv,
 * compare.xlsx, compare.md, compare.html and the overlay charts) are the
 * comparison's column of report.c's table of formats.
 */
#include "config.h"

#include <string.h>

#include "render/report.h"

/*
 * Every comparison format opts asks for into dir; each failure is named on
 * stderr, the first is returned and the other formats still run.
 */
static int
compare_write(const struct compare *cmp, const char *dir, unsigned mask, const char *gnuplot,
    enum report_output_kind out)
{
	struct report_ctx ctx;
	struct compare_view cview;
	int err;

	view_compare_build(&cview, cmp);
	memset(&ctx, 0, sizeof ctx);
	ctx.cmp = cmp;
	ctx.cview = &cview;
	ctx.dir = dir;
	ctx.mask = mask;
	ctx.gnuplot = gnuplot;
	err = report_write_formats(&ctx, out);
	view_compare_free(&cview);
	return err;
}

int
compare_write_all(const struct compare *cmp, const char *dir, const struct report_opts *opts)
{
	return compare_write(cmp, dir, opts->formats, opts->gnuplot, REPORT_OUT_COMPARE);
}

/*
 * A fleet's comparison (compare_fleet_build) into dir: hosts.csv and
 * hosts.md, whatever --formats asks of the hosts' own reports (they are
 * the run's summary across its hosts).
 */
int
compare_fleet_write_all(struct compare *cmp, const char *dir)
{
	return compare_write(cmp, dir, REPORT_DEFAULT, NULL, REPORT_OUT_FLEET);
}
