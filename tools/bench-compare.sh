#!/bin/sh
# bench-compare.sh — this build's atomsim against another, side by side in
# one run, alternating, medians of ROUNDS: the time of one long run (the
# atomic counter and the plain one, 200000 increments per core, every
# detector on) and the runs per second of --runs on a one-increment counter.
# A ratio is other's time / this build's (above 1: this build is faster).
# Run from the build directory after `make`:
#   tools/bench-compare.sh OTHER_ATOMSIM [ROUNDS] [RUNS]
set -e
other=${1:?usage: tools/bench-compare.sh OTHER_ATOMSIM [ROUNDS] [RUNS]}
rounds=${2:-5}
runs=${3:-20000}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
seconds() { s=$(date +%s.%N); "$@" > /dev/null || true; awk -v a="$s" -v b="$(date +%s.%N)" 'BEGIN { print b - a }'; }
rate() { "$@" | sed -n 's/.* s, \([0-9]*\) runs\/s.*/\1/p'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
printf '%-8s %-16s %10s %10s %6s\n' cpu measure other this ratio
for cpu in $(sed -n 's/^GUEST_CPUS = //p' Makefile); do
    for p in counter-atomic counter; do
        tools/atomsim-cc --cpu "$cpu" -DITER=200000 -o "$dir/$cpu-$p.elf" \
            "$(dirname "$0")/../programs/examples/$p.c"
    done
    tools/atomsim-cc --cpu "$cpu" -DITER=1 -o "$dir/$cpu-once.elf" \
        "$(dirname "$0")/../programs/examples/counter-atomic.c"
    for m in counter-atomic counter runs; do : > "$dir/a-$m"; : > "$dir/b-$m"; done
    for r in $(seq "$rounds"); do
        for p in counter-atomic counter; do
            seconds "$other" "$dir/$cpu-$p.elf" >> "$dir/a-$p"
            seconds ./atomsim "$dir/$cpu-$p.elf" >> "$dir/b-$p"
        done
        rate "$other" --runs "$runs" "$dir/$cpu-once.elf" >> "$dir/a-runs"
        rate ./atomsim --runs "$runs" "$dir/$cpu-once.elf" >> "$dir/b-runs"
    done
    for p in counter-atomic counter; do
        a=$(median < "$dir/a-$p"); b=$(median < "$dir/b-$p")
        printf '%-8s %-16s %9.2fs %9.2fs %6s\n' "$cpu" "$p run" "$a" "$b" "$(ratio "$a" "$b")"
    done
    a=$(median < "$dir/a-runs"); b=$(median < "$dir/b-runs")
    printf '%-8s %-16s %8d/s %8d/s %6s\n' "$cpu" "--runs $runs" "$a" "$b" "$(ratio "$b" "$a")"
done
