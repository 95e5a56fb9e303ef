/* progress.c — see progress.h. */
#include <string.h>
#include "progress.h"
#include "core/guest-abi.h"

/* Steps of one spin after which the scheduler hears of it. */
#define SPIN_YIELD 32
/* States a core may be in during one window, at most; a core with more is
 * taken to be making progress.  The table has twice as many slots. */
#define STATES_MAX 4096
#define STATE_SLOTS (2 * STATES_MAX)
G_STATIC_ASSERT(STATE_SLOTS <= 65536);    /* a slot's index is 16 bits */
#define NO_PC UINT64_MAX
/* A core's state is sampled at every SAMPLE_EVERY-th of its events: a core
 * that goes round in circles has few states, and the samples soon only
 * repeat them; one that makes progress has a new state at every sample. */
#define SAMPLE_EVERY 8

struct spinner {
    uint64_t streak;            /* steps in a row that only read value at addr */
    uint64_t value;
    uint64_t pc, addr;          /* the last of them */
    uint64_t sc_failures;       /* store-exclusives failed in a row */
    /* Reads in a row from any location, and whether they loop: the read
     * (pc, address) at each power of two is the mark, and the loop is
     * found when a read equals it (Brent's cycle finding). */
    uint64_t reads;
    uint64_t mark_pc, mark_addr;
    bool loops;
    /* The window without progress (from the step `window` on): the core's
     * events in it, the states sampled (fingerprints, 0 for an empty slot),
     * the step of the last new one and of the last sample, and its samples
     * in a row that repeated a state. */
    uint64_t window;
    uint64_t events;
    uint64_t *states;
    uint16_t *filled;           /* the slots of states filled, nstates of them */
    unsigned nstates;
    uint64_t novel_at, last_at, repeats;
    uint64_t data_pc, data_addr;        /* its last access to a word that is no lock */
    uint64_t lock_pc, lock_addr;        /* the last lock it took (lock_pc NO_PC: none) */
};

struct progress {
    const struct run_control *ctl;     /* of the run under way */
    struct machine *m;
    struct lockstat *locks;
    uint64_t spin_limit, sc_fail_limit;
    uint64_t quiet_from;        /* the last step that changed memory (not a lock) or trapped */
    uint64_t lock_traffic_at;   /* the last step that took or released a lock */
    struct spinner *cores;
    bool stopped;               /* this run is stopped: it said why */
};

/* A core's window starts afresh: no states yet. */
static void window_reset(struct spinner *sp, uint64_t window)
{
    for (unsigned i = 0; i < sp->nstates; i++)     /* a short run fills a few */
        sp->states[sp->filled[i]] = 0;
    sp->window = window;
    sp->nstates = 0;
    sp->events = sp->novel_at = sp->last_at = sp->repeats = 0;
    sp->data_pc = sp->lock_pc = NO_PC;
}

static void progress_begin(void *ctx, const struct run_control *ctl)
{
    struct progress *p = ctx;
    p->ctl = ctl;
    for (unsigned i = 0; i < p->m->ncores; i++) {
        struct spinner *sp = &p->cores[i];
        window_reset(sp, 0);
        sp->streak = sp->pc = sp->addr = sp->value = sp->sc_failures = 0;
        sp->reads = 0;
        sp->loops = false;
        sp->mark_pc = NO_PC;
    }
    p->quiet_from = p->lock_traffic_at = 0;
    p->stopped = false;
}

static void stop(struct progress *p, enum finding_kind kind, unsigned core, uint64_t pc,
                 const char *text)
{
    struct finding f = { .kind = kind, .core = core, .text = (char *)text, .pc = pc,
                         .message = (char *)text };
    control_report(p->ctl, &f);
    control_stop(p->ctl);
    p->stopped = true;
}

/* ", a lock cpuN holds (spinning)" if a core holds the lock at addr. */
static void append_holder(struct progress *p, GString *s, uint64_t addr)
{
    int holder = p->locks ? lockstat_holder(p->locks, addr) : -1;
    if (holder >= 0)
        g_string_append_printf(s, ", a lock cpu%d holds (%s)", holder,
                               p->m->cores[holder].state == CORE_EXITED ? "exited"
                               : p->m->cores[holder].state == CORE_RUNNING ? "spinning"
                               : p->m->cores[holder].state == CORE_WAITING ? "waiting"
                                                                           : "at a barrier");
}

