/* run-spin.c — cores that go round a loop nothing they do can end.
 *
 * What a core does next depends on its registers, its stack (its only
 * private memory: everything else it reads is a visible load) and the
 * values its loads read.  So when a core comes back to an instruction in
 * the same state (a fingerprint of its registers and stack) and, since it
 * was last there, it only loaded, and each location it loaded still holds
 * what it read, it will go round the same way forever: only another
 * agent's write to one of those locations, or to its stack, can end the
 * loop.  The core waits for such a write instead (CORE_SPINS; run_emit
 * wakes it), taking no steps meanwhile: a search does not explore the
 * trips round a spin, and ends on programs that spin (Godefroid's "await",
 * GenMC's spin-assume, here on the binary).  No behaviour is lost: every
 * trip after the first repeats it exactly, and the core resumes from the
 * same state once a write can change what it reads (doc/manual.md,
 * "Spins").
 *
 * Two watches find such loops:
 *   - a search's runs (run_options.await_spins), under models without
 *     views (where a load reads what is visible now, so "unchanged" means
 *     the next trip reads the same): at the core's loads and quiet calls
 *     (sim_cpu_id, an atomic section's bounds: they change nothing others
 *     see), from the second in a row on;
 *   - every run: a core that takes no step for QUIET_INSNS instructions is
 *     watched at every instruction, so a loop over registers and stack
 *     only (SV-COMP's spins on local copies) waits after a few trips, not
 *     at the instruction budget.  If the core never runs again, that is a
 *     hang (run.c). */
#include <string.h>

#include "base/log.h"
#include "guest-abi.h"
#include "run-private.h"

/* Instructions without a step before a core is watched at each one. */
#define QUIET_INSNS 2000
/* Trips with a new state each before the watch gives up for a while
 * (twice as long each time, up to QUIET_BACKOFF_MAX windows). */
#define QUIET_TRIPS 64
#define QUIET_BACKOFF_MAX 64

static void quiet_restart(struct spin_watch *w, uint64_t insns)
{
    w->quiet_anchored = false;
    w->quiet_trips = 0;
    w->quiet_backoff = 1;
    w->quiet_until = insns + QUIET_INSNS;
}

void spin_reset(struct run_core *rc)
{
    struct spin_watch *w = &rc->spin;
    w->anchored = false;
    w->loads = w->nreads = 0;
    w->resume_private = false;
    quiet_restart(w, rc->core->insns);
}

/* Does each location the core read since the anchor still hold what it
 * read (memory holds the running core's view)? */
static bool reads_unchanged(const struct run *r, const struct spin_watch *w)
{
    for (unsigned i = 0; i < w->nreads; i++)
        if (machine_read(r->m, w->reads[i].addr, w->reads[i].size) != w->reads[i].value)
            return false;
    return true;
}

/* The core waits before the instruction at pc until a write to what it
 * read or to its stack (the caller stops its engine there). */
static void park(struct run *r, struct run_core *rc, uint64_t pc, bool private)
{
    struct core *c = rc->core;
    LOG(LOG_SCHED, "step %" G_GUINT64_FORMAT ": cpu%u loops at 0x%" G_GINT64_MODIFIER "x "
        "in a state it was in before, reading what it read then: it waits for a write",
        r->steps, c->id, pc);
    c->state = CORE_SPINS;
    r->spinning |= 1ull << c->id;
    rc->spin.resume_private = private;
    if (private)
        rc->spin.nreads = 0;
}

/* Does the core run an atomic section (__VERIFIER_atomic_begin)?  Then no
 * other core may run while it waits: it does not wait (the run ends at a
 * budget, as the program never would). */
static bool in_atomic_section(const struct run *r, const struct run_core *rc)
{
    return r->m->atomic_core == (int)rc->core->id;
}

/* Has the core loaded at pc since the anchor? */
static bool read_at(const struct spin_watch *w, uint64_t pc)
{
    for (unsigned i = 0; i < w->nreads; i++)
        if (w->reads[i].pc == pc)
            return true;
    return false;
}

bool spin_before_load(struct run *r, struct run_core *rc, uint64_t pc)
{
    struct spin_watch *w = &rc->spin;
    if (w->loads == 0 || rc->resuming || in_atomic_section(r, rc))
        return false;           /* its last step was no load, or seen already */
    if (!w->anchored || (pc != w->anchor && read_at(w, pc))) {
        /* the first load in a row, or a loop that does not come back to
         * the anchor: compare states here */
        w->anchored = true;
        w->anchor = pc;
        w->nstates = w->nreads = 0;
    }
    if (pc != w->anchor)
        return false;
    /* the calls of one function share a pc: a state of each */
    uint64_t state = machine_core_fingerprint(r->m, rc->core);
    for (unsigned i = 0; i < w->nstates; i++)
        if (w->states[i] == state) {
            if (!reads_unchanged(r, w))
                break;
            park(r, rc, pc, false);
            return true;
        }
    if (w->nstates == SPIN_STATES)
        w->nstates = w->nreads = 0;     /* no trip back yet: start again */
    w->states[w->nstates++] = state;
    return false;
}

