/* test-roundtrip.c: what hexaid accepts is what it reads back (issue 18, item
 * 1). Random command lines, drawn from the commands of play with words of every
 * byte value, spaces, quotes and #, run on the Tricorne demo; the journal and the
 * save they make read back to the same game: in memory for many games
 * (fuzz/roundtrip.c, the round trip the fuzz harness fuzzes), and through real
 * files, a session's journal and save_write, for some. A save's lists, of items
 * at the edges of both forms a list takes (a literal block, quoted lines), read
 * back as they were.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <unistd.h>

#include "testutil.h"

#include "checkpoint.h"
#include "command.h"
#include "fuzz.h"
#include "journal.h"
#include "load.h"
#include "recover.h"
#include "save.h"
#include "session.h"
#include "xmalloc.h"
#include "yaml-load.h"

/* A small generator of its own, so that the lines repeat from one run to the
 * next (xorshift64*). */
static uint64_t
next(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ULL;
}

static unsigned
pick(uint64_t *s, unsigned n)
{
	return (unsigned)(next(s) % n);
}

/* Characters at the edges of what a YAML scalar holds as itself: no-break
 * space, the line and paragraph separators, the byte-order mark, the last
 * characters before the surrogates and the end of the plane, U+FFFE and U+FFFF
 * (which only escapes carry), and the last code point. */
static const char *const edge_chars[] = {
	"\xc2\xa0", "\xe2\x80\xa8", "\xe2\x80\xa9", "\xef\xbb\xbf", "\xed\x9f\xbf",
	"\xee\x80\x80", "\xef\xbf\xbd", "\xef\xbf\xbe", "\xef\xbf\xbf", "\xf4\x8f\xbf\xbf",
};

#define N_EDGE_CHARS (sizeof edge_chars / sizeof edge_chars[0])

/* A word: of plain letters and digits mostly, or any byte but newline, or the
 * characters of quoting, or now and then a character at the edge of YAML's;
 * quoted by command_word, by hand (right or wrong), or not at all. */
static void
add_word(struct strbuf *line, uint64_t *s)
{
	static const char quoting[] = "\"#  \"\"#\\";
	char w[64];
	size_t n = 1 + pick(s, 12), len = 0;
	unsigned kind = pick(s, 5);

	for (size_t i = 0; i < n; i++) {
		int c = kind == 0 ? "abcdefgh0123456789"[pick(s, 18)]
		        : kind == 1 ? 1 + (int)pick(s, 255)
		        : kind == 2 ? quoting[pick(s, sizeof quoting - 1)]
		        : kind == 3 ? (pick(s, 3) == 0 ? "\xc3\xa9\xe2\x82\xac"[pick(s, 5)] : 'a' + (int)pick(s, 26))
		                    : -1;
		const char *edge = edge_chars[pick(s, N_EDGE_CHARS)];
		if (c >= 0)
			w[len++] = (char)(c == '\n' ? ' ' : c);
		else if (pick(s, 2) == 0)
			w[len++] = 'x';
		else
			len += (size_t)snprintf(w + len, sizeof w - len, "%s", edge);
	}
	w[len] = '\0';
	switch (pick(s, 3)) {
	case 0: {
		char *q = command_word(w);
		strbuf_addf(line, " %s", q);
		free(q);
		break;
	}
	case 1:
		strbuf_addf(line, " \"%s\"", w);
		break;
	default:
		strbuf_addf(line, " %s", w);
	}
}

