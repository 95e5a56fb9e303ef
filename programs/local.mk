# programs/: the guest side, built for every cpu configure found a compiler
# for, into programs/<cpu>/ (runtime objects and example ELFs).
ATOMSIM_CC = ATOMSIM_RUNTIME_DIR=programs ATOMSIM_INCLUDE_DIR=$(srcdir)/programs/include \
	tools/atomsim-cc

GUEST_EXAMPLES = counter counter-atomic refcount bitmap spinlock fetch-vs-return lock-table dekker \
	message-passing message-passing-rmb seqlock publish c11-counter arrival
# Broken primitives (programs/examples/broken/), each for the cpus it is
# broken on, built into programs/<cpu>/broken/.
BROKEN_ALL = plain-increment cmpxchg-stale test-then-set lock-order dekker-no-fence
BROKEN_X86 = xadd-no-lock
BROKEN_ARM = strex-ignored
BROKEN_AARCH64 = stxr-ignored
BROKEN_RISCV64 = sc-ignored
# Weak-memory bugs: found only where stores may become visible out of order
# or loads read older writes.
BROKEN_WEAK = message-passing-no-barrier relaxed-publish message-passing-no-rmb seqlock-no-rmb \
	arrival-relaxed
BROKEN_SPARC32 = wrong-bucket set-races-add-unless
# The gallery of pthread programs (programs/examples/threads/), each with
# its verdict; peterson-fence is peterson.c built with -DFENCE.
GUEST_THREADS = peterson bakery c11-stack work-queue
GUEST_THREAD_ELFS = $(foreach cpu,$(GUEST_CPUS),\
	$(GUEST_THREADS:%=programs/$(cpu)/threads/%.elf) programs/$(cpu)/threads/peterson-fence.elf)
BROKEN_SRCS = $(foreach b,$(BROKEN_ALL) $(BROKEN_X86) $(BROKEN_ARM) $(BROKEN_AARCH64) \
	$(BROKEN_RISCV64) $(BROKEN_WEAK) $(BROKEN_SPARC32),\
	%D%/examples/broken/$(b).c)
broken_for = $(if $(filter $(1),$(GUEST_CPUS)),$(2:%=programs/$(1)/broken/%.elf))
BROKEN_ELFS = $(foreach cpu,$(GUEST_CPUS),$(BROKEN_ALL:%=programs/$(cpu)/broken/%.elf)) \
	$(call broken_for,x86,$(BROKEN_X86)) $(call broken_for,x86_64,$(BROKEN_X86)) \
	$(call broken_for,arm,$(BROKEN_ARM) $(BROKEN_WEAK)) \
	$(call broken_for,aarch64,$(BROKEN_AARCH64) $(BROKEN_WEAK)) \
	$(call broken_for,riscv64,$(BROKEN_RISCV64) $(BROKEN_WEAK)) \
	$(call broken_for,sparc32,$(BROKEN_SPARC32))
GUEST_RUNTIME_FILES = %D%/runtime/sim.c %D%/runtime/atomsim.ld \
	%D%/runtime/sparc32/crt0.S %D%/runtime/sparc32/linux-sys.h \
	%D%/runtime/arm/crt0.S %D%/runtime/arm/linux-sys.h \
	%D%/runtime/x86/crt0.S %D%/runtime/x86/linux-sys.h \
	%D%/runtime/x86_64/crt0.S %D%/runtime/x86_64/linux-sys.h \
	%D%/runtime/aarch64/crt0.S %D%/runtime/aarch64/linux-sys.h \
	%D%/runtime/riscv64/crt0.S %D%/runtime/riscv64/linux-sys.h
GUEST_INCLUDES = %D%/include/atomsim.h %D%/include/atomsim-abi.h %D%/include/atomic.h \
	%D%/include/litmus-linux.h
# The small libc (programs/libc/, headers in include/libc/): one archive per
# cpu, programs/<cpu>/libc.a, which atomsim-cc links after the program.
GUEST_LIBC_INCLUDES = %D%/include/libc/stdio.h %D%/include/libc/stdlib.h \
	%D%/include/libc/string.h %D%/include/libc/assert.h %D%/include/libc/limits.h \
	%D%/include/libc/pthread.h %D%/include/libc/threads.h %D%/include/libc/semaphore.h \
	%D%/include/libc/sched.h %D%/include/libc/unistd.h %D%/include/libc/errno.h
# ... with POSIX threads (pthread, sync, semaphore; unistd's sleeps return at
# once) and SV-COMP's harness (verifier): a program that calls
# pthread_create links pthread.o, and is threaded.
LIBC_NAMES = format stdio string stdlib malloc exit assert errno pthread sync semaphore unistd \
	c11-threads verifier
LIBC_FILES = $(LIBC_NAMES:%=%D%/libc/%.c) %D%/libc/libc-private.h
# The kernel's atomic API (programs/lib/): atomic.c over each cpu family's
# arch-atomic.h (x86_64 shares x86's), and sparc32's lock tables.
GUEST_LIB_FILES = %D%/lib/atomic.c %D%/lib/sparc32/arch-atomic.h %D%/lib/sparc32/lock-table.c \
	%D%/lib/x86/arch-atomic.h %D%/lib/arm/arch-atomic.h %D%/lib/aarch64/arch-atomic.h \
	%D%/lib/riscv64/arch-atomic.h %D%/lib/long-bitops.h %D%/lib/libatomic-abi.h \
	%D%/lib/c11-atomic.c %D%/lib/sparc32/c11-arch.h %D%/lib/riscv64/c11-arch.h
