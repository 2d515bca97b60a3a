/* yaml-load.c: the only file that includes <yaml.h> (data layer).
 *
 * Reads a file whole (refusing what is too big, not a regular file, not UTF-8 or
 * holds NUL bytes), drives libyaml's event parser with our own limits on depth,
 * node count and scalar length, refuses anchors, aliases and tags, detects
 * duplicate keys, and builds a tree of ynodes with 1-based positions. Then it
 * offers the typed accessors schema code reads that tree with.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <yaml.h>

#include "diag.h"
#include "fault.h"
#include "strutil.h"
#include "xmalloc.h"
#include "yaml-load.h"

const struct ylimits ylimits_card = {
	.kind = "hexaid file",
	.max_bytes = 1u << 20,
	.max_depth = 64,
	.max_scalar = 64u << 10,
	.max_nodes = 100000,
};

const struct ylimits ylimits_save = {
	.kind = "saved game",
	.max_bytes = 16u << 20,
	.max_depth = 64,
	/* a save's lists may each be one value, a literal block (savefile.c counts
	 * their lines as values); its scenario is one value, and read as a
	 * scenario, within 1 MiB */
	.max_scalar = 16u << 20,
	.max_nodes = 1000000,
};

static struct diag_source
ydoc_source(const struct ydoc *doc)
{
	struct diag_source src = { doc->name, doc->text, doc->len };
	return src;
}

/* Every diagnostic of a document goes through here: at a line and column, or
 * (0, 0) about the whole file. */
static void
report(struct ydoc *doc, enum diag_level level, int line, int col, const char *fmt, va_list ap)
	__attribute__((format(printf, 5, 0)));

static void
report(struct ydoc *doc, enum diag_level level, int line, int col, const char *fmt, va_list ap)
{
	struct diag_source src = ydoc_source(doc);
	char *msg = xvasprintf(fmt, ap);

	diag_add(doc->diags, level, &src, line, col, "%s", msg);
	free(msg);
}

