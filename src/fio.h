/*
 * fio interop: what the fio family of files (fio-jobfile.c, import-fio.c,
 * hosts.c) shares beyond the entry points listed in sweep.h.  fio is both a
 * format here (job files out, JSON output in) and, for multi-host runs, the
 * transport (fio --server on every host, fio --client here).
 */
#ifndef FIO_H
#define FIO_H

#include <cjson/cJSON.h>

#include "sweep.h"

#define FIO_DEFAULT_PORT	8765	/* fio --server's default */
#define FIO_ALL_CLIENTS		"All clients"	/* jobname of fio's client-mode aggregate */

/* fio-jobfile.c */
const char *fio_jobfile_engine(const char *engine);
/* Caller frees. */
char	*fio_jobfile_name(const struct cell *c);

/* fio-lat.c: one latency record of fio, clat_ns (or lat_ns) of one entry in one direction */
#define FIO_LAT_PCT_MAX	64	/* fio's percentile_list holds at most 20 */
struct fio_lat {
	double		 n, min, max, mean, stdev;
	unsigned	 npct;
	double		 pct[FIO_LAT_PCT_MAX];	/* percent, ascending */
	double		 val[FIO_LAT_PCT_MAX];	/* ns */
	const cJSON	*table;		/* the percentile object, for exact look-ups */
};
void	 fio_lat_read(const cJSON *dir, struct fio_lat *l);
void	 fio_lat_merge(struct cell_result *r, const struct fio_lat *l, unsigned n);

/* fio-values.c */
#define FIO_VALUES_MAX	18446744073709551616.0	/* 2^64: fio's counters are 64-bit */
long long fio_values_port(const cJSON *o);
uint64_t fio_values_u64(double v);
int	 fio_values_int(double v);
int	 fio_values_seconds(const char *s, unsigned *out);
int	 fio_values_check(const char *path, const cJSON *e);

/* import-fio.c */
int	 import_fio_load(const char *path, cJSON **root);
int	 import_fio_results(const cJSON *root, const char *path, const char *host, int port,
	     const char *label, struct results *res);
unsigned import_fio_hosts(const cJSON *root, char (*out)[160], unsigned max);

/* hosts.c: the host list and fio's aggregate, for import-fleet.c */
int	 hosts_add(struct host_list *l, const char *spec, const char *input);
void	 hosts_dirs_unique(struct host_list *l, const char *input);
void	 hosts_total(const cJSON *root, struct fleet_total *total);

#endif
