/*
 * Provisioned-limit profiles: what a cloud volume type is sold
 * for, as its vendor publishes it, so that reports can say how much of it a
 * run reached.  A profile is a JSON file (doc/profiles.md; the shipped ones
 * are in sweeps/profiles/) whose figures are fixed, a formula of the volume
 * size (gp2: 3 IOPS per GiB, at least 100, at most 16,000), or provisioned
 * when the volume is made (io1, gp3: given with --expect).  --expect alone
 * states the caps without a profile.  The resolved caps (struct expect) are
 * stored in results.json, so later reports show them without the profile.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "base/util.h"
#include "results/profile.h"
#include "results/results-json.h"

#define PROFILE_MAX_BYTES	(256 * 1024)
#define TIB			(1024ULL * GIB)

static const char *const profile_figure_key[PROFILE_FIGURES] = {
	[PROFILE_IOPS]       = "iops",
	[PROFILE_BW]         = "bw",
	[PROFILE_BURST_IOPS] = "burst_iops",
	[PROFILE_BURST_BW]   = "burst_bw",
};
static const char *const profile_top_keys =
    "name, description, source, notes, comment, size, provisioned_iops, provisioned_bw, iops, "
    "bw, burst_iops, burst_bw, promise";
static const char *const profile_limit_keys =
    "value, per_gib, per_tib, per_iops, min, max, max_below, max_below_iops, max_per_gib, "
    "max_per_iops, floor, provisioned, steps, comment";

/* A parse in progress: the file's name and text for line:column messages. */
struct profile_parse_ctx {
	const char	*path;
	const char	*text;
	char		*err;
	size_t		 errlen;
};

/* Where "key" appears after "parent" (or anywhere when parent is NULL), as line:column. */
static void
profile_key_position(const char *text, const char *parent, const char *key, unsigned *line,
    unsigned *col)
{
	const char *from = text, *p;
	char *quoted;

	if (parent != NULL) {
		quoted = xasprintf("\"%s\"", parent);
		p = strstr(text, quoted);
		free(quoted);
		if (p != NULL)
			from = p;
	}
	quoted = xasprintf("\"%s\"", key);
	p = strstr(from, quoted);
	free(quoted);
	text_position(text, p != NULL ? (size_t)(p - text) : 0, line, col);
}

