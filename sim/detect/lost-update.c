/* lost-update.c — see lost-update.h. */
#include <string.h>
#include "lost-update.h"

struct access {
    bool valid;
    unsigned core;
    uint64_t step, pc, value;
};

/* Locations are kept from run to run (a hunt's runs touch the same ones):
 * one whose run is not this run's is fresh.  Past this many, they go. */
#define LOCATIONS_KEPT 4096

struct location {
    unsigned run;               /* the run it is of */
    struct access change;       /* the last write that changed the value */
    struct access write;        /* the last write of any value */
    unsigned found;             /* lost updates found here */
    struct access read[];       /* per core: what it read, until it stores */
};

struct lost_update {
    const struct run_control *ctl;     /* of the run under way */
    struct machine *m;
    unsigned shown;
    unsigned run;               /* this run's number */
    GHashTable *locations;      /* address -> struct location */
    uint64_t last_addr;         /* the location looked up last (last), if any */
    struct location *last;
};

static void lost_update_begin(void *ctx, const struct run_control *ctl)
{
    struct lost_update *d = ctx;
    d->ctl = ctl;
    if (g_hash_table_size(d->locations) > LOCATIONS_KEPT)
        g_hash_table_remove_all(d->locations);
    d->run++;
    d->last = NULL;
}

static struct location *location_of(struct lost_update *d, uint64_t addr)
{
    if (d->last != NULL && d->last_addr == addr)
        return d->last;
    size_t size = sizeof(struct location) + d->m->ncores * sizeof(struct access);
    struct location *l = g_hash_table_lookup(d->locations, &addr);
    if (l == NULL) {
        l = g_malloc0(size);
        uint64_t *key = g_new(uint64_t, 1);
        *key = addr;
        g_hash_table_insert(d->locations, key, l);
    }
    if (l->run != d->run) {
        memset(l, 0, size);
        l->run = d->run;
    }
    d->last_addr = addr;
    d->last = l;
    return l;
}

static char *describe(const struct lost_update *d, const char *verb,
                      const struct access *a, unsigned size)
{
    g_autofree char *where = image_name_pc(d->m->img, a->pc);
    uint64_t value = a->value & value_mask(size);
    /* a pointer into the program's data reads best in hex */
    g_autofree char *v = image_holds_data(d->m->img, value)
                             ? g_strdup_printf("0x%" G_GINT64_MODIFIER "x", value)
                             : g_strdup_printf("%" G_GUINT64_FORMAT, value);
    return g_strdup_printf("cpu%u %s %s at step %" G_GUINT64_FORMAT " (%s)", a->core, verb, v,
                           a->step, where);
}

/* The finding's record of the three accesses: read, write, store. */
static void report(struct lost_update *d, enum finding_kind kind, const struct event *e,
                   const struct access *read, const struct access *write, const char *text,
                   bool unprinted)
{
    struct finding f = { .kind = kind, .core = e->core, .text = (char *)text, .addr = e->addr,
                         .size = e->size, .pc = e->pc, .unprinted = unprinted };
    const struct access *a[2] = { read, write };
    for (int i = 0; i < 2; i++)
        f.access[i] = (struct finding_access){ a[i]->core, a[i]->step, a[i]->pc,
                                               a[i]->value & value_mask(e->size) };
    f.access[2] = (struct finding_access){ e->core, e->step, e->pc,
                                           e->new_value & value_mask(e->size) };
    control_report(d->ctl, &f);
}

static void report_lost(struct lost_update *d, struct location *l, const struct event *e,
                        const struct access *read)
{
    ++l->found;
    const struct access store = { true, e->core, e->step, e->pc, e->new_value };
    g_autofree char *var = image_name_addr(d->m->img, e->addr);
    g_autofree char *r = describe(d, "read", read, e->size);
    g_autofree char *w = describe(d, "wrote", &l->change, e->size);
    g_autofree char *s = describe(d, "wrote", &store, e->size);
    g_autofree char *text = g_strdup_printf(
        "lost update on %s (0x%" G_GINT64_MODIFIER "x): %s, %s, %s: cpu%u's update is lost",
        var, e->addr, r, w, s, l->change.core);
    report(d, FINDING_LOST_UPDATE, e, read, &l->change, text, l->found > d->shown);
}

