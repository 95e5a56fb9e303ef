/* litmus-run.c — see litmus-run.h. */
#include <string.h>

#include "base/error.h"
#include "core/run.h"
#include "explore/dfs.h"
#include "litmus-build.h"
#include "litmus-run.h"

/* One access of an execution: a read's value, or a write's place in its
 * location's order. */
struct access {
    uint64_t addr;
    uint64_t seq;               /* the order the run saw them in */
    uint64_t value;
    uint16_t core;
    uint8_t write;
};

/* The search's state while it runs: the test, the machine, the states. */
struct collect {
    const struct litmus_test *t;
    struct machine *m;
    GPtrArray *observables;
    bool c_test;                /* threads in C (else assembly) */
    uint64_t *addrs;            /* where each location is */
    unsigned *sizes;            /* and its bytes */
    int *reg;                   /* each register's id, or place in a C thread's array */
    bool *wide;                 /* compared in 64 bits (else the low 32, signed) */
    int64_t *values;            /* the run's, during the callback */
    GHashTable *states;         /* GBytes of values -> struct litmus_state * */
    GArray *accesses;           /* struct access: the run's, as its events came */
    struct access last_read[LITMUS_MAX_THREADS];        /* each core's, or addr 0 */
    unsigned spins[LITMUS_MAX_THREADS]; /* each core's accesses in a row that were */
    const struct run_control *ctl;      /* the run's, while it runs */
    const char *unread;         /* a register the engine would not give, or NULL */
    GHashTable *executions;     /* the digests of the executions counted */
    struct litmus_outcome *out;
    struct run *r;
};

static void state_free(gpointer p)
{
    struct litmus_state *s = p;
    g_free(s->values);
    g_free(s);
}

/* Is a type 64 bits wide on every cpu (or a pointer)? */
static bool wide_type(const char *type)
{
    return strstr(type, "64") != NULL || strstr(type, "long") != NULL ||
           strchr(type, '*') != NULL;
}

/* Where each observable is: a location's symbol; an assembly thread's
 * register by its id, a C thread's by its place in the array it passes.
 * False with error if the program lacks a location. */
static bool locate(struct collect *c, GError **error)
{
    const struct image *img = c->m->img;
    const struct cpu_litmus *d = c->m->cpu->litmus;
    unsigned n = c->observables->len;
    c->addrs = g_new0(uint64_t, n);
    c->sizes = g_new0(unsigned, n);
    c->wide = g_new0(bool, n);
    c->reg = g_new0(int, n);
    c->values = g_new0(int64_t, n);
    unsigned place[LITMUS_MAX_THREADS] = { 0 };
    for (unsigned i = 0; i < n; i++) {
        const struct litmus_observable *o = g_ptr_array_index(c->observables, i);
        const struct litmus_var *v = litmus_var_of(c->t, o->thread, o->name);
        const char *type = v != NULL ? v->type : NULL;
        if (o->thread >= 0) {
            c->reg[i] = c->c_test ? (int)place[o->thread]++ : d->reg_id(o->name);
            c->wide[i] = type != NULL && wide_type(type);
            continue;
        }
        const struct symbol *s = image_find_symbol(img, o->name);
        if (s == NULL) {
            g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT, "%s: no location %s in the "
                        "program", c->t->file, o->name);
            return false;
        }
        c->addrs[i] = s->addr;
        c->sizes[i] = s->size == 1 || s->size == 2 || s->size == 8 ? (unsigned)s->size : 4;
        c->wide[i] = c->sizes[i] == 8;
    }
    return true;
}

/* As its type reads it: 64 bits, or the low 32 (or fewer) signed. */
static int64_t typed(uint64_t v, bool wide, unsigned size)
{
    switch (wide ? 8 : MIN(size, 4)) {
    case 1: return (int8_t)v;
    case 2: return (int16_t)v;
    case 4: return (int32_t)v;
    default: return (int64_t)v;
    }
}

/* A core is about to run LITMUS_DONE: its registers the condition reads,
 * from the core (assembly) or from the array its first argument points to
 * (C).  The program goes on. */
