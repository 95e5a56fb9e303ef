/* report.c — see report.h. */
#include <stdio.h>
#include <string.h>

#include "error.h"
#include "report.h"
#include "timeline.h"
#include "report-json.h"

/* "clean", "2 findings", "guest fault" ... (to free). */
static char *report_result(const struct run *r)
{
    switch (r->end) {
    case RUN_DONE:
        if (r->findings == 0)
            return g_strdup("clean");
        return g_strdup_printf("%u finding%s", r->findings, r->findings == 1 ? "" : "s");
    case RUN_STOPPED:
        return g_strdup_printf("%u finding%s (stopped: no progress)", r->findings,
                               r->findings == 1 ? "" : "s");
    case RUN_FAULT: return g_strdup("guest fault");
    case RUN_STEP_BUDGET: return g_strdup("step budget exhausted");
    case RUN_INSN_BUDGET: return g_strdup("instruction budget exhausted");
    default: return g_strdup("deadlock");
    }
}

/* The command line that gives this run again (to free). */
static char *reproduce_text(const struct run *r, const struct machine *m,
                            const struct options *o, const struct sched *strategy,
                            const char *sched_options)
{
    g_autoptr(GString) faults = g_string_new(o->no_inject ? " --no-inject" : "");
    for (char **f = o->faults; f && *f; f++)
        g_string_append_printf(faults, " --fault %s", *f);
    /* the seed draws the faults and injection's switches, which a fixed
     * schedule does not make */
    bool injected = !o->no_inject && !sched_fixed(strategy);
    if ((o->faults || injected) && strstr(sched_options, "--seed ") == NULL)
        g_string_append_printf(faults, " --seed %" G_GINT64_FORMAT, o->seed);
    return g_strdup_printf("atomsim --cpu %s --cores %u %s --monitor %s%s --max-steps %"
                           G_GINT64_FORMAT " --max-insns %" G_GINT64_FORMAT " %s", m->cpu->name,
                           m->ncores, sched_options, monitor_policy_name(r->monitor.policy),
                           faults->str, o->max_steps, o->max_insns, m->img->path);
}

/* Why the run could not end normally, for one line on stderr, or NULL
 * (to free). */
static char *abnormal_end_text(const struct run *r, const struct machine *m)
{
    if (r->end == RUN_FAULT) {
        const struct core *c = &m->cores[r->fault_core];
        g_autofree char *where = image_name_addr(m->img, c->last_pc);
        return g_strdup_printf("%s: cpu%d at pc 0x%" G_GINT64_MODIFIER "x (%s): %s",
                               m->img->path, r->fault_core, c->last_pc, where, r->fault);
    }
    if (r->end == RUN_STEP_BUDGET || r->end == RUN_INSN_BUDGET)
        return g_strdup_printf("%s: the %s budget ran out (%" G_GUINT64_FORMAT " steps, %"
                               G_GUINT64_FORMAT " instructions): the program may never end "
                               "(raise --max-steps or --max-insns)", m->img->path,
                               r->end == RUN_STEP_BUDGET ? "step" : "instruction", r->steps,
                               r->insns);
    if (r->end == RUN_DEADLOCK)
        return g_strdup_printf("%s: no core can run", m->img->path);
    return NULL;
}

static void print_summary(const struct run *r, const struct machine *m, const char *result,
                          const char *reproduce)
{
    printf("atomsim: %s, %u cores, %" G_GUINT64_FORMAT " instructions, %" G_GUINT64_FORMAT
           " steps\n", m->cpu->name, m->ncores, r->insns, r->steps);
    for (unsigned i = 0; i < m->ncores; i++) {
        const struct core *c = &m->cores[i];
        printf("atomsim: cpu%u: %" G_GUINT64_FORMAT " instructions, %" G_GUINT64_FORMAT
               " steps, ", i, c->insns, c->steps);
        if (c->state == CORE_EXITED)
            printf("exit %d\n", c->exit_code);
        else
            printf("stopped at pc 0x%" G_GINT64_MODIFIER "x\n", c->pc);
    }
    printf("atomsim: result: %s\n", result);
    printf("atomsim: reproduce: %s\n", reproduce);
}

static gboolean write_record(const char *path, const struct machine *m, const char *schedule,
                             GError **error)
{
    g_autofree char *text = g_strdup_printf(
        "# atomsim schedule of %s on %u %s cores: replay with --sched replay:%s\n%s\n",
        m->img->path, m->ncores, m->cpu->name, path, schedule);
    return g_file_set_contents(path, text, -1, error);
}

/* After run r with strategy: the lock table, the summary, the line on
 * stderr, --json and --record.  The exit status. */
int report_run(const struct options *o, struct run *r, struct machine *m,
                      struct lockstat *locks, struct sched *strategy)
{
    g_autoptr(GError) error = NULL;
    g_autofree char *sched_options = sched_describe(strategy);
    g_autofree char *result = report_result(r);
    g_autofree char *reproduce = reproduce_text(r, m, o, strategy, sched_options);
    g_autofree char *abnormal = abnormal_end_text(r, m);
    int status = r->end == RUN_STOPPED ? EXIT_FINDING
                 : r->end != RUN_DONE  ? EXIT_GUEST
                 : r->findings         ? EXIT_FINDING
                                       : EXIT_CLEAN;
    lockstat_print(locks, stdout);
    print_summary(r, m, result, reproduce);
    if (abnormal)
        fprintf(stderr, "atomsim: %s\n", abnormal);
    fflush(stdout);
    if (o->json != NULL) {
        struct report_options ropt = { sched_options, (uint64_t)o->max_steps,
                                       (uint64_t)o->max_insns, reproduce, run_schedule(r),
                                       result, status, abnormal };
        if (!report_json_write(o->json, r, m, locks, &ropt, &error)) {
            fprintf(stderr, "atomsim: --json %s: %s\n", o->json, error->message);
            return EXIT_USAGE;
        }
    }
    if (o->timeline_view != NULL) {
        g_autofree char *base = g_path_get_basename(m->img->path);
        g_autofree char *title = g_strdup_printf("atomsim timeline: %s on %s, %u cores", base,
                                                 m->cpu->name, m->ncores);
        if (!timeline_write(o->timeline_view, o->timeline, title, result, reproduce, &error)) {
            fprintf(stderr, "atomsim: --timeline %s: %s\n", o->timeline, error->message);
            return EXIT_USAGE;
        }
    }
    /* A finding's schedule goes to --record FILE, or else next to the JSON
     * report, as FILE.schedule. */
    g_autofree char *record = o->record ? g_strdup(o->record)
                              : o->json && r->findings ? g_strdup_printf("%s.schedule", o->json)
                                                       : NULL;
    if (record != NULL && !write_record(record, m, run_schedule(r), &error)) {
        fprintf(stderr, "atomsim: --record %s: %s\n", record, error->message);
        return EXIT_USAGE;
    }
    return status;
}
