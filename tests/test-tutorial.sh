#!/bin/sh
# test-tutorial.sh — every command doc/tutorial.md tells a learner to type
# runs: exit 0, or 1 where the lesson shows a finding; and every page a
# lesson writes is there afterwards.  Run by `make check` from the top build
# directory; tests/doc-commands.sh says where the commands run.
set -eu
. "${srcdir:-.}/tests/doc-commands.sh"
sed -n 's/^    \(\.\/atomsim .*\|make tests\/.*\)$/\1/p' "$src/doc/tutorial.md" > "$tmp/.commands"
doc_run_all "$tmp/.commands"
for n in 1 2 3 4 5 6 6arm 7 8; do
    if [ -s "$tmp/lesson$n.html" ]; then
        echo "PASS: lesson $n's page is written"
    else
        echo "FAIL: lesson $n's page lesson$n.html was not written"
        failed=$((failed + 1))
    fi
done
[ "$failed" -eq 0 ]
