/* litmus-export.h — --export-litmus FILE: a finding's accesses as a C
 * litmus test (the Linux kernel's tools/memory-model style), so that herd7
 * can judge the shape a program's bug has.
 *
 * The test is the first finding that names a location (a lost update, a
 * monitor divergence): its accesses, with the load each of its stores
 * wrote back, a thread for each core, in the core's order: a load is
 * READ_ONCE, a store WRITE_ONCE (of the loaded register plus what the run
 * added to it, when its value came from that load), an atomic exchange
 * xchg, a compare-and-swap cmpxchg.  The location starts at 0, and the
 * exists clause has what each load reads and the final value when the
 * accesses run in the reported run's order, one after another.
 */
#ifndef ATOMSIM_LITMUS_EXPORT_H
#define ATOMSIM_LITMUS_EXPORT_H

#include <glib.h>
#include "core/event.h"
#include "core/finding.h"
#include "core/machine.h"

struct litmus_export;

/* The events of the last run on m that it watched (its sink). */
struct litmus_export *litmus_export_new(struct machine *m);
void litmus_export_free(struct litmus_export *x);
typedef struct litmus_export litmus_export;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(litmus_export, litmus_export_free)
struct event_sink litmus_export_sink(struct litmus_export *x);

/* Write the test of the last run's findings to path.  False with error
 * when no finding names a location, or the file cannot be written. */
gboolean litmus_export_write(struct litmus_export *x, const struct findings *found,
                             const char *path, GError **error);

#endif
