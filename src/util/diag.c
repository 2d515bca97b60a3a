/* diag.c: collects diagnostics about files the user wrote and prints them in GNU
 * style with the offending line and a caret under the column (util layer). The
 * list stops keeping errors at its limit but still counts them, so a summary can
 * say how many were not shown.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "strutil.h"
#include "xmalloc.h"

static const char *const level_names[] = {
	[DIAG_ERROR] = "error",
	[DIAG_WARNING] = "warning",
	[DIAG_NOTE] = "note",
};

void
diag_list_init(struct diag_list *dl, size_t max_errors)
{
	memset(dl, 0, sizeof *dl);
	dl->max_errors = max_errors;
}

void
diag_list_free(struct diag_list *dl)
{
	for (size_t i = 0; i < dl->count; i++) {
		free(dl->items[i].file);
		free(dl->items[i].message);
		free(dl->items[i].quote);
	}
	free(dl->items);
	memset(dl, 0, sizeof *dl);
}

bool
diag_full(const struct diag_list *dl)
{
	return dl->max_errors != 0 && dl->errors >= dl->max_errors;
}

size_t
diag_error_count(const struct diag_list *dl)
{
	return dl->errors;
}

/* A copy of a line that is safe to print: control characters other than tab and
 * bytes that are not UTF-8 become '?', one per byte, so columns still line up. */
static char *
printable_copy(const char *line, size_t len)
{
	const unsigned char *p = (const unsigned char *)line;
	char *out = xmalloc(len + 1);

	for (size_t i = 0; i < len;) {
		size_t n = str_utf8_sequence(p + i, len - i);
		if (n == 0 || (n == 1 && ((p[i] < 0x20 && p[i] != '\t') || p[i] == 0x7F))) {
			out[i++] = '?';
			continue;
		}
		memcpy(out + i, p + i, n);
		i += n;
	}
	out[len] = '\0';
	return out;
}

/* The text of line number `line` (1-based) without its newline, or NULL. */
static char *
quote_line(const struct diag_source *src, int line)
{
	const char *p, *end, *eol;
	int n = 1;

	if (src == NULL || src->text == NULL || line < 1)
		return NULL;
	p = src->text;
	end = src->text + src->len;
	while (n < line && p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (nl == NULL)
			return NULL;
		p = nl + 1;
		n++;
	}
	if (n != line || p > end)
		return NULL;
	eol = memchr(p, '\n', (size_t)(end - p));
	if (eol == NULL)
		eol = end;
	if (eol > p && eol[-1] == '\r')
		eol--;
	return printable_copy(p, (size_t)(eol - p));
}

/* The most characters of a line a diagnostic quotes: a longer line is cut to
 * the part around the column, "..." marking what was left out. */
#define QUOTE_MAX 160

/* The byte where character `n` (0-based) of UTF-8 text starts, or its end. */
static size_t
char_offset(const char *s, size_t n)
{
	size_t i = 0;

	for (; s[i] != '\0'; i++)
		if (((unsigned char)s[i] & 0xC0) != 0x80 && n-- == 0)
			break;
	return i;
}

