/*
 * The gnuplot machinery every chart shares: templates filled with @KEY@
 * values, strings quoted for gnuplot (colours: palette.c), the axes (block
 * sizes on log2, figures on log10), and the rendering itself.  Each chart's .dat and .gp are always written; then,
 * when gnuplot can be found, one gnuplot process per chart (fork/exec, no
 * shell, cwd = the output directory, all charts at once, with a timeout)
 * renders the .png and .svg.  gnuplot writes hidden temp files that are
 * renamed into place once it exits cleanly, so a chart is there whole or
 * not at all.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "render/report.h"
#include "results/profile.h"
#include "view/palette.h"

#define GNUPLOT_TIMEOUT_S	30	/* all charts together; $SWEEP_GNUPLOT_TIMEOUT overrides */
#define GNUPLOT_TMP		".tmp-"

/*
 * s as a gnuplot string, line breaks left out.  Single quotes keep it as
 * it is (no backquote substitution, no backslash escapes).  But gnuplot 5.4
 * ends a single-quoted string that starts with a doubled quote ('''prod')
 * or holds two in a row, so text with a ' goes in double quotes instead:
 * there ' needs no escape, " and \ take theirs (\" and \\), a ` (a command
 * substitution there) is \140, and other control characters are left out.
 * No escape starts with \0: gnuplot reads up to three more octal digits
 * after it, so \047 before a 1 was \0471, a '9'; \140 ends at its third.
 */
void
report_gnuplot_quote(FILE *f, const char *s)
{
	bool dq = strchr(s, '\'') != NULL;

	fputc(dq ? '"' : '\'', f);
	for (; *s != '\0'; s++) {
		if (*s == '\n' || *s == '\r')
			continue;
		if (!dq)
			fputc(*s, f);
		else if (*s == '"' || *s == '\\')
			fprintf(f, "\\%c", *s);
		else if (*s == '`')
			fputs("\\140", f);
		else if ((unsigned char)*s >= 0x20 && *s != 0x7f)
			fputc(*s, f);
	}
	fputc(dq ? '"' : '\'', f);
}

/*
 * Point types: filled shapes (circle, square, triangles, diamond,
 * pentagon), then the asterisk and the plus; none hollow, since a hollow
 * point is a cell with a caveat (report_gnuplot_mark_items).
 */
static const int gp_points[] = { 7, 5, 9, 11, 13, 15, 3, 1 };
/* Bars: the fill of each depth x jobs variant, as a gnuplot fill style. */
static const char *const gp_fills[] = {
	"solid 0.85", "pattern 4", "pattern 5", "pattern 1", "pattern 6", "pattern 7", "pattern 2"
};

/* The point type of the v-th depth x jobs variant (or block size, or run). */
int
report_gnuplot_point(unsigned v)
{
	return gp_points[v % (sizeof gp_points / sizeof gp_points[0])];
}

/*
 * The dash pattern of the i-th line of a chart as a gnuplot dt, into buf:
 * solid, then a dash of 20, 10, 4 or 30 units followed by none, one or two
 * dots, the gaps 6 units wide, then 10, 14 ... past each twelve patterns;
 * every i gives its own pattern (of six elements at most: gnuplot's
 * limit), and none is gnuplot's 2-5 (the cap lines'), so no two lines of
 * a chart share one.  Returns buf.
 */
const char *
report_gnuplot_dt(unsigned i, char *buf, size_t len)
{
	static const unsigned dash[] = { 20, 10, 4, 30 };
	unsigned k, gap;
	size_t n;

	if (i == 0) {
		snprintf(buf, len, "1");
		return buf;
	}
	i--;
	gap = 6 + 4 * (i / 12);
	n = (size_t)snprintf(buf, len, "(%u,%u", dash[i % 4], gap);
	for (k = 0; k < (i / 4) % 3 && n < len; k++)
		n += (size_t)snprintf(buf + n, len - n, ",2,%u", gap);
	if (n < len)
		snprintf(buf + n, len - n, ")");
	return buf;
}

/* The fill style of the v-th variant's bars. */
const char *
report_gnuplot_fill(unsigned v)
{
	return gp_fills[v % (sizeof gp_fills / sizeof gp_fills[0])];
}

