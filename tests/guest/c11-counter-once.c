/* c11-counter-once.c — c11-counter.c with one increment per core, small
 * enough for an exhaustive search (--sched dfs). */
#define ITER 1
#include "../../programs/examples/c11-counter.c"
