/* handoff.c — an SV-COMP-style task: unreach-call holds (verdict true).
 * main waits, spinning on a plain flag, for the data a thread publishes
 * before it: under sequential consistency the data is there first. */
#include <pthread.h>

void reach_error(void) {}

int data, flag;

void *publish(void *arg)
{
    (void)arg;
    data = 42;
    flag = 1;
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, publish, 0);
    while (flag == 0) {
    }
    if (data != 42)
        reach_error();
    pthread_join(t, 0);
    return 0;
}
