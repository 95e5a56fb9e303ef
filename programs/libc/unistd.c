/* unistd.c — sleep, usleep and sched_yield (<unistd.h>, <sched.h>): no
 * clock and no scheduler of the guest's own, so each returns at once (a
 * file of its own: a program that yields without making threads stays a
 * program that runs main on every core). */
#include <unistd.h>
#include <sched.h>

unsigned sleep(unsigned seconds)
{
    (void)seconds;
    return 0;
}

int usleep(unsigned long usec)
{
    (void)usec;
    return 0;
}

int sched_yield(void)
{
    return 0;
}
