/* threads-sv.c — SV-COMP's harness: a nondet value and an assumption on
 * it, an atomic section and an atomic function, and reach_error, reached
 * when the value is 7 (or when an atomic section was not atomic).  Built
 * with -O0, as SV-COMP's programs are: at -O2 gcc inlines the atomic
 * function and reach_error, which are then no longer functions of their
 * names. */
#include <pthread.h>
#include <stdio.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

void reach_error(void)
{
    printf("reach_error\n");
}

int x, y;

void __VERIFIER_atomic_inc(void)
{
    int t = x;
    x = t + 1;
}

static void *thread(void *arg)
{
    for (int i = 0; i < 5; i++) {
        __VERIFIER_atomic_begin();
        int t = y;
        y = t + 1;
        __VERIFIER_atomic_end();
        __VERIFIER_atomic_inc();
    }
    return arg;
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n < 10);
    pthread_t t[2];
    pthread_create(&t[0], NULL, thread, NULL);
    pthread_create(&t[1], NULL, thread, NULL);
    pthread_join(t[0], NULL);
    pthread_join(t[1], NULL);
    printf("n=%d x=%d y=%d\n", n, x, y);
    if (x != 10 || y != 10 || n == 7)
        reach_error();
    return 0;
}
