#!/bin/sh
# test-readme.sh — every command README.md shows a user typing runs as
# written: exit 0, or 1 where it shows a finding.  The program of "Writing
# your own program" is compiled with tools/atomsim-cc and run, as README
# says.  Commands that name a placeholder (prog.elf) or another machine's
# tool (parallel, sbatch), and the install-and-build line, are left out.
# Run by `make check` from the top build directory.
set -eu
readme=${srcdir:-.}/README.md
build=$(pwd)
failed=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/readme.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# "    $ ./atomsim ..." and "    ./atomsim ..." lines; files they write go
# to the temporary directory, where the commands run.
sed -n 's/^ \{4,\}\(\$ \)\{0,1\}\(\.\/atomsim .*\|tools\/atomsim-cc .*\)$/\2/p' "$readme" |
    grep -v 'prog\.elf' > "$tmp/commands"
[ -s "$tmp/commands" ] || { echo "FAIL: no commands found in $readme"; exit 1; }

# The program under "## Writing your own program": its indented lines up to
# the next text.
awk '/^## Writing your own program/ { on = 1; next }
     on && /^[^ ]/ && NF { exit }
     on { sub(/^    /, ""); print }' "$readme" > "$tmp/hits.c"
grep -q 'int main' "$tmp/hits.c" || { echo "FAIL: no program under 'Writing your own program'"; exit 1; }

while IFS= read -r cmd; do
    run=$(printf '%s\n' "$cmd" | sed -e "s|^\./atomsim|$build/atomsim|" \
        -e "s|^tools/atomsim-cc|$build/tools/atomsim-cc|" \
        -e "s| programs/| $build/programs/|g" -e "s| tests/| $build/tests/|g")
    status=0
    (cd "$tmp" && sh -c "$run") >"$tmp/out" 2>&1 </dev/null || status=$?
    # atomsim exits 1 for a finding; anything else must succeed
    case $cmd in ./atomsim*) worst=1 ;; *) worst=0 ;; esac
    if [ "$status" -gt "$worst" ]; then
        echo "FAIL: exit $status: $cmd"
        sed 's/^/#   /' "$tmp/out" | tail -n 5
        failed=$((failed + 1))
    else
        echo "PASS: $cmd"
    fi
done < "$tmp/commands"
[ "$failed" -eq 0 ]
