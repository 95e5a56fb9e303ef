#!/bin/sh
# test-litmus-files.sh — `atomsim litmus` runs the catalogue of herd7-syntax
# litmus tests in tests/litmus-files/ (x86, arm, aarch64, riscv, sparc, and C
# on every cpu) and finds every outcome as each file's Result: or Atomsim:
# line expects; then a few checks of one test per dialect's output (the
# Observation line, the states marked *>), and of the errors: a file that
# does not parse names its line and exits 2, an ARM test on --cpu x86 is
# refused; --timeline draws a witness; --export-litmus writes a test that
# atomsim litmus runs.  Run by `make check` from the top build directory.
# In a sanitizer build (ATOMSIM_SANITIZED, set by make check) a sample runs
# instead: the first four tests of each dialect, and of the C tests on x86
# and on arm (the same code paths, in a fraction of the time).
set -eu
files=${srcdir:-.}/tests/litmus-files
atomsim=$(pwd)/atomsim
failed=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/litmus-files.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# the built tests go to a cache of this run's own, not the user's
ATOMSIM_CACHE_DIR=$tmp/cache
export ATOMSIM_CACHE_DIR

pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }

# The whole catalogue: exit 0, and a summary with nothing not as expected.
status=0
if [ -n "${ATOMSIM_SANITIZED:-}" ]; then
    sample() { for d in "$@"; do ls "$files/$d"/*.litmus | sort | head -n 4; done; }
    # shellcheck disable=SC2046
    { "$atomsim" litmus $(sample x86 arm aarch64 riscv sparc) &&
      "$atomsim" litmus --cpu x86,arm $(sample c); } >"$tmp/all" 2>&1 </dev/null || status=$?
else
    "$atomsim" litmus "$files" >"$tmp/all" 2>&1 </dev/null || status=$?
fi
summary=$(grep '^litmus: [0-9]* tests:' "$tmp/all" || true)
echo "$summary" | sed 's/^/# /'
if [ "$status" -eq 0 ] && [ -n "$summary" ] && ! printf '%s\n' "$summary" | grep -vq ' 0 not'; then
    pass "atomsim litmus tests/litmus-files: $summary"
else
    fail "atomsim litmus tests/litmus-files: exit $status"
    # the errors, then the tests not as expected
    { grep '^atomsim' "$tmp/all"; grep 'NOT as expected' "$tmp/all" | head -n 40; } | sed 's/^/#   /'
fi

# One test of each dialect: its Observation line, and the states that
# satisfy the condition marked *> (none for a Never).
check_one() {   # FILE OBSERVATION [STATE]
    file=$1 obs=$2 state=${3-}
    status=0
    "$atomsim" litmus "$files/$file" >"$tmp/one" 2>&1 </dev/null || status=$?
    if [ "$status" -ne 0 ]; then
        fail "$file: exit $status"; sed 's/^/#   /' "$tmp/one" | tail -n 10; return
    fi
    if ! grep -q "^Observation $obs " "$tmp/one"; then
        fail "$file: no 'Observation $obs'"; sed 's/^/#   /' "$tmp/one"; return
    fi
    if [ -n "$state" ]; then
        if ! grep -q "^[0-9][0-9]* *\*>$state\$" "$tmp/one"; then
            fail "$file: no state '*>$state'"; sed 's/^/#   /' "$tmp/one"; return
        fi
    elif grep -q '\*>' "$tmp/one"; then
        fail "$file: a state satisfies a condition that is never met"
        sed 's/^/#   /' "$tmp/one"; return
    fi
    pass "$file: Observation $obs"
}
check_one x86/sb.litmus 'SB Sometimes' '0:EAX=0; 1:EAX=0;'
check_one x86/sb-mfence.litmus 'SB+mfences Never'
check_one arm/mp.litmus 'MP Sometimes' '1:R1=1; 1:R2=0;'
check_one arm/lb.litmus 'LB Sometimes' '0:R1=1; 1:R1=1;'
check_one arm/lb-datas.litmus 'LB+datas Never'
check_one aarch64/sb-rel-acq.litmus 'SB+rel+acq Never'
check_one aarch64/sb.litmus 'SB Sometimes' '0:X1=0; 1:X1=0;'
check_one riscv/sb-fence-tso.litmus 'SB+fence.tsos Sometimes' '0:x6=0; 1:x6=0;'
check_one riscv/mp-fence-ww-rr.litmus 'MP+fence.w.w+fence.r.r Never'
check_one sparc/sb.litmus 'SB Sometimes' '0:g2=0; 1:g2=0;'
check_one sparc/sb-swap.litmus 'SB+swaps Never'

# A C test on one cpu (--cpu): it runs, and says what it observed.
cfile=$(find "$files/c" -name '*.litmus' 2>/dev/null | sort | head -n 1)
if [ -n "$cfile" ]; then
    status=0
    "$atomsim" litmus --cpu x86 "$cfile" >"$tmp/c" 2>&1 </dev/null || status=$?
    if [ "$status" -eq 0 ] && grep -q '^Observation ' "$tmp/c"; then
        pass "${cfile#"$files"/} on --cpu x86"
    else
        fail "${cfile#"$files"/} on --cpu x86: exit $status"; sed 's/^/#   /' "$tmp/c" | tail -n 10
    fi
fi

# A file that does not parse: FILE:LINE: and exit 2 (line 7, a condition
# with no value after '=').
cat >"$tmp/bad.litmus" <<'EOF'
X86 BAD
(* a syntax error on line 7 *)
{ x=0; y=0; }
 P0          | P1          ;
 MOV [x],$1  | MOV [y],$1  ;
 MOV EAX,[y] | MOV EAX,[x] ;
exists (0:EAX=0 /\ 1:EAX=)
EOF
# check_exit2 WHAT PATTERN ARG...: atomsim litmus ARG... exits 2 and says
# something that matches PATTERN.
check_exit2() {
    what=$1 pattern=$2
    shift 2
    status=0
    "$atomsim" litmus "$@" >"$tmp/out" 2>&1 </dev/null || status=$?
    if [ "$status" -eq 2 ] && grep -q "$pattern" "$tmp/out"; then
        pass "$what"
    else
        fail "$what: exit $status, wanted 2 and '$pattern'"; sed 's/^/#   /' "$tmp/out" | tail -n 5
    fi
}
check_exit2 "a syntax error: bad.litmus:7:, exit 2" 'bad\.litmus:7:' "$tmp/bad.litmus"
# ... and in a directory: the others run, the exit status is still 2
mkdir "$tmp/dir"
cp "$tmp/bad.litmus" "$files/x86/sb.litmus" "$tmp/dir/"
check_exit2 "a directory with a bad file: exit 2" 'bad\.litmus:7:' "$tmp/dir"

# An ARM test on another cpu is refused (a usage error, with a message).
check_exit2 "arm/sb.litmus on --cpu x86 is refused" '.' --cpu x86 "$files/arm/sb.litmus"

# A thread that never ends: nothing to judge, a clear error, exit 2.
cat >"$tmp/forever.litmus" <<'EOF'
ARM forever
{ 0:R1=x; }
 P0          ;
 LC00:       ;
 LDR R0,[R1] ;
 B LC00      ;
exists (0:R0=1)
EOF
check_exit2 "a test that never ends: exit 2, nothing to judge" \
    'forever\.litmus on arm: no execution ended' "$tmp/forever.litmus"

# --timeline: a page with a witness of the condition.
status=0
"$atomsim" litmus --timeline "$tmp/sb.html" "$files/x86/sb.litmus" >"$tmp/out" 2>&1 </dev/null ||
    status=$?
if [ "$status" -eq 0 ] && grep -q 'a witness of exists' "$tmp/sb.html" &&
   grep -q 'into its store buffer' "$tmp/sb.html"; then
    pass "--timeline draws a witness of x86/sb.litmus"
else
    fail "--timeline: exit $status, or no witness on the page"; sed 's/^/#   /' "$tmp/out" | tail -n 5
fi

# --export-litmus: the lost update of the unlocked counter, as a C test that
# atomsim litmus runs and finds (the accesses are plain: on every cpu).
status=0
"$atomsim" --cpu x86 --cores 2 --export-litmus "$tmp/lost.litmus" programs/x86/counter.elf \
    >/dev/null 2>&1 </dev/null || status=$?
if [ "$status" -eq 1 ] && "$atomsim" litmus --cpu x86 "$tmp/lost.litmus" >"$tmp/out" 2>&1 &&
   grep -q '^Observation counter.elf-lost-update Sometimes' "$tmp/out"; then
    pass "--export-litmus: the lost update as a test that shows it"
else
    fail "--export-litmus: exit $status"; sed 's/^/#   /' "$tmp/lost.litmus" "$tmp/out" | tail -n 30
fi

# tools/litmus-verdicts.sh against a kinds file: MP with DMB ST on the writer
# only is Allowed and reached, SB+swpals Forbidden and not; kinds that claim
# the opposite count one missing and one forbidden reached (exit 1).
mkdir "$tmp/verdicts"
cp "$files/aarch64/mp-dmbst-po.litmus" "$files/aarch64/sb-swpal.litmus" "$tmp/verdicts/"
printf 'MP+dmb.ishst+po Allowed\nSB+swpals      Forbidden\n' >"$tmp/right.txt"
printf 'MP+dmb.ishst+po Forbidden\nSB+swpals      Allowed\n' >"$tmp/wrong.txt"
verdicts=${srcdir:-.}/tools/litmus-verdicts.sh
status=0
sh "$verdicts" -a "$atomsim" "$tmp/verdicts" "$tmp/right.txt" >"$tmp/out" 2>&1 || status=$?
if [ "$status" -eq 0 ] &&
   grep -q '^2 agree, 0 missing, 0 forbidden reached, 0 not exhausted, 0 errors, 0 no verdict$' "$tmp/out"; then
    pass "litmus-verdicts.sh: the architecture's verdicts agree"
else
    fail "litmus-verdicts.sh with the right verdicts: exit $status"; sed 's/^/#   /' "$tmp/out"
fi
status=0
sh "$verdicts" -a "$atomsim" "$tmp/verdicts" "$tmp/wrong.txt" >"$tmp/out" 2>&1 || status=$?
if [ "$status" -eq 1 ] && grep -q '^FORBIDDEN REACHED: MP+dmb.ishst+po$' "$tmp/out" &&
   grep -q '^missing: SB+swpals (Allowed, Never)$' "$tmp/out" &&
   grep -q '^0 agree, 1 missing, 1 forbidden reached, ' "$tmp/out"; then
    pass "litmus-verdicts.sh: wrong verdicts counted as missing and forbidden reached"
else
    fail "litmus-verdicts.sh with the wrong verdicts: exit $status"; sed 's/^/#   /' "$tmp/out"
fi

[ "$failed" -eq 0 ]
