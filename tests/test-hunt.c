/* test-hunt.c — searches that are right: the dfs report run of a program
 * that spins does not crash the host, dfs memory stays bounded, threads do
 * not change the answer, and the printed reproduce line gives the same run
 * for every option that changes it. */
#include <stdlib.h>
#include "test-programs.h"

/* dfs on Peterson's lock, whose cores wait on two locations: the spins
 * yield, the search ends, the space is exhausted (under sequential
 * consistency: with store buffers the lock is broken, test-cli's
 * memory-tso). */
static void test_dfs_spinning(gconstpointer data)
{
    g_autofree char *elf = guest(data, "peterson");
    struct result r = atomsim("--memory", "sc", "--sched", "dfs:1", elf, NULL);
    if (r.status != 0 || !strstr(r.out, "(the space is exhausted)"))
        g_error("%s --sched dfs:1: exit %d:\n%s%s", elf, r.status, r.out, r.err);
    result_clear(&r);
    /* a pinned turn of more than a million steps is a schedule too */
    g_autofree char *counter = guest(data, "counter-atomic-once");
    struct result long_turn = atomsim("--schedule", "1:1,0:2,1:9999997", counter, NULL);
    g_assert_cmpint(long_turn.status, ==, 0);
    result_clear(&long_turn);
}

/* A dfs whose first schedule runs each core's loop in one turn of over a
 * million steps finds the lost update and reports it with those turns (the
 * report run was handed a schedule its parser refused, and crashed). */
#define COUNTER_LONG_ITER 510000    /* tests/guest/counter-long.c's ITER */
static void test_dfs_long_turns(void)
{
#ifdef __SANITIZE_ADDRESS__
    /* two million steps a schedule; what it checks (the turn's length in
     * the report) is no different under the sanitizers */
    g_test_skip("a long search, run in the plain build");
    return;
#endif
    const char *cpu = first_cpu();
    if (cpu == NULL) {
        g_test_skip("no guest compiler");
        return;
    }
    g_autofree char *elf = guest(cpu, "counter-long");
    struct result r = atomsim("--sched", "dfs:1", elf, NULL);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_nonnull(strstr(r.out, "lost update on counter"));
    /* core 1 loads first; then core 0's whole loop (a load and a store per
     * increment of counter-long.c) and its barrier trap, in one turn */
    g_autofree char *turn = g_strdup_printf(",0:%d,", 2 * COUNTER_LONG_ITER + 1);
    g_assert_nonnull(strstr(r.out, turn));
    result_clear(&r);
}

/* --time-limit holds inside a run: a run of a long loop on registers and
 * the stack, stopped there, is no finding (it would reach --max-insns, a
 * finding, only much later), and the hunt and the search say they stopped
 * at the limit. */
static void test_time_limit_in_run(void)
{
    const char *cpu = first_cpu();
    if (cpu == NULL) {
        g_test_skip("no guest compiler");
        return;
    }
    g_autofree char *elf = guest(cpu, "long-loop");
    struct result r = atomsim("--runs", "5", "--time-limit", "1", elf, NULL);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_nonnull(strstr(r.out, ": 0 with findings, 1 ran out of budget (stopped at "
                                   "--time-limit)\n"));
    result_clear(&r);
    r = atomsim("--sched", "dfs", "--time-limit", "1", elf, NULL);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_nonnull(strstr(r.out, "stopped at --time-limit, nothing found so far"));
    result_clear(&r);
}

/* --keep-going's failing seeds, as one line (to free). */
static char *seeds_found(const char *out)
{
    GString *s = g_string_new(NULL);
    const char *reported = strstr(out, "--seed ");
    if (reported)
        g_string_append_len(s, reported + 7, (gssize)strcspn(reported + 7, " "));
    for (const char *p = out; (p = strstr(p, "atomsim: seed ")) != NULL; p++)
        g_string_append_printf(s, ",%.*s", (int)strcspn(p + 14, " "), p + 14);
    return g_string_free(s, FALSE);
}

