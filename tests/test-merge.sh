#!/bin/sh
# test-merge.sh — a search spread over shards with GNU parallel, as README
# shows, and `atomsim merge` of the shards' --json reports: the merged
# report is the one the unsharded search writes (but for its timings and
# its summary line's wording), for a hunt that finds something, one that
# finds nothing, and dfs; reports that are not one search's shards are
# refused with one line and exit 2.  Run by `make check` from the top
# build directory.
set -eu

counter=programs/x86/counter.elf
atomic=programs/x86/counter-atomic.elf
race=tests/guest/x86/choose-race.elf
spin=tests/guest/x86/threads-spin-atomic.elf
for elf in $counter $atomic $race $spin; do
    if [ ! -f "$elf" ]; then
        echo "SKIP: $elf is not built (x86 guests need an i686 compiler)"
        exit 77
    fi
done
if ! parallel --version 2>/dev/null | grep -q 'GNU parallel'; then
    echo "SKIP: GNU parallel is not installed (tools/install-deps installs it)"
    exit 77
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/merge.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
failed=0

say() {
    verdict=$1
    shift
    echo "$verdict: $*"
    [ "$verdict" = PASS ] || failed=$((failed + 1))
}

# A report without what differs between two searches of the same runs:
# how long they took, and the summary line that says so.
timeless() {
    grep -v -e '"seconds"' -e '"search"' "$1"
}

# sharded NAME N ARG...: atomsim ARG... as N shards through GNU parallel,
# each writing $tmp/NAME-I.json; then atomsim merge of them into
# $tmp/NAME.json (its output $tmp/NAME.out, exit status $merged); and the
# same search unsharded into $tmp/NAME-whole.json (exit status $whole).
sharded() {
    name=$1 shards=$2
    shift 2
    seq 0 $((shards - 1)) | parallel --will-cite ./atomsim "$@" --shard {}/"$shards" \
        --json "$tmp/$name-{}.json" '>' /dev/null || true
    merged=0
    ./atomsim merge --json "$tmp/$name.json" "$tmp/$name"-[0-9]*.json > "$tmp/$name.out" \
        2>&1 || merged=$?
    whole=0
    ./atomsim "$@" --json "$tmp/$name-whole.json" > "$tmp/$name-whole.out" 2>&1 || whole=$?
}

# same NAME WHAT: the merged report is the unsharded one's
same() {
    if [ -s "$tmp/$1.json" ] &&
            timeless "$tmp/$1.json" | cmp -s - "$tmp/$1-whole.json.timeless"; then
        say PASS "$2: the merged report is the unsharded search's"
    else
        say FAIL "$2: the merged report differs from the unsharded search's:"
        timeless "$tmp/$1.json" | diff - "$tmp/$1-whole.json.timeless" | head -n 20 |
            sed 's/^/#   /'
    fi
}

# A hunt that finds something with every seed, --keep-going: every count,
# every failing seed and the first one's run.
sharded keep 4 --runs 400 --keep-going $counter
timeless "$tmp/keep-whole.json" > "$tmp/keep-whole.json.timeless"
same keep "4 shards of --runs 400 --keep-going on counter.elf"
if [ "$merged" -eq 1 ] && [ "$whole" -eq 1 ]; then
    say PASS "merge exits 1, as the unsharded search, for a finding"
else
    say FAIL "merge exits $merged, the unsharded search $whole (both should be 1)"
fi
# every seed ran, as many found something as in the unsharded search
found=$(sed -n 's/^atomsim: explored 400 runs .*: \([0-9]*\) with findings$/\1/p' \
    "$tmp/keep-whole.out")
if [ -n "$found" ] && grep -q "^atomsim: explored 400 runs (seeds 1 to 400, 4 shards) in .*: \
$found with findings\$" "$tmp/keep.out"; then
    say PASS "merge sums up the shards: 400 runs, $found with findings, as unsharded"
else
    say FAIL "merge's summary is not of 400 runs, ${found:-?} with findings:"
    tail -n 3 "$tmp/keep.out" | sed 's/^/#   /'
fi

# Without --keep-going each shard stops at its first finding: the merged
# run is still the unsharded search's, the first seed's that finds.
sharded first 3 --runs 300 $counter
for member in reproduce schedule findings_total; do
    a=$(grep "^  \"$member\" :" "$tmp/first.json" || echo none)
    b=$(grep "^  \"$member\" :" "$tmp/first-whole.json" || echo missing)
    if [ "$a" = "$b" ]; then
        say PASS "3 shards stopping at their first finding: the merged \"$member\" is" \
            "the unsharded one's"
    else
        say FAIL "3 shards: the merged \"$member\" is $a, the unsharded $b"
    fi
