#include "config.h"

/*
 * A table of numbers into results: figures measured elsewhere (a
 * spreadsheet, an old report, a vendor's data sheet) become a results.json
 * that sweep charts, reports and compares like a run of its own.
 *
 * The table: a header row, then one row per cell.  Columns (names are
 * matched without case, spaces and units in brackets: "BW (MiB/s)" is
 * bw_mib_s): mode and bs (required); iops and/or a bandwidth, either in a
 * column whose name carries the unit (bw_mib_s, bw_mb_s, bw_kib_s, bw_kb_s,
 * bw_gib_s, bw_gb_s, bw_bytes_s) or in a "bw" column whose values carry it
 * ("245MiB/s", "250MB/s"); optional depth, jobs, runtime_s, status, label,
 * and latencies lat_{min,mean,max,stdev,p50,p90,p99,p99_9,p99_99}_{ns,us,ms}.
 * Comma, semicolon or tab separated (the header decides), RFC 4180 quotes,
 * "#" comment lines.  sweep's own results.csv reads back.
 *
 * A missing IOPS is bandwidth / bs and a missing bandwidth IOPS x bs, both
 * marked derived; when a row has both, BW = IOPS x bs is checked as for a
 * run and a mismatch is flagged.  A bad row stops the import with its row
 * number and column.  import_csv_parse() works on a buffer (the fuzzer's
 * way in); import_csv_file() reads the file.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "base/util.h"
#include "import/import-csv.h"
#include "plan/plan.h"
#include "results/columns.h"
#include "results/profile.h"
#include "results/results.h"

#define IMPORT_CSV_MAX_BYTES	(64 * MIB)
#define IMPORT_CSV_MAX_ROWS	100000
#define IMPORT_CSV_MAX_FIELDS	256
#define IMPORT_CSV_BS_MAX	GIB
/*
 * Figures beyond any storage are typing mistakes; the bounds also keep the
 * counts made from them (rate x seconds) inside 64 bits.
 */
#define IMPORT_CSV_IOPS_MAX	1e10		/* IOPS */
#define IMPORT_CSV_BW_MAX	1e13		/* bytes/s: 10 TB/s */
#define IMPORT_CSV_RUNTIME_MAX	1e6		/* seconds */


/* The parse in progress. */
struct csv_in {
	const char	*name;		/* the table's path, for messages */
	const char	*p, *end;
	char		 delim;
	unsigned	 line;		/* line of the next character */
	char		*field[IMPORT_CSV_MAX_FIELDS];
	unsigned	 nfield;
	size_t		 flen[IMPORT_CSV_MAX_FIELDS];
	char		*err;		/* the one-line message */
	size_t		 errlen;
};

/* A row while the table is read. */
/*
 * What names a row's cell: struct cell but --auto's why[96], which a table
 * has not (a row of 100,000 held 10 MB of it while the cells were made).
 */
struct csv_key {
	enum rw_mode	 mode;
	uint64_t	 bs;
	unsigned	 depth, jobs;
};

struct csv_row {
	unsigned	 line;
	struct csv_key	 cell;
	double		 iops, bw, runtime_s;
	double		 lat[LAT_COUNT];
	bool		 has_lat[LAT_COUNT];
	enum cell_status status;
};

/* Set the message: "import --csv NAME: row N, column "c" (k): ...". */
static int __attribute__((format(printf, 5, 6)))
csv_bad(struct csv_in *in, unsigned line, const struct csv_column *col, unsigned k,
    const char *fmt, ...)
{
	char msg[384];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (col != NULL)
		snprintf(in->err, in->errlen, "import --csv %s: row %u, column \"%s\" (%u): %s",
		    in->name, line, col->name, k + 1, msg);
	else if (line > 0)
		snprintf(in->err, in->errlen, "import --csv %s: row %u: %s", in->name, line, msg);
	else
		snprintf(in->err, in->errlen, "import --csv %s: %s", in->name, msg);
	return -EINVAL;
}

/* Free the fields of the last record. */
static void
csv_fields_free(struct csv_in *in)
{
	unsigned i;

	for (i = 0; i < in->nfield; i++)
		free(in->field[i]);
	in->nfield = 0;
}

/* Append a character to a field being read. */
static void
csv_putc(char **buf, size_t *len, size_t *cap, char c)
{
	if (*len + 2 > *cap) {
		*cap = *cap ? *cap * 2 : 32;
		*buf = xrealloc(*buf, *cap);
	}
	(*buf)[(*len)++] = c;
	(*buf)[*len] = '\0';
}

