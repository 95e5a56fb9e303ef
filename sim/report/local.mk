# sim/report/: views of a run: trace, timeline page, JSON report, a C litmus test.
libatomsim_a_SOURCES += \
	%D%/html.h %D%/html.c %D%/report-json.h %D%/report-json.c %D%/report-merge.h \
	%D%/report-merge.c %D%/timeline.h \
	%D%/timeline.c %D%/timeline-private.h %D%/timeline-compare.h \
	%D%/timeline-compare.c %D%/trace.h %D%/trace.c %D%/litmus-export.h %D%/litmus-export.c \
	%D%/step-screen.h %D%/step-screen.c %D%/witness.h %D%/witness.c
