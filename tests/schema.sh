#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# schema.sh: `hexaid schema card|scenario`, the JSON Schema of the formats,
# written from the readers' own field tables. The schemas installed under the
# data directory are the program's; every shipped card and scenario names
# them on its first line and is valid against them; the fixtures of
# tests/cards/bad that are schema matters (a wrong type, an unknown key, a
# missing key, a word that is no choice) are rejected; and every key the readers
# read by hand (ymap_find) is a key of the schema, as is every key of the rules'
# vocabularies (list-facts.h, list-effects.h), and the reverse.
. "$top_srcdir/tests/tap.sh"
tap_tmpdir
data=$top_srcdir/data

for f in card scenario; do
	"$HEXAID" schema $f >"$tap_tmp/$f.json"; st=$?
	tap_is "$st" 0 "hexaid schema $f"
	cmp -s "$tap_tmp/$f.json" "$data/schema/$f.schema.json"
	tap_ok $? "data/schema/$f.schema.json is what hexaid schema $f writes (regenerate it when a reader changes)"
done
"$HEXAID" schema save >/dev/null 2>&1
tap_is "$?" 2 "a format hexaid has no schema for is a usage error"

bad=0
for f in "$data"/cards/*.yaml "$data"/examples/*.yaml; do
	[ "$(head -n 1 "$f")" = '# yaml-language-server: $schema=../schema/card.schema.json' ] || { bad=1; echo "# $f"; }
done
for f in "$data"/scenarios/*.yaml; do
	[ "$(head -n 1 "$f")" = '# yaml-language-server: $schema=../schema/scenario.schema.json' ] || { bad=1; echo "# $f"; }
done
tap_is "$bad" 0 "each shipped card and scenario names its schema on its first line"
# and so does the card new-card begins, naming the schema of the data directory
(cd "$tap_tmp" && "$HEXAID" new-card mine >/dev/null)
first=$(head -n 1 "$tap_tmp/mine.yaml")
named=${first#'# yaml-language-server: $schema='}
[ "$named" != "$first" ] && cmp -s "$named" "$data/schema/card.schema.json"
tap_ok $? "new-card's card names the card schema on its first line ($first)"

# The keys of the schema: every property name of every definition.
keys_of() {
	python3 -c 'import json,sys
for path in sys.argv[1:]:
    for d in json.load(open(path))["$defs"].values():
        for k in d.get("properties", {}):
            print(k)' "$@" | sort -u
}
if ! python3 -c 'import json' 2>/dev/null; then
	tap_skip "the schema's keys are the readers'" "no python3"
else
	keys_of "$tap_tmp/card.json" "$tap_tmp/scenario.json" >"$tap_tmp/schema-keys"
	# what the readers read: the keys of their tables' rows, the keys read by
	# hand, the facts and effects
	src=$top_srcdir/src/data
	{
		sed -n 's/.*ymap_find(\(n\|e\|root\|n->items\[i\]\|doc->root\|entry\|rules->items\[i\]\), "\([a-z_]*\)").*/\2/p' \
			"$src"/card*.c "$src"/scenario.c
		sed -n 's/^\s*{ "\([a-z_]*\)", \(AS_\|READ_BY\).*/\1/p; s/^\s*KEY("\([a-z_]*\)",.*/\1/p' \
			"$src"/card*.c "$src"/scenario.c
		sed -n 's/^\(NUMBER_\)\?FACT([A-Z_]*, "\([a-z_]*\)".*/\2/p' "$src"/list-facts.h
		sed -n 's/^EFFECT([A-Z_]*, "\([a-z_]*\)".*/\1/p' "$src"/list-effects.h
	} | sort -u >"$tap_tmp/read-keys"
	tap_is "$(comm -23 "$tap_tmp/read-keys" "$tap_tmp/schema-keys")" "" "every key the readers read is in the schema"
	tap_is "$(comm -13 "$tap_tmp/read-keys" "$tap_tmp/schema-keys")" "" "every key of the schema is one the readers read"
	python3 -c 'import json,sys
bare = []
for path in sys.argv[1:]:
    for name, d in json.load(open(path))["$defs"].items():
        for k, p in d.get("properties", {}).items():
            if not p.get("description"):
                bare.append(name + "." + k)
print(" ".join(bare))' "$tap_tmp/card.json" "$tap_tmp/scenario.json" >"$tap_tmp/bare"
	tap_is "$(cat "$tap_tmp/bare")" "" "every key of the schema says what it means"
fi

validate() { # SCHEMA FILE...
	python3 "$top_srcdir/tests/schema-validate.py" "$@"
}
validate "$tap_tmp/card.json" >"$tap_tmp/probe"
if [ $? -eq 77 ]; then
	tap_skip "the schemas validate the shipped files" "$(cat "$tap_tmp/probe")"
	tap_done
fi
out=$(validate "$tap_tmp/card.json" "$data"/cards/*.yaml "$data"/examples/*.yaml | grep -v ': ok$')
tap_is "$out" "" "every shipped card is valid against the card schema"
out=$(validate "$tap_tmp/scenario.json" "$data"/scenarios/*.yaml | grep -v ': ok$')
tap_is "$out" "" "every shipped scenario is valid against the scenario schema"

# The fixtures whose mistake is the schema's to find: each is invalid (one
# validator run for all of a schema's fixtures: python's start is most of a run).
bad=$top_srcdir/tests/cards/bad
rejects() { # SCHEMA FIXTURE...: a TAP line for each fixture the schema must reject
	schema=$1
	shift
	for f in "$@"; do set -- "$@" "$bad/$f.yaml"; shift; done
	validate "$tap_tmp/$schema.json" "$@" >"$tap_tmp/verdicts"
	for path in "$@"; do
		grep -qF "$path: invalid: " "$tap_tmp/verdicts"
		tap_ok $? "the $schema schema rejects ${path##*/}"
	done
}
rejects card bad-id costs-bad-points empty event-enter-errors missing-kind missing-title \
	not-a-mapping resolution-errors rule-amount-not-number rule-bad-distance \
	rule-flag-false rule-unknown-condition schema-not-number schema-too-new \
	sequence-errors sequence-unknown-command table-legend-errors terrain-kind-glyph \
	title-is-list too-many-errors unit-values-errors unknown-key unknown-kind
rejects scenario scenario-missing-card scenario-unknown-key scenario-entry-unknown-key \
	scenario-turns-zero scenario-turns-negative scenario-turns-not-number
tap_done
