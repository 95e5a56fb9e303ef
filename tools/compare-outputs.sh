#!/bin/bash
# compare-outputs.sh: do two builds of atomsim print and write the same thing?
#
# Usage: tools/compare-outputs.sh BEFORE_BUILD_DIR AFTER_BUILD_DIR [OUTDIR]
#
# Runs a fixed set of atomsim command lines with BEFORE_BUILD_DIR/atomsim and
# with AFTER_BUILD_DIR/atomsim and compares everything they produce, byte for
# byte.  Meant for refactorings, which must not change any output.
#
# Exit status: 0 if every output is identical; 1 if any differs (a unified
# diff, cut short, is printed per differing file); 2 on bad usage.
#
# Inputs: the SAME ELF files for both binaries.  They are copied from
# BEFORE_BUILD_DIR (programs/<cpu>/*.elf, programs/<cpu>/broken/*.elf, and a
# few tests/guest and tests/litmus ELFs, built there with make if missing;
# one that cannot be built is skipped, for both binaries, with a note) into
# OUTDIR/before and OUTDIR/after.  Each binary runs in its own directory with
# the same relative paths (programs/x86/counter.elf, out/NAME.json, ...), so
# the paths it prints are the same.  `atomsim explain` reads
# $ATOMSIM_PROGRAMS, set to the relative "programs" (the copied ELFs).
#
# Per command line NAME, OUTDIR/<side>/out/ holds NAME.txt (stdout, stderr
# and the exit status, in three sections) and every file the run wrote
# (NAME.trace, NAME.json and NAME.json.schedule, NAME.html, NAME.rec ...).
# OUTDIR defaults to a new temporary directory; it is kept, and printed.
#
# The set: every example program of every cpu (all six) with
# the default options, and with --seed 7 and --trace/--json/--timeline;
# pinned schedules (--schedule) and several strategies (rr, random:M, pct:D,
# pct:D:K, pct without K) on a few programs per cpu; --runs 50 hunts with and
# without --shrink, --keep-going, --shard; --sched dfs on small test guests;
# faults (strip-lock, sc-fail:P, delay-holder:N); --monitor value and switch
# on arm; --record then --sched replay; limits (--max-steps, --spin-limit,
# --lock-table-size, --cores); explain; every memory model of each cpu on
# the shapes that tell them apart, run and searched; SV-COMP's reach_error
# with --only-checks and --only-reach-error; `atomsim litmus` on a few
# catalogue tests of every dialect; --help, --version; error cases.
# Not in it: --jobs above 1 and --time-limit, whose results may depend on
# the host's timing.
#
# Filtered (sed, on every output file, the same for both sides), because it
# cannot be identical by nature:
#   - wall-clock times, " in 0.12 s" -> " in T s" (the --runs, dfs and
#     shrink summaries, printed, and in the JSON "search" and the timeline's
#     result line);
#   - rates, "1498 runs/s" -> "R runs/s";
#   - any other duration, "0.12 s" -> "T s" (`atomsim litmus`'s per test,
#     in all, building), the JSON's "seconds" (its "explored") -> T, which
#     litmus test ran slowest (-> "the slowest run T"), and herd's "Time NAME 0.01" ->
#     "Time NAME T" (its cache of built tests is shared by both sides: the
#     second builds nothing);
#   - the binary's own directory, if printed, -> "BUILDDIR" (each binary
#     runs as a copy, OUTDIR/bin/<side>/atomsim, taken at the start so that
#     a rebuild during the run does not matter; atomsim explain finds the
#     programs through $ATOMSIM_PROGRAMS, not beside the binary).
# Nothing else is filtered.
set -euo pipefail

