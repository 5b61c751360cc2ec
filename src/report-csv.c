/* results.csv: one row per finished cell, units in the column names. */
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

static const char csv_header[] =
    "label,mode,bs,bs_bytes,depth,jobs,status,iops,bw_mib_s,bw_mb_s,"
    "lat_min_us,lat_mean_us,lat_p50_us,lat_p90_us,lat_p99_us,lat_p99_9_us,lat_p99_99_us,"
    "lat_max_us,lat_stdev_us,cpu_usr_pct,cpu_sys_pct,ios,bytes,runtime_s,errors,short_ios,"
    "first_error,dev_iops,dev_bw_mib_s,dev_util_pct,dev_aqu_sz,dev_await_us,dev_areq_kib,"
    "check_derived_mib_s,check_measured_mib_s,check_device_mib_s,check_diff_derived_pct,"
    "check_diff_device_pct,check_verdict,check_reason,status_reason,inflight_max,steady\n";

static void
csv_row(FILE *f, const struct results *res, const struct cell_result *r)
{
	char bs[32], steady[96], *err = NULL;
	unsigned i;

	csv_quote(f, res->label);
	fprintf(f, ",%s,%s,%llu,%u,%u,%s", mode_name(r->cell.mode),
	    size_short(r->cell.bs, bs, sizeof bs), (unsigned long long)r->cell.bs, r->cell.depth,
	    r->cell.jobs, cell_status_name(r->status));
	if (r->status == CELL_SKIPPED) {
		/* 34 empty figures, the reason, then no in-flight or steady-state figures. */
		for (i = 0; i < 34; i++)
			fputc(',', f);
		csv_quote(f, r->status_reason);
		fputs(",,\n", f);
		return;
	}
	fprintf(f, ",%.1f,%.3f,%.3f", r->iops, r->bw_bytes_s / MIB, r->bw_bytes_s / 1e6);
	fprintf(f, ",%.1f,%.1f", (double)r->lat_min_ns / 1e3, r->lat_mean_ns / 1e3);
	for (i = 0; i < PCT_COUNT; i++)
		fprintf(f, ",%.1f", (double)r->lat_pct_ns[i] / 1e3);
	fprintf(f, ",%.1f,%.1f", (double)r->lat_max_ns / 1e3, r->lat_stdev_ns / 1e3);
	fprintf(f, ",%.1f,%.1f,%llu,%llu,%.3f,%llu,%llu,", r->cpu_usr_pct, r->cpu_sys_pct,
	    (unsigned long long)r->ios, (unsigned long long)r->bytes, (double)r->runtime_ns / 1e9,
	    (unsigned long long)r->errors, (unsigned long long)r->short_ios);
	if (r->err_syscall[0] != '\0') {
		err = xasprintf("%s: %s at offset %llu", r->err_syscall, strerror(r->err_errno),
		    (unsigned long long)r->err_offset);
		csv_quote(f, err);
		free(err);
	}
	if (r->dev.valid)
		fprintf(f, ",%.1f,%.3f,%.1f,%.2f,%.1f,%.1f", r->dev.iops, r->dev.bw_bytes_s / MIB,
		    r->dev.util_pct, r->dev.aqu_sz, r->dev.await_us, r->dev.areq_bytes / KIB);
	else
		fputs(",,,,,,", f);
	fprintf(f, ",%.3f,%.3f,", r->check.derived / MIB, r->check.measured / MIB);
	if (r->check.device >= 0)
		fprintf(f, "%.3f", r->check.device / MIB);
	fprintf(f, ",%.2f,", r->check.diff_derived * 100);
	if (r->check.device >= 0)
		fprintf(f, "%.2f", r->check.diff_device * 100);
	fprintf(f, ",%s,", r->check.ok ? "ok" : "mismatch");
	csv_quote(f, r->check.reason);
	fputc(',', f);
	csv_quote(f, r->status_reason);
	if (r->inflight_max > 0)
		fprintf(f, ",%u,", r->inflight_max);
	else
		fputs(",,", f);
	csv_quote(f, report_table_steady_text(res, r, steady, sizeof steady));
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
	fputs(csv_header, f);
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
