/*
 * results.json printed piece by piece: the head, then each cell
 * of the plan and each finished cell is built, printed and freed in turn,
 * so that a record of 100,000 cells is never held whole, as a tree or as
 * text.  The bytes are those cJSON_Print() gives for the whole tree
 * (tests/unit-results.c compares them): the head by cJSON, each cell by
 * out_value(), cJSON's format without its costs (a malloc'd buffer grown
 * per cell, and sscanf after every fractional number).
 */
#include "config.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "results/results-json.h"
#include "results/results.h"

/* Where the text goes: a file being written, or a buffer. */
struct json_out {
	struct atomic_file *af;		/* NULL: into buf */
	char		*buf;
	size_t		 len, cap;
	int		 err;		/* -ENOMEM when cJSON could not print */
};

static void
out_put(struct json_out *o, const char *s, size_t n)
{
	if (o->af != NULL) {
		atomic_file_write(o->af, s, n);
		return;
	}
	if (o->len + n + 1 > o->cap) {
		while (o->len + n + 1 > o->cap)
			o->cap = o->cap ? o->cap * 2 : 64 * 1024;
		o->buf = xrealloc(o->buf, o->cap);
	}
	memcpy(o->buf + o->len, s, n);
	o->len += n;
	o->buf[o->len] = '\0';
}

static void
out_str(struct json_out *o, const char *s)
{
	out_put(o, s, strlen(s));
}

/*
 * cJSON prints a number as "%d" when it is a whole int (newer versions) or
 * "%1.15g", and "%1.17g" when 15 digits do not read back (within one
 * DBL_EPSILON, newer versions; exactly, older ones).  The same for the
 * numbers of a record, faster: whole numbers below 10^15 (the digits either
 * way) by hand; -0 and a number 15 digits give back only within the
 * epsilon, where versions differ, are printed by the linked cJSON itself.
 * sweep never sets a locale, so the decimal point is '.'.
 */
static void
out_number(struct json_out *o, double d)
{
	char buf[32], *p = buf + sizeof buf;
	double test;

	if (isnan(d) || isinf(d)) {
		out_str(o, "null");
		return;
	}
	if (d == floor(d) && fabs(d) < 1e15 && !(d == 0 && signbit(d))) {
		uint64_t v = (uint64_t)fabs(d);

		do
			*--p = (char)('0' + v % 10);
		while ((v /= 10) > 0);
		if (d < 0)
			*--p = '-';
		out_put(o, p, (size_t)(buf + sizeof buf - p));
		return;
	}
	snprintf(buf, sizeof buf, "%1.15g", d);
	test = strtod(buf, NULL);
	if (test != d && fabs(test - d) > fmax(fabs(test), fabs(d)) * DBL_EPSILON)
		snprintf(buf, sizeof buf, "%1.17g", d);
	else if (test != d || d == 0) {
		cJSON *n = cJSON_CreateNumber(d);
		char *text = cJSON_PrintUnformatted(n);

		cJSON_Delete(n);
		if (text == NULL) {
			o->err = -ENOMEM;
			return;
		}
		str_copy(buf, sizeof buf, text);
		cJSON_free(text);
	}
	out_str(o, buf);
}

/* A string as cJSON prints it: quotes, backslash and control characters escaped. */
static void
out_string(struct json_out *o, const char *s)
{
	static const char esc[] = "\"\\\b\f\n\r\t", letter[] = "\"\\bfnrt";
	const char *run;
	char u[8];

	out_put(o, "\"", 1);
	for (run = s; s != NULL && *s != '\0'; s++) {
		const char *e;

		if ((unsigned char)*s > 31 && *s != '"' && *s != '\\')
			continue;
		out_put(o, run, (size_t)(s - run));
		run = s + 1;
		if ((e = strchr(esc, *s)) != NULL) {
			u[0] = '\\';
			u[1] = letter[e - esc];
			out_put(o, u, 2);
		} else {
			snprintf(u, sizeof u, "\\u%04x", (unsigned char)*s);
			out_put(o, u, 6);
		}
	}
	if (s != NULL)
		out_put(o, run, (size_t)(s - run));
	out_put(o, "\"", 1);
}

