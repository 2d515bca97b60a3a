/* fuzz-save.c: fuzzes loading a saved game: its YAML, its keys and lists, the
 * scenario it carries, and the replay of its commands. Cards are found in data/
 * (a save made there names data/scenarios/...).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "fuzz.h"
#include "load.h"
#include "save.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cardpath cp;
	struct diag_list dl;
	struct game g;

	fuzz_cardpath(&cp);
	diag_list_init(&dl, DIAG_MAX_ERRORS);
	if (save_load_text(&g, "fuzz.sav", (const char *)data, size, &cp, &dl))
		game_free(&g);
	fuzz_diag_done(&dl);
	cardpath_free(&cp);
	return 0;
}
