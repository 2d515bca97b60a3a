/* card.h: rule cards, one YAML file per game system (data layer).
 *
 * A card as loaded: metadata, the vocabularies the rules use (unit classes with
 * their parents, combat and fire types), the terrain with its rules, and the
 * result tables. A rule is a row: conditions (facts from list-facts.h, each with
 * its values) and one effect (list-effects.h) with an amount, remembering the
 * card line it came from and the seed line it encodes.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_CARD_H
#define HEXAID_CARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "yaml-load.h"

#define CARD_SCHEMA 1

enum fact_type {
	FT_CLASS,      /* a unit class (matches its kinds too) */
	FT_TERRAIN,    /* a terrain id */
	FT_COMBAT,     /* a word of the card's combat_types */
	FT_FIRE,       /* a word of its fire_types */
	FT_STATUS,     /* a word of its statuses; a unit may have several */
	FT_FORMATION,  /* a word of its formations */
	FT_BOOL,       /* true or false */
	FT_SETTING,    /* a setting and its choices */
	FT_NUMBER,     /* a distance or a count: N, A-B or N+ (values hold min, max pairs) */
	FT_CATEGORY    /* a movement category (not a fact; for messages) */
};

/* The card's lists of words that facts take their values from. */
enum word_list_id { WL_COMBAT, WL_FIRE, WL_STATUS, WL_FORMATION, N_WORD_LISTS };
extern const char *const word_list_keys[N_WORD_LISTS];

#define MAX_WORDS 64    /* per list: statuses are kept as the bits of a long */

struct word_list {
	char **words;
	size_t count, cap;
};

enum fact {
#define FACT(name, key, type, help) FACT_##name,
#include "list-facts.h"
#undef FACT
	N_FACTS
};

/* EFFECT_SIDE: the word attacker (amount 1) or defender (amount -1); EFFECT_TEXT:
 * words kept in the rule's text. */
enum effect_value { EFFECT_INT, EFFECT_POINTS, EFFECT_FLAG, EFFECT_TERRAIN, EFFECT_SIDE,
                    EFFECT_TEXT };

enum section {
	SECTION_MOVE,        /* a unit enters or crosses the terrain */
	SECTION_BATTLE_FROM, /* the attacker stands on it */
	SECTION_BATTLE_INTO, /* the target stands on it: what it does to the attacker */
	SECTION_PROTECTION,  /* the target stands on it (or behind it): what it ignores */
	SECTION_COVER,       /* it lies in the zone of fire between attacker and target */
	SECTION_MODIFIERS,   /* the card's modifiers that belong to no terrain */
	SECTION_SCORING,     /* what the faces of the battle die score */
	SECTION_EVENTS,      /* what happens to a hex when a battle hits it */
	N_SECTIONS
};

#define SEC_MOVE (1u << SECTION_MOVE)
#define SEC_BATTLE ((1u << SECTION_BATTLE_FROM) | (1u << SECTION_BATTLE_INTO))
#define SEC_PROTECTION (1u << SECTION_PROTECTION)
#define SEC_COVER (1u << SECTION_COVER)
#define SEC_MODIFIERS (1u << SECTION_MODIFIERS)
#define SEC_SCORING (1u << SECTION_SCORING)
#define SEC_EVENTS (1u << SECTION_EVENTS)

enum effect {
#define EFFECT(name, key, value, sections, help) EFFECT_##name,
#include "list-effects.h"
#undef EFFECT
	N_EFFECTS
};

struct fact_info {
	const char *key;
	enum fact_type type;
	const char *help;
};
struct effect_info {
	const char *key;
	enum effect_value value;
	unsigned sections;
	const char *help;
};
extern const struct fact_info fact_info[N_FACTS];
extern const struct effect_info effect_info[N_EFFECTS];
extern const char *const section_keys[N_SECTIONS];

/* One condition: the fact holds for one of the values (or, negated, for none). */
struct cond {
	enum fact fact;
	bool negated;     /* from `unless:` */
	bool truth;       /* FT_BOOL: the value wanted */
	int setting;      /* FT_SETTING: which setting; values are its choices */
	int *values;      /* class, terrain, combat, fire or choice indexes */
	size_t nvalues;
};

