# doc-commands.sh — sourced by test-readme.sh and test-tutorial.sh, which
# run every command a document shows, exactly as written.
#
# A reader types those commands at the top of a built tree, where source
# files (programs/examples/lost-update.steps, tests/litmus-files/...) and
# build products (./atomsim, programs/x86/counter.elf) sit side by side.
# Out of tree (make distcheck) they are two trees, and the source tree may
# be read-only.  So the commands run in a fresh temporary directory made to
# look like that top: the source tree's directories as trees of symlinks,
# the build tree's laid over them.  What a command writes lands there.
#
# Sourced from the top build directory.  Sets build, src (the source tree,
# absolute), tmp and failed; doc_run_all FILE runs the commands.

build=$(pwd)
src=$(cd "${srcdir:-.}" && pwd)
failed=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/doc-commands.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# The directories the documents' commands name files in.
doc_dirs='doc programs tests tools'

# Link the source tree's files into $tmp, then the build tree's over them
# (cp -s wants absolute paths).  Run again after a make, for what it made.
doc_overlay() {
    for d in $doc_dirs; do
        cp -rsf "$src/$d" "$tmp/"
    done
    # cp gives a directory its source's mode: from a read-only source tree
    # it could take neither the build tree's links nor rm -rf.
    find "$tmp" -type d ! -perm -u+w -exec chmod u+w {} +
    if [ "$build" != "$src" ]; then
        for d in $doc_dirs; do
            if [ -d "$build/$d" ]; then cp -rsf "$build/$d" "$tmp/"; fi
        done
    fi
    ln -sf "$build/atomsim" "$tmp/atomsim"
}
doc_overlay

# Run one command as written, from $tmp; a make line from the build tree,
# which is what it is about, and then the overlay takes in what it made.
# atomsim exits 1 for a finding, which a document may show; anything else
# must succeed.
doc_run() {
    status=0
    case $1 in
    make\ *)
        (cd "$build" && sh -c "$1") >"$tmp/.out" 2>&1 </dev/null || status=$?
        doc_overlay ;;
    *)
        (cd "$tmp" && sh -c "$1") >"$tmp/.out" 2>&1 </dev/null || status=$? ;;
    esac
    case $1 in ./atomsim\ *) worst=1 ;; *) worst=0 ;; esac
    if [ "$status" -gt "$worst" ]; then
        echo "FAIL: exit $status: $1"
        sed 's/^/#   /' "$tmp/.out" | tail -n 5
        failed=$((failed + 1))
    else
        echo "PASS: $1"
    fi
}

# Run each line of FILE; a FILE with none is a failure (the extraction broke).
doc_run_all() {
    if [ ! -s "$1" ]; then
        echo "FAIL: no commands found"
        failed=$((failed + 1))
        return
    fi
    while IFS= read -r cmd; do
        doc_run "$cmd"
    done < "$1"
}
