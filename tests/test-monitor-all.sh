#!/bin/sh
# test-monitor-all.sh — `atomsim --monitor all` runs one schedule under the
# exclusive monitor's three policies: each run's report under its heading,
# then the first step where the runs part; --timeline draws them on one page;
# the options it cannot go with are refused.  Run by `make check` from the
# top build directory.
set -eu

aba=tests/litmus/arm/arm-aba.elf
counter=programs/arm/counter-atomic.elf
for elf in $aba $counter; do
    if [ ! -f "$elf" ]; then
        echo "SKIP: $elf is not built (arm guests need an arm compiler)"
        exit 77
    fi
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/monitor-all.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
failed=0

# say PASS|FAIL WHAT...: a line of the test's output; a FAIL is counted
say() {
    verdict=$1
    shift
    echo "$verdict: $*"
    [ "$verdict" = PASS ] || failed=$((failed + 1))
}

# run NAME ARG...: atomsim ARG..., its stdout to $tmp/NAME.out, stderr to
# $tmp/NAME.err, its exit status to $status
run() {
    name=$1
    shift
    status=0
    ./atomsim "$@" >"$tmp/$name.out" 2>"$tmp/$name.err" </dev/null || status=$?
}

# section NAME POLICY: the lines of NAME's output under POLICY's heading
section() {
    awk -v head="atomsim: == --monitor $2 ==" '
        /^atomsim: == --monitor / { on = ($0 == head); next }
        /^atomsim: (the runs part|the three policies agree)/ { on = 0 }
        on' "$tmp/$1.out"
}

# expect_status NAME STATUS WHAT
expect_status() {
    if [ "$status" -eq "$2" ]; then
        say PASS "$3: exit $2"
    else
        say FAIL "$3: exit $status, not $2"
        sed 's/^/#   /' "$tmp/$1.out" "$tmp/$1.err" | tail -n 20
    fi
}

# The ABA hole: core 1 stores back the value core 0's ldrex read.
run aba --cpu arm --monitor all --schedule '0:2,1:2,d1:1,0:*' --timeline "$tmp/aba.html" $aba
expect_status aba 1 "arm-aba under --monitor all (the value policy's finding)"
heads=$(sed -n 's/^atomsim: == --monitor \([a-z]*\) ==$/\1/p' "$tmp/aba.out" | tr '\n' ' ')
if [ "$heads" = "address value switch " ]; then
    say PASS "arm-aba: a heading for each policy, in order ($heads)"
else
    say FAIL "arm-aba: the headings are \"$heads\", not \"address value switch \""
fi
if section aba value | grep -q '^cpu0: monitor divergence on x ' &&
        section aba value | grep -q '^atomsim: result: 1 finding$'; then
    say PASS "arm-aba: the value policy's run finds the monitor divergence on x"
else
    say FAIL "arm-aba: no monitor divergence on x under the value policy's heading"
fi
for policy in address switch; do
    if section aba $policy | grep -q '^atomsim: result: clean$' &&
            ! section aba $policy | grep -q 'monitor divergence'; then
        say PASS "arm-aba: the $policy policy's run is clean"
    else
        say FAIL "arm-aba: the $policy policy's run is not clean"
    fi
done
parted='^atomsim: the runs part at step 6, cpu0 at main+0x[0-9a-f]* ([^)]*), strex [^:]* on x: '
parted="${parted}address: failed; value: stored (the value monitor's ABA hole); switch: failed\$"
if grep -q "$parted" "$tmp/aba.out"; then
    say PASS "arm-aba: the runs part at step 6, the strex: address and switch fail it, value stores"
else
    say FAIL "arm-aba: no line says the runs part at step 6's strex as expected; the last lines:"
    tail -n 2 "$tmp/aba.out" | sed 's/^/#   /'
fi

