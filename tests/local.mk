# tests/: GTest programs run by `make check` over automake's TAP driver,
# and the guest programs they run (built for every cpu into tests/guest/<cpu>/).
TEST_DEFS = -DBUILDDIR='"$(abs_top_builddir)"' -DSRCDIR='"$(abs_top_srcdir)"' -DGUEST_CPUS='"$(GUEST_CPUS)"' \
	-DQEMU_SPARC32='"$(QEMU_SPARC32)"' -DQEMU_ARM='"$(QEMU_ARM)"' \
	-DQEMU_X86='"$(QEMU_X86)"' -DQEMU_X86_64='"$(QEMU_X86_64)"' \
	-DQEMU_AARCH64='"$(QEMU_AARCH64)"' -DQEMU_RISCV64='"$(QEMU_RISCV64)"'

check_PROGRAMS += tests/test-cli tests/test-machine tests/test-decode tests/test-litmus \
	tests/test-atomic tests/test-broken tests/test-json tests/test-views tests/test-hunt \
	tests/test-lost-update tests/test-taint tests/test-elf tests/test-explain tests/test-dfs \
	tests/test-libc tests/test-threads tests/test-c11 tests/test-litmus-file tests/test-reads
tests_test_threads_SOURCES = %D%/test-threads.c %D%/test-programs.h
tests_test_threads_CPPFLAGS = $(AM_CPPFLAGS) $(TEST_DEFS)
tests_test_threads_LDADD = $(GLIB_LIBS)
tests_test_cli_SOURCES = %D%/test-cli.c %D%/test-programs.h
tests_test_cli_CPPFLAGS = $(AM_CPPFLAGS) $(TEST_DEFS)
tests_test_cli_LDADD = $(GLIB_LIBS)
tests_test_elf_SOURCES = %D%/test-elf.c %D%/test-programs.h
tests_test_elf_CPPFLAGS = $(AM_CPPFLAGS) $(TEST_DEFS)
tests_test_elf_LDADD = $(GLIB_LIBS)
tests_test_machine_SOURCES = %D%/test-machine.c %D%/test-programs.h
tests_test_machine_CPPFLAGS = $(AM_CPPFLAGS) $(TEST_DEFS)
tests_test_machine_LDADD = libatomsim.a $(ATOMSIM_LIBS) -ldl

tests_test_decode_SOURCES = %D%/test-decode.c
tests_test_decode_LDADD = libatomsim.a $(ATOMSIM_LIBS)
tests_test_taint_SOURCES = %D%/test-taint.c
tests_test_taint_LDADD = libatomsim.a $(ATOMSIM_LIBS)
tests_test_litmus_file_SOURCES = %D%/test-litmus-file.c
tests_test_litmus_file_LDADD = libatomsim.a $(ATOMSIM_LIBS)

tests_test_litmus_SOURCES = %D%/test-litmus.c %D%/test-programs.h
tests_test_litmus_CPPFLAGS = $(AM_CPPFLAGS) $(TEST_DEFS) -DSRCDIR='"$(abs_top_srcdir)"'
tests_test_litmus_LDADD = $(GLIB_LIBS)