/* One line: a command of play that may work, or one of words anyhow. */
static char *
random_line(uint64_t *s)
{
	static const char *const starts[] = {
		"note", "note", "note", "unit add", "unit set", "unit remove", "terrain",
		"token add", "token remove", "level", "move", "hit", "phase next", "turn end",
		"undo", "undo", "redo", "  undo", "help", "show state", "select", "",
	};
	static const char *const units[] = { "B1", "B2", "C1", "C4", "X1", "Z9" };
	static const char *const terrain[] = { "clear", "forest", "hill", "building", "road" };
	struct strbuf line = { NULL, 0, 0 };
	const char *start = starts[pick(s, sizeof starts / sizeof starts[0])];

	strbuf_addf(&line, "%s", start);
	if (strcmp(start, "unit add") == 0)
		strbuf_addf(&line, " %s british infantry %02u%02u", units[pick(s, 6)], 1 + pick(s, 13),
		            1 + pick(s, 9));
	else if (strcmp(start, "move") == 0 || strcmp(start, "hit") == 0)
		strbuf_addf(&line, " %s %02u%02u", units[pick(s, 6)], 1 + pick(s, 13), 1 + pick(s, 9));
	else if (strcmp(start, "terrain") == 0 || strcmp(start, "token add") == 0)
		strbuf_addf(&line, " %02u%02u %s", 1 + pick(s, 13), 1 + pick(s, 9), terrain[pick(s, 5)]);
	for (unsigned i = 0, n = pick(s, 4); i < n; i++)
		add_word(&line, s);
	return line.text;
}

static char *
random_script(uint64_t *s, size_t lines)
{
	struct strbuf text = { NULL, 0, 0 };

	strbuf_addf(&text, "%s", "");
	for (size_t i = 0; i < lines; i++) {
		char *l = random_line(s);
		strbuf_addf(&text, "%s\n", l);
		free(l);
	}
	return text.text;
}

/* Many games in memory: journal and save read back to the game played. */
static void
test_random_lines_in_memory(void **state)
{
	uint64_t s = 0x5eed18;

	(void)state;
	for (int game = 0; game < 300; game++) {
		char *text = random_script(&s, 40), *why = fuzz_roundtrip((const uint8_t *)text, strlen(text));
		if (why != NULL)
			fail_msg("game %d:\n%s\n--- its lines:\n%s", game, why, text);
		free(text);
	}
}

/* Every byte value, alone and in quotes, as a note: accepted or refused, never
 * accepted and then read back otherwise. */
static void
test_every_byte(void **state)
{
	(void)state;
	for (int c = 1; c < 256; c++) {
		char text[64];
		int n = snprintf(text, sizeof text, "note a%cb\nnote \"%c\"\nnote \"x%c%c\"\n", c, c, c, c);
		char *why = fuzz_roundtrip((const uint8_t *)text, (size_t)n);
		if (why != NULL)
			fail_msg("byte 0x%02x: %s", c, why);
	}
}

/* Each character at the edge, in a note: saved (its log then in quoted lines),
 * read back as it was. */
static void
test_edge_chars(void **state)
{
	(void)state;
	for (size_t c = 0; c < N_EDGE_CHARS; c++) {
		char *text = xasprintf("note a %s b\nnote \"%s\"\nnote x%s\n", edge_chars[c],
		                       edge_chars[c], edge_chars[c]);
		char *why = fuzz_roundtrip((const uint8_t *)text, strlen(text));
		if (why != NULL)
			fail_msg("character %zu: %s", c, why);
		free(text);
	}
}

/* ---- a save's lists --------------------------------------------------------- */

static void
expect_lists(struct strlist lists[3], const char *what)
{
	char *why = fuzz_save_lists(lists);

	if (why != NULL)
		fail_msg("%s: %s", what, why);
	for (size_t l = 0; l < 3; l++)
		strlist_free(&lists[l]);
}

/* Items at the edge of a literal block: they stand in one, and read back. */
static const char *const block_items[] = {
	"", " ", "  lead", "trail  ", " both ", "\t", "\ttab", "tab\t", "a\tb", "#", "# c", "a #b",
	":", "a: b", "key:", "- x", "-", "|", "|2+", ">", "\"", "\"\"", "'", "\\", "\\n", "\\x0a",
	"---", "...", "%YAML 1.1", "&a", "*a", "!tag", "{", "}", "[", "]", ",", "?", "@", "`",
	"\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "\xc2\xa0", "\xed\x9f\xbf", "\xee\x80\x80",
	"\xef\xbf\xbd", "\xf4\x8f\xbf\xbf",
};

