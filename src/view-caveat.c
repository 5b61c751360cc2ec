/*
 * The caveats of a figure (view.h): a cell not steady, a failed BW check, a
 * read of a region never written; each with its mark, the same in every
 * format, and the legend of the marks.  The summary (report-summary.c)
 * picks its headline by them, so this file uses neither it nor view.c.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "results.h"
#include "view.h"

/*
 * Whether the run read a region never written: the device check before the
 * first cell found every sampled block zero, and said so in a warning (a
 * results.json keeps its warnings, so an old run tells it too).
 */
bool
view_unwritten(const struct results *res)
{
	unsigned i;

	for (i = 0; i < res->nwarnings; i++)
		if (strstr(res->warnings[i], "sampled blocks are zero") != NULL)
			return true;
	return false;
}

/*
 * The caveats of cell i of res (VIEW_CAVEATS bits): not steady (noisy or
 * stalled), its BW check failed, it read a region never written.  0 for a
 * cell without figures (-1 too): what it lacks is said elsewhere.
 */
unsigned
view_caveats(const struct results *res, int i)
{
	const struct cell_result *r;
	unsigned f = 0;

	if (i < 0 || (unsigned)i >= res->plan.ncells)
		return 0;
	r = &res->cells[i];
	if (!results_cell_has_figures(r))
		return 0;
	if (analysis_stability_suspect(&r->stability))
		f |= r->stability.verdict == STABILITY_STALLED ? VIEW_STALLED : VIEW_NOISY;
	if (!r->check.ok)
		f |= VIEW_MISMATCH;
	if (mode_reads(r->cell.mode) && view_unwritten(res))
		f |= VIEW_UNWRITTEN;
	return f;
}

/* The marks of flags, in a fixed order, each after sep ("" none): " ⚠ ≠". */
const char *
view_caveat_marks(unsigned flags, const char *sep, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s%s%s%s%s", flags & VIEW_UNSTEADY ? sep : "",
	    flags & VIEW_UNSTEADY ? REPORT_UNSTEADY_MARK : "", flags & VIEW_MISMATCH ? sep : "",
	    flags & VIEW_MISMATCH ? REPORT_MISMATCH_MARK : "", flags & VIEW_UNWRITTEN ? sep : "",
	    flags & VIEW_UNWRITTEN ? REPORT_UNWRITTEN_MARK : "");
	return buf;
}

/* What the marks of flags mean, joined by "; " ("" none): a legend. */
const char *
view_caveat_legend(unsigned flags, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s%s%s%s", flags & VIEW_UNSTEADY ? REPORT_UNSTEADY_MARK
	    " not steady (noisy or stalled)" : "", (flags & VIEW_UNSTEADY) &&
	    (flags & (VIEW_MISMATCH | VIEW_UNWRITTEN)) ? "; " : "", flags & VIEW_MISMATCH ?
	    REPORT_MISMATCH_MARK " BW check failed (BW != IOPS x bs)" : "",
	    (flags & VIEW_MISMATCH) && (flags & VIEW_UNWRITTEN) ? "; " : "",
	    flags & VIEW_UNWRITTEN ? REPORT_UNWRITTEN_MARK " read of a region never written" : "");
	return buf;
}
