/* run-step.c — the choice of the next step.
 *
 * Each visible operation is a step.  Before one, the core may be stopped
 * and another run instead: when its turn is used up and the strategy picks
 * another core, when it is held back (--fault delay-holder), or when the
 * step closes an RMW window and --inject switches.  A switch stops the
 * engine from the code hook before the instruction executes; the core
 * resumes there when its next turn comes.
 */
#include <limits.h>
#include <string.h>

#include "base/log.h"
#include "run-private.h"

/* Is core i delayed (--fault delay-holder) at this step? */
static bool delayed(const struct run *r, unsigned i)
{
    return r->cores[i].delayed_until > r->steps;
}

/* The log's line for the scheduler's choice. */
static void __attribute__((cold, noinline)) log_choice(const struct run *r, unsigned next)
{
    g_autofree char *turn = r->turn_left == LONG_MAX
                                ? g_strdup("until it ends, blocks or spins")
                                : g_strdup_printf("for %ld step%s", r->turn_left,
                                                  r->turn_left == 1 ? "" : "s");
    log_write(LOG_SCHED, "step %" G_GUINT64_FORMAT ": the scheduler picks cpu%u, %s",
              r->steps + 1, next, turn);
}

void step_drain(struct run *r, unsigned core, unsigned slot, bool chosen)
{
    struct buffered_store s;
    uint64_t before;
    store_buffers_drain(&r->sb, core, slot, &s, &before);
    r->steps++;
    r->m->cores[core].steps++;
    if (chosen)
        sched_turns_add_drain(r->turns, core, slot);
    struct event e = s.issue;
    e.step = r->steps;
    e.slot = (uint8_t)slot;
    e.flags = (uint16_t)((e.flags & ~(EVENT_BUFFERED | EVENT_PREEMPTED | EVENT_HELD)) |
                         EVENT_DRAINED | (chosen ? 0 : EVENT_FORCED));
    e.old_value = before;
    e.new_value = store_buffers_read_visible(&r->sb, e.addr, e.size);
    LOG(LOG_MEMORY, "step %" G_GUINT64_FORMAT ": cpu%u's store to 0x%" G_GINT64_MODIFIER
        "x drains (%s)", e.step, core, e.addr, chosen ? "the scheduler's choice"
                                                     : "its next instruction needs it");
    /* the other cores' reservations of the granule end when the store
     * becomes visible to them (ARM ARM A3.4.2), not when it is made */
    monitor_store(&r->monitor, core, e.addr, e.size);
    run_emit(r, &e);
}

/* --inject under pso and arm: a drain of a core's oldest store becomes,
 * sometimes, one of its newest that may drain, so that its stores become
 * visible out of order (MP, S, 2+2W). */
static unsigned injected_slot(struct run *r, unsigned core, unsigned slot)
{
    uint32_t can = store_buffers_drainable(&r->sb, core);
    if (r->inject <= 0 || slot != 0 || (can & (can - 1)) == 0 ||
        rng_double(&r->fault_rand) >= r->inject)
        return slot;
    return (unsigned)g_bit_nth_msf(can, -1);
}

/* The drain choices: runnable[n * (1 + k) + i] if core i's k-th oldest
 * buffered store may drain now. */
static void drain_choices(const struct run *r, bool *runnable, unsigned slots)
{
    unsigned n = r->m->ncores;
    if (r->sb.nonempty == 0) {
        memset(runnable + n, 0, n * slots * sizeof *runnable);
        return;
    }
    for (unsigned i = 0; i < n; i++) {
        uint32_t can = r->sb.nonempty >> i & 1 ? store_buffers_drainable(&r->sb, i) : 0;
        for (unsigned k = 0; k < slots; k++)
            runnable[n * (1 + k) + i] = can >> k & 1;
    }
}

/* The strategy chooses among the cores that can run and the cores with
 * buffered stores: a drain it chooses is made at once (as many stores as
 * the turn it gives, while there are any), and it chooses again until a
 * core runs. */
/* The cores that can run: runnable[i] for core i (the undelayed ones, if
 * any is); then the drain choices.  False if there is no choice. */
static bool choices(const struct run *r, bool *runnable, unsigned slots)
{
    unsigned n = r->m->ncores;
    bool any_undelayed = false, any = false;
    for (unsigned i = 0; i < n; i++) {
        runnable[i] = r->m->cores[i].state == CORE_RUNNING;
        any_undelayed |= runnable[i] && !delayed(r, i);
    }
    for (unsigned i = 0; any_undelayed && i < n; i++)
        runnable[i] = runnable[i] && !delayed(r, i);
    drain_choices(r, runnable, slots);
    for (unsigned i = 0; i < SCHED_CHOICES(n, slots); i++)
        any |= runnable[i];
    return any;
}

