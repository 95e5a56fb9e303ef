/* lockstat.c — see lockstat.h. */
#include <string.h>
#include "lockstat.h"

#define HOLDERS_REMEMBERED 4    /* variables a waiter saw held, per wait */
/* Locks are kept from run to run (a hunt's runs take the same ones): one
 * whose run is not this run's is fresh.  Past this many, they go. */
#define LOCKS_KEPT 4096

struct waiter {
    bool waiting;
    uint64_t since;
    unsigned nheld;
    uint64_t held[HOLDERS_REMEMBERED];  /* what the holders worked on */
};

struct lock {
    unsigned run;               /* the run it is of */
    struct lock_stats s;
    bool released;              /* seen released: a lock, not a counter */
    int holder;                 /* -1: free */
    uint64_t taken_at;
    bool holder_var_known;
    uint64_t holder_var;
    struct waiter w[];          /* per core */
};

/* Per core: the lock it took last, until its first variable is known. */
struct taker {
    struct lock *lock;
    bool waited;
    unsigned nheld;
    uint64_t held[HOLDERS_REMEMBERED];
};

struct lockstat {
    struct machine *m;
    GHashTable *locks;          /* address -> struct lock */
    unsigned run;               /* this run's number */
    struct taker *takers;
    bool ended;                 /* the run ended: result may be made */
    GArray *result;             /* struct lock_stats, made when asked for */
    bool cached;                /* the last look-up: cached_addr is cached_lock */
    uint64_t cached_addr;       /* (which may be NULL: no lock there) */
    struct lock *cached_lock;
    const struct symbol *tables[2];
};

static void clear_results(struct lockstat *ls)
{
    for (guint i = 0; ls->result && i < ls->result->len; i++)
        g_array_unref(g_array_index(ls->result, struct lock_stats, i).pairs);
    if (ls->result)
        g_array_unref(ls->result);
    ls->result = NULL;
}

static void free_lock(gpointer p)
{
    struct lock *l = p;
    if (l->s.pairs)
        g_array_unref(l->s.pairs);
    g_free(l);
}

static void lockstat_begin(void *ctx, const struct run_control *ctl)
{
    (void)ctl;
    struct lockstat *ls = ctx;
    if (g_hash_table_size(ls->locks) > LOCKS_KEPT)
        g_hash_table_remove_all(ls->locks);
    ls->run++;
    ls->ended = false;
    ls->cached = false;
    memset(ls->takers, 0, ls->m->ncores * sizeof *ls->takers);
    clear_results(ls);
}

/* The lock at addr in this run, or NULL. */
static struct lock *lock_of_run(struct lockstat *ls, uint64_t addr)
{
    struct lock *l = g_hash_table_lookup(ls->locks, &addr);
    return l != NULL && l->run == ls->run ? l : NULL;
}

/* A fresh lock at addr: a kept one, or a new one. */
static struct lock *new_lock(struct lockstat *ls, uint64_t addr)
{
    size_t size = sizeof(struct lock) + ls->m->ncores * sizeof(struct waiter);
    struct lock *l = g_hash_table_lookup(ls->locks, &addr);
    if (l == NULL) {
        l = g_malloc0(size);
        l->s.pairs = g_array_new(FALSE, FALSE, sizeof(struct lock_pair));
        uint64_t *key = g_new(uint64_t, 1);
        *key = addr;
        g_hash_table_insert(ls->locks, key, l);
    }
    GArray *pairs = l->s.pairs;
    memset(l, 0, size);
    g_array_set_size(pairs, 0);
    l->s.pairs = pairs;
    l->run = ls->run;
    l->s.addr = addr;
    l->holder = -1;
    return l;
}

static struct lock *lock_at(struct lockstat *ls, uint64_t addr, unsigned size, bool create)
{
    struct lock *l = ls->cached && ls->cached_addr == addr ? ls->cached_lock
                                                            : lock_of_run(ls, addr);
    ls->cached = true;
    ls->cached_addr = addr;
    ls->cached_lock = l;
    if (l != NULL || !create)
        return l;
    l = new_lock(ls, addr);
    for (int i = 0; i < 2; i++) {
        const struct symbol *t = ls->tables[i];
        if (t && addr >= t->addr && addr < t->addr + t->size) {
            l->s.table = t->name;
            l->s.bucket = (unsigned)((addr - t->addr) / size);
        }
    }
    ls->cached_lock = l;
    return l;
}

