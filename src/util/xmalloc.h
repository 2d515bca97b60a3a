/* xmalloc.h: allocation that never returns NULL (util layer).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_XMALLOC_H
#define HEXAID_XMALLOC_H

#include <stdarg.h>
#include <stddef.h>

void *xmalloc(size_t size);
void *xcalloc(size_t nmemb, size_t size);
void *xreallocarray(void *ptr, size_t nmemb, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The same with the arguments as a va_list, which it leaves for the caller to end. */
char *xvasprintf(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

/* Grow *items (holding *count of *cap elements of elem_size) to make room for one
 * more; returns the new element's address, zeroed. */
void *xgrow(void *items_ptr, size_t *count, size_t *cap, size_t elem_size);


#endif