/* What an event rule answers (`on:`), read once when the card is read: a
 * battle against its hex, a unit entering its hex, or an action the card names
 * (`on: clear_wire`, done by `act UNIT ACTION`). A new trigger is a value
 * before ON_ACTION and its word in event_on_words. */
enum event_on {
	ON_NONE,   /* not an event rule */
	ON_BATTLE, /* a battle against the hex */
	ON_ENTER,  /* a unit enters the hex */
	ON_ACTION, /* a unit's action, one of the card's actions by its word */
	N_EVENT_ON
};
/* The word of each trigger (NULL for ON_NONE and ON_ACTION, whose words are
 * the card's). */
extern const char *const event_on_words[N_EVENT_ON];

struct rule {
	enum effect effect;
	long amount;      /* the amount; movement points count in halves; 1 for a flag */
	bool may;         /* optional: the owning player decides */
	struct cond *conds;
	size_t nconds;
	const char *file; /* the card file it was written in (its name, no directory) */
	int line;         /* line of the rule in that file */
	char *seed;       /* the seed line(s) it encodes, e.g. "002:41", or NULL */
	char *note;
	char *text;       /* a reminder's words (EFFECT_TEXT), or NULL */
	int group;        /* rules of one group are not cumulative: 1 + its index in
	                     card->groups, 0 for none */
	int face;         /* a scoring rule: the face of the battle die it scores, or -1 */
	char *face_id;    /* ... as written, until the card is read whole */
	int face_line, face_col;
	bool beats_protection; /* a scoring rule: the target's protection does not cancel it */
	enum event_on on; /* an event rule: the event it answers (on: battle) */
	int action;       /* ... ON_ACTION: which of the card's actions (card->actions) */
	uint64_t rolled;  /* an event rule: faces of the battle die (bits), one must be rolled */
	char **rolled_ids;/* ... as written, until the card is read whole */
	size_t nrolled;
	int rolled_line, rolled_col;
	int with;         /* an event rule that replaces: the terrain put instead, or -1 */
	bool instead_of_battle; /* an action: the unit does it instead of battling */
	bool continues;   /* an event rule: after it acts, the next rule that applies acts too */
	int roll;         /* an enter event with `rolled:`: battle dice rolled on entering */
	bool assumed;     /* not from the seed: check your rulebook */
	bool shorthand;   /* expanded from a `costs:` or `extra_costs:` table */
	int per;          /* a battle rule's amount counts once for each of this number
	                     fact (`per: beyond_range`), plus one; 0: once */
};

/* Words for the players that no rule reckons with: how terrain is laid out or
 * shown, what a chart's notation means. Each keeps the seed line it carries. */
struct card_note {
	char *text;
	char *seed;
	bool assumed;     /* not from the seed: check your rulebook */
	const char *file;
	int line;
};

struct note_list {
	struct card_note *items;
	size_t count, cap;
};

struct rule_list {
	struct rule *items;
	size_t count, cap;
};

/* hex: covers a hex; token: lies on a hex over its terrain; hexside: along the side
 * between two hexes; path: a road or trail through hexes; condition: a situation the
 * chart prices like terrain (a change of level, a friendly unit's hex). */
/* What a blank scenario of the card starts with (`new_scenario:`, hexaid new):
 * the ground every hex is, the board, the sides (the first moves first). */
#define MAX_NEW_SIDES 8
struct card_new_side {
	char *id, *name;
	int home;               /* an index of home_edge_names (hex.h); 0: none */
};
struct card_new_scenario {
	int ground;             /* a terrain of kind hex; -1: the card gives none */
	int ground_line, ground_col;
	int columns, rows;      /* 0: not given */
	int orientation, offset;
	struct card_new_side sides[MAX_NEW_SIDES];
	size_t nsides;
};

enum terrain_kind {
	TERRAIN_HEX,
	TERRAIN_TOKEN,
	TERRAIN_HEXSIDE,
	TERRAIN_PATH,
	TERRAIN_CONDITION,
	N_TERRAIN_KINDS
};
extern const char *const terrain_kind_names[N_TERRAIN_KINDS];