EXTRA_DIST += $(GUEST_RUNTIME_FILES) $(GUEST_INCLUDES) $(GUEST_LIB_FILES) $(LIBC_FILES) \
	$(GUEST_EXAMPLES:%=%D%/examples/%.c) $(BROKEN_SRCS) \
	$(GUEST_THREADS:%=%D%/examples/threads/%.c) %D%/examples/lost-update.steps

cpu_family = $(if $(filter x86_64,$(1)),x86,$(1))
guest_lib_objects = programs/$(1)/lib-atomic.o \
	$(if $(filter sparc32,$(1)),programs/$(1)/lib-lock-table.o) \
	$(if $(filter $(C11_LIB_CPUS),$(1)),programs/$(1)/lib-c11-atomic.o) \
	$(if $(filter aarch64,$(1)),programs/$(1)/llsc/lib-atomic.o)
GUEST_RUNTIME = programs/atomsim.ld \
	$(foreach cpu,$(GUEST_CPUS),programs/$(cpu)/crt0.o programs/$(cpu)/sim.o \
	  $(call guest_lib_objects,$(cpu)) programs/$(cpu)/libc.a)
GUEST_ELFS = $(foreach cpu,$(GUEST_CPUS),$(GUEST_EXAMPLES:%=programs/$(cpu)/%.elf))

programs/atomsim.ld: %D%/runtime/atomsim.ld
	$(AM_V_GEN)$(MKDIR_P) programs && cp $< $@
programs/%/crt0.o: %D%/runtime/%/crt0.S tools/atomsim-cc
	$(AM_V_GEN)$(MKDIR_P) $(@D) && $(ATOMSIM_CC) --cpu $* -c -o $@ $<
programs/%/sim.o: %D%/runtime/sim.c $(GUEST_INCLUDES) $(GUEST_LIBC_INCLUDES) $(LIBC_FILES) \
	  tools/atomsim-cc
	$(AM_V_GEN)$(MKDIR_P) $(@D) && $(ATOMSIM_CC) --cpu $* -c -I$(srcdir)/%D%/runtime/$* \
	  -I$(srcdir)/%D%/libc -o $@ $<
# libc.a: each file with warnings as errors, archived with the cpu's ar.
programs/%/libc.a: $(LIBC_FILES) $(GUEST_LIBC_INCLUDES) $(GUEST_INCLUDES) tools/atomsim-cc
	$(AM_V_GEN)$(MKDIR_P) $(@D)/libc && for f in $(LIBC_NAMES); do \
	  $(ATOMSIM_CC) --cpu $* -c -Wall -Wextra -Werror -I$(srcdir)/%D%/runtime/$* \
	    -I$(srcdir)/%D%/libc -o $(@D)/libc/$$f.o $(srcdir)/%D%/libc/$$f.c || exit 1; \
	done && rm -f $@ && \
	$$($(ATOMSIM_CC) --cpu $* --print-ar) rcs $@ $(LIBC_NAMES:%=$(@D)/libc/%.o)
programs/%/lib-atomic.o: %D%/lib/atomic.c $(GUEST_LIB_FILES) $(GUEST_INCLUDES) tools/atomsim-cc
	$(AM_V_GEN)$(MKDIR_P) $(@D) && $(ATOMSIM_CC) --cpu $* -c \
	  -I$(srcdir)/%D%/lib/$(call cpu_family,$*) -o $@ $<
# What gcc calls for C11 atomics it does not inline (programs/lib/c11-atomic.c):
# only sparc32 and riscv64 call any.
C11_LIB_CPUS = sparc32 riscv64
programs/%/lib-c11-atomic.o: %D%/lib/c11-atomic.c $(GUEST_LIB_FILES) tools/atomsim-cc
	$(AM_V_GEN)$(MKDIR_P) $(@D) && $(ATOMSIM_CC) --cpu $* -c \
	  -I$(srcdir)/%D%/lib/$(call cpu_family,$*) -o $@ $<
# aarch64's library in its LL/SC form, which atomsim-cc -mno-lse links.
programs/aarch64/llsc/lib-atomic.o: %D%/lib/atomic.c $(GUEST_LIB_FILES) $(GUEST_INCLUDES) \
	  tools/atomsim-cc
	$(AM_V_GEN)$(MKDIR_P) $(@D) && $(ATOMSIM_CC) --cpu aarch64 -mno-lse -c \
	  -I$(srcdir)/%D%/lib/aarch64 -o $@ $<