/*
 * The next record into in->field (RFC 4180: quotes, doubled quotes, line
 * breaks inside quotes; CR LF or LF).  Blank lines and lines starting with
 * "#" are skipped.  Returns 1 for a record, 0 at the end, -EINVAL (message
 * set) for a quote left open or too many fields; *line is where it starts.
 */
static int
csv_record(struct csv_in *in, unsigned *line)
{
	char *buf;
	size_t len, cap;
	bool quoted, any = false;

	csv_fields_free(in);
	for (;;) {
		if (in->p >= in->end)
			return 0;
		if (*in->p == '\n' || (*in->p == '\r' && in->p + 1 < in->end && in->p[1] == '\n')) {
			in->p += *in->p == '\r' ? 2 : 1;
			in->line++;
			continue;
		}
		if (*in->p == '#') {
			while (in->p < in->end && *in->p != '\n')
				in->p++;
			continue;
		}
		break;
	}
	*line = in->line;
	for (;;) {
		quoted = false;
		len = 0;
		cap = 32;
		buf = xcalloc(1, cap);
		while (in->p < in->end && (*in->p == ' ' || *in->p == '\t') && *in->p != in->delim)
			in->p++;
		if (in->p < in->end && *in->p == '"') {
			quoted = true;
			in->p++;
			for (;;) {
				if (in->p >= in->end) {
					free(buf);
					return csv_bad(in, *line, NULL, 0, "a quoted field is not closed (a \" "
					    "is missing)");
				}
				if (*in->p == '"') {
					if (in->p + 1 < in->end && in->p[1] == '"') {
						csv_putc(&buf, &len, &cap, '"');
						in->p += 2;
						continue;
					}
					in->p++;
					break;
				}
				if (*in->p == '\n')
					in->line++;
				csv_putc(&buf, &len, &cap, *in->p++);
			}
		}
		while (in->p < in->end && *in->p != in->delim && *in->p != '\n' &&
		    !(*in->p == '\r' && in->p + 1 < in->end && in->p[1] == '\n')) {
			if (!quoted || (*in->p != ' ' && *in->p != '\t'))
				csv_putc(&buf, &len, &cap, *in->p);
			in->p++;
		}
		while (!quoted && len > 0 && (buf[len - 1] == ' ' || buf[len - 1] == '\t' ||
		    buf[len - 1] == '\r'))
			buf[--len] = '\0';
		if (in->nfield == IMPORT_CSV_MAX_FIELDS) {
			free(buf);
			return csv_bad(in, *line, NULL, 0, "more than %d fields", IMPORT_CSV_MAX_FIELDS);
		}
		in->flen[in->nfield] = len;
		in->field[in->nfield++] = buf;
		any = true;
		if (in->p < in->end && *in->p == in->delim) {
			in->p++;
			continue;
		}
		break;
	}
	if (in->p < in->end) {
		in->p += *in->p == '\r' ? 2 : 1;
		in->line++;
	}
	return any ? 1 : 0;
}

/* The separator of the table: the most frequent of , ; tab outside quotes in its first line. */
static char
csv_delimiter(const char *p, const char *end)
{
	unsigned comma = 0, semi = 0, tab = 0;
	bool q = false;

	while (p < end && (*p == '#' || *p == '\n' || *p == '\r')) {
		while (p < end && *p != '\n')
			p++;
		if (p < end)
			p++;
	}
	for (; p < end && (q || *p != '\n'); p++) {
		if (*p == '"')
			q = !q;
		else if (!q && *p == ',')
			comma++;
		else if (!q && *p == ';')
			semi++;
		else if (!q && *p == '\t')
			tab++;
	}
	if (semi > comma && semi >= tab)
		return ';';
	if (tab > comma && tab > semi)
		return '\t';
	return ',';
}

/*
 * A number of a cell: digits with an optional fraction and exponent; "3,100"
 * (thousands separators) when the field is not split on commas; for IOPS a
 * "k" suffix (x 1000).  -EINVAL when it is not one.
 */
