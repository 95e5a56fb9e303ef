/* machine.h — N simulated cores sharing one guest memory.
 *
 * Each core is one Unicorn engine.  The guest's image is one host buffer
 * mapped into every engine (uc_mem_map_ptr), so a store by one core is seen
 * by all; each core has a private stack with an unmapped guard page below
 * it.  Engines are created once and reused: machine_reset() restores memory
 * and registers for another run.  The machine knows the cpu, the image and
 * the code map; a run (run.h) attaches its hooks to the engines.
 */
#ifndef ATOMSIM_MACHINE_H
#define ATOMSIM_MACHINE_H

#include <stdbool.h>
#include <stdint.h>
#include <glib.h>

#include "codemap.h"
#include "compared.h"
#include "base/limits.h"
#include "cpus/cpu.h"
#include "event.h"
#include "layout.h"
#include "loader.h"

enum core_state {
    CORE_RUNNING,
    CORE_AT_BARRIER,
    CORE_WAITING,               /* in SIM_SYS_WAIT until another core wakes it */
    CORE_EXITED,
    /* Its load read a value a write still to come must give, and its next
     * instruction needs that write (views.h): it runs again when it is
     * made. */
    CORE_AWAITS_WRITE,
    /* It loops, and nothing it does can end the loop: it runs again when
     * another agent writes what the loop reads or the core's stack
     * (run-spin.c). */
    CORE_SPINS,
};

struct core {
    struct machine *m;
    unsigned id;
    uc_engine *uc;
    uc_context *boot;           /* registers as the engine came up */
    uc_context *scratch;        /* machine_core_fingerprint's, made on first use */
    uint64_t stack_lo, stack_hi;
    uint64_t thread_pointer;    /* where its thread-local storage is (tls.h) */

    /* Its state in a run, reset with the machine (the run keeps the rest:
     * run.h). */
    enum core_state state;
    int exit_code;
    uint64_t pc;                /* where the core resumes */
    uint64_t last_pc;           /* the instruction it executed last */
    uint64_t insns;
    uint64_t steps;
    uint64_t wait_addr;         /* CORE_WAITING: the word it waits on */
    uint64_t wait_what;         /* and SIM_SYS_WAIT's third argument */
    /* a thread's: what SIM_SYS_THREAD_START gave it to run, and what
     * SIM_SYS_THREAD_EXIT kept */
    uint64_t thread_fn, thread_arg, thread_result;
};

struct machine {
    const struct cpu_ops *cpu;
    struct image *img;
    unsigned ncores;
    struct core cores[ATOMSIM_MAX_CORES];

    uint8_t *image_mem;         /* guest addresses [image_lo, image_hi) */
    uint64_t image_lo, image_hi;
    GArray *regions;            /* struct region */
    uint8_t *stack_mem;         /* every core's stack, one after another */
    uint64_t stack_size;        /* each core's, with its thread-local storage at the top */
    struct codemap code;
    struct compared compared;   /* what the program compares with */

    /* The guest's threads in a run, reset with the machine. */
    unsigned threads;           /* cores given a thread (core 0 runs main) */
    int atomic_core;            /* the core in an atomic section, or -1 */
};

/* NULL with ATOMSIM_ERROR_INPUT if the program cannot be laid out (see
 * layout.h), or ATOMSIM_ERROR_RESOURCE if the host has no memory for it. */
struct machine *machine_new(const struct cpu_ops *cpu, struct image *img,
                            unsigned ncores, GError **error);
void machine_free(struct machine *m);
typedef struct machine machine;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(machine, machine_free)

/* Fresh memory from the image and every core at the entry point; the
 * engines' error if one could not be reset. */
uc_err machine_reset(struct machine *m);

/* Host pointer to guest bytes [addr, addr+len), or NULL if they are not
 * all in the image or the stacks. */
void *machine_guest_ptr(struct machine *m, uint64_t addr, uint64_t len);

/* The first min(size, 8) bytes at addr as a number in the cpu's byte order
 * (0 if they are not memory). */
uint64_t machine_read(struct machine *m, uint64_t addr, unsigned size);
/* The same of the bytes at p. */
uint64_t machine_decode(const struct machine *m, const uint8_t *p, unsigned size);
/* Store v's low size bytes (size <= 8) at addr in the cpu's byte order. */
void machine_write(struct machine *m, uint64_t addr, unsigned size, uint64_t v);

/* Core c's register reg (a Unicorn register id of its cpu) in *value:
 * false if the engine has no such register. */
bool machine_core_reg(const struct core *c, int reg, uint64_t *value);

/* A hash of core c's own state: its registers (the engine's whole saved
 * context) and its stack from MACHINE_RED_ZONE bytes below the stack
 * pointer up (what lies further below is dead: no function reads it
 * before it writes it).  The same state hashes the same; a different one,
 * almost surely not: 64 bits, or 128 into h. */
#define MACHINE_RED_ZONE 128
uint64_t machine_core_fingerprint(struct machine *m, struct core *c);
void machine_core_digest(struct machine *m, struct core *c, uint64_t h[2]);

/* The cores that are running (not ended, not waiting at a barrier), as a
 * mask: bit i for core i. */
static inline uint64_t machine_running(const struct machine *m)
{
    uint64_t mask = 0;
    for (unsigned i = 0; i < m->ncores; i++)
        if (m->cores[i].state == CORE_RUNNING)
            mask |= 1ull << i;
    return mask;
}

/* Is addr in memory that another core may use (not the core's own stack,
 * not read-only)? */
static inline bool machine_is_shared(const struct machine *m, const struct core *c,
                                     uint64_t addr)
{
    if (addr >= c->stack_lo && addr < c->stack_hi)
        return false;
    for (guint i = 0; i < m->regions->len; i++) {
        const struct region *r = &g_array_index(m->regions, struct region, i);
        if (addr >= r->lo && addr < r->hi)
            return (r->flags & SEG_W) != 0;
    }
    return true;        /* another core's stack, or unmapped (it will fault) */
}

#endif
