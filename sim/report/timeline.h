/* timeline.h — --timeline FILE.html: a picture of one run.
 *
 * One lane per core, time flowing down, every visible event with where it
 * is (function+offset, the pc in its title), its instruction and values; a
 * failed store-exclusive or compare-and-swap marked failed; preemptions; which
 * core holds each lock; the exclusive monitor's reservations set, broken and
 * used; the findings at the top, linked to the events they point at (a lost
 * update's stale load, the write it lost and the store that overwrote it),
 * then lockstat's totals per lock; a legend of the core colours.  Spins fold
 * away.  The page is self-contained: no network.
 */
#ifndef ATOMSIM_TIMELINE_H
#define ATOMSIM_TIMELINE_H

#include "core/event.h"
#include "detect/lockstat.h"
#include "core/control.h"
#include "core/machine.h"

struct timeline;

/* A timeline of the last run on m that it watched (its sink). */
struct timeline *timeline_new(struct machine *m, struct lockstat *locks);
void timeline_free(struct timeline *t);
typedef struct timeline timeline;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(timeline, timeline_free)

struct event_sink timeline_sink(struct timeline *t);

/* Write the page of the last run: title, the result and the command that
 * reproduces it.  False with a message in error. */
gboolean timeline_write(struct timeline *t, const char *path, const char *title,
                        const char *result, const char *reproduce, GError **error);

#endif
