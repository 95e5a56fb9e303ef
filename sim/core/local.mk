# sim/core/: the machine and one run of it: loader, layout, code map, engines,
# the exclusive monitor, the store buffers, events and findings, the guest ABI
# and the run (its loop and hooks, the choice of the next step, what visible
# instructions do).
libatomsim_a_SOURCES += \
	%D%/loader.h %D%/loader.c %D%/debuginfo.h %D%/debuginfo.c \
	%D%/layout.h %D%/layout.c %D%/tls.h %D%/tls.c %D%/compared.h %D%/compared.c %D%/codemap.h %D%/codemap.c \
	%D%/machine.h %D%/machine.c %D%/taint.h %D%/taint.c %D%/monitor.h %D%/monitor.c \
	%D%/store-buffer.h %D%/store-buffer.c %D%/memory-model.h %D%/memory-model.c %D%/views.h %D%/views.c %D%/event.h %D%/finding.h %D%/finding.c \
	%D%/control.h %D%/guest-abi.h %D%/guest-abi.c %D%/run.h %D%/run-private.h \
	%D%/run.c %D%/run-perform.c %D%/run-step.c %D%/run-spin.c %D%/run-state.c %D%/run-common.c
