/* Small helpers shared by every step: messages, clocks, atomic files, sizes, sysfs. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/sweep.h"
#include "base/util.h"

/* Set by the fuzzing harnesses: errors are expected by the million there. */
int sweep_error_silent;
/* Set by main's SIGINT/SIGTERM handler; long loops at every layer poll it. */
volatile int sweep_interrupted;

/*
 * A message on stderr after prefix, on one line: what it quotes of the
 * input (a mode, a file's value or name) may hold a newline or an escape
 * code, which is shown (\n, \x1b), not sent to the terminal.
 */
static void
sweep_message(const char *prefix, const char *fmt, va_list ap)
{
	char *msg, *shown;
	size_t len;

	if (vasprintf(&msg, fmt, ap) < 0)
		return;
	len = strlen(msg) * 4 + 1;
	shown = xmalloc(len);
	fprintf(stderr, "%s%s\n", prefix, text_escape(msg, shown, len));
	free(shown);
	free(msg);
}

/* One line on stderr, prefixed "sweep: ". */
void
sweep_error(const char *fmt, ...)
{
	va_list ap;

	if (sweep_error_silent)
		return;
	va_start(ap, fmt);
	sweep_message("sweep: ", fmt, ap);
	va_end(ap);
}

/* One line on stderr, prefixed "sweep: warning: ". */
void
sweep_warn(const char *fmt, ...)
{
	va_list ap;

	if (sweep_error_silent)
		return;
	va_start(ap, fmt);
	sweep_message("sweep: warning: ", fmt, ap);
	va_end(ap);
}

/* Append to the text in buf (size bytes with its NUL), cut to fit. */
void
str_catf(char *buf, size_t size, const char *fmt, ...)
{
	size_t used = strlen(buf);
	va_list ap;

	if (used + 1 >= size)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + used, size - used, fmt, ap);
	va_end(ap);
}

/* Append printf output to the growing, NUL-terminated buffer *buf of *len bytes. */
void
str_appendf(char **buf, size_t *len, const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	*buf = xrealloc(*buf, *len + (size_t)n + 1);
	memcpy(*buf + *len, s, (size_t)n + 1);
	*len += (size_t)n;
	free(s);
}

/* Line and column (1-based) of byte offset off in text, for messages about input files. */
void
text_position(const char *text, size_t off, unsigned *line, unsigned *col)
{
	size_t i;

	*line = 1;
	*col = 1;
	for (i = 0; i < off && text[i] != '\0'; i++) {
		if (text[i] == '\n') {
			(*line)++;
			*col = 1;
		} else
			(*col)++;
	}
}

/*
 * name (a run's label or a host, perhaps read from a file made on another
 * host) as one path component in out of len bytes: '/', '\\', control
 * characters and a leading '.' become '_', so "../../etc" is "_.._etc" and
 * cannot leave the folder it is put in; an empty name is "_".  Returns out.
 */
const char *
path_component(const char *name, char *out, size_t len)
{
	size_t i;

	if (len == 0)
		return out;
	str_copy(out, len, name[0] != '\0' ? name : "_");
	for (i = 0; out[i] != '\0'; i++)
		if (out[i] == '/' || out[i] == '\\' || (unsigned char)out[i] < 32 || out[i] == 127 ||
		    (i == 0 && out[i] == '.'))
			out[i] = '_';
	return out;
}

/* Are folders a and b one (the same inode, or the same text when either is missing)? */
bool
path_same_dir(const char *a, const char *b)
{
	struct stat x, y;

	if (stat(a, &x) == 0 && stat(b, &y) == 0)
		return x.st_dev == y.st_dev && x.st_ino == y.st_ino;
	return strcmp(a, b) == 0;
}

