/* ticker.c — see ticker.h. */
#include <stdbool.h>
#include "ticker.h"

void ticker_init(struct ticker *t, void (*tell)(void *ctx, const struct search_progress *p),
                 void *ctx)
{
    t->tell = tell;
    t->ctx = ctx;
    t->start = g_get_monotonic_time();
    t->next = t->start + TICKER_PERIOD_US;
}

void ticker_tick(struct ticker *t, struct search_progress p)
{
    if (t == NULL)
        return;
    gint64 now = g_get_monotonic_time(), next = __atomic_load_n(&t->next, __ATOMIC_RELAXED);
    /* one thread wins the turn; the others go on running */
    if (now < next || !__atomic_compare_exchange_n(&t->next, &next, now + TICKER_PERIOD_US,
                                                   false, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
        return;
    p.seconds = (double)(now - t->start) / 1e6;
    t->tell(t->ctx, &p);
}
