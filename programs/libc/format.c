/* format.c — printf's engine: %d %i %u %x %X %o %c %s %p %% with the
 * hh, h, l, ll, z and t modifiers, a width and a precision (numbers or *),
 * and the flags - 0 + space #.  No floating point: %f %e %g print "?". */
#include <stdint.h>
#include "atomsim.h"
#include "libc-private.h"

void __libc_flush(struct fmt_out *o)
{
    __libc_write_all(o->fd, o->buf, o->len);
    o->len = 0;
}

static void put(struct fmt_out *o, char c)
{
    o->total++;
    if (o->fd < 0) {
        if (o->len + 1 < o->size)       /* room for the final NUL */
            o->buf[o->len++] = c;
        return;
    }
    if (o->len == o->size)
        __libc_flush(o);
    o->buf[o->len++] = c;
    if (c == '\n')
        __libc_flush(o);
}

static void put_n(struct fmt_out *o, char c, int n)
{
    while (n-- > 0)
        put(o, c);
}

struct spec {
    int left, zero, plus, space, alt;
    int width, precision;       /* precision -1: none */
};

/* s (n characters) padded to the width. */
static void put_padded(struct fmt_out *o, const struct spec *sp, const char *s, int n)
{
    if (!sp->left)
        put_n(o, ' ', sp->width - n);
    for (int i = 0; i < n; i++)
        put(o, s[i]);
    if (sp->left)
        put_n(o, ' ', sp->width - n);
}

/* *v / base, returning the remainder, in 16-bit steps: x86 and sparc32
 * guests have no libgcc for 64-bit division. */
static unsigned divide(uintmax_t *v, unsigned base)
{
    uintmax_t q = 0;
    unsigned r = 0;
    for (int shift = 8 * (int)sizeof *v - 16; shift >= 0; shift -= 16) {
        unsigned cur = r << 16 | (unsigned)(*v >> shift & 0xffff);
        q |= (uintmax_t)(cur / base) << shift;
        r = cur % base;
    }
    *v = q;
    return r;
}

/* A number: sign or prefix, zeros for the precision or the 0 flag, digits. */
static void put_number(struct fmt_out *o, const struct spec *sp, uintmax_t v, int negative,
                       unsigned base, int upper, const char *prefix)
{
    const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    char buf[3 * sizeof v];
    int n = 0;
    while (v != 0)
        buf[n++] = digits[divide(&v, base)];
    int zeros = sp->precision > n ? sp->precision - n : 0;
    if (n == 0 && sp->precision != 0 && !(prefix[0] == '0' && prefix[1] == '\0'))
        zeros = zeros > 0 ? zeros : 1;          /* 0 prints "0", except %.0d */
    const char *sign = negative ? "-" : sp->plus ? "+" : sp->space ? " " : prefix;
    int signlen = 0;
    while (sign[signlen])
        signlen++;
    int len = signlen + zeros + n;
    int pad = sp->width > len ? sp->width - len : 0;
    if (sp->zero && !sp->left && sp->precision < 0) {
        zeros += pad;
        pad = 0;
    }
    if (!sp->left)
        put_n(o, ' ', pad);
    for (int i = 0; i < signlen; i++)
        put(o, sign[i]);
    put_n(o, '0', zeros);
    while (n > 0)
        put(o, buf[--n]);
    if (sp->left)
        put_n(o, ' ', pad);
}

/* The integer argument of a conversion, by its length modifier. */
enum length { LEN_HH, LEN_H, LEN_INT, LEN_L, LEN_LL, LEN_Z };

static intmax_t signed_arg(va_list *ap, enum length len)
{
    switch (len) {
    case LEN_HH: return (signed char)va_arg(*ap, int);
    case LEN_H: return (short)va_arg(*ap, int);
    case LEN_L: return va_arg(*ap, long);
    case LEN_LL: return va_arg(*ap, long long);
    case LEN_Z: return va_arg(*ap, ptrdiff_t);
    default: return va_arg(*ap, int);
    }
}

