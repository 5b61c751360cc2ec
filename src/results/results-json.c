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

#include "base/sweep.h"
#include "results/results-fields.h"
#include "results/results-json.h"

/*
 * The record without its two lists of cells, which are the last items of
 * "plan" and of the whole (results-json-write.c prints them one by one
 * after it).  Caller frees (cJSON_Delete).
 */
cJSON *
results_json_head(const struct results *res)
{
	cJSON *root = cJSON_CreateObject();

	results_fields_write(root, results_top_fields, res, 0, 0);
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
