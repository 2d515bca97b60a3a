/* replay.c: a main for a fuzz harness without libFuzzer: runs its entry point
 * once on each file named, so that `make check` replays fuzz/regress/NAME/ with
 * any compiler (and under the sanitizers or valgrind when the build has them).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "xmalloc.h"

/* The whole file, or NULL with the reason printed. */
static uint8_t *
read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL;
	size_t cap = 0, n;

	*len = 0;
	if (f == NULL) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		return NULL;
	}
	do {
		if (*len == cap) {
			cap = cap ? cap * 2 : 4096;
			buf = xreallocarray(buf, cap, 1);
		}
		n = fread(buf + *len, 1, cap - *len, f);
		*len += n;
	} while (n > 0);
	if (ferror(f)) {
		fprintf(stderr, "replay: %s: cannot read\n", path);
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

int
main(int argc, char **argv)
{
	int status = EXIT_SUCCESS;

	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE...\n", argv[0]);
		return 2;
	}
	for (int i = 1; i < argc; i++) {
		size_t len;
		uint8_t *data = read_file(argv[i], &len);

		if (data == NULL) {
			status = EXIT_FAILURE;
			continue;
		}
		/* exactly the bytes, in a block of their own size: an overread is caught */
		{
			uint8_t *exact = xmalloc(len ? len : 1);
			memcpy(exact, data, len);
			free(data);
			LLVMFuzzerTestOneInput(exact, len);
			free(exact);
		}
	}
	return status;
}
