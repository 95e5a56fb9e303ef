#!/bin/sh
# bench-memory.sh — atomsim's peak memory (maximum resident set) with 64
# cores on every cpu: counter-atomic, every detector on, --json written.
# Run from the build directory after `make`:  tools/bench-memory.sh [CORES]
set -e
cores=${1:-64}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for cpu in $(sed -n 's/^GUEST_CPUS = //p' Makefile); do
    /usr/bin/time -f "%M" -o "$dir/kib" ./atomsim --cores "$cores" --json "$dir/report.json" \
        "programs/$cpu/counter-atomic.elf" > /dev/null || true
    printf '%-8s %3d cores   peak %5d MiB\n' "$cpu" "$cores" $(( $(cat "$dir/kib") / 1024 ))
done
