/* roundtrip.c: the round trip of issue 18 (what hexaid accepts is what it reads
 * back), shared by fuzz-roundtrip.c and tests/test-roundtrip.c. Each line of the
 * input runs on a demo game as a player's command; the journal the session
 * would write and the save it would write are then read back, in memory, and
 * must give the same game: the same commands in force and taken back, the same
 * log, the same map and state. Apart from the game, a save's three lists of any
 * items a save can hold read back as they were, in both of the forms a list
 * takes (a literal block, quoted lines).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "command.h"
#include "fuzz.h"
#include "journal.h"
#include "load.h"
#include "render.h"
#include "save.h"
#include "savefile.h"
#include "xmalloc.h"

#define MAX_LINES 200

/* Would this line run `save`? (No harness writes a file.) Its first word, with
 * or without quotes, begins the name. */
static bool
saves(const char *line)
{
	size_t n;

	while (*line == ' ')
		line++;
	if (*line == '"')
		line++;
	n = strcspn(line, " \"");
	return n > 0 && n <= 4 && strncmp(line, "save", n) == 0;
}

char *
fuzz_game_picture(struct game *g)
{
	struct command_result res;
	struct strbuf s = { NULL, 0, 0 };
	char *map = render_map(g, HEXDRAW_COMPACT, true);
	const struct strlist *lists[] = { &g->done, &g->undone, &g->log };

	for (size_t l = 0; l < 3; l++) {
		strbuf_addf(&s, "--- list %zu\n", l);
		for (size_t i = 0; i < lists[l]->count; i++)
			strbuf_addf(&s, "%s\n", lists[l]->items[i]);
	}
	strbuf_addf(&s, "--- map\n%s--- state\n", map);
	free(map);
	command_run(g, "show state", &res);
	for (size_t i = 0; i < res.lines.count; i++)
		strbuf_addf(&s, "%s\n", res.lines.items[i]);
	command_result_free(&res);
	return s.text;
}

static char *
differs(const char *what, const char *want, const char *got)
{
	return xasprintf("%s differs:\n--- played\n%s\n--- read back\n%s", what, want, got);
}

/* The journal, read back and replayed onto a new game of the same demo. */
static char *
via_journal(const char *demo, const struct strlist *journaled, const char *want)
{
	char *base = xasprintf("crc=00000000 scenario=%s", demo), *text = journal_text(base, journaled);
	struct journal_contents jc;
	char *err = NULL, *got, *why = NULL;
	struct game g;
	size_t bad = 0;

	free(base);
	if (!journal_parse(text, strlen(text), "roundtrip.journal", &jc, &err)) {
		free(text);
		return err;
	}
	free(text);
	fuzz_demo_game(&g, demo, strlen(demo));
	if (jc.lines.count != journaled->count || jc.dropped != 0)
		why = xasprintf("the journal reads back %zu of %zu lines", jc.lines.count, journaled->count);
	else if (!command_replay(&g, &jc.lines, &bad))
		why = xasprintf("journal line %zu no longer applies: %s", bad + 1, jc.lines.items[bad]);
	if (why == NULL) {
		got = fuzz_game_picture(&g);
		if (strcmp(got, want) != 0)
			why = differs("the game replayed from its journal", want, got);
		free(got);
	}
	game_free(&g);
	journal_contents_free(&jc);
	return why;
}

/* The save, read back: the same game, and the same bytes saved again. */
static char *
via_save(struct game *played, const char *want)
{
	char *text = save_text(played), *again, *got, *why = NULL;
	struct cardpath cp;
	struct diag_list dl;
	struct game g;

	fuzz_cardpath(&cp);
	diag_list_init(&dl, DIAG_MAX_ERRORS);
	if (!save_load_text(&g, "roundtrip.sav", text, strlen(text), &cp, &dl)) {
		char *msgs = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&msgs, &len);
		diag_print(&dl, f);
		fclose(f);
		why = xasprintf("the save does not load:\n%s", msgs);
		free(msgs);
	} else {
		got = fuzz_game_picture(&g);
		again = save_text(&g);
		if (strcmp(got, want) != 0)
			why = differs("the game loaded from its save", want, got);
		else if (strcmp(again, text) != 0)
			why = differs("the save saved again", text, again);
		free(got);
		free(again);
		game_free(&g);
	}
	diag_list_free(&dl);
	cardpath_free(&cp);
	free(text);
	return why;
}

/* ---- a save's lists, of any items ------------------------------------------ */

bool
fuzz_save_holds(const char *item)
{
	const unsigned char *p = (const unsigned char *)item;
	size_t len = strlen(item);

	for (size_t i = 0; i < len;) {
		size_t n = str_utf8_sequence(p + i, len - i);
		if (n == 0 || (p[i] < 0x20 && p[i] != '\t' && p[i] != '\n') || p[i] == 0x7f ||
		    (p[i] == 0xc2 && p[i + 1] < 0xa0))
			return false;
		i += n;
	}
	return true;
}

static const char *const list_keys[3] = { "commands", "undone", "log" };

/* Is list l of the save text written as the rule says: [] when empty, a
 * literal block when every item can stand in one, else quoted lines? */