/* --jobs 2 finds exactly the seeds --jobs 1 finds, every time. */
static void test_jobs_deterministic(gconstpointer data)
{
    g_autofree char *elf = broken(data, "plain-increment");
    struct result one = atomsim("--runs", "8", "--keep-going", elf, NULL);
    g_autofree char *want = seeds_found(one.out);
    g_assert_cmpstr(want, !=, "");
    for (int i = 0; i < SANITIZER_BUDGET(20, 5); i++) {
        struct result two = atomsim("--runs", "8", "--keep-going", "--jobs", "2", elf, NULL);
        g_autofree char *got = seeds_found(two.out);
        g_assert_cmpstr(got, ==, want);
        result_clear(&two);
    }
    result_clear(&one);
}

/* The maximum resident size of atomsim with these arguments, in KiB
 * (GNU time's %M). */
static long max_rss_kib(const char *const *args, int *status)
{
    const char *argv[MAX_ARGS] = { "/usr/bin/time", "-f", "rss %M", BUILDDIR "/atomsim" };
    int n = 4;
    for (const char *const *a = args; *a; a++)
        argv[n++] = *a;
    struct result r = run_argv(argv);
    const char *line = g_strrstr(r.err, "rss ");
    g_assert_nonnull(line);
    long kib = atol(line + 4);
    *status = r.status;
    result_clear(&r);
    return kib;
}

/* dfs on a program of a few thousand steps per run keeps its memory within
 * a bound however many schedules it runs: it needs its stack, not every
 * prefix it has seen. */
#define DFS_RSS_BOUND_KIB (256 * 1024)
static void test_dfs_memory(gconstpointer data)
{
#ifdef __SANITIZE_ADDRESS__
    (void)data;
    g_test_skip("AddressSanitizer keeps freed memory in quarantine: no bound to check");
    return;
#endif
    if (!g_file_test("/usr/bin/time", G_FILE_TEST_IS_EXECUTABLE)) {
        g_test_skip("no /usr/bin/time: run tools/install-deps");
        return;
    }
    g_autofree char *elf = example(data, "counter-atomic");
    const char *args[] = { "--sched", "dfs:3", "--runs", "1500", elf, NULL };
    int status;
    long kib = max_rss_kib(args, &status);
    g_assert_cmpint(status, ==, 0);
    g_test_message("dfs:3, 1500 schedules: %ld KiB", kib);
    g_assert_cmpint(kib, <, DFS_RSS_BOUND_KIB);
}

/* out without the lines a search adds around the run it reports (to
 * free).  After --shrink, the run shrinking started from comes first. */
static char *run_lines(const char *out)
{
    GString *s = g_string_new(NULL);
    g_auto(GStrv) lines = g_strsplit(out, "\n", -1);
    for (char **l = lines; *l && l[1]; l++)       /* the text after the last \n is "" */
        if (!g_str_has_prefix(*l, "atomsim: explored ") && !g_str_has_prefix(*l, "atomsim: seed ") &&
            !g_str_has_prefix(*l, "atomsim: shrunk ") && !g_str_has_prefix(*l, "atomsim: dfs:"))
            g_string_append_printf(s, "%s\n", *l);
    return g_string_free(s, FALSE);
}

/* Run atomsim with args (NULL-ended), then the reproduce line it printed:
 * the same run, the same output (the end of it, after --shrink), the same
 * exit status. */
static void expect_reproduces(const char *const *args)
{
    const char *argv[MAX_ARGS] = { BUILDDIR "/atomsim" };
    int n = 1;
    for (const char *const *a = args; *a; a++)
        argv[n++] = *a;
    struct result first = run_argv(argv);
    g_auto(GStrv) again_argv = reproduce_argv(first.out);
    struct result again = run_argv((const char *const *)again_argv);
    g_autofree char *want = run_lines(first.out);
    if (!strstr(again.out, "atomsim: result: ") || !g_str_has_suffix(want, again.out) ||
        first.status != again.status)
        g_error("%s %s: the reproduce line gives another run:\n--- first (exit %d)\n%s"
                "--- again (exit %d)\n%s", args[0], args[1], first.status, want, again.status,
                again.out);
    result_clear(&first);
    result_clear(&again);
}