/* How a terrain looks on the map (`colour:`): a role that the terminal
 * interface gives its colour; MAP_COLOUR_NONE, the neutral default, is not
 * written in a card. */
#define MAP_COLOURS(X)                                                                   \
	X(NONE, "none") X(OPEN, "open") X(WOODS, "woods") X(WATER, "water")              \
	X(MARSH, "marsh") X(ROUGH, "rough") X(HIGH_GROUND, "high_ground")                \
	X(BUILT_UP, "built_up") X(WORKS, "works") X(ROAD, "road")
enum map_colour {
#define MAP_COLOUR_ENUM(name, word) MAP_COLOUR_##name,
	MAP_COLOURS(MAP_COLOUR_ENUM)
#undef MAP_COLOUR_ENUM
	N_MAP_COLOURS
};
extern const char *const map_colour_names[N_MAP_COLOURS];

struct terrain {
	char *id;
	char *name;
	enum terrain_kind kind;
	char glyph;
	char side_glyph;      /* a hexside feature: the character drawn along its side
	                         (`side_glyph:`), or 0: its glyph */
	enum map_colour colour; /* how the map colours it (`colour:`) */
	const char *file;     /* the card file that last set it */
	int line;
	struct rule_list sections[N_SECTIONS];
	unsigned overrides;   /* sections whose rules from other terrain in the hex it replaces */
	bool encloses;        /* a hexside feature that belongs to the hex it is listed
	                         under (works that enclose it): attacking across it from
	                         that hex is attacking out */
	int *cancels;         /* terrain whose rules it cancels when both are in a hex */
	size_t ncancels;
	bool los_blocks;      /* blocks line of sight through its hex */
	bool los_unit_blocks; /* a unit standing on it blocks line of sight */
	int level;            /* height it gives its hex (hills) */
	int category;         /* movement category (index in the card's), or -1 */
	/* when a condition entry is met (TERRAIN_CONDITION): */
	bool on_level_change; /* the move or attack goes up or down by ... */
	int level_min, level_max; /* ... this many levels (negative: down) */
	bool on_levels_apart; /* the two hexes differ, up or down, by ... */
	int apart_min, apart_max; /* ... this many levels */
	bool on_friendly_unit;/* the hex entered holds a friendly unit */
	bool on_leaving_zoc;  /* the hex left is next to an enemy unit */
	bool on_entering_zoc; /* the hex entered is next to an enemy unit */
	int on_side;          /* ... and only where the side crossed holds this hexside
	                         feature (a steep slope), or -1 */
	char *seed;           /* the seed line of its row, for shorthand rules */
	char *note;
	struct note_list notes;
	char **aliases;       /* other names it answers to (vineyards for rough) */
	size_t naliases;
	int level_most;       /* the players may set its hexes up to this level, or 0 */
	/* a structure: hits that destroy it by default (0: not a structure), and the
	 * terrain it becomes when destroyed (-1: it is gone) */
	int structure_strength;
	int structure_becomes;
	int structure_line;
	char *structure_seed;
};

#define MAX_UNIT_VALUES 8

/* What a number that units carry does in a battle (its `use:` in the card's
 * `unit_values:`). */
enum value_use {
	VALUE_USE_NONE,     /* kept and shown for the players; no rule reckons with it */
	VALUE_USE_RATING,   /* the side's rating: attacker_rating and target_rating */
	VALUE_USE_RANGE,    /* the firer's efficient range: beyond_range is what lies past it */
	VALUE_USE_OPPOSED,  /* added into each side's value of an opposed roll */
	VALUE_USE_HITS_ON,  /* a plain battle die showing this or more scores a hit */
	N_VALUE_USES
};
extern const char *const value_use_names[N_VALUE_USES];

/* A number the card's units carry (cohesion, PF, morale, efficient range): each
 * unit's own, from the scenario or `unit set`, or its class's. */
struct unit_value_def {
	char *id;
	char *name;
	enum value_use use;
	uint64_t combat;      /* the combat types (bits) whose battles need it; 0: all */
	char *seed;
	char *note;
	bool assumed;
	const char *file;
	int line;
};

