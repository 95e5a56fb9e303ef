/* counter-long.c — counter.c with turns of more than a million steps: a
 * search's first schedule runs each core's whole loop in one turn, so the
 * schedule that reports a lost update has turns longer than any turn length
 * a strategy takes. */
#define ITER 510000
#include "../../programs/examples/counter.c"
