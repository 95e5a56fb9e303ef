# sim/base/: what every layer shares: error domains and exit codes, logging, the
# vocabulary of visible kinds, the core limit.
libatomsim_a_SOURCES += \
	%D%/error.h %D%/error.c %D%/kinds.h %D%/limits.h %D%/log.h %D%/log.c %D%/memory.h %D%/rng.h