static bool
error_at(struct ydoc *doc, int line, int col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static bool
error_at(struct ydoc *doc, int line, int col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report(doc, DIAG_ERROR, line, col, fmt, ap);
	va_end(ap);
	return false;
}

/* ---- the tree ---------------------------------------------------------- */

static void
ynode_free(struct ynode *n)
{
	if (n == NULL)
		return;
	for (size_t i = 0; i < n->count; i++) {
		if (n->keys != NULL)
			ynode_free(n->keys[i]);
		ynode_free(n->items[i]);
	}
	free(n->keys);
	free(n->items);
	free(n->text);
	free(n);
}

void
ydoc_free(struct ydoc *doc)
{
	ynode_free(doc->root);
	free(doc->name);
	free(doc->text);
	memset(doc, 0, sizeof *doc);
}

static struct ynode *
ynode_new(enum ynode_kind kind, const yaml_mark_t *mark)
{
	struct ynode *n = xcalloc(1, sizeof *n);

	n->kind = kind;
	n->line = (int)mark->line + 1;
	n->col = (int)mark->column + 1;
	return n;
}

/* ---- checks before parsing ------------------------------------------- */

static bool
check_encoding(struct ydoc *doc, const struct ylimits *lim)
{
	const unsigned char *t = (const unsigned char *)doc->text;
	struct diag_source src = ydoc_source(doc);
	int line, col;

	if (doc->len >= 2 && ((t[0] == 0xFE && t[1] == 0xFF) || (t[0] == 0xFF && t[1] == 0xFE)))
		return diag_file(doc->diags, DIAG_ERROR, &src,
		                 "file is in UTF-16 (it starts with a UTF-16 byte-order mark); "
		                 "save it as UTF-8"),
		       false;
	for (size_t i = 0; i < doc->len;) {
		size_t n;
		if (t[i] == '\0') {
			diag_offset_position(&src, i, &line, &col);
			return error_at(doc, line, col, "NUL byte in the file; a %s is plain text",
			                lim->kind);
		}
		n = str_utf8_sequence(t + i, doc->len - i);
		if (n == 0) {
			diag_offset_position(&src, i, &line, &col);
			return error_at(doc, line, col,
			                "invalid UTF-8 byte 0x%02x; save the file as UTF-8", t[i]);
		}
		i += n;
	}
	return true;
}

/* ---- parsing ----------------------------------------------------------- */

struct builder {
	struct ydoc *doc;
	const struct ylimits *lim;
	const char *until;      /* stop once the top-level mapping has this key's value */
	struct ynode **stack;   /* open collections */
	size_t depth, stack_cap;
	size_t nodes;
	int documents;
};

static void
append_child(struct ynode *parent, struct ynode *child)
{
	/* In a mapping, a key goes into keys[] and opens an item whose value follows. */
	if (parent->kind == YNODE_MAPPING) {
		if (parent->count > 0 && parent->items[parent->count - 1] == NULL) {
			parent->items[parent->count - 1] = child;
			return;
		}
		if (parent->count == parent->cap) {
			parent->cap = parent->cap ? parent->cap * 2 : 8;
			parent->keys = xreallocarray(parent->keys, parent->cap, sizeof *parent->keys);
			parent->items = xreallocarray(parent->items, parent->cap, sizeof *parent->items);
		}
		parent->keys[parent->count] = child;
		parent->items[parent->count] = NULL;
		parent->count++;
		return;
	}
	if (parent->count == parent->cap) {
		parent->cap = parent->cap ? parent->cap * 2 : 8;
		parent->items = xreallocarray(parent->items, parent->cap, sizeof *parent->items);
	}
	parent->items[parent->count++] = child;
}

/* Is the next child of this mapping a key (rather than a value)? */
static bool
expecting_key(const struct ynode *map)
{
	return map->count == 0 || map->items[map->count - 1] != NULL;
}

static bool
place_node(struct builder *b, struct ynode *n)
{
	struct ynode *parent;

	if (b->depth == 0) {
		if (b->doc->root != NULL) {
			int line = n->line, col = n->col;
			ynode_free(n);
			return error_at(b->doc, line, col, "more than one top-level value");
		}
		b->doc->root = n;
		return true;
	}
	parent = b->stack[b->depth - 1];
	if (parent->kind == YNODE_MAPPING && expecting_key(parent) && n->kind != YNODE_SCALAR) {
		int line = n->line, col = n->col;
		const char *kind = n->kind == YNODE_MAPPING ? "mapping" : "list";
		ynode_free(n);
		return error_at(b->doc, line, col, "a key must be a plain word, not a %s", kind);
	}
	append_child(parent, n);
	return true;
}

static bool
check_node_event(struct builder *b, const yaml_event_t *ev, const yaml_char_t *anchor,
                 const yaml_char_t *tag, bool implicit_tag)
{
	int line = (int)ev->start_mark.line + 1, col = (int)ev->start_mark.column + 1;

	if (anchor != NULL)
		return error_at(b->doc, line, col,
		                "anchors (&%s) are not allowed in a %s; write each value out in full",
		                (const char *)anchor, b->lim->kind);
	if (tag != NULL && !implicit_tag)
		return error_at(b->doc, line, col, "tags (%s) are not allowed in a %s",
		                (const char *)tag, b->lim->kind);
	if (++b->nodes > b->lim->max_nodes)
		return error_at(b->doc, line, col,
		                "too many values: a %s may hold at most %zu", b->lim->kind,
		                b->lim->max_nodes);
	return true;
}

static bool
open_collection(struct builder *b, const yaml_event_t *ev, enum ynode_kind kind)
{
	struct ynode *n;

	if (b->depth + 1 > b->lim->max_depth)
		return error_at(b->doc, (int)ev->start_mark.line + 1,
		                (int)ev->start_mark.column + 1,
		                "nesting deeper than %zu levels is not allowed in a %s",
		                b->lim->max_depth, b->lim->kind);
	n = ynode_new(kind, &ev->start_mark);
	if (!place_node(b, n))
		return false;
	if (b->depth == b->stack_cap) {
		b->stack_cap = b->stack_cap ? b->stack_cap * 2 : 16;
		b->stack = xreallocarray(b->stack, b->stack_cap, sizeof *b->stack);
	}
	b->stack[b->depth++] = n;
	return true;
}

static int
compare_keys(const void *pa, const void *pb)
{
	const struct ynode *a = *(struct ynode *const *)pa, *b = *(struct ynode *const *)pb;
	int c = strcmp(a->text, b->text);

	if (c != 0)
		return c;
	return a->line != b->line ? (a->line > b->line) - (a->line < b->line)
	                          : (a->col > b->col) - (a->col < b->col);
}

static bool
check_duplicate_keys(struct builder *b, const struct ynode *map)
{
	struct ynode **sorted;
	bool ok = true;

	if (map->count < 2)
		return true;
	sorted = xreallocarray(NULL, map->count, sizeof *sorted);
	memcpy(sorted, map->keys, map->count * sizeof *sorted);
	qsort(sorted, map->count, sizeof *sorted, compare_keys);
	for (size_t i = 1; i < map->count; i++) {
		size_t first = i - 1;
		if (strcmp(sorted[i]->text, sorted[first]->text) != 0)
			continue;
		while (first > 0 && strcmp(sorted[first - 1]->text, sorted[i]->text) == 0)
			first--;
		ok = error_at(b->doc, sorted[i]->line, sorted[i]->col,
		              "duplicate key '%s' (first given at line %d); keep only one",
		              sorted[i]->text, sorted[first]->line);
		if (diag_full(b->doc->diags))
			break;
	}
	free(sorted);
	return ok;
}

static bool
close_collection(struct builder *b)
{
	struct ynode *n;

	assert(b->depth > 0); /* libyaml ends only what it started */
	n = b->stack[--b->depth];

	if (n->kind == YNODE_MAPPING) {
		if (n->count > 0 && n->items[n->count - 1] == NULL)
			return error_at(b->doc, n->line, n->col, "a key has no value");
		return check_duplicate_keys(b, n);
	}
	return true;
}

static bool
add_scalar(struct builder *b, const yaml_event_t *ev)
{
	struct ynode *n;

	if (ev->data.scalar.length > b->lim->max_scalar)
		return error_at(b->doc, (int)ev->start_mark.line + 1, (int)ev->start_mark.column + 1,
		                "value is too long (%zu bytes; at most %zu in a %s)",
		                ev->data.scalar.length, b->lim->max_scalar, b->lim->kind);
	n = ynode_new(YNODE_SCALAR, &ev->start_mark);
	n->text = xstrndup((const char *)ev->data.scalar.value, ev->data.scalar.length);
	n->len = ev->data.scalar.length;
	n->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
	return place_node(b, n);
}

static bool
handle_event(struct builder *b, const yaml_event_t *ev)
{
	switch (ev->type) {
	case YAML_DOCUMENT_START_EVENT:
		if (++b->documents > 1)
			return error_at(b->doc, (int)ev->start_mark.line + 1,
			                (int)ev->start_mark.column + 1,
			                "a second YAML document ('---'); a %s holds one",
			                b->lim->kind);
		return true;
	case YAML_ALIAS_EVENT:
		return error_at(b->doc, (int)ev->start_mark.line + 1, (int)ev->start_mark.column + 1,
		                "aliases (*%s) are not allowed in a %s; write each value out in full",
		                (const char *)ev->data.alias.anchor, b->lim->kind);
	case YAML_SCALAR_EVENT:
		return check_node_event(b, ev, ev->data.scalar.anchor, ev->data.scalar.tag,
		                        ev->data.scalar.plain_implicit ||
		                                ev->data.scalar.quoted_implicit) &&
		       add_scalar(b, ev);
	case YAML_SEQUENCE_START_EVENT:
		return check_node_event(b, ev, ev->data.sequence_start.anchor,
		                        ev->data.sequence_start.tag,
		                        ev->data.sequence_start.implicit) &&
		       open_collection(b, ev, YNODE_SEQUENCE);
	case YAML_MAPPING_START_EVENT:
		return check_node_event(b, ev, ev->data.mapping_start.anchor,
		                        ev->data.mapping_start.tag,
		                        ev->data.mapping_start.implicit) &&
		       open_collection(b, ev, YNODE_MAPPING);
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT:
		return close_collection(b);
	default:
		return true;
	}
}

static void
report_parser_error(struct ydoc *doc, const yaml_parser_t *p)
{
	struct diag_source src = ydoc_source(doc);
	int line, col;

	if (p->error == YAML_MEMORY_ERROR) {
		diag_file(doc->diags, DIAG_ERROR, &src, "out of memory while reading YAML");
		return;
	}
	if (p->error == YAML_READER_ERROR) {
		diag_offset_position(&src, p->problem_offset, &line, &col);
		error_at(doc, line, col, "%s", p->problem ? p->problem : "cannot read the file");
		return;
	}
	line = (int)p->problem_mark.line + 1;
	col = (int)p->problem_mark.column + 1;
	if (p->problem_mark.index < doc->len && doc->text[p->problem_mark.index] == '\t') {
		error_at(doc, line, col, "tab character; YAML indents with spaces only");
		return;
	}
	/* libyaml gives up on a key (a "simple key") 1024 characters long with no ':'
	 * yet, the context marking where it began on the same line */
	if (p->context != NULL && p->context_mark.line == p->problem_mark.line &&
	    p->problem_mark.index > p->context_mark.index + 1024) {
		error_at(doc, (int)p->context_mark.line + 1, (int)p->context_mark.column + 1,
		         "a key (or a line read as one) longer than 1024 characters: YAML reads "
		         "no longer keys");
		return;
	}
	error_at(doc, line, col, "%s", p->problem ? p->problem : "YAML syntax error");
	if (p->context != NULL)
		diag_add(doc->diags, DIAG_NOTE, &src, (int)p->context_mark.line + 1,
		         (int)p->context_mark.column + 1, "%s started here", p->context);
}

/* Has the top-level mapping just got the value of the key parsing stops at? */
static bool
reached(const struct builder *b)
{
	const struct ynode *root = b->doc->root;

	return b->until != NULL && b->depth == 1 && root->kind == YNODE_MAPPING &&
	       root->count > 0 && root->items[root->count - 1] != NULL &&
	       root->items[root->count - 1]->kind == YNODE_SCALAR &&
	       strcmp(root->keys[root->count - 1]->text, b->until) == 0;
}

static bool
parse(struct ydoc *doc, const struct ylimits *lim, const char *until)
{
	struct builder b = { .doc = doc, .lim = lim, .until = until };
	yaml_parser_t parser;
	yaml_event_t ev;
	bool ok = true, done = false;

	if (!yaml_parser_initialize(&parser)) {
		struct diag_source src = ydoc_source(doc);
		diag_file(doc->diags, DIAG_ERROR, &src, "out of memory while reading YAML");
		return false;
	}
	yaml_parser_set_input_string(&parser, (const unsigned char *)doc->text, doc->len);
	yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING);
	while (ok && !done) {
		if (!yaml_parser_parse(&parser, &ev)) {
			report_parser_error(doc, &parser);
			ok = false;
			break;
		}
		ok = handle_event(&b, &ev);
		done = ev.type == YAML_STREAM_END_EVENT || (ok && reached(&b));
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&parser);
	free(b.stack);
	if (ok && doc->root == NULL) {
		struct diag_source src = ydoc_source(doc);
		diag_file(doc->diags, DIAG_ERROR, &src, "file holds no YAML value (only comments?)");
		ok = false;
	}
	if (!ok) {
		ynode_free(doc->root);
		doc->root = NULL;
	}
	return ok;
}

