/* pinned.h — what pinned, replay and a search node share (pinned.c): the
 * turns given, followed in order. */
#ifndef ATOMSIM_PINNED_H
#define ATOMSIM_PINNED_H

#include "strategy.h"

struct pinned {
    struct sched base;
    GArray *segments;   /* struct sched_turn */
    guint position;     /* the next segment */
    char *text;         /* the schedule as given (replay: the file's name) */
    unsigned ncores;
    /* The segment under way ends with a load that reads the write `older`
     * places before the newest (0: the newest), on older_core. */
    unsigned older, older_core;
    /* or a load that reads `value`, which a write still to come gives */
    bool predicted;
    uint64_t value;
};

/* A pinned schedule of the turns (copied), with ops (to free with
 * ops->free: pinned_free frees what pinned_new made). */
struct pinned *pinned_new(const struct strategy *ops, const GArray *turns, unsigned ncores,
                          size_t size);
void pinned_free(struct sched *s);
/* Back to the first segment. */
void pinned_reset(struct sched *s);
/* The next segment whose core can run, into *core and *turn; false once
 * they are over.  A core that ends or blocks gives up the rest of its
 * segment. */
bool pinned_next_segment(struct pinned *p, const bool *runnable, unsigned nchoices,
                         unsigned *choice, long *turn);

/* sched_older for the pinned family: the segment's, at its last step. */
unsigned pinned_older(struct sched *s, unsigned core, long turn_left, unsigned n,
                      unsigned telling);

/* sched_predicted for the pinned family: the segment's, at its last step. */
bool pinned_predicted(struct sched *s, unsigned core, long turn_left,
                      const uint64_t *candidates, unsigned n, uint64_t *value);

#endif
