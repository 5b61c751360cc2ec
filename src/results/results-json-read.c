/*
 * results.json read back (results-json.c writes it; schema in
 * doc/results-schema.md) by `sweep report`, `sweep compare`, --resume and
 * the tests.  Everything in it is untrusted: one walk makes its text clean
 * and refuses a figure that is not finite (json_prepare), then the field
 * tables (results-fields*.c) read the expectation, the target, the plan
 * and each cell with their bounds; strings are cut to their fields, lists
 * bounded.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "base/util.h"
#include "plan/plan.h"
#include "results/results-fields.h"
#include "results/results-json.h"
#include "results/results.h"

/* *s (a cJSON string or key) as clean text (text_clean), when it is not. */
static void
json_clean_str(char **s)
{
	char *clean, *copy;
	size_t n;

	if (*s == NULL || text_is_clean(*s))
		return;
	clean = text_clean_dup(*s);
	n = strlen(clean) + 1;
	copy = cJSON_malloc(n);		/* cJSON_Delete frees it with its own hooks */
	if (copy != NULL) {
		memcpy(copy, clean, n);
		cJSON_free(*s);
		*s = copy;
	} else
		(*s)[0] = '\0';	/* empty is clean too */
	free(clean);
}

/*
 * Every string and key of a parsed file (a results.json, fio's JSON) made
 * clean text in place: what the file says reaches JSON, XML, HTML and
 * gnuplot as valid UTF-8 without control characters.
 */
void
results_json_clean(cJSON *o)
{
	cJSON *c;

	for (c = o != NULL ? o->child : NULL; c != NULL; c = c->next) {
		if (!(c->type & cJSON_StringIsConst))
			json_clean_str(&c->string);
		if (cJSON_IsString(c))
			json_clean_str(&c->valuestring);
		else
			results_json_clean(c);
	}
}

/* One cell of "cells" (or of a cell's rounds or attempts) into r: the rows of results_cell_fields. */
static int
cell_from_json(const cJSON *o, struct cell_result *r, char *err, size_t errlen)
{
	memset(r, 0, sizeof *r);
	if (results_fields_read(o, results_cell_fields, r, err, errlen) != 0) {
		results_cell_free(r);
		return -EINVAL;
	}
	results_cell_derive(r);
	return 0;
}

/*
 * A cell's list of whole measurements under key ("rounds" or "attempts")
 * back into *list and *n: every one of its "list" (as a cell of r's
 * identity, at most max), and which one r's figures are (*shown).  Absent:
 * none.  -EINVAL with err set on a bad one.
 */
static int
measurements_from_json(const cJSON *o, const char *key, unsigned max, struct cell_result *r,
    struct cell_result **list, unsigned *n, unsigned *shown, char *err, size_t errlen)
{
	const cJSON *ro = cJSON_GetObjectItemCaseSensitive(o, key), *l, *item;
	unsigned count;

	if (!cJSON_IsObject(ro))
		return 0;
	l = cJSON_GetObjectItemCaseSensitive(ro, "list");
	count = cJSON_IsArray(l) ? (unsigned)cJSON_GetArraySize(l) : 0;
	if (count > max) {
		snprintf(err, errlen, "cell %u has %u %s, more than %u", r->cell.index, count, key,
		    max);
		return -EINVAL;
	}
	if (count == 0)
		return 0;
	*list = xcalloc(count, sizeof **list);
	cJSON_ArrayForEach(item, l) {
		struct cell_result *k = &(*list)[*n];

		if (cell_from_json(item, k, err, errlen) != 0)
			return -EINVAL;
		(*n)++;
		if (k->cell.mode != r->cell.mode || k->cell.bs != r->cell.bs ||
		    k->cell.depth != r->cell.depth || k->cell.jobs != r->cell.jobs) {
			snprintf(err, errlen, "cell %u has one of its %s of another cell",
			    r->cell.index, key);
			return -EINVAL;
		}
	}
	*shown = results_fields_uint(ro, "shown") > 0 ? results_fields_uint(ro, "shown") - 1 : 0;
	if (*shown >= *n)
		*shown = *n - 1;
	return 0;
}

/*
 * A cell's "rounds" (--repeat) and "attempts" (--retry-unstable) back into
 * r.  The verdicts, the rounds' spread and the shown attempt are the
 * analysis's, derived after the load (analysis_results_derive).
 */
