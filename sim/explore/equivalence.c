/* equivalence.c — see equivalence.h. */
#include <string.h>
#include "equivalence.h"
#include "footprint.h"
#include "core/control.h"
#include "core/guest-abi.h"
#include "sched/scheduler.h"

/* Steps are taken by agents: core i runs (agent i) or drains its k-th
 * oldest buffered store (agent n * (1 + k) + i), as the scheduler chooses
 * them (SCHED_CHOICES).  A drain the core's next instruction needed is part of
 * that instruction's step, not a step of its own. */
struct step {
    uint32_t core;              /* the agent */
    uint32_t level;
    /* a load's read (event.h): the write `older` places before the newest it
     * could read, of 1 + could_older, the oldest `telling` out of order */
    uint8_t older, could_older, telling;
    bool may_predict;           /* a load that could read a write still to come */
    bool draws;                 /* a call that drew a value (addr: the call, size: its
                                   argument; value: what it drew) */
    bool commutes;              /* it commutes with every step of every agent */
    bool held;                  /* no other agent could have taken it (EVENT_HELD) */
    uint8_t size;               /* its access, and the value it read */
    uint64_t addr, value;
    uint32_t seq;               /* its agent's levels up to it, interned */
    uint64_t could_run;         /* the agents that could take a step (a mask) */
};

struct equivalence {
    const struct run_control *ctl;     /* of the run under way */
    struct machine *m;
    unsigned agents;            /* SCHED_CHOICES(cores, slots) */
    struct footprint_rules rules;
    GArray *steps;              /* struct step: the last run's, in order */
    uint32_t *core_level;       /* each core's last step's level */
    /* the highest level of any step, of a step that commutes with nothing,
     * of a write, of a read of all memory */
    uint32_t max_level, all_level, write_level, read_all_level;
    /* word -> the highest level of a write to it (high half) and of any
     * access (low half) */
    GHashTable *words;
    /* Every core's list of levels so far, interned: (the id of the list
     * without its last level, that level) -> the list's id.  Id 0 is the
     * empty list.  Equal ids mean equal lists, exactly, across runs. */
    GHashTable *seqs;
    uint32_t *core_seq;         /* each core's list in this run */
    /* each core's drains its next instruction forced, not yet folded into
     * that instruction's step */
    struct footprint *forced;
    /* the prefixes explored already (equivalence_watch) */
    equivalence_explored_fn explored;
    void *explored_ctx;
    uint64_t watch_from;
    bool cut;
    uint64_t *seen;             /* each agent's steps and the values they saw, digested */
    uint64_t drainable;         /* the drain agents that could run after the last step */
    uint64_t running;           /* the cores running before the step under way's
                                   forced drains (which may wake some), and */
    bool forcing;               /* that it had some */
    /* the values loads read from writes still to come, by code
     * (EQUIVALENCE_PREDICTED + index) */
    GArray *predicted;
    GArray *writes;             /* struct write: the last run's, in order (views) */
};

/* A write that became visible, at the step of index `step` (a forced
 * drain: the step of the instruction that forced it). */
struct write {
    uint64_t step;
    unsigned core;
    uint8_t size;
    uint64_t addr, value;
};

static uint64_t word_levels(const struct equivalence *eq, uint64_t word)
{
    return (uint64_t)(uintptr_t)g_hash_table_lookup(eq->words, (gpointer)(uintptr_t)word);
}

/* The highest level of an earlier access to range r that r does not
 * commute with: a read follows the last write of its words, a write every
 * access. */
static uint32_t range_level(const struct equivalence *eq, const struct word_range *r)
{
    uint32_t level = 0;
    for (uint64_t w = r->first; w <= r->last; w++) {
        uint64_t v = word_levels(eq, w);
        level = MAX(level, r->write ? (uint32_t)v : (uint32_t)(v >> 32));
    }
    return level;
}

static void range_record(struct equivalence *eq, const struct word_range *r, uint32_t level)
{
    for (uint64_t w = r->first; w <= r->last; w++) {
        uint64_t v = word_levels(eq, w);
        uint64_t written = r->write ? MAX(v >> 32, level) : v >> 32;
        uint64_t touched = MAX((uint32_t)v, level);
        g_hash_table_insert(eq->words, (gpointer)(uintptr_t)w,
                            (gpointer)(uintptr_t)(written << 32 | touched));
    }
}

