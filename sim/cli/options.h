/* options.h — the command line: parsed from argv and checked here
 * (cli-options.c), acted on by main.c, report.c and hunt.c. */
#ifndef ATOMSIM_OPTIONS_H
#define ATOMSIM_OPTIONS_H

#include <stdbool.h>
#include <glib.h>

#include "core/memory-model.h"
#include "cpus/cpu.h"
#include "core/monitor.h"
#include "sched/scheduler.h"

/* --cores not given: as many as the program needs (program_open) */
#define CORES_FROM_PROGRAM (-1)
#define DEFAULT_CORES 2         /* for a program that creates no threads */

struct options {
    char *cpu;
    int cores;                  /* or CORES_FROM_PROGRAM */
    char *sched;
    char *schedule;
    char *monitor;
    char *memory;
    char *trace;        /* "-" for standard output */
    char *json;
    char *timeline;     /* --timeline FILE */
    struct timeline *timeline_view;     /* its page, for the run report_run reports */
    struct json_reads *json_reads;      /* --json's loads of that run */
    char *export_litmus;        /* --export-litmus FILE */
    struct litmus_export *export_view;  /* its events, likewise */
    int lock_table_size;
    gint64 runs;
    double time_limit;          /* --time-limit: seconds, or 0 for none */
    gboolean keep_going;
    gboolean shrink;
    gboolean no_inject;
    gboolean only_checks;
    gboolean only_reach_error;
    char **faults;              /* --fault, as given */
    gboolean strip_lock;
    gboolean strip_fence;
    double sc_fail;
    gint64 delay_holder;
    int jobs;
    char *shard_text;
    unsigned shard, shards;
    char *record;
    char *debug;        /* --debug: the subsystems to log */
    gint64 spin_limit;
    gint64 sc_fail_limit;
    gint64 seed;
    gint64 max_steps;
    gint64 max_insns;
    gboolean version;
    int error_exitcode;         /* --error-exitcode: the status of a finding */
    char *log_file;             /* --log-file: where atomsim prints, or NULL */
    char **ignore;              /* --ignore VAR, repeatable */
    char **args;
    const char *after_trace;    /* the word after a bare --trace (argv's) */

    /* What the checks made of the text above. */
    const struct cpu_ops *cpu_ops;      /* --cpu, or NULL: the ELF's */
    enum monitor_policy monitor_policy;
    bool monitor_all;                   /* --monitor all: each policy, on one schedule */
    enum memory_model memory_model;     /* --memory; the cpu's own without it */
    /* --sched or --schedule: the schedule, or a search over schedules
     * (sched_exhaustive: dfs, whose bound is sched_bound) */
    struct sched *strategy;
    char *svcomp;               /* --svcomp PROP */
    char *witness;              /* --witness FILE */
    char *svcomp_input;         /* the C file --svcomp built the program from, or NULL */
};

/* Parse argc/argv (not changed; the strings stay the caller's) into o
 * and check every value.  FALSE with error set (ATOMSIM_ERROR_USAGE, or
 * GOption's error for an unknown or malformed option) if something is
 * wrong: the message is what atomsim prints after "atomsim: ".  With
 * --version nothing else is checked.  help: whether --help prints the help
 * and exits (a fuzz target turns it off). */
gboolean options_parse(struct options *o, int argc, char **argv, gboolean help,
                       GError **error);
/* --svcomp's property file, its text (len bytes): NULL if it is SV-COMP's
 * unreach-call, else the name of the property it is, which atomsim does
 * not check. */
const char *options_svcomp_refused(const char *text, size_t len);
/* (Re)make o->strategy from --sched or --schedule for ncores cores. */
gboolean options_make_strategy(struct options *o, unsigned ncores, GError **error);
/* Free what options_parse stored in o. */
void options_clear(struct options *o);

#endif