static int
csv_number(const char *s, char delim, bool k_suffix, double *out)
{
	char buf[64], *end;
	size_t n = 0;
	const char *p;
	double v;

	/* Semicolon tables come from locales that write the decimal point as a comma. */
	if (delim == ';' && strchr(s, ',') != NULL && strchr(s, '.') != NULL)
		return -EINVAL;
	for (p = s; *p != '\0'; p++) {
		if (*p == ' ' || *p == '_')
			continue;
		if (*p == ',' && delim != ';' && p > s && isdigit((unsigned char)p[-1]) &&
		    isdigit((unsigned char)p[1]) && isdigit((unsigned char)p[2]) &&
		    isdigit((unsigned char)p[3]) && !isdigit((unsigned char)p[4]))
			continue;	/* a thousands separator: "3,100" */
		if (n + 1 >= sizeof buf || *p == 'x' || *p == 'X')
			return -EINVAL;	/* too long, or hexadecimal (strtod would take it) */
		buf[n++] = *p == ',' && delim == ';' ? '.' : *p;
	}
	buf[n] = '\0';
	if (n == 0 || (!isdigit((unsigned char)buf[0]) && buf[0] != '.'))
		return -EINVAL;
	v = strtod(buf, &end);
	if (k_suffix && (*end == 'k' || *end == 'K')) {
		v *= 1000;
		end++;
	}
	if (*end != '\0' || !isfinite(v) || v < 0)
		return -EINVAL;
	*out = v;
	return 0;
}

/* The header row into cols; checks that the columns a row needs are there. */
static int
table_header(struct csv_in *in, unsigned line, struct csv_column *cols, unsigned *ncols,
    char *ignored, size_t ilen, unsigned *nignored)
{
	bool have[COL_SWEEP + 1] = { false };
	unsigned i, j, nbs;

	*ncols = in->nfield;
	ignored[0] = '\0';
	for (i = 0; i < in->nfield; i++) {
		struct csv_column *c = &cols[i];

		if (strlen(in->field[i]) != in->flen[i])
			return csv_bad(in, line, NULL, 0, "the header holds a NUL byte");
		import_csv_column_kind(in->field[i], c);
		if (c->kind == COL_SWEEP)
			continue;
		if (c->kind == COL_IGNORED) {
			size_t used = strlen(ignored);

			if (in->field[i][0] == '\0')
				continue;
			(*nignored)++;
			if (used + strlen(c->name) + 8 < ilen)
				snprintf(ignored + used, ilen - used, "%s\"%s\"", used ? ", " : "", c->name);
			else if (used + 5 < ilen && strcmp(ignored + used - 3, "...") != 0)
				snprintf(ignored + used, ilen - used, ", ...");
			continue;
		}
		for (j = 0; j < i; j++) {
			bool same = cols[j].kind == c->kind && (c->kind != COL_LAT || cols[j].lat == c->lat);
			bool both_bw = (cols[j].kind == COL_BW || cols[j].kind == COL_BW_UNIT) &&
			    (c->kind == COL_BW || c->kind == COL_BW_UNIT);

			if ((same && c->kind != COL_BW_UNIT) || (both_bw && c->kind == COL_BW) ||
			    (both_bw && cols[j].kind == COL_BW))
				return csv_bad(in, line, c, i, "repeats column \"%s\" (%u): one column per "
				    "figure", cols[j].name, j + 1);
		}
		have[c->kind] = true;
	}
	nbs = have[COL_BS] + have[COL_BS_BYTES] + have[COL_BS_KIB];
	if (!have[COL_MODE])
		return csv_bad(in, line, NULL, 0, "the header has no \"mode\" column (read, write, "
		    "randread, randwrite, readwrite, randrw); a table needs mode, bs, and iops and/or a "
		    "bandwidth (bw_mib_s, bw_mb_s, or bw with units in the values)");
	if (nbs == 0)
		return csv_bad(in, line, NULL, 0, "the header has no block size column (bs, e.g. 4k; "
		    "or bs_bytes, bs_kib)");
	if (!have[COL_IOPS] && !have[COL_BW] && !have[COL_BW_UNIT])
		return csv_bad(in, line, NULL, 0, "the header has neither \"iops\" nor a bandwidth "
		    "column (bw_mib_s, bw_mb_s, bw_kib_s, bw_bytes_s, or bw with units in the values "
		    "such as 245MiB/s)");
	return 0;
}

/* A mode cell of a row. */
static int
csv_mode(struct csv_in *in, unsigned line, const struct csv_column *c, unsigned i, const char *v,
    struct csv_row *row)
{
	char m[32];
	size_t k;
	int mode;

