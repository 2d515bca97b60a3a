# hostile-corpus.sh: writes the hostile YAML corpus into directory $1, one file per
# SPDX-License-Identifier: GPL-3.0-or-later
# attack, generated at test time (nothing large is committed). Sourced by
# tests/hostile.sh and bench/hostile.sh; each line of $1/EXPECT names a file and
# the message its rejection must contain.
hostile_corpus() {
	dir=$1
	mkdir -p "$dir"
	: >"$dir/EXPECT"
	expect() { printf '%s\t%s\n' "$1" "$2" >>"$dir/EXPECT"; }

	awk 'BEGIN { for (i = 0; i < 100000; i++) printf "["; for (i = 0; i < 100000; i++) printf "]"; print "" }' \
		>"$dir/deep-flow.yaml"
	expect deep-flow.yaml "nesting deeper than 64 levels"

	awk 'BEGIN { for (i = 0; i <= 100000; i++) print "- 1" }' \
		>"$dir/long-list.yaml"
	expect long-list.yaml "too many values"

	{
		echo 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'
		prev=a
		for n in b c d e f g h i; do
			printf '%s: &%s [*%s,*%s,*%s,*%s,*%s,*%s,*%s,*%s,*%s]\n' \
				$n $n $prev $prev $prev $prev $prev $prev $prev $prev $prev
			prev=$n
		done
	} >"$dir/billion-laughs.yaml"
	expect billion-laughs.yaml "anchors (&a) are not allowed"

	printf '&a [*a]\n' >"$dir/self-alias.yaml"
	expect self-alias.yaml "anchors (&a) are not allowed"

	printf 'kind: card\nnotes: *nowhere\n' >"$dir/undefined-alias.yaml"
	expect undefined-alias.yaml "aliases (*nowhere) are not allowed"

	{ printf 'notes: '; head -c 50000000 /dev/zero | tr '\0' a; echo; } >"$dir/huge-scalar.yaml"
	expect huge-scalar.yaml "file is too large"

	{ printf 'notes: "'; head -c 70000 /dev/zero | tr '\0' a; echo '"'; } >"$dir/long-scalar.yaml"
	expect long-scalar.yaml "value is too long"

	printf 'kind: card\nkind: card\n' >"$dir/duplicate-keys.yaml"
	expect duplicate-keys.yaml "duplicate key 'kind'"

	printf 'kind: card\ntitle: \303\050\n' >"$dir/invalid-utf8.yaml"
	expect invalid-utf8.yaml "invalid UTF-8 byte 0xc3"

	printf '\376\377\0k\0i\0n\0d\0:\0 \0c\0a\0r\0d\0\n' >"$dir/utf16-bom.yaml"
	expect utf16-bom.yaml "file is in UTF-16"

	printf 'kind: card\ntitle:\n\t- x\n' >"$dir/tabs.yaml"
	expect tabs.yaml "tab character; YAML indents with spaces only"

	printf 'kind: card\0\ntitle: x\n' >"$dir/nul-bytes.yaml"
	expect nul-bytes.yaml "NUL byte in the file"

	: >"$dir/empty.yaml"
	expect empty.yaml "file is empty"

	printf 'kind: !!python/object:os.system card\n' >"$dir/foreign-tag.yaml"
	expect foreign-tag.yaml "tags (tag:yaml.org,2002:python/object:os.system) are not allowed"

	expect /dev/zero "not a regular file"
	expect "$dir" "not a regular file"
}
