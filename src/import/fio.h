/*
 * fio interop: what the fio family of files (fio-jobfile.c, import-fio.c,
 * hosts.c, import-fleet.c) shares and offers.  fio is both a
 * format here (job files out, JSON output in) and, for multi-host runs, the
 * transport (fio --server on every host, fio --client here).
 */
#ifndef FIO_H
#define FIO_H

#include <time.h>

#include <cjson/cJSON.h>

#include "base/sweep.h"
#include "plan/plan.h"

#define FIO_DEFAULT_PORT	8765	/* fio --server's default */
#define FIO_ALL_CLIENTS		"All clients"	/* jobname of fio's client-mode aggregate */

/* fio-jobfile.c: the plan as an equivalent fio job file */
int	 fio_jobfile_write(const struct plan *p, const struct target *t, const char *path);
/* Caller frees; NULL with why in err. */
char	*fio_jobfile_text(const struct plan *p, const struct target *t, char *err, size_t errlen);

/* hosts.c: run the plan on many hosts through fio's client/server mode */
/* What the hosts of a run gave: one results per host (cells NULL: none), and what failed. */
struct hosts_outcome {
	struct results	*res;
	unsigned	 failed_hosts;
	unsigned	 failed_cells;
	struct fleet_total total;
};

/* What a multi-host run takes from the options; the command fills it. */
struct hosts_opts {
	const char	*hosts;		/* --hosts H1[:PORT],H2,... */
	const char	*hosts_file;	/* --hosts-file FILE */
	const char	*device;	/* --device, on every host */
	const char	*file;		/* --file, on every host */
	uint64_t	 size;		/* --size, when size_set */
	bool		 size_set;
	bool		 keep;
	bool		 destructive;
	bool		 precondition;	/* refused */
	bool		 stop_on_error;	/* refused */
	const char	*resume;	/* refused */
};

int	 hosts_list_read(const struct hosts_opts *o, struct host_list *l);
void	 hosts_target(const struct hosts_opts *o, struct target *t);
int	 hosts_check(const struct hosts_opts *o, const struct plan *p, uint64_t size);
/* Where a multi-host run writes and how it names each host's results; the command fills it. */
struct hosts_run_opts {
	const char	*out;		/* the output folder: OUT/sweep.fio, fio's output */
	const char	*label;		/* --label: a host's results are LABEL-DIR; NULL: DIR */
	const char	*description;	/* --description, before each host's own; NULL none */
};

int	 hosts_run(struct host_list *l, const struct plan *p, const struct target *t,
	     const struct hosts_run_opts *ro, struct hosts_outcome *o);
void	 hosts_outcome_free(const struct host_list *l, struct hosts_outcome *o);

/* import-fleet.c: fio client/server output, one results per host */
struct cJSON;
struct fleet {
	const char	*path;
	struct cJSON	*root;
	struct host_list hosts;
	bool		 one;		/* --host: that host alone, into the folder itself */
};
int	 import_fleet_open(const char *path, const char *host, struct fleet *f);
/* What import_fleet_build made: one results per host (cells NULL: none). */
struct fleet_built {
	struct results	*res;
	const struct plan *plan;	/* of the host with the most cells; NULL: none gave any */
	struct fleet_total total;
	unsigned	 failed;	/* hosts that gave none */
	int		 ret;		/* the exit code so far */
};
/* What a fleet import takes from the options; the command fills it. */
struct import_fleet_opts {
	const char	*label;		/* --label: a host's results are LABEL-DIR; NULL: DIR */
	const char	*expect;	/* --expect, for each host; NULL none */
	const char	*profile;	/* --profile, for each host; NULL none */
};
void	 import_fleet_build(struct fleet *f, const struct import_fleet_opts *fo,
	     struct fleet_built *b);
