/*
 * Sweep files (--sweep): a JSON object with the option table's keys, and
 * "groups" of matrix keys.  Each key is checked and set through options.c.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "base/sweep.h"
#include "base/util.h"
#include "options/options.h"

/* Where "key" first appears (second: where it appears again), for messages about keys. */
static void
key_position(const char *text, const char *key, bool second, unsigned *line, unsigned *col)
{
	char *quoted = xasprintf("\"%s\"", key);
	const char *p = strstr(text, quoted);

	if (second && p != NULL && strstr(p + 1, quoted) != NULL)
		p = strstr(p + 1, quoted);
	free(quoted);
	text_position(text, p != NULL ? (size_t)(p - text) : 0, line, col);
}

/* A JSON value as the text a command-line option would take; NULL if unsuitable. */
static char *
json_value_text(const cJSON *v)
{
	if (cJSON_IsString(v))
		return xstrdup(v->valuestring);
	if (cJSON_IsBool(v))
		return xstrdup(cJSON_IsTrue(v) ? "true" : "false");
	if (cJSON_IsNumber(v)) {
		/* whole numbers below 2^53 (exact in a double); no cast of an out-of-range value */
		if (!(v->valuedouble >= 0 && v->valuedouble < 9007199254740992.0) ||
		    v->valuedouble != (double)(uint64_t)v->valuedouble)
			return NULL;
		return xasprintf("%llu", (unsigned long long)v->valuedouble);
	}
	if (cJSON_IsArray(v)) {
		const cJSON *item;
		char *out = xstrdup("");

		cJSON_ArrayForEach(item, v) {
			char *t = json_value_text(item), *joined;

			if (t == NULL || cJSON_IsArray(item)) {
				free(t);
				free(out);
				return NULL;
			}
			joined = xasprintf("%s%s%s", out, *out ? "," : "", t);
			free(t);
			free(out);
			out = joined;
		}
		return out;
	}
	return NULL;
}

/*
 * Does key take a list, i.e. a comma-separated value on the command line?
 * The matrix keys and those whose value is a list (--formats LIST, --expect
 * iops=N,bw=RATE) do; "runtime": [4] is no number.
 */
static bool
sweep_key_takes_list(const char *key)
{
	size_t i;

	for (i = 0; i < options_count(); i++) {
		const struct option_entry *o = options_entry(i);

		if (strcmp(o->name, key) == 0)
			return (o->flags & OPT_MATRIX) != 0 || o->type == OPT_IGNORED ||
			    (o->argname != NULL && (strchr(o->argname, ',') != NULL ||
			    strcmp(o->argname, "LIST") == 0));
	}
	return false;
}

/* Is item's key one of an earlier member of its object?  cJSON keeps both; the last would win. */
static bool
sweep_key_repeated(const cJSON *obj, const cJSON *item)
{
	const cJSON *k;

	for (k = obj->child; k != NULL && k != item; k = k->next)
		if (strcmp(k->string, item->string) == 0)
			return true;
	return false;
}

/* The keys of one JSON object: the top level (group < 0) or one of "groups". */
static int
sweep_apply_object(struct config *cfg, const char *path, const char *text,
    const cJSON *obj, int group)
{
	const cJSON *item;

	cJSON_ArrayForEach(item, obj) {
		const char *hint;
		unsigned line, col;
		char *value, *input;
		int err;

		key_position(text, item->string, false, &line, &col);
		if (sweep_key_repeated(obj, item)) {
			key_position(text, item->string, true, &line, &col);
			sweep_error("%s:%u:%u: key \"%s\" is given twice; give each key once", path,
			    line, col, item->string);
			return -EINVAL;
		}
		if (group < 0 && strcmp(item->string, "groups") == 0)
			continue;
		err = options_key_find(item->string, group >= 0, &hint);
		if (err != 0) {
			if (err == -EPERM)
				sweep_error("%s:%u:%u: key \"%s\" is not allowed inside a group "
				    "(groups take modes, bs, depth, jobs)", path, line, col, item->string);
			else if (hint != NULL)
				sweep_error("%s:%u:%u: unknown key \"%s\"; did you mean \"%s\"?",
				    path, line, col, item->string, hint);
			else
				sweep_error("%s:%u:%u: unknown key \"%s\" (see sweep --help for the keys)",
				    path, line, col, item->string);
			return -EINVAL;
		}
		if (cJSON_IsArray(item) && !sweep_key_takes_list(item->string)) {
			sweep_error("%s:%u:%u: key \"%s\": takes one value (a string, a whole number "
			    "or true/false), not a list", path, line, col, item->string);
			return -EINVAL;
		}
		value = json_value_text(item);
		if (value == NULL) {
			sweep_error("%s:%u:%u: key \"%s\": value must be a string, a whole number, "
			    "true/false or a list of those", path, line, col, item->string);
			return -EINVAL;
		}
		input = xasprintf("%s:%u:%u: \"%s\": \"%s\"", path, line, col, item->string, value);
		err = options_key_set(cfg, item->string, value, group, input);
		free(input);
		free(value);
		if (err != 0)
			return err;
	}
	return 0;
}

