/* results.csv: one row per finished cell, the columns of columns.c (units in their names). */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

/* A CSV field, quoted (RFC 4180) when it holds a comma, quote or line break. */
void
csv_quote(FILE *f, const char *s)
{
	const char *p;

	if (strpbrk(s, ",\"\r\n") == NULL) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
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

/* One cell's row: each column's value, empty when it has none. */
static void
csv_row(FILE *f, const struct results *res, const struct cell_result *r)
{
	struct column_value v;
	unsigned i;

	for (i = 0; i < ncolumns; i++) {
		if (i > 0)
			fputc(',', f);
		column_value(&columns[i], res, r, &v);
		if (v.kind == COLUMN_NUMBER)
			fprintf(f, "%.*f", columns[i].decimals > 0 ? columns[i].decimals : 0, v.number);
		else if (v.kind == COLUMN_COUNT)
			fprintf(f, "%llu", (unsigned long long)v.count);
		else if (v.kind == COLUMN_TEXT)
			csv_quote(f, v.text);
	}
	fputc('\n', f);
}

/* Write path whole or not at all. */
int
report_csv_write(const struct results *res, const char *path)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	unsigned i;
	int err;

	if (f == NULL)
		return -errno;
	csv_header(f);
	for (i = 0; i < res->plan.ncells; i++)
		if (res->cells[i].status != CELL_PENDING)
			csv_row(f, res, &res->cells[i]);
	if (fclose(f) != 0) {
		free(buf);
		return -ENOMEM;
	}
	err = write_file_atomic(path, buf, len);
	free(buf);
	return err;
}
