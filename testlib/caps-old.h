/* The least-squares knee fit of f902f93, frozen for the bench and unit-caps; see caps-old.c. */
#ifndef CAPS_OLD_H
#define CAPS_OLD_H

#include "render/report.h"

struct caps_old {
	enum knee_kind	 kind;
	double		 iops_cap, bw_cap;	/* 0: not stated */
};

void	 caps_old_knee(const uint64_t *, const double *, unsigned, struct caps_old *);

#endif
