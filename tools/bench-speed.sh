#!/bin/sh
# bench-speed.sh — atomsim against one free-running Unicorn engine on every
# cpu: counter-atomic with a long loop, 2 cores, --sched random, events, the
# exclusive monitor (address policy) and every detector (lost updates,
# lockstat, deadlock and livelock) on, no trace.
# Run from the build directory after `make`:  tools/bench-speed.sh [ROUNDS]
set -e
rounds=${1:-7}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
make -s tools/bench-speed
for cpu in $(sed -n 's/^GUEST_CPUS = //p' Makefile); do
    ATOMSIM_RUNTIME_DIR=programs ATOMSIM_INCLUDE_DIR=programs/include \
        tools/atomsim-cc --cpu "$cpu" -DITER=200000 -o "$dir/$cpu.elf" \
        "$(dirname "$0")/../programs/examples/counter-atomic.c"
    tools/bench-speed "$dir/$cpu.elf" "$rounds"
done
