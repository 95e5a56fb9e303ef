/* fuzz-sched.c — libFuzzer target for --sched specs (sched_new): rr[:Q],
 * random[:M], pct[:D[:K]], dfs[:B] (replay:FILE's text is fuzz-replay's).  Input: a
 * byte for the number of cores, a byte for the seed, a byte that chooses
 * which cores can run at each step, then the spec.  Invariants: a strategy
 * that parses describes itself as options that parse to the same strategy;
 * it only ever picks a core that can run, for a turn of at least one step;
 * and after sched_reset it makes the same choices again. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <glib.h>

#include "base/error.h"
#include "sched/scheduler.h"

#define STEPS 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* STEPS choices of s among its choices (cores and their store buffers'
 * drains, as many as pso and arm have), each with its own runnable ones (from mask_seed), into cores[]. */
static void play(struct sched *s, unsigned ncores, uint8_t mask_seed, unsigned *cores)
{
    GRand *rand = g_rand_new_with_seed(mask_seed);
    int current = -1;
    for (unsigned step = 0; step < STEPS; step++) {
        unsigned nchoices = SCHED_CHOICES(ncores, ATOMSIM_STORE_BUFFER_DEPTH);
        bool runnable[SCHED_MAX_CHOICES] = { false };
        for (unsigned i = 0; i < nchoices; i++)
            runnable[i] = g_rand_boolean(rand);
        runnable[g_rand_int_range(rand, 0, (gint32)nchoices)] = true;
        if (current >= 0 && (unsigned)current < ncores && g_rand_int_range(rand, 0, 8) == 0)
            sched_spinning(s, (unsigned)current);
        long turn = 0;
        unsigned core = sched_next(s, runnable, nchoices, current, &turn);
        g_assert_cmpuint(core, <, nchoices);
        g_assert_true(runnable[core]);
        g_assert_cmpint(turn, >=, 1);
        cores[step] = core;
        current = (int)core;
    }
    g_rand_free(rand);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 3)
        return 0;
    unsigned ncores = data[0] % 64 + 1;
    uint64_t seed = data[1];
    uint8_t mask_seed = data[2];
    g_autofree char *spec = g_strndup((const char *)data + 3, size - 3);
    if (g_str_has_prefix(spec, "replay:"))
        return 0;       /* a file name: fuzz-replay fuzzes the file's text */

    g_autoptr(GError) error = NULL;
    g_autoptr(sched) s = sched_new(spec, seed, ncores, &error);
    if (s == NULL) {
        g_assert_true(g_error_matches(error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE));
        g_assert_true(g_str_has_prefix(error->message, "--sched "));
        return 0;
    }
    g_assert_false(sched_fixed(s));

    /* "--sched SPEC[ --seed N]": SPEC gives the same strategy again */
    g_autofree char *described = sched_describe(s);
    g_assert_true(g_str_has_prefix(described, "--sched "));
    g_auto(GStrv) words = g_strsplit(described, " ", -1);
    g_autoptr(sched) again = sched_new(words[1], seed, ncores, NULL);
    g_assert_nonnull(again);
    g_autofree char *described2 = sched_describe(again);
    g_assert_cmpstr(described, ==, described2);
    /* dfs is a search, not a schedule to play: its nodes are search.c's */
    g_assert_true(sched_exhaustive(s) == sched_exhaustive(again));
    if (sched_exhaustive(s)) {
        g_assert_cmpuint(sched_bound(s), <=, DFS_MAX_BOUND);
        g_assert_cmpuint(sched_bound(s), ==, sched_bound(again));
        return 0;
    }

    unsigned first[STEPS], second[STEPS], other[STEPS];
    play(s, ncores, mask_seed, first);
    sched_reset(s);
    play(s, ncores, mask_seed, second);
    play(again, ncores, mask_seed, other);
    g_assert_cmpmem(first, sizeof first, second, sizeof second);
    g_assert_cmpmem(first, sizeof first, other, sizeof other);
    return 0;
}