/*
 * The unit of a latency axis whose largest value is max_us microseconds:
 * microseconds below 10 ms, milliseconds from there.  Returns what to
 * divide microseconds by; *unit is "µs" or "ms".
 */
double
report_gnuplot_lat_unit(double max_us, const char **unit)
{
	if (max_us >= 10000) {
		*unit = "ms";
		return 1000;
	}
	*unit = "\302\265s";	/* µs in UTF-8 */
	return 1;
}

/* The nearest of 1, 2, 5 x 10^k below v (up: above). */
static double
gp_125(double v, bool up)
{
	double d = pow(10, floor(log10(v))), steps[] = { 1, 2, 5, 10 };
	unsigned i;

	if (up) {
		for (i = 0; i < 3 && steps[i] * d < v * (1 - 1e-9); i++)
			;
		return steps[i] * d;
	}
	for (i = 3; i > 0 && steps[i] * d > v * (1 + 1e-9); i--)
		;
	return steps[i] * d;
}

/*
 * Caller frees: a log axis's range, "[lo:hi]" on 1-2-5 steps with every
 * value at least 15% inside (room times more above, for labels), so that
 * no point sits on the frame; "[*:*]" when r holds nothing.
 */
char *
report_gnuplot_log_range(const struct view_range *r, double room)
{
	if (!(r->lo > 0))
		return xstrdup("[*:*]");
	return xasprintf("[%g:%g]", gp_125(r->lo / 1.15, false), gp_125(r->hi * 1.15 * room, true));
}

/*
 * Caller frees: a linear axis's range from 0, "[0:hi]" with hi a round
 * number (1, 1.2, 1.5 ... 8 x 10^k) at least room times the largest value,
 * so that the tallest bar fills most of the height; "[0:*]" when r holds
 * nothing.
 */
char *
report_gnuplot_lin_range(const struct view_range *r, double room)
{
	static const double steps[] = { 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10 };
	double v = r->hi * room, d;
	unsigned i;

	if (!(v > 0))
		return xstrdup("[0:*]");
	d = pow(10, floor(log10(v)));
	for (i = 0; i < 10 && steps[i] * d < v * (1 - 1e-9); i++)
		;
	return xasprintf("[0:%g]", steps[i] * d);
}

/*
 * Caller frees: the labelled tics of a linear axis from 0 to hi, "(\"0\" 0,
 * \"500\" 500, \"1k\" 1000, \"1.5k\" 1500, ...)": a step of 1, 2, 2.5 or 5 x
 * 10^k giving four to eight tics, each label as many digits as it needs
 * (gnuplot's "%.0s%c" wrote 1,500 and 2,000 both as "2k"), suffix after
 * each ("%" for a share); "autofreq" when hi is not above 0.
 */
char *
report_gnuplot_lin_tics(double hi, const char *suffix)
{
	static const double steps[] = { 1, 2, 2.5, 5, 10 };
	double d, step, v;
	char *buf = NULL;
	size_t len = 0;
	unsigned i, n;

	if (!(hi > 0) || !isfinite(hi))
		return xstrdup("autofreq");
	d = pow(10, floor(log10(hi / 8)));
	for (i = 0; i < 4 && steps[i] * d * 8 < hi * (1 - 1e-9); i++)
		;
	step = steps[i] * d;
	str_appendf(&buf, &len, "(");
	for (n = 0; n <= 8 && (v = n * step) <= hi * (1 + 1e-9); n++) {
		const char *k = v >= 1e6 ? "M" : v >= 1e3 ? "k" : "";
		double x = v >= 1e6 ? v / 1e6 : v >= 1e3 ? v / 1e3 : v;

		str_appendf(&buf, &len, "%s\"%.4g%s%s\" %.6g", n > 0 ? ", " : "", x, k, suffix, v);
	}
	str_appendf(&buf, &len, ")");
	return buf;
}

/*
 * Caller frees: the tics of that axis, "(1, 2, 5, 10, ...)" at every 1-2-5
 * step when it spans three decades at most (else gnuplot's decades,
 * "autofreq"), so that a short axis has more than one label.
 */
