#!/bin/sh
# bench-dfs.sh — how many schedules `--sched dfs` runs to exhaust a clean
# program, and how long it takes, for two atomsim builds side by side (to
# see what the reduction of equivalent interleavings saves).  Per search:
# schedules run, of them completed (not cut short), cut short, children not
# started, distinct interleavings completed (classes), completed/classes,
# seconds.  Run from the build directory after `make check` (it uses
# tests/guest/):
#   tools/bench-dfs.sh [OTHER_ATOMSIM]     (default: ./atomsim alone)
set -e
other=${1:-}
# "runs completed cut skipped distinct ratio seconds" of one exhaustive
# search: completed runs were not cut short; distinct interleavings (and
# completed/distinct) are '-' for a build that does not count them
search() {
    "$@" | awk '
        function count(what,   n) {
            if (!match($0, "[0-9]+ " what)) return "-"
            n = substr($0, RSTART, RLENGTH); sub(/ .*/, "", n); return n
        }
        / ran [0-9]+ schedules in / {
            runs = $0; sub(/.* ran /, "", runs); sub(/ .*/, "", runs)
            secs = $0; sub(/.* schedules in /, "", secs); sub(/ .*/, "", secs)
            cut = count("cut short"); skip = count("not started")
            distinct = count("distinct interleavings")
            done = cut == "-" ? runs : runs - cut
            ratio = distinct == "-" || distinct == 0 ? "-" : sprintf("%.2f", done / distinct)
            printf "%6s %6s %5s %5s %7s %5s %6s", runs, done, cut, skip, distinct, ratio, secs
        }'
}
header() {
    printf ' | %6s %6s %5s %5s %7s %5s %6s' "$1" done cut skip classes ratio s
}
printf '%-8s %-28s %-6s' cpu program search
[ -n "$other" ] && header other
header runs
printf '\n'
for cpu in $(sed -n 's/^GUEST_CPUS = //p' Makefile); do
    for spec in "2 dfs:2 tests/guest/$cpu/counter-atomic-once.elf" \
                "3 dfs:2 tests/guest/$cpu/counter-atomic-once.elf" \
                "2 dfs:1 programs/$cpu/fetch-vs-return.elf" \
                "2 dfs:2 programs/$cpu/fetch-vs-return.elf"; do
        set -- $spec
        printf '%-8s %-28s %-6s' "$cpu" "$(basename "$3" .elf) x$1" "$2"
        [ -n "$other" ] && printf ' | %s' "$(search "$other" --cores "$1" --sched "$2" "$3")"
        printf ' | %s\n' "$(search ./atomsim --cores "$1" --sched "$2" "$3")"
    done
done
