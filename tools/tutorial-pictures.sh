#!/bin/sh
# tutorial-pictures.sh — run the tutorial's eight lessons (doc/tutorial.md)
# and take the pictures it shows: each lesson's page, rendered by headless
# chromium, as doc/img/lessonN.png (and lesson6arm.png, lesson 6's arm part).  Run from the top of a built tree:
#   tools/tutorial-pictures.sh [OUTDIR]        (default doc/img)
set -eu
out=${1:-doc/img}
mkdir -p "$out"
out=$(cd "$out" && pwd)         # chromium runs elsewhere: an absolute path
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tutorial.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# lesson N's page, as the tutorial's command writes it (a finding exits 1)
page() {
    ./atomsim "$@" >/dev/null || [ $? -eq 1 ]
}
page --cpu x86 --cores 2 --memory sc --schedule 0:1,1:500,0:* --timeline "$tmp/lesson1.html" \
    programs/x86/broken/plain-increment.elf
./atomsim explain atomic_fetch_add --html "$tmp/lesson2.html" >/dev/null
page --cpu sparc32 --cores 2 --memory sc --schedule 0:3,1:500,0:* --timeline "$tmp/lesson3.html" \
    programs/sparc32/broken/wrong-bucket.elf
make -s tests/litmus/arm/arm-aba.elf
page --cpu arm --schedule 0:2,1:2,d1:1,0:* --monitor all --timeline "$tmp/lesson4.html" \
    tests/litmus/arm/arm-aba.elf
./atomsim explain atomic_add_return --html "$tmp/lesson5.html" >/dev/null
page --cpu x86 --schedule 0:3,1:*,0:* --timeline "$tmp/lesson6.html" \
    programs/x86/broken/dekker-no-fence.elf
page --cpu arm --schedule 0:3,d0.1:1,1:*,0:* --timeline "$tmp/lesson6arm.html" \
    programs/arm/broken/message-passing-no-barrier.elf
page --cpu x86 --schedule 0:1,1:2,d1:1,0:1,d0:1,0:*,1:* --timeline "$tmp/lesson7.html" \
    programs/x86/counter.elf
page --cpu aarch64 --schedule 1:1,0:*,1:2~1,1:* --timeline "$tmp/lesson8.html" \
    programs/aarch64/broken/message-passing-no-rmb.elf

for n in 1 2 3 4 5 6 6arm 7 8; do
    # lesson 2: tall enough for aarch64's LL/SC alternative under its ldaddal;
    # lesson 4: wide and tall enough for three runs' lanes down to step 6
    size=1280,820
    [ "$n" != 2 ] || size=1280,1500
    [ "$n" != 4 ] || size=1600,1350
    HOME="$tmp" timeout 60 chromium --headless=new --no-sandbox --disable-gpu \
        --disable-dev-shm-usage --user-data-dir="$tmp/profile" --hide-scrollbars \
        --window-size=$size --screenshot="$out/lesson$n.png" \
        "file://$tmp/lesson$n.html" >/dev/null 2>&1
    echo "$out/lesson$n.png"
done
