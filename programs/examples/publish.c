/* publish.c — publication through a fully ordered atomic: core 0 writes the
 * data, then counts it published with atomic_fetch_add(), which orders
 * every access before it against every access after it (on arm, a dmb ish
 * on each side of the ldrex/strex loop); core 1 reads the count, and if it
 * is up, the data, and always finds it (`--sched dfs:3` exhausts it clean).
 * With atomic_fetch_add_relaxed(): broken/relaxed-publish.c.
 */
#define COUNT(v) atomic_fetch_add(1, v)
#include "broken/relaxed-publish.c"
