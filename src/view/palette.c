/*
 * The colours of modes, workloads and a comparison's runs: one palette for
 * the gnuplot charts, the workbooks and the summary, so a mode has one
 * colour everywhere (a run's charts, a comparison's, the scorecard's).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "view/palette.h"

/* One colour per mode: read, write, randread, randwrite, readwrite, randrw. */
static const char *const palette_modes[MODE_COUNT] = {
	[MODE_READ]      = "#1f77b4",
	[MODE_WRITE]     = "#d62728",
	[MODE_RANDREAD]  = "#2ca02c",
	[MODE_RANDWRITE] = "#ff7f0e",
	[MODE_READWRITE] = "#9467bd",
	[MODE_RANDRW]    = "#8c564b",
};

/* The further workloads' colours: the modes' first, then others no mode has. */
static const uint32_t palette_more[] = {
	0x1f77b4, 0xd62728, 0x2ca02c, 0xff7f0e, 0x9467bd, 0x8c564b, 0xe377c2, 0x7f7f7f,
	0xbcbd22, 0x17becf, 0x393b79, 0x637939
};

/* matplotlib's tab10, in its own order: a colour per line when the lines are not modes. */
static const uint32_t palette_tab10s[] = {
	0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd, 0x8c564b, 0xe377c2, 0x7f7f7f,
	0xbcbd22, 0x17becf
};

/* The colour of a mode as "#rrggbb"; dark grey for no mode. */
const char *
palette_mode_color(enum rw_mode mode)
{
	return (unsigned)mode < MODE_COUNT ? palette_modes[mode] : "#404040";
}

/* The colour of a mode as 0xrrggbb; dark grey for no mode. */
uint32_t
palette_mode_rgb(enum rw_mode mode)
{
	return (uint32_t)strtoul(palette_mode_color(mode) + 1, NULL, 16);
}

/* The colour of run k of a comparison: the modes' six, then two more, repeating after 8. */
uint32_t
palette_run(unsigned k)
{
	return palette_more[k % 8];
}

/* The i'th colour of tab10, repeating after 10. */
uint32_t
palette_tab10(unsigned i)
{
	return palette_tab10s[i % (sizeof palette_tab10s / sizeof palette_tab10s[0])];
}

/*
 * The colours of n workloads of modes mode[] into rgb[]: the first of each
 * mode its mode's colour; a mode's later ones (a mixed mode's further read
 * shares), in turn, the palette's colours that no first one keeps, until
 * they run out.
 */
void
palette_workloads(const enum rw_mode *mode, unsigned n, uint32_t *rgb)
{
	const unsigned np = sizeof palette_more / sizeof palette_more[0];
	bool used[sizeof palette_more / sizeof palette_more[0]] = { false };
	unsigned m, k, next = 0;

	for (m = 0; m < n; m++) {
		rgb[m] = palette_mode_rgb(mode[m]);
		for (k = 0; k < m && mode[k] != mode[m]; k++)
			;
		if (k == m)
			for (k = 0; k < np; k++)
				used[k] |= palette_more[k] == rgb[m];
	}
	for (m = 0; m < n; m++) {
		for (k = 0; k < m && mode[k] != mode[m]; k++)
			;
		if (k < m) {
			for (k = 0; k < np && used[(next + k) % np]; k++)
				;
			rgb[m] = palette_more[(next + k) % np];
			next = (next + k + 1) % np;
		}
	}
}

/*
 * rgb shaded by t: towards white by -t when t < 0, towards black by t
 * when t > 0 (0: rgb itself).  The one mixing rule of every ramp.
 */
uint32_t
palette_shade(uint32_t rgb, double t)
{
	uint32_t out = 0;
	double c;
	unsigned k;

	for (k = 0; k < 3; k++) {
		c = (double)((rgb >> (8 * k)) & 0xff);
		c = t < 0 ? c + (255 - c) * -t : c * (1 - t);
		out |= (uint32_t)(c + 0.5) << (8 * k);
	}
	return out;
}

/*
 * Step i of n of a sequential ramp of rgb's hue into out ("#rrggbb"), light
 * to dark: the first mixed 50% with white, the last 40% with black, so that
 * a mode's depths read in order inside its colour.  One step: rgb itself.
 */
void
palette_ramp(uint32_t rgb, unsigned i, unsigned n, char *out, size_t len)
{
	snprintf(out, len, "#%06x", (unsigned)palette_shade(rgb,
	    n > 1 ? -0.5 + 0.9 * (double)i / (double)(n - 1) : 0));
}