/* One more than the highest level of an earlier step that f does not
 * commute with, then the record of those levels updated. */
static uint32_t take_level(struct equivalence *eq, unsigned core, const struct footprint *f)
{
    uint32_t level = MAX(eq->core_level[core], eq->all_level);
    bool writes = writes_visible(f);
    if (f->all)
        level = eq->max_level;
    if (f->reads_all)
        level = MAX(level, eq->write_level);
    if (writes)
        level = MAX(level, eq->read_all_level);
    for (unsigned i = 0; i < f->nranges; i++)
        level = MAX(level, range_level(eq, &f->range[i]));
    level++;
    for (unsigned i = 0; i < f->nranges; i++)
        range_record(eq, &f->range[i], level);
    if (f->all)
        eq->all_level = level;
    if (writes)
        eq->write_level = MAX(eq->write_level, level);
    if (f->reads_all)
        eq->read_all_level = MAX(eq->read_all_level, level);
    eq->max_level = MAX(eq->max_level, level);
    eq->core_level[core] = level;
    return level;
}

/* A 64-bit mix (splitmix64's finaliser), so that direct keys hash well. */
static guint mix_hash(gconstpointer key)
{
    uint64_t x = (uint64_t)(uintptr_t)key;
    x = (x ^ x >> 30) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ x >> 27) * 0x94d049bb133111ebull;
    return (guint)(x ^ x >> 31);
}

/* A step's read choice beside its level or its agent, in one word. */
#define OLDER_SHIFT 27
/* The code values share past the first ones (predicted_code). */
#define OLDER_OVERFLOW 31u

/* Ids that no list interned has: counted down from the top, and never
 * reused, so that a name holding one equals no other. */
static gint unique_ids = -1;

static uint32_t unique_id(void)
{
    return (uint32_t)g_atomic_int_add(&unique_ids, -1);
}

/* A name whose next step reads a value with the shared code is made equal
 * to no other: the code does not tell which value. */
static void unique_name(uint32_t *name, unsigned older)
{
    if (older == OLDER_OVERFLOW)
        name[0] = unique_id();
}
static uint32_t with_older(uint32_t word, unsigned older)
{
    g_assert(word < 1u << OLDER_SHIFT);
    return word | (uint32_t)older << OLDER_SHIFT;
}

/* The id of list `seq` followed by `level` (its step reading the write
 * `older` places before the newest). */
static uint32_t intern(struct equivalence *eq, uint32_t seq, uint32_t level, unsigned older)
{
    if (older == OLDER_OVERFLOW)
        return unique_id();     /* the code does not tell which value */
    gpointer key = (gpointer)(uintptr_t)((uint64_t)seq << 32 | with_older(level, older));
    gpointer id = g_hash_table_lookup(eq->seqs, key);
    if (id == NULL) {
        id = GUINT_TO_POINTER(g_hash_table_size(eq->seqs) + 1);
        g_hash_table_insert(eq->seqs, key, id);
    }
    return GPOINTER_TO_UINT(id);
}

static void equivalence_begin(void *ctx, const struct run_control *ctl)
{
    struct equivalence *eq = ctx;
    eq->ctl = ctl;
    g_array_set_size(eq->steps, 0);
    g_array_set_size(eq->writes, 0);
    memset(eq->core_level, 0, eq->agents * sizeof *eq->core_level);
    memset(eq->core_seq, 0, eq->agents * sizeof *eq->core_seq);
    memset(eq->forced, 0, eq->m->ncores * sizeof *eq->forced);
    eq->max_level = eq->all_level = eq->write_level = eq->read_all_level = 0;
    g_hash_table_remove_all(eq->words);
    eq->cut = false;
    memset(eq->seen, 0, eq->agents * sizeof *eq->seen);
    eq->drainable = 0;
    eq->forcing = false;
}

/* The drain agents that could take a step: agent n * (1 + k) + i for core
 * i's k-th oldest buffered store, if it may drain (a mask). */
static uint64_t could_drain(const struct store_buffers *sb, unsigned n)
{
    uint64_t mask = 0;
    for (uint64_t cores = sb->nonempty; cores != 0; cores &= cores - 1) {
        unsigned i = (unsigned)__builtin_ctzll(cores);
        for (uint32_t can = store_buffers_drainable(sb, i); can != 0; can &= can - 1)
            mask |= 1ull << (n * (1 + (unsigned)__builtin_ctz(can)) + i);
    }
    return mask;
}

