/* lost-update.h — the lost-update and monitor-divergence detector.
 *
 * A lost update (DESIGN.md): core A loaded X, another core then changed X,
 * and A then stored X without loading it again: A's store overwrote a value
 * A never saw.  The detector keeps, per location, what each core last read
 * and the last write that changed it, and judges every store:
 *   - LOAD and LL record what the core read;
 *   - STORE, the store half of a split RMW and a successful SC are judged
 *     against that record, then end it;
 *   - an atomic RMW reads and writes at once: it ends the record and is
 *     never judged; a failed SC ends the record;
 *   - a write that leaves the value as it was changes nothing (a failed
 *     ldstub on a held lock writes 0xff over 0xff).
 * A store with no read before it is a blind write, never a lost update.
 * An SC that stored only because the monitor compares values (the event's
 * DIVERGED flag) is a monitor divergence: the ABA hole of --monitor value.
 */
#ifndef ATOMSIM_LOST_UPDATE_H
#define ATOMSIM_LOST_UPDATE_H

#include "core/event.h"
#include "core/control.h"
#include "core/machine.h"

struct lost_update;

/* A detector that reports into the run it watches (its findings and
 * output: control.h) and names addresses with m's symbols; each location prints at most `shown`
 * findings, then counts the rest (all of them are kept for the report). */
struct lost_update *lost_update_new(struct machine *m, unsigned shown);
void lost_update_free(struct lost_update *d);

/* Its event sink. */
struct event_sink lost_update_sink(struct lost_update *d);

#endif
