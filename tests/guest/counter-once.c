/* counter-once.c — counter.c with one increment per core, small enough for
 * an exhaustive search (--sched dfs). */
#define ITER 1
#include "../../programs/examples/counter.c"
