#!/bin/sh
# litmus-verdicts.sh — run a folder of litmus tests with `atomsim litmus` and
# compare what atomsim reached with the architecture's verdicts, as a file
# of "NAME VERDICT" lines gives them (herdtools7's kinds.txt: Allowed,
# Forbidden or Required).
#
#   tools/litmus-verdicts.sh [-a ATOMSIM] [-t SECONDS] DIR KINDS [KINDS...]
#
# Prints a line for each test that does not agree, then the counts:
#   agree             the outcome reached where Allowed (Always where
#                     Required), never reached where Forbidden
#   missing           Allowed, never reached (atomsim is incomplete there)
#   forbidden reached Forbidden, reached (atomsim is unsound there: a bug)
#   not exhausted     never reached, but the search did not run every
#                     execution in its time (-t, 120 s by default)
#   errors            not read, built or run (an instruction atomsim does
#                     not model, say)
#   no verdict        the KINDS files do not name the test
# Exit status: 0, or 1 if any forbidden outcome was reached.
set -u

atomsim=./atomsim
limit=120
while getopts a:t: opt; do
    case $opt in
    a) atomsim=$OPTARG ;;
    t) limit=$OPTARG ;;
    *) echo "usage: $0 [-a ATOMSIM] [-t SECONDS] DIR KINDS..." >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -ge 2 ] || { echo "usage: $0 [-a ATOMSIM] [-t SECONDS] DIR KINDS..." >&2; exit 2; }
dir=$1
shift

out=$(mktemp "${TMPDIR:-/tmp}/litmus-verdicts.XXXXXX")
trap 'rm -f "$out"' EXIT
"$atomsim" litmus --time-limit "$limit" "$dir" >"$out" 2>&1 </dev/null

# The verdicts first, then atomsim's output: a test's line
# ("NAME cpu model Sometimes|Never|Always ..."), the line before it saying
# when its search did not run every execution, and error lines.
cat "$@" | awk '
    FNR == NR { verdict[$1] = $2; next }
    /^atomsim litmus: .*not every execution ran/ { partial = 1; next }
    /^atomsim litmus: / { errors++; print "error:", substr($0, 17); next }
    /^litmus: [0-9]+ tests:/ { next }
    NF >= 6 && ($4 == "Sometimes" || $4 == "Never" || $4 == "Always") {
        name = $1; sub(/\.litmus$/, "", name)
        v = (name in verdict) ? verdict[name] : verdict[$1]
        seen = $4
        if (v == "") { none++; print "no verdict: " $1 " (" seen ")" }
        else if (v == "Forbidden" && seen != "Never") { bad++; print "FORBIDDEN REACHED: " $1 }
        else if (v == "Forbidden" || (v == "Allowed" && seen != "Never") ||
                 (v == "Required" && seen == "Always")) agree++
        else if (partial) { partial_n++; print "not exhausted: " $1 " (" v ", " seen ")" }
        else { missing++; print "missing: " $1 " (" v ", " seen ")" }
        partial = 0
    }
    END {
        printf "%d agree, %d missing, %d forbidden reached, %d not exhausted, %d errors, %d no verdict\n",
               agree, missing, bad, partial_n, errors, none
        exit bad > 0
    }' - "$out"
