/* strutil.c: string helpers shared by every layer: whole numbers, the edit
 * distance behind "did you mean ...?" suggestions, lists of choices for
 * messages, strings built by appending, lists of strings.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "strutil.h"
#include "xmalloc.h"

bool
str_long(const char *s, long min, long max, long *out)
{
	char *end;
	long v;

	if (s == NULL || !(isdigit((unsigned char)*s) || ((*s == '-' || *s == '+') &&
	                                                 isdigit((unsigned char)s[1]))))
		return false;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || *end != '\0' || v < min || v > max)
		return false;
	*out = v;
	return true;
}

bool
str_seed(const char *s, uint64_t *out)
{
	uint64_t v = 0;

	if (s == NULL || !isdigit((unsigned char)*s))
		return false;
	for (; isdigit((unsigned char)*s); s++) {
		unsigned d = (unsigned)(*s - '0');
		if (v > (UINT64_MAX - d) / 10)
			return false;
		v = v * 10 + d;
	}
	if (*s != '\0')
		return false;
	*out = v;
	return true;
}

/* Optimal string alignment distance, on bytes; words here are short ids. */
size_t
str_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	size_t *prev2 = xcalloc(lb + 1, sizeof *prev2);
	size_t *prev = xcalloc(lb + 1, sizeof *prev);
	size_t *cur = xcalloc(lb + 1, sizeof *cur);
	size_t result;

	for (size_t j = 0; j <= lb; j++)
		prev[j] = j;
	for (size_t i = 1; i <= la; i++) {
		cur[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
			size_t best = prev[j] + 1;
			if (cur[j - 1] + 1 < best)
				best = cur[j - 1] + 1;
			if (prev[j - 1] + cost < best)
				best = prev[j - 1] + cost;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    prev2[j - 2] + 1 < best)
				best = prev2[j - 2] + 1;
			cur[j] = best;
		}
		size_t *t = prev2;
		prev2 = prev;
		prev = cur;
		cur = t;
	}
	result = prev[lb];
	free(prev2);
	free(prev);
	free(cur);
	return result;
}

const char *
str_nearest(const char *word, const char *const *candidates, size_t count)
{
	const char *best = NULL;
	size_t best_d = (size_t)-1;
	size_t len = strlen(word);
	size_t allowed = len <= 3 ? 1 : len <= 6 ? 2 : 3;

	for (size_t i = 0; i < count; i++) {
		size_t d = str_distance(word, candidates[i]);
		if (d < best_d) {
			best_d = d;
			best = candidates[i];
		}
	}
	return best != NULL && best_d <= allowed && best_d < len ? best : NULL;
}

char *
str_join_choices(const char *const *candidates, size_t count)
{
	size_t len = 1;
	char *s;

	for (size_t i = 0; i < count; i++)
		len += strlen(candidates[i]) + 4;
	s = xmalloc(len);
	s[0] = '\0';
	for (size_t i = 0; i < count; i++) {
		if (i > 0)
			strcat(s, i + 1 == count ? " or " : ", ");
		strcat(s, candidates[i]);
	}
	return s;
}

/* Length of the valid UTF-8 sequence at p (at most `left` bytes), or 0. */
/* Is each of the eight bytes of w printable ASCII? A byte below ' ' or equal to
 * DEL shows as a borrow into its high bit; where any byte has its high bit set
 * already, the answer is no whatever the rest. */
static bool
printable_ascii8(uint64_t w)
{
	const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
	uint64_t del = w ^ (0x7f * ones);

	return ((w & highs) | ((w - 0x20 * ones) & ~w & highs) | ((del - ones) & ~del & highs)) == 0;
}

size_t
str_ascii_run(const unsigned char *p, size_t len)
{
	size_t i = 0;

	while (i + 8 <= len) {
		uint64_t w;

		memcpy(&w, p + i, 8);
		if (!printable_ascii8(w))
			break;
		i += 8;
	}
	while (i < len && p[i] >= 0x20 && p[i] < 0x7f)
		i++;
	return i;
}

