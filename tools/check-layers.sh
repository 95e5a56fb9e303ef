#!/usr/bin/env bash
# tools/check-layers.sh [SRCDIR [BUILDDIR]] — do atomsim's includes and calls
# run only down its layers, and never in a circle?
#
# The layers, bottom up (sim/local.mk says what each is):
#   sim/base  cpus  sim/sched  sim/core  sim/detect  sim/report  sim/explore  sim/litmus  sim/cli
# A file may include, and call, files of its own layer and of layers below.
# Includes are read from the sources; calls from the objects' symbols (nm)
# when BUILDDIR holds a build.  Neither graph may have a cycle (tsort finds
# them): no file includes itself through others, and no object calls itself
# through others.  Every object counts on its own, those that share a
# private header too.  Prints what is wrong and exits 1, or prints a
# summary and exits 0.
set -euo pipefail
src=${1:-$(dirname "$0")/..}
build=${2:-$src}
cd "$src"

layers=(sim/base cpus sim/sched sim/core sim/detect sim/report sim/explore sim/litmus sim/cli)
declare -A ranks
for i in "${!layers[@]}"; do ranks[${layers[$i]}]=$i; done
bad=0 includes=$(mktemp) edges=$(mktemp) checked=0 calls=0
trap 'rm -f "$includes" "$edges"' EXIT
for f in sim/*/*.[ch] cpus/*.[ch]; do
    dir=${f%/*}
    from=${ranks[$dir]:--1}
    [ "$from" -ge 0 ] || { echo "check-layers: $f: $dir is no layer"; bad=1; continue; }
    while read -r inc; do
        if [ -f "$dir/$inc" ]; then
            target="$dir/$inc"
        elif [ -f "sim/$inc" ]; then
            target="sim/$inc"
        elif [ -f "$inc" ]; then
            target="$inc"
        else
            continue        # a system or generated header (config.h, atomsim-abi.h)
        fi
        tdir=${target%/*}
        to=${ranks[$tdir]:--1}
        checked=$((checked + 1))
        if [ "$to" -gt "$from" ]; then
            echo "check-layers: $f includes $target: upward ($dir is below $tdir)"
            bad=1
        fi
        echo "$f $target" >> "$includes"
    done < <(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f")
done

# Calls: each object's undefined symbols, joined with the objects that
# define them.
if ls "$build"/sim/*/*.o >/dev/null 2>&1; then
    defs=$(mktemp) uses=$(mktemp)
    trap 'rm -f "$includes" "$edges" "$defs" "$uses"' EXIT
    for o in "$build"/sim/*/*.o "$build"/cpus/*.o; do
        rel=${o#"$build"/}; rel=${rel%.o}.c
        m=${rel%.c}
        nm --defined-only "$o" | awk -v m="$m" '$2 ~ /[TDBR]/ { print $3, m }' >> "$defs"
        nm --undefined-only "$o" | awk -v m="$m" '{ print $2, m }' >> "$uses"
    done
    sort -o "$defs" "$defs"; sort -o "$uses" "$uses"
    while read -r sym user target; do
        calls=$((calls + 1))
        if [ "${ranks[${target%/*}]}" -gt "${ranks[${user%/*}]}" ]; then
            echo "check-layers: $user calls $sym of $target: upward"
            bad=1
        fi
        [ "$user" != "$target" ] && echo "$user $target" >> "$edges"
    done < <(join "$uses" "$defs")
fi

# A circle: tsort names its members on stderr.
circle() {
    if ! sort -u "$1" | tsort > /dev/null 2> >(sed 's/^/check-layers: /' >&2); then
        echo "check-layers: the $2 run in a circle (tsort names its members)"
        bad=1
    fi
}
circle "$includes" "includes"
circle "$edges" "calls"
[ "$bad" -eq 0 ] || exit 1
echo "check-layers: $checked includes and $calls calls run down ${#layers[@]} layers, no circle"
