/* fuzz-dice.c: fuzzes dice notation. The first line is parsed with two named
 * dice ("battle" of 6 faces, "hit" of 4); what parses is rolled with a seeded
 * generator, its exact odds counted, and the bytes after the first line taken as
 * physical dice typed in.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "dice.h"
#include "fuzz.h"
#include "xmalloc.h"

static void
use(const struct dice_expr *e, const uint8_t *rest, size_t nrest)
{
	int values[DICE_MAX_DICE];
	struct dice_odds odds;
	struct dice_roll roll;
	struct rng rng;
	char msg[160];
	int n = 0;

	rng_seed(&rng, 1);
	dice_roll(e, &rng, &roll);
	if (dice_odds(e, &odds, msg))
		dice_odds_free(&odds);
	for (; n < DICE_MAX_DICE && (size_t)n < nrest; n++)
		values[n] = (int)(int8_t)rest[n];
	dice_take(e, values, n, &roll, msg);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[] = { "battle", "hit" };
	static const int faces[] = { 6, 4 };
	const struct dice_kinds kinds = { 2, names, faces };
	const uint8_t *nl = memchr(data, '\n', size);
	size_t len = nl ? (size_t)(nl - data) : size;
	char *text = xstrndup((const char *)data, len), msg[160];
	struct dice_expr e;
	int col = 0;

	if (dice_parse(text, &kinds, &e, &col, msg))
		use(&e, nl ? nl + 1 : data + size, nl ? size - len - 1 : 0);
	free(text);
	return 0;
}
