#!/bin/sh
# bench-step.sh — how long `atomsim step` takes to answer a key, against how
# far into the run it is: each command runs the program again from reset
# along the schedule made so far.  For each prefix of N steps (cpu0 and
# cpu1 alternating, given with --sched replay:FILE), the median over RUNS scripts of
# 20 commands (10 steps, 10 undos) of the time a command takes.  Run from
# the top of a built tree after `make check` (the default program is one
# of its guest tests, a counter that runs 3 million steps):
#   tools/bench-step.sh [PROGRAM.elf [RUNS]]
set -eu
prog=${1:-tests/guest/x86/counter-long.elf}
runs=${2:-5}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-step.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
script=$(for i in 1 2 3 4 5 6 7 8 9 10; do echo $((i % 2)); echo u; done)
printf '%-10s %s\n' "prefix" "ms a command (median of $runs)"
for n in 0 100 1000 10000 50000; do
    schedule=
    if [ "$n" -gt 0 ]; then
        awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++) printf "%s%d:1", i ? "," : "", i % 2 }' \
            >"$tmp/prefix"
        schedule="--sched replay:$tmp/prefix"
    fi
    for r in $(seq "$runs"); do
        start=$(date +%s.%N)
        # shellcheck disable=SC2086
        printf '%s\n' "$script" | ./atomsim step $schedule "$prog" >/dev/null 2>"$tmp/err" ||
            { echo "bench-step: $prog, $n steps: $(cat "$tmp/err")" >&2; exit 1; }
        end=$(date +%s.%N)
        echo "$start $end" | awk '{ printf "%.2f\n", ($2 - $1) * 1000 / 21 }'
    done | sort -n | awk -v n="$n" '{ a[NR] = $1 } END { printf "%-10s %s\n", n, a[int((NR + 1) / 2)] }'
done
