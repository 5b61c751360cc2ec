/* Sizes, lists, ranges, modes and the edit distance behind "did you mean". */
#include "config.h"

#include <errno.h>

#include "check.h"
#include "base/sweep.h"
#include "base/util.h"

static void
sizes(void)
{
	static const struct { const char *in; uint64_t out; } ok[] = {
		{ "512", 512 }, { "4k", 4096 }, { "4K", 4096 }, { "4KiB", 4096 }, { "4kb", 4096 },
		{ "1m", 1048576 }, { "8M", 8388608 }, { "1g", 1073741824ULL },
		{ "2t", 2199023255552ULL }, { "0", 0 },
	};
	static const char *bad[] = { "", "k", "4x", "-4k", "4 k", "1.5g", "4kk", "99999999999999999999", "16777216t" };
	unsigned i;
	uint64_t v;

	for (i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		v = 1;
		CHECK(parse_size(ok[i].in, &v) == 0 && v == ok[i].out, "%s -> %llu", ok[i].in,
		    (unsigned long long)v);
	}
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
		CHECK(parse_size(bad[i], &v) != 0, "\"%s\" accepted as %llu", bad[i],
		    (unsigned long long)v);
}

static void
lists(void)
{
	struct num_list l;

	CHECK(parse_size_list("4k,64k,1m", &l) == 0 && l.n == 3 && l.v[0] == 4096 &&
	    l.v[1] == 65536 && l.v[2] == MIB, "n=%u", l.n);
	CHECK(parse_size_list("512-8m", &l) == 0 && l.n == 15 && l.v[0] == 512 &&
	    l.v[14] == 8 * MIB, "512-8m gave %u sizes", l.n);
	CHECK(parse_size_list("8k-1m", &l) == 0 && l.n == 8, "8k-1m gave %u", l.n);
	CHECK(parse_size_list("4k,4k,8k", &l) == 0 && l.n == 2, "duplicates kept: %u", l.n);
	CHECK(parse_size_list("4k,16k-64k", &l) == 0 && l.n == 4 && l.v[3] == 65536, "mixed: %u", l.n);
	CHECK(parse_size_list("1m-4k", &l) != 0, "reversed range accepted");
	/* found by fuzz-size: doubling past 2^63 wrapped to 0 and looped forever */
	CHECK(parse_uint_list("1-18446744073709551615", 0, UINT64_MAX, &l) == 0 && l.n == 64 &&
	    l.v[63] == 1ULL << 63, "range to 2^64-1: %u values", l.n);
	CHECK(parse_size_list("3-16777215t", &l) == 0 && l.n == 63, "size range to 2^64: %u", l.n);
	CHECK(parse_size_list("", &l) != 0, "empty list accepted");
	CHECK(parse_size_list(",", &l) != 0, "lone comma accepted");
	CHECK(parse_size_list("4k,", &l) == 0 && l.n == 1, "trailing comma");
	CHECK(parse_uint_list("1,32", 1, 4096, &l) == 0 && l.n == 2 && l.v[1] == 32, "depths");
	CHECK(parse_uint_list("1-64", 1, 4096, &l) == 0 && l.n == 7, "1-64 gave %u", l.n);
	CHECK(parse_uint_list("0", 1, 4096, &l) == -ERANGE, "depth 0 accepted");
	CHECK(parse_uint_list("4097", 1, 4096, &l) == -ERANGE, "depth 4097 accepted");
	CHECK(parse_uint_list("x", 1, 4096, &l) == -EINVAL, "depth x accepted");
}

static void
modes(void)
{
	struct group g;

	CHECK(parse_mode_list("read,randread", &g) == 0 && g.nmodes == 2 &&
	    g.mode_order[0] == MODE_READ && g.mode_order[1] == MODE_RANDREAD, "read,randread");
	CHECK(parse_mode_list("randrw,read,randrw", &g) == 0 && g.nmodes == 2 &&
	    g.mode_order[0] == MODE_RANDRW, "order and dedupe");
	CHECK(parse_mode_list("all", &g) == 0 && g.nmodes == MODE_COUNT, "all");
	CHECK(parse_mode_list("read,sideways", &g) != 0, "unknown mode accepted");
	CHECK(mode_parse("rw") == MODE_READWRITE, "fio alias rw");
	CHECK(mode_writes(MODE_RANDRW) && mode_reads(MODE_RANDRW) && !mode_writes(MODE_READ),
	    "mode predicates");
	CHECK_STR(mode_name(MODE_RANDWRITE), "randwrite");
}

static void
misc(void)
{
	char b[32];

	CHECK(edit_distance("dpeth", "depth") == 2, "%u", edit_distance("dpeth", "depth"));
	CHECK(edit_distance("runtime", "runtime") == 0, "same");
	CHECK(edit_distance("bs", "modes") > 2, "far");
	CHECK_STR(size_short(4096, b, sizeof b), "4k");
	CHECK_STR(size_short(8 * MIB, b, sizeof b), "8m");
	CHECK_STR(size_short(1536, b, sizeof b), "1536");
	CHECK_STR(size_human(GIB, b, sizeof b), "1 GiB");
	CHECK_STR(size_human(1536 * KIB, b, sizeof b), "1.5 MiB");
	CHECK_STR(duration_human(125 * NSEC_PER_SEC, b, sizeof b), "2 min 5 s");
}

int
main(void)
{
	sizes();
	lists();
	modes();
	misc();
	return check_done("unit-parse");
}
