/* yaml-load.h: hexaid's reading of YAML files (data layer).
 *
 * A file is read whole, checked against limits, parsed with libyaml's event API
 * into a small tree of ynodes that remember where they stood (line and column),
 * and then read by schema code through the accessors below, which report every
 * problem as a diagnostic at the node's position. The tree is the document's:
 * it lives until ydoc_free, and nothing but the loader changes it. No other
 * file includes <yaml.h>.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_YAML_LOAD_H
#define HEXAID_YAML_LOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "diag.h"

enum ynode_kind { YNODE_SCALAR, YNODE_SEQUENCE, YNODE_MAPPING };

struct ynode {
	enum ynode_kind kind;
	int line, col;          /* 1-based position of the node's first character */
	bool plain;             /* scalar: written without quotes */
	char *text;             /* scalar: its value, NUL-terminated */
	size_t len;             /* scalar: its length in bytes */
	struct ynode **keys;    /* mapping: the key of each item (scalars) */
	struct ynode **items;   /* sequence items, or mapping values */
	size_t count;           /* of items (and keys) */
};

/* What a file may hold at most; each is reported with its own message. */
struct ylimits {
	const char *kind;       /* "rule card", "scenario", ... for messages */
	size_t max_bytes;
	size_t max_depth;
	size_t max_scalar;
	size_t max_nodes;
};

extern const struct ylimits ylimits_card;
/* A document read with these very limits (a save) has each scalar's text an
 * allocation of its own: a reader may take it, or free it, and set the node's
 * text to NULL; ydoc_free frees the rest (savefile.c takes its lists this way).
 * Any other document's texts live with their nodes, in its arena. */
extern const struct ylimits ylimits_save;

struct ydoc {
	char *name;             /* the path as the user gave it */
	char *text;             /* the file's bytes, NUL-terminated, for quoting */
	size_t len;
	struct ynode *root;     /* NULL when nothing could be read */
	struct diag_list *diags;
	/* the loader's own: the memory the tree is in, a parse that
	 * ydoc_load_file_until stopped (for ydoc_load_rest), and what ymap_read
	 * has worked out about the tables it was given (kept in the arena) */
	struct yarena *arena;
	struct yparse *rest;
	struct ytables *tables;
	struct ypool *pool;     /* where ydoc_free puts the arena's blocks, or NULL */
	struct yapart *apart;   /* the scalars whose texts are apart (a save's) */
	bool texts_apart;       /* read within ylimits_save: each text its own */
};

/* Blocks of memory a tree was built in, kept for the next tree: a program
 * that reads file after file (`hexaid check`) then neither gives the memory
 * back to the system nor has it faulted in again for each file. Start it
 * zeroed ({ NULL }); ypool_free lets it go. */
struct ypool {
	struct yarena *blocks;
};
void ypool_free(struct ypool *pool);

/* Read and parse a file or a buffer. On false, the reasons are in dl and
 * doc->root is NULL. Either way, call ydoc_free. */
bool ydoc_load_file(struct ydoc *doc, const char *path, const struct ylimits *lim,
                    struct diag_list *dl);
bool ydoc_load_string(struct ydoc *doc, const char *name, const char *text, size_t len,
                      const struct ylimits *lim, struct diag_list *dl);
void ydoc_free(struct ydoc *doc);
/* A file read only as far as the top-level mapping's `key` when its value is a
 * single value (`kind:`, the first line of a hexaid file): the tree holds what
 * came before it, and the rest, not parsed, is not checked. The whole file when
 * the key is not there or holds more. */
bool ydoc_load_file_until(struct ydoc *doc, const char *path, const struct ylimits *lim,
                          const char *key, struct diag_list *dl);
/* After ydoc_load_file_until: the rest of the file parsed onto the same tree,
 * which is then what ydoc_load_file would have read (the same tree, the same
 * diagnostics). At once true when the file was read whole already, false when
 * it could not be read. On false, the reasons are in the document's list and
 * doc->root is NULL. */
bool ydoc_load_rest(struct ydoc *doc);
/* ydoc_load_file_until (the whole file when key is NULL) building the tree in
 * the pool's blocks as far as they go, and new ones beyond; ydoc_free puts
 * them all in the pool. */
bool ydoc_load_file_pooled(struct ydoc *doc, const char *path, const struct ylimits *lim,
                           const char *key, struct ypool *pool, struct diag_list *dl);

