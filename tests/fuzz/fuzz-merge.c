/* fuzz-merge.c — libFuzzer target for atomsim merge's reading of --json
 * reports (report_merge): the input is up to 8 JSON texts separated by
 * NUL bytes, each a shard's report.  Invariants: it never crashes or
 * leaks; it refuses with a message naming one of the files, or gives a
 * report of one unsharded search (shard 0 of 1) whose runs are the sum of
 * the shards'. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <glib.h>
#include <json-glib/json-glib.h>

#include "report/report-merge.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const names[] = { "a", "b", "c", "d", "e", "f", "g", "h" };
    g_autofree char *text = g_malloc(size + 1);
    memcpy(text, data, size);
    text[size] = '\0';
    JsonNode *roots[G_N_ELEMENTS(names)] = { 0 };
    unsigned n = 0;
    gint64 runs = 0;
    for (const char *p = text; n < G_N_ELEMENTS(names) && p <= text + size;
         p += strlen(p) + 1) {
        roots[n] = json_from_string(p, NULL);
        JsonObject *explored = roots[n] != NULL && JSON_NODE_HOLDS_OBJECT(roots[n]) &&
                               json_object_has_member(json_node_get_object(roots[n]), "explored")
                                   ? json_object_get_object_member(
                                         json_node_get_object(roots[n]), "explored")
                                   : NULL;
        if (explored != NULL && json_object_has_member(explored, "runs"))
            runs += json_object_get_int_member(explored, "runs");
        n++;
    }
    struct merged_search m;
    g_autoptr(GError) error = NULL;
    JsonNode *merged = report_merge(roots, names, n, &m, &error);
    if (merged == NULL) {
        g_assert_nonnull(error);
        g_assert_true(strlen(error->message) > 2 && error->message[1] == ':');
    } else {
        JsonObject *explored =
            json_object_get_object_member(json_node_get_object(merged), "explored");
        g_assert_cmpint(json_object_get_int_member(explored, "shards"), ==, 1);
        g_assert_cmpint(json_object_get_int_member(explored, "runs"), ==, runs);
        merged_search_clear(&m);
        json_node_unref(merged);
    }
    for (unsigned i = 0; i < n; i++)
        if (roots[i] != NULL)
            json_node_unref(roots[i]);
    return 0;
}
