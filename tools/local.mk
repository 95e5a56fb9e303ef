# tools/: atomsim-cc (installed next to atomsim), install-deps, benchmarks.
bin_SCRIPTS += tools/atomsim-cc
CLEANFILES += tools/atomsim-cc
EXTRA_DIST += %D%/atomsim-cc.in %D%/install-deps

tools/atomsim-cc: %D%/atomsim-cc.in Makefile
	$(AM_V_GEN)$(MKDIR_P) tools && sed \
	  -e 's|@runtimedir[@]|$(runtimedir)|g' \
	  -e 's|@guestincludedir[@]|$(guestincludedir)|g' \
	  -e 's|@abs_top_builddir[@]|$(abs_top_builddir)|g' \
	  -e 's|@abs_top_srcdir[@]|$(abs_top_srcdir)|g' \
	  -e 's|@CC_SPARC32[@]|$(CC_SPARC32)|g' \
	  -e 's|@CC_ARM[@]|$(CC_ARM)|g' \
	  -e 's|@CC_X86[@]|$(CC_X86)|g' \
	  -e 's|@CC_X86_64[@]|$(CC_X86_64)|g' \
	  -e 's|@CC_AARCH64[@]|$(CC_AARCH64)|g' \
	  -e 's|@CC_RISCV64[@]|$(CC_RISCV64)|g' \
	  -e 's|@PACKAGE_VERSION[@]|$(PACKAGE_VERSION)|g' \
	  $(srcdir)/%D%/atomsim-cc.in > $@.tmp && chmod +x $@.tmp && mv $@.tmp $@

# The speed benchmark (not a test: run tools/bench-speed.sh).
EXTRA_PROGRAMS = tools/bench-speed
tools_bench_speed_SOURCES = %D%/bench-speed.c
tools_bench_speed_LDADD = libatomsim.a $(ATOMSIM_LIBS)
CLEANFILES += tools/bench-speed
EXTRA_DIST += %D%/bench-speed.sh %D%/bench-memory.sh %D%/bench-runs.sh %D%/bench-hunt.sh %D%/bench-svcomp.sh %D%/bench-litmus.sh \
	%D%/bench-dfs.sh %D%/bench-compare.sh %D%/bench-step.sh %D%/tutorial-pictures.sh \
	%D%/check-layers.sh %D%/compare-outputs.sh %D%/litmus-verdicts.sh %D%/atomsim-shards.sbatch
