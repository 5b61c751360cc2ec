/*
 * Issue 31's findings, each remade from the numbers it gives: what the
 * caps, levels, knee and headline say of untidy curves (analysis-curve.c
 * cuts them, analysis-caps.c reads them).  Each check names the finding.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "caps-volume.h"
#include "check.h"
#include "fake-cell.h"
#include "render/report.h"

/* Cells of mode at block sizes bs[] and QD32 with IOPS iops[] (an imported table). */
static unsigned
table(struct cell_result *c, enum rw_mode mode, const uint64_t *bs, const double *iops,
    unsigned n)
{
	unsigned i;

	for (i = 0; i < n; i++)
		caps_volume_cell(&c[i], mode, bs[i], 32, iops[i]);
	return n;
}

/* The knee of n cells of mode, and its sentence into text. */
static void
knee_of(const struct cell_result *c, unsigned n, enum rw_mode mode, struct knee *k, char *text)
{
	analysis_caps_knee(c, n, mode, SUMMARY_NO_SHARE, k);
	view_knee_text(k, c, SUMMARY_NO_SHARE, text, REPORT_KNEE_TEXT);
	printf("%s: %s\n", mode_name(mode), text);
}

/*
 * Findings 1 and 2: randread QD32 on a 500 IOPS / 60 MB/s Azure disk.  Two
 * IOPS levels (512 B-1 KiB agree within 3%, 2-64 KiB at ~250), no cache;
 * the bandwidth's plateau is its top, ~60 MB/s at 2-4 MiB, not the ~52.7
 * of 512 KiB-8 MiB averaged over its rise and fall.  1 MiB (52.0 MB/s) is
 * within 3 sigma of the top at those cells' noise and may be named too.
 */
static void
curve_azure(void)
{
	static const double iops[] = { 562.5, 579.3, 288.9, 229.6, 261.9, 175.8, 221.9, 259.7,
		142.9, 106.1, 84.1, 49.6, 28.5, 14.8, 5.7 };
	uint64_t bs[15];
	struct cell_result c[15];
	char text[REPORT_KNEE_TEXT];
	struct knee k;
	unsigned i;

	for (i = 0; i < 15; i++)
		bs[i] = 512ULL << i;
	knee_of(c, table(c, MODE_RANDREAD, bs, iops, 15), MODE_RANDREAD, &k, text);
	CHECK(k.iops_shape.shape == KNEE_SHAPE_TWO_LEVELS && !k.iops_plateau &&
	    fabs(k.iops_shape.value[0] / 570 - 1) < 0.05 && k.iops_shape.from_bs[0] == 512 &&
	    k.iops_shape.to_bs[0] == 1024 && fabs(k.iops_shape.value[1] / 250 - 1) < 0.10 &&
	    k.iops_shape.from_bs[1] == 2048 && k.iops_shape.to_bs[1] == 65536,
	    "finding 1: two levels ~570 at 512 B-1 KiB and ~250 at 2-64 KiB: %s", text);
	CHECK(strstr(text, "two IOPS levels: ~571 IOPS at 512 B-1 KiB, ~2") != NULL &&
	    strstr(text, "cache") == NULL && strstr(text, "no IOPS cap") == NULL,
	    "finding 1: the sentence: %s", text);
	CHECK(k.bw_plateau && fabs(k.bw_cap / 60e6 - 1) < 0.05 && k.bw_bs_lo >= MIB &&
	    k.bw_bs_lo <= 2 * MIB && k.bw_bs_hi == 4 * MIB, "finding 2: bandwidth cap ~60 MB/s "
	    "at 2-4 MiB (1 MiB's 52 MB/s within 3 sigma), not 512 KiB or 8 MiB: %.1f MB/s at "
	    "%llu-%llu: %s", k.bw_cap / 1e6, (unsigned long long)k.bw_bs_lo,
	    (unsigned long long)k.bw_bs_hi, text);
}

/*
 * Finding 3: read QD32, 4 KiB at 1,359 IOPS (5.3 MiB/s), 8 KiB at 7.9
 * MiB/s, 128 KiB at 58.1 MiB/s (the sizes between are not given): not
 * bandwidth-bound at every size, no cap over the 5.3 MiB/s cell.
 */
