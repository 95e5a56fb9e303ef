/* test-reads.c — loads that read older writes (--memory arm, rvwmo;
 * sim/core/views.h), checked both ways on the real guest programs:
 *
 *   found        a reader without a barrier reads a message older than the
 *                flag it saw (broken/message-passing-no-rmb: allowed by the
 *                architecture, MP+dmb.st+po), and the trace says which
 *                write it read;
 *   ordered      what orders a load forbids the older write, in every one of
 *                many random runs: smp_rmb() (MP+dmb.st+dmb.ld), the
 *                seqlock's barriers, an address dependency (MP+dmb.st+addr),
 *                release and acquire;
 *   tso          x86 and sparc32 loads never read an older write;
 *   fairness     a core spinning in a pinned turn until its end sees the
 *                store it waits for, which another core's buffer holds;
 *   origin       a load of a write atomsim saw says whose write, and the
 *                step it became visible at;
 *   searched     --sched dfs tries every write a load may read: it finds
 *                the readers without a barrier, and ends clean on their
 *                fixed twins, the seqlock's spinning reader included (a
 *                stale read is not repeated forever);
 *   spelling     --schedule's ~OLDER: kept by --record, refused where it
 *                cannot apply;
 *   predicted    load buffering: a load reads a value a write still to
 *                come gives (--schedule's =VALUE), and the trace says so;
 *                the stores that depend on it wait, and a run whose value
 *                no write gives is no execution; --sched dfs finds
 *                broken/arrival-relaxed, and exhausts arrival (an acquire)
 *                clean.
 */
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "test-programs.h"

static const char *const weak_cpus[] = { "arm", "aarch64", "riscv64" };

/* Core 1 asks its cpu id, core 0 runs to its end, core 1 reads the flag
 * and then the message one write older than the newest. */
#define STALE_MESSAGE "1:1,0:*,1:2~1,1:*"

/* elf on 2 cores under schedule, traced, finds something and says every
 * one of the n needles; its output (to free). */
static char *expect_traced(const char *elf, const char *schedule, const char *const *needles,
                           unsigned n)
{
    struct result r = atomsim("--cores", "2", "--schedule", schedule, "--trace=-", elf, NULL);
    g_assert_cmpint(r.status, ==, 1);
    for (unsigned i = 0; i < n; i++)
        if (!strstr(r.out, needles[i]))
            g_error("%s: no \"%s\" in:\n%s", elf, needles[i], r.out);
    char *out = g_strdup(r.out);
    result_clear(&r);
    return out;
}

static void test_found(gconstpointer data)
{
    const char *cpu = data;
    if (!need_cpu(cpu))
        return;
    g_autofree char *elf = broken(cpu, "message-passing-no-rmb");
    const char *const needles[] = {
        "LOAD  ready", "read 1\n",
        "LOAD  message", "read 0 (an older write: 1 newer was visible, which cpu1's views did "
                         "not yet require)",
        "cpu1: check failed: the flag was up, but the message read was older",
        "--schedule " STALE_MESSAGE " ",
    };
    g_free(expect_traced(elf, STALE_MESSAGE, needles, G_N_ELEMENTS(needles)));
    /* the newest, as it is without ~1 */
    struct result newest = atomsim("--cores", "2", "--schedule", "1:1,0:*,1:*", elf, NULL);
    g_assert_cmpint(newest.status, ==, 0);
    result_clear(&newest);
}

/* Core 0 runs to its end (x = 1, then x = 2, each drained), then core 1's
 * load reads the first write, one before the newest. */