static int
u64_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* The median of v[0..n), n > 0 (of the two middle values' mean when n is even). */
double
u64_median(const uint64_t *v, unsigned n)
{
	uint64_t *s = xcalloc(n, sizeof *s);
	double m;

	memcpy(s, v, n * sizeof *s);
	qsort(s, n, sizeof *s, u64_cmp);
	m = n % 2 ? (double)s[n / 2] : ((double)s[n / 2 - 1] + (double)s[n / 2]) / 2;
	free(s);
	return m;
}

/* Copy src into dst of len bytes, cut on a character boundary; dst is always terminated. */
void
str_copy(char *dst, size_t len, const char *src)
{
	size_t n = strlen(src);

	if (len == 0)
		return;
	if (n >= len)
		n = utf8_prefix(src, len - 1);
	memcpy(dst, src, n);
	dst[n] = '\0';
}

uint64_t
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * NSEC_PER_SEC + (uint64_t)ts.tv_nsec;
}

/* Write all of buf to fd, again after EINTR; -errno. */
static int
write_all(int fd, const char *p, size_t len)
{
	while (len > 0) {
		ssize_t n = write(fd, p, len);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

/*
 * Create path afresh for writing (a temporary, a log or a lock-like file in
 * an output folder), never through a symbolic link: O_CREAT | O_EXCL, which
 * neither follows a link nor opens an existing file.  A regular file there
 * (what a killed run left, or a hard link) is unlinked first, which leaves
 * any other name of it alone; a symbolic link, a FIFO or anything else is
 * refused with -EEXIST.  Returns the descriptor (close-on-exec) or -errno.
 */
int
file_create(const char *path)
{
	int tries;

	for (tries = 0; tries < 3; tries++) {
		struct stat st;
		int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);

		if (fd >= 0)
			return fd;
		if (errno != EEXIST)
			return -errno;
		if (lstat(path, &st) != 0)
			continue;	/* gone meanwhile: try again */
		if (!S_ISREG(st.st_mode))
			return -EEXIST;
		if (unlink(path) != 0 && errno != ENOENT)
			return -errno;
	}
	return -EEXIST;
}

/* What a file of mode m is, for "not a regular file but ..." */
static const char *
file_kind(mode_t m)
{
	if (S_ISDIR(m))
		return "not a regular file but a folder";
	if (S_ISFIFO(m))
		return "not a regular file but a FIFO";
	if (S_ISSOCK(m))
		return "not a regular file but a socket";
	if (S_ISCHR(m))
		return "not a regular file but a character device";
	if (S_ISBLK(m))
		return "not a regular file but a block device";
	return "not a regular file";
}

/*
 * Open an input file (a results.json, a sweep file, a profile, an import)
 * for reading: a regular file only.  O_NONBLOCK, so that a FIFO cannot
 * block open() until a writer comes, then fstat.  Returns the stream, or
 * NULL with errno set (EINVAL: not a regular file) and *why saying why,
 * for the caller's one line.
 */
FILE *
input_fopen(const char *path, const char **why)
{
	struct stat st;
	FILE *f;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC), err;

	if (fd < 0) {
		*why = strerror(errno);
		return NULL;
	}
	err = fstat(fd, &st) != 0 ? errno : S_ISREG(st.st_mode) ? 0 : EINVAL;
	if (err != 0) {
		*why = err == EINVAL ? file_kind(st.st_mode) : strerror(err);
		close(fd);
		errno = err;
		return NULL;
	}
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	f = fdopen(fd, "r");
	if (f == NULL) {
		err = errno;
		*why = strerror(err);
		close(fd);
		errno = err;
	}
	return f;
}

/*
 * Start a file written whole or not at all: PATH.tmp.PID, which
 * atomic_file_commit() fsyncs and renames over PATH.  A reader (or a killed
 * run) sees either the old file or the new one.  The text goes through a
 * buffer, so a writer can hand it over in small pieces (results.json, cell
 * by cell) without holding all of it.  -errno, af unset.
 */
int
atomic_file_open(struct atomic_file *af, const char *path)
{
	memset(af, 0, sizeof *af);
	af->tmp = xasprintf("%s.tmp.%ld", path, (long)getpid());
	af->fd = file_create(af->tmp);
	if (af->fd < 0) {
		int err = af->fd;

		free(af->tmp);
		return err;
	}
	af->path = xstrdup(path);
	af->buf = xmalloc(ATOMIC_FILE_BUF);
	return 0;
}

