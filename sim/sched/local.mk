# sim/sched/: scheduling strategies: which core runs next (knows no machine).
# One file per strategy (strategy.h's table, with strategy.c's helpers);
# scheduler.c lists them and calls through the table; turns.c is a schedule
# as turns.
SCHED_SRCS = %D%/scheduler.c %D%/turns.c %D%/strategy.c %D%/rr.c %D%/random.c \
	%D%/pct.c %D%/pinned.c %D%/search.c %D%/dfs.c
libatomsim_a_SOURCES += \
	%D%/scheduler.h %D%/strategy.h %D%/pinned.h $(SCHED_SRCS)