char *
report_gnuplot_log_tics(const struct view_range *r, double room)
{
	double lo, hi, d, steps[] = { 1, 2, 5 };
	char *buf = NULL;
	size_t len = 0;
	FILE *f;
	unsigned i, n = 0;

	if (!(r->lo > 0))
		return xstrdup("autofreq");
	lo = gp_125(r->lo / 1.15, false);
	hi = gp_125(r->hi * 1.15 * room, true);
	if (hi / lo > 1000 * (1 + 1e-9))
		return xstrdup("autofreq");
	f = open_memstream(&buf, &len);
	fputc('(', f);
	for (d = pow(10, floor(log10(lo))); d <= hi * (1 + 1e-9); d *= 10)
		for (i = 0; i < 3; i++)
			if (steps[i] * d >= lo * (1 - 1e-9) && steps[i] * d <= hi * (1 + 1e-9))
				fprintf(f, "%s%g", n++ > 0 ? ", " : "", steps[i] * d);
	fputc(')', f);
	fclose(f);
	return buf;
}

/* The title as a gnuplot string: label and what, then target and date.  Caller frees. */
char *
report_gnuplot_title(const struct view_chart *vc, const char *what)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	char *line1 = xasprintf("%s: %s", vc->title_run, what);

	report_gnuplot_quote(f, line1);
	fputs(" . \"\\n\" . ", f);
	report_gnuplot_quote(f, vc->title_where);
	fclose(f);
	free(line1);
	return buf;
}

/* Caller frees: tmpl with each @KEY@ replaced by its value. */
static char *
gp_fill(const char *tmpl, const struct report_gp_key *keys, unsigned nkeys)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	const char *p;
	unsigned i;

	for (p = tmpl; *p != '\0'; p++) {
		if (*p == '@') {
			for (i = 0; i < nkeys; i++)
				if (strncmp(p, keys[i].key, strlen(keys[i].key)) == 0)
					break;
			if (i < nkeys) {
				fputs(keys[i].value, f);
				p += strlen(keys[i].key) - 1;
				continue;
			}
		}
		fputc(*p, f);
	}
	fclose(f);
	return buf;
}

/* Caller frees: the whole of a template, or NULL with the reason in ctx->error. */
static char *
gp_template(struct report_ctx *ctx, const char *name)
{
	char *path = xasprintf("%s/templates/%s.gp", datadir_path(), name), *text;
	FILE *f = fopen(path, "re");
	size_t n, cap = 4096, len = 0;

	if (f == NULL) {
		snprintf(ctx->error, sizeof ctx->error, "%s: %s (chart templates are read from "
		    "DATADIR/templates; set SWEEP_DATADIR to the folder that holds templates/)",
		    path, strerror(errno));
		free(path);
		return NULL;
	}
	text = xmalloc(cap);
	while ((n = fread(text + len, 1, cap - len - 1, f)) > 0) {
		len += n;
		if (cap - len - 1 == 0)
			text = xrealloc(text, cap *= 2);
	}
	text[len] = '\0';
	fclose(f);
	free(path);
	return text;
}

/*
 * Caller frees: templates/NAME.gp with each key replaced by its value, or
 * NULL with the reason in ctx->error.
 */
char *
report_gnuplot_script(struct report_ctx *ctx, const char *name, const struct report_gp_key *keys,
    unsigned nkeys)
{
	char *tmpl = gp_template(ctx, name), *script;

	if (tmpl == NULL)
		return NULL;
	script = gp_fill(tmpl, keys, nkeys);
	free(tmpl);
	return script;
}

/* Write DIR/STEM.EXT whole or not at all; the message goes to ctx->error. */
static int
gp_save(struct report_ctx *ctx, const char *stem, const char *ext, const char *text)
{
	char *path = xasprintf("%s/%s.%s", ctx->dir, stem, ext);
	int err = write_file_atomic(path, text, strlen(text));

	if (err != 0)
		snprintf(ctx->error, sizeof ctx->error, "%s: %s", path, strerror(-err));
	free(path);
	return err;
}

