/* options.h — the command line, as parsed and checked by main.c, for the
 * parts that act on it (report.c, hunt.c). */
#ifndef ATOMSIM_OPTIONS_H
#define ATOMSIM_OPTIONS_H

#include <glib.h>

struct options {
    char *cpu;
    int cores;
    char *sched;
    char *schedule;
    char *monitor;
    char *trace;        /* "-" for standard output */
    char *json;
    char *timeline;     /* --timeline FILE */
    struct timeline *timeline_view;     /* its page, for the run report_run reports */
    int lock_table_size;
    gint64 runs;
    gboolean keep_going;
    gboolean shrink;
    gboolean no_inject;
    char **faults;              /* --fault, as given */
    gboolean strip_lock;
    double sc_fail;
    gint64 delay_holder;
    int jobs;
    char *shard_text;
    unsigned shard, shards;
    char *record;
    gint64 spin_limit;
    gint64 sc_fail_limit;
    gint64 seed;
    gint64 max_steps;
    gint64 max_insns;
    double time_limit;          /* --time-limit: seconds for --runs or dfs; 0: none */
    gboolean version;
    char **args;
};

#endif
