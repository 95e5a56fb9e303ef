/* step-screen.c — see step-screen.h. */
#include <stdio.h>
#include <string.h>

#include "sched/scheduler.h"
#include "core/guest-abi.h"
#include "step-screen.h"
#include "trace.h"

#define LABEL_WIDTH 9
#define COLUMN_MIN 22
#define COLUMN_MAX 44
#define VARIABLES_SHOWN 16
#define LAST_STEPS 6
#define OUTPUT_LINES 6
#define SCHEDULE_SHOWN 64       /* characters of it: its end */

/* text cut to room columns (its end an ellipsis), into out; the columns
 * it takes. */
static glong append_fitted(GString *out, const char *text, glong room)
{
    glong n = g_utf8_strlen(text, -1);
    if (n <= room) {
        g_string_append(out, text);
        return n;
    }
    g_autofree char *head = g_utf8_substring(text, 0, room - 1);
    g_string_append(out, head);
    g_string_append(out, "\u2026");      /* … */
    return room;
}

/* A row: its label, then a cell per core in a column w wide (the core's
 * colour on the header row). */
static void add_row(GString *out, const struct step_screen *v, const char *label,
                    char *const *cells, unsigned w, bool header)
{
    g_string_append_printf(out, "%-*s", LABEL_WIDTH, label);
    unsigned n = v->r->m->ncores;
    for (unsigned i = 0; i < n; i++) {
        bool colour = header && v->colour;
        if (colour)
            trace_colour_core(out, i);
        glong used = append_fitted(out, cells[i] ? cells[i] : "", (glong)w - 1);
        if (colour)
            g_string_append(out, TRACE_RESET);
        if (i + 1 < n)
            g_string_append_printf(out, "%*s", (int)((glong)w - used), "");
    }
    /* no blanks at the end of a line */
    while (out->len > 0 && out->str[out->len - 1] == ' ')
        g_string_truncate(out, out->len - 1);
    g_string_append_c(out, '\n');
}

/* A value as the trace writes it (to free). */
static char *value_text(uint64_t v, unsigned size)
{
    GString *s = g_string_new(NULL);
    trace_append_value(s, v, size);
    return g_string_free(s, FALSE);
}

static char *header_text(const struct step_screen *v, unsigned core)
{
    (void)v;
    return g_strdup_printf("cpu%u", core);
}

static char *state_text(const struct step_screen *v, unsigned core)
{
    const struct run *r = v->r;
    const struct core *c = &r->m->cores[core];
    g_autofree char *what = NULL;
    switch (c->state) {
    case CORE_RUNNING: what = g_strdup("runs"); break;
    case CORE_AT_BARRIER: what = g_strdup("waits at a barrier"); break;
    case CORE_WAITING:
        what = guest_describe_wait(r->m, c);
        break;
    case CORE_EXITED: what = g_strdup_printf("ended, exit %d", c->exit_code); break;
    case CORE_AWAITS_WRITE: what = g_strdup("waits for the write its load read"); break;
    case CORE_SPINS: what = g_strdup("loops: waits for a write to what it reads"); break;
    }
    return g_strdup_printf("%s, %" G_GUINT64_FORMAT " step%s", what, c->steps,
                           c->steps == 1 ? "" : "s");
}

/* Where a core that has not ended is, and its next instruction. */
static char *at_text(const struct step_screen *v, unsigned core)
{
    const struct machine *m = v->r->m;
    const struct core *c = &m->cores[core];
    return c->state == CORE_EXITED ? NULL : image_name_pc(m->img, c->pc);
}

static char *next_text(const struct step_screen *v, unsigned core)
{
    struct machine *m = v->r->m;
    char text[96];
    if (m->cores[core].state == CORE_EXITED)
        return NULL;
    codemap_disassemble(&m->code, m->cores[core].pc, text, sizeof text);
    return g_strdup(text);
}

/* The step the core's next instruction would make: its kind and where. */
static char *makes_text(const struct step_screen *v, unsigned core)
{
    struct run *r = v->r;
    if (r->m->cores[core].state == CORE_EXITED)
        return NULL;
    const struct insn_info *ii;
    uint64_t addr;
    run_next_access(r, core, &ii, &addr);
    bool plain = ii->kind == INSN_LOAD || ii->kind == INSN_STORE;
    if (ii->kind == INSN_PRIVATE || (plain && !machine_is_shared(r->m, &r->m->cores[core], addr)))
        return g_strdup("no step here: it runs on to one");
    if (ii->size == 0)
        return g_strdup(kind_name(ii->kind));
    g_autofree char *name = image_name_addr(r->m->img, addr);
    return g_strdup_printf("%s %s", kind_name(ii->kind), name);
}

