/* progress.c — see progress.h. */
#include <string.h>
#include "progress.h"

/* Steps of one spin after which the scheduler hears of it. */
#define SPIN_YIELD 32

struct spinner {
    uint64_t streak;            /* steps in a row that only read addr */
    uint64_t pc, addr;          /* the last of them */
    uint64_t sc_failures;       /* store-exclusives failed in a row */
};

struct progress {
    struct run *run;
    struct machine *m;
    struct lockstat *locks;
    uint64_t spin_limit, sc_fail_limit;
    struct spinner *cores;
};

static void progress_begin(void *ctx)
{
    struct progress *p = ctx;
    memset(p->cores, 0, p->m->ncores * sizeof *p->cores);
}

static void stop(struct progress *p, enum finding_kind kind, unsigned core, uint64_t pc,
                 const char *text)
{
    struct finding f = { .kind = kind, .core = core, .text = (char *)text, .pc = pc,
                         .message = (char *)text };
    run_report(p->run, &f);
    run_stop(p->run);
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
        g_autofree char *where = image_name_addr(p->m->img, sp->pc);
        g_autofree char *what = image_name_addr(p->m->img, sp->addr);
        g_string_append_printf(s, " cpu%u spins at pc 0x%" G_GINT64_MODIFIER "x (%s) on %s",
                               i, sp->pc, where, what);
        int holder = p->locks ? lockstat_holder(p->locks, sp->addr) : -1;
        if (holder >= 0)
            g_string_append_printf(s, ", a lock cpu%d holds (%s)", holder,
                                   p->m->cores[holder].state == CORE_EXITED ? "exited"
                                   : p->m->cores[holder].state == CORE_RUNNING
                                       ? "spinning" : "at a barrier");
        g_string_append_c(s, ';');
    }
    s->str[s->len - 1] = '\0';
    stop(p, FINDING_DEADLOCK, core, p->cores[core].pc, s->str);
    g_string_free(s, TRUE);
}

static bool all_running_spin(const struct progress *p)
{
    for (unsigned i = 0; i < p->m->ncores; i++)
        if (p->m->cores[i].state == CORE_RUNNING && p->cores[i].streak < p->spin_limit)
            return false;
    return true;
}

static void progress_event(void *ctx, const struct event *e)
{
    struct progress *p = ctx;
    struct spinner *sp = &p->cores[e->core];
    if (e->kind == EVENT_FENCE || e->kind == EVENT_CLREX)
        return;
    bool failed_sc = e->kind == EVENT_SC && !(e->flags & EVENT_SUCCESS);
    if (e->kind == EVENT_SC)
        sp->sc_failures = failed_sc ? sp->sc_failures + 1 : 0;
    if (failed_sc && sp->sc_failures == p->sc_fail_limit) {
        g_autofree char *where = image_name_addr(p->m->img, e->pc);
        g_autofree char *what = image_name_addr(p->m->img, e->addr);
        g_autofree char *text = g_strdup_printf(
            "livelock: cpu%u's store-exclusive at pc 0x%" G_GINT64_MODIFIER "x (%s) on %s "
            "failed %" G_GUINT64_FORMAT " times in a row", e->core, e->pc, where, what,
            sp->sc_failures);
        stop(p, FINDING_LIVELOCK, e->core, e->pc, text);
        return;
    }
    /* an RMW that left the value as it was (a failed ldstub) only read */
    bool wrote = e->kind == EVENT_TRAP ||
                 (event_stored(e) && (e->kind != EVENT_RMW || e->old_value != e->new_value));
    if (wrote) {
        sp->streak = 0;
        return;
    }
    /* A spin reads one location again and again; reading through memory is
     * work, not waiting. */
    sp->streak = e->addr == sp->addr ? sp->streak + 1 : 1;
    sp->pc = e->pc;
    sp->addr = e->addr;
    if (sp->streak % SPIN_YIELD == 0 && sched_spinning(p->run->sched, e->core))
        p->run->turn_left = 0;
    if (sp->streak >= p->spin_limit && all_running_spin(p))
        deadlock(p, e->core);
}

struct progress *progress_new(struct run *r, struct machine *m, struct lockstat *locks,
                              uint64_t spin_limit, uint64_t sc_fail_limit)
{
    struct progress *p = g_new0(struct progress, 1);
    p->run = r;
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
    g_free(p->cores);
    g_free(p);
}

struct event_sink progress_sink(struct progress *p)
{
    return (struct event_sink){ progress_event, p, progress_begin, NULL };
}
