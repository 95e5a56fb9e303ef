/* log.h — debug logging you can switch on per subsystem.
 *
 * Each subsystem logs to its own GLib log domain: atomsim-sched (which core
 * runs next, and why a core was switched), atomsim-monitor (reservations
 * set, broken and used), atomsim-memory (every visible access with its
 * values), atomsim-cpu (how each instruction was classified, once) and
 * atomsim-explore (the runs a search makes and what it does with them).
 * Switch them on with --debug=sched,monitor,... (or all), or GLib's own
 * G_MESSAGES_DEBUG="atomsim-sched atomsim-cpu" (or all); messages go to
 * standard error.  Off, a LOG costs one test of a global word.
 */
#ifndef ATOMSIM_LOG_H
#define ATOMSIM_LOG_H

#include <glib.h>

enum log_area { LOG_SCHED, LOG_MONITOR, LOG_MEMORY, LOG_CPU, LOG_EXPLORE, LOG_AREAS };

/* Bit a for each area a that is on. */
extern unsigned log_areas_on;

/* Turn on the areas G_MESSAGES_DEBUG names, and those of list ("sched,cpu",
 * "all"; may be NULL).  FALSE with error (ATOMSIM_ERROR_USAGE) if list names
 * no area. */
gboolean log_init(const char *list, GError **error);
/* "sched, monitor, memory, cpu, explore" */
const char *log_area_names(void);
/* "atomsim-sched" ... */
const char *log_domain(enum log_area a);

/* Write one message of area (LOG's, out of the hot paths' way). */
void log_write(enum log_area a, const char *fmt, ...) G_GNUC_PRINTF(2, 3)
    __attribute__((cold));

#define LOG_ON(area) G_UNLIKELY(log_areas_on & (1u << (area)))
#define LOG(area, ...)                                                          \
    do {                                                                        \
        if (LOG_ON(area))                                                       \
            log_write(area, __VA_ARGS__);                                       \
    } while (0)

#endif