usage() {
	echo "usage: $0 BEFORE_BUILD_DIR AFTER_BUILD_DIR [OUTDIR]" >&2
	exit 2
}
[ $# -ge 2 ] && [ $# -le 3 ] || usage
before_dir=$(cd "$1" && pwd) || usage
after_dir=$(cd "$2" && pwd) || usage
for d in "$before_dir" "$after_dir"; do
	[ -x "$d/atomsim" ] || { echo "$0: no $d/atomsim (build it first)" >&2; exit 2; }
done
if [ $# -eq 3 ]; then
	mkdir -p "$3"
	outdir=$(cd "$3" && pwd)
else
	outdir=$(mktemp -d "${TMPDIR:-/tmp}/compare-outputs.XXXXXX")
fi
rm -rf "$outdir/before" "$outdir/after" "$outdir/inputs" "$outdir/bin" "$outdir/litmus-cache"

# Snapshot both binaries first, so that a rebuild during the run (of a tree
# being edited) does not swap a binary halfway.
for side in before after; do
	if [ $side = before ]; then d=$before_dir; else d=$after_dir; fi
	mkdir -p "$outdir/bin/$side"
	cp "$d/atomsim" "$outdir/bin/$side/atomsim"
	# `atomsim litmus` builds with the atomsim-cc beside it: AFTER's for
	# both (the guest toolchain is not what is compared)
	printf '#!/bin/sh\nexec "%s/tools/atomsim-cc" "$@"\n' "$after_dir" > "$outdir/bin/$side/atomsim-cc"
	chmod +x "$outdir/bin/$side/atomsim-cc"
done

CPUS="sparc32 arm x86 x86_64 aarch64 riscv64"

# The inputs, once, from BEFORE's tree.
inputs="$outdir/inputs"
mkdir -p "$inputs"
(cd "$before_dir" && for cpu in $CPUS; do
	for f in programs/$cpu/*.elf programs/$cpu/broken/*.elf; do
		if [ -f "$f" ]; then
			mkdir -p "$inputs/$(dirname "$f")" && cp "$f" "$inputs/$f"
		fi
	done
done)
optional="tests/guest/arm/unaligned-exclusive.elf tests/litmus/arm/arm-aba.elf tests/litmus/x86/x86-add.elf"
for cpu in $CPUS; do
	for g in peterson counter-once counter-atomic-once threads-sv threads-spin-atomic; do
		optional="$optional tests/guest/$cpu/$g.elf"
	done
	for l in shape-sb shape-mp shape-2p2w; do
		optional="$optional tests/litmus/$cpu/$l.elf"
	done
done
# The litmus files `atomsim litmus` reads (it builds them itself).
litmus_files="x86/sb.litmus x86/mp.litmus arm/mp-dmbst-po.litmus arm/sb-dmb.litmus
	aarch64/mp-rel-acq.litmus aarch64/2+2w.litmus c/SB.litmus c/MP+wmb+rmb.litmus"
for f in $litmus_files; do
	mkdir -p "$inputs/litmus/$(dirname "$f")" &&
		cp "$before_dir/tests/litmus-files/$f" "$inputs/litmus/$f" 2>/dev/null ||
		cp "$(dirname "$0")/../tests/litmus-files/$f" "$inputs/litmus/$f"
done
for f in $optional; do
	if [ ! -f "$before_dir/$f" ]; then
		make -s -C "$before_dir" "$f" >/dev/null 2>&1 || true
	fi
	if [ -f "$before_dir/$f" ]; then
		mkdir -p "$inputs/$(dirname "$f")" && cp "$before_dir/$f" "$inputs/$f"
	else
		echo "note: $f is missing in $before_dir and could not be built: skipped" >&2
	fi
done

# run NAME ARG...: one command line; NAME.txt gets stdout, stderr, status.
run() {
	local name=$1 rc=0
	shift
	ATOMSIM_PROGRAMS=programs ATOMSIM_CACHE_DIR="$outdir/litmus-cache" "$bin" "$@" >"out/$name.stdout" 2>"out/$name.stderr" </dev/null || rc=$?
	{
		echo "== atomsim $*"
		echo "== stdout"
		cat "out/$name.stdout"
		echo "== stderr"
		cat "out/$name.stderr"
		echo "== exit $rc"
	} >"out/$name.txt"
	rm -f "out/$name.stdout" "out/$name.stderr"
}

# have FILE...: are these inputs all there (some are optional)?
have() {
	local f
	for f in "$@"; do [ -f "$f" ] || return 1; done
}

# The fixed set, run in the current directory (a copy of the inputs).
run_all() {
	local cpu f n s
	for cpu in $CPUS; do
		# Every example program, default options; and seed 7 with every file.
		for f in programs/$cpu/*.elf programs/$cpu/broken/*.elf; do
			have "$f" || continue
			n=$(echo "${f%.elf}" | tr / -)
			run "$n-default" "$f"
			run "$n-seed7" --seed 7 --trace="out/$n-seed7.trace" --json "out/$n-seed7.json" \
				--timeline "out/$n-seed7.html" "$f"
		done

		p=programs/$cpu
		# Pinned schedules.
		run "$cpu-pin-counter" --schedule 0:3,1:* $p/counter.elf
		run "$cpu-pin-counter-atomic" --trace="out/$cpu-pin-counter-atomic.trace" \
			--schedule 0:1,1:2,0:3 $p/counter-atomic.elf
		run "$cpu-pin-plain" --json "out/$cpu-pin-plain.json" --timeline "out/$cpu-pin-plain.html" \
			--schedule 0:1,1:500,0:* $p/broken/plain-increment.elf
		run "$cpu-pin-spinlock" --trace --schedule 0:5,1:5,0:* $p/spinlock.elf
		run "$cpu-pin-3cores" --cores 3 --schedule 0:2,2:4,1:* $p/lock-table.elf

		# Strategies.
		for s in rr rr:3 random:4 random:1 pct:3 pct pct:2:40; do
			run "$cpu-sched-$s-counter" --sched $s --seed 11 $p/counter.elf
			run "$cpu-sched-$s-refcount" --sched $s --seed 5 --cores 3 $p/refcount.elf
		done
		run "$cpu-sched-pct-json" --sched pct --seed 2 --json "out/$cpu-sched-pct-json.json" \
			$p/fetch-vs-return.elf
		run "$cpu-cores4-counter-atomic" --cores 4 $p/counter-atomic.elf
		run "$cpu-noinject" --no-inject --seed 3 $p/counter.elf

		# Hunts.
		run "$cpu-runs-clean" --runs 50 --seed 3 $p/counter-atomic.elf
		run "$cpu-runs-find" --runs 50 --sched random:1 --seed 5 $p/counter.elf
		run "$cpu-runs-shrink" --runs 50 --sched random:1 --seed 5 --shrink \
			--json "out/$cpu-runs-shrink.json" $p/counter.elf
		run "$cpu-runs-pct-shrink" --runs 50 --sched pct:2:40 --shrink \
			--timeline "out/$cpu-runs-pct-shrink.html" $p/broken/plain-increment.elf
		run "$cpu-runs-pct" --runs 50 --sched pct $p/bitmap.elf
		run "$cpu-runs-keepgoing" --runs 20 --keep-going --seed 9 $p/counter.elf
		run "$cpu-runs-shard" --runs 30 --shard 1/3 $p/spinlock.elf

		# Record, then replay.
		run "$cpu-record" --sched random:1 --seed 5 --shrink --record "out/$cpu-record.rec" $p/counter.elf
		run "$cpu-replay" --trace --sched replay:"out/$cpu-record.rec" $p/counter.elf
		run "$cpu-record2" --seed 4 --record "out/$cpu-record2.rec" $p/lock-table.elf
		run "$cpu-replay2" --sched replay:"out/$cpu-record2.rec" --json "out/$cpu-replay2.json" \
			$p/lock-table.elf

		# Small searches.
		for f in counter-once counter-atomic-once; do
			have tests/guest/$cpu/$f.elf || continue
			run "$cpu-dfs2-$f" --sched dfs:2 tests/guest/$cpu/$f.elf
		done
		if have tests/guest/$cpu/peterson.elf; then
			run "$cpu-dfs1-peterson" --sched dfs:1 tests/guest/$cpu/peterson.elf
			run "$cpu-dfs2-peterson-300" --sched dfs:2 --runs 300 tests/guest/$cpu/peterson.elf
			run "$cpu-peterson-seed3" --seed 3 --trace="out/$cpu-peterson-seed3.trace" \
				tests/guest/$cpu/peterson.elf
		fi
		have tests/guest/$cpu/counter-once.elf &&
			run "$cpu-dfs-shard" --sched dfs:2 --shard 0/2 --json "out/$cpu-dfs-shard.json" \
				tests/guest/$cpu/counter-once.elf

		# Every memory model the cpu has, where they part.
		for m in sc tso pso arm rvwmo; do
			run "$cpu-memory-$m-dekker" --memory $m --runs 30 --seed 2 $p/broken/dekker-no-fence.elf
			for l in shape-sb shape-mp shape-2p2w; do
				have tests/litmus/$cpu/$l.elf || continue
				run "$cpu-memory-$m-dfs-$l" --memory $m --sched dfs tests/litmus/$cpu/$l.elf
				run "$cpu-memory-$m-trace-$l" --memory $m --seed 4 --trace tests/litmus/$cpu/$l.elf
			done
		done

		# SV-COMP's reach_error.
		for g in threads-sv threads-spin-atomic; do
			have tests/guest/$cpu/$g.elf || continue
			run "$cpu-svcomp-$g" --cores 3 --runs 20 tests/guest/$cpu/$g.elf
			run "$cpu-svcomp-$g-checks" --cores 3 --only-checks --runs 20 tests/guest/$cpu/$g.elf
			run "$cpu-svcomp-$g-reach" --cores 3 --only-reach-error --runs 20 \
				--json "out/$cpu-svcomp-$g.json" tests/guest/$cpu/$g.elf
			run "$cpu-svcomp-$g-dfs" --cores 3 --only-reach-error --sched dfs:1 --runs 200 \
				tests/guest/$cpu/$g.elf
		done

		# Faults.
		run "$cpu-fault-delay" --fault delay-holder:5 --seed 2 $p/spinlock.elf
		run "$cpu-fault-delay-runs" --fault delay-holder:3 --runs 20 $p/broken/test-then-set.elf

		# Limits.
		run "$cpu-maxsteps" --max-steps 100 $p/counter.elf
		run "$cpu-maxinsns" --max-insns 500 $p/counter.elf
		run "$cpu-spinlimit" --spin-limit 50 --seed 2 $p/broken/lock-order.elf

		# explain, on this cpu.
		run "$cpu-explain" explain --cpu $cpu atomic_fetch_add
	done

	# x86: strip-lock.
	for cpu in x86 x86_64; do
		run "$cpu-fault-strip" --fault strip-lock --seed 3 programs/$cpu/counter-atomic.elf
		run "$cpu-fault-strip-runs" --fault strip-lock --runs 50 --shrink programs/$cpu/counter-atomic.elf
		run "$cpu-fault-strip-spin" --fault strip-lock --seed 1 programs/$cpu/spinlock.elf
	done
	# arm: sc-fail, monitors.
	run arm-fault-scfail --fault sc-fail:0.3 --seed 4 programs/arm/counter-atomic.elf
	run arm-fault-scfail-trace --fault sc-fail:0.3 --seed 4 --trace="out/arm-fault-scfail-trace.trace" \
		programs/arm/spinlock.elf
	run arm-fault-scfail-runs --fault sc-fail:0.3 --fault delay-holder:2 --runs 50 programs/arm/refcount.elf
	run arm-fault-scfail-1 --fault sc-fail:1 --sc-fail-limit 20 programs/arm/counter-atomic.elf
	for m in address value switch; do
		run arm-monitor-$m --monitor $m --seed 6 programs/arm/counter-atomic.elf
		run arm-monitor-$m-rr --monitor $m --sched rr:1 --trace programs/arm/spinlock.elf
		run arm-monitor-$m-strex --monitor $m --seed 3 --json "out/arm-monitor-$m-strex.json" \
			programs/arm/broken/strex-ignored.elf
		run arm-monitor-$m-runs --monitor $m --runs 50 --shrink programs/arm/broken/cmpxchg-stale.elf
		if have tests/litmus/arm/arm-aba.elf; then
			run arm-monitor-$m-aba --monitor $m --trace --schedule 0:2,1:2,0:* \
				--timeline "out/arm-monitor-$m-aba.html" tests/litmus/arm/arm-aba.elf
		fi
	done
	have tests/guest/arm/unaligned-exclusive.elf &&
		run arm-unaligned-exclusive tests/guest/arm/unaligned-exclusive.elf
	have tests/litmus/x86/x86-add.elf &&
		run x86-litmus-add --trace --schedule 0:2,1:*,0:* tests/litmus/x86/x86-add.elf
	# sparc32: the lock table.
	run sparc32-locktable-16 --cores 4 --lock-table-size 16 programs/sparc32/lock-table.elf
	run sparc32-locktable-1 --cores 4 --lock-table-size 1 --json out/sparc32-locktable-1.json \
		programs/sparc32/lock-table.elf
	run sparc32-wrong-bucket --schedule 0:3,1:500,0:* --timeline out/sparc32-wrong-bucket.html \
		programs/sparc32/broken/wrong-bucket.elf

	# explain, every cpu, HTML.
	run explain-fetch-add explain atomic_fetch_add
	run explain-html explain atomic_add_return --html out/explain-html.html
	run explain-spin explain --cpu x86 spin_lock

	# Litmus files, each under its cpus' own models.
	for f in $litmus_files; do
		n=litmus-$(echo "${f%.litmus}" | tr /+ --)
		run "$n" litmus litmus/$f
	done

	# Help, version.
	run help --help
	run version --version

	# Errors.
	run err-missing-file programs/x86/no-such-program.elf
	run err-no-program --seed 1
	run err-bad-option --bogus programs/x86/counter.elf
	run err-bad-schedule --schedule 0:x programs/x86/counter.elf
	run err-bad-schedule-core --schedule 5:3,1:* programs/x86/counter.elf
	run err-bad-sched --sched bogus programs/x86/counter.elf
	run err-bad-dfs --sched dfs:x programs/arm/counter.elf
	run err-bad-cores --cores 0 programs/x86/counter.elf
	run err-bad-cores-65 --cores 65 programs/x86/counter.elf
	run err-bad-cpu --cpu mips programs/x86/counter.elf
	run err-cpu-mismatch --cpu arm programs/x86/counter.elf
	run err-bad-monitor --monitor bogus programs/arm/counter.elf
	run err-bad-fault --fault sc-fail:2 programs/arm/counter.elf
	run err-bad-fault-name --fault bogus programs/arm/counter.elf
	run err-replay-missing --sched replay:out/no-such.rec programs/x86/counter.elf
	run err-replay-bad --sched replay:programs/x86/counter.elf programs/x86/counter.elf
	run err-not-elf --seed 1 out/help.txt
	run err-timeline-unwritable --timeline out/no-such-dir/x.html programs/x86/counter.elf
	run err-shard --runs 10 --shard 3/2 programs/x86/counter.elf
	run err-lock-table-size --lock-table-size 3 programs/sparc32/lock-table.elf
	run err-explain-unknown explain no_such_primitive
}

for side in before after; do
	if [ $side = before ]; then build=$before_dir; else build=$after_dir; fi
	bin=$outdir/bin/$side/atomsim
	mkdir -p "$outdir/$side/out"
	cp -R "$inputs/." "$outdir/$side/"
	start=$(date +%s)
	(cd "$outdir/$side" && run_all)
	# The filter (see the header): wall-clock times, rates, the build dir.
	for f in "$outdir/$side"/out/*; do
		sed -E -i \
			-e 's/ in [0-9]+(\.[0-9]+)? s\b/ in T s/g' \
			-e 's/[0-9]+(\.[0-9]+)? runs\/s\b/R runs\/s/g' \
			-e 's/\b[0-9]+\.[0-9]+ s\b/T s/g' -e 's/^(Time [^ ]+) [0-9.]+$/\1 T/' \
			-e 's/("seconds" : )[0-9.e+-]+/\1T/' \
			-e 's/the slowest run .* T s$/the slowest run T/' \
			-e "s|$outdir/bin/$side|BUILDDIR|g" \
			-e "s|$build|BUILDDIR|g" \
			"$f"
	done
	echo "$side: $(ls "$outdir/$side/out" | wc -l) files from $build/atomsim (a copy) in $(($(date +%s) - start)) s" >&2
done

# Compare.
status=0
ndiff=0
nsame=0
while IFS= read -r rel; do
	b=$outdir/before/out/$rel
	a=$outdir/after/out/$rel
	if [ ! -e "$b" ] || [ ! -e "$a" ]; then
		echo "=== $rel: only in $([ -e "$b" ] && echo before || echo after)"
		status=1
		ndiff=$((ndiff + 1))
	elif cmp -s "$b" "$a"; then
		nsame=$((nsame + 1))
	else
		echo "=== $rel differs:"
		diff -u --label "before/$rel" --label "after/$rel" "$b" "$a" | head -n 40 || true
		status=1
		ndiff=$((ndiff + 1))
	fi
done < <( (cd "$outdir/before/out" && find . -type f; cd "$outdir/after/out" && find . -type f) |
	sed 's|^\./||' | LC_ALL=C sort -u)

if [ $status -eq 0 ]; then
	echo "identical: all $nsame files (outputs in $outdir)"
else
	echo "DIFFERENT: $ndiff files differ, $nsame identical (outputs in $outdir)"
fi
exit $status
