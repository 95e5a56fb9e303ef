/* test-json.c — --json reports, checked against doc/report.schema.json and
 * against what the run found.
 *
 * The check is a small validator for the part of JSON Schema the schema
 * uses (type, enum, required, properties, additionalProperties: false,
 * items, $ref to #/$defs), so the schema file stays the one description.
 */
#include <stdbool.h>
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "test-programs.h"

static JsonNode *schema_root;

static const char *type_of(JsonNode *n)
{
    if (JSON_NODE_HOLDS_NULL(n))
        return "null";
    if (JSON_NODE_HOLDS_OBJECT(n))
        return "object";
    if (JSON_NODE_HOLDS_ARRAY(n))
        return "array";
    GType t = json_node_get_value_type(n);
    if (t == G_TYPE_INT64)
        return "integer";
    if (t == G_TYPE_BOOLEAN)
        return "boolean";
    if (t == G_TYPE_DOUBLE)
        return "number";
    return "string";
}

static bool type_allowed(JsonNode *type, const char *have)
{
    if (JSON_NODE_HOLDS_VALUE(type))
        return strcmp(json_node_get_string(type), have) == 0;
    JsonArray *a = json_node_get_array(type);
    for (guint i = 0; i < json_array_get_length(a); i++)
        if (strcmp(json_array_get_string_element(a, i), have) == 0)
            return true;
    return false;
}

static bool in_enum(JsonArray *values, JsonNode *n)
{
    for (guint i = 0; i < json_array_get_length(values); i++)
        if (json_node_equal(json_array_get_element(values, i), n))
            return true;
    return false;
}

/* Append to errors every way n breaks schema s; at names where n is. */
static void validate(JsonObject *s, JsonNode *n, const char *at, GString *errors)
{
    if (json_object_has_member(s, "$ref")) {
        const char *ref = json_object_get_string_member(s, "$ref");
        g_assert_true(g_str_has_prefix(ref, "#/$defs/"));
        JsonObject *defs = json_object_get_object_member(json_node_get_object(schema_root),
                                                         "$defs");
        validate(json_object_get_object_member(defs, ref + 8), n, at, errors);
        return;
    }
    const char *have = type_of(n);
    if (json_object_has_member(s, "type") &&
        !type_allowed(json_object_get_member(s, "type"), have)) {
        g_string_append_printf(errors, "%s: a %s, not the type the schema says\n", at, have);
        return;
    }
    if (json_object_has_member(s, "enum") &&
        !in_enum(json_object_get_array_member(s, "enum"), n))
        g_string_append_printf(errors, "%s: not one of the values the schema lists\n", at);
    if (strcmp(have, "object") == 0) {
        JsonObject *o = json_node_get_object(n);
        JsonObject *props = json_object_has_member(s, "properties")
                                ? json_object_get_object_member(s, "properties") : NULL;
        if (json_object_has_member(s, "required")) {
            JsonArray *req = json_object_get_array_member(s, "required");
            for (guint i = 0; i < json_array_get_length(req); i++)
                if (!json_object_has_member(o, json_array_get_string_element(req, i)))
                    g_string_append_printf(errors, "%s: no member %s\n", at,
                                           json_array_get_string_element(req, i));
        }
        g_autoptr(GList) members = json_object_get_members(o);
        for (GList *m = members; m; m = m->next) {
            g_autofree char *where = g_strdup_printf("%s.%s", at, (char *)m->data);
            if (props && json_object_has_member(props, m->data))
                validate(json_object_get_object_member(props, m->data),
                         json_object_get_member(o, m->data), where, errors);
            else
                g_string_append_printf(errors, "%s: not in the schema\n", where);
        }
    }
    if (strcmp(have, "array") == 0 && json_object_has_member(s, "items")) {
        JsonArray *a = json_node_get_array(n);
        for (guint i = 0; i < json_array_get_length(a); i++) {
            g_autofree char *where = g_strdup_printf("%s[%u]", at, i);
            validate(json_object_get_object_member(s, "items"), json_array_get_element(a, i),
                     where, errors);
        }
    }
}

/* The ways the JSON text breaks the schema ("" if none; to free). */
static char *schema_errors(const char *text)
{
    g_autoptr(JsonParser) p = json_parser_new();
    g_autoptr(GError) error = NULL;
    if (!json_parser_load_from_data(p, text, -1, &error))
        return g_strdup_printf("not JSON: %s\n", error->message);
    GString *errors = g_string_new(NULL);
    validate(json_node_get_object(schema_root), json_parser_get_root(p), "report", errors);
    return g_string_free(errors, FALSE);
}