# The same hole on aarch64 (stxr) and riscv64 (sc.w), where they are built.
for litmus in aarch64/arm-aba:stxr riscv64/arm-aba:sc.w; do
    elf=tests/litmus/${litmus%:*}.elf cpu=${litmus%%/*} sc=${litmus#*:}
    if [ ! -f "$elf" ]; then
        echo "# $elf is not built: $cpu's ABA left out"
        continue
    fi
    run $cpu --cpu $cpu --monitor all --schedule '0:2,1:2,d1:1,0:*' "$elf"
    parted="^atomsim: the runs part at step 6, cpu0 at main+0x[0-9a-f]* ([^)]*), $sc [^:]* on x: "
    parted="${parted}address: failed; value: stored (the value monitor's ABA hole); switch: failed\$"
    if [ "$status" -eq 1 ] && grep -q "$parted" "$tmp/$cpu.out"; then
        say PASS "$cpu's ABA: the runs part at step 6, the $sc only the value policy lets through"
    else
        say FAIL "$cpu's ABA: exit $status; the last line: $(tail -n 1 "$tmp/$cpu.out")"
    fi
done

# arm-aba's page: three lane sets, the step where they part marked and linked.
page=$tmp/aba.html
sets=$(grep -o '<th class="policy-head" colspan="[0-9]*">[a-z]*</th>' "$page" |
    sed 's/.*">\([a-z]*\)<.*/\1/' | tr '\n' ' ')
if [ "$sets" = "address value switch " ]; then
    say PASS "arm-aba's page: three lane sets, headed address, value, switch"
else
    say FAIL "arm-aba's page: the lane sets are headed \"$sets\""
fi
n=$(grep -o 'class="lane-head"' "$page" | wc -l)
if [ "$n" -eq 6 ]; then
    say PASS "arm-aba's page: 6 core lanes (2 cores in each set)"
else
    say FAIL "arm-aba's page: $n core lanes, not 6"
fi
if grep -q '<tr id="s6" class="parted">' "$page" &&
        grep -q '<p class="parted-note">The runs part at <a href="#s6">step 6</a>: ' "$page"; then
    say PASS "arm-aba's page: step 6 is marked (class parted), and the note links to it"
else
    say FAIL "arm-aba's page: step 6 is not marked, or no note links to it"
fi
if grep -q 'class="finding monitor-divergence"' "$page"; then
    say PASS "arm-aba's page: the value policy's finding is listed"
else
    say FAIL "arm-aba's page: no monitor divergence among the findings"
fi

# A random schedule: the address run's turns, replayed for the others.
run random --cpu arm --monitor all --sched random --seed 1 $counter
if [ "$status" -le 1 ]; then
    say PASS "counter-atomic under --sched random --seed 1: exit $status"
else
    say FAIL "counter-atomic under --sched random --seed 1: exit $status"
fi
reproduce() {
    section random "$1" | sed -n 's/^atomsim: reproduce: atomsim .* \(--sched [^ ]* --seed [0-9]*\|--schedule [^ ]*\) --monitor.*/\1/p'
}
address=$(reproduce address) value=$(reproduce value) switch=$(reproduce switch)
case $address in
"--sched random:4 --seed 1") say PASS "random: the address run is the seed's ($address)" ;;
*) say FAIL "random: the address run is reproduced with \"$address\"" ;;
esac
case $value in
--schedule\ ?*)
    if [ "$value" = "$switch" ]; then
        say PASS "random: value and switch replay one schedule ($(echo "$value" | cut -c1-40)...)"
    else
        say FAIL "random: value replays \"$value\", switch \"$switch\""
    fi ;;
*) say FAIL "random: the value run is reproduced with \"$value\", not a --schedule" ;;
esac
# the address run, given that schedule, does what it did under the seed
turns=${value#--schedule }
run again --cpu arm --monitor address --schedule "$turns" $counter
steps=$(section random address | grep '^atomsim: arm, ')
if grep -qxF "$steps" "$tmp/again.out"; then
    say PASS "random: the replayed schedule gives the address run again ($steps)"
else
    say FAIL "random: the replayed schedule does not give the address run again"
fi
if grep -q '^atomsim: \(the runs part at step [0-9]*, \|the three policies agree\)' \
        "$tmp/random.out"; then
    say PASS "random: $(tail -n 1 "$tmp/random.out" | cut -c10-80)..."
else
    say FAIL "random: no line says where the runs part, or that they agree"
fi

# What --monitor all refuses: one line each, a usage error.
refuse() {
    what=$1
    shift
    run refused "$@"
    if [ "$status" -eq 2 ] && [ "$(wc -l <"$tmp/refused.err")" -eq 1 ] &&
            grep -q '^atomsim: --monitor all: .* (see atomsim --help)$' "$tmp/refused.err"; then
        say PASS "refused: $what ($(cut -c1-70 "$tmp/refused.err")...)"
    else
        say FAIL "refused: $what: exit $status, stderr: $(cat "$tmp/refused.err")"
    fi
}
refuse "--sched dfs" --cpu arm --monitor all --sched dfs $aba
refuse "--runs 5" --cpu arm --monitor all --sched random --runs 5 $aba
refuse "--shrink" --cpu arm --monitor all --shrink $aba
refuse "--json" --cpu arm --monitor all --json "$tmp/x.json" $aba
x86=tests/litmus/x86/x86-add.elf
if [ -f $x86 ]; then
    refuse "a cpu without an exclusive monitor (x86)" --monitor all $x86
fi

[ "$failed" -eq 0 ]