/* Caller frees: gnuplot's path (--gnuplot PATH, a name on PATH, or "gnuplot"), NULL if none. */
char *
report_gnuplot_find(const char *want)
{
	const char *name = want != NULL ? want : "gnuplot", *path = getenv("PATH"), *p;
	struct stat st;

	if (strchr(name, '/') != NULL) {
		if (stat(name, &st) == 0 && S_ISREG(st.st_mode) && access(name, X_OK) == 0)
			return xstrdup(name);
		return NULL;
	}
	if (path == NULL || *path == '\0')
		path = "/usr/bin:/bin";
	for (p = path; ; ) {
		const char *end = strchr(p, ':');
		size_t n = end != NULL ? (size_t)(end - p) : strlen(p);
		char *cand = n > 0 ? xasprintf("%.*s/%s", (int)n, p, name) : xasprintf("./%s", name);

		if (stat(cand, &st) == 0 && S_ISREG(st.st_mode) && access(cand, X_OK) == 0)
			return cand;
		free(cand);
		if (end == NULL)
			break;
		p = end + 1;
	}
	return NULL;
}

/*
 * Create a chart's log, DIR/.STEM.gnuplot.log, and the files gnuplot will
 * write, DIR/.tmp-STEM.EXT, afresh (file_create): none of these fixed names
 * can be a link planted to have gnuplot write outside the folder.  Returns
 * the log's descriptor, or -errno with the reason in ctx->error.
 */
static int
gp_files(struct report_ctx *ctx, const struct report_plot *j, const char **fmts, unsigned nfmts)
{
	char *log = xasprintf("%s/.%s.gnuplot.log", ctx->dir, j->chart.stem), *path = log;
	int fd = file_create(log), tfd;
	unsigned f;

	for (f = 0; fd >= 0 && f < nfmts; f++) {
		path = xasprintf("%s/" GNUPLOT_TMP "%s.%s", ctx->dir, j->chart.stem, fmts[f]);
		tfd = file_create(path);
		if (tfd < 0) {
			close(fd);
			fd = tfd;
			break;
		}
		close(tfd);
		free(path);
		path = log;
	}
	if (fd < 0)
		snprintf(ctx->error, sizeof ctx->error, "%s: %s", path, strerror(-fd));
	if (path != log)
		free(path);
	free(log);
	return fd;
}

/* Start gnuplot on one chart in dir; stdout and stderr go to log (from gp_files). */
static int
gp_spawn(const char *gnuplot, const char *dir, struct report_plot *j, const char *formats,
    int log)
{
	char *script = xasprintf("%s.gp", j->chart.stem);
	char *vars = xasprintf("formats='%s'; sweep_tmp='" GNUPLOT_TMP "'", formats);
	char *argv[] = { (char *)gnuplot, (char *)"-e", vars, script, NULL };
	pid_t pid;

	pid = fork();
	if (pid == 0) {
		/*
		 * The child: only async-signal-safe calls until exec.  Its own
		 * process group lets a timeout (or ^C, through gp_wait) kill it
		 * with anything it started.
		 */
		int fd;

		setpgid(0, 0);
		if (chdir(dir) != 0)
			_exit(126);
		fd = open("/dev/null", O_RDONLY);
		if (fd >= 0) {
			dup2(fd, 0);
			close(fd);
		}
		dup2(log, 1);
		dup2(log, 2);
		execv(gnuplot, argv);
		_exit(127);
	}
	free(script);
	free(vars);
	if (pid < 0)
		return -errno;
	setpgid(pid, pid);
	j->pid = pid;
	return 0;
}

/* Seconds gnuplot may take for all charts: $SWEEP_GNUPLOT_TIMEOUT, else GNUPLOT_TIMEOUT_S. */
static unsigned
gp_timeout_s(void)
{
	const char *env = getenv("SWEEP_GNUPLOT_TIMEOUT");
	uint64_t v;

	if (env != NULL && parse_uint(env, 1, 3600, &v) == 0)
		return (unsigned)v;
	return GNUPLOT_TIMEOUT_S;
}

