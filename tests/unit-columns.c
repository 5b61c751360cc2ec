/*
 * The column table (columns.c): unique names that `sweep import --csv`
 * knows, units in the headers, the well-known columns in order, the
 * results.csv header made from the table, values for skipped cells, and a
 * round trip results.csv -> import --csv -> the same figures.
 */
#include "config.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "base/util.h"
#include "render/report.h"
#include "results/columns.h"
#include "results/results.h"

/*
 * Columns every reader of results.csv relies on, in their order: a column
 * may be added anywhere, but none of these dropped, renamed or moved past
 * another.  The whole header is the column table's (doc/results-schema.md
 * prints it from the same table).
 */
static const char *const well_known[] = {
	"label", "mode", "bs", "bs_bytes", "depth", "jobs", "status", "iops", "bw_mib_s",
	"bw_mb_s", "lat_mean_us", "lat_p50_us", "lat_p99_us", "lat_p99_9_us", "lat_max_us",
	"runtime_s", "errors", "dev_iops", "check_verdict", "status_reason", "stability",
	"rounds", "attempts", "reason"
};

/* The column table's header, as results.csv must write it.  Caller frees. */
static char *
table_header(void)
{
	size_t len = 1;
	char *h;
	unsigned i;

	for (i = 0; i < ncolumns; i++)
		len += strlen(columns[i].name) + 1;
	h = xcalloc(1, len);
	for (i = 0; i < ncolumns; i++) {
		if (i > 0)
			strcat(h, ",");
		strcat(h, columns[i].name);
	}
	return h;
}

/* Whether text contains word, case aside. */
static bool
has_word(const char *text, const char *word)
{
	return strcasestr(text, word) != NULL;
}

/* The columns import --csv reads back into the same figures. */
static const char *const round_trip[] = {
	"label", "mode", "bs", "bs_bytes", "depth", "jobs", "status", "iops", "bw_mib_s",
	"lat_min_us", "lat_mean_us", "lat_p50_us", "lat_p90_us", "lat_p99_us", "lat_p99_9_us",
	"lat_p99_99_us", "lat_max_us", "lat_stdev_us", "runtime_s"
};

/* Six cells of assorted figures; cell 4 skipped, cell 2 with device counters. */
static void
fake_results(struct results *res)
{
	static const enum rw_mode modes[] = { MODE_RANDREAD, MODE_RANDWRITE };
	struct target t = { .path = (char *)"/tmp/x/t.dat", .name = (char *)"t.dat",
	    .rotational = -1, .loop_dio = -1, .excl_fd = -1 };
	struct plan p = { .ncells = 6, .runtime_s = 10, .rwmixread = 50, .engine = "null" };
	struct cell cells[6];
	unsigned i, s;

	for (i = 0; i < 6; i++) {
		cells[i].index = i;
		cells[i].mode = modes[i % 2];
		cells[i].bs = 4096ULL << i;
		cells[i].depth = 1 + i;
		cells[i].jobs = 1 + i % 3;
	}
	p.cells = cells;
	results_create(res, "gp2, \"east\"", NULL, &t, &p);
	for (i = 0; i < 6; i++) {
		struct cell_result r;

		memset(&r, 0, sizeof r);
		r.cell = cells[i];
		r.status = i == 4 ? CELL_SKIPPED : CELL_OK;
		if (i == 4)
			snprintf(r.status_reason, sizeof r.status_reason, "bs above the target");
		else {
			r.runtime_ns = 10 * NSEC_PER_SEC;
			r.iops = 256.0 * (i + 1);
			r.bw_bytes_s = r.iops * (double)r.cell.bs;
			r.ios = (uint64_t)r.iops * 10;
			r.bytes = r.ios * r.cell.bs;
			r.lat_min_ns = 1200 + 100 * i;
			r.lat_max_ns = 900000;
			r.lat_mean_ns = 12300;
			r.lat_stdev_ns = 700;
			for (s = 0; s < PCT_COUNT; s++)
				r.lat_pct_ns[s] = 5000 * (s + 1) + 100 * i;
			r.inflight_max = r.cell.depth;
			r.dev.valid = i == 2;
			r.dev.iops = r.iops;
			r.dev.bw_bytes_s = r.bw_bytes_s;
			bw_check_compute(&r);
			results_cell_derive(&r);
		}
		results_store_cell(res, i, &r);
		res->ndone++;
	}
}

