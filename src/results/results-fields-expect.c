/*
 * results.json's "expect" as rows of a field table (results-fields.h), on
 * struct expect: the caps the volume is provisioned for (--expect,
 * --profile), each null when not given.
 */
#include "config.h"

#include <float.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "results/results-fields.h"

#define EX(member)	offsetof(struct expect, member)

/* A cap: a number, or null when not given (0). */
static void
cap_write(cJSON *o, const struct results_field *f, const void *base)
{
	double v = *(const double *)((const char *)base + f->off);

	if (v > 0)
		cJSON_AddNumberToObject(o, f->key, v);
	else
		cJSON_AddNullToObject(o, f->key);
}

static void
size_write(cJSON *o, const struct results_field *f, const void *base)
{
	double v = (double)((const struct expect *)base)->size_bytes;

	if (v > 0)
		cJSON_AddNumberToObject(o, f->key, v);
	else
		cJSON_AddNullToObject(o, f->key);
}

/* The volume's size: a whole number of bytes below 1.8e19, else 0 (not given). */
static int
size_read(const cJSON *o, const struct results_field *f, void *base, char *err, size_t errlen)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, f->key);
	double d = cJSON_IsNumber(v) ? v->valuedouble : 0;

	(void)err;
	(void)errlen;
	((struct expect *)base)->size_bytes = d > 0 && d < 1.8e19 ? (uint64_t)d : 0;
	return 0;
}

#define CAP(k, m, text)	{ .key = k, .type = RF_DOUBLE, .off = EX(m), .min = 0, .max = DBL_MAX, \
			  .write = cap_write, .doc = text }

const struct results_field results_expect_fields[] = {
	CAP("iops", iops, "baseline (provisioned) IOPS"),
	CAP("bw_bytes_s", bw_bytes_s, "baseline throughput"),
	CAP("burst_iops", burst_iops, "what the volume bursts to (only when above the baseline)"),
	CAP("burst_bw_bytes_s", burst_bw_bytes_s, NULL),
	CAP("iops_floor", iops_floor, "a published lower end (magnetic volumes)"),
	CAP("bw_floor_bytes_s", bw_floor_bytes_s, NULL),
	{ .key = "size_bytes", .type = RF_CUSTOM, .write = size_write, .read = size_read,
	  .doc = "the volume size the size-dependent caps were computed for" },
	{ .key = "profile", .type = RF_STR, .off = EX(profile),
	  .size = sizeof ((struct expect *)0)->profile,
	  .doc = "the profile's name; empty for `--expect` alone" },
	{ .key = "source", .type = RF_STR, .off = EX(source),
	  .size = sizeof ((struct expect *)0)->source,
	  .doc = "where the caps were published (\"as published by AWS in ...\")" },
	{ .key = "basis", .type = RF_STR, .off = EX(basis),
	  .size = sizeof ((struct expect *)0)->basis,
	  .doc = "how each cap was found, and notes (\"IOPS: 300 IOPS (3 per GiB x 100 GiB = 300 "
	  "IOPS); ...\")" },
	{ .key = NULL }
};
