/* Steady-state detection on synthetic per-second IOPS series. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "sweep.h"

static uint64_t s = 7;

/* uniform noise in [-amp, amp] */
static double
noise(double amp)
{
	s ^= s << 13;
	s ^= s >> 7;
	s ^= s << 17;
	return ((double)(s >> 11) / 9007199254740992.0 * 2 - 1) * amp;
}

int
main(void)
{
	uint64_t v[64];
	unsigned i, found;

	/* flat with 0.5% noise: steady at 2% */
	for (i = 0; i < 10; i++)
		v[i] = (uint64_t)(10000 * (1 + noise(0.005)));
	CHECK(run_steady(v, 10, 5, 2), "flat series not steady");
	CHECK(!run_steady(v, 4, 5, 2), "fewer samples than the window");
	CHECK(!run_steady(v, 10, 5, 0), "steady 0 is off");

	/* 5% noise: never steady at 2%, steady at 10% */
	for (i = 0; i < 10; i++)
		v[i] = (uint64_t)(10000 * (1 + (i % 2 ? 0.05 : -0.05)));
	CHECK(!run_steady(v, 10, 5, 2), "5%% swings passed 2%%");
	CHECK(run_steady(v, 10, 5, 10), "5%% swings failed 10%%");

	/* a slow ramp of 0.7%/s stays inside a 2% band over 5 s only by its mean: the slope test rejects it */
	for (i = 0; i < 10; i++)
		v[i] = (uint64_t)(10000 * (1 + 0.007 * i));
	CHECK(!run_steady(v, 10, 5, 2), "a rising series is not steady");

	/* warm-up then flat: found once the window lies past the warm-up */
	for (i = 0; i < 20; i++)
		v[i] = i < 6 ? 2000 * (i + 1) : (uint64_t)(15000 * (1 + noise(0.004)));
	for (found = 0, i = 5; i <= 20 && !found; i++)
		if (run_steady(v, i, 5, 2))
			found = i;
	CHECK(found == 11, "warm-up ends at 6 s, window of 5: steady at %u s", found);

	/* a burst-credit cliff: flat, then a 60% drop: not steady across the drop */
	for (i = 0; i < 12; i++)
		v[i] = i < 8 ? 3000 : 1200;
	CHECK(!run_steady(v, 10, 5, 2), "a drop inside the window passed");
	CHECK(run_steady(v, 8, 5, 2), "flat before the drop");
	return check_done("unit-steady");
}
