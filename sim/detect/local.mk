# sim/detect/: detectors: event sinks that report findings (lost updates, lock
# contention, no progress, SV-COMP's reach_error).
libatomsim_a_SOURCES += \
	%D%/detectors.h %D%/detectors.c %D%/lockstat.h %D%/lockstat.c %D%/lost-update.h \
	%D%/lost-update.c %D%/progress.h %D%/progress.c %D%/svcomp.h %D%/svcomp.c
