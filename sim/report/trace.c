/* trace.c — see trace.h. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "core/guest-abi.h"
#include "trace.h"

#define LANES_MAX 16             /* cores shown as lanes; more: the cpu column alone */
#define INSN_WIDTH 36

struct trace {
    FILE *out;
    struct machine *m;
    GHashTable *text;           /* pc -> instruction text */
    bool header_done;
    bool colour;                /* a terminal: each core in its colour */
    int last_core;              /* the core that ran the last event, or -1 */
};

/* ANSI 256-colour foregrounds for cores 0, 1, 2 ... (then again) */
static const int core_colours[] = { 33, 208, 35, 170, 178, 37 };
#define RED TRACE_RED
#define BOLD TRACE_BOLD
#define RESET TRACE_RESET

struct trace *trace_new(FILE *out, struct machine *m)
{
    struct trace *t = g_new0(struct trace, 1);
    t->out = out;
    t->m = m;
    t->text = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, g_free);
    t->colour = trace_colour_wanted(out);
    t->last_core = -1;
    return t;
}

bool trace_colour_wanted(FILE *out)
{
    const char *term = g_getenv("TERM");
    return isatty(fileno(out)) && g_getenv("NO_COLOR") == NULL &&
           (term == NULL || strcmp(term, "dumb") != 0);
}

void trace_colour_core(GString *s, unsigned core)
{
    g_string_append_printf(s, "\033[38;5;%dm", core_colours[core % G_N_ELEMENTS(core_colours)]);
}

char *trace_events_text(struct machine *m, const struct event *events, unsigned n, bool colour)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (f == NULL)
        return g_strdup("");
    g_autoptr(trace) t = trace_new(f, m);
    t->colour = colour;
    for (unsigned i = 0; i < n; i++)
        trace_event(t, &events[i]);
    fclose(f);
    g_autofree char *ours = g_strdup(text);     /* GLib's to free, not libc's */
    free(text);
    return g_steal_pointer(&ours);
}

void trace_free(struct trace *t)
{
    if (t == NULL)
        return;
    g_hash_table_unref(t->text);
    g_free(t);
}

static const char *instruction_text(struct trace *t, uint64_t pc)
{
    const char *text = g_hash_table_lookup(t->text, &pc);
    if (text == NULL) {
        char buf[96];
        codemap_disassemble(&t->m->code, pc, buf, sizeof buf);
        gint64 *key = g_new(gint64, 1);
        *key = (gint64)pc;
        text = g_strdup(buf);
        g_hash_table_insert(t->text, key, (char *)text);
    }
    return text;
}

void trace_append_value(GString *s, uint64_t v, unsigned size)
{
    if (size <= 4)
        g_string_append_printf(s, "%" G_GUINT64_FORMAT, v & value_mask(size));
    else
        g_string_append_printf(s, "0x%" G_GINT64_MODIFIER "x", v);
}

void trace_format_outcome(const struct machine *m, const struct event *e, GString *s)
{
    switch (e->kind) {
    case EVENT_LOAD:
    case EVENT_LL:
        g_string_append(s, "read ");
        trace_append_value(s, e->old_value, e->size);
        break;
    case EVENT_STORE:
    case EVENT_RMW:
    case EVENT_SC:
        trace_append_value(s, e->old_value, e->size);
        if (event_failed(e)) {
            g_string_append(s, " unchanged");
        } else {
            g_string_append(s, " -> ");
            trace_append_value(s, e->new_value, e->size);
        }
        break;
    case EVENT_TRAP: {
        const char *name = guest_call_name(m->cpu, e->old_value);
        if (name)
            g_string_append(s, name);
        else
            g_string_append_printf(s, "system call %" G_GUINT64_FORMAT, e->old_value);
        if (guest_call_draws(m->cpu, e->old_value) != DRAW_NONE)
            g_string_append_printf(s, " -> %" G_GUINT64_FORMAT, e->new_value);
        return;
    }
    default:
        return;
    }
    if (e->size > 8)
        g_string_append(s, " (first 8 bytes)");
    if (e->flags & EVENT_HAS_SUCCESS)
        g_string_append(s, e->flags & EVENT_SUCCESS ? " ok" : " failed");
}