static void test_origin(gconstpointer data)
{
    const char *cpu = data;
    if (!need_cpu(cpu))
        return;
    g_autofree char *elf = guest(cpu, "overwritten");
    struct result r = atomsim("--cores", "2", "--schedule", "1:1,0:*,1:1~1,1:*", "--trace=-",
                              elf, NULL);
    g_assert_cmpint(r.status, ==, 1);
    const char *line = strstr(r.out, "LOAD  x");
    g_assert_nonnull(line);
    /* core 0's first store, drained before its second: whichever step */
    unsigned step = 0;
    const char *origin = strstr(line, "read 1 (cpu0's write at step ");
    g_assert_nonnull(origin);
    g_assert_cmpint(sscanf(origin, "read 1 (cpu0's write at step %u, older than 1 newer one "
                                   "visible", &step), ==, 1);
    /* the trace's line of that step is core 0's drain of x = 1 */
    g_autofree char *drain = g_strdup_printf("\n *%u [^\n]*cpu0[^\n]*STORE x +0 -> 1 \\(drained",
                                             step);
    g_assert_true(g_regex_match_simple(drain, r.out, 0, 0));
    g_assert_nonnull(strstr(r.out, "check failed: read the middle write"));
    result_clear(&r);
}

/* --sched dfs on elf ends with status and says `says`. */
static void expect_search(const char *elf, int status, const char *says)
{
    struct result r = atomsim("--cores", "2", "--sched", "dfs", elf, NULL);
    if (r.status != status || !strstr(r.out, says))
        g_error("%s --sched dfs: exit %d, expected %d and \"%s\":\n%s%s", elf, r.status, status,
                says, r.out, r.err);
    result_clear(&r);
}

/* The exhaustive search, reads and all: the broken readers found, their
 * twins (and the seqlock's spinning reader) exhausted clean. */
static void test_searched(gconstpointer data)
{
    const char *cpu = data;
    if (!need_cpu(cpu))
        return;
    const char *const broken_readers[] = { "message-passing-no-rmb", "seqlock-no-rmb" };
    for (unsigned i = 0; i < G_N_ELEMENTS(broken_readers); i++) {
        g_autofree char *elf = broken(cpu, broken_readers[i]);
        expect_search(elf, 1, "check failed");
    }
    const char *const fixed[] = { "message-passing-rmb", "seqlock", "message-passing" };
    for (unsigned i = 0; i < G_N_ELEMENTS(fixed); i++) {
        g_autofree char *elf = example(cpu, fixed[i]);
        expect_search(elf, 0, "(the space is exhausted)");
    }
}

/* prog (an example, or a test guest) ends clean in every one of many
 * random runs, with and without injection, and under pct. */
static void expect_always_clean(const char *elf)
{
    const char *const scheds[] = { "random", "random:1", "pct" };
    for (unsigned s = 0; s < G_N_ELEMENTS(scheds); s++) {
        struct result r = atomsim("--cores", "2", "--sched", scheds[s], "--runs",
                                  SANITIZER_BUDGET("1000", "100"), "--keep-going", elf, NULL);
        if (r.status != 0 || !strstr(r.out, ": 0 with findings\n"))
            g_error("%s --sched %s: exit %d, expected no finding:\n%s%s", elf, scheds[s],
                    r.status, r.out, r.err);
        result_clear(&r);
    }
}

static void test_ordered(gconstpointer data)
{
    const char *cpu = data;
    if (!need_cpu(cpu))
        return;
    const char *const examples[] = { "message-passing-rmb", "seqlock", "message-passing" };
    for (unsigned i = 0; i < G_N_ELEMENTS(examples); i++) {
        g_autofree char *elf = example(cpu, examples[i]);
        expect_always_clean(elf);
    }
    g_autofree char *dependency = guest(cpu, "address-dependency");
    expect_always_clean(dependency);
    /* while the barrierless reader is found by the same hunt */
    g_autofree char *seqlock = broken(cpu, "seqlock-no-rmb");
    struct result r = atomsim("--cores", "2", "--runs", "100", seqlock, NULL);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_nonnull(strstr(r.out, "the reader took a torn pair"));
    result_clear(&r);
}

/* Under TSO a load reads the newest write it can see, in any run. */
static void test_tso(gconstpointer data)
{
    const char *cpu = data;
    if (!need_cpu(cpu))
        return;
    g_autofree char *elf = guest(cpu, "message");
    for (int seed = 1; seed <= 20; seed++) {
        g_autofree char *s = g_strdup_printf("%d", seed);
        struct result r = atomsim("--cores", "3", "--memory", "tso", "--seed", s, "--trace=-",
                                  elf, NULL);
        g_assert_cmpint(r.status, ==, 0);
        g_assert_null(strstr(r.out, "older write"));
        result_clear(&r);
    }
}

