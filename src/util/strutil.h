/* strutil.h: small string helpers (util layer).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_STRUTIL_H
#define HEXAID_STRUTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A whole decimal number, the whole of s, from min to max: true and *out, or
 * false (and *out untouched) for anything else. */
bool str_long(const char *s, long min, long max, long *out);
/* Is s an id: 1 to 64 lower-case letters, digits, '_' and '-'? */
bool str_is_id(const char *s);

/* A dice seed: a whole decimal number from 0 to 18446744073709551615 (64 bits,
 * on every machine), the whole of s: true and *out, or false. */
bool str_seed(const char *s, uint64_t *out);

/* Edit distance (insertions, deletions, substitutions, adjacent swaps). */
size_t str_distance(const char *a, const char *b);

/* The candidate closest to `word`, when it is close enough to be what was meant
 * (a typo, not a different word); NULL otherwise. */
const char *str_nearest(const char *word, const char *const *candidates, size_t count);

/* "a, b or c": the candidates as one string for a message; free it. */
char *str_join_choices(const char *const *candidates, size_t count);

/* Cut the blanks and newlines off the end of s, in place; NULL stays NULL. */
void str_trim_end(char *s);

/* A file name as git writes one: as it is when no byte of it needs quoting, else
 * in double quotes, a control character (newline, tab...), DEL, a quote or a
 * backslash escaped as C writes it (\n, \t, \", \\, or \ooo in octal), every
 * other byte as it is (free it). Any byte a file name can hold survives. */
char *str_quote_path(const char *path);
/* Read back str_quote_path's quoting: `text` is a name in quotes, which end it,
 * or a name as it is. The name (free it), or NULL when the quoting is broken. */
char *str_unquote_path(const char *text);

/* Are a and b the same string (strcmp's 0)? Compared here, byte by byte: the
 * names hexaid searches lists of are short, and most differ in their first
 * byte, so this beats a call. Each call says why it compares (reader: ...,
 * as every strcmp does: tests/layering.sh). */
static inline bool
str_eq(const char *a, const char *b)
{
	while (*a != '\0' && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

/* Length of the valid UTF-8 sequence at p (at most `left` bytes), or 0 when the
 * bytes there are not valid UTF-8 (overlong forms and surrogates included). */
size_t str_utf8_sequence(const unsigned char *p, size_t left);
/* How many of the first len bytes of p are printable ASCII (' ' to '~') before
 * the first that is not: most of a command or a line of the log, passed over
 * eight bytes at a time. */
size_t str_ascii_run(const unsigned char *p, size_t len);

/* A string built by appending, in time linear in its length. Start it zeroed
 * ({ NULL, 0, 0 }); `text` is then "" or what was added, and is the caller's to
 * free. */
struct strbuf {
	char *text;
	size_t len, cap;
};
void strbuf_addf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Append strings as they are, up to a NULL (no format: what a line of words
 * built in a replay costs). */
void strbuf_adds(struct strbuf *sb, ...);
/* Append a whole number in decimal. */
void strbuf_addl(struct strbuf *sb, long v);

/* A list of strings, each the list's own: a copy of its own, or a line of one
 * block of text the list holds (strlist_add_lines: a list read from a file in
 * one piece, its lines let go with the block, not one by one). Start it zeroed;
 * take an item out with strlist_drop_last or strlist_take_last, never free(). */
struct strlist {
	char **items;
	size_t count, cap;
	char *block;      /* NULL, or the text whose lines some items are */
	size_t block_size;
	bool block_lent;  /* another list holds the block and lets it go */
};

void strlist_add(struct strlist *l, const char *s);
/* Add the string the format makes (the arguments as a va_list, left for the caller
 * to end). */
void strlist_vaddf(struct strlist *l, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));
/* Add each line of text (len bytes, NUL after them; lines end at '\n', the last
 * may not), taking the text over: its newlines become the items' ends. A list
 * takes one such text. */
void strlist_add_lines(struct strlist *l, char *text, size_t len);
/* Lend the block of `from` (read by strlist_add_lines) to `to`, which has none:
 * `to` lets it go, and may keep lines of it as its items (strlist_block_line); from's
 * items in it stay readable as long as `to` holds it. */
void strlist_lend_block(struct strlist *to, struct strlist *from);
/* s, when it is a line of the list's block (an item the list may keep as it
 * is, without a copy); NULL when it is not. */
char *strlist_block_line(const struct strlist *l, const char *s);
/* Let go of the last item; or take it out, the caller's to free. */
void strlist_drop_last(struct strlist *l);
char *strlist_take_last(struct strlist *l);
void strlist_free(struct strlist *l);

#endif
