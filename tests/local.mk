# tests/: GTest programs run by `make check` over automake's TAP driver,
# and the guest programs they run (built for every cpu into tests/guest/<cpu>/).
TEST_DEFS = -DBUILDDIR='"$(abs_top_builddir)"' -DGUEST_CPUS='"$(GUEST_CPUS)"' \
	-DQEMU_SPARC32='"$(QEMU_SPARC32)"' -DQEMU_ARM='"$(QEMU_ARM)"' \
	-DQEMU_X86='"$(QEMU_X86)"' -DQEMU_X86_64='"$(QEMU_X86_64)"'

check_PROGRAMS += tests/test-cli tests/test-machine
tests_test_cli_SOURCES = %D%/test-cli.c %D%/test-programs.h
tests_test_cli_CPPFLAGS = $(AM_CPPFLAGS) $(TEST_DEFS)
tests_test_cli_LDADD = $(GLIB_LIBS)
tests_test_machine_SOURCES = %D%/test-machine.c %D%/test-programs.h
tests_test_machine_CPPFLAGS = $(AM_CPPFLAGS) $(TEST_DEFS)
tests_test_machine_LDADD = libatomsim.a $(ATOMSIM_LIBS) -ldl

TESTS += tests/test-machine tests/test-cli
LOG_DRIVER = env AM_TAP_AWK='$(AWK)' $(SHELL) $(top_srcdir)/build-aux/tap-driver.sh

GUEST_TESTS = load-unmapped illegal forever spin-private message exit-code
EXTRA_DIST += $(GUEST_TESTS:%=%D%/guest/%.c)
GUEST_TEST_ELFS = $(foreach cpu,$(GUEST_CPUS),$(GUEST_TESTS:%=tests/guest/$(cpu)/%.elf))
tests/guest/%.elf: $(GUEST_RUNTIME) $(GUEST_INCLUDES) $(GUEST_TESTS:%=%D%/guest/%.c)
	$(AM_V_GEN)$(MKDIR_P) $(@D) && $(ATOMSIM_CC) --cpu $(*D) -o $@ $(srcdir)/%D%/guest/$(*F).c

check-local: ;
$(TESTS): $(GUEST_TEST_ELFS) $(GUEST_ELFS) atomsim
clean-local: clean-guest-tests
clean-guest-tests:
	rm -rf tests/guest/sparc32 tests/guest/arm tests/guest/x86 tests/guest/x86_64
