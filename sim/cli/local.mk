# sim/cli/: the atomsim command: options, hunting, the run's report, explain.
bin_PROGRAMS += atomsim
atomsim_SOURCES = %D%/main.c %D%/options.h %D%/cli-options.c %D%/report.h %D%/report.c \
	%D%/hunt.h %D%/hunt.c %D%/explain.h %D%/explain.c \
	%D%/explain-roles.h %D%/explain-roles.c %D%/status-line.h %D%/status-line.c \
	%D%/litmus-cli.h %D%/litmus-cli.c %D%/program.h %D%/program.c \
	%D%/step.h %D%/step.c %D%/step-command.h %D%/step-command.c \
	%D%/step-terminal.h %D%/step-terminal.c \
	%D%/monitor-all.h %D%/monitor-all.c \
	%D%/guest-cc.h %D%/guest-cc.c %D%/svcomp-cli.h %D%/svcomp-cli.c \
	%D%/merge-cli.h %D%/merge-cli.c
atomsim_LDADD = libatomsim.a $(ATOMSIM_LIBS) $(NCURSES_LIBS)
# explain reads the library's code from an installed example (programs/local.mk)
atomsim_CPPFLAGS = $(AM_CPPFLAGS) -DATOMSIM_PROGRAMS_DIR='"$(programsdir)"'
