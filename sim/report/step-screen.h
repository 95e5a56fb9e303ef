/* step-screen.h — what `atomsim step` shows after each step: a column per
 * core (its state, where it is, its next instruction and the step it would
 * make, its last step, its reservation and its buffered stores), the shared
 * variables the run touched with their values (a word that is surely a
 * lock with its holder: lockstat_sure),
 * the last steps as --trace prints them, the run's output and findings.
 * Everything is read from the run the stepper left and its events.
 *
 *   step 5 · schedule 0:3,1:2 · no finding
 *
 *            cpu0                          cpu1
 *   state    runs, 3 steps                 runs, 2 steps
 *   at       atomic_add+0x8                worker+0x10
 *   next     ldrex r3, [r2]                strex r1, r3, [r2]
 *   ...
 */
#ifndef ATOMSIM_STEP_SCREEN_H
#define ATOMSIM_STEP_SCREEN_H

#include "core/run.h"
#include "detect/lockstat.h"

struct step_screen {
    const char *title;          /* the program, the cpu and the models */
    struct run *r;              /* the run the stepper left */
    const GArray *events;       /* its events (struct event) */
    const GArray *turns;        /* the schedule so far (struct sched_turn) */
    struct lockstat *locks;     /* the lock detector that watched it */
    const char *output;         /* what the run printed: guest lines, findings */
    const char *message;        /* the answer to the last command, or NULL */
    bool colour;                /* each core in the trace's colour */
    unsigned width;             /* of the screen, in columns */
};

/* The screen's text, lines ending in newlines (to free). */
char *step_screen_text(const struct step_screen *v);

#endif
