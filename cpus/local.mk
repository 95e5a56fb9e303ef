# cpus/: one table of operations per ISA.
noinst_LIBRARIES += libatomsim.a
libatomsim_a_SOURCES = \
	%D%/cpu.h %D%/cpus.c \
	%D%/capstone-decoder.h %D%/capstone-decoder.c \
	%D%/sparc32.c %D%/arm.c %D%/x86.c \
	%D%/aarch64.c \
	%D%/riscv64.c %D%/riscv64-decode.h %D%/riscv64-decode.c %D%/riscv64-spell.c \
	%D%/x86-litmus.c %D%/arm-litmus.c %D%/aarch64-litmus.c %D%/riscv64-litmus.c \
	%D%/sparc32-litmus.c %D%/unicorn-stores.c
