/*
 * The plan (plan.c): the matrix of cells the options ask for.  The
 * provisioned caps it is measured against are results/profile.h's.
 */
#ifndef SWEEP_PLAN_H
#define SWEEP_PLAN_H

#include "base/sweep.h"

/* plan.c */
const char *plan_writer(const struct plan *p);
int	 plan_build(struct plan *p, const struct group *groups, unsigned ngroups);
void	 plan_free(struct plan *p);
uint64_t plan_duration_ns(const struct plan *p);
bool	 plan_steady(const struct plan *p);
unsigned plan_repeat(const struct plan *p);
unsigned plan_steady_least(const struct plan *p);
unsigned plan_cell_rwmixread(const struct plan *p, const struct cell *c);
bool	 plan_cell_same(const struct cell *a, const struct cell *b);
int	 plan_compare(const struct plan *a, const struct plan *b, char *why, size_t len);
void	 plan_print(FILE *f, const struct plan *p, const struct target *t, bool cells);
void	 plan_print_target(FILE *f, const struct target *t);
void	 plan_print_cells(FILE *f, const struct plan *p);

/* plan-rate.c */
void	 plan_add_rates(struct plan *p, const struct rate_list *l, enum rate_arrivals a);
bool	 plan_cell_open(const struct cell *c);
bool	 plan_cell_same_rate(const struct cell *a, const struct cell *b);
const char *plan_cell_rate_text(const struct cell *c, char *buf, size_t len);
void	 plan_print_rates(FILE *f, const struct plan *p);

#endif
