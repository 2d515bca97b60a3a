/* yaml-load.c: the only file that includes <yaml.h> (data layer).
 *
 * Reads a file whole (refusing what is too big, not a regular file, not UTF-8 or
 * holds NUL bytes), drives libyaml's event parser with our own limits on depth,
 * node count and scalar length, refuses anchors, aliases and tags, detects
 * duplicate keys, and builds a tree of ynodes with 1-based positions, cut from
 * blocks the document owns. A parse may stop at a top-level key and go on
 * later, onto the same tree. Then it offers the typed accessors schema code
 * reads that tree with.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdalign.h>
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

/* ---- the tree's memory ------------------------------------------------- */

/* A document's nodes, their texts and their lists of children are cut from a
 * few large blocks that ydoc_free lets go of together: building a node is
 * moving a pointer, and freeing the tree is freeing its blocks. */
struct yarena {
	struct yarena *next;    /* the blocks cut from before */
	size_t used, cap;       /* bytes of data */
	max_align_t data[];
};

enum { ARENA_FIRST = 64 << 10, ARENA_MOST = 256 << 10 };

/* A scalar whose text is an allocation of its own (a save's, texts_apart): the
 * node, after a link to the scalar made before, so that the texts a reader has
 * not taken can be found and freed with the tree. */
struct yapart {
	struct yapart *next;
	struct ynode node;
};

/* Let go of a document's tree: the texts apart from it, then its blocks, into
 * its pool when it has one, else to the heap. */
static void
arena_release(struct ydoc *doc)
{
	struct yarena *a = doc->arena;

	for (struct yapart *p = doc->apart; p != NULL; p = p->next)
		free(p->node.text);
	doc->apart = NULL;
	while (a != NULL) {
		struct yarena *next = a->next;
		if (doc->pool != NULL) {
			a->next = doc->pool->blocks;
			doc->pool->blocks = a;
		} else {
			free(a);
		}
		a = next;
	}
	doc->arena = NULL;
}

/* An empty block of at least cap bytes: one the pool keeps, or a new one. */
static struct yarena *
arena_take(struct ydoc *doc, size_t cap)
{
	struct yarena *a;

	for (struct yarena **at = doc->pool ? &doc->pool->blocks : NULL; at && *at; at = &(*at)->next)
		if ((*at)->cap >= cap) {
			a = *at;
			*at = a->next;
			a->used = 0;
			return a;
		}
	a = xmalloc(sizeof *a + cap);
	a->used = 0;
	a->cap = cap;
	return a;
}

void
ypool_free(struct ypool *pool)
{
	while (pool->blocks != NULL) {
		struct yarena *next = pool->blocks->next;
		free(pool->blocks);
		pool->blocks = next;
	}
}

/* A block with room for `need` bytes. Blocks double from ARENA_FIRST up to
 * ARENA_MOST, so a card's tree (about six times its text) takes a few. Blocks
 * this large also keep their memory from one document to the next: glibc gives
 * the first ones mappings of their own, and freeing those raises its threshold
 * for that, so the later ones come from the heap and stay there rather than go
 * back to the kernel and be faulted in again (the five cards loaded in a loop:
 * 34 page faults a round, against 114 with blocks from 4 to 64 KiB).
 * Something too big for the current block's size gets a block of its own, put
 * behind the current one, which stays current. */
static __attribute__((noinline)) struct yarena *
arena_block(struct ydoc *doc, size_t need)
{
	struct yarena *head = doc->arena, *a;
	size_t cap = head == NULL ? ARENA_FIRST : head->cap * 2;

	if (cap > ARENA_MOST)
		cap = ARENA_MOST;
	if (head != NULL && need > cap / 4) {
		a = arena_take(doc, need);
		a->next = head->next;
		head->next = a;
		return a;
	}
	a = arena_take(doc, cap < need ? need : cap);
	a->next = head;
	doc->arena = a;
	return a;
}

/* What the arena holds (nodes, lists of pointers to them, text) needs no more
 * alignment than a node does. */
#define ARENA_ALIGN alignof(struct ynode)

static inline void *
arena_alloc(struct ydoc *doc, size_t size)
{
	size_t need = (size + ARENA_ALIGN - 1) & ~(ARENA_ALIGN - 1);
	struct yarena *a = doc->arena;

	if (a == NULL || a->cap - a->used < need)
		a = arena_block(doc, need);
	a->used += need;
	return (char *)a->data + (a->used - need);
}

