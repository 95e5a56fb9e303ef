/* stdio.c — printf and its family, puts, putchar: each call formats into a
 * line on its own stack and writes whole lines (at '\n', when the line is
 * full, and at its end).  atomsim marks each core's lines with the core. */
#include <stdio.h>
#include "atomsim.h"
#include "libc-private.h"
#include "linux-sys.h"

#define LINE_MAX_OUT 128

struct __sim_file {
    int fd;
};

static struct __sim_file files[2] = { { 1 }, { 2 } };
FILE *stdout = &files[0];
FILE *stderr = &files[1];

void __libc_write_all(int fd, const char *s, size_t n)
{
    while (n > 0) {
        long r = sim_syscall(LINUX_SYS_write, fd, (long)s, (long)n);
        if (r <= 0)
            return;
        s += r;
        n -= (size_t)r;
    }
}

int vfprintf(FILE *f, const char *fmt, va_list ap)
{
    char line[LINE_MAX_OUT];
    struct fmt_out o = { .fd = f->fd, .buf = line, .size = sizeof line };
    int n = __libc_format(&o, fmt, ap);
    __libc_flush(&o);
    return n;
}

int vprintf(const char *fmt, va_list ap)
{
    return vfprintf(stdout, fmt, ap);
}

int fprintf(FILE *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vfprintf(f, fmt, ap);
    va_end(ap);
    return n;
}

int printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vfprintf(stdout, fmt, ap);
    va_end(ap);
    return n;
}

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
    struct fmt_out o = { .fd = -1, .buf = buf, .size = size };
    return __libc_format(&o, fmt, ap);
}

int vsprintf(char *buf, const char *fmt, va_list ap)
{
    return vsnprintf(buf, (size_t)-1 / 2, fmt, ap);
}

int snprintf(char *buf, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, size, fmt, ap);
    va_end(ap);
    return n;
}

int sprintf(char *buf, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsprintf(buf, fmt, ap);
    va_end(ap);
    return n;
}

int fputs(const char *s, FILE *f)
{
    return fprintf(f, "%s", s);
}

int puts(const char *s)
{
    return printf("%s\n", s);
}

int fputc(int c, FILE *f)
{
    char ch = (char)c;
    __libc_write_all(f->fd, &ch, 1);
    return (unsigned char)c;
}

int putc(int c, FILE *f)
{
    return fputc(c, f);
}

int putchar(int c)
{
    return fputc(c, stdout);
}

int fflush(FILE *f)
{
    (void)f;
    return 0;
}
