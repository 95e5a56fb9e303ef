/* run-common.c — what the run's other files share (run-private.h): the
 * events given to the sinks, and the ways a run ends.  It calls none of
 * them, so the loop (run.c), the hook (run-perform.c) and the choice of
 * the next step (run-step.c) call down in that order and never in a
 * circle. */
#include "base/log.h"
#include "guest-abi.h"
#include "run-private.h"

/* The log's line for an event. */
static void __attribute__((cold, noinline)) log_event(const struct event *e)
{
    log_write(LOG_MEMORY,
              "step %" G_GUINT64_FORMAT ": cpu%u %s 0x%" G_GINT64_MODIFIER "x (%u bytes) 0x%"
              G_GINT64_MODIFIER "x -> 0x%" G_GINT64_MODIFIER "x%s", e->step, e->core,
              kind_name(e->kind), e->addr, e->size, e->old_value, e->new_value,
              !(e->flags & EVENT_HAS_SUCCESS) ? ""
              : (e->flags & EVENT_SUCCESS)    ? ", succeeded"
                                              : ", failed");
}

/* The write of timestamp ts fulfilled the predictions of cores (a mask):
 * what depends on them has its view now, and a core that waited for it
 * runs again. */
static void fulfilled(struct run *r, uint64_t cores, uint64_t ts)
{
    for (uint64_t m = cores; m != 0; m &= m - 1) {
        unsigned i = (unsigned)__builtin_ctzll(m);
        struct run_core *rc = &r->cores[i];
        taint_fulfilled(&rc->taint, VIEWS_PREDICTED(i), ts);
        views_fulfilled(&rc->pending_view, i, ts);
        views_fulfilled(&rc->pending_floor, i, ts);
        store_buffers_fulfilled(&r->sb, i, ts);
        LOG(LOG_MEMORY, "cpu%u's load at 0x%" G_GINT64_MODIFIER "x read the write that has "
            "just become visible", i, r->views.core[i].predicted.pc);
    }
}

void run_emit(struct run *r, const struct event *e)
{
    if (r->delay_holder && event_takes_lock(e)) {
        r->cores[e->core].delayed_until = r->steps + r->delay_holder;
        LOG(LOG_SCHED, "step %" G_GUINT64_FORMAT ": cpu%u took a lock: held back until step %"
            G_GUINT64_FORMAT " (delay-holder)", e->step, e->core, r->steps + r->delay_holder);
    }
    uint64_t ts, cores = 0;
    if (r->views.on && event_stored(e) && !event_failed(e) &&
        (cores = views_write(&r->views, e, &ts)) != 0)
        fulfilled(r, cores, ts);
    if (LOG_ON(LOG_MEMORY))
        log_event(e);
    state_note(r, e);
    for (unsigned i = 0; i < r->opt->nsinks; i++)
        r->opt->sinks[i].event(r->opt->sinks[i].ctx, e);
    /* The cores the step lets run again run after it: the sinks saw them
     * waiting (a search's equivalence.c: they could not take this step). */
    for (; cores != 0; cores &= cores - 1) {
        struct core *c = r->cores[__builtin_ctzll(cores)].core;
        if (c->state == CORE_AWAITS_WRITE)
            c->state = CORE_RUNNING;
    }
    spin_note(r, e);
}

/* A seeded value: core's k-th value of a run depends on the seed, the
 * core and k only, so a replay or a shrunk schedule of the run gives each
 * core the same values.  Half are small (-4 .. 15), where programs'
 * assumptions and loop bounds tend to be; of a program that compares with
 * constants, a quarter are one of them or its neighbours (compared.h); the
 * rest any 64-bit value. */
static uint64_t seeded_value(struct run *r, struct run_core *rc)
{
    struct rng g;
    rng_seed(&g, r->nondet_seed ^ (rc->core->id + 1) * 0xd1b54a32d192ed03ull ^
                     rc->nondet_calls++ * 0x8cb92ba72f3d8dd7ull);
    uint64_t v = rng_next(&g);
    if (v & 1)
        return (uint64_t)((int64_t)rng_range(&g, 0, 20) - 4);
    uint64_t near[3 * COMPARED_MAX];
    unsigned nnear = compared_values(&r->m->compared, 64, near, G_N_ELEMENTS(near));
    if ((v & 2) && nnear > 0)
        v = near[rng_range(&g, 0, nnear)];
    return v;
}

void run_draw(struct run *r, struct run_core *rc, struct event *e, uint64_t arg)
{
    enum guest_draw draw = guest_call_draws(r->m->cpu, e->old_value);
    arg = guest_call_draw_arg(r->m->cpu, e->old_value, arg);
    /* a search tries the values of guest_call_domain: every one of a
     * _Bool's (or sim_choose's), not of wider types */
    uint64_t domain[GUEST_DOMAIN_MAX];
    unsigned tried = guest_call_domain(r->m, e->old_value, arg, domain);
    r->nondet_bits |= draw == DRAW_BITS && (arg >= 64 || tried < (1ull << arg));
    uint64_t v;
    if (sched_predicted(r->sched, rc->core->id, r->turn_left, NULL, 0, &v)) {
        sched_turns_set_predicted(r->turns, v);
    } else {
        v = seeded_value(r, rc);
        r->nondet_used = true;
    }
    v = draw == DRAW_CHOICE ? v % arg : arg >= 64 ? v : v & ((1ull << arg) - 1);
    rc->drawn = v;
    e->new_value = v;
    e->size = (uint8_t)arg;
}

void run_end_with(struct run *r, enum run_end why)
{
    r->end = why;
    r->stopping = true;
}

void run_fault(struct run *r, char *what)
{
    g_free(r->fault);
    r->fault = what;
    run_end_with(r, RUN_FAULT);
}

void run_engine_failed(struct run *r, const char *what, uc_err err)
{
    if (r->fault == NULL)
        run_fault(r, g_strdup_printf("the engine cannot %s: %s", what, uc_strerror(err)));
}

void run_stop_engine(struct run *r, struct core *c)
{
    uc_err err = uc_emu_stop(c->uc);
    if (err != UC_ERR_OK)
        run_engine_failed(r, "stop a core", err);
}
