#!/bin/sh
# test-step.sh — `atomsim step` driven by scripts, on every cpu: a lost
# update made by hand on the plain counter (each store drained where the
# cpu's model buffers it), undo giving back the screen before the step, r
# running from the start to the lost update,
# a saved schedule that `atomsim step --sched replay:FILE` starts from with
# the same screen and that `atomsim --trace --sched replay:FILE` replays
# with the same trace; the same steps against counter-atomic lose nothing;
# the keys on a terminal; and bad commands and options.  Run by `make
# check` from the top build directory.
set -eu
atomsim=$(pwd)/atomsim
failed=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test-step.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }

# The screen after the N-th command of a script's output (0: the first),
# without blank lines.
screen() {      # FILE N
    awk -v n="$2" '/^> /{k++; next} k==n && $0 != ""' "$1"
}
# A screen without the answer to its command (the lines after the last
# section): what the state is, not what was said.
state() { sed '/^saved \|^  atomsim --cpu/d'; }
# The trace lines of some output up to step N: the header, the steps, the
# preemptions (a "↳" line goes with the step after it).
trace_lines() {         # N
    awk -v n="$1" '/^ +step /{print; next}
        /^ +↳/{held=$0; next}
        /^ +[0-9]+ /{if ($1 + 0 <= n) {if (held != "") print held; print}; held=""}'
}

hand='0
1
1
d1
0
d0'
for cpu in x86 x86_64 arm aarch64 riscv64 sparc32; do
    prog=programs/$cpu/counter.elf
    # the lost update by hand: both load 0, both store 1
    status=0
    printf '%s\n' "$hand" | "$atomsim" step "$prog" >"$tmp/$cpu" 2>&1 || status=$?
    last=$(screen "$tmp/$cpu" 6)
    if [ "$status" -eq 0 ] && printf '%s\n' "$last" | grep -q '· 1 finding' &&
       printf '%s\n' "$last" | grep -q 'lost update on counter'; then
        pass "$cpu: a lost update made by hand (0 1 1 d1 0 d0)"
    else
        fail "$cpu: no lost update by hand (exit $status)"; tail -n 30 "$tmp/$cpu" | sed 's/^/#   /'
    fi
    # undo: the screen before the last step again
    printf '%s\nu\n' "$hand" | "$atomsim" step "$prog" >"$tmp/undo" 2>&1
    screen "$tmp/undo" 5 >"$tmp/before"
    screen "$tmp/undo" 7 >"$tmp/after"
    if cmp -s "$tmp/before" "$tmp/after" && grep -q '^step ' "$tmp/after"; then
        pass "$cpu: u gives back the screen before the last step"
    else
        fail "$cpu: u: the screens differ"; diff "$tmp/before" "$tmp/after" | head -n 20 | sed 's/^/#   /'
    fi
    # save, then start from the file: the same screen; replay it: the same trace
    printf '%s\nw %s\nt\n' "$hand" "$tmp/$cpu.sched" | "$atomsim" step "$prog" >"$tmp/saved" 2>&1
    screen "$tmp/saved" 7 | state >"$tmp/at-save"
    "$atomsim" step --sched "replay:$tmp/$cpu.sched" "$prog" </dev/null >"$tmp/started" 2>&1 || true
    screen "$tmp/started" 0 | state >"$tmp/at-start"
    if [ -s "$tmp/$cpu.sched" ] && cmp -s "$tmp/at-save" "$tmp/at-start"; then
        pass "$cpu: atomsim step --sched replay:FILE starts where w FILE saved"
    else
        fail "$cpu: the saved schedule starts elsewhere"
        diff "$tmp/at-save" "$tmp/at-start" | head -n 20 | sed 's/^/#   /'
    fi
    steps=$(sed -n 's/^step \([0-9]*\) ·.*/\1/p' "$tmp/at-save")
    awk '/^> t$/{on=1; next} on' "$tmp/saved" | trace_lines "$steps" >"$tmp/stepped-trace"
    "$atomsim" --trace --sched "replay:$tmp/$cpu.sched" "$prog" >"$tmp/replayed" 2>&1 || true
    trace_lines "$steps" <"$tmp/replayed" >"$tmp/replayed-trace"
    if [ -s "$tmp/stepped-trace" ] && cmp -s "$tmp/stepped-trace" "$tmp/replayed-trace"; then
        pass "$cpu: --sched replay:FILE --trace gives the stepper's trace ($steps steps)"
    else
        fail "$cpu: the replay's trace differs from the stepper's"
        diff "$tmp/stepped-trace" "$tmp/replayed-trace" | head -n 20 | sed 's/^/#   /'
    fi
    # r from the start: the cores in turn, to the first finding, the lost update
    printf 'r\n' | "$atomsim" step "$prog" >"$tmp/run" 2>&1 || true
    if screen "$tmp/run" 1 | grep -q '· 1 finding' && grep -q 'stopped at the first finding' "$tmp/run" &&
       screen "$tmp/run" 1 | grep -q 'lost update on counter'; then
        pass "$cpu: r runs to the lost update"
    else
        fail "$cpu: r"; tail -n 20 "$tmp/run" | sed 's/^/#   /'
    fi
    # the same steps against the atomic counter: no update is lost, nor on
    # the way to the end
    printf '%s\nr\n' "$hand" | "$atomsim" step "programs/$cpu/counter-atomic.elf" \
        >"$tmp/atomic" 2>&1 || true
    if grep -q 'no finding on the way' "$tmp/atomic" && ! grep -q 'lost update' "$tmp/atomic"; then
        pass "$cpu: counter-atomic loses nothing, by hand or to its end"
    else
        fail "$cpu: counter-atomic"; tail -n 30 "$tmp/atomic" | sed 's/^/#   /'
    fi
