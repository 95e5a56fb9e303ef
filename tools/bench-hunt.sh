#!/bin/sh
# bench-hunt.sh — runs to the first finding for every broken example on every
# cpu, under --sched random without injection, random with it (the default)
# and --sched pct:2:K, K the steps of one run: the median over SEEDS hunts,
# each from its own first seed (1, 1001, 2001, ...).  Run from the build
# directory after `make`:  tools/bench-hunt.sh [MAX [SEEDS]]
# (CPUS="aarch64 riscv64" limits it to those cpus).
set -e
max=${1:-2000}
seeds=${2:-5}
# The runs one hunt took to find something (max + 1 if it found nothing).
hunt() {
    ./atomsim --cores 2 --runs "$max" "$@" |
        sed -n 's/.*explored \([0-9]*\) runs\{0,1\} .*: \([0-9]*\) with findings/\1 \2/p' |
        awk -v max="$max" '{ print ($2 > 0) ? $1 : max + 1 }'
}
# The median over the hunts, ">MAX" if it is a miss.
runs_to_find() {
    i=0
    while [ "$i" -lt "$seeds" ]; do
        hunt --seed $((i * 1000 + 1)) "$@"
        i=$((i + 1))
    done | sort -n | awk -v max="$max" '{ v[NR] = $1 }
        END { m = v[int((NR + 1) / 2)]; print (m > max) ? ">" max : m }'
}
printf '%-8s %-28s %9s %8s %8s\n' cpu example no-inject random pct:2:K
for cpu in ${CPUS:-$(sed -n 's/^GUEST_CPUS = //p' Makefile)}; do
    for elf in programs/"$cpu"/broken/*.elf; do
        name=$(basename "$elf" .elf)
        [ "$name" = lock-order ] && continue    # deadlocks under every schedule
        steps=$(./atomsim --cores 2 --sched rr "$elf" | sed -n 's/.*instructions, \([0-9]*\) steps$/\1/p' | head -1)
        printf '%-8s %-28s %9s %8s %8s\n' "$cpu" "$name" "$(runs_to_find --no-inject "$elf")" \
            "$(runs_to_find "$elf")" "$(runs_to_find --sched "pct:2:$steps" "$elf")"
    done
done
