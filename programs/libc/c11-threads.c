/* c11-threads.c — <threads.h> over the pthreads of pthread.c and sync.c. */
#include <stdlib.h>
#include <threads.h>

/* A C11 thread's function returns an int: a start record carries it to
 * the pthread it runs in. */
struct start {
    thrd_start_t func;
    void *arg;
};

static void *run_start(void *p)
{
    struct start s = *(struct start *)p;
    free(p);
    return (void *)(long)s.func(s.arg);
}

int thrd_create(thrd_t *thread, thrd_start_t start, void *arg)
{
    struct start *s = malloc(sizeof *s);
    if (s == NULL)
        return thrd_nomem;
    s->func = start;
    s->arg = arg;
    if (pthread_create(thread, NULL, run_start, s) != 0) {
        free(s);
        return thrd_error;
    }
    return thrd_success;
}

int thrd_join(thrd_t thread, int *result)
{
    void *r;
    if (pthread_join(thread, &r) != 0)
        return thrd_error;
    if (result)
        *result = (int)(long)r;
    return thrd_success;
}

int thrd_detach(thrd_t thread)
{
    return pthread_detach(thread) == 0 ? thrd_success : thrd_error;
}

void thrd_exit(int result)
{
    pthread_exit((void *)(long)result);
}

thrd_t thrd_current(void)
{
    return pthread_self();
}

int thrd_equal(thrd_t a, thrd_t b)
{
    return pthread_equal(a, b);
}

void thrd_yield(void)
{
}

int mtx_init(mtx_t *m, int type)
{
    pthread_mutexattr_t attr;
    pthread_mutexattr_init(&attr);
    if (type & mtx_recursive)
        pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
    return pthread_mutex_init(m, &attr) == 0 ? thrd_success : thrd_error;
}

void mtx_destroy(mtx_t *m)
{
    pthread_mutex_destroy(m);
}

int mtx_lock(mtx_t *m)
{
    return pthread_mutex_lock(m) == 0 ? thrd_success : thrd_error;
}

int mtx_trylock(mtx_t *m)
{
    return pthread_mutex_trylock(m) == 0 ? thrd_success : thrd_busy;
}

int mtx_unlock(mtx_t *m)
{
    return pthread_mutex_unlock(m) == 0 ? thrd_success : thrd_error;
}

int cnd_init(cnd_t *c)
{
    return pthread_cond_init(c, NULL) == 0 ? thrd_success : thrd_error;
}

void cnd_destroy(cnd_t *c)
{
    pthread_cond_destroy(c);
}

int cnd_wait(cnd_t *c, mtx_t *m)
{
    return pthread_cond_wait(c, m) == 0 ? thrd_success : thrd_error;
}

int cnd_signal(cnd_t *c)
{
    return pthread_cond_signal(c) == 0 ? thrd_success : thrd_error;
}

int cnd_broadcast(cnd_t *c)
{
    return pthread_cond_broadcast(c) == 0 ? thrd_success : thrd_error;
}

void call_once(once_flag *flag, void (*func)(void))
{
    pthread_once(flag, func);
}
