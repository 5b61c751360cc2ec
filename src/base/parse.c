/* Parsing of the user's words: sizes, lists, ranges and rw modes. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/sweep.h"
#include "base/util.h"

static const char *mode_names[MODE_COUNT] = {
	[MODE_READ]      = "read",
	[MODE_WRITE]     = "write",
	[MODE_RANDREAD]  = "randread",
	[MODE_RANDWRITE] = "randwrite",
	[MODE_READWRITE] = "readwrite",
	[MODE_RANDRW]    = "randrw",
};

const char *
mode_name(enum rw_mode m)
{
	return (unsigned)m < MODE_COUNT ? mode_names[m] : "?";
}

/* Returns the mode, or -EINVAL. fio's aliases "rw" and "randrw" are accepted. */
int
mode_parse(const char *s)
{
	int i;

	for (i = 0; i < MODE_COUNT; i++)
		if (strcmp(s, mode_names[i]) == 0)
			return i;
	if (strcmp(s, "rw") == 0)
		return MODE_READWRITE;
	return -EINVAL;
}

bool
mode_is_random(enum rw_mode m)
{
	return m == MODE_RANDREAD || m == MODE_RANDWRITE || m == MODE_RANDRW;
}

bool
mode_writes(enum rw_mode m)
{
	return m != MODE_READ && m != MODE_RANDREAD;
}

bool
mode_reads(enum rw_mode m)
{
	return m != MODE_WRITE && m != MODE_RANDWRITE;
}

/*
 * A size: decimal digits, then an optional k, m, g or t (base 1024, either
 * case) and an optional "b" or "ib": 512, 4k, 4KiB, 1g.  Returns -EINVAL or
 * -ERANGE.
 */
int
parse_size(const char *s, uint64_t *out)
{
	uint64_t v = 0, mult = 1;
	const char *p = s;

	if (!isdigit((unsigned char)*p))
		return -EINVAL;
	while (isdigit((unsigned char)*p)) {
		unsigned d = (unsigned)(*p - '0');

		if (v > (UINT64_MAX - d) / 10)
			return -ERANGE;
		v = v * 10 + d;
		p++;
	}
	switch (tolower((unsigned char)*p)) {
	case 'k': mult = KIB; p++; break;
	case 'm': mult = MIB; p++; break;
	case 'g': mult = GIB; p++; break;
	case 't': mult = GIB * 1024; p++; break;
	default: break;
	}
	if (mult > 1 && tolower((unsigned char)*p) == 'i')
		p++;
	if (tolower((unsigned char)*p) == 'b')
		p++;
	if (*p != '\0')
		return -EINVAL;
	if (v != 0 && mult > UINT64_MAX / v)
		return -ERANGE;
	*out = v * mult;
	return 0;
}

/* A whole number within [lo, hi]. */
int
parse_uint(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
	char *end;
	uint64_t v;

	if (!isdigit((unsigned char)*s))
		return -EINVAL;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno != 0 || *end != '\0')
		return -EINVAL;
	if (v < lo || v > hi)
		return -ERANGE;
	*out = v;
	return 0;
}

/*
 * A duration: whole seconds, or with s, min or m, h (90, 90s, 5m, 1h),
 * within [lo, hi] seconds.  -EINVAL when it is not one, -ERANGE outside.
 */
int
parse_duration(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
	char *end;
	unsigned long long n;
	uint64_t mult = 1;

	if (!isdigit((unsigned char)*s))
		return -EINVAL;
	errno = 0;
	n = strtoull(s, &end, 10);
	if (errno != 0 || n == 0)
		return -EINVAL;
	if (strcmp(end, "m") == 0 || strcmp(end, "min") == 0)
		mult = 60;
	else if (strcmp(end, "h") == 0)
		mult = 3600;
	else if (*end != '\0' && strcmp(end, "s") != 0)
		return -EINVAL;
	if (n > hi || n * mult < lo || n * mult > hi)
		return -ERANGE;
	*out = n * mult;
	return 0;
}

static int
list_add(struct num_list *l, uint64_t v)
{
	unsigned i;

	for (i = 0; i < l->n; i++)
		if (l->v[i] == v)
			return 0;
	if (l->n == SWEEP_LIST_MAX)
		return -E2BIG;
	l->v[l->n++] = v;
	return 0;
}

/*
 * A comma-separated list whose items are single values or ranges LO-HI
 * meaning every power of two from LO up to HI (LO, 2 LO, 4 LO ... <= HI).
 * Duplicates are dropped; order is kept.
 */
