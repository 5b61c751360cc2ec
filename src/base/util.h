/*
 * Helpers every layer uses and that know nothing of the model: allocation
 * (xmalloc.c), errors, text, files and sizes (util.c), the data folder
 * (datadir.c) and locks (lock.c).
 */
#ifndef SWEEP_UTIL_H
#define SWEEP_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* xmalloc.c: allocation failure stops the program (tmux's rule). */
void	*xmalloc(size_t size);
void	*xcalloc(size_t n, size_t size);
void	*xrealloc(void *old, size_t size);
char	*xstrdup(const char *s);
/* Caller frees. */
char	*xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char	*xvasprintf(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

/* util.c */
extern int sweep_error_silent;
extern volatile int sweep_interrupted;
void	 sweep_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void	 sweep_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void	 str_copy(char *dst, size_t len, const char *src);
const char *path_component(const char *name, char *out, size_t len);
bool	 path_same_dir(const char *a, const char *b);
double	 u64_median(const uint64_t *v, unsigned n);
void	 text_position(const char *text, size_t off, unsigned *line, unsigned *col);
void	 str_catf(char *buf, size_t size, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
void	 str_appendf(char **buf, size_t *len, const char *fmt, ...)
	     __attribute__((format(printf, 3, 4)));
uint64_t now_ns(void);
int	 file_create(const char *path);
FILE	*input_fopen(const char *path, const char **why);
int	 write_file_atomic(const char *path, const void *buf, size_t len);
/* A file written piece by piece, whole or not at all (PATH.tmp.PID, fsync, rename). */
#define ATOMIC_FILE_BUF	(256 * 1024)
struct atomic_file {
	char	*path, *tmp;
	int	 fd;
	int	 err;		/* the first write error: commit returns it */
	char	*buf;		/* ATOMIC_FILE_BUF bytes not yet written */
	size_t	 len;
};
int	 atomic_file_open(struct atomic_file *af, const char *path);
void	 atomic_file_write(struct atomic_file *af, const void *buf, size_t len);
int	 atomic_file_commit(struct atomic_file *af);
int	 mkdir_p(const char *path);
const char *size_short(uint64_t v, char *buf, size_t len);
const char *qd_text(unsigned depth, char *buf, size_t len);
const char *size_human(uint64_t v, char *buf, size_t len);
const char *duration_human(uint64_t ns, char *buf, size_t len);
int	 read_sysfs_str(const char *path, char *buf, size_t len);
int	 read_sysfs_u64(const char *path, uint64_t *v);
size_t	 utf8_prefix(const char *s, size_t max);
unsigned utf8_chars(const char *s);
/* For "%.*s": s cut to n bytes at most on a character boundary (a message's quote of a value). */
#define TEXT_CUT(s, n)	(int)utf8_prefix((s), (n)), (s)
bool	 text_is_clean(const char *s);
bool	 text_clean(char *dst, size_t len, const char *src);
/* Caller frees. */
char	*text_clean_dup(const char *src);
const char *text_escape(const char *s, char *out, size_t len);
bool	 csv_is_formula(const char *s);

/* datadir.c: $SWEEP_DATADIR, the source tree, BINDIR/../share/sweep or pkgdatadir */
const char *datadir_path(void);

/* lock.c: one run at a time on a folder or target (flock) */
int	 lock_take(const char *path, const char *input, bool create, bool pid_file);
void	 lock_release(int fd, const char *unlink_path);

#endif
