/*
 * The sentence of a mode's caps and knee (analysis-caps.c reads them off
 * the runs of its curve): each side's cap with its range and the sizes it
 * rests on, or what the side shows instead (two levels, a cell above, not
 * saturated, a fall or rise), the knee with the measured sizes either side,
 * the runs on neither line, and the cells left out of the fit.  Every claim
 * names its cells, so tests/claims-check.py can test it against them.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "view/view.h"

/* "2-64 KiB", "512 B-1 KiB", "4 KiB" (lo == hi): a run of block sizes. */
const char *
view_knee_sizes(uint64_t lo, uint64_t hi, char *buf, size_t len)
{
	char a[32], b[32], *ua, *ub;

	size_human(lo, a, sizeof a);
	if (hi == lo) {
		snprintf(buf, len, "%s", a);
		return buf;
	}
	size_human(hi, b, sizeof b);
	ua = strchr(a, ' ');
	ub = strchr(b, ' ');
	if (ua != NULL && ub != NULL && strcmp(ua, ub) == 0) {
		*ua = '\0';
		snprintf(buf, len, "%s-%s", a, b);
	} else {
		snprintf(buf, len, "%s-%s", a, b);
	}
	return buf;
}

/* A figure v (IOPS, or bytes/s shown in MiB/s) with its unit: "~4,800 IOPS", "128.0 MiB/s". */
static const char *
knee_value(double v, bool bw, bool approx, char *buf, size_t len)
{
	char n[32];

	if (approx)
		view_approx(bw ? v / MIB : v, n, sizeof n);
	else
		view_num(bw ? v / MIB : v, bw ? 1 : 0, n, sizeof n);
	snprintf(buf, len, "%s%s %s", approx ? "~" : "", n, bw ? "MiB/s" : "IOPS");
	return buf;
}

/*
 * A cap's range after its value: " (2,910-3,070)", " (125-130; ~134 MB/s)",
 * or when its ends round alike " (4 cells, all ~3,070)": never "(3,070-3,070)".
 */
static void
knee_range(char *buf, size_t len, double lo, double hi, double cap, unsigned n, bool bw)
{
	char a[32], b[32], c[32], r[64];

	view_approx(bw ? lo / MIB : lo, a, sizeof a);
	view_approx(bw ? hi / MIB : hi, b, sizeof b);
	if (strcmp(a, b) != 0)
		snprintf(r, sizeof r, "%s-%s", a, b);
	else
		snprintf(r, sizeof r, "%u cells, all ~%s", n, a);
	if (bw)
		str_catf(buf, len, " (%s; ~%s MB/s)", r, view_approx(cap / 1e6, c, sizeof c));
	else
		str_catf(buf, len, " (%s)", r);
}

/*
 * A stated cap: "IOPS cap ~3,000 IOPS (2,910-3,070) at 512 B-32 KiB", with
 * a dip below it between its runs, "at every block size measured" when its
 * runs cover them all.
 */
static void
knee_cap(char *buf, size_t len, const struct knee *k, bool bw)
{
	const struct knee_levels *kl = bw ? &k->bw_shape : &k->iops_shape;
	uint64_t lo = bw ? k->bw_bs_lo : k->iops_bs_lo, hi = bw ? k->bw_bs_hi : k->iops_bs_hi;
	char a[48], b[48];

	str_catf(buf, len, "%s cap %s", bw ? "bandwidth" : "IOPS", knee_value(bw ? k->bw_cap :
	    k->iops_cap, bw, true, a, sizeof a));
	knee_range(buf, len, bw ? k->bw_lo : k->iops_lo, bw ? k->bw_hi : k->iops_hi,
	    bw ? k->bw_cap : k->iops_cap, bw ? k->bw_npoints : k->iops_npoints, bw);
	if (lo == k->bs_min && hi == k->bs_max)
		str_catf(buf, len, " at every block size measured (%s)", view_knee_sizes(lo, hi,
		    b, sizeof b));
	else
		str_catf(buf, len, " at %s", view_knee_sizes(lo, hi, b, sizeof b));
	if (kl->dip > 0)
		str_catf(buf, len, ", a dip to %s at %s", knee_value(kl->dip, bw, true, a, sizeof a),
		    view_knee_sizes(kl->dip_from, kl->dip_to, b, sizeof b));
}

