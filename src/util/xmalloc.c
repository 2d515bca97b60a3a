/* xmalloc.c: the util layer's allocator. Every allocation in hexaid goes through
 * these functions; running out of memory prints one line and exits with status 1,
 * so callers never handle NULL. Nothing is lost that way: a change is in the
 * journal before its result is shown, and a save replaces the old file only once
 * the new one is whole. In a fault-injection build the hook can fail any one of
 * these allocations (fault.h).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fault.h"
#include "xmalloc.h"

static void
out_of_memory(size_t size)
{
	fprintf(stderr, "hexaid: out of memory (asked for %zu bytes)\n", size);
	exit(1);
}

void *
xmalloc(size_t size)
{
	void *p = fault_alloc() ? NULL : malloc(size ? size : 1);

	if (p == NULL)
		out_of_memory(size);
	return p;
}

void *
xcalloc(size_t nmemb, size_t size)
{
	void *p = fault_alloc() ? NULL : calloc(nmemb ? nmemb : 1, size ? size : 1);

	if (p == NULL)
		out_of_memory(nmemb * size);
	return p;
}

void *
xreallocarray(void *ptr, size_t nmemb, size_t size)
{
	void *p;

	if (size != 0 && nmemb > SIZE_MAX / size)
		out_of_memory(SIZE_MAX);
	p = fault_alloc() ? NULL : realloc(ptr, nmemb != 0 && size != 0 ? nmemb * size : 1);
	if (p == NULL)
		out_of_memory(nmemb * size);
	return p;
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *
xvasprintf(const char *fmt, va_list ap)
{
	va_list copy;
	char small[256], *s;
	int n;

	/* most strings are short: formatted once, into `small` */
	va_copy(copy, ap);
	n = vsnprintf(small, sizeof small, fmt, copy);
	va_end(copy);
	if (n < 0)
		out_of_memory(0);
	s = xmalloc((size_t)n + 1);
	if ((size_t)n < sizeof small)
		memcpy(s, small, (size_t)n + 1);
	else
		vsnprintf(s, (size_t)n + 1, fmt, ap);
	return s;
}

char *
xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	return s;
}

void *
xgrow(void *items_ptr, size_t *count, size_t *cap, size_t elem_size)
{
	void **items = items_ptr;
	char *slot;

	if (*count == *cap) {
		*cap = *cap ? *cap * 2 : 8;
		*items = xreallocarray(*items, *cap, elem_size);
	}
	slot = (char *)*items + *count * elem_size;
	memset(slot, 0, elem_size);
	(*count)++;
	return slot;
}
