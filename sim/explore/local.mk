# sim/explore/: many runs: seeds over threads, the dfs search, shrinking a
# schedule, equivalence of schedules.
libatomsim_a_SOURCES += \
	%D%/explore.h %D%/explore.c %D%/dfs.h %D%/dfs.c %D%/equivalence.h \
	%D%/equivalence.c %D%/footprint.h %D%/footprint.c %D%/shrink.h %D%/shrink.c %D%/ticker.h %D%/ticker.c \
	%D%/stepper.h %D%/stepper.c
