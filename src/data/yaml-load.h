/* yaml-load.h: hexaid's reading of YAML files (data layer).
 *
 * A file is read whole, checked against limits, parsed with libyaml's event API
 * into a small tree of ynodes that remember where they stood (line and column),
 * and then read by schema code through the accessors below, which report every
 * problem as a diagnostic at the node's position. No other file includes
 * <yaml.h>. */
#ifndef HEXAID_YAML_LOAD_H
#define HEXAID_YAML_LOAD_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"

enum ynode_kind { YNODE_SCALAR, YNODE_SEQUENCE, YNODE_MAPPING };

struct ynode {
	enum ynode_kind kind;
	int line, col;          /* 1-based position of the node's first character */
	char *text;             /* scalar: its value, NUL-terminated */
	size_t len;             /* scalar: its length in bytes */
	bool plain;             /* scalar: written without quotes */
	struct ynode **keys;    /* mapping: the key of each item (scalars) */
	struct ynode **items;   /* sequence items, or mapping values */
	size_t count, cap;
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
extern const struct ylimits ylimits_save;

struct ydoc {
	char *name;             /* the path as the user gave it */
	char *text;             /* the file's bytes, NUL-terminated, for quoting */
	size_t len;
	struct ynode *root;     /* NULL when nothing could be read */
	struct diag_list *diags;
};

/* Read and parse a file or a buffer. On false, the reasons are in dl and
 * doc->root is NULL. Either way, call ydoc_free. */
bool ydoc_load_file(struct ydoc *doc, const char *path, const struct ylimits *lim,
                    struct diag_list *dl);
bool ydoc_load_string(struct ydoc *doc, const char *name, const char *text, size_t len,
                      const struct ylimits *lim, struct diag_list *dl);
void ydoc_free(struct ydoc *doc);
struct diag_source ydoc_source(const struct ydoc *doc);

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
void ynote(struct ydoc *doc, const struct ynode *at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

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

/* One key a mapping may hold, and what reads its value. */
struct yfield {
	const char *key;
	bool required;
	bool (*read)(struct ydoc *doc, const struct ynode *value, void *obj);
};

/* Read a mapping against a table of fields: unknown keys are errors that name the
 * nearest known key, required keys that are missing are errors at the mapping,
 * and each present key's reader runs in the order the file gives. `what` names
 * the mapping in messages ("rule card", "terrain entry"). Returns false when
 * anything was reported. */
bool ymap_read(struct ydoc *doc, const struct ynode *map, const struct yfield *fields,
               size_t nfields, const char *what, void *obj);

#endif
