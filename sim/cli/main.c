/* main.c — the atomsim command line. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "base/error.h"
#include "explore/explore.h"
#include "hunt.h"
#include "core/loader.h"
#include "detect/detectors.h"
#include "core/machine.h"
#include "options.h"
#include "program.h"
#include "report.h"
#include "core/run.h"
#include "sched/scheduler.h"
#include "report/trace.h"
#include "explain.h"
#include "litmus-cli.h"
#include "merge-cli.h"
#include "monitor-all.h"
#include "step.h"
#include "svcomp-cli.h"
#include "report/litmus-export.h"
#include "report/report-json.h"
#include "report/timeline.h"


static int usage_error(const char *fmt, ...) G_GNUC_PRINTF(1, 2);
static int usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("atomsim: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputs(" (see atomsim --help)\n", stderr);
    va_end(ap);
    return EXIT_USAGE;
}

static int run_main(struct options *o)
{
    g_auto(program) p = { 0 };
    int status = program_open(o, &p);
    if (status != EXIT_CLEAN)
        return status;
    struct machine *m = p.m;
    struct run *r = p.r;
    struct sched *strategy = o->strategy;

    /* a report that cannot be written: say so before running */
    const char *outputs[][2] = { { "--json", o->json }, { "--timeline", o->timeline },
                                 { "--export-litmus", o->export_litmus } };
    for (unsigned i = 0; i < G_N_ELEMENTS(outputs); i++) {
        if (outputs[i][1] == NULL)
            continue;
        FILE *f = fopen(outputs[i][1], "w");
        if (f == NULL) {
            fprintf(stderr, "atomsim: %s %s: %s\n", outputs[i][0], outputs[i][1],
                    g_strerror(errno));
            return EXIT_USAGE;
        }
        fclose(f);
    }
    FILE *trace_out = NULL;
    if (o->trace != NULL) {
        trace_out = strcmp(o->trace, "-") == 0 ? stdout : fopen(o->trace, "w");
        if (trace_out == NULL) {
            fprintf(stderr, "atomsim: --trace=%s: %s\n", o->trace, g_strerror(errno));
            return EXIT_USAGE;
        }
    }
    g_autoptr(trace) tr = trace_out ? trace_new(trace_out, m) : NULL;
    struct detectors d;
    detectors_init(&d, m, LOST_UPDATES_SHOWN, (uint64_t)o->spin_limit,
                   (uint64_t)o->sc_fail_limit);
    struct lockstat *locks = d.locks;
    /* --monitor all draws its three runs on a page of its own */
    g_autoptr(timeline) view = o->timeline && !o->monitor_all ? timeline_new(m, locks) : NULL;
    o->timeline_view = view;
    g_autoptr(litmus_export) exported = o->export_litmus ? litmus_export_new(m) : NULL;
    o->export_view = exported;
    g_autoptr(json_reads) reads = o->json ? json_reads_new() : NULL;
    o->json_reads = reads;
    /* the trace and the timeline first: hunting leaves them out of its
     * candidate runs */
    struct event_sink sinks[4 + G_N_ELEMENTS(d.sinks)];
    unsigned nsinks = 0;
    if (tr != NULL)
        sinks[nsinks++] = (struct event_sink){ .event = trace_event, .ctx = tr };
    if (view != NULL)
        sinks[nsinks++] = timeline_sink(view);
    if (exported != NULL)
        sinks[nsinks++] = litmus_export_sink(exported);
    if (reads != NULL)
        sinks[nsinks++] = json_reads_sink(reads);
    unsigned traced = nsinks;
    for (unsigned i = 0; i < G_N_ELEMENTS(d.sinks); i++)
        sinks[nsinks++] = d.sinks[i];

    struct run_options ro = program_run_options(o, &p);
    ro.sinks = sinks;
    ro.nsinks = nsinks;
    if (o->svcomp) {
        status = svcomp_run(o, r, locks, &ro, traced);
    } else if (o->monitor_all) {
        status = monitor_all_run(o, r, &ro, traced, LOST_UPDATES_SHOWN);
    } else if (sched_exhaustive(strategy)) {
        status = hunt_dfs(o, r, locks, &ro, traced, sched_bound(strategy), NULL);
    } else if (o->runs > 1) {
        status = hunt_explore(o, r, locks, &ro, traced);
    } else {
        if (sched_estimates_horizon(strategy))
            explore_pct_horizon(strategy, r, &ro, traced, (uint64_t)o->seed);
        if (o->shrink)
            printf("atomsim: the run, before --shrink:\n");
        run_program(r, strategy, &ro);
        status = o->shrink && findings_count(&r->found) > 0
                     ? hunt_shrink(o, r, locks, &ro, traced, NULL)
                     : report_run(o, r, locks, strategy, NULL);
        run_clear(r);
    }
    if (trace_out != NULL && trace_out != stdout && fclose(trace_out) != 0) {
        fprintf(stderr, "atomsim: --trace=%s: %s\n", o->trace, g_strerror(errno));
        status = EXIT_USAGE;
    }
    detectors_clear(&d);
    return status;
}

/* --log-file FILE: standard output and error go to FILE.  FALSE (said on
 * stderr) if it cannot be written. */
static bool log_to(const char *path)
{
    fflush(stdout);
    fflush(stderr);
    if (freopen(path, "w", stdout) == NULL) {
        fprintf(stderr, "atomsim: --log-file %s: %s (see atomsim --help)\n", path,
                g_strerror(errno));
        return false;
    }
    dup2(fileno(stdout), fileno(stderr));
    return true;
}

/* atomsim [explain|litmus|step|merge] [OPTION...] PROGRAM.elf */
int main(int argc, char **argv)
{
    /* Unicorn 2.0.1 sends every guest store through its check for code on
     * the page, which builds and frees a GTree of g_slice nodes (unless
     * cpus/unicorn-stores.c skips it, built against 2.0.1): GLib 2.74's
     * slice magazines cost more there than malloc does (GLib 2.76 made
     * g_slice malloc).  Read at GLib's first slice allocation, which is
     * later than this. */
    g_setenv("G_SLICE", "always-malloc", FALSE);
    if (argc > 1 && strcmp(argv[1], "explain") == 0)
        return explain_main(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "litmus") == 0)
        return litmus_main(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "step") == 0)
        return step_main(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "merge") == 0)
        return merge_main(argc - 1, argv + 1);
    struct options o;
    g_autoptr(GError) error = NULL;
    int status;
    if (!options_parse(&o, argc, argv, TRUE, &error))
        status = usage_error("%s", error->message);
    else if (o.version)
        status = printf("atomsim %s\n", PACKAGE_VERSION) < 0 ? EXIT_USAGE : EXIT_CLEAN;
    else if (o.log_file != NULL && !log_to(o.log_file))
        status = EXIT_USAGE;
    else if (o.svcomp == NULL)
        status = run_main(&o);
    else if ((status = svcomp_build(&o)) == EXIT_CLEAN)
        status = run_main(&o);
    if (status == EXIT_FINDING)
        status = o.error_exitcode;
    options_clear(&o);
    return status;
}
