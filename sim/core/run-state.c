/* run-state.c — the state a run is in, for a search that remembers the
 * states it explored (run_options.states).
 *
 * What a run does from a step on depends only on: the memory, each core's
 * registers and stack (machine_core_digest), each core's status (it
 * runs, waits for a word or a thread, spins, ended), the half-done work of
 * an instruction (a split RMW's load half, an event whose store is under
 * way), the values it drew so far (its seeded ones are numbered), what its
 * thread was given and returned, the exclusive monitor's reservations, and
 * which cores run threads and which one is in an atomic section.  Under
 * models without store buffers or views that is all: two prefixes that end
 * in the same state have the same futures, so a search that explored one
 * need not explore the other.
 *
 * Memory is followed as it changes: the digest is an XOR of a hash of each
 * (address, byte) written, updated at every write from its event's values
 * before and after, so it costs a few hashes per store, not a pass over
 * memory per step.  The cores' stacks are left to their fingerprints; a
 * core's fingerprint is kept until it runs, takes a step or another core
 * writes its stack. */
#include <elf.h>
#include <string.h>

#include "base/log.h"
#include "run-private.h"

static uint64_t mix(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* d with word w mixed in (order matters). */
static void digest_add(struct run_state *d, uint64_t w)
{
    d->lo = mix(d->lo ^ w) + 0x9e3779b97f4a7c15ull;
    d->hi = mix(d->hi + w) ^ 0xc2b2ae3d27d4eb4full;
}

/* d with byte b at address addr toggled in or out (order does not matter). */
static void digest_toggle_byte(struct run_state *d, uint64_t addr, uint8_t b)
{
    uint64_t key = addr << 8 | b;
    d->lo ^= mix(key ^ 0x5851f42d4c957f2dull);
    d->hi ^= mix(key + 0x14057b7ef767814full);
}

void state_reset(struct run *r)
{
    r->memory_digest = (struct run_state){ 0, 0 };
    r->digest_lost = false;
    for (unsigned i = 0; i < r->m->ncores; i++)
        r->cores[i].fp_steps = UINT64_MAX;
}

/* The core whose stack holds addr, or NULL. */
static struct run_core *stack_owner(struct run *r, uint64_t addr)
{
    for (unsigned i = 0; i < r->m->ncores; i++) {
        const struct core *c = &r->m->cores[i];
        if (addr >= c->stack_lo && addr < c->stack_hi)
            return &r->cores[i];
    }
    return NULL;
}

/* Byte i (from the lowest address) of a value of size bytes as memory
 * holds it in the cpu's byte order. */
static uint8_t value_byte(const struct machine *m, uint64_t v, unsigned size, unsigned i)
{
    unsigned shift = m->cpu->elf_data == ELFDATA2MSB ? 8 * (size - 1 - i) : 8 * i;
    return (uint8_t)(v >> shift);
}

void state_note(struct run *r, const struct event *e)
{
    if (r->opt->states == NULL || !event_stored(e))
        return;
    struct run_core *owner = stack_owner(r, e->addr);
    if (owner != NULL) {
        owner->fp_steps = UINT64_MAX;   /* its fingerprint holds its stack */
        return;
    }
    if (e->size > 8) {
        r->digest_lost = true;          /* the event holds 8 bytes of it */
        return;
    }
    for (unsigned i = 0; i < e->size; i++) {
        uint8_t before = value_byte(r->m, e->old_value, e->size, i);
        uint8_t after = value_byte(r->m, e->new_value, e->size, i);
        if (before != after) {
            digest_toggle_byte(&r->memory_digest, e->addr + i, before);
            digest_toggle_byte(&r->memory_digest, e->addr + i, after);
        }
    }
}

/* Core rc's part of the state; it goes on at pc (inside a hook the
 * engine's saved context need not hold the pc yet). */
static void digest_core(struct run *r, struct run_core *rc, uint64_t pc, struct run_state *d)
{
    struct core *c = rc->core;
    digest_add(d, (uint64_t)c->state << 32 | (uint32_t)c->exit_code);
    digest_add(d, c->thread_result);
    if (c->state == CORE_EXITED)
        return;
    digest_add(d, pc);
    digest_add(d, rc->nondet_calls);
    digest_add(d, c->thread_fn);
    digest_add(d, c->thread_arg);
    if (rc->fp_steps != c->steps || rc->fp_insns != c->insns) {
        machine_core_digest(r->m, c, rc->fp);
        rc->fp_steps = c->steps;
        rc->fp_insns = c->insns;
    }
    digest_add(d, rc->fp[0]);
    digest_add(d, rc->fp[1]);
    if (c->state == CORE_WAITING) {
        digest_add(d, c->wait_addr);
        digest_add(d, c->wait_what);
    }
    if (rc->has_pending) {
        digest_add(d, rc->pending.addr);
        digest_add(d, (uint64_t)rc->pending.kind << 8 | rc->pending.size);
    }
    if (rc->split_loaded) {
        uint64_t bytes[2];
        memcpy(bytes, rc->split_bytes, sizeof bytes);
        digest_add(d, bytes[0]);
        digest_add(d, bytes[1]);
    }
    if (c->state == CORE_SPINS) {
        /* it wakes at a write to what it read: the same state reads the
         * same, but its watch says which */
        digest_add(d, rc->spin.resume_private);
        for (unsigned i = 0; i < rc->spin.nreads; i++)
            digest_add(d, rc->spin.reads[i].addr);
    }
    const struct reservation *res = &r->monitor.res[c->id];
    if (res->valid) {
        digest_add(d, res->addr << 8 | res->size);
        digest_add(d, res->value);
        digest_add(d, res->written);
    }
}

bool state_explored(struct run *r, struct run_core *rc, uint64_t pc)
{
    const struct run_states *states = r->opt->states;
    if (states == NULL || r->steps < states->from || r->digest_lost)
        return false;
    struct run_state d = r->memory_digest;
    digest_add(&d, (uint64_t)(int64_t)r->m->atomic_core << 32 | r->m->threads);
    for (unsigned i = 0; i < r->m->ncores; i++)
        digest_core(r, &r->cores[i], &r->cores[i] == rc ? pc : r->m->cores[i].pc, &d);
    unsigned last = r->turns->len > 0
                        ? g_array_index(r->turns, struct sched_turn, r->turns->len - 1).core
                        : 0;
    if (!states->explored(states->ctx, &d, last, r->steps))
        return false;
    LOG(LOG_SCHED, "step %" G_GUINT64_FORMAT ": cpu%u would go on from a state the search "
        "explored: the run is cut", r->steps, rc->core->id);
    return true;
}