static bool
load_text(struct ydoc *doc, const struct ylimits *lim, const char *until)
{
	struct diag_source src = ydoc_source(doc);

	if (doc->len == 0)
		return diag_file(doc->diags, DIAG_ERROR, &src, "file is empty"), false;
	/* A UTF-8 byte-order mark says nothing YAML needs; libyaml would count it as
	 * a column of the first line, so it goes before parsing and quoting. */
	if (doc->len >= 3 && memcmp(doc->text, "\xEF\xBB\xBF", 3) == 0) {
		doc->len -= 3;
		memmove(doc->text, doc->text + 3, doc->len + 1);
	}
	return check_encoding(doc, lim) && parse(doc, lim, until);
}

bool
ydoc_load_string(struct ydoc *doc, const char *name, const char *text, size_t len,
                 const struct ylimits *lim, struct diag_list *dl)
{
	memset(doc, 0, sizeof *doc);
	doc->name = xstrdup(name);
	doc->diags = dl;
	if (len > lim->max_bytes) {
		struct diag_source src = { name, NULL, 0 };
		diag_file(dl, DIAG_ERROR, &src, "file is too large (%zu bytes; a %s may be at most %zu)",
		          len, lim->kind, lim->max_bytes);
		return false;
	}
	doc->text = xstrndup(text, len);
	doc->len = len;
	return load_text(doc, lim, NULL);
}

