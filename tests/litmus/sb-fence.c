/* Litmus: store buffering with a full fence between each core's store and
 * load.  Observed: both read 0.
 *
 * x86's mfence, and an atomic swap on SPARC V8 (ldstub: V8 has no
 * store-load barrier; an atomic load-store waits for the stores before it,
 * Appendix K), drain the core's store buffer before the load: whichever
 * store drains first is seen by the other core's load, under every
 * schedule.  Forbidden under TSO as under SC.
 *
 * Cpus: x86 x86_64 sparc32
 *
 * Memory: tso
 * Schedule: 0:3,1:*,0:*
 * Schedule: 1:3,0:*,1:*
 * Schedule: 0:2,1:3,0:*,1:*
 * Schedule: 0:4,1:*,0:*
 * Schedule: 0:*,1:*
 * Result: Never
 */
#if defined(__i386__) || defined(__x86_64__)
#define FENCE() __asm__ volatile("mfence" ::: "memory")
#elif defined(__sparc__)
static volatile unsigned char fence_byte;
#define FENCE() __asm__ volatile("ldstub [%0], %%g0" : : "r"(&fence_byte) : "memory")
#endif
#include "sb.c"