done

# Drains in any order where the model allows it: arm's store buffer drains
# a newer store to another place first (d0.1: flag before data).
printf '0\n0\n0\nd0.1\n' | "$atomsim" step tests/litmus/arm/shape-mp.elf >"$tmp/mp" 2>&1 || true
if screen "$tmp/mp" 4 | grep -q '^buffer *data=1 *empty' &&
   screen "$tmp/mp" 4 | grep -q '^  flag  *1$'; then
    pass "arm: d0.1 drains a newer buffered store"
else
    fail "arm: d0.1"; tail -n 30 "$tmp/mp" | sed 's/^/#   /'
fi

# sparc32 cannot stop a core before a delay slot: the step in it goes with
# the one before (0:2 for one key), and undo takes both back.
printf '0\n1\n0\nu\n' | "$atomsim" step programs/sparc32/spinlock.elf >"$tmp/slot" 2>&1 || true
if screen "$tmp/slot" 3 | grep -q '^step 4 · schedule 0:1,1:1,0:2 ' &&
   screen "$tmp/slot" 4 | grep -q '^step 2 · schedule 0:1,1:1 '; then
    pass "sparc32: a delay slot's step goes with the step before, and undo takes both"
else
    fail "sparc32: a delay slot"; grep '^step\|could not' "$tmp/slot" | sed 's/^/#   /'
fi

# Answers, not errors: a core that is not there, a buffer that is empty,
# nothing to undo.
printf '7\nd1\nu\n' | "$atomsim" step --cpu x86 programs/x86/counter.elf >"$tmp/answers" 2>&1
for answer in 'no cpu7: the machine has 2 cores' "cpu1's store buffer is empty" 'nothing to undo'; do
    if grep -q "$answer" "$tmp/answers"; then pass "answer: $answer"
    else fail "no answer '$answer'"; fi
done

# A terminal (curses): a key a command; w asks for a file at the bottom;
# each core in its colour (NO_COLOR: none); the terminal given back.
if command -v script >/dev/null 2>&1; then
    keys() {    # KEYS OUTPUT [ENV...]: type KEYS into atomsim step on a terminal
        k=$1 out=$2
        shift 2
        printf "$k" | env TERM=xterm-256color "$@" script -qec \
            "$atomsim step programs/arm/counter.elf" /dev/null >"$out" 2>&1 || true
    }
    keys "010uw$tmp/keys.sched\nq" "$tmp/keys"
    if grep -q '^0:1,1:1$' "$tmp/keys.sched" 2>/dev/null &&
       grep -aq "$(printf '\033\[38;5;208m')cpu1" "$tmp/keys" &&
       grep -aq "$(printf '\033\[?1049l')" "$tmp/keys"; then
        pass "keys on a terminal: 0 1 0 u w FILE q saves 0:1,1:1, in colour, the terminal given back"
    else
        fail "keys on a terminal"; cat "$tmp/keys.sched" 2>/dev/null | sed 's/^/#   saved: /'
        tail -c 600 "$tmp/keys" | cat -v | sed 's/^/#   /'
    fi
    keys "0d1q" "$tmp/nocolor" NO_COLOR=1
    if grep -aq 'cpu1' "$tmp/nocolor" && ! grep -aq "$(printf '\033\[38;5;')" "$tmp/nocolor"; then
        pass "NO_COLOR: no colours"
    else
        fail "NO_COLOR"; tail -c 600 "$tmp/nocolor" | cat -v | sed 's/^/#   /'
    fi
