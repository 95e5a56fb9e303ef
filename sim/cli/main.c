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
#include "report.h"
#include "core/run.h"
#include "sched/scheduler.h"
#include "report/trace.h"
#include "explain.h"
#include "litmus-cli.h"
#include "monitor-all.h"
#include "report/litmus-export.h"
#include "report/timeline.h"

#define LOST_UPDATES_SHOWN 3    /* per location; the rest are counted */
#define INJECT_PROBABILITY 0.5
/* a function only atomsim's runtime (programs/runtime/sim.c) defines */
#define RUNTIME_SYMBOL "__sim_start_exit"

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

/* A program linked with glibc, not atomsim's runtime (whose small libc has
 * neither symbol): say how guests are built.  FALSE if it is one. */
static bool check_runtime(const struct image *img)
{
    const char *libc_symbols[] = { "__libc_start_main", "_IO_stdin_used" };
    if (image_find_symbol(img, RUNTIME_SYMBOL) != NULL)
        return true;
    for (unsigned i = 0; i < G_N_ELEMENTS(libc_symbols); i++) {
        if (image_find_symbol(img, libc_symbols[i]) == NULL)
            continue;
        fprintf(stderr, "atomsim: %s: built with libc (it has %s), not atomsim's runtime: "
                "build guests with atomsim-cc --cpu CPU -o PROGRAM.elf FILE.c (it links "
                "atomsim's small libc)\n", img->path, libc_symbols[i]);
        return false;
    }
    return true;
}

/* --monitor other than address (value, switch, all) on a cpu without an
 * exclusive monitor. */
static bool check_monitor(const struct options *o, const struct cpu_ops *cpu)
{
    if (o->monitor == NULL || (o->monitor_policy == MONITOR_ADDRESS && !o->monitor_all) ||
        cpu->exclusive_granule > 0)
        return true;
    fprintf(stderr, "atomsim: --monitor %s: %s has no exclusive monitor (no load- and "
            "store-exclusive): only --monitor address (see atomsim --help)\n", o->monitor,
            cpu->name);
    return false;
}

/* --ignore VAR...: the variables' ranges into ranges (o->ignore's length).
 * FALSE if one is not a symbol of img. */
static bool ignore_ranges(const struct options *o, const struct image *img,
                          struct run_ignore *ranges)
{
    for (unsigned i = 0; o->ignore && o->ignore[i]; i++) {
        const struct symbol *s = image_find_symbol(img, o->ignore[i]);
        if (s == NULL) {
            fprintf(stderr, "atomsim: --ignore %s: %s has no such symbol (see atomsim "
                    "--help)\n", o->ignore[i], img->path);
            return false;
        }
        ranges[i] = (struct run_ignore){ s->addr, s->size ? s->size : 1 };
    }
    return true;
}

