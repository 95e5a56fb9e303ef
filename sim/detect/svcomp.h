/* svcomp.h — SV-COMP's harness as a sink: a program is wrong if a call
 * reaches its error function, reach_error() (the competition's property
 * unreach-call), whatever the function's body does.  The sink watches the
 * function's entry; a core that reaches it is a finding, marked as the
 * property's violation (finding.reach_error, which --only-reach-error
 * keeps), at the call (its pc where the call returns to, as a failed
 * sim_check's), and the program ends there, as at an abort. */
#ifndef ATOMSIM_SVCOMP_H
#define ATOMSIM_SVCOMP_H

#include "core/event.h"
#include "core/machine.h"

#define SVCOMP_ERROR_SYMBOL "reach_error"

struct svcomp {
    const struct machine *m;
    const struct image *img;
    const struct run_control *ctl;
};

/* The harness for runs on m: its sink watches nothing if m's program has
 * no reach_error. */
void svcomp_init(struct svcomp *h, const struct machine *m);
struct event_sink svcomp_sink(struct svcomp *h);

#endif
