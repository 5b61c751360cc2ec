/*
 * Provisioned-limit profiles (profile.c): the shipped profiles' cap math
 * for volumes of known size (gp2 at 100 GiB, 2000 GiB, 2 TiB, 6 TiB;
 * magnetic; gp3; io1; st1; sc1; Azure P10), --expect parsing, rates with
 * units, and profile files with errors at a line and column.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "check.h"
#include "base/sweep.h"
#include "plan/plan.h"
#include "results/profile.h"

#define TIB	(1024 * GIB)

/* The caps of shipped profile name for a volume of size bytes (and --expect text, or NULL). */
static int
caps(const char *name, uint64_t size, const char *expect, struct expect *out, char *err,
    size_t errlen)
{
	struct profile p;
	struct expect given;

	memset(&given, 0, sizeof given);
	err[0] = '\0';
	if (profile_load(name, &p) != 0) {
		snprintf(err, errlen, "profile %s does not load", name);
		return -1;
	}
	if (expect != NULL && profile_parse_expect(expect, &given, err, errlen) != 0)
		return -1;
	return profile_resolve(&p, &given, size, out, err, errlen);
}

#define NEAR(a, b) (fabs((a) - (b)) <= 1e-6 * fabs(b) + 1e-9)

static void
gp2(void)
{
	struct expect e;
	char err[512];

	CHECK(caps("aws-gp2", 100 * GIB, NULL, &e, err, sizeof err) == 0, "gp2 100 GiB: %s", err);
	CHECK(e.iops == 300 && e.burst_iops == 3000, "gp2 100 GiB: %g IOPS, burst %g", e.iops,
	    e.burst_iops);
	CHECK(NEAR(e.bw_bytes_s, 128.0 * MIB) && e.burst_bw_bytes_s == 0, "gp2 100 GiB bw %g, burst %g",
	    e.bw_bytes_s / MIB, e.burst_bw_bytes_s / MIB);
	CHECK_STR(e.profile, "aws-gp2");
	CHECK(strstr(e.source, "as published by AWS in") != NULL, "source: %s", e.source);
	CHECK(strstr(e.basis, "3 per GiB x 100 GiB") != NULL, "basis: %s", e.basis);

	CHECK(caps("aws-gp2", 10 * GIB, NULL, &e, err, sizeof err) == 0 && e.iops == 100 &&
	    e.burst_iops == 3000, "gp2 10 GiB: the minimum 100 IOPS, got %g", e.iops);
	CHECK(caps("aws-gp2", 250 * GIB, NULL, &e, err, sizeof err) == 0 && e.iops == 750 &&
	    NEAR(e.bw_bytes_s, 128.0 * MIB) && NEAR(e.burst_bw_bytes_s, 250.0 * MIB),
	    "gp2 250 GiB: %g IOPS, %g MiB/s, burst %g MiB/s", e.iops, e.bw_bytes_s / MIB,
	    e.burst_bw_bytes_s / MIB);
	/* 2000 GiB (2 TB as sold) is 6,000 IOPS; 2 TiB = 2048 GiB is 6,144. */
	CHECK(caps("aws-gp2", 2000 * GIB, NULL, &e, err, sizeof err) == 0 && e.iops == 6000 &&
	    e.burst_iops == 0 && NEAR(e.bw_bytes_s, 250.0 * MIB), "gp2 2000 GiB: %g IOPS, burst %g",
	    e.iops, e.burst_iops);
	CHECK(caps("aws-gp2", 2 * TIB, NULL, &e, err, sizeof err) == 0 && e.iops == 6144 &&
	    e.burst_iops == 0, "gp2 2 TiB: %g IOPS, burst %g", e.iops, e.burst_iops);
	CHECK(caps("aws-gp2", 6 * TIB, NULL, &e, err, sizeof err) == 0 && e.iops == 16000,
	    "gp2 6 TiB: capped at 16,000, got %g", e.iops);
	CHECK(strstr(e.basis, "capped at the maximum") != NULL, "basis says capped: %s", e.basis);
	CHECK(caps("aws-gp2", 1000 * GIB, NULL, &e, err, sizeof err) == 0 && e.iops == 3000 &&
	    e.burst_iops == 0, "gp2 1000 GiB: 3,000 baseline and no burst, got %g / %g", e.iops,
	    e.burst_iops);
	CHECK(caps("aws-gp2", 0, NULL, &e, err, sizeof err) != 0 && strstr(err, "size=") != NULL,
	    "gp2 without a size: %s", err);
	CHECK(caps("aws-gp2", 0, "size=100g", &e, err, sizeof err) == 0 && e.iops == 300 &&
	    e.size_bytes == 100 * GIB, "gp2 with --expect size=100g: %g (%s)", e.iops, err);
	CHECK(caps("aws-gp2", 100 * GIB, "iops=500", &e, err, sizeof err) == 0 && e.iops == 500,
	    "--expect iops overrides the profile: %g", e.iops);
}

