#!/bin/sh
# test-browser.sh — open the HTML pages atomsim writes (--timeline, explain
# --html) in headless Chromium and check that they render: the page's script
# ran, and the DOM it leaves has the lanes, events, findings and columns.
# Screenshots go next to the test log (tests/test-browser-*.png).
# Run by `make check` from the top build directory; SKIPs (77) without
# chromium.
set -eu

outdir=$PWD/tests
mkdir -p "$outdir"
rm -f "$outdir"/test-browser-*.png "$outdir"/test-browser-*.dom

if ! command -v chromium >/dev/null 2>&1; then
    echo "SKIP: chromium not found on PATH (Debian package chromium)"
    exit 77
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/test-browser.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM
mkdir -p "$tmp/home"
failed=0

fail() {
    echo "FAIL: $*"
    failed=$((failed + 1))
}

pass() {
    echo "PASS: $*"
}

# run_chromium NAME ARG...: run headless chromium, output to $tmp/NAME.out,
# stderr (mostly dbus noise) to $tmp/NAME.err.  Tries --headless=new first and
# falls back to --headless if that fails.  Chromium's own files go to $tmp.
headless=--headless=new
run_chromium() {
    name=$1
    shift
    for mode in $headless --headless; do
        start=$(date +%s)
        if env HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/home/.config" \
                XDG_CACHE_HOME="$tmp/home/.cache" \
                timeout 60 chromium "$mode" --no-sandbox --disable-gpu \
                --disable-dev-shm-usage --user-data-dir="$tmp/profile" \
                --virtual-time-budget=2000 "$@" \
                >"$tmp/$name.out" 2>"$tmp/$name.err"; then
            headless=$mode
            echo "# chromium $mode $name: $(($(date +%s) - start))s"
            return 0
        else
            status=$?
        fi
        echo "# chromium $mode $name: exit status $status" \
            "($(($(date +%s) - start))s); its stderr, without dbus lines:"
        grep -v 'dbus' "$tmp/$name.err" | tail -n 15 | sed 's/^/#   /'
        [ "$mode" != --headless ] || break
    done
    return 1
}

