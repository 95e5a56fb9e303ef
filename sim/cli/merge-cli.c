/* merge-cli.c — atomsim merge: see merge-cli.h. */
#include <stdio.h>

#include "base/error.h"
#include "merge-cli.h"
#include "report/report-json.h"
#include "report/report-merge.h"

/* Print what the merged search came to, as the unsharded search would
 * have: the run it reports, the other seeds that found something, the
 * summary and, for dfs, the verdict. */
static void print_merged(const struct merged_search *m)
{
    if (m->exit_status != EXIT_CLEAN || m->failing->len > 0) {
        printf("atomsim: result: %s\n", m->result);
        printf("atomsim: reproduce: %s\n", m->reproduce);
    }
    for (guint i = 1; i < m->failing->len; i++)
        printf("atomsim: seed %" G_GINT64_FORMAT " found something too\n",
               (gint64)g_array_index(m->failing, int64_t, i));
    printf("atomsim: %s\n", m->summary);
    if (m->verified)
        printf("atomsim: verified: every shard ran all of its share of the schedules%s and "
               "none found anything\n", g_strcmp0(m->bound, "all") == 0 ? ""
               : " with at most that many preemptions");
}

int merge_main(int argc, char **argv)
{
    g_autofree char *json = NULL;
    GOptionEntry entries[] = {
        { "json", 0, 0, G_OPTION_ARG_FILENAME, &json,
          "Write the merged report to FILE (as --json writes one)", "FILE" },
        { NULL, 0, 0, 0, NULL, NULL, NULL },
    };
    g_autoptr(GOptionContext) ctx = g_option_context_new(
        "REPORT.json... - merge the --json reports of a search's shards (--shard I/N) into "
        "the report of the whole search");
    g_option_context_add_main_entries(ctx, entries, NULL);
    g_option_context_set_description(ctx,
        "Give every shard's report once, in any order: the reports of --runs N --shard I/N\n"
        "(or --sched dfs --shard I/N) runs of one program with the same options.  The\n"
        "merged report counts every shard's runs; its run is the first finding's (the\n"
        "lowest seed, or for dfs the lowest shard) or else shard 0's, as one unsharded\n"
        "search reports it.  Exit status: that run's (0 clean, 1 a finding), 2 when a\n"
        "report cannot be read or the reports are not the shards of one search.");
    g_autoptr(GError) error = NULL;
    if (!g_option_context_parse(ctx, &argc, &argv, &error) || argc < 2) {
        fprintf(stderr, "atomsim merge: %s (see atomsim merge --help)\n",
                error ? error->message : "give the reports of a search's shards");
        return EXIT_USAGE;
    }
    unsigned n = (unsigned)argc - 1;
    g_autoptr(GPtrArray) parsers = g_ptr_array_new_with_free_func(g_object_unref);
    g_autofree JsonNode **roots = g_new0(JsonNode *, n);
    for (unsigned i = 0; i < n; i++) {
        JsonParser *p = json_parser_new();
        g_ptr_array_add(parsers, p);
        if (!json_parser_load_from_file(p, argv[i + 1], &error)) {
            fprintf(stderr, "atomsim merge: %s: %s\n", argv[i + 1], error->message);
            return EXIT_USAGE;
        }
        roots[i] = json_parser_get_root(p);
    }
    struct merged_search m;
    g_autoptr(JsonNode) merged =
        report_merge(roots, (const char *const *)argv + 1, n, &m, &error);
    if (merged == NULL) {
        fprintf(stderr, "atomsim merge: %s\n", error->message);
        return EXIT_USAGE;
    }
    print_merged(&m);
    int status = m.exit_status;
    if (json != NULL && !report_json_save(json, merged, &error)) {
        fprintf(stderr, "atomsim merge: --json %s: %s\n", json, error->message);
        status = EXIT_USAGE;
    }
    merged_search_clear(&m);
    return status;
}