static bool on_done(void *ctx, unsigned core, uint64_t pc)
{
    struct collect *c = ctx;
    (void)pc;
    const struct core *k = &c->m->cores[core];
    const struct cpu_litmus *d = c->m->cpu->litmus;
    unsigned word = c->m->cpu->word_size;
    uint64_t array = 0;
    if (c->c_test && !machine_core_reg(k, d->reg_id(d->arg0), &array))
        c->unread = d->arg0;
    for (guint i = 0; i < c->observables->len; i++) {
        const struct litmus_observable *o = g_ptr_array_index(c->observables, i);
        if (o->thread != (int)core)
            continue;
        uint64_t v = 0;
        if (!c->c_test) {
            if (!machine_core_reg(k, c->reg[i], &v))
                c->unread = o->name;
        } else if (machine_guest_ptr(c->m, array + (uint64_t)c->reg[i] * word, word) != NULL) {
            v = machine_read(c->m, array + (uint64_t)c->reg[i] * word, word);
        }
        c->values[i] = typed(v, c->wide[i], word);
    }
    return false;
}

static int64_t lookup_value(void *ctx, int thread, const char *name)
{
    struct collect *c = ctx;
    for (guint i = 0; i < c->observables->len; i++) {
        const struct litmus_observable *o = g_ptr_array_index(c->observables, i);
        if (o->thread == thread && strcmp(o->name, name) == 0)
            return c->values[i];
    }
    return 0;
}

static int64_t lookup_address(void *ctx, const char *sym)
{
    struct collect *c = ctx;
    const struct symbol *s = image_find_symbol(c->m->img, sym);
    return s ? (int64_t)s->addr : -1;
}

/* The events of an execution, as herd7 tells executions apart: what each
 * read of each core read (its rf, by the value), and the order of the
 * writes to each location (co).  The harness's own steps (its traps), the
 * order of accesses to different locations, and a core reading again what
 * it read last (a spin) tell none apart.
 *
 * A spin changes nothing: a core that reads a location again and finds what
 * it found last (a load, a load-exclusive, a store-exclusive or an atomic
 * that fails or leaves the value as it was) is in the state it was in.  So
 * an execution where it spins once more than LITMUS_SPIN_CAP times in a row
 * has an equivalent one with one spin fewer, which the search runs too:
 * the run is cut there, and the search's tree stays as small as the spins
 * that matter (each a different place among the other cores' steps). */
#define LITMUS_SPIN_CAP 4

static void execution_begin(void *ctx, const struct run_control *ctl)
{
    struct collect *c = ctx;
    c->ctl = ctl;
    g_array_set_size(c->accesses, 0);
    memset(c->last_read, 0, sizeof c->last_read);
    memset(c->spins, 0, sizeof c->spins);
}

static void execution_event(void *ctx, const struct event *e)
{
    struct collect *c = ctx;
    if (!event_has_addr(e))
        return;
    uint64_t mask = value_mask(e->size);
    bool reads = e->kind == EVENT_LOAD || e->kind == EVENT_LL || e->kind == EVENT_RMW;
    struct access a = { e->addr, c->accesses->len, e->old_value & mask, e->core, 0 };
    if (e->core >= LITMUS_MAX_THREADS)
        return;
    struct access *last = &c->last_read[e->core];
    bool unchanged = event_failed(e) || ((e->kind == EVENT_RMW || e->kind == EVENT_SC) &&
                                         (e->old_value & mask) == (e->new_value & mask));
    bool again = last->addr == a.addr && last->value == a.value &&
                 (e->kind == EVENT_LOAD || e->kind == EVENT_LL || unchanged);
    if (again) {
        if (++c->spins[e->core] > LITMUS_SPIN_CAP)
            control_cut(c->ctl);
        return;
    }
    c->spins[e->core] = 0;
    if (reads)
        g_array_append_val(c->accesses, a);
    *last = a;
    if (!reads || event_stored(e))
        last->addr = 0;         /* the core changed the location: no spin */
    if (event_stored(e)) {
        a.value = e->new_value & mask;
        a.write = 1;
        a.seq = c->accesses->len;
        g_array_append_val(c->accesses, a);
    }
}

