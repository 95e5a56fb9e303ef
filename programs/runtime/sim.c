/* The guest runtime shared by every cpu: atomsim's calls with their
 * qemu-user fallback, output, and what freestanding code needs.
 * The cpu's own parts (entry point, system-call instruction, Linux call
 * numbers) are in <cpu>/crt0.S and <cpu>/linux-sys.h. */
#include <stdarg.h>
#include "atomsim.h"
#include "linux-sys.h"

#define ENOSYS 38

unsigned sim_cpu_id(void)
{
    long r = sim_syscall(SIM_SYS_CPU_ID, 0, 0, 0);
    return r < 0 ? 0 : (unsigned)r;    /* not under atomsim: cpu 0 of 1 */
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

static void write_all(int fd, const char *s, size_t n)
{
    while (n > 0) {
        long r = sim_syscall(LINUX_SYS_write, fd, (long)s, (long)n);
        if (r <= 0)
            return;
        s += r;
        n -= (size_t)r;
    }
}

void sim_puts(const char *s)
{
    write_all(1, s, strlen(s));
    write_all(1, "\n", 1);
}

void sim_exit(int code)
{
    for (;;)
        sim_syscall(LINUX_SYS_exit, code, 0, 0);
}

void sim_check_failed(const char *msg, const char *file, int line)
{
    long r = sim_syscall(SIM_SYS_CHECK_FAIL, (long)msg,
                         (long)__builtin_return_address(0), line);
    if (r == -ENOSYS)
        sim_printf("check failed: %s (%s:%d)\n", msg, file, line);
}

/* sim_printf: a small formatter into a line buffer. */
struct out {
    char buf[128];
    size_t len;
};

static void out_char(struct out *o, char c)
{
    if (o->len == sizeof o->buf) {
        write_all(1, o->buf, o->len);
        o->len = 0;
    }
    o->buf[o->len++] = c;
}

static void out_unsigned(struct out *o, unsigned long v, unsigned base)
{
    char digits[3 * sizeof v];
    int n = 0;
    do {
        digits[n++] = "0123456789abcdef"[v % base];
        v /= base;
    } while (v != 0);
    while (n > 0)
        out_char(o, digits[--n]);
}

void sim_printf(const char *fmt, ...)
{
    struct out o = { .len = 0 };
    va_list ap;
    va_start(ap, fmt);
    for (const char *p = fmt; *p; p++) {
        if (*p != '%') {
            out_char(&o, *p);
            continue;
        }
        switch (*++p) {
        case 'd': {
            int v = va_arg(ap, int);
            if (v < 0)
                out_char(&o, '-');
            out_unsigned(&o, v < 0 ? -(unsigned long)v : (unsigned long)v, 10);
            break;
        }
        case 'u': out_unsigned(&o, va_arg(ap, unsigned), 10); break;
        case 'x': out_unsigned(&o, va_arg(ap, unsigned), 16); break;
        case 'c': out_char(&o, (char)va_arg(ap, int)); break;
        case 's':
            for (const char *s = va_arg(ap, const char *); *s; s++)
                out_char(&o, *s);
            break;
        case '%': out_char(&o, '%'); break;
        case '\0': p--; break;
        default: out_char(&o, '%'); out_char(&o, *p); break;
        }
    }
    va_end(ap);
    write_all(1, o.buf, o.len);
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
static int threaded;

int __sim_main(void);
int __sim_main(void)
{
    if (__sim_thread_idle) {
        threaded = 1;
        if (sim_cpu_id() != 0)
            __sim_thread_idle();
    }
    return main();
}

/* Called by each cpu's _start with main's return value: the core's exit
 * code; in a threaded program, returning from main ends every thread
 * (POSIX: it is exit()). */
void __sim_start_exit(int code) __attribute__((noreturn));
void __sim_start_exit(int code)
{
    if (threaded)
        for (;;)
            sim_syscall(LINUX_SYS_exit_group, code, 0, 0);
    sim_exit(code);
}

void *memcpy(void *dst, const void *src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    while (n--)
        *d++ = *s++;
    return dst;
}

void *memset(void *dst, int c, size_t n)
{
    unsigned char *d = dst;
    while (n--)
        *d++ = (unsigned char)c;
    return dst;
}

size_t strlen(const char *s)
{
    size_t n = 0;
    while (s[n])
        n++;
    return n;
}
