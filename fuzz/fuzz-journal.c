/* fuzz-journal.c: fuzzes reading a journal (framing, checksums, torn and damaged
 * lines) and replaying its commands, as `hexaid recover` does, onto the demo its
 * first line names (the Tricorne demo when it names none): the base itself is
 * never opened, so an input cannot make the harness read any file it likes.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "command.h"
#include "fuzz.h"
#include "journal.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct journal_contents jc;
	char *err = NULL;
	struct game g;
	size_t bad = 0;

	if (!journal_parse((const char *)data, size, "fuzz.journal", &jc, &err)) {
		free(err);
		return 0;
	}
	fuzz_demo_game(&g, jc.base, strlen(jc.base));
	command_replay(&g, &jc.lines, &bad);
	game_free(&g);
	journal_contents_free(&jc);
	return 0;
}