/* Reads by core then in order; writes by location then in order. */
static gint access_order(gconstpointer pa, gconstpointer pb)
{
    const struct access *a = pa, *b = pb;
    if (a->write != b->write)
        return a->write < b->write ? -1 : 1;
    uint64_t ka = a->write ? a->addr : a->core, kb = b->write ? b->addr : b->core;
    if (ka != kb)
        return ka < kb ? -1 : 1;
    return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/* Is the run's execution one not counted before?  (It is remembered.) */
static bool new_execution(struct collect *c)
{
    g_array_sort(c->accesses, access_order);
    GChecksum *sum = g_checksum_new(G_CHECKSUM_SHA256);
    for (guint i = 0; i < c->accesses->len; i++) {
        const struct access *a = &g_array_index(c->accesses, struct access, i);
        uint64_t words[4] = { a->write, a->write ? a->addr : a->core, a->addr, a->value };
        g_checksum_update(sum, (const guchar *)words, sizeof words);
    }
    guint8 digest[32];
    gsize len = sizeof digest;
    g_checksum_get_digest(sum, digest, &len);
    g_checksum_free(sum);
    GBytes *key = g_bytes_new(digest, len);
    if (g_hash_table_contains(c->executions, key)) {
        g_bytes_unref(key);
        return false;
    }
    g_hash_table_add(c->executions, key);
    return true;
}

/* An execution completed: its final state counted, once per execution. */
static void completed(void *ctx, struct run *r)
{
    struct collect *c = ctx;
    if (!new_execution(c))
        return;
    unsigned n = c->observables->len;
    for (unsigned i = 0; i < n; i++) {
        const struct litmus_observable *o = g_ptr_array_index(c->observables, i);
        if (o->thread < 0)
            c->values[i] = typed(machine_read(c->m, c->addrs[i], c->sizes[i]), c->wide[i],
                                 c->sizes[i]);
    }
    /* a value compared with an address compares as the address's width */
    if (c->t->filter != NULL &&
        !litmus_cond_eval(c->t->filter, lookup_value, lookup_address, c)) {
        c->out->filtered++;
        return;
    }
    bool holds = litmus_cond_eval(c->t->cond, lookup_value, lookup_address, c);
    if (holds)
        c->out->positive++;
    else
        c->out->negative++;
    char **example = holds ? &c->out->witness : &c->out->counterexample;
    if (*example == NULL)
        *example = g_strdup(run_schedule(r));
    g_autoptr(GBytes) key = g_bytes_new(c->values, n * sizeof *c->values);
    struct litmus_state *s = g_hash_table_lookup(c->states, key);
    if (s == NULL) {
        s = g_new0(struct litmus_state, 1);
        s->values = g_memdup2(c->values, n * sizeof *c->values);
        s->satisfies = holds;
        g_hash_table_insert(c->states, g_bytes_ref(key), s);
    }
    s->count++;
}

static gint by_values(gconstpointer a, gconstpointer b, gpointer n)
{
    const struct litmus_state *x = *(const struct litmus_state *const *)a;
    const struct litmus_state *y = *(const struct litmus_state *const *)b;
    for (unsigned i = 0; i < GPOINTER_TO_UINT(n); i++)
        if (x->values[i] != y->values[i])
            return x->values[i] < y->values[i] ? -1 : 1;
    return 0;
}

/* Why the search's run ended abnormally: replayed to name it (to free). */
static char *abnormal(struct run *r, const struct run_options *ro, GArray *turns)
{
    struct machine *m = r->m;
    g_autoptr(sched) s = sched_new_turns(turns, m->ncores);
    run_program(r, s, ro);
    char *text;
    if (r->end == RUN_FAULT) {
        const struct core *c = &m->cores[r->fault_core];
        g_autofree char *where = image_name_pc(m->img, c->last_pc);
        text = g_strdup_printf("P%d at pc 0x%" G_GINT64_MODIFIER "x (%s): %s", r->fault_core,
                               c->last_pc, where, r->fault);
    } else if (findings_count(&r->found) > 0) {
        text = g_strdup(findings_at(&r->found, 0)->text);
    } else {
        text = g_strdup("no thread can run (a deadlock)");
    }
    g_autofree char *schedule = g_strdup(run_schedule(r));
    run_clear(r);
    char *all = g_strdup_printf("%s (--schedule %s)", text, schedule);
    g_free(text);
    return all;
}

/* The addresses of the test's locations, to print a register that holds
 * one as herd7 does: by the location's name. */
static GHashTable *location_addresses(const struct litmus_test *t, const struct image *img)
{
    GHashTable *names = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, g_free);
    for (guint i = 0; i < t->vars->len; i++) {
        const struct litmus_var *v = g_ptr_array_index(t->vars, i);
        const char *name = v->thread == -1 ? v->name : v->init.is_addr ? v->init.sym : NULL;
        const struct symbol *s = name ? image_find_symbol(img, name) : NULL;
        if (s != NULL)
            g_hash_table_replace(names, g_memdup2(&(gint64){ (gint64)s->addr }, sizeof(gint64)),
                                 g_strdup(name));
    }
    return names;
}

