/* libc-double-free.c — core 0 frees a block twice (a finding at the
 * marked line) and frees what malloc did not return (another); the program
 * goes on. */
#include <stdio.h>
#include <stdlib.h>
#include <atomsim.h>

static int not_from_malloc[8];

int main(void)
{
    if (sim_cpu_id() == 0) {
        char *p = malloc(32);
        free(p);
        free(p);                        /* FINDING */
        free(&not_from_malloc[4]);      /* FINDING 2 */
        printf("still running\n");
    }
    return 0;
}
