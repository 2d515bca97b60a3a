#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# bootstrap.sh: ./bootstrap's own command line (what it does is what CI runs), and
# the README's package list naming every package bootstrap installs.
. "$top_srcdir/tests/tap.sh"
tap_tmpdir
bs="$top_srcdir/bootstrap"

sh "$bs" --help >"$tap_tmp/out" 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(cat "$tap_tmp/err")" "0:" "bootstrap --help exits 0, nothing on stderr"
grep -q '^usage: ./bootstrap run|check|build' "$tap_tmp/out" && grep -q '^  deps ' "$tap_tmp/out"
tap_ok $? "bootstrap --help prints the usage and each action on stdout"

sh "$bs" deps bogus >"$tap_tmp/out" 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(head -n 1 "$tap_tmp/err")" "2:bootstrap: deps: unknown set 'bogus' (check, harden or dist)" \
	"bootstrap deps with an unknown set exits 2 and says so"
sh "$bs" deps check harden >/dev/null 2>&1; st=$?
tap_is "$st" 2 "bootstrap deps with two sets exits 2"
sh "$bs" frobnicate >"$tap_tmp/out" 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(cat "$tap_tmp/out"):$(head -n 1 "$tap_tmp/err")" \
	"2::usage: ./bootstrap run|check|build [CONFIGURE-OPTION...]" \
	"an unknown action exits 2 with the usage on stderr"

# The packages bootstrap installs to build and to test are the README's list.
pkgs=$(sed -n 's/^\(build\|check\)_pkgs="\(.*\)"$/\2/p' "$bs")
readme=$(tr '\n' ' ' <"$top_srcdir/README.md")
missing=
for p in $pkgs; do
	case $readme in *[\ \`]"$p"[\ \`]*) ;; *) missing="$missing $p" ;; esac
done
tap_is "${missing# }" "" "README's package list names every package bootstrap installs"
grep -q 'check_pkgs=".*man-db' "$bs"
tap_ok $? "bootstrap installs man-db for the tests (the man pages' rendering checks)"

# Under sudo, then without: bootstrap in a small tree of its own (a configure and
# a Makefile that only write a file), `sudo` standing for the real one by
# setpriv. What bootstrap writes under sudo belongs to the user who called it, so
# that user's own `./bootstrap build` goes on in the same build/.
user=nobody
if [ "$(id -u)" -ne 0 ] || ! command -v setpriv >/dev/null 2>&1 || ! id -u "$user" >/dev/null 2>&1; then
	for d in "files bootstrap writes under sudo belong to the user who called sudo" \
		"that user's own bootstrap build then works" \
		"a missing package's hint starts with apt-get update"; do
		tap_skip "$d" "needs root, setpriv and a user $user"
	done
else
	uid=$(id -u "$user")
	gid=$(id -g "$user")
	tree="$tap_tmp/tree"
	mkdir -p "$tree" "$tap_tmp/bin"
	cp "$bs" "$tree/bootstrap"
	printf 'AC_INIT\n' >"$tree/configure.ac"
	: >"$tree/Makefile.am"
	printf '#!/bin/sh\nprintf "all:\\n\\t@echo built >built\\n" >Makefile\nprintf "#!/bin/sh\\n" >config.status\n' \
		>"$tree/configure"
	touch -d '+1 minute' "$tree/configure"
	chmod 755 "$tree/configure"
	chmod 777 "$tree"
	chmod 755 "$tap_tmp" "$tap_tmp/bin"
	# sudo -u USER -- COMMAND..., as bootstrap calls it
	printf '#!/bin/sh\n[ "$1" = -u ] && [ "$3" = -- ] || exit 99\nshift 3\nexec setpriv --reuid=%s --regid=%s --clear-groups -- "$@"\n' \
		"$uid" "$gid" >"$tap_tmp/bin/sudo"
	chmod 755 "$tap_tmp/bin/sudo"
	PATH="$tap_tmp/bin:$PATH" SUDO_USER=$user SUDO_UID=$uid SUDO_GID=$gid \
		sh "$tree/bootstrap" build >"$tap_tmp/out" 2>&1
	st=$?
	owners=$(find "$tree/build" ! -user "$user" | sed "s|^$tree/||")
	tap_is "$st:$owners" "0:" "files bootstrap writes under sudo belong to the user who called sudo"
	setpriv --reuid="$uid" --regid="$gid" --clear-groups -- sh "$tree/bootstrap" build \
		>"$tap_tmp/out" 2>&1
	tap_is "$?:$(cat "$tree/build/built")" "0:built" "that user's own bootstrap build then works"
	# A package missing (dpkg-query says so) for a user who is not root: the
	# line to run as root works on a fresh system, package lists fetched first.
	printf '#!/bin/sh\necho "unknown ok not-installed"\n' >"$tap_tmp/bin/dpkg-query"
	chmod 755 "$tap_tmp/bin/dpkg-query"
	PATH="$tap_tmp/bin:$PATH" setpriv --reuid="$uid" --regid="$gid" --clear-groups -- \
		sh "$tree/bootstrap" deps >"$tap_tmp/out" 2>&1
	tap_is "$?:$(sed -n 2p "$tap_tmp/out" | cut -d " " -f 1-9)" \
		"1:  apt-get update && apt-get install -y gcc" \
		"a missing package's hint starts with apt-get update"
fi
tap_done