/* Wait for every started job until the deadline or an interrupt; kill what is left. */
static void
gp_wait(struct report_plot *jobs, unsigned n)
{
	uint64_t deadline = now_ns() + gp_timeout_s() * NSEC_PER_SEC;
	struct timespec nap = { 0, 5 * 1000 * 1000 };
	unsigned i, left;

	for (;;) {
		for (left = 0, i = 0; i < n; i++) {
			if (jobs[i].pid <= 0 || jobs[i].done)
				continue;
			if (waitpid(jobs[i].pid, &jobs[i].status, WNOHANG) == jobs[i].pid)
				jobs[i].done = true;
			else
				left++;
		}
		if (left == 0 || now_ns() > deadline || sweep_interrupted)
			break;
		nanosleep(&nap, NULL);
	}
	for (i = 0; i < n; i++) {
		if (jobs[i].pid <= 0 || jobs[i].done)
			continue;
		kill(-jobs[i].pid, SIGKILL);
		waitpid(jobs[i].pid, &jobs[i].status, 0);
		jobs[i].status = sweep_interrupted ? -2 : -1;	/* interrupted, timed out */
		jobs[i].done = true;
	}
}

/* The last non-empty line of a gnuplot log, for an error message. */
static void
gp_log_tail(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "re");
	char line[512];

	buf[0] = '\0';
	if (f == NULL)
		return;
	while (fgets(line, sizeof line, f) != NULL) {
		size_t n = strlen(line);

		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == ' ' || line[n - 1] == '\r'))
			line[--n] = '\0';
		if (n > 0 && strncmp(line, "WARNING", 7) != 0)
			str_copy(buf, len, line);
	}
	fclose(f);
}

/*
 * Fixes to what gnuplot's svg terminal writes.  Two make the SVG look as
 * the PNG does: a bold font ("sans:Bold") is written as the family name,
 * which a browser does not know: make it the family and a weight; and a
 * point symbol (<use ... scale(S)>) is drawn 1.8 times the size pngcairo
 * draws it (45 px against 25 for pt 7 ps 4): scale it by GP_SVG_POINT.
 * The third keeps it XML: gnuplot escapes < and & in text but not the >
 * of a "]]>" (a label's, a file name's), which XML allows only as a CDATA
 * section's end; it becomes "]]&gt;" outside such a section.  The file is
 * rewritten in place (it is still the hidden temp file).
 */
#define GP_SVG_POINT	0.56
static void
gp_svg_fix(const char *path)
{
	static const char bold[] = ":Bold\"", weight[] = "\" font-weight=\"bold\"", scale[] = " scale(";
	static const char cdata[] = "<![CDATA[", cdata_end[] = "]]>";
	FILE *in = fopen(path, "re"), *out;
	char *text, *buf = NULL, *p, *end;
	size_t n, cap = 65536, len = 0, blen = 0;
	double v;

	if (in == NULL)
		return;
	text = xmalloc(cap);
	while ((n = fread(text + len, 1, cap - len - 1, in)) > 0)
		if ((len += n) == cap - 1)
			text = xrealloc(text, cap *= 2);
	text[len] = '\0';
	fclose(in);
	out = open_memstream(&buf, &blen);
	for (p = text; *p != '\0';) {
		if (strncmp(p, bold, sizeof bold - 1) == 0) {
			fputs(weight, out);
			p += sizeof bold - 1;
		} else if (strncmp(p, scale, sizeof scale - 1) == 0 &&
		    (v = strtod(p + sizeof scale - 1, &end)) > 0 && *end == ')') {
			fprintf(out, "%s%.2f)", scale, v * GP_SVG_POINT);
			p = end + 1;
		} else if (strncmp(p, cdata, sizeof cdata - 1) == 0) {
			end = strstr(p, cdata_end);
			n = end != NULL ? (size_t)(end - p) + sizeof cdata_end - 1 : strlen(p);
			fwrite(p, 1, n, out);
			p += n;
		} else if (strncmp(p, cdata_end, sizeof cdata_end - 1) == 0) {
			fputs("]]&gt;", out);
			p += sizeof cdata_end - 1;
		} else
			fputc(*p++, out);
	}
	fclose(out);
	if (blen != len || memcmp(buf, text, len) != 0)
		write_file_atomic(path, buf, blen);
	free(buf);
	free(text);
}

