/* pinned.c — an explicit interleaving (--schedule CORE:COUNT,...), and
 * replay:FILE, the one a run recorded (--record): the given turns in order,
 * each skipped if its core cannot run; after the last one, round-robin with
 * turns of one step. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "pinned.h"

struct pinned *pinned_new(const struct strategy *ops, const GArray *turns, unsigned ncores,
                          size_t size)
{
    g_assert(size >= sizeof(struct pinned));
    struct pinned *p = g_malloc0(size);
    p->base.ops = ops;
    p->segments = g_array_copy((GArray *)turns);
    p->text = sched_turns_text(turns);
    p->ncores = ncores;
    return p;
}

void pinned_free(struct sched *s)
{
    struct pinned *p = (struct pinned *)s;
    g_array_unref(p->segments);
    g_free(p->text);
    g_free(p);
}

void pinned_reset(struct sched *s)
{
    ((struct pinned *)s)->position = 0;
    ((struct pinned *)s)->older = 0;
    ((struct pinned *)s)->predicted = false;
}

/* A core that runs past its segment's end because it cannot be switched
 * out there (an atomic section: turn_left < 0, run-step.c) takes the steps
 * of its next segments (a run's record splits such a stretch wherever a
 * load or draw is marked): the one whose last step it takes now, if it
 * does, else NULL. */
static const struct sched_turn *overrun_segment(const struct pinned *p, unsigned core,
                                                long turn_left)
{
    for (guint i = p->position; turn_left < 0 && i < p->segments->len; i++) {
        const struct sched_turn *seg = &g_array_index(p->segments, struct sched_turn, i);
        if (seg->drain || seg->core != core || seg->steps < 0 || -turn_left < seg->steps)
            return NULL;
        if (-turn_left == seg->steps)
            return seg;
        turn_left += seg->steps;
    }
    return NULL;
}

bool pinned_predicted(struct sched *s, unsigned core, long turn_left,
                      const uint64_t *candidates, unsigned n, uint64_t *value)
{
    (void)candidates;
    (void)n;
    struct pinned *p = (struct pinned *)s;
    if (turn_left < 0) {
        const struct sched_turn *seg = overrun_segment(p, core, turn_left);
        if (seg == NULL || !seg->predicted)
            return false;
        *value = seg->value;
        return true;
    }
    if (!p->predicted || core != p->older_core || turn_left != 0)
        return false;
    p->predicted = false;
    *value = p->value;
    return true;
}

unsigned pinned_older(struct sched *s, unsigned core, long turn_left, unsigned n,
                      unsigned telling)
{
    (void)n;
    (void)telling;
    struct pinned *p = (struct pinned *)s;
    if (turn_left < 0) {
        const struct sched_turn *seg = overrun_segment(p, core, turn_left);
        return seg != NULL ? seg->older : 0;
    }
    if (p->older == 0 || core != p->older_core || turn_left != 0)
        return 0;
    unsigned older = p->older;
    p->older = 0;
    return older;
}

bool pinned_next_segment(struct pinned *p, const bool *runnable, unsigned nchoices,
                         unsigned *choice, long *turn)
{
    p->older = 0;
    p->predicted = false;
    while (p->position < p->segments->len) {
        const struct sched_turn *seg =
            &g_array_index(p->segments, struct sched_turn, p->position++);
        unsigned c = sched_choice(p->ncores, seg->core, seg->drain, seg->slot);
        if (c < nchoices && runnable[c]) {
            p->older = seg->drain ? 0 : seg->older;
            p->predicted = !seg->drain && seg->predicted;
            p->value = seg->value;
            p->older_core = seg->core;
            *turn = seg->steps < 0 ? LONG_MAX : seg->steps;
            *choice = c;
            return true;
        }
    }
    return false;
}

/* The segments, then round-robin, one step a turn. */
static unsigned pinned_next(struct sched *s, const bool *runnable, unsigned nchoices,
                            int current, long *turn)
{
    unsigned core;
    if (pinned_next_segment((struct pinned *)s, runnable, nchoices, &core, turn))
        return core;
    *turn = 1;
    return sched_next_after(runnable, nchoices, current);
}

static char *pinned_describe(const struct sched *s)
{
    return g_strdup_printf("--schedule %s", ((const struct pinned *)s)->text);
}

const struct strategy strategy_pinned = {
    .name = "pinned",
    .usage = "--schedule CORE:COUNT,...",
    .description = "an explicit interleaving: CORE runs COUNT steps, or with * until it ends "
                   "or blocks",
    .fixed = true,
    .free = pinned_free,
    .reset = pinned_reset,
    .next = pinned_next,
    .older = pinned_older,
    .predicted = pinned_predicted,
    .describe = pinned_describe,
};

const GArray *sched_given_turns(const struct sched *s)
{
    if (s->ops != &strategy_pinned && s->ops != &strategy_replay)
        return NULL;
    return ((const struct pinned *)s)->segments;
}

/* stepper: the segments, then the run ends ------------------------------- */

static unsigned stepper_next(struct sched *s, const bool *runnable, unsigned nchoices,
                             int current, long *turn)
{
    (void)current;
    unsigned choice;
    if (pinned_next_segment((struct pinned *)s, runnable, nchoices, &choice, turn))
        return choice;
    return SCHED_STOP;
}

static const struct strategy strategy_stepper = {
    .name = "stepper",
    .usage = "atomsim step",
    .description = "the turns a user made, then the run ends",
    .fixed = true,
    .free = pinned_free,
    .reset = pinned_reset,
    .next = stepper_next,
    .older = pinned_older,
    .predicted = pinned_predicted,
    .describe = pinned_describe,
};

struct sched *sched_new_stepper(const GArray *turns, unsigned ncores)
{
    return &pinned_new(&strategy_stepper, turns, ncores, sizeof(struct pinned))->base;
}

struct sched *sched_new_turns(const GArray *turns, unsigned ncores)
{
    return &pinned_new(&strategy_pinned, turns, ncores, sizeof(struct pinned))->base;
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
    struct pinned *p = pinned_new(&strategy_pinned, turns, ncores, sizeof(struct pinned));
    g_free(p->text);
    p->text = g_strdup(schedule);
    return &p->base;
}

/* replay:FILE --------------------------------------------------------------- */

/* The most a replay file may hold: a recorded schedule is text of a few
 * bytes per turn, and --max-steps bounds the turns. */
#define REPLAY_MAX_BYTES (64u << 20)

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
static struct sched *replay_create(const char *spec, const char *path, uint64_t seed,
                                   unsigned ncores, GError **error)
{
    (void)spec;
    (void)seed;
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
    struct pinned *p = (struct pinned *)s;
    g_free(p->text);
    p->text = g_strdup(path);
    p->base.ops = &strategy_replay;
    return s;
}

static char *replay_describe(const struct sched *s)
{
    return g_strdup_printf("--sched replay:%s", ((const struct pinned *)s)->text);
}

const struct strategy strategy_replay = {
    .name = "replay",
    .usage = "replay:FILE",
    .description = "the schedule --record wrote",
    .fixed = true,
    .needs_argument = true,
    .create = replay_create,
    .free = pinned_free,
    .reset = pinned_reset,
    .next = pinned_next,
    .older = pinned_older,
    .predicted = pinned_predicted,
    .describe = replay_describe,
};