/* Set the parse error "PATH:LINE:COL: message" at key (under parent). */
static int
profile_bad(struct profile_parse_ctx *c, const char *parent, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int
profile_bad(struct profile_parse_ctx *c, const char *parent, const char *key, const char *fmt, ...)
{
	unsigned line, col;
	char msg[384];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	profile_key_position(c->text, parent, key, &line, &col);
	snprintf(c->err, c->errlen, "%s:%u:%u: %s", c->path, line, col, msg);
	return -EINVAL;
}

/* Does s start with a hexadecimal number ("0x10")?  strtod reads one; a figure is decimal. */
static bool
profile_hex(const char *s)
{
	return s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
}

/*
 * A rate in bytes per second: a number and a unit, "/s" optional: "250m/s"
 * and "250MiB/s" (k, m, g, t and KiB..TiB are base 1024, as sweep's sizes),
 * "250MB/s" (KB..TB are base 1000, as vendors often write them), "512B/s".
 * A bare number is refused: the unit decides a factor of 1.05 per step.
 */
int
profile_parse_rate(const char *s, double *out)
{
	static const struct {
		const char	*unit;
		double		 mult;
	} units[] = {
		{ .unit = "b", .mult = 1 }, { .unit = "k", .mult = 1024.0 },
		{ .unit = "m", .mult = 1048576.0 }, { .unit = "g", .mult = 1073741824.0 },
		{ .unit = "t", .mult = 1099511627776.0 }, { .unit = "kib", .mult = 1024.0 },
		{ .unit = "mib", .mult = 1048576.0 }, { .unit = "gib", .mult = 1073741824.0 },
		{ .unit = "tib", .mult = 1099511627776.0 }, { .unit = "kb", .mult = 1e3 },
		{ .unit = "mb", .mult = 1e6 }, { .unit = "gb", .mult = 1e9 },
		{ .unit = "tb", .mult = 1e12 },
	};
	char unit[16];
	const char *p = s;
	char *end;
	size_t n = 0, i;
	double v;

	while (isspace((unsigned char)*p))
		p++;
	if ((!isdigit((unsigned char)*p) && *p != '.') || profile_hex(p))
		return -EINVAL;
	v = strtod(p, &end);
	if (end == p || !isfinite(v) || v < 0)
		return -EINVAL;
	p = end;
	while (isspace((unsigned char)*p))
		p++;
	while (isalpha((unsigned char)*p) && n < sizeof unit - 1)
		unit[n++] = (char)tolower((unsigned char)*p++);
	unit[n] = '\0';
	if (strcmp(p, "/s") == 0 || strcmp(p, "/sec") == 0 || strcmp(p, "ps") == 0)
		p += strlen(p);
	else if (n > 1 && unit[n - 1] == 's' && unit[n - 2] == 'p' && *p == '\0')
		unit[n - 2] = '\0';	/* "MBps" */
	if (*p != '\0' || unit[0] == '\0')
		return -EINVAL;
	for (i = 0; i < sizeof units / sizeof units[0]; i++)
		if (strcmp(unit, units[i].unit) == 0)
			break;
	if (i == sizeof units / sizeof units[0])
		return -EINVAL;
	*out = v * units[i].mult;
	return isfinite(*out) ? 0 : -EINVAL;
}

/* A rate as the reader wants it: "250 MiB/s", or "100 MB/s" when it is a whole number of MB. */
const char *
profile_rate_text(double v, char *buf, size_t len)
{
	double mib = v / MIB, mb = v / 1e6;

	if (fabs(mb - round(mb)) < 1e-9 && fabs(mib - round(mib)) > 1e-9)
		snprintf(buf, len, "%.0f MB/s", mb);
	else if (fabs(mib - round(mib)) < 1e-9 || mib >= 100)
		snprintf(buf, len, "%.0f MiB/s", mib);
	else
		snprintf(buf, len, "%.1f MiB/s", mib);
	return buf;
}

/* An IOPS figure: "3000", "3k" and "16K" (x 1000: IOPS are counts, not sizes). */
static int
profile_parse_iops(const char *s, double *out)
{
	char *end;
	double v;

	if (!isdigit((unsigned char)*s) || profile_hex(s))
		return -EINVAL;
	v = strtod(s, &end);
	if (*end == 'k' || *end == 'K') {
		v *= 1000;
		end++;
	}
	if (*end != '\0' || !isfinite(v) || v <= 0 || v > 1e12)
		return -EINVAL;
	*out = v;
	return 0;
}

/*
 * --expect iops=N,bw=RATE[,burst_iops=N][,burst_bw=RATE][,size=SIZE]: the
 * caps by hand, or (with --profile) the provisioned figures and the volume
 * size.  Fills the figures of e; -EINVAL with the reason in err.
 */
int
profile_parse_expect(const char *arg, struct expect *e, char *err, size_t errlen)
{
	static const char *const keys[] = { "iops", "burst_iops", "burst", "bw", "burst_bw", "size" };
	char *copy = xstrdup(arg), *item, *save = NULL;
	unsigned seen = 0, k;
	int ret = 0;

	memset(e, 0, sizeof *e);
	for (item = strtok_r(copy, ",", &save); item != NULL && ret == 0;
	    item = strtok_r(NULL, ",", &save)) {
		char *val = strchr(item, '=');
		uint64_t size;

		if (val == NULL) {
			snprintf(err, errlen, "\"%s\" is not KEY=VALUE; keys are iops, bw, burst_iops, "
			    "burst_bw, size (e.g. iops=3000,bw=250m/s)", item);
			ret = -EINVAL;
			break;
		}
		*val++ = '\0';
		/* A key given twice would leave its first value unsaid: burst is burst_iops. */
		for (k = 0; k < sizeof keys / sizeof keys[0] && strcmp(item, keys[k]) != 0; k++)
			;
		k = k == 2 ? 1 : k;
		if (k < sizeof keys / sizeof keys[0] && (seen & 1U << k)) {
			snprintf(err, errlen, "%s given twice; give each of iops, bw, burst_iops, "
			    "burst_bw and size once", item);
			ret = -EINVAL;
			break;
		}
		seen |= 1U << k;
		if (strcmp(item, "iops") == 0 || strcmp(item, "burst_iops") == 0 ||
		    strcmp(item, "burst") == 0) {
			double *dst = item[0] == 'i' ? &e->iops : &e->burst_iops;

			if (profile_parse_iops(val, dst) != 0) {
				snprintf(err, errlen, "%s=%s: IOPS must be a number above 0, e.g. 3000 "
				    "or 16k", item, val);
				ret = -EINVAL;
			}
		} else if (strcmp(item, "bw") == 0 || strcmp(item, "burst_bw") == 0) {
			double *dst = item[0] == 'b' && item[1] == 'w' ? &e->bw_bytes_s :
			    &e->burst_bw_bytes_s;

			if (profile_parse_rate(val, dst) != 0 || *dst <= 0) {
				snprintf(err, errlen, "%s=%s: bandwidth must be a number with a unit, e.g. "
				    "250m/s, 250MiB/s or 250MB/s", item, val);
				ret = -EINVAL;
			}
		} else if (strcmp(item, "size") == 0) {
			if (parse_size(val, &size) != 0 || size == 0) {
				snprintf(err, errlen, "size=%s: the volume size, e.g. 100g or 2t", val);
				ret = -EINVAL;
			}
			e->size_bytes = size;
		} else {
			snprintf(err, errlen, "unknown key \"%s\"; keys are iops, bw, burst_iops, "
			    "burst_bw, size", item);
			ret = -EINVAL;
		}
	}
	free(copy);
	if (ret == 0 && e->iops == 0 && e->bw_bytes_s == 0 && e->burst_iops == 0 &&
	    e->burst_bw_bytes_s == 0 && e->size_bytes == 0) {
		snprintf(err, errlen, "nothing given; e.g. iops=3000,bw=250m/s");
		ret = -EINVAL;
	}
	e->set = ret == 0;
	return ret;
}

/* A figure of a limit: IOPS as a number, bandwidth as a number of bytes/s or a rate string. */
static int
profile_figure(struct profile_parse_ctx *c, const char *parent, const cJSON *v, bool bw,
    double *out)
{
	if (cJSON_IsNumber(v) && isfinite(v->valuedouble) && v->valuedouble >= 0) {
		*out = v->valuedouble;
		return 0;
	}
	if (bw && cJSON_IsString(v) && profile_parse_rate(v->valuestring, out) == 0)
		return 0;
	if (bw)
		return profile_bad(c, parent, v->string, "\"%s\" must be a bandwidth with a unit, e.g. "
		    "\"250MiB/s\" or \"100MB/s\" (or a number of bytes/s)", v->string);
	return profile_bad(c, parent, v->string, "\"%s\" must be a number of IOPS, 0 or more",
	    v->string);
}

/* A size of a profile: "128g", "1t", or a number of bytes. */
static int
profile_size(struct profile_parse_ctx *c, const char *parent, const cJSON *v, uint64_t *out)
{
	if (cJSON_IsNumber(v) && v->valuedouble > 0 && v->valuedouble < 1.8e19) {
		*out = (uint64_t)v->valuedouble;
		return 0;
	}
	if (cJSON_IsString(v) && parse_size(v->valuestring, out) == 0 && *out > 0)
		return 0;
	return profile_bad(c, parent, v->string, "\"%s\" must be a size, e.g. \"128g\" or \"1t\"",
	    v->string);
}

/* A limit object of a profile ("iops": {"per_gib": 3, "min": 100, ...}) into l. */
static int
profile_limit_parse(struct profile_parse_ctx *c, const cJSON *o, bool bw, struct profile_limit *l)
{
	const cJSON *v;

	memset(l, 0, sizeof *l);
	if (!cJSON_IsObject(o))
		return profile_bad(c, NULL, o->string, "\"%s\" must be an object of %s", o->string,
		    profile_limit_keys);
	l->present = true;
	cJSON_ArrayForEach(v, o) {
		const char *k = v->string;
		double *dst = NULL;

		if (strcmp(k, "value") == 0)
			dst = &l->value;
		else if (strcmp(k, "per_gib") == 0)
			dst = &l->per_gib;
		else if (strcmp(k, "per_tib") == 0)
			dst = &l->per_tib;
		else if (strcmp(k, "min") == 0)
			dst = &l->min;
		else if (strcmp(k, "max") == 0)
			dst = &l->max;
		else if (strcmp(k, "max_per_gib") == 0)
			dst = &l->max_per_gib;
		else if (strcmp(k, "max_below") == 0)
			dst = &l->max_below;
		else if (strcmp(k, "floor") == 0)
			dst = &l->floor;
		if (dst != NULL) {
			if (profile_figure(c, o->string, v, bw, dst) != 0)
				return -EINVAL;
			if (strcmp(k, "value") == 0)
				l->has_value = true;
			continue;
		}
		if (strcmp(k, "per_iops") == 0 || strcmp(k, "max_per_iops") == 0) {
			if (!bw)
				return profile_bad(c, o->string, k, "\"%s\" goes with a bandwidth "
				    "(bw, burst_bw): bytes/s per provisioned IOPS", k);
			if (profile_figure(c, o->string, v, true,
			    k[0] == 'p' ? &l->per_iops : &l->max_per_iops) != 0)
				return -EINVAL;
		} else if (strcmp(k, "max_below_iops") == 0) {
			if (profile_figure(c, o->string, v, false, &l->max_below_iops) != 0)
				return -EINVAL;
		} else if (strcmp(k, "provisioned") == 0) {
			if (!cJSON_IsBool(v))
				return profile_bad(c, o->string, k, "\"provisioned\" must be true or false");
			l->provisioned = cJSON_IsTrue(v);
		} else if (strcmp(k, "steps") == 0) {
			const cJSON *s;

			if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) > PROFILE_STEPS_MAX)
				return profile_bad(c, o->string, k, "\"steps\" must be a list of at most %d "
				    "{\"up_to\": SIZE, \"value\": V} objects", PROFILE_STEPS_MAX);
			cJSON_ArrayForEach(s, v) {
				const cJSON *up = cJSON_GetObjectItemCaseSensitive(s, "up_to");
				const cJSON *val = cJSON_GetObjectItemCaseSensitive(s, "value");

				if (!cJSON_IsObject(s) || up == NULL || val == NULL ||
				    cJSON_GetArraySize(s) != 2)
					return profile_bad(c, o->string, k, "each of \"steps\" must be "
					    "{\"up_to\": SIZE, \"value\": V}");
				if (profile_size(c, k, up, &l->step_up_to[l->nsteps]) != 0 ||
				    profile_figure(c, k, val, bw, &l->step_value[l->nsteps]) != 0)
					return -EINVAL;
				if (l->nsteps > 0 && l->step_up_to[l->nsteps] <= l->step_up_to[l->nsteps - 1])
					return profile_bad(c, o->string, k, "\"steps\" must be in ascending "
					    "order of \"up_to\"");
				l->nsteps++;
			}
		} else if (strcmp(k, "comment") != 0)
			return profile_bad(c, o->string, k, "unknown key \"%s\" in \"%s\"; its keys are %s",
			    k, o->string, profile_limit_keys);
	}
	if (l->min > 0 && l->max > 0 && l->min > l->max)
		return profile_bad(c, NULL, o->string, "\"%s\": min is above max", o->string);
	if ((l->max_below > 0) != (l->max_below_iops > 0))
		return profile_bad(c, NULL, o->string, "\"%s\": \"max_below\" and "
		    "\"max_below_iops\" go together", o->string);
	if (!l->provisioned && !l->has_value && l->per_gib == 0 && l->per_tib == 0 &&
	    l->per_iops == 0 && l->nsteps == 0)
		return profile_bad(c, NULL, o->string, "\"%s\" gives no figure: give \"value\", "
		    "\"per_gib\", \"per_tib\", \"per_iops\" or \"provisioned\": true", o->string);
	return 0;
}

