/* bench-speed — simulated instructions per second of atomsim against one
 * free-running Unicorn engine, side by side in one process.
 *
 *   tools/bench-speed PROGRAM.elf [ROUNDS]
 *
 * atomsim runs PROGRAM on 2 cores under --sched random; the reference runs
 * the same ELF on one engine with no code or memory hooks (only the trap
 * hook, which the program's few system calls need).  The reference's
 * instruction count is atomsim's count for the same ELF on 1 core, where
 * both execute the same instructions.  Rounds alternate the two; the
 * ratio printed is the median of the per-round ratios.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib.h>

#include "detect/detectors.h"
#include "core/loader.h"
#include "core/machine.h"
#include "core/run.h"
#include "sched/scheduler.h"

struct free_engine {
    const struct cpu_ops *cpu;
    uc_engine *uc;
    uint8_t *mem;
    uint64_t lo, hi, entry, sp;
    struct image *img;
};

/* Every call fails with ENOSYS (the runtime then runs as cpu 0 of 1),
 * except exit and exit_group, which stop the engine. */
/* A benchmark's engine call must not fail. */
static void must(uc_err err, const char *what)
{
    if (err != UC_ERR_OK)
        g_error("bench-speed: %s: %s", what, uc_strerror(err));
}

static void free_syscall(struct free_engine *e)
{
    uint64_t nr, args[3];
    must(e->cpu->syscall_args(e->uc, &nr, args), "read a system call");
    if (nr == e->cpu->sys_exit || nr == e->cpu->sys_exit_group) {
        /* No register write here: on sparc32 it restarts the engine and
         * the stop request is lost. */
        must(uc_emu_stop(e->uc), "stop");
        return;
    }
    must(e->cpu->syscall_return(e->uc, nr == e->cpu->sys_write ? (int64_t)args[2] : -38),
         "return from a system call");
}

static void free_intr(uc_engine *uc, uint32_t intno, void *data)
{
    (void)uc;
    (void)intno;
    free_syscall(data);
}

static void free_insn(uc_engine *uc, void *data)
{
    (void)uc;
    free_syscall(data);
}

static double free_run(struct free_engine *e)
{
    memset(e->mem, 0, e->hi - e->lo);
    image_copy_segments(e->img, e->mem, e->lo);
    must(uc_reg_write(e->uc, e->cpu->reg_sp, &e->sp), "set the stack pointer");
    gint64 t = g_get_monotonic_time();
    must(uc_emu_start(e->uc, e->entry, e->cpu->word_size == 4 ? 0xffffffffu : UINT64_MAX, 0, 0),
         "run");
    return (double)(g_get_monotonic_time() - t) / 1e6;
}

/* One engine over the image as machine m lays it out, plus a stack. */
static void free_open(struct free_engine *e, const struct machine *m)
{
    const struct cpu_ops *cpu = m->cpu;
    e->cpu = cpu;
    e->img = m->img;
    e->lo = m->image_lo;
    e->hi = m->image_hi + 0x100000;     /* the stack, above the program */
    e->sp = e->hi - 256;
    e->entry = m->img->entry;
    e->mem = g_aligned_alloc0(e->hi - e->lo, 1, 4096);
    must(uc_open(cpu->uc_arch, cpu->uc_mode, &e->uc), "open an engine");
    if (cpu->uc_cpu_model >= 0)
        must(uc_ctl_set_cpu_model(e->uc, cpu->uc_cpu_model), "choose the cpu model");
    must(uc_mem_map_ptr(e->uc, e->lo, e->hi - e->lo, UC_PROT_ALL, e->mem), "map memory");
    uc_hook h;
    must(uc_hook_add(e->uc, &h, UC_HOOK_INTR, (void *)free_intr, e, 1, 0), "hook");
    if (cpu->syscall_insn >= 0)
        must(uc_hook_add(e->uc, &h, UC_HOOK_INSN, (void *)free_insn, e, 1, 0,
                         cpu->syscall_insn), "hook");
}

static double atomsim_run(struct machine *m, struct sched *s, uint64_t *insns)
{
    FILE *devnull = fopen("/dev/null", "w");
    g_autoptr(run) r = run_new(m, NULL);
    struct detectors d;
    detectors_init(&d, m, 3, DEFAULT_SPIN_LIMIT, DEFAULT_SC_FAIL_LIMIT);
    struct run_options opt = { .max_steps = UINT64_MAX, .max_insns = UINT64_MAX, .out = devnull,
                               .monitor = MONITOR_ADDRESS, .memory = m->cpu->memory, .sinks = d.sinks,
                               .nsinks = G_N_ELEMENTS(d.sinks) };
    gint64 t = g_get_monotonic_time();
    run_program(r, s, &opt);
    double secs = (double)(g_get_monotonic_time() - t) / 1e6;
    if (r == NULL || run_found(r))
        g_error("the program did not run cleanly under atomsim");
    *insns = r->insns;
    detectors_clear(&d);
    fclose(devnull);
    return secs;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: bench-speed PROGRAM.elf [ROUNDS]\n");
        return 2;
    }
    int rounds = 5;
    if (argc > 2 && (rounds = atoi(argv[2])) < 1)
        g_error("bench-speed: ROUNDS must be a whole number of at least 1, not '%s'", argv[2]);
    g_autoptr(GError) error = NULL;
    g_autoptr(image) img = image_load(argv[1], &error);
    if (img == NULL)
        g_error("%s", error->message);
    const struct cpu_ops *cpu = cpu_for_elf(img->machine, img->elf_class, img->elf_data);
    g_autoptr(machine) one = machine_new(cpu, img, 1, &error);
    g_autoptr(machine) two = machine_new(cpu, img, 2, &error);
    g_autoptr(sched) s = sched_new("random", 1, 2, &error);
    struct free_engine fe;
    free_open(&fe, one);

    uint64_t ref_insns, insns;
    atomsim_run(one, s, &ref_insns);
    double ratios[64], free_ips[64], sim_ips[64];
    rounds = CLAMP(rounds, 1, 64);
    for (int i = 0; i < rounds; i++) {
        double tf = free_run(&fe);
        double ta = atomsim_run(two, s, &insns);
        free_ips[i] = (double)ref_insns / tf;
        sim_ips[i] = (double)insns / ta;
        ratios[i] = sim_ips[i] / free_ips[i];
    }
    qsort(ratios, (size_t)rounds, sizeof(double), cmp_double);
    qsort(free_ips, (size_t)rounds, sizeof(double), cmp_double);
    qsort(sim_ips, (size_t)rounds, sizeof(double), cmp_double);
    printf("%-8s free engine %7.1f M insn/s   atomsim 2 cores %7.1f M insn/s   ratio %.2f "
           "(median of %d; range %.2f-%.2f)\n", cpu->name, free_ips[rounds / 2] / 1e6,
           sim_ips[rounds / 2] / 1e6, ratios[rounds / 2], rounds, ratios[0],
           ratios[rounds - 1]);
    (void)uc_close(fe.uc);
    g_aligned_free(fe.mem);
    return 0;
}