static void
curve_rising(void)
{
	static const uint64_t bs[] = { 4096, 8192, 131072 };
	static const double iops[] = { 1359, 7.9 * MIB / 8192, 58.1 * MIB / 131072 };
	struct cell_result c[3];
	char text[REPORT_KNEE_TEXT];
	struct knee k;

	knee_of(c, table(c, MODE_READ, bs, iops, 3), MODE_READ, &k, text);
	CHECK(strstr(text, "every block size") == NULL && !(k.bw_plateau && k.bw_bs_lo == 4096),
	    "finding 3: no bandwidth cap over 4 KiB's 5.3 MiB/s: %s", text);
}

/*
 * Finding 4: caps on monotonic runs.  write 1,490 -> 1,367 -> 1,231 IOPS;
 * randwrite 5,409 -> 4,419 IOPS at 4 and 16 KiB (then 1,634 and 204 at
 * 128 KiB and 1 MiB, an io1 at 6,000); a bandwidth rising from 184 to 227
 * MiB/s at its two largest sizes.  None is a cap.
 */
static void
curve_monotonic(void)
{
	static const uint64_t b1[] = { 4096, 8192, 16384 }, b2[] = { 4096, 16384, 131072, MIB };
	static const uint64_t b3[] = { 4096, 16384, 65536, 262144, MIB };
	static const double w[] = { 1490, 1367, 1231 }, rw[] = { 5409, 4419, 1634, 204 };
	static const double rise[] = { 3000, 2990, 1500, 184.0 * MIB / 262144, 227.0 * MIB / MIB };
	struct cell_result c[5];
	char text[REPORT_KNEE_TEXT];
	struct knee k;

	knee_of(c, table(c, MODE_WRITE, b1, w, 3), MODE_WRITE, &k, text);
	CHECK(!k.iops_plateau && !k.bw_plateau && strstr(text, "IOPS falling with size from "
	    "1,490 at 4 KiB to 1,231 at 16 KiB") != NULL, "finding 4: write falling: %s", text);
	knee_of(c, table(c, MODE_RANDWRITE, b2, rw, 4), MODE_RANDWRITE, &k, text);
	CHECK(!k.iops_plateau && strstr(text, "~4,890") == NULL,
	    "finding 4: randwrite 5,409 -> 4,419 is no cap: %s", text);
	knee_of(c, table(c, MODE_READ, b3, rise, 5), MODE_READ, &k, text);
	CHECK(!k.bw_plateau, "finding 4: a rise from 184 to 227 MiB/s is no cap: %s", text);
}

/*
 * Finding 4: a cap that paired 8 KiB with 64 KiB across a dip to ~11,000
 * IOPS.  A stated IOPS cap names contiguous sizes whose cells are all
 * within its band: no named size at the dip's level.
 */
static void
curve_dip(void)
{
	static const uint64_t bs[] = { 4096, 8192, 16384, 32768, 65536, 131072, 262144, 524288, MIB };
	static const double iops[] = { 14900, 15000, 11000, 11100, 15050, 14950, 7500, 3750, 1875 };
	struct cell_result c[9];
	char text[REPORT_KNEE_TEXT];
	struct knee k;
	unsigned i;

	knee_of(c, table(c, MODE_RANDREAD, bs, iops, 9), MODE_RANDREAD, &k, text);
	for (i = 0; i < 9 && k.iops_plateau; i++)
		if (bs[i] >= k.iops_bs_lo && bs[i] <= k.iops_bs_hi)
			CHECK(iops[i] >= 0.85 * k.iops_cap || (k.iops_shape.dip > 0 &&
			    bs[i] >= k.iops_shape.dip_from && bs[i] <= k.iops_shape.dip_to),
			    "finding 4: %llu at %.0f named in the cap ~%.0f without its dip: %s",
			    (unsigned long long)bs[i], iops[i], k.iops_cap, text);
	CHECK(k.iops_plateau ? k.iops_shape.dip > 0 || k.iops_bs_hi <= 8192 : true,
	    "finding 4: the dip is said: %s", text);
}

/*
 * Finding 4: a cap that counted a size the saturation line called not
 * saturated.  At 4-8 KiB IOPS level off at 3,000 by QD16; at 16 KiB they
 * still rise at QD32 (2,800, from 2,000 at QD16): the cap is not read there.
 */