/* After a job: move its outputs into place, or clean up and say why it failed. */
static int
gp_finish(struct report_ctx *ctx, struct report_plot *j, const char **fmts, unsigned nfmts)
{
	char *log = xasprintf("%s/.%s.gnuplot.log", ctx->dir, j->chart.stem), *why = NULL;
	unsigned f;
	int err = 0;

	if (j->status == -2)
		why = xstrdup("interrupted");
	else if (j->status == -1)
		why = xasprintf("gnuplot killed after %u s", gp_timeout_s());
	else if (!WIFEXITED(j->status) || WEXITSTATUS(j->status) != 0) {
		char tail[256];

		gp_log_tail(log, tail, sizeof tail);
		if (WIFEXITED(j->status) && WEXITSTATUS(j->status) == 127)
			why = xstrdup("could not run gnuplot");
		else
			why = xasprintf("gnuplot failed: %s", tail[0] ? tail : "no message");
	}
	for (f = 0; f < nfmts; f++) {
		char *tmp = xasprintf("%s/" GNUPLOT_TMP "%s.%s", ctx->dir, j->chart.stem, fmts[f]);
		char *dst = xasprintf("%s/%s.%s", ctx->dir, j->chart.stem, fmts[f]);
		struct stat st;

		if (why == NULL && (stat(tmp, &st) != 0 || st.st_size == 0))
			why = xasprintf("gnuplot wrote no %s.%s", j->chart.stem, fmts[f]);
		if (why == NULL && strcmp(fmts[f], "svg") == 0)
			gp_svg_fix(tmp);
		if (why == NULL && rename(tmp, dst) != 0)
			why = xasprintf("rename to %s: %s", dst, strerror(errno));
		unlink(tmp);
		free(tmp);
		free(dst);
	}
	if (why != NULL) {
		char *msg = xasprintf("%s/%s.gp: %s (log: %s)", ctx->dir, j->chart.stem, why, log);

		str_copy(ctx->error, sizeof ctx->error, msg);
		free(msg);
		free(why);
		err = -EIO;
	} else
		unlink(log);
	free(log);
	return err;
}

/*
 * Write each chart's .dat and .gp into ctx->dir, then render the formats of
 * ctx->mask (png, svg) with one gnuplot process per chart, all at once.
 * Without gnuplot the charts stay as .gp/.dat and ctx->chart_note says
 * why; that is not an error.  Sets ctx->rendered when every chart rendered.
 */