static int
cell_lists_from_json(const cJSON *o, struct cell_result *r, char *err, size_t errlen)
{
	if (measurements_from_json(o, "rounds", SWEEP_REPEAT_MAX, r, &r->rounds, &r->nrounds,
	    &r->shown_round, err, errlen) != 0 ||
	    measurements_from_json(o, "attempts", SWEEP_RETRY_MAX + 1, r, &r->attempts,
	    &r->nattempts, &r->shown_attempt, err, errlen) != 0)
		return -EINVAL;
	return 0;
}

/* "target" back into tg. */
static int
target_from_json(const cJSON *t, struct target *tg, char *err, size_t errlen)
{
	tg->excl_fd = -1;
	return results_fields_read(t, results_target_fields, tg, err, errlen);
}

/* "plan" back into res: its settings, its cells, and every cell pending.  -EINVAL with err set. */
static int
plan_from_json(const cJSON *p, struct results *res, char *err, size_t errlen)
{
	const cJSON *pc = cJSON_GetObjectItemCaseSensitive(p, "cells"), *item;
	unsigned n = 0;

	if (!cJSON_IsArray(pc)) {
		snprintf(err, errlen, "no \"plan\" with a \"cells\" list");
		return -EINVAL;
	}
	if (results_fields_read(p, results_plan_fields, res, err, errlen) != 0)
		return -EINVAL;
	res->plan.repeat = plan_repeat(&res->plan);
	res->plan.ncells = (unsigned)cJSON_GetArraySize(pc);
	if (res->plan.ncells > 1000000) {
		snprintf(err, errlen, "plan has too many cells");
		return -EINVAL;
	}
	res->plan.cells = xcalloc(res->plan.ncells ? res->plan.ncells : 1, sizeof *res->plan.cells);
	res->cells = xcalloc(res->plan.ncells ? res->plan.ncells : 1, sizeof *res->cells);
	cJSON_ArrayForEach(item, pc) {
		struct cell *c = &res->plan.cells[n];
		char mode[32];
		int m;

		results_fields_str(item, "mode", mode, sizeof mode);
		if ((m = mode_parse(mode)) < 0) {
			snprintf(err, errlen, "plan cell %u has an unknown mode \"%s\"", n, mode);
			return -EINVAL;
		}
		c->index = n;
		c->mode = (enum rw_mode)m;
		c->bs = results_fields_u64(item, "bs");
		c->depth = results_fields_uint(item, "depth");
		c->jobs = results_fields_uint(item, "jobs");
		results_fields_str(item, "reason", c->why, sizeof c->why);
		results_fields_rwmix_read(item, c, res->plan.rwmixread);
		results_fields_rate_read(item, c);
		res->cells[n].cell = *c;
		n++;
	}
	return 0;
}

/*
 * The largest figure a results.json holds: sweep's counts are 64-bit, and
 * its rates and times stay far below; a figure beyond it (1e300) would turn
 * to infinity in the reports' arithmetic (IOPS x bs) as 1e999 does on read.
 */
#define RESULTS_JSON_FIGURE_MAX	1e30

/*
 * One walk of a parsed record: every string and key under item (whose
 * place is path, used of len) made clean text in place (json_clean_str),
 * and every number checked finite and at most RESULTS_JSON_FIGURE_MAX in
 * size.  False at the first number that is not, path naming it, e.g.
 * cells[0].lat_ns.p99 (its keys already clean).  The walk is done once,
 * before the field table reads the record, so that a figure under a key
 * sweep does not read is refused too, and the first in the file is named.
 */
static bool
json_prepare(cJSON *item, char *path, size_t len, size_t used)
{
	cJSON *v;
	unsigned i = 0;

	if (cJSON_IsNumber(item))
		return isfinite(item->valuedouble) && fabs(item->valuedouble) <= RESULTS_JSON_FIGURE_MAX;
	if (cJSON_IsString(item)) {
		json_clean_str(&item->valuestring);
		return true;
	}
	for (v = item->child; v != NULL; v = v->next) {
		size_t n = used;

		if (!(v->type & cJSON_StringIsConst))
			json_clean_str(&v->string);
		if (cJSON_IsArray(item))
			n += (size_t)snprintf(path + used, len - used, "[%u]", i++);
		else
			n += (size_t)snprintf(path + used, len - used, "%s%s", used > 0 ? "." : "",
			    v->string != NULL ? v->string : "");
		if (!json_prepare(v, path, len, n < len ? n : len - 1))
			return false;
	}
	path[used] = '\0';
	return true;
}

