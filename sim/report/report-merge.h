/* report-merge.h — atomsim merge: the JSON reports (--json) of the shards
 * of one search (--shard I/N, run anywhere: GNU parallel, a Slurm job
 * array) as the one report the search gives unsharded. */
#ifndef ATOMSIM_REPORT_MERGE_H
#define ATOMSIM_REPORT_MERGE_H

#include <stdbool.h>
#include <json-glib/json-glib.h>

/* What the merged search came to, for the command's summary. */
struct merged_search {
    const char *summary;        /* the merged report's "search" */
    const char *result;         /* "clean", "2 findings" ...: its run's */
    const char *reproduce;      /* the command line that gives that run */
    int exit_status;            /* that run's */
    /* --runs: the seeds that found something, ascending (int64_t; the
     * first is the reported run's) */
    GArray *failing;
    /* dfs: every shard ran all of its share, none found anything, none
     * ran out of budget and none drew nondet values */
    bool verified;
    const char *bound;
};

/* The reports (roots of parsed --json files, named names[i] for errors),
 * each the report of one shard I/N of one search, all N of them in any
 * order: the report one unsharded search gives (its counts summed, its
 * run the first finding's by seed or, for dfs, by shard; else shard 0's
 * run), and *out, whose strings point into it.  NULL, with ATOMSIM_ERROR_USAGE
 * saying which file and what is wrong, if they are not that. */
JsonNode *report_merge(JsonNode *const *reports, const char *const *names, unsigned n,
                       struct merged_search *out, GError **error);
void merged_search_clear(struct merged_search *m);

#endif
