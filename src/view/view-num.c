/* Numbers and block sizes as every report writes them ("33,231", "~33,200", "4K"). */
#include "config.h"

#include <math.h>
#include <string.h>

#include "view/view.h"

/* The most places a small figure gets: smaller ones read 0 as they did. */
#define REPORT_NUM_PLACES_MAX	6

static const char *num_fixed(double v, int decimals, char *buf, size_t len);

/* Axis and table label of a block size: "512", "4K", "1M" (exact multiples, else bytes). */
const char *
view_size_label(uint64_t bs, char *buf, size_t len)
{
	char *p;

	size_short(bs, buf, len);
	for (p = buf; *p != '\0'; p++)
		if (*p >= 'a' && *p <= 'z')
			*p = (char)(*p - 'a' + 'A');
	return buf;
}

/*
 * A ratio with at most decimals places and at most 3 significant digits,
 * "x" appended: "1.25x", "14.3x", "1,430x" (not "1432.1x": the fourth digit
 * of a ratio of two measurements is noise); one that the places would show
 * as 0 gets two significant digits ("0.0012x").
 */
const char *
view_ratio(double v, int decimals, char *buf, size_t len)
{
	char num[64];
	double mag, unit;
	int d = decimals;

	if (!isfinite(v) || !(v > 0)) {
		snprintf(buf, len, "%s", isfinite(v) ? "0x" : "-");
		return buf;
	}
	mag = floor(log10(v));
	if (mag >= 3) {
		unit = pow(10, mag - 2);
		v = round(v / unit) * unit;
		d = 0;
	} else if (2 - mag < d)
		d = 2 - (int)mag;
	else if (v < 0.5 * pow(10, -d))
		d = 1 - (int)mag;
	snprintf(buf, len, "%sx", num_fixed(v, d, num, sizeof num));
	return buf;
}

/*
 * The places view_num() gives v in a column of decimals places: those,
 * or for a figure below 10 that they would show with fewer than two
 * significant digits, enough for two ("0.015", "5.7"; not "0.0", "6").  A
 * whole number keeps its places ("7 I/Os"), and one the extra place would
 * round up to 10 keeps them too ("10", not "10.0").
 */
int
view_num_decimals(double v, int decimals)
{
	double a = fabs(v);
	int d;

	if (!isfinite(v) || a >= 10 || a == 0 || a == floor(a))
		return decimals;
	d = 1 - (int)floor(log10(a));
	if (d <= decimals || d > REPORT_NUM_PLACES_MAX || round(a * pow(10, d)) >= 10 * pow(10, d))
		return decimals;
	return d;
}

/*
 * v with decimals places and thousands separators ("33,231", "1,102.5"), a
 * figure below 10 with two significant digits at least
 * (view_num_decimals: "0.015", "5.7"); "-" if not finite.
 */
const char *
view_num(double v, int decimals, char *buf, size_t len)
{
	return num_fixed(v, view_num_decimals(v, decimals), buf, len);
}

/*
 * A latency of us microseconds with its unit, scaled to read in at most
 * three digits before the point: "85.3 us" below 1 ms, "5.16 ms", "163 ms"
 * below 1 s, then "2.12 s" (never "2,115,858.6 us").
 */
const char *
view_lat_text(double us, char *buf, size_t len)
{
	const char *unit = "us";
	double v = us;
	char num[32];

	if (!isfinite(us)) {
		snprintf(buf, len, "-");
		return buf;
	}
	if (us >= 1e6) {
		v = us / 1e6;
		unit = "s";
	} else if (us >= 1e3) {
		v = us / 1e3;
		unit = "ms";
	}
	snprintf(buf, len, "%s %s", view_num(v, v >= 100 ? 0 : 1, num, sizeof num), unit);
	return buf;
}

/*
 * The range lo-hi in decimals places (view_num), with as many more places
 * as it takes (up to two) for its ends to differ: "3,073.6-3,074.4", not
 * "3,074-3,074"; NULL when they still read alike (no range to show).
 */
const char *
view_range_text(double lo, double hi, int decimals, char *buf, size_t len)
{
	char a[64], b[64];
	int d;

	for (d = decimals; d <= decimals + 2; d++) {
		view_num(lo, d, a, sizeof a);
		view_num(hi, d, b, sizeof b);
		if (strcmp(a, b) != 0) {
			snprintf(buf, len, "%s-%s", a, b);
			return buf;
		}
	}
	return NULL;
}

/*
 * A percentage as text, with its sign when sign: "+12%", "-3%"; one that
 * whole places would show as 0 but is not gets one significant digit
 * ("+0.3%", "0.04%"), as "+0%" would read as no change; "-" if not finite.
 */
