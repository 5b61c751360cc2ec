/*
 * A profile's "promise": what the vendor says a volume delivers over time,
 * in its own words and figures (AWS: io1 and io2 "at least 90% of their
 * provisioned IOPS performance 99.9% of the time in a given year").  The
 * shipped profiles quote the page they come from; --hold judges a run
 * against it (analysis-hold.c).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "base/util.h"
#include "results/profile.h"

static const char *const promise_keys = "share_pct, level_pct, of, window, hourly_pct, quote, url";

/* A percentage of a promise: above 0, at most 100. */
static int
promise_pct(const cJSON *v, double *out, const char **key, char *msg, size_t len)
{
	if (!cJSON_IsNumber(v) || !(v->valuedouble > 0) || v->valuedouble > 100) {
		*key = v->string;
		snprintf(msg, len, "\"%s\" must be a percentage above 0 and at most 100", v->string);
		return -EINVAL;
	}
	*out = v->valuedouble;
	return 0;
}

/* A string member of a promise into dst. */
static int
promise_str(const cJSON *v, char *dst, size_t dlen, const char **key, char *msg, size_t len)
{
	if (!cJSON_IsString(v)) {
		*key = v->string;
		snprintf(msg, len, "\"%s\" must be a string", v->string);
		return -EINVAL;
	}
	str_copy(dst, dlen, v->valuestring);
	return 0;
}

/* One member of "promise" into pr; -EINVAL with the key and the reason. */
static int
promise_member(const cJSON *v, struct promise *pr, const char **key, char *msg, size_t len)
{
	const char *k = v->string;

	if (strcmp(k, "share_pct") == 0)
		return promise_pct(v, &pr->share_pct, key, msg, len);
	if (strcmp(k, "level_pct") == 0)
		return promise_pct(v, &pr->level_pct, key, msg, len);
	if (strcmp(k, "hourly_pct") == 0)
		return promise_pct(v, &pr->hourly_pct, key, msg, len);
	if (strcmp(k, "window") == 0)
		return promise_str(v, pr->window, sizeof pr->window, key, msg, len);
	if (strcmp(k, "quote") == 0)
		return promise_str(v, pr->quote, sizeof pr->quote, key, msg, len);
	if (strcmp(k, "url") == 0)
		return promise_str(v, pr->url, sizeof pr->url, key, msg, len);
	if (strcmp(k, "of") == 0) {
		if (cJSON_IsString(v) && (strcmp(v->valuestring, "iops") == 0 ||
		    strcmp(v->valuestring, "bw") == 0)) {
			pr->of = v->valuestring[0] == 'b' ? PROMISE_BW : PROMISE_IOPS;
			return 0;
		}
		*key = k;
		snprintf(msg, len, "\"of\" must be \"iops\" or \"bw\"");
		return -EINVAL;
	}
	if (strcmp(k, "comment") == 0)
		return 0;
	*key = k;
	snprintf(msg, len, "unknown key \"%s\" in \"promise\"; its keys are %s", k, promise_keys);
	return -EINVAL;
}

/*
 * "promise": {"share_pct": 99.9, "level_pct": 90, "of": "iops", "window":
 * "a given year", "hourly_pct": 99, "quote": "...", "url": "..."} into pr.
 * -EINVAL with the key at fault (NULL: "promise" itself) and the reason.
 */
int
profile_promise_parse(const cJSON *o, struct promise *pr, const char **key, char *msg,
    size_t len)
{
	const cJSON *v;

	memset(pr, 0, sizeof *pr);
	*key = NULL;
	if (!cJSON_IsObject(o)) {
		snprintf(msg, len, "\"promise\" must be an object of %s", promise_keys);
		return -EINVAL;
	}
	cJSON_ArrayForEach(v, o)
		if (promise_member(v, pr, key, msg, len) != 0)
			return -EINVAL;
	if (pr->share_pct == 0 || pr->level_pct == 0) {
		snprintf(msg, len, "\"promise\" needs \"share_pct\" and \"level_pct\" (e.g. 99.9 and "
		    "90: at least 90%% of the provisioned IOPS 99.9%% of the time)");
		return -EINVAL;
	}
	return 0;
}
