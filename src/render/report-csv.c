/* results.csv: one row per finished cell, the columns of columns.c (units in their names). */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "render/report.h"

/*
 * A CSV field, quoted (RFC 4180) when it holds a comma, quote or line
 * break; after a ' when a spreadsheet would take it for a formula (a label
 * "=HYPERLINK(...)": csv_is_formula).
 */
void
csv_quote(FILE *f, const char *s)
{
	const char *p, *guard = csv_is_formula(s) ? "'" : "";

	if (strpbrk(s, ",\"\r\n") == NULL) {
		fputs(guard, f);
		fputs(s, f);
		return;
	}
	fputc('"', f);
	fputs(guard, f);
	for (p = s; *p != '\0'; p++) {
		if (*p == '"')
			fputc('"', f);
		fputc(*p, f);
	}
	fputc('"', f);
}

/* The header row: the columns' names. */
static void
csv_header(FILE *f)
{
	unsigned i;

	for (i = 0; i < ncolumns; i++) {
		if (i > 0)
			fputc(',', f);
		fputs(columns[i].name, f);
	}
	fputc('\n', f);
}

/* The row's line: each column's value, empty when it has none. */
static void
csv_row(FILE *f, const struct view_rows *it)
{
	struct column_value v;
	unsigned i;

	for (i = 0; i < ncolumns; i++) {
		if (i > 0)
			fputc(',', f);
		view_rows_value(it, &columns[i], &v);
		if (v.kind == COLUMN_NUMBER)
			fprintf(f, "%.*f", columns[i].decimals > 0 ? columns[i].decimals : 0, v.number);
		else if (v.kind == COLUMN_COUNT)
			fprintf(f, "%llu", (unsigned long long)v.count);
		else if (v.kind == COLUMN_TEXT)
			csv_quote(f, v.text);
	}
	fputc('\n', f);
}

/*
 * Write path whole or not at all, as it is printed: rows go through a
 * memory stream that is handed to the file every CSV_CHUNK_ROWS rows, so a
 * table of 100,000 cells is never held whole.
 */
#define CSV_CHUNK_ROWS	1024

/* The chunk printed so far into the file; a new chunk after it unless last.  -errno. */
static int
csv_chunk_flush(struct atomic_file *af, FILE **f, char **buf, size_t *len, bool last)
{
	if (fclose(*f) != 0) {
		*f = NULL;
		return -ENOMEM;
	}
	atomic_file_write(af, *buf, *len);
	free(*buf);
	*buf = NULL;
	*len = 0;
	*f = last ? NULL : open_memstream(buf, len);
	return !last && *f == NULL ? -errno : 0;
}

int
report_csv_write(struct view_rows *rows, const char *path)
{
	struct atomic_file af;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;
	unsigned n = 0;
	int err = atomic_file_open(&af, path);

	if (err != 0)
		return err;
	if ((f = open_memstream(&buf, &len)) == NULL)
		err = -errno;
	if (err == 0)
		csv_header(f);
	while (err == 0 && view_rows_next(rows)) {
		csv_row(f, rows);
		if (++n % CSV_CHUNK_ROWS == 0)
			err = csv_chunk_flush(&af, &f, &buf, &len, false);
	}
	if (err == 0)
		err = csv_chunk_flush(&af, &f, &buf, &len, true);
	else if (f != NULL)
		fclose(f);
	free(buf);
	if (err != 0 && af.err == 0)
		af.err = err;
	return atomic_file_commit(&af);
}