static uintmax_t unsigned_arg(va_list *ap, enum length len)
{
    switch (len) {
    case LEN_HH: return (unsigned char)va_arg(*ap, unsigned);
    case LEN_H: return (unsigned short)va_arg(*ap, unsigned);
    case LEN_L: return va_arg(*ap, unsigned long);
    case LEN_LL: return va_arg(*ap, unsigned long long);
    case LEN_Z: return va_arg(*ap, size_t);
    default: return va_arg(*ap, unsigned);
    }
}

/* A width or precision: digits, or * from the arguments. */
static int read_count(const char **p, va_list *ap)
{
    if (**p == '*') {
        (*p)++;
        return va_arg(*ap, int);
    }
    int n = 0;
    while (**p >= '0' && **p <= '9')
        n = n * 10 + *(*p)++ - '0';
    return n;
}

/* One conversion after its '%': p at the flags; returns past it. */
static const char *convert(struct fmt_out *o, const char *p, va_list *ap)
{
    struct spec sp = { .precision = -1 };
    for (;; p++) {
        if (*p == '-') sp.left = 1;
        else if (*p == '0') sp.zero = 1;
        else if (*p == '+') sp.plus = 1;
        else if (*p == ' ') sp.space = 1;
        else if (*p == '#') sp.alt = 1;
        else break;
    }
    sp.width = read_count(&p, ap);
    if (sp.width < 0) {
        sp.left = 1;
        sp.width = -sp.width;
    }
    if (*p == '.') {
        p++;
        sp.precision = read_count(&p, ap);
    }
    enum length len = LEN_INT;
    if (p[0] == 'h' && p[1] == 'h') {
        len = LEN_HH;
        p += 2;
    } else if (p[0] == 'l' && p[1] == 'l') {
        len = LEN_LL;
        p += 2;
    } else if (*p == 'h' || *p == 'l' || *p == 'j') {
        len = *p == 'h' ? LEN_H : *p == 'l' ? LEN_L : LEN_LL;
        p++;
    } else if (*p == 'z' || *p == 't') {
        len = LEN_Z;
        p++;
    }
    switch (*p) {
    case 'd':
    case 'i': {
        intmax_t v = signed_arg(ap, len);
        put_number(o, &sp, v < 0 ? -(uintmax_t)v : (uintmax_t)v, v < 0, 10, 0, "");
        break;
    }
    case 'u': put_number(o, &sp, unsigned_arg(ap, len), 0, 10, 0, ""); break;
    case 'o': put_number(o, &sp, unsigned_arg(ap, len), 0, 8, 0, sp.alt ? "0" : ""); break;
    case 'x':
    case 'X': {
        uintmax_t v = unsigned_arg(ap, len);
        const char *prefix = sp.alt && v != 0 ? (*p == 'x' ? "0x" : "0X") : "";
        sp.plus = sp.space = 0;
        put_number(o, &sp, v, 0, 16, *p == 'X', prefix);
        break;
    }
    case 'p':
        sp.plus = sp.space = 0;
        put_number(o, &sp, (uintptr_t)va_arg(*ap, void *), 0, 16, 0, "0x");
        break;
    case 'c': {
        char c = (char)va_arg(*ap, int);
        put_padded(o, &sp, &c, 1);
        break;
    }
    case 's': {
        const char *s = va_arg(*ap, const char *);
        if (s == NULL)
            s = "(null)";
        int n = 0;
        while (s[n] && (sp.precision < 0 || n < sp.precision))
            n++;
        put_padded(o, &sp, s, n);
        break;
    }
    case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A':
#ifndef __aarch64__
        (void)va_arg(*ap, double);
#endif  /* aarch64 guests use no FP registers; there the double is apart */
        put_padded(o, &sp, "?", 1);             /* no floating point */
        break;
    case '%': put(o, '%'); break;
    case '\0': return p;
    default: put(o, '%'); put(o, *p); break;
    }
    return p + 1;
}

int __libc_format(struct fmt_out *o, const char *fmt, va_list ap)
{
    va_list args;
    va_copy(args, ap);
    for (const char *p = fmt; *p;) {
        if (*p != '%')
            put(o, *p++);
        else
            p = convert(o, p + 1, &args);
    }
    va_end(args);
    if (o->fd < 0 && o->size > 0)
        o->buf[o->len] = '\0';
    return (int)o->total;
}
