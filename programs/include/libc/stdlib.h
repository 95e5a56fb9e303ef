/* stdlib.h — atomsim's small libc: one heap shared by every core (1 MiB,
 * thread-safe), exit and abort for the whole program, number parsing,
 * per-core rand. */
#ifndef ATOMSIM_LIBC_STDLIB_H
#define ATOMSIM_LIBC_STDLIB_H

#include <stddef.h>

#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#define RAND_MAX 0x7fffffff

/* 16-byte aligned; NULL when the heap is full.  A double free, or a free of
 * what malloc did not return, is a finding. */
void *malloc(size_t size);
void *calloc(size_t n, size_t size);
void *realloc(void *p, size_t size);
void free(void *p);

/* A finding "abort() called"; the program ends with exit status 134. */
void abort(void) __attribute__((noreturn));
/* Ends every core: the program's exit status is code. */
void exit(int code) __attribute__((noreturn));

int atoi(const char *s);
long atol(const char *s);
long strtol(const char *s, char **end, int base);
unsigned long strtoul(const char *s, char **end, int base);
int abs(int v);
long labs(long v);

/* Each core has its own sequence, seeded 1 until srand. */
int rand(void);
void srand(unsigned seed);

#endif
