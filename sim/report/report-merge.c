/* report-merge.c — see report-merge.h.  The reports come from files a
 * user names, perhaps hand-edited or cut short: every member is checked
 * for its type before it is read, and what is wrong is said with the
 * file's name. */
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "report-merge.h"

/* One shard's report, its members read. */
struct shard {
    const char *name;
    JsonObject *root, *explored;
    gint64 shard, shards, runs, out_of_budget;
    double seconds;
    /* --runs */
    gint64 first_seed, seeds, assumed, unfulfilled;
    bool keep_going, timed_out;
    GArray *failing;            /* int64_t, ascending */
    /* dfs */
    const char *bound;
    bool found, exhausted, nondet;
    gint64 distinct;
};

static bool fail(GError **error, const char *name, const char *fmt, ...) G_GNUC_PRINTF(3, 4);
static bool fail(GError **error, const char *name, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    g_autofree char *what = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE, "%s: %s", name, what);
    return false;
}

/* The member `member` of o, if it holds a value of type (G_TYPE_INT64,
 * G_TYPE_BOOLEAN, G_TYPE_STRING, G_TYPE_DOUBLE: an integer too), else
 * NULL. */
static JsonNode *value_of(JsonObject *o, const char *member, GType type)
{
    JsonNode *n = json_object_get_member(o, member);
    if (n == NULL || !JSON_NODE_HOLDS_VALUE(n))
        return NULL;
    GType t = json_node_get_value_type(n);
    return t == type || (type == G_TYPE_DOUBLE && t == G_TYPE_INT64) ? n : NULL;
}

static bool get_int(JsonObject *o, const char *member, gint64 *v, const char *name,
                    GError **error)
{
    JsonNode *n = value_of(o, member, G_TYPE_INT64);
    if (n == NULL || (*v = json_node_get_int(n)) < 0)
        return fail(error, name, "\"%s\" is not a whole number of 0 or more", member);
    return true;
}

static bool get_bool(JsonObject *o, const char *member, bool *v, const char *name,
                     GError **error)
{
    JsonNode *n = value_of(o, member, G_TYPE_BOOLEAN);
    if (n == NULL)
        return fail(error, name, "\"%s\" is not true or false", member);
    *v = json_node_get_boolean(n);
    return true;
}

static bool get_string(JsonObject *o, const char *member, const char **v, const char *name,
                       GError **error)
{
    JsonNode *n = value_of(o, member, G_TYPE_STRING);
    if (n == NULL)
        return fail(error, name, "\"%s\" is not a string", member);
    *v = json_node_get_string(n);
    return true;
}

/* A copy of n that shares nothing with it (json_node_copy shares objects
 * and arrays). */
static JsonNode *deep_copy(JsonNode *n)
{
    g_autofree char *text = json_to_string(n, FALSE);
    return json_from_string(text, NULL);
}

static JsonObject *get_object(JsonObject *o, const char *member)
{
    JsonNode *n = json_object_get_member(o, member);
    return n != NULL && JSON_NODE_HOLDS_OBJECT(n) ? json_node_get_object(n) : NULL;
}