/* The value of column c of a cell as results.csv writes it. */
static const char *
value_text(const struct column *c, const struct results *res, const struct cell_result *r,
    char *buf, size_t len)
{
	struct column_value v;

	column_value(c, res, r, &v);
	if (v.kind == COLUMN_NUMBER)
		snprintf(buf, len, "%.*f", c->decimals > 0 ? c->decimals : 0, v.number);
	else if (v.kind == COLUMN_COUNT)
		snprintf(buf, len, "%llu", (unsigned long long)v.count);
	else
		snprintf(buf, len, "%s", v.kind == COLUMN_TEXT ? v.text : "");
	return buf;
}

/*
 * Names: unique, as import --csv normalizes them, with a title and a value
 * (a getter, or a double at an offset); a unit stated in the workbook's
 * header; the well-known columns present and in order.
 */
static void
check_table(void)
{
	unsigned i, j, k = 0;

	CHECK(ncolumns > 0, "no columns");
	for (i = 0; i < ncolumns; i++) {
		const struct column *c = &columns[i];

		CHECK(strspn(c->name, "abcdefghijklmnopqrstuvwxyz0123456789_") == strlen(c->name),
		    "%s: not lowercase, digits and _", c->name);
		CHECK(c->title != NULL && c->title[0] != '\0', "%s: no title", c->name);
		CHECK(c->unit != NULL, "%s: no unit (\"\" when it has none)", c->name);
		CHECK(c->unit == NULL || c->title == NULL || has_word(c->title, c->unit),
		    "%s: its unit %s is not in its header \"%s\"", c->name, c->unit, c->title);
		CHECK(c->get != NULL || (c->off > 0 && c->off + sizeof(double) <=
		    sizeof(struct cell_result)), "%s: no getter and no figure", c->name);
		CHECK(c->decimals >= -1 && c->decimals <= 3, "%s: decimals %d", c->name, c->decimals);
		CHECK(!(c->flags & COLUMN_CHECKS) || (c->flags & COLUMN_CELLS),
		    "%s: in Checks but not in Cells", c->name);
		CHECK(column_find(c->name) == c, "%s: column_find finds another", c->name);
		for (j = 0; j < i; j++)
			CHECK(strcmp(columns[j].name, c->name) != 0, "%s: twice", c->name);
		if (k < sizeof well_known / sizeof well_known[0] &&
		    strcmp(c->name, well_known[k]) == 0)
			k++;
	}
	CHECK(k == sizeof well_known / sizeof well_known[0],
	    "the well-known column %s is missing or out of order", well_known[k]);
	CHECK(column_find("no_such_column") == NULL, "found a column that is not there");
}

/* A skipped cell has only its identity, status and reason. */
static void
check_skipped(const struct results *res)
{
	const struct cell_result *r = &res->cells[4];
	struct column_value v;
	unsigned i;

	for (i = 0; i < ncolumns; i++) {
		column_value(&columns[i], res, r, &v);
		if (columns[i].flags & COLUMN_ALWAYS)
			CHECK(v.kind != COLUMN_EMPTY || strcmp(columns[i].name, "label") == 0,
			    "skipped cell lacks %s", columns[i].name);
		else
			CHECK(v.kind == COLUMN_EMPTY, "skipped cell has %s", columns[i].name);
	}
	column_value(column_find("dev_iops"), res, &res->cells[0], &v);
	CHECK(v.kind == COLUMN_EMPTY, "dev_iops without device counters");
	column_value(column_find("dev_iops"), res, &res->cells[2], &v);
	CHECK(v.kind == COLUMN_NUMBER && v.number == res->cells[2].dev.iops, "dev_iops of cell 3");
}

