/* litmus-export.c — see litmus-export.h. */
#include <string.h>

#include "base/error.h"
#include "litmus-export.h"

struct litmus_export {
    struct machine *m;
    GArray *events;             /* struct event: the run's, in order */
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

/* The location's name as a C identifier: its symbol, "+0x8" as "_0x8" (to
 * free). */
static char *c_name(const struct machine *m, uint64_t addr)
{
    g_autofree char *name = image_name_addr(m->img, addr);
    char *id = g_strcanon(g_strdup(name),
                          "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_", '_');
    if (g_ascii_isdigit(id[0])) {
        char *v = g_strconcat("v", id, NULL);
        g_free(id);
        return v;
    }
    return id;
}

/* The index of the event of the run's step, or -1. */
static gint event_at(const struct litmus_export *x, uint64_t step)
{
    for (guint i = 0; i < x->events->len; i++)
        if (g_array_index(x->events, struct event, i).step == step)
            return (gint)i;
    return -1;
}

/* The latest event before events[i] of the same core at the same address
 * that matches: a buffered store (where a drained one was issued), or a
 * load (the load half of a read-modify-write); -1 if none. */
static gint earlier(const struct litmus_export *x, guint i, bool buffered)
{
    const struct event *e = &g_array_index(x->events, struct event, i);
    for (guint k = i; k-- > 0;) {
        const struct event *s = &g_array_index(x->events, struct event, k);
        if (s->core != e->core || s->addr != e->addr)
            continue;
        if (buffered ? (s->flags & EVENT_BUFFERED) != 0 : s->kind == EVENT_LOAD)
            return (gint)k;
    }
    return -1;
}

/* Does finding f have a load by e's core before e (the read e wrote
 * back)? */
static bool loads_before(const struct litmus_export *x, const struct finding *f,
                         const struct event *e)
{
    for (unsigned a = 0; a < G_N_ELEMENTS(f->access); a++) {
        gint i = f->access[a].step ? event_at(x, f->access[a].step) : -1;
        const struct event *l = i >= 0 ? &g_array_index(x->events, struct event, i) : NULL;
        if (l != NULL && l->core == e->core && l->kind == EVENT_LOAD && l->step < e->step)
            return true;
    }
    return false;
}

static gint by_index(gconstpointer a, gconstpointer b)
{
    return *(const gint *)a - *(const gint *)b;
}

/* The events the test has, by index, in the run's order: finding f's
 * accesses, each store where its core issued it, and the load each store
 * wrote back (to free). */
static GArray *chosen_events(const struct litmus_export *x, const struct finding *f)
{
    GArray *chosen = g_array_new(FALSE, FALSE, sizeof(gint));
    for (unsigned a = 0; a < G_N_ELEMENTS(f->access); a++) {
        gint i = f->access[a].step ? event_at(x, f->access[a].step) : -1;
        if (i >= 0 && (g_array_index(x->events, struct event, i).flags & EVENT_DRAINED))
            i = earlier(x, (guint)i, true);
        if (i < 0)
            continue;
        const struct event *e = &g_array_index(x->events, struct event, i);
        gint load = e->kind != EVENT_LOAD && (e->flags & EVENT_DEPENDS) &&
                            !loads_before(x, f, e) ? earlier(x, (guint)i, false) : -1;
        gint both[2] = { load, i };
        for (unsigned k = 0; k < 2; k++) {
            bool known = both[k] < 0;
            for (guint n = 0; n < chosen->len && !known; n++)
                known = g_array_index(chosen, gint, n) == both[k];
            if (!known)
                g_array_append_val(chosen, both[k]);
        }
    }
    g_array_sort(chosen, by_index);
    return chosen;
}

/* One thread of the test: its accesses, and the values its loads read. */
struct thread {
    GString *body;
    GArray *read;               /* uint64_t: what register k read */
    int last_reg;               /* its last load's register, or -1 */
    uint64_t last_run_value;    /* what that load read in the run */
};

/* The signed difference a - b of two values of mask's width. */
static int64_t delta(uint64_t a, uint64_t b, uint64_t mask)
{
    uint64_t d = (a - b) & mask;
    return mask == UINT64_MAX || d <= mask / 2 ? (int64_t)d : (int64_t)d - (int64_t)mask - 1;
}

/* A load of the test (how it reads): a register of t that reads value. */
static void add_load(struct thread *t, const char *how, uint64_t value, uint64_t run_value)
{
    g_string_append_printf(t->body, "\tr%u = %s;\n", t->read->len, how);
    t->last_reg = (int)t->read->len;
    t->last_run_value = run_value;
    g_array_append_val(t->read, value);
}

/* One access of the test: t's, to location name, whose value is *value
 * (the test's, from 0), as event e of the run did it. */
static void add_access(struct thread *t, const struct event *e, const char *name,
                       uint64_t mask, uint64_t *value)
{
    g_autofree char *how = NULL;
    int64_t d = delta(e->new_value, e->old_value, mask);
    if (e->kind == EVENT_LOAD || e->kind == EVENT_LL) {
        how = g_strdup_printf("READ_ONCE(*%s)", name);
        add_load(t, how, *value, e->old_value & mask);
    } else if (e->kind == EVENT_STORE || (e->kind == EVENT_SC && !event_failed(e))) {
        if ((e->flags & EVENT_DEPENDS) && t->last_reg >= 0) {
            /* what the register read, plus what the run added to it */
            int64_t back = delta(e->new_value, t->last_run_value, mask);
            g_string_append_printf(t->body, "\tWRITE_ONCE(*%s, r%d %c %" G_GINT64_FORMAT ");\n",
                                   name, t->last_reg, back < 0 ? '-' : '+', back < 0 ? -back : back);
            *value = (g_array_index(t->read, uint64_t, t->last_reg) + (uint64_t)back) & mask;
        } else {
            *value = e->new_value & mask;
            g_string_append_printf(t->body, "\tWRITE_ONCE(*%s, %" G_GUINT64_FORMAT ");\n", name,
                                   *value);
        }
    } else if (e->kind == EVENT_RMW) {
        uint64_t after = (*value + (uint64_t)d) & mask;
        if (e->flags & EVENT_HAS_SUCCESS)
            how = g_strdup_printf("cmpxchg(%s, %" G_GUINT64_FORMAT ", %" G_GUINT64_FORMAT ")",
                                  name, *value, after);
        else
            how = g_strdup_printf("xchg(%s, %" G_GUINT64_FORMAT ")", name, after);
        add_load(t, how, *value, e->old_value & mask);
        *value = after;
    }
}

gboolean litmus_export_write(struct litmus_export *x, const struct findings *found,
                             const char *path, GError **error)
{
    const struct finding *f = NULL;
    for (unsigned i = 0; i < findings_count(found) && f == NULL; i++)
        if (findings_at(found, i)->size > 0)
            f = findings_at(found, i);
    if (f == NULL) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE, "no finding of the run names a "
                    "location (only lost updates and monitor divergences do)");
        return FALSE;
    }
    const struct machine *m = x->m;
    g_autofree char *name = c_name(m, f->addr);
    uint64_t mask = value_mask(f->size);
    g_autoptr(GArray) chosen = chosen_events(x, f);
    struct thread threads[ATOMSIM_MAX_CORES];
    for (unsigned c = 0; c < m->ncores; c++)
        threads[c] = (struct thread){ g_string_new(NULL),
                                      g_array_new(FALSE, FALSE, sizeof(uint64_t)), -1, 0 };
    /* the accesses again, in the run's order, in one memory, from 0 */
    uint64_t value = 0;
    for (guint n = 0; n < chosen->len; n++) {
        const struct event *e = &g_array_index(x->events, struct event,
                                               g_array_index(chosen, gint, n));
        add_access(&threads[e->core], e, name, mask, &value);
    }
    GString *out = g_string_new(NULL);
    g_autofree char *program = g_path_get_basename(m->img->path);
    g_strcanon(program, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_+-.", '_');
    g_string_append_printf(out, "C %s-%s\n\n(*\n * Made by atomsim --export-litmus from %s on "
                           "%s: the accesses of its\n * %s on %s, in the order of the reported "
                           "run, from %s=0.\n * Judge it with herd7 (linux-kernel.cat), or "
                           "atomsim litmus.\n *)\n\n{ %s=0; }\n\n", program,
                           finding_kind_name(f->kind), m->img->path, m->cpu->name,
                           finding_kind_name(f->kind), name, name, name);
    GString *cond = g_string_new(NULL);
    for (unsigned c = 0, tid = 0; c < m->ncores; c++) {
        struct thread *t = &threads[c];
        if (t->body->len > 0) {
            g_string_append_printf(out, "P%u(int *%s)\n{\n", tid, name);
            for (unsigned r = 0; r < t->read->len; r++)
                g_string_append_printf(out, "\tint r%u;\n", r);
            g_string_append_printf(out, "%s%s}\n\n", t->read->len ? "\n" : "", t->body->str);
            for (unsigned r = 0; r < t->read->len; r++)
                g_string_append_printf(cond, " /\\ %u:r%u=%" G_GUINT64_FORMAT, tid, r,
                                       g_array_index(t->read, uint64_t, r));
            tid++;
        }
        g_string_free(t->body, TRUE);
        g_array_unref(t->read);
    }
    g_string_append_printf(out, "exists (%s=%" G_GUINT64_FORMAT "%s)\n", name, value, cond->str);
    g_string_free(cond, TRUE);
    gboolean ok = g_file_set_contents(path, out->str, (gssize)out->len, error);
    g_string_free(out, TRUE);
    return ok;
}