unsigned step_choose_next(struct run *r, int current)
{
    unsigned n = r->m->ncores, slots = memory_model_drain_slots(r->model);
    bool runnable[SCHED_MAX_CHOICES];
    for (;;) {
        /* none: only cores that wait for writes no store can give now, or
         * that loop forever */
        if (!choices(r, runnable, slots)) {
            run_end_with(r, run_awaits_write(r) ? RUN_UNFULFILLED : RUN_DEADLOCK);
            return 0;
        }
        unsigned next = sched_next(r->sched, runnable, SCHED_CHOICES(n, slots), current,
                                   &r->turn_left);
        if (next == SCHED_STOP) {
            run_end_with(r, RUN_CUT);
            return 0;
        }
        if (next < n) {
            r->turn_unbounded = r->turn_left == LONG_MAX;
            if (LOG_ON(LOG_SCHED))
                log_choice(r, next);
            return next;
        }
        unsigned core = next % n, slot = injected_slot(r, core, next / n - 1);
        do
            step_drain(r, core, slot, true);
        while (--r->turn_left > 0 && !r->stopping &&
               (store_buffers_drainable(&r->sb, core) >> slot & 1));
        /* a sink ended the run at the drain: no more steps; the caller
         * sees r->stopping */
        if (r->stopping)
            return core;
        current = (int)next;
    }
}

void step_stop_before(struct run *r, struct run_core *rc, uint64_t pc)
{
    struct core *c = rc->core;
    c->pc = pc;
    rc->resuming = true;
    c->insns--;
    r->insns--;
    uc_err err = uc_emu_stop(c->uc);
    if (err != UC_ERR_OK)
        run_engine_failed(r, "stop a core", err);
}

/* Is the step at addr the end of an RMW window: the store half of a split
 * RMW, a store-exclusive, or a store to the location the core loaded last? */
static bool closes_window(const struct run_core *rc, const struct insn_info *ii, uint64_t addr)
{
    return rc->split_loaded || ii->kind == INSN_SC ||
           (ii->kind == INSN_STORE && addr == rc->last_load);
}

/* Does the step at addr open an ordering window: a load that passes the
 * core's own buffered stores to other addresses (store buffering, R), or,
 * where stores may become visible out of order, any step while more than
 * one of them may drain next (MP, S, 2+2W: *newer is the newest of them,
 * to drain first; else -1), or the step after an atomic write that became
 * visible before them (a relaxed atomic as a publication point)? */
static bool opens_ordering_window(const struct run *r, const struct run_core *rc,
                                  const struct insn_info *ii, uint64_t addr, int *newer)
{
    unsigned core = rc->core->id;
    *newer = -1;
    if (!(r->sb.nonempty >> core & 1))
        return false;
    uint32_t can = store_buffers_drainable(&r->sb, core);
    if ((can & (can - 1)) != 0)
        *newer = g_bit_nth_msf(can, -1);
    return *newer > 0 || rc->passed_stores ||
           (ii->kind == INSN_LOAD && !store_buffers_hold(&r->sb, 1ull << core, addr, ii->size));
}

/* --inject: another runnable core, picked at random, or -1. */
static int injected_core(struct run *r, const struct core *c)
{
    unsigned others[ATOMSIM_MAX_CORES], n = 0;
    for (unsigned i = 0; i < r->m->ncores; i++)
        if (i != c->id && r->m->cores[i].state == CORE_RUNNING)
            others[n++] = i;
    if (n == 0 || rng_double(&r->fault_rand) >= r->inject)
        return -1;
    return (int)others[rng_range(&r->fault_rand, 0, n)];
}

/* The drains ii (at addr) needs before it runs, each a step: as the memory
 * model says, where a split RMW's halves are a load and a store, and
 * --fault strip-fence leaves fences, acquires and releases unordered. */
static void make_room(struct run *r, struct run_core *rc, const struct insn_info *ii,
                      uint64_t addr)
{
    bool split = ii->kind == INSN_SPLIT_RMW || (ii->lock_prefix && r->opt->strip_lock);
    enum insn_kind kind = !split ? (enum insn_kind)ii->kind
                          : rc->split_loaded ? INSN_STORE : INSN_LOAD;
    struct model_access a = { .ii = ii, .kind = kind, .addr = addr,
                              .ordered = !r->opt->strip_fence };
    for (unsigned n = memory_model_drains_before(r->model, &r->sb, rc->core->id, &a); n > 0;
         n--)
        step_drain(r, rc->core->id, 0, false);
}