/* Run atomsim with --json and the arguments; the report, valid, parsed. */
static JsonParser *report_of(int want_status, const char *first, ...) G_GNUC_NULL_TERMINATED;
static JsonParser *report_of(int want_status, const char *first, ...)
{
    g_autofree char *dir = g_dir_make_tmp("atomsim-json-XXXXXX", NULL);
    g_autofree char *path = g_build_filename(dir, "report.json", NULL);
    va_list ap;
    va_start(ap, first);
    struct result r = atomsim_va("--json", path, first, ap);
    va_end(ap);
    g_assert_cmpint(r.status, ==, want_status);
    g_autofree char *text = contents_of(path);
    g_autofree char *errors = schema_errors(text);
    if (*errors)
        g_error("the report breaks doc/report.schema.json:\n%s\n%s", errors, text);
    JsonParser *p = json_parser_new();
    g_assert_true(json_parser_load_from_data(p, text, -1, NULL));
    /* every finding is listed, printed or not */
    JsonObject *o = json_node_get_object(json_parser_get_root(p));
    g_assert_cmpint(json_object_get_int_member(o, "findings_total"), ==,
                    json_array_get_length(json_object_get_array_member(o, "findings")));
    /* a run with findings leaves its schedule beside the report */
    g_autofree char *schedule = g_strdup_printf("%s.schedule", path);
    g_assert_cmpint(g_file_test(schedule, G_FILE_TEST_EXISTS), ==, want_status == 1);
    result_clear(&r);
    g_unlink(schedule);
    g_unlink(path);
    g_assert_cmpint(g_rmdir(dir), ==, 0);
    return p;
}

static JsonObject *root_of(JsonParser *p)
{
    return json_node_get_object(json_parser_get_root(p));
}

/* A pinned lost update: the report names the variable, the cores and the
 * steps, the source lines, and the options that reproduce the run. */
static void test_lost_update(gconstpointer data)
{
    const char *cpu = data;
    g_autofree char *elf = broken(cpu, "plain-increment");
    g_autoptr(JsonParser) p = report_of(1, "--cores", "2", "--schedule", "0:1,1:500,0:*", elf,
                                        NULL);
    JsonObject *o = root_of(p);
    g_assert_cmpstr(json_object_get_string_member(o, "cpu"), ==, cpu);
    g_assert_cmpint(json_object_get_int_member(o, "exit_status"), ==, 1);
    g_assert_cmpint(json_object_get_int_member(o, "findings_total"), ==, 2);
    g_assert_cmpstr(json_object_get_string_member(json_object_get_object_member(o, "options"),
                                                  "schedule"), ==, "--schedule 0:1,1:500,0:*");
    g_assert_nonnull(strstr(json_object_get_string_member(o, "reproduce"), "--schedule 0:1"));
    g_assert_true(g_str_has_prefix(json_object_get_string_member(o, "schedule"), "0:1,1:"));
    JsonArray *findings = json_object_get_array_member(o, "findings");
    JsonObject *lost = json_array_get_object_element(findings, 0);
    g_assert_cmpstr(json_object_get_string_member(lost, "kind"), ==, "lost-update");
    g_assert_cmpstr(json_object_get_string_member(lost, "variable"), ==, "counter");
    JsonObject *read = json_object_get_object_member(lost, "read");
    JsonObject *write = json_object_get_object_member(lost, "write");
    JsonObject *store = json_object_get_object_member(lost, "store");
    g_assert_cmpint(json_object_get_int_member(read, "core"), ==, 0);
    g_assert_cmpint(json_object_get_int_member(write, "core"), ==, 1);
    g_assert_cmpint(json_object_get_int_member(store, "core"), ==, 0);
    g_assert_cmpint(json_object_get_int_member(read, "step"), <,
                    json_object_get_int_member(write, "step"));
    g_assert_cmpint(json_object_get_int_member(write, "step"), <,
                    json_object_get_int_member(store, "step"));
    JsonObject *check = json_array_get_object_element(findings, 1);
    g_assert_cmpstr(json_object_get_string_member(check, "kind"), ==, "check-failed");
    /* the program has DWARF: every pc has its source line */
    g_assert_true(g_str_has_prefix(json_object_get_string_member(store, "source"),
                                   "plain-increment.c:"));
    g_assert_true(g_str_has_prefix(json_object_get_string_member(check, "source"),
                                   "plain-increment.c:"));
}

