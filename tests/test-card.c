/* test-card.c: reading a rule card's top level (metadata and the field table).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <dirent.h>

#include "card.h"
#include "hexfile.h"
#include "testutil.h"

static bool
read_card(const char *text, struct card *card, struct diag_list *dl)
{
	return test_read_card("c.yaml", text, card, dl);
}

static void
test_metadata(void **state)
{
	struct diag_list dl;
	struct card card;

	(void)state;
	assert_true(read_card("kind: card\nschema: 1\nid: my-game\ntitle: My Game\n"
	                      "publisher: Me\nedition: \"2\"\nbased_on: my rulebook\n"
	                      "extends: other-game\nnotes: house rules\n",
	                      &card, &dl));
	assert_int_equal(card.schema, 1);
	assert_string_equal(card.id, "my-game");
	assert_string_equal(card.title, "My Game");
	assert_string_equal(card.publisher, "Me");
	assert_string_equal(card.edition, "2");
	assert_string_equal(card.based_on, "my rulebook");
	assert_string_equal(card.extends, "other-game");
	assert_int_equal(card.notes.count, 1);
	if (card.notes.items == NULL)
		return fail();
	assert_string_equal(card.notes.items[0].text, "house rules");
	assert_null(card.notes.items[0].seed);
	assert_string_equal(card.path, "c.yaml");
	assert_int_equal(dl.count, 0);
	card_free(&card);
	diag_list_free(&dl);
}

/* new_scenario: what `hexaid new` starts a blank scenario with (issue 29). */
static void
test_new_scenario(void **state)
{
	struct diag_list dl;
	struct card card;
	const struct card_new_scenario *ns = &card.new_scenario;

	(void)state;
	assert_true(read_card("kind: card\nschema: 1\nid: g\ntitle: G\n"
	                      "new_scenario:\n  ground: open\n  columns: 7\n  rows: 5\n"
	                      "  orientation: flat\n  offset: even\n"
	                      "  sides: { blue: { name: Blue Army, home: west }, red: {} }\n"
	                      "terrain:\n  woods: { name: Woods, glyph: f }\n"
	                      "  open: { name: Open, glyph: \".\" }\n",
	                      &card, &dl));
	assert_int_equal(ns->ground, card_terrain(&card, "open"));
	assert_int_equal(ns->columns, 7);
	assert_int_equal(ns->rows, 5);
	assert_int_equal(ns->orientation, HEX_FLAT);
	assert_int_equal(ns->offset, HEX_EVEN);
	assert_int_equal(ns->nsides, 2);
	assert_string_equal(ns->sides[0].id, "blue");
	assert_string_equal(ns->sides[0].name, "Blue Army");
	assert_string_equal(home_edge_names[ns->sides[0].home], "west");
	assert_string_equal(ns->sides[1].name, "red");
	assert_int_equal(ns->sides[1].home, 0);
	card_free(&card);
	diag_list_free(&dl);
	assert_true(read_card("kind: card\nschema: 1\nid: g\ntitle: G\n"
	                      "terrain:\n  open: { name: Open, glyph: \".\" }\n", &card, &dl));
	assert_int_equal(card.new_scenario.ground, -1);
	card_free(&card);
	diag_list_free(&dl);
}

/* Notes carry their seed lines; a terrain's level may be a range the players
 * choose from. */
static void
test_notes_and_level_ranges(void **state)
{
	struct diag_list dl;
	struct card card;
	const struct terrain *hill;

	(void)state;
	assert_true(read_card("kind: card\nschema: 1\nid: g\ntitle: G\n"
	                      "notes:\n  - { say: \"placed with sense \", seed: \"0:7\" }\n"
	                      "  - { say: guessed, assumed: true }\n  - plain words\n"
	                      "terrain:\n  hill:\n    name: Hill\n    level: [2, 4]\n    aliases: [mound]\n"
	                      "    notes: [ { say: counts overhead, seed: \"0:9\" } ]\n",
	                      &card, &dl));
	assert_int_equal(card.notes.count, 3);
	if (card.notes.items == NULL)
		return fail();
	assert_string_equal(card.notes.items[0].text, "placed with sense");
	assert_string_equal(card.notes.items[0].seed, "0:7");
	assert_int_equal(card.notes.items[0].line, 6);
	assert_true(card.notes.items[1].assumed);
	assert_string_equal(card.notes.items[2].text, "plain words");
	hill = &card.terrain[card_terrain(&card, "hill")];
	assert_int_equal(hill->level, 2);
	assert_int_equal(hill->level_most, 4);
	assert_int_equal(hill->notes.count, 1);
	assert_string_equal(hill->notes.items[0].seed, "0:9");
	assert_int_equal(card_terrain(&card, "mound"), card_terrain(&card, "hill"));
	card_free(&card);
	diag_list_free(&dl);

	assert_false(read_card("kind: card\nschema: 1\nid: g\ntitle: G\nnotes: [ { seed: x } ]\n"
	                       "terrain:\n  hill: { name: Hill, level: [4, 2] }\n", &card, &dl));
	assert_diag_text(&dl,
	                 "c.yaml:5:10: error: note has no 'say'; add a line 'say: ...'\n"
	                 "notes: [ { seed: x } ]\n         ^\n"
	                 "c.yaml:7:30: error: the least comes first, and is less than the most: "
	                 "[2, 4]\n  hill: { name: Hill, level: [4, 2] }\n                             ^\n");
	card_free(&card);
	diag_list_free(&dl);
}

