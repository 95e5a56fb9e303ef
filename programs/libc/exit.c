/* exit.c — the ways a program ends: exit (every core, with a status) and
 * abort (a finding, status 134). */
#include <stdio.h>
#include <stdlib.h>
#include "atomsim.h"
#include "libc-private.h"
#include "linux-sys.h"

#define ABORT_STATUS 134        /* 128 + SIGABRT, as a shell shows it */

static void exit_group(int code) __attribute__((noreturn));
static void exit_group(int code)
{
    for (;;)
        sim_syscall(LINUX_SYS_exit_group, code, 0, 0);
}

void exit(int code)
{
    exit_group(code);
}

void __libc_abort(const char *msg, const char *file, unsigned line, void *pc)
{
    sim_syscall(SIM_SYS_ABORT, (long)msg, (long)pc, 0);
    /* An atomsim without the call: a failed check at pc.  Not under
     * atomsim: say it.  Then end the program. */
    if (sim_syscall(SIM_SYS_CHECK_FAIL, (long)msg, (long)pc, line) != 0) {
        if (file != NULL)
            fprintf(stderr, "atomsim: %s (%s:%u)\n", msg, file, line);
        else
            fprintf(stderr, "atomsim: %s\n", msg);
    }
    exit_group(ABORT_STATUS);
}

void abort(void)
{
    __libc_abort("abort() called", NULL, 0, CALLER_PC());
}