/* What a side shows when its cap is not stated. */
static void
knee_shape(char *buf, size_t len, const struct knee *k, bool bw)
{
	const struct knee_levels *kl = bw ? &k->bw_shape : &k->iops_shape;
	const char *name = bw ? "bandwidth" : "IOPS";
	double cap = bw ? k->bw_cap : k->iops_cap;
	char a[48], b[48], c[48], d[48];

	switch (kl->shape) {
	case KNEE_SHAPE_ABOVE:
		str_catf(buf, len, "no %s cap: %s did %s, %.0f%% above the %s of %s", name,
		    view_knee_sizes(kl->from_bs[0], kl->from_bs[0], a, sizeof a),
		    knee_value(kl->value[0], bw, false, b, sizeof b), 100 * (kl->value[0] / cap - 1),
		    knee_value(cap, bw, true, c, sizeof c), view_knee_sizes(bw ? k->bw_bs_lo :
		    k->iops_bs_lo, bw ? k->bw_bs_hi : k->iops_bs_hi, d, sizeof d));
		knee_range(buf, len, bw ? k->bw_lo : k->iops_lo, bw ? k->bw_hi : k->iops_hi, cap,
		    bw ? k->bw_npoints : k->iops_npoints, bw);
		break;
	case KNEE_SHAPE_TWO_LEVELS:
		str_catf(buf, len, "two %s levels: %s at %s, ", name,
		    knee_value(kl->value[0], bw, true, a, sizeof a),
		    view_knee_sizes(kl->from_bs[0], kl->to_bs[0], b, sizeof b));
		str_catf(buf, len, "%s at %s", knee_value(kl->value[1], bw, true, c, sizeof c),
		    view_knee_sizes(kl->from_bs[1], kl->to_bs[1], d, sizeof d));
		break;
	case KNEE_SHAPE_UNEVEN:
		str_catf(buf, len, "no %s plateau: %s at %s %s to %s at %s", name,
		    knee_value(kl->value[0], bw, false, a, sizeof a),
		    view_knee_sizes(kl->from_bs[0], kl->from_bs[0], b, sizeof b),
		    kl->value[1] < kl->value[0] ? "falling" : "rising",
		    knee_value(kl->value[1], bw, false, c, sizeof c),
		    view_knee_sizes(kl->from_bs[1], kl->from_bs[1], d, sizeof d));
		break;
	case KNEE_SHAPE_UNSATURATED:
		str_catf(buf, len, "not saturated at QD%u: %s at %s still rising with depth "
		    "(no %s cap measured)", kl->depth, knee_value(kl->value[0], bw, true, a, sizeof a),
		    view_knee_sizes(kl->from_bs[0], kl->to_bs[0], b, sizeof b), name);
		break;
	default:
		break;
	}
}

/* A side: its cap or its shape; without a run, what the other side leaves. */
static void
knee_side(char *buf, size_t len, const struct knee *k, bool bw)
{
	bool plateau = bw ? k->bw_plateau : k->iops_plateau;
	char a[48], b[48];

	if (buf[0] != '\0')
		str_catf(buf, len, "; ");
	if (plateau)
		knee_cap(buf, len, k, bw);
	else if ((bw ? k->bw_shape.shape : k->iops_shape.shape) != KNEE_SHAPE_NONE)
		knee_shape(buf, len, k, bw);
	else if ((bw ? k->bw_side_n : k->iops_side_n) == 1)
		str_catf(buf, len, "no %s plateau: only %s on its side (%s)", bw ? "bandwidth" : "IOPS",
		    view_knee_sizes(bw ? k->side_bw_bs : k->side_iops_bs, bw ? k->side_bw_bs :
		    k->side_iops_bs, b, sizeof b), knee_value(bw ? k->side_bw : k->side_iops, bw,
		    false, a, sizeof a));
	else if (bw)
		str_catf(buf, len, "no bandwidth limit reached (up to %s at %s)",
		    knee_value(k->peak_bw, true, false, a, sizeof a),
		    view_knee_sizes(k->peak_bw_bs, k->peak_bw_bs, b, sizeof b));
	else
		str_catf(buf, len, "no IOPS limit reached (up to %s at %s)",
		    knee_value(k->peak_iops, false, false, a, sizeof a),
		    view_knee_sizes(k->peak_iops_bs, k->peak_iops_bs, b, sizeof b));
}

/* A run on neither line: "IOPS falling with size from 1,490 at 4 KiB to 1,231 at 16 KiB". */
static void
knee_trend(char *buf, size_t len, uint64_t from_bs, double from, uint64_t to_bs, double to)
{
	char a[32], b[32], c[32], d[32], e[32], f[32];

	str_catf(buf, len, "IOPS %s with size from %s at %s to %s at %s (%s to %s MiB/s)",
	    to < from ? "falling" : "rising", view_num(from, 0, a, sizeof a),
	    view_knee_sizes(from_bs, from_bs, b, sizeof b), view_num(to, 0, c, sizeof c),
	    view_knee_sizes(to_bs, to_bs, d, sizeof d),
	    view_num(from * (double)from_bs / MIB, 1, e, sizeof e),
	    view_num(to * (double)to_bs / MIB, 1, f, sizeof f));
}

