/* stepper.h — a run made one step at a time (atomsim step).
 *
 * The schedule made so far is a list of turns (scheduler.h).  Every change
 * runs the program again from reset along them, on the one run loop, and
 * ends the run before the step after them: what the run leaves (the
 * machine's memory and cores, the exclusive monitor, the store buffers,
 * what the sinks gathered) is the state after them.  Undo is the same
 * schedule one step shorter.  A step is one visible operation of a core, or
 * one drain of a buffered store, as in --schedule.
 */
#ifndef ATOMSIM_STEPPER_H
#define ATOMSIM_STEPPER_H

#include "core/run.h"

struct stepper;

/* The most steps a stepper's run takes (its events are kept). */
#define STEPPER_MAX_STEPS 100000

/* A stepper of r's program with ro's options and sinks (copied; they must
 * outlive it), at the start: no step taken yet (not run: stepper_goto). */
struct stepper *stepper_new(struct run *r, const struct run_options *ro);
void stepper_free(struct stepper *s);
typedef struct stepper stepper;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(stepper, stepper_free)

/* Run along turns (each with a number of steps: no "*") and stop after
 * them, or after the steps a core could not be stopped before (sparc32's
 * delay slot, an atomic section): the turns so far are those taken.
 * False if the program did not take them as given (a core that cannot
 * run, a run that ended before): then the stepper is back where it was. */
bool stepper_goto(struct stepper *s, const GArray *turns);
/* One more step of core (a load that reads the write `older` places before
 * the newest it may: false if it is none that may; or, predicted not NULL,
 * a load that reads *predicted, which a write to come gives: false if it
 * is not a load that may) / one more drain of its slot-th oldest buffered
 * store: stepper_goto of the turns so far and it. */
bool stepper_step(struct stepper *s, unsigned core, unsigned older, const uint64_t *predicted);
bool stepper_drain(struct stepper *s, unsigned core, unsigned slot);
/* The turns so far less their last step (and the steps the program forced
 * after it); false if there is none. */
bool stepper_undo(struct stepper *s);
/* From the turns so far, the cores take one step each in turn (and buffered
 * stores drain in turn) until a finding, or the run ends (at most
 * STEPPER_MAX_STEPS steps in all).  True if there
 * was a finding; the turns are then those up to it. */
bool stepper_run_to_finding(struct stepper *s);

/* The turns so far, and the run they left. */
const GArray *stepper_turns(const struct stepper *s);
struct run *stepper_run(struct stepper *s);
/* Every event of that run, in order (struct event). */
const GArray *stepper_events(const struct stepper *s);

#endif
