#!/bin/sh
# test-readme.sh — every command README.md shows a user typing runs as
# written: exit 0, or 1 where it shows a finding.  The program of "Writing
# your own program" is saved as hits.c, for the commands that compile it
# with tools/atomsim-cc and run it.  Commands that name a placeholder
# (prog.elf) or another machine's tool (parallel, sbatch), and the
# install-and-build line, are left out.  Run by `make check` from the top
# build directory; tests/doc-commands.sh says where the commands run.
set -eu
. "${srcdir:-.}/tests/doc-commands.sh"
set -- "$src/README.md"

# "    $ ./atomsim ..." and "    ./atomsim ..." lines.
sed -n 's/^ \{4,\}\(\$ \)\{0,1\}\(\.\/atomsim .*\|tools\/atomsim-cc .*\)$/\2/p' "$@" |
    grep -v 'prog\.elf' > "$tmp/.commands"

# The program under "## Writing your own program": its indented lines up to
# the next text.
awk '/^## Writing your own program/ { on = 1; next }
     on && /^[^ ]/ && NF { exit }
     on { sub(/^    /, ""); print }' "$@" > "$tmp/hits.c"
grep -q 'int main' "$tmp/hits.c" || { echo "FAIL: no program under 'Writing your own program'"; exit 1; }

doc_run_all "$tmp/.commands"
[ "$failed" -eq 0 ]
