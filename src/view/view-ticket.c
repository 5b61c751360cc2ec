/*
 * The ticket's parts, apart from the card and the diagnosis: the volume as
 * the target record names it, the command that runs the same matrix again,
 * and the cells a fio job file reproduces the bottom line with (each
 * workload's QD1 4 KiB cell and its headline IOPS and bandwidth cells).
 * The renderers write the job file from them (import/fio-jobfile.c); every
 * string from results.json in the command is quoted for a POSIX shell.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "plan/plan.h"
#include "view/view.h"

/* Append s to the command, quoted for a POSIX shell when it needs it; controls become '?'. */
static void
ticket_word(char **buf, size_t *len, const char *s)
{
	const char *p;
	bool plain = *s != '\0';

	for (p = s; *p != '\0'; p++)
		if (strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:=,+-@%",
		    *p) == NULL)
			plain = false;
	str_appendf(buf, len, " ");
	if (plain) {
		str_appendf(buf, len, "%s", s);
		return;
	}
	str_appendf(buf, len, "'");
	for (p = s; *p != '\0'; p++) {
		if (*p == '\'')
			str_appendf(buf, len, "'\\''");
		else
			str_appendf(buf, len, "%c", (unsigned char)*p < 0x20 || *p == 0x7f ? '?' : *p);
	}
	str_appendf(buf, len, "'");
}

/*
 * The distinct values of one field of the plan's cells (0 bs, 1 depth, 2
 * jobs, 3 mode), ascending but modes, as "a,b,c"; how many.  A 0 (an
 * import's row without it) is left out.
 */