/* The knee: "knee ~43 KiB, between 32 and 64 KiB" (or "~32 KiB, a size measured"). */
static void
knee_where(char *buf, size_t len, const struct knee *k)
{
	uint64_t at = analysis_caps_knee_size(k);
	char a[32], b[48], *dash;

	if (at == 0)
		return;
	str_catf(buf, len, "; knee ~%s", size_human(at, a, sizeof a));
	if (k->knee_lo_bs == k->knee_hi_bs) {
		str_catf(buf, len, ", a size measured");
		return;
	}
	view_knee_sizes(k->knee_lo_bs, k->knee_hi_bs, b, sizeof b);
	if ((dash = strchr(b, '-')) != NULL) {
		*dash = '\0';
		str_catf(buf, len, ", between %s and %s", b, dash + 1);
	}
}

/* The verdict of k alone, without the cells left out. */
static void
knee_verdict(const struct knee *k, char *text, size_t len)
{
	char a[32], b[32];
	unsigned t;

	text[0] = '\0';
	switch (k->kind) {
	case KNEE_TOO_FEW:
		if (k->npoints > CURVE_POINTS_MAX)
			snprintf(text, len, "%u block sizes: more than the %d whose curve is read "
			    "(its cut grows with the cube of their number)", k->npoints,
			    CURVE_POINTS_MAX);
		else if (k->npoints < KNEE_POINTS_MIN)
			snprintf(text, len, "too few block sizes to find a knee "
			    "(%u measured; need %d)", k->npoints, KNEE_POINTS_MIN);
		else
			snprintf(text, len, "block sizes span too little to find a "
			    "knee (%s to %s; need %dx)", size_human(k->bs_min, a, sizeof a),
			    size_human(k->bs_max, b, sizeof b), KNEE_SPAN_MIN);
		return;
	case KNEE_NO_PLATEAU:
		knee_trend(text, len, k->iops_shape.from_bs[0], k->iops_shape.value[0],
		    k->iops_shape.from_bs[1], k->iops_shape.value[1]);
		str_catf(text, len, ": no IOPS or bandwidth plateau");
		return;
	case KNEE_FOUND:
		knee_side(text, len, k, false);
		knee_side(text, len, k, true);
		knee_where(text, len, k);
		break;
	case KNEE_IOPS_BOUND:
		knee_side(text, len, k, false);
		knee_side(text, len, k, true);
		break;
	case KNEE_BW_BOUND:
		knee_side(text, len, k, true);
		knee_side(text, len, k, false);
		break;
	}
	for (t = 0; t < k->ntrends; t++) {
		str_catf(text, len, "; ");
		knee_trend(text, len, k->trends[t].from_bs, k->trends[t].from_iops,
		    k->trends[t].to_bs, k->trends[t].to_iops);
	}
}

/*
 * "read 4K QD1 (stalled)", or "randrw 65/35 4K QD1 (noisy)" for a share: a
 * cell left out of the fit, appended to list.
 */
static void
knee_left_out_add(char *list, size_t len, const struct cell_result *r, int share)
{
	char bs[32], jobs[32] = "", mix[16] = "", qd[16];
	size_t used = strlen(list);

	if (r->cell.jobs > 1)
		snprintf(jobs, sizeof jobs, " x%u jobs", r->cell.jobs);
	if (share != SUMMARY_NO_SHARE)
		snprintf(mix, sizeof mix, " %d/%d", share, 100 - share);
	snprintf(list + used, len - used, "%s%s%s %s %s%s (%s)", used ? ", " : "",
	    mode_name(r->cell.mode), mix, view_size_label(r->cell.bs, bs, sizeof bs),
	    qd_text(r->cell.depth, qd, sizeof qd), jobs,
	    r->stability.verdict == STABILITY_STALLED ? "stalled" :
	    r->stability.verdict == STABILITY_NOISY ? "noisy" : results_cell_buffered(r) ?
	    "buffered" : "clones' windows apart");
}

/*
 * The one-sentence verdict of a knee found in cells (at read share share,
 * or SUMMARY_NO_SHARE), and the cells left out of it, into text.
 */
void
view_knee_text(const struct knee *k, const struct cell_result *cells, int share, char *text,
    size_t len)
{
	char left_out[REPORT_KNEE_TEXT];
	unsigned i;

	left_out[0] = '\0';
	for (i = 0; i < k->nleft_out && i < KNEE_LEFT_OUT_NAMES; i++)
		knee_left_out_add(left_out, sizeof left_out, &cells[k->left_out[i]], share);
	if (k->nleft_out > KNEE_LEFT_OUT_NAMES)
		snprintf(left_out + strlen(left_out), sizeof left_out - strlen(left_out),
		    " and %u more", k->nleft_out - KNEE_LEFT_OUT_NAMES);
	knee_verdict(k, text, len);
	if (left_out[0] != '\0')
		snprintf(text + strlen(text), len - strlen(text), "; left out of the fit: %s",
		    left_out);
}
