#!/bin/sh
# test-layers.sh — the simulator's includes and calls run only down its
# layers and never in a circle (tools/check-layers.sh, over the sources and
# this build's objects); and the check sees a circle of calls between two
# files of one layer, as the run's files once made.  Run by `make check`
# from the top build directory.
set -u
check=${srcdir:-.}/tools/check-layers.sh
failed=0
if "$check" "${srcdir:-.}" "$(pwd)"; then
    echo "PASS: includes and calls run down the layers"
else
    echo "FAIL: tools/check-layers.sh found an include or call upward or in a circle"
    failed=1
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/layers.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/sim/core" "$tmp/cpus"
printf "int cpu;\n" > "$tmp/cpus/cpu.c"
printf 'void step(void);\nvoid loop(void) { step(); }\n' > "$tmp/sim/core/run.c"
printf 'void loop(void);\nvoid step(void) { loop(); }\n' > "$tmp/sim/core/run-step.c"
${CC:-cc} -c -o "$tmp/cpus/cpu.o" "$tmp/cpus/cpu.c" || failed=1
for f in run run-step; do
    ${CC:-cc} -c -o "$tmp/sim/core/$f.o" "$tmp/sim/core/$f.c" || failed=1
done
if "$check" "$tmp" "$tmp" > "$tmp/out" 2>&1; then
    echo "FAIL: tools/check-layers.sh passed run.c and run-step.c calling each other"
    failed=1
elif grep -q 'calls run in a circle' "$tmp/out"; then
    echo "PASS: a circle of calls between two files of one layer is found"
else
    echo "FAIL: tools/check-layers.sh failed without naming the circle"
    sed 's/^/#   /' "$tmp/out"
    failed=1
fi
exit $failed
