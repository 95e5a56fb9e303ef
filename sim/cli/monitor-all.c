/* monitor-all.c — see monitor-all.h. */
#include <stdio.h>

#include "base/error.h"
#include "detect/detectors.h"
#include "explore/explore.h"
#include "monitor-all.h"
#include "report.h"
#include "report/timeline-compare.h"
#include "report/trace.h"

#define POLICIES 3
#define COMPARED_EVENTS_MAX (1u << 20)  /* events kept of each run to compare */
#define SINKS_MAX 8

static const enum monitor_policy policies[POLICIES] = { MONITOR_ADDRESS, MONITOR_VALUE,
                                                         MONITOR_SWITCH };

/* One policy's run: what watches it, and what is kept of it to compare. */
struct policy_run {
    enum monitor_policy policy;
    struct detectors d;
    struct timeline *view;      /* --timeline, or NULL */
    GArray *events;             /* struct event: the first COMPARED_EVENTS_MAX */
    bool cut;                   /* the run had more */
    char *result;               /* "clean", "1 finding" */
    char *reproduce;            /* the command that gives the run again */
};

static void record_begin(void *ctx, const struct run_control *ctl)
{
    (void)ctl;
    struct policy_run *p = ctx;
    g_array_set_size(p->events, 0);
    p->cut = false;
}

static void record_event(void *ctx, const struct event *e)
{
    struct policy_run *p = ctx;
    if (p->events->len < COMPARED_EVENTS_MAX)
        g_array_append_val(p->events, *e);
    else
        p->cut = true;
}

static void policy_run_init(struct policy_run *p, enum monitor_policy policy,
                            struct machine *m, const struct options *o, unsigned lost_shown)
{
    *p = (struct policy_run){ .policy = policy };
    detectors_init(&p->d, m, lost_shown, (uint64_t)o->spin_limit, (uint64_t)o->sc_fail_limit);
    p->view = o->timeline ? timeline_new(m, p->d.locks) : NULL;
    p->events = g_array_new(FALSE, FALSE, sizeof(struct event));
}

static void policy_run_clear(struct policy_run *p)
{
    detectors_clear(&p->d);
    timeline_free(p->view);
    g_array_unref(p->events);
    g_free(p->result);
    g_free(p->reproduce);
}

/* The sinks of p's run into sinks: ro's first traced (a trace: the
 * command line makes no other view under --monitor all), p's timeline,
 * what keeps its events, its detectors.  Their number; *skip: how many of
 * them a quiet run (pct's estimate of its horizon) leaves out, all but the
 * detectors. */
static unsigned policy_sinks(struct policy_run *p, const struct run_options *ro,
                             unsigned traced, struct event_sink *sinks, unsigned *skip)
{
    unsigned n = 0;
    for (unsigned i = 0; i < traced; i++)
        sinks[n++] = ro->sinks[i];
    if (p->view != NULL)
        sinks[n++] = timeline_sink(p->view);
    sinks[n++] = (struct event_sink){ .event = record_event, .ctx = p, .begin = record_begin };
    *skip = n;
    for (unsigned i = 0; i < G_N_ELEMENTS(p->d.sinks); i++)
        sinks[n++] = p->d.sinks[i];
    g_assert(n <= SINKS_MAX);
    return n;
}

/* Run under p's policy with strategy and print the run's report under a
 * heading.  Its exit status. */
static int run_policy(struct policy_run *p, const struct options *o, struct run *r,
                      const struct run_options *ro, unsigned traced, struct sched *strategy)
{
    struct event_sink sinks[SINKS_MAX];
    struct run_options policy_ro = *ro;
    unsigned skip;
    policy_ro.monitor = p->policy;
    policy_ro.nsinks = policy_sinks(p, ro, traced, sinks, &skip);
    policy_ro.sinks = sinks;
    printf("atomsim: == --monitor %s ==\n", monitor_policy_name(p->policy));
    if (sched_estimates_horizon(strategy))
        explore_pct_horizon(strategy, r, &policy_ro, skip, (uint64_t)o->seed);
    run_program(r, strategy, &policy_ro);
    /* the report of the run alone: the page is the three runs' */
    struct options report_options = *o;
    report_options.timeline_view = NULL;
    int status = report_run(&report_options, r, p->d.locks, strategy, NULL);
    p->result = report_result(r);
    p->reproduce = report_reproduce(o, r, strategy);
    return status;
}