/* Items that cannot: they end a line, or only an escape carries them. */
static const char *const quoted_items[] = {
	"\n", "a\nb", "a\n", "\xe2\x80\xa8", "a\xe2\x80\xa9\x62", "\xef\xbb\xbf", "\xef\xbf\xbe",
	"\xef\xbf\xbf",
};

static void
add_all(struct strlist *l, const char *const *items, size_t n)
{
	for (size_t i = 0; i < n; i++)
		strlist_add(l, items[i]);
}

static void
test_list_items_at_the_edge(void **state)
{
	struct strlist lists[3] = { { 0 }, { 0 }, { 0 } };
	size_t nb = sizeof block_items / sizeof block_items[0];
	size_t nq = sizeof quoted_items / sizeof quoted_items[0];

	(void)state;
	for (size_t i = 0; i < nb; i++)
		assert_true(save_item_in_block(block_items[i]));
	for (size_t i = 0; i < nq; i++)
		assert_false(save_item_in_block(quoted_items[i]));
	/* every list a block, the last item empty; one empty item; several */
	add_all(&lists[0], block_items + 1, nb - 1);
	strlist_add(&lists[0], "");
	strlist_add(&lists[1], "");
	add_all(&lists[2], block_items, 1);
	add_all(&lists[2], block_items, 1);
	expect_lists(lists, "blocks");
	/* one item that cannot stand in a block: that list alone in quoted lines */
	for (size_t q = 0; q < nq; q++) {
		for (size_t l = 0; l < 3; l++)
			add_all(&lists[l], block_items, nb);
		strlist_add(&lists[q % 3], quoted_items[q]);
		strlist_add(&lists[q % 3], "");
		expect_lists(lists, quoted_items[q]);
	}
	/* empty lists */
	expect_lists(lists, "empty lists");
}

/* Every byte value where a save holds it, alone and between others, in either
 * form: in a block with the others, and with a newline after it (quoted). */
static void
test_list_every_byte(void **state)
{
	struct strlist lists[3] = { { 0 }, { 0 }, { 0 } };
	int held = 0;

	(void)state;
	for (int c = 1; c < 256; c++) {
		char alone[2] = { (char)c, '\0' }, between[4] = { 'a', (char)c, 'b', '\0' };
		char *broken = xasprintf("%c\n", c);
		if (!fuzz_save_holds(alone)) {
			free(broken);
			continue;
		}
		held++;
		strlist_add(&lists[0], alone);
		strlist_add(&lists[1], between);
		strlist_add(&lists[2], broken);
		free(broken);
	}
	/* tab, newline and the 95 from space to ~ */
	assert_int_equal(held, 97);
	expect_lists(lists, "every byte");
}

/* Whether an item can stand in a literal block, with the byte in question at
 * every place of items long and short (the check goes eight bytes at a time):
 * tab and printable ASCII can, other single bytes cannot; a character of two
 * bytes can, U+2028 (a line separator to YAML) cannot. */
static void
test_block_items_every_place(void **state)
{
	char item[24];

	(void)state;
	for (size_t len = 1; len < 20; len++) {
		for (size_t at = 0; at < len; at++) {
			for (int c = 1; c < 256; c++) {
				bool plain = c == '\t' || (c >= 0x20 && c < 0x7f);

				memset(item, 'x', len);
				item[len] = '\0';
				item[at] = (char)c;
				assert_int_equal(save_item_in_block(item), plain);
			}
			if (at + 3 > len)
				continue;
			memset(item, 'x', len);
			memcpy(item + at, "\xc3\xa9", 2);
			assert_true(save_item_in_block(item));
			memcpy(item + at, "\xe2\x80\xa8", 3);
			assert_false(save_item_in_block(item));
		}
	}
}

/* Random lists of random items made of the pieces at the edge: both forms come
 * up, and every list reads back. */
