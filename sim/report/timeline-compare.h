/* timeline-compare.h — --monitor all --timeline FILE.html: one page of
 * runs of one program on one schedule, under different exclusive-monitor
 * policies.  Each run is a lane set (its cores, locks, store buffers and
 * monitor, as timeline.h draws one run), side by side, headed by its name;
 * the rows are aligned by step, so that a row is what each run did at that
 * step.  The step where the runs part is marked, and a note at the top
 * links to it.  Self-contained, as the timeline of one run.
 */
#ifndef ATOMSIM_TIMELINE_COMPARE_H
#define ATOMSIM_TIMELINE_COMPARE_H

#include "timeline.h"

struct timeline_compared {
    const char *name;           /* the lane set's heading: "address" */
    struct timeline *view;      /* the timeline that watched the run */
    const char *result;         /* "clean", "1 finding" */
    const char *reproduce;      /* the command that gives the run again */
};

/* Write the page of n runs.  parted: the first step where they differ, or
 * 0 if they agree on every step; parted_text: what each did there, or that
 * they agree.  False with a message in error. */
gboolean timeline_compare_write(const struct timeline_compared *runs, unsigned n,
                                uint64_t parted, const char *parted_text, const char *path,
                                const char *title, GError **error);

#endif
