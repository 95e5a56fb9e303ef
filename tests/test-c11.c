/* test-c11.c — C11 atomics (<stdatomic.h>, _Atomic) on every cpu configure
 * built guests for, with gcc's inline code and the library's helpers
 * (programs/lib/c11-atomic.c, sparc32/lock-table.c):
 *   conformance       tests/guest/c11-conformance.c on one core: every
 *                     operation on 1, 2, 4 and 8 bytes returns and leaves
 *                     the right values;
 *   conformance-qemu  the same ELF under qemu-user prints the same lines;
 *   counter           programs/examples/c11-counter.c: relaxed fetch_adds
 *                     on 2-, 4- and 8-byte counters lose nothing, under
 *                     every memory model of the cpu and every strategy
 *                     (tests/guest/c11-counter-once.c for dfs);
 *   flag              tests/guest/c11-flag.c: a spinlock from atomic_flag
 *                     lets one core in at a time, except under sparc32's
 *                     pso, where gcc's TSO code lets the lock drain before
 *                     the count and dfs finds it. */
#include <string.h>
#include <glib.h>

#include "test-programs.h"

static struct result conformance(const char *prog)
{
    struct result r = atomsim("--cores", "1", prog, NULL);
    if (r.status != 0)
        g_test_message("%s%s", r.out, r.err);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_null(strstr(r.out, "FAILED"));
    g_assert_nonnull(strstr(r.out, "cpu0: 8 bytes: ok\n"));
    g_assert_nonnull(strstr(r.out, "cpu0: atomic_flag: ok\n"));
    g_assert_nonnull(strstr(r.out, "atomsim: result: clean\n"));
    return r;
}

static void test_conformance(gconstpointer data)
{
    g_autofree char *prog = guest(data, "c11-conformance");
    struct result r = conformance(prog);
    result_clear(&r);
}

static void test_conformance_qemu(gconstpointer data)
{
    const char *cpu = data, *qemu = qemu_or_skip(cpu);
    if (qemu == NULL)
        return;
    g_autofree char *prog = guest(cpu, "c11-conformance");
    struct result a = conformance(prog);
    expect_qemu_agrees(qemu, prog, &a);
    result_clear(&a);
}

/* The strategies every model runs: seeded ones over several seeds, and an
 * exhaustive search (of a smaller program) to the bound the test gives. */
static const struct {
    const char *sched, *runs;
} strategies[] = {
    { "rr", NULL }, { "rr:3", NULL }, { "random", "8" }, { "pct", "8" }, { NULL, NULL },
};

/* prog on cpu under every model but skip_model and every strategy (dfs, on
 * search_prog with 2 cores): a run whose check fails or whose search does
 * not exhaust its space is logged; returns how many. */
static unsigned run_everywhere(const char *cpu, const char *prog, const char *search_prog,
                               const char *dfs, const char *skip_model)
{
    g_auto(GStrv) models = models_of(cpu);
    unsigned failed = 0;
    for (char **m = models; *m; m++) {
        if (skip_model && strcmp(*m, skip_model) == 0)
            continue;
        for (unsigned s = 0; s < G_N_ELEMENTS(strategies); s++) {
            const char *sched = strategies[s].sched, *runs = strategies[s].runs;
            struct result r =
                runs ? atomsim("--memory", *m, "--cores", "3", "--ignore", "plain", "--sched",
                               sched, "--runs", runs, prog, NULL)
                : sched ? atomsim("--memory", *m, "--cores", "3", "--ignore", "plain",
                                  "--sched", sched, prog, NULL)
                        : atomsim("--memory", *m, "--ignore", "plain", "--sched", dfs,
                                  search_prog, NULL);
            if (r.status != 0 || strstr(r.out, "check failed") ||
                (!sched && !strstr(r.out, "(the space is exhausted)"))) {
                failed++;
                g_test_message("%s %s %s: exit %d\n%s%s", cpu, *m, sched ? sched : dfs,
                               r.status, r.out, r.err);
            }
            result_clear(&r);
        }
    }
    return failed;
}

static void test_counter(gconstpointer data)
{
    const char *cpu = data;
    g_autofree char *prog = example(cpu, "c11-counter");
    g_autofree char *once = guest(cpu, "c11-counter-once");
    unsigned failed = run_everywhere(cpu, prog, once, "dfs:2", NULL);
    if (failed)
        g_test_fail_printf("%u runs of c11-counter on %s lost an atomic update", failed, cpu);
}

static void test_flag(gconstpointer data)
{
    const char *cpu = data;
    g_autofree char *prog = guest(cpu, "c11-flag");
    bool sparc = strcmp(cpu, "sparc32") == 0;
    unsigned failed = run_everywhere(cpu, prog, prog, "dfs:1", sparc ? "pso" : NULL);
    if (failed)
        g_test_fail_printf("%u runs of c11-flag on %s let two cores in", failed, cpu);
    if (sparc) {
        struct result r = atomsim("--memory", "pso", "--sched", "dfs:1", prog, NULL);
        g_assert_nonnull(strstr(r.out, "check failed: the flag let two cores in"));
        result_clear(&r);
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    static const struct per_cpu_test per_cpu[] = {
        { "conformance", test_conformance },
        { "conformance-qemu", test_conformance_qemu },
        { "counter", test_counter },
        { "flag", test_flag },
    };
    add_per_cpu_tests("c11", per_cpu, G_N_ELEMENTS(per_cpu));
    return g_test_run();
}