/* Comparing the runs ------------------------------------------------------ */

/* The i-th event of p's run, or NULL past its end. */
static const struct event *event_at(const struct policy_run *p, guint i)
{
    return i < p->events->len ? &g_array_index(p->events, struct event, i) : NULL;
}

/* The i-th event of the first run that had one. */
static const struct event *first_event_at(const struct policy_run *runs, guint i)
{
    const struct event *e = NULL;
    for (unsigned k = 0; k < POLICIES && e == NULL; k++)
        e = event_at(&runs[k], i);
    return e;
}

/* Did two runs do the same at a step: the same core ran the same
 * instruction on the same location, with the same values and outcome? */
static bool same_event(const struct event *a, const struct event *b)
{
    const uint16_t outcome = EVENT_HAS_SUCCESS | EVENT_SUCCESS | EVENT_BUFFERED |
                             EVENT_DRAINED | EVENT_FORWARDED;
    if (a == NULL || b == NULL)
        return a == b;
    return a->core == b->core && a->kind == b->kind && a->pc == b->pc && a->addr == b->addr &&
           a->size == b->size && a->old_value == b->old_value &&
           a->new_value == b->new_value && (a->flags & outcome) == (b->flags & outcome);
}

/* The index of the first step where the runs differ, or -1 if they agree
 * on every step kept. */
static gint64 first_difference(const struct policy_run *runs)
{
    guint longest = 0;
    for (unsigned k = 0; k < POLICIES; k++)
        longest = MAX(longest, runs[k].events->len);
    for (guint i = 0; i < longest; i++)
        for (unsigned k = 1; k < POLICIES; k++)
            if (!same_event(event_at(&runs[0], i), event_at(&runs[k], i)))
                return i;
    return -1;
}

/* "cpu0 at main+0x20 (litmus.h:46), strex r1, r3, [r2] on x" (to free). */
static char *event_where(struct machine *m, const struct event *e)
{
    char insn[96];
    codemap_disassemble(&m->code, e->pc, insn, sizeof insn);
    g_autofree char *where = image_name_pc(m->img, e->pc);
    g_autofree char *addr = event_has_addr(e) ? image_name_addr(m->img, e->addr) : NULL;
    return g_strdup_printf("cpu%u at %s, %s%s%s", e->core, where, insn, addr ? " on " : "",
                           addr ? addr : "");
}

/* What the event did: "stored", "failed", "read 5", "5 -> 6" (to free). */
static char *event_outcome(const struct machine *m, const struct event *e)
{
    /* the architecture fails it: another core wrote the granule (ARM ARM
     * A3.4.2), yet memory held the value the load-exclusive read */
    if (e->flags & EVENT_DIVERGED)
        return g_strdup("stored (the value monitor's ABA hole)");
    if (e->kind == EVENT_SC)
        return g_strdup(event_failed(e) ? "failed" : "stored");
    GString *s = g_string_new(NULL);
    trace_format_values(m, e, s);
    return g_string_free(s, FALSE);
}

/* What a run did at a step where another did like: its outcome if it ran
 * the same instruction, else where it was and what it did (to free). */
static char *policy_did(struct machine *m, const struct event *e, const struct event *like)
{
    if (e == NULL)
        return g_strdup("had ended");
    g_autofree char *outcome = event_outcome(m, e);
    if (e->core == like->core && e->pc == like->pc)
        return g_steal_pointer(&outcome);
    g_autofree char *where = event_where(m, e);
    return g_strdup_printf("%s: %s", where, outcome);
}