/* What e did and saw, added to its agent's digest: the same in every run
 * of one trace, if steps that commute do.  A buffered store's value before
 * is left out: it is what the core happened to see, not a read (it
 * touches no memory word). */
static void digest_event(struct equivalence *eq, unsigned agent, const struct event *e)
{
    uint64_t mask = value_mask(e->size ? e->size : 8);
    uint64_t before = (e->flags & EVENT_BUFFERED) || e->kind == EVENT_TRAP ? 0 : e->old_value;
    uint64_t after = e->kind == EVENT_TRAP ? 0 : e->new_value;
    uint64_t parts[] = { e->kind, e->flags & (EVENT_SUCCESS | EVENT_DRAINED), e->addr, e->size,
                         before & mask, after & mask, e->kind == EVENT_TRAP ? e->old_value : 0 };
    uint64_t h = eq->seen[agent];
    for (size_t i = 0; i < G_N_ELEMENTS(parts); i++)
        h = (h ^ parts[i]) * 0x100000001b3ull + 0x9e3779b97f4a7c15ull;     /* FNV-like */
    eq->seen[agent] = h;
}

/* The code of a load that read value from a write still to come. */
static uint8_t predicted_code(struct equivalence *eq, uint64_t value)
{
    guint i = 0;
    while (i < eq->predicted->len && g_array_index(eq->predicted, uint64_t, i) != value)
        i++;
    if (i == eq->predicted->len)
        g_array_append_val(eq->predicted, value);
    /* beyond the codes a name holds, values share one, and a name with it
     * is never equal to another (intern, unique_name) */
    return (uint8_t)(EQUIVALENCE_PREDICTED + MIN(i, OLDER_OVERFLOW - EQUIVALENCE_PREDICTED));
}

static void equivalence_event(void *ctx, const struct event *e)
{
    struct equivalence *eq = ctx;
    struct footprint f = footprint_of(&eq->rules, e);
    unsigned n = eq->m->ncores;
    if (eq->rules.views && event_stored(e) && !event_failed(e)) {
        struct write w = { eq->steps->len, e->core, e->size, e->addr,
                           e->new_value & value_mask(e->size ? e->size : 8) };
        g_array_append_val(eq->writes, w);
    }
    unsigned agent = sched_choice(n, e->core, e->flags & EVENT_DRAINED, e->slot);
    /* a forced drain is part of its core's step */
    digest_event(eq, e->flags & EVENT_FORCED ? e->core : agent, e);
    if (e->flags & EVENT_FORCED) {
        /* it arrives before the event of the instruction that forced it */
        footprint_join(&eq->forced[e->core], &f);
        if (!eq->forcing)
            eq->running = machine_running(eq->m);
        eq->forcing = true;
        return;
    }
    if (!(e->flags & EVENT_DRAINED)) {
        footprint_join(&f, &eq->forced[e->core]);
        eq->forced[e->core] = (struct footprint){ 0 };
    }
    struct step s = { .core = agent, .addr = e->addr, .size = e->size,
                      .value = e->new_value & value_mask(e->size ? e->size : 8) };
    if (e->kind == EVENT_TRAP && guest_call_draws(eq->m->cpu, e->old_value) != DRAW_NONE) {
        /* the value drawn is the step's choice, as a load's read is */
        s.draws = true;
        s.addr = e->old_value;
        s.value = e->new_value;
        s.older = predicted_code(eq, s.value);
    }
    if (e->kind == EVENT_LOAD && !(e->flags & EVENT_DRAINED)) {
        s.older = e->predicted ? predicted_code(eq, s.value) : e->older;
        s.could_older = e->could_older;
        s.telling = e->telling;
        s.may_predict = e->may_predict;
    }
    /* An atomic section's bounds touch nothing, but a core in one keeps
     * the others from running */
    s.commutes = !f.all && !f.reads_all && f.nranges == 0 &&
                 !(e->kind == EVENT_TRAP &&
                   guest_call_reach(eq->m->cpu, e->old_value) == REACH_ATOMIC);
    if (!eq->cut && eq->explored != NULL && eq->steps->len >= eq->watch_from) {
        uint32_t *name = g_new(uint32_t, eq->agents + 1);
        memcpy(name, eq->core_seq, eq->agents * sizeof *name);
        name[eq->agents] = with_older(agent, s.older);
        unique_name(name, s.older);
        if (eq->explored(eq->explored_ctx, name)) {
            eq->cut = true;     /* an equivalent prefix, explored before */
            control_cut(eq->ctl);
        }
    }
    s.level = take_level(eq, agent, &f);
    s.seq = eq->core_seq[agent] = intern(eq, eq->core_seq[agent], s.level, s.older);
    /* Only a trap changes which cores run, and it is seen before it is
     * carried out: the cores running now are those that could take this
     * step.  A step's event comes after its effect on the buffers (a push,
     * a drain, the drains it forced): the drains that could have been
     * chosen instead of it are those that could after the step before. */
    s.held = e->flags & EVENT_HELD;
    uint64_t running = eq->forcing ? eq->running : machine_running(eq->m);
    eq->forcing = false;
    s.could_run = s.held ? 1ull << agent : running | eq->drainable;
    eq->drainable = could_drain(eq->ctl->buffers, n);
    g_array_append_val(eq->steps, s);
}