static struct ynode *
ynode_new(struct ydoc *doc, enum ynode_kind kind, const yaml_mark_t *mark, size_t text_bytes)
{
	struct ynode *n = arena_alloc(doc, sizeof *n + text_bytes);

	*n = (struct ynode){ .kind = kind, .line = (int)mark->line + 1,
	                     .col = (int)mark->column + 1 };
	return n;
}

/* ---- checks before parsing ------------------------------------------- */

/* Is there a byte 0x00 or a byte of 0x80 or more in these eight bytes? */
static bool
nul_or_high(uint64_t w)
{
	const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;

	return (w & highs) != 0 || ((w - ones) & highs) != 0;
}

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
		uint64_t w;
		size_t n;

		/* plain ASCII, the most of a file, 32 and then eight bytes at a time */
		if (i + 32 <= doc->len) {
			uint64_t w4[4];
			memcpy(w4, t + i, sizeof w4);
			if (!nul_or_high(w4[0]) && !nul_or_high(w4[1]) && !nul_or_high(w4[2]) &&
			    !nul_or_high(w4[3])) {
				i += 32;
				continue;
			}
		}
		if (i + 8 <= doc->len && (memcpy(&w, t + i, 8), !nul_or_high(w))) {
			i += 8;
			continue;
		}
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

/* A collection whose end has not come yet. */
struct open {
	struct ynode *node;
	size_t first;           /* its children start here in the builder's kids */
};

struct builder {
	struct ydoc *doc;
	const struct ylimits *lim;
	const char *until;      /* stop once the top-level mapping has this key's value */
	struct open *open;      /* the collections open, outermost first */
	size_t depth, open_cap;
	/* The children of the open collections so far, each after its parent's
	 * (a mapping's as key, value, key, value...): a collection's list is made
	 * once, of the right size, when it ends. */
	struct ynode **kids;
	size_t nkids, kids_cap;
	uint32_t *slots;        /* the hash table looking for duplicate keys */
	size_t nslots;
	size_t nodes;
	int documents;
};

/* A parse under way: a file read by ydoc_load_file_until and stopped at its
 * key keeps this in doc->rest, for ydoc_load_rest to go on with. */
struct yparse {
	struct builder b;
	yaml_parser_t parser;
};

static inline void
push_kid(struct builder *b, struct ynode *n)
{
	if (b->nkids == b->kids_cap) {
		b->kids_cap = b->kids_cap ? b->kids_cap * 2 : 256;
		b->kids = xreallocarray(b->kids, b->kids_cap, sizeof *b->kids);
	}
	b->kids[b->nkids++] = n;
}

/* Give an open collection its children so far, as lists of their own. */
static void
settle(struct builder *b, const struct open *o)
{
	struct ynode *n = o->node, **kids;
	size_t k = b->nkids - o->first;

	n->keys = n->items = NULL;
	n->count = n->kind == YNODE_SEQUENCE ? k : k / 2;
	/* No child: b->kids may not exist yet, so no offset into it either. */
	if (n->count == 0)
		return;
	kids = b->kids + o->first;
	if (n->kind == YNODE_SEQUENCE) {
		n->items = arena_alloc(b->doc, k * sizeof *n->items);
		memcpy(n->items, kids, k * sizeof *n->items);
		return;
	}
	n->keys = arena_alloc(b->doc, 2 * n->count * sizeof *n->keys);
	n->items = n->keys + n->count;
	for (size_t i = 0; i < n->count; i++) {
		n->keys[i] = kids[2 * i];
		n->items[i] = kids[2 * i + 1];
	}
}

static inline bool
place_node(struct builder *b, struct ynode *n)
{
	const struct open *parent;

	if (b->depth == 0) {
		if (b->doc->root != NULL)
			return error_at(b->doc, n->line, n->col, "more than one top-level value");
		b->doc->root = n;
		return true;
	}
	parent = &b->open[b->depth - 1];
	if (n->kind != YNODE_SCALAR && parent->node->kind == YNODE_MAPPING &&
	    (b->nkids - parent->first) % 2 == 0)
		return error_at(b->doc, n->line, n->col, "a key must be a plain word, not a %s",
		                n->kind == YNODE_MAPPING ? "mapping" : "list");
	push_kid(b, n);
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
	n = ynode_new(b->doc, kind, &ev->start_mark, 0);
	if (!place_node(b, n))
		return false;
	if (b->depth == b->open_cap) {
		b->open_cap = b->open_cap ? b->open_cap * 2 : 16;
		b->open = xreallocarray(b->open, b->open_cap, sizeof *b->open);
	}
	b->open[b->depth++] = (struct open){ n, b->nkids };
	return true;
}