	str_copy(m, sizeof m, v);
	for (k = 0; m[k] != '\0'; k++)
		m[k] = (char)tolower((unsigned char)m[k]);
	if ((mode = mode_parse(m)) < 0)
		return csv_bad(in, line, c, i, "\"%.*s\" is not a mode; modes are read, write, "
		    "randread, randwrite, readwrite (rw), randrw", TEXT_CUT(v, 40));
	row->cell.mode = (enum rw_mode)mode;
	return 0;
}

/* A block size cell of a row (bs, bs_bytes or bs_kib); have: the row has one already. */
static int
csv_bs(struct csv_in *in, unsigned line, const struct csv_column *c, unsigned i, const char *v,
    struct csv_row *row, bool have)
{
	char b[32];
	size_t k, n = 0;
	uint64_t u;
	double d;

	for (k = 0; v[k] != '\0' && n + 1 < sizeof b; k++)
		if (v[k] != ' ')
			b[n++] = v[k];
	b[n] = '\0';
	if (c->kind == COL_BS_KIB) {
		if (csv_number(v, in->delim, false, &d) != 0 || d * KIB != floor(d * KIB) ||
		    d * KIB > (double)IMPORT_CSV_BS_MAX)
			return csv_bad(in, line, c, i, "\"%.*s\" is not a block size in KiB, e.g. 4 "
			    "or 0.5", TEXT_CUT(v, 40));
		u = (uint64_t)(d * KIB);
	} else if (v[k] != '\0' || parse_size(b, &u) != 0 ||
	    (c->kind == COL_BS_BYTES && strspn(b, "0123456789") != n))
		return csv_bad(in, line, c, i, "\"%.*s\" is not a block size; e.g. 4k, 64KiB, "
		    "1m or 4096 (bytes)", TEXT_CUT(v, 40));
	if (u == 0 || u > IMPORT_CSV_BS_MAX)
		return csv_bad(in, line, c, i, "block size %.*s is outside 1 byte .. 1 GiB", TEXT_CUT(v, 40));
	if (have && u != row->cell.bs)
		return csv_bad(in, line, c, i, "%.*s disagrees with the row's other block "
		    "size column (%llu bytes)", TEXT_CUT(v, 40), (unsigned long long)row->cell.bs);
	row->cell.bs = u;
	return 0;
}

/* A bandwidth cell of a row: units in the value (bw) or in the column's name. */
static int
csv_bw(struct csv_in *in, unsigned line, const struct csv_column *c, unsigned i, const char *v,
    struct csv_row *row)
{
	double d;

	if (c->kind == COL_BW) {
		if (csv_number(v, in->delim, false, &d) == 0)
			return csv_bad(in, line, c, i, "\"%.*s\" has no unit; write e.g. 245MiB/s or "
			    "250MB/s, or name the column bw_mib_s or bw_mb_s", TEXT_CUT(v, 40));
		if (profile_parse_rate(v, &d) != 0)
			return csv_bad(in, line, c, i, "\"%.*s\" is not a bandwidth; e.g. 245MiB/s, "
			    "250MB/s, 1.2GB/s", TEXT_CUT(v, 40));
	} else {
		if (csv_number(v, in->delim, false, &d) != 0)
			return csv_bad(in, line, c, i, "\"%.*s\" is not a number (the unit is in "
			    "the column's name)", TEXT_CUT(v, 40));
		d *= c->mult;
	}
	if (!(d > 0) || d > IMPORT_CSV_BW_MAX)
		return csv_bad(in, line, c, i, "%.*s: bandwidth must be above 0 and at most "
		    "10 TB/s (leave the cell empty when not measured)", TEXT_CUT(v, 40));
	if (row->bw == 0)
		row->bw = d;
	return 0;
}

