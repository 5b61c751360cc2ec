/*
 * results.json printed piece by piece (issue 16): the head, then each cell
 * of the plan and each finished cell is built, printed and freed in turn,
 * so that a record of 100,000 cells is never held whole, as a tree or as
 * text.  The bytes are those cJSON_Print() gives for the whole tree: each
 * piece is printed alone and indented to its depth (a JSON string never
 * holds a raw line break, so every '\n' is the printer's).
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "results-json.h"

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
 * Print item (freed here) as cJSON_Print() would at depth tabs in, less
 * the last cut bytes of its text (the closing brackets a caller writes
 * after more items).
 */
static void
out_item(struct json_out *o, cJSON *item, unsigned depth, size_t cut)
{
	static const char tabs[] = "\t\t\t\t\t\t\t\t";
	char *text = cJSON_Print(item), *p, *nl, *end;

	cJSON_Delete(item);
	if (text == NULL || strlen(text) < cut) {
		o->err = -ENOMEM;
		cJSON_free(text);
		return;
	}
	end = text + strlen(text) - cut;
	for (p = text; (nl = memchr(p, '\n', (size_t)(end - p))) != NULL; p = nl + 1) {
		out_put(o, p, (size_t)(nl + 1 - p));
		out_put(o, tabs, depth < sizeof tabs - 1 ? depth : sizeof tabs - 1);
	}
	out_put(o, p, (size_t)(end - p));
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

	out_item(o, results_json_head(res), 0, strlen("\n\t}\n}"));
	out_str(o, ",\n\t\t\"cells\":\t[");
	for (i = 0; i < res->plan.ncells && o->err == 0; i++) {
		if (i > 0)
			out_str(o, ", ");
		out_item(o, results_json_plan_cell(&res->plan.cells[i]), 3, 0);
	}
	out_str(o, "]\n\t},\n\t\"cells\":\t[");
	for (i = 0; i < res->plan.ncells && o->err == 0; i++) {
		if (res->cells[i].status == CELL_PENDING)
			continue;
		if (n++ > 0)
			out_str(o, ", ");
		out_item(o, results_json_cell(&res->cells[i]), 2, 0);
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