static void
test_random_lists(void **state)
{
	static const char *const pieces[] = {
		"a", "b c", " ", "\t", "#", ":", "\"", "'", "\\", "-", "|", "\xc3\xa9", "\xf0\x9f\x98\x80",
		"\xe2\x80\xa8", "\n", "\xef\xbb\xbf",
	};
	size_t np = sizeof pieces / sizeof pieces[0], blocks = 0, quoted = 0;
	uint64_t s = 0x11575;

	(void)state;
	for (int game = 0; game < 400; game++) {
		struct strlist lists[3] = { { 0 }, { 0 }, { 0 } };
		for (size_t l = 0; l < 3; l++) {
			size_t count = pick(&s, 6);
			bool block = true;
			for (size_t i = 0; i < count; i++) {
				struct strbuf item = { NULL, 0, 0 };
				strbuf_addf(&item, "%s", "");
				/* now and then a character that turns the list into quoted lines */
				for (size_t k = 0, n = pick(&s, 5); k < n; k++)
					strbuf_addf(&item, "%s", pieces[pick(&s, pick(&s, 8) == 0 ? np : np - 3)]);
				block = block && save_item_in_block(item.text);
				strlist_add(&lists[l], item.text);
				free(item.text);
			}
			blocks += count > 0 && block;
			quoted += count > 0 && !block;
		}
		expect_lists(lists, "random lists");
	}
	assert_true(blocks > 100 && quoted > 100);
}

/* The session's count of its save's size is the save's size, exactly, when a
 * list turns from a block into quoted lines, each of its items growing, and back:
 * a line that cannot stand in a block joins the log or the commands, or moves
 * between the commands and those undone (the count follows each change, it does
 * not measure the save: session.c). */
static void
test_record_bound_through_forms(void **state)
{
	static const char *const lines[] = {
		"note a\xe2\x80\xa8\x62", "undo", "redo", "undo", "note plain", "note c\xef\xbb\xbf",
		"undo", "note plain again", "redo", "undo", "undo", "undo", "undo", "redo",
		"note d\xe2\x80\xa8", "move nosuch 0000", "undo", "note last",
	};
	char dir[] = "/tmp/hexaid-bound.XXXXXX", *journal, *base, *err = NULL, *warning;
	struct command_result res;
	struct session ses;
	struct game g;

	(void)state;
	assert_non_null(mkdtemp(dir));
	journal = xasprintf("%s/j", dir);
	fuzz_demo_game(&g, "", 0);
	/* a record in blocks when the session measures it */
	for (int i = 0; i < 50; i++) {
		assert_true(command_run(&g, "note \"a line\" of the log", &res));
		command_result_free(&res);
	}
	base = session_base_of(&g);
	assert_true(session_start(&ses, &g, journal, base, NULL, &err, &warning));
	free(warning);
	assert_int_equal(ses.record_bytes, save_text_size(&ses.game));
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		session_run(&ses, lines[i], &res);
		command_result_free(&res);
		if (ses.record_bytes != save_text_size(&ses.game))
			fail_msg("after '%s': the count is %zu bytes, the save %zu", lines[i],
			         ses.record_bytes, save_text_size(&ses.game));
	}
	session_end(&ses);
	free(base);
	unlink(journal);
	free(journal);
	assert_int_equal(rmdir(dir), 0);
}

/* A change refused before it is made (session.c, record_cannot_fit) is one the
 * whole measure would refuse once made: every change taken by a session adds at
 * least save_change_least bytes of its name and a value to a game whose redo
 * list was empty, whatever its words, its form (block or quoted) or its log. */
static void
test_change_adds_at_least(void **state)
{
	static const char *const lines[] = {
		"phase next", "note x", "no y", "note \"\"", "note a\xe2\x80\xa8\x62", "phase next",
		"note plain", "turn end", "note c\xef\xbb\xbf", "note #x", "note z",
	};
	uint64_t seed = 0x1ea57;
	size_t checked = 0, quoted = 0;

	(void)state;
	for (int game = 0; game < 30; game++) {
		char *err = NULL, *warning = NULL;
		struct session ses;
		struct game g;

		fuzz_demo_game(&g, "", 0);
		assert_true(session_start(&ses, &g, NULL, NULL, NULL, &err, &warning));
		free(warning);
		for (size_t i = 0; i < 60; i++) {
			char *line = game < 2 ? xstrdup(lines[i % (sizeof lines / sizeof lines[0])])
			                      : random_line(&seed);
			size_t bytes = save_text_size(&ses.game), undone = ses.game.undone.count;
			size_t values = ses.record_values;
			struct command_result res;

			if (session_run(&ses, line, &res) && res.kind == COMMAND_CHANGE && undone == 0) {
				size_t now = save_text_size(&ses.game);
				if (now < bytes + save_change_least(res.name) || ses.record_values <= values)
					fail_msg("'%s' added %zu bytes and %zu values; at least %zu and 1 "
					         "were counted on", line, now - bytes, ses.record_values - values,
					         save_change_least(res.name));
				checked++;
				quoted += ses.size.list[SAVE_LIST_DONE].unblocked > 0;
			}
			command_result_free(&res);
			free(line);
		}
		session_end(&ses);
	}
	assert_true(checked > 200 && quoted > 50);
}