static int run_main(struct options *o)
{
    g_autoptr(GError) error = NULL;
    const struct cpu_ops *cpu = o->cpu_ops;
    struct sched *strategy = o->strategy;
    const char *path = o->args[0];
    g_autoptr(image) img = image_load(path, &error);
    if (img == NULL) {
        fprintf(stderr, "atomsim: %s\n", error->message);
        return EXIT_USAGE;
    }
    if (!check_runtime(img))
        return EXIT_USAGE;
    const struct cpu_ops *elf_cpu = cpu_for_elf(img->machine, img->elf_class, img->elf_data);
    if (cpu == NULL && elf_cpu == NULL) {
        fprintf(stderr, "atomsim: %s: an ELF for %s, which atomsim does not simulate (%s)\n",
                path, cpu_elf_machine_name(img->machine), cpu_names());
        return EXIT_USAGE;
    }
    if (cpu != NULL && elf_cpu != cpu) {
        fprintf(stderr, "atomsim: %s: an ELF for %s, not for --cpu %s\n", path,
                elf_cpu ? elf_cpu->name : cpu_elf_machine_name(img->machine), cpu->name);
        return EXIT_USAGE;
    }
    cpu = elf_cpu;
    if (!check_monitor(o, cpu))
        return EXIT_USAGE;
    guint nignore = o->ignore ? g_strv_length(o->ignore) : 0;
    g_autofree struct run_ignore *ignore = g_new0(struct run_ignore, nignore + 1);
    if (!ignore_ranges(o, img, ignore))
        return EXIT_USAGE;
    if (o->memory == NULL)
        o->memory_model = cpu->memory;
    if (!(cpu->models & MEMORY_BIT(o->memory_model))) {
        g_autofree char *names = memory_model_names(cpu->models);
        fprintf(stderr, "atomsim: --memory %s: not a model of %s (it has %s)\n", o->memory,
                cpu->name, names);
        return EXIT_USAGE;
    }
    /* The search names its choices in one 64-bit mask: each core, and each
     * store a core's buffer may drain next. */
    unsigned per_core = 1 + memory_model_drain_slots(o->memory_model);
    if (sched_exhaustive(strategy) && o->memory_model != MEMORY_SC &&
        (unsigned)o->cores * per_core > 64) {
        fprintf(stderr, "atomsim: --sched dfs --memory %s: at most %u cores (see atomsim "
                "--help)\n", memory_model_name(o->memory_model), 64 / per_core);
        return EXIT_USAGE;
    }

    if (o->lock_table_size && image_find_symbol(img, LOCK_TABLE_SIZE_SYMBOL) == NULL) {
        fprintf(stderr, "atomsim: %s: --lock-table-size: the program has no hashed lock table "
                "(%s, sparc32's atomic library)\n", path, LOCK_TABLE_SIZE_SYMBOL);
        return EXIT_USAGE;
    }
    g_autoptr(machine) m = machine_new(cpu, img, (unsigned)o->cores, &error);
    g_autoptr(run) r = m ? run_new(m, &error) : NULL;
    if (r == NULL) {
        fprintf(stderr, "atomsim: %s\n", error->message);
        return atomsim_exit_for(error);
    }

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
    g_autoptr(timeline) view = o->timeline ? timeline_new(m, locks) : NULL;
    o->timeline_view = view;
    g_autoptr(litmus_export) exported = o->export_litmus ? litmus_export_new(m) : NULL;
    o->export_view = exported;
    /* the trace and the timeline first: hunting leaves them out of its
     * candidate runs */
    struct event_sink sinks[3 + G_N_ELEMENTS(d.sinks)];
    unsigned nsinks = 0;
    if (tr != NULL)
        sinks[nsinks++] = (struct event_sink){ .event = trace_event, .ctx = tr };
    if (view != NULL)
        sinks[nsinks++] = timeline_sink(view);
    if (exported != NULL)
        sinks[nsinks++] = litmus_export_sink(exported);
    unsigned traced = nsinks;
    for (unsigned i = 0; i < G_N_ELEMENTS(d.sinks); i++)
        sinks[nsinks++] = d.sinks[i];

    struct run_options ro = {
        .max_steps = (uint64_t)o->max_steps,
        .max_insns = (uint64_t)o->max_insns,
        .out = stdout,
        .monitor = o->monitor_policy,
        .memory = o->memory_model,
        .lock_table_size = (unsigned)o->lock_table_size,
        .strip_lock = o->strip_lock,
        .strip_fence = o->strip_fence,
        .sc_fail = o->sc_fail,
        .fault_seed = (uint64_t)o->seed,
        .inject = o->no_inject ? 0 : INJECT_PROBABILITY,
        .delay_holder = (uint64_t)o->delay_holder,
        .sinks = sinks,
        .nsinks = nsinks,
        .ignore = ignore,
        .nignore = nignore,
        .report_only = o->only_reach_error ? REPORT_REACH_ERROR
                       : o->only_checks    ? REPORT_CHECKS
                                           : REPORT_ALL,
    };
    int status;
    if (o->monitor_all) {
        status = monitor_all_run(o, r, &ro, traced, LOST_UPDATES_SHOWN);
    } else if (sched_exhaustive(strategy)) {
        status = hunt_dfs(o, r, locks, &ro, traced, sched_bound(strategy));
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

/* atomsim [explain|litmus] [OPTION...] PROGRAM.elf */
int main(int argc, char **argv)
{
    /* Unicorn 2.0.1 sends every guest store through its check for code on
     * the page, which builds and frees a GTree of g_slice nodes: GLib 2.74's
     * slice magazines cost more there than malloc does (GLib 2.76 made
     * g_slice malloc).  Read at GLib's first slice allocation, which is
     * later than this. */
    g_setenv("G_SLICE", "always-malloc", FALSE);
    if (argc > 1 && strcmp(argv[1], "explain") == 0)
        return explain_main(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "litmus") == 0)
        return litmus_main(argc - 1, argv + 1);
    struct options o;
    g_autoptr(GError) error = NULL;
    int status;
    if (!options_parse(&o, argc, argv, TRUE, &error))
        status = usage_error("%s", error->message);
    else if (o.version)
        status = printf("atomsim %s\n", PACKAGE_VERSION) < 0 ? EXIT_USAGE : EXIT_CLEAN;
    else if (o.log_file != NULL && !log_to(o.log_file))
        status = EXIT_USAGE;
    else
        status = run_main(&o);
    if (status == EXIT_FINDING)
        status = o.error_exitcode;
    options_clear(&o);
    return status;
}
