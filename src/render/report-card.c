/*
 * The bottom line and the ticket in report.md and report.html, and the
 * ticket as text for the terminal (--ticket): drawn from the card
 * (view-card.c), its diagnosis (view-diagnosis.c) and the ticket's parts
 * (view-ticket.c); the fio job file is import/fio-jobfile.c's, of the cells
 * the bottom line rests on.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "import/fio.h"
#include "render/report.h"
#include "view/palette.h"

/* report.html's own rules for the card (its edge in the verdict's colour) and the ticket. */
const char report_card_style[] =
    ".card{border:1px solid " PALETTE_HEX(PALETTE_DOC_RULE) ";border-left:6px solid "
    PALETTE_HEX(PALETTE_DOC_EDGE) ";padding:.4em 1em;margin:1em 0}"
    ".card-ok{border-left-color:" PALETTE_HEX(PALETTE_PASS) "}.card-above{border-left-color:"
    PALETTE_HEX(PALETTE_ABOVE) "}.card-fail{border-left-color:" PALETTE_HEX(PALETTE_ALERT) "}"
    ".card-burst{border-left-color:" PALETTE_HEX(PALETTE_BURST) "}.card-unsat{border-left-color:"
    PALETTE_HEX(PALETTE_DOC_UNSAT_EDGE) "}"
    ".card p{margin:.3em 0}.card ul{margin:.3em 0;padding-left:1.2em}\n"
    "pre.ticket{background:" PALETTE_HEX(PALETTE_TOC_BG) ";border:1px solid "
    PALETTE_HEX(PALETTE_DOC_BOX) ";padding:.6em;overflow-x:auto;font-size:.85em;"
    "white-space:pre-wrap}\n";

/* The card's class in HTML: "card card-fail"; "card" without a verdict colour. */
static const char *
card_class(const char *cls, char *buf, size_t len)
{
	if (cls == NULL)
		snprintf(buf, len, "card");
	else
		snprintf(buf, len, "card card-%s", cls);
	return buf;
}

/* One workload's line: its name, the figures, the verdict word in its colour, the cells. */
static void
card_doc_mode(struct doc *d, const struct view_card_mode *cm)
{
	const char *mark = view_verdict_mark(cm->verdict);
	char *word;

	doc_item_begin(d, NULL);
	doc_strong(d, cm->name);
	doc_raw(d, ": ");
	doc_text(d, cm->iops_text);
	doc_sep(d);
	doc_text(d, cm->bw_text);
	doc_sep(d);
	doc_text(d, cm->lat_text);
	if (cm->word != NULL) {
		doc_sep(d);
		word = xasprintf("%s%s%s", cm->word, mark[0] != '\0' ? " " : "", mark);
		doc_word(d, cm->cls, word);
		free(word);
	}
	doc_sep(d);
	doc_text(d, cm->cells_text);
	doc_item_end(d);
}

/* The bottom line, first in report.md and report.html, then its diagnosis. */
void
report_card_doc(struct doc *d, const struct report_ctx *ctx)
{
	const struct view_card *c = ctx->view->card;
	char cls[32];
	unsigned m;

	if (c == NULL || c->nmodes == 0)
		return;
	doc_group_begin(d, card_class(c->cls, cls, sizeof cls));
	doc_para_begin(d, NULL);
	doc_raw(d, "Bottom line: ");
	doc_word(d, c->cls, c->head);
	if (c->against[0] != '\0') {
		doc_raw(d, " (caps: ");
		doc_text(d, c->against);
		doc_raw(d, ")");
	}
	doc_para_end(d);
	doc_list_begin(d);
	for (m = 0; m < c->nmodes; m++)
		card_doc_mode(d, &c->modes[m]);
	doc_list_end(d);
	if (c->ndiag > 0) {
		doc_para(d, NULL, "Diagnosis, from what was measured:");
		doc_list_begin(d);
		for (m = 0; m < c->ndiag; m++) {
			doc_item_begin(d, NULL);
			doc_text(d, c->diag[m]);
			doc_item_end(d);
		}
		doc_list_end(d);
	}
	doc_group_end(d);
}

/*
 * The ticket as text: the volume, the bottom line, its diagnosis, the
 * command that runs the matrix again and the fio job file of the cells the
 * bottom line rests on.  Caller frees.
 */
char *
report_ticket_text(const struct view_card *c)
{
	char *text = NULL, *card = view_card_text(c), *job, why[512];
	size_t len = 0;

	str_appendf(&text, &len, "Volume: %s\n", c->identity);
	str_appendf(&text, &len, "%s", card);
	free(card);
	str_appendf(&text, &len, "\nReproduce (the run's %u cells):\n  %s\n", c->ncells,
	    c->command);
	if (c->command_note != NULL)
		str_appendf(&text, &len, "  (%s)\n", c->command_note);
	job = c->repro.ncells > 0 ? fio_jobfile_text(&c->repro, c->target, why, sizeof why) : NULL;
	if (job != NULL) {
		str_appendf(&text, &len, "\nThe same with fio, the %u cell%s the bottom line rests on "
		    "(each mode's QD1 4 KiB cell and its peaks; sweep plan --fio-jobfile writes every "
		    "cell):\n\n%s", c->repro.ncells, c->repro.ncells == 1 ? "" : "s", job);
		free(job);
	} else if (c->repro.ncells > 0)
		str_appendf(&text, &len, "\nNo fio job file: %s\n", why);
	return text;
}

/* The ticket block of report.md and report.html: a text to copy into a ticket. */
void
report_ticket_doc(struct doc *d, const struct report_ctx *ctx)
{
	char *text;

	if (ctx->view->card == NULL || ctx->view->card->nmodes == 0)
		return;
	doc_heading(d, 2, "Ticket");
	doc_para(d, "meta", "A text to paste into a support ticket: the volume, the bottom line "
	    "and its diagnosis, the command that runs the test again, and the fio job file of the "
	    "cells the bottom line rests on (sweep report results.json --ticket prints it).");
	text = report_ticket_text(ctx->view->card);
	doc_pre(d, "ticket", text);
	free(text);
}