/* Each column's getter reads its own figure: cell 2's values as results.csv writes them. */
static void
check_values(const struct results *res)
{
	static const struct { const char *name, *want; } want[] = {
		{ "label", "gp2, \"east\"" }, { "mode", "randwrite" }, { "bs", "8k" },
		{ "bs_bytes", "8192" }, { "depth", "2" }, { "jobs", "2" }, { "status", "ok" },
		{ "iops", "512.0" }, { "bw_mib_s", "4.000" }, { "bw_mb_s", "4.194" },
		{ "lat_min_us", "1.3" }, { "lat_mean_us", "12.3" }, { "lat_p50_us", "5.1" },
		{ "lat_p90_us", "10.1" }, { "lat_p99_us", "15.1" }, { "lat_p99_9_us", "20.1" },
		{ "lat_p99_99_us", "25.1" }, { "lat_max_us", "900.0" }, { "lat_stdev_us", "0.7" },
		{ "ios", "5120" }, { "bytes", "41943040" }, { "runtime_s", "10.000" },
		{ "first_error", "" }, { "dev_iops", "" }, { "check_verdict", "ok" },
		{ "check_device_mib_s", "" }, { "inflight_max", "2" }, { "steady", "ran full runtime" },
		{ "rounds", "" }, { "iops_min", "" }, { "ci_level_pct", "" },
	};
	char buf[256];
	unsigned i;

	for (i = 0; i < sizeof want / sizeof want[0]; i++) {
		const struct column *c = column_find(want[i].name);

		CHECK(c != NULL, "no column %s", want[i].name);
		if (c != NULL)
			CHECK_STR(value_text(c, res, &res->cells[1], buf, sizeof buf), want[i].want);
	}
}

/* The first MiB of path, NUL-terminated (empty if it cannot be read). */
static char *
slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "r");
	char *text = calloc(1, 1 << 20);

	*len = f != NULL ? fread(text, 1, (1 << 20) - 1, f) : 0;
	if (f != NULL)
		fclose(f);
	return text;
}

/* results.csv -> import --csv: every column known (no warning), the figures the same. */
static void
check_round_trip(const struct results *res, const char *dir)
{
	char *path = xasprintf("%s/results.csv", dir), *text, a[256], b[256];
	char *header = table_header();
	struct results back;
	struct view_rows rows;
	size_t len, nl;
	unsigned i, k, n;

	view_rows_init(&rows, res, VIEW_ROWS_FINISHED);
	CHECK(report_csv_write(&rows, path) == 0, "writing %s", path);
	text = slurp(path, &len);
	nl = strcspn(text, "\n");
	CHECK(nl == strlen(header) && strncmp(text, header, nl) == 0,
	    "results.csv's header is not the column table's: %.*s", (int)nl, text);
	for (i = 0, n = 1; i < nl; i++)
		n += text[i] == ',';
	CHECK(n == ncolumns, "results.csv's header has %u names for %u columns", n, ncolumns);
	free(header);
	CHECK(import_csv_parse(path, text, len, NULL, &back) == 0, "import of %s", path);
	for (i = 0; i < back.nwarnings; i++)
		CHECK(strstr(back.warnings[i], "does not read") == NULL,
		    "import --csv does not know a column of results.csv: %s", back.warnings[i]);
	CHECK(back.plan.ncells == res->plan.ncells, "%u cells back, not %u", back.plan.ncells,
	    res->plan.ncells);
	for (i = 0; i < back.plan.ncells && i < res->plan.ncells; i++)
		for (k = 0; k < sizeof round_trip / sizeof round_trip[0]; k++) {
			const struct column *c = column_find(round_trip[k]);
			int same;

			CHECK(c != NULL, "no column %s", round_trip[k]);
			if (c == NULL)
				continue;
			value_text(c, res, &res->cells[i], a, sizeof a);
			value_text(c, &back, &back.cells[i], b, sizeof b);
			same = strcmp(a, b) == 0;
			CHECK(same, "cell %u, %s: \"%s\" written, \"%s\" read back", i + 1, c->name, a, b);
		}
	results_free(&back);
	unlink(path);
	free(path);
	free(text);
}

int
main(void)
{
	char dir[] = "/tmp/unit-columns.XXXXXX";
	struct results res;

	check_table();
	fake_results(&res);
	check_skipped(&res);
	check_values(&res);
	CHECK(mkdtemp(dir) != NULL, "mkdtemp");
	check_round_trip(&res, dir);
	rmdir(dir);
	results_free(&res);
	return check_done("unit-columns");
}