static int
parse_list(const char *s, bool sizes, uint64_t lo, uint64_t hi, struct num_list *l)
{
	char *copy = xstrdup(s), *item, *save = NULL;
	int err = 0;

	l->n = 0;
	for (item = strtok_r(copy, ",", &save); item != NULL && err == 0;
	    item = strtok_r(NULL, ",", &save)) {
		char *dash = strchr(item, '-');
		uint64_t a, b;

		while (isspace((unsigned char)*item))
			item++;
		if (dash != NULL)
			*dash = '\0';
		err = sizes ? parse_size(item, &a) : parse_uint(item, 0, UINT64_MAX, &a);
		if (err != 0)
			break;
		if (dash == NULL) {
			err = list_add(l, a);
			continue;
		}
		err = sizes ? parse_size(dash + 1, &b) : parse_uint(dash + 1, 0, UINT64_MAX, &b);
		if (err != 0)
			break;
		if (a == 0 || b < a) {
			err = -EINVAL;
			break;
		}
		/* Doubling stops before it overflows: a range may reach 2^63. */
		for (;;) {
			if ((err = list_add(l, a)) != 0 || a > b / 2)
				break;
			a *= 2;
		}
	}
	free(copy);
	if (err == 0 && l->n == 0)
		err = -EINVAL;
	if (err == 0) {
		unsigned i;

		for (i = 0; i < l->n; i++)
			if (l->v[i] < lo || l->v[i] > hi)
				return -ERANGE;
	}
	return err;
}

int
parse_size_list(const char *s, struct num_list *l)
{
	return parse_list(s, true, 0, UINT64_MAX, l);
}

int
parse_uint_list(const char *s, uint64_t lo, uint64_t hi, struct num_list *l)
{
	return parse_list(s, false, lo, hi, l);
}

/*
 * --rate's list: "500,2000" (IOPS, at least 1, at most SWEEP_RATE_MAX) or
 * "10%,50%,110%" (percents of the cap, above 0, at most 1000), mixed as
 * given; a value twice is kept once.  -EINVAL on anything else, -E2BIG
 * past SWEEP_RATES_MAX values.
 */
int
parse_rate_list(const char *s, struct rate_list *l)
{
	char *copy = xstrdup(s), *item, *save = NULL, *end;
	int err = 0;
	unsigned k;

	l->n = 0;
	/* strtok_r would pass over an empty value: "10%,,50%" is a slip, not two rates */
	if (s[0] == ',' || strstr(s, ",,") != NULL || (s[0] != '\0' && s[strlen(s) - 1] == ','))
		err = -EINVAL;
	for (item = strtok_r(copy, ",", &save); item != NULL && err == 0;
	    item = strtok_r(NULL, ",", &save)) {
		double v;
		bool pct;

		while (isspace((unsigned char)*item))
			item++;
		errno = 0;
		v = strtod(item, &end);
		pct = *end == '%';
		end += pct;
		while (isspace((unsigned char)*end))
			end++;
		if (end == item || *end != '\0' || errno != 0 || !(v > 0) ||
		    !isdigit((unsigned char)item[0]) || v > (pct ? 1000 : SWEEP_RATE_MAX) ||
		    (!pct && v < 1)) {
			err = -EINVAL;
			break;
		}
		for (k = 0; k < l->n && !(l->v[k] == v && l->pct[k] == pct); k++)
			;
		if (k < l->n)
			continue;
		if (l->n == SWEEP_RATES_MAX) {
			err = -E2BIG;
			break;
		}
		l->v[l->n] = v;
		l->pct[l->n++] = pct;
	}
	free(copy);
	if (err == 0 && l->n == 0)
		err = -EINVAL;
	return err;
}

/* "read,randread" or "all"; fills g's modes in the order given. */
int
parse_mode_list(const char *s, struct group *g)
{
	char *copy = xstrdup(s), *item, *save = NULL;
	int err = 0;

	g->modes = 0;
	g->nmodes = 0;
	for (item = strtok_r(copy, ",", &save); item != NULL;
	    item = strtok_r(NULL, ",", &save)) {
		int m, first, last;

		while (isspace((unsigned char)*item))
			item++;
		if (strcmp(item, "all") == 0) {
			first = 0;
			last = MODE_COUNT - 1;
		} else if ((m = mode_parse(item)) >= 0) {
			first = last = m;
		} else {
			err = -EINVAL;
			break;
		}
		for (m = first; m <= last; m++) {
			if (g->modes & (1U << m))
				continue;
			g->modes |= 1U << m;
			g->mode_order[g->nmodes++] = (unsigned)m;
		}
	}
	free(copy);
	if (err == 0 && g->nmodes == 0)
		err = -EINVAL;
	return err;
}

/* Levenshtein distance, for "did you mean" hints on short keys. */
unsigned
edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j;
	unsigned *row, prev, tmp, best;

	if (la > 64 || lb > 64)
		return 99;
	row = xcalloc(lb + 1, sizeof *row);
	for (j = 0; j <= lb; j++)
		row[j] = (unsigned)j;
	for (i = 1; i <= la; i++) {
		prev = row[0];
		row[0] = (unsigned)i;
		for (j = 1; j <= lb; j++) {
			tmp = row[j];
			best = prev + (a[i - 1] != b[j - 1]);
			if (row[j] + 1 < best)
				best = row[j] + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			prev = tmp;
		}
	}
	best = row[lb];
	free(row);
	return best;
}
