/* threads.h — C11's threads, over atomsim's pthreads (<pthread.h>): each
 * thread on a core of its own, blocking in atomsim's scheduler. */
#ifndef ATOMSIM_THREADS_H
#define ATOMSIM_THREADS_H

#include <pthread.h>

typedef pthread_t thrd_t;
typedef int (*thrd_start_t)(void *);
typedef pthread_mutex_t mtx_t;
typedef pthread_cond_t cnd_t;
typedef pthread_once_t once_flag;
#define ONCE_FLAG_INIT PTHREAD_ONCE_INIT

enum { thrd_success, thrd_busy, thrd_error, thrd_nomem, thrd_timedout };
enum { mtx_plain = 0, mtx_recursive = 1, mtx_timed = 2 };

int thrd_create(thrd_t *thread, thrd_start_t start, void *arg);
int thrd_join(thrd_t thread, int *result);
int thrd_detach(thrd_t thread);
void thrd_exit(int result) __attribute__((noreturn));
thrd_t thrd_current(void);
int thrd_equal(thrd_t a, thrd_t b);
void thrd_yield(void);

int mtx_init(mtx_t *m, int type);
void mtx_destroy(mtx_t *m);
int mtx_lock(mtx_t *m);
int mtx_trylock(mtx_t *m);
int mtx_unlock(mtx_t *m);

int cnd_init(cnd_t *c);
void cnd_destroy(cnd_t *c);
int cnd_wait(cnd_t *c, mtx_t *m);
int cnd_signal(cnd_t *c);
int cnd_broadcast(cnd_t *c);

void call_once(once_flag *flag, void (*func)(void));

#endif
