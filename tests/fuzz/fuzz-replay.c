/* fuzz-replay.c — libFuzzer target for the text of a replay file
 * (--sched replay:FILE, as --record writes it): sched_replay_text, then the
 * pinned schedule.  Input: one byte for the number of cores, then the file's
 * text.  Invariants: the schedule text has no line breaks, and one that
 * parses formats back to the same turns. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <glib.h>

#include "base/error.h"
#include "sched/scheduler.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    unsigned ncores = data[0] % 64 + 1;
    g_autofree char *text = g_strndup((const char *)data + 1, size - 1);
    g_autofree char *schedule = sched_replay_text(text);
    g_assert_null(strchr(schedule, '\n'));
    g_assert_cmpuint(strlen(schedule), <=, strlen(text));

    g_autoptr(GError) error = NULL;
    g_autoptr(sched) s = sched_new_pinned(schedule, ncores, &error);
    if (s == NULL) {
        g_assert_true(g_error_matches(error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE));
        return 0;
    }
    g_autoptr(GArray) turns = sched_turns_parse(schedule, ncores, NULL);
    g_assert_nonnull(turns);
    g_assert_cmpuint(turns->len, >, 0);
    /* what a run records (sched_turns_text) replays to the same turns */
    g_autofree char *recorded = sched_turns_text(turns);
    g_autofree char *replayed = sched_replay_text(recorded);
    g_assert_cmpstr(recorded, ==, replayed);
    g_autoptr(GArray) turns2 = sched_turns_parse(replayed, ncores, NULL);
    g_assert_nonnull(turns2);
    g_assert_cmpuint(turns2->len, ==, turns->len);
    for (guint i = 0; i < turns->len; i++) {
        const struct sched_turn *x = &g_array_index(turns, struct sched_turn, i);
        const struct sched_turn *y = &g_array_index(turns2, struct sched_turn, i);
        g_assert_cmpuint(x->core, ==, y->core);
        g_assert_cmpint(x->steps, ==, y->steps);
    }
    return 0;
}