/* A string member of a profile into dst. */
static int
profile_string(struct profile_parse_ctx *c, const cJSON *v, char *dst, size_t len)
{
	if (!cJSON_IsString(v))
		return profile_bad(c, NULL, v->string, "\"%s\" must be a string", v->string);
	str_copy(dst, len, v->valuestring);
	return 0;
}

/* "source": a string, or {publisher, document, url, taken} made into one sentence. */
static int
profile_source(struct profile_parse_ctx *c, const cJSON *v, struct profile *p)
{
	static const char *const keys[] = { "publisher", "document", "url", "taken", "note" };
	const char *f[5] = { NULL };
	const cJSON *item;
	unsigned i;

	if (cJSON_IsString(v))
		return profile_string(c, v, p->source, sizeof p->source);
	if (!cJSON_IsObject(v))
		return profile_bad(c, NULL, "source", "\"source\" must be a string or an object of "
		    "publisher, document, url, taken");
	cJSON_ArrayForEach(item, v) {
		for (i = 0; i < 5; i++)
			if (strcmp(item->string, keys[i]) == 0)
				break;
		if (i == 5)
			return profile_bad(c, "source", item->string, "unknown key \"%s\" in \"source\"; "
			    "its keys are publisher, document, url, taken, note", item->string);
		if (!cJSON_IsString(item))
			return profile_bad(c, "source", item->string, "\"%s\" must be a string",
			    item->string);
		f[i] = item->valuestring;
	}
	if (f[0] == NULL || f[1] == NULL)
		return profile_bad(c, NULL, "source", "\"source\" needs at least \"publisher\" and "
		    "\"document\"");
	snprintf(p->source, sizeof p->source, "as published by %s in \"%s\"%s%s%s%s%s%s%s", f[0],
	    f[1], f[2] ? ", " : "", f[2] ? f[2] : "", f[3] ? " (taken " : "", f[3] ? f[3] : "",
	    f[3] ? ")" : "", f[4] ? "; " : "", f[4] ? f[4] : "");
	return 0;
}

