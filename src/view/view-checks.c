/*
 * Every cell's BW = IOPS x bs check: one definition of its columns for
 * report.md / report.html (report-table.c, the first REPORT_CELLS_LISTED
 * cells) and the workbook's Checks sheet (report-xlsx.c, every cell, row
 * by row).  Each column takes its value from the getter of the columns.c
 * column it names; the documents write it as fmt says, the sheet as the
 * column's unit and decimals say.  VIEW_COL_DOC: the documents only,
 * VIEW_COL_SHEET: the sheet only, neither: both.
 */
#include "config.h"

#include "view/view.h"

#define DOC	VIEW_COL_DOC
#define SHEET	VIEW_COL_SHEET

const struct view_check_col view_check_cols[] = {
	{ .column = "mode", .title = "Mode", .fmt = VIEW_CHECK_WORKLOAD, .flags = DOC },
	{ .column = "mode", .flags = SHEET },
	{ .column = "bs", .title = "Block size", .fmt = VIEW_CHECK_SIZE },
	{ .column = "bs_bytes", .flags = SHEET },
	{ .column = "depth", .title = "QD", .fmt = VIEW_CHECK_COUNT, .numeric = true },
	{ .column = "jobs", .title = "Jobs", .fmt = VIEW_CHECK_COUNT, .numeric = true },
	{ .column = "check_derived_mib_s", .title = "Derived MiB/s (IOPS x bs)",
	  .fmt = VIEW_CHECK_FIGURE, .decimals_doc = 1, .numeric = true },
	{ .column = "check_measured_mib_s", .title = "Measured MiB/s", .fmt = VIEW_CHECK_FIGURE,
	  .decimals_doc = 1, .numeric = true },
	{ .column = "check_device_mib_s", .title = "Device MiB/s", .fmt = VIEW_CHECK_FIGURE,
	  .decimals_doc = 1, .numeric = true },
	{ .column = "check_diff_derived_pct", .title = "Derived vs measured",
	  .fmt = VIEW_CHECK_SIGNED, .decimals_doc = 2, .numeric = true },
	{ .column = "check_diff_device_pct", .title = "Device vs measured",
	  .fmt = VIEW_CHECK_SIGNED, .decimals_doc = 1, .numeric = true },
	{ .column = "check_verdict", .title = "Verdict", .fmt = VIEW_CHECK_VERDICT },
	{ .column = "check_reason", .title = "Reason", .fmt = VIEW_CHECK_TEXT },
	{ .column = "inflight_max", .title = "In flight (max)", .fmt = VIEW_CHECK_COUNT,
	  .numeric = true, .flags = DOC },
	{ .column = "steady", .title = "Window", .fmt = VIEW_CHECK_TEXT, .flags = DOC },
	{ .column = "stability", .title = "Stability", .fmt = VIEW_CHECK_STABILITY },
	{ .column = "stability_reason", .title = "Stability: why", .fmt = VIEW_CHECK_NONE },
	{ .column = "attempt_shown", .flags = SHEET },
};
const unsigned view_ncheck_cols = sizeof view_check_cols / sizeof view_check_cols[0];