int
report_gnuplot_render(struct report_ctx *ctx, struct report_plot *jobs, unsigned n)
{
	const char *fmts[2];
	char *gnuplot = NULL, formats[16] = "", *failed = NULL;
	size_t flen = 0;
	unsigned i, nfmts = 0, nfailed = 0;
	int err = 0;

	for (i = 0; i < n && err == 0; i++) {
		err = gp_save(ctx, jobs[i].chart.stem, "dat", jobs[i].data);
		if (err == 0)
			err = gp_save(ctx, jobs[i].chart.stem, "gp", jobs[i].script);
	}
	if (err != 0)
		return err;
	if (ctx->mask & REPORT_PNG)
		fmts[nfmts++] = "png";
	if (ctx->mask & REPORT_SVG)
		fmts[nfmts++] = "svg";
	snprintf(formats, sizeof formats, "%s%s%s", nfmts > 0 ? fmts[0] : "", nfmts > 1 ? " " : "",
	    nfmts > 1 ? fmts[1] : "");
	gnuplot = report_gnuplot_find(ctx->gnuplot);
	if (gnuplot == NULL) {
		if (ctx->gnuplot != NULL)
			snprintf(ctx->chart_note, sizeof ctx->chart_note,
			    "--gnuplot %s is not an executable file", ctx->gnuplot);
		else
			snprintf(ctx->chart_note, sizeof ctx->chart_note, "gnuplot not found on PATH");
		sweep_warn("%s: charts written as .gp and .dat files only; render them with: "
		    "cd %s && " REPORT_GNUPLOT_ALL, ctx->chart_note, ctx->dir);
		return 0;
	}
	for (i = 0; i < n && err == 0; i++) {
		int log = gp_files(ctx, &jobs[i], fmts, nfmts), e;

		if (log < 0) {
			err = log;
			break;
		}
		e = gp_spawn(gnuplot, ctx->dir, &jobs[i], formats, log);
		close(log);
		if (e != 0) {
			snprintf(ctx->error, sizeof ctx->error, "fork: %s", strerror(-e));
			err = e;
		}
	}
	gp_wait(jobs, n);
	for (i = 0; i < n; i++) {
		char saved[sizeof ctx->error];
		int e;

		if (jobs[i].pid <= 0)
			continue;
		memcpy(saved, ctx->error, sizeof saved);
		e = gp_finish(ctx, &jobs[i], fmts, nfmts);
		if (e != 0)
			str_appendf(&failed, &flen, "%s%s.gp", nfailed++ > 0 ? ", " : "",
			    jobs[i].chart.stem);
		if (e != 0 && err == 0)
			err = e;
		else if (e != 0)
			memcpy(ctx->error, saved, sizeof saved);	/* keep the first message */
	}
	if (nfailed > 1) {	/* every chart that failed, then the first one's message */
		char *msg = xasprintf("gnuplot failed on %u of %u charts (%s); the first: %s", nfailed,
		    n, failed, ctx->error);

		str_copy(ctx->error, sizeof ctx->error, msg);
		free(msg);
	}
	free(failed);
	if (err == 0)
		ctx->rendered = ctx->mask & (REPORT_PNG | REPORT_SVG);
	else
		snprintf(ctx->chart_note, sizeof ctx->chart_note, "gnuplot failed on some charts "
		    "(see the .gnuplot.log files)");
	free(gnuplot);
	return err;
}

/*
 * The caps of results.expect as plot items: IOPS (baseline, burst, floor)
 * or bandwidth in MiB/s, grey, a dash each (gnuplot's 2-4, which
 * report_gnuplot_dt never gives a line), named in words: "aws-gp3
 * provisioned 3,000 IOPS", or "provisioned 60 MiB/s" for --expect.
 * first: no plot item before them.  yr: their levels are added to it.
 */
void
report_gnuplot_caps(const struct view_chart *vc, bool bw, FILE *plot, bool first,
    struct view_range *yr)
{
	const struct expect *e = &vc->expect;
	const struct {
		double		 v;	/* IOPS, or bytes/s */
		unsigned	 dt;
		const char	*what;
	} caps[] = {
		{ bw ? e->bw_bytes_s : e->iops, 2, view_cap_word(e, bw) },
		{ bw ? e->burst_bw_bytes_s : e->burst_iops, 4, "provisioned burst" },
		{ bw ? e->bw_floor_bytes_s : e->iops_floor, 3, "floor" },
	};
	const char *who = e->profile[0] != '\0' ? e->profile : "", *sp = *who != '\0' ? " " : "";
	char a[32], *t;
	unsigned i;

	if (!e->set)
		return;
	for (i = 0; i < sizeof caps / sizeof caps[0]; i++) {
		double level = bw ? caps[i].v / MIB : caps[i].v;

		view_range_add(yr, level);
		if (!(caps[i].v > 0))
			continue;
		fprintf(plot, "%s%.6g with lines lc rgb \"" PALETTE_HEX(PALETTE_CAP) "\" lw 2 dt %u title ",
		    first ? "" : ", \\\n     ", level, caps[i].dt);
		t = bw ? xasprintf("%s%s%s %s", who, sp, caps[i].what,
		    profile_rate_text(caps[i].v, a, sizeof a)) :
		    xasprintf("%s%s%s %s IOPS", who, sp, caps[i].what,
		    view_num(caps[i].v, 0, a, sizeof a));
		report_gnuplot_quote(plot, t);
		free(t);
		first = false;
	}
}

/* The gap below spec of every mode (report_gnuplot_gap_of).  Caller frees. */
char *
report_gnuplot_gap(const struct report_ctx *ctx, bool bw)
{
	return report_gnuplot_gap_of(ctx, bw, -1);
}