size_t
str_utf8_sequence(const unsigned char *p, size_t left)
{
	size_t need;
	uint32_t cp;

	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xC2 && p[0] <= 0xDF) {
		need = 2;
		cp = p[0] & 0x1F;
	} else if (p[0] >= 0xE0 && p[0] <= 0xEF) {
		need = 3;
		cp = p[0] & 0x0F;
	} else if (p[0] >= 0xF0 && p[0] <= 0xF4) {
		need = 4;
		cp = p[0] & 0x07;
	} else {
		return 0;
	}
	if (left < need)
		return 0;
	for (size_t i = 1; i < need; i++) {
		if ((p[i] & 0xC0) != 0x80)
			return 0;
		cp = cp << 6 | (p[i] & 0x3F);
	}
	if ((need == 3 && cp < 0x800) || (need == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
	    (cp >= 0xD800 && cp <= 0xDFFF))
		return 0;
	return need;
}

void
str_trim_end(char *s)
{
	size_t n = s != NULL ? strlen(s) : 0;

	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\n' || s[n - 1] == '\t'))
		s[--n] = '\0';
}

/* Room for n more bytes and the NUL. */
static void
strbuf_room(struct strbuf *sb, size_t n)
{
	if (sb->text != NULL && sb->len + n + 1 <= sb->cap)
		return;
	sb->cap = (sb->len + n + 1) * 2 > 64 ? (sb->len + n + 1) * 2 : 64;
	sb->text = xreallocarray(sb->text, sb->cap, 1);
}

void
strbuf_adds(struct strbuf *sb, ...)
{
	va_list ap;
	const char *s;

	strbuf_room(sb, 0);
	va_start(ap, sb);
	while ((s = va_arg(ap, const char *)) != NULL) {
		size_t n = strlen(s);
		strbuf_room(sb, n);
		memcpy(sb->text + sb->len, s, n);
		sb->len += n;
	}
	va_end(ap);
	sb->text[sb->len] = '\0';
}

void
strbuf_addl(struct strbuf *sb, long v)
{
	char digits[24], *p = digits + sizeof digits;
	unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;

	*--p = '\0';
	do
		*--p = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	if (v < 0)
		*--p = '-';
	strbuf_adds(sb, p, (const char *)NULL);
}

void
strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	int n;

	/* room for a short string first, so that most are formatted once */
	if (sb->text == NULL) {
		sb->cap = 64;
		sb->text = xmalloc(sb->cap);
		sb->text[0] = '\0';
	}
	/* formatted into the room left; again, once there is room, when it did not fit */
	va_start(ap, fmt);
	n = vsnprintf(sb->text ? sb->text + sb->len : NULL, sb->cap - sb->len, fmt, ap);
	va_end(ap);
	if (n < 0) {
		/* cannot be formatted: as xvasprintf says */
		va_start(ap, fmt);
		free(xvasprintf(fmt, ap));
		va_end(ap);
		return;
	}
	if (sb->len + (size_t)n + 1 > sb->cap) {
		sb->cap = (sb->len + (size_t)n + 1) * 2;
		sb->text = xreallocarray(sb->text, sb->cap, 1);
		va_start(ap, fmt);
		vsnprintf(sb->text + sb->len, sb->cap - sb->len, fmt, ap);
		va_end(ap);
	}
	sb->len += (size_t)n;
}

void
strlist_add(struct strlist *l, const char *s)
{
	char **slot = xgrow(&l->items, &l->count, &l->cap, sizeof *slot);

	*slot = xstrdup(s);
}

void
strlist_vaddf(struct strlist *l, const char *fmt, va_list ap)
{
	char **slot = xgrow(&l->items, &l->count, &l->cap, sizeof *slot);

	*slot = xvasprintf(fmt, ap);
}

/* Is item a line of the list's block (not a copy of its own)? */
static bool
in_block(const struct strlist *l, const char *item)
{
	return l->block != NULL && (uintptr_t)item - (uintptr_t)l->block < l->block_size;
}

