/*
 * Reports: every output format is one entry of a table of writers
 * (report.c); each reads only struct results, so a report can be made
 * again from results.json alone.
 */
#ifndef REPORT_H
#define REPORT_H

#include "sweep.h"

#define REPORT_CSV	0x01

/* report.c */
#define REPORT_DEFAULT	(REPORT_CSV)
int	 report_parse_formats(const char *, unsigned *);
int	 report_write_all(const struct results *, const char *, unsigned, const char *);
int	 report_command(struct config *);

#endif