const char *
view_pct(double pct, bool sign, char *buf, size_t len)
{
	double a = fabs(pct);
	int d;

	if (!isfinite(pct)) {
		snprintf(buf, len, "-");
		return buf;
	}
	if (a == 0 || a >= 0.5) {
		snprintf(buf, len, sign ? "%+.0f%%" : "%.0f%%", pct);
		return buf;
	}
	if (a < 0.0005) {
		snprintf(buf, len, "%s<0.001%%", sign ? (pct < 0 ? "-" : "+") : "");
		return buf;
	}
	d = -(int)floor(log10(a));
	snprintf(buf, len, sign ? "%+.*f%%" : "%.*f%%", d, pct);
	return buf;
}

/* v with decimals places and thousands separators, as they are: "33,231"; "-" if not finite. */
static const char *
num_fixed(double v, int decimals, char *buf, size_t len)
{
	char raw[64], *dot, *out = buf;
	size_t digits, i, used = 0;
	const char *p = raw;

	if (!isfinite(v)) {
		snprintf(buf, len, "-");
		return buf;
	}
	snprintf(raw, sizeof raw, "%.*f", decimals, v);
	if (*p == '-') {
		if (used + 1 < len)
			out[used++] = '-';
		p++;
	}
	dot = strchr(p, '.');
	digits = dot != NULL ? (size_t)(dot - p) : strlen(p);
	for (i = 0; i < digits; i++) {
		if (i > 0 && (digits - i) % 3 == 0 && used + 1 < len)
			out[used++] = ',';
		if (used + 1 < len)
			out[used++] = p[i];
	}
	for (p += digits; *p != '\0'; p++)
		if (used + 1 < len)
			out[used++] = *p;
	if (len > 0)
		out[used] = '\0';
	return buf;
}

/* v to three significant digits, for "~" figures: 33231 -> "33,200", 1.2345 -> "1.23". */
const char *
view_approx(double v, char *buf, size_t len)
{
	double mag, r;
	int decimals;

	if (!isfinite(v) || v == 0)
		return view_num(v, 0, buf, len);
	mag = floor(log10(fabs(v)));
	r = round(v / pow(10, mag - 2)) * pow(10, mag - 2);
	decimals = mag >= 2 ? 0 : (int)(2 - mag);
	return view_num(r, decimals, buf, len);
}

/* The shortest and longest measured window of the cells with figures, in seconds. */
static void
per_cell_span(const struct results *res, double *lo, double *hi)
{
	unsigned i;

	*lo = *hi = 0;
	for (i = 0; i < res->plan.ncells; i++) {
		const struct cell_result *r = &res->cells[i];
		double s = (double)r->runtime_ns / 1e9;

		if (!results_cell_has_figures(r) || r->runtime_ns == 0)
			continue;
		*lo = *lo == 0 || s < *lo ? s : *lo;
		*hi = s > *hi ? s : *hi;
	}
}

/*
 * Whether cells spanning lo..hi seconds ran times of their own, as imported
 * fio jobs with runtimes of their own do: some measured longer than the
 * plan's --runtime (10% and half a second of slack), or shorter where
 * sweep's steady state did not end them early (it was off, or the
 * criterion was fio's).
 */
static bool
per_cell_own(const struct plan *p, double lo, double hi)
{
	return hi > p->runtime_s * 1.1 + 0.5 || ((p->steady_pct == 0 ||
	    p->steady_rule[0] != '\0') && lo > 0 && lo < p->runtime_s * 0.9 - 0.5);
}

/*
 * Whether res records how long its cells measured: not a table import whose
 * rows give no runtime_s (no --runtime, no cell with a window).
 */
bool
view_per_cell_known(const struct results *res)
{
	double lo, hi;

	per_cell_span(res, &lo, &hi);
	return res->plan.runtime_s > 0 || hi > 0;
}

/* Whether the cells of res ran times of their own (per_cell_own). */
bool
view_per_cell_own(const struct results *res)
{
	double lo, hi;

	per_cell_span(res, &lo, &hi);
	return per_cell_own(&res->plan, lo, hi);
}

/*
 * How long each cell measured, for a run's header ("6 s per cell"): its
 * --runtime, "6 s" (steady state may end a cell earlier, which its own
 * paragraph says), or when the cells ran times of their own
 * (per_cell_own), their range: "52-142 s".
 */
const char *
view_per_cell(const struct results *res, char *buf, size_t len)
{
	double lo, hi;

	per_cell_span(res, &lo, &hi);
	if (!per_cell_own(&res->plan, lo, hi))
		snprintf(buf, len, "%u s", res->plan.runtime_s);
	else if (llround(lo) != llround(hi))
		snprintf(buf, len, "%lld-%lld s", llround(lo), llround(hi));
	else
		snprintf(buf, len, "%lld s", llround(hi));
	return buf;
}
