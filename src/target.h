/*
 * The target: a file or a block device, opened, guarded, laid out and
 * identified (target*.c).  The first part of sweep.h split off; sweep.h
 * includes it, as struct results holds a struct target.
 */
#ifndef TARGET_H
#define TARGET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct plan;

enum target_kind { TARGET_FILE, TARGET_DEVICE };

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

struct target {
	enum target_kind kind;
	char		*path;
	char		*name;		/* basename, used as the default label */
	uint64_t	 size;		/* the region every cell uses, bytes */
	uint64_t	 total_size;	/* the file's or device's whole size */
	uint32_t	 dio_mem_align;
	uint32_t	 dio_offset_align;
	uint32_t	 logical_bs;
	uint32_t	 physical_bs;
	int		 rotational;	/* -1 unknown */
	char		 model[128];
	char		 vendor[64];	/* from sysfs, "" unknown (target-ident.c) */
	char		 serial[64];
	char		 identity[64];	/* "Amazon EBS", "virtio disk", ...; "" unknown */
	char		 volume_id[64];	/* an EBS volume's id, "vol-0123..." */
	char		 scheduler[64];
	char		 devname[64];	/* block device whose stat counters we read */
	char		 fs_type[32];
	char		 signature[160];	/* what libblkid found on a device, e.g. "ext4, label 'data'" */
	uint64_t	 max_sectors_kb;
	uint64_t	 nr_requests;
	uint64_t	 optimal_io_size;
	uint64_t	 minimum_io_size;
	int		 loop_dio;	/* loop devices: 1 direct I/O, 0 buffered, -1 not a loop */
	int		 excl_fd;	/* held O_EXCL while a destructive run writes */
	int		 lock_fd;	/* flock held by a run (lock.c), -1 none */
	bool		 scratch;	/* default sweep.dat: removed unless --keep */
	bool		 laid_out;
	bool		 has_data;	/* an existing file with written data (SEEK_DATA) */
	bool		 foreign;	/* ...that sweep did not create: the user's (no marker) */
	bool		 as_is;		/* a foreign file read as it is, never laid out */
	bool		 unlaid;	/* ...with holes or unwritten extents in the region */
	char		 abs_path[4096];	/* the file (or its folder) resolved; "" in older records */
	uint64_t	 st_dev;	/* a file's (or its folder's) filesystem, 0 unknown */
	uint64_t	 st_ino;	/* a file's inode, 0 when it does not exist (yet) */
	uint64_t	 st_rdev;	/* a device's number, 0 unknown */
	uint64_t	 written;	/* bytes the last layout or precondition wrote */
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
