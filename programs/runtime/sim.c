/* The guest runtime shared by every cpu: atomsim's calls with their
 * qemu-user fallback.  Output, memcpy and the rest are the small libc's
 * (programs/libc/).
 * The cpu's own parts (entry point, system-call instruction, Linux call
 * numbers) are in <cpu>/crt0.S and <cpu>/linux-sys.h. */
#include <stdarg.h>
#include <stdio.h>
#include "atomsim.h"
#include "libc-private.h"
#include "linux-sys.h"


unsigned sim_cpu_id(void)
{
    long r = sim_syscall(SIM_SYS_CPU_ID, 0, 0, 0);
    return r < 0 ? 0 : (unsigned)r;    /* not under atomsim: cpu 0 of 1 */
}

unsigned sim_choose(unsigned n)
{
    long r = sim_syscall(SIM_SYS_CHOOSE, n, 0, 0);
    return r < 0 ? 0 : (unsigned)r;
}

unsigned sim_ncpus(void)
{
    long r = sim_syscall(SIM_SYS_NCPUS, 0, 0, 0);
    return r < 0 ? 1 : (unsigned)r;
}

void sim_barrier(void)
{
    sim_syscall(SIM_SYS_BARRIER, 0, 0, 0);
}

void sim_puts(const char *s)
{
    puts(s);
}

void sim_exit(int code)
{
    for (;;)
        sim_syscall(LINUX_SYS_exit, code, 0, 0);
}

void __sim_check_at(const char *msg, const char *file, int line, void *pc)
{
    /* atomsim returns 0; qemu-user fails with ENOSYS, whose number is each
     * cpu's own (SPARC's is 90) */
    if (sim_syscall(SIM_SYS_CHECK_FAIL, (long)msg, (long)pc, line) != 0)
        sim_printf("check failed: %s (%s:%d)\n", msg, file, line);
}

void sim_check_failed(const char *msg, const char *file, int line)
{
    __sim_check_at(msg, file, line, CALLER_PC());
}

/* sim_printf is printf (libc/format.c). */
void sim_printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
}

long sim_wait(volatile int *word, int expected, unsigned what)
{
    return sim_syscall(SIM_SYS_WAIT, (long)word, expected, what);
}

long sim_wake(volatile int *word, int count)
{
    return sim_syscall(SIM_SYS_WAKE, (long)word, count, 0);
}

/* A threaded program (one that links pthread_create, which brings
 * __sim_thread_idle with it) runs main on core 0 only: the other cores
 * wait there for a thread.  Any other program runs main on every core. */
extern void __sim_thread_idle(void) __attribute__((weak, noreturn));
int main(void);

int __sim_main(void);
int __sim_main(void)
{
    if (__sim_thread_idle && sim_cpu_id() != 0)
        __sim_thread_idle();
    return main();
}

/* Called by each cpu's _start with main's return value: the core's exit
 * code; in a threaded program, returning from main ends every thread
 * (POSIX: it is exit()). */
void __sim_start_exit(int code) __attribute__((noreturn));
void __sim_start_exit(int code)
{
    if (__sim_thread_idle)      /* only main returns here: no thread does */
        for (;;)
            sim_syscall(LINUX_SYS_exit_group, code, 0, 0);
    sim_exit(code);
}
