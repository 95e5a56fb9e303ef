# sim/sched/: scheduling strategies: which core runs next (knows no machine).
libatomsim_a_SOURCES += \
	%D%/scheduler.h %D%/scheduler.c
