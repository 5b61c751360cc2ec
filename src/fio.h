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
const char *fio_jobfile_engine(const char *);
/* Caller frees. */
char	*fio_jobfile_name(const struct cell *);

/* import-fio.c */
int	 import_fio_load(const char *, cJSON **);
int	 import_fio_results(const cJSON *, const char *, const char *, int, const char *,
	     struct results *);

#endif