static char *
wrong_form(const char *text, size_t l, const struct strlist *items)
{
	bool block = true;
	char *want, *why = NULL;

	for (size_t i = 0; i < items->count; i++)
		block = block && save_item_in_block(items->items[i]);
	want = xasprintf("\n%s%s\n", list_keys[l],
	                 items->count == 0 ? ": []" : block ? ": |2+" : ":");
	if (strstr(text, want) == NULL)
		why = xasprintf("the save does not write its %s as%s", list_keys[l], want);
	free(want);
	return why;
}

static char *
same_list(const char *key, const struct strlist *want, const struct strlist *got)
{
	if (got->count != want->count)
		return xasprintf("%s: %zu items saved, %zu read back", key, want->count, got->count);
	for (size_t i = 0; i < want->count; i++)
		if (strcmp(want->items[i], got->items[i]) != 0)
			return xasprintf("%s: item %zu saved as '%s', read back as '%s'", key, i + 1,
			                 want->items[i], got->items[i]);
	return NULL;
}

char *
fuzz_save_lists(const struct strlist lists[3])
{
	struct strlist *mine[3];
	struct savefile sf;
	struct cardpath cp;
	struct diag_list dl;
	struct game g;
	char *text, *why = NULL;
	size_t size;

	fuzz_demo_game(&g, "", 0);
	mine[0] = &g.done;
	mine[1] = &g.undone;
	mine[2] = &g.log;
	for (size_t l = 0; l < 3; l++) {
		strlist_free(mine[l]);
		for (size_t i = 0; i < lists[l].count; i++)
			strlist_add(mine[l], lists[l].items[i]);
	}
	text = save_text(&g);
	size = save_text_size(&g);
	if (size != strlen(text))
		why = xasprintf("save_text_size says %zu bytes, the save has %zu", size, strlen(text));
	for (size_t l = 0; l < 3 && why == NULL; l++)
		why = wrong_form(text, l, mine[l]);
	fuzz_cardpath(&cp);
	diag_list_init(&dl, DIAG_MAX_ERRORS);
	if (why == NULL && !savefile_read_text(&sf, "lists.sav", text, strlen(text), &cp, &dl)) {
		char *msgs = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&msgs, &len);
		diag_print(&dl, f);
		fclose(f);
		why = xasprintf("the save does not read back:\n%s", msgs);
		free(msgs);
	} else if (why == NULL) {
		const struct strlist *got[3] = { &sf.commands, &sf.undone, &sf.log };
		for (size_t l = 0; l < 3 && why == NULL; l++)
			why = same_list(list_keys[l], mine[l], got[l]);
		savefile_free(&sf);
	}
	if (why != NULL) {
		char *all = xasprintf("%s\n--- the save:\n%s", why, text);
		free(why);
		why = all;
	}
	diag_list_free(&dl);
	cardpath_free(&cp);
	free(text);
	game_free(&g);
	return why;
}

char *
fuzz_save_lists_of(const uint8_t *data, size_t size)
{
	struct strlist lists[3] = { { 0 }, { 0 }, { 0 } };
	const char *p = (const char *)data, *end = p + size;
	char *why;

	/* items part at NUL bytes; an item's first byte picks its list */
	while (p < end) {
		const char *nul = memchr(p, '\0', (size_t)(end - p));
		size_t n = nul ? (size_t)(nul - p) : (size_t)(end - p);
		if (n > 0) {
			char *item = xstrndup(p + 1, n - 1);
			if (fuzz_save_holds(item))
				strlist_add(&lists[(unsigned char)*p % 3], item);
			free(item);
		}
		p += n + 1;
	}
	why = fuzz_save_lists(lists);
	for (size_t l = 0; l < 3; l++)
		strlist_free(&lists[l]);
	return why;
}

/* ---- commands played and read back ---------------------------------------- */

char *
fuzz_roundtrip(const uint8_t *data, size_t size)
{
	char *text = xmalloc(size + 1), *line = text, *nl, *want, *why;
	char *demo = fuzz_demo_path((const char *)data, size > 64 ? 64 : size);
	struct strlist journaled = { 0 };
	struct game g;
	int lines = 0;

	memcpy(text, data, size);
	text[size] = '\0';
	fuzz_demo_game(&g, demo, strlen(demo));
	/* a line ends at a newline; a NUL ends it too, as it would a C string */
	for (; line != NULL && line < text + size && lines < MAX_LINES; line = nl ? nl + 1 : NULL) {
		struct command_result res;

		nl = memchr(line, '\n', (size_t)(text + size - line));
		if (nl != NULL)
			*nl = '\0';
		lines++;
		if (saves(line))
			continue;
		if (command_run(&g, line, &res) && res.kind != COMMAND_QUERY)
			strlist_add(&journaled, command_record_line(&g, &res));
		command_result_free(&res);
	}
	want = fuzz_game_picture(&g);
	why = via_journal(demo, &journaled, want);
	if (why == NULL)
		why = via_save(&g, want);
	free(want);
	game_free(&g);
	strlist_free(&journaled);
	free(demo);
	free(text);
	return why;
}