/* Append len bytes; the first error is kept for atomic_file_commit(). */
void
atomic_file_write(struct atomic_file *af, const void *buf, size_t len)
{
	if (af->err != 0)
		return;
	if (af->len + len > ATOMIC_FILE_BUF) {
		af->err = write_all(af->fd, af->buf, af->len);
		af->len = 0;
		if (af->err == 0 && len > ATOMIC_FILE_BUF)
			af->err = write_all(af->fd, buf, len);
		if (af->err != 0 || len > ATOMIC_FILE_BUF)
			return;
	}
	memcpy(af->buf + af->len, buf, len);
	af->len += len;
}

/*
 * Finish the file: write the rest, fsync, close, rename over the path.  On
 * any error (here or in an earlier write) the temporary file is removed
 * and the old file stays.  af is freed either way.  -errno.
 */
int
atomic_file_commit(struct atomic_file *af)
{
	int err = af->err;

	if (err == 0)
		err = write_all(af->fd, af->buf, af->len);
	if (err == 0 && fsync(af->fd) != 0)
		err = -errno;
	if (close(af->fd) != 0 && err == 0)
		err = -errno;
	if (err == 0 && rename(af->tmp, af->path) != 0)
		err = -errno;
	if (err != 0)
		unlink(af->tmp);
	free(af->tmp);
	free(af->path);
	free(af->buf);
	memset(af, 0, sizeof *af);
	return err;
}

/* Write a whole file or nothing (atomic_file_open); -errno. */
int
write_file_atomic(const char *path, const void *buf, size_t len)
{
	struct atomic_file af;
	int err = atomic_file_open(&af, path);

	if (err != 0)
		return err;
	atomic_file_write(&af, buf, len);
	return atomic_file_commit(&af);
}

/* mkdir -p; returns -errno. */
int
mkdir_p(const char *path)
{
	char *copy = xstrdup(path), *p;
	int err = 0;

	for (p = copy + 1; ; p++) {
		if (*p == '/' || *p == '\0') {
			char c = *p;

			*p = '\0';
			if (mkdir(copy, 0755) != 0 && errno != EEXIST) {
				err = -errno;
				break;
			}
			*p = c;
			if (c == '\0')
				break;
		}
	}
	free(copy);
	if (err == 0) {
		struct stat st;

		if (stat(path, &st) != 0)
			err = -errno;
		else if (!S_ISDIR(st.st_mode))
			err = -ENOTDIR;
	}
	return err;
}

/*
 * A queue depth as the reports name it: "QD4", or "QD?" for 0, the depth of
 * an imported row that does not give one (a table without a depth column).
 */
const char *
qd_text(unsigned depth, char *buf, size_t len)
{
	if (depth == 0)
		snprintf(buf, len, "QD?");
	else
		snprintf(buf, len, "QD%u", depth);
	return buf;
}

/* fio-style compact size: 512, 4k, 1m, 8m (exact multiples only, else bytes). */
const char *
size_short(uint64_t v, char *buf, size_t len)
{
	static const char suffix[] = "kmgt";
	int i = -1;

	while (v >= 1024 && v % 1024 == 0 && i < 3) {
		v /= 1024;
		i++;
	}
	if (i < 0)
		snprintf(buf, len, "%llu", (unsigned long long)v);
	else
		snprintf(buf, len, "%llu%c", (unsigned long long)v, suffix[i]);
	return buf;
}

