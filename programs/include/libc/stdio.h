/* stdio.h — atomsim's small libc: formatted output to the core's standard
 * output and error, a line at a time.  No files, no input, no floating
 * point (%f, %e, %g print "?"). */
#ifndef ATOMSIM_LIBC_STDIO_H
#define ATOMSIM_LIBC_STDIO_H

#include <stdarg.h>
#include <stddef.h>

#define EOF (-1)

typedef struct __sim_file FILE;     /* opaque: only stdout and stderr exist */
extern FILE *stdout;
extern FILE *stderr;
#define stdout stdout
#define stderr stderr

int printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int fprintf(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int sprintf(char *buf, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int snprintf(char *buf, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
int vprintf(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));
int vfprintf(FILE *f, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));
int vsprintf(char *buf, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));
int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));

int puts(const char *s);
int fputs(const char *s, FILE *f);
int putchar(int c);
int fputc(int c, FILE *f);
int putc(int c, FILE *f);
/* Output is written by each call (whole lines): nothing is left to flush. */
int fflush(FILE *f);

#endif