struct uclass {
	char *id;
	char *name;
	int parent;           /* index of the class it is a kind of, or -1 */
	int line;
	const char *file;
	/* What a unit of the class can do; unset values come from the parent. */
	int fire;             /* its fire type (a word of fire_types), or -1 */
	uint64_t combat;      /* the combat types (bits) it may use; 0: not said */
	long move;            /* its movement allowance, in halves; -1: not said */
	long battle_move;     /* the most it may move and still battle, in halves; -1 */
	int move_line, battle_move_line;
	bool move_assumed;
	/* Battle dice by combat type: at[d - 1] dice against a target d hexes away
	 * (one number: at any distance); n = 0 where the class says nothing. */
	struct class_dice {
		int n;
		int at[12];
		int line;
	} dice[8];
	int retreat;          /* hexes of retreat for each flag; -1: not said */
	int sight;            /* 1: battles need line of sight, 0: they do not; -1: not said */
	int sight_line;
	int retreat_line;
	long values[MAX_UNIT_VALUES]; /* the class's unit values, where given */
	unsigned values_given;        /* bits: values[v] is given */
	int values_line;
};

/* A movement category (clear, uneven, difficult): what each class may move
 * through terrain of that category. */
struct category {
	char *id;
	char *name;
	const char *file;
	int line;
	char *seed;
	long *allowance;      /* per class, in halves; meaningful where given[] */
	bool *given;
	bool *prohibited;
};

/* How a table is entered: by a (modified) roll, by the difference of two rolled
 * values, or by the odds ratio of two strengths. */
enum table_by { TABLE_BY_ROLL, TABLE_BY_DIFFERENCE, TABLE_BY_ODDS, N_TABLE_BY };
extern const char *const table_by_names[N_TABLE_BY];

/* A code of a table's legend found in a cell: which entry, and the number
 * written with it (R2: 2; -1 when none). */
struct cell_code {
	int legend;
	long n;
	bool plus;            /* the number was written with its sign: M+2 */
};

/* A cell read as its legend's codes, once the card is read: `parsed` false when
 * it holds words the legend does not spell (they are said as they stand). */
struct cell_codes {
	struct cell_code *codes;
	size_t ncodes;
	bool parsed;
};

struct table_row {
	long from, upto;      /* the numbers the row stands for, inclusive */
	long odds_att, odds_def; /* an odds row: attacker to defender, in tenths */
	char **cells;         /* one per column; NULL where the row leaves it blank */
	struct cell_codes *codes; /* per column: the cell's codes */
	char *note;
	int line;
};

/* What a code of a table's legend does to the unit its column stands for; what
 * it does not apply, hexaid says as a reminder with its words. */
struct legend_entry {
	char *code;
	char *meaning;        /* its words (`say:`, or the whole value) */
	char *brief;          /* a few words for the odds and the result ("retreats {n}":
	                         "{n}" stands for the number written with the code), or
	                         NULL: the meaning */
	long disorder;        /* levels of disorder it gives */
	long lose;            /* strength lost */
	long retreat;         /* hexes of retreat */
	int status;           /* a status it gives, or -1 */
	bool eliminate;
	bool number_after;    /* a number may follow the code (R2, M+2): it is the amount */
	bool assumed;
	char *note;
};

/* Whom a column of a result table stands for (`who:`). */
enum result_who { WHO_NONE, WHO_TARGET, WHO_ATTACKER, WHO_WINNER, WHO_LOSER, N_RESULT_WHO };
extern const char *const result_who_names[N_RESULT_WHO];

/* The commands of hexaid's language, by index in the engine's command table
 * (list-commands.h); their words in command_words. */
enum command_id {
#define COMMAND(name, word) CMD_##name,
#include "list-commands.h"
#undef COMMAND
	N_COMMANDS
};
extern const char *const command_words[N_COMMANDS];

/* One phase of the sequence of play: what the players do in it, the commands
 * it allows (a command no phase names is allowed in any), a reminder. */
struct phase {
	char *id;
	char *name;
	char *reminder;
	enum command_id *allows;
	size_t nallows;
	enum command_id *reactions; /* commands the other side's units may give in it */
	size_t nreactions;
	char *seed;
	bool assumed;
	const char *file;
	int line;
};

