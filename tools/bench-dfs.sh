#!/bin/sh
# bench-dfs.sh — how many schedules `--sched dfs` runs to exhaust a clean
# program, and how long it takes, for two atomsim builds side by side (to
# see what the reduction of equivalent interleavings saves).  Run from the
# build directory after `make check` (it uses tests/guest/):
#   tools/bench-dfs.sh [OTHER_ATOMSIM]     (default: ./atomsim alone)
set -e
other=${1:-}
# "runs cut skipped seconds" of one exhaustive search
search() {
    "$@" | sed -n 's/.*dfs:[0-9]* ran \([0-9]*\) schedules in \([0-9.]*\) s\( (\([0-9]*\) cut short and \([0-9]*\) not started\)\{0,1\}.*/\1|\4|\5|\2/p' |
        awk -F'|' '{ printf "%6s %5s %5s %6s", $1, $2 == "" ? "-" : $2, $3 == "" ? "-" : $3, $4 }'
}
printf '%-8s %-28s %-6s' cpu program search
[ -n "$other" ] && printf ' | %6s %5s %5s %6s' other cut skip s
printf ' | %6s %5s %5s %6s\n' runs cut skip s
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
