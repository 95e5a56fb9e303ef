/* report-json.c — see report-json.h.  Addresses and pcs are numbers, with
 * the symbol+offset a person would read beside them. */
#include <json-glib/json-glib.h>

#include "config.h"
#include "report-json.h"

static void add_place(JsonBuilder *b, const struct machine *m, const char *member,
                      const char *name_member, uint64_t addr)
{
    g_autofree char *name = image_name_addr(m->img, addr);
    json_builder_set_member_name(b, member);
    json_builder_add_int_value(b, (gint64)addr);
    json_builder_set_member_name(b, name_member);
    json_builder_add_string_value(b, name);
}

/* "source": "counter.c:23", the line of line_pc, if DWARF gives one. */
static void add_source(JsonBuilder *b, const struct machine *m, uint64_t line_pc)
{
    g_autofree char *line = image_source_line(m->img, line_pc);
    if (line == NULL)
        return;
    json_builder_set_member_name(b, "source");
    json_builder_add_string_value(b, line);
}

static void add_int(JsonBuilder *b, const char *member, gint64 v)
{
    json_builder_set_member_name(b, member);
    json_builder_add_int_value(b, v);
}

static void add_string(JsonBuilder *b, const char *member, const char *v)
{
    json_builder_set_member_name(b, member);
    json_builder_add_string_value(b, v);
}

static void add_access(JsonBuilder *b, const struct machine *m, const char *member,
                       const struct finding_access *a)
{
    json_builder_set_member_name(b, member);
    json_builder_begin_object(b);
    add_int(b, "core", a->core);
    add_int(b, "step", (gint64)a->step);
    add_place(b, m, "pc", "where", a->pc);
    add_source(b, m, a->pc);
    add_int(b, "value", (gint64)a->value);
    json_builder_end_object(b);
}

static void add_finding(JsonBuilder *b, const struct machine *m, const struct finding *f)
{
    json_builder_begin_object(b);
    add_string(b, "kind", finding_kind_name(f->kind));
    add_int(b, "core", f->core);
    add_string(b, "text", f->text);
    if (f->kind == FINDING_LOST_UPDATE || f->kind == FINDING_MONITOR_DIVERGENCE) {
        add_place(b, m, "address", "variable", f->addr);
        add_int(b, "size", f->size);
        add_access(b, m, "read", &f->access[0]);
        add_access(b, m, "write", &f->access[1]);
        add_access(b, m, "store", &f->access[2]);
    } else {
        add_place(b, m, "pc", "where", f->pc);
        /* a check's pc is the return address of its call: the call's line */
        add_source(b, m, f->kind == FINDING_CHECK_FAILED ? f->pc - 1 : f->pc);
        add_string(b, "message", f->message);
    }
    json_builder_end_object(b);
}

struct json_reads {
    GArray *loads;      /* struct event */
};

struct json_reads *json_reads_new(void)
{
    struct json_reads *j = g_new0(struct json_reads, 1);
    j->loads = g_array_new(FALSE, FALSE, sizeof(struct event));
    return j;
}

void json_reads_free(struct json_reads *j)
{
    if (j == NULL)
        return;
    g_array_unref(j->loads);
    g_free(j);
}

static void reads_begin(void *ctx, const struct run_control *ctl)
{
    (void)ctl;
    struct json_reads *j = ctx;
    g_array_set_size(j->loads, 0);
}

static void reads_event(void *ctx, const struct event *e)
{
    struct json_reads *j = ctx;
    if (e->kind == EVENT_LOAD && (e->older > 0 || e->predicted))
        g_array_append_val(j->loads, *e);
}

struct event_sink json_reads_sink(struct json_reads *j)
{
    return (struct event_sink){ .event = reads_event, .ctx = j, .begin = reads_begin };
}

/* Each load that read a write other than the newest: which, and how many
 * newer ones it passed over. */
