/*
 * fio's JSON output read from its file (import_fio_load) and, across fio's
 * versions, brought to the layout the importer reads (fio 3.19's) before
 * it reads a figure.  What changed, from fio's own
 * stat.c at each tag (git history of axboe/fio):
 *
 * - fio 2.0-2.2: no "job options" at all: the jobs' rw, bs and iodepth are
 *   not in the file, so it cannot be imported (refused by the loader).
 * - fio 2.x: latency in microseconds under "clat", "lat" and "slat"
 *   (percentile values too); up to fio 2.20 "io_bytes" is KiB (fio 2.21 on
 *   writes bytes there and KiB in "io_kbytes"); bandwidth "bw" in KiB/s.
 * - fio 2.99-3.x: latency in nanoseconds under "clat_ns", "lat_ns",
 *   "slat_ns".
 * - up to fio 3.1: no "bw_bytes", only "bw" in KiB/s (rounded down).
 * - up to fio 3.17: a latency record has no "N" (its count of I/Os);
 *   it is the direction's "total_ios".
 *
 * So: microseconds become nanoseconds, KiB bytes, a missing "bw_bytes" is
 * io_bytes * 1000 / runtime (fio's own formula, unrounded), and a missing
 * "N" is total_ios for a record that holds figures.  What was converted is
 * returned as FIO_LAYOUT_* flags for the import's warning.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "import/fio.h"
#include "results/results-json.h"
#include "results/results.h"

#define FIO_LOAD_MAX_BYTES	(256 * MIB)

static const char *const layout_dirs[] = { "read", "write", "trim", "mixed" };
static const char *const layout_lat[][2] = {
	{ "clat", "clat_ns" }, { "lat", "lat_ns" }, { "slat", "slat_ns" }
};

/* Set o[key] to the number v, replacing what is there. */
static void
layout_set(cJSON *o, const char *key, double v)
{
	if (cJSON_HasObjectItem(o, key))
		cJSON_ReplaceItemInObjectCaseSensitive(o, key, cJSON_CreateNumber(v));
	else
		cJSON_AddNumberToObject(o, key, v);
}

/* Multiply every number of o (a latency record and its percentiles) by k. */
static void
layout_scale(cJSON *o, double k)
{
	cJSON *v;

	cJSON_ArrayForEach(v, o) {
		if (cJSON_IsNumber(v))
			cJSON_SetNumberValue(v, v->valuedouble * k);
		else if (cJSON_IsObject(v) && v->string != NULL && strcmp(v->string, "percentile") == 0)
			layout_scale(v, k);
	}
}

/* One direction of one entry. */
static unsigned
layout_dir(cJSON *d, int major, int minor)
{
	unsigned flags = 0, i;
	double runtime = fio_json_num(d, "runtime"), ios = fio_json_num(d, "total_ios");

	(void)minor;
	if (major < 3 && !cJSON_HasObjectItem(d, "io_kbytes")) {
		layout_set(d, "io_bytes", fio_json_num(d, "io_bytes") * 1024);
		flags |= FIO_LAYOUT_KIB;
	}
	if (!cJSON_HasObjectItem(d, "bw_bytes")) {
		layout_set(d, "bw_bytes", runtime > 0 ? fio_json_num(d, "io_bytes") * 1000 / runtime : 0);
		flags |= FIO_LAYOUT_BW;
	}
	for (i = 0; i < sizeof layout_lat / sizeof layout_lat[0]; i++) {
		cJSON *us = cJSON_GetObjectItemCaseSensitive(d, layout_lat[i][0]), *ns;

		if (cJSON_IsObject(us) && !cJSON_HasObjectItem(d, layout_lat[i][1])) {
			ns = cJSON_Duplicate(us, true);
			layout_scale(ns, 1000);
			/* fio 2's json+ histogram is of bucket indexes: its table stands for it */
			cJSON_DeleteItemFromObjectCaseSensitive(ns, "bins");
			cJSON_AddItemToObject(d, layout_lat[i][1], ns);
			flags |= FIO_LAYOUT_US;
		}
		ns = cJSON_GetObjectItemCaseSensitive(d, layout_lat[i][1]);
		if (cJSON_IsObject(ns) && !cJSON_HasObjectItem(ns, "N") && ios > 0 &&
		    fio_json_num(ns, "mean") > 0) {
			cJSON_AddNumberToObject(ns, "N", ios);
			flags |= FIO_LAYOUT_N;
		}
	}
	return flags;
}

/* A member of an object and its place, for layout_dedup. */
struct layout_key {
	cJSON	*item;
	size_t	 pos;
};

