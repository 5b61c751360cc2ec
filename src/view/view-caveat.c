/*
 * The caveats of a figure (view.h): a cell not steady, a failed BW check, a
 * read of a region never written, buffered I/O, fio clones whose windows
 * differ widely; each with its mark, the same in every format, and the
 * legend of the marks.  The summary (view-characterize.c)
 * picks its headline by them, so this file uses neither it nor view.c.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "results/results.h"
#include "view/view.h"

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
 * stalled), its BW check failed, it read a region never written, it ran
 * buffered I/O, its fio clones ran windows far apart.  0 for a cell
 * without figures (-1 too): what it lacks is said elsewhere.
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
	if (results_stability_suspect(&r->stability))
		f |= r->stability.verdict == STABILITY_STALLED ? VIEW_STALLED : VIEW_NOISY;
	if (!r->check.ok)
		f |= VIEW_MISMATCH;
	if (mode_reads(r->cell.mode) && view_unwritten(res))
		f |= VIEW_UNWRITTEN;
	if (results_cell_buffered(r))
		f |= VIEW_BUFFERED;
	if (results_cell_clones_skewed(r))
		f |= VIEW_CLONES;
	return f;
}

/* The caveats of every cell of res together. */
unsigned
view_caveats_all(const struct results *res)
{
	unsigned i, f = 0;

	for (i = 0; i < res->plan.ncells; i++)
		f |= view_caveats(res, (int)i);
	return f;
}

/* The caveat marks in their fixed order, each with what it means and its sheet note. */
static const struct {
	unsigned	 flags;
	const char	*mark, *legend, *note;
} view_caveat_table[] = {
	{ VIEW_UNSTEADY, REPORT_UNSTEADY_MARK, "not steady (noisy or stalled)", NULL },
	{ VIEW_MISMATCH, REPORT_MISMATCH_MARK, "BW check failed (BW != IOPS x bs)", NULL },
	{ VIEW_UNWRITTEN, REPORT_UNWRITTEN_MARK, "read of a region never written",
	  REPORT_UNWRITTEN_NOTE },
	{ VIEW_BUFFERED, REPORT_BUFFERED_MARK, "buffered I/O (fio direct=0): the page cache's "
	  "figures, not the storage's", REPORT_BUFFERED_NOTE },
	{ VIEW_CLONES, REPORT_CLONES_MARK, "fio clones' windows more than 1.5x apart",
	  REPORT_CLONES_NOTE },
};
#define VIEW_NCAVEATS	(sizeof view_caveat_table / sizeof view_caveat_table[0])

/* The marks of flags, in a fixed order, each after sep ("" none): " ⚠ ≠". */
const char *
view_caveat_marks(unsigned flags, const char *sep, char *buf, size_t len)
{
	size_t k;

	if (len > 0)
		buf[0] = '\0';
	for (k = 0; k < VIEW_NCAVEATS; k++)
		if (flags & view_caveat_table[k].flags)
			str_catf(buf, len, "%s%s", sep, view_caveat_table[k].mark);
	return buf;
}

/* What the marks of flags mean, joined by "; " ("" none): a legend. */
const char *
view_caveat_legend(unsigned flags, char *buf, size_t len)
{
	size_t k;
	bool first = true;

	if (len > 0)
		buf[0] = '\0';
	for (k = 0; k < VIEW_NCAVEATS; k++)
		if (flags & view_caveat_table[k].flags) {
			str_catf(buf, len, "%s%s %s", first ? "" : "; ", view_caveat_table[k].mark,
			    view_caveat_table[k].legend);
			first = false;
		}
	return buf;
}

/*
 * A sheet's note on a figure of flags: what its marks that have one (read
 * never written, buffered, clones) mean, one a line; NULL when none has.
 */
const char *
view_caveat_note(unsigned flags, char *buf, size_t len)
{
	size_t k;

	if (len > 0)
		buf[0] = '\0';
	for (k = 0; k < VIEW_NCAVEATS; k++)
		if ((flags & view_caveat_table[k].flags) && view_caveat_table[k].note != NULL)
			str_catf(buf, len, "%s%s", buf[0] != '\0' ? "\n" : "", view_caveat_table[k].note);
	return buf[0] != '\0' ? buf : NULL;
}
