/*
 * The sentence of a mode's knee and caps (analysis-caps.c finds them): the
 * verdict, each cap's range, and the cells left out of the fit.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "report.h"

/* The nearest power of two (in log space) to v bytes, as a human size: "64 KiB". */
static void
pow2_human(double v, char *buf, size_t len)
{
	double e = round(log2(v > 1 ? v : 1));

	size_human(1ULL << (e < 62 ? (int)e : 62), buf, len);
}

/*
 * A cap's range as text: "2,910-3,070"; "6 block sizes, all ~3,000" when the
 * ends round alike; "one block size" when it rests on one.
 */
static const char *
knee_range(double lo, double hi, unsigned n, double unit, char *buf, size_t len)
{
	char a[32], b[32];

	if (n < 2) {
		snprintf(buf, len, "one block size");
		return buf;
	}
	report_approx(lo / unit, a, sizeof a);
	report_approx(hi / unit, b, sizeof b);
	if (strcmp(a, b) == 0)
		snprintf(buf, len, "%u block sizes, all ~%s", n, a);
	else
		snprintf(buf, len, "%s-%s", a, b);
	return buf;
}

/*
 * "read 4K QD1 (stalled)", or "randrw 65/35 4K QD1 (noisy)" for a share: a
 * cell left out of the fit, appended to list.
 */
static void
knee_left_out_add(char *list, size_t len, const struct cell_result *r, int share)
{
	char bs[32], jobs[32] = "", mix[16] = "";
	size_t used = strlen(list);

	if (r->cell.jobs > 1)
		snprintf(jobs, sizeof jobs, " x%u jobs", r->cell.jobs);
	if (share != SUMMARY_NO_SHARE)
		snprintf(mix, sizeof mix, " %d/%d", share, 100 - share);
	snprintf(list + used, len - used, "%s%s%s %s QD%u%s (%s)", used ? ", " : "",
	    mode_name(r->cell.mode), mix, report_size_label(r->cell.bs, bs, sizeof bs),
	    r->cell.depth, jobs, r->stability.verdict == STABILITY_STALLED ? "stalled" : "noisy");
}

/* The verdict of k alone, without the cells left out. */
static void
knee_verdict(const struct knee *k, char *text, size_t len)
{
	char a[32], b[32], c[32], d[32], e[32], f[32], ri[80], rb[80];

	knee_range(k->iops_lo, k->iops_hi, k->iops_npoints, 1, ri, sizeof ri);
	knee_range(k->bw_lo, k->bw_hi, k->bw_npoints, MIB, rb, sizeof rb);
	switch (k->kind) {
	case KNEE_TOO_FEW:
		if (k->npoints < KNEE_POINTS_MIN)
			snprintf(text, len, "too few block sizes to find a knee "
			    "(%u measured; need %d)", k->npoints, KNEE_POINTS_MIN);
		else
			snprintf(text, len, "block sizes span too little to find a "
			    "knee (%s to %s; need %dx)", size_human(k->bs_min, a, sizeof a),
			    size_human(k->bs_max, b, sizeof b), KNEE_SPAN_MIN);
		break;
	case KNEE_FOUND:
		pow2_human(k->knee_bs, a, sizeof a);
		snprintf(text, len, "IOPS-bound below ~%s at ~%s IOPS (%s); "
		    "bandwidth-bound above at ~%s MiB/s (%s; ~%s MB/s)", a,
		    report_approx(k->iops_cap, b, sizeof b), ri,
		    report_approx(k->bw_cap / MIB, c, sizeof c), rb,
		    report_approx(k->bw_cap / 1e6, d, sizeof d));
		break;
	case KNEE_IOPS_BOUND:
		snprintf(text, len, "IOPS-bound at every block size measured (%s to %s) "
		    "at ~%s IOPS (%s); no bandwidth limit reached (up to %s MiB/s at %s)",
		    size_human(k->bs_min, a, sizeof a), size_human(k->bs_max, b, sizeof b),
		    report_approx(k->iops_cap, c, sizeof c), ri,
		    report_num(k->peak_bw / MIB, 1, d, sizeof d),
		    size_human(k->peak_bw_bs, e, sizeof e));
		break;
	case KNEE_BW_BOUND:
		snprintf(text, len, "bandwidth-bound at every block size measured "
		    "(%s to %s) at ~%s MiB/s (%s; ~%s MB/s); no IOPS limit reached (up to %s IOPS "
		    "at %s)", size_human(k->bs_min, a, sizeof a), size_human(k->bs_max, b, sizeof b),
		    report_approx(k->bw_cap / MIB, c, sizeof c), rb,
		    report_approx(k->bw_cap / 1e6, d, sizeof d),
		    report_num(k->peak_iops, 0, e, sizeof e), size_human(k->peak_iops_bs, f, sizeof f));
		break;
	}
}

/*
 * The one-sentence verdict of a knee found in cells (at read share share,
 * or SUMMARY_NO_SHARE), and the cells left out of it, into text.
 */
void
report_knee_text(const struct knee *k, const struct cell_result *cells, int share, char *text,
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