static int
layout_key_cmp(const void *a, const void *b)
{
	const struct layout_key *x = a, *y = b;
	int c = strcmp(x->item->string, y->item->string);

	return c != 0 ? c : x->pos < y->pos ? -1 : x->pos > y->pos;
}

/*
 * Keep the first of each object's members of one name, in o and below
 * (cJSON keeps them all and finds the first): a second "sweep file" or
 * "sweep layout" would outlive the loader's drop of the first, and every
 * reader after it sees one value per key.  Sorted, so a hostile object of
 * a million keys costs n log n, not n^2.
 */
static void
layout_dedup(cJSON *o)
{
	struct layout_key *keys = NULL;
	size_t n = 0, cap = 0, i, kept = 0;
	cJSON *c;

	cJSON_ArrayForEach(c, o) {
		if (cJSON_IsObject(c) || cJSON_IsArray(c))
			layout_dedup(c);
		if (!cJSON_IsObject(o) || c->string == NULL)
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 16;
			keys = xrealloc(keys, cap * sizeof *keys);
		}
		keys[n].item = c;
		keys[n].pos = n;
		n++;
	}
	if (n > 1)
		qsort(keys, n, sizeof *keys, layout_key_cmp);
	for (i = 1; i < n; i++) {
		if (strcmp(keys[i].item->string, keys[kept].item->string) == 0)
			cJSON_Delete(cJSON_DetachItemViaPointer(o, keys[i].item));
		else
			kept = i;
	}
	free(keys);
}

/* Drop key from every entry of root: sweep's own keys are never taken from a file. */
static void
fio_layout_drop(cJSON *root, const char *key)
{
	static const char *const lists[] = { "jobs", "client_stats" };
	unsigned l;
	cJSON *e;

	for (l = 0; l < 2; l++)
		cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(root, lists[l]))
			cJSON_DeleteItemFromObjectCaseSensitive(e, key);
}

/*
 * Bring the entries of root ("jobs", "client_stats") of fio version
 * major.minor to fio 3.19's layout; returns what was converted.
 */
static unsigned
fio_layout_normalize(cJSON *root, int major, int minor)
{
	static const char *const lists[] = { "jobs", "client_stats" };
	unsigned flags = 0, l, k;
	cJSON *e;

	for (l = 0; l < 2; l++)
		cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(root, lists[l]))
			for (k = 0; k < sizeof layout_dirs / sizeof layout_dirs[0]; k++) {
				cJSON *d = cJSON_GetObjectItemCaseSensitive(e, layout_dirs[k]);

				if (cJSON_IsObject(d))
					flags |= layout_dir(d, major, minor);
			}
	return flags;
}

/*
 * The first line of text that fio wrote (its error lines start "fio:" or
 * name a job: "job1: ..."), cleaned and cut to len; false when none.
 */
static bool
import_fio_said(const char *text, char *buf, size_t len)
{
	const char *line, *end;
	char raw[512];

	for (line = text; *line != '\0'; line = *end != '\0' ? end + 1 : end) {
		end = line + strcspn(line, "\n");
		if (end - line >= 4 && (strncmp(line, "fio:", 4) == 0 || strstr(line, "err=") != NULL ||
		    memchr(line, ':', (size_t)(end - line)) != NULL)) {
			snprintf(raw, sizeof raw, "%.*s", (int)(end - line), line);
			text_clean(buf, len, raw);
			return buf[0] != '\0';
		}
	}
	return false;
}

/* Does a JSON text of len bytes hold more values (n) than fio's output would?  A line then. */
static bool
fio_layout_dense(const char *path, size_t n, size_t len)
{
	if (n <= len / FIO_SCAN_BYTES_PER_VALUE + 1024)
		return false;
	sweep_error("import %s: %zu JSON values in %zu bytes, more than one per %d bytes: not "
	    "fio's output (fio writes one per 13 bytes or more); give the file fio "
	    "--output-format=json wrote", path, n, len, FIO_SCAN_BYTES_PER_VALUE);
	return true;
}

/* The offset in text of cJSON's last error, or dflt when it is not after from. */
static size_t
fio_layout_error(const char *text, size_t len, size_t from, size_t dflt)
{
	const char *ep = cJSON_GetErrorPtr();

	return ep != NULL && ep > text + from && ep <= text + len ? (size_t)(ep - text) : dflt;
}

/*
 * The JSON object of fio's output in text (len bytes) into *root: found
 * in one pass (fio-scan.c), parsed once.  cJSON checks escapes and numbers
 * the scan does not: an object it refuses is passed over as a failed scan
 * is, from the line of its error on, so the file is still read about
 * once.  -EINVAL after one line on stderr when there is none, it is
 * malformed, or it holds more values than fio's output of its size has
 * (cJSON's tree would take 40 times the file).
 */
