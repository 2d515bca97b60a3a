/* diag.h: diagnostics for people, in one shape (util layer).
 *
 *   FILE:LINE:COL: error: MESSAGE
 *   the source line
 *        ^
 *
 * Lines and columns count from 1; a column counts characters, not bytes.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_DIAG_H
#define HEXAID_DIAG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define DIAG_MAX_ERRORS 20

enum diag_level { DIAG_ERROR, DIAG_WARNING, DIAG_NOTE };

/* A text being diagnosed: its name as the user knows it, and its bytes, so that a
 * message can quote the line it is about. text may be NULL (nothing to quote). */
struct diag_source {
	const char *name;
	const char *text;
	size_t len;
};

struct diag {
	enum diag_level level;
	char *file;        /* NULL: a message about no particular file */
	int line, col;     /* 1-based; 0 when there is no position */
	char *message;
	char *quote;       /* the source line (cut around the column when long), or NULL */
	int quote_col;     /* the column's character in quote, 1-based */
};

struct diag_list {
	struct diag *items;
	size_t count, cap;
	size_t errors;     /* errors reported, including those past the limit */
	size_t max_errors; /* errors kept; 0 means no limit */
};

void diag_list_init(struct diag_list *dl, size_t max_errors);
void diag_list_free(struct diag_list *dl);

/* Add one diagnostic. Returns false once the list holds max_errors errors: the
 * caller should stop looking for more. Notes attach to the diagnostic before them
 * and are kept only when it was. */
bool diag_add(struct diag_list *dl, enum diag_level level, const struct diag_source *src,
              int line, int col, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

/* The same where the line's text is given (`quote`, without its newline; NULL to
 * quote nothing) rather than read from a source: about a file no longer in
 * memory. */
bool diag_add_quoting(struct diag_list *dl, enum diag_level level, const char *file,
                      int line, int col, const char *quote, const char *fmt, ...)
	__attribute__((format(printf, 7, 8)));

/* A message about a file as a whole (no line), or about no file (src NULL). */
bool diag_file(struct diag_list *dl, enum diag_level level, const struct diag_source *src,
               const char *fmt, ...) __attribute__((format(printf, 4, 5)));

bool diag_full(const struct diag_list *dl);
size_t diag_error_count(const struct diag_list *dl);

/* Quote no line of `file` in the diagnostics from index `from` on: a file named
 * by another file is quoted only when it is one of hexaid's own. */
void diag_drop_quotes(struct diag_list *dl, size_t from, const char *file);

/* Print every diagnostic, then a note when errors past the limit were not shown. */
void diag_print(const struct diag_list *dl, FILE *out);

/* Turn a byte offset into a 1-based line and character column. */
void diag_offset_position(const struct diag_source *src, size_t offset, int *line, int *col);


/* Exit statuses, as hexaid.6 documents them: ok, bad input, usage. */
enum { EXIT_OK = 0, EXIT_INVALID = 1, EXIT_USAGE = 2 };

#endif
