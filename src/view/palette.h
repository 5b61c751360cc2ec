/*
 * The colours every output shares (palette.c): one per mode, the same in
 * the gnuplot charts, the workbooks and a comparison, and the colours of a
 * mixed mode's further read shares; and one per run of a comparison.
 * Colours are 0xrrggbb.
 */
#ifndef PALETTE_H
#define PALETTE_H

#include "base/sweep.h"

/* palette.c */
uint32_t palette_mode_rgb(enum rw_mode mode);
const char *palette_mode_color(enum rw_mode mode);
uint32_t palette_run(unsigned k);
uint32_t palette_tab10(unsigned i);
void	 palette_workloads(const enum rw_mode *mode, unsigned n, uint32_t *rgb);
uint32_t palette_shade(uint32_t rgb, double t);
void	 palette_ramp(uint32_t rgb, unsigned i, unsigned n, char *out, size_t len);

#endif
