/*
 * The field tables of results.json (results-fields.h) at work: the rows'
 * order is the keys' order in the file; results_fields_write() builds an
 * object from them, results_fields_read() reads one back with the same
 * bounds for every figure, and results_fields_doc() writes the schema's
 * tables of them (`make schema`, doc/results-schema.md).  The cells' rows
 * are in results-fields-cell.c.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "base/util.h"
#include "results/results-fields.h"

#define AT(base, f)	((char *)(base) + (f)->off)

static double
rf_number(const cJSON *o, const char *key, double absent)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsNumber(v) ? v->valuedouble : absent;
}

/* A number as a whole count: NaN, negatives and huge values are clamped (casting them is UB). */
uint64_t
results_fields_u64(const cJSON *o, const char *key)
{
	double v = rf_number(o, key, 0);

	if (!(v > 0))
		return 0;
	if (v >= 18446744073709551615.0)
		return UINT64_MAX;
	return (uint64_t)v;
}

/* A number as an unsigned count, clamped as results_fields_u64() clamps. */
unsigned
results_fields_uint(const cJSON *o, const char *key)
{
	uint64_t v = results_fields_u64(o, key);

	return v > UINT_MAX ? UINT_MAX : (unsigned)v;
}

/* A number as an int, clamped to INT_MIN .. INT_MAX. */
static int
rf_int(const cJSON *o, const char *key)
{
	double v = rf_number(o, key, 0);

	if (!(v > INT_MIN))
		return INT_MIN;
	if (v >= INT_MAX)
		return INT_MAX;
	return (int)v;
}

/* A string cut to dst (len); "" when not a string. */
void
results_fields_str(const cJSON *o, const char *key, char *dst, size_t len)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	str_copy(dst, len, cJSON_IsString(v) ? v->valuestring : "");
}

/* Add f's key for the record at base to o, by its type. */
static void
field_write(cJSON *o, const struct results_field *f, const void *base)
{
	const char *p = AT(base, f);
	double v;
	int e;

	if (f->write != NULL) {
		f->write(o, f, base);
		return;
	}
	if (f->nonnull != NULL && !f->nonnull(base)) {
		cJSON_AddNullToObject(o, f->key);
		return;
	}
	switch (f->type) {
	case RF_U64:
		v = (double)*(const uint64_t *)p;
		break;
	case RF_UINT:
		v = *(const unsigned *)p;
		break;
	case RF_INT:
		v = *(const int *)p;
		break;
	case RF_DOUBLE:
		v = *(const double *)p;
		break;
	case RF_BOOL:
		cJSON_AddBoolToObject(o, f->key, *(const bool *)p);
		return;
	case RF_TRIBOOL:
		if (*(const int *)p < 0)
			cJSON_AddNullToObject(o, f->key);
		else
			cJSON_AddBoolToObject(o, f->key, *(const int *)p);
		return;
	case RF_STR:
		cJSON_AddStringToObject(o, f->key, p);
		return;
	case RF_ENUM:
		e = *(const int *)p;
		cJSON_AddStringToObject(o, f->key, e >= 0 && (unsigned)e < f->nnames ?
		    f->names[e] : "?");
		return;
	case RF_OBJECT:
		results_fields_write(cJSON_AddObjectToObject(o, f->key), f->sub, p, 0, 0);
		return;
	default:
		return;
	}
	if (f->div != 0)
		v /= f->div;
	if (f->round != 0)
		v = round(v * f->round) / f->round;
	cJSON_AddNumberToObject(o, f->key, v);
}

/*
 * The rows of fields for the record at base into o, in order: those
 * flagged need when need is not 0, none flagged omit, each only when its
 * when() holds.
 */
void
results_fields_write(cJSON *o, const struct results_field *fields, const void *base,
    unsigned need, unsigned omit)
{
	const struct results_field *f;

	for (f = fields; f->key != NULL; f++) {
		if ((need != 0 && !(f->flags & need)) || (f->flags & omit) != 0)
			continue;
		if (f->when == NULL || f->when(base))
			field_write(o, f, base);
	}
}

