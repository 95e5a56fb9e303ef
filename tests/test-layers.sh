#!/bin/sh
# test-layers.sh — the simulator's includes and calls run only down its
# layers and never in a circle (tools/check-layers.sh, over the sources and
# this build's objects).  Run by `make check` from the top build directory.
set -u
if "${srcdir:-.}/tools/check-layers.sh" "${srcdir:-.}" "$(pwd)"; then
    echo "PASS: includes and calls run down the layers"
else
    echo "FAIL: tools/check-layers.sh found an include or call upward or in a circle"
    exit 1
fi
