/* turns.c — see scheduler.h: a schedule as turns, in text and in arrays,
 * and a replay file's text. */
#include <limits.h>
#include <string.h>

#include "base/error.h"
#include "scheduler.h"

char *sched_replay_text(const char *text)
{
    GString *schedule = g_string_new(NULL);
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    for (char **l = lines; *l; l++)
        if (**l != '#')
            g_string_append(schedule, g_strstrip(*l));
    return g_string_free(schedule, FALSE);
}

/* ["d"] CORE ["." SLOT] ":" (COUNT ["~" OLDER | "=" VALUE] | "*").  A count is any number of steps a run
 * can take: a recorded turn may be longer than any turn length a strategy takes. */
static bool parse_turn(const char *text, unsigned ncores, struct sched_turn *turn,
                       GError **error)
{
    const char *colon = strchr(text, ':');
    turn->drain = text[0] == 'd';
    turn->older = 0;
    turn->predicted = false;
    turn->value = 0;
    const char *core_start = text + turn->drain;
    g_autofree char *core_text = colon ? g_strndup(core_start, (gsize)(colon - core_start))
                                       : NULL;
    char *dot = turn->drain && core_text ? strchr(core_text, '.') : NULL;
    guint64 core, count, slot = 0;
    if (dot != NULL) {
        *dot = '\0';
        if (!g_ascii_string_to_unsigned(dot + 1, 10, 0, ATOMSIM_STORE_BUFFER_DEPTH - 1, &slot,
                                        NULL)) {
            g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE,
                        "'%s': a drain's SLOT is a buffered store, 0 (the oldest) to %d", text,
                        ATOMSIM_STORE_BUFFER_DEPTH - 1);
            return false;
        }
    }
    if (colon == NULL || !g_ascii_string_to_unsigned(core_text, 10, 0, G_MAXUINT, &core, NULL)) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE,
                    "'%s' is not CORE:COUNT, CORE:*, dCORE:COUNT or dCORE.SLOT:COUNT", text);
        return false;
    }
    turn->slot = (uint8_t)slot;
    if (core >= ncores) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE,
                    "'%s' names cpu%" G_GUINT64_FORMAT ", but there are %u cores (0 to %u)",
                    text, core, ncores, ncores - 1);
        return false;
    }
    turn->core = (unsigned)core;
    if (strcmp(colon + 1, "*") == 0) {
        turn->steps = -1;
        return true;
    }
    g_autofree char *count_text = g_strdup(colon + 1);
    char *tilde = strchr(count_text, '~');
    guint64 older = 0;
    if (tilde != NULL) {
        *tilde = '\0';
        if (turn->drain ||
            !g_ascii_string_to_unsigned(tilde + 1, 10, 1, SCHED_MAX_OLDER, &older, NULL)) {
            g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE,
                        "'%s': ~OLDER ends a core's turn (not a drain's): the write its last "
                        "load reads, 1 to %d places before the newest", text, SCHED_MAX_OLDER);
            return false;
        }
    }
    turn->older = (uint8_t)older;
    char *equals = strchr(count_text, '=');
    if (equals != NULL) {
        *equals = '\0';
        if (turn->drain || tilde != NULL ||
            !g_ascii_string_to_unsigned(equals + 1, 10, 0, G_MAXUINT64, &turn->value, NULL)) {
            g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE,
                        "'%s': =VALUE ends a core's turn (not a drain's, not with ~OLDER): the "
                        "value, 0 or more, its last load reads from a write still to come, or "
                        "its last call of __VERIFIER_nondet_* or sim_choose returns", text);
            return false;
        }
        turn->predicted = true;
    }
    if (!g_ascii_string_to_unsigned(count_text, 10, 1, LONG_MAX, &count, NULL)) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE,
                    "'%s': the count must be * or a whole number from 1 to %ld", text,
                    LONG_MAX);
        return false;
    }
    turn->steps = (long)count;
    return true;
}

GArray *sched_turns_parse(const char *text, unsigned ncores, GError **error)
{
    g_autoptr(GArray) turns = g_array_new(FALSE, FALSE, sizeof(struct sched_turn));
    g_auto(GStrv) parts = g_strsplit(text, ",", -1);
    for (guint i = 0; parts[i] != NULL; i++) {
        struct sched_turn turn;
        if (!parse_turn(g_strstrip(parts[i]), ncores, &turn, error))
            return NULL;
        g_array_append_val(turns, turn);
    }
    return g_steal_pointer(&turns);
}

static void add(GArray *turns, unsigned core, bool drain, unsigned slot)
{
    struct sched_turn *last = turns->len
        ? &g_array_index(turns, struct sched_turn, turns->len - 1) : NULL;
    if (last != NULL && last->core == core && last->drain == drain && last->slot == slot &&
        last->older == 0 && !last->predicted) {
        last->steps++;
        return;
    }
    struct sched_turn t = { core, 1, drain, (uint8_t)slot, 0, false, 0 };
    g_array_append_val(turns, t);
}

void sched_turns_add(GArray *turns, unsigned core)
{
    add(turns, core, false, 0);
}

void sched_turns_set_older(GArray *turns, unsigned older)
{
    g_assert(turns->len > 0);
    struct sched_turn *last = &g_array_index(turns, struct sched_turn, turns->len - 1);
    g_assert(!last->drain && last->steps > 0);
    last->older = (uint8_t)older;
}

void sched_turns_set_predicted(GArray *turns, uint64_t value)
{
    g_assert(turns->len > 0);
    struct sched_turn *last = &g_array_index(turns, struct sched_turn, turns->len - 1);
    g_assert(!last->drain && last->steps > 0);
    last->predicted = true;
    last->value = value;
}

void sched_turns_add_drain(GArray *turns, unsigned core, unsigned slot)
{
    add(turns, core, true, slot);
}

void sched_turns_add_choice(GArray *turns, unsigned choice, unsigned ncores)
{
    add(turns, choice % ncores, choice >= ncores, choice >= ncores ? choice / ncores - 1 : 0);
}

bool sched_turn_equal(const struct sched_turn *a, const struct sched_turn *b)
{
    return a->core == b->core && a->drain == b->drain && a->slot == b->slot &&
           a->steps == b->steps && a->older == b->older && a->predicted == b->predicted &&
           (!a->predicted || a->value == b->value);
}

char *sched_turns_text(const GArray *turns)
{
    GString *s = g_string_new(NULL);
    for (guint i = 0; i < turns->len; i++) {
        const struct sched_turn *t = &g_array_index(turns, struct sched_turn, i);
        g_string_append_printf(s, "%s%s%u", i ? "," : "", t->drain ? "d" : "", t->core);
        if (t->slot > 0)
            g_string_append_printf(s, ".%u", t->slot);
        if (t->steps < 0)
            g_string_append(s, ":*");
        else
            g_string_append_printf(s, ":%ld", t->steps);
        if (t->older > 0)
            g_string_append_printf(s, "~%u", t->older);
        if (t->predicted)
            g_string_append_printf(s, "=%" G_GUINT64_FORMAT, t->value);
    }
    return g_string_free(s, FALSE);
}

/* Dispatch ------------------------------------------------------------------ */
