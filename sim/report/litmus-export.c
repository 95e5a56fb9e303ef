/* litmus-export.c — see litmus-export.h. */
#include <string.h>

#include "base/error.h"
#include "litmus-export.h"

struct litmus_export {
    struct machine *m;
    GArray *events;             /* struct event: the run's, in order */
    uint64_t lo, hi;            /* the steps the test has */
};

static void export_begin(void *ctx, const struct run_control *ctl)
{
    struct litmus_export *x = ctx;
    (void)ctl;
    g_array_set_size(x->events, 0);
}

static void export_event(void *ctx, const struct event *e)
{
    struct litmus_export *x = ctx;
    g_array_append_val(x->events, *e);
}

struct litmus_export *litmus_export_new(struct machine *m)
{
    struct litmus_export *x = g_new0(struct litmus_export, 1);
    x->m = m;
    x->events = g_array_new(FALSE, FALSE, sizeof(struct event));
    return x;
}

void litmus_export_free(struct litmus_export *x)
{
    if (x == NULL)
        return;
    g_array_unref(x->events);
    g_free(x);
}

struct event_sink litmus_export_sink(struct litmus_export *x)
{
    return (struct event_sink){ .event = export_event, .ctx = x, .begin = export_begin };
}

/* A location a finding names. */
struct location {
    uint64_t addr;
    unsigned size;
    char *name;                 /* a C identifier */
    uint64_t initial, final;
    bool seen;
};

