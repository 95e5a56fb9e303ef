/* fuzz-schedule.c — libFuzzer target for --schedule's text: the turns
 * "CORE:COUNT,..." (sched_turns_parse) and the pinned schedule built on them
 * (sched_new_pinned).  Input: one byte for the number of cores, then the
 * text.  Invariants: a schedule that parses formats back to text that parses
 * to the same turns, and a pinned schedule runs its turns in order. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <glib.h>

#include "base/error.h"
#include "sched/scheduler.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Are a and b the same turns? */
static bool same_turns(const GArray *a, const GArray *b)
{
    if (a->len != b->len)
        return false;
    for (guint i = 0; i < a->len; i++)
        if (!sched_turn_equal(&g_array_index(a, struct sched_turn, i),
                              &g_array_index(b, struct sched_turn, i)))
            return false;
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    unsigned ncores = data[0] % 64 + 1;
    g_autofree char *text = g_strndup((const char *)data + 1, size - 1);

    g_autoptr(GError) error = NULL;
    g_autoptr(GArray) turns = sched_turns_parse(text, ncores, &error);
    g_autoptr(GError) pinned_error = NULL;
    g_autoptr(sched) pinned = sched_new_pinned(text, ncores, &pinned_error);
    if (turns == NULL) {
        g_assert_true(g_error_matches(error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE));
        g_assert_null(pinned);
        g_assert_true(g_error_matches(pinned_error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE));
        return 0;
    }
    g_assert_no_error(error);
    for (guint i = 0; i < turns->len; i++) {
        const struct sched_turn *t = &g_array_index(turns, struct sched_turn, i);
        g_assert_cmpuint(t->core, <, ncores);
        g_assert_true(t->steps == -1 || t->steps >= 1);     /* a recorded turn may be long */
    }
    /* text -> turns -> text' -> turns': the same turns, and text' is stable */
    g_autofree char *again = sched_turns_text(turns);
    g_autoptr(GArray) turns2 = sched_turns_parse(again, ncores, NULL);
    g_assert_nonnull(turns2);
    g_assert_true(same_turns(turns, turns2));
    g_autofree char *again2 = sched_turns_text(turns2);
    g_assert_cmpstr(again, ==, again2);
    /* a schedule built from the turns, as a search builds them, says them */
    if (turns->len > 0) {
        g_autoptr(sched) built = sched_new_turns(turns, ncores);
        g_autofree char *built_text = sched_describe(built);
        g_autofree char *want = g_strdup_printf("--schedule %s", again);
        g_assert_cmpstr(built_text, ==, want);
    }

    /* the pinned schedule exists iff there is a turn, and plays them in order
     * when every core can run */
    g_assert_true((pinned != NULL) == (turns->len > 0));
    if (pinned == NULL)
        return 0;
    g_assert_true(sched_fixed(pinned));
    unsigned nchoices = SCHED_CHOICES(ncores, ATOMSIM_STORE_BUFFER_DEPTH);
    bool runnable[SCHED_MAX_CHOICES];
    for (unsigned i = 0; i < nchoices; i++)
        runnable[i] = true;
    for (guint i = 0; i < turns->len && i < 4096; i++) {
        const struct sched_turn *t = &g_array_index(turns, struct sched_turn, i);
        long turn;
        unsigned choice = sched_next(pinned, runnable, nchoices, -1, &turn);
        g_assert_cmpuint(choice, ==, sched_choice(ncores, t->core, t->drain, t->slot));
        g_assert_cmpint(turn, ==, t->steps < 0 ? G_MAXLONG : t->steps);
    }
    g_autofree char *described = sched_describe(pinned);
    g_assert_true(g_str_has_prefix(described, "--schedule "));
    return 0;
}