static gint compare_seeds(gconstpointer a, gconstpointer b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* The failing seeds of a --runs report: whole numbers, ascending. */
static bool read_failing(struct shard *s, GError **error)
{
    JsonNode *n = json_object_get_member(s->explored, "failing_seeds");
    if (n == NULL || !JSON_NODE_HOLDS_ARRAY(n))
        return fail(error, s->name, "\"failing_seeds\" is not a list");
    JsonArray *a = json_node_get_array(n);
    for (guint i = 0; i < json_array_get_length(a); i++) {
        JsonNode *e = json_array_get_element(a, i);
        if (!JSON_NODE_HOLDS_VALUE(e) || json_node_get_value_type(e) != G_TYPE_INT64)
            return fail(error, s->name, "\"failing_seeds\" holds something not a seed");
        int64_t seed = json_node_get_int(e);
        if (s->failing->len > 0 && seed <= g_array_index(s->failing, int64_t, s->failing->len - 1))
            return fail(error, s->name, "\"failing_seeds\" are not in ascending order");
        g_array_append_val(s->failing, seed);
    }
    return true;
}

/* Read report (a file's root) into s: the members merging needs. */
static bool read_shard(struct shard *s, JsonNode *report, GError **error)
{
    const char *strategy = NULL;
    JsonObject *seeds;
    if (report == NULL || !JSON_NODE_HOLDS_OBJECT(report))
        return fail(error, s->name, "not an atomsim report (--json): not a JSON object");
    s->root = json_node_get_object(report);
    if (value_of(s->root, "atomsim", G_TYPE_STRING) == NULL)
        return fail(error, s->name, "not an atomsim report (--json): no \"atomsim\" version");
    s->explored = get_object(s->root, "explored");
    if (s->explored == NULL)
        return fail(error, s->name, "not the report of a search: no \"explored\" (give "
                    "--json to a run with --runs or --sched dfs)");
    const char *result, *reproduce;
    gint64 exit_status;
    if (!get_string(s->root, "result", &result, s->name, error) ||
        !get_string(s->root, "reproduce", &reproduce, s->name, error) ||
        !get_int(s->root, "exit_status", &exit_status, s->name, error) ||
        !get_string(s->explored, "strategy", &strategy, s->name, error) ||
        !get_int(s->explored, "shard", &s->shard, s->name, error) ||
        !get_int(s->explored, "shards", &s->shards, s->name, error) ||
        !get_int(s->explored, "runs", &s->runs, s->name, error) ||
        !get_int(s->explored, "out_of_budget", &s->out_of_budget, s->name, error))
        return false;
    JsonNode *seconds = value_of(s->explored, "seconds", G_TYPE_DOUBLE);
    if (seconds == NULL || (s->seconds = json_node_get_double(seconds)) < 0)
        return fail(error, s->name, "\"seconds\" is not a number of 0 or more");
    if (s->shards < 1 || s->shard >= s->shards)
        return fail(error, s->name, "shard %" G_GINT64_FORMAT "/%" G_GINT64_FORMAT " is no "
                    "shard: give I/N with 0 <= I < N", s->shard, s->shards);
    if (strcmp(strategy, "dfs") == 0)
        return get_string(s->explored, "bound", &s->bound, s->name, error) &&
               get_bool(s->explored, "found", &s->found, s->name, error) &&
               get_bool(s->explored, "exhausted", &s->exhausted, s->name, error) &&
               get_bool(s->explored, "nondet", &s->nondet, s->name, error) &&
               get_int(s->explored, "distinct", &s->distinct, s->name, error);
    if (strcmp(strategy, "runs") != 0)
        return fail(error, s->name, "\"strategy\" is \"%s\", not \"runs\" or \"dfs\"", strategy);
    if ((seeds = get_object(s->explored, "seeds")) == NULL)
        return fail(error, s->name, "\"seeds\" is not an object");
    JsonNode *first = value_of(seeds, "first", G_TYPE_INT64);
    if (first == NULL)
        return fail(error, s->name, "\"seeds\" has no \"first\" seed");
    s->first_seed = json_node_get_int(first);
    return get_int(seeds, "count", &s->seeds, s->name, error) &&
           get_bool(s->explored, "keep_going", &s->keep_going, s->name, error) &&
           get_bool(s->explored, "timed_out", &s->timed_out, s->name, error) &&
           get_int(s->explored, "assumed", &s->assumed, s->name, error) &&
           get_int(s->explored, "unfulfilled", &s->unfulfilled, s->name, error) &&
           read_failing(s, error);
}

/* The options of a report, but the seed of its run (or for dfs its
 * schedule): those of its search. */
static JsonNode *search_options(JsonObject *root, bool dfs)
{
    JsonObject *options = get_object(root, "options");
    if (options == NULL)
        return NULL;
    JsonNode *copy = deep_copy(json_object_get_member(root, "options"));
    JsonNode *sched = value_of(options, "schedule", G_TYPE_STRING);
    if (sched != NULL && dfs) {
        json_object_remove_member(json_node_get_object(copy), "schedule");
    } else if (sched != NULL) {
        g_autofree char *spec = g_strdup(json_node_get_string(sched));
        char *seed = strstr(spec, " --seed ");
        if (seed != NULL)
            *seed = '\0';
        json_object_set_string_member(json_node_get_object(copy), "schedule", spec);
    }
    return copy;
}

/* Are a and b shards of one search: the same program, cpu, cores and
 * options, the same search but for the shard? */
static bool same_search(const struct shard *a, const struct shard *b, GError **error)
{
    static const char *const members[] = { "atomsim", "program", "cpu", "cores" };
    for (size_t i = 0; i < G_N_ELEMENTS(members); i++) {
        JsonNode *x = json_object_get_member(a->root, members[i]);
        JsonNode *y = json_object_get_member(b->root, members[i]);
        if (x == NULL || y == NULL || !json_node_equal(x, y))
            return fail(error, b->name, "not a shard of the search of %s: its \"%s\" differs",
                        a->name, members[i]);
    }
    g_autoptr(JsonNode) x = search_options(a->root, a->bound != NULL);
    g_autoptr(JsonNode) y = search_options(b->root, b->bound != NULL);
    if (x == NULL || y == NULL || !json_node_equal(x, y))
        return fail(error, b->name, "not a shard of the search of %s: its \"options\" differ",
                    a->name);
    bool dfs = a->bound != NULL;
    if (dfs != (b->bound != NULL))
        return fail(error, b->name, "not a shard of the search of %s: one is dfs, the other "
                    "--runs", a->name);
    if (a->shards != b->shards)
        return fail(error, b->name, "a shard of %" G_GINT64_FORMAT ", %s one of %"
                    G_GINT64_FORMAT, b->shards, a->name, a->shards);
    if (dfs ? strcmp(a->bound, b->bound) != 0
            : a->first_seed != b->first_seed || a->seeds != b->seeds ||
                  a->keep_going != b->keep_going)
        return fail(error, b->name, "not a shard of the search of %s: its %s differ%s", a->name,
                    dfs ? "bound" : "seeds or --keep-going", dfs ? "s" : "");
    return true;
}

/* The shards' counts, summed. */
struct totals {
    gint64 runs, out_of_budget, assumed, unfulfilled, distinct;
    bool found, exhausted, nondet, timed_out;
    double seconds;             /* the longest shard's: they run side by side */
};

static struct totals add_up(const struct shard *shards, unsigned n)
{
    struct totals t = { .exhausted = true };
    for (unsigned i = 0; i < n; i++) {
        const struct shard *s = &shards[i];
        t.runs += s->runs;
        t.out_of_budget += s->out_of_budget;
        t.assumed += s->assumed;
        t.unfulfilled += s->unfulfilled;
        t.distinct += s->distinct;
        t.found |= s->found;
        t.exhausted &= s->exhausted;
        t.nondet |= s->nondet;
        t.timed_out |= s->timed_out;
        t.seconds = MAX(t.seconds, s->seconds);
    }
    return t;
}

/* The summary line of the merged search (its "search"); base: the shard
 * whose run is reported. */
static char *merged_summary(const struct shard *first, unsigned n, const struct shard *base,
                            const struct totals *t, GArray *failing)
{
    if (first->bound != NULL && t->found)
        return g_strdup_printf("dfs:%s, %u shards: shard %" G_GINT64_FORMAT " found it; %"
                               G_GINT64_FORMAT " schedules in all, in %.2f s", first->bound, n,
                               base->shard, t->runs, t->seconds);
    if (first->bound != NULL)
        return g_strdup_printf("dfs:%s, %u shards: %" G_GINT64_FORMAT " schedules in %.2f s "
                               "(at most %" G_GINT64_FORMAT " distinct interleavings; %"
                               G_GINT64_FORMAT " ran out of budget): %s", first->bound, n,
                               t->runs, t->seconds, t->distinct, t->out_of_budget,
                               t->exhausted ? "every shard ran its share, nothing found"
                                            : "a shard stopped early, nothing found so far");
    GString *quiet = g_string_new(NULL);
    if (t->assumed)
        g_string_append_printf(quiet, ", %" G_GINT64_FORMAT " ended by a false assumption",
                               t->assumed);
    if (t->unfulfilled)
        g_string_append_printf(quiet, ", %" G_GINT64_FORMAT " no execution (a load read a "
                               "value no write gave)", t->unfulfilled);
    if (t->out_of_budget)
        g_string_append_printf(quiet, ", %" G_GINT64_FORMAT " ran out of budget",
                               t->out_of_budget);
    g_autofree char *rest = g_string_free(quiet, FALSE);
    return g_strdup_printf("explored %" G_GINT64_FORMAT " run%s (seeds %" G_GINT64_FORMAT
                           " to %" G_GINT64_FORMAT ", %u shards) in %.2f s: %u with findings%s%s",
                           t->runs, t->runs == 1 ? "" : "s", first->first_seed,
                           first->first_seed + first->seeds - 1, n, t->seconds, failing->len,
                           rest, t->timed_out ? " (stopped at --time-limit)" : "");
}

/* The merged "explored": the reported shard's, with every shard's counts,
 * as one unsharded search's. */
static void merge_explored(JsonObject *explored, bool dfs, const struct totals *t,
                           GArray *failing)
{
    json_object_set_int_member(explored, "shard", 0);
    json_object_set_int_member(explored, "shards", 1);
    json_object_set_int_member(explored, "runs", t->runs);
    json_object_set_int_member(explored, "out_of_budget", t->out_of_budget);
    if (dfs) {
        json_object_set_boolean_member(explored, "found", t->found);
        json_object_set_boolean_member(explored, "exhausted", t->exhausted);
        json_object_set_boolean_member(explored, "nondet", t->nondet);
        json_object_set_int_member(explored, "distinct", t->distinct);
    } else {
        json_object_set_boolean_member(explored, "timed_out", t->timed_out);
        json_object_set_int_member(explored, "assumed", t->assumed);
        json_object_set_int_member(explored, "unfulfilled", t->unfulfilled);
        JsonArray *seeds = json_array_sized_new(failing->len);
        for (guint i = 0; i < failing->len; i++)
            json_array_add_int_element(seeds, g_array_index(failing, int64_t, i));
        json_object_set_array_member(explored, "failing_seeds", seeds);
    }
    json_object_set_double_member(explored, "seconds", t->seconds);
}

JsonNode *report_merge(JsonNode *const *reports, const char *const *names, unsigned n,
                       struct merged_search *out, GError **error)
{
    *out = (struct merged_search){ 0 };
    g_assert(n > 0);
    g_autofree struct shard *shards = g_new0(struct shard, n);
    JsonNode *merged = NULL;
    bool ok = true;
    for (unsigned i = 0; i < n && ok; i++) {
        shards[i].name = names[i];
        shards[i].failing = g_array_new(FALSE, FALSE, sizeof(int64_t));
        ok = read_shard(&shards[i], reports[i], error) &&
             (i == 0 || same_search(&shards[0], &shards[i], error));
    }
    /* every shard of 0..N-1 once */
    g_autofree const struct shard **by_index = g_new0(const struct shard *, n);
    if (ok && (unsigned)shards[0].shards != n)
        ok = fail(error, names[0], "a shard of %" G_GINT64_FORMAT ", and %u reports given: "
                  "give every shard's report once", shards[0].shards, n);
    for (unsigned i = 0; i < n && ok; i++) {
        if (by_index[shards[i].shard] != NULL)
            ok = fail(error, names[i], "shard %" G_GINT64_FORMAT "/%u again (%s has it)",
                      shards[i].shard, n, by_index[shards[i].shard]->name);
        by_index[shards[i].shard] = &shards[i];
    }
    if (ok) {
        /* the run reported: the first finding's, by seed (a --runs search
         * runs seeds in order) or by shard (dfs); else shard 0's, whose
         * report is the first seed's or the first schedule's */
        const struct shard *base = by_index[0];
        GArray *failing = g_array_new(FALSE, FALSE, sizeof(int64_t));
        for (unsigned i = 0; i < n; i++) {
            const struct shard *s = by_index[i];
            g_array_append_vals(failing, s->failing->data, s->failing->len);
            if (s->failing->len > 0 &&
                (base->failing->len == 0 ||
                 g_array_index(s->failing, int64_t, 0) < g_array_index(base->failing, int64_t, 0)))
                base = s;
            if (s->found && !base->found)
                base = s;
        }
        g_array_sort(failing, compare_seeds);
        struct totals t = add_up(shards, n);
        bool dfs = shards[0].bound != NULL;
        merged = deep_copy(reports[base - shards]);
        JsonObject *root = json_node_get_object(merged);
        JsonObject *explored = get_object(root, "explored");
        merge_explored(explored, dfs, &t, failing);
        char *summary = merged_summary(&shards[0], n, base, &t, failing);
        json_object_set_string_member(root, "search", summary);
        g_free(summary);
        out->summary = json_object_get_string_member(root, "search");
        out->result = json_object_get_string_member(root, "result");
        out->reproduce = json_object_get_string_member(root, "reproduce");
        out->exit_status = (int)json_object_get_int_member(root, "exit_status");
        out->failing = failing;
        out->bound = dfs ? json_object_get_string_member(explored, "bound") : NULL;
        out->verified = dfs && t.exhausted && !t.found && !t.nondet && t.out_of_budget == 0;
    }
    for (unsigned i = 0; i < n; i++)
        if (shards[i].failing != NULL)
            g_array_unref(shards[i].failing);
    return merged;
}

void merged_search_clear(struct merged_search *m)
{
    if (m->failing != NULL)
        g_array_unref(m->failing);
    m->failing = NULL;
}