/* One note of `len` letters through the session: taken? */
static bool
note_of_length(struct session *s, size_t len)
{
	struct command_result res;
	char *line = xmalloc(len + 6);
	bool ok;

	memcpy(line, "note ", 5);
	memset(line + 5, 'x', len);
	line[len + 5] = '\0';
	ok = session_run(s, line, &res);
	command_result_free(&res);
	free(line);
	return ok;
}

/* Room left in the session's save, in bytes. */
static size_t
room(const struct session *s)
{
	return ylimits_save.max_bytes - s->record_bytes;
}

/* A game at its save's size cap: a change refused there is taken back from the
 * state kept just before it, replaying nothing (issue 32: each refused change
 * cost a replay since the last state kept). States are kept every 1,000
 * commands here, so that without it the last is far behind. With less room
 * left than any change adds (save_change_least), a change is refused before
 * it is made, where the whole measure refuses it too. */
static void
test_refused_at_cap_replays_nothing(void **state)
{
	struct command_result res;
	struct session ses;
	struct game g;
	char *err = NULL, *warning = NULL;
	size_t len = ylimits_save.max_scalar / 2, done, log, before, a;

	(void)state;
	fuzz_demo_game(&g, "", 0);
	g.checkpoint_every = 1000;
	for (int i = 0; i < 30; i++) {
		assert_true(command_run(&g, "note a line of the log", &res));
		command_result_free(&res);
	}
	assert_true(session_start(&ses, &g, NULL, NULL, NULL, &err, &warning));
	free(warning);
	/* filled to within 100 to 166 bytes of the cap */
	while (len > 0)
		if (room(&ses) < 2 * len + 164 || !note_of_length(&ses, len))
			len /= 2;
	assert_true(room(&ses) >= 100 && room(&ses) < 166);
	done = ses.game.done.count;
	log = ses.game.log.count;
	assert_true(done % 1000 != 0);
	/* a change with room for its name, but not for its words: made, and taken back */
	assert_false(note_of_length(&ses, room(&ses)));
	assert_int_equal(ses.game.done.count, done);
	assert_int_equal(ses.game.log.count, log);
	assert_int_equal(ses.record_bytes, save_text_size(&ses.game));
	/* the state before the refused change is kept where the game stands */
	assert_int_equal(checkpoint_restore(&ses.game, done), done);
	/* a note of L letters adds a + 2 L bytes (its line and its log line): one
	 * that leaves 3 or 4 bytes, fewer than any change adds */
	before = ses.record_bytes;
	assert_true(note_of_length(&ses, 1));
	a = ses.record_bytes - before - 2;
	assert_true(note_of_length(&ses, (room(&ses) - a - 3) / 2));
	assert_true(room(&ses) < save_change_least("note") && a + 2 > room(&ses));
	done = ses.game.done.count;
	log = ses.game.log.count;
	for (size_t n = 1; n < 40; n += 7)
		assert_false(note_of_length(&ses, n));
	assert_false(session_run(&ses, "phase next", &res));
	assert_string_equal(res.lines.items[0], "the game's record is full: a save holds at most "
	                                        "16777216 bytes and 1000000 values");
	command_result_free(&res);
	assert_int_equal(ses.game.done.count, done);
	assert_int_equal(ses.game.log.count, log);
	assert_int_equal(ses.record_bytes, save_text_size(&ses.game));
	/* refused before they were made: no state was kept for them to go back to */
	assert_true(checkpoint_restore(&ses.game, done) < done);
	session_end(&ses);
}