/* root made clean and every figure finite (json_prepare)?  0, or -EINVAL with err naming the first that is not. */
static int
json_figures_check(cJSON *root, char *err, size_t errlen)
{
	char path[256], *s;

	if (json_prepare(root, path, sizeof path, 0))
		return 0;
	for (s = path; *s != '\0'; s++)	/* keys are echoed without their controls */
		if ((unsigned char)*s < 32 || *s == 127)
			*s = '?';
	snprintf(err, errlen, "\"%.160s\" is not a finite figure up to %g in size", path,
	    RESULTS_JSON_FIGURE_MAX);
	return -EINVAL;
}

/*
 * Parse results.json text into res.  On failure returns -EINVAL with a
 * one-line reason in err.
 */
int
results_from_json(const char *text, struct results *res, char *err, size_t errlen)
{
	cJSON *root = cJSON_Parse(text);
	const cJSON *t, *cells, *item;
	unsigned i;
	int ret = -EINVAL;

	memset(res, 0, sizeof *res);
	if (root == NULL || !cJSON_IsObject(root)) {
		snprintf(err, errlen, "not a JSON object");
		goto out;
	}
	if (json_figures_check(root, err, errlen) != 0)
		goto out;
	if (results_fields_read(root, results_top_fields, res, err, errlen) != 0)
		goto out;

	t = cJSON_GetObjectItemCaseSensitive(root, "target");
	if (!cJSON_IsObject(t)) {
		snprintf(err, errlen, "no \"target\" object");
		goto out;
	}
	if (target_from_json(t, &res->target, err, errlen) != 0)
		goto out;
	if (plan_from_json(cJSON_GetObjectItemCaseSensitive(root, "plan"), res, err, errlen) != 0)
		goto out;

	cells = cJSON_GetObjectItemCaseSensitive(root, "cells");
	if (!cJSON_IsArray(cells)) {
		snprintf(err, errlen, "no \"cells\" list");
		goto out;
	}
	cJSON_ArrayForEach(item, cells) {
		struct cell_result r;

		if (cell_from_json(item, &r, err, errlen) != 0)
			goto out;
		if (cell_lists_from_json(item, &r, err, errlen) != 0) {
			results_cell_free(&r);
			goto out;
		}
		if (r.cell.index >= res->plan.ncells) {
			snprintf(err, errlen, "cell index %u is outside the plan's %u cells",
			    r.cell.index, res->plan.ncells);
			results_cell_free(&r);
			goto out;
		}
		i = r.cell.index;
		if (res->cells[i].status != CELL_PENDING) {	/* "7 of 6 cells" */
			snprintf(err, errlen, "cell %u is listed twice (a corrupt or edited file)", i);
			results_cell_free(&r);
			goto out;
		}
		if (!r.cell.rwmix_set) {
			r.cell.rwmixread = plan_cell_rwmixread(&res->plan, &r.cell);
			r.cell.rwmix_set = true;
		}
		results_cell_free(&res->cells[i]);
		res->cells[i] = r;
		res->ndone++;
	}
	ret = 0;
out:
	cJSON_Delete(root);
	if (ret != 0)
		results_free(res);
	return ret;
}

/* Load path into res; -errno, or -EINVAL with a message printed. */
int
results_load(const char *path, struct results *res)
{
	const char *why;
	FILE *f = input_fopen(path, &why);
	char *text, err[256];
	long len;
	int ret;

	memset(res, 0, sizeof *res);
	if (f == NULL) {
		ret = -errno;
		sweep_error("%s: %s (give a results.json written by sweep)", path, why);
		return ret;
	}
	if (fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0 ||
	    len > 256 * 1024 * 1024) {
		fclose(f);
		sweep_error("%s: not a regular file of at most 256 MiB", path);
		return -EINVAL;
	}
	text = xmalloc((size_t)len + 1);
	if (fread(text, 1, (size_t)len, f) != (size_t)len) {
		fclose(f);
		free(text);
		sweep_error("%s: read failed", path);
		return -EIO;
	}
	fclose(f);
	text[len] = '\0';
	ret = results_from_json(text, res, err, sizeof err);
	if (ret != 0)
		sweep_error("%s: %s (not a sweep results.json?)", path, err);
	free(text);
	return ret;
}