/* Unit values: declared with their use and the combat types that need them,
 * given by classes (and inherited), found by id and by use. */
static void
test_unit_values(void **state)
{
	struct diag_list dl;
	struct card card;
	int c, light;

	(void)state;
	assert_true(read_card("kind: card\nschema: 1\nid: g\ntitle: G\n"
	                      "combat_types: [fire, shock]\n"
	                      "unit_values:\n"
	                      "  cohesion: { name: Cohesion, use: rating, combat: [shock] }\n"
	                      "  range: { name: Efficient range, use: beyond_range }\n"
	                      "  note: { name: A note }\n"
	                      "classes:\n  infantry: { values: { cohesion: 3 } }\n"
	                      "  light: { is: infantry }\n",
	                      &card, &dl));
	assert_int_equal(dl.count, 0);
	assert_int_equal(card.nvalues, 3);
	c = card_value(&card, "cohesion");
	assert_int_equal(c, 0);
	assert_int_equal(card.values[c].use, VALUE_USE_RATING);
	assert_int_equal(card_value_of_use(&card, VALUE_USE_RANGE), 1);
	assert_int_equal(card_value_of_use(&card, VALUE_USE_OPPOSED), -1);
	assert_true(card_value_needed(&card, c, 1));
	assert_false(card_value_needed(&card, c, 0));
	assert_true(card_value_needed(&card, 1, 0));
	assert_false(card_value_needed(&card, 2, 0)); /* use none: never needed */
	light = card_class(&card, "light");
	assert_int_equal(card_class_value_from(&card, light, c), card_class(&card, "infantry"));
	assert_int_equal(card.classes[card_class(&card, "infantry")].values[c], 3);
	assert_int_equal(card_class_value_from(&card, light, 1), -1);
	card_free(&card);
	diag_list_free(&dl);
	/* a class naming a value the card does not declare */
	assert_false(read_card("kind: card\nschema: 1\nid: g\ntitle: G\n"
	                       "unit_values: { cohesion: { name: Cohesion } }\n"
	                       "classes:\n  infantry: { values: { cohesoin: 3 } }\n",
	                       &card, &dl));
	assert_true(dl.count > 0);
	card_free(&card);
	diag_list_free(&dl);
}

/* A table's cells read as its legend's codes when the card is read: the
 * longest code first, a number after a code that takes one, '+' and '/'
 * between; a cell of other words is kept as words. */
