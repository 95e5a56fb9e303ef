/* trace.h — --trace: one line per event, for a person to read.
 *
 *    step cpu   pc                    instruction                 event addr     values
 *       7 cpu1  main+0x1c             ldrex r3, [r2]              LL    counter  read 41
 *       9 cpu1  main+0x24             strex r1, r3, [r2]          SC    counter  41 -> 42 ok
 */
#ifndef ATOMSIM_TRACE_H
#define ATOMSIM_TRACE_H

#include <stdio.h>
#include "core/event.h"
#include "core/machine.h"

struct trace;

/* A trace of runs on m, written to out (which the caller closes). */
struct trace *trace_new(FILE *out, struct machine *m);
void trace_free(struct trace *t);
typedef struct trace trace;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(trace, trace_free)

/* The lines a trace of m prints for events[0 .. n) (to free), coloured or
 * not. */
char *trace_events_text(struct machine *m, const struct event *events, unsigned n, bool colour);
/* An event_sink's callback; ctx is the trace. */
void trace_event(void *ctx, const struct event *e);

/* Does output to out want colours: a terminal, NO_COLOR unset, TERM not
 * dumb? */
bool trace_colour_wanted(FILE *out);
/* The ANSI sequence that gives core's text its colour (the trace's, each
 * core its own), and the others the trace uses. */
void trace_colour_core(GString *s, unsigned core);
#define TRACE_RED "\033[31m"
#define TRACE_BOLD "\033[1m"
#define TRACE_RESET "\033[0m"

/* A value of size bytes as the trace shows it: decimal up to 4 bytes,
 * hexadecimal beyond. */
void trace_append_value(GString *s, uint64_t v, unsigned size);
/* The values of e and whether it succeeded, without the notes the trace
 * adds: "read 41", "41 -> 42 ok", "sim_barrier". */
void trace_format_outcome(const struct machine *m, const struct event *e, GString *s);
/* The values of e as the trace shows them: "read 41", "41 -> 42 ok". */
void trace_format_values(const struct machine *m, const struct event *e, GString *s);

#endif