static void
out_tabs(struct json_out *o, unsigned n)
{
	while (n-- > 0)
		out_put(o, "\t", 1);
}

/*
 * item as cJSON_Print() prints it depth arrays and objects in: an
 * object's members a line each, one tab further in; an array's elements
 * on one line, ", " between them.
 */
static void
out_value(struct json_out *o, const cJSON *item, unsigned depth)
{
	const cJSON *c;

	if (cJSON_IsNull(item))
		out_str(o, "null");
	else if (cJSON_IsFalse(item))
		out_str(o, "false");
	else if (cJSON_IsTrue(item))
		out_str(o, "true");
	else if (cJSON_IsNumber(item))
		out_number(o, item->valuedouble);
	else if (cJSON_IsString(item))
		out_string(o, item->valuestring);
	else if (cJSON_IsArray(item)) {
		out_put(o, "[", 1);
		for (c = item->child; c != NULL; c = c->next) {
			out_value(o, c, depth + 1);
			if (c->next != NULL)
				out_put(o, ", ", 2);
		}
		out_put(o, "]", 1);
	} else if (cJSON_IsObject(item)) {
		out_put(o, "{\n", 2);
		for (c = item->child; c != NULL; c = c->next) {
			out_tabs(o, depth + 1);
			out_string(o, c->string);
			out_put(o, ":\t", 2);
			out_value(o, c, depth + 1);
			out_put(o, c->next != NULL ? ",\n" : "\n", c->next != NULL ? 2 : 1);
		}
		out_tabs(o, depth);
		out_put(o, "}", 1);
	} else
		o->err = -EINVAL;	/* raw or invalid: sweep builds neither */
}

/* Print item (freed here) depth arrays and objects in. */
static void
out_item(struct json_out *o, cJSON *item, unsigned depth)
{
	out_value(o, item, depth);
	cJSON_Delete(item);
}

/*
 * The head as cJSON_Print() prints it, less its closing "\n\t}\n}" (the
 * end of "plan" and of the whole), after which the lists of cells go.
 */
static void
out_head(struct json_out *o, const struct results *res)
{
	static const char end[] = "\n\t}\n}";
	cJSON *head = results_json_head(res);
	char *text = cJSON_Print(head);
	size_t len = text != NULL ? strlen(text) : 0;

	cJSON_Delete(head);
	if (len < sizeof end - 1 || strcmp(text + len - (sizeof end - 1), end) != 0)
		o->err = -ENOMEM;
	else
		out_put(o, text, len - (sizeof end - 1));
	cJSON_free(text);
}

/*
 * The whole record: the head less its closing "\n\t}\n}" (its last item
 * is "plan", whose last item is the plan's cells), the plan's cells at
 * depth 3, the finished cells at depth 2.
 */
static void
out_results(struct json_out *o, const struct results *res)
{
	unsigned i, n = 0;

	out_head(o, res);
	out_str(o, ",\n\t\t\"cells\":\t[");
	for (i = 0; i < res->plan.ncells && o->err == 0; i++) {
		if (i > 0)
			out_str(o, ", ");
		out_item(o, results_json_plan_cell(&res->plan.cells[i]), 3);
	}
	out_str(o, "]\n\t},\n\t\"cells\":\t[");
	for (i = 0; i < res->plan.ncells && o->err == 0; i++) {
		if (res->cells[i].status == CELL_PENDING)
			continue;
		if (n++ > 0)
			out_str(o, ", ");
		out_item(o, results_json_cell(&res->cells[i]), 2);
	}
	out_str(o, "]\n}");
}

/* The record as text, as results.json holds it less the last newline.  Caller frees. */
char *
results_to_json(const struct results *res)
{
	struct json_out o = { 0 };

	out_results(&o, res);
	if (o.err != 0) {
		free(o.buf);
		return NULL;
	}
	return o.buf;
}

/* results.json whole or not at all (atomic_file_open), written as it is printed. */
int
results_write_json(const struct results *res, const char *path)
{
	struct atomic_file af;
	struct json_out o = { .af = &af };
	int err = atomic_file_open(&af, path);

	if (err != 0)
		return err;
	out_results(&o, res);
	out_str(&o, "\n");
	if (o.err != 0 && af.err == 0)
		af.err = o.err;
	return atomic_file_commit(&af);
}
