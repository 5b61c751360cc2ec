/*
 * The saturating depth: where IOPS stop growing with queue depth.  The
 * summary reads it at each workload's block size with the most depths.
 */
#include "config.h"

#include "analysis/analysis.h"

/*
 * The saturating depth of n (queue depth, IOPS) points in any order: the
 * index of the smallest depth whose IOPS is within SATURATION_TOL of the
 * best; -1 when no point has IOPS above 0.
 */
int
analysis_saturation_depth(const unsigned *depth, const double *iops, unsigned n)
{
	double best = 0;
	unsigned i;
	int at = -1;

	for (i = 0; i < n; i++)
		if (iops[i] > best)
			best = iops[i];
	if (!(best > 0))
		return -1;
	for (i = 0; i < n; i++)
		if (iops[i] >= best * (1 - SATURATION_TOL) && (at < 0 || depth[i] < depth[at]))
			at = (int)i;
	return at;
}
