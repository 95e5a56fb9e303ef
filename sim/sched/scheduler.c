/* scheduler.c — see scheduler.h. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "scheduler.h"

enum strategy {
    STRATEGY_RR, STRATEGY_RANDOM, STRATEGY_PINNED, STRATEGY_REPLAY, STRATEGY_PCT,
    STRATEGY_SEARCH,            /* pinned, then no preemption (a dfs node) */
};

#define RR_DEFAULT_QUANTUM 1
#define RANDOM_DEFAULT_MEAN 4
#define PCT_DEFAULT_DEPTH 3
#define PCT_DEFAULT_STEPS 1000
#define PCT_MAX_DEPTH 16
#define PCT_MAX_CORES 64
#define TURN_MAX 1000000

struct sched {
    enum strategy strategy;
    long quantum;       /* rr: turn length; random: mean turn length */
    uint64_t seed;
    GRand *rand;
    GArray *segments;   /* pinned: struct sched_turn */
    /* pct: depth d, steps k, each core's priority (higher runs), the d-1
     * steps at which the running core drops below every other, and the
     * steps so far */
    long depth, steps;
    bool estimate;              /* pct: no K given; steps is set from a run (0: not yet) */
    unsigned ncores;
    int priority[PCT_MAX_CORES];
    uint64_t change[PCT_MAX_DEPTH];
    uint64_t step;
    int lowest;
    int yielding;               /* search: the core that spins and must yield, or -1 */
    bool tail;                  /* search: the prefix is over, every turn of it */
    guint position;     /* pinned: the next segment */
    char *text;         /* pinned: the schedule as given */
};

static gboolean parse_quantum(const char *text, long *out)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (*text == '\0' || *end != '\0' || v < 1 || v > TURN_MAX)
        return FALSE;
    *out = v;
    return TRUE;
}

/* The most a replay file may hold: a recorded schedule is text of a few
 * bytes per turn, and --max-steps bounds the turns. */
#define REPLAY_MAX_BYTES (64u << 20)

char *sched_replay_text(const char *text)
{
    GString *schedule = g_string_new(NULL);
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    for (char **l = lines; *l; l++)
        if (**l != '#')
            g_string_append(schedule, g_strstrip(*l));
    return g_string_free(schedule, FALSE);
}

/* The contents of path, at most REPLAY_MAX_BYTES (to free); NULL with why
 * set if it cannot be read or is larger (/dev/zero would never end). */
static char *read_replay_file(const char *path, GError **why)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        int saved = errno;
        g_autofree char *name = g_filename_display_name(path);
        g_set_error(why, G_FILE_ERROR, g_file_error_from_errno(saved),
                    "Failed to open file “%s”: %s", name, g_strerror(saved));
        return NULL;
    }
    GString *text = g_string_new(NULL);
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0 && text->len <= REPLAY_MAX_BYTES)
        g_string_append_len(text, buf, (gssize)n);
    gboolean failed = ferror(f) != 0;
    int saved = errno;
    fclose(f);
    if (failed || text->len > REPLAY_MAX_BYTES || memchr(text->str, '\0', text->len)) {
        g_set_error(why, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s",
                    failed ? g_strerror(saved)
                           : text->len > REPLAY_MAX_BYTES ? "too large for a recorded schedule"
                                                          : "not a text file");
        g_string_free(text, TRUE);
        return NULL;
    }
    return g_string_free(text, FALSE);
}

/* replay:FILE: the schedule a run recorded (--record), "#" lines aside. */
static struct sched *sched_new_replay(const char *path, unsigned ncores, GError **error)
{
    g_autoptr(GError) why = NULL;
    g_autofree char *text = read_replay_file(path, &why);
    if (text == NULL) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE, "--sched replay:%s: %s", path,
                    why->message);
        return NULL;
    }
    g_autofree char *schedule = sched_replay_text(text);
    struct sched *s = sched_new_pinned(schedule, ncores, &why);
    if (s == NULL) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE, "--sched replay:%s: %s", path,
                    why->message);
        return NULL;
    }
    g_free(s->text);
    s->text = g_strdup(path);
    s->strategy = STRATEGY_REPLAY;
    return s;
}

