#!/bin/sh
# test-tutorial.sh — every command doc/tutorial.md tells a learner to type
# runs: exit 0, or 1 where the lesson shows a finding; and every page a
# lesson writes is there afterwards.  Run by `make check` from the top build
# directory.
set -eu
doc=${srcdir:-.}/doc/tutorial.md
failed=0
commands=$(sed -n 's/^    \(\.\/atomsim .*\|make tests\/.*\)$/\1/p' "$doc")
[ -n "$commands" ] || { echo "FAIL: no commands found in $doc"; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tutorial.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
echo "$commands" > "$tmp/commands"
while IFS= read -r cmd; do
    # the pages go to a temporary directory, not the build tree
    run=$(printf '%s\n' "$cmd" | sed "s| \(lesson[0-9a-z]*\.html\)| $tmp/\1|g")
    status=0
    sh -c "$run" >"$tmp/out" 2>&1 </dev/null || status=$?
    if [ "$status" -gt 1 ]; then
        echo "FAIL: exit $status: $cmd"
        sed 's/^/#   /' "$tmp/out" | tail -n 5
        failed=$((failed + 1))
    else
        echo "PASS: $cmd"
    fi
done < "$tmp/commands"
for n in 1 2 3 4 5 6 6arm 7; do
    if [ -s "$tmp/lesson$n.html" ]; then
        echo "PASS: lesson $n's page is written"
    else
        echo "FAIL: lesson $n's page lesson$n.html was not written"
        failed=$((failed + 1))
    fi
done
[ "$failed" -eq 0 ]
