#!/bin/sh
# bench-runs.sh — schedules per second on a 2-core program of a few visible
# operations per core (counter-atomic, one increment each), on --jobs 1 and
# --jobs 2, alternating, median of ROUNDS rounds, per cpu.
# Run from the build directory after `make`:  tools/bench-runs.sh [ROUNDS] [RUNS]
set -e
rounds=${1:-5}
runs=${2:-20000}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
for cpu in $(sed -n 's/^GUEST_CPUS = //p' Makefile); do
    ATOMSIM_RUNTIME_DIR=programs ATOMSIM_INCLUDE_DIR=programs/include \
        tools/atomsim-cc --cpu "$cpu" -DITER=1 -o "$dir/$cpu.elf" \
        "$(dirname "$0")/../programs/examples/counter-atomic.c"
    : > "$dir/1"; : > "$dir/2"
    for r in $(seq "$rounds"); do
        for j in 1 2; do
            ./atomsim --runs "$runs" --jobs "$j" "$dir/$cpu.elf" |
                sed -n 's/.* s, \([0-9]*\) runs\/s.*/\1/p' >> "$dir/$j"
        done
    done
    one=$(median < "$dir/1"); two=$(median < "$dir/2")
    printf '%-8s --jobs 1 %6d runs/s   --jobs 2 %6d runs/s   ratio %s (median of %d)\n' \
        "$cpu" "$one" "$two" "$(awk -v a="$two" -v b="$one" 'BEGIN { printf "%.2f", a / b }')" "$rounds"
done