/* A clean run and a guest fault. */
static void test_clean_and_fault(gconstpointer data)
{
    const char *cpu = data;
    g_autofree char *good = example(cpu, "counter-atomic");
    g_autoptr(JsonParser) clean = report_of(0, good, NULL);
    g_assert_cmpint(json_array_get_length(json_object_get_array_member(root_of(clean),
                                                                         "findings")), ==, 0);
    g_assert_cmpstr(json_object_get_string_member(root_of(clean), "result"), ==, "clean");
    g_assert_true(json_object_get_null_member(root_of(clean), "fault"));

    g_autofree char *bad = guest(cpu, "load-unmapped");
    g_autoptr(JsonParser) fault = report_of(3, bad, NULL);
    g_assert_nonnull(strstr(json_object_get_string_member(root_of(fault), "fault"),
                            "load from unmapped address"));
}

/* The plain counter on 4 cores loses many updates: the output prints 3 in
 * full, the report lists them all. */
static void test_every_finding(gconstpointer data)
{
    g_autofree char *elf = example(data, "counter");
    g_autoptr(JsonParser) p = report_of(1, "--cores", "4", elf, NULL);
    JsonArray *findings = json_object_get_array_member(root_of(p), "findings");
    guint lost = 0;
    for (guint i = 0; i < json_array_get_length(findings); i++)
        lost += strcmp(json_object_get_string_member(json_array_get_object_element(findings, i),
                                                     "kind"), "lost-update") == 0;
    g_assert_cmpuint(lost, >, 3);
}

/* The report's entry for the lock named name. */
static JsonObject *lock_named(JsonObject *report, const char *name)
{
    JsonArray *locks = json_object_get_array_member(report, "locks");
    for (guint i = 0; i < json_array_get_length(locks); i++) {
        JsonObject *l = json_array_get_object_element(locks, i);
        if (strcmp(json_object_get_string_member(l, "lock"), name) == 0)
            return l;
    }
    g_error("no lock %s in the report", name);
}

/* spinlock.c on 3 cores takes its lock ITER (50) times per core: lockstat
 * counts each acquisition once, on every cpu. */
static void test_locks(gconstpointer data)
{
    g_autofree char *elf = example(data, "spinlock");
    g_autoptr(JsonParser) p = report_of(0, "--cores", "3", elf, NULL);
    JsonObject *lock = lock_named(root_of(p), "lock");
    g_assert_cmpint(json_object_get_int_member(lock, "acquisitions"), ==, 150);
    g_assert_true(json_object_get_null_member(lock, "table"));
    g_assert_cmpint(json_object_get_int_member(lock, "contended"), <=, 150);
    g_assert_cmpint(json_object_get_int_member(lock, "hold_max"), >, 0);
}

/* --fault delay-holder:40: the core that takes the spinlock is kept from
 * running for 40 steps while the other spins, so some hold lasts at least
 * that long; the counter stays exact. */
static void test_delay_holder(gconstpointer data)
{
    g_autofree char *elf = example(data, "spinlock");
    g_autoptr(JsonParser) p = report_of(0, "--cores", "2", "--fault", "delay-holder:40", elf,
                                        NULL);
    JsonObject *lock = lock_named(root_of(p), "lock");
    g_assert_cmpint(json_object_get_int_member(lock, "hold_max"), >=, 40);
}

/* Does any collision of the report involve variable var? */
static bool collides(JsonObject *report, const char *var)
{
    JsonArray *locks = json_object_get_array_member(report, "locks");
    for (guint i = 0; i < json_array_get_length(locks); i++) {
        JsonArray *c = json_object_get_array_member(json_array_get_object_element(locks, i),
                                                    "collisions");
        for (guint k = 0; k < json_array_get_length(c); k++) {
            JsonObject *pair = json_array_get_object_element(c, k);
            if (strcmp(json_object_get_string_member(pair, "holder_variable"), var) == 0 ||
                strcmp(json_object_get_string_member(pair, "waiter_variable"), var) == 0)
                return true;
        }
    }
    return false;
}

