# tests/fuzz/: libFuzzer targets, one per parser of what a user gives
# atomsim (configure --enable-fuzzing; they are built with $(FUZZ_CC), clang).
# Each target compiles the sources it fuzzes with coverage and sanitizers and
# takes the rest from libatomsim.a (the scheduler's: every file of
# SCHED_SRCS, sim/sched/local.mk).  `make fuzz-smoke` runs each for
# FUZZ_SECONDS (30) from its seeds in corpus/<target>/; new inputs go to
# tests/fuzz/work/<target>/ in the build tree.
FUZZ_TARGETS = fuzz-elf fuzz-cli fuzz-schedule fuzz-sched fuzz-replay fuzz-decode \
	fuzz-litmus fuzz-step fuzz-property fuzz-merge
FUZZ_SECONDS = 30
FUZZ_FLAGS = -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-fno-omit-frame-pointer
fuzz_elf_SRCS = %D%/fuzz-elf.c sim/core/loader.c sim/core/debuginfo.c sim/core/layout.c \
	sim/core/tls.c sim/core/compared.c
fuzz_cli_SRCS = %D%/fuzz-cli.c sim/cli/cli-options.c $(SCHED_SRCS)
fuzz_schedule_SRCS = %D%/fuzz-schedule.c $(SCHED_SRCS)
fuzz_sched_SRCS = %D%/fuzz-sched.c $(SCHED_SRCS)
fuzz_replay_SRCS = %D%/fuzz-replay.c $(SCHED_SRCS)
fuzz_decode_SRCS = %D%/fuzz-decode.c $(filter cpus/%.c,$(libatomsim_a_SOURCES))
fuzz_litmus_SRCS = %D%/fuzz-litmus.c $(filter sim/litmus/%.c,$(libatomsim_a_SOURCES))
fuzz_step_SRCS = %D%/fuzz-step.c sim/cli/step-command.c
fuzz_property_SRCS = %D%/fuzz-property.c sim/cli/cli-options.c $(SCHED_SRCS)
fuzz_merge_SRCS = %D%/fuzz-merge.c sim/report/report-merge.c
EXTRA_DIST += %D%/fuzz-elf.c %D%/fuzz-cli.c %D%/fuzz-schedule.c %D%/fuzz-sched.c \
	%D%/fuzz-replay.c %D%/fuzz-decode.c %D%/fuzz-litmus.c %D%/fuzz-step.c \
	%D%/fuzz-property.c %D%/fuzz-merge.c %D%/corpus
CLEANFILES += $(FUZZ_TARGETS:%=tests/fuzz/%)
# The smallest example of every cpu seeds the ELF target, and programs with
# thread-local storage of a 32-bit and a 64-bit cpu.
FUZZ_ELF_SEEDS = $(foreach cpu,$(GUEST_CPUS),programs/$(cpu)/counter.elf) \
	$(call guests_for,x86,threads-tls,guest) $(call guests_for,aarch64,threads-tls,guest)

fuzz_link = $(AM_V_CCLD)$(MKDIR_P) tests/fuzz && $(FUZZ_CC) $(FUZZ_FLAGS) $(DEFS) -I. \
	$(AM_CPPFLAGS) $(WARN_CFLAGS) -o $@ $(addprefix $(srcdir)/,$(1)) libatomsim.a \
	$(ATOMSIM_LIBS) -ldl

if FUZZING
tests/fuzz/fuzz-elf: $(fuzz_elf_SRCS) libatomsim.a
	$(call fuzz_link,$(fuzz_elf_SRCS))
tests/fuzz/fuzz-cli: $(fuzz_cli_SRCS) libatomsim.a
	$(call fuzz_link,$(fuzz_cli_SRCS))
tests/fuzz/fuzz-schedule: $(fuzz_schedule_SRCS) libatomsim.a
	$(call fuzz_link,$(fuzz_schedule_SRCS))
tests/fuzz/fuzz-sched: $(fuzz_sched_SRCS) libatomsim.a
	$(call fuzz_link,$(fuzz_sched_SRCS))
tests/fuzz/fuzz-replay: $(fuzz_replay_SRCS) libatomsim.a
	$(call fuzz_link,$(fuzz_replay_SRCS))
tests/fuzz/fuzz-decode: $(fuzz_decode_SRCS) libatomsim.a
	$(call fuzz_link,$(fuzz_decode_SRCS))
tests/fuzz/fuzz-litmus: $(fuzz_litmus_SRCS) libatomsim.a
	$(call fuzz_link,$(fuzz_litmus_SRCS))
tests/fuzz/fuzz-step: $(fuzz_step_SRCS) libatomsim.a
	$(call fuzz_link,$(fuzz_step_SRCS))
tests/fuzz/fuzz-property: $(fuzz_property_SRCS) libatomsim.a
	$(call fuzz_link,$(fuzz_property_SRCS))
tests/fuzz/fuzz-merge: $(fuzz_merge_SRCS) libatomsim.a
	$(call fuzz_link,$(fuzz_merge_SRCS))

fuzz: $(FUZZ_TARGETS:%=tests/fuzz/%)
# Run every target for FUZZ_SECONDS (make -j runs several at once); fail if
# one crashes, leaks or hangs (libFuzzer leaves the input as
# tests/fuzz/work/crash-*).
fuzz-smoke: $(FUZZ_TARGETS:%=fuzz-smoke-%)
	@echo "fuzz-smoke: every target ran $(FUZZ_SECONDS) s without a crash"
$(FUZZ_TARGETS:%=fuzz-smoke-%): fuzz-smoke-%: tests/fuzz/% $(FUZZ_ELF_SEEDS)
	@$(MKDIR_P) tests/fuzz/work/$*
	@if test $* = fuzz-elf; then \
	  for e in $(FUZZ_ELF_SEEDS); do cp $$e tests/fuzz/work/$*/seed-`echo $$e | tr / -`; done; \
	fi
	@echo "fuzz-smoke: $* for $(FUZZ_SECONDS) s"
	@tests/fuzz/$* -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 \
	  -artifact_prefix=tests/fuzz/work/ -print_final_stats=1 \
	  tests/fuzz/work/$* $(srcdir)/tests/fuzz/corpus/$* 2> tests/fuzz/work/$*.log || \
	  { tail -40 tests/fuzz/work/$*.log; echo "fuzz-smoke: $* FAILED"; exit 1; }
	@echo "fuzz-smoke: $*: `grep -E '^stat::number_of_executed_units' tests/fuzz/work/$*.log`"
else
fuzz fuzz-smoke:
	@echo "$@: skipped: configure --enable-fuzzing to build the fuzz targets (clang, libFuzzer)"
endif
clean-local: clean-fuzz
clean-fuzz:
	rm -rf tests/fuzz/work
.PHONY: fuzz fuzz-smoke $(FUZZ_TARGETS:%=fuzz-smoke-%) clean-fuzz