/* A cell of a row that holds a figure (depth, jobs, IOPS, latency, runtime) or a status. */
static int
csv_figure(struct csv_in *in, unsigned line, const struct csv_column *c, unsigned i,
    const char *v, struct csv_row *row)
{
	uint64_t u;
	double d;

	switch (c->kind) {
	case COL_DEPTH:
	case COL_JOBS:
		if (parse_uint(v, 1, 65536, &u) != 0)
			return csv_bad(in, line, c, i, "\"%.*s\" is not a whole number from 1 to "
			    "65536", TEXT_CUT(v, 40));
		if (c->kind == COL_DEPTH)
			row->cell.depth = (unsigned)u;
		else
			row->cell.jobs = (unsigned)u;
		return 0;
	case COL_IOPS:
		if (csv_number(v, in->delim, true, &d) != 0)
			return csv_bad(in, line, c, i, "\"%.*s\" is not a number of IOPS", TEXT_CUT(v, 40));
		if (!(d > 0) || d > IMPORT_CSV_IOPS_MAX)
			return csv_bad(in, line, c, i, "%.*s: IOPS must be above 0 and at most 10^10 "
			    "(leave the cell empty when not measured)", TEXT_CUT(v, 40));
		row->iops = d;
		return 0;
	case COL_LAT:
		if (csv_number(v, in->delim, false, &d) != 0 || d * c->mult > 1e15)
			return csv_bad(in, line, c, i, "\"%.*s\" is not a latency (a number, in the "
			    "unit of the column's name)", TEXT_CUT(v, 40));
		row->lat[c->lat] = d * c->mult;
		row->has_lat[c->lat] = true;
		return 0;
	case COL_RUNTIME:
		if (csv_number(v, in->delim, false, &d) != 0 || !(d > 0) ||
		    d > IMPORT_CSV_RUNTIME_MAX)
			return csv_bad(in, line, c, i, "\"%.*s\" is not a number of seconds above 0 "
			    "(and at most 10^6)", TEXT_CUT(v, 40));
		row->runtime_s = d;
		return 0;
	default:
		if (strcmp(v, "ok") == 0)
			row->status = CELL_OK;
		else if (strcmp(v, "failed") == 0)
			row->status = CELL_FAILED;
		else if (strcmp(v, "skipped") == 0)
			row->status = CELL_SKIPPED;
		else
			return csv_bad(in, line, c, i, "\"%.*s\" is not a status; give ok, failed or "
			    "skipped", TEXT_CUT(v, 40));
		return 0;
	}
}

/* What a row must have, and figures that point to a unit or column mixed up. */
static int
csv_row_check(struct csv_in *in, unsigned line, const struct csv_row *row, bool have_mode,
    bool have_bs)
{
	if (!have_mode)
		return csv_bad(in, line, NULL, 0, "no mode (the \"mode\" cell is empty)");
	if (!have_bs)
		return csv_bad(in, line, NULL, 0, "no block size (the \"bs\" cell is empty)");
	if (row->status != CELL_SKIPPED && row->iops == 0 && row->bw == 0)
		return csv_bad(in, line, NULL, 0, "neither IOPS nor bandwidth: give one (the other is "
		    "derived), or status skipped");
	if (row->bw == 0 && row->iops * (double)row->cell.bs > IMPORT_CSV_BW_MAX)
		return csv_bad(in, line, NULL, 0, "IOPS x bs is %.3g bytes/s, beyond any storage: a "
		    "unit or a column mixed up?", row->iops * (double)row->cell.bs);
	if (row->iops == 0 && row->bw / (double)row->cell.bs > IMPORT_CSV_IOPS_MAX)
		return csv_bad(in, line, NULL, 0, "bandwidth / bs is %.3g IOPS, beyond any storage: a "
		    "unit or a column mixed up?", row->bw / (double)row->cell.bs);
	return 0;
}

/* The values of one data row. */
static int
csv_row_parse(struct csv_in *in, unsigned line, const struct csv_column *cols, unsigned ncols,
    struct csv_row *row, char *label, size_t llen)
{
	bool have_mode = false, have_bs = false;
	unsigned i;
	int err = 0;

	memset(row, 0, sizeof *row);
	row->line = line;
	row->cell.depth = 0;	/* not given */
	row->cell.jobs = 1;
	row->status = CELL_OK;
	if (in->nfield > ncols)
		return csv_bad(in, line, NULL, 0, "%u fields, the header has %u (a separator too many, "
		    "or a value with a separator in it that is not quoted)", in->nfield, ncols);
	for (i = 0; i < in->nfield && err == 0; i++) {
		const struct csv_column *c = &cols[i];
		const char *v = in->field[i];

		if (c->kind == COL_IGNORED || c->kind == COL_SWEEP || v[0] == '\0')
			continue;
		if (strlen(v) != in->flen[i])
			return csv_bad(in, line, c, i, "holds a NUL byte");
		if (c->kind == COL_MODE) {
			err = csv_mode(in, line, c, i, v, row);
			have_mode = true;
		} else if (c->kind == COL_BS || c->kind == COL_BS_BYTES || c->kind == COL_BS_KIB) {
			err = csv_bs(in, line, c, i, v, row, have_bs);
			have_bs = true;
		} else if (c->kind == COL_BW || c->kind == COL_BW_UNIT)
			err = csv_bw(in, line, c, i, v, row);
		else if (c->kind == COL_LABEL) {
			if (label[0] == '\0')
				str_copy(label, llen, v);
			else if (strcmp(label, v) != 0)
				label[0] = '\x01';	/* rows disagree: no label of the whole table */
		} else
			err = csv_figure(in, line, c, i, v, row);
	}
	return err != 0 ? err : csv_row_check(in, line, row, have_mode, have_bs);
}