struct equivalence *equivalence_new(struct machine *m, const struct memory_model_ops *model,
                                    bool commute)
{
    struct equivalence *eq = g_new0(struct equivalence, 1);
    eq->m = m;
    /* drains are agents only where stores wait in buffers: under sc the
     * agents are the cores, up to 64 of them (one bit each in could_run) */
    eq->agents = model->buffers ? SCHED_CHOICES(m->ncores, memory_model_drain_slots(model))
                                : m->ncores;
    g_assert(m->ncores <= memory_model_search_cores(model));
    eq->rules = (struct footprint_rules){ m->cpu, commute, model->buffers, model->views };
    eq->forced = g_new0(struct footprint, m->ncores);
    eq->seen = g_new0(uint64_t, eq->agents);
    eq->steps = g_array_new(FALSE, FALSE, sizeof(struct step));
    eq->core_level = g_new0(uint32_t, eq->agents);
    eq->words = g_hash_table_new(g_direct_hash, g_direct_equal);
    eq->seqs = g_hash_table_new(mix_hash, g_direct_equal);
    eq->core_seq = g_new0(uint32_t, eq->agents);
    eq->predicted = g_array_new(FALSE, FALSE, sizeof(uint64_t));
    eq->writes = g_array_new(FALSE, FALSE, sizeof(struct write));
    return eq;
}

void equivalence_free(struct equivalence *eq)
{
    if (eq == NULL)
        return;
    g_array_free(eq->steps, TRUE);
    g_free(eq->core_level);
    g_hash_table_destroy(eq->words);
    g_hash_table_destroy(eq->seqs);
    g_free(eq->core_seq);
    g_free(eq->forced);
    g_free(eq->seen);
    g_array_free(eq->predicted, TRUE);
    g_array_free(eq->writes, TRUE);
    g_free(eq);
}

struct event_sink equivalence_sink(struct equivalence *eq)
{
    return (struct event_sink){ .event = equivalence_event, .ctx = eq, .begin = equivalence_begin };
}

void equivalence_watch(struct equivalence *eq, uint64_t from, equivalence_explored_fn explored,
                       void *ctx)
{
    eq->watch_from = from;
    eq->explored = explored;
    eq->explored_ctx = ctx;
}

bool equivalence_cut(const struct equivalence *eq)
{
    return eq->cut;
}

uint64_t equivalence_steps(const struct equivalence *eq)
{
    return eq->steps->len;
}

unsigned equivalence_agents(const struct equivalence *eq)
{
    return eq->agents;
}

static const struct step *step_at(const struct equivalence *eq, uint64_t step)
{
    g_assert(step < eq->steps->len);
    return &g_array_index(eq->steps, struct step, step);
}

unsigned equivalence_core(const struct equivalence *eq, uint64_t step)
{
    return step_at(eq, step)->core;
}

bool equivalence_could_run(const struct equivalence *eq, uint64_t step, unsigned core)
{
    return core < 64 && (step_at(eq, step)->could_run >> core & 1);
}

bool equivalence_commutes(const struct equivalence *eq, uint64_t step)
{
    /* another agent's step before it is the same as one right after it
     * only where one could come right after it */
    return step_at(eq, step)->commutes &&
           (step + 1 >= eq->steps->len || !step_at(eq, step + 1)->held);
}