/* How battles of one combat type are settled on a table: a roll (plus the
 * modifiers, and the attacker's strength or the odds when asked) read on the
 * table; or, opposed, each side's value + modifiers + roll, the difference read. */
struct resolution {
	int combat;           /* the combat type */
	int table;            /* the table read (index in tables) */
	char *table_id;       /* ... as written, until the card is read whole */
	int table_line, table_col;
	char *roll;           /* dice notation, for each side when opposed */
	int odds_table;       /* a table by odds whose modifier joins the roll, or -1 */
	char *odds_id;
	bool add_strength;    /* the attacker's strength is added to the roll */
	bool opposed;         /* both sides roll; the difference is read */
	bool hits;            /* roll: hits: each side rolls its own battle dice, and its
	                         hits (a die at least its hits_on) are its roll */
	char *values;         /* opposed: what each side's value is, when the players give it */
	/* opposed: a tie the card's `tie` rules give to one side is read as this
	 * difference (ties.read_as), from this line and seed; tie_line 0: not said */
	long tie_reads_as;
	int tie_line, tie_col;
	char *tie_seed;
	char *seed;
	char *note;
	bool assumed;
	const char *file;
	int line;
};

struct table {
	char *id;
	char *name;
	enum table_by by;
	char *dice;           /* what is rolled, as the card says ("1d6") */
	char *seed;
	char *note;
	bool assumed;
	const char *file;
	int line;
	char **columns;
	size_t ncolumns;
	struct table_row *rows;
	size_t nrows, cap_rows;
	struct legend_entry *legend;
	size_t nlegend;
	enum result_who *who;  /* per column: whom its cells' codes are applied to */
	int result_column;     /* the column named `result` (said without its name), or -1 */
	int drm_column;        /* the column named `drm` (a modifier to a roll), or -1 */
};

/* A die the card names: plain (sides, numbered 1..sides) or with symbol faces,
 * some appearing on more than one side (count). */
struct die_face {
	char *id;
	char *name;
	char *short_name;   /* what players may type for it */
	int count;          /* sides showing it */
};

struct die_kind {
	char *id;
	char *name;
	int sides;          /* a plain die; 0 for symbol dice */
	struct die_face *faces;
	size_t nfaces;
	int total;          /* sides in all */
	bool assumed;
	char *note;
	char *seed;
	const char *file;
	int line;
};

#define MAX_SETTINGS 32

/* A choice the players make before a game ("hill height: 2, 3 or 4 levels"). */
struct setting {
	char *id;
	char **choices;
	size_t nchoices;
	int def;          /* index of the default choice */
	int line;
	char *seed;
	char *note;
};

/* A mechanism of play a card turns on, with where it says so: the defender
 * battling back (`battle_back:`), what a unit that cannot retreat loses
 * (`retreat_blocked:`), the attacker taking the ground its battle emptied
 * (`take_ground:`). */
struct card_mechanism {
	bool given;
	uint64_t combat;      /* battle_back, take_ground: the combat types it follows (bits) */
	uint64_t bonus;       /* take_ground: classes (bits) that may battle once more after */
	long lose;            /* retreat_blocked: strength lost for each hex not retreated */
	long cost;            /* formation_change: movement points a change costs */
	char *seed;
	char *note;
	bool assumed;
	const char *file;
	int line;
};

struct card {
	char *path;
	long schema;
	char *id;
	char *title;
	char *publisher;
	char *edition;
	char *based_on;
	char *extends;    /* id of the card this one overrides, or NULL */
	struct note_list notes;