/* Each option that changes a run is in the reproduce line. */
static void test_reproduce(gconstpointer data)
{
    const char *cpu = data;
    g_autofree char *counter = example(cpu, "counter");
    g_autofree char *atomic = example(cpu, "counter-atomic");
    g_autofree char *spin = example(cpu, "spinlock");
    g_autofree char *wait = guest(cpu, "wait-forever");
    g_autofree char *plain = broken(cpu, "plain-increment");
    const char *const cases[][8] = {
        { "--seed", "7", counter },
        { "--cores", "3", "--sched", "rr:3", counter },
        { "--sched", "pct:2:50", "--seed", "3", counter },
        { "--schedule", "0:3,1:5,0:*", counter },
        { "--no-inject", "--seed", "2", counter },
        { "--fault", "delay-holder:3", "--seed", "4", spin },
        { "--spin-limit", "50", wait },
        { "--max-steps", "300", atomic },
        { "--max-insns", "2000", atomic },
        { "--runs", "50", plain },
        { "--runs", "50", "--shrink", plain },
        { "--sched", "dfs:1", plain },
    };
    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++)
        expect_reproduces(cases[i]);
    if (strcmp(cpu, "arm") == 0) {
        const char *const arm[][8] = {
            { "--monitor", "value", "--seed", "5", atomic },
            { "--fault", "sc-fail:0.9", "--sc-fail-limit", "3", atomic },
        };
        for (unsigned i = 0; i < G_N_ELEMENTS(arm); i++)
            expect_reproduces(arm[i]);
    }
    if (strcmp(cpu, "aarch64") == 0) {
        /* the ldxr/stxr loop of the -mno-lse build */
        g_autofree char *llsc = g_build_filename(BUILDDIR, "programs", cpu, "llsc",
                                                 "counter-atomic.elf", NULL);
        const char *const a64[][8] = {
            { "--monitor", "value", "--seed", "5", llsc },
            { "--fault", "sc-fail:0.9", "--sc-fail-limit", "3", llsc },
        };
        for (unsigned i = 0; i < G_N_ELEMENTS(a64); i++)
            expect_reproduces(a64[i]);
    }
    if (strcmp(cpu, "riscv64") == 0) {
        /* riscv64's counter-atomic is one amoadd.w; atomic-stress's
         * cmpxchg, try_cmpxchg and fetch_add_unless loops are lr/sc */
        g_autofree char *stress = guest(cpu, "atomic-stress");
        const char *const rv[][8] = {
            { "--monitor", "value", "--seed", "5", stress },
            { "--fault", "sc-fail:0.9", "--sc-fail-limit", "3", stress },
        };
        for (unsigned i = 0; i < G_N_ELEMENTS(rv); i++)
            expect_reproduces(rv[i]);
    }
    if (strcmp(cpu, "x86") == 0 || strcmp(cpu, "x86_64") == 0) {
        const char *const x86[] = { "--fault", "strip-lock", atomic, NULL };
        expect_reproduces(x86);
    }
    if (strcmp(cpu, "sparc32") == 0) {
        g_autofree char *table = example(cpu, "lock-table");
        const char *const sparc[] = { "--cores", "4", "--lock-table-size", "16", table, NULL };
        expect_reproduces(sparc);
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    static const struct per_cpu_test per_cpu[] = {
        { "dfs-spinning", test_dfs_spinning },
        { "jobs-deterministic", test_jobs_deterministic },
        { "dfs-memory", test_dfs_memory },
        { "reproduce", test_reproduce },
    };
    add_per_cpu_tests("hunt", per_cpu, G_N_ELEMENTS(per_cpu));
    g_test_add_func("/hunt/dfs-long-turns", test_dfs_long_turns);
    g_test_add_func("/hunt/time-limit-in-run", test_time_limit_in_run);
    return g_test_run();
}
