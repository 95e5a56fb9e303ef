#!/bin/sh
# Generate configure and Makefile.in (needs autoconf, automake, pkg-config).
set -e
cd "$(dirname "$0")"
mkdir -p build-aux
autoreconf --install --force
# The TAP driver the tests run under comes with automake.
cp "$(automake --print-libdir)/tap-driver.sh" build-aux/
