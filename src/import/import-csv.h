/*
 * import-csv.c's own: what a table's column holds, read from its header
 * name (import-csv-columns.c).
 */
#ifndef SWEEP_IMPORT_CSV_H
#define SWEEP_IMPORT_CSV_H

#include "base/sweep.h"

/* What a column holds. */
enum csv_col {
	COL_IGNORED, COL_MODE, COL_BS, COL_BS_BYTES, COL_BS_KIB, COL_DEPTH, COL_JOBS, COL_IOPS,
	COL_BW,		/* values carry their unit */
	COL_BW_UNIT,	/* the column name carries the unit (mult) */
	COL_LAT,	/* lat_pct index, or LAT_MIN.. (lat), times mult to ns */
	COL_RUNTIME, COL_STATUS, COL_LABEL,
	COL_SWEEP	/* a column of sweep's results.csv that a table import does not need */
};

enum { LAT_MIN = PCT_COUNT, LAT_MEAN, LAT_MAX, LAT_STDEV, LAT_COUNT };

struct csv_column {
	enum csv_col	 kind;
	double		 mult;		/* bandwidth to bytes/s, latency to ns */
	unsigned	 lat;		/* COL_LAT: which */
	char		 name[64];	/* as written in the header */
};

/* import-csv-columns.c */
void	 import_csv_column_kind(const char *raw, struct csv_column *c);

#endif