static void add_reads(JsonBuilder *b, const struct machine *m, const struct json_reads *j)
{
    json_builder_set_member_name(b, "reads");
    json_builder_begin_array(b);
    for (guint i = 0; j != NULL && i < j->loads->len; i++) {
        const struct event *e = &g_array_index(j->loads, struct event, i);
        json_builder_begin_object(b);
        add_int(b, "step", (gint64)e->step);
        add_int(b, "core", e->core);
        add_place(b, m, "pc", "where", e->pc);
        add_source(b, m, e->pc);
        add_place(b, m, "address", "variable", e->addr);
        add_int(b, "size", e->size);
        add_int(b, "value", (gint64)e->new_value);
        json_builder_set_member_name(b, "write");
        json_builder_add_string_value(b, e->predicted ? "still to come" : "older");
        add_int(b, "newer_skipped", e->predicted ? 0 : e->newer);
        json_builder_set_member_name(b, "from");
        if (e->predicted || e->from_core == EVENT_UNSEEN_WRITER) {
            json_builder_add_null_value(b);
        } else {
            json_builder_begin_object(b);
            add_int(b, "core", e->from_core);
            add_int(b, "step", e->from_step);
            json_builder_end_object(b);
        }
        json_builder_end_object(b);
    }
    json_builder_end_array(b);
}

static void add_statistics(JsonBuilder *b, const struct report_options *o,
                           const struct machine *m)
{
    json_builder_set_member_name(b, "statistics");
    json_builder_begin_object(b);
    add_int(b, "instructions", (gint64)o->insns);
    add_int(b, "steps", (gint64)o->steps);
    json_builder_set_member_name(b, "cores");
    json_builder_begin_array(b);
    for (unsigned i = 0; i < m->ncores; i++) {
        const struct core *c = &m->cores[i];
        json_builder_begin_object(b);
        add_int(b, "core", i);
        add_int(b, "instructions", (gint64)c->insns);
        add_int(b, "steps", (gint64)c->steps);
        json_builder_set_member_name(b, "exit");
        if (c->state == CORE_EXITED)
            json_builder_add_int_value(b, c->exit_code);
        else
            json_builder_add_null_value(b);
        json_builder_end_object(b);
    }
    json_builder_end_array(b);
    json_builder_end_object(b);
}

static void add_locks(JsonBuilder *b, const struct machine *m, struct lockstat *ls)
{
    GArray *locks = lockstat_locks(ls);
    json_builder_set_member_name(b, "locks");
    json_builder_begin_array(b);
    for (guint i = 0; locks && i < locks->len; i++) {
        const struct lock_stats *s = &g_array_index(locks, struct lock_stats, i);
        g_autofree char *name = lockstat_lock_name(ls, s);
        json_builder_begin_object(b);
        add_string(b, "lock", name);
        add_int(b, "address", (gint64)s->addr);
        json_builder_set_member_name(b, "table");
        if (s->table)
            json_builder_add_string_value(b, s->table);
        else
            json_builder_add_null_value(b);
        json_builder_set_member_name(b, "bucket");
        if (s->table)
            json_builder_add_int_value(b, s->bucket);
        else
            json_builder_add_null_value(b);
        add_int(b, "acquisitions", (gint64)s->acquisitions);
        add_int(b, "contended", (gint64)s->contended);
        add_int(b, "spins", (gint64)s->spins);
        add_int(b, "wait_total", (gint64)s->wait_total);
        add_int(b, "wait_max", (gint64)s->wait_max);
        add_int(b, "hold_total", (gint64)s->hold_total);
        add_int(b, "hold_max", (gint64)s->hold_max);
        add_int(b, "false_contention", (gint64)s->false_contention);
        json_builder_set_member_name(b, "collisions");
        json_builder_begin_array(b);
        for (guint k = 0; k < s->pairs->len; k++) {
            const struct lock_pair *p = &g_array_index(s->pairs, struct lock_pair, k);
            g_autofree char *holder = image_name_addr(m->img, p->holder_var);
            g_autofree char *waiter = image_name_addr(m->img, p->waiter_var);
            json_builder_begin_object(b);
            add_string(b, "holder_variable", holder);
            add_string(b, "waiter_variable", waiter);
            add_int(b, "count", p->count);
            json_builder_end_object(b);
        }
        json_builder_end_array(b);
        json_builder_end_object(b);
    }
    json_builder_end_array(b);
}

static void add_bool(JsonBuilder *b, const char *member, bool v)
{
    json_builder_set_member_name(b, member);
    json_builder_add_boolean_value(b, v);
}

