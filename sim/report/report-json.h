/* report-json.h — --json FILE: a run's findings, statistics and the options
 * that reproduce it, for programs.  doc/report.schema.json describes it. */
#ifndef ATOMSIM_REPORT_JSON_H
#define ATOMSIM_REPORT_JSON_H

#include <glib.h>
#include <json-glib/json-glib.h>
#include "detect/lockstat.h"
#include "core/control.h"
#include "core/finding.h"
#include "core/machine.h"
#include "core/memory-model.h"
#include "core/monitor.h"

/* The loads of a run that read a write other than the newest, an older
 * one or one still to come (views.h): the report's "reads" (its sink). */
struct json_reads;
struct json_reads *json_reads_new(void);
void json_reads_free(struct json_reads *j);
typedef struct json_reads json_reads;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(json_reads, json_reads_free)
struct event_sink json_reads_sink(struct json_reads *j);

/* The search a reported run came from, in numbers: what atomsim merge
 * adds up over the reports of a search's shards (--shard I/N). */
struct report_search {
    const char *summary;        /* the line that sums it up */
    bool dfs;                   /* --sched dfs (schedules), else --runs (seeds) */
    unsigned shard, shards;     /* --shard I/N; 0 and 1 without it */
    unsigned runs;              /* runs this search made */
    double seconds;
    /* --runs: seeds first_seed to first_seed + seeds - 1 (this shard's
     * share of them), those that found something (ascending), and the
     * runs that ended quietly though not as every core ending */
    int64_t first_seed;
    uint64_t seeds;
    bool keep_going, timed_out;
    const int64_t *failing;
    unsigned nfailing;
    unsigned assumed, unfulfilled, out_of_budget;
    /* --sched dfs (out_of_budget too): its bound ("2", "all"), what it
     * found, whether it ran every schedule of its share, how many
     * distinct interleavings, and whether the program drew nondet values */
    const char *bound;
    bool found, exhausted, nondet;
    unsigned distinct;
};

/* What the report says about the run: how it was made, and what it did
 * beyond the machine's state (the cores' counts and exits are there). */
struct report_options {
    const char *sched;          /* "--sched random:4 --seed 1" or "--schedule ..." */
    uint64_t max_steps, max_insns;
    const char *reproduce;      /* the command line that gives the run again */
    const char *schedule;       /* the interleaving it took (--schedule form) */
    const char *result;         /* the summary's result: "clean", "2 findings" ... */
    int exit_status;
    const char *fault;          /* the guest-fault line, or NULL */
    const struct report_search *search;         /* the run's search, or NULL */
    unsigned lock_table_size;   /* 0: the program's own */
    uint64_t spin_limit, sc_fail_limit;
    const char *const *faults;  /* --fault, as given, NULL-terminated, or NULL */
    bool inject;
    enum monitor_policy monitor;
    enum memory_model memory;
    uint64_t steps, insns;      /* all cores' */
    const struct findings *findings;
    const struct json_reads *reads;     /* the run's, or NULL: none listed */
};

/* Write the report of the run that ended on machine m, with the locks of
 * ls, to path. */
gboolean report_json_write(const char *path, const struct machine *m, struct lockstat *ls,
                           const struct report_options *o, GError **error);
/* Write the report (or any JSON) root to path as report_json_write does. */
gboolean report_json_save(const char *path, JsonNode *root, GError **error);

#endif
