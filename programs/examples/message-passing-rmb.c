/* message-passing-rmb.c — broken/message-passing-no-rmb.c with smp_rmb()
 * between the reader's loads: the message's load sees at least what the
 * flag's did (Promising-ARM's dmb.ld: vrNew joins vrOld), so core 1 always
 * finds the message, on every cpu and model.
 */
#define READER_BARRIER() smp_rmb()
#include "broken/message-passing-no-rmb.c"
