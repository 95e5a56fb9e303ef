/* error.h — atomsim's GError domain and its exit codes. */
#ifndef ATOMSIM_ERROR_H
#define ATOMSIM_ERROR_H

#include <glib.h>

#define ATOMSIM_ERROR (atomsim_error_quark())
GQuark atomsim_error_quark(void);

/* The process's exit codes, documented in doc/manual.md and --help. */
enum atomsim_exit {
    EXIT_CLEAN = 0,     /* every core ended, nothing found */
    EXIT_FINDING = 1,   /* a finding: a failed sim_check, a core's non-zero exit */
    EXIT_USAGE = 2,     /* bad usage or a bad input file */
    EXIT_GUEST = 3,     /* a guest fault, or the step budget ran out */
    EXIT_RESOURCE = 4,  /* the host has not the memory or address space needed */
};

enum atomsim_error_code {
    ATOMSIM_ERROR_USAGE,
    ATOMSIM_ERROR_INPUT,
    ATOMSIM_ERROR_RESOURCE,     /* the host lacks memory or address space */
};

/* The exit code for an error a user can cause: EXIT_RESOURCE when the host
 * ran short, else EXIT_USAGE (a bad option or input file). */
static inline int atomsim_exit_for(const GError *error)
{
    return g_error_matches(error, ATOMSIM_ERROR, ATOMSIM_ERROR_RESOURCE) ? EXIT_RESOURCE
                                                                          : EXIT_USAGE;
}

#endif