/* Through real files: a session with its journal, its save written; the save
 * loaded and the journal recovered give the game played. */
static void
test_random_lines_through_files(void **state)
{
	char dir[] = "/tmp/hexaid-roundtrip.XXXXXX", *journal, *sav, *base, *err = NULL, *warning;
	char demo[4096];
	uint64_t s = 0xf11e5;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(demo, sizeof demo, "%s/scenarios/tricorne-demo.yaml", fuzz_datadir());
	journal = xasprintf("%s/j", dir);
	sav = xasprintf("%s/g.sav", dir);
	for (int game = 0; game < 20; game++) {
		struct session ses;
		struct game g, loaded, recovered;
		struct diag_list dl;
		struct journal_contents jc;
		struct recovery_base rb;
		char *played, *got;
		size_t bad;

		unlink(journal);
		fuzz_demo_game(&g, demo, strlen(demo));
		base = session_base_of(&g);
		assert_true(session_start(&ses, &g, journal, base, NULL, &err, &warning));
		free(warning);
		for (int i = 0; i < 40; i++) {
			struct command_result res;
			char *line = random_line(&s);
			if (strncmp(line, "save", 4) != 0)
				session_run(&ses, line, &res), command_result_free(&res);
			free(line);
		}
		played = fuzz_game_picture(&ses.game);
		assert_true(save_write(&ses.game, sav, &err, &warning));
		free(warning);
		/* the save, from its file */
		diag_list_init(&dl, DIAG_MAX_ERRORS);
		assert_true(game_open(&loaded, sav, &dl));
		got = fuzz_game_picture(&loaded);
		assert_string_equal(got, played);
		free(got);
		game_free(&loaded);
		diag_list_free(&dl);
		/* the journal, from its file, onto the scenario it names */
		assert_true(journal_read(journal, &jc, &err));
		assert_int_equal(jc.dropped, 0);
		assert_true(recovery_base(&jc, &rb, &err));
		fuzz_demo_game(&recovered, rb.file, strlen(rb.file));
		assert_true(command_replay(&recovered, &jc.lines, &bad));
		got = fuzz_game_picture(&recovered);
		assert_string_equal(got, played);
		free(got);
		game_free(&recovered);
		recovery_base_free(&rb);
		journal_contents_free(&jc);
		free(played);
		free(base);
		session_end(&ses);
	}
	unlink(journal);
	unlink(sav);
	for (int i = 0; i <= 3; i++) {
		char *b = xasprintf("%s.bak.%d", sav, i);
		unlink(b);
		free(b);
	}
	assert_int_equal(rmdir(dir), 0);
	free(journal);
	free(sav);
}

/* A journal line's and a base file's checksum is the CRC-32 of ISO 3309 (its
 * check value is that of "123456789"), as journals of every version were
 * written; a file's, read in blocks, is that of its bytes whole. */
static void
test_journal_checksum(void **state)
{
	char path[] = "/tmp/hexaid-crc-XXXXXX";
	size_t len = 200000;
	unsigned char *bytes = xmalloc(len);
	unsigned long crc = 0;
	char *err = NULL;
	int fd;

	(void)state;
	assert_int_equal(journal_crc("123456789", 9), 0xcbf43926ul);
	assert_int_equal(journal_crc("", 0), 0);
	for (size_t i = 0; i < len; i++)
		bytes[i] = (unsigned char)(i * 7 + i / 251);
	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, bytes, len), (ssize_t)len);
	assert_int_equal(close(fd), 0);
	assert_true(journal_file_crc(path, &crc, &err));
	assert_int_equal(crc, journal_crc((const char *)bytes, len));
	assert_int_not_equal(crc, journal_crc((const char *)bytes, len - 1));
	unlink(path);
	free(bytes);
}