static size_t
char_count(const char *s)
{
	size_t n = 0;

	for (; *s != '\0'; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}

/* Cut a quoted line longer than QUOTE_MAX characters around column *col (1-based),
 * which is moved to the same character in what is kept. */
static char *
cut_quote(char *quote, int *col)
{
	size_t chars = char_count(quote), first, last, a, b;
	char *cut;

	if (chars <= QUOTE_MAX)
		return quote;
	first = *col > QUOTE_MAX / 2 ? (size_t)*col - QUOTE_MAX / 2 : 0;
	if (first + QUOTE_MAX > chars)
		first = chars - QUOTE_MAX;
	last = first + QUOTE_MAX;
	a = char_offset(quote, first);
	b = char_offset(quote, last);
	cut = xasprintf("%s%.*s%s", first > 0 ? "..." : "", (int)(b - a), quote + a,
	                last < chars ? "..." : "");
	*col -= (int)first - (first > 0 ? 3 : 0);
	free(quote);
	return cut;
}

/* Is the last kept diagnostic (ignoring notes) one that was dropped? */
static bool
dropping_notes(const struct diag_list *dl)
{
	return diag_full(dl) && dl->errors > dl->max_errors;
}

/* A new diagnostic at the end of the list, or NULL when the list does not keep
 * it (an error past the limit, a note of a diagnostic not kept). */
static struct diag *
new_diag(struct diag_list *dl, enum diag_level level)
{
	if (level == DIAG_ERROR) {
		dl->errors++;
		if (dl->max_errors != 0 && dl->errors > dl->max_errors)
			return NULL;
	} else if (level == DIAG_NOTE && dropping_notes(dl)) {
		return NULL;
	}
	return xgrow(&dl->items, &dl->count, &dl->cap, sizeof(struct diag));
}

static void set_diag(struct diag *d, enum diag_level level, const char *file, int line,
                     int col, char *quote, const char *fmt, va_list ap)
	__attribute__((format(printf, 7, 0)));

/* Fill a new diagnostic; quote (the line, taken) may be NULL. */
static void
set_diag(struct diag *d, enum diag_level level, const char *file, int line, int col,
         char *quote, const char *fmt, va_list ap)
{
	d->level = level;
	d->file = file ? xstrdup(file) : NULL;
	d->line = line;
	d->col = col;
	d->message = xvasprintf(fmt, ap);
	d->quote = quote;
	d->quote_col = col > 0 ? col : 1;
	if (d->quote != NULL)
		d->quote = cut_quote(d->quote, &d->quote_col);
}

static bool diag_addv(struct diag_list *dl, enum diag_level level,
                      const struct diag_source *src, int line, int col, const char *fmt,
                      va_list ap) __attribute__((format(printf, 6, 0)));

static bool
diag_addv(struct diag_list *dl, enum diag_level level, const struct diag_source *src,
          int line, int col, const char *fmt, va_list ap)
{
	struct diag *d = new_diag(dl, level);

	if (d != NULL)
		set_diag(d, level, src ? src->name : NULL, line, col,
		         line > 0 ? quote_line(src, line) : NULL, fmt, ap);
	return !diag_full(dl);
}

bool
diag_add_quoting(struct diag_list *dl, enum diag_level level, const char *file, int line,
                 int col, const char *quote, const char *fmt, ...)
{
	struct diag *d = new_diag(dl, level);
	va_list ap;

	if (d != NULL) {
		va_start(ap, fmt);
		set_diag(d, level, file, line, col,
		         line > 0 && quote ? printable_copy(quote, strlen(quote)) : NULL, fmt, ap);
		va_end(ap);
	}
	return !diag_full(dl);
}

bool
diag_add(struct diag_list *dl, enum diag_level level, const struct diag_source *src,
         int line, int col, const char *fmt, ...)
{
	va_list ap;
	bool more;

	va_start(ap, fmt);
	more = diag_addv(dl, level, src, line, col, fmt, ap);
	va_end(ap);
	return more;
}

bool
diag_file(struct diag_list *dl, enum diag_level level, const struct diag_source *src,
          const char *fmt, ...)
{
	va_list ap;
	bool more;

	va_start(ap, fmt);
	more = diag_addv(dl, level, src, 0, 0, fmt, ap);
	va_end(ap);
	return more;
}

/* A line of blanks that puts a caret under character `col` of `quote`: tabs are
 * copied so the caret lines up whatever the tab width. */
static void
print_caret(const char *quote, int col, FILE *out)
{
	int c = 1;

	for (const char *p = quote; *p != '\0' && c < col; p++) {
		if (((unsigned char)*p & 0xC0) == 0x80)
			continue; /* a UTF-8 continuation byte: same character */
		fputc(*p == '\t' ? '\t' : ' ', out);
		c++;
	}
	for (; c < col; c++)
		fputc(' ', out);
	fputs("^\n", out);
}

static void
print_one(const struct diag *d, FILE *out)
{
	if (d->file == NULL)
		fputs("hexaid", out);
	else if (d->line > 0)
		fprintf(out, "%s:%d:%d", d->file, d->line, d->col > 0 ? d->col : 1);
	else
		fputs(d->file, out);
	fprintf(out, ": %s: %s\n", level_names[d->level], d->message);
	if (d->quote != NULL) {
		fprintf(out, "%s\n", d->quote);
		print_caret(d->quote, d->quote_col, out);
	}
}

void
diag_drop_quotes(struct diag_list *dl, size_t from, const char *file)
{
	for (size_t i = from; i < dl->count; i++) {
		/* same text: a diagnostic's file name */
		if (dl->items[i].file == NULL || strcmp(dl->items[i].file, file) != 0)
			continue;
		free(dl->items[i].quote);
		dl->items[i].quote = NULL;
	}
}

void
diag_print(const struct diag_list *dl, FILE *out)
{
	const char *file = NULL;

	for (size_t i = 0; i < dl->count; i++) {
		print_one(&dl->items[i], out);
		if (dl->items[i].file != NULL)
			file = dl->items[i].file;
	}
	if (dl->max_errors != 0 && dl->errors > dl->max_errors)
		fprintf(out, "%s: note: %zu more errors not shown (the limit is %zu)\n",
		        file ? file : "hexaid", dl->errors - dl->max_errors, dl->max_errors);
}

void
diag_offset_position(const struct diag_source *src, size_t offset, int *line, int *col)
{
	int l = 1, c = 1;

	for (size_t i = 0; i < offset && i < src->len; i++) {
		unsigned char ch = (unsigned char)src->text[i];
		if (ch == '\n') {
			l++;
			c = 1;
		} else if ((ch & 0xC0) != 0x80) {
			c++;
		}
	}
	*line = l;
	*col = c;
}