tests_test_atomic_SOURCES = %D%/test-atomic.c %D%/test-programs.h
tests_test_atomic_CPPFLAGS = $(AM_CPPFLAGS) $(TEST_DEFS)
tests_test_atomic_LDADD = $(GLIB_LIBS)
tests_test_reads_SOURCES = %D%/test-reads.c %D%/test-programs.h
tests_test_reads_CPPFLAGS = $(AM_CPPFLAGS) $(TEST_DEFS)
tests_test_reads_LDADD = $(GLIB_LIBS)
tests_test_broken_SOURCES = %D%/test-broken.c %D%/test-programs.h
tests_test_broken_CPPFLAGS = $(AM_CPPFLAGS) $(TEST_DEFS)
tests_test_broken_LDADD = $(GLIB_LIBS)
tests_test_json_SOURCES = %D%/test-json.c %D%/test-programs.h
tests_test_json_CPPFLAGS = $(AM_CPPFLAGS) $(TEST_DEFS) -DSRCDIR='"$(abs_top_srcdir)"'
tests_test_json_LDADD = $(JSON_LIBS) $(GLIB_LIBS)
tests_test_views_SOURCES = %D%/test-views.c %D%/test-programs.h
tests_test_views_CPPFLAGS = $(AM_CPPFLAGS) $(TEST_DEFS)
tests_test_views_LDADD = $(GLIB_LIBS)
tests_test_explain_SOURCES = %D%/test-explain.c %D%/test-programs.h
tests_test_explain_CPPFLAGS = $(AM_CPPFLAGS) $(TEST_DEFS)
tests_test_explain_LDADD = $(GLIB_LIBS)
tests_test_hunt_SOURCES = %D%/test-hunt.c %D%/test-programs.h
tests_test_hunt_CPPFLAGS = $(AM_CPPFLAGS) $(TEST_DEFS)
tests_test_hunt_LDADD = $(GLIB_LIBS)
tests_test_dfs_SOURCES = %D%/test-dfs.c %D%/test-programs.h
tests_test_dfs_CPPFLAGS = $(AM_CPPFLAGS) $(TEST_DEFS)
tests_test_dfs_LDADD = $(GLIB_LIBS)
tests_test_c11_SOURCES = %D%/test-c11.c %D%/test-programs.h
tests_test_c11_CPPFLAGS = $(AM_CPPFLAGS) $(TEST_DEFS)
tests_test_c11_LDADD = $(GLIB_LIBS)
tests_test_lost_update_SOURCES = %D%/test-lost-update.c %D%/test-programs.h
tests_test_lost_update_CPPFLAGS = $(AM_CPPFLAGS) $(TEST_DEFS)
tests_test_lost_update_LDADD = $(GLIB_LIBS)
tests_test_libc_SOURCES = %D%/test-libc.c %D%/test-programs.h
tests_test_libc_CPPFLAGS = $(AM_CPPFLAGS) $(TEST_DEFS)
tests_test_libc_LDADD = $(GLIB_LIBS)

# A sanitizer build runs some long tests on fewer cpus (test-litmus-files.sh);
# the litmus tests README and the manual run are built into the build tree,
# not ~/.cache.
AM_TESTS_ENVIRONMENT = ATOMSIM_SANITIZED='$(SANITIZER_FLAGS)'; export ATOMSIM_SANITIZED; \
	ATOMSIM_CACHE_DIR='$(abs_top_builddir)/tests/litmus-cache'; export ATOMSIM_CACHE_DIR;
LOG_DRIVER = env AM_TAP_AWK='$(AWK)' $(SHELL) $(top_srcdir)/build-aux/tap-driver.sh
# Shell-script tests print PASS:/FAIL: lines and exit 0, 1 or 77 (skip): they
# run under automake's plain driver (SH_LOG_DRIVER, build-aux/test-driver).
# test-browser.sh opens atomsim's HTML pages in headless chromium and leaves
# screenshots (and, when a check fails, the DOM) next to its log.
TEST_EXTENSIONS = .sh
# The tests, the longest first: make check -j runs them in this order, and
# a long one started last would run alone at the end.
TESTS += tests/test-litmus-files.sh tests/test-hunt tests/test-litmus tests/test-cli \
	tests/test-threads tests/test-machine tests/test-atomic tests/test-broken tests/test-reads \
	tests/test-layers.sh tests/test-browser.sh tests/test-c11 tests/test-readme.sh \
	tests/test-dfs tests/test-elf tests/test-libc tests/test-views tests/test-explain \
	tests/test-step.sh tests/test-tutorial.sh tests/test-json tests/test-lost-update \
	tests/test-install.sh tests/test-monitor-all.sh tests/test-decode tests/test-taint \
	tests/test-litmus-file tests/test-merge.sh
