/* report.h — what a run is shown as: the lock table, the summary (with the
 * command line that reproduces it), the line on stderr for a run that could
 * not end, and the files --json and --record ask for. */
#ifndef ATOMSIM_REPORT_H
#define ATOMSIM_REPORT_H

#include "detect/lockstat.h"
#include "options.h"
#include "core/run.h"
#include "sched/scheduler.h"
#include "report/report-json.h"

/* Report run r, made with strategy: print it and write the files asked
 * for.  search: the search r was found in, or NULL.
 * The exit status. */
int report_run(const struct options *o, struct run *r, struct lockstat *locks,
               struct sched *strategy, const struct report_search *search);
/* Only write the files (--json, --timeline, --record) for run r: after a
 * search that found nothing, r is its first schedule.  The exit status. */
int report_files(const struct options *o, struct run *r, struct lockstat *locks,
                 struct sched *strategy, const struct report_search *search);
/* "clean", "2 findings", "guest fault" ... (to free); with " (3 ignored:
 * --ignore)" if some were. */
char *report_result(const struct run *r);
/* The command line that gives run r, made with strategy, again (to free). */
char *report_reproduce(const struct options *o, const struct run *r,
                       const struct sched *strategy);
/* Write schedule, a run's turns on m, to path as --record does (a comment
 * that says how to replay it, then the turns). */
gboolean report_write_schedule(const char *path, const struct machine *m,
                               const char *schedule, GError **error);
/* Did the command line ask for a file of the run? */
bool report_wanted(const struct options *o);

#endif
