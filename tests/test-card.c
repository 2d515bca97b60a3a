/* test-card.c: reading a rule card's top level (metadata and the field table). */
#include "config.h"

#include "card.h"
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
	assert_string_equal(card.notes, "house rules");
	assert_string_equal(card.path, "c.yaml");
	assert_int_equal(dl.count, 0);
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

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_metadata),
		cmocka_unit_test(test_errors),
	};
	return RUN_TESTS("card", tests);
}