/* Core 0 stores the value and raises the flag, both into its buffer, and
 * never runs again until core 1 ends: core 1 spins until it sees the flag,
 * under every model with store buffers. */
static void test_fairness(gconstpointer data)
{
    const char *cpu = data;
    if (!need_cpu(cpu))
        return;
    g_autofree char *elf = guest(cpu, "message");
    const char *const models[] = { "tso", "pso", "arm", "rvwmo" };
    for (unsigned i = 0; i < G_N_ELEMENTS(models); i++) {
        if (!cpu_has_model(cpu, models[i]))
            continue;
        struct result r = atomsim("--cores", "2", "--memory", models[i], "--schedule", "0:3,1:*",
                                  elf, NULL);
        if (r.status != 0 || !strstr(r.out, "cpu0: 1 of 1 cores saw the value\n"))
            g_error("%s --memory %s --schedule 0:3,1:*: exit %d:\n%s%s", elf, models[i],
                    r.status, r.out, r.err);
        result_clear(&r);
    }
}

static void test_spelling(void)
{
    if (!need_cpu("aarch64"))
        return;
    g_autofree char *elf = broken("aarch64", "message-passing-no-rmb");
    /* a recorded run that read an older write replays to the same end */
    g_autofree char *dir = g_dir_make_tmp("atomsim-reads-XXXXXX", NULL);
    g_autofree char *file = g_build_filename(dir, "schedule", NULL);
    g_autofree char *record = g_strdup_printf("--record=%s", file);
    g_autofree char *replay = g_strdup_printf("replay:%s", file);
    struct result a = atomsim("--cores", "2", "--schedule", STALE_MESSAGE, record, elf, NULL);
    g_assert_cmpint(a.status, ==, 1);
    g_autofree char *recorded = NULL;
    g_assert_true(g_file_get_contents(file, &recorded, NULL, NULL));
    g_assert_nonnull(strstr(recorded, "~1"));
    struct result b = atomsim("--cores", "2", "--sched", replay, elf, NULL);
    g_assert_cmpint(b.status, ==, 1);
    g_assert_nonnull(strstr(b.out, "the message read was older"));
    result_clear(&a);
    result_clear(&b);
    g_unlink(file);
    g_rmdir(dir);
    /* ~OLDER is 1 to 15, on a core's turn */
    const char *const bad[] = { "1:1,0:*,1:2~0", "1:1,0:*,1:2~16", "d0:1~1", "0:*~1" };
    for (unsigned i = 0; i < G_N_ELEMENTS(bad); i++) {
        struct result r = atomsim("--cores", "2", "--schedule", bad[i], elf, NULL);
        g_assert_cmpint(r.status, ==, 2);
        g_assert_nonnull(strstr(r.err, "--schedule"));
        g_assert_true(strchr(r.err, '\n') == strrchr(r.err, '\n'));     /* one line */
        result_clear(&r);
    }
}

/* Core 0 reads arrived[1] as 1, which core 1 has not written yet: its
 * store of arrived[0] (slot 1 of its buffer: saw[0], which depends on the
 * load, is slot 0 and waits) becomes visible before core 1 reads it. */
#define ARRIVED_EARLY "0:2=1,0:*,1:1,d0.1:1,1:*"