unsigned equivalence_older(const struct equivalence *eq, uint64_t step, unsigned *could,
                           unsigned *telling)
{
    const struct step *s = step_at(eq, step);
    *could = s->could_older;
    *telling = s->telling;
    return s->older;
}

bool equivalence_chosen_value(const struct equivalence *eq, uint64_t step, uint64_t *value)
{
    const struct step *s = step_at(eq, step);
    *value = s->value;
    return s->older >= EQUIVALENCE_PREDICTED;
}

unsigned equivalence_predictions(struct equivalence *eq, uint64_t step, unsigned *older,
                                 uint64_t *values, unsigned max)
{
    const struct step *load = step_at(eq, step);
    unsigned n = 0;
    if (load->draws) {
        uint64_t domain_values[GUEST_DOMAIN_MAX];
        unsigned domain = guest_call_domain(eq->m, load->addr, load->size, domain_values);
        for (unsigned i = 0; i < domain && n < max; i++)
            if (domain_values[i] != load->value) {
                values[n] = domain_values[i];
                older[n++] = predicted_code(eq, domain_values[i]);
            }
        return n;
    }
    if (!load->may_predict)
        return 0;
    for (guint i = 0; i < eq->writes->len && n < max; i++) {
        const struct write *w = &g_array_index(eq->writes, struct write, i);
        if (w->step <= step || w->core == load->core || w->addr != load->addr ||
            w->size != load->size || w->value == load->value)
            continue;
        unsigned k = 0;
        while (k < n && values[k] != w->value)
            k++;
        if (k == n) {
            values[n] = w->value;
            older[n++] = predicted_code(eq, w->value);
        }
    }
    return n;
}

unsigned equivalence_interned(const struct equivalence *eq)
{
    return g_hash_table_size(eq->seqs);
}

void equivalence_forget(struct equivalence *eq)
{
    g_hash_table_remove_all(eq->seqs);
}

void name_cursor_init(struct name_cursor *nc, const struct equivalence *eq)
{
    nc->eq = eq;
    nc->steps = 0;
    nc->seq = g_new0(uint32_t, eq->agents);
}

void name_cursor_clear(struct name_cursor *nc)
{
    g_clear_pointer(&nc->seq, g_free);
}

void name_cursor_to(struct name_cursor *nc, uint64_t steps)
{
    g_assert(steps >= nc->steps);
    for (; nc->steps < steps; nc->steps++) {
        const struct step *s = step_at(nc->eq, nc->steps);
        nc->seq[s->core] = s->seq;
    }
}

uint32_t *name_cursor_name(const struct name_cursor *nc, unsigned next_core, unsigned older)
{
    unsigned n = nc->eq->agents;
    uint32_t *name = g_new(uint32_t, n + 1);
    memcpy(name, nc->seq, n * sizeof *name);
    name[n] = with_older(next_core, older);
    unique_name(name, older);
    return name;
}

static void string_free(gpointer p)
{
    g_string_free(p, TRUE);
}

char *equivalence_trace_text(const struct equivalence *eq)
{
    g_autoptr(GPtrArray) lists = g_ptr_array_new_with_free_func(string_free);
    for (unsigned a = 0; a < eq->agents; a++)
        g_ptr_array_add(lists, g_string_new(NULL));
    for (guint i = 0; i < eq->steps->len; i++) {
        const struct step *s = &g_array_index(eq->steps, struct step, i);
        GString *list = g_ptr_array_index(lists, s->core);
        if (list->len == 0)
            g_string_append_printf(list, "%u:%u", s->core, s->level);
        else
            g_string_append_printf(list, ",%u", s->level);
        if (s->older >= EQUIVALENCE_PREDICTED)
            g_string_append_printf(list, "=%" G_GUINT64_FORMAT, s->value);
        else if (s->older > 0)
            g_string_append_printf(list, "~%u", s->older);
    }
    GString *text = g_string_new(NULL);
    for (unsigned a = 0; a < eq->agents; a++) {
        const GString *list = g_ptr_array_index(lists, a);
        if (list->len > 0)
            g_string_append_printf(text, "%s%s", text->len ? " " : "", list->str);
    }
    return g_string_free(text, FALSE);
}

uint64_t equivalence_values_digest(const struct equivalence *eq)
{
    uint64_t h = 0;
    for (unsigned a = 0; a < eq->agents; a++)
        h = (h ^ eq->seen[a]) * 0x100000001b3ull + a;
    return h;
}