/* Resolve a --sweep argument: a path, or NAME / NAME.json in the shipped sweeps/. */
static char *
sweep_resolve(const char *arg)
{
	char *p;

	if (access(arg, F_OK) == 0 || strchr(arg, '/') != NULL)
		return xstrdup(arg);
	p = xasprintf("%s/sweeps/%s", datadir_path(), arg);
	if (access(p, F_OK) == 0)
		return p;
	free(p);
	p = xasprintf("%s/sweeps/%s.json", datadir_path(), arg);
	if (access(p, F_OK) == 0)
		return p;
	free(p);
	return xstrdup(arg);
}

/*
 * Parse a sweep file's text (len bytes, NUL-terminated) into cfg; path
 * names it in messages.  Prints one line and returns -EINVAL on error.
 */
int
options_parse_sweep(struct config *cfg, const char *path, const char *text, size_t len)
{
	const cJSON *groups, *g;
	cJSON *root;
	int err = -EINVAL;

	if (strlen(text) != len) {
		sweep_error("%s: not a JSON text (contains a NUL byte)", path);
		return -EINVAL;
	}
	/* len + 1: cJSON wants the terminating NUL inside the length it is given */
	root = cJSON_ParseWithLengthOpts(text, len + 1, NULL, 1);
	if (root == NULL) {
		const char *ep = cJSON_GetErrorPtr();
		unsigned line, col;
		size_t off = ep != NULL && ep >= text && ep <= text + len ? (size_t)(ep - text) : 0;

		text_position(text, off, &line, &col);
		sweep_error("%s:%u:%u: malformed JSON (a sweep file is one JSON object)", path, line, col);
		return -EINVAL;
	}
	if (!cJSON_IsObject(root)) {
		sweep_error("%s:1:1: a sweep file is one JSON object, e.g. {\"bs\": \"4k,1m\"}", path);
		goto out;
	}
	if ((err = sweep_apply_object(cfg, path, text, root, -1)) != 0)
		goto out;
	groups = cJSON_GetObjectItemCaseSensitive(root, "groups");
	if (groups != NULL) {
		unsigned line, col;

		key_position(text, "groups", false, &line, &col);
		if (!cJSON_IsArray(groups) || cJSON_GetArraySize(groups) == 0 ||
		    cJSON_GetArraySize(groups) > SWEEP_GROUPS_MAX) {
			sweep_error("%s:%u:%u: \"groups\" must be a list of 1 to %d objects", path,
			    line, col, SWEEP_GROUPS_MAX);
			err = -EINVAL;
			goto out;
		}
		cJSON_ArrayForEach(g, groups) {
			if (!cJSON_IsObject(g)) {
				sweep_error("%s:%u:%u: each of \"groups\" must be an object with "
				    "modes, bs, depth, jobs", path, line, col);
				err = -EINVAL;
				goto out;
			}
			err = sweep_apply_object(cfg, path, text, g, (int)cfg->ngroups);
			if (err != 0)
				goto out;
			cfg->ngroups++;
		}
	}
	err = 0;
out:
	cJSON_Delete(root);
	return err;
}

/* Load a JSON sweep file into cfg.  Prints one line and returns -EINVAL on error. */
int
options_load_sweep(struct config *cfg, const char *arg)
{
	char *path = sweep_resolve(arg), *text = NULL;
	const char *why;
	FILE *f;
	long len;
	int err = -EINVAL;

	f = input_fopen(path, &why);
	if (f == NULL) {
		sweep_error("--sweep %s: %s (give a JSON sweep file, or a name from %s/sweeps)",
		    arg, why, datadir_path());
		goto out;
	}
	if (fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0 ||
	    len > 1024 * 1024) {
		sweep_error("--sweep %s: not a regular file of at most 1 MiB", arg);
		fclose(f);
		goto out;
	}
	text = xmalloc((size_t)len + 1);
	if (fread(text, 1, (size_t)len, f) != (size_t)len) {
		sweep_error("--sweep %s: read failed", arg);
		fclose(f);
		goto out;
	}
	text[len] = '\0';
	fclose(f);
	err = options_parse_sweep(cfg, path, text, (size_t)len);
out:
	free(text);
	free(path);
	return err;
}