/*
 * Parse a profile's text (len bytes, NUL-terminated) into p; path names it
 * in messages.  -EINVAL with "PATH:LINE:COL: reason" in err.
 */
int
profile_parse(const char *path, const char *text, size_t len, struct profile *p, char *err,
    size_t errlen)
{
	struct profile_parse_ctx c = { path, text, err, errlen };
	const cJSON *v;
	cJSON *root;
	int ret = -EINVAL;
	unsigned f;

	memset(p, 0, sizeof *p);
	if (strlen(text) != len) {
		snprintf(err, errlen, "%s: not a JSON text (contains a NUL byte)", path);
		return -EINVAL;
	}
	root = cJSON_ParseWithLengthOpts(text, len + 1, NULL, 1);
	if (root == NULL) {
		const char *ep = cJSON_GetErrorPtr();
		unsigned line, col;

		text_position(text, ep != NULL && ep >= text && ep <= text + len ?
		    (size_t)(ep - text) : 0, &line, &col);
		snprintf(err, errlen, "%s:%u:%u: malformed JSON (a profile is one JSON object; see "
		    "doc/profiles.md)", path, line, col);
		return -EINVAL;
	}
	results_json_clean(root);	/* names, sources, notes reach every report */
	if (!cJSON_IsObject(root)) {
		snprintf(err, errlen, "%s:1:1: a profile is one JSON object, e.g. {\"source\": ..., "
		    "\"iops\": {\"value\": 3000}}", path);
		goto out;
	}
	cJSON_ArrayForEach(v, root) {
		const char *k = v->string;

		for (f = 0; f < PROFILE_FIGURES; f++)
			if (strcmp(k, profile_figure_key[f]) == 0)
				break;
		if (f < PROFILE_FIGURES) {
			if (profile_limit_parse(&c, v, f == PROFILE_BW || f == PROFILE_BURST_BW,
			    &p->limit[f]) != 0)
				goto out;
		} else if (strcmp(k, "name") == 0) {
			if (profile_string(&c, v, p->name, sizeof p->name) != 0)
				goto out;
		} else if (strcmp(k, "description") == 0) {
			if (profile_string(&c, v, p->description, sizeof p->description) != 0)
				goto out;
		} else if (strcmp(k, "notes") == 0) {
			if (profile_string(&c, v, p->notes, sizeof p->notes) != 0)
				goto out;
		} else if (strcmp(k, "source") == 0) {
			if (profile_source(&c, v, p) != 0)
				goto out;
		} else if (strcmp(k, "size") == 0) {
			if (profile_size(&c, NULL, v, &p->size) != 0)
				goto out;
		} else if (strcmp(k, "provisioned_iops") == 0) {
			if (profile_figure(&c, NULL, v, false, &p->provisioned_iops) != 0)
				goto out;
		} else if (strcmp(k, "promise") == 0) {
			const char *bad = NULL;
			char msg[256];

			if (profile_promise_parse(v, &p->promise, &bad, msg, sizeof msg) != 0) {
				profile_bad(&c, bad != NULL ? "promise" : NULL, bad != NULL ? bad :
				    "promise", "%s", msg);
				goto out;
			}
		} else if (strcmp(k, "provisioned_bw") == 0) {
			if (profile_figure(&c, NULL, v, true, &p->provisioned_bw) != 0)
				goto out;
		} else if (strcmp(k, "comment") != 0) {
			profile_bad(&c, NULL, k, "unknown key \"%s\"; a profile's keys are %s", k,
			    profile_top_keys);
			goto out;
		}
	}
	if (p->source[0] == '\0') {
		snprintf(err, errlen, "%s:1:1: no \"source\": say where the figures were published "
		    "(see doc/profiles.md)", path);
		goto out;
	}
	if (!p->limit[PROFILE_IOPS].present && !p->limit[PROFILE_BW].present) {
		snprintf(err, errlen, "%s:1:1: gives neither \"iops\" nor \"bw\"", path);
		goto out;
	}
	ret = 0;
out:
	cJSON_Delete(root);
	return ret;
}