/* Every store becomes visible in finite time (ARM ARM K.a B2.3.9, "a write
 * ... is observed by every observer in finite time"; RVWMO's progress
 * axiom, unprivileged ISA 17.1): a core that spins while the strategy keeps
 * it running (a pinned "*" turn) would otherwise wait forever for a store
 * in a core that never runs again.  So the oldest store of every other
 * core's buffer drains, as the model allows at any time. */
static void drain_for_fairness(struct run *r, unsigned spinner)
{
    r->fairness_due = false;
    for (unsigned i = 0; i < r->m->ncores && !r->stopping; i++)
        if (i != spinner && (store_buffers_drainable(&r->sb, i) & 1)) {
            LOG(LOG_MEMORY, "step %" G_GUINT64_FORMAT ": cpu%u spins: cpu%u's oldest store "
                "drains, as every store becomes visible in finite time", r->steps, spinner, i);
            step_drain(r, i, 0, false);
        }
}

/* Stop the core before the instruction at pc; core next runs instead
 * (why: for the log). */
static void preempt(struct run *r, struct run_core *rc, uint64_t pc, int next, const char *why)
{
    LOG(LOG_SCHED, "step %" G_GUINT64_FORMAT ": cpu%u is switched out before 0x%"
        G_GINT64_MODIFIER "x for cpu%d (%s)", r->steps + 1, rc->core->id, pc, next, why);
    r->preemptions++;
    r->preempted = true;
    r->next_core = next;
    step_stop_before(r, rc, pc);
}

bool step_take(struct run *r, struct run_core *rc, const struct insn_info *ii, uint64_t pc,
               uint64_t addr)
{
    struct core *c = rc->core;
    int other, newer;
    /* __VERIFIER_atomic_begin .. end: the core keeps running */
    bool may_switch = !ii->no_preempt && r->m->atomic_core != (int)c->id;
    r->held = !may_switch;
    if (rc->resuming) {
        rc->resuming = false;   /* the step chosen when the core was stopped */
    } else if (r->steps >= r->opt->max_steps) {
        step_stop_before(r, rc, pc);
        run_end_with(r, RUN_STEP_BUDGET);
        return false;
    } else if (r->turn_left <= 0 && may_switch) {
        /* A turn is its core's next N steps, as a run's record counts
         * them: the steps it took past its turn's end, where it could not
         * be switched out (an atomic section), count towards its next. */
        long overrun = r->turn_left;
        do {
            unsigned next = step_choose_next(r, (int)c->id);
            if (r->stopping) {
                step_stop_before(r, rc, pc);
                return false;
            }
            if (next != c->id) {
                preempt(r, rc, pc, (int)next, "its turn is over");
                return false;
            }
            if (r->turn_left != LONG_MAX)
                r->turn_left += overrun;
            overrun = r->turn_left;
        } while (r->turn_left <= 0);
    } else if (delayed(r, c->id) && may_switch &&
               (other = (int)step_choose_next(r, (int)c->id)) != (int)c->id) {
        preempt(r, rc, pc, other, "it holds a lock: delay-holder");
        return false;
    } else if (r->inject > 0 && may_switch && closes_window(rc, ii, addr) &&
               (other = injected_core(r, c)) >= 0) {
        preempt(r, rc, pc, other, "injected where an RMW window closes");
        return false;
    } else if (r->inject > 0 && may_switch &&
               opens_ordering_window(r, rc, ii, addr, &newer) &&
               (other = injected_core(r, c)) >= 0) {
        if (newer > 0)
            step_drain(r, c->id, (unsigned)newer, true);
        preempt(r, rc, pc, other, "injected where stores wait in the core's buffer");
        return false;
    }
    if (G_UNLIKELY(r->opt->states != NULL) && state_explored(r, rc, pc)) {
        step_stop_before(r, rc, pc);
        run_end_with(r, RUN_CUT);
        return false;
    }
    if (G_UNLIKELY(r->fairness_due))
        drain_for_fairness(r, c->id);
    /* the core runs ii now: first the drains it needs (none if its buffer
     * is empty) */
    if (r->sb.nonempty >> c->id & 1)
        make_room(r, rc, ii, addr);
    rc->passed_stores = (ii->kind == INSN_SC || ii->kind == INSN_RMW) &&
                        (r->sb.nonempty >> c->id & 1);
    r->turn_left--;
    r->steps++;
    c->steps++;
    sched_turns_add(r->turns, c->id);
    return true;
}
