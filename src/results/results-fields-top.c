/*
 * The top level of results.json as rows of a field table
 * (results-fields.h), on struct results: who ran what when, then the
 * expectation, the target and the plan (rows of their own tables).  The
 * cells follow, printed one by one (results-json-write.c).
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "base/util.h"
#include "results/results-fields.h"
#include "results/results.h"

#define RS(member)	offsetof(struct results, member)

/* The start of a warning runs wrote before 2026-12-02; see warnings_read(). */
#define OLD_SHARES_WARNING	"the mixed cells have "

/* "schema_version", refused unless one this sweep reads. */
static int
version_read(const cJSON *o, const struct results_field *f, void *base, char *err,
    size_t errlen)
{
	struct results *res = base;
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, f->key);
	double d = cJSON_IsNumber(v) ? v->valuedouble : 0;

	res->schema_version = !(d > INT_MIN) ? INT_MIN : d >= INT_MAX ? INT_MAX : (int)d;
	if (res->schema_version < 1 || res->schema_version > SWEEP_SCHEMA_VERSION) {
		snprintf(err, errlen, "schema_version %d is not one this sweep reads (1..%d)",
		    res->schema_version, SWEEP_SCHEMA_VERSION);
		return -EINVAL;
	}
	return 0;
}

static void
name_write(cJSON *o, const struct results_field *f, const void *base)
{
	(void)base;
	cJSON_AddStringToObject(o, f->key, "sweep");
}

static void
warnings_write(cJSON *o, const struct results_field *f, const void *base)
{
	const struct results *res = base;
	cJSON *w = cJSON_AddArrayToObject(o, f->key);
	unsigned i;

	for (i = 0; i < res->nwarnings; i++)
		cJSON_AddItemToArray(w, cJSON_CreateString(res->warnings[i]));
}

/* "warnings", at most as many as res holds, less the one now untrue. */
static int
warnings_read(const cJSON *o, const struct results_field *f, void *base, char *err,
    size_t errlen)
{
	struct results *res = base;
	const cJSON *item;

	(void)err;
	(void)errlen;
	cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(o, f->key)) {
		/*
		 * Runs before 2026-12-02 warned that the reports showed one read share
		 * of a mixed mode; they now show each, so that warning is not true of
		 * a report made from the file and is dropped.
		 */
		if (cJSON_IsString(item) && strncmp(item->valuestring, OLD_SHARES_WARNING,
		    strlen(OLD_SHARES_WARNING)) == 0 && strstr(item->valuestring,
		    "read shares: the reports'") != NULL)
			continue;
		if (res->nwarnings < sizeof res->warnings / sizeof res->warnings[0] &&
		    cJSON_IsString(item))
			str_copy(res->warnings[res->nwarnings++], sizeof res->warnings[0],
			    item->valuestring);
	}
	return 0;
}

/* "expect": the caps the volume is provisioned for, or null. */
static void
expect_write(cJSON *o, const struct results_field *f, const void *base)
{
	const struct expect *e = &((const struct results *)base)->expect;

	if (!e->set)
		cJSON_AddNullToObject(o, f->key);
	else
		results_fields_write(cJSON_AddObjectToObject(o, f->key), results_expect_fields, e,
		    0, 0);
}

/* "expect" back; null, absent or not an object: no expectation. */
static int
expect_read(const cJSON *o, const struct results_field *f, void *base, char *err,
    size_t errlen)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, f->key);
	struct expect *e = &((struct results *)base)->expect;

	memset(e, 0, sizeof *e);
	if (!cJSON_IsObject(v))
		return 0;
	e->set = true;
	return results_fields_read(v, results_expect_fields, e, err, errlen);
}

static void
auto_write(cJSON *o, const struct results_field *f, const void *base)
{
	(void)f;
	results_auto_to_json(o, &((const struct results *)base)->autoplan);
}

static int
auto_read(const cJSON *o, const struct results_field *f, void *base, char *err, size_t errlen)
{
	(void)err;
	(void)errlen;
	results_auto_from_json(cJSON_GetObjectItemCaseSensitive(o, f->key),
	    &((struct results *)base)->autoplan);
	return 0;
}

static const struct results_field tool_fields[] = {
	{ .key = "name", .type = RF_CUSTOM, .flags = RF_WRITE_ONLY, .write = name_write,
	  .doc = "\"sweep\"" },
	{ .key = "version", .type = RF_STR, .off = RS(tool_version),
	  .size = sizeof ((struct results *)0)->tool_version },
	{ .key = NULL }
};

#define STR(k, m, text)	{ .key = k, .type = RF_STR, .off = RS(m), \
			  .size = sizeof ((struct results *)0)->m, .typedoc = "string", .doc = text }

const struct results_field results_top_fields[] = {
	{ .key = "schema_version", .type = RF_INT, .off = RS(schema_version), .read = version_read,
	  .typedoc = "integer", .doc = "1" },
	{ .key = "tool", .type = RF_OBJECT, .sub = tool_fields, .typedoc = "object",
	  .doc = "%k" },
	STR("host", host, "hostname of the machine that ran the sweep"),
	STR("kernel", kernel, "`uname -srm`"),
	STR("started_utc", started_utc, "ISO 8601, e.g. `2026-11-30T08:15:02Z`"),
	STR("label", label, "`--label`, default the target's name"),
	STR("description", description, "from the sweep file"),
	{ .key = "interrupted", .type = RF_BOOL, .off = RS(interrupted), .typedoc = "boolean",
	  .doc = "the run was stopped by SIGINT/SIGTERM" },
	{ .key = "cells_done", .type = RF_UINT, .off = RS(ndone), .flags = RF_WRITE_ONLY,
	  .typedoc = "integer", .doc = "number of objects in `cells`" },
	{ .key = "warnings", .type = RF_CUSTOM, .write = warnings_write, .read = warnings_read,
	  .typedoc = "array of strings", .doc = "e.g. no device counters for this target" },
	{ .key = "expect", .type = RF_CUSTOM, .write = expect_write, .read = expect_read,
	  .typedoc = "object or null",
	  .doc = "the provisioned caps (`--expect`, `--profile`; doc/profiles.md), below; null "
	  "when none were given" },
	{ .key = "auto", .type = RF_CUSTOM, .write = auto_write, .read = auto_read,
	  .typedoc = "object",
	  .doc = "`sweep run --auto` only (absent otherwise): the budget, and what the run "
	  "found per mode as figures and states (the caps, the knee, the saturating depth, QD1 "
	  "latency, what the budget left open); below, under \"auto\"" },
	{ .key = "target", .type = RF_OBJECT, .off = RS(target), .sub = results_target_fields,
	  .flags = RF_READ_APART, .typedoc = "object", .doc = "below" },
	{ .key = "plan", .type = RF_OBJECT, .sub = results_plan_fields, .flags = RF_READ_APART,
	  .typedoc = "object", .doc = "below" },
	{ .key = "cells", .type = RF_CUSTOM, .typedoc = "array",
	  .doc = "one object per finished cell, in plan order" },
	{ .key = NULL }
};