EXTRA_DIST += %D%/test-browser.sh %D%/test-tutorial.sh %D%/test-readme.sh %D%/test-layers.sh \
	%D%/test-install.sh %D%/test-litmus-files.sh %D%/test-step.sh %D%/test-monitor-all.sh \
	%D%/test-merge.sh
# ... and what test-readme.sh and test-tutorial.sh share: a tree to run the
# documents' commands in.
EXTRA_DIST += %D%/doc-commands.sh %D%/svcomp
# The catalogue of herd7-syntax litmus tests that `atomsim litmus` runs
# (tests/test-litmus-files.sh): a directory per dialect.
EXTRA_DIST += %D%/litmus-files
CLEANFILES += tests/test-browser-*.png tests/test-browser-*.dom

GUEST_TESTS = load-unmapped illegal forever spin-private message exit-code add-unless-whole \
	atomic-conformance atomic-stress wait-forever counter-once counter-atomic-once peterson counter-long \
	stale-store stale-pointer lock-retry cmpxchg-retry lock-progress wait-two library-types \
	litmus-linux-api \
	libc-basics libc-assert libc-abort libc-double-free \
	threads-mutex threads-cond threads-deadlock threads-assert threads-malloc threads-sv threads-c11 \
	threads-spin-atomic handoff-rounds \
	c11-conformance c11-counter-once c11-flag address-dependency overwritten choose choose-race \
	atomic-draw long-loop threads-tls threads-sem threads-sem-missing-post threads-cond-if \
	threads-keys \
	atomic-sections
# ... of which these are built with -Wall -Wextra -Werror.
GUEST_TESTS_STRICT = library-types libc-basics libc-assert libc-abort libc-double-free \
	c11-conformance c11-flag litmus-linux-api
# ... and these with -O0, as SV-COMP's programs are built (tools/bench-svcomp.sh):
# a function the compiler inlined is no longer __VERIFIER_atomic_* or reach_error.
GUEST_TESTS_O0 = threads-sv threads-spin-atomic
# ... and some for one cpu only.
GUEST_TESTS_ARM = unaligned-exclusive
GUEST_TESTS_SPARC32 = privileged-asi
GUEST_TESTS_AARCH64 = extended-index
GUEST_TEST_SRCS = $(GUEST_TESTS:%=%D%/guest/%.c) $(GUEST_TESTS_ARM:%=%D%/guest/%.c) \
	$(GUEST_TESTS_SPARC32:%=%D%/guest/%.c) $(GUEST_TESTS_AARCH64:%=%D%/guest/%.c)
EXTRA_DIST += $(GUEST_TEST_SRCS)
guests_for = $(if $(filter $(1),$(GUEST_CPUS)),$(2:%=tests/$(3)/$(1)/%.elf))
GUEST_TEST_ELFS = $(foreach cpu,$(GUEST_CPUS),$(GUEST_TESTS:%=tests/guest/$(cpu)/%.elf)) \
	$(call guests_for,arm,$(GUEST_TESTS_ARM),guest) \
	$(call guests_for,sparc32,$(GUEST_TESTS_SPARC32),guest) \
	$(call guests_for,aarch64,$(GUEST_TESTS_AARCH64),guest)
tests/guest/%.elf: $(GUEST_RUNTIME) $(GUEST_INCLUDES) $(GUEST_TEST_SRCS)
	$(AM_V_GEN)$(MKDIR_P) $(@D) && $(ATOMSIM_CC) --cpu $(*D) \
	  $(if $(filter $(*F),$(GUEST_TESTS_STRICT)),-Wall -Wextra -Werror) \
	  $(if $(filter $(*F),$(GUEST_TESTS_O0)),-O0) -o $@ \
	  $(srcdir)/%D%/guest/$(*F).c