/* Core c found l held: a spin, and the start of a wait. */
static void spin(struct lock *l, unsigned c, uint64_t step)
{
    struct waiter *w = &l->w[c];
    if (!w->waiting) {
        *w = (struct waiter){ .waiting = true, .since = step };
    }
    l->s.spins++;
    if (l->holder_var_known && w->nheld < HOLDERS_REMEMBERED) {
        for (unsigned i = 0; i < w->nheld; i++)
            if (w->held[i] == l->holder_var)
                return;
        w->held[w->nheld++] = l->holder_var;
    }
}

static void take(struct lockstat *ls, struct lock *l, unsigned c, uint64_t step)
{
    struct waiter *w = &l->w[c];
    struct taker *t = &ls->takers[c];
    *t = (struct taker){ .lock = l, .waited = w->waiting, .nheld = w->nheld };
    memcpy(t->held, w->held, sizeof t->held);
    l->s.acquisitions++;
    if (w->waiting) {
        uint64_t wait = step - w->since;
        l->s.contended++;
        l->s.wait_total += wait;
        l->s.wait_max = MAX(l->s.wait_max, wait);
        w->waiting = false;
    }
    l->holder = (int)c;
    l->taken_at = step;
    l->holder_var_known = false;
}

static void count_pair(struct lock *l, uint64_t holder_var, uint64_t waiter_var)
{
    for (guint i = 0; i < l->s.pairs->len; i++) {
        struct lock_pair *p = &g_array_index(l->s.pairs, struct lock_pair, i);
        if (p->holder_var == holder_var && p->waiter_var == waiter_var) {
            p->count++;
            return;
        }
    }
    struct lock_pair p = { holder_var, waiter_var, 1 };
    g_array_append_val(l->s.pairs, p);
}

/* The first variable core c touches after taking a lock: what it protects.
 * If c waited behind holders working on other variables, that was false
 * contention -- for a bucket of a hashed lock table only, which unrelated
 * variables share by the hash.  Any other lock guards whatever its holders
 * touch: a structure or a heap (malloc's lock), whose holders start on
 * different fields or blocks of the one thing it guards. */
static void first_variable(struct taker *t, unsigned c, uint64_t addr)
{
    struct lock *l = t->lock;
    t->lock = NULL;
    if (l->holder == (int)c && !l->holder_var_known) {
        l->holder_var_known = true;
        l->holder_var = addr;
    }
    if (l->s.table == NULL)
        return;
    bool false_contention = false;
    for (unsigned i = 0; t->waited && i < t->nheld; i++) {
        if (t->held[i] != addr) {
            count_pair(l, t->held[i], addr);
            false_contention = true;
        }
    }
    l->s.false_contention += false_contention;
}

static void lockstat_event(void *ctx, const struct event *e)
{
    struct lockstat *ls = ctx;
    if (e->kind == EVENT_TRAP || e->kind == EVENT_FENCE || e->kind == EVENT_CLREX)
        return;
    if (event_takes_lock(e)) {
        take(ls, lock_at(ls, e->addr, e->size, true), e->core, e->step);
        return;
    }
    struct lock *l = lock_at(ls, e->addr, e->size, false);
    if (l == NULL) {
        struct taker *t = &ls->takers[e->core];
        if (t->lock != NULL)
            first_variable(t, e->core, e->addr);
        return;
    }
    bool held_by_other = l->holder >= 0 && l->holder != (int)e->core;
    if (event_releases_lock(e) && l->holder == (int)e->core) {
        uint64_t hold = e->step - l->taken_at;
        l->s.hold_total += hold;
        l->s.hold_max = MAX(l->s.hold_max, hold);
        l->holder = -1;
        l->released = true;
    } else if (held_by_other && event_finds_taken(e)) {
        spin(l, e->core, e->step);
    }
}

