/*
 * The sentence of a mode's knee and caps (analysis-caps.c finds them): the
 * verdict, each cap's range, and the cells left out of the fit.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "report.h"

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
	char bs[32], jobs[32] = "", mix[16] = "", qd[16];
	size_t used = strlen(list);

	if (r->cell.jobs > 1)
		snprintf(jobs, sizeof jobs, " x%u jobs", r->cell.jobs);
	if (share != SUMMARY_NO_SHARE)
		snprintf(mix, sizeof mix, " %d/%d", share, 100 - share);
	snprintf(list + used, len - used, "%s%s%s %s %s%s (%s)", used ? ", " : "",
	    mode_name(r->cell.mode), mix, report_size_label(r->cell.bs, bs, sizeof bs),
	    qd_text(r->cell.depth, qd, sizeof qd), jobs, r->stability.verdict == STABILITY_STALLED ? "stalled" : "noisy");
}

/* A side's figure v (IOPS, or bytes/s shown in MiB/s) with its unit: "4,800 IOPS". */
static const char *
knee_side_value(double v, bool iops, bool approx, char *buf, size_t len)
{
	char n[32];

	if (approx)
		report_approx(iops ? v : v / MIB, n, sizeof n);
	else
		report_num(iops ? v : v / MIB, iops ? 0 : 1, n, sizeof n);
	snprintf(buf, len, "%s%s %s", approx ? "~" : "", n, iops ? "IOPS" : "MiB/s");
	return buf;
}

/*
 * What a side shows when its cap is not stated (k's iops_shape or
 * bw_shape): "no IOPS plateau: 25,339 IOPS at 4 KiB falling to 9,100 IOPS
 * at 32 KiB", "two IOPS levels: ~25,000 IOPS at 512 B-4 KiB and ~16,000
 * IOPS at 8 KiB-32 KiB", or "no IOPS cap: 4 KiB did 4,800 IOPS, 60% above
 * the ~3,000 IOPS where 5 other block sizes agree (2,950-3,050)".
 */
static void
knee_side_text(const struct knee *k, bool iops, char *text, size_t len)
{
	const struct knee_levels *kl = iops ? &k->iops_shape : &k->bw_shape;
	const char *name = iops ? "IOPS" : "bandwidth";
	double cap = iops ? k->iops_cap : k->bw_cap;
	char a[48], b[48], c[48], d[48], e[48], f[48], r[80];

	switch (kl->shape) {
	case KNEE_SHAPE_ABOVE:
		knee_range(iops ? k->iops_lo : k->bw_lo, iops ? k->iops_hi : k->bw_hi,
		    iops ? k->iops_npoints : k->bw_npoints, iops ? 1 : MIB, r, sizeof r);
		snprintf(text, len, "no %s cap: %s did %s, %.0f%% above the %s where %u other "
		    "block sizes agree (%s)", name, size_human(kl->from_bs[0], a, sizeof a),
		    knee_side_value(kl->value[0], iops, false, b, sizeof b),
		    100 * (kl->value[0] / cap - 1), knee_side_value(cap, iops, true, c, sizeof c),
		    iops ? k->iops_npoints : k->bw_npoints, r);
		break;
	case KNEE_SHAPE_TWO_LEVELS:
		snprintf(text, len, "two %s levels: %s at %s-%s and %s at %s-%s", name,
		    knee_side_value(kl->value[0], iops, true, a, sizeof a),
		    size_human(kl->from_bs[0], b, sizeof b), size_human(kl->to_bs[0], c, sizeof c),
		    knee_side_value(kl->value[1], iops, true, d, sizeof d),
		    size_human(kl->from_bs[1], e, sizeof e), size_human(kl->to_bs[1], f, sizeof f));
		break;
	case KNEE_SHAPE_UNEVEN:
		if (kl->from_bs[0] == kl->from_bs[1]) {
			snprintf(text, len, "no %s plateau: only %s on its side (%s)", name,
			    size_human(kl->from_bs[0], a, sizeof a),
			    knee_side_value(kl->value[0], iops, false, b, sizeof b));
			break;
		}
		snprintf(text, len, "no %s plateau: %s at %s %s to %s at %s", name,
		    knee_side_value(kl->value[0], iops, false, a, sizeof a),
		    size_human(kl->from_bs[0], b, sizeof b),
		    kl->value[1] < kl->value[0] ? "falling" : "rising",
		    knee_side_value(kl->value[1], iops, false, c, sizeof c),
		    size_human(kl->from_bs[1], d, sizeof d));
		break;
	default:
		snprintf(text, len, "no %s plateau (no block size on its side)", name);
		break;
	}
}

/* A knee whose caps are not both stated: each side, its cap or what it shows. */
static void
knee_verdict_sides(const struct knee *k, const char *ri, const char *rb, char *text, size_t len)
{
	char a[32], b[32], c[32], si[REPORT_KNEE_TEXT / 2], sb[REPORT_KNEE_TEXT / 2];

	if (k->iops_plateau)
		snprintf(si, sizeof si, "IOPS-bound at the small sizes at ~%s IOPS (%s)",
		    report_approx(k->iops_cap, a, sizeof a), ri);
	else
		knee_side_text(k, true, si, sizeof si);
	if (k->bw_plateau)
		snprintf(sb, sizeof sb, "bandwidth-bound at the large sizes at ~%s MiB/s (%s; ~%s MB/s)",
		    report_approx(k->bw_cap / MIB, b, sizeof b), rb,
		    report_approx(k->bw_cap / 1e6, c, sizeof c));
	else
		knee_side_text(k, false, sb, sizeof sb);
	snprintf(text, len, "%s; %s", si, sb);
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
		if (!k->iops_plateau || !k->bw_plateau) {
			knee_verdict_sides(k, ri, rb, text, len);
			break;
		}
		size_human(analysis_caps_knee_size(k), a, sizeof a);
		snprintf(text, len, "IOPS-bound below ~%s at ~%s IOPS (%s); "
		    "bandwidth-bound above at ~%s MiB/s (%s; ~%s MB/s)", a,
		    report_approx(k->iops_cap, b, sizeof b), ri,
		    report_approx(k->bw_cap / MIB, c, sizeof c), rb,
		    report_approx(k->bw_cap / 1e6, d, sizeof d));
		break;
	case KNEE_IOPS_BOUND:
		if (!k->iops_plateau) {
			knee_side_text(k, true, text, len);
			snprintf(text + strlen(text), len - strlen(text), "; no bandwidth limit "
			    "reached (up to %s MiB/s at %s)", report_num(k->peak_bw / MIB, 1, d,
			    sizeof d), size_human(k->peak_bw_bs, e, sizeof e));
			break;
		}
		snprintf(text, len, "IOPS-bound at every block size measured (%s to %s) "
		    "at ~%s IOPS (%s); no bandwidth limit reached (up to %s MiB/s at %s)",
		    size_human(k->bs_min, a, sizeof a), size_human(k->bs_max, b, sizeof b),
		    report_approx(k->iops_cap, c, sizeof c), ri,
		    report_num(k->peak_bw / MIB, 1, d, sizeof d),
		    size_human(k->peak_bw_bs, e, sizeof e));
		break;
	case KNEE_BW_BOUND:
		if (!k->bw_plateau) {
			knee_side_text(k, false, text, len);
			snprintf(text + strlen(text), len - strlen(text), "; no IOPS limit reached "
			    "(up to %s IOPS at %s)", report_num(k->peak_iops, 0, e, sizeof e),
			    size_human(k->peak_iops_bs, f, sizeof f));
			break;
		}
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
