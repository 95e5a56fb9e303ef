# programs/: the guest side, built for every cpu configure found a compiler
# for, into programs/<cpu>/ (runtime objects and example ELFs).
ATOMSIM_CC = ATOMSIM_RUNTIME_DIR=programs ATOMSIM_INCLUDE_DIR=$(srcdir)/programs/include \
	tools/atomsim-cc

GUEST_EXAMPLES = counter counter-atomic
GUEST_RUNTIME_FILES = %D%/runtime/sim.c %D%/runtime/atomsim.ld \
	%D%/runtime/sparc32/crt0.S %D%/runtime/sparc32/linux-sys.h \
	%D%/runtime/arm/crt0.S %D%/runtime/arm/linux-sys.h \
	%D%/runtime/x86/crt0.S %D%/runtime/x86/linux-sys.h \
	%D%/runtime/x86_64/crt0.S %D%/runtime/x86_64/linux-sys.h
GUEST_INCLUDES = %D%/include/atomsim.h %D%/include/atomsim-abi.h
EXTRA_DIST += $(GUEST_RUNTIME_FILES) $(GUEST_INCLUDES) \
	$(GUEST_EXAMPLES:%=%D%/examples/%.c)

GUEST_RUNTIME = programs/atomsim.ld \
	$(foreach cpu,$(GUEST_CPUS),programs/$(cpu)/crt0.o programs/$(cpu)/sim.o)
GUEST_ELFS = $(foreach cpu,$(GUEST_CPUS),$(GUEST_EXAMPLES:%=programs/$(cpu)/%.elf))

programs/atomsim.ld: %D%/runtime/atomsim.ld
	$(AM_V_GEN)$(MKDIR_P) programs && cp $< $@
programs/%/crt0.o: %D%/runtime/%/crt0.S tools/atomsim-cc
	$(AM_V_GEN)$(MKDIR_P) $(@D) && $(ATOMSIM_CC) --cpu $* -c -o $@ $<
programs/%/sim.o: %D%/runtime/sim.c $(GUEST_INCLUDES) tools/atomsim-cc
	$(AM_V_GEN)$(MKDIR_P) $(@D) && $(ATOMSIM_CC) --cpu $* -c -I$(srcdir)/%D%/runtime/$* -o $@ $<
programs/%.elf: $(GUEST_RUNTIME) $(GUEST_INCLUDES) $(GUEST_EXAMPLES:%=%D%/examples/%.c)
	$(AM_V_GEN)$(ATOMSIM_CC) --cpu $(*D) -o $@ $(srcdir)/%D%/examples/$(*F).c

all-local: $(GUEST_ELFS)
clean-local: clean-guests
clean-guests:
	rm -rf $(foreach cpu,$(GUEST_CPUS),programs/$(cpu)) programs/atomsim.ld

# Installed: the runtime for atomsim-cc, and the guest headers.
runtimedir = $(pkglibdir)/runtime
guestincludedir = $(pkgincludedir)
guestinclude_HEADERS = $(GUEST_INCLUDES)
install-data-local: $(GUEST_RUNTIME)
	$(MKDIR_P) $(DESTDIR)$(runtimedir)
	$(INSTALL_DATA) programs/atomsim.ld $(DESTDIR)$(runtimedir)/
	for cpu in $(GUEST_CPUS); do \
	  $(MKDIR_P) $(DESTDIR)$(runtimedir)/$$cpu && \
	  $(INSTALL_DATA) programs/$$cpu/crt0.o programs/$$cpu/sim.o $(DESTDIR)$(runtimedir)/$$cpu/ || exit 1; \
	done
uninstall-local:
	rm -rf $(DESTDIR)$(runtimedir)