/* The names of the shipped profiles, comma-separated.  Caller frees. */
static char *
profile_names(void)
{
	char *dir = xasprintf("%s/sweeps/profiles", datadir_path()), *out = xstrdup("");
	struct dirent **list;
	int n, i;

	n = scandir(dir, &list, NULL, alphasort);
	for (i = 0; i < n; i++) {
		size_t len = strlen(list[i]->d_name);

		if (len > 5 && strcmp(list[i]->d_name + len - 5, ".json") == 0) {
			char *joined = xasprintf("%s%s%.*s", out, *out ? ", " : "", (int)(len - 5),
			    list[i]->d_name);

			free(out);
			out = joined;
		}
		free(list[i]);
	}
	if (n >= 0)
		free(list);
	free(dir);
	return out;
}

/*
 * Load a profile: a path, or NAME of DATADIR/sweeps/profiles/NAME.json.
 * Prints one line and returns -EINVAL (or -errno) on failure.
 */
int
profile_load(const char *arg, struct profile *p)
{
	char *path, *text = NULL, err[512];
	const char *why;
	FILE *f;
	long len;
	int ret = -EINVAL;

	if (strchr(arg, '/') != NULL || access(arg, F_OK) == 0)
		path = xstrdup(arg);
	else
		path = xasprintf("%s/sweeps/profiles/%s.json", datadir_path(), arg);
	f = input_fopen(path, &why);
	if (f == NULL) {
		char *names = profile_names();

		ret = -errno;
		if (strchr(arg, '/') == NULL && errno == ENOENT)
			sweep_error("--profile %s: no such profile; the shipped profiles are %s (or give "
			    "the path of a profile file)", arg, *names ? names : "none found");
		else
			sweep_error("--profile %s: %s: %s", arg, path, why);
		free(names);
		free(path);
		return ret;
	}
	if (fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0 ||
	    len > PROFILE_MAX_BYTES) {
		sweep_error("--profile %s: not a regular file of at most 256 KiB", arg);
		fclose(f);
		goto out;
	}
	text = xmalloc((size_t)len + 1);
	if (fread(text, 1, (size_t)len, f) != (size_t)len) {
		sweep_error("--profile %s: read failed", arg);
		fclose(f);
		goto out;
	}
	fclose(f);
	text[len] = '\0';
	ret = profile_parse(path, text, (size_t)len, p, err, sizeof err);
	if (ret != 0)
		sweep_error("--profile %s", err);
	else if (p->name[0] == '\0') {
		const char *slash = strrchr(path, '/'), *base = slash != NULL ? slash + 1 : path;
		size_t n = strlen(base);

		snprintf(p->name, sizeof p->name, "%.*s", (int)(n > 5 &&
		    strcmp(base + n - 5, ".json") == 0 ? n - 5 : n), base);
	}
out:
	free(text);
	free(path);
	return ret;
}