bool litmus_run(const struct litmus_test *t, const char *elf, const struct cpu_ops *cpu,
                const struct litmus_run_options *o, struct litmus_outcome *out, GError **error)
{
    *out = (struct litmus_outcome){ 0 };
    out->observables = litmus_observables(t);
    out->states = g_ptr_array_new_with_free_func(state_free);
    if (!memory_model_check(cpu, o->memory, error))
        return false;
    unsigned most = memory_model_search_cores(memory_model_get(o->memory));
    if (t->threads->len > most) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT,
                    "%s: %u threads: atomsim searches at most %u under --memory %s", t->file,
                    t->threads->len, most, memory_model_name(o->memory));
        return false;
    }
    g_autoptr(image) img = image_load(elf, error);
    if (img == NULL)
        return false;
    out->addresses = location_addresses(t, img);
    g_autoptr(machine) m = machine_new(cpu, img, t->threads->len, error);
    g_autoptr(run) r = m ? run_new(m, error) : NULL;
    if (r == NULL)
        return false;
    struct collect c = { .t = t, .m = m, .observables = out->observables, .out = out, .r = r };
    c.states = g_hash_table_new_full(g_bytes_hash, g_bytes_equal,
                                     (GDestroyNotify)g_bytes_unref, NULL);
    c.accesses = g_array_new(FALSE, FALSE, sizeof(struct access));
    c.executions = g_hash_table_new_full(g_bytes_hash, g_bytes_equal,
                                         (GDestroyNotify)g_bytes_unref, NULL);
    c.c_test = litmus_is_c(t);
    bool ok = locate(&c, error);
    const struct symbol *done = image_find_symbol(img, LITMUS_DONE);
    if (ok && done == NULL) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT, "%s: the program has no "
                    LITMUS_DONE, t->file);
        ok = false;
    }
    struct event_sink sink = { .event = execution_event, .ctx = &c, .begin = execution_begin,
                               .reached = on_done, .watch = done != NULL ? done->addr : 0 };
    if (ok) {
        struct run_options ro = {
            .max_steps = o->max_steps,
            .max_insns = o->max_steps * 64,
            .monitor = MONITOR_ADDRESS,
            .memory = o->memory,
            .report_only = REPORT_CHECKS,
            .await_spins = dfs_awaits_spins(),
            .sinks = &sink,
            .nsinks = 1,
        };
        struct dfs_options dopt = { .bound = UINT_MAX, .max_runs = o->max_runs,
                                    .time_limit = o->time_limit, .shards = 1,
                                    .completed = completed, .completed_ctx = &c };
        struct dfs_result res;
        dfs_search(r, &ro, 0, &dopt, &res);
        out->runs = res.runs;
        out->out_of_budget = res.out_of_budget;
        out->exhausted = res.exhausted && !res.distinct_capped;
        out->seconds = res.seconds;
        if (res.found != NULL) {
            g_autofree char *why = abnormal(r, &ro, res.found);
            g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT, "%s: an execution failed: %s",
                        t->file, why);
            ok = false;
        }
        dfs_result_clear(&res);
    }
    if (ok && c.unread != NULL) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT, "%s: cannot read register %s",
                    t->file, c.unread);
        ok = false;
    }
    GHashTableIter it;
    gpointer key, value;
    g_hash_table_iter_init(&it, c.states);
    while (g_hash_table_iter_next(&it, &key, &value))
        g_ptr_array_add(out->states, value);
    g_ptr_array_sort_with_data(out->states, by_values, GUINT_TO_POINTER(c.observables->len));
    g_hash_table_unref(c.states);
    g_hash_table_unref(c.executions);
    g_array_unref(c.accesses);
    g_free(c.addrs);
    g_free(c.sizes);
    g_free(c.wide);
    g_free(c.reg);
    g_free(c.values);
    return ok;
}

void litmus_outcome_clear(struct litmus_outcome *out)
{
    if (out->addresses)
        g_hash_table_unref(out->addresses);
    if (out->observables)
        g_ptr_array_unref(out->observables);
    if (out->states)
        g_ptr_array_unref(out->states);
    g_free(out->witness);
    g_free(out->counterexample);
    *out = (struct litmus_outcome){ 0 };
}

const char *litmus_observation(const struct litmus_outcome *out)
{
    if (out->positive == 0)
        return "Never";
    return out->negative == 0 ? "Always" : "Sometimes";
}