/* The plan's cell of a row. */
static void
csv_plan_cell(const struct csv_row *row, unsigned index, struct cell *c)
{
	memset(c, 0, sizeof *c);
	c->index = index;
	c->mode = row->cell.mode;
	c->bs = row->cell.bs;
	c->depth = row->cell.depth;
	c->jobs = row->cell.jobs;
}

/* A cell of the results from a row. */
static void
csv_cell(const struct csv_row *row, unsigned index, struct cell_result *r)
{
	double secs = row->runtime_s, ios;
	unsigned p;

	memset(r, 0, sizeof *r);
	csv_plan_cell(row, index, &r->cell);
	r->status = row->status;
	if (row->status == CELL_SKIPPED) {
		snprintf(r->status_reason, sizeof r->status_reason, "skipped in the table (row %u)",
		    row->line);
		return;
	}
	r->iops = row->iops;
	r->bw_bytes_s = row->bw;
	if (r->iops == 0) {
		r->iops = row->bw / (double)row->cell.bs;
		r->derived |= CELL_DERIVED_IOPS;
	}
	if (r->bw_bytes_s == 0) {
		r->bw_bytes_s = row->iops * (double)row->cell.bs;
		r->derived |= CELL_DERIVED_BW;
	}
	/*
	 * The table holds rates: with its runtime_s, counts over that window
	 * stand for them; without, the window and counts are not known and
	 * stay 0 (results_cell_rates_only), never a window made up.
	 */
	if (secs > 0) {
		r->runtime_ns = (uint64_t)(secs * 1e9);
		ios = round(r->iops * secs);
		r->ios = ios >= 1 ? (uint64_t)ios : 1;
		r->bytes = (uint64_t)round(r->bw_bytes_s * secs);
	}
	if (!mode_writes(row->cell.mode)) {
		r->read_ios = r->ios;
		r->read_bytes = r->bytes;
	} else if (!mode_reads(row->cell.mode)) {
		r->write_ios = r->ios;
		r->write_bytes = r->bytes;
	}
	for (p = 0; p < PCT_COUNT; p++)
		if (row->has_lat[p])
			r->lat_pct_ns[p] = (uint64_t)round(row->lat[p]);
	r->lat_min_ns = (uint64_t)round(row->lat[LAT_MIN]);
	r->lat_max_ns = (uint64_t)round(row->lat[LAT_MAX]);
	r->lat_mean_ns = row->lat[LAT_MEAN];
	r->lat_stdev_ns = row->lat[LAT_STDEV];
	if (row->status == CELL_FAILED)
		snprintf(r->status_reason, sizeof r->status_reason, "failed in the table (row %u)",
		    row->line);
	bw_check_compute(r);
	results_cell_derive(r);
	analysis_stability_judge(r);	/* no per-second series: unknown */
	/* The check of a table: its two columns against each other; no device leg. */
	if (r->derived & CELL_DERIVED_IOPS)
		snprintf(r->check.reason, sizeof r->check.reason, "IOPS derived from bandwidth / bs "
		    "(not in the table)");
	else if (r->derived & CELL_DERIVED_BW)
		snprintf(r->check.reason, sizeof r->check.reason, "bandwidth derived from IOPS x bs "
		    "(not in the table)");
	else if (r->check.ok)
		snprintf(r->check.reason, sizeof r->check.reason, "IOPS x bs within %.0f%% of the "
		    "table's bandwidth", BW_CHECK_DERIVED_TOL * 100);
	else {
		double q = r->check.derived / r->check.measured;

		snprintf(r->check.reason, sizeof r->check.reason, "table row %u: IOPS x bs = %.1f MiB/s, "
		    "but its bandwidth is %.1f MiB/s (%+.1f%%)%s", row->line, r->check.derived / MIB,
		    r->check.measured / MIB, (q - 1) * 100, fabs(q - 1.048576) < 0.005 ||
		    fabs(1 / q - 1.048576) < 0.005 ? ": MB/s written as MiB/s, or the reverse?" :
		    ": a wrong unit, block size or figure in the table?");
	}
}

