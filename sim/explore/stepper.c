/* stepper.c — see stepper.h.
 *
 * The schedule ends the run before the step after its turns (so each core
 * stands at the step it would take next).  The stepper's own sink keeps
 * every event, counts the steps that were chosen (a drain the core's next
 * instruction forced is none: the schedule does not name it) and, running
 * to a finding, ends the run at the first finding after them.  It is the
 * last sink, so that the detectors have seen the step and reported what it
 * showed before the run ends.
 */
#include <limits.h>

#include "sched/scheduler.h"
#include "stepper.h"

struct stepper {
    struct run *r;
    struct run_options ro;      /* the caller's, with the sinks below */
    struct event_sink *sinks;   /* the caller's, then the stepper's own */
    GArray *turns;              /* the schedule so far (struct sched_turn) */
    GArray *events;             /* the last run's (struct event) */
    const struct run_control *ctl;
    /* Running to a finding: the steps of the schedule so far, the chosen
     * steps the run has taken, and whether a finding came after them. */
    bool to_finding;
    uint64_t target, chosen;
    bool found;
};

static void on_begin(void *ctx, const struct run_control *ctl)
{
    struct stepper *s = ctx;
    s->ctl = ctl;
    s->chosen = 0;
    s->found = false;
    g_array_set_size(s->events, 0);
}

static void on_event(void *ctx, const struct event *e)
{
    struct stepper *s = ctx;
    g_array_append_val(s->events, *e);
    if (!(e->flags & EVENT_FORCED))
        s->chosen++;
}

static void on_finding(void *ctx, const struct finding *f)
{
    (void)f;
    struct stepper *s = ctx;
    if (s->to_finding && s->chosen > s->target) {
        s->found = true;
        control_cut(s->ctl);
    }
}

struct stepper *stepper_new(struct run *r, const struct run_options *ro)
{
    struct stepper *s = g_new0(struct stepper, 1);
    s->r = r;
    s->ro = *ro;
    s->ro.max_steps = MIN(ro->max_steps, STEPPER_MAX_STEPS);
    s->sinks = g_new(struct event_sink, ro->nsinks + 1);
    for (unsigned i = 0; i < ro->nsinks; i++)
        s->sinks[i] = ro->sinks[i];
    s->sinks[ro->nsinks] = (struct event_sink){ .event = on_event, .ctx = s,
                                                .begin = on_begin, .finding = on_finding };
    s->ro.sinks = s->sinks;
    s->ro.nsinks = ro->nsinks + 1;
    s->turns = g_array_new(FALSE, FALSE, sizeof(struct sched_turn));
    s->events = g_array_new(FALSE, FALSE, sizeof(struct event));
    return s;
}

void stepper_free(struct stepper *s)
{
    if (s == NULL)
        return;
    g_array_unref(s->turns);
    g_array_unref(s->events);
    g_free(s->sinks);
    g_free(s);
}

static uint64_t count_steps(const GArray *turns)
{
    uint64_t n = 0;
    for (guint i = 0; i < turns->len; i++)
        n += (uint64_t)g_array_index(turns, struct sched_turn, i).steps;
    return n;
}

/* Run along turns, then stop before another step; or (to_finding) go on
 * in turns of one step to a finding.  The run's own record of the steps it
 * took is left in s->r->turns. */
static void run_along(struct stepper *s, const GArray *turns, bool to_finding)
{
    unsigned n = s->r->m->ncores;
    g_autoptr(sched) along = to_finding ? sched_new_turns(turns, n) : sched_new_stepper(turns, n);
    s->target = count_steps(turns);
    s->to_finding = to_finding;
    run_program(s->r, along, &s->ro);
}

static bool same_choice(const struct sched_turn *a, const struct sched_turn *b)
{
    return a->core == b->core && a->drain == b->drain && a->slot == b->slot;
}

/* Are the steps of turns the first steps of taken, and did a turn's last
 * step that was to read an older write (~OLDER), or a value from a write to
 * come (=VALUE), read it?  (A turn may run
 * longer than it was given where the core cannot be stopped: before
 * sparc32's delay slot, in an atomic section.) */
static bool steps_begin(const GArray *taken, const GArray *turns)
{
    guint t = 0;
    long left = t < taken->len ? g_array_index(taken, struct sched_turn, 0).steps : 0;
    for (guint i = 0; i < turns->len; i++) {
        const struct sched_turn *want = &g_array_index(turns, struct sched_turn, i);
        for (long k = 0; k < want->steps; k++) {
            while (left == 0 && ++t < taken->len)
                left = g_array_index(taken, struct sched_turn, t).steps;
            if (t >= taken->len)
                return false;
            const struct sched_turn *got = &g_array_index(taken, struct sched_turn, t);
            if (!same_choice(got, want))
                return false;
            bool last = k == want->steps - 1;
            if (want->older > 0 && last && (left != 1 || got->older != want->older))
                return false;
            if (want->predicted && last &&
                (left != 1 || !got->predicted || got->value != want->value))
                return false;
            left--;
        }
    }
    return true;
}

bool stepper_goto(struct stepper *s, const GArray *turns)
{
    for (guint i = 0; i < turns->len; i++)
        g_return_val_if_fail(g_array_index(turns, struct sched_turn, i).steps >= 0, false);
    run_along(s, turns, false);
    if (steps_begin(s->r->turns, turns)) {
        /* what was taken: with the steps the program forced */
        g_array_set_size(s->turns, 0);
        g_array_append_vals(s->turns, s->r->turns->data, s->r->turns->len);
        return true;
    }
    g_autoptr(GArray) before = g_array_copy(s->turns);
    run_along(s, before, false);
    return false;
}

bool stepper_step(struct stepper *s, unsigned core, unsigned older, const uint64_t *predicted)
{
    g_autoptr(GArray) turns = g_array_copy(s->turns);
    sched_turns_add(turns, core);
    if (older > 0)
        sched_turns_set_older(turns, older);
    if (predicted != NULL)
        sched_turns_set_predicted(turns, *predicted);
    return stepper_goto(s, turns);
}

bool stepper_drain(struct stepper *s, unsigned core, unsigned slot)
{
    g_autoptr(GArray) turns = g_array_copy(s->turns);
    sched_turns_add_drain(turns, core, slot);
    return stepper_goto(s, turns);
}

bool stepper_undo(struct stepper *s)
{
    uint64_t had = count_steps(s->turns);
    g_autoptr(GArray) turns = g_array_copy(s->turns);
    /* a step the program forced after another goes with it */
    while (turns->len > 0) {
        struct sched_turn *last = &g_array_index(turns, struct sched_turn, turns->len - 1);
        if (--last->steps == 0)
            g_array_set_size(turns, turns->len - 1);
        if (!stepper_goto(s, turns))
            return false;
        if (count_steps(s->turns) < had)
            return true;
    }
    return false;
}

bool stepper_run_to_finding(struct stepper *s)
{
    g_autoptr(GArray) before = g_array_copy(s->turns);
    run_along(s, before, true);
    bool found = s->found;
    g_autoptr(GArray) taken = g_array_copy(s->r->turns);
    /* again along what it took, to stop as every other step does */
    if (!stepper_goto(s, taken))
        return false;
    return found;
}

const GArray *stepper_turns(const struct stepper *s)
{
    return s->turns;
}

struct run *stepper_run(struct stepper *s)
{
    return s->r;
}

const GArray *stepper_events(const struct stepper *s)
{
    return s->events;
}