# dom_tokens FILE: the serialized DOM as one token a line — "T <tag attrs>"
# for an opening tag, "E name" for a closing tag, "X text" for text (entities
# decoded, whitespace collapsed) — leaving out comments and the contents of
# <script> and <style> (a page's own script source or embedded data would
# otherwise match what only its rendered DOM should have).
dom_tokens() {
    awk 'BEGIN { RS = "<" }
    function text(t) {
        gsub(/[ \t\r\n]+/, " ", t)
        gsub(/&nbsp;/, " ", t); gsub(/&lt;/, "<", t); gsub(/&gt;/, ">", t)
        gsub(/&quot;/, "\"", t); gsub(/&#39;/, "'\''", t); gsub(/&amp;/, "\\&", t)
        if (t ~ /[^ ]/) print "X " t
    }
    NR == 1 { next }
    incomment {
        if ((i = index($0, "-->")) > 0) { incomment = 0; text(substr($0, i + 3)) }
        next
    }
    /^!--/ {
        rest = substr($0, 4)
        if ((i = index(rest, "-->")) > 0) text(substr(rest, i + 3)); else incomment = 1
        next
    }
    /^!/ { text(substr($0, index($0, ">") + 1)); next }
    skipuntil != "" && index($0, "/" skipuntil) != 1 { next }
    /^\/[a-zA-Z]/ {
        i = index($0, ">"); name = substr($0, 2, i - 2); sub(/[ \t\r\n].*/, "", name)
        print "E " tolower(name); skipuntil = ""
        text(substr($0, i + 1))
        next
    }
    /^[a-zA-Z]/ {
        i = index($0, ">"); if (i == 0) i = length($0) + 1
        tag = substr($0, 1, i - 1); gsub(/[ \t\r\n]+/, " ", tag)
        print "T <" tag ">"
        name = tolower(tag); sub(/[ \/].*/, "", name)
        if ((name == "script" || name == "style") && tag !~ /\/$/) { skipuntil = name; next }
        text(substr($0, i + 1))
        next
    }
    { text("<" $0) }' "$1"
}

# opening tags with class CLASS (one of the class attribute's words)
with_class() {
    grep '^T <' "$1" |
        grep -E "[[:space:]]class=\"([^\"]*[[:space:]])?$2([[:space:]][^\"]*)?\"" || true
}

# count_lines: how many lines are on stdin (0 for none)
count_lines() {
    grep -c '' || true
}

# text_of_class TOKENS CLASS: the text of each element with class CLASS, one a
# line.
text_of_class() {
    awk -v cls="$2" '
    BEGIN {
        re = "[ \t]class=\"([^\"]*[ \t])?" cls "([ \t][^\"]*)?\""
        split("area base br col embed hr img input link meta source track wbr", v, " ")
        for (k in v) void[v[k]] = 1
    }
    /^T </ {
        name = substr($0, 4); sub(/[ \/>].*/, "", name); name = tolower(name)
        opens = !(name in void) && $0 !~ /\/>$/
        if (depth > 0) { if (opens) depth++; next }
        if ($0 ~ re) {
            if (!opens) { print ""; next }
            depth = 1; acc = ""
        }
        next
    }
    /^E / && depth > 0 { if (--depth == 0) { gsub(/  +/, " ", acc); print acc } ; next }
    /^X / && depth > 0 { acc = acc substr($0, 3) }
    END { if (depth > 0) print acc }' "$1"
}

# all_text TOKENS: the page's text (outside scripts and styles) on one line
all_text() {
    sed -n 's/^X //p' "$1" | tr -d '\n' | tr -s ' '
    echo
}

# check_rendered TOKENS PAGE: the page's script set <body data-rendered="yes">
check_rendered() {
    if grep -E '^T <body([[:space:]]|>)' "$1" |
            grep -q '[[:space:]]data-rendered="yes"'; then
        pass "$2: the page's script ran (<body data-rendered=\"yes\">)"
    else
        fail "$2: <body> lacks data-rendered=\"yes\": the page's script did not run or failed"
    fi
}

# check_dom_file NAME: chromium wrote a DOM to $tmp/NAME.dom
check_dom_file() {
    if [ -s "$tmp/$1.dom" ] && grep -q '<html' "$tmp/$1.dom"; then
        return 0
    fi
    fail "$1: chromium --dump-dom wrote no DOM"
    return 1
}

# check_png NAME: chromium wrote a non-empty screenshot
check_png() {
    if [ -s "$outdir/test-browser-$1.png" ]; then
        pass "$1: screenshot tests/test-browser-$1.png" \
            "($(wc -c <"$outdir/test-browser-$1.png") bytes)"
    else
        fail "$1: no screenshot tests/test-browser-$1.png written"
    fi
}

# keep_dom NAME FAILED: when checks failed since $failed was FAILED, keep the
# dumped DOM next to the log
keep_dom() {
    if [ "$failed" -ne "$2" ] && [ -f "$tmp/$1.dom" ]; then
        cp "$tmp/$1.dom" "$outdir/test-browser-$1.dom"
        echo "# the dumped DOM is in tests/test-browser-$1.dom"
    fi
}

# The pages.  The schedule makes core 1 run in the middle of core 0's
# increment, so the run finds a lost update and exits 1.
status=0
./atomsim --cores 2 --schedule 0:1,1:500,0:* --timeline "$tmp/timeline.html" \
    programs/x86/broken/plain-increment.elf >"$tmp/atomsim-timeline.out" 2>&1 ||
    status=$?
if [ "$status" -ne 1 ]; then
    sed 's/^/# /' "$tmp/atomsim-timeline.out" | tail -n 20
    echo "FAIL: atomsim --timeline on plain-increment.elf exited with status" \
        "$status, not 1 (the lost update it should find)"
    exit 1
fi
if [ ! -s "$tmp/timeline.html" ]; then
    echo "FAIL: atomsim --timeline wrote no $tmp/timeline.html"
    exit 1
fi
pass "atomsim --timeline exited 1 (lost update) and wrote timeline.html"

status=0
./atomsim explain atomic_fetch_add --html "$tmp/explain.html" \
    >"$tmp/atomsim-explain.out" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
    sed 's/^/# /' "$tmp/atomsim-explain.out" | tail -n 20
    echo "FAIL: atomsim explain atomic_fetch_add --html exited with status $status"
    exit 1
fi
if [ ! -s "$tmp/explain.html" ]; then
    echo "FAIL: atomsim explain --html wrote no $tmp/explain.html"
    exit 1
fi
pass "atomsim explain atomic_fetch_add --html wrote explain.html"

# The page --monitor all writes: the ABA hole, where the value policy's
# strex stores and the others' fail (arm guests only).
pages="timeline explain"
aba=tests/litmus/arm/arm-aba.elf
if [ -f "$aba" ]; then
    status=0
    ./atomsim --cpu arm --monitor all --schedule 0:2,1:2,d1:1,0:* \
        --timeline "$tmp/compare.html" "$aba" >"$tmp/atomsim-compare.out" 2>&1 || status=$?
    if [ "$status" -eq 1 ] && [ -s "$tmp/compare.html" ]; then
        pass "atomsim --monitor all --timeline exited 1 and wrote compare.html"
        pages="$pages compare"
    else
        sed 's/^/# /' "$tmp/atomsim-compare.out" | tail -n 20
        fail "atomsim --monitor all --timeline on $aba: exit $status, or no compare.html"
    fi
else
    echo "# $aba is not built: no --monitor all page"
fi

# Chromium: the DOM after the scripts ran, and a screenshot, of each page.
for page in $pages; do
    if run_chromium "$page-dom" --dump-dom "file://$tmp/$page.html"; then
        mv "$tmp/$page-dom.out" "$tmp/$page.dom"
    else
        fail "$page: chromium --dump-dom failed"
    fi
    if ! run_chromium "$page-png" --screenshot="$outdir/test-browser-$page.png" \
            --window-size=1280,1000 "file://$tmp/$page.html"; then
        fail "$page: chromium --screenshot failed"
    fi
    check_png "$page"
done

# The timeline: one lane per core, events of both cores, the finding.
failed_before=$failed
if check_dom_file timeline; then
    tok=$tmp/timeline.tok
    dom_tokens "$tmp/timeline.dom" >"$tok"
    check_rendered "$tok" timeline

    n=$(with_class "$tok" lane-head | count_lines)
    if [ "$n" -eq 2 ]; then
        pass "timeline: 2 lane headers (class lane-head), one a core"
    else
        fail "timeline: $n elements with class lane-head, not 2 (one a core)"
    fi

    for core in 0 1; do
        n=$(with_class "$tok" ev | grep "[[:space:]]data-core=\"$core\"" | count_lines)
        if [ "$n" -gt 0 ]; then
            pass "timeline: $n events of core $core (class ev, data-core=\"$core\")"
        else
            fail "timeline: no event of core $core" \
                "(no element with class ev and data-core=\"$core\")"
        fi
    done

    events=$(with_class "$tok" ev | count_lines)
    n=$(with_class "$tok" pc | grep -c '[[:space:]]title="pc 0x' || true)
    if [ "$n" -eq "$events" ]; then
        pass "timeline: each of the $events events says where (class pc, the pc in its title)"
    else
        fail "timeline: $n of $events events say where (class pc, title=\"pc 0x...\")"
    fi

    legend=$(text_of_class "$tok" legend)
    case $legend in
    *cpu0*cpu1*) pass "timeline: a legend of the core colours ($legend)" ;;
    *) fail "timeline: no legend (class legend) names cpu0 and cpu1: \"$legend\"" ;;
    esac

    if text_of_class "$tok" finding | grep -qi 'lost update on counter'; then
        pass "timeline: the finding says \"lost update on counter\""
    elif [ -n "$(with_class "$tok" finding)" ]; then
        fail "timeline: no element with class finding says \"lost update on counter\";" \
            "their text: $(text_of_class "$tok" finding | head -n 3)"
    else
        fail "timeline: no element with class finding"
    fi

    links=$(grep '^T <a[[:space:]]' "$tok" |
        sed -n 's/.*[[:space:]]href="#\(s[^"]*\)".*/\1/p' | sort -u)
    if [ -z "$links" ]; then
        fail "timeline: no link to an event row (<a href=\"#s...\">)"
    else
        missing=
        for id in $links; do
            grep '^T <' "$tok" | grep -q "[[:space:]]id=\"$id\"" ||
                missing="$missing #$id"
        done
        if [ -z "$missing" ]; then
            pass "timeline: $(echo "$links" | count_lines) links to event rows" \
                "(href=\"#s...\"), each to an element with that id"
        else
            fail "timeline: links to elements that do not exist:$missing"
        fi
    fi
    keep_dom timeline "$failed_before"
