/*
 * Volume profiles (profile.c): what a cloud volume type is sold for, read
 * from sweeps/profiles/, and --expect; resolved into the record's
 * struct expect (results.json's "expect").
 */
#ifndef SWEEP_PROFILE_H
#define SWEEP_PROFILE_H

#include <cjson/cJSON.h>

#include "base/sweep.h"

#define PROFILE_STEPS_MAX	8
enum profile_figure { PROFILE_IOPS, PROFILE_BW, PROFILE_BURST_IOPS, PROFILE_BURST_BW,
	PROFILE_FIGURES };

/* One figure of a profile: fixed, a formula of the volume size, or provisioned with it. */
struct profile_limit {
	bool		 present;
	bool		 provisioned;	/* chosen when the volume is made: --expect or provisioned_* */
	bool		 has_value;
	double		 value;		/* fixed part; for a provisioned figure, its default */
	double		 per_gib, per_tib;	/* times the volume size */
	double		 per_iops;	/* bandwidth: bytes/s per baseline IOPS */
	double		 min, max;	/* clamp of the formula; range of a provisioned figure */
	double		 max_below;	/* a lower max while the IOPS are below max_below_iops */
	double		 max_below_iops;
	double		 max_per_gib;	/* provisioned: the most per GiB of volume */
	double		 max_per_iops;	/* provisioned bandwidth: the most per provisioned IOPS */
	double		 floor;		/* the published lower end */
	unsigned	 nsteps;	/* volumes up to step_up_to[i] bytes get step_value[i] */
	uint64_t	 step_up_to[PROFILE_STEPS_MAX];
	double		 step_value[PROFILE_STEPS_MAX];
};

/* A volume type's published caps (IOPS in IOPS, bandwidth in bytes/s). */
struct profile {
	char		 name[64];
	char		 description[256];
	char		 source[512];
	char		 notes[512];
	uint64_t	 size;		/* a fixed-size tier's disk size (Azure P10); 0 none */
	double		 provisioned_iops, provisioned_bw;
	struct profile_limit limit[PROFILE_FIGURES];
	struct promise	 promise;	/* "promise": share_pct 0 when the profile has none */
};

int	 profile_parse_rate(const char *s, double *out);
/* profile-promise.c */
int	 profile_promise_parse(const cJSON *o, struct promise *pr, const char **key, char *msg,
	     size_t len);
const char *profile_rate_text(double v, char *buf, size_t len);
int	 profile_parse_expect(const char *arg, struct expect *e, char *err, size_t errlen);
int	 profile_parse(const char *path, const char *text, size_t len, struct profile *p, char *err,
	     size_t errlen);
int	 profile_load(const char *arg, struct profile *p);
int	 profile_resolve(const struct profile *p, const struct expect *given, uint64_t size,
	     struct expect *out, char *err, size_t errlen);
int	 profile_apply(const char *expect, const char *profile, const struct target *t,
	     struct expect *out);

#endif