/* Report a problem at a node. Its value is false, so handlers can `return
 * yerror(...)`. yreport formats and records the message and returns false;
 * clang's static analyzer does not follow a variadic call, so yerror passes
 * that through yfalse, which it does see into: it then knows the value is
 * false, and that what such a handler leaves unset on that path is never read. */
bool yreport(struct ydoc *doc, const struct ynode *at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static inline bool
yfalse(bool reported)
{
	(void)reported;
	return false;
}
#define yerror(doc, at, ...) yfalse(yreport((doc), (at), __VA_ARGS__))

/* The value of `key` in a mapping, or NULL. */
const struct ynode *ymap_find(const struct ynode *map, const char *key);
/* The key node of `key` in a mapping, or NULL (for positions). */
const struct ynode *ymap_find_key(const struct ynode *map, const char *key);

/* Typed reading. Each returns false after reporting what was expected. */
bool yis_mapping(struct ydoc *doc, const struct ynode *n, const char *what);
bool yis_sequence(struct ydoc *doc, const struct ynode *n, const char *what);
bool ystring(struct ydoc *doc, const struct ynode *n, const char **out);
bool yint(struct ydoc *doc, const struct ynode *n, long min, long max, long *out);
bool ybool(struct ydoc *doc, const struct ynode *n, bool *out);
bool yenum(struct ydoc *doc, const struct ynode *n, const char *const *names, size_t count,
           const char *what, int *out);
/* An id: lower-case snake_case (letters, digits, '_' and '-'), 1 to 64 characters. */
bool yid(struct ydoc *doc, const struct ynode *n, const char **out);

/* ---- field tables ----------------------------------------------------------
 *
 * A mapping is read against a table: one row per key it may hold, saying the
 * value's type and where in the struct being read it goes (an offset), or which
 * function reads it when a value needs more than storing. */

enum yfield_type {
	YF_CUSTOM,  /* the row's read function reads it (no function: read elsewhere) */
	YF_COMMENT, /* text for people; checked to be text, not kept */
	YF_TEXT,    /* char *: a copy of the text, replacing what was there */
	YF_ID,      /* char *: a copy of an id (see yid), replacing what was there */
	YF_INT,     /* int, from min to max */
	YF_LONG,    /* long, from min to max */
	YF_BOOL,    /* bool */
	YF_ENUM,    /* an int-sized enum: the index of the value in names[] */
};

struct yfield;
struct ytable;

/* What a value looks like, said for the schema of a format (`hexaid schema`,
 * yschema_write): a typed row's type says it itself; a row read by a function
 * names its shape, so the schema is written from the very tables the readers
 * read with. */
enum yshape_kind {
	YS_ANY,     /* any value */
	YS_TEXT,    /* text: any scalar */
	YS_NULL,    /* nothing: `key:` alone */
	YS_ID,      /* an id (see yid) */
	YS_INT,     /* a whole number, min to max */
	YS_BOOL,    /* true or false */
	YS_TRUE,    /* the word true */
	YS_POINTS,  /* movement points: 2, 1/2, 1.5 */
	YS_RANGE,   /* a number, A-B or N+ */
	YS_CHAR,    /* one printable ASCII character */
	YS_ENUM,    /* one of names[] */
	YS_TABLE,   /* a mapping read against table */
	YS_MAP,     /* a mapping of ids (or the keys names[] gives, when it does) to item */
	YS_LIST,    /* a list of item */
};

struct yshape {
	enum yshape_kind kind;
	const struct yshape *item;        /* YS_MAP, YS_LIST */
	const struct ytable *table;       /* YS_TABLE */
	const char *const *names;         /* YS_ENUM: the words; YS_MAP: the keys */
	size_t nnames;
	long min, max;                    /* YS_INT */
	const struct yshape *or;          /* the value may be this instead */
	const char *pattern;              /* YS_MAP: what its other keys look like */
};

/* The shapes most rows share. */
extern const struct yshape ys_any, ys_null, ys_text, ys_id, ys_ids, ys_id_or_ids, ys_bool, ys_true,
	ys_points, ys_range, ys_range_or_list, ys_char, ys_text_or_list;

/* What a row's read function is given beside the value. */
struct yread {
	const struct yfield *field; /* the row (its arg says which of a family) */
	const struct ynode *key;    /* the key, for messages about it */
	void *obj;                  /* the struct the rows' offsets are in */
	void *ctx;                  /* what the table's read functions share; may be NULL */
};

typedef bool yread_fn(struct ydoc *doc, const struct ynode *value, const struct yread *r);

/* One key a mapping may hold. Keys are read pass by pass (0 first), each pass in
 * the order the file gives them, so a key whose reading needs another's value
 * goes in a later pass. Write rows with the macros below: { "key", AS_TEXT(struct
 * terrain, name), .required = true }. */
struct yfield {
	const char *key;
	enum yfield_type type;
	size_t offset;              /* of the value in the struct read (typed rows) */
	bool required;
	int pass;
	long min, max;              /* YF_INT, YF_LONG */
	const char *const *names;   /* YF_ENUM: the values, nnames of them, */
	size_t nnames;
	const char *what;           /* called this in messages */
	yread_fn *read;             /* YF_CUSTOM */
	int arg;                    /* for read: which of a family of keys this is */
	const char *help;           /* what the key means, in a line (the schema's) */
	const struct yshape *shape; /* YF_CUSTOM: what the function reads */
};

/* The offset of member m of struct type st, which must have type t: a member of
 * another type is an error (incompatible pointers) where the table is written. */
#define YF_OFFSET(st, m, t) (offsetof(st, m) + 0 * sizeof((t *){ 0 } = &((st *)0)->m))
/* ... and for an enum member, which must be the size of an int. */
#define YF_OFFSET_ENUM(st, m) \
	(offsetof(st, m) + 0 * sizeof(char[sizeof(((st *)0)->m) == sizeof(int) ? 1 : -1]))

#define AS_COMMENT .type = YF_COMMENT
#define AS_TEXT(st, m) .type = YF_TEXT, .offset = YF_OFFSET(st, m, char *)
#define AS_ID(st, m) .type = YF_ID, .offset = YF_OFFSET(st, m, char *)
#define AS_INT(st, m, lo, hi) \
	.type = YF_INT, .offset = YF_OFFSET(st, m, int), .min = (lo), .max = (hi)
#define AS_LONG(st, m, lo, hi) \
	.type = YF_LONG, .offset = YF_OFFSET(st, m, long), .min = (lo), .max = (hi)
#define AS_BOOL(st, m) .type = YF_BOOL, .offset = YF_OFFSET(st, m, bool)
#define AS_ENUM(st, m, names_, n, what_) \
	.type = YF_ENUM, .offset = YF_OFFSET_ENUM(st, m), .names = (names_), .nnames = (n), \
	.what = (what_)
#define READ_BY(fn) .type = YF_CUSTOM, .read = (fn)

/* How a table reports a key it has no row for. */
enum yunknown {
	YUNKNOWN_NEAREST_OR_ALL, /* "did you mean 'x'?", else "known keys are a, b or c" */
	YUNKNOWN_NEAREST,        /* "did you mean 'x'?", else nothing more */
	YUNKNOWN_ALL,            /* always "known keys are a, b and c" */
};

struct ytable {
	const char *what;           /* the mapping in messages: "rule card", "terrain entry" */
	const struct yfield *fields;
	size_t nfields;
	enum yunknown unknown;
};

#define YTABLE(what_, rows) { (what_), (rows), sizeof(rows) / sizeof((rows)[0]), \
	                      YUNKNOWN_NEAREST_OR_ALL }
#define YTABLE_UNKNOWN(what_, rows, unknown_) \
	{ (what_), (rows), sizeof(rows) / sizeof((rows)[0]), (unknown_) }

/* Read a mapping against a table: unknown keys are errors, reported as the table
 * says; each present key is read by its row, pass by pass; required keys that
 * are missing are errors at the mapping. Typed rows store into obj; read
 * functions get obj and ctx. Returns false when anything was reported. A table
 * is indexed by its keys the first time a document is read with it, and that
 * index kept with the document: a table's rows do not change (tables are
 * static const). */
bool ymap_read(struct ydoc *doc, const struct ynode *map, const struct ytable *table,
               void *obj, void *ctx);

/* A JSON Schema (draft 2020-12) of the documents read against `top`, written
 * from its rows and the tables their shapes name: every key, its type, its
 * choices, the keys required, and each key's help. */
void yschema_write(FILE *out, const struct ytable *top, const char *id, const char *title);

/* `schema: N`, 1 to 1000, and at most `newest` (the schema this hexaid reads). */
bool yschema(struct ydoc *doc, const struct ynode *n, long newest, long *out);

#endif
