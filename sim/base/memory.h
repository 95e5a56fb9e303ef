/* memory.h — the memory models atomsim runs (--memory).
 *
 * sc: sequential consistency (Lamport, 1979): every store is seen by every
 * core the moment it executes; runs differ only in how the cores' steps
 * interleave.
 * tso: total store order, x86's (x86-TSO, Sewell et al., CACM 2010) and
 * SPARC V8's (its manual's Appendix K): each core's stores wait in a FIFO
 * store buffer (core/store-buffer.h), so a core may read an address before
 * its own earlier store to another address is visible.
 */
#ifndef ATOMSIM_MEMORY_H
#define ATOMSIM_MEMORY_H

#include <stdbool.h>

enum memory_model {
    MEMORY_SC,
    MEMORY_TSO,
};

/* "sc", "tso" */
const char *memory_model_name(enum memory_model model);
/* The model name names, into *model; false if none. */
bool memory_model_parse(const char *name, enum memory_model *model);
/* "sc or tso" */
const char *memory_model_names(void);

#endif