/* pct[:D[:K]] */
static struct sched *sched_new_pct(const char *spec, uint64_t seed, unsigned ncores,
                                   GError **error)
{
    g_autoptr(sched) s = g_new0(struct sched, 1);
    s->strategy = STRATEGY_PCT;
    s->depth = PCT_DEFAULT_DEPTH;
    s->ncores = ncores;
    s->quantum = 1;
    g_auto(GStrv) parts = g_strsplit(spec, ":", 3);
    if ((parts[1] && (!parse_quantum(parts[1], &s->depth) || s->depth > PCT_MAX_DEPTH)) ||
        (parts[1] && parts[2] && !parse_quantum(parts[2], &s->steps))) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE,
                    "--sched %s: pct:D:K takes a depth D from 1 to %d and K steps from 1 to %d",
                    spec, PCT_MAX_DEPTH, TURN_MAX);
        return NULL;
    }
    s->estimate = s->steps == 0;
    s->seed = seed;
    sched_reset(s);
    return g_steal_pointer(&s);
}

struct sched *sched_new(const char *spec, uint64_t seed, unsigned ncores, GError **error)
{
    if (g_str_has_prefix(spec, "replay:"))
        return sched_new_replay(spec + 7, ncores, error);
    if (strcmp(spec, "pct") == 0 || g_str_has_prefix(spec, "pct:"))
        return sched_new_pct(spec, seed, ncores, error);
    g_autoptr(sched) s = g_new0(struct sched, 1);
    const char *colon = strchr(spec, ':');
    size_t name_len = colon ? (size_t)(colon - spec) : strlen(spec);

    if (name_len == 2 && strncmp(spec, "rr", 2) == 0) {
        s->strategy = STRATEGY_RR;
        s->quantum = RR_DEFAULT_QUANTUM;
    } else if (name_len == 6 && strncmp(spec, "random", 6) == 0) {
        s->strategy = STRATEGY_RANDOM;
        s->quantum = RANDOM_DEFAULT_MEAN;
    } else {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE,
                    "--sched %s: unknown strategy (rr[:Q], random[:M], pct[:D[:K]] or "
                    "replay:FILE)", spec);
        return NULL;
    }
    if (colon && !parse_quantum(colon + 1, &s->quantum)) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE,
                    "--sched %s: the turn length must be a whole number from 1 to %d",
                    spec, TURN_MAX);
        return NULL;
    }
    s->seed = seed;
    sched_reset(s);
    return g_steal_pointer(&s);
}

void sched_free(struct sched *s)
{
    if (s == NULL)
        return;
    if (s->rand)
        g_rand_free(s->rand);
    if (s->segments)
        g_array_unref(s->segments);
    g_free(s->text);
    g_free(s);
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

struct sched *sched_new_pinned(const char *schedule, unsigned ncores, GError **error)
{
    g_autoptr(GError) why = NULL;
    g_autoptr(GArray) turns = sched_turns_parse(schedule, ncores, &why);
    if (turns == NULL) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE, "--schedule %s: %s", schedule,
                    why->message);
        return NULL;
    }
    if (turns->len == 0) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE,
                    "--schedule: empty (give CORE:COUNT,..., e.g. 0:3,1:2,0:*)");
        return NULL;
    }
    struct sched *s = sched_new_turns(turns);
    g_free(s->text);
    s->text = g_strdup(schedule);
    return s;
}

struct sched *sched_new_turns(const GArray *turns)
{
    struct sched *s = g_new0(struct sched, 1);
    s->strategy = STRATEGY_PINNED;
    s->quantum = 1;
    s->yielding = -1;
    s->segments = g_array_copy((GArray *)turns);
    s->text = sched_turns_text(turns);
    return s;
}

void sched_reset(struct sched *s)
{
    s->position = 0;
    s->yielding = -1;
    s->tail = false;
    guint32 words[2] = { (guint32)s->seed, (guint32)(s->seed >> 32) };
    if (s->rand)
        g_rand_free(s->rand);
    s->rand = g_rand_new_with_seed_array(words, 2);
    if (s->strategy == STRATEGY_PCT) {
        /* priorities d .. d+n-1 in a random order; d-1 change points among
         * the first k steps, the i-th dropping its core to priority i */
        for (unsigned i = 0; i < s->ncores; i++)
            s->priority[i] = (int)(s->depth + i);
        for (unsigned i = s->ncores; i > 1; i--) {
            unsigned j = (unsigned)g_rand_int_range(s->rand, 0, (gint32)i);
            int t = s->priority[i - 1];
            s->priority[i - 1] = s->priority[j];
            s->priority[j] = t;
        }
        long k = s->steps > 0 ? s->steps : PCT_DEFAULT_STEPS;
        for (long i = 0; i + 1 < s->depth; i++)
            s->change[i] = (uint64_t)g_rand_int_range(s->rand, 1, (gint32)k + 1);
        s->step = 0;
        s->lowest = 0;
    }
}

/* The next runnable core after current, in order (current itself only if
 * no other core can run). */
static unsigned next_after(const bool *runnable, unsigned ncores, int current)
{
    for (unsigned i = 1; i <= ncores; i++) {
        unsigned c = (unsigned)(current + (int)i) % ncores;
        if (runnable[c])
            return c;
    }
    g_assert_not_reached();
}

