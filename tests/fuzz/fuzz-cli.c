/* fuzz-cli.c — libFuzzer target for atomsim's whole command line
 * (options_parse): the input is argv after "atomsim", words separated by
 * NUL bytes.  It covers every option's text: --cpu, --cores and the other
 * numbers, --sched, --schedule, --monitor, --fault, --shard, --time-limit.
 * Inputs that name a replay file are left out (reading files is not the
 * parser's part; fuzz-replay covers their text).  Invariants: a command line
 * that is accepted holds values in their documented ranges and a schedule
 * (or a search); parsing it again gives the same; a refused one has a
 * message. */
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <glib.h>

#include "base/error.h"
#include "core/machine.h"
#include "cli/options.h"
#include "core/run.h"

#define MAX_WORDS 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Check what options_parse promised about an accepted command line. */
static void check_accepted(const struct options *o)
{
    g_assert_nonnull(o->args);
    g_assert_nonnull(o->args[0]);
    g_assert_null(o->args[1]);
    g_assert_true(o->cores == CORES_FROM_PROGRAM ||
                  (o->cores >= 1 && o->cores <= ATOMSIM_MAX_CORES));
    g_assert_cmpint(o->lock_table_size, >=, 0);
    g_assert_cmpint(o->lock_table_size, <=, LOCK_TABLE_MAX);
    g_assert_cmpint(o->lock_table_size & (o->lock_table_size - 1), ==, 0);
    g_assert_cmpint(o->spin_limit, >=, 1);
    g_assert_cmpint(o->sc_fail_limit, >=, 1);
    g_assert_cmpint(o->max_steps, >=, 1);
    g_assert_cmpint(o->max_insns, >=, 1);
    g_assert_cmpint(o->runs, >=, 1);
    g_assert_cmpint(o->jobs, >=, 1);
    g_assert_cmpint(o->jobs, <=, 256);
    g_assert_cmpuint(o->shard, <, o->shards);
    g_assert_true(isfinite(o->time_limit) && o->time_limit >= 0);
    g_assert_true(o->sc_fail >= 0 && o->sc_fail <= 1);
    g_assert_cmpint(o->delay_holder, >=, 0);
    g_assert_false(o->sched != NULL && o->schedule != NULL);
    g_assert_true(o->cpu == NULL || o->cpu_ops != NULL);
    g_assert_false(o->runs > 1 && o->trace != NULL);
    g_assert_nonnull(o->strategy);
    if (sched_exhaustive(o->strategy))
        g_assert_true(sched_bound(o->strategy) <= DFS_MAX_BOUND ||
                      sched_bound(o->strategy) == UINT_MAX);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* a GLib warning (an error set twice, a bad argument) is a bug too */
    g_log_set_always_fatal(G_LOG_LEVEL_WARNING | G_LOG_LEVEL_CRITICAL);
    g_autofree char *text = g_malloc(size + 1);
    memcpy(text, data, size);
    text[size] = '\0';
    char *argv[MAX_WORDS + 2] = { (char *)"atomsim" };
    int argc = 1;
    for (size_t at = 0; at <= size && argc <= MAX_WORDS; argc++) {
        argv[argc] = text + at;
        at += strlen(text + at) + 1;
        /* replay:FILE and --svcomp FILE would read a file (or /dev/stdin,
         * and wait; fuzz-property covers the property's text) */
        if (strstr(argv[argc], "replay:") != NULL || strstr(argv[argc], "svcomp") != NULL)
            return 0;
    }

    struct options o, again;
    g_autoptr(GError) error = NULL, error2 = NULL;
    gboolean ok = options_parse(&o, argc, argv, FALSE, &error);
    gboolean ok2 = options_parse(&again, argc, argv, FALSE, &error2);
    g_assert_true(ok == ok2);
    if (!ok) {
        g_assert_nonnull(error);
        g_assert_true(error->domain == ATOMSIM_ERROR || error->domain == G_OPTION_ERROR ||
                      error->domain == G_CONVERT_ERROR);
        g_assert_cmpstr(error->message, !=, "");
        g_assert_cmpstr(error->message, ==, error2->message);
    } else if (!o.version) {
        check_accepted(&o);
        g_assert_cmpint(o.cores, ==, again.cores);
        g_assert_cmpint(o.seed, ==, again.seed);
        g_assert_cmpstr(o.args[0], ==, again.args[0]);
        if (o.strategy != NULL) {
            g_autofree char *a = sched_describe(o.strategy);
            g_autofree char *b = sched_describe(again.strategy);
            g_assert_cmpstr(a, ==, b);
        }
    }
    options_clear(&o);
    options_clear(&again);
    return 0;
}
