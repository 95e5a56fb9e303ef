# sim/litmus/: litmus files (herd7's format, and C litmus as the kernel's
# tools/memory-model writes them): parsed, built for a cpu, run exhaustively,
# judged against their expected verdicts.
libatomsim_a_SOURCES += \
	%D%/litmus-file.h %D%/litmus-private.h %D%/litmus-lex.c %D%/litmus-file.c \
	%D%/litmus-cond.c \
	%D%/litmus-build.h %D%/litmus-build.c %D%/litmus-source.c \
	%D%/litmus-run.h %D%/litmus-run.c %D%/litmus-report.h %D%/litmus-report.c