fi

# The --monitor all page: a lane set per policy, the step where they part
# marked, and the note at the top linking to it.
failed_before=$failed
if [ -f "$tmp/compare.html" ] && check_dom_file compare; then
    tok=$tmp/compare.tok
    dom_tokens "$tmp/compare.dom" >"$tok"
    check_rendered "$tok" compare

    sets=$(text_of_class "$tok" policy-head | tr '\n' ' ')
    if [ "$sets" = "address value switch " ]; then
        pass "compare: three lane sets, headed $sets(class policy-head)"
    else
        fail "compare: the lane sets (class policy-head) are \"$sets\", not address value switch"
    fi
    n=$(with_class "$tok" lane-head | count_lines)
    if [ "$n" -eq 6 ]; then
        pass "compare: 6 lane headers (class lane-head), a core's in each set"
    else
        fail "compare: $n elements with class lane-head, not 6"
    fi
    if with_class "$tok" parted | grep -q '^T <tr[[:space:]].*id="s6"'; then
        pass "compare: step 6's row is marked (class parted)"
    else
        fail "compare: no row with id=\"s6\" and class parted"
    fi
    note=$(text_of_class "$tok" parted-note)
    if grep '^T <a[[:space:]]' "$tok" | grep -q 'href="#s6"' &&
            echo "$note" | grep -q 'step 6: .*address: failed; value: stored'; then
        pass "compare: the note links to step 6 ($(echo "$note" | cut -c1-60)...)"
    else
        fail "compare: no note (class parted-note) links to step 6: \"$note\""
    fi
    if text_of_class "$tok" finding | grep -qi 'monitor divergence on x'; then
        pass "compare: the value policy's finding says \"monitor divergence on x\""
    else
        fail "compare: no element with class finding says \"monitor divergence on x\""
    fi
    keep_dom compare "$failed_before"
