/*
 * The sentence of a burst finding (analysis-burst.c finds it), for the
 * report's burst table.
 */
#include "config.h"

#include "view/view.h"

/* What b says, in one sentence, into text. */
const char *
view_burst_text(const struct burst *b, char *text, size_t len)
{
	char x[32], y[32];

	switch (b->kind) {
	case BURST_TOO_SHORT:
		snprintf(text, len, "series of %u s: too short to see a burst (needs %d s; "
		    "run with --steady 0 --runtime 120)", b->nseries_s, BURST_MIN_SERIES_S);
		break;
	case BURST_UNSTEADY_START:
		snprintf(text, len, "no steady start to measure a drop from");
		break;
	case BURST_NONE:
		snprintf(text, len, "no sustained drop over %u s", b->nseries_s);
		break;
	case BURST_CLIFF:
		snprintf(text, len, "likely burst credits exhausted after %u s at ~%s IOPS; "
		    "then ~%s IOPS (-%.0f%%)", b->at_s, view_approx(b->before_iops, x, sizeof x),
		    view_approx(b->after_iops, y, sizeof y), b->drop * 100);
		break;
	case BURST_DECLINE:
		snprintf(text, len, "IOPS declined gradually from ~%s to ~%s (-%.0f%%, "
		    "below -%.0f%% after %u s): not a burst cliff (a cache filling, or garbage "
		    "collection?)", view_approx(b->before_iops, x, sizeof x),
		    view_approx(b->after_iops, y, sizeof y), b->drop * 100, BURST_DROP * 100, b->at_s);
		break;
	}
	return text;
}
