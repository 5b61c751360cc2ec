/*
 * The per-cell columns of results.csv and the workbook's Cells and Checks
 * sheets (columns.c): below the reports, so that import --csv can know
 * them by name without the report layer.
 */
#ifndef COLUMNS_H
#define COLUMNS_H

#include "base/sweep.h"

/*
 * columns.c: the per-cell columns of results.csv and the workbook's Cells
 * and Checks sheets, in order, one row each; import --csv knows them by name.
 */
enum column_kind { COLUMN_EMPTY, COLUMN_NUMBER, COLUMN_COUNT, COLUMN_TEXT };
/* How a value is flagged: the workbook colours it. */
enum column_mark { COLUMN_MARK_NONE, COLUMN_MARK_FAILED, COLUMN_MARK_MISMATCH };

/* One cell's value of a column. */
struct column_value {
	enum column_kind kind;		/* COLUMN_EMPTY: not measured, or does not apply */
	double		 number;	/* COLUMN_NUMBER, in the column's unit */
	uint64_t	 count;		/* COLUMN_COUNT: a whole number */
	const char	*text;		/* COLUMN_TEXT: buf, the record's or a constant */
	enum column_mark mark;
	char		 buf[256];
};

#define COLUMN_ALWAYS	 0x1	/* a skipped cell has it too (identity, status, reason) */
#define COLUMN_CELLS	 0x2	/* in the Cells sheet (every column is in results.csv) */
#define COLUMN_CHECKS	 0x4	/* in the Checks sheet */
#define COLUMN_CAPITALS	 0x8	/* the workbook writes the text in capitals ("4K") */
#define COLUMN_CHECKS_NA 0x10	/* the Checks sheet writes "n/a" when there is no value */

/* How a cell's measured window ended, e.g. "steady after 4 s" (the steady column). */
const char *column_steady_text(const struct results *res, const struct cell_result *r, char *buf,
	     size_t len);

struct column {
	const char	*name;		/* results.csv's header */
	const char	*title;		/* the workbook's header, with the unit */
	const char	*checks_title;	/* the Checks sheet's header; NULL: title */
	const char	*unit;
	int		 decimals;	/* after the point; 0 whole with thousands, -1 whole plain */
	unsigned	 flags;		/* COLUMN_* */
	unsigned	 width;		/* in the Cells sheet; 0: the sheet's default */
	unsigned	 checks_width;	/* in the Checks sheet; 0: the sheet's default */
	void		(*get)(const struct results *res, const struct cell_result *r,
			    struct column_value *v);
	/* Without get: the double at off in the cell, / div (0: as is); empty unless above 0. */
	size_t		 off;
	double		 div;
};

extern const struct column columns[];
extern const unsigned ncolumns;
void	 column_value(const struct column *c, const struct results *res, const struct cell_result *r,
	     struct column_value *v);
const struct column *column_find(const char *name);

#endif