static bool
read_fd(struct ydoc *doc, int fd, const struct ylimits *lim)
{
	struct diag_source src = { doc->name, NULL, 0 };
	size_t cap = lim->max_bytes + 1, len = 0;
	char *buf = xmalloc(cap + 1);

	for (;;) {
		ssize_t n = fio_read(fd, buf + len, cap - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			diag_file(doc->diags, DIAG_ERROR, &src, "cannot read: %s", strerror(errno));
			free(buf);
			return false;
		}
		if (n == 0)
			break;
		len += (size_t)n;
		if (len > lim->max_bytes) {
			diag_file(doc->diags, DIAG_ERROR, &src,
			          "file is too large (over %zu bytes, the most a %s may hold)",
			          lim->max_bytes, lim->kind);
			free(buf);
			return false;
		}
	}
	buf[len] = '\0';
	doc->text = buf;
	doc->len = len;
	return true;
}

static bool
load_file(struct ydoc *doc, const char *path, const struct ylimits *lim, const char *until,
          struct diag_list *dl)
{
	struct diag_source src = { path, NULL, 0 };
	struct stat st;
	bool ok;
	int fd;

	memset(doc, 0, sizeof *doc);
	doc->name = xstrdup(path);
	doc->diags = dl;
	fd = fio_open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK, 0);
	if (fd < 0)
		return diag_file(dl, DIAG_ERROR, &src, "cannot open: %s", strerror(errno)), false;
	if (fio_fstat(fd, &st) != 0) {
		diag_file(dl, DIAG_ERROR, &src, "cannot read: %s", strerror(errno));
		close(fd);
		return false;
	}
	if (!S_ISREG(st.st_mode)) {
		diag_file(dl, DIAG_ERROR, &src, "not a regular file");
		close(fd);
		return false;
	}
	if ((uintmax_t)st.st_size > lim->max_bytes) {
		diag_file(dl, DIAG_ERROR, &src,
		          "file is too large (%jd bytes; a %s may be at most %zu)",
		          (intmax_t)st.st_size, lim->kind, lim->max_bytes);
		close(fd);
		return false;
	}
	ok = read_fd(doc, fd, lim);
	close(fd);
	return ok && load_text(doc, lim, until);
}