static void
others(void)
{
	struct expect e;
	char err[512];

	CHECK(caps("aws-standard", 100 * GIB, NULL, &e, err, sizeof err) == 0 && e.iops == 200 &&
	    e.iops_floor == 40 && NEAR(e.bw_bytes_s, 90.0 * MIB) && NEAR(e.bw_floor_bytes_s, 40.0 * MIB),
	    "magnetic: %g (from %g) IOPS, %g (from %g) MiB/s: %s", e.iops, e.iops_floor,
	    e.bw_bytes_s / MIB, e.bw_floor_bytes_s / MIB, err);
	CHECK(caps("aws-standard", 0, NULL, &e, err, sizeof err) == 0, "magnetic needs no size: %s",
	    err);

	CHECK(caps("aws-gp3", 100 * GIB, NULL, &e, err, sizeof err) == 0 && e.iops == 3000 &&
	    NEAR(e.bw_bytes_s, 125.0 * MIB) && e.burst_iops == 0, "gp3 baseline: %g, %g MiB/s",
	    e.iops, e.bw_bytes_s / MIB);
	CHECK(caps("aws-gp3", 100 * GIB, "iops=16000,bw=1000m/s", &e, err, sizeof err) == 0 &&
	    e.iops == 16000 && NEAR(e.bw_bytes_s, 1000.0 * MIB), "gp3 provisioned: %g, %g MiB/s",
	    e.iops, e.bw_bytes_s / MIB);
	CHECK(caps("aws-gp3", 10 * GIB, "iops=16000", &e, err, sizeof err) == 0 &&
	    strstr(e.basis, "per GiB allowed") != NULL, "gp3 16,000 IOPS on 10 GiB flagged: %s",
	    e.basis);
	CHECK(caps("aws-gp3", 100 * GIB, "iops=3000,bw=1000m/s", &e, err, sizeof err) == 0 &&
	    strstr(e.basis, "per provisioned IOPS allowed") != NULL,
	    "gp3 1000 MiB/s on 3,000 IOPS flagged: %s", e.basis);

	CHECK(caps("aws-io1", 100 * GIB, NULL, &e, err, sizeof err) != 0 &&
	    strstr(err, "--expect iops=") != NULL, "io1 without provisioned IOPS: %s", err);
	/* 256 KiB/s x 4,000 IOPS is 1,000 MiB/s, but below 32,000 IOPS io1 stops at 500. */
	CHECK(caps("aws-io1", 200 * GIB, "iops=4000", &e, err, sizeof err) == 0 && e.iops == 4000 &&
	    NEAR(e.bw_bytes_s, 500.0 * MIB) && strstr(e.basis, "below 32000 IOPS") != NULL,
	    "io1 4,000 IOPS: %g MiB/s (256 KiB/s x 4000, 500 below 32,000 IOPS)",
	    e.bw_bytes_s / MIB);
	CHECK(caps("aws-io1", 200 * GIB, "iops=1000", &e, err, sizeof err) == 0 &&
	    NEAR(e.bw_bytes_s, 250.0 * MIB), "io1 1,000 IOPS: %g MiB/s", e.bw_bytes_s / MIB);
	CHECK(caps("aws-io1", 1000 * GIB, "iops=40000", &e, err, sizeof err) == 0 &&
	    NEAR(e.bw_bytes_s, 1000.0 * MIB), "io1 40,000 IOPS: %g MiB/s", e.bw_bytes_s / MIB);
	CHECK(caps("aws-io1", 100 * GIB, "iops=6000", &e, err, sizeof err) == 0 &&
	    strstr(e.basis, "50 IOPS per GiB allowed") != NULL, "io1 above 50/GiB flagged: %s",
	    e.basis);
	CHECK(caps("aws-io2", 100 * GIB, "iops=6000", &e, err, sizeof err) == 0 &&
	    strstr(e.basis, "per GiB allowed") == NULL, "io2 allows 500/GiB: %s", e.basis);

	CHECK(caps("aws-st1", 2 * TIB, NULL, &e, err, sizeof err) == 0 &&
	    NEAR(e.bw_bytes_s, 80.0 * MIB) && NEAR(e.burst_bw_bytes_s, 500.0 * MIB) && e.iops == 500,
	    "st1 2 TiB: %g MiB/s, burst %g", e.bw_bytes_s / MIB, e.burst_bw_bytes_s / MIB);
	CHECK(caps("aws-st1", 16 * TIB, NULL, &e, err, sizeof err) == 0 &&
	    NEAR(e.bw_bytes_s, 500.0 * MIB) && e.burst_bw_bytes_s == 0,
	    "st1 16 TiB: %g MiB/s, no burst above it (%g)", e.bw_bytes_s / MIB,
	    e.burst_bw_bytes_s / MIB);
	CHECK(caps("aws-sc1", TIB, NULL, &e, err, sizeof err) == 0 &&
	    NEAR(e.bw_bytes_s, 12.0 * MIB) && NEAR(e.burst_bw_bytes_s, 80.0 * MIB),
	    "sc1 1 TiB: %g MiB/s, burst %g", e.bw_bytes_s / MIB, e.burst_bw_bytes_s / MIB);

	CHECK(caps("azure-p10", 0, NULL, &e, err, sizeof err) == 0 && e.iops == 500 &&
	    e.bw_bytes_s == 100e6 && e.burst_iops == 3500 && e.burst_bw_bytes_s == 170e6 &&
	    e.size_bytes == 128 * GIB, "P10: %g IOPS %g MB/s burst %g / %g", e.iops,
	    e.bw_bytes_s / 1e6, e.burst_iops, e.burst_bw_bytes_s / 1e6);
	CHECK(caps("azure-p10", TIB, NULL, &e, err, sizeof err) == 0 &&
	    strstr(e.basis, "not the 128 GiB") != NULL, "P10 on 1 TiB noted: %s", e.basis);
	CHECK(caps("azure-p30", 0, NULL, &e, err, sizeof err) == 0 && e.iops == 5000 &&
	    e.bw_bytes_s == 200e6, "P30: %g IOPS", e.iops);
	CHECK(caps("azure-p50", 0, NULL, &e, err, sizeof err) == 0 && e.iops == 7500 &&
	    e.bw_bytes_s == 250e6, "P50: %g IOPS", e.iops);
	CHECK(caps("no-such-profile", 0, NULL, &e, err, sizeof err) != 0, "unknown profile refused");
}

