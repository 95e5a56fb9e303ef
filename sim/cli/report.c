/* report.c — see report.h. */
#include "config.h"
#include <stdio.h>
#include <string.h>

#include "base/error.h"
#include "report.h"
#include "detect/svcomp.h"
#include "report/litmus-export.h"
#include "report/timeline.h"
#include "detect/progress.h"
#include "report/report-json.h"
#include "report/witness.h"
#include "core/guest-abi.h"

static char *report_result_kept(const struct run *r);
char *report_result(const struct run *r)
{
    char *kept = report_result_kept(r);
    if (r->ignored == 0)
        return kept;
    const char *why = r->report_only == REPORT_REACH_ERROR ? "--only-reach-error"
                      : r->report_only == REPORT_CHECKS    ? "--only-checks"
                                                           : "--ignore";
    char *text = g_strdup_printf("%s (%u ignored: %s)", kept, r->ignored, why);
    g_free(kept);
    return text;
}

static char *report_result_kept(const struct run *r)
{
    unsigned n = findings_count(&r->found);
    switch (r->end) {
    case RUN_DONE:
        if (n == 0)
            return g_strdup("clean");
        return g_strdup_printf("%u finding%s", n, n == 1 ? "" : "s");
    case RUN_STOPPED:
        if (n == 0)
            return g_strdup("stopped: no progress");
        return g_strdup_printf("%u finding%s (stopped: no progress)", n, n == 1 ? "" : "s");
    case RUN_FAULT: return g_strdup("guest fault");
    case RUN_STEP_BUDGET: return g_strdup("step budget exhausted");
    case RUN_INSN_BUDGET: return g_strdup("instruction budget exhausted");
    case RUN_ASSUMED:
        if (n == 0)
            return g_strdup("an assumption failed (__VERIFIER_assume): the run ended quietly");
        return g_strdup_printf("%u finding%s (then an assumption failed)", n, n == 1 ? "" : "s");
    case RUN_NO_CORE: return g_strdup("too few cores");
    case RUN_TIME_LIMIT: return g_strdup("the search's time limit ran out");
    case RUN_UNFULFILLED:
        return g_strdup("no execution: a load read a value no write gave (the run ended quietly)");
    default: return g_strdup("deadlock");
    }
}

/* The options besides the schedule that change a run, as the command line
 * gives them (" --monitor address --fault strip-lock ..."; to free). */
static char *run_options_text(const struct run *r, const struct options *o,
                              const struct sched *strategy, const char *sched_options)
{
    GString *s = g_string_new(NULL);
    g_string_append_printf(s, " --monitor %s", monitor_policy_name(r->monitor.policy));
    g_string_append_printf(s, " --memory %s", memory_model_name(r->memory));
    if (o->no_inject)
        g_string_append(s, " --no-inject");
    for (char **f = o->faults; f && *f; f++)
        g_string_append_printf(s, " --fault %s", *f);
    for (char **v = o->ignore; v && *v; v++)
        g_string_append_printf(s, " --ignore %s", *v);
    if (o->only_reach_error)
        g_string_append(s, " --only-reach-error");
    else if (o->only_checks)
        g_string_append(s, " --only-checks");
    /* the seed draws the faults and injection's switches, which a fixed
     * schedule does not make */
    bool injected = !o->no_inject && !sched_fixed(strategy);
    if ((o->faults || injected || r->nondet_used) && strstr(sched_options, "--seed ") == NULL)
        g_string_append_printf(s, " --seed %" G_GINT64_FORMAT, o->seed);
    if (o->lock_table_size)
        g_string_append_printf(s, " --lock-table-size %d", o->lock_table_size);
    if (o->spin_limit != DEFAULT_SPIN_LIMIT)
        g_string_append_printf(s, " --spin-limit %" G_GINT64_FORMAT, o->spin_limit);
    if (o->sc_fail_limit != DEFAULT_SC_FAIL_LIMIT)
        g_string_append_printf(s, " --sc-fail-limit %" G_GINT64_FORMAT, o->sc_fail_limit);
    g_string_append_printf(s, " --max-steps %" G_GINT64_FORMAT " --max-insns %" G_GINT64_FORMAT,
                           o->max_steps, o->max_insns);
    return g_string_free(s, FALSE);
}

/* The command line that gives this run again (to free). */
static char *reproduce_text(const struct run *r, const struct machine *m,
                            const struct options *o, const struct sched *strategy,
                            const char *sched_options)
{
    g_autofree char *rest = run_options_text(r, o, strategy, sched_options);
    return g_strdup_printf("atomsim --cpu %s --cores %u %s%s %s", m->cpu->name, m->ncores,
                           sched_options, rest, m->img->path);
}