/* sparc32's lock-table.c: e (blocks[4].v[0]) is 1 KiB after a (blocks[0].v[0]), so with
 * 4 buckets they share bucket 0 and wait for each other's unrelated
 * updates; with 16 buckets e has its own, and that false contention is
 * gone, while a and b (one 256-byte block) still collide. */
static void test_false_contention(void)
{
    if (!need_cpu("sparc32"))
        return;
    g_autofree char *elf = example("sparc32", "lock-table");
    g_autoptr(JsonParser) four = report_of(0, "--cores", "4", elf, NULL);
    g_assert_true(collides(root_of(four), "blocks[4].v[0]"));
    g_assert_true(collides(root_of(four), "blocks[0].v[1]"));
    JsonObject *bucket0 = json_array_get_object_element(
        json_object_get_array_member(root_of(four), "locks"), 0);
    g_assert_cmpstr(json_object_get_string_member(bucket0, "table"), ==, "__atomic_hash");
    g_assert_cmpint(json_object_get_int_member(bucket0, "bucket"), ==, 0);
    g_assert_cmpint(json_object_get_int_member(bucket0, "false_contention"), >, 0);

    g_autoptr(JsonParser) sixteen = report_of(0, "--cores", "4", "--lock-table-size", "16", elf,
                                              NULL);
    g_assert_false(collides(root_of(sixteen), "blocks[4].v[0]"));
    g_assert_true(collides(root_of(sixteen), "blocks[0].v[1]"));
}

/* The validator itself finds what does not fit. */
/* The report lists the loads that read a write other than the newest: an
 * older one (with how many newer ones it passed over), and one still to
 * come; a run that read only the newest lists none. */
static void test_reads(void)
{
    if (!need_cpu("aarch64"))
        return;
    g_autofree char *mp = broken("aarch64", "message-passing-no-rmb");
    g_autoptr(JsonParser) older = report_of(1, "--cores", "2", "--schedule",
                                            "1:1,0:*,1:2~1,1:*", mp, NULL);
    JsonArray *reads = json_object_get_array_member(root_of(older), "reads");
    g_assert_cmpint(json_array_get_length(reads), ==, 1);
    JsonObject *read = json_array_get_object_element(reads, 0);
    g_assert_cmpstr(json_object_get_string_member(read, "variable"), ==, "message");
    g_assert_cmpstr(json_object_get_string_member(read, "write"), ==, "older");
    g_assert_cmpint(json_object_get_int_member(read, "value"), ==, 0);
    g_assert_cmpint(json_object_get_int_member(read, "newer_skipped"), ==, 1);
    g_assert_cmpint(json_object_get_int_member(read, "core"), ==, 1);
    g_autofree char *arrival = broken("aarch64", "arrival-relaxed");
    g_autoptr(JsonParser) early = report_of(1, "--cores", "2", "--schedule",
                                            "0:2=1,0:*,1:1,d0.1:1,1:*", arrival, NULL);
    reads = json_object_get_array_member(root_of(early), "reads");
    g_assert_cmpint(json_array_get_length(reads), ==, 1);
    read = json_array_get_object_element(reads, 0);
    g_assert_cmpstr(json_object_get_string_member(read, "variable"), ==, "arrived[1]");
    g_assert_cmpstr(json_object_get_string_member(read, "write"), ==, "still to come");
    g_assert_cmpint(json_object_get_int_member(read, "value"), ==, 1);
    g_autoptr(JsonParser) newest = report_of(0, "--cores", "2", "--schedule", "1:1,0:*,1:*",
                                             mp, NULL);
    g_assert_cmpint(json_array_get_length(json_object_get_array_member(root_of(newest), "reads")),
                    ==, 0);
}

static void test_validator_rejects(void)
{
    g_autofree char *extra = schema_errors("{\"atomsim\": 1, \"surprise\": true}");
    g_assert_nonnull(strstr(extra, "report.atomsim: a integer"));
    g_assert_nonnull(strstr(extra, "report.surprise: not in the schema"));
    g_assert_nonnull(strstr(extra, "report: no member findings"));
}

/* A search that finds nothing still writes a whole report: its first
 * schedule's, with the search summed up; a page too, with --timeline. */