static void
curve_unsaturated(void)
{
	static const unsigned qd[] = { 1, 4, 16, 32 };
	static const double at[3][4] = { { 400, 1500, 2990, 3000 }, { 380, 1450, 2980, 3010 },
		{ 300, 900, 2000, 2800 } };
	struct cell_result c[20];
	char text[REPORT_KNEE_TEXT];
	struct knee k;
	unsigned i, j, n = 0;

	for (i = 0; i < 3; i++)
		for (j = 0; j < 4; j++)
			caps_volume_cell(&c[n++], MODE_RANDREAD, 4096ULL << i, qd[j], at[i][j]);
	caps_volume_cell(&c[n++], MODE_RANDREAD, 65536, 32, 1900);
	caps_volume_cell(&c[n++], MODE_RANDREAD, 262144, 32, 480);
	knee_of(c, n, MODE_RANDREAD, &k, text);
	CHECK(k.iops_plateau && k.iops_bs_hi <= 8192 && fabs(k.iops_cap / 3000 - 1) < 0.02,
	    "finding 4: the cap at 4-8 KiB only, 16 KiB not saturated: %s", text);
}

/*
 * Finding 6: one knee.  B / I rounded to two digits is the number every
 * format and chart takes (analysis_caps_knee_size), with the measured
 * sizes either side: 3,000 IOPS and 128 MiB/s cross at 43.7 KiB.
 */
static void
curve_knee(void)
{
	struct cell_result c[15];
	char text[REPORT_KNEE_TEXT];
	struct knee k;
	uint64_t b;
	unsigned n = 0;

	for (b = 512; b <= 8 * MIB; b *= 2)
		caps_volume_cell(&c[n++], MODE_READ, b, 32, fmin(3000, 128.0 * MIB / (double)b));
	knee_of(c, n, MODE_READ, &k, text);
	CHECK(analysis_caps_knee_size(&k) == 44 * KIB && k.knee_lo_bs == 32 * KIB &&
	    k.knee_hi_bs == 64 * KIB && strstr(text, "knee ~44 KiB, between 32 and 64 KiB") != NULL,
	    "finding 6: knee %llu, between %llu and %llu: %s",
	    (unsigned long long)analysis_caps_knee_size(&k), (unsigned long long)k.knee_lo_bs,
	    (unsigned long long)k.knee_hi_bs, text);
}

/*
 * Finding 5: a noisy ~2,900 IOPS volume whose small-block cells all carry
 * a mark (their BW check failed: another reader's bytes on the device).
 * The headline is the plateau, ~2,950, never the one unmarked cell at 1 MiB
 * (128 IOPS).
 */
static void
curve_headline(void)
{
	struct results res;
	struct summary s;
	const struct view_cell *vc;
	struct view_table t;
	unsigned i, n = 0;
	uint64_t b;

	memset(&res, 0, sizeof res);
	res.plan.ncells = 12;
	res.plan.cells = xcalloc(res.plan.ncells, sizeof *res.plan.cells);
	res.cells = xcalloc(res.plan.ncells, sizeof *res.cells);
	for (b = 512; b <= MIB; b *= 2, n++) {
		fake_cell(&res, n, MODE_RANDREAD, b, 32, fmin(2950 * (n % 2 ? 0.99 : 1.0),
		    128.0 * MIB / (double)b), 10);
		bw_check_compute(&res.cells[n]);
		if (b < MIB) {
			res.cells[n].check.ok = false;
			snprintf(res.cells[n].check.reason, sizeof res.cells[n].check.reason,
			    "device moved 30%% more");
		}
	}
	res.plan.ncells = n;
	view_summary_build(&res, &s);
	view_summary(&res, &s, &t);
	vc = view_table_cell(&t, 0, 0);
	CHECK(vc->kind == VIEW_NUMBER && fabs(vc->value / 2950 - 1) < 0.02,
	    "finding 5: the headline is the plateau: %.0f", vc->value);
	vc = view_table_cell(&t, 0, 1);
	CHECK(vc->kind == VIEW_TEXT && strstr(vc->text, "cap at 512 B-") != NULL,
	    "finding 5: at the plateau's sizes: %s", vc->text ? vc->text : "(none)");
	for (i = 0; i < n; i++)
		res.cells[i].iops = res.cells[i].cell.bs < MIB ? res.cells[i].iops : 128;
	view_table_free(&t);
	view_summary_free(&s);
	results_free(&res);
}

int
main(void)
{
	curve_azure();
	curve_rising();
	curve_monotonic();
	curve_dip();
	curve_unsaturated();
	curve_knee();
	curve_headline();
	return check_done("unit-curve");
}
