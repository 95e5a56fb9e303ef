/* monitor-all.h — --monitor all: one schedule run under each policy of the
 * exclusive monitor (address, value, switch: core/monitor.h), each run
 * reported as a run of its own, then the first step where the runs part and
 * what each policy did there; --timeline draws the three runs side by side
 * on one page (report/timeline-compare.h). */
#ifndef ATOMSIM_MONITOR_ALL_H
#define ATOMSIM_MONITOR_ALL_H

#include "core/run.h"
#include "options.h"

/* Run o's program on r under each policy, on one schedule: o's strategy
 * when it is fixed (--schedule, replay:FILE), else the turns the address
 * run took under it, replayed step for step.  ro: the run's options (the
 * policy and sinks are each run's); of its sinks the first traced are the
 * trace and main's views of one run, of which the trace is kept.
 * lost_shown: lost updates printed per location.  The exit status: the
 * worst of the runs' (EXIT_FINDING if one of them found something). */
int monitor_all_run(struct options *o, struct run *r, const struct run_options *ro,
                    unsigned traced, unsigned lost_shown);

#endif
