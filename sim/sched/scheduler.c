/* scheduler.c — see scheduler.h: what every strategy shares (the turns, a
 * replay file's text), the list of strategies --sched names, and the calls
 * through their table (strategy.h). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "strategy.h"

const struct strategy *const sched_strategies[] = {
    &strategy_rr, &strategy_random, &strategy_pct, &strategy_dfs, &strategy_replay, NULL,
};

const struct strategy *sched_find(const char *spec)
{
    const char *colon = strchr(spec, ':');
    size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
    for (int i = 0; sched_strategies[i]; i++) {
        const struct strategy *st = sched_strategies[i];
        if (strlen(st->name) == len && strncmp(spec, st->name, len) == 0 &&
            (colon != NULL || !st->needs_argument))
            return st;
    }
    return NULL;
}

char *sched_usages(void)
{
    GString *s = g_string_new(NULL);
    for (int i = 0; sched_strategies[i]; i++)
        g_string_append_printf(s, "%s%s", i == 0 ? "" : sched_strategies[i + 1] ? ", " : " or ",
                               sched_strategies[i]->usage);
    return g_string_free(s, FALSE);
}

gboolean sched_parse_count(const char *text, long *out)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (*text == '\0' || *end != '\0' || v < 1 || v > TURN_MAX)
        return FALSE;
    *out = v;
    return TRUE;
}

unsigned sched_next_after(const bool *runnable, unsigned ncores, int current)
{
    for (unsigned i = 1; i <= ncores; i++) {
        unsigned c = (unsigned)(current + (int)i) % ncores;
        if (runnable[c])
            return c;
    }
    g_assert_not_reached();
}

GRand *sched_rand_new(uint64_t seed)
{
    guint32 words[2] = { (guint32)seed, (guint32)(seed >> 32) };
    return g_rand_new_with_seed_array(words, 2);
}

char *sched_replay_text(const char *text)
{
    GString *schedule = g_string_new(NULL);
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    for (char **l = lines; *l; l++)
        if (**l != '#')
            g_string_append(schedule, g_strstrip(*l));
    return g_string_free(schedule, FALSE);
}

/* CORE ":" (COUNT | "*").  A count is any number of steps a run can take:
 * a recorded turn may be longer than any turn length a strategy takes. */
static bool parse_turn(const char *text, unsigned ncores, struct sched_turn *turn,
                       GError **error)
{
    const char *colon = strchr(text, ':');
    g_autofree char *core_text = colon ? g_strndup(text, (gsize)(colon - text)) : NULL;
    guint64 core, count;
    if (colon == NULL || !g_ascii_string_to_unsigned(core_text, 10, 0, G_MAXUINT, &core, NULL)) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE,
                    "'%s' is not CORE:COUNT or CORE:*", text);
        return false;
    }
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
    if (!g_ascii_string_to_unsigned(colon + 1, 10, 1, LONG_MAX, &count, NULL)) {
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

void sched_turns_add(GArray *turns, unsigned core)
{
    struct sched_turn *last = turns->len
        ? &g_array_index(turns, struct sched_turn, turns->len - 1) : NULL;
    if (last != NULL && last->core == core) {
        last->steps++;
        return;
    }
    struct sched_turn t = { core, 1 };
    g_array_append_val(turns, t);
}

char *sched_turns_text(const GArray *turns)
{
    GString *s = g_string_new(NULL);
    for (guint i = 0; i < turns->len; i++) {
        const struct sched_turn *t = &g_array_index(turns, struct sched_turn, i);
        if (t->steps < 0)
            g_string_append_printf(s, "%s%u:*", i ? "," : "", t->core);
        else
            g_string_append_printf(s, "%s%u:%ld", i ? "," : "", t->core, t->steps);
    }
    return g_string_free(s, FALSE);
}

/* Dispatch ------------------------------------------------------------------ */

struct sched *sched_new(const char *spec, uint64_t seed, unsigned ncores, GError **error)
{
    const struct strategy *st = sched_find(spec);
    if (st == NULL) {
        g_autofree char *usages = sched_usages();
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE,
                    "--sched %s: unknown strategy (%s)", spec, usages);
        return NULL;
    }
    const char *colon = strchr(spec, ':');
    return st->create(spec, colon ? colon + 1 : NULL, seed, ncores, error);
}

void sched_free(struct sched *s)
{
    if (s != NULL)
        s->ops->free(s);
}

const char *sched_name(const struct sched *s)
{
    return s->ops->name;
}

void sched_reset(struct sched *s)
{
    if (s->ops->reset)
        s->ops->reset(s);
}

unsigned sched_next(struct sched *s, const bool *runnable, unsigned ncores,
                    int current, long *turn)
{
    g_assert(s->ops->next != NULL);     /* not an exhaustive strategy */
    return s->ops->next(s, runnable, ncores, current, turn);
}

char *sched_describe(const struct sched *s)
{
    return s->ops->describe(s);
}

bool sched_fixed(const struct sched *s)
{
    return s->ops->fixed;
}

bool sched_seeded(const struct sched *s)
{
    return s->ops->seeded;
}

bool sched_exhaustive(const struct sched *s)
{
    return s->ops->exhaustive;
}

unsigned sched_bound(const struct sched *s)
{
    g_assert(s->ops->bound != NULL);
    return s->ops->bound(s);
}

bool sched_estimates_horizon(const struct sched *s)
{
    return s->ops->estimates_horizon != NULL && s->ops->estimates_horizon(s);
}

void sched_set_horizon(struct sched *s, uint64_t steps)
{
    if (s->ops->set_horizon)
        s->ops->set_horizon(s, steps);
    sched_reset(s);
}

bool sched_spinning(struct sched *s, unsigned core)
{
    return s->ops->spinning != NULL && s->ops->spinning(s, core);
}
