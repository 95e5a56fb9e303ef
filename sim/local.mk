# sim/: the simulator core and the command line.
libatomsim_a_SOURCES += \
	%D%/error.h \
	%D%/loader.h %D%/loader.c \
	%D%/layout.h %D%/layout.c \
	%D%/codemap.h %D%/codemap.c \
	%D%/taint.h %D%/taint.c \
	%D%/machine.h %D%/machine.c \
	%D%/scheduler.h %D%/scheduler.c \
	%D%/event.h %D%/event.c \
	%D%/monitor.h %D%/monitor.c \
	%D%/run.h %D%/run.c \
	%D%/shrink.h %D%/shrink.c \
	%D%/equivalence.h %D%/equivalence.c \
	%D%/html.h %D%/html.c \
	%D%/timeline.h %D%/timeline.c \
	%D%/explore.h %D%/explore.c \
	%D%/trace.h %D%/trace.c \
	%D%/finding.h %D%/finding.c \
	%D%/lost-update.h %D%/lost-update.c \
	%D%/lockstat.h %D%/lockstat.c \
	%D%/progress.h %D%/progress.c \
	%D%/detectors.h %D%/detectors.c \
	%D%/report-json.h %D%/report-json.c \
	%D%/guest-abi.h %D%/guest-abi.c \
	%D%/options.h %D%/cli-options.c \
	programs/include/atomsim-abi.h

bin_PROGRAMS += atomsim
atomsim_SOURCES = %D%/main.c %D%/report.h %D%/report.c %D%/hunt.h %D%/hunt.c \
	%D%/explain.h %D%/explain.c
atomsim_LDADD = libatomsim.a $(ATOMSIM_LIBS)
