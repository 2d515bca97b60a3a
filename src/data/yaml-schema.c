/* yaml-schema.c: a JSON Schema of a file format, written from the field tables
 * its readers read with (data layer): each table a definition, each row a
 * property with its type (a typed row's, or the shape a read function names),
 * its choices and its help; a table's required rows its required keys. Since
 * the readers and the schema share the tables, the schema cannot name a key the
 * readers refuse, nor miss one they read.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "yaml-load.h"

const struct yshape ys_any = { .kind = YS_ANY };
const struct yshape ys_null = { .kind = YS_NULL };
const struct yshape ys_text = { .kind = YS_TEXT };
const struct yshape ys_id = { .kind = YS_ID };
const struct yshape ys_ids = { .kind = YS_LIST, .item = &ys_id };
const struct yshape ys_id_or_ids = { .kind = YS_ID, .or = &ys_ids };
const struct yshape ys_bool = { .kind = YS_BOOL };
const struct yshape ys_true = { .kind = YS_TRUE };
const struct yshape ys_points = { .kind = YS_POINTS };
const struct yshape ys_range = { .kind = YS_RANGE };
static const struct yshape ranges = { .kind = YS_LIST, .item = &ys_range };
const struct yshape ys_range_or_list = { .kind = YS_RANGE, .or = &ranges };
const struct yshape ys_char = { .kind = YS_CHAR };
static const struct yshape texts = { .kind = YS_LIST, .item = &ys_text };
const struct yshape ys_text_or_list = { .kind = YS_TEXT, .or = &texts };

#define MAX_DEFS 64

/* The tables met, each a definition of the schema. */
struct defs {
	const struct ytable *table[MAX_DEFS];
	size_t n;
};

static void shape_tables(struct defs *d, const struct yshape *s);

static void
table_tables(struct defs *d, const struct ytable *t)
{
	for (size_t i = 0; i < d->n; i++)
		if (d->table[i] == t)
			return;
	if (d->n == MAX_DEFS)
		return;
	d->table[d->n++] = t;
	for (size_t r = 0; r < t->nfields; r++)
		if (t->fields[r].shape != NULL)
			shape_tables(d, t->fields[r].shape);
}

static void
shape_tables(struct defs *d, const struct yshape *s)
{
	for (; s != NULL; s = s->or) {
		if (s->table != NULL)
			table_tables(d, s->table);
		if (s->item != NULL)
			shape_tables(d, s->item);
	}
}

static void
json_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s != '\0'; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(out, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(out, "\\u%04x", (unsigned)(unsigned char)*s);
		else
			fputc(*s, out);
	}
	fputc('"', out);
}

