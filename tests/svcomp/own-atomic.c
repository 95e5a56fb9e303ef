/* own-atomic.c — an SV-COMP-style task as they were written until 2020:
 * unreach-call holds (verdict true).  The program defines
 * __VERIFIER_atomic_begin and _end itself, as a lock taken on an
 * assumption (a run where the lock is held ends quietly), which the
 * runtime's weak ones give way to; being __VERIFIER_atomic_ functions they
 * run atomically, so no increment between them is lost. */
#include <pthread.h>

void reach_error(void) {}
extern void __VERIFIER_assume(int);

int lock;
void __VERIFIER_atomic_begin(void) { __VERIFIER_assume(lock == 0); lock = 1; }
void __VERIFIER_atomic_end(void) { __VERIFIER_assume(lock == 1); lock = 0; }

int count;

void *increment(void *arg)
{
    (void)arg;
    __VERIFIER_atomic_begin();
    int seen = count;
    count = seen + 1;
    __VERIFIER_atomic_end();
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, increment, 0);
    pthread_create(&b, 0, increment, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    if (count != 2)
        reach_error();
    return 0;
}
