#!/bin/sh
# test-install.sh — `make install` into a staging directory puts everything
# a user looks for in place: the programs, their manual pages (which list
# the options --help lists and name the manual), the guest SDK with its pkg-config file, and
# the documents.  Run by `make check` from the top build directory.
set -eu
tmp=$(mktemp -d "${TMPDIR:-/tmp}/install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
make -s install DESTDIR="$tmp" >"$tmp/log" 2>&1 || { cat "$tmp/log"; exit 1; }
prefix=$(sed -n 's/^prefix = //p' Makefile)
root=$tmp$prefix
failed=0
check() {   # WHAT, then the test
    what=$1; shift
    if "$@"; then echo "PASS: $what"; else echo "FAIL: $what"; failed=$((failed + 1)); fi
}
check "atomsim and atomsim-cc are installed" test -x "$root/bin/atomsim" -a -x "$root/bin/atomsim-cc"
for page in atomsim atomsim-cc; do
    check "man page $page.1" test -s "$root/share/man/man1/$page.1"
done
# every long option of --help is in the manual page (roff writes - as \-)
sed 's/\\-/-/g' "$root/share/man/man1/atomsim.1" >"$tmp/atomsim.1.txt"
for opt in $(./atomsim --help | sed -n 's/^ *\(--[a-z-]*\).*/\1/p' | sort -u); do
    grep -q -- "$opt" "$tmp/atomsim.1.txt" ||
        { echo "FAIL: atomsim.1 lacks $opt"; failed=$((failed + 1)); }
done
# both pages point to the installed manual
for page in atomsim atomsim-cc; do
    check "$page.1 names the manual" grep -q "$prefix/share/doc/atomsim/manual.md" "$root/share/man/man1/$page.1"
done
pc=$root/lib/pkgconfig/atomsim.pc
check "pkg-config file" test -s "$pc"
check "pkg-config names the installed atomsim-cc" \
    test "$(PKG_CONFIG_PATH=$root/lib/pkgconfig pkg-config --variable=atomsim_cc atomsim)" = "$prefix/bin/atomsim-cc"
check "the guest headers" test -s "$root/include/atomsim/atomsim.h" -a -s "$root/include/atomsim/atomic.h" \
    -a -s "$root/include/atomsim/litmus-linux.h"
for doc in README.md NEWS manual.md tutorial.md internals.md report.schema.json img/lesson6.png; do
    check "doc $doc" test -s "$root/share/doc/atomsim/$doc"
done
[ "$failed" -eq 0 ]