done

# A hunt that finds nothing: its report is the first seed's, from shard 0.
sharded clean 4 --runs 40 $atomic
timeless "$tmp/clean-whole.json" > "$tmp/clean-whole.json.timeless"
same clean "4 shards of a clean hunt (counter-atomic.elf)"
[ "$merged" -eq 0 ] && say PASS "merge exits 0 for a clean search" ||
    say FAIL "merge exits $merged for a clean search"

# dfs: the shard that finds it reports it; every shard exhausted and none
# found anything is verified.
sharded race 2 --cores 2 --memory sc --sched dfs:all $race
if [ "$merged" -eq 1 ] && grep -q '^atomsim: result: 1 finding' "$tmp/race.out" &&
        grep -q '"found" : true' "$tmp/race.json"; then
    say PASS "2 dfs shards of choose-race.elf: merged, the check that fails is found"
else
    say FAIL "2 dfs shards of choose-race.elf: merge exits $merged:"
    sed 's/^/#   /' "$tmp/race.out"
fi
sharded spin 2 --memory sc --only-checks --sched dfs:all $spin
if [ "$merged" -eq 0 ] && grep -q '^atomsim: verified: every shard ran all of its share' \
        "$tmp/spin.out"; then
    say PASS "2 dfs shards of threads-spin-atomic.elf: merged, verified"
else
    say FAIL "2 dfs shards of threads-spin-atomic.elf: merge exits $merged:"
    sed 's/^/#   /' "$tmp/spin.out"
fi

# The Slurm job array script, as Slurm runs it: one task per shard, each
# with its SLURM_ARRAY_TASK_ID, in the directory atomsim was built in.
mkdir "$tmp/slurm"
ln -s "$(pwd)/atomsim" "$tmp/slurm/atomsim"
script=$(cd "${srcdir:-.}" && pwd)/tools/atomsim-shards.sbatch
for task in 0 1 2; do
    (cd "$tmp/slurm" && SLURM_ARRAY_TASK_ID=$task sh "$script" 3 "$OLDPWD/$atomic" --runs 30 \
        > "shard-$task.out" 2>&1) || say FAIL "atomsim-shards.sbatch, task $task: exit $?"
done
status=0
(cd "$tmp/slurm" && ./atomsim merge shard-0.json shard-1.json shard-2.json > merged.out 2>&1) ||
    status=$?
if [ "$status" -eq 0 ] && grep -q '^atomsim: explored 30 runs (seeds 1 to 30, 3 shards)' \
        "$tmp/slurm/merged.out"; then
    say PASS "atomsim-shards.sbatch as a 3-task job array: merged, 30 runs"
else
    say FAIL "atomsim-shards.sbatch as a 3-task job array: merge exits $status:"
    sed 's/^/#   /' "$tmp/slurm/merged.out" "$tmp/slurm"/shard-*.out
fi

# refuse WHAT PATTERN FILE...: merge refuses FILE... with exit 2 and one
# line that matches PATTERN
refuse() {
    what=$1 pattern=$2
    shift 2
    status=0
    ./atomsim merge "$@" > "$tmp/refused.out" 2> "$tmp/refused.err" || status=$?
    if [ "$status" -eq 2 ] && [ "$(wc -l < "$tmp/refused.err")" -eq 1 ] &&
            grep -q "$pattern" "$tmp/refused.err"; then
        say PASS "merge refuses $what: $(cat "$tmp/refused.err")"
    else
        say FAIL "merge of $what: exit $status, not 2 with one line matching '$pattern':"
        sed 's/^/#   /' "$tmp/refused.err"
    fi
}
refuse "a missing shard" "give every shard's report once" \
    "$tmp/keep-0.json" "$tmp/keep-1.json" "$tmp/keep-2.json"
refuse "a shard given twice" "shard 1/4 again" \
    "$tmp/keep-0.json" "$tmp/keep-1.json" "$tmp/keep-1.json" "$tmp/keep-3.json"
refuse "shards of two searches" "a shard of 3, .* one of 4" \
    "$tmp/keep-0.json" "$tmp/keep-1.json" "$tmp/keep-2.json" "$tmp/first-0.json"
./atomsim --json "$tmp/one.json" $atomic > /dev/null
refuse "a report of one run" "not the report of a search" "$tmp/one.json"
echo '{"atomsim": ' > "$tmp/cut.json"
refuse "a report cut short" "cut.json" "$tmp/cut.json"
refuse "a file that is not there" "no-such.json" "$tmp/no-such.json"

[ "$failed" -eq 0 ]