/* Human size with IEC units: "512 B", "4 KiB", "1.5 GiB". */
const char *
size_human(uint64_t v, char *buf, size_t len)
{
	static const char *unit[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
	double d = (double)v;
	int i = 0;

	while (d >= 1024 && i < 5) {
		d /= 1024;
		i++;
	}
	if (i == 0 || d == (double)(uint64_t)d)
		snprintf(buf, len, "%.0f %s", d, unit[i]);
	else
		snprintf(buf, len, "%.1f %s", d, unit[i]);
	return buf;
}

/* "1 h 2 min", "3 min 20 s", "45 s". */
const char *
duration_human(uint64_t ns, char *buf, size_t len)
{
	uint64_t s = (ns + NSEC_PER_SEC / 2) / NSEC_PER_SEC;

	if (s >= 3600)
		snprintf(buf, len, "%llu h %llu min", (unsigned long long)(s / 3600),
		    (unsigned long long)(s % 3600 / 60));
	else if (s >= 60)
		snprintf(buf, len, "%llu min %llu s", (unsigned long long)(s / 60),
		    (unsigned long long)(s % 60));
	else
		snprintf(buf, len, "%llu s", (unsigned long long)s);
	return buf;
}

/*
 * Read one line of a sysfs file without its newline; -errno if missing,
 * -EINVAL when it is not a regular file: a FIFO in a test tree
 * (SWEEP_SYSFS_ROOT) would block the open, and SIGINT with it.
 */
int
read_sysfs_str(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	struct stat st;
	FILE *f;
	size_t n;

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || (f = fdopen(fd, "r")) == NULL) {
		close(fd);
		return -EINVAL;
	}
	if (fgets(buf, (int)len, f) == NULL) {
		fclose(f);
		buf[0] = '\0';
		return -EIO;
	}
	fclose(f);
	n = strlen(buf);
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	return 0;
}

int
read_sysfs_u64(const char *path, uint64_t *v)
{
	char buf[64], *end;
	int err = read_sysfs_str(path, buf, sizeof buf);

	if (err != 0)
		return err;
	errno = 0;
	*v = strtoull(buf, &end, 10);
	if (errno != 0 || end == buf)
		return -EINVAL;
	return 0;
}

/*
 * Text.  Every string that comes from outside (options, sweep files, CSV
 * and fio imports, results.json) reaches JSON, XML (xlsx, svg), HTML and
 * gnuplot, which all need valid UTF-8 and choke on control characters.  It
 * is made clean once, at the door, by text_clean(); strings are cut on
 * character boundaries (utf8_prefix()), never inside a character.
 */

/* The UTF-8 replacement character U+FFFD, which stands for a byte that was not text. */
#define TEXT_REPLACEMENT	"\xEF\xBF\xBD"

/*
 * The length (1..4) of the valid UTF-8 character at s, or 0 when s starts
 * no valid one: a stray continuation byte, an overlong form, a surrogate,
 * a code point above U+10FFFF, or a sequence cut short.
 */
static size_t
utf8_char_len(const unsigned char *s)
{
	size_t n, i;
	unsigned lo = 0x80, hi = 0xBF;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xC2 && s[0] <= 0xDF)
		n = 2;
	else if (s[0] >= 0xE0 && s[0] <= 0xEF)
		n = 3;
	else if (s[0] >= 0xF0 && s[0] <= 0xF4)
		n = 4;
	else
		return 0;
	if (s[0] == 0xE0)
		lo = 0xA0;		/* overlong */
	else if (s[0] == 0xED)
		hi = 0x9F;		/* surrogates */
	else if (s[0] == 0xF0)
		lo = 0x90;		/* overlong */
	else if (s[0] == 0xF4)
		hi = 0x8F;		/* above U+10FFFF */
	for (i = 1; i < n; i++, lo = 0x80, hi = 0xBF)
		if (s[i] < lo || s[i] > hi)
			return 0;
	return n;
}

/* Whether the character of n bytes at s is a control character: C0, DEL or C1 (U+0080..U+009F). */
static bool
text_is_control(const unsigned char *s, size_t n)
{
	return (n == 1 && (s[0] < 0x20 || s[0] == 0x7F)) || (n == 2 && s[0] == 0xC2 && s[1] < 0xA0);
}

/*
 * The bytes of s's longest start of at most max bytes that does not end
 * inside a character: for "%.*s" and every other cut of a string.  A byte
 * that is not UTF-8 counts as a character of its own.
 */