static void
test_result_codes(void **state)
{
	struct diag_list dl;
	struct card card;
	const struct table *t;

	(void)state;
	assert_true(read_card("kind: card\nschema: 1\nid: g\ntitle: G\n"
	                      "statuses: [routed]\n"
	                      "tables:\n  fire:\n    name: Fire\n    by: roll\n"
	                      "    who: { result: target }\n"
	                      "    legend:\n"
	                      "      D: { say: disordered, disorder: 1 }\n"
	                      "      R: { say: retreats, retreat: 1, number_after: true }\n"
	                      "      M: { say: morale, number_after: true }\n"
	                      "      CT: cohesion test\n      CT/1: test or recoil\n"
	                      "      \"1\": { say: a stand lost, lose: 1 }\n"
	                      "      X: { say: routs, status: routed }\n"
	                      "    rows:\n"
	                      "      - { at: 1, result: 1DR2 }\n"
	                      "      - { at: 2, result: M+2R }\n"
	                      "      - { at: 3, result: D+CT/1 }\n"
	                      "      - { at: 4, result: pursuit (9.5) }\n"
	                      "      - { at: 5, result: \"-\" }\n",
	                      &card, &dl));
	assert_int_equal(dl.count, 0);
	t = &card.tables[0];
	assert_int_equal(t->who[0], WHO_TARGET);
	/* the columns that mean something, found once when the card is read */
	assert_int_equal(t->result_column, 0);
	assert_int_equal(t->drm_column, -1);
	/* 1DR2: 1, D, R with 2 */
	assert_true(t->rows[0].codes[0].parsed);
	assert_int_equal(t->rows[0].codes[0].ncodes, 3);
	assert_string_equal(t->legend[t->rows[0].codes[0].codes[0].legend].code, "1");
	assert_string_equal(t->legend[t->rows[0].codes[0].codes[2].legend].code, "R");
	assert_int_equal(t->rows[0].codes[0].codes[2].n, 2);
	/* M+2R: M with +2, then R with none */
	assert_int_equal(t->rows[1].codes[0].ncodes, 2);
	assert_int_equal(t->rows[1].codes[0].codes[0].n, 2);
	assert_true(t->rows[1].codes[0].codes[0].plus);
	assert_int_equal(t->rows[1].codes[0].codes[1].n, -1);
	/* D+CT/1: the longest code, CT/1, not CT and 1 */
	assert_int_equal(t->rows[2].codes[0].ncodes, 2);
	assert_string_equal(t->legend[t->rows[2].codes[0].codes[1].legend].code, "CT/1");
	/* words, and no result */
	assert_false(t->rows[3].codes[0].parsed);
	assert_true(t->rows[4].codes[0].parsed);
	assert_int_equal(t->rows[4].codes[0].ncodes, 0);
	assert_int_equal(t->legend[6].status, 0);
	card_free(&card);
	diag_list_free(&dl);
}

/* A hexside feature that encloses the hex it is listed under (a redoubt) may
 * test attacking_out; one that encloses none (a stream) may not. */
static void
test_encloses(void **state)
{
	struct diag_list dl;
	struct card card;

	(void)state;
	assert_true(read_card("kind: card\nschema: 1\nid: g\ntitle: G\ncombat_types: [melee]\n"
	                      "terrain:\n  redoubt:\n    name: Redoubt\n    kind: hexside\n"
	                      "    encloses: true\n    battle_into:\n"
	                      "      - { when: { attacking_out: true }, drm: -1 }\n"
	                      "  stream: { name: Stream, kind: hexside }\n",
	                      &card, &dl));
	assert_true(card.terrain[card_terrain(&card, "redoubt")].encloses);
	assert_false(card.terrain[card_terrain(&card, "stream")].encloses);
	card_free(&card);
	diag_list_free(&dl);
}

/* The drawing section: a hexside feature says what the map draws along its
 * sides, any terrain how the map colours it (nothing said: neutral). */
static void
test_drawing(void **state)
{
	struct diag_list dl;
	struct card card;

	(void)state;
	assert_true(read_card("kind: card\nschema: 1\nid: g\ntitle: G\n"
	                      "drawing:\n  stream: { side_glyph: \"~\", colour: water }\n"
	                      "terrain:\n"
	                      "  stream: { name: Stream, kind: hexside, glyph: s }\n"
	                      "  wall: { name: Wall, kind: hexside, glyph: w }\n",
	                      &card, &dl));
	assert_int_equal(card.terrain[card_terrain(&card, "stream")].side_glyph, '~');
	assert_int_equal(card.terrain[card_terrain(&card, "stream")].colour, MAP_COLOUR_WATER);
	assert_int_equal(card.terrain[card_terrain(&card, "wall")].side_glyph, '\0');
	assert_int_equal(card.terrain[card_terrain(&card, "wall")].colour, MAP_COLOUR_NONE);
	card_free(&card);
	diag_list_free(&dl);

	assert_false(read_card("kind: card\nschema: 1\nid: g\ntitle: G\nterrain:\n"
	                       "  stream: { name: Stream, kind: hexside }\n"
	                       "  wood: { name: Wood }\n"
	                       "drawing:\n  stream: { side_glyph: \"|\" }\n"
	                       "  wood: { side_glyph: \"#\", colour: watter }\n"
	                       "  pond: { colour: water }\n", &card, &dl));
	assert_diag_text(&dl,
	                 "c.yaml:9:25: error: '|' draws the outline of every hex; give the feature "
	                 "a character the outline does not use, such as '~' or '#'\n"
	                 "  stream: { side_glyph: \"|\" }\n"
	                 "                        ^\n"
	                 "c.yaml:10:36: error: unknown map colour 'watter'; did you mean 'water'?\n"
	                 "  wood: { side_glyph: \"#\", colour: watter }\n"
	                 "                                   ^\n"
	                 "c.yaml:11:3: error: unknown terrain 'pond'; did you mean 'wood'?\n"
	                 "  pond: { colour: water }\n"
	                 "  ^\n"
	                 "c.yaml:10:23: error: wood is not a hexside feature: only those are drawn "
	                 "along a side (side_glyph)\n"
	                 "  wood: { side_glyph: \"#\", colour: watter }\n"
	                 "                      ^\n");
	card_free(&card);
	diag_list_free(&dl);
}