/* A figure for the reader: "3000 IOPS" or "250 MiB/s". */
static const char *
profile_fig_text(double v, bool bw, char *buf, size_t len)
{
	if (bw)
		return profile_rate_text(v, buf, len);
	snprintf(buf, len, "%.0f IOPS", v);
	return buf;
}

/* Append to the basis text. */
static void
profile_note(char *basis, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void
profile_note(char *basis, size_t len, const char *fmt, ...)
{
	size_t used = strlen(basis);
	va_list ap;

	if (used + 3 >= len)
		return;
	if (used > 0) {
		memcpy(basis + used, "; ", 3);
		used += 2;
	}
	va_start(ap, fmt);
	vsnprintf(basis + used, len - used, fmt, ap);
	va_end(ap);
}

/* Does the limit depend on the volume's size? */
static bool
profile_limit_sized(const struct profile_limit *l)
{
	return l->present && (l->per_gib > 0 || l->per_tib > 0 || l->nsteps > 0 ||
	    (l->provisioned && l->max_per_gib > 0));
}

/*
 * One figure of a profile for a volume of size bytes: given (from --expect
 * or the profile's provisioned_*) for a provisioned limit, else the
 * formula, clamped to min and max.  iops is the resolved baseline IOPS
 * (for per_iops).  Appends how it was found to basis.
 */
static int
profile_limit_eval(const struct profile_limit *l, const char *what, bool bw, uint64_t size,
    double iops, double given, double *out, char *basis, size_t blen, char *err, size_t errlen)
{
	double gib = (double)size / GIB, v, allowed;
	char a[32], b[32], c[32], d[32];
	unsigned i;
	bool below = false;

	*out = 0;
	if (!l->present)
		return 0;
	if (given > 0) {
		v = given;
		profile_note(basis, blen, "%s: %s %s", what, profile_fig_text(v, bw, a, sizeof a),
		    l->provisioned ? "provisioned" : "given (instead of the profile's)");
		if (l->provisioned && l->min > 0 && v < l->min)
			profile_note(basis, blen, "%s below the least that can be provisioned (%s)", what,
			    profile_fig_text(l->min, bw, a, sizeof a));
		if (l->provisioned && l->max > 0 && v > l->max)
			profile_note(basis, blen, "%s above the most that can be provisioned (%s)", what,
			    profile_fig_text(l->max, bw, a, sizeof a));
		if (l->provisioned && l->max_per_gib > 0 && size > 0 && v > l->max_per_gib * gib * 1.0001)
			profile_note(basis, blen, "%s above the %s per GiB allowed: at most %s for %.0f GiB",
			    what, profile_fig_text(l->max_per_gib, bw, a, sizeof a),
			    profile_fig_text(l->max_per_gib * gib, bw, b, sizeof b), gib);
		if (l->max_per_iops > 0 && iops > 0 && v > l->max_per_iops * iops * 1.0001)
			profile_note(basis, blen, "%s above the %s per provisioned IOPS allowed", what,
			    profile_fig_text(l->max_per_iops, true, a, sizeof a));
		*out = v;
		return 0;
	}
	if (l->provisioned && !l->has_value) {
		snprintf(err, errlen, "the profile's %s is provisioned with the volume: give it "
		    "(--expect %s=%s, or \"provisioned_%s\" in the profile)", what,
		    bw ? "bw" : "iops", bw ? "500m/s" : "10000", bw ? "bw" : "iops");
		return -EINVAL;
	}
	if (profile_limit_sized(l) && size == 0) {
		snprintf(err, errlen, "the profile's %s depends on the volume size, which is not known "
		    "here: give --expect size=SIZE (e.g. size=100g)", what);
		return -EINVAL;
	}
	if (l->provisioned) {
		*out = l->value;
		profile_note(basis, blen, "%s: %s (the default; --expect %s= gives the provisioned one)",
		    what, profile_fig_text(l->value, bw, a, sizeof a), bw ? "bw" : "iops");
		return 0;
	}
	for (i = 0; i < l->nsteps; i++)
		if (size <= l->step_up_to[i]) {
			*out = l->step_value[i];
			profile_note(basis, blen, "%s: %s (volumes up to %s)", what,
			    profile_fig_text(*out, bw, a, sizeof a), size_human(l->step_up_to[i], b,
			    sizeof b));
			return 0;
		}
	v = l->value + l->per_gib * gib + l->per_tib * gib / 1024 + l->per_iops * iops;
	if (l->per_gib > 0 || l->per_tib > 0 || l->per_iops > 0) {
		if (l->per_gib > 0)
			snprintf(c, sizeof c, "%g per GiB x %.0f GiB", l->per_gib / (bw ? MIB : 1), gib);
		else if (l->per_tib > 0)
			snprintf(c, sizeof c, "%g per TiB x %.2f TiB", l->per_tib / (bw ? MIB : 1),
			    gib / 1024);
		else
			snprintf(c, sizeof c, "%g KiB/s x %.0f IOPS", l->per_iops / KIB, iops);
		allowed = v;
		if (l->min > 0 && v < l->min)
			v = l->min;
		if (l->max > 0 && v > l->max)
			v = l->max;
		below = l->max_below > 0 && iops > 0 && iops < l->max_below_iops &&
		    v > l->max_below;
		if (below)
			v = l->max_below;
		profile_note(basis, blen, "%s: %s (%s%s = %s%s%s%s)", what, profile_fig_text(v, bw, a,
		    sizeof a), c, bw && l->per_iops == 0 ? " MiB/s" : "", profile_fig_text(allowed,
		    bw, b, sizeof b), v > allowed ? ", raised to the minimum" : "", below ?
		    ", capped at the maximum below " : v < allowed ? ", capped at the maximum" : "",
		    below ? profile_fig_text(l->max_below_iops, false, d, sizeof d) : "");
	} else
		profile_note(basis, blen, "%s: %s", what, profile_fig_text(v, bw, a, sizeof a));
	*out = v;
	return 0;
}

/*
 * The caps of profile p (NULL: --expect alone) for a volume of size bytes,
 * with the figures given on the command line taking precedence.  -EINVAL
 * with the reason in err.
 */
int
profile_resolve(const struct profile *p, const struct expect *given, uint64_t size,
    struct expect *out, char *err, size_t errlen)
{
	struct expect none;
	int ret = 0;

	memset(&none, 0, sizeof none);
	if (given == NULL)
		given = &none;
	memset(out, 0, sizeof *out);
	out->set = true;
	if (given->size_bytes > 0)
		size = given->size_bytes;
	if (p == NULL) {
		out->iops = given->iops;
		out->bw_bytes_s = given->bw_bytes_s;
		out->burst_iops = given->burst_iops;
		out->burst_bw_bytes_s = given->burst_bw_bytes_s;
		out->size_bytes = size;
		if (out->iops == 0 && out->bw_bytes_s == 0) {
			snprintf(err, errlen, "give iops= or bw= (size= alone needs --profile)");
			return -EINVAL;
		}
		snprintf(out->source, sizeof out->source, "given with --expect");
		snprintf(out->basis, sizeof out->basis, "given with --expect");
		return 0;
	}
	if (size == 0 && p->size > 0)
		size = p->size;
	out->size_bytes = size;
	text_clean(out->profile, sizeof out->profile, p->name);	/* perhaps a file's name */
	str_copy(out->source, sizeof out->source, p->source);
	ret = profile_limit_eval(&p->limit[PROFILE_IOPS], "IOPS", false, size, 0,
	    given->iops > 0 ? given->iops : p->provisioned_iops, &out->iops, out->basis,
	    sizeof out->basis, err, errlen);
	if (ret == 0)
		ret = profile_limit_eval(&p->limit[PROFILE_BW], "bandwidth", true, size, out->iops,
		    given->bw_bytes_s > 0 ? given->bw_bytes_s : p->provisioned_bw, &out->bw_bytes_s,
		    out->basis, sizeof out->basis, err, errlen);
	if (ret == 0)
		ret = profile_limit_eval(&p->limit[PROFILE_BURST_IOPS], "burst IOPS", false, size,
		    out->iops, given->burst_iops, &out->burst_iops, out->basis, sizeof out->basis, err,
		    errlen);
	if (ret == 0)
		ret = profile_limit_eval(&p->limit[PROFILE_BURST_BW], "burst bandwidth", true, size,
		    out->iops, given->burst_bw_bytes_s, &out->burst_bw_bytes_s, out->basis,
		    sizeof out->basis, err, errlen);
	if (ret != 0)
		return ret;
	/* A burst at or below the baseline is no burst (gp2 from 1 TiB up, st1 at its cap). */
	if (out->burst_iops > 0 && out->burst_iops <= out->iops) {
		out->burst_iops = 0;
		profile_note(out->basis, sizeof out->basis, "no IOPS burst: the baseline is at or "
		    "above it");
	}
	if (out->burst_bw_bytes_s > 0 && out->burst_bw_bytes_s <= out->bw_bytes_s) {
		out->burst_bw_bytes_s = 0;
		profile_note(out->basis, sizeof out->basis, "no bandwidth burst: the baseline is at or "
		    "above it");
	}
	out->promise = p->promise;
	out->iops_floor = p->limit[PROFILE_IOPS].floor;
	out->bw_floor_bytes_s = p->limit[PROFILE_BW].floor;
	if (p->size > 0 && size != p->size) {
		char a[32], b[32];

		profile_note(out->basis, sizeof out->basis, "the volume (%s) is not the %s of this "
		    "tier", size_human(size, a, sizeof a), size_human(p->size, b, sizeof b));
	}
	if (p->notes[0] != '\0')
		profile_note(out->basis, sizeof out->basis, "%s", p->notes);
	return 0;
}

/* Does profile p need the volume size?  (A size-dependent figure not given by hand.) */
static bool
profile_needs_size(const struct profile *p)
{
	unsigned f;

	for (f = 0; f < PROFILE_FIGURES; f++)
		if (profile_limit_sized(&p->limit[f]))
			return true;
	return false;
}

/*
 * The expectation of --expect and --profile (each NULL when not given) for
 * target t (NULL: none known): out->set stays false when neither was given.  Prints one
 * line and returns -EINVAL on bad input.
 */
int
profile_apply(const char *expect, const char *profile, const struct target *t,
    struct expect *out)
{
	struct expect given;
	struct profile p;
	uint64_t size = 0;
	char err[512];
	int ret;

	memset(out, 0, sizeof *out);
	memset(&given, 0, sizeof given);
	if (expect == NULL && profile == NULL)
		return 0;
	if (expect != NULL && profile_parse_expect(expect, &given, err, sizeof err) != 0) {
		sweep_error("--expect %s: %s", expect, err);
		return -EINVAL;
	}
	if (t != NULL)
		size = t->total_size > 0 ? t->total_size : t->size;
	if (profile != NULL && profile_load(profile, &p) != 0)
		return -EINVAL;
	ret = profile_resolve(profile != NULL ? &p : NULL, &given, size, out, err, sizeof err);
	if (ret != 0) {
		if (profile != NULL)
			sweep_error("--profile %s: %s", profile, err);
		else
			sweep_error("--expect %s: %s", expect, err);
		return ret;
	}
	if (profile != NULL && given.size_bytes == 0 && t != NULL && t->kind == TARGET_FILE &&
	    profile_needs_size(&p))
		profile_note(out->basis, sizeof out->basis, "size-dependent caps use the test file's "
		    "size; give --expect size=SIZE for the volume's");
	return 0;
}
