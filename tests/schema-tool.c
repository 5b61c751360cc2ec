/*
 * schema-tool doc <TEMPLATE: doc/results-schema.md.in with each line
 * "@TABLE@" replaced by that table of the field tables (`make schema`).
 * schema-tool rewrite FILE: FILE read and written again as results.json
 * (tests/schema.sh: sweep's own files come back byte for byte).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "base/sweep.h"
#include "results/columns.h"
#include "results/results-fields.h"
#include "results/results.h"

/* The column table (columns.c): results.csv's header, its unit, the workbook's header and sheets. */
static int
columns_doc(void)
{
	unsigned i;

	fputs("| column | unit | workbook header | sheets |\n| --- | --- | --- | --- |\n", stdout);
	for (i = 0; i < ncolumns; i++) {
		const struct column *c = &columns[i];

		printf("| `%s` | %s | %s | %s |\n", c->name, c->unit, c->title,
		    c->flags & COLUMN_CHECKS ? "Cells, Checks" : c->flags & COLUMN_CELLS ? "Cells" :
		    "results.csv only");
	}
	return 0;
}

/*
 * The table "top", "expect", "target", "plan", "cells", "cells.KEY" (the
 * object at KEY of a cell) or "columns" (results.csv's).
 */
static int
table_doc(const char *name)
{
	if (strcmp(name, "columns") == 0)
		return columns_doc();
	if (strcmp(name, "top") == 0)
		return results_fields_doc(stdout, results_top_fields, NULL);
	if (strcmp(name, "expect") == 0)
		return results_fields_doc(stdout, results_expect_fields, NULL);
	if (strcmp(name, "target") == 0)
		return results_fields_doc(stdout, results_target_fields, NULL);
	if (strcmp(name, "plan") == 0)
		return results_fields_doc(stdout, results_plan_fields, NULL);
	if (strcmp(name, "cells") == 0)
		return results_fields_doc(stdout, results_cell_fields, NULL);
	if (strncmp(name, "cells.", 6) == 0)
		return results_fields_doc(stdout, results_cell_fields, name + 6);
	return -1;
}

static int
doc(void)
{
	char line[4096], name[256];
	size_t n;

	while (fgets(line, sizeof line, stdin) != NULL) {
		n = strlen(line);
		if (n > 3 && n < sizeof name && line[0] == '@' && strcmp(line + n - 2, "@\n") == 0) {
			memcpy(name, line + 1, n - 3);
			name[n - 3] = '\0';
			if (table_doc(name) != 0) {
				fprintf(stderr, "schema-tool: @%s@: no such table (top, expect, target, plan, cells, cells.KEY, columns)\n",
				    name);
				return 2;
			}
		} else
			fputs(line, stdout);
	}
	return ferror(stdout) || fflush(stdout) != 0 ? 1 : 0;
}

static int
rewrite(const char *path)
{
	struct results res;
	char *text;

	if (analysis_results_load(path, &res) != 0)
		return 2;
	text = results_to_json(&res);
	results_free(&res);
	if (text == NULL)
		return 1;
	printf("%s\n", text);
	free(text);
	return 0;
}

int
main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "doc") == 0)
		return doc();
	if (argc == 3 && strcmp(argv[1], "rewrite") == 0)
		return rewrite(argv[2]);
	fprintf(stderr, "usage: schema-tool doc <template | schema-tool rewrite results.json\n");
	return 2;
}
