/*
 * The "auto" object of results.json: what an --auto run (auto.c) found and
 * how sure it is, for the report's "How this was measured".  Written only
 * for such runs; results-json.c calls these for the record's top level.
 */
#include "config.h"

#include <cjson/cJSON.h>

#include "base/sweep.h"
#include "base/util.h"
#include "results/results.h"

/* "auto" with the budget and the findings, into root (nothing for other runs). */
void
results_auto_to_json(struct cJSON *root, const struct autoplan_record *a)
{
	cJSON *o, *f;
	unsigned i;

	if (!a->on)
		return;
	o = cJSON_AddObjectToObject(root, "auto");
	cJSON_AddNumberToObject(o, "budget_s", a->budget_s);
	cJSON_AddNumberToObject(o, "elapsed_s", a->elapsed_s);
	cJSON_AddNumberToObject(o, "target_pct", a->target_pct);
	if (a->like[0] != '\0')
		cJSON_AddStringToObject(o, "like", a->like);
	f = cJSON_AddArrayToObject(o, "findings");
	for (i = 0; i < a->nfindings; i++)
		cJSON_AddItemToArray(f, cJSON_CreateString(a->findings[i]));
}

/* A whole number in [0, 10^9] from o[key], else 0 (untrusted input). */
static unsigned
auto_json_uint(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsNumber(v) && v->valuedouble >= 0 && v->valuedouble <= 1e9 ?
	    (unsigned)v->valuedouble : 0;
}

/* "auto" back into a (absent: not an --auto run); findings past AUTOPLAN_FINDINGS dropped. */
void
results_auto_from_json(const struct cJSON *o, struct autoplan_record *a)
{
	const cJSON *item, *like;

	if (!cJSON_IsObject(o))
		return;
	a->on = true;
	a->budget_s = auto_json_uint(o, "budget_s");
	a->elapsed_s = auto_json_uint(o, "elapsed_s");
	a->target_pct = auto_json_uint(o, "target_pct");
	like = cJSON_GetObjectItemCaseSensitive(o, "like");
	if (cJSON_IsString(like))
		str_copy(a->like, sizeof a->like, like->valuestring);
	cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(o, "findings"))
		if (a->nfindings < AUTOPLAN_FINDINGS && cJSON_IsString(item))
			str_copy(a->findings[a->nfindings++], sizeof a->findings[0], item->valuestring);
}