# Litmus programs (tests/litmus/), each built for the cpus its header names.
LITMUS_ARM = arm-aba arm-store-breaks arm-granule arm-switch arm-ldrexd arm-cond-strex
LITMUS_X86 = x86-add x86-lock-add x86-xchg x86-cmpxchg x86-cmpxchg-nolock x86-bts x86-lock-bts
LITMUS_SPARC32 = sparc-ldstub sparc-swap sparc-casa
LITMUS_AARCH64 = a64-sb-rel-acq a64-sb-rel-acqpc a64-sb-ldadd a64-sb-ldaddal arm-aba
LITMUS_RISCV64 = rv-sb-fence-tso rv-sb-amo-aqrl rv-mp-fence arm-aba
# Memory-model shapes, for every cpu with store buffers.
LITMUS_TSO = sb sb-fence
# The litmus catalogue: shapes searched under every memory model, every cpu.
LITMUS = shape-sb shape-sb-mb shape-sb-xchg shape-sb-xchg-apart shape-mp shape-mp-wmb-rmb \
	shape-mp-release-acquire shape-mp-wmb-addr shape-mp-inc-relaxed shape-mp-inc shape-lb \
	shape-r shape-r-mb shape-s shape-s-wmb shape-2p2w shape-2p2w-wmb shape-wrc shape-wrc-mb \
	shape-iriw shape-iriw-mb shape-corr shape-coww shape-corw shape-cowr shape-mp-wmb-xchg \
	c11-sb c11-sb-relaxed c11-sb-fence c11-mp c11-mp-relaxed c11-store-vs-rmw
LITMUS_SRCS = $(LITMUS_ARM:%=%D%/litmus/%.c) $(LITMUS_X86:%=%D%/litmus/%.c) \
	$(LITMUS_SPARC32:%=%D%/litmus/%.c) $(LITMUS_AARCH64:%=%D%/litmus/%.c) \
	$(LITMUS_RISCV64:%=%D%/litmus/%.c) \
	$(LITMUS_TSO:%=%D%/litmus/%.c) $(LITMUS:%=%D%/litmus/%.c)
EXTRA_DIST += $(LITMUS_SRCS) %D%/litmus/litmus.h
LITMUS_ELFS = $(call guests_for,arm,$(LITMUS_ARM),litmus) \
	$(call guests_for,x86,$(LITMUS_X86),litmus) $(call guests_for,x86_64,$(LITMUS_X86),litmus) \
	$(call guests_for,sparc32,$(LITMUS_SPARC32),litmus) \
	$(call guests_for,aarch64,$(LITMUS_AARCH64),litmus) \
	$(call guests_for,riscv64,$(LITMUS_RISCV64),litmus) \
	$(call guests_for,x86,$(LITMUS_TSO),litmus) $(call guests_for,x86_64,$(LITMUS_TSO),litmus) \
	$(call guests_for,sparc32,$(LITMUS_TSO),litmus) \
	$(foreach cpu,$(GUEST_CPUS),$(LITMUS:%=tests/litmus/$(cpu)/%.elf))
tests/litmus/%.elf: $(GUEST_RUNTIME) $(GUEST_INCLUDES) $(LITMUS_SRCS) %D%/litmus/litmus.h
	$(AM_V_GEN)$(MKDIR_P) $(@D) && $(ATOMSIM_CC) --cpu $(*D) -o $@ $(srcdir)/%D%/litmus/$(*F).c

check-local: ;
$(TESTS): $(GUEST_TEST_ELFS) $(GUEST_ELFS) $(GUEST_THREAD_ELFS) $(BROKEN_ELFS) $(LITMUS_ELFS) atomsim
clean-local: clean-guest-tests
clean-guest-tests:
	rm -rf $(foreach cpu,$(GUEST_CPUS),tests/guest/$(cpu) tests/litmus/$(cpu)) tests/litmus-cache