fi

# Errors: one line, exit 2.
check_error() {         # WHAT PATTERN ARGS...
    what=$1 pattern=$2
    shift 2
    status=0
    "$atomsim" step "$@" </dev/null >"$tmp/err" 2>&1 || status=$?
    if [ "$status" -eq 2 ] && grep -q "$pattern" "$tmp/err"; then
        pass "error: $what"
    else
        fail "error: $what: exit $status"; sed 's/^/#   /' "$tmp/err" | head -n 5
    fi
}
check_error 'a --sched that schedules' 'you are the scheduler' --sched random programs/x86/counter.elf
check_error 'a turn with *' 'not \*' --schedule '0:*' programs/x86/counter.elf
check_error 'steps the program does not take' 'does not take these steps' --schedule 0:7 \
    tests/litmus/x86/shape-mp.elf
check_error 'no such file' 'nothing.elf' /nothing.elf
check_error '--timeline' 'not with' --timeline "$tmp/t.html" programs/x86/counter.elf
check_error '--monitor all' 'one policy' --monitor all programs/arm/counter.elf
# A script that chooses what loads read, on the cpus whose model lets them
# (arm, aarch64, riscv64): it ends with exit 0, the schedule it saves
# spells the reads, and screen N of each N PATTERN pair says PATTERN.
check_reads() {         # NAME PROGRAM SCRIPT SPELLING N PATTERN [N PATTERN...]
    name=$1 program=$2 script=$3 spelling=$4
    shift 4
    for cpu in arm aarch64 riscv64; do
        status=0 ok=true
        printf '%s\nw %s\n' "$script" "$tmp/reads.steps" |
            "$atomsim" step "programs/$cpu/$program" >"$tmp/reads" 2>&1 || status=$?
        n=$#
        while [ "$n" -gt 0 ]; do
            screen "$tmp/reads" "$1" | grep -q "$2" || ok=false
            set -- "$@" "$1" "$2"
            shift 2
            n=$((n - 2))
        done
        if [ "$status" -eq 0 ] && $ok && grep -q "$spelling" "$tmp/reads.steps"; then
            pass "$cpu: $name"
        else
            fail "$cpu: $name (exit $status)"; tail -n 30 "$tmp/reads" | sed 's/^/#   /'
        fi
    done
}
# N~K: the load of the message reads the write one older than the newest;
# a write three older does not exist and changes nothing.
check_reads '1~1 reads the message older than the flag it saw' \
    broken/message-passing-no-rmb.elf "$(printf '1\n0\n0\n0\n0\n0\n1\n1~3\n1~1\n1')" '~1' \
    8 "cpu1's next step reads no write 3 older than the newest" \
    9 'LOAD  message .*read 0 (an older write: 1 newer was visible' \
    10 'check failed: the flag was up, but the message read was older'
# N=V: core 0's load of arrived[1] reads 1, which core 1's store, still to
# come, writes (load buffering); its first step, a system call, may not.
# Core 0 then waits at its next system call, and its store of what it read
# (saw[0], slot 0) may not drain, until core 1 writes arrived[1].
check_reads '0=1 reads a write to come' broken/arrival-relaxed.elf \
    "$(printf '0=1\n0\n0=1\n0\n0\n0\nd 0\nd 0.1\n1\n1\n1\n1\nr')" '=1' \
    1 "cpu0's next step is no load that may read a write to come" \
    3 'LOAD  arrived\[1\] .*read 1 (from a write still to come' \
    6 'cpu0 waits for the write its load read' \
    7 "cpu0's store 0 waits for the write its load read" \
    13 'check failed: each core saw the other arrive'

# A script line that is no command ends it: exit 2, the line named.
check_bad_line() {      # WHAT SCRIPT PATTERN PROGRAM
    status=0
    printf '%s\n' "$2" | "$atomsim" step "$4" >"$tmp/bad" 2>&1 || status=$?
    if [ "$status" -eq 2 ] && grep -q "$3" "$tmp/bad"; then
        pass "error: $1"
    else
        fail "error: $1: exit $status"; tail -n 3 "$tmp/bad" | sed 's/^/#   /'
    fi
}
check_bad_line 'a line that is no command' "$(printf '0\nfly')" 'line 2: fly: not a command' \
    programs/x86/counter.elf
check_bad_line '~0 is no read' '0~0' 'line 1: 0~0: not a command' programs/aarch64/counter.elf

[ "$failed" -eq 0 ]