/* An event in a few words: "3 STORE counter 41 -> 42 (buffered)". */
static char *event_text(const struct machine *m, const struct event *e)
{
    GString *s = g_string_new(NULL);
    g_string_append_printf(s, "%" G_GUINT64_FORMAT " ", e->step);
    g_string_append(s, (e->flags & EVENT_DRAINED) ? "DRAIN" : kind_name(e->kind));
    if (event_has_addr(e)) {
        g_autofree char *name = image_name_addr(m->img, e->addr);
        g_string_append_printf(s, " %s", name);
    }
    g_autoptr(GString) outcome = g_string_new(NULL);
    trace_format_outcome(m, e, outcome);
    if (outcome->len > 0)
        g_string_append_printf(s, " %s", outcome->str);
    if (e->flags & EVENT_BUFFERED)
        g_string_append(s, " (buffered)");
    if (e->flags & EVENT_DIVERGED)
        g_string_append(s, " (ABA)");
    return g_string_free(s, FALSE);
}

static char *last_step_text(const struct step_screen *v, unsigned core)
{
    for (guint i = v->events->len; i-- > 0;) {
        const struct event *e = &g_array_index(v->events, struct event, i);
        if (e->core == core)
            return event_text(v->r->m, e);
    }
    return g_strdup("none yet");
}

static char *reservation_text(const struct step_screen *v, unsigned core)
{
    const struct run *r = v->r;
    const struct reservation *res = &r->monitor.res[core];
    if (!res->valid)
        return g_strdup("none");
    g_autofree char *name = image_name_addr(r->m->img, res->addr);
    g_autofree char *value = value_text(res->value, res->size);
    return g_strdup_printf("%s (read %s)%s", name, value,
                           res->written ? ", written since" : "");
}

static char *buffer_text(const struct step_screen *v, unsigned core)
{
    const struct run *r = v->r;
    const struct store_buffer *b = &r->sb.core[core];
    if (b->count == 0)
        return g_strdup("empty");
    GString *s = g_string_new(NULL);
    for (unsigned k = 0; k < b->count; k++) {
        const struct buffered_store *st = &b->entry[k];
        g_autofree char *name = image_name_addr(r->m->img, st->issue.addr);
        g_autofree char *value =
            value_text(machine_decode(r->m, st->bytes, st->issue.size), st->issue.size);
        g_string_append_printf(s, "%s%s=%s", k ? ", " : "", name, value);
    }
    return g_string_free(s, FALSE);
}

/* The rows of the cores' columns: a label and what a cell holds (to free;
 * NULL for nothing). */
static const struct {
    const char *label;
    char *(*cell)(const struct step_screen *v, unsigned core);
} rows[] = {
    { "", header_text },        { "state", state_text },
    { "at", at_text },          { "next", next_text },
    { "makes", makes_text },    { "last", last_step_text },
    { "reserved", reservation_text }, { "buffer", buffer_text },
};

/* Does the row show anything on this cpu and memory model: a reservation
 * where there is an exclusive monitor, a buffer where stores wait? */
static bool row_shown(const struct step_screen *v, const char *label)
{
    if (strcmp(label, "reserved") == 0)
        return v->r->m->cpu->exclusive_granule > 0;
    if (strcmp(label, "buffer") == 0)
        return v->r->model->buffers;
    return true;
}

static void add_cores(GString *out, const struct step_screen *v, unsigned w)
{
    unsigned n = v->r->m->ncores;
    for (unsigned k = 0; k < G_N_ELEMENTS(rows); k++) {
        if (!row_shown(v, rows[k].label))
            continue;
        char *cells[ATOMSIM_MAX_CORES] = { 0 };
        for (unsigned i = 0; i < n; i++)
            cells[i] = rows[k].cell(v, i);
        add_row(out, v, rows[k].label, cells, w, k == 0);
        for (unsigned i = 0; i < n; i++)
            g_free(cells[i]);
    }
}

/* An address the run touched, and how wide. */
struct touched {
    uint64_t addr;
    unsigned size;
};