fi

# The explain page: a column for each cpu, its instructions, their roles.
failed_before=$failed
if check_dom_file explain; then
    tok=$tmp/explain.tok
    dom_tokens "$tmp/explain.dom" >"$tok"
    check_rendered "$tok" explain

    # aarch64 when its guests were built, with its LL/SC alternative (an
    # instruction's "_" stands for its spaces)
    cpus="sparc32 arm x86" insns="ldstub ldrex strex lock_xadd"
    if [ -f programs/aarch64/counter.elf ]; then
        cpus="$cpus aarch64" insns="$insns ldadd ldxr stxr"
    fi
    for cpu in $cpus; do
        if with_class "$tok" cpu-col | grep -q "[[:space:]]data-cpu=\"$cpu\""; then
            pass "explain: a column for $cpu (class cpu-col, data-cpu=\"$cpu\")"
        else
            fail "explain: no column for $cpu (no element with class cpu-col and data-cpu=\"$cpu\")"
        fi
    done

    text=$(all_text "$tok")
    for insn in $insns; do
        re=$(echo "$insn" | sed 's/_/[[:space:]]*/g') insn=$(echo "$insn" | tr _ ' ')
        if echo "$text" | grep -qi "$re"; then
            pass "explain: the page shows $insn"
        else
            fail "explain: the page's text does not show $insn"
        fi
    done

    n=$(with_class "$tok" role | count_lines)
    if [ "$n" -ge 3 ]; then
        pass "explain: $n elements with class role"
    else
        fail "explain: $n elements with class role, not at least 3"
    fi
    keep_dom explain "$failed_before"
fi

if [ "$failed" -ne 0 ]; then
    echo "FAIL: $failed checks failed (see above)"
    exit 1
fi
echo "PASS: atomsim's HTML pages render in chromium"
