# sim/base/: what every layer shares: error domains and exit codes.
libatomsim_a_SOURCES += \
	%D%/error.h
