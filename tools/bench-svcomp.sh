#!/bin/sh
# bench-svcomp.sh — atomsim's verdicts on SV-COMP's concurrency tasks
# against the expected ones.  DIR holds tasks as sv-benchmarks has them
# (c/pthread-atomic/: a .yml per task naming its program and its expected
# verdict for unreach-call.prp); fetch them yourself, they are never
# committed here.  Run from the build directory after `make`:
#
#   tools/bench-svcomp.sh DIR [TIME]
#
# For each task with an unreach-call verdict: build its program (the .yml's
# input_files, or the .c of the same name when that is missing) with
# atomsim-cc -O0 (every access as the C source has it: SV-COMP's programs
# spin on plain variables) for x86 (data_model ILP32) or x86_64 (LP64),
# (and -fgnu89-inline: some declare plain `inline` functions) with as many
# cores as its threads need; then, under --memory sc (the competition's
# semantics) and --only-reach-error (the property is reach_error, not a
# lost update or a deadlock; abort() is their assume_abort_if_not), each
# run at most MAX_STEPS steps (default 200000: a run that spins longer is
# no finding, and counts against "true"):
#   1. dfs with up to BOUND preemptions (default 3) for TIME/2 seconds:
#      reach_error is "false"; an exhausted search is "true" when the
#      program draws no __VERIFIER_nondet value (dfs explores the
#      interleavings of the seed's values only), no run ran out of steps,
#      and the bound covers it: true of every schedule with at most BOUND
#      preemptions, which is what the "how" column says;
#   2. else a random hunt (random:4 with injection) for the rest of TIME
#      (default 60): reach_error is "false", else "unknown" — a hunt cannot
#      show that no run fails.
# Prints one line per task (verdict, expected, how, seconds) and a summary.
set -u
dir=${1:?usage: tools/bench-svcomp.sh DIR [TIME]}
limit=${2:-60}
bound=${BOUND:-3}
max_steps=${MAX_STEPS:-200000}
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
    cpu=x86
    [ "$(yml data_model "$task")" = LP64 ] && cpu=x86_64
    elf=$work/$name.elf
    start=$(now)
    if [ ! -f "$input" ] ||
        ! tools/atomsim-cc --cpu "$cpu" -O0 -fgnu89-inline -w -o "$elf" "$input" \
            >"$work/cc.log" 2>&1; then
        printf '%-22s %-8s %-8s %-34s %7s\n' "$name" error "$expected" \
            "does not build: $(grep -m1 -o 'error: .*' "$work/cc.log" | cut -c1-26)" -
        errors=$((errors + 1))
        continue
    fi
    # the cores: one more than atomsim says is missing, until none is
    cores=2
    while need=$(./atomsim --cores "$cores" --memory sc --only-reach-error \
                     --max-steps "$max_steps" "$elf" 2>&1 >/dev/null |
                     sed -n 's/.*run it with --cores \([0-9]*\) or more.*/\1/p') &&
          [ -n "$need" ]; do
        cores=$need
    done
    opts="--cores $cores --memory sc --only-reach-error --max-steps $max_steps"
    half=$(( (limit + 1) / 2 ))
    out=$(./atomsim $opts --sched "dfs:$bound" --time-limit "$half" "$elf" 2>&1)
    status=$?
    if [ $status -eq 1 ]; then
        verdict=false how="dfs:$bound found it"
    elif [ $status -eq 0 ] && echo "$out" | grep -q 'the space is exhausted' &&
         ! echo "$out" | grep -q 'ran out of budget' && ! nm "$elf" | grep -q __VERIFIER_nondet; then
        verdict=true how="dfs:$bound exhausted (<= $bound switches)"
    else
        out=$(./atomsim $opts --runs 100000000 --time-limit "$((limit - half))" "$elf" 2>&1)
        status=$?
        runs=$(echo "$out" | sed -n 's/.*explored \([0-9]*\) run.*/\1/p')
        if [ $status -eq 1 ]; then
            verdict=false how="hunt: found in run $runs"
        else
            verdict=unknown how="hunt: none in ${runs:-?} runs"
        fi
    fi
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
echo "$right right, $wrong wrong, $unknown unknown, $errors not built"