bool
ydoc_load_file(struct ydoc *doc, const char *path, const struct ylimits *lim,
               struct diag_list *dl)
{
	return load_file(doc, path, lim, NULL, dl);
}

bool
ydoc_load_file_until(struct ydoc *doc, const char *path, const struct ylimits *lim,
                     const char *key, struct diag_list *dl)
{
	return load_file(doc, path, lim, key, dl);
}

/* ---- reading the tree ------------------------------------------------- */

bool
yreport(struct ydoc *doc, const struct ynode *at, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report(doc, DIAG_ERROR, at ? at->line : 0, at ? at->col : 0, fmt, ap);
	va_end(ap);
	return false;
}

/* The index of `key` in a mapping, or -1. */
static long
ymap_index(const struct ynode *map, const char *key)
{
	if (map == NULL || map->kind != YNODE_MAPPING)
		return -1;
	for (size_t i = 0; i < map->count; i++)
		if (strcmp(map->keys[i]->text, key) == 0)
			return (long)i;
	return -1;
}

const struct ynode *
ymap_find_key(const struct ynode *map, const char *key)
{
	long i = ymap_index(map, key);

	return i < 0 ? NULL : map->keys[i];
}

const struct ynode *
ymap_find(const struct ynode *map, const char *key)
{
	long i = ymap_index(map, key);

	return i < 0 ? NULL : map->items[i];
}

static const char *
kind_phrase(const struct ynode *n)
{
	switch (n->kind) {
	case YNODE_MAPPING:
		return "a mapping (key: value lines)";
	case YNODE_SEQUENCE:
		return "a list";
	case YNODE_SCALAR:
		break;
	}
	return n->len == 0 && n->plain ? "nothing" : "a single value";
}

bool
yis_mapping(struct ydoc *doc, const struct ynode *n, const char *what)
{
	if (n->kind == YNODE_MAPPING)
		return true;
	return yerror(doc, n, "%s must be a mapping (key: value lines), not %s", what,
	              kind_phrase(n));
}

