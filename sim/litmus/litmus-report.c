/* litmus-report.c — see litmus-report.h. */
#include <string.h>

#include "base/error.h"
#include "core/run.h"
#include "detect/lockstat.h"
#include "litmus-report.h"
#include "report/timeline.h"

enum litmus_judgement litmus_judge(const struct litmus_test *t, const char *cpu,
                                   const struct litmus_outcome *out, const char **expected,
                                   const char **why)
{
    const char *reason = NULL;
    *expected = litmus_expected_on(t, cpu, &reason);
    bool from_result = *expected != NULL && *expected == t->expected;
    *why = from_result ? "Result" : reason ? reason : "";
    if (*expected == NULL)
        return LITMUS_NO_EXPECTATION;
    const char *seen = litmus_observation(out);
    if (strcmp(seen, *expected) == 0)
        return LITMUS_AS_EXPECTED;
    /* a cpu may be stronger than the kernel's model */
    bool c = strcmp(t->arch, "C") == 0;
    if (from_result && c && strcmp(*expected, "Sometimes") == 0)
        return LITMUS_AS_EXPECTED;
    return LITMUS_NOT_AS_EXPECTED;
}

static const char *test_kind(enum litmus_quantifier q)
{
    return q == LITMUS_EXISTS ? "Allowed" : q == LITMUS_NOT_EXISTS ? "Forbidden" : "Required";
}

/* herd7's Ok or No: does the condition, with its quantifier, hold? */
static bool validated(const struct litmus_test *t, const struct litmus_outcome *out)
{
    switch (t->quantifier) {
    case LITMUS_EXISTS: return out->positive > 0;
    case LITMUS_NOT_EXISTS: return out->positive == 0;
    default: return out->negative == 0;
    }
}

void litmus_print(FILE *f, const struct litmus_test *t, const char *cpu, const char *model,
                  const struct litmus_outcome *out)
{
    fprintf(f, "Test %s %s\nStates %u\n", t->name, test_kind(t->quantifier), out->states->len);
    for (guint i = 0; i < out->states->len; i++) {
        const struct litmus_state *s = g_ptr_array_index(out->states, i);
        fprintf(f, "%-6u%s>", s->count, s->satisfies ? "*" : ":");
        for (guint k = 0; k < out->observables->len; k++) {
            const struct litmus_observable *o = g_ptr_array_index(out->observables, k);
            if (o->thread >= 0)
                fprintf(f, "%d:", o->thread);
            const char *addr = o->thread >= 0 && out->addresses
                                   ? g_hash_table_lookup(out->addresses, &s->values[k]) : NULL;
            if (addr != NULL)
                fprintf(f, "%s=%s;", o->name, addr);
            else
                fprintf(f, "%s=%" G_GINT64_FORMAT ";", o->name, s->values[k]);
            if (k + 1 < out->observables->len)
                fputc(' ', f);
        }
        fputc('\n', f);
    }
    g_autofree char *condition = litmus_condition_text(t);
    fprintf(f, "%s\nWitnesses\nPositive: %u Negative: %u\nCondition %s\n"
               "Observation %s %s %u %u\nTime %s %.2f\n",
            validated(t, out) ? "Ok" : "No", out->positive, out->negative, condition, t->name,
            litmus_observation(out), out->positive, out->negative, t->name, out->seconds);
    fprintf(f, "Cpu %s, memory %s: %u executions, %s (%u schedules run)", cpu, model,
            out->positive + out->negative + out->filtered,
            out->exhausted ? "every one" : "NOT every one: a budget stopped the search",
            out->runs);
    if (out->filtered > 0)
        fprintf(f, ", %u left out by the filter", out->filtered);
    if (out->out_of_budget > 0)
        fprintf(f, "; %u did not end within the step budget (not counted)", out->out_of_budget);
    fputc('\n', f);
    const char *expected, *reason;
    enum litmus_judgement j = litmus_judge(t, cpu, out, &expected, &reason);
    /* the reason as written, in parentheses once */
    g_autofree char *why = g_strdup(reason ? reason : "");
    size_t n = strlen(g_strstrip(why));
    if (n >= 2 && why[0] == '(' && why[n - 1] == ')') {
        why[n - 1] = '\0';
        memmove(why, why + 1, n - 1);
    }
    switch (j) {
    case LITMUS_NO_EXPECTATION:
        break;
    case LITMUS_AS_EXPECTED:
        fprintf(f, "Expected %s (%s): as expected\n", expected, why);
        break;
    case LITMUS_NOT_AS_EXPECTED:
        fprintf(f, "Expected %s (%s): NOT as expected\n", expected, why);
        break;
    }
}

bool litmus_timeline(const struct litmus_test *t, const char *elf, const struct cpu_ops *cpu,
                     enum memory_model memory, const char *schedule, const char *path,
                     GError **error)
{
    g_autoptr(image) img = image_load(elf, error);
    if (img == NULL)
        return false;
    g_autoptr(machine) m = machine_new(cpu, img, t->threads->len, error);
    g_autoptr(run) r = m ? run_new(m, error) : NULL;
    g_autoptr(sched) s = r ? sched_new_pinned(schedule, t->threads->len, error) : NULL;
    if (s == NULL)
        return false;
    struct lockstat *locks = lockstat_new(m);
    g_autoptr(timeline) view = timeline_new(m, locks);
    struct event_sink sinks[] = { timeline_sink(view), lockstat_sink(locks) };
    struct run_options ro = { .max_steps = 1000000, .max_insns = 100000000,
                              .memory = memory, .sinks = sinks, .nsinks = 2,
                              .report_only = REPORT_CHECKS };
    run_program(r, s, &ro);
    g_autofree char *title = g_strdup_printf("atomsim litmus: %s on %s (%s), a witness of %s",
                                             t->name, cpu->name, memory_model_name(memory),
                                             t->file);
    g_autofree char *condition = litmus_condition_text(t);
    g_autofree char *result = g_strdup_printf("a witness of %s", condition);
    g_autofree char *reproduce = g_strdup_printf(
        "atomsim --cpu %s --cores %u --memory %s --schedule %s %s", cpu->name,
        t->threads->len, memory_model_name(memory), schedule, elf);
    bool ok = timeline_write(view, path, title, result, reproduce, error);
    run_clear(r);
    lockstat_free(locks);
    return ok;
}
