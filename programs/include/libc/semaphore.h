/* semaphore.h — POSIX unnamed semaphores (programs/libc/semaphore.c): a
 * count taken by compare-and-swap; a thread that finds it 0 waits in
 * atomsim's scheduler until a post.  Ready when zeroed (a count of 0). */
#ifndef ATOMSIM_SEMAPHORE_H
#define ATOMSIM_SEMAPHORE_H

typedef struct { int value; } sem_t;

#define SEM_VALUE_MAX 0x7fffffff
#define SEM_FAILED ((sem_t *)0)

int sem_init(sem_t *sem, int pshared, unsigned value);
int sem_destroy(sem_t *sem);
int sem_wait(sem_t *sem);
/* 0 if it took one; -1 with errno EAGAIN if the count was 0. */
int sem_trywait(sem_t *sem);
int sem_post(sem_t *sem);
int sem_getvalue(sem_t *sem, int *value);

#endif