static void
expect_and_rates(void)
{
	struct expect e;
	char err[256];
	double v;

	CHECK(profile_parse_rate("250m/s", &v) == 0 && v == 250.0 * MIB, "250m/s = %g", v);
	CHECK(profile_parse_rate("250MiB/s", &v) == 0 && v == 250.0 * MIB, "250MiB/s = %g", v);
	CHECK(profile_parse_rate("250MB/s", &v) == 0 && v == 250e6, "250MB/s = %g", v);
	CHECK(profile_parse_rate("250 mb/s", &v) == 0 && v == 250e6, "250 mb/s = %g", v);
	CHECK(profile_parse_rate("1.5GB/s", &v) == 0 && v == 1.5e9, "1.5GB/s = %g", v);
	CHECK(profile_parse_rate("100MBps", &v) == 0 && v == 100e6, "100MBps = %g", v);
	CHECK(profile_parse_rate("512B/s", &v) == 0 && v == 512, "512B/s = %g", v);
	CHECK(profile_parse_rate("250", &v) != 0, "a rate without a unit refused");
	CHECK(profile_parse_rate("fast", &v) != 0 && profile_parse_rate("250 parsecs", &v) != 0 &&
	    profile_parse_rate("", &v) != 0 && profile_parse_rate("-5MB/s", &v) != 0,
	    "nonsense rates refused");

	CHECK(profile_parse_expect("iops=3000,bw=250m/s", &e, err, sizeof err) == 0 && e.set &&
	    e.iops == 3000 && e.bw_bytes_s == 250.0 * MIB, "--expect iops=3000,bw=250m/s: %s", err);
	CHECK(profile_parse_expect("bw=250MB/s", &e, err, sizeof err) == 0 && e.iops == 0 &&
	    e.bw_bytes_s == 250e6, "--expect bw only");
	CHECK(profile_parse_expect("iops=16k,burst_iops=3000,size=2t", &e, err, sizeof err) == 0 &&
	    e.iops == 16000 && e.burst_iops == 3000 && e.size_bytes == 2 * TIB, "16k, burst, size");
	CHECK(profile_parse_expect("iops=many", &e, err, sizeof err) != 0 && strstr(err, "iops=many"),
	    "bad iops: %s", err);
	CHECK(profile_parse_expect("bw=250", &e, err, sizeof err) != 0 && strstr(err, "unit"),
	    "bw without unit: %s", err);
	CHECK(profile_parse_expect("speed=3", &e, err, sizeof err) != 0 && strstr(err, "speed"),
	    "unknown key: %s", err);
	CHECK(profile_parse_expect("3000", &e, err, sizeof err) != 0, "no KEY=: %s", err);
	CHECK(profile_parse_expect(",", &e, err, sizeof err) != 0, "nothing given: %s", err);
	CHECK(profile_resolve(NULL, &(struct expect){ .set = true, .size_bytes = GIB }, 0, &e, err,
	    sizeof err) != 0, "size= alone without a profile refused: %s", err);
}

