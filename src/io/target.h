/*
 * The target: a file or a block device, opened, guarded, laid out and
 * identified (target*.c).  struct target itself, the record results.json
 * keeps, is in base/sweep.h: the model below every layer.
 */
#ifndef TARGET_H
#define TARGET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/sweep.h"	/* struct target, the record of what was measured */

struct plan;

/* What the target layer reads of the options; the command layer fills it (cmd-shared.c). */
struct target_opts {
	const char	*device;	/* --device, or NULL */
	const char	*file;		/* --file, or NULL: the default file */
	uint64_t	 size;		/* --size, when size_set */
	bool		 size_set;
	bool		 keep;		/* --keep: the default file stays */
	bool		 destructive;
	bool		 force;
	bool		 precondition;
};

/* target.c: the dispatcher (file or device) */
int	 target_open(struct target *t, const struct target_opts *o, bool for_run);
int	 target_check_plan(struct target *t, const struct plan *p);
int	 target_check_writes(struct target *t, const struct target_opts *o, const struct plan *p);
int	 target_same(const struct target *old, const struct target *t, char *why, size_t len);
const char *target_resume_path(const struct target *old);
int	 target_prepare(struct target *t, bool quiet);
int	 target_file_needs_layout(const char *path, uint64_t size);
void	 target_cleanup(struct target *t, bool keep);
int	 target_lock(struct target *t);
void	 target_free(struct target *t);
int	 target_devname_for_path(const char *path, char *buf, size_t len);

/* target-write.c: below target.c and target-device.c */
void	 target_fill_random(void *buf, size_t len, uint64_t *state);
int	 target_write_region(struct target *t, const char *verb, bool quiet);

/* target-probe.c: reads that may stall, in a child process under --io-timeout */
int	 target_probe(const char *input, const char *what, unsigned timeout_s,
	     int (*fn)(const void *arg, char *out, size_t len), const void *arg, char *out, size_t len);
int	 target_probe_signature(const void *arg, char *out, size_t len);

/* target-device.c: below target.c, which dispatches to it */
int	 target_device_open(struct target *t, const struct target_opts *o, bool for_run);
int	 target_device_check_writes(struct target *t, const struct target_opts *o,
	     const struct plan *p);
int	 target_device_looks_fresh(const struct target *t, unsigned timeout_s, unsigned *samples);
int	 target_device_precondition(struct target *t, bool quiet);
const char *target_device_disk(const char *name);
void	 target_device_describe(struct target *t, const char *disk);

/* target-ident.c: what the volume is, from sysfs (SWEEP_SYSFS_ROOT) */
void	 target_identify(struct target *t, uint64_t dev);
void	 target_ident_classify(const char *vendor, const char *model, const char *serial,
	     const char *disk, char *identity, size_t ilen, char *volid, size_t vlen);
const char *target_ident_profiles(const char *identity);

#endif
