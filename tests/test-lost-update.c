/* test-lost-update.c — the lost-update detector reports a store only when
 * its value is computed from the stale load: no false lost updates.
 *
 * Peterson's lock (tests/guest/peterson.c) spins reading `turn`, which the
 * other core writes, and then stores the constant `other` to it: nothing is
 * lost, on every cpu, in one run and in many.  (Under sequential
 * consistency, where the lock is correct: under the store buffers of x86's
 * and sparc32's default model it lets both cores in, and updates are
 * really lost; test-cli's memory-tso checks that.)  The plain counter++ still
 * loses updates.  stale-store (tests/guest/stale-store.c) reads a, b and c,
 * lets the other core write them, then stores a constant, a value computed
 * from another variable, and c + 1: only c is a lost update.  stale-pointer
 * loses an update of a pointer, whose values are printed in hex.
 */
#include <string.h>
#include <glib.h>

#include "test-programs.h"

/* r found no lost update and ended clean (exit 0); what names the run. */
static void expect_no_lost_update(struct result *r, const char *what)
{
    if (r->status != 0 || strstr(r->out, "lost update") != NULL)
        g_error("%s: exit %d, expected no lost update:\n%s%s", what, r->status, r->out, r->err);
}

/* Peterson's lock, one run under the default strategy: clean. */
static void test_peterson(gconstpointer data)
{
    g_autofree char *elf = guest(data, "peterson");
    struct result r = atomsim("--memory", "sc", elf, NULL);
    expect_no_lost_update(&r, elf);
    g_assert_nonnull(strstr(r.out, "atomsim: result: clean\n"));
    result_clear(&r);
}

/* Peterson's lock, 200 runs: none finds anything. */
static void test_peterson_runs(gconstpointer data)
{
    g_autofree char *elf = guest(data, "peterson");
    struct result r = atomsim("--memory", "sc", "--runs", "200", elf, NULL);
    expect_no_lost_update(&r, elf);
    g_assert_nonnull(strstr(r.out, "explored 200 runs"));
    g_assert_nonnull(strstr(r.out, ": 0 with findings\n"));
    result_clear(&r);
}

/* counter++ without a lock: its store of the stale value plus one is still
 * a lost update, found within 200 runs. */
static void test_counter_still_lost(gconstpointer data)
{
    g_autofree char *elf = example(data, "counter");
    struct result r = atomsim("--runs", "200", elf, NULL);
    if (!strstr(r.out, "lost update on counter (0x") || !strstr(r.out, "'s update is lost"))
        g_error("%s --runs 200: no lost update on counter:\n%s%s", elf, r.out, r.err);
    result_clear(&r);
}

/* stale-store: the store of c + 1 is the one lost update, under any
 * schedule (its barriers fix the order); the constant stored to a and the
 * value computed from another variable stored to b lose nothing. */
static void test_stale_store(gconstpointer data)
{
    g_autofree char *elf = guest(data, "stale-store");
    const char *const seeds[] = { "1", "2", "3" };
    for (size_t i = 0; i < G_N_ELEMENTS(seeds); i++) {
        struct result r = atomsim("--cores", "2", "--seed", seeds[i], elf, NULL);
        if (count(r.out, "lost update on ") != 1 || !strstr(r.out, "lost update on c (0x") ||
            !strstr(r.out, "cpu0 read 0 ") || !strstr(r.out, "cpu1 wrote 30 ") ||
            !strstr(r.out, "cpu0 wrote 1 ") || !strstr(r.out, "cpu1's update is lost"))
            g_error("%s --seed %s: expected one lost update, on c:\n%s%s", elf, seeds[i], r.out,
                    r.err);
        result_clear(&r);
    }
}

/* stale-pointer: the lost update of a pointer prints the values read and
 * written in hex, and names the source line of each access. */
static void test_stale_pointer(gconstpointer data)
{
    g_autofree char *elf = guest(data, "stale-pointer");
    struct result r = atomsim("--cores", "2", elf, NULL);
    if (count(r.out, "lost update on ") != 1 || !strstr(r.out, "lost update on cursor (0x") ||
        !strstr(r.out, "cpu0 read 0x") || !strstr(r.out, "cpu1 wrote 0x") ||
        !strstr(r.out, "cpu0 wrote 0x") || !strstr(r.out, "(stale-pointer.c:") ||
        !strstr(r.out, "cpu1's update is lost"))
        g_error("%s: expected one lost update of a pointer, in hex:\n%s%s", elf, r.out, r.err);
    result_clear(&r);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    static const struct per_cpu_test tests[] = {
        { "peterson", test_peterson },
        { "peterson-runs", test_peterson_runs },
        { "counter", test_counter_still_lost },
        { "stale-store", test_stale_store },
        { "stale-pointer", test_stale_pointer },
    };
    add_per_cpu_tests("lost-update", tests, G_N_ELEMENTS(tests));
    return g_test_run();
}