static void test_predicted(gconstpointer data)
{
    const char *cpu = data;
    if (!need_cpu(cpu))
        return;
    g_autofree char *elf = broken(cpu, "arrival-relaxed");
    const char *const needles[] = {
        "LOAD  arrived[1]", "read 1 (from a write still to come",
        "cpu0: check failed: each core saw the other arrive before it arrived itself",
        "--schedule " ARRIVED_EARLY " ",
    };
    g_autofree char *out = expect_traced(elf, ARRIVED_EARLY, needles, G_N_ELEMENTS(needles));
    /* core 1 reads core 0's store, visible before core 0's load has its value */
    g_assert_true(g_regex_match_simple("LOAD  arrived\\[0\\] +read 1\n", out, 0, 0));
    /* saw[0], the store of what the load read, may not drain before core 1
     * writes arrived[1]: d0:1 is skipped, and core 1 reads arrived[0] as 0 */
    struct result held = atomsim("--cores", "2", "--schedule", "0:2=1,0:*,1:1,d0:1,1:*",
                                 "--trace=-", elf, NULL);
    g_assert_cmpint(held.status, ==, 0);
    g_assert_true(g_regex_match_simple("LOAD  arrived\\[0\\] +read 0", held.out, 0, 0));
    result_clear(&held);
    /* a value no core writes: no execution, no finding */
    struct result none = atomsim("--cores", "2", "--schedule", "0:2=7,0:*,1:*", elf, NULL);
    if (none.status != 0 || !strstr(none.out, "result: no execution: a load read a value no "
                                              "write gave"))
        g_error("%s =7: exit %d:\n%s%s", elf, none.status, none.out, none.err);
    result_clear(&none);
    expect_search(elf, 1, "each core saw the other arrive before it arrived itself");
    g_autofree char *fixed = example(cpu, "arrival");
    expect_search(fixed, 0, "(the space is exhausted)");
}

/* =VALUE is a number, on a core's turn, not with ~OLDER. */
static void test_predicted_spelling(void)
{
    if (!need_cpu("aarch64"))
        return;
    g_autofree char *elf = broken("aarch64", "arrival-relaxed");
    const char *const bad[] = { "0:2=", "0:2=x", "d0:1=1", "0:2~1=1", "0:*=1" };
    for (unsigned i = 0; i < G_N_ELEMENTS(bad); i++) {
        struct result r = atomsim("--cores", "2", "--schedule", bad[i], elf, NULL);
        if (r.status != 2 || !strstr(r.err, "--schedule") ||
            strchr(r.err, '\n') != strrchr(r.err, '\n'))
            g_error("--schedule %s: exit %d, expected 2 and one line:\n%s", bad[i], r.status,
                    r.err);
        result_clear(&r);
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    for (unsigned i = 0; i < G_N_ELEMENTS(weak_cpus); i++) {
        g_autofree char *found = g_strdup_printf("/reads/%s/found", weak_cpus[i]);
        g_autofree char *ordered = g_strdup_printf("/reads/%s/ordered", weak_cpus[i]);
        g_autofree char *origin = g_strdup_printf("/reads/%s/origin", weak_cpus[i]);
        g_autofree char *searched = g_strdup_printf("/reads/%s/searched", weak_cpus[i]);
        g_test_add_data_func(found, weak_cpus[i], test_found);
        g_test_add_data_func(ordered, weak_cpus[i], test_ordered);
        g_test_add_data_func(origin, weak_cpus[i], test_origin);
        g_test_add_data_func(searched, weak_cpus[i], test_searched);
        g_autofree char *predicted = g_strdup_printf("/reads/%s/predicted", weak_cpus[i]);
        g_test_add_data_func(predicted, weak_cpus[i], test_predicted);
    }
    static const char *const all_cpus[] = { "sparc32", "arm", "x86", "x86_64", "aarch64",
                                            "riscv64" };
    for (unsigned i = 0; i < G_N_ELEMENTS(all_cpus); i++) {
        g_autofree char *fairness = g_strdup_printf("/reads/%s/fairness", all_cpus[i]);
        g_test_add_data_func(fairness, all_cpus[i], test_fairness);
    }
    g_test_add_data_func("/reads/x86/tso", "x86", test_tso);
    g_test_add_data_func("/reads/sparc32/tso", "sparc32", test_tso);
    g_test_add_func("/reads/spelling", test_spelling);
    g_test_add_func("/reads/predicted-spelling", test_predicted_spelling);
    return g_test_run();
}