static gint by_address(gconstpointer a, gconstpointer b)
{
    const struct lock_stats *x = a, *y = b;
    return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* The run ended: its locks may be asked for. */
static void lockstat_end(void *ctx)
{
    struct lockstat *ls = ctx;
    ls->ended = true;
}

/* The locks of the run that ended (words seen taken and released), made
 * once when first asked for: a hunt's runs never ask. */
static GArray *results(struct lockstat *ls)
{
    if (ls->result != NULL || !ls->ended)
        return ls->result;
    ls->result = g_array_new(FALSE, FALSE, sizeof(struct lock_stats));
    GHashTableIter it;
    gpointer value;
    g_hash_table_iter_init(&it, ls->locks);
    while (g_hash_table_iter_next(&it, NULL, &value)) {
        struct lock *l = value;
        if (l->run != ls->run || !l->released)
            continue;
        struct lock_stats s = l->s;
        s.pairs = g_array_copy(l->s.pairs);     /* the lock is reused next run */
        g_array_append_val(ls->result, s);
    }
    g_array_sort(ls->result, by_address);
    return ls->result;
}

struct lockstat *lockstat_new(struct machine *m)
{
    struct lockstat *ls = g_new0(struct lockstat, 1);
    ls->m = m;
    ls->locks = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, free_lock);
    ls->takers = g_new0(struct taker, m->ncores);
    ls->tables[0] = image_find_symbol(m->img, "__atomic_hash");
    ls->tables[1] = image_find_symbol(m->img, "__atomic64_hash");
    return ls;
}

void lockstat_free(struct lockstat *ls)
{
    if (ls == NULL)
        return;
    clear_results(ls);
    g_hash_table_unref(ls->locks);
    g_free(ls->takers);
    g_free(ls);
}

struct event_sink lockstat_sink(struct lockstat *ls)
{
    return (struct event_sink){ .event = lockstat_event, .ctx = ls, .begin = lockstat_begin,
                                .end = lockstat_end };
}

int lockstat_holder(struct lockstat *ls, uint64_t addr)
{
    const struct lock *l = lock_of_run(ls, addr);
    return l ? l->holder : -1;
}

bool lockstat_sure(struct lockstat *ls, uint64_t addr)
{
    const struct lock *l = lock_of_run(ls, addr);
    return l != NULL && (l->released || l->s.table != NULL);
}

bool lockstat_known(struct lockstat *ls, uint64_t addr)
{
    return lock_at(ls, addr, 0, false) != NULL;
}

char *lockstat_name_at(struct lockstat *ls, uint64_t addr)
{
    const struct lock *l = lock_at(ls, addr, 0, false);
    return l ? lockstat_lock_name(ls, &l->s) : image_name_addr(ls->m->img, addr);
}

GArray *lockstat_locks(struct lockstat *ls)
{
    return results(ls);
}

/* "__atomic_hash bucket 1" or the lock's symbol+offset (to free). */
char *lockstat_lock_name(struct lockstat *ls, const struct lock_stats *s)
{
    if (s->table)
        return g_strdup_printf("%s bucket %u", s->table, s->bucket);
    return image_name_addr(ls->m->img, s->addr);
}

void lockstat_print(struct lockstat *ls, FILE *out)
{
    GArray *locks = results(ls);
    if (locks == NULL || locks->len == 0)
        return;
    fprintf(out, "atomsim: locks:%28s %8s %9s %8s %15s %15s %6s\n", "", "acquired", "contended",
            "spins", "wait total/max", "hold total/max", "false");
    for (guint i = 0; i < locks->len; i++) {
        const struct lock_stats *s = &g_array_index(locks, struct lock_stats, i);
        g_autofree char *name = lockstat_lock_name(ls, s);
        char wait[40], hold[40];
        g_snprintf(wait, sizeof wait, "%" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT, s->wait_total,
                   s->wait_max);
        g_snprintf(hold, sizeof hold, "%" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT, s->hold_total,
                   s->hold_max);
        fprintf(out, "atomsim:   %-32s %8" G_GUINT64_FORMAT " %9" G_GUINT64_FORMAT " %8"
                G_GUINT64_FORMAT " %15s %15s %6" G_GUINT64_FORMAT "\n", name, s->acquisitions,
                s->contended, s->spins, wait, hold, s->false_contention);
        for (guint k = 0; k < s->pairs->len; k++) {
            const struct lock_pair *p = &g_array_index(s->pairs, struct lock_pair, k);
            g_autofree char *h = image_name_addr(ls->m->img, p->holder_var);
            g_autofree char *w = image_name_addr(ls->m->img, p->waiter_var);
            fprintf(out, "atomsim:     false contention: %u waits for %s behind %s\n", p->count,
                    w, h);
        }
    }
}
