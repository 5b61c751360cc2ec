/*
 * results.json: the record written whole after every finished cell (schema
 * in doc/results-schema.md); results-json-read.c loads it back for `sweep
 * report`, `sweep compare`, --resume and the tests.  The keys of a cell,
 * the plan, the target and the expectation are the rows of field tables
 * (results-fields-*.c), which write them here and read them there; the
 * figures they hold are computed before the record is saved, never while
 * it is written.  results-json-write.c prints the record piece by piece.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "sweep.h"
#include "results-json.h"
#include "results-fields.h"

/* The latency percentiles' keys in "lat_ns", in sweep_percentiles' order. */
const char *const results_json_pct_keys[PCT_COUNT] = { "p50", "p90", "p99", "p99.9", "p99.99" };

/* "expect": the caps the volume is provisioned for, or null. */
static void
expect_to_json(cJSON *root, const struct expect *e)
{
	if (!e->set) {
		cJSON_AddNullToObject(root, "expect");
		return;
	}
	results_fields_write(cJSON_AddObjectToObject(root, "expect"), results_expect_fields, e, 0,
	    0);
}

/*
 * The record without its two lists of cells, which are the last items of
 * "plan" and of the whole (results-json-write.c prints them one by one
 * after it).  Caller frees (cJSON_Delete).
 */
cJSON *
results_json_head(const struct results *res)
{
	cJSON *root = cJSON_CreateObject(), *tool, *w;
	const struct target *tg = &res->target;
	unsigned i;

	cJSON_AddNumberToObject(root, "schema_version", res->schema_version);
	tool = cJSON_AddObjectToObject(root, "tool");
	cJSON_AddStringToObject(tool, "name", "sweep");
	cJSON_AddStringToObject(tool, "version", res->tool_version);
	cJSON_AddStringToObject(root, "host", res->host);
	cJSON_AddStringToObject(root, "kernel", res->kernel);
	cJSON_AddStringToObject(root, "started_utc", res->started_utc);
	cJSON_AddStringToObject(root, "label", res->label);
	cJSON_AddStringToObject(root, "description", res->description);
	cJSON_AddBoolToObject(root, "interrupted", res->interrupted);
	cJSON_AddNumberToObject(root, "cells_done", res->ndone);
	w = cJSON_AddArrayToObject(root, "warnings");
	for (i = 0; i < res->nwarnings; i++)
		cJSON_AddItemToArray(w, cJSON_CreateString(res->warnings[i]));
	expect_to_json(root, &res->expect);
	results_auto_to_json(root, &res->autoplan);

	results_fields_write(cJSON_AddObjectToObject(root, "target"), results_target_fields, tg, 0,
	    0);
	results_fields_write(cJSON_AddObjectToObject(root, "plan"), results_plan_fields, res, 0, 0);
	return root;
}

/* One cell of the plan's "cells": what it is, not what it measured.  Caller frees. */
cJSON *
results_json_plan_cell(const struct cell *c)
{
	cJSON *o = cJSON_CreateObject();

	results_fields_write(o, results_cell_fields, c, RF_PLAN, 0);
	return o;
}

/* One finished cell of "cells", with its rounds and attempts.  Caller frees. */
cJSON *
results_json_cell(const struct cell_result *r)
{
	cJSON *o = cJSON_CreateObject();

	results_fields_write(o, results_cell_fields, r, 0,
	    r->status == CELL_SKIPPED ? RF_MEASURED : 0);
	return o;
}