static int
fio_layout_parse(const char *path, const char *text, size_t len, cJSON **root)
{
	struct fio_scan s;
	size_t from = 0, err_off = 0, at;
	unsigned line, col;
	bool any = false;
	char said[160];

	for (;;) {
		fio_scan_json(text, len, from, &s);
		any = any || s.any;
		if (!s.found)
			break;
		if (fio_layout_dense(path, s.nvalues, len))
			return -EINVAL;
		*root = cJSON_ParseWithLengthOpts(text + s.start, len - s.start, NULL, 0);
		if (*root != NULL)
			return 0;
		at = fio_layout_error(text, len, s.start, s.start);
		err_off = at > err_off ? at : err_off;
		while (at > s.start && text[at - 1] != '\n')
			at--;
		from = at > s.start ? at : fio_scan_next_line(text, len, s.start);
	}
	if (!any) {
		/* A run fio could not start: its own error line says why. */
		if (import_fio_said(text, said, sizeof said))
			sweep_error("import %s: no JSON object in the file; fio said: \"%s\"", path,
			    said);
		else
			sweep_error("import %s: no JSON object in the file; give the output of fio "
			    "--output-format=json", path);
		return -EINVAL;
	}
	if (s.any && s.err_off >= err_off) {
		/* Where cJSON says the furthest candidate fails, as the message always said. */
		if (fio_layout_dense(path, s.err_nvalues, len))
			return -EINVAL;
		*root = cJSON_ParseWithLengthOpts(text + s.err_start, len - s.err_start, NULL, 0);
		if (*root != NULL)
			return 0;
		err_off = fio_layout_error(text, len, s.err_start, s.err_off);
	}
	text_position(text, err_off, &line, &col);
	sweep_error("import %s:%u:%u: malformed or truncated JSON (give the whole file fio "
	    "--output-format=json wrote)", path, line, col);
	return -EINVAL;
}

/*
 * Parse fio's JSON output at path into *root (caller frees with
 * cJSON_Delete).  Text before the JSON (fio prints its errors there) and
 * after it (--output-format=json,normal) is skipped.  Refuses what is not
 * fio 3.x JSON output with one line on stderr; returns -EINVAL then.
 */
int
import_fio_load(const char *path, cJSON **root)
{
	const char *version;
	size_t len;
	char *text;
	int major, minor;

	*root = NULL;
	if (results_read_input("import", path, FIO_LOAD_MAX_BYTES, "give the file fio "
	    "--output-format=json wrote", "give the file fio --output-format=json wrote", &text,
	    &len) != 0)
		return -EINVAL;
	if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
		/* A UTF-8 byte order mark (an editor's save): not part of the JSON. */
		len -= 3;
		memmove(text, text + 3, len + 1);
	}
	if (fio_layout_parse(path, text, len, root) != 0) {
		free(text);
		return -EINVAL;
	}
	free(text);
	layout_dedup(*root);
	results_json_clean(*root);	/* job names, options, host names: clean text */
	version = fio_json_str(*root, "fio version");
	if (!cJSON_IsObject(*root) || version == NULL) {
		sweep_error("import %s: not fio JSON output (no \"fio version\"); give the output of "
		    "fio --output-format=json", path);
		goto refuse;
	}
	if (strncmp(version, "fio-", 4) != 0 || sscanf(version + 4, "%d", &major) != 1) {
		sweep_error("import %s: unknown \"fio version\" \"%s\"; sweep reads the JSON of fio "
		    "2.3 and later", path, version);
		goto refuse;
	}
	if (sscanf(version + 4, "%*d.%d", &minor) != 1)
		minor = 0;
	if (major < 2 || (major == 2 && minor < 3)) {
		sweep_error("import %s: written by %s, whose JSON holds no job options (rw, bs, "
		    "iodepth): its cells cannot be told apart; sweep reads the JSON of fio 2.3 and "
		    "later", path, version);
		goto refuse;
	}
	if (!cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(*root, "jobs")) &&
	    !cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(*root, "client_stats"))) {
		sweep_error("import %s: fio output without \"jobs\" (or \"client_stats\"); give the "
		    "output of fio --output-format=json", path);
		goto refuse;
	}
	cJSON_DeleteItemFromObjectCaseSensitive(*root, FIO_LAYOUT_KEY);
	fio_layout_drop(*root, FIO_FILE_KEY);
	cJSON_AddNumberToObject(*root, FIO_LAYOUT_KEY, fio_layout_normalize(*root, major, minor));
	return 0;
refuse:
	cJSON_Delete(*root);
	*root = NULL;
	return -EINVAL;
}
