#!/usr/bin/env bash
# tools/bench-litmus.sh [DIR [REPEATS]] — how long atomsim litmus takes on a
# catalogue (default tests/litmus-files): once with an empty cache (every
# test built), then REPEATS times (default 3) with the cache full.  Prints
# the total of each pass, and per test (and cpu) the median of the cached
# passes: the slowest ten, and how many take under 0.1 s and under 1 s.
# Run it from the build tree.
set -euo pipefail
dir=${1:-tests/litmus-files}
repeats=${2:-3}
cache=$(mktemp -d)
trap 'rm -rf "$cache"' EXIT
export ATOMSIM_CACHE_DIR=$cache

# one pass: "NAME CPU SECONDS" per test on stdout, the summary on stderr
pass() {
    local start end
    start=$(date +%s.%N)
    ./atomsim litmus "$dir" >"$cache/out" || true
    end=$(date +%s.%N)
    grep -v '^litmus:' "$cache/out" | awk '{ print $1, $2, $(NF-1) }'
    echo "$(grep '^litmus:' "$cache/out") [wall $(echo "$end - $start" | bc) s]" >&2
}

echo "cold (every test built):"
pass >/dev/null
for i in $(seq "$repeats"); do
    echo "cached, pass $i:"
    pass >"$cache/pass$i"
done
echo
echo "per test, median of the $repeats cached passes (seconds):"
cat "$cache"/pass* | sort -k1,2 | awk '
    { key = $1 " " $2; t[key] = t[key] " " $3 }
    END { for (k in t) {
            n = split(t[k], v, " ")
            for (i = 2; i <= n; i++)    # insertion sort: mawk has no asort
                for (j = i; j > 1 && v[j - 1] + 0 > v[j] + 0; j--) { x = v[j]; v[j] = v[j - 1]; v[j - 1] = x }
            print v[int((n + 1) / 2)], k } }' |
    sort -rn >"$cache/medians"
head -10 "$cache/medians"
awk '{ n++; s += $1; if ($1 < 0.1) fast++; if ($1 < 1) under++ }
     END { printf "%d tests: %.2f s in all, %d under 0.1 s, %d under 1 s\n", n, s, fast, under }' \
    "$cache/medians"
