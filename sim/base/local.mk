# sim/base/: what every layer shares: error domains and exit codes, the
# vocabulary of visible kinds, the core limit.
libatomsim_a_SOURCES += \
	%D%/error.h %D%/error.c %D%/kinds.h %D%/limits.h