/* A journal's base is read by one function into its kind and path, after any
 * checksum, and written back by its pair; a path that holds '=' or a newline
 * (quoted in the file, version 3) comes back whole through a journal's text. */
static void
test_journal_base(void **state)
{
	const char *paths[] = { "/g/a.yaml", "/g/x=y.yaml", "/g/new\nline.yaml" };
	struct journal_base b;
	struct strlist none = { 0 };

	(void)state;
	assert_true(journal_base_parse("crc=0123abcd save=/g/s.yaml", &b));
	assert_int_equal(b.kind, BASE_SAVE);
	assert_string_equal(b.path, "/g/s.yaml");
	assert_false(journal_base_parse("crc=0123abcd", &b));
	assert_int_equal(b.kind, BASE_NONE);
	assert_false(journal_base_parse("map=/g/a.yaml", &b));
	for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
		char *path = xstrdup(paths[i]), *nl = strstr(path, "\\n"), *base, *text;
		struct journal_contents jc;
		char *err = NULL;

		if (nl != NULL)
			memmove(nl + 1, nl + 2, strlen(nl + 2) + 1), *nl = '\n';
		base = journal_base_words(BASE_SCENARIO, path);
		assert_true(journal_base_parse(base, &b));
		assert_int_equal(b.kind, BASE_SCENARIO);
		assert_string_equal(b.path, path);
		text = journal_text(base, &none);
		assert_true(journal_parse(text, strlen(text), "j", &jc, &err));
		assert_true(journal_base_parse(jc.base, &b));
		assert_int_equal(b.kind, BASE_SCENARIO);
		assert_string_equal(b.path, path);
		journal_contents_free(&jc);
		free(text);
		free(base);
		free(path);
	}
}

/* A change is recorded as canonical_line writes it: the line given when it is
 * so already, the words put together again when it is not (spaces, a comment,
 * quotes that say nothing, a word that needs them). */
static void
test_record_lines(void **state)
{
	static const char *const given[][2] = {
		{ "note a b", "note a b" },
		{ "note a  b", "note a b" },
		{ " note a b ", "note a b" },
		{ "note a b # for the record", "note a b" },
		{ "note \"a\" b", "note a b" },
		{ "note \"a b\" c", "note \"a b\" c" },
		{ "note \"a#b\"", "note \"a#b\"" },
		{ "note \"say \"\"so\"\"\"", "note \"say \"\"so\"\"\"" },
	};
	char demo[4096];
	struct game g;

	(void)state;
	snprintf(demo, sizeof demo, "%s/scenarios/tricorne-demo.yaml", fuzz_datadir());
	fuzz_demo_game(&g, demo, strlen(demo));
	for (size_t i = 0; i < sizeof given / sizeof given[0]; i++) {
		struct command_result res;

		assert_true(command_run(&g, given[i][0], &res));
		command_result_free(&res);
		assert_string_equal(g.done.items[g.done.count - 1], given[i][1]);
	}
	/* a line longer than the commands of play: split in a copy of its own */
	{
		struct command_result res;
		char *line = xasprintf("note %0300d  x", 7), *want = xasprintf("note %0300d x", 7);

		assert_true(command_run(&g, line, &res));
		command_result_free(&res);
		assert_string_equal(g.done.items[g.done.count - 1], want);
		free(line);
		free(want);
	}
	game_free(&g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_journal_checksum),
		cmocka_unit_test(test_journal_base),
		cmocka_unit_test(test_record_lines),
		cmocka_unit_test(test_every_byte),
		cmocka_unit_test(test_edge_chars),
		cmocka_unit_test(test_list_items_at_the_edge),
		cmocka_unit_test(test_list_every_byte),
		cmocka_unit_test(test_block_items_every_place),
		cmocka_unit_test(test_random_lists),
		cmocka_unit_test(test_record_bound_through_forms),
		cmocka_unit_test(test_refused_at_cap_replays_nothing),
		cmocka_unit_test(test_random_lines_in_memory),
		cmocka_unit_test(test_change_adds_at_least),
		cmocka_unit_test(test_random_lines_through_files),
	};
	return RUN_TESTS("roundtrip", tests);
}