/* "explored": the search in numbers (report_search; doc/report.schema.json). */
static void add_search(JsonBuilder *b, const struct report_search *s)
{
    json_builder_set_member_name(b, "explored");
    json_builder_begin_object(b);
    add_string(b, "strategy", s->dfs ? "dfs" : "runs");
    add_int(b, "shard", s->shard);
    add_int(b, "shards", s->shards);
    add_int(b, "runs", s->runs);
    add_int(b, "out_of_budget", s->out_of_budget);
    if (s->dfs) {
        add_string(b, "bound", s->bound);
        add_bool(b, "found", s->found);
        add_bool(b, "exhausted", s->exhausted);
        add_bool(b, "nondet", s->nondet);
        add_int(b, "distinct", s->distinct);
    } else {
        json_builder_set_member_name(b, "seeds");
        json_builder_begin_object(b);
        add_int(b, "first", s->first_seed);
        add_int(b, "count", (gint64)s->seeds);
        json_builder_end_object(b);
        add_bool(b, "keep_going", s->keep_going);
        add_bool(b, "timed_out", s->timed_out);
        add_int(b, "assumed", s->assumed);
        add_int(b, "unfulfilled", s->unfulfilled);
        json_builder_set_member_name(b, "failing_seeds");
        json_builder_begin_array(b);
        for (unsigned i = 0; i < s->nfailing; i++)
            json_builder_add_int_value(b, s->failing[i]);
        json_builder_end_array(b);
    }
    json_builder_set_member_name(b, "seconds");
    json_builder_add_double_value(b, s->seconds);
    json_builder_end_object(b);
}

gboolean report_json_write(const char *path, const struct machine *m, struct lockstat *ls,
                           const struct report_options *o, GError **error)
{
    g_autoptr(JsonBuilder) b = json_builder_new();
    json_builder_begin_object(b);
    add_string(b, "atomsim", PACKAGE_VERSION);
    add_string(b, "program", m->img->path);
    add_string(b, "cpu", m->cpu->name);
    add_int(b, "cores", m->ncores);
    json_builder_set_member_name(b, "options");
    json_builder_begin_object(b);
    add_string(b, "schedule", o->sched);
    add_string(b, "monitor", monitor_policy_name(o->monitor));
    add_string(b, "memory", memory_model_name(o->memory));
    add_int(b, "max_steps", (gint64)o->max_steps);
    add_int(b, "max_insns", (gint64)o->max_insns);
    json_builder_set_member_name(b, "lock_table_size");
    if (o->lock_table_size)
        json_builder_add_int_value(b, o->lock_table_size);
    else
        json_builder_add_null_value(b);
    add_int(b, "spin_limit", (gint64)o->spin_limit);
    add_int(b, "sc_fail_limit", (gint64)o->sc_fail_limit);
    json_builder_set_member_name(b, "faults");
    json_builder_begin_array(b);
    for (const char *const *f = o->faults; f && *f; f++)
        json_builder_add_string_value(b, *f);
    json_builder_end_array(b);
    json_builder_set_member_name(b, "inject");
    json_builder_add_boolean_value(b, o->inject);
    json_builder_end_object(b);
    if (o->search) {
        add_string(b, "search", o->search->summary);
        add_search(b, o->search);
    }
    add_string(b, "reproduce", o->reproduce);
    add_string(b, "schedule", o->schedule);
    add_string(b, "result", o->result);
    add_int(b, "exit_status", o->exit_status);
    json_builder_set_member_name(b, "fault");
    if (o->fault)
        json_builder_add_string_value(b, o->fault);
    else
        json_builder_add_null_value(b);
    add_int(b, "findings_total", findings_count(o->findings));
    json_builder_set_member_name(b, "findings");
    json_builder_begin_array(b);
    for (unsigned i = 0; i < findings_count(o->findings); i++)
        add_finding(b, m, findings_at(o->findings, i));
    json_builder_end_array(b);
    add_reads(b, m, o->reads);
    add_locks(b, m, ls);
    add_statistics(b, o, m);
    json_builder_end_object(b);

    g_autoptr(JsonNode) root = json_builder_get_root(b);
    return report_json_save(path, root, error);
}

gboolean report_json_save(const char *path, JsonNode *root, GError **error)
{
    g_autoptr(JsonGenerator) gen = json_generator_new();
    json_generator_set_root(gen, root);
    json_generator_set_pretty(gen, TRUE);
    return json_generator_to_file(gen, path, error);
}
