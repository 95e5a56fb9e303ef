/* late-check.c — an SV-COMP-style task: unreach-call fails (verdict false).
 * main starts a checker, then twenty threads that each add one to a
 * counter (a load and a store: they may lose updates).  The checker finds
 * the counter at 20 only if it runs after all twenty have ended, and
 * before main returns: a search with few preemptions does not reach that
 * within seconds (each switch from a thread that ended is one), PCT's
 * priorities do (the checker's the lowest, main's lowered at its end). */
#include <pthread.h>

void reach_error(void) {}

#define WORKERS 20

volatile int count;

void *check(void *arg)
{
    (void)arg;
    if (count == WORKERS)
        reach_error();
    return 0;
}

void *add(void *arg)
{
    (void)arg;
    int seen = count;
    count = seen + 1;
    return 0;
}

int main(void)
{
    pthread_t checker, worker;
    pthread_create(&checker, 0, check, 0);
    for (int i = 0; i < WORKERS; i++)
        pthread_create(&worker, 0, add, 0);
    return 0;
}
