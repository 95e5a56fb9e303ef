/* witness.h — SV-COMP's violation witness (format 2.0, YAML) for a run
 * that reached reach_error(): the sequence of waypoints a validator
 * follows, here the call of reach_error() that failed, as its source
 * line; the interleaving that reaches it, which format 2.0 has no words
 * for, is atomsim's reproduce line in a comment. */
#ifndef ATOMSIM_WITNESS_H
#define ATOMSIM_WITNESS_H

#include <stdbool.h>
#include <stdint.h>
#include <glib.h>
#include "core/loader.h"

struct witness {
    const char *input;          /* the verification task's program (.c, .i), or NULL:
                                   the file DWARF names */
    const char *specification;  /* the property's formula, "G ! call(reach_error())" */
    const char *data_model;     /* "ILP32", "LP64" */
    const char *version;        /* atomsim's */
    uint64_t call;              /* where the call of reach_error() returns to */
    const char *reproduce;      /* the command that runs the interleaving again */
};

/* Write w for a program of img to path.  False with error if it cannot. */
bool witness_write(const char *path, const struct image *img, const struct witness *w,
                   GError **error);

#endif