/* Read f's key of o into the record at base, by its type, within its bounds. */
static int
field_read(const cJSON *o, const struct results_field *f, void *base, char *err, size_t errlen)
{
	char *p = AT(base, f);
	const cJSON *item;
	double v;

	if (f->read != NULL)
		return f->read(o, f, base, err, errlen);
	switch (f->type) {
	case RF_U64:
		*(uint64_t *)p = results_fields_u64(o, f->key);
		break;
	case RF_UINT:
		*(unsigned *)p = results_fields_uint(o, f->key);
		if (f->error != NULL && *(unsigned *)p > f->max) {
			snprintf(err, errlen, f->error, *(unsigned *)p, (unsigned)f->max);
			return -EINVAL;
		}
		break;
	case RF_INT:
		*(int *)p = rf_int(o, f->key);
		break;
	case RF_DOUBLE:
		v = rf_number(o, f->key, f->absent);
		*(double *)p = f->max > f->min && !(v >= f->min && v <= f->max) ? 0 : v;
		break;
	case RF_BOOL:
		*(bool *)p = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, f->key));
		break;
	case RF_TRIBOOL:
		item = cJSON_GetObjectItemCaseSensitive(o, f->key);
		*(int *)p = cJSON_IsBool(item) ? cJSON_IsTrue(item) : -1;
		break;
	case RF_STR:
		results_fields_str(o, f->key, p, f->size);
		break;
	case RF_OBJECT:
		return results_fields_read(cJSON_GetObjectItemCaseSensitive(o, f->key), f->sub, p,
		    err, errlen);
	default:
		break;
	}
	return 0;
}

/*
 * Read the rows of fields from o (NULL: absent, every figure 0) into the
 * record at base, in order, but those written for other readers only.
 * 0, or -EINVAL with err set by the first row that refuses its value.
 */
int
results_fields_read(const cJSON *o, const struct results_field *fields, void *base, char *err,
    size_t errlen)
{
	const struct results_field *f;

	for (f = fields; f->key != NULL; f++) {
		if ((f->flags & (RF_WRITE_ONLY | RF_READ_APART)) ||
		    (f->type == RF_CUSTOM && f->read == NULL))
			continue;
		if (field_read(o, f, base, err, errlen) != 0)
			return -EINVAL;
	}
	return 0;
}

static void	 field_doc_text(FILE *out, const struct results_field *f);

/* The keys of sub as the schema lists them: "`min`, `max` (its meaning), ...". */
static void
doc_keys(FILE *out, const struct results_field *sub)
{
	const struct results_field *f;

	for (f = sub; f->key != NULL; f++) {
		fprintf(out, "%s`%s`", f == sub ? "" : ", ", f->key);
		if (f->doc != NULL) {
			fputs(" (", out);
			field_doc_text(out, f);
			fputs(")", out);
		}
	}
}

/* f's text, its sub-keys in place of "%k". */
static void
field_doc_text(FILE *out, const struct results_field *f)
{
	const char *s, *k;

	for (s = f->doc; (k = strstr(s, "%k")) != NULL; s = k + 2) {
		fwrite(s, 1, (size_t)(k - s), out);
		if (f->sub != NULL)
			doc_keys(out, f->sub);
	}
	fputs(s, out);
}

/*
 * The schema's table of fields, or of the object at key sub of fields (NULL:
 * fields themselves) in Markdown: a row per documented key, with the
 * undocumented keys after it on its row.  -EINVAL when fields has no such
 * object.
 */
int
results_fields_doc(FILE *out, const struct results_field *fields, const char *sub)
{
	const struct results_field *f, *g;
	bool typed;

	if (sub != NULL) {
		for (f = fields; f->key != NULL; f++)
			if (f->type == RF_OBJECT && strcmp(f->key, sub) == 0)
				break;
		if (f->key == NULL)
			return -EINVAL;
		fields = f->sub;
	}
	typed = fields->typedoc != NULL;
	fputs(typed ? "| key | type | meaning |\n| --- | --- | --- |\n" :
	    "| key | meaning |\n| --- | --- |\n", out);
	for (f = fields; f->key != NULL; f = g) {
		fprintf(out, "| `%s`", f->key);
		for (g = f + 1; g->key != NULL && g->doc == NULL; g++)
			fprintf(out, ", `%s`", g->key);
		fputs(" | ", out);
		if (typed)
			fprintf(out, "%s | ", f->typedoc != NULL ? f->typedoc : "");
		if (f->doc != NULL)
			field_doc_text(out, f);
		fputs(" |\n", out);
	}
	return 0;
}
