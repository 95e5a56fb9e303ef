/* monitor.h — the global exclusive monitor that decides store-exclusives.
 *
 * Unicorn's strex compares values, like QEMU's: it succeeds if memory still
 * holds what ldrex read, even when another core stored to it in between.  So
 * atomsim owns the monitor: every LL, SC, CLREX and every store another core
 * makes reaches it, and it alone says whether an SC stores.
 */
#ifndef ATOMSIM_MONITOR_H
#define ATOMSIM_MONITOR_H

#include <stdbool.h>
#include <stdint.h>
#include <glib.h>

#include "base/limits.h"

enum monitor_policy {
    MONITOR_ADDRESS,    /* the architecture: any store by another core to the
                           reserved granule clears the reservation */
    MONITOR_VALUE,      /* QEMU and Unicorn: SC succeeds if memory still holds
                           the value LL read (the ABA hole) */
    MONITOR_SWITCH,     /* Valgrind and Spike: the reservation is also dropped
                           whenever its core is switched out */
};

struct reservation {
    bool valid;
    bool written;       /* another core stored to the granule since LL */
    uint8_t size;
    uint64_t addr;
    uint64_t value;     /* what LL read */
};

struct monitor {
    enum monitor_policy policy;
    uint64_t granule;   /* bytes, a power of two */
    unsigned ncores;
    unsigned active;    /* reservations that are valid */
    struct reservation res[ATOMSIM_MAX_CORES];
};

/* "address", "value" or "switch"; false if name is none of them. */
bool monitor_policy_parse(const char *name, enum monitor_policy *policy);
const char *monitor_policy_name(enum monitor_policy policy);

/* No reservations. */
void monitor_reset(struct monitor *mon, enum monitor_policy policy, uint64_t granule,
                   unsigned ncores);
/* LL by core: reserve [addr, addr+size), which held value. */
void monitor_load_exclusive(struct monitor *mon, unsigned core, uint64_t addr,
                            uint8_t size, uint64_t value);
/* SC by core at addr, where memory holds current: does it store?  Either way
 * the core's reservation ends.  *diverged: it stores only because the policy
 * compares values (another core wrote the granule). */
bool monitor_store_exclusive(struct monitor *mon, unsigned core, uint64_t addr,
                             uint8_t size, uint64_t current, bool *diverged);
/* CLREX, or anything else that drops the core's reservation. */
void monitor_clear(struct monitor *mon, unsigned core);
/* core wrote [addr, addr+size) (any store, atomic or not). */
void monitor_store(struct monitor *mon, unsigned core, uint64_t addr, uint64_t size);
/* The cores whose reservation stands and no other core has written into
 * (a mask: bit i for core i). */
uint64_t monitor_intact(const struct monitor *mon);
/* core stops running and another core runs. */
void monitor_switch_out(struct monitor *mon, unsigned core);

#endif
