/* assert.c — a failed assert ends the program as abort does, with a
 * finding at the assert's call. */
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include "libc-private.h"

void __assert_fail(const char *expr, const char *file, unsigned int line, const char *func)
{
    char msg[256];
    /* SV-COMP's programs call reach_error() where a bug is reached */
    if (func != NULL && strcmp(func, "reach_error") == 0)
        snprintf(msg, sizeof msg, "reach_error() reached");
    else
        snprintf(msg, sizeof msg, "assertion failed: %s (in %s)", expr, func ? func : "?");
    __libc_abort(msg, file, line, CALLER_PC());
}
