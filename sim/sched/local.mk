# sim/sched/: scheduling strategies: which core runs next (knows no machine).
# One file per strategy (strategy.h's table); scheduler.c lists them and
# calls through the table.
SCHED_SRCS = %D%/scheduler.c %D%/rr.c %D%/random.c %D%/pct.c %D%/pinned.c %D%/search.c \
	%D%/dfs.c
libatomsim_a_SOURCES += \
	%D%/scheduler.h %D%/strategy.h %D%/pinned.h $(SCHED_SRCS)