/* Every running core spins: say on what, and who holds it. */
static void deadlock(struct progress *p, unsigned core)
{
    GString *s = g_string_new("deadlock: every running core only reads, and none will "
                              "write again:");
    for (unsigned i = 0; i < p->m->ncores; i++) {
        if (p->m->cores[i].state != CORE_RUNNING)
            continue;
        const struct spinner *sp = &p->cores[i];
        g_autofree char *where = image_name_pc(p->m->img, sp->pc);
        g_autofree char *what = image_name_addr(p->m->img, sp->addr);
        g_string_append_printf(s, " cpu%u spins at pc 0x%" G_GINT64_MODIFIER "x (%s) on %s",
                               i, sp->pc, where, what);
        append_holder(p, s, sp->addr);
        g_string_append_c(s, ';');
    }
    s->str[s->len - 1] = '\0';
    stop(p, FINDING_DEADLOCK, core, p->cores[core].pc, s->str);
    g_string_free(s, TRUE);
}

/* Every running core goes round a loop through locks: name each loop and
 * the lock it takes. */
static void livelock(struct progress *p, unsigned core, uint64_t steps)
{
    GString *s = g_string_new(NULL);
    g_string_printf(s, "livelock: for %" G_GUINT64_FORMAT " steps no core changed shared "
                    "memory but to take and release locks, and every running core only "
                    "repeats what it did:", steps);
    for (unsigned i = 0; i < p->m->ncores; i++) {
        if (p->m->cores[i].state != CORE_RUNNING)
            continue;
        const struct spinner *sp = &p->cores[i];
        uint64_t pc = sp->data_pc != NO_PC ? sp->data_pc : sp->pc;
        uint64_t addr = sp->data_pc != NO_PC ? sp->data_addr : sp->addr;
        g_autofree char *where = image_name_pc(p->m->img, pc);
        g_autofree char *what = image_name_addr(p->m->img, addr);
        g_string_append_printf(s, " cpu%u loops at pc 0x%" G_GINT64_MODIFIER "x (%s) on %s",
                               i, pc, where, what);
        if (sp->lock_pc != NO_PC) {
            g_autofree char *lock = p->locks ? lockstat_name_at(p->locks, sp->lock_addr)
                                             : image_name_addr(p->m->img, sp->lock_addr);
            g_autofree char *taken = image_name_pc(p->m->img, sp->lock_pc);
            g_string_append_printf(s, ", taking %s at pc 0x%" G_GINT64_MODIFIER "x (%s)", lock,
                                   sp->lock_pc, taken);
        } else {
            append_holder(p, s, addr);
        }
        g_string_append_c(s, ';');
    }
    s->str[s->len - 1] = '\0';
    stop(p, FINDING_LIVELOCK, core, p->cores[core].pc, s->str);
    g_string_free(s, TRUE);
}

static bool all_running_spin(const struct progress *p)
{
    for (unsigned i = 0; i < p->m->ncores; i++)
        if (p->m->cores[i].state == CORE_RUNNING && p->cores[i].streak < p->spin_limit)
            return false;
    return true;
}

/* Does e take a lock, or release one (a store of 0 to a word taken as a
 * lock)?  Either changes memory only until the other comes. */
static bool lock_traffic(struct progress *p, const struct event *e)
{
    return event_takes_lock(e) ||
           (event_releases_lock(e) && p->locks != NULL && lockstat_known(p->locks, e->addr));
}

/* Does e move the run on: a trap (output, a barrier, an exit), or a change
 * of shared memory other than lock traffic? */
static bool moves_on(struct progress *p, const struct event *e)
{
    if (e->kind == EVENT_TRAP)
        return true;
    if (!event_stored(e) || e->old_value == e->new_value)
        return false;
    if (!lock_traffic(p, e))
        return true;
    p->lock_traffic_at = e->step;
    return false;
}

/* Add fingerprint h to the core's states; true if it is new (or there is
 * no room to tell). */