/* The figure of mode m's verdict a gap is drawn for (bw: bandwidth); NULL when not below spec. */
static const struct expect_figure *
gp_gap_figure(const struct summary_mode *sm, bool bw)
{
	const struct expect_figure *x = bw ? &sm->spec.bw : &sm->spec.iops;

	if (!(bw ? sm->spec.has_bw : sm->spec.has_iops) || x->verdict != EXPECT_BELOW)
		return NULL;
	return x;
}

/* How many modes are below spec on the chart (bw: bandwidth). */
static unsigned
gp_gap_count(const struct view_chart *vc, bool bw)
{
	unsigned m, n = 0;

	for (m = 0; m < vc->nmodes; m++)
		n += gp_gap_figure(&vc->modes[m], bw) != NULL;
	return n;
}

/*
 * Below spec: the gap between each mode's measured plateau (or peak) and
 * the cap it falls short of, over the block sizes it was measured at, in
 * the mode's colour; of workload wl only (a panel's), or of every one when
 * wl < 0.  Shaded when alone on its plot; where two or more modes share
 * the plot, outlined, so that no two shades blend into a colour no key
 * names.  What it says ("randread below spec: 31% of the cap") is a key
 * entry (report_gnuplot_gap_keys) or a panel's subtitle
 * (report_gnuplot_gap_text), never a label among the lines.  Caller frees.
 */
char *
report_gnuplot_gap_of(const struct report_ctx *ctx, bool bw, int wl)
{
	const struct view_chart *vc = ctx->view->chart;
	bool alone = wl >= 0 || gp_gap_count(vc, bw) == 1;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	unsigned m, n = 0;

	for (m = 0; m < vc->nmodes; m++) {
		const struct summary_mode *sm = &vc->modes[m];
		const struct expect_figure *x = gp_gap_figure(sm, bw);
		double div = bw ? MIB : 1, lo, hi;

		if (x == NULL || (wl >= 0 && (unsigned)wl != m))
			continue;
		lo = x->m.level / div;
		hi = (x->floor > 0 ? x->floor : x->cap) / div;
		if (n++ == 0)
			fputs("# Below spec: the gap between a mode's plateau and its cap.\n", f);
		fprintf(f, "set object rectangle from %.6g, %.6g to %.6g, %.6g fillcolor rgb \"%s\" ",
		    (double)x->m.bs_lo / 1.3, lo, (double)x->m.bs_hi * 1.3, hi, sm->color);
		if (alone)
			fputs("fillstyle transparent solid 0.2 noborder behind\n", f);
		else
			fprintf(f, "fillstyle empty border lc rgb \"%s\" lw 2 dt 3 behind\n", sm->color);
	}
	fclose(f);
	return buf;
}

/*
 * The key's entries of the gaps below spec on one plot of every mode: the
 * gap's fill or outline in the mode's colour, "randread below spec: 31% of
 * the cap".
 */
void
report_gnuplot_gap_keys(const struct report_ctx *ctx, bool bw, FILE *plot)
{
	const struct view_chart *vc = ctx->view->chart;
	bool alone = gp_gap_count(vc, bw) == 1;
	unsigned m;
	char *t;

	for (m = 0; m < vc->nmodes; m++) {
		const struct expect_figure *x = gp_gap_figure(&vc->modes[m], bw);

		if (x == NULL)
			continue;
		fprintf(plot, ", \\\n     keyentry with boxes lc rgb \"%s\" lw 2 dt 3 fs %s title ",
		    vc->modes[m].color, alone ? "transparent solid 0.2 noborder" : "empty");
		t = xasprintf("%s below spec: %.0f%% of the cap", vc->modes[m].name, x->pct);
		report_gnuplot_quote(plot, t);
		free(t);
	}
}

/* What a panel says of mode wl's gap: "below spec: 31% of the cap"; NULL none.  Caller frees. */
char *
report_gnuplot_gap_text(const struct report_ctx *ctx, bool bw, unsigned wl)
{
	const struct expect_figure *x = gp_gap_figure(&ctx->view->chart->modes[wl], bw);

	return x != NULL ? xasprintf("below spec: %.0f%% of the cap", x->pct) : NULL;
}