	struct uclass *classes;
	size_t nclasses, cap_classes;
	struct unit_value_def *values; /* the numbers units carry (`unit_values:`) */
	size_t nvalues, cap_values;
	struct word_list words[N_WORD_LISTS];
	struct terrain *terrain;
	size_t nterrain, cap_terrain;
	int *conditions;      /* the condition entries of `terrain`, in card order
	                         (found once the card is read whole) */
	size_t nconditions;
	struct setting *settings;
	size_t nsettings, cap_settings;
	struct category *categories;
	size_t ncategories, cap_categories;
	struct table *tables;
	size_t ntables, cap_tables;
	struct rule_list modifiers; /* battle rules that belong to no terrain */
	struct die_kind *dice;
	size_t ndice, cap_dice;
	int battle_die;       /* the die battles roll (index in dice), or -1 */
	char *battle_die_id;  /* ... as written, until the card is read whole */
	int battle_die_line, battle_die_col;
	struct rule_list scoring; /* what each face of the battle die scores */
	struct rule_list events;  /* what battles do to hexes, first rule that applies */
	char **actions;           /* the words of the actions event rules answer, each once */
	size_t nactions;
	char **groups;            /* the names of the rules' groups, each once */
	size_t ngroups;
	struct phase *phases;     /* the sequence of play: one side's turn, in order */
	size_t nphases, cap_phases;
	struct resolution *resolutions; /* combat types settled on a table */
	size_t nresolutions, cap_resolutions;
	bool units_block_los; /* any unit blocks line of sight through its hex */
	bool levels_block_los; /* a hex higher than the lower end blocks line of sight */
	bool split_los_either; /* a line along a hexside is blocked when either side is */
	bool enter_friendly;  /* a unit may enter and pass hexes of friendly units */
	struct card_new_scenario new_scenario; /* `new_scenario:`; ground -1: not given */
	uint64_t fire_over_friends; /* classes (bits) that fire over an adjacent lower friend */
	int fire_over_line;
	const char *fire_over_file;
	char *fire_over_seed;
	int disorder_levels[4]; /* statuses a `disorder` effect moves a unit through, -1 */
	int ndisorder_levels;
	int disorder_line;
	const char *disorder_file;
	struct card_mechanism battle_back;     /* the target of a battle battles back */
	struct card_mechanism retreat_blocked; /* a retreat that cannot be made costs strength */
	struct card_mechanism take_ground;     /* the attacker moves into the hex it emptied */
	struct card_mechanism formation_change; /* what a change of formation (form) costs */
	uint64_t adjacent_combat; /* combat types (bits) fought only against an adjacent unit */
	int adjacent_combat_line;
	const char *adjacent_combat_file;
	const char *units_block_los_file;
	char **files;         /* names of the files read: this card and those it extends */
	size_t nfiles;
	const char *reading;  /* while loading: the name of the file being read */
	int units_block_los_line;
};

/* Read a card from a parsed document whose kind is "card". */
bool card_read(struct card *card, struct ydoc *doc);

#define TSET_MAX 16
/* A card's terrain kinds at most: a hex's set keeps each as a byte, so that a
 * board (and the game's copy of it) stays small: 17 bytes a hex, not 72 (a
 * 200x200 board: 0.7 MB, not 2.9 MB, each of them touched page by page). */
#define TERRAIN_KINDS_MAX 256

/* The terrain in one hex (or crossed, or in the zone of fire): card indexes. */
struct tset {
	unsigned char items[TSET_MAX];
	unsigned char count;
};

bool tset_add(struct tset *s, int terrain);
bool tset_has(const struct tset *s, int terrain);
bool tset_remove(struct tset *s, int terrain);

struct cardpath;

/* Load a card file; problems go to dl. On false the card is freed. A card that
 * `extends:` another is read over it: the other card is looked for beside the
 * file, then along the card path `cp` (which may be NULL). */
bool card_load(struct card *card, const char *path, const struct cardpath *cp,
               struct diag_list *dl);
/* card_load of a file already read whole into doc, with the card limits
 * (ydoc_load_file; or hexfile_open, then ydoc_load_rest): the same card and the
 * same diagnostics, without reading the file again. The doc stays the
 * caller's to free. */
bool card_load_doc(struct card *card, struct ydoc *doc, const struct cardpath *cp,
                   struct diag_list *dl);
void card_free(struct card *card);
/* The card format's JSON Schema, written from the readers' field tables
 * (`hexaid schema card`); id is its $id. */
void card_schema_write(FILE *out, const char *id);

