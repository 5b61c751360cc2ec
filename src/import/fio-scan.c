/*
 * Where fio's JSON starts in its file, found in one pass without building
 * a tree.  fio prints its errors before the JSON, and a line of them may
 * start with "{" too, so each line that starts with "{" is a candidate:
 * the first whose object is whole is the JSON.  A candidate that fails is
 * scanned only up to its error, and the next one looked for from the
 * line of that error on, so the file is scanned about once however many
 * candidates it holds (the loader parsed the rest of the file from each of
 * up to 64 such lines: 3.8 s for 2 MB, 81 s for 32 MB).  The scan follows
 * cJSON's grammar (whitespace is any byte up to a space, a string may
 * hold raw control bytes, a number is a run of digits, signs, dots and
 * exponents) and is looser where cJSON checks more (escapes, a number's
 * form): cJSON then parses the object found, once, and says where it is
 * malformed.  The scan also counts the object's values: cJSON takes about
 * 110 bytes of memory for each, so the loader refuses more than one value
 * per FIO_SCAN_BYTES_PER_VALUE bytes (fio writes one per 13 bytes or more,
 * 27 as fio indents it), bounding memory to about 15 times the file.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "import/fio.h"

#define FIO_SCAN_DEPTH	1000	/* cJSON's CJSON_NESTING_LIMIT */

/* What fio_scan_value expects next. */
enum fio_scan_want { SCAN_VALUE, SCAN_KEY, SCAN_AFTER };

/* The offset past the whitespace at p (cJSON's: every byte up to a space). */
static size_t
fio_scan_ws(const char *t, size_t len, size_t p)
{
	while (p < len && (unsigned char)t[p] <= 32)
		p++;
	return p;
}

/* The offset past the string at p (a '"'), or len when it is not closed. */
static size_t
fio_scan_string(const char *t, size_t len, size_t p)
{
	for (p++; p < len && t[p] != '"'; p++)
		if (t[p] == '\\')
			p++;
	return p < len ? p + 1 : len;
}

/* The offset past a number, true, false or null at p; p itself when none is there. */
static size_t
fio_scan_scalar(const char *t, size_t len, size_t p)
{
	static const char *const words[] = { "true", "false", "null" };
	size_t i, n;

	if (t[p] == '-' || (t[p] >= '0' && t[p] <= '9')) {
		for (n = p; n < len && t[n] != '\0' && strchr("0123456789+-.eE", t[n]) != NULL; n++)
			;
		return n;
	}
	for (i = 0; i < sizeof words / sizeof words[0]; i++) {
		n = strlen(words[i]);
		if (len - p >= n && memcmp(t + p, words[i], n) == 0)
			return p + n;
	}
	return p;
}

/*
 * Scan the JSON value at t[p] up to len.  Returns the offset past it, or
 * SIZE_MAX with *err at the offset where it stops being JSON; *nvalues
 * counts its values (objects, arrays, strings, numbers, literals).
 */
static size_t
fio_scan_value(const char *t, size_t len, size_t p, size_t *nvalues, size_t *err)
{
	char stack[FIO_SCAN_DEPTH];
	enum fio_scan_want want = SCAN_VALUE;
	size_t depth = 0, q;

	for (;;) {
		p = fio_scan_ws(t, len, p);
		if (want == SCAN_AFTER && depth == 0)
			break;
		if (p >= len)
			goto fail;
		if (want == SCAN_KEY) {
			if (t[p] != '"' || (p = fio_scan_string(t, len, p)) >= len)
				goto fail;
			p = fio_scan_ws(t, len, p);
			if (p >= len || t[p] != ':')
				goto fail;
			p++;
			want = SCAN_VALUE;
		} else if (want == SCAN_AFTER) {
			if (t[p] == ',')
				want = stack[depth - 1] == '{' ? SCAN_KEY : SCAN_VALUE;
			else if (t[p] == (stack[depth - 1] == '{' ? '}' : ']'))
				depth--;
			else
				goto fail;
			p++;
		} else if (t[p] == '{' || t[p] == '[') {
			if (depth == FIO_SCAN_DEPTH)
				goto fail;
			(*nvalues)++;
			stack[depth++] = t[p];
			q = fio_scan_ws(t, len, p + 1);
			if (q < len && t[q] == (t[p] == '{' ? '}' : ']')) {
				depth--;
				p = q + 1;
				want = SCAN_AFTER;
			} else {
				want = t[p] == '{' ? SCAN_KEY : SCAN_VALUE;
				p++;
			}
		} else {
			(*nvalues)++;
			q = t[p] == '"' ? fio_scan_string(t, len, p) : fio_scan_scalar(t, len, p);
			if (q == p || (t[p] == '"' && q >= len))
				goto fail;
			p = q;
			want = SCAN_AFTER;
		}
	}
	return p;
fail:
	*err = p < len ? p : len;
	return SIZE_MAX;
}

/* The offset of the next line's start after p, or len. */
size_t
fio_scan_next_line(const char *t, size_t len, size_t p)
{
	const char *nl = memchr(t + p, '\n', len - p);

	return nl != NULL ? (size_t)(nl - t) + 1 : len;
}

/*
 * Find fio's JSON object in text (len bytes), from the line that starts at
 * from on, into s: s->found with its offset and count of values, or, when
 * no candidate line is whole, the candidate that got furthest and where it
 * failed (s->any: there was one).
 */
void
fio_scan_json(const char *text, size_t len, size_t from, struct fio_scan *s)
{
	size_t p = from, err, ls;

	memset(s, 0, sizeof *s);
	while (p < len) {
		size_t nvalues = 0;

		if (text[p] != '{') {
			p = fio_scan_next_line(text, len, p);
			continue;
		}
		s->any = true;
		if (fio_scan_value(text, len, p, &nvalues, &err) != SIZE_MAX) {
			s->found = true;
			s->start = p;
			s->nvalues = nvalues;
			return;
		}
		if (err >= s->err_off) {
			s->err_off = err;
			s->err_start = p;
			s->err_nvalues = nvalues;
		}
		/* On from the line of the error: a candidate before it was part of this one. */
		for (ls = err; ls > p && text[ls - 1] != '\n'; ls--)
			;
		p = ls > p ? ls : fio_scan_next_line(text, len, p);
	}
}
