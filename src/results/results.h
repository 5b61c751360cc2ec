/*
 * struct results, built and kept (results.c, results-attempt.c), written to
 * and read from results.json (results-json*.c, results-auto.c), and made
 * from a table of numbers (import-csv.c).
 */
#ifndef SWEEP_RESULTS_H
#define SWEEP_RESULTS_H

#include "base/sweep.h"

/* results.c */
void	 results_create(struct results *res, const char *label, const char *description,
	     const struct target *t, const struct plan *p);
bool	 results_cell_has_figures(const struct cell_result *r);
bool	 results_cell_rates_only(const struct cell_result *r);
bool	 results_cell_checked(const struct cell_result *r);
bool	 results_device_counted(const struct results *res);
bool	 results_cell_buffered(const struct cell_result *r);
bool	 results_cell_shared(const struct cell_result *r);
/* fio clones whose windows differ more than this (longest / shortest) ran different windows. */
#define RESULTS_CLONES_SKEW	1.5
bool	 results_cell_clones_skewed(const struct cell_result *r);
double	 results_cell_cv_pct(const struct cell_result *r);
void	 results_store_cell(struct results *res, unsigned i, struct cell_result *r);
void	 results_reset_cell(struct results *res, unsigned i);
void	 results_store_round(struct results *res, unsigned i, struct cell_result *r);
/* A stability verdict's name; whether it marks the cell's figures (noisy or stalled). */
const char *results_stability_name(enum stability_verdict v);
bool	 results_stability_suspect(const struct stability *s);
void	 results_cell_own_series(struct cell_result *c, const struct cell_result *shown);
void	 results_cell_free(struct cell_result *r);
unsigned results_rounds_done(const struct results *res);
void	 results_set_expect(struct results *res, const struct expect *e);
void	 results_free(struct results *res);
void	 results_warn(struct results *res, const char *fmt, ...)
	     __attribute__((format(printf, 2, 3)));
void	 bw_check_compute(struct cell_result *r);
const char *cell_status_name(enum cell_status s);
int	 cell_status_parse(const char *name);
const char *results_stem(const char *path, char *buf, size_t len);
/* Caller frees the text. */
int	 results_read_input(const char *what, const char *path, uint64_t max, const char *hint,
	     const char *binary_hint, char **text, size_t *len);

/* results-attempt.c: --retry-unstable's attempts of a cell, and which one it shows */
bool	 results_attempt_wanted(const struct cell_result *r, unsigned max);
void	 results_store_attempt(struct results *res, unsigned i, struct cell_result *a);
unsigned results_attempt_choose(const struct cell_result *r);
const char *results_attempt_rule(const struct cell_result *r);
void	 results_attempt_note(const struct cell_result *r, char *buf, size_t len);

/* results-json.c: results.json, written */
int	 results_write_json(const struct results *res, const char *path);
/* Caller frees the returned string. */
char	*results_to_json(const struct results *res);

/* results-json-read.c: results.json, read back */
int	 results_load(const char *path, struct results *res);
int	 results_from_json(const char *text, struct results *res, char *err, size_t errlen);

/* results-fields-cell.c: the figures the field table derives from r's others, set on r */
void	 results_cell_derive(struct cell_result *r);

/* results-open.c */
bool	 results_open_own(const struct cell_result *r);
bool	 results_closed_loop(const struct results *res, struct results *out);
double	 results_rate_cap(const struct results *res, const struct cell *c);
void	 results_closed_free(struct results *out);
unsigned results_drop_open(struct results *res);

/* results-auto.c: the "auto" object of results.json (an --auto run's findings) */
struct cJSON;
void	 results_auto_to_json(struct cJSON *root, const struct autoplan_record *a);
void	 results_auto_from_json(const struct cJSON *o, struct autoplan_record *a);
void	 results_auto_free(struct autoplan_record *a);


/* import-csv.c: a table of numbers into results */
int	 import_csv_parse(const char *name, const char *text, size_t len, const char *label,
	     struct results *res);
int	 import_csv_file(const char *path, const char *label, struct results *res);

#endif
