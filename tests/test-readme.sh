#!/bin/sh
# test-readme.sh — every command README.md and the manual (doc/manual.md)
# show a user typing runs as written: exit 0, or 1 where it shows a
# finding.  The program of "Writing your own program" is saved as hits.c,
# for the commands that compile it with tools/atomsim-cc and run it.
# Commands that name a placeholder (prog.elf) or another machine's tool
# (parallel, sbatch), and the install-and-build line, are left out.  Run by
# `make check` from the top build directory; tests/doc-commands.sh says
# where the commands run.
set -eu
. "${srcdir:-.}/tests/doc-commands.sh"
# README first, then the manual, each in its order.
set -- "$src/README.md" "$src/doc/manual.md"

# "    $ ./atomsim ..." and "    ./atomsim ..." lines.
sed -n 's/^ \{4,\}\(\$ \)\{0,1\}\(\.\/atomsim .*\|tools\/atomsim-cc .*\)$/\2/p' "$@" |
    grep -v 'prog\.elf' > "$tmp/.commands"

# The program under "## Writing your own program", in whichever document
# has it: its indented lines up to the next text.
awk '/^## Writing your own program/ { on = 1; next }
     on && /^[^ ]/ && NF { exit }
     on { sub(/^    /, ""); print }' "$@" > "$tmp/hits.c"
grep -q 'int main' "$tmp/hits.c" || { echo "FAIL: no program under 'Writing your own program'"; exit 1; }

doc_run_all "$tmp/.commands"

# README counts the tutorial's lessons in words: each count must be the
# tutorial's own, its numbered sections.
lessons=$(grep -c '^## [0-9]*\. ' "$src/doc/tutorial.md")
word=$(echo "one two three four five six seven eight nine ten eleven twelve" | cut -d' ' -f"$lessons")
counts=$(tr -s ' \n' '  ' < "$src/README.md" | grep -o '[a-z]* short lessons' | cut -d' ' -f1 | sort -u)
if [ "$counts" = "$word" ]; then
    echo "PASS: README says the tutorial has $word lessons"
else
    echo "FAIL: README counts the tutorial's lessons as '$counts', not $word"; failed=$((failed + 1))
fi
[ "$failed" -eq 0 ]
