/*
 * The findings view: per workload the sentences the reports list under
 * the summary, what its peaks reached against the provisioned caps
 * (marked when above them) and where its IOPS saturate with queue depth
 * (nothing when it has too few depths).  report.md and report.html list
 * them; report.xlsx writes the first as rows of its Summary sheet.
 */
#include "config.h"

#include <stdlib.h>

#include "view/view.h"

static const struct {
	const char	*header, *name;
} findings_cols[FIND_COLS] = {
	[FIND_EXPECT] = { .header = "Against the caps", .name = "Against the provisioned limits" },
	[FIND_SATURATION] = { .header = "Saturation", .name = "Saturation" },
};

/* A text cell of row, col. */
static struct view_cell *
findings_text(struct view_table *t, unsigned row, unsigned col, const char *text)
{
	struct view_cell *vc = view_table_cell(t, row, col);

	vc->kind = VIEW_TEXT;
	vc->text = xstrdup(text);
	return vc;
}

/* A row per workload; its caps' sentence with an expectation, its saturation when found. */
void
view_findings(const struct results *res, const struct summary *sum, struct view_table *t)
{
	unsigned c, m, row;

	view_table_init(t, "Findings", FIND_COLS);
	str_copy(t->row_head, sizeof t->row_head, "Mode");
	for (c = 0; c < FIND_COLS; c++) {
		view_table_col(t, c, findings_cols[c].header, findings_cols[c].name, NULL, 0, -1);
		t->cols[c].flags = VIEW_COL_WORDS | VIEW_COL_PROSE;
	}
	for (m = 0; m < sum->nmodes; m++) {
		const struct summary_mode *sm = &sum->modes[m];

		row = view_table_add_row(t, sm->name, m);
		if (res->expect.set && (sm->above_cap || sm->below_spec))
			view_cell_flag(findings_text(t, row, FIND_EXPECT, sm->expect_text),
			    VIEW_ABOVE_CAP, NULL);
		else if (res->expect.set)
			findings_text(t, row, FIND_EXPECT, sm->expect_text);
		if (sm->sat.found && sm->jobs_text[0] != '\0') {
			char *both = xasprintf("%s; %s", sm->sat.text, sm->jobs_text);

			findings_text(t, row, FIND_SATURATION, both);
			free(both);
		} else if (sm->sat.found || sm->jobs_text[0] != '\0')
			findings_text(t, row, FIND_SATURATION, sm->sat.found ? sm->sat.text :
			    sm->jobs_text);
	}
}