static bool novel(struct spinner *sp, uint64_t h)
{
    if (sp->states == NULL) {
        sp->states = g_new0(uint64_t, STATE_SLOTS);
        sp->filled = g_new(uint16_t, STATES_MAX);
    }
    h |= 1;                     /* 0 marks an empty slot */
    for (unsigned i = (unsigned)(h >> 17) % STATE_SLOTS;; i = (i + 1) % STATE_SLOTS) {
        if (sp->states[i] == h)
            return false;
        if (sp->states[i] == 0) {
            if (sp->nstates == STATES_MAX)
                return true;
            sp->states[i] = h;
            sp->filled[sp->nstates++] = (uint16_t)i;
            return true;
        }
    }
}

/* The state of e's core at e: its registers and stack, and the event
 * (with the values read and written; not whether it was preempted). */
static uint64_t state_of(struct progress *p, const struct event *e)
{
    uint64_t parts[6] = { e->pc, e->addr, e->old_value, e->new_value,
                          (uint64_t)e->kind << 16 | (uint64_t)e->size << 8 |
                              (e->flags & ~EVENT_PREEMPTED),
                          machine_core_fingerprint(p->m, &p->m->cores[e->core]) };
    uint64_t h = 0x84222325cbf29ce4ull;
    for (unsigned i = 0; i < G_N_ELEMENTS(parts); i++) {
        h = (h ^ parts[i]) * 0x9e3779b97f4a7c15ull;
        h ^= h >> 31;
    }
    return h;
}

/* No core has moved on for a while: note what e's core touched and, at a
 * sample, the state it is in. */
static void watch(struct progress *p, struct spinner *sp, const struct event *e)
{
    if (sp->window != p->quiet_from)
        window_reset(sp, p->quiet_from);
    if (++sp->events % SAMPLE_EVERY == 0) {
        sp->last_at = e->step;
        if (novel(sp, state_of(p, e))) {
            sp->novel_at = e->step;
            sp->repeats = 0;
        } else if (++sp->repeats % (SPIN_YIELD / SAMPLE_EVERY) == 0) {
            control_spinning(p->ctl, e->core);
        }
    }
    if (event_takes_lock(e)) {
        sp->lock_pc = e->pc;
        sp->lock_addr = e->addr;
    } else if (event_has_addr(e) && (p->locks == NULL || !lockstat_known(p->locks, e->addr))) {
        sp->data_pc = e->pc;
        sp->data_addr = e->addr;
    }
}

/* Has every running core, in the last quarter of spin_limit steps, been
 * sampled, and only in states sampled before in this window? */
static bool all_running_repeat(const struct progress *p, uint64_t step)
{
    uint64_t quarter = MAX(p->spin_limit / 4, 1);
    for (unsigned i = 0; i < p->m->ncores; i++) {
        const struct spinner *sp = &p->cores[i];
        if (p->m->cores[i].state != CORE_RUNNING)
            continue;
        if (sp->window != p->quiet_from || sp->nstates == 0 || sp->last_at + quarter <= step ||
            sp->novel_at + quarter > step)
            return false;
    }
    return true;
}

/* The cores running now. */
static unsigned running_cores(const struct progress *p)
{
    return (unsigned)__builtin_popcountll(machine_running(p->m));
}

/* After e, no core has moved on for quiet steps: watch, and end the run
 * if every running core goes round in circles. */
static void check_cycles(struct progress *p, struct spinner *sp, const struct event *e,
                         uint64_t quiet)
{
    watch(p, sp, e);
    if (quiet < p->spin_limit || !all_running_repeat(p, e->step))
        return;
    if (p->lock_traffic_at > p->quiet_from)
        livelock(p, e->core, quiet);
    else if (quiet >= 2 * p->spin_limit * running_cores(p))
        deadlock(p, e->core);   /* the one-location rule had its chance */
}

/* A read of core sp: its run of reads, and whether it loops (Brent). */
static void note_read(struct spinner *sp, const struct event *e)
{
    sp->reads++;
    sp->loops |= e->pc == sp->mark_pc && e->addr == sp->mark_addr;
    if ((sp->reads & (sp->reads - 1)) == 0) {
        sp->mark_pc = e->pc;
        sp->mark_addr = e->addr;
    }
}