bool
yis_sequence(struct ydoc *doc, const struct ynode *n, const char *what)
{
	if (n->kind == YNODE_SEQUENCE)
		return true;
	return yerror(doc, n, "%s must be a list, not %s", what, kind_phrase(n));
}

static bool
is_scalar(struct ydoc *doc, const struct ynode *n, const char *expected)
{
	if (n->kind == YNODE_SCALAR && !(n->plain && n->len == 0))
		return true;
	return yerror(doc, n, "expected %s, found %s", expected, kind_phrase(n));
}

/* Text holds no control character a terminal would obey: C0 (but newline and
 * tab), DEL, C1 (U+0080 to U+009F, in UTF-8 C2 80 to C2 9F). */
static bool
has_controls(const struct ynode *n)
{
	const unsigned char *p = (const unsigned char *)n->text;

	for (size_t i = 0; i < n->len; i++)
		if ((p[i] < 0x20 && p[i] != '\n' && p[i] != '\t') || p[i] == 0x7f ||
		    (p[i] == 0xC2 && i + 1 < n->len && p[i + 1] < 0xA0))
			return true;
	return false;
}

bool
ystring(struct ydoc *doc, const struct ynode *n, const char **out)
{
	if (!is_scalar(doc, n, "text"))
		return false;
	if (has_controls(n))
		return yerror(doc, n, "control characters (such as ESC) are not allowed in text: a "
		                      "terminal would obey them");
	*out = n->text;
	return true;
}

bool
yint(struct ydoc *doc, const struct ynode *n, long min, long max, long *out)
{
	const char *p;
	char *end;
	long v;

	if (!is_scalar(doc, n, "a whole number"))
		return false;
	p = n->text;
	if (*p == '+' || *p == '-')
		p++;
	if (!n->plain || *p < '0' || *p > '9')
		return yerror(doc, n, "expected a whole number, found '%s'", n->text);
	errno = 0;
	v = strtol(n->text, &end, 10);
	if (*end != '\0')
		return yerror(doc, n, "expected a whole number, found '%s'", n->text);
	if (errno == ERANGE || v < min || v > max)
		return yerror(doc, n, "%s is out of range (%ld to %ld)", n->text, min, max);
	*out = v;
	return true;
}

bool
ybool(struct ydoc *doc, const struct ynode *n, bool *out)
{
	if (!is_scalar(doc, n, "true or false"))
		return false;
	if (n->plain && strcmp(n->text, "true") == 0)
		*out = true;
	else if (n->plain && strcmp(n->text, "false") == 0)
		*out = false;
	else
		return yerror(doc, n, "expected true or false, found '%s'", n->text);
	return true;
}

bool
yenum(struct ydoc *doc, const struct ynode *n, const char *const *names, size_t count,
      const char *what, int *out)
{
	const char *near;
	char *choices;

	if (!is_scalar(doc, n, what))
		return false;
	for (size_t i = 0; i < count; i++) {
		if (strcmp(n->text, names[i]) == 0) {
			*out = (int)i;
			return true;
		}
	}
	near = str_nearest(n->text, names, count);
	if (near != NULL)
		return yerror(doc, n, "unknown %s '%s'; did you mean '%s'?", what, n->text, near);
	choices = str_join_choices(names, count);
	yerror(doc, n, "unknown %s '%s'; expected %s", what, n->text, choices);
	free(choices);
	return false;
}

bool
yid(struct ydoc *doc, const struct ynode *n, const char **out)
{
	if (!is_scalar(doc, n, "an id"))
		return false;
	if (n->len == 0 || n->len > 64)
		return yerror(doc, n, "an id has 1 to 64 characters");
	for (const char *p = n->text; *p != '\0'; p++) {
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_' ||
		      *p == '-'))
			return yerror(doc, n,
			              "'%s' is not an id: use lower-case letters, digits, '_' and '-'",
			              n->text);
	}
	*out = n->text;
	return true;
}

bool
yschema(struct ydoc *doc, const struct ynode *n, long newest, long *out)
{
	if (!yint(doc, n, 1, 1000, out))
		return false;
	if (*out > newest)
		return yerror(doc, n, "schema %ld is newer than this hexaid reads (%ld); upgrade hexaid",
		              *out, newest);
	return true;
}

/* ---- field tables ------------------------------------------------------ */

