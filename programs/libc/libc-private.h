/* libc-private.h — what the small libc's files share, not for programs. */
#ifndef ATOMSIM_LIBC_PRIVATE_H
#define ATOMSIM_LIBC_PRIVATE_H

#include <stdarg.h>
#include <stddef.h>

/* The most cores a program runs on (sim/base/limits.h's ATOMSIM_MAX_CORES):
 * per-core state is an array this long. */
#define LIBC_MAX_CORES 64

/* Where formatted output goes: a file descriptor (buf is a line, written at
 * '\n' or when full) or a string (fd < 0: buf holds size bytes, the rest is
 * counted but dropped). */
struct fmt_out {
    int fd;
    char *buf;
    size_t size;
    size_t len;                 /* in buf */
    size_t total;               /* every character produced */
};

/* The caller's pc for a finding: one past its call instruction, which
 * atomsim names by pc - 1.  SPARC's return address (%o7) is the call
 * itself. */
#ifdef __sparc__
#define CALLER_PC() ((void *)((char *)__builtin_return_address(0) + 4))
#else
#define CALLER_PC() __builtin_return_address(0)
#endif

/* printf's engine: formats into o, returns o->total. */
int __libc_format(struct fmt_out *o, const char *fmt, va_list ap);
/* Writes what o holds to its fd. */
void __libc_flush(struct fmt_out *o);
/* write(2) until all n bytes are out, or an error. */
void __libc_write_all(int fd, const char *s, size_t n);
/* Ends the whole program: a finding MSG at pc (the caller's return
 * address) and exit status 134; without atomsim, MSG (FILE:LINE) on
 * standard error. */
void __libc_abort(const char *msg, const char *file, unsigned line, void *pc)
    __attribute__((noreturn));
/* sim_check_failed with the pc to name (runtime/sim.c). */
void __sim_check_at(const char *msg, const char *file, int line, void *pc);

#endif