/* The core wrote: no spin, no run of reads. */
static void note_write(struct spinner *sp)
{
    sp->streak = 0;
    sp->reads = 0;
    sp->loops = false;
    sp->mark_pc = NO_PC;
}

static void progress_event(void *ctx, const struct event *e)
{
    struct progress *p = ctx;
    struct spinner *sp = &p->cores[e->core];
    /* the events a stopped run still sees (an instruction under way, the
     * drains it needed) change nothing: no progress was said once */
    if (p->stopped || e->kind == EVENT_FENCE || e->kind == EVENT_CLREX ||
        (e->kind == EVENT_TRAP && guest_call_quiet(p->m->cpu, e->old_value)))
        return;
    bool failed_sc = e->kind == EVENT_SC && !(e->flags & EVENT_SUCCESS);
    if (e->kind == EVENT_SC)
        sp->sc_failures = failed_sc ? sp->sc_failures + 1 : 0;
    if (failed_sc && sp->sc_failures == p->sc_fail_limit) {
        g_autofree char *where = image_name_pc(p->m->img, e->pc);
        g_autofree char *what = image_name_addr(p->m->img, e->addr);
        g_autofree char *text = g_strdup_printf(
            "livelock: cpu%u's store-exclusive at pc 0x%" G_GINT64_MODIFIER "x (%s) on %s "
            "failed %" G_GUINT64_FORMAT " times in a row", e->core, e->pc, where, what,
            sp->sc_failures);
        stop(p, FINDING_LIVELOCK, e->core, e->pc, text);
        return;
    }
    if (moves_on(p, e))
        p->quiet_from = e->step;
    /* a store draining from a buffer is no step its core takes now */
    if (e->flags & EVENT_DRAINED)
        return;
    uint64_t quiet = e->step - p->quiet_from;
    /* an RMW that left the value as it was (a failed ldstub) only read; a
     * store into the core's buffer is its work, seen by others later */
    bool wrote = e->kind == EVENT_TRAP || (e->flags & EVENT_BUFFERED) ||
                 (event_stored(e) && (e->kind != EVENT_RMW || e->old_value != e->new_value));
    if (wrote) {
        note_write(sp);
        if (quiet >= p->spin_limit / 2)
            check_cycles(p, sp, e, quiet);
        return;
    }
    /* A spin reads one location again and again, finding it unchanged, or
     * goes round a loop of reads; reading through memory is work, not
     * waiting, and a new value read is news (under store buffers a core may
     * spin on a release that has only just drained). */
    sp->streak = e->addr == sp->addr && e->old_value == sp->value ? sp->streak + 1 : 1;
    sp->value = e->old_value;
    sp->pc = e->pc;
    sp->addr = e->addr;
    note_read(sp, e);
    bool spin = sp->streak % SPIN_YIELD == 0 ||
                (sp->loops && sp->streak < sp->reads && sp->reads % SPIN_YIELD == 0);
    if (spin)
        control_spinning(p->ctl, e->core);
    if (sp->streak >= p->spin_limit && all_running_spin(p)) {
        deadlock(p, e->core);
        return;
    }
    if (quiet >= p->spin_limit / 2)
        check_cycles(p, sp, e, quiet);
}

struct progress *progress_new(struct machine *m, struct lockstat *locks,
                              uint64_t spin_limit, uint64_t sc_fail_limit)
{
    struct progress *p = g_new0(struct progress, 1);
    p->m = m;
    p->locks = locks;
    p->spin_limit = spin_limit;
    p->sc_fail_limit = sc_fail_limit;
    p->cores = g_new0(struct spinner, m->ncores);
    return p;
}

void progress_free(struct progress *p)
{
    if (p == NULL)
        return;
    for (unsigned i = 0; i < p->m->ncores; i++) {
        g_free(p->cores[i].states);
        g_free(p->cores[i].filled);
    }
    g_free(p->cores);
    g_free(p);
}

struct event_sink progress_sink(struct progress *p)
{
    return (struct event_sink){ .event = progress_event, .ctx = p, .begin = progress_begin };
}
