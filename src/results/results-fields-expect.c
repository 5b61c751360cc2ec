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

static bool
promised(const void *base)
{
	return ((const struct expect *)base)->promise.share_pct > 0;
}

#define PR(member)	offsetof(struct promise, member)

static const char *const promise_of_names[] = {
	[PROMISE_IOPS] = "iops",
	[PROMISE_BW]   = "bw",
};

static const struct results_field promise_fields[] = {
	{ .key = "share_pct", .type = RF_DOUBLE, .off = PR(share_pct), .min = 0, .max = 100,
	  .doc = "the share of the time the volume is to deliver at least `level_pct`" },
	{ .key = "level_pct", .type = RF_DOUBLE, .off = PR(level_pct), .min = 0, .max = 100,
	  .doc = "of the provisioned figure" },
	{ .key = "of", .type = RF_ENUM, .off = PR(of), .names = promise_of_names,
	  .nnames = PROMISE_OF_COUNT, .doc = "`iops` (the provisioned IOPS) or `bw` (the expected "
	  "throughput)" },
	{ .key = "hourly_pct", .type = RF_DOUBLE, .off = PR(hourly_pct), .min = 0, .max = 100,
	  .doc = "each hour's total against the expected, where published; 0: not" },
	{ .key = "window", .type = RF_STR, .off = PR(window),
	  .size = sizeof ((struct promise *)0)->window, .doc = "over what time (\"a given year\")" },
	{ .key = "quote", .type = RF_STR, .off = PR(quote),
	  .size = sizeof ((struct promise *)0)->quote, .doc = "the vendor's sentence" },
	{ .key = "url", .type = RF_STR, .off = PR(url), .size = sizeof ((struct promise *)0)->url,
	  .doc = "where it is published" },
	{ .key = NULL }
};

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
	{ .key = "promise", .type = RF_OBJECT, .off = EX(promise), .sub = promise_fields,
	  .when = promised,
	  .doc = "the profile's promise over time (`--hold` judges a run against it); present "
	  "only when the profile has one" },
	{ .key = NULL }
};
