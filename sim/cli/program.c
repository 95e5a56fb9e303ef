/* program.c — see program.h. */
#include <stdio.h>

#include "base/error.h"
#include "core/guest-abi.h"
#include "explore/dfs.h"
#include "program.h"

/* a function only atomsim's runtime (programs/runtime/sim.c) defines */
#define RUNTIME_SYMBOL "__sim_start_exit"
#define INJECT_PROBABILITY 0.5

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

/* The steps a run that counts threads may take, and the seeds it tries */
#define COUNT_THREADS_STEPS 100000
#define COUNT_THREADS_SEEDS 32

/* The cores a program that creates threads needs: the most threads a
 * round-robin run creates, main's included, on more cores each time one is
 * missing (at most ATOMSIM_MAX_CORES), of runs with the nondet values of
 * one seed after another, at most COUNT_THREADS_SEEDS of them, until one
 * settles: it ends with every core done and nothing found, or goes as far
 * as its budgets let it (another seed would take as long).  A run that an
 * abort or a false assumption ended early, on its nondet values, may have
 * created fewer threads than others do.  0 if the engines cannot be made
 * (error set). */
static unsigned cores_for_threads(const struct options *o, const struct cpu_ops *cpu,
                                  struct image *img, GError **error)
{
    struct run_options ro = { .max_steps = COUNT_THREADS_STEPS,
                              .max_insns = COUNT_THREADS_STEPS * 64,
                              .memory = o->memory_model, .report_only = REPORT_CHECKS };
    unsigned most = 1;
    uint64_t seed = 1;
    for (unsigned n = DEFAULT_CORES;; n = MIN(n * 2, ATOMSIM_MAX_CORES)) {
        g_autoptr(machine) m = machine_new(cpu, img, n, error);
        g_autoptr(run) r = m ? run_new(m, error) : NULL;
        if (r == NULL)
            return 0;
        g_autoptr(sched) rr = sched_new("rr:1", 0, n, NULL);
        /* the same engines for every seed, until one needs more cores */
        for (; seed <= COUNT_THREADS_SEEDS; seed++) {
            ro.fault_seed = seed;
            run_program(r, rr, &ro);
            if (r->end == RUN_NO_CORE && n < ATOMSIM_MAX_CORES)
                break;
            most = MAX(most, m->threads);
            if (run_out_of_budget(r) || (r->end == RUN_DONE && !run_found(r)))
                return most;
        }
        if (seed > COUNT_THREADS_SEEDS)
            return most;
    }
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

int program_open(struct options *o, struct program *p)
{
    g_autoptr(GError) error = NULL;
    const struct cpu_ops *cpu = o->cpu_ops;
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
    p->nignore = o->ignore ? g_strv_length(o->ignore) : 0;
    p->ignore = g_new0(struct run_ignore, p->nignore + 1);
    if (!ignore_ranges(o, img, p->ignore))
        return EXIT_USAGE;
    if (o->memory == NULL)
        o->memory_model = cpu->memory;
    if (!memory_model_check(cpu, o->memory_model, &error)) {
        fprintf(stderr, "atomsim: %s\n", error->message);
        return EXIT_USAGE;
    }
    if (o->cores == CORES_FROM_PROGRAM) {
        /* SV-COMP's program without threads is one thread: main */
        o->cores = o->svcomp ? 1 : DEFAULT_CORES;
        if (image_find_symbol(img, GUEST_THREADS_SYMBOL) != NULL &&
            (o->cores = (int)cores_for_threads(o, cpu, img, &error)) == 0) {
            fprintf(stderr, "atomsim: %s\n", error->message);
            return atomsim_exit_for(error);
        }
        if (!options_make_strategy(o, (unsigned)o->cores, &error)) {
            fprintf(stderr, "atomsim: %s (the program runs on %d cores: --cores N gives "
                    "more)\n", error->message, o->cores);
            return EXIT_USAGE;
        }
    }
    const struct memory_model_ops *mm = memory_model_get(o->memory_model);
    if (sched_exhaustive(o->strategy) && (unsigned)o->cores > memory_model_search_cores(mm)) {
        fprintf(stderr, "atomsim: --sched dfs --memory %s: at most %u cores (see atomsim "
                "--help)\n", mm->name, memory_model_search_cores(mm));
        return EXIT_USAGE;
    }

    if (o->lock_table_size && image_find_symbol(img, LOCK_TABLE_SIZE_SYMBOL) == NULL) {
        fprintf(stderr, "atomsim: %s: --lock-table-size: the program has no hashed lock table "
                "(%s, sparc32's atomic library)\n", path, LOCK_TABLE_SIZE_SYMBOL);
        return EXIT_USAGE;
    }
    p->m = machine_new(cpu, img, (unsigned)o->cores, &error);
    p->img = g_steal_pointer(&img);     /* the machine's, freed after it */
    p->r = p->m ? run_new(p->m, &error) : NULL;
    if (p->r == NULL) {
        fprintf(stderr, "atomsim: %s\n", error->message);
        return atomsim_exit_for(error);
    }
    return EXIT_CLEAN;

}

void program_close(struct program *p)
{
    run_free(p->r);
    machine_free(p->m);
    image_free(p->img);
    g_free(p->ignore);
    *p = (struct program){ 0 };
}

struct run_options program_run_options(const struct options *o, const struct program *p)
{
    return (struct run_options){
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
        .ignore = p->ignore,
        .nignore = p->nignore,
        .report_only = o->only_reach_error ? REPORT_REACH_ERROR
                       : o->only_checks    ? REPORT_CHECKS
                                           : REPORT_ALL,
        .await_spins = sched_exhaustive(o->strategy) && dfs_awaits_spins(),
    };
}