static void report_divergence(struct lost_update *d, struct location *l, const struct event *e,
                              const struct access *read)
{
    g_autofree char *var = image_name_addr(d->m->img, e->addr);
    g_autofree char *r = describe(d, "load-exclusive read", read, e->size);
    g_autofree char *w = describe(d, "wrote", &l->write, e->size);
    g_autofree char *where = image_name_pc(d->m->img, e->pc);
    g_autofree char *text = g_strdup_printf(
        "monitor divergence on %s (0x%" G_GINT64_MODIFIER "x): %s, %s, and cpu%u's "
        "store-exclusive at step %" G_GUINT64_FORMAT " (%s) still stored: only a monitor "
        "that compares values lets it (the ABA hole)", var, e->addr, r, w, e->core, e->step,
        where);
    report(d, FINDING_MONITOR_DIVERGENCE, e, read, &l->write, text, false);
}

static void record_write(struct location *l, const struct event *e)
{
    struct access w = { true, e->core, e->step, e->pc, e->new_value };
    l->write = w;
    if (e->old_value != e->new_value)
        l->change = w;
}

/* The store e, of a value computed from what its core read, overwrites a
 * change another core made after that read.  A store of a value that does
 * not depend on the read (a constant, another variable) loses nothing. */
static bool overwrites_unseen(const struct location *l, const struct event *e,
                              const struct access *read)
{
    uint64_t mask = value_mask(e->size);
    return (e->flags & EVENT_DEPENDS) && (e->old_value & mask) != (read->value & mask) &&
           l->change.valid && l->change.core != e->core && l->change.step > read->step;
}

static void lost_update_event(void *ctx, const struct event *e)
{
    struct lost_update *d = ctx;
    /* what the core read from its own store buffer is no read of what the
     * others wrote */
    if (e->flags & EVENT_FORWARDED)
        return;
    bool stored = event_stored(e);
    if (e->kind != EVENT_LOAD && e->kind != EVENT_LL && e->kind != EVENT_SC && !stored)
        return;
    struct location *l = location_of(d, e->addr);
    struct access *read = &l->read[e->core];

    if (e->kind == EVENT_LOAD || e->kind == EVENT_LL) {
        /* a load that read a write still to come (views.h) read after the
         * writes that follow its step: where among them is not known here,
         * so its core's next store is not judged */
        *read = (struct access){ !e->predicted, e->core, e->step, e->pc, e->old_value };
        return;
    }
    bool judged = e->kind == EVENT_STORE || e->kind == EVENT_SC;
    if (judged && read->valid && stored) {
        if (overwrites_unseen(l, e, read))
            report_lost(d, l, e, read);
        else if (e->flags & EVENT_DIVERGED)
            report_divergence(d, l, e, read);
    }
    read->valid = false;
    if (stored)
        record_write(l, e);
}

/* Locations with more lost updates than were printed: how many. */
static void lost_update_end(void *ctx)
{
    struct lost_update *d = ctx;
    GHashTableIter it;
    gpointer key, value;
    g_hash_table_iter_init(&it, d->locations);
    while (g_hash_table_iter_next(&it, &key, &value)) {
        const struct location *l = value;
        if (l->run != d->run || l->found <= d->shown)
            continue;
        g_autofree char *var = image_name_addr(d->m->img, *(uint64_t *)key);
        g_autofree char *line = g_strdup_printf("atomsim: %u more lost updates on %s, not shown",
                                                l->found - d->shown, var);
        control_print(d->ctl, line);
    }
}

struct lost_update *lost_update_new(struct machine *m, unsigned shown)
{
    struct lost_update *d = g_new0(struct lost_update, 1);
    d->m = m;
    d->shown = shown;
    d->locations = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, g_free);
    return d;
}

void lost_update_free(struct lost_update *d)
{
    if (d == NULL)
        return;
    g_hash_table_unref(d->locations);
    g_free(d);
}

struct event_sink lost_update_sink(struct lost_update *d)
{
    return (struct event_sink){ .event = lost_update_event, .ctx = d, .begin = lost_update_begin,
                                .end = lost_update_end };
}