bool spin_quiet(struct run *r, struct run_core *rc, uint64_t pc)
{
    struct spin_watch *w = &rc->spin;
    struct core *c = rc->core;
    if (w->resume_private) {
        w->resume_private = false;
        rc->resuming = false;   /* it waited before an instruction that is no step */
        quiet_restart(w, c->insns);
        return false;
    }
    if (rc->resuming || in_atomic_section(r, rc))
        return false;           /* back at a step it was stopped before: seen */
    if (!w->quiet_anchored || c->insns - w->quiet_since > QUIET_INSNS) {
        w->quiet_anchored = true;
        w->quiet_anchor = pc;
        w->quiet_since = c->insns;
        w->quiet_state = machine_core_fingerprint(r->m, c);
        return false;
    }
    if (pc != w->quiet_anchor)
        return false;
    uint64_t state = machine_core_fingerprint(r->m, c);
    if (state == w->quiet_state) {
        park(r, rc, pc, true);
        return true;
    }
    w->quiet_state = state;
    w->quiet_since = c->insns;
    if (++w->quiet_trips == QUIET_TRIPS) {
        /* it makes progress (a counter), or its period is long: look
         * again later */
        w->quiet_anchored = false;
        w->quiet_trips = 0;
        w->quiet_until = c->insns + (uint64_t)QUIET_INSNS * w->quiet_backoff;
        w->quiet_backoff = MIN(w->quiet_backoff * 2, QUIET_BACKOFF_MAX);
    }
    return false;
}

/* Does the write e touch what waiting core rc's loop read, or its stack? */
static bool wakes(const struct run_core *rc, const struct event *e)
{
    uint64_t lo = e->addr, hi = e->addr + (e->size ? e->size : 1);
    if (lo < rc->core->stack_hi && rc->core->stack_lo < hi)
        return true;
    const struct spin_watch *w = &rc->spin;
    for (unsigned i = 0; i < w->nreads; i++)
        if (lo < w->reads[i].addr + w->reads[i].size && w->reads[i].addr < hi)
            return true;
    return false;
}

static void wake_readers(struct run *r, const struct event *e)
{
    for (uint64_t m = r->spinning; m != 0; m &= m - 1) {
        unsigned i = (unsigned)__builtin_ctzll(m);
        struct run_core *rc = &r->cores[i];
        if (i == e->core || !wakes(rc, e))
            continue;
        LOG(LOG_SCHED, "step %" G_GUINT64_FORMAT ": cpu%u's write to 0x%" G_GINT64_MODIFIER
            "x may end cpu%u's loop: it runs again", e->step, e->core, e->addr, i);
        rc->core->state = CORE_RUNNING;
        r->spinning &= ~(1ull << i);
        rc->spin.anchored = false;
        rc->spin.loads = rc->spin.nreads = 0;
        if (rc->spin.resume_private)
            rc->spin.quiet_until = 0;   /* spin_quiet at its next instruction */
        else
            quiet_restart(&rc->spin, rc->core->insns);
    }
}

/* A step that only reads (a load, or on a cpu without exclusives an atomic
 * that left the value as it was), or a call that changes nothing another
 * core sees and draws no value (sim_cpu_id, an atomic section's bounds). */
static bool only_reads(const struct run *r, const struct event *e)
{
    if (e->flags & EVENT_DRAINED)
        return false;
    if (e->kind == EVENT_TRAP)
        return guest_call_quiet(r->m->cpu, e->old_value) &&
               guest_call_draws(r->m->cpu, e->old_value) == DRAW_NONE;
    return e->kind == EVENT_LOAD ||
           (e->kind == EVENT_RMW && e->old_value == e->new_value &&
            r->m->cpu->exclusive_granule == 0);
}

/* What the step read: a load's, an atomic's (a trap reads nothing). */
static bool reads_memory(const struct event *e)
{
    return e->kind != EVENT_TRAP;
}

void spin_note(struct run *r, const struct event *e)
{
    if (r->spinning != 0 && event_stored(e))
        wake_readers(r, e);
    struct run_core *rc = &r->cores[e->core];
    if (rc->core->state == CORE_SPINS)
        return;                 /* a drain of its buffer while it waits */
    struct spin_watch *w = &rc->spin;
    quiet_restart(w, rc->core->insns);
    if (!r->opt->await_spins)
        return;
    if (!only_reads(r, e)) {
        w->anchored = false;
        w->loads = w->nreads = 0;
        return;
    }
    w->loads++;
    if (!reads_memory(e))
        return;
    if (w->nreads == SPIN_READS) {
        w->anchored = false;    /* no trip back yet: anchor again */
        w->nreads = 0;
        return;
    }
    w->reads[w->nreads++] = (struct spin_read){ .pc = e->pc, .addr = e->addr,
                                                .value = e->old_value, .size = e->size };
}

char *spin_describe(struct run *r, bool *hang)
{
    *hang = false;
    if (r->spinning == 0)
        return NULL;
    GString *s = g_string_new(NULL);
    for (uint64_t m = r->spinning; m != 0; m &= m - 1) {
        unsigned i = (unsigned)__builtin_ctzll(m);
        const struct run_core *rc = &r->cores[i];
        const struct spin_watch *w = &rc->spin;
        g_autofree char *where = image_name_pc(r->m->img, rc->core->pc);
        if (s->len > 0)
            g_string_append(s, "; ");
        g_string_append_printf(s, "cpu%u loops forever at pc 0x%" G_GINT64_MODIFIER "x (%s)",
                               i, rc->core->pc, where);
        if (w->resume_private) {
            *hang = true;
            g_string_append(s, " and reads no shared memory");
            continue;
        }
        g_string_append(s, " reading");
        const char *sep = " ";
        for (unsigned k = 0; k < w->nreads; k++) {
            bool again = false;
            for (unsigned j = 0; j < k; j++)
                again |= w->reads[j].addr == w->reads[k].addr;
            if (again)
                continue;
            g_autofree char *name = image_name_addr(r->m->img, w->reads[k].addr);
            g_string_append_printf(s, "%s%s", sep, name);
            sep = ", ";
        }
        g_string_append(s, ", which no core will write");
    }
    return g_string_free(s, FALSE);
}
