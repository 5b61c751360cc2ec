/*
 * A measured cell for the unit tests' fake runs: unit-view, unit-summary
 * and unit-compare-view build their results from it.
 */
#ifndef FAKE_CELL_H
#define FAKE_CELL_H

#include "base/sweep.h"

void	 fake_cell(struct results *res, unsigned n, enum rw_mode mode, uint64_t bs,
	     unsigned depth, double iops, unsigned seconds);

#endif