static gint by_address(gconstpointer a, gconstpointer b)
{
    const struct touched *x = a, *y = b;
    return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* The shared locations the run's steps accessed, by address, each once. */
static GArray *touched_locations(const GArray *events)
{
    GArray *all = g_array_new(FALSE, FALSE, sizeof(struct touched));
    for (guint i = 0; i < events->len; i++) {
        const struct event *e = &g_array_index(events, struct event, i);
        if (event_has_addr(e))
            g_array_append_val(all, ((struct touched){ e->addr, MIN(e->size, 8u) }));
    }
    g_array_sort(all, by_address);
    guint kept = 0;
    for (guint i = 0; i < all->len; i++) {
        struct touched *t = &g_array_index(all, struct touched, i);
        if (kept > 0 && g_array_index(all, struct touched, kept - 1).addr == t->addr)
            continue;
        g_array_index(all, struct touched, kept++) = *t;
    }
    g_array_set_size(all, kept);
    return all;
}

/* Each location with the value every core sees; a lock with its holder. */
static void add_variables(GString *out, const struct step_screen *v)
{
    struct machine *m = v->r->m;
    g_autoptr(GArray) seen = touched_locations(v->events);
    g_string_append(out, "\nshared memory (what every core sees)\n");
    if (seen->len == 0)
        g_string_append(out, "  nothing touched yet\n");
    for (guint i = 0; i < seen->len && i < VARIABLES_SHOWN; i++) {
        const struct touched *t = &g_array_index(seen, struct touched, i);
        g_autofree char *name = lockstat_name_at(v->locks, t->addr);
        g_autofree char *value = value_text(machine_read(m, t->addr, t->size), t->size);
        int holder = lockstat_holder(v->locks, t->addr);
        bool lock = lockstat_sure(v->locks, t->addr);
        g_autofree char *note = !lock       ? g_strdup("")
                                : holder >= 0 ? g_strdup_printf("  lock, held by cpu%d", holder)
                                              : g_strdup("  lock, free");
        g_string_append_printf(out, "  %-28s %s%s\n", name, value, note);
    }
    if (seen->len > VARIABLES_SHOWN)
        g_string_append_printf(out, "  ... and %u more\n", seen->len - VARIABLES_SHOWN);
}

/* The last steps, as --trace prints them. */
static void add_last_steps(GString *out, const struct step_screen *v)
{
    if (v->events->len == 0)
        return;
    g_string_append(out, "\nlast steps\n");
    guint from = v->events->len > LAST_STEPS ? v->events->len - LAST_STEPS : 0;
    g_autofree char *text = trace_events_text(v->r->m, &g_array_index(v->events, struct event, from),
                                              v->events->len - from, v->colour);
    g_string_append(out, text);
}

/* The last lines the run printed. */
static void add_output(GString *out, const struct step_screen *v)
{
    if (v->output == NULL || v->output[0] == '\0')
        return;
    g_auto(GStrv) lines = g_strsplit(v->output, "\n", -1);
    guint n = g_strv_length(lines);
    if (n > 0 && lines[n - 1][0] == '\0')
        n--;
    g_string_append(out, "\noutput\n");
    for (guint i = n > OUTPUT_LINES ? n - OUTPUT_LINES : 0; i < n; i++)
        g_string_append_printf(out, "  %s\n", lines[i]);
}

/* How the run ended, if not by the stepper: NULL (to free). */
static char *end_text(const struct run *r)
{
    const struct core *c = &r->m->cores[r->fault_core];
    g_autofree char *where = image_name_pc(r->m->img, c->last_pc);
    switch (r->end) {
    case RUN_DONE: return g_strdup("every core has ended");
    case RUN_FAULT:
        return g_strdup_printf("cpu%d faulted at pc 0x%" G_GINT64_MODIFIER "x (%s): %s",
                               r->fault_core, c->last_pc, where, r->fault);
    case RUN_STEP_BUDGET:
        return g_strdup_printf("the step budget ran out (%" G_GUINT64_FORMAT " steps)", r->steps);
    case RUN_INSN_BUDGET:
        return g_strdup_printf("the instruction budget ran out (%" G_GUINT64_FORMAT
                               " instructions)", r->insns);
    case RUN_DEADLOCK:
    case RUN_STOPPED: return g_strdup("no core can go on");
    case RUN_NO_CORE:
        return g_strdup_printf("cpu%d's pthread_create found no core left: run it with --cores "
                               "%u or more", r->fault_core, r->cores_needed);
    case RUN_ASSUMED: return g_strdup("an assumption was false (__VERIFIER_assume)");
    case RUN_UNFULFILLED:
        return g_strdup("no execution: a load read a value no write gave");
    case RUN_CUT:
    case RUN_TIME_LIMIT: return NULL;
    }
    return NULL;
}

char *step_screen_text(const struct step_screen *v)
{
    struct run *r = v->r;
    GString *out = g_string_new(NULL);
    g_autofree char *schedule = sched_turns_text(v->turns);
    unsigned found = findings_count(&r->found);
    size_t len = strlen(schedule);
    const char *shown = len <= SCHEDULE_SHOWN ? schedule : strchr(schedule + len - SCHEDULE_SHOWN, ',');
    g_string_append_printf(out, "%s\nstep %" G_GUINT64_FORMAT " \u00b7 schedule %s%s \u00b7 ",
                           v->title, r->steps, shown != schedule ? "\u2026" : "",
                           schedule[0] ? shown : "(none yet)");
    if (found == 0)
        g_string_append(out, "no finding");
    else
        g_string_append_printf(out, "%u finding%s", found, found == 1 ? "" : "s");
    g_autofree char *end = end_text(r);
    if (end != NULL)
        g_string_append_printf(out, " \u00b7 the run is over: %s", end);
    g_string_append(out, "\n\n");
    unsigned w = (v->width > LABEL_WIDTH ? v->width - LABEL_WIDTH : 0) / r->m->ncores;
    add_cores(out, v, CLAMP(w, COLUMN_MIN, COLUMN_MAX));
    add_variables(out, v);
    add_last_steps(out, v);
    add_output(out, v);
    if (v->message != NULL)
        g_string_append_printf(out, "\n%s\n", v->message);
    return g_string_free(out, FALSE);
}
