/* seqlock.c — broken/seqlock-no-rmb.c with the reader's smp_rmb() after
 * its first read of the count and before its second (read_seqcount_begin,
 * read_seqcount_retry): a pair read between two equal even counts is one
 * the writer wrote whole, on every cpu and model.
 */
#define READ_BARRIER() smp_rmb()
#include "broken/seqlock-no-rmb.c"
