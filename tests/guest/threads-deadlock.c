/* threads-deadlock.c — two threads take two mutexes in opposite orders:
 * some interleavings deadlock, and atomsim names each wait. */
#include <pthread.h>
static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
static void *t1(void *x) { pthread_mutex_lock(&a); pthread_mutex_lock(&b); pthread_mutex_unlock(&b); pthread_mutex_unlock(&a); return x; }
static void *t2(void *x) { pthread_mutex_lock(&b); pthread_mutex_lock(&a); pthread_mutex_unlock(&a); pthread_mutex_unlock(&b); return x; }
int main(void)
{
    pthread_t x, y;
    pthread_create(&x, 0, t1, 0);
    pthread_create(&y, 0, t2, 0);
    pthread_join(x, 0);
    pthread_join(y, 0);
    return 0;
}
