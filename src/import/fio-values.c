#include "config.h"

/*
 * Values of fio's JSON output read and checked before they are imported
 * (import-fio.c): a client/server entry's port, fio's time values, and the
 * figures of a job, refused when negative, not finite or beyond fio's
 * 64-bit counters, as the CSV importer refuses them.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "import/fio.h"

/* The "port" of a client/server entry, or -1 when it is no whole number from 0 to 2^31. */
long long
fio_values_port(const cJSON *o)
{
	const cJSON *p = cJSON_GetObjectItemCaseSensitive(o, "port");
	double v = cJSON_IsNumber(p) ? p->valuedouble : 0;

	return v >= 0 && v <= 2147483647.0 && v == (double)(long long)v ? (long long)v : -1;
}

/*
 * A number of fio's JSON as uint64_t or int, saturated at the type's
 * limits (0 for NaN): a C cast of a double out of range is undefined, and
 * fio_values_check does not see every number (error, groupid) nor the
 * products made of them (runtime in ns).
 */
uint64_t
fio_values_u64(double v)
{
	if (!(v > 0))
		return 0;
	return v >= FIO_VALUES_MAX ? UINT64_MAX : (uint64_t)v;
}

int
fio_values_int(double v)
{
	if (v != v)
		return 0;
	return v <= INT_MIN ? INT_MIN : v >= INT_MAX ? INT_MAX : (int)v;
}

/* fio's "timestamp" (seconds since 1970) as a time_t, or 0 unless from 1970 to the year 9999. */
time_t
fio_values_time(double v)
{
	return v > 0 && v < 253402300800.0 ? (time_t)v : 0;
}

/* fio's time values ("60", "60s", "2m", "500ms"): whole seconds, rounded; -EINVAL if not one. */
int
fio_values_seconds(const char *s, unsigned *out)
{
	char *end;
	double v;

	if (s == NULL || *s < '0' || *s > '9')
		return -EINVAL;
	v = strtod(s, &end);
	if (*end == '\0' || strcmp(end, "s") == 0)
		;
	else if (strcmp(end, "ms") == 0)
		v /= 1e3;
	else if (strcmp(end, "us") == 0)
		v /= 1e6;
	else if (strcmp(end, "m") == 0)
		v *= 60;
	else if (strcmp(end, "h") == 0)
		v *= 3600;
	else if (strcmp(end, "d") == 0)
		v *= 86400;
	else
		return -EINVAL;
	if (v < 0 || v > 4e9)
		return -ERANGE;
	*out = (unsigned)(v + 0.5);
	return 0;
}

/*
 * Is v a number that is negative, not finite (1e999 parses as inf) or 2^64
 * or more?  fio's figures are 64-bit; beyond that a cast to uint64_t is
 * undefined, and sums of them could pass the 1e30 that results.json is
 * read back with.
 */
static bool
fio_values_bad(const cJSON *v)
{
	return cJSON_IsNumber(v) && !(isfinite(v->valuedouble) && v->valuedouble >= 0 &&
	    v->valuedouble < FIO_VALUES_MAX);
}

/* The first number of o (a latency record: min, max, mean, percentiles, ...) that is bad. */
static const cJSON *
fio_values_lat_bad(const cJSON *o, unsigned depth)
{
	const cJSON *v, *bad;

	cJSON_ArrayForEach(v, o) {
		if (fio_values_bad(v))
			return v;
		if (cJSON_IsObject(v) && depth < 2 && (bad = fio_values_lat_bad(v, depth + 1)) != NULL)
			return bad;
	}
	return NULL;
}

/*
 * Refuse entry e of the fio output at path when a figure sweep reads from
 * it is negative or not finite: a corrupt or edited file.  -EINVAL after
 * one line naming the job and the figure.
 */
int
fio_values_check(const char *path, const cJSON *e)
{
	static const char *const top[] = { "usr_cpu", "sys_cpu", "total_err" };
	static const char *const dir[] = { "io_bytes", "bw_bytes", "iops", "runtime",
	    "total_ios", "short_ios" };
	static const char *const dirs[] = { "read", "write" }, *const lats[] = { "clat_ns", "lat_ns" };
	const char *job = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e, "jobname"));
	const cJSON *bad = NULL, *o;
	char where[32] = "";
	unsigned i, d;

	for (i = 0; bad == NULL && i < sizeof top / sizeof top[0]; i++)
		if (fio_values_bad(cJSON_GetObjectItemCaseSensitive(e, top[i])))
			bad = cJSON_GetObjectItemCaseSensitive(e, top[i]);
	for (d = 0; bad == NULL && d < 2; d++) {
		o = cJSON_GetObjectItemCaseSensitive(e, dirs[d]);
		snprintf(where, sizeof where, "%s ", dirs[d]);
		for (i = 0; bad == NULL && i < sizeof dir / sizeof dir[0]; i++)
			if (fio_values_bad(cJSON_GetObjectItemCaseSensitive(o, dir[i])))
				bad = cJSON_GetObjectItemCaseSensitive(o, dir[i]);
		for (i = 0; bad == NULL && i < 2; i++)
			if ((bad = fio_values_lat_bad(cJSON_GetObjectItemCaseSensitive(o, lats[i]),
			    0)) != NULL)
				snprintf(where, sizeof where, "%s %s ", dirs[d], lats[i]);
	}
	if (bad == NULL)
		return 0;
	sweep_error("import %s: fio job \"%s\": %s\"%s\" is %g; figures are counts, rates and "
	    "times from 0 to 2^64 (a corrupt or edited file?)", path, job != NULL ? job : "?",
	    where, bad->string != NULL ? bad->string : "?", bad->valuedouble);
	return -EINVAL;
}

/* A string member of o, or NULL. */
const char *
fio_json_str(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* A number member of o, or 0. */
double
fio_json_num(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsNumber(v) ? v->valuedouble : 0;
}
