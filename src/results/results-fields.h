/*
 * The field table of results.json's cells (results-fields.c): each key
 * once, with where it lives in struct cell_result, how it is written and
 * read back, and the text doc/results-schema.md gives it.  The writer
 * (results-json.c), the reader (results-json-read.c) and the schema's
 * tables (`make schema`) all follow it.
 */
#ifndef SWEEP_RESULTS_FIELDS_H
#define SWEEP_RESULTS_FIELDS_H

#include <stdio.h>

#include <cjson/cJSON.h>

#include "base/sweep.h"

enum results_field_type {
	RF_U64,		/* uint64_t; read clamped to 0 .. UINT64_MAX */
	RF_UINT,	/* unsigned; read clamped to 0 .. UINT_MAX */
	RF_INT,		/* int; read clamped to INT_MIN .. INT_MAX */
	RF_DOUBLE,	/* double; read as given, or 0 outside min .. max when max > min */
	RF_BOOL,	/* bool; read true only from JSON true */
	RF_TRIBOOL,	/* int: true (1), false (0) or null (-1); read -1 unless a boolean */
	RF_STR,		/* char[size]; read cut to size */
	RF_ENUM,	/* an enum written as names[value] */
	RF_OBJECT,	/* a nested object of the rows in sub */
	RF_CUSTOM	/* written and read by write and read only (none: in the doc only) */
};

#define RF_PLAN		0x1	/* also a key of the plan's cells (a struct cell row) */
#define RF_MEASURED	0x2	/* not written for a skipped cell */
#define RF_WRITE_ONLY	0x4	/* for other readers: sweep derives it again on read */
#define RF_TOP		0x8	/* only in a cell of "cells", not in one of its rounds or attempts */
#define RF_READ_APART	0x10	/* written by the table, read by its caller (the target, the plan) */

struct results_field;

/* Add f's key for the record at base to o. */
typedef void	 results_field_write_fn(cJSON *o, const struct results_field *f,
		    const void *base);
/* Read f's key of o into the record at base; 0, or -EINVAL with err set. */
typedef int	 results_field_read_fn(const cJSON *o, const struct results_field *f,
		    void *base, char *err, size_t errlen);
/* Set a figure derived from the cell's other figures (results_cell_derive). */
typedef void	 results_field_derive_fn(struct cell_result *r);
/* Whether f's key is written, or written as a value rather than null. */
typedef bool	 results_field_test_fn(const void *base);

struct results_field {
	const char	*key;			/* NULL ends a table */
	enum results_field_type type;
	size_t		 off;			/* offsetof into the record */
	size_t		 size;			/* RF_STR: the array's size */
	unsigned	 flags;			/* RF_PLAN, RF_MEASURED, RF_WRITE_ONLY */
	double		 min, max;		/* RF_DOUBLE read bounds (max > min) */
	double		 div;			/* written as value / div (0: as is) */
	double		 round;			/* written as round(v * round) / round (0: as is) */
	double		 absent;		/* RF_DOUBLE read when not a number */
	const char	*error;			/* RF_UINT: refuses a value above max, printf'd
						   with the value and max */
	results_field_test_fn *when;		/* written only when true (NULL: always) */
	results_field_test_fn *nonnull;		/* written as null when false */
	const char *const *names;		/* RF_ENUM */
	unsigned	 nnames;
	const struct results_field *sub;	/* RF_OBJECT, its rows on the record at off */
	results_field_write_fn *write;		/* instead of the type's */
	results_field_read_fn *read;		/* instead of the type's; RF_CUSTOM: NULL, read elsewhere */
	results_field_derive_fn *derive;	/* a figure set from the cell's others wherever a
						   cell is stored or loaded (with RF_WRITE_ONLY) */
	const char	*typedoc;		/* the schema's type column (a table's first row
						   has one: the table has the column) */
	const char	*doc;			/* NULL: documented with the row above; "%k": the sub-keys */
};

/* results-fields.c */
void	 results_fields_write(cJSON *o, const struct results_field *fields, const void *base,
	     unsigned need, unsigned omit);
int	 results_fields_read(const cJSON *o, const struct results_field *fields, void *base,
	     char *err, size_t errlen);
int	 results_fields_doc(FILE *f, const struct results_field *fields, const char *sub);
uint64_t results_fields_u64(const cJSON *o, const char *key);
unsigned results_fields_uint(const cJSON *o, const char *key);
void	 results_fields_str(const cJSON *o, const char *key, char *dst, size_t len);

/* results-fields-plan.c */
extern const struct results_field results_plan_fields[];

/* results-fields-top.c */
extern const struct results_field results_top_fields[];

/* results-fields-expect.c */
extern const struct results_field results_expect_fields[];

/* results-fields-target.c */
extern const struct results_field results_target_fields[];

/* results-fields-cell.c */
extern const struct results_field results_cell_fields[];
void	 results_fields_rwmix_read(const cJSON *o, struct cell *c, unsigned plan_share);
void	 results_fields_rate_read(const cJSON *o, struct cell *c);

#endif