static int
compare_keys(const void *pa, const void *pb)
{
	const struct ynode *a = *(struct ynode *const *)pa, *b = *(struct ynode *const *)pb;
	int c = strcmp(a->text, b->text); /* same text: keys sorted */

	if (c != 0)
		return c;
	return a->line != b->line ? (a->line > b->line) - (a->line < b->line)
	                          : (a->col > b->col) - (a->col < b->col);
}

/* Report each key given twice, in the order of the keys: sorted, so a large
 * mapping costs n log n. */
static bool
report_duplicate_keys(struct builder *b, const struct ynode *map)
{
	struct ynode **sorted;
	bool ok = true;

	sorted = xreallocarray(NULL, map->count, sizeof *sorted);
	memcpy(sorted, map->keys, map->count * sizeof *sorted);
	qsort(sorted, map->count, sizeof *sorted, compare_keys);
	for (size_t i = 1; i < map->count; i++) {
		size_t first = i - 1;
		if (strcmp(sorted[i]->text, sorted[first]->text) != 0) /* same text: keys sorted */
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

/* FNV-1a of a key as strcmp sees it (up to its first NUL: a "\0" in quotes). */
static uint32_t
key_hash(const char *s)
{
	uint32_t h = 2166136261u;

	for (; *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/* Is any key of the mapping given twice? A small mapping compares its keys
 * pairwise; a larger one puts them in a hash table, so that one costs n. */
static bool
has_duplicate_keys(struct builder *b, const struct ynode *map)
{
	size_t mask;

	if (map->count <= 8) {
		for (size_t i = 1; i < map->count; i++)
			for (size_t j = 0; j < i; j++)
				/* reader: YAML keys */
				if (str_eq(map->keys[i]->text, map->keys[j]->text))
					return true;
		return false;
	}
	if (b->nslots < 2 * map->count) {
		while (b->nslots < 2 * map->count)
			b->nslots = b->nslots ? b->nslots * 2 : 64;
		free(b->slots);
		b->slots = xreallocarray(NULL, b->nslots, sizeof *b->slots);
	}
	mask = b->nslots - 1;
	memset(b->slots, 0, b->nslots * sizeof *b->slots);
	for (size_t i = 0; i < map->count; i++) {
		const char *key = map->keys[i]->text;
		size_t s = key_hash(key) & mask;

		for (; b->slots[s] != 0; s = (s + 1) & mask)
			if (str_eq(map->keys[b->slots[s] - 1]->text, key)) /* reader: YAML keys */
				return true;
		b->slots[s] = (uint32_t)i + 1;
	}
	return false;
}

static bool
close_collection(struct builder *b)
{
	const struct open *o;
	struct ynode *n;

	assert(b->depth > 0); /* libyaml ends only what it started */
	o = &b->open[--b->depth];
	n = o->node;
	if (n->kind == YNODE_MAPPING && (b->nkids - o->first) % 2 != 0)
		return error_at(b->doc, n->line, n->col, "a key has no value");
	settle(b, o);
	b->nkids = o->first;
	if (n->kind == YNODE_MAPPING && n->count >= 2 && has_duplicate_keys(b, n))
		return report_duplicate_keys(b, n);
	return true;
}

/* Are the document's texts apart from its nodes? A save's are: savefile.c
 * takes its lists' texts from the tree, and frees the tree first. */
static bool
texts_apart(const struct ylimits *lim)
{
	return lim == &ylimits_save;
}

/* libyaml's text of a scalar event (NUL-terminated), taken from it instead of
 * copied, in no more room than it needs: a save's long lists are then in
 * memory once while the file is parsed, not twice (issue 32). */
static char *
take_scalar(yaml_event_t *ev)
{
	char *text = (char *)ev->data.scalar.value;
	size_t len = ev->data.scalar.length;

	ev->data.scalar.value = NULL; /* yaml_event_delete frees NULL: nothing */
	if (text == NULL)
		return xstrdup("");
	text = xreallocarray(text, len + 1, 1);
	text[len] = '\0';
	return text;
}

static bool
add_scalar(struct builder *b, yaml_event_t *ev)
{
	size_t len = ev->data.scalar.length;
	struct ynode *n;

	if (len > b->lim->max_scalar)
		return error_at(b->doc, (int)ev->start_mark.line + 1, (int)ev->start_mark.column + 1,
		                "value is too long (%zu bytes; at most %zu in a %s)",
		                len, b->lim->max_scalar, b->lim->kind);
	if (texts_apart(b->lim)) {
		struct yapart *p = arena_alloc(b->doc, sizeof *p);
		p->next = b->doc->apart;
		b->doc->apart = p;
		n = &p->node;
		*n = (struct ynode){ .kind = YNODE_SCALAR, .line = (int)ev->start_mark.line + 1,
		                     .col = (int)ev->start_mark.column + 1 };
		n->text = take_scalar(ev);
	} else {
		/* the text right after its node, in the same piece of the arena */
		n = ynode_new(b->doc, YNODE_SCALAR, &ev->start_mark, len + 1);
		n->text = (char *)(n + 1);
		memcpy(n->text, ev->data.scalar.value, len);
		n->text[len] = '\0';
	}
	n->len = len;
	n->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
	return place_node(b, n);
}

static bool
handle_event(struct builder *b, yaml_event_t *ev)
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
	const struct open *top;
	size_t k;

	if (b->until == NULL || b->depth != 1)
		return false;
	top = &b->open[0];
	k = b->nkids - top->first;
	return top->node->kind == YNODE_MAPPING && k > 0 && k % 2 == 0 &&
	       b->kids[b->nkids - 1]->kind == YNODE_SCALAR &&
	       strcmp(b->kids[b->nkids - 2]->text, b->until) == 0; /* reader: YAML keys */
}

static void
parse_free(struct yparse *p)
{
	if (p == NULL)
		return;
	yaml_parser_delete(&p->parser);
	free(p->b.open);
	free(p->b.kids);
	free(p->b.slots);
	free(p);
}

/* The tree is let go of after an error: a document read wrong is not read. */
static void
drop_tree(struct ydoc *doc)
{
	arena_release(doc);
	doc->root = NULL;
	doc->tables = NULL;
}

/* Read events until the stream ends, an error, or the key parsing stops at
 * (then the parse is kept in doc->rest, the tree holding what came before). */
static bool
go_on(struct ydoc *doc, struct yparse *p)
{
	struct builder *b = &p->b;
	yaml_event_t ev;
	bool ok = true, done = false, stopped = false;

	b->doc = doc;
	while (ok && !done && !stopped) {
		if (!yaml_parser_parse(&p->parser, &ev)) {
			report_parser_error(doc, &p->parser);
			ok = false;
			break;
		}
		ok = handle_event(b, &ev);
		done = ev.type == YAML_STREAM_END_EVENT;
		stopped = ok && !done && b->until != NULL && reached(b);
		yaml_event_delete(&ev);
	}
	if (stopped) {
		settle(b, &b->open[0]);
		doc->rest = p;
		return true;
	}
	parse_free(p);
	if (ok && doc->root == NULL) {
		struct diag_source src = ydoc_source(doc);
		diag_file(doc->diags, DIAG_ERROR, &src, "file holds no YAML value (only comments?)");
		ok = false;
	}
	if (!ok)
		drop_tree(doc);
	return ok;
}

static bool
parse(struct ydoc *doc, const struct ylimits *lim, const char *until)
{
	struct yparse *p = xcalloc(1, sizeof *p);

	p->b.lim = lim;
	p->b.until = until;
	if (!yaml_parser_initialize(&p->parser)) {
		struct diag_source src = ydoc_source(doc);
		diag_file(doc->diags, DIAG_ERROR, &src, "out of memory while reading YAML");
		free(p);
		return false;
	}
	yaml_parser_set_input_string(&p->parser, (const unsigned char *)doc->text, doc->len);
	yaml_parser_set_encoding(&p->parser, YAML_UTF8_ENCODING);
	return go_on(doc, p);
}

bool
ydoc_load_rest(struct ydoc *doc)
{
	struct yparse *p = doc->rest;

	if (p == NULL)
		return doc->root != NULL;
	doc->rest = NULL;
	p->b.until = NULL;
	return go_on(doc, p);
}

void
ydoc_free(struct ydoc *doc)
{
	parse_free(doc->rest);
	arena_release(doc);
	free(doc->name);
	free(doc->text);
	memset(doc, 0, sizeof *doc);
}

static bool
load_text(struct ydoc *doc, const struct ylimits *lim, const char *until)
{
	struct diag_source src = ydoc_source(doc);

	doc->texts_apart = texts_apart(lim);
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

/* The file's bytes, in a buffer the size fstat gave (grown should the file
 * grow while it is read), NUL-terminated. */
static bool
read_fd(struct ydoc *doc, int fd, size_t size, const struct ylimits *lim)
{
	struct diag_source src = { doc->name, NULL, 0 };
	size_t cap = size + 1, len = 0;
	char *buf = xmalloc(cap + 1);

	for (;;) {
		ssize_t n;

		if (len == cap) {
			cap = cap > lim->max_bytes / 2 ? lim->max_bytes + 1 : 2 * cap;
			buf = xreallocarray(buf, cap + 1, 1);
		}
		n = fio_read(fd, buf + len, cap - len);
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
          struct ypool *pool, struct diag_list *dl)
{
	struct diag_source src = { path, NULL, 0 };
	struct stat st;
	bool ok;
	int fd;

	memset(doc, 0, sizeof *doc);
	doc->pool = pool;
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
	ok = read_fd(doc, fd, (size_t)st.st_size, lim);
	close(fd);
	return ok && load_text(doc, lim, until);
}

bool
ydoc_load_file(struct ydoc *doc, const char *path, const struct ylimits *lim,
               struct diag_list *dl)
{
	return load_file(doc, path, lim, NULL, NULL, dl);
}

bool
ydoc_load_file_until(struct ydoc *doc, const char *path, const struct ylimits *lim,
                     const char *key, struct diag_list *dl)
{
	return load_file(doc, path, lim, key, NULL, dl);
}

bool
ydoc_load_file_pooled(struct ydoc *doc, const char *path, const struct ylimits *lim,
                      const char *key, struct ypool *pool, struct diag_list *dl)
{
	return load_file(doc, path, lim, key, pool, dl);
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
		if (str_eq(map->keys[i]->text, key)) /* reader: YAML keys */
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
/* The bytes of w (each below 0x80) that are zero, as their high bits; exact for
 * each byte, for nothing borrows from the next. */
static uint64_t
zero_bytes(uint64_t w)
{
	const uint64_t lows = 0x7f7f7f7f7f7f7f7fu;

	return ~(((w & lows) + lows) | w | lows);
}

/* Are the eight bytes of w plain ASCII a text may hold: ' ' to '~', newline and
 * tab? */
static bool
plain_text8(uint64_t w)
{
	const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
	const uint64_t lows = 0x7f7f7f7f7f7f7f7fu;
	uint64_t below_space, allowed;

	if ((w & highs) != 0)
		return false;
	below_space = ~((w + (0x80 - 0x20) * ones) | w | lows);
	allowed = zero_bytes(w ^ ('\n' * ones)) | zero_bytes(w ^ ('\t' * ones));
	return ((below_space & ~allowed) | zero_bytes(w ^ (0x7f * ones))) == 0;
}

static bool
has_controls(const struct ynode *n)
{
	const unsigned char *p = (const unsigned char *)n->text;

	for (size_t i = 0; i < n->len;) {
		size_t end = i + 8 < n->len ? i + 8 : n->len;
		uint64_t w;

		/* eight bytes at once, where they are plain ASCII */
		if (end == i + 8 && (memcpy(&w, p + i, 8), plain_text8(w))) {
			i = end;
			continue;
		}
		for (; i < end; i++)
			if ((p[i] < 0x20 && p[i] != '\n' && p[i] != '\t') || p[i] == 0x7f ||
			    (p[i] == 0xC2 && i + 1 < n->len && p[i + 1] < 0xA0))
				return true;
	}
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
	if (n->plain && str_eq(n->text, "true")) /* reader: YAML values */
		*out = true;
	else if (n->plain && str_eq(n->text, "false"))
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
		if (str_eq(n->text, names[i])) { /* reader: YAML values */
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
	if (!str_is_id(n->text))
		return yerror(doc, n, "'%s' is not an id: use lower-case letters, digits, '_' and '-'",
		              n->text);
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

/* What ymap_read works out once for each table a document is read with: the
 * table's rows by the hash of their keys, and which rows are required. It is
 * kept in the document's arena, found by the table's address (and its rows':
 * tables are constants, but one made afresh where another stood is not taken
 * for it). */
struct yindex {
	const struct ytable *table;
	const struct yfield *fields; /* the table's rows when the index was made */
	size_t nfields;
	struct yindex *next;        /* in its bucket */
	size_t mask;                /* of slots, a power of 2 */
	uint32_t *slots;            /* index + 1 of the row with a key of this hash */
	uint32_t *required;         /* the indexes of the required rows, in order */
	size_t nrequired;
};

enum { YINDEX_BUCKETS = 64 };

struct ytables {
	struct yindex *bucket[YINDEX_BUCKETS];
};

static void *
arena_zalloc(struct ydoc *doc, size_t size)
{
	return memset(arena_alloc(doc, size), 0, size);
}

static const struct yindex *
table_index(struct ydoc *doc, const struct ytable *table)
{
	size_t b = ((uintptr_t)table >> 4) % YINDEX_BUCKETS, nslots = 16;
	struct yindex *x;

	if (doc->tables == NULL)
		doc->tables = arena_zalloc(doc, sizeof *doc->tables);
	for (x = doc->tables->bucket[b]; x != NULL; x = x->next)
		if (x->table == table && x->fields == table->fields && x->nfields == table->nfields)
			return x;
	while (nslots < 2 * table->nfields)
		nslots *= 2;
	x = arena_zalloc(doc, sizeof *x);
	x->table = table;
	x->fields = table->fields;
	x->nfields = table->nfields;
	x->mask = nslots - 1;
	x->slots = arena_zalloc(doc, nslots * sizeof *x->slots);
	x->required = arena_alloc(doc, (table->nfields + 1) * sizeof *x->required);
	for (size_t r = 0; r < table->nfields; r++) {
		const char *key = table->fields[r].key;
		size_t at = key_hash(key) & x->mask;

		/* a key given twice is found at its first row, as a search would */
		/* reader: YAML keys */
		while (x->slots[at] != 0 && !str_eq(table->fields[x->slots[at] - 1].key, key))
			at = (at + 1) & x->mask;
		if (x->slots[at] == 0)
			x->slots[at] = (uint32_t)r + 1;
		if (table->fields[r].required)
			x->required[x->nrequired++] = (uint32_t)r;
	}
	x->next = doc->tables->bucket[b];
	doc->tables->bucket[b] = x;
	return x;
}

static const struct yfield *
find_field(const struct ytable *table, const struct yindex *x, const char *key)
{
	for (size_t at = key_hash(key) & x->mask; x->slots[at] != 0; at = (at + 1) & x->mask)
		if (str_eq(table->fields[x->slots[at] - 1].key, key)) /* reader: YAML keys */
			return &table->fields[x->slots[at] - 1];
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
	const struct yfield *on_stack[32], **rows;
	uint64_t given_on_stack[4], *given;
	size_t words = (table->nfields + 63) / 64;
	const struct yindex *x;
	int passes = 1;
	bool ok = true;

	if (!yis_mapping(doc, map, table->what))
		return false;
	x = table_index(doc, table);
	/* each key's row, looked up once for every pass; the rows given marked */
	rows = map->count <= 32 ? on_stack : xreallocarray(NULL, map->count, sizeof *rows);
	given = words <= 4 ? given_on_stack : xreallocarray(NULL, words, sizeof *given);
	memset(given, 0, words * sizeof *given);
	for (size_t i = 0; i < map->count; i++) {
		const struct yfield *f = find_field(table, x, map->keys[i]->text);
		rows[i] = f;
		if (f != NULL) {
			size_t r = (size_t)(f - table->fields);
			given[r / 64] |= UINT64_C(1) << (r % 64);
			if (f->pass >= passes)
				passes = f->pass + 1;
		}
	}
	for (int pass = 0; pass < passes; pass++) {
		for (size_t i = 0; i < map->count; i++) {
			const struct yfield *f = rows[i];
			if (f == NULL && pass == 0)
				ok = unknown_key(doc, map->keys[i], table) && ok;
			else if (f != NULL && f->pass == pass)
				ok = read_field(doc, f, map->keys[i], map->items[i], obj, ctx) && ok;
		}
	}
	for (size_t k = 0; k < x->nrequired; k++) {
		size_t r = x->required[k];
		const char *key = table->fields[r].key;

		/* a row not given may share its key with one that was */
		if (!(given[r / 64] >> (r % 64) & 1) && ymap_find_key(map, key) == NULL)
			ok = yerror(doc, map, "%s has no '%s'; add a line '%s: ...'", table->what, key,
			            key);
	}
	if (rows != on_stack)
		free(rows);
	if (given != given_on_stack)
		free(given);
	return ok;
}
