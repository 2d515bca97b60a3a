/* fuzz-card.c: fuzzes reading a rule card: the YAML layer (encoding, limits,
 * libyaml's events, the tree) and the card schema, with the diagnostics printed.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "card.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diag_list dl;
	struct ydoc doc;
	struct card card;

	diag_list_init(&dl, DIAG_MAX_ERRORS);
	if (ydoc_load_string(&doc, "fuzz.yaml", (const char *)data, size, &ylimits_card, &dl)) {
		card_read(&card, &doc);
		card_free(&card);
	}
	ydoc_free(&doc);
	fuzz_diag_done(&dl);
	return 0;
}
