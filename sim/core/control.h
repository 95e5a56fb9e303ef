/* control.h — what a sink may ask of the run it watches.
 *
 * Events flow down from the run to its sinks (event.h): detectors, views,
 * the search's equivalence.  A sink never holds the run; when a run begins
 * it is given this narrow interface, valid until the run ends: report a
 * finding, print a line among the run's output, end the run, let a spinning
 * core yield, and read the exclusive monitor.
 */
#ifndef ATOMSIM_CONTROL_H
#define ATOMSIM_CONTROL_H

#include "finding.h"
#include "monitor.h"
#include "store-buffer.h"

struct run_control {
    void *run;
    /* Keep f (copied) among the run's findings, print its text unless
     * f->unprinted, and tell the sinks that watch findings. */
    void (*report)(void *ctx, const struct finding *f);
    /* One line of text (no newline) among the run's output. */
    void (*print)(void *ctx, const char *line);
    /* End the run before the next instruction: no core can progress (a
     * finding says why). */
    void (*stop)(void *ctx);
    /* End the run before the next instruction: a search has explored what
     * the rest of it would (not a finding). */
    void (*cut)(void *ctx);
    /* core has been spinning: end its turn if the strategy lets a
     * spinning core yield (sched_spinning). */
    void (*spinning)(void *ctx, unsigned core);
    /* The exclusive monitor and the store buffers, to read. */
    const struct monitor *monitor;
    const struct store_buffers *buffers;
};

static inline void control_report(const struct run_control *ctl, const struct finding *f)
{
    ctl->report(ctl->run, f);
}

static inline void control_print(const struct run_control *ctl, const char *line)
{
    ctl->print(ctl->run, line);
}

static inline void control_stop(const struct run_control *ctl)
{
    ctl->stop(ctl->run);
}

static inline void control_cut(const struct run_control *ctl)
{
    ctl->cut(ctl->run);
}

static inline void control_spinning(const struct run_control *ctl, unsigned core)
{
    ctl->spinning(ctl->run, core);
}

#endif