void	 import_fleet_built_free(const struct fleet *f, struct fleet_built *b);
int	 import_fleet_results(const struct fleet *f, const char *label, struct results *res);
void	 import_fleet_close(struct fleet *f);

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
	const cJSON	*bins;		/* json+: the histogram, {"ns": count}; NULL none */
};
void	 fio_lat_read(const cJSON *dir, struct fio_lat *l);
bool	 fio_lat_merge(struct cell_result *r, const struct fio_lat *l, unsigned n);

/* fio-values.c */
const char *fio_json_str(const cJSON *o, const char *key);
double	 fio_json_num(const cJSON *o, const char *key);
#define FIO_VALUES_MAX	18446744073709551616.0	/* 2^64: fio's counters are 64-bit */
long long fio_values_port(const cJSON *o);
uint64_t fio_values_u64(double v);
int	 fio_values_int(double v);
time_t	 fio_values_time(double v);
int	 fio_values_seconds(const char *s, unsigned *out);
int	 fio_values_check(const char *path, const cJSON *e);

/* fio-layout.c: fio's JSON file read, older layouts brought to fio 3.19's */
#define FIO_LAYOUT_US	0x1	/* latency in microseconds (fio 2.x) */
#define FIO_LAYOUT_KIB	0x2	/* io_bytes in KiB (fio 2.20 and older) */
#define FIO_LAYOUT_BW	0x4	/* no bw_bytes: io_bytes / runtime (fio 3.1 and older) */
#define FIO_LAYOUT_N	0x8	/* latency records without N: total_ios (fio 3.17 and older) */
#define FIO_LAYOUT_KEY	"sweep layout"	/* the flags, set on the root by import_fio_load */
#define FIO_FILE_KEY	"sweep file"	/* an entry's file (import-many.c); the loader drops it */
int	 import_fio_load(const char *path, cJSON **root);

/* fio-rate.c: fio's rate_iops and rate_process as an open-loop cell's rate */
int	 fio_rate_cell(const char *rate_iops, const char *rate_process, struct cell *c);
void	 fio_rate_finish(struct results *res);

/* fio-scan.c: where fio's JSON starts in its file, found in one pass */
#define FIO_SCAN_BYTES_PER_VALUE	8	/* fio writes about 13 or more; cJSON takes 110 */
struct fio_scan {
	bool		 found;		/* a whole object: */
	size_t		 start;		/* its offset */
	size_t		 nvalues;	/* and its values */
	bool		 any;		/* else, when a line started with "{", the furthest: */
	size_t		 err_start;	/* its offset */
	size_t		 err_off;	/* where it stopped being JSON */
	size_t		 err_nvalues;	/* its values up to there */
};
void	 fio_scan_json(const char *text, size_t len, size_t from, struct fio_scan *s);
size_t	 fio_scan_next_line(const char *text, size_t len, size_t p);

/* import-fio.c */
int	 import_fio_results(const cJSON *root, const char *path, const char *host, int port,
	     const char *label, struct results *res);
unsigned import_fio_hosts(const cJSON *root, char (*out)[160], unsigned max);

/* import-fio-log.c: fio's iops/bw logs as a cell's per-second series */
struct fio_log_opts {
	const char	*json;		/* the path of the job's JSON file: its logs are beside it */
	const char	*iops, *bw;	/* write_iops_log, write_bw_log: NULL not logged */
	const char	*avg_msec;	/* log_avg_msec */
	const char	*jobname;
	unsigned	*series_s;	/* seconds of series the import has taken; NULL: no bound */
};
bool	 import_fio_log_series(const struct fio_log_opts *o, unsigned first, unsigned nthreads,
	     struct cell_result *r);
bool	 import_fio_log_same_file(const cJSON *a, const cJSON *b);

/* import-many.c: fio JSON files and folders of them, as one run */
int	 import_fio_many(const char *const *args, unsigned nargs, const char *label,
	     struct results *res);

/* hosts.c: the host list and fio's aggregate, for import-fleet.c */
int	 hosts_add(struct host_list *l, const char *spec, const char *input);
void	 hosts_dirs_unique(struct host_list *l, const char *input);
void	 hosts_total(const cJSON *root, struct fleet_total *total);


#endif
