/* monitor.c — see monitor.h.  The rules are the ARM ARM's (ARMv7-A, A3.4
 * "Synchronization and semaphores"). */
#include <string.h>
#include "base/log.h"
#include "monitor.h"

static const char *const policy_names[] = {
    [MONITOR_ADDRESS] = "address",
    [MONITOR_VALUE] = "value",
    [MONITOR_SWITCH] = "switch",
};

bool monitor_policy_parse(const char *name, enum monitor_policy *policy)
{
    for (unsigned i = 0; i < G_N_ELEMENTS(policy_names); i++) {
        if (strcmp(name, policy_names[i]) == 0) {
            *policy = (enum monitor_policy)i;
            return true;
        }
    }
    return false;
}

const char *monitor_policy_name(enum monitor_policy policy)
{
    return policy_names[policy];
}

void monitor_reset(struct monitor *mon, enum monitor_policy policy, uint64_t granule,
                   unsigned ncores)
{
    memset(mon, 0, sizeof *mon);
    mon->ncores = ncores;
    mon->policy = policy;
    mon->granule = granule ? granule : 8;
}

void monitor_clear(struct monitor *mon, unsigned core)
{
    if (mon->res[core].valid) {
        mon->res[core].valid = false;
        mon->active--;
    }
}

/* LDREX marks the granule exclusive for this core, in the local and the
 * global monitor; a core has one reservation at a time (A3.4.1, A3.4.2). */
void monitor_load_exclusive(struct monitor *mon, unsigned core, uint64_t addr,
                            uint8_t size, uint64_t value)
{
    struct reservation *r = &mon->res[core];
    if (!r->valid)
        mon->active++;
    *r = (struct reservation){ .valid = true, .addr = addr, .size = size, .value = value };
    LOG(LOG_MONITOR, "cpu%u reserves 0x%" G_GINT64_MODIFIER "x (%u bytes, value 0x%"
        G_GINT64_MODIFIER "x)", core, addr, size, value);
}

/* The log's line for a store-exclusive's outcome. */
static void __attribute__((cold, noinline))
log_store_exclusive(unsigned core, uint64_t addr, const struct reservation *r, bool held,
                    bool stores, bool diverged)
{
    log_write(LOG_MONITOR, "cpu%u store-exclusive to 0x%" G_GINT64_MODIFIER "x: %s", core, addr,
              stores ? (diverged ? "stores (the value is the same; another core wrote it)"
                                 : "stores")
              : !r->valid ? "fails (no reservation)"
              : !held     ? "fails (its reservation is for another address)"
                          : "fails (another core wrote the granule)");
}

/* STREX stores only if the core's reservation is still there and names this
 * address (a different address is IMPLEMENTATION DEFINED; atomsim fails it,
 * as most cores do).  It always ends the reservation (A3.4.1). */
bool monitor_store_exclusive(struct monitor *mon, unsigned core, uint64_t addr,
                             uint8_t size, uint64_t current, bool *diverged)
{
    struct reservation *r = &mon->res[core];
    bool held = r->valid && r->addr == addr && r->size == size;
    bool stores = held && (mon->policy == MONITOR_VALUE ? current == r->value : !r->written);
    *diverged = stores && r->written;
    if (LOG_ON(LOG_MONITOR))
        log_store_exclusive(core, addr, r, held, stores, *diverged);
    monitor_clear(mon, core);
    return stores;
}

/* A store by another observer to a granule marked for this core moves the
 * core's global monitor to Open Access (A3.4.2), whatever value it wrote. A
 * core's own plain store to its reserved address does not clear it here
 * (IMPLEMENTATION DEFINED, A3.4.1). */
void monitor_store(struct monitor *mon, unsigned core, uint64_t addr, uint64_t size)
{
    if (mon->active == 0)
        return;
    uint64_t mask = ~(mon->granule - 1);
    uint64_t first = addr & mask, last = (addr + size - 1) & mask;
    for (unsigned i = 0; i < mon->ncores; i++) {
        struct reservation *r = &mon->res[i];
        if (i == core || !r->valid)
            continue;
        uint64_t g = r->addr & mask;
        if (g < first || g > last)
            continue;
        r->written = true;
        LOG(LOG_MONITOR, "cpu%u's store to 0x%" G_GINT64_MODIFIER "x %s cpu%u's reservation",
            core, addr,
            mon->policy != MONITOR_VALUE ? "clears" : "marks (value policy: kept)", i);
        if (mon->policy != MONITOR_VALUE)
            monitor_clear(mon, i);
    }
}

uint64_t monitor_intact(const struct monitor *mon)
{
    uint64_t mask = 0;
    for (unsigned i = 0; mon->active > 0 && i < mon->ncores; i++)
        if (mon->res[i].valid && !mon->res[i].written)
            mask |= 1ull << i;
    return mask;
}

void monitor_switch_out(struct monitor *mon, unsigned core)
{
    if (mon->policy == MONITOR_SWITCH && mon->res[core].valid) {
        LOG(LOG_MONITOR, "cpu%u is switched out: its reservation is cleared (switch policy)",
            core);
        monitor_clear(mon, core);
    }
}