/* The location's name as a C identifier: its symbol, "+0x8" as "_8". */
static char *c_name(const struct machine *m, uint64_t addr)
{
    g_autofree char *name = image_name_addr(m->img, addr);
    char *id = g_strdup(name);
    g_strcanon(id, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_", '_');
    if (g_ascii_isdigit(id[0])) {
        char *v = g_strconcat("v", id, NULL);
        g_free(id);
        id = v;
    }
    return id;
}

static struct location *location_of(GArray *locs, const struct event *e)
{
    for (guint i = 0; i < locs->len; i++) {
        struct location *l = &g_array_index(locs, struct location, i);
        if (e->addr >= l->addr && e->addr < l->addr + l->size)
            return l;
    }
    return NULL;
}

/* Does the test have the run's step? */
static bool kept(const struct litmus_export *x, uint64_t step)
{
    return step >= x->lo && step <= x->hi;
}

/* The window of steps the test has: from finding f's first access to its
 * last, and back to the load of each store there whose value came from
 * the core's load (the load half of its read-modify-write). */
static void choose_window(struct litmus_export *x, const struct finding *f)
{
    x->lo = UINT64_MAX;
    x->hi = 0;
    for (unsigned i = 0; i < G_N_ELEMENTS(f->access); i++) {
        if (f->access[i].step == 0)
            continue;
        x->lo = MIN(x->lo, f->access[i].step);
        x->hi = MAX(x->hi, f->access[i].step);
    }
    uint64_t first = x->lo;
    for (guint i = 0; i < x->events->len; i++) {
        const struct event *e = &g_array_index(x->events, struct event, i);
        if (e->step < first || e->step > x->hi || !(e->flags & EVENT_DEPENDS) ||
            e->addr != f->addr)
            continue;
        for (guint k = i; k-- > 0;) {
            const struct event *l = &g_array_index(x->events, struct event, k);
            if (l->core == e->core && l->addr == e->addr && l->kind == EVENT_LOAD) {
                x->lo = MIN(x->lo, l->step);
                break;
            }
        }
    }
}

/* One core's thread, P<tid>: its accesses to the locations, in order; the
 * values its loads read go to the condition.  False if it has none. */
static bool write_thread(GString *out, GString *cond, const struct litmus_export *x,
                         GArray *locs, unsigned core, unsigned tid)
{
    GString *body = g_string_new(NULL);
    unsigned regs = 0;
    /* each location's last load by the core: its register and value */
    g_autofree int *last_reg = g_new(int, locs->len);
    g_autofree uint64_t *last_value = g_new0(uint64_t, locs->len);
    for (unsigned i = 0; i < locs->len; i++)
        last_reg[i] = -1;
    bool pending_fence = false, any = false;
    for (guint i = 0; i < x->events->len; i++) {
        const struct event *e = &g_array_index(x->events, struct event, i);
        if (e->core != core || (e->flags & EVENT_DRAINED))
            continue;
        if (e->kind != EVENT_FENCE && !kept(x, e->step))
            continue;
        if (e->kind == EVENT_FENCE) {
            pending_fence = any;
            continue;
        }
        struct location *l = event_has_addr(e) ? location_of(locs, e) : NULL;
        if (l == NULL)
            continue;
        unsigned li = (unsigned)(l - &g_array_index(locs, struct location, 0));
        uint64_t mask = value_mask(e->size);
        if (pending_fence)
            g_string_append(body, "\tsmp_mb();\n");
        pending_fence = false;
        any = true;
        if (e->kind == EVENT_LOAD || e->kind == EVENT_LL) {
            g_string_append_printf(body, "\tr%u = READ_ONCE(*%s);\n", regs, l->name);
        } else if (e->kind == EVENT_STORE || (e->kind == EVENT_SC && !event_failed(e))) {
            uint64_t v = e->new_value & mask;
            if ((e->flags & EVENT_DEPENDS) && last_reg[li] >= 0) {
                int64_t d = (int64_t)(v - last_value[li]);
                g_string_append_printf(body, "\tWRITE_ONCE(*%s, r%d %c %" G_GINT64_FORMAT ");\n",
                                       l->name, last_reg[li], d < 0 ? '-' : '+', d < 0 ? -d : d);
            } else {
                g_string_append_printf(body, "\tWRITE_ONCE(*%s, %" G_GUINT64_FORMAT ");\n",
                                       l->name, v);
            }
            continue;
        } else if (e->kind == EVENT_RMW && (e->flags & EVENT_HAS_SUCCESS) && !event_failed(e)) {
            g_string_append_printf(body, "\tr%u = cmpxchg(%s, %" G_GUINT64_FORMAT ", %"
                                   G_GUINT64_FORMAT ");\n", regs, l->name,
                                   e->old_value & mask, e->new_value & mask);
        } else if (e->kind == EVENT_RMW) {
            g_string_append_printf(body, "\tr%u = xchg(%s, %" G_GUINT64_FORMAT ");\n", regs,
                                   l->name, e->new_value & mask);
        } else {
            continue;
        }
        last_reg[li] = (int)regs;
        last_value[li] = e->old_value & mask;
        g_string_append_printf(cond, "%s%u:r%u=%" G_GUINT64_FORMAT, cond->len ? " /\\ " : "",
                               tid, regs, e->old_value & mask);
        regs++;
    }
    if (any) {
        g_string_append_printf(out, "P%u(", tid);
        for (guint i = 0; i < locs->len; i++)
            g_string_append_printf(out, "%sint *%s", i ? ", " : "",
                                   g_array_index(locs, struct location, i).name);
        g_string_append(out, ")\n{\n");
        for (unsigned r = 0; r < regs; r++)
            g_string_append_printf(out, "\tint r%u;\n", r);
        g_string_append_printf(out, "\n%s}\n\n", body->str);
    }
    g_string_free(body, TRUE);
    return any;
}

/* Was the store that events[i] made visible issued in the window? */
static bool buffered_in_window(const struct litmus_export *x, guint i)
{
    const struct event *e = &g_array_index(x->events, struct event, i);
    for (guint k = i; k-- > 0;) {
        const struct event *s = &g_array_index(x->events, struct event, k);
        if (s->core == e->core && s->addr == e->addr && (s->flags & EVENT_BUFFERED))
            return kept(x, s->step);
    }
    return false;
}

gboolean litmus_export_write(struct litmus_export *x, const struct findings *found,
                             const char *path, GError **error)
{
    g_autoptr(GArray) locs = g_array_new(FALSE, TRUE, sizeof(struct location));
    const struct finding *f = NULL;
    for (unsigned i = 0; i < findings_count(found) && f == NULL; i++)
        if (findings_at(found, i)->size > 0)
            f = findings_at(found, i);
    if (f != NULL) {
        struct location l = { f->addr, f->size, c_name(x->m, f->addr), 0, 0, false };
        g_array_append_val(locs, l);
        choose_window(x, f);
    }
    if (locs->len == 0) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE, "no finding of the run names a "
                    "location (only lost updates and monitor divergences do)");
        return FALSE;
    }
    /* a location's value before the window: its last visible write
     * before it, else what the first access saw; after the window: its
     * last visible write in it, unless a store of the window becomes
     * visible later (then the condition leaves it out) */
    bool late = false;
    for (guint i = 0; i < x->events->len; i++) {
        const struct event *e = &g_array_index(x->events, struct event, i);
        struct location *l = event_has_addr(e) ? location_of(locs, e) : NULL;
        if (l == NULL)
            continue;
        uint64_t mask = value_mask(e->size);
        if (!l->seen && !(e->flags & EVENT_BUFFERED))
            l->initial = l->final = e->old_value & mask;
        l->seen |= !(e->flags & EVENT_BUFFERED);
        if (event_stored(e) && e->step < x->lo)
            l->initial = l->final = e->new_value & mask;
        else if (event_stored(e) && e->step <= x->hi)
            l->final = e->new_value & mask;
        late |= (e->flags & EVENT_DRAINED) && e->step > x->hi && buffered_in_window(x, i);
    }
    GString *out = g_string_new(NULL);
    g_autofree char *program = g_path_get_basename(x->m->img->path);
    g_strcanon(program, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_+-.", '_');
    g_string_append_printf(out, "C %s-%s\n\n(*\n * Made by atomsim --export-litmus from %s on "
                           "%s: each core's accesses\n * to the locations its findings name, "
                           "in the order of the reported run,\n * and the values that run "
                           "saw.  Judge it with herd7 (linux-kernel.cat), or\n * atomsim "
                           "litmus --cpu %s.\n *)\n\n{ ", program, findings_count(found) ?
                           finding_kind_name(findings_at(found, 0)->kind) : "run",
                           x->m->img->path, x->m->cpu->name, x->m->cpu->name);
    for (guint i = 0; i < locs->len; i++) {
        const struct location *l = &g_array_index(locs, struct location, i);
        g_string_append_printf(out, "%s=%" G_GUINT64_FORMAT "; ", l->name, l->initial);
    }
    g_string_append(out, "}\n\n");
    GString *cond = g_string_new(NULL);
    for (unsigned c = 0, tid = 0; c < x->m->ncores; c++)
        tid += write_thread(out, cond, x, locs, c, tid);
    for (guint i = 0; i < locs->len && !late; i++) {
        const struct location *l = &g_array_index(locs, struct location, i);
        g_string_append_printf(cond, "%s%s=%" G_GUINT64_FORMAT, cond->len ? " /\\ " : "",
                               l->name, l->final);
    }
    g_string_append_printf(out, "exists (%s)\n", cond->str);
    g_string_free(cond, TRUE);
    gboolean ok = g_file_set_contents(path, out->str, (gssize)out->len, error);
    g_string_free(out, TRUE);
    for (guint i = 0; i < locs->len; i++)
        g_free(g_array_index(locs, struct location, i).name);
    return ok;
}