static void
test_errors(void **state)
{
	struct diag_list dl;
	struct card card;

	(void)state;
	assert_false(read_card("kind: scenario\nschema: 2\nid: My Game\ntitel: x\n", &card, &dl));
	assert_diag_text(&dl,
	                 "c.yaml:1:7: error: this file is a 'scenario', not a 'card'\n"
	                 "kind: scenario\n      ^\n"
	                 "c.yaml:2:9: error: schema 2 is newer than this hexaid reads (1); "
	                 "upgrade hexaid\nschema: 2\n        ^\n"
	                 "c.yaml:3:5: error: 'My Game' is not an id: use lower-case letters, "
	                 "digits, '_' and '-'\nid: My Game\n    ^\n"
	                 "c.yaml:4:1: error: unknown key 'titel' in rule card; did you mean "
	                 "'title'?\ntitel: x\n^\n"
	                 "c.yaml:1:1: error: rule card has no 'title'; add a line 'title: ...'\n"
	                 "kind: scenario\n^\n");
	card_free(&card);
	diag_list_free(&dl);
}

/* A card file read as `hexaid check` reads it (its kind from its first line,
 * then on from there, one parse) gives the card and the diagnostics card_load
 * gives (a parse of its own). */
static bool
expect_open_as_load(const char *path)
{
	struct diag_list dl1, dl2;
	struct card a, b;
	struct ydoc doc;
	bool ok1, ok2;
	char *t1, *t2;

	diag_list_init(&dl1, DIAG_MAX_ERRORS);
	diag_list_init(&dl2, DIAG_MAX_ERRORS);
	if (hexfile_open(&doc, path, NULL, &dl1) != HEXFILE_CARD || diag_error_count(&dl1) > 0) {
		ydoc_free(&doc);
		diag_list_free(&dl1);
		diag_list_free(&dl2);
		return false;
	}
	ok1 = ydoc_load_rest(&doc) && card_load_doc(&a, &doc, NULL, &dl1);
	ydoc_free(&doc);
	ok2 = card_load(&b, path, NULL, &dl2);
	assert_int_equal(ok1, ok2);
	t1 = diag_text(&dl1);
	t2 = diag_text(&dl2);
	assert_string_equal(t1, t2);
	if (ok1) {
		assert_string_equal(a.id, b.id);
		assert_string_equal(a.title, b.title);
		assert_string_equal(a.path, b.path);
		assert_int_equal(a.nclasses, b.nclasses);
		assert_int_equal(a.nterrain, b.nterrain);
		assert_int_equal(a.ntables, b.ntables);
		assert_int_equal(a.ndice, b.ndice);
		assert_int_equal(a.modifiers.count, b.modifiers.count);
		assert_int_equal(a.events.count, b.events.count);
		assert_int_equal(a.nphases, b.nphases);
		card_free(&a);
		card_free(&b);
	}
	free(t1);
	free(t2);
	diag_list_free(&dl1);
	diag_list_free(&dl2);
	return true;
}

static void
test_open_then_read(void **state)
{
	static const char *const dirs[] = { "data/cards", "data/examples", "tests/cards/bad" };
	const char *top = getenv("top_srcdir");
	int seen = 0;

	(void)state;
	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
		char dir[512];
		struct dirent *e;
		DIR *d;

		snprintf(dir, sizeof dir, "%s/%s", top ? top : "..", dirs[i]);
		d = opendir(dir);
		assert_non_null(d);
		while ((e = readdir(d)) != NULL) {
			char path[1024];
			size_t n = strlen(e->d_name);
			if (n < 6 || strcmp(e->d_name + n - 5, ".yaml") != 0)
				continue;
			snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
			seen += expect_open_as_load(path);
		}
		closedir(d);
	}
	assert_true(seen >= 30); /* the cards, good and bad */
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_metadata),
		cmocka_unit_test(test_new_scenario),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_unit_values),
		cmocka_unit_test(test_result_codes),
		cmocka_unit_test(test_notes_and_level_ranges),
		cmocka_unit_test(test_encloses),
		cmocka_unit_test(test_drawing),
		cmocka_unit_test(test_open_then_read),
	};
	return RUN_TESTS("card", tests);
}
