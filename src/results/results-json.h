/*
 * results-json.c builds the pieces of results.json as cJSON trees;
 * results-json-write.c prints them one at a time.  Each returned tree:
 * caller frees (cJSON_Delete).
 */
#ifndef SWEEP_RESULTS_JSON_H
#define SWEEP_RESULTS_JSON_H

#include <cjson/cJSON.h>

#include "base/sweep.h"

cJSON	*results_json_head(const struct results *res);
cJSON	*results_json_plan_cell(const struct cell *c);
cJSON	*results_json_cell(const struct cell_result *r);

/* results-json-read.c */
void	 results_json_clean(cJSON *o);

#endif