static unsigned
ticket_list(const struct plan *p, int field, char *out, size_t len)
{
	uint64_t *v = xcalloc(p->ncells ? p->ncells : 1, sizeof *v), x, t;
	unsigned i, j, n = 0;
	char b[32];

	for (i = 0; i < p->ncells; i++) {
		x = field == 0 ? p->cells[i].bs : field == 1 ? p->cells[i].depth :
		    field == 2 ? p->cells[i].jobs : (uint64_t)p->cells[i].mode;
		if (x == 0 && field != 3)	/* an import that does not say */
			continue;
		for (j = 0; j < n && v[j] != x; j++)
			;
		if (j == n)
			v[n++] = x;
	}
	for (i = 1; field != 3 && i < n; i++)	/* modes keep the plan's order */
		for (j = i; j > 0 && v[j - 1] > v[j]; j--) {
			t = v[j];
			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	out[0] = '\0';
	for (i = 0; i < n; i++)
		str_catf(out, len, "%s%s", i > 0 ? "," : "", field == 3 ?
		    mode_name((enum rw_mode)v[i]) : field == 0 ? size_short(v[i], b, sizeof b) :
		    (snprintf(b, sizeof b, "%llu", (unsigned long long)v[i]), b));
	free(v);
	return n;
}

/* A rate as --expect takes it: "250MiB/s", or bytes/s "262144001B/s". */
static const char *
ticket_rate(double v, char *buf, size_t len)
{
	if (fmod(v, MIB) == 0)
		snprintf(buf, len, "%.0fMiB/s", v / MIB);
	else
		snprintf(buf, len, "%.0fB/s", v);
	return buf;
}

/* The read shares of the mixed cells, in the plan's order, as "100,65,0"; how many. */
static unsigned
ticket_shares(const struct plan *p, char *out, size_t len)
{
	unsigned seen[101] = { 0 }, i, n = 0, share;

	out[0] = '\0';
	for (i = 0; i < p->ncells; i++) {
		if (p->cells[i].mode != MODE_READWRITE && p->cells[i].mode != MODE_RANDRW)
			continue;
		share = plan_cell_rwmixread(p, &p->cells[i]);
		if (share > 100 || seen[share]++ > 0)
			continue;
		str_catf(out, len, "%s%u", n++ > 0 ? "," : "", share);
	}
	return n;
}

/* The caps as the command gives them: --profile NAME [--expect size=S], or --expect iops=... */
static void
ticket_expect(char **buf, size_t *len, const struct expect *e)
{
	char v[160] = "", b[32];

	if (!e->set)
		return;
	if (e->profile[0] != '\0') {
		str_appendf(buf, len, " --profile");
		ticket_word(buf, len, e->profile);
		if (e->size_bytes > 0)
			snprintf(v, sizeof v, "size=%s", size_short(e->size_bytes, b, sizeof b));
	} else {
		if (e->iops > 0)
			str_catf(v, sizeof v, "iops=%.0f", e->iops);
		if (e->bw_bytes_s > 0)
			str_catf(v, sizeof v, "%sbw=%s", v[0] ? "," : "", ticket_rate(e->bw_bytes_s, b,
			    sizeof b));
		if (e->burst_iops > 0)
			str_catf(v, sizeof v, ",burst_iops=%.0f", e->burst_iops);
		if (e->burst_bw_bytes_s > 0)
			str_catf(v, sizeof v, ",burst_bw=%s", ticket_rate(e->burst_bw_bytes_s, b,
			    sizeof b));
	}
	if (v[0] != '\0') {
		str_appendf(buf, len, " --expect");
		ticket_word(buf, len, v);
	}
}

/* The command that runs res's matrix again; a note in c when the run was not that matrix. */
static void
ticket_command(const struct results *res, struct view_card *c)
{
	const struct plan *p = &res->plan;
	char *buf = NULL, list[512], b[32];
	size_t len = 0;
	unsigned long n = 1;
	bool writes = false;
	unsigned i, nshares;

	str_appendf(&buf, &len, "sweep run %s", res->target.kind == TARGET_DEVICE ? "--device" :
	    "--file");
	ticket_word(&buf, &len, res->target.path);
	if (p->size > 0)
		str_appendf(&buf, &len, " --size %s", size_short(p->size, b, sizeof b));
	n *= ticket_list(p, 3, list, sizeof list);
	str_appendf(&buf, &len, " --modes %s", list);
	n *= ticket_list(p, 0, list, sizeof list);
	str_appendf(&buf, &len, " --bs %s", list);
	n *= ticket_list(p, 1, list, sizeof list);
	str_appendf(&buf, &len, " --depth %s", list);
	n *= ticket_list(p, 2, list, sizeof list);
	str_appendf(&buf, &len, " --jobs %s --engine", list);
	ticket_word(&buf, &len, p->engine);
	str_appendf(&buf, &len, " --runtime %u --ramp %u --seed %llu", p->runtime_s, p->ramp_s,
	    (unsigned long long)p->seed);
	if (p->steady_rule[0] == '\0')
		str_appendf(&buf, &len, " --steady %u", p->steady_pct);
	if (p->steady_rule[0] == '\0' && p->steady_pct > 0)
		str_appendf(&buf, &len, " --steady-window %u --min-runtime %u", p->steady_window_s,
		    p->min_runtime_s);
	for (i = 0; i < p->ncells; i++)
		writes |= mode_writes(p->cells[i].mode);
	nshares = ticket_shares(p, list, sizeof list);
	if (nshares > 0)
		str_appendf(&buf, &len, " --rwmixread %s", list);
	if (p->repeat > 1)
		str_appendf(&buf, &len, " %s %u", p->until_steady ? "--rounds-until-steady" :
		    "--repeat", p->repeat);
	if (p->retry_unstable > 0)
		str_appendf(&buf, &len, " --retry-unstable %u", p->retry_unstable);
	ticket_expect(&buf, &len, &res->expect);
	str_appendf(&buf, &len, " --label");
	ticket_word(&buf, &len, res->label);
	if (writes && res->target.kind == TARGET_DEVICE)
		str_appendf(&buf, &len, " --destructive");
	c->command = buf;
	if (res->autoplan.on)
		c->command_note = xasprintf("--auto chose the run's %u cells as it went: sweep run "
		    "--auto --like DIR (the run's folder) measures the same cells again; the command "
		    "runs the whole matrix of their values", p->ncells);
	else if (p->steady_rule[0] != '\0')
		c->command_note = xasprintf("an import: fio ended its jobs by its own criterion, %s, "
		    "which sweep's --steady is not", p->steady_rule);
	else if (n != p->ncells && !(nshares > 1 && n < p->ncells))
		c->command_note = xasprintf("the run measured %u cells, not the %lu of this matrix "
		    "(an import, or a sweep file with groups)", p->ncells, n);
}

/* The volume: path, kind, what it is, model, serial, size; the host. */
static void
ticket_identity(const struct results *res, struct view_card *c)
{
	const struct target *t = &res->target;
	char *buf = NULL, b[32];
	size_t len = 0;

	str_appendf(&buf, &len, "%s (%s", t->path, t->kind == TARGET_DEVICE ? "block device" :
	    "file");
	if (t->identity[0] != '\0')
		str_appendf(&buf, &len, ", %s", t->identity);
	if (t->volume_id[0] != '\0')
		str_appendf(&buf, &len, " %s", t->volume_id);
	if (t->vendor[0] != '\0' || t->model[0] != '\0')
		str_appendf(&buf, &len, ", model %s%s%s", t->vendor, t->vendor[0] && t->model[0] ?
		    " " : "", t->model);
	if (t->serial[0] != '\0')
		str_appendf(&buf, &len, ", serial %s", t->serial);
	if (t->total_size > 0)
		str_appendf(&buf, &len, ", %s", size_human(t->total_size, b, sizeof b));
	str_appendf(&buf, &len, "); host %s, kernel %s", res->host[0] ? res->host : "unknown",
	    res->kernel[0] ? res->kernel : "unknown");
	if (t->instance[0] != '\0')
		str_appendf(&buf, &len, ", instance type %s", t->instance);
	else
		str_appendf(&buf, &len, "; instance type not known (EC2 names it in DMI; elsewhere "
		    "give it in --description)");
	c->identity = buf;
}

/* Add cell i to the reproduction plan, once. */
static void
ticket_repro_add(const struct results *res, struct plan *p, int i)
{
	unsigned k;

	if (i < 0 || res->plan.cells[i].depth == 0 || res->plan.cells[i].jobs == 0)
		return;
	for (k = 0; k < p->ncells; k++)
		if (p->cells[k].index == res->plan.cells[i].index)
			return;
	p->cells[p->ncells++] = res->plan.cells[i];
}

/* The ticket's parts of res into c. */
void
view_ticket_build(const struct results *res, const struct summary *sum, struct view_card *c)
{
	unsigned m;

	ticket_identity(res, c);
	ticket_command(res, c);
	c->target = &res->target;
	c->ncells = res->plan.ncells;
	c->repro = res->plan;
	c->repro.cells = xcalloc(3 * (sum->nmodes ? sum->nmodes : 1), sizeof *c->repro.cells);
	c->repro.ncells = 0;
	if (res->plan.steady_rule[0] != '\0')	/* fio's own criterion: no sweep --steady to give */
		c->repro.steady_pct = 0;
	for (m = 0; m < sum->nmodes; m++) {
		ticket_repro_add(res, &c->repro, sum->modes[m].qd1_4k);
		ticket_repro_add(res, &c->repro, sum->modes[m].head_iops);
		ticket_repro_add(res, &c->repro, sum->modes[m].head_bw);
	}
}