/* A definition's name: the table's `what`, letters, digits and '_'. */
static void
def_name(FILE *out, const struct ytable *t)
{
	fputc('"', out);
	for (const char *p = t->what; *p != '\0'; p++)
		fputc((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ? *p : '_', out);
	fputc('"', out);
}

static void
names(FILE *out, const char *const *list, size_t n)
{
	fputc('[', out);
	for (size_t i = 0; i < n; i++) {
		fputs(i > 0 ? ", " : "", out);
		json_string(out, list[i]);
	}
	fputc(']', out);
}

static void write_shape(FILE *out, const struct yshape *s);

/* One shape, without its alternatives. */
static void
write_one(FILE *out, const struct yshape *s)
{
	switch (s->kind) {
	case YS_ANY:
		fputs("{}", out);
		break;
	case YS_TEXT:
		fputs("{\"type\": [\"string\", \"number\", \"boolean\", \"null\"]}", out);
		break;
	case YS_ID:
		fputs("{\"type\": [\"string\", \"integer\"], \"pattern\": \"^[a-z0-9_-]{1,64}$\"}", out);
		break;
	case YS_INT:
		fprintf(out, "{\"type\": \"integer\", \"minimum\": %ld, \"maximum\": %ld}", s->min,
		        s->max);
		break;
	case YS_NULL:
		fputs("{\"type\": \"null\"}", out);
		break;
	case YS_BOOL:
		fputs("{\"type\": \"boolean\"}", out);
		break;
	case YS_TRUE:
		fputs("{\"const\": true}", out);
		break;
	case YS_POINTS:
		fputs("{\"anyOf\": [{\"type\": \"number\", \"minimum\": 0, \"maximum\": 99}, "
		      "{\"type\": \"string\", \"pattern\": \"^\\\\+?([0-9]+(\\\\.5| 1/2)?|1/2)$\"}]}",
		      out);
		break;
	case YS_RANGE:
		fputs("{\"anyOf\": [{\"type\": \"integer\", \"minimum\": 0, \"maximum\": 10000}, "
		      "{\"type\": \"string\", \"pattern\": \"^[0-9]+(-[0-9]+|\\\\+)?$\"}]}", out);
		break;
	case YS_CHAR:
		fputs("{\"type\": [\"string\", \"integer\"], \"pattern\": \"^[!-~]$\", "
		      "\"maximum\": 9, \"minimum\": 0}", out);
		break;
	case YS_ENUM:
		fputs("{\"enum\": ", out);
		names(out, s->names, s->nnames);
		fputc('}', out);
		break;
	case YS_TABLE:
		fputs("{\"$ref\": \"#/$defs/", out);
		for (const char *p = s->table->what; *p != '\0'; p++)
			fputc((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ? *p : '_', out);
		fputs("\"}", out);
		break;
	case YS_MAP:
		fputs("{\"type\": \"object\", ", out);
		if (s->names != NULL) {
			fputs("\"propertyNames\": {\"enum\": ", out);
			names(out, s->names, s->nnames);
			fputs("}, ", out);
		} else {
			fprintf(out, "\"propertyNames\": {\"pattern\": \"%s\"}, ",
			        s->pattern != NULL ? s->pattern : "^[a-z0-9_-]{1,64}$");
		}
		fputs("\"additionalProperties\": ", out);
		write_shape(out, s->item);
		fputc('}', out);
		break;
	case YS_LIST:
		fputs("{\"type\": \"array\", \"items\": ", out);
		write_shape(out, s->item);
		fputc('}', out);
		break;
	}
}

static void
write_shape(FILE *out, const struct yshape *s)
{
	if (s->or == NULL) {
		write_one(out, s);
		return;
	}
	fputs("{\"anyOf\": [", out);
	for (const struct yshape *o = s; o != NULL; o = o->or) {
		write_one(out, o);
		fputs(o->or != NULL ? ", " : "", out);
	}
	fputs("]}", out);
}

/* A typed row's value, as a shape. */
static struct yshape
row_shape(const struct yfield *f)
{
	switch (f->type) {
	case YF_ID:
		return ys_id;
	case YF_INT:
	case YF_LONG:
		return (struct yshape){ .kind = YS_INT, .min = f->min, .max = f->max };
	case YF_BOOL:
		return ys_bool;
	case YF_ENUM:
		return (struct yshape){ .kind = YS_ENUM, .names = f->names, .nnames = f->nnames };
	case YF_CUSTOM:
		return f->shape != NULL ? *f->shape : ys_any;
	case YF_COMMENT:
	case YF_TEXT:
	default:
		return ys_text;
	}
}

static void
write_table(FILE *out, const struct ytable *t)
{
	bool any = false;

	fputs("{\"type\": \"object\", \"additionalProperties\": false,\n      \"properties\": {", out);
	for (size_t r = 0; r < t->nfields; r++) {
		const struct yfield *f = &t->fields[r];
		struct yshape s = row_shape(f);
		bool twice = false;

		for (size_t k = 0; k < r; k++) /* same text: a key two rows share */
			twice |= strcmp(t->fields[k].key, f->key) == 0;
		if (twice)
			continue;
		fputs(r > 0 ? ",\n        " : "\n        ", out);
		json_string(out, f->key);
		fputs(": {\"description\": ", out);
		json_string(out, f->help != NULL ? f->help : "");
		fputs(", \"allOf\": [", out);
		write_shape(out, &s);
		fputs("]}", out);
	}
	fputs("}", out);
	for (size_t r = 0; r < t->nfields; r++) {
		if (!t->fields[r].required)
			continue;
		fputs(any ? ", " : ",\n      \"required\": [", out);
		json_string(out, t->fields[r].key);
		any = true;
	}
	fputs(any ? "]}" : "}", out);
}

void
yschema_write(FILE *out, const struct ytable *top, const char *id, const char *title)
{
	struct defs d = { { NULL }, 0 };
	const struct yshape root = { .kind = YS_TABLE, .table = top };

	table_tables(&d, top);
	fputs("{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",\n  \"$id\": ",
	      out);
	json_string(out, id);
	fputs(",\n  \"title\": ", out);
	json_string(out, title);
	fputs(",\n  \"allOf\": [", out);
	write_shape(out, &root);
	fputs("],\n  \"$defs\": {", out);
	for (size_t i = 0; i < d.n; i++) {
		fputs(i > 0 ? ",\n    " : "\n    ", out);
		def_name(out, d.table[i]);
		fputs(": ", out);
		write_table(out, d.table[i]);
	}
	fputs("\n  }\n}\n", out);
}
