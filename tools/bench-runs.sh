#!/bin/sh
# bench-runs.sh — schedules per second on a 2-core program of a few visible
# operations per core (counter-atomic, one increment each), on --jobs 1 and
# --jobs 2, alternating, median of ROUNDS rounds, per cpu; with OTHER (another
# build's atomsim), both builds side by side in the same rounds.
# Run from the build directory after `make`:
#   tools/bench-runs.sh [ROUNDS] [RUNS] [OTHER_ATOMSIM]
set -e
rounds=${1:-5}
runs=${2:-20000}
other=${3:-}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
rate() { "$@" | sed -n 's/.* s, \([0-9]*\) runs\/s.*/\1/p'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
builds="this"
[ -n "$other" ] && builds="other this"
for cpu in $(sed -n 's/^GUEST_CPUS = //p' Makefile); do
    ATOMSIM_RUNTIME_DIR=programs ATOMSIM_INCLUDE_DIR=programs/include \
        tools/atomsim-cc --cpu "$cpu" -DITER=1 -o "$dir/$cpu.elf" \
        "$(dirname "$0")/../programs/examples/counter-atomic.c"
    for b in $builds; do for j in 1 2; do : > "$dir/$b-$j"; done; done
    for r in $(seq "$rounds"); do
        for j in 1 2; do
            for b in $builds; do
                exe=./atomsim
                [ "$b" = other ] && exe=$other
                rate "$exe" --runs "$runs" --jobs "$j" "$dir/$cpu.elf" >> "$dir/$b-$j"
            done
        done
    done
    for b in $builds; do
        one=$(median < "$dir/$b-1"); two=$(median < "$dir/$b-2")
        printf '%-8s %-5s --jobs 1 %6d runs/s   --jobs 2 %6d runs/s   ratio %s' \
            "$cpu" "$b" "$one" "$two" "$(ratio "$two" "$one")"
        [ "$b" = this ] && [ -n "$other" ] &&
            printf '   this/other --jobs 1 %s' "$(ratio "$one" "$(median < "$dir/other-1")")"
        printf ' (median of %d)\n' "$rounds"
    done
done
