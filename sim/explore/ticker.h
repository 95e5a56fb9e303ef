/* ticker.h — how far a long search has got, told a few times a second.
 *
 * A search (many seeds, or dfs) ticks after each run; the ticker calls its
 * function at most once per TICKER_PERIOD_US, from whichever thread ticked,
 * one call at a time.  What it does with the figures (a line on a terminal)
 * is the caller's.
 */
#ifndef ATOMSIM_TICKER_H
#define ATOMSIM_TICKER_H

#include <stdint.h>
#include <glib.h>

#define TICKER_PERIOD_US 250000

struct search_progress {
    uint64_t runs;              /* runs made so far */
    uint64_t found;             /* of them, runs that found something */
    double seconds;             /* since the search started */
    /* dfs: the branches off the first run whose subtrees are explored, of
     * how many (0 of 0: not known yet, or not a dfs) */
    unsigned done, of;
};

struct ticker {
    void (*tell)(void *ctx, const struct search_progress *p);
    void *ctx;
    gint64 start;               /* monotonic time the search started */
    gint64 next;                /* no call before this time (atomic) */
};

/* A ticker that calls tell(ctx, ...); it starts counting time now. */
void ticker_init(struct ticker *t, void (*tell)(void *ctx, const struct search_progress *p),
                 void *ctx);
/* A run ended: p (seconds filled in here) goes to tell if it is time.
 * t may be NULL: nothing happens. */
void ticker_tick(struct ticker *t, struct search_progress p);

#endif