/* Cells in the order of mode, bs, depth, jobs. */
static int
csv_cell_cmp(const struct csv_key *x, const struct csv_key *y)
{
	if (x->mode != y->mode)
		return x->mode < y->mode ? -1 : 1;
	if (x->bs != y->bs)
		return x->bs < y->bs ? -1 : 1;
	if (x->depth != y->depth)
		return x->depth < y->depth ? -1 : 1;
	return x->jobs < y->jobs ? -1 : x->jobs > y->jobs;
}

/* Rows (pointers to them) in the order of their cell, then of the table. */
static int
csv_row_cmp(const void *a, const void *b)
{
	const struct csv_row *x = *(const struct csv_row *const *)a;
	const struct csv_row *y = *(const struct csv_row *const *)b;
	int c = csv_cell_cmp(&x->cell, &y->cell);

	return c != 0 ? c : x->line < y->line ? -1 : x->line > y->line;
}

/*
 * Two rows of one cell (mode, bs, depth, jobs): the reports pivot on those.
 * Pointers are sorted, not the rows: a copy of 100,000 rows was 25 MB.
 */
static int
csv_duplicates(struct csv_in *in, const struct csv_row *rows, unsigned n)
{
	const struct csv_row **s = xcalloc(n ? n : 1, sizeof *s);
	unsigned i;
	int ret = 0;
	char bs[32], qd[16];

	for (i = 0; i < n; i++)
		s[i] = &rows[i];
	qsort(s, n, sizeof *s, csv_row_cmp);
	for (i = 1; i < n && ret == 0; i++) {
		if (csv_cell_cmp(&s[i]->cell, &s[i - 1]->cell) != 0)
			continue;
		snprintf(qd, sizeof qd, "%u", s[i]->cell.depth);
		ret = csv_bad(in, s[i]->line, NULL, 0, "repeats row %u (%s, bs %s, depth %s, jobs "
		    "%u): one row per cell", s[i - 1]->line, mode_name(s[i]->cell.mode),
		    size_short(s[i]->cell.bs, bs, sizeof bs), s[i]->cell.depth ? qd : "not given",
		    s[i]->cell.jobs);
	}
	free(s);
	return ret;
}

/*
 * res from the rows of the table in->name: the record (results_create), what
 * a table says of its run, then a cell per row; label is --label (NULL:
 * the label column's, else the file's stem).  Returns the rows whose BW
 * check failed.
 */
static unsigned
csv_results(struct results *res, const struct csv_in *in, const char *label,
    const char *col_label, const struct csv_row *rows, unsigned nrows)
{
	struct target t = { .kind = TARGET_FILE, .rotational = -1, .loop_dio = -1, .excl_fd = -1 };
	struct plan p = { .ncells = nrows, .rwmixread = 50, .engine = "table" };
	struct cell_result r;
	unsigned i, mismatch = 0, nodepth;
	char stem[128], path[4096];

	results_stem(in->name, stem, sizeof stem);
	if (label == NULL && col_label[0] != '\0' && col_label[0] != '\x01' &&
	    strchr(col_label, '/') == NULL)
		label = col_label + (col_label[0] == '\'' && csv_is_formula(col_label + 1));	/* '=x */
	else if (label == NULL)
		label = stem[0] ? stem : "table";
	t.path = path;	/* name as clean text: a record only; results_create() cleans the label */
	text_clean(path, sizeof path, in->name);
	t.name = stem;
	p.runtime_s = rows[0].runtime_s > 0 && rows[0].runtime_s < 4e9 ?
	    (unsigned)(rows[0].runtime_s + 0.5) : 0;
	p.cells = xcalloc(nrows, sizeof *p.cells);
	for (i = 0; i < nrows; i++)
		csv_plan_cell(&rows[i], i, &p.cells[i]);
	results_create(res, label, NULL, &t, &p);
	free(p.cells);
	str_copy(res->host, sizeof res->host, "unknown (imported from a table)");
	res->kernel[0] = '\0';
	snprintf(res->description, sizeof res->description, "imported from the table %s (%u rows) "
	    "on %s; when and where it was measured is not recorded", t.path, nrows, res->started_utc);
	for (i = 0, nodepth = 0; i < nrows; i++)
		nodepth += rows[i].cell.depth == 0;
	if (nodepth > 0)
		snprintf(res->description + strlen(res->description), sizeof res->description -
		    strlen(res->description), "; %s give%s no queue depth (QD? in the reports)",
		    nodepth == nrows ? "its rows" : nodepth == 1 ? "1 row" : "some rows",
		    nodepth == 1 && nodepth != nrows ? "s" : "");
	for (i = 0; i < nrows; i++) {
		csv_cell(&rows[i], i, &r);
		if (r.status != CELL_SKIPPED && !r.check.ok)
			mismatch++;
		results_store_cell(res, i, &r);
		res->ndone++;
	}
	return mismatch;
}