/* Index of an id in the card's vocabularies, or -1. */
int card_class(const struct card *card, const char *id);
/* A terrain by its id or one of its aliases; card_terrain_id: by its id only. */
int card_terrain(const struct card *card, const char *id);
int card_terrain_id(const struct card *card, const char *id);
int card_word(const struct card *card, enum word_list_id list, const char *id);

/* The ids a fact of this type may take in this card (free the array, not the
 * strings), how many there are, the index of one, and the id at an index. */
const char **card_vocabulary(const struct card *card, enum fact_type type, size_t *n);
size_t card_vocabulary_count(const struct card *card, enum fact_type type);
int card_vocabulary_find(const struct card *card, enum fact_type type, const char *id);
const char *card_vocabulary_id(const struct card *card, enum fact_type type, int index);
/* What the ids of each type are, for messages: "unit class", "terrain", ... */
extern const char *const card_vocabulary_what[];
int card_setting(const struct card *card, const char *id);
int card_setting_choice(const struct setting *s, const char *choice);
int card_category(const struct card *card, const char *id);
int card_table(const struct card *card, const char *id);
int card_die(const struct card *card, const char *id);
/* The phase with this id, or -1. */
int card_phase(const struct card *card, const char *id);

/* The event a word names (an action's word, or a trigger's: battle, enter):
 * its trigger and, for an action, its index in card->actions. False when the
 * card has no such event. */
bool card_event_find(const struct card *card, const char *word, enum event_on *on, int *action);
/* The word of an event rule's trigger, as the card writes it ("" when none). */
const char *card_event_word(const struct card *card, const struct rule *r);
/* Does the rule answer this event (trigger and, for an action, which)? */
bool card_event_is(const struct rule *r, enum event_on on, int action);

/* The resolution of a combat type, or NULL when its battles are not settled on a table. */
const struct resolution *card_resolution(const struct card *card, int combat);

/* The face a side of a die shows (sides numbered 0..total-1), and the first side
 * showing a face. */
int die_face_of_side(const struct die_kind *d, int side);
int die_side_of_face(const struct die_kind *d, int face);
/* The face a word names: its id, name or short form (any case); -1. */
int die_face_named(const struct die_kind *d, const char *word);

/* Is class `c` the class `kind` or one of its kinds (light infantry is infantry)? */
bool card_class_is(const struct card *card, int c, int kind);

/* The class that says a thing for `c`: itself or its nearest kind that does; -1. */
int card_class_fire_from(const struct card *card, int c);
int card_class_combat_from(const struct card *card, int c);
int card_class_move_from(const struct card *card, int c);
/* Does any rule of the card (terrain, modifiers, events) test fact f? */
bool card_tests_fact(const struct card *card, enum fact f);
int card_class_battle_move_from(const struct card *card, int c);
int card_class_dice_from(const struct card *card, int c, int combat);
int card_class_retreat_from(const struct card *card, int c);
int card_class_sight_from(const struct card *card, int c);
int card_class_value_from(const struct card *card, int c, int value);

/* The unit value with this id, or -1; the first of a use, or -1. */
int card_value(const struct card *card, const char *id);
int card_value_of_use(const struct card *card, enum value_use use);
/* Does a battle of this combat type need the value? */
bool card_value_needed(const struct card *card, int value, int combat);

/* `dice: { melee: 3, ranged: [0, 2, 1] }` (a class's or a scenario unit's):
 * battle dice by combat type, one number for any distance or a list by
 * distance; dice[c].n stays 0 where nothing is given. */
bool card_read_battle_dice(struct ydoc *doc, const struct card *card, const struct ynode *n,
                           struct class_dice *dice);
/* `values: { cohesion: 3 }` (a class's or a scenario unit's): the card's unit
 * values by id. */
bool card_read_unit_values(struct ydoc *doc, const struct card *card, const struct ynode *n,
                           long *values, unsigned *given);

/* Does any terrain of the card have rules in section s? */
bool card_has_section(const struct card *card, enum section s);


/* The most a class may move through terrain of any one category (the clear
 * ground's, as a rule), in halves; -1 when the card has no categories for it. */
long card_class_best_allowance(const struct card *card, int cls);

#endif