void
strlist_add_lines(struct strlist *l, char *text, size_t len)
{
	char *p = text, *end = text + len;
	bool copy = l->block != NULL;   /* a second text: its lines copied */

	if (!copy) {
		l->block = text;
		l->block_size = len + 1;
	}
	while (p < end) {
		char *nl = memchr(p, '\n', (size_t)(end - p));
		char **slot = xgrow(&l->items, &l->count, &l->cap, sizeof *slot);

		if (nl != NULL)
			*nl = '\0';
		*slot = copy ? xstrdup(p) : p;
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	if (copy)
		free(text);
}

void
strlist_lend_block(struct strlist *to, struct strlist *from)
{
	if (from->block == NULL || from->block_lent || to->block != NULL)
		return;
	to->block = from->block;
	to->block_size = from->block_size;
	from->block_lent = true;
}

char *
strlist_block_line(const struct strlist *l, const char *s)
{
	return in_block(l, s) ? l->block + ((uintptr_t)s - (uintptr_t)l->block) : NULL;
}

void
strlist_drop_last(struct strlist *l)
{
	char *item = l->items[--l->count];

	if (!in_block(l, item))
		free(item);
}

char *
strlist_take_last(struct strlist *l)
{
	char *item = l->items[--l->count];

	return in_block(l, item) ? xstrdup(item) : item;
}

void
strlist_free(struct strlist *l)
{
	for (size_t i = 0; i < l->count; i++)
		if (!in_block(l, l->items[i]))
			free(l->items[i]);
	free(l->items);
	if (!l->block_lent)
		free(l->block);
	memset(l, 0, sizeof *l);
}

bool
str_is_id(const char *s)
{
	size_t n = strlen(s);

	if (n == 0 || n > 64)
		return false;
	for (const char *p = s; *p != '\0'; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_' || *p == '-'))
			return false;
	return true;
}

/* ---- file names in quotes ------------------------------------------------------ */

static bool
path_byte_quoted(unsigned char c)
{
	return c < 0x20 || c == 0x7f || c == '"' || c == '\\';
}

char *
str_quote_path(const char *path)
{
	static const char named[] = "\a\b\t\n\v\f\r";
	static const char letter[] = "abtnvfr";
	struct strbuf sb = { NULL, 0, 0 };
	const unsigned char *p = (const unsigned char *)path;
	size_t i = 0;

	while (p[i] != '\0' && !path_byte_quoted(p[i]))
		i++;
	if (p[i] == '\0')
		return xstrdup(path);
	strbuf_addf(&sb, "\"");
	for (i = 0; p[i] != '\0'; i++) {
		const char *at = p[i] != '\0' ? strchr(named, p[i]) : NULL;

		if (!path_byte_quoted(p[i]))
			strbuf_addf(&sb, "%c", p[i]);
		else if (p[i] == '"' || p[i] == '\\')
			strbuf_addf(&sb, "\\%c", p[i]);
		else if (at != NULL)
			strbuf_addf(&sb, "\\%c", letter[at - named]);
		else
			strbuf_addf(&sb, "\\%03o", p[i]);
	}
	strbuf_addf(&sb, "\"");
	return sb.text;
}

char *
str_unquote_path(const char *text)
{
	static const char letter[] = "abtnvfr\"\\";
	static const char byte[] = "\a\b\t\n\v\f\r\"\\";
	struct strbuf sb = { NULL, 0, 0 };
	const char *p;

	if (*text != '"')
		return xstrdup(text);
	strbuf_addf(&sb, "%s", "");
	for (p = text + 1; *p != '"'; p++) {
		const char *at;

		if (*p == '\0')
			break;
		if (*p != '\\') {
			strbuf_addf(&sb, "%c", *p);
			continue;
		}
		p++;
		if (*p >= '0' && *p <= '3' && p[1] >= '0' && p[1] <= '7' && p[2] >= '0' &&
		    p[2] <= '7' && (p[0] != '0' || p[1] != '0' || p[2] != '0')) {
			strbuf_addf(&sb, "%c", (char)((p[0] - '0') * 64 + (p[1] - '0') * 8 + (p[2] - '0')));
			p += 2;
		} else if (*p != '\0' && (at = strchr(letter, *p)) != NULL) {
			strbuf_addf(&sb, "%c", byte[at - letter]);
		} else {
			break;
		}
	}
	if (*p != '"' || p[1] != '\0') {
		free(sb.text);
		return NULL;
	}
	return sb.text;
}
