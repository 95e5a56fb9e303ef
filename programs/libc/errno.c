/* errno.c — errno, one per core: each thread runs on a core of its own
 * (glibc's spelling, __errno_location, so SV-COMP's preprocessed programs
 * link too). */
#include <errno.h>
#include <atomsim.h>
#include "libc-private.h"

static int errnos[LIBC_MAX_CORES];

int *__errno_location(void)
{
    return &errnos[sim_cpu_id()];
}
