# sim/core/: the machine and one run of it: loader, layout, code map, engines, the
# exclusive monitor, events, the guest ABI and the run loop.
libatomsim_a_SOURCES += \
	%D%/codemap.h %D%/codemap.c %D%/event.h %D%/event.c %D%/finding.h %D%/finding.c \
	%D%/guest-abi.h %D%/guest-abi.c %D%/layout.h %D%/layout.c %D%/loader.h %D%/loader.c \
	%D%/machine.h %D%/machine.c %D%/monitor.h %D%/monitor.c %D%/run.h %D%/run.c \
	%D%/taint.h %D%/taint.c
