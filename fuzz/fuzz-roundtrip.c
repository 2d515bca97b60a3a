/* fuzz-roundtrip.c: fuzzes the round trip of fuzz/roundtrip.c: lines of any
 * bytes run as commands on a demo game; the journal and the save they make must
 * read back to the same game. The same bytes, parted at NULs, are items of a
 * save's lists, which must read back as they were. A difference aborts, with
 * what differed.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *why = fuzz_roundtrip(data, size);

	if (why == NULL)
		why = fuzz_save_lists_of(data, size);

	if (why != NULL) {
		fprintf(stderr, "fuzz-roundtrip: %s\n", why);
		free(why);
		abort();
	}
	return 0;
}