/* How the strategy made the run, as options: its own; but a hunt's run
 * that read a write still to come (run_options.predict_reads) is given
 * again alone only by its schedule (and its seed, which draws the rest). */
static char *sched_options_of(const struct run *r, const struct sched *strategy)
{
    if (!r->predicted || sched_fixed(strategy))
        return sched_describe(strategy);
    g_autofree char *turns = sched_turns_text(r->turns);
    return g_strdup_printf("--schedule %s --seed %" G_GINT64_FORMAT, turns,
                           (gint64)r->nondet_seed);
}

char *report_reproduce(const struct options *o, const struct run *r,
                       const struct sched *strategy)
{
    g_autofree char *sched_options = sched_options_of(r, strategy);
    return reproduce_text(r, r->m, o, strategy, sched_options);
}

/* Why the run could not end normally, for one line on stderr, or NULL
 * (to free). */
static char *abnormal_end_text(const struct run *r, const struct machine *m)
{
    if (r->end == RUN_FAULT) {
        const struct core *c = &m->cores[r->fault_core];
        g_autofree char *where = image_name_pc(m->img, c->last_pc);
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
    if (r->end == RUN_NO_CORE) {
        g_autofree char *where = image_name_return(m->img, r->no_core_pc);
        return g_strdup_printf("%s: cpu%d at pc 0x%" G_GINT64_MODIFIER "x (%s): pthread_create: "
                               "no core is left for another thread (each runs on a core of its "
                               "own): run it with --cores %u or more", m->img->path,
                               r->fault_core, r->no_core_pc, where, r->cores_needed);
    }
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
        else if (guest_core_idle(c))
            printf("idle: no thread ran on it\n");
        else if (c->state == CORE_WAITING)
            printf("waiting at pc 0x%" G_GINT64_MODIFIER "x\n", c->pc);
        else if (c->state == CORE_AWAITS_WRITE)
            printf("waiting at pc 0x%" G_GINT64_MODIFIER "x for the write its load read\n",
                   c->pc);
        else
            printf("stopped at pc 0x%" G_GINT64_MODIFIER "x\n", c->pc);
    }
    printf("atomsim: result: %s\n", result);
    printf("atomsim: reproduce: %s\n", reproduce);
}

gboolean report_write_schedule(const char *path, const struct machine *m,
                               const char *schedule, GError **error)
{
    g_autofree char *text = g_strdup_printf(
        "# atomsim schedule of %s on %u %s cores: replay with --sched replay:%s\n%s\n",
        m->img->path, m->ncores, m->cpu->name, path, schedule);
    return g_file_set_contents(path, text, -1, error);
}

/* What a report says of a run, and its exit status. */
struct run_texts {
    char *sched_options, *result, *reproduce, *abnormal;
    int status;
};

static void run_texts_init(struct run_texts *t, const struct options *o, const struct run *r,
                           const struct machine *m, const struct sched *strategy)
{
    t->sched_options = sched_options_of(r, strategy);
    t->result = report_result(r);
    t->reproduce = reproduce_text(r, m, o, strategy, t->sched_options);
    t->abnormal = abnormal_end_text(r, m);
    t->status = r->end == RUN_STOPPED ? (findings_count(&r->found) ? EXIT_FINDING : EXIT_CLEAN)
                : r->end == RUN_NO_CORE ? EXIT_USAGE
                : r->end != RUN_DONE && r->end != RUN_ASSUMED && r->end != RUN_UNFULFILLED
                    ? EXIT_GUEST
                : findings_count(&r->found) ? EXIT_FINDING
                                      : EXIT_CLEAN;
}

static void run_texts_clear(struct run_texts *t)
{
    g_free(t->sched_options);
    g_free(t->result);
    g_free(t->reproduce);
    g_free(t->abnormal);
}

/* --svcomp: the violation witness of a run that reached the error function
 * (reach_error(), or an older task's __VERIFIER_error()).
 * EXIT_USAGE (error set) if it cannot be written. */
static int write_witness(const struct options *o, const struct run *r,
                         const struct run_texts *t, GError **error)
{
    for (unsigned i = 0; i < findings_count(&r->found); i++) {
        const struct finding *f = findings_at(&r->found, i);
        if (!f->reach_error)
            continue;
        g_autofree char *specification = g_strdup_printf(
            "G ! call(%s())", svcomp_error_function(r->m->img)->name);
        struct witness w = { .input = o->svcomp_input, .specification = specification,
                             .data_model = r->m->cpu->word_size == 8 ? "LP64" : "ILP32",
                             .version = PACKAGE_VERSION, .call = f->pc,
                             .reproduce = t->reproduce };
        return witness_write(o->witness, r->m->img, &w, error) ? EXIT_CLEAN : EXIT_USAGE;
    }
    return EXIT_CLEAN;
}

