/* report-json.h — --json FILE: a run's findings, statistics and the options
 * that reproduce it, for programs.  doc/report.schema.json describes it. */
#ifndef ATOMSIM_REPORT_JSON_H
#define ATOMSIM_REPORT_JSON_H

#include <glib.h>
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
    const char *search;         /* the search the run was part of, or NULL */
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

#endif