/* Where the runs part, as "cpu0 at main+0x20 (...), strex ... on x:
 * address: failed; value: stored (...); switch: failed" (to free). */
static char *parting_text(struct machine *m, const struct policy_run *runs, guint i)
{
    const struct event *like = first_event_at(runs, i);
    g_autofree char *where = event_where(m, like);
    GString *s = g_string_new(where);
    for (unsigned k = 0; k < POLICIES; k++) {
        g_autofree char *did = policy_did(m, event_at(&runs[k], i), like);
        g_string_append_printf(s, "%s %s: %s", k ? ";" : ":", monitor_policy_name(runs[k].policy),
                               did);
    }
    return g_string_free(s, FALSE);
}

/* Where the runs part: the step (0 if they agree), and in *text what each
 * policy did there, or that they agree (to free). */
static uint64_t parting(struct machine *m, const struct policy_run *runs, char **text)
{
    gint64 i = first_difference(runs);
    bool cut = false;
    for (unsigned k = 0; k < POLICIES; k++)
        cut |= runs[k].cut;
    if (i < 0 && cut)
        *text = g_strdup_printf("the three policies agree on their first %u steps (no more "
                                "are compared)", COMPARED_EVENTS_MAX);
    else if (i < 0)
        *text = g_strdup("the three policies agree on every step");
    else
        *text = parting_text(m, runs, (guint)i);
    return i < 0 ? 0 : first_event_at(runs, (guint)i)->step;
}

/* --timeline FILE: the three runs on one page.  FALSE (said on stderr) if
 * it cannot be written. */
static bool write_page(const struct options *o, const struct machine *m,
                       const struct policy_run *runs, uint64_t parted, const char *text)
{
    g_autoptr(GError) error = NULL;
    struct timeline_compared compared[POLICIES];
    for (unsigned k = 0; k < POLICIES; k++)
        compared[k] = (struct timeline_compared){ monitor_policy_name(runs[k].policy),
                                                  runs[k].view, runs[k].result,
                                                  runs[k].reproduce };
    g_autofree char *base = g_path_get_basename(m->img->path);
    g_autofree char *title = g_strdup_printf("atomsim timeline: %s on %s, %u cores, under each "
                                             "exclusive monitor", base, m->cpu->name,
                                             m->ncores);
    if (timeline_compare_write(compared, POLICIES, parted, text, o->timeline, title, &error))
        return true;
    fprintf(stderr, "atomsim: --timeline %s: %s\n", o->timeline, error->message);
    return false;
}

int monitor_all_run(struct options *o, struct run *r, const struct run_options *ro,
                    unsigned traced, unsigned lost_shown)
{
    struct policy_run runs[POLICIES];
    g_autoptr(sched) replay = NULL;
    struct sched *strategy = o->strategy;
    int status = EXIT_CLEAN;
    for (unsigned k = 0; k < POLICIES; k++) {
        policy_run_init(&runs[k], policies[k], r->m, o, lost_shown);
        int run_status = run_policy(&runs[k], o, r, ro, traced, strategy);
        /* the worst: an error over a finding over a clean run */
        status = MAX(status, run_status);
        /* the others replay the turns the first took, step for step */
        if (replay == NULL && !sched_fixed(strategy))
            strategy = replay = sched_new_turns(r->turns, r->m->ncores);
        run_clear(r);
    }
    g_autofree char *text = NULL;
    uint64_t parted = parting(r->m, runs, &text);
    if (parted > 0)
        printf("atomsim: the runs part at step %" G_GUINT64_FORMAT ", %s\n", parted, text);
    else
        printf("atomsim: %s\n", text);
    if (o->timeline != NULL && !write_page(o, r->m, runs, parted, text))
        status = EXIT_USAGE;
    for (unsigned k = 0; k < POLICIES; k++)
        policy_run_clear(&runs[k]);
    return status;
}