static const struct yfield *
find_field(const struct ytable *table, const char *key)
{
	for (size_t i = 0; i < table->nfields; i++)
		if (strcmp(table->fields[i].key, key) == 0)
			return &table->fields[i];
	return NULL;
}

/* "a, b and c": every key of the table. */
static char *
all_keys(const struct ytable *table)
{
	struct strbuf sb = { NULL, 0, 0 };

	for (size_t i = 0; i < table->nfields; i++)
		strbuf_addf(&sb, "%s%s", i == 0 ? "" : i + 1 == table->nfields ? " and " : ", ",
		            table->fields[i].key);
	return sb.text;
}

static bool
unknown_key(struct ydoc *doc, const struct ynode *key, const struct ytable *table)
{
	const char **names = xreallocarray(NULL, table->nfields ? table->nfields : 1, sizeof *names);
	const char *near;
	char *choices;

	for (size_t i = 0; i < table->nfields; i++)
		names[i] = table->fields[i].key;
	near = table->unknown == YUNKNOWN_ALL ? NULL : str_nearest(key->text, names, table->nfields);
	if (near != NULL) {
		yerror(doc, key, "unknown key '%s' in %s; did you mean '%s'?", key->text, table->what,
		       near);
	} else if (table->unknown == YUNKNOWN_NEAREST) {
		yerror(doc, key, "unknown key '%s' in %s", key->text, table->what);
	} else {
		choices = table->unknown == YUNKNOWN_ALL ? all_keys(table)
		                                         : str_join_choices(names, table->nfields);
		yerror(doc, key, "unknown key '%s' in %s; known keys are %s", key->text, table->what,
		       choices);
		free(choices);
	}
	free(names);
	return false;
}

/* Store a typed row's value at its offset in obj. */
static bool
read_typed(struct ydoc *doc, const struct yfield *f, const struct ynode *v, void *obj)
{
	char *at = (char *)obj + f->offset;
	const char *s;
	long x;
	int e;

	switch (f->type) {
	case YF_COMMENT:
		return ystring(doc, v, &s);
	case YF_TEXT:
	case YF_ID:
		if (!(f->type == YF_ID ? yid(doc, v, &s) : ystring(doc, v, &s)))
			return false;
		free(*(char **)at);
		*(char **)at = xstrdup(s);
		return true;
	case YF_INT:
		if (!yint(doc, v, f->min, f->max, &x))
			return false;
		*(int *)at = (int)x;
		return true;
	case YF_LONG:
		return yint(doc, v, f->min, f->max, (long *)at);
	case YF_BOOL:
		return ybool(doc, v, (bool *)at);
	case YF_ENUM:
		if (!yenum(doc, v, f->names, f->nnames, f->what, &e))
			return false;
		memcpy(at, &e, sizeof e);
		return true;
	case YF_CUSTOM:
		break;
	}
	return true;
}

static bool
read_field(struct ydoc *doc, const struct yfield *f, const struct ynode *key,
           const struct ynode *value, void *obj, void *ctx)
{
	struct yread r = { f, key, obj, ctx };

	if (f->type != YF_CUSTOM)
		return read_typed(doc, f, value, obj);
	return f->read == NULL || f->read(doc, value, &r);
}

bool
ymap_read(struct ydoc *doc, const struct ynode *map, const struct ytable *table, void *obj,
          void *ctx)
{
	int passes = 1;
	bool ok = true;

	if (!yis_mapping(doc, map, table->what))
		return false;
	for (size_t i = 0; i < table->nfields; i++)
		if (table->fields[i].pass >= passes)
			passes = table->fields[i].pass + 1;
	for (int pass = 0; pass < passes; pass++) {
		for (size_t i = 0; i < map->count; i++) {
			const struct ynode *key = map->keys[i];
			const struct yfield *f = find_field(table, key->text);
			if (f == NULL && pass == 0)
				ok = unknown_key(doc, key, table) && ok;
			else if (f != NULL && f->pass == pass)
				ok = read_field(doc, f, key, map->items[i], obj, ctx) && ok;
		}
	}
	for (size_t i = 0; i < table->nfields; i++) {
		const char *key = table->fields[i].key;
		if (table->fields[i].required && ymap_find_key(map, key) == NULL)
			ok = yerror(doc, map, "%s has no '%s'; add a line '%s: ...'", table->what, key,
			            key);
	}
	return ok;
}