unsigned sched_next(struct sched *s, const bool *runnable, unsigned ncores,
                    int current, long *turn)
{
    /* pinned: the next segment whose core can run; a core that ends or
     * blocks gives up the rest of its segment.  Then round-robin. */
    while (s->segments != NULL && s->position < s->segments->len) {
        const struct sched_turn *seg =
            &g_array_index(s->segments, struct sched_turn, s->position++);
        if (runnable[seg->core]) {
            *turn = seg->steps < 0 ? LONG_MAX : seg->steps;
            return seg->core;
        }
    }
    if (s->strategy == STRATEGY_SEARCH) {
        /* after the prefix no preemption: the current core goes on until it
         * blocks, ends or spins; then the next core that can run */
        bool yield = s->yielding == current;
        s->yielding = -1;
        s->tail = true;
        *turn = LONG_MAX;
        if (current >= 0 && runnable[current] && !yield)
            return (unsigned)current;
        return next_after(runnable, ncores, current);
    }
    if (s->strategy == STRATEGY_PCT) {
        s->step++;
        for (long i = 0; current >= 0 && i + 1 < s->depth; i++)
            if (s->change[i] == s->step)
                s->priority[current] = (int)(i + 1);
        int best = -1;
        for (unsigned i = 0; i < ncores; i++)
            if (runnable[i] && (best < 0 || s->priority[i] > s->priority[best]))
                best = (int)i;
        *turn = 1;
        return (unsigned)best;
    }
    if (s->strategy != STRATEGY_RANDOM) {
        *turn = s->quantum;
        return next_after(runnable, ncores, current);
    }

    /* random: a runnable core chosen uniformly (it may be the same one
     * again), for 1 .. 2M-1 operations, so that turns do not line up with
     * the guest's loops. */
    unsigned candidates = 0;
    for (unsigned i = 0; i < ncores; i++)
        candidates += runnable[i];
    g_assert(candidates > 0);
    unsigned pick = (unsigned)g_rand_int_range(s->rand, 0, (gint32)candidates);
    *turn = g_rand_int_range(s->rand, 1, (gint32)(2 * s->quantum));
    for (unsigned i = 0; i < ncores; i++)
        if (runnable[i] && pick-- == 0)
            return i;
    g_assert_not_reached();
}

char *sched_describe(const struct sched *s)
{
    switch (s->strategy) {
    case STRATEGY_RR:
        return g_strdup_printf("--sched rr:%ld", s->quantum);
    case STRATEGY_RANDOM:
        return g_strdup_printf("--sched random:%ld --seed %" G_GINT64_FORMAT, s->quantum,
                               (gint64)s->seed);
    case STRATEGY_REPLAY:
        return g_strdup_printf("--sched replay:%s", s->text);
    case STRATEGY_SEARCH:
        return g_strdup_printf("--schedule %s (then no preemption)", s->text);
    case STRATEGY_PCT:
        return g_strdup_printf("--sched pct:%ld:%ld --seed %" G_GINT64_FORMAT, s->depth,
                               s->steps > 0 ? s->steps : PCT_DEFAULT_STEPS, (gint64)s->seed);
    default:
        return g_strdup_printf("--schedule %s", s->text);
    }
}

bool sched_fixed(const struct sched *s)
{
    return s->strategy == STRATEGY_PINNED || s->strategy == STRATEGY_REPLAY ||
           s->strategy == STRATEGY_SEARCH;
}

bool sched_estimates_horizon(const struct sched *s)
{
    return s->strategy == STRATEGY_PCT && s->estimate;
}

void sched_set_horizon(struct sched *s, uint64_t steps)
{
    s->steps = (long)CLAMP(steps, 1, PCT_MAX_HORIZON);
    sched_reset(s);
}

bool sched_spinning(struct sched *s, unsigned core)
{
    /* PCT assumes a waiting thread yields: a spinning core drops below all
     * others, as at a change point, so that the core it waits for can run. */
    if (s->strategy == STRATEGY_PCT)
        s->priority[core] = --s->lowest;
    /* After its prefix, a search node's spinning core yields at once, its
     * turn over (a yield is not a preemption the search chose).  The prefix
     * is a run's record, yields and all: it is followed as it is. */
    if (s->strategy == STRATEGY_SEARCH && s->tail) {
        s->yielding = (int)core;
        return true;
    }
    return false;
}

struct sched *sched_new_search(const GArray *prefix)
{
    struct sched *s = sched_new_turns(prefix);
    s->strategy = STRATEGY_SEARCH;
    return s;
}