/* --json, --timeline and --record for run r; search: the search the run
 * was part of, or NULL.  EXIT_USAGE if a file cannot be
 * written, else status. */
static int write_files(const struct options *o, struct run *r, struct lockstat *locks,
                       const struct run_texts *t, const struct report_search *search)
{
    const struct machine *m = r->m;
    g_autoptr(GError) error = NULL;
    if (o->json != NULL) {
        struct report_options ropt = {
            .sched = t->sched_options, .max_steps = (uint64_t)o->max_steps,
            .max_insns = (uint64_t)o->max_insns, .reproduce = t->reproduce,
            .schedule = run_schedule(r), .result = t->result, .exit_status = t->status,
            .fault = t->abnormal, .search = search,
            .lock_table_size = (unsigned)o->lock_table_size,
            .spin_limit = (uint64_t)o->spin_limit, .sc_fail_limit = (uint64_t)o->sc_fail_limit,
            .faults = (const char *const *)o->faults, .inject = !o->no_inject,
            .monitor = r->monitor.policy, .memory = r->memory, .steps = r->steps,
            .insns = r->insns,
            .findings = &r->found, .reads = o->json_reads,
        };
        if (!report_json_write(o->json, m, locks, &ropt, &error)) {
            fprintf(stderr, "atomsim: --json %s: %s\n", o->json, error->message);
            return EXIT_USAGE;
        }
    }
    if (o->timeline_view != NULL) {
        g_autofree char *base = g_path_get_basename(m->img->path);
        g_autofree char *title = g_strdup_printf("atomsim timeline: %s on %s, %u cores", base,
                                                 m->cpu->name, m->ncores);
        g_autofree char *result = search ? g_strdup_printf("%s (%s)", t->result,
                                                           search->summary)
                                         : g_strdup(t->result);
        if (!timeline_write(o->timeline_view, o->timeline, title, result, t->reproduce,
                            &error)) {
            fprintf(stderr, "atomsim: --timeline %s: %s\n", o->timeline, error->message);
            return EXIT_USAGE;
        }
    }
    if (o->export_view != NULL &&
        !litmus_export_write(o->export_view, &r->found, o->export_litmus, &error)) {
        fprintf(stderr, "atomsim: --export-litmus %s: %s\n", o->export_litmus, error->message);
        return EXIT_USAGE;
    }
    if (o->svcomp != NULL && write_witness(o, r, t, &error) == EXIT_USAGE) {
        fprintf(stderr, "atomsim: --witness %s: %s\n", o->witness, error->message);
        return EXIT_USAGE;
    }
    /* A finding's schedule goes to --record FILE, or else next to the JSON
     * report, as FILE.schedule. */
    g_autofree char *record = o->record ? g_strdup(o->record)
                              : o->json && findings_count(&r->found)
                                  ? g_strdup_printf("%s.schedule", o->json)
                                                       : NULL;
    if (record != NULL && !report_write_schedule(record, m, run_schedule(r), &error)) {
        fprintf(stderr, "atomsim: --record %s: %s\n", record, error->message);
        return EXIT_USAGE;
    }
    return t->status;
}

int report_run(const struct options *o, struct run *r, struct lockstat *locks,
               struct sched *strategy, const struct report_search *search)
{
    struct run_texts t;
    run_texts_init(&t, o, r, r->m, strategy);
    lockstat_print(locks, stdout);
    print_summary(r, r->m, t.result, t.reproduce);
    if (t.abnormal)
        fprintf(stderr, "atomsim: %s\n", t.abnormal);
    fflush(stdout);
    int status = write_files(o, r, locks, &t, search);
    run_texts_clear(&t);
    return status;
}

int report_files(const struct options *o, struct run *r, struct lockstat *locks,
                 struct sched *strategy, const struct report_search *search)
{
    struct run_texts t;
    run_texts_init(&t, o, r, r->m, strategy);
    int status = write_files(o, r, locks, &t, search);
    run_texts_clear(&t);
    return status;
}

bool report_wanted(const struct options *o)
{
    return o->json != NULL || o->timeline_view != NULL || o->record != NULL ||
           o->export_view != NULL;
}
