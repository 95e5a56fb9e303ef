/* trace.c — see trace.h. */
#include "guest-abi.h"
#include "trace.h"

struct trace {
    FILE *out;
    struct machine *m;
    GHashTable *text;           /* pc -> instruction text */
    bool header_done;
};

struct trace *trace_new(FILE *out, struct machine *m)
{
    struct trace *t = g_new0(struct trace, 1);
    t->out = out;
    t->m = m;
    t->text = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, g_free);
    return t;
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

/* Decimal up to 4 bytes, hexadecimal beyond. */
static void append_value(GString *s, uint64_t v, unsigned size)
{
    if (size <= 4)
        g_string_append_printf(s, "%" G_GUINT64_FORMAT, v & value_mask(size));
    else
        g_string_append_printf(s, "0x%" G_GINT64_MODIFIER "x", v);
}

static void format_values(const struct trace *t, const struct event *e, GString *s)
{
    switch (e->kind) {
    case EVENT_LOAD:
    case EVENT_LL:
        g_string_append(s, "read ");
        append_value(s, e->old_value, e->size);
        break;
    case EVENT_STORE:
    case EVENT_RMW:
    case EVENT_SC:
        append_value(s, e->old_value, e->size);
        if ((e->flags & EVENT_HAS_SUCCESS) && !(e->flags & EVENT_SUCCESS)) {
            g_string_append(s, " unchanged");
        } else {
            g_string_append(s, " -> ");
            append_value(s, e->new_value, e->size);
        }
        break;
    case EVENT_TRAP: {
        const char *name = guest_call_name(t->m->cpu, e->old_value);
        if (name)
            g_string_append(s, name);
        else
            g_string_append_printf(s, "system call %" G_GUINT64_FORMAT, e->old_value);
        return;
    }
    default:
        return;
    }
    if (e->size > 8)
        g_string_append(s, " (first 8 bytes)");
    if (e->flags & EVENT_HAS_SUCCESS)
        g_string_append(s, e->flags & EVENT_SUCCESS ? " ok" : " failed");
    if (e->flags & EVENT_DIVERGED)
        g_string_append(s, " (another core wrote the granule: the value monitor's ABA hole)");
    if (e->flags & EVENT_SPLIT)
        g_string_append(s, e->kind == EVENT_LOAD ? " (load half of a non-atomic RMW)"
                                                 : " (store half of a non-atomic RMW)");
    if (e->flags & EVENT_STALE)
        g_string_append(s, ", stale: another core wrote it after the load half");
}

void trace_event(void *ctx, const struct event *e)
{
    struct trace *t = ctx;
    if (!t->header_done) {
        fprintf(t->out, "%7s %-5s %-24s %-32s %-5s %-20s %s\n", "step", "cpu", "pc",
                "instruction", "event", "address", "values");
        t->header_done = true;
    }
    g_autofree char *where = image_name_addr(t->m->img, e->pc);
    g_autofree char *addr = NULL;
    if (e->kind != EVENT_FENCE && e->kind != EVENT_CLREX && e->kind != EVENT_TRAP)
        addr = image_name_addr(t->m->img, e->addr);
    g_autoptr(GString) values = g_string_new(NULL);
    format_values(t, e, values);
    char cpu[16];
    g_snprintf(cpu, sizeof cpu, "cpu%u", e->core);
    fprintf(t->out, "%7" G_GUINT64_FORMAT " %-5s %-24s %-32s %-5s %-20s %s\n", e->step, cpu,
            where, instruction_text(t, e->pc), event_kind_name(e->kind), addr ? addr : "",
            values->str);
}