void trace_format_values(const struct machine *m, const struct event *e, GString *s)
{
    trace_format_outcome(m, e, s);
    if (!event_has_addr(e))
        return;                 /* a fence, a clrex, a trap: no notes */
    if (e->flags & EVENT_DIVERGED)
        g_string_append(s, " (another core wrote the granule: the value monitor's ABA hole)");
    if (e->flags & EVENT_SPLIT)
        g_string_append(s, e->kind == EVENT_LOAD ? " (load half of a non-atomic RMW)"
                                                 : " (store half of a non-atomic RMW)");
    if (e->flags & EVENT_STALE)
        g_string_append(s, ", stale: another core wrote it after the load half");
    if (e->flags & EVENT_BUFFERED)
        g_string_append(s, " (into its store buffer: the other cores do not see it yet)");
    if (e->flags & EVENT_DRAINED)
        g_string_append(s, " (drained from its store buffer: every core sees it now)");
    if (e->flags & EVENT_FORWARDED)
        g_string_append(s, " (from its own store buffer)");
    if (e->flags & EVENT_UNSEEN)
        g_string_append(s, " (another core's newer store to it still waits in its store buffer)");
    if (e->predicted)
        g_string_append(s, " (from a write still to come: another core must write it before "
                           "anything that depends on this load runs; load buffering)");
    if (e->older > 0 && e->from_core != EVENT_UNSEEN_WRITER)
        g_string_append_printf(s, " (cpu%u's write at step %u, older than %u newer %s visible, "
                               "which cpu%u's views did not yet require)", e->from_core,
                               e->from_step, e->newer, e->newer == 1 ? "one" : "ones", e->core);
    else if (e->older > 0)
        g_string_append_printf(s, " (an older write: %u newer %s visible, which cpu%u's views "
                               "did not yet require)", e->newer, e->newer == 1 ? "was" : "were",
                               e->core);
}

static void start_colour(const struct trace *t, GString *s, unsigned core)
{
    if (t->colour)
        trace_colour_core(s, core);
}

static void end_colour(const struct trace *t, GString *s)
{
    if (t->colour)
        g_string_append(s, RESET);
}

/* One column per core: the core that takes the step, the others that are
 * still running, and nothing for those that ended. */
static void append_lanes(const struct trace *t, const struct event *e, GString *s)
{
    for (unsigned i = 0; i < t->m->ncores; i++) {
        if (i == e->core) {
            start_colour(t, s, i);
            g_string_append(s, "\u25cf");        /* ● */
            end_colour(t, s);
        } else {
            g_string_append(s, t->m->cores[i].state == CORE_EXITED ? " " : "\u2502"); /* │ */
        }
    }
}

static bool alarming(const struct event *e)
{
    return (e->flags & (EVENT_STALE | EVENT_DIVERGED)) || event_failed(e);
}

void trace_event(void *ctx, const struct event *e)
{
    struct trace *t = ctx;
    bool lanes = t->m->ncores > 1 && t->m->ncores <= LANES_MAX;
    int width = (int)MAX(t->m->ncores, 5);     /* of the lanes, "cores" */
    if (!t->header_done) {
        fprintf(t->out, "%7s %-*s%-5s %-24s %-*s %-5s %-20s %s\n", "step",
                lanes ? width + 1 : 0, lanes ? "cores" : "", "cpu", "pc", INSN_WIDTH,
                "instruction", "event", "address", "values");
        t->header_done = true;
    }
    g_autoptr(GString) line = g_string_new(NULL);
    if ((e->flags & EVENT_PREEMPTED) && t->last_core >= 0)
        g_string_append_printf(line, "%7s \u21b3 preempted: cpu%d \u2192 cpu%u\n", "",
                               t->last_core, e->core);
    if (!(e->flags & EVENT_DRAINED))       /* a drain is no step the core runs */
        t->last_core = (int)e->core;
    g_autofree char *where = image_name_addr(t->m->img, e->pc);
    g_autofree char *addr = NULL;
    if (event_has_addr(e))
        addr = image_name_addr(t->m->img, e->addr);
    g_autoptr(GString) values = g_string_new(NULL);
    trace_format_values(t->m, e, values);
    g_string_append_printf(line, "%7" G_GUINT64_FORMAT " ", e->step);
    if (lanes) {
        append_lanes(t, e, line);
        g_string_append_printf(line, "%*s", width + 1 - (int)t->m->ncores, "");
    }
    start_colour(t, line, e->core);
    g_string_append_printf(line, "cpu%-2u", e->core);
    end_colour(t, line);
    bool strong = e->kind == EVENT_RMW || e->kind == EVENT_LL || e->kind == EVENT_SC;
    g_string_append_printf(line, " %-24s %-*s %s%-5s%s %-20s %s%s%s\n", where, INSN_WIDTH,
                           instruction_text(t, e->pc), t->colour && strong ? BOLD : "",
                           kind_name(e->kind), t->colour && strong ? RESET : "",
                           addr ? addr : "", t->colour && alarming(e) ? RED : "", values->str,
                           t->colour && alarming(e) ? RESET : "");
    fputs(line->str, t->out);
}
