#include "config.h"

/*
 * The columns of a table import (import-csv.c): a header name, matched
 * without case, spaces and units in brackets, to what the column holds.
 */

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "base/util.h"
#include "import/import-csv.h"
#include "results/columns.h"

/* A header name made comparable: lowercase, runs of " -()/." as one "_", trimmed. */
static void
csv_normalize(const char *in, char *out, size_t len)
{
	size_t n = 0;

	for (; *in != '\0' && n + 1 < len; in++) {
		unsigned char c = (unsigned char)*in;

		if (isalnum(c))
			out[n++] = (char)tolower(c);
		else if (n > 0 && out[n - 1] != '_')
			out[n++] = '_';
	}
	while (n > 0 && out[n - 1] == '_')
		n--;
	out[n] = '\0';
}

/* The unit at the end of a normalized name ("_us"), as a multiplier to ns; 0 none. */
static double
csv_time_unit(const char *s, size_t *stem)
{
	static const struct { const char *suffix; double mult; } u[] = {
		{ .suffix = "_ns", .mult = 1 },
		{ .suffix = "_us", .mult = 1e3 },
		{ .suffix = "_usec", .mult = 1e3 },
		{ .suffix = "_ms", .mult = 1e6 },
		{ .suffix = "_msec", .mult = 1e6 },
	};
	size_t n = strlen(s), i;

	for (i = 0; i < sizeof u / sizeof u[0]; i++) {
		size_t k = strlen(u[i].suffix);

		if (n > k && strcmp(s + n - k, u[i].suffix) == 0) {
			*stem = n - k;
			return u[i].mult;
		}
	}
	return 0;
}

/* What a header name means. */
void
import_csv_column_kind(const char *raw, struct csv_column *c)
{
	static const struct { const char *name; enum csv_col kind; double mult; } names[] = {
		{ .name = "mode", .kind = COL_MODE },
		{ .name = "rw", .kind = COL_MODE },
		{ .name = "readwrite", .kind = COL_MODE },
		{ .name = "bs", .kind = COL_BS },
		{ .name = "block_size", .kind = COL_BS },
		{ .name = "blocksize", .kind = COL_BS },
		{ .name = "bs_bytes", .kind = COL_BS_BYTES },
		{ .name = "bs_kib", .kind = COL_BS_KIB },
		{ .name = "depth", .kind = COL_DEPTH },
		{ .name = "iodepth", .kind = COL_DEPTH },
		{ .name = "qd", .kind = COL_DEPTH },
		{ .name = "queue_depth", .kind = COL_DEPTH },
		{ .name = "jobs", .kind = COL_JOBS },
		{ .name = "numjobs", .kind = COL_JOBS },
		{ .name = "threads", .kind = COL_JOBS },
		{ .name = "iops", .kind = COL_IOPS },
		{ .name = "bw", .kind = COL_BW },
		{ .name = "bandwidth", .kind = COL_BW },
		{ .name = "throughput", .kind = COL_BW },
		{ .name = "bw_bytes_s", .kind = COL_BW_UNIT, .mult = 1 },
		{ .name = "bw_b_s", .kind = COL_BW_UNIT, .mult = 1 },
		{ .name = "bw_kib_s", .kind = COL_BW_UNIT, .mult = 1024.0 },
		{ .name = "bw_kb_s", .kind = COL_BW_UNIT, .mult = 1e3 },
		{ .name = "bw_mib_s", .kind = COL_BW_UNIT, .mult = 1048576.0 },
		{ .name = "bw_mb_s", .kind = COL_BW_UNIT, .mult = 1e6 },
		{ .name = "bw_gib_s", .kind = COL_BW_UNIT, .mult = 1073741824.0 },
		{ .name = "bw_gb_s", .kind = COL_BW_UNIT, .mult = 1e9 },
		{ .name = "mib_s", .kind = COL_BW_UNIT, .mult = 1048576.0 },
		{ .name = "mb_s", .kind = COL_BW_UNIT, .mult = 1e6 },
		{ .name = "runtime_s", .kind = COL_RUNTIME },
		{ .name = "status", .kind = COL_STATUS },
		{ .name = "label", .kind = COL_LABEL },
	};
	static const char *const lat_names[LAT_COUNT] = {
		"p50", "p90", "p99", "p99_9", "p99_99", "min", "mean", "max", "stdev"
	};
	char n[64], stem[64];
	size_t i, len;
	double mult;

	memset(c, 0, sizeof *c);
	str_copy(c->name, sizeof c->name, raw);
	csv_normalize(raw, n, sizeof n);
	for (i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(n, names[i].name) == 0) {
			c->kind = names[i].kind;
			c->mult = names[i].mult;
			return;
		}
	/* lat_p99, clat_p99, p99 with a unit; lat_avg for the mean */
	if ((mult = csv_time_unit(n, &len)) > 0) {
		const char *s = stem;

		snprintf(stem, sizeof stem, "%.*s", (int)len, n);
		if (strncmp(s, "lat_", 4) == 0)
			s += 4;
		else if (strncmp(s, "clat_", 5) == 0)
			s += 5;
		if (strcmp(s, "avg") == 0)
			s = "mean";
		for (i = 0; i < LAT_COUNT; i++)
			if (strcmp(s, lat_names[i]) == 0) {
				c->kind = COL_LAT;
				c->lat = (unsigned)i;
				c->mult = mult;
				return;
			}
	}
	/* The other columns of sweep's results.csv: read back without a word about them. */
	if (column_find(n) != NULL)
		c->kind = COL_SWEEP;
}
