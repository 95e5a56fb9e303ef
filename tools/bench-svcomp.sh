#!/bin/sh
# bench-svcomp.sh — atomsim's verdicts on SV-COMP's concurrency tasks
# against the expected ones.  DIR holds tasks as sv-benchmarks has them
# (c/pthread-atomic/: a .yml per task naming its program and its expected
# verdict for unreach-call.prp); fetch them yourself, they are never
# committed here.  Run from the build directory after `make`:
#
#   tools/bench-svcomp.sh DIR [TIME]
#
# For each task with an unreach-call verdict, atomsim --svcomp (doc/manual.md,
# "SV-COMP") on its program (the .yml's input_files, or the .c of the same
# name when that is missing) for x86 (data_model ILP32) or x86_64 (LP64),
# (or CPU, an ILP32 cpu: CPU=arm) with --time-limit TIME (default 60);
# PROP is the property file
# (default DIR/../properties/unreach-call.prp).  Prints one line per task
# (verdict, expected, how, seconds) and a summary: right, wrong, unknown.
set -u
dir=${1:?usage: tools/bench-svcomp.sh DIR [TIME]}
limit=${2:-60}
prop=${PROP:-$dir/../properties/unreach-call.prp}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# yml KEY FILE: the first value of KEY in FILE, quotes and spaces stripped.
yml() {
    sed -n "s/^ *-\{0,1\} *$1: *//p" "$2" | head -1 | tr -d "'\" \r"
}

# The expected verdict for unreach-call in a .yml, or nothing.
expected_unreach() {
    awk '/property_file:/ { p = /unreach-call/ } p && /expected_verdict:/ { print $2; exit }' "$1" |
        tr -d "'\" \r"
}

now() { date +%s.%N; }

printf '%-22s %-8s %-8s %-34s %7s\n' task verdict expected how seconds
right=0 wrong=0 unknown=0 errors=0
for task in "$dir"/*.yml; do
    name=$(basename "$task" .yml)
    expected=$(expected_unreach "$task")
    [ -n "$expected" ] || continue
    input=$dir/$(yml input_files "$task")
    [ -f "$input" ] || input=$dir/$name.c
    cpu=${CPU:-x86}
    [ -z "${CPU:-}" ] && [ "$(yml data_model "$task")" = LP64 ] && cpu=x86_64
    start=$(now)
    out=$(./atomsim --svcomp "$prop" --witness "$work/$name.yml" --cpu "$cpu" \
              --time-limit "$limit" "$input" 2>&1)
    verdict=$(echo "$out" | sed -n 's/^atomsim: verdict: \([A-Z]*\).*/\1/p' | tr A-Z a-z)
    if [ -z "$verdict" ]; then
        printf '%-22s %-8s %-8s %-34s %7s\n' "$name" error "$expected" \
            "$(echo "$out" | grep -m1 '^atomsim: ' | cut -c10-43)" -
        errors=$((errors + 1))
        continue
    fi
    how=$(echo "$out" | grep -E '^atomsim: (dfs:|explored)' | tail -1 | cut -c10-43)
    seconds=$(awk -v a="$start" -v b="$(now)" 'BEGIN { print b - a }')
    printf '%-22s %-8s %-8s %-34s %7.1f\n' "$name" "$verdict" "$expected" "$how" "$seconds"
    if [ "$verdict" = unknown ]; then
        unknown=$((unknown + 1))
    elif [ "$verdict" = "$expected" ]; then
        right=$((right + 1))
    else
        wrong=$((wrong + 1))
    fi
done
echo "$right right, $wrong wrong, $unknown unknown, $errors errors"
