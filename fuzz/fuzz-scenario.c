/* fuzz-scenario.c: fuzzes reading a scenario (board, map rows, hexsides,
 * tokens, structures, units, victory) with the card it names loaded from data/;
 * a scenario that loads is started as a game and its map drawn.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>

#include "fuzz.h"
#include "render.h"
#include "scenario.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cardpath cp;
	struct diag_list dl;
	struct scenario sc;
	char *name = NULL;

	fuzz_cardpath(&cp);
	diag_list_init(&dl, DIAG_MAX_ERRORS);
	/* beside data/scenarios/, so that `card: ID` finds data/cards/ID.yaml */
	name = fuzz_demo_path("", 0);
	if (scenario_load_text(&sc, name, (const char *)data, size, &cp, &dl)) {
		struct game g;
		char *map;

		game_start(&g, &sc);
		map = render_map(&g, HEXDRAW_COMPACT, true);
		free(map);
		map = render_map(&g, HEXDRAW_LARGE, true);
		free(map);
		game_free(&g);
	}
	free(name);
	fuzz_diag_done(&dl);
	cardpath_free(&cp);
	return 0;
}