/*
 * Parse a table (text of len bytes, NUL-terminated; name for messages)
 * into res.  label NULL: the table's "label" column when its rows agree,
 * else the file's name.  Prints one line and returns -EINVAL on bad input.
 */
int
import_csv_parse(const char *name, const char *text, size_t len, const char *label,
    struct results *res)
{
	struct csv_column *cols = xcalloc(IMPORT_CSV_MAX_FIELDS, sizeof *cols);
	struct csv_row *rows = NULL;
	char err[512] = "", ignored[256], col_label[128] = "";
	struct csv_in in = { .name = name, .p = text, .end = text + len, .line = 1, .err = err,
	    .errlen = sizeof err };
	unsigned ncols = 0, nrows = 0, cap = 0, line, i, mismatch = 0, nignored = 0;
	int ret;

	memset(res, 0, sizeof *res);
	if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
		in.p += 3;	/* a UTF-8 byte order mark, as spreadsheets write */
	in.delim = csv_delimiter(in.p, in.end);
	ret = csv_record(&in, &line);
	if (ret == 0)
		ret = csv_bad(&in, 0, NULL, 0, "empty: a table needs a header row (mode, bs, iops "
		    "and/or bw_mib_s, ...) and a row per cell");
	if (ret > 0)
		ret = table_header(&in, line, cols, &ncols, ignored, sizeof ignored, &nignored);
	while (ret == 0 && (ret = csv_record(&in, &line)) > 0) {
		for (i = 0; i < in.nfield && in.field[i][0] == '\0'; i++)
			;
		if (i == in.nfield) {
			ret = 0;
			continue;	/* a row of empty cells, as spreadsheets leave at the end */
		}
		if (nrows == IMPORT_CSV_MAX_ROWS) {
			ret = csv_bad(&in, line, NULL, 0, "more than %d rows", IMPORT_CSV_MAX_ROWS);
			break;
		}
		if (nrows == cap) {
			cap = cap ? cap * 2 : 64;
			rows = xrealloc(rows, cap * sizeof *rows);
		}
		ret = csv_row_parse(&in, line, cols, ncols, &rows[nrows], col_label, sizeof col_label);
		if (ret == 0)
			nrows++;
	}
	if (ret == 0 && nrows == 0)
		ret = csv_bad(&in, 0, NULL, 0, "no data rows below the header");
	if (ret == 0)
		ret = csv_duplicates(&in, rows, nrows);
	csv_fields_free(&in);
	free(cols);
	if (ret != 0) {
		sweep_error("%s", err);
		free(rows);
		return -EINVAL;
	}

	mismatch = csv_results(res, &in, label, col_label, rows, nrows);
	free(rows);
	if (ignored[0] != '\0')
		results_warn(res, "%u column%s of %s that sweep does not read %s left out: %s",
		    nignored, nignored == 1 ? "" : "s", name, nignored == 1 ? "was" : "were", ignored);
	if (mismatch > 0)
		results_warn(res, "%u row%s of %s: IOPS x bs differs from the bandwidth column by more "
		    "than %.0f%% (flagged in the reports)", mismatch, mismatch == 1 ? "" : "s", name,
		    BW_CHECK_DERIVED_TOL * 100);
	return 0;
}

/* `sweep import --csv TABLE.csv`: read the table whole and parse it into res. */
int
import_csv_file(const char *path, const char *label, struct results *res)
{
	char *text;
	size_t len;
	int ret;

	memset(res, 0, sizeof *res);
	ret = results_read_input("import --csv", path, IMPORT_CSV_MAX_BYTES, "give a table with a "
	    "header row: mode, bs, iops and/or bw_mib_s, ...", "give a text table (CSV)", &text, &len);
	if (ret != 0)
		return ret;
	ret = import_csv_parse(path, text, len, label, res);
	free(text);
	return ret;
}
