# sim/explore/: many runs: seeds over threads, dfs, shrinking, equivalence of schedules.
libatomsim_a_SOURCES += \
	%D%/equivalence.h %D%/equivalence.c %D%/explore.h %D%/explore.c %D%/shrink.h \
	%D%/shrink.c