static void test_clean_search(gconstpointer data)
{
    const char *cpu = data;
    g_autofree char *good = example(cpu, "counter-atomic");
    g_autoptr(JsonParser) runs = report_of(0, "--runs", "20", good, NULL);
    g_assert_cmpstr(json_object_get_string_member(root_of(runs), "result"), ==, "clean");
    g_assert_true(g_str_has_prefix(json_object_get_string_member(root_of(runs), "search"),
                                   "explored 20 runs (seeds 1 to 20)"));
    g_assert_nonnull(strstr(json_object_get_string_member(root_of(runs), "reproduce"),
                            "--sched random:4 --seed 1 "));

    g_autofree char *once = guest(cpu, "counter-atomic-once");
    g_autoptr(JsonParser) dfs = report_of(0, "--sched", "dfs:1", once, NULL);
    g_assert_cmpstr(json_object_get_string_member(root_of(dfs), "result"), ==, "clean");
    g_assert_nonnull(strstr(json_object_get_string_member(root_of(dfs), "search"),
                            "(the space is exhausted)"));

    g_autofree char *dir = g_dir_make_tmp("atomsim-json-XXXXXX", NULL);
    g_autofree char *page = g_build_filename(dir, "t.html", NULL);
    struct result r = atomsim("--timeline", page, "--runs", "5", good, NULL);
    g_assert_cmpint(r.status, ==, 0);
    g_autofree char *html = contents_of(page);
    g_assert_nonnull(strstr(html, "</html>"));
    g_assert_nonnull(strstr(html, "explored 5 runs"));
    result_clear(&r);
    g_unlink(page);
    g_rmdir(dir);
}

/* The options that change a run are in the report. */
static void test_options(void)
{
    const char *cpu = cpu_built("sparc32") ? "sparc32" : first_cpu();
    if (cpu == NULL) {
        g_test_skip("no guest compiler");
        return;
    }
    g_autofree char *spin = example(cpu, "spinlock");
    g_autoptr(JsonParser) p = report_of(0, "--spin-limit", "5000", "--sc-fail-limit", "77",
                                        "--fault", "delay-holder:2", "--no-inject", spin, NULL);
    JsonObject *o = json_object_get_object_member(root_of(p), "options");
    g_assert_cmpint(json_object_get_int_member(o, "spin_limit"), ==, 5000);
    g_assert_cmpint(json_object_get_int_member(o, "sc_fail_limit"), ==, 77);
    g_assert_false(json_object_get_boolean_member(o, "inject"));
    JsonArray *faults = json_object_get_array_member(o, "faults");
    g_assert_cmpint(json_array_get_length(faults), ==, 1);
    g_assert_cmpstr(json_array_get_string_element(faults, 0), ==, "delay-holder:2");
    g_assert_true(json_object_get_null_member(o, "lock_table_size"));
    /* a clean search's report is of a run made quietly: its model too */
    g_autofree char *atomic = example(cpu, "counter-atomic");
    g_autoptr(JsonParser) tso = report_of(0, "--memory", "tso", "--runs", "3", atomic, NULL);
    JsonObject *to = json_object_get_object_member(root_of(tso), "options");
    g_assert_cmpstr(json_object_get_string_member(to, "memory"), ==, "tso");
    g_assert_nonnull(strstr(json_object_get_string_member(root_of(tso), "reproduce"),
                            " --memory tso "));
    if (strcmp(cpu, "sparc32") == 0) {
        g_autofree char *table = example(cpu, "lock-table");
        g_autoptr(JsonParser) sized = report_of(0, "--lock-table-size", "16", table, NULL);
        JsonObject *so = json_object_get_object_member(root_of(sized), "options");
        g_assert_cmpint(json_object_get_int_member(so, "lock_table_size"), ==, 16);
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_autoptr(JsonParser) schema = json_parser_new();
    g_autoptr(GError) error = NULL;
    if (!json_parser_load_from_file(schema, SRCDIR "/doc/report.schema.json", &error))
        g_error("doc/report.schema.json: %s", error->message);
    schema_root = json_parser_get_root(schema);
    static const struct per_cpu_test per_cpu[] = {
        { "lost-update", test_lost_update },
        { "clean-and-fault", test_clean_and_fault },
        { "locks", test_locks },
        { "every-finding", test_every_finding },
        { "delay-holder", test_delay_holder },
        { "clean-search", test_clean_search },
    };
    add_per_cpu_tests("json", per_cpu, G_N_ELEMENTS(per_cpu));
    g_test_add_func("/json/validator-rejects", test_validator_rejects);
    g_test_add_func("/json/false-contention", test_false_contention);
    g_test_add_func("/json/options", test_options);
    g_test_add_func("/json/reads", test_reads);
    return g_test_run();
}