/* Parse a profile text; returns the error text (empty on success). */
static const char *
parse(const char *text, struct profile *p)
{
	static char err[512];

	err[0] = '\0';
	profile_parse("t.json", text, strlen(text), p, err, sizeof err);
	return err;
}

static void
profile_files(void)
{
	struct profile p;
	struct expect e;
	char err[256];

	CHECK_STR(parse("{\"source\": \"my notes\", \"iops\": {\"value\": 500}}", &p), "");
	CHECK(p.limit[PROFILE_IOPS].present && p.limit[PROFILE_IOPS].value == 500, "value 500");
	CHECK(strstr(parse("{\"source\": \"s\",\n  \"iops\": {\"vlaue\": 5}}", &p),
	    "t.json:2:12: unknown key \"vlaue\"") != NULL, "unknown limit key at 2:12: %s",
	    parse("{\"source\": \"s\",\n  \"iops\": {\"vlaue\": 5}}", &p));
	CHECK(strstr(parse("{\"source\": \"s\",\n\"iops\": {\"value\": 5},\n\"bandwith\": {}}", &p),
	    "t.json:3:1: unknown key \"bandwith\"") != NULL, "unknown top key at 3:1");
	CHECK(strstr(parse("{\"source\": \"s\",\n  \"iops\": {\"value\": 5,}\n}", &p),
	    "t.json:2:24: malformed JSON") != NULL, "malformed at 2:24 (after the comma): %s",
	    parse("{\"source\": \"s\",\n  \"iops\": {\"value\": 5,}\n}", &p));
	CHECK(strstr(parse("{\"iops\": {\"value\": 5}}", &p), "no \"source\"") != NULL,
	    "a profile names its source");
	CHECK(strstr(parse("{\"source\": \"s\", \"bw\": {\"value\": 250}}", &p), "") != NULL &&
	    p.limit[PROFILE_BW].value == 250, "a bandwidth number is bytes/s");
	CHECK(strstr(parse("{\"source\": \"s\", \"bw\": {\"value\": \"250\"}}", &p),
	    "must be a bandwidth with a unit") != NULL, "bandwidth string without a unit");
	CHECK(strstr(parse("{\"source\": \"s\", \"iops\": {\"min\": 10, \"max\": 5, \"value\": 1}}",
	    &p), "min is above max") != NULL, "min above max");
	CHECK(strstr(parse("{\"source\": \"s\", \"iops\": {\"steps\": [{\"up_to\": \"2g\", "
	    "\"value\": 1}, {\"up_to\": \"1g\", \"value\": 2}]}}", &p), "ascending") != NULL,
	    "steps out of order");
	CHECK(strstr(parse("{\"source\": \"s\", \"iops\": {\"per_iops\": 5}}", &p),
	    "goes with a bandwidth") != NULL, "per_iops on IOPS");
	CHECK(strstr(parse("{\"source\": \"s\", \"iops\": {}}", &p), "gives no figure") != NULL,
	    "an empty limit");
	CHECK(strstr(parse("[1, 2]", &p), "one JSON object") != NULL, "not an object");
	CHECK(strstr(parse("{\"source\": {\"publisher\": \"X\"}, \"iops\": {\"value\": 5}}", &p),
	    "\"document\"") != NULL, "source object needs a document");

	/* A user's io1 with its provisioned IOPS in the file. */
	CHECK_STR(parse("{\"source\": \"s\", \"provisioned_iops\": 8000, \"iops\": {\"provisioned\": "
	    "true, \"max_per_gib\": 50}, \"bw\": {\"per_iops\": \"256KiB/s\", \"max\": \"1000MiB/s\"}}",
	    &p), "");
	CHECK(profile_resolve(&p, NULL, 200 * GIB, &e, err, sizeof err) == 0 && e.iops == 8000 &&
	    e.bw_bytes_s == 1000.0 * MIB, "provisioned_iops in the file: %g IOPS, %g MiB/s (%s)",
	    e.iops, e.bw_bytes_s / MIB, err);
}

int
main(void)
{
	setenv("SWEEP_DATADIR", ABS_SRCDIR, 1);
	gp2();
	others();
	expect_and_rates();
	profile_files();
	return check_done("unit-profile");
}
