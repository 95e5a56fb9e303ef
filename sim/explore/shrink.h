/* shrink.h — the fewest preemptions that still show a finding.
 *
 * Starting from the schedule a failing run recorded, shrinking tries, one
 * turn at a time, to let the running core go on instead of being
 * preempted: it removes a turn and gives its steps to the same core's next
 * turn.  When no single turn can go, it tries pairs of turns: a switch
 * away and the switch back, or a store-buffer drain and the turn that
 * needed it, may only go together.  Each candidate runs with every core free to finish after its last
 * turn; it is kept if the run still shows the same finding with fewer
 * preemptions, and the schedule that run recorded is the next start.
 */
#ifndef ATOMSIM_SHRINK_H
#define ATOMSIM_SHRINK_H

#include <stdbool.h>
#include <glib.h>

/* Run the turns (struct sched_turn); true if it shows the finding sought,
 * with the turns the run took (to free) and its preemptions. */
typedef bool (*shrink_try)(void *ctx, const GArray *turns, GArray **recorded,
                           unsigned *preemptions);

/* The shrunk turns (to free) and their preemptions; *runs counts the
 * candidates run (at most max_runs). */
GArray *shrink_schedule(const GArray *turns, unsigned preemptions, unsigned ncores,
                        shrink_try try, void *ctx, unsigned max_runs,
                        unsigned *shrunk_preemptions, unsigned *runs);

#endif
