/* test-atomic.c — the kernel's atomic API (<atomic.h>, programs/lib/) on
 * every cpu configure built guests for:
 *   conformance       tests/guest/atomic-conformance.c on one core: every
 *                     operation returns and leaves the right values;
 *   conformance-qemu  the same ELF under qemu-user prints the same lines
 *                     (skipped where qemu-user for the cpu is missing);
 *   stress            tests/guest/atomic-stress.c on 2 and 4 cores under
 *                     every schedule below ends clean: no update is lost. */
#include <string.h>
#include <glib.h>

#include "test-programs.h"

/* A clean one-core run of the conformance program prog. */
static struct result conformance(const char *prog)
{
    struct result r = atomsim("--cores", "1", prog, NULL);
    if (r.status != 0)
        g_test_message("%s%s", r.out, r.err);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_null(strstr(r.out, "check failed"));
    g_assert_null(strstr(r.out, "FAILED"));
    g_assert_nonnull(strstr(r.out, "cpu0: atomic64_fetch_add: ok\n"));
    g_assert_nonnull(strstr(r.out, "cpu0: 0 groups failed\n"));
    g_assert_nonnull(strstr(r.out, "atomsim: result: clean\n"));
    return r;
}

static void test_conformance(gconstpointer data)
{
    g_autofree char *prog = guest(data, "atomic-conformance");
    struct result r = conformance(prog);
    result_clear(&r);
}

static void test_conformance_qemu(gconstpointer data)
{
    const char *cpu = data, *qemu = qemu_or_skip(cpu);
    if (qemu == NULL)
        return;
    g_autofree char *prog = guest(cpu, "atomic-conformance");
    struct result a = conformance(prog);
    expect_qemu_agrees(qemu, prog, &a);
    result_clear(&a);
}

/* Every run must end clean; a failing run is logged with its output, which
 * ends with the command line that reproduces it, and the others still run. */
static void test_stress(gconstpointer data)
{
    const char *cpu = data;
    g_autofree char *prog = guest(cpu, "atomic-stress");
    static const char *const cores[] = { "2", "4" };
    static const char *const scheds[] = { "random", "random:1", "random:16", "rr", "rr:3" };
    enum { SEEDS = SANITIZER_BUDGET(8, 3) };
    unsigned failed = 0, runs = 0;
    for (unsigned c = 0; c < G_N_ELEMENTS(cores); c++) {
        g_autofree char *want = g_strdup_printf("cpu0: %s cores, 20 rounds each: checked\n",
                                                cores[c]);
        for (unsigned s = 0; s < G_N_ELEMENTS(scheds); s++) {
            /* round-robin ignores the seed */
            int seeds = g_str_has_prefix(scheds[s], "random") ? SEEDS : 1;
            for (int seed = 1; seed <= seeds; seed++) {
                g_autofree char *seed_arg = g_strdup_printf("%d", seed);
                struct result r = atomsim("--cores", cores[c], "--sched", scheds[s], "--seed",
                                          seed_arg, prog, NULL);
                runs++;
                if (r.status != 0 || !strstr(r.out, want) ||
                    !strstr(r.out, "atomsim: result: clean\n")) {
                    failed++;
                    g_test_message("exit %d\n%s%s", r.status, r.out, r.err);
                }
                result_clear(&r);
            }
        }
    }
    if (failed)
        g_test_fail_printf("%u of %u runs of atomic-stress on %s failed", failed, runs, cpu);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    static const struct per_cpu_test per_cpu[] = {
        { "conformance", test_conformance },
        { "conformance-qemu", test_conformance_qemu },
        { "stress", test_stress },
    };
    add_per_cpu_tests("atomic", per_cpu, G_N_ELEMENTS(per_cpu));
    return g_test_run();
}
