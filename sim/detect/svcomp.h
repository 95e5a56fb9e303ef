/* svcomp.h — SV-COMP's harness as a sink: a program is wrong if a call
 * reaches its error function (the competition's property unreach-call),
 * whatever the function's body does: reach_error(), or in a program
 * without one, __VERIFIER_error() (the competition's error function until
 * 2020, which older tasks call).  The sink watches the
 * function's entry; a core that reaches it is a finding, marked as the
 * property's violation (finding.reach_error, which --only-reach-error
 * keeps), at the call (its pc where the call returns to, as a failed
 * sim_check's), and the program ends there, as at an abort. */
#ifndef ATOMSIM_SVCOMP_H
#define ATOMSIM_SVCOMP_H

#include "core/event.h"
#include "core/machine.h"

#define SVCOMP_ERROR_SYMBOL "reach_error"
#define SVCOMP_OLD_ERROR_SYMBOL "__VERIFIER_error"

struct svcomp {
    const struct machine *m;
    const struct image *img;
    const struct run_control *ctl;
    const struct symbol *error_fn;      /* NULL: the program has none */
};

/* The error function of img's program, or NULL if it has neither. */
const struct symbol *svcomp_error_function(const struct image *img);

/* The harness for runs on m: its sink watches nothing if m's program has
 * no error function. */
void svcomp_init(struct svcomp *h, const struct machine *m);
struct event_sink svcomp_sink(struct svcomp *h);

#endif