# Examples linked with that form: `atomsim explain` reads the LL/SC
# alternative in programs/<cpu>/llsc/counter.elf, beside the cpu's own;
# counter-atomic.elf runs its ldxr/stxr loop.
GUEST_LLSC = counter counter-atomic
GUEST_LLSC_ELFS = $(if $(filter aarch64,$(GUEST_CPUS)),$(GUEST_LLSC:%=programs/aarch64/llsc/%.elf))
programs/aarch64/llsc/%.elf: $(GUEST_RUNTIME) $(GUEST_INCLUDES) %D%/examples/%.c
	$(AM_V_GEN)$(ATOMSIM_CC) --cpu aarch64 -mno-lse -o $@ $(srcdir)/%D%/examples/$*.c
programs/sparc32/lib-lock-table.o: %D%/lib/sparc32/lock-table.c %D%/lib/sparc32/arch-atomic.h \
	  $(GUEST_INCLUDES) tools/atomsim-cc
	$(AM_V_GEN)$(MKDIR_P) $(@D) && $(ATOMSIM_CC) --cpu sparc32 -c -o $@ $<
programs/%.elf: $(GUEST_RUNTIME) $(GUEST_INCLUDES) $(GUEST_EXAMPLES:%=%D%/examples/%.c)
	$(AM_V_GEN)$(ATOMSIM_CC) --cpu $(*D) -o $@ $(srcdir)/%D%/examples/$(*F).c
$(BROKEN_ELFS): programs/%.elf: $(GUEST_RUNTIME) $(GUEST_INCLUDES) $(BROKEN_SRCS)
	$(AM_V_GEN)$(MKDIR_P) $(@D) && $(ATOMSIM_CC) --cpu $(word 2,$(subst /, ,$@)) \
	  -o $@ $(srcdir)/%D%/examples/broken/$(notdir $*).c

programs/%/threads/peterson-fence.elf: %D%/examples/threads/peterson.c $(GUEST_RUNTIME) \
	  $(GUEST_INCLUDES) $(GUEST_LIBC_INCLUDES)
	$(AM_V_GEN)$(MKDIR_P) $(@D) && $(ATOMSIM_CC) --cpu $(word 2,$(subst /, ,$@)) -DFENCE -o $@ $<
$(filter-out %/peterson-fence.elf,$(GUEST_THREAD_ELFS)): programs/%.elf: $(GUEST_RUNTIME) \
	  $(GUEST_INCLUDES) $(GUEST_LIBC_INCLUDES) $(GUEST_THREADS:%=%D%/examples/threads/%.c)
	$(AM_V_GEN)$(MKDIR_P) $(@D) && $(ATOMSIM_CC) --cpu $(word 2,$(subst /, ,$@)) \
	  -o $@ $(srcdir)/%D%/examples/threads/$(notdir $*).c
all-local: $(GUEST_ELFS) $(BROKEN_ELFS) $(GUEST_LLSC_ELFS) $(GUEST_THREAD_ELFS)
clean-local: clean-guests
clean-guests:
	rm -rf $(foreach cpu,$(GUEST_CPUS),programs/$(cpu)) programs/atomsim.ld

# Installed: the runtime for atomsim-cc, the guest headers, and the example
# ELFs (programsdir/<cpu>/, where `atomsim explain` reads the library's code).
runtimedir = $(pkglibdir)/runtime
programsdir = $(pkglibdir)/programs
guestincludedir = $(pkgincludedir)
guestinclude_HEADERS = $(GUEST_INCLUDES)
guestlibcincludedir = $(pkgincludedir)/libc
guestlibcinclude_HEADERS = $(GUEST_LIBC_INCLUDES)
install-data-local: $(GUEST_RUNTIME) $(GUEST_ELFS) $(GUEST_LLSC_ELFS)
	$(MKDIR_P) $(DESTDIR)$(runtimedir)
	$(INSTALL_DATA) programs/atomsim.ld $(DESTDIR)$(runtimedir)/
	for cpu in $(GUEST_CPUS); do \
	  $(MKDIR_P) $(DESTDIR)$(runtimedir)/$$cpu $(DESTDIR)$(programsdir)/$$cpu && \
	  $(INSTALL_DATA) programs/$$cpu/crt0.o programs/$$cpu/sim.o programs/$$cpu/lib-*.o \
	    programs/$$cpu/libc.a \
	    $(DESTDIR)$(runtimedir)/$$cpu/ && \
	  if [ $$cpu = aarch64 ]; then \
	    $(MKDIR_P) $(DESTDIR)$(runtimedir)/$$cpu/llsc && \
	    $(INSTALL_DATA) programs/$$cpu/llsc/lib-atomic.o $(DESTDIR)$(runtimedir)/$$cpu/llsc/ && \
	    $(MKDIR_P) $(DESTDIR)$(programsdir)/$$cpu/llsc && \
	    $(INSTALL_DATA) $(GUEST_LLSC:%=programs/$$cpu/llsc/%.elf) \
	      $(DESTDIR)$(programsdir)/$$cpu/llsc/; \
	  fi && \
	  $(INSTALL_DATA) $(GUEST_EXAMPLES:%=programs/$$cpu/%.elf) \
	    $(DESTDIR)$(programsdir)/$$cpu/ || exit 1; \
	done
uninstall-local:
	rm -rf $(DESTDIR)$(runtimedir) $(DESTDIR)$(programsdir)
