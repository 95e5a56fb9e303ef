/* stop-flag.c — an SV-COMP-style task as the competition wrote them until
 * 2020: its error function is __VERIFIER_error(), which that year's
 * property (unreach-call-2020.prp) names.  unreach-call fails (verdict
 * false): main finds the device not stopping, then the stopper stops it
 * before main uses it. */
#include <pthread.h>

extern void __VERIFIER_error(void);

int stopping, stopped;

void *stop(void *arg)
{
    (void)arg;
    stopping = 1;
    stopped = 1;
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, stop, 0);
    if (!stopping && stopped)
        __VERIFIER_error();
    pthread_join(t, 0);
    return 0;
}
