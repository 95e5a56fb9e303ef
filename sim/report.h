/* report.h — what a run is shown as: the lock table, the summary (with the
 * command line that reproduces it), the line on stderr for a run that could
 * not end, and the files --json and --record ask for. */
#ifndef ATOMSIM_REPORT_H
#define ATOMSIM_REPORT_H

#include "lockstat.h"
#include "options.h"
#include "run.h"
#include "scheduler.h"

/* Report run r, made with strategy; the exit status. */
int report_run(const struct options *o, struct run *r, struct machine *m,
               struct lockstat *locks, struct sched *strategy);

#endif