size_t
utf8_prefix(const char *s, size_t max)
{
	size_t i = 0, n;

	while (s[i] != '\0' && i < max) {
		n = utf8_char_len((const unsigned char *)s + i);
		if (n == 0)
			n = 1;
		if (i + n > max)
			break;
		i += n;
	}
	return i;
}

/* The characters of UTF-8 text s (its width on a chart, in characters). */
unsigned
utf8_chars(const char *s)
{
	unsigned n = 0;

	for (; *s != '\0'; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* Whether s is clean text: valid UTF-8 without control characters. */
bool
text_is_clean(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n;

	for (; *p != '\0'; p += n)
		if ((n = utf8_char_len(p)) == 0 || text_is_control(p, n))
			return false;
	return true;
}

/*
 * src as clean text in dst of len bytes: each byte that is not part of a
 * valid UTF-8 character, and each control character (a newline, a tab, an
 * escape, C1), becomes U+FFFD; cut on a character boundary to fit.
 * Returns whether anything was replaced.
 */
bool
text_clean(char *dst, size_t len, const char *src)
{
	const unsigned char *p = (const unsigned char *)src;
	size_t o = 0, n;
	bool changed = false;

	if (len == 0)
		return false;
	for (; *p != '\0'; p += n) {
		const char *put = (const char *)p;
		size_t plen;

		n = utf8_char_len(p);
		plen = n;
		if (n == 0 || text_is_control(p, n)) {
			n = n == 0 ? 1 : n;
			put = TEXT_REPLACEMENT;
			plen = sizeof TEXT_REPLACEMENT - 1;
			changed = true;
		}
		if (o + plen > len - 1)
			break;
		memcpy(dst + o, put, plen);
		o += plen;
	}
	dst[o] = '\0';
	return changed;
}

/* src as clean text (text_clean), whole.  Caller frees. */
char *
text_clean_dup(const char *src)
{
	size_t len = strlen(src) * 3 + 1;	/* a byte becomes at most 3 */
	char *dst = xmalloc(len);

	text_clean(dst, len, src);
	return dst;
}

/*
 * s as it may be shown in a one-line message, in out of len bytes: a
 * control character as \n, \t, \r, \xHH or \u00HH, a byte that is not
 * UTF-8 as \xHH; cut on a character boundary to fit.  Returns out.
 */
const char *
text_escape(const char *s, char *out, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t o = 0, n;

	if (len == 0)
		return out;
	for (; *p != '\0'; p += n) {
		char esc[8];
		const char *put = esc;
		size_t plen;

		n = utf8_char_len(p);
		if (n == 0 || (n == 1 && text_is_control(p, 1))) {
			n = 1;
			if (*p == '\n' || *p == '\t' || *p == '\r')
				snprintf(esc, sizeof esc, "\\%c", *p == '\n' ? 'n' : *p == '\t' ? 't' : 'r');
			else
				snprintf(esc, sizeof esc, "\\x%02x", *p);
		} else if (text_is_control(p, n))
			snprintf(esc, sizeof esc, "\\u%04x", p[1]);
		else
			put = (const char *)p;
		plen = put == esc ? strlen(esc) : n;
		if (o + plen > len - 1)
			break;
		memcpy(out + o, put, plen);
		o += plen;
	}
	out[o] = '\0';
	return out;
}

/*
 * Whether a CSV cell of s would be a formula in a spreadsheet (CSV
 * injection): it starts with =, +, -, @, a tab or a carriage return and is
 * not a plain number ("-2.5" stays a number).  Such a cell is written
 * after a ' (the spreadsheets' mark of text), which they do not show.
 */
bool
csv_is_formula(const char *s)
{
	char *end;

	if (s[0] == '\0' || strchr("=+-@\t\r", s[0]) == NULL || (s[0] != '=' && s[1] == '\0'))
		return false;	/* "-" alone (no figure) is text */
	(void)strtod(s, &end);
	return end == s || *end != '\0';
}
