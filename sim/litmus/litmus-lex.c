/* litmus-lex.c — see litmus-private.h: the words, numbers, blanks and
 * comments of a litmus file, and its error messages ("FILE:LINE: expected
 * ..., found ..."). */
#include <stdarg.h>
#include <string.h>

#include "base/error.h"
#include "litmus-private.h"

/* Lexing ------------------------------------------------------------------- */

bool litmus_at_word(const struct litmus_in *in, const char *w)
{
    gsize n = strlen(w);
    return litmus_at(in, w) && (in->p + n == in->end || !litmus_ident_char(in->p[n]));
}

/* What the text at in is, for "found ...": a word, a character or the end
 * (to free). */
static char *describe(const struct litmus_in *in)
{
    if (in->p >= in->end)
        return g_strdup("end of file");
    char c = *in->p;
    if (c == '\n' || c == '\r')
        return g_strdup("end of line");
    if (litmus_ident_char(c) || c == '%') {
        const char *e = in->p + 1;
        while (e < in->end && litmus_ident_char(*e) && e - in->p < 32)
            e++;
        return g_strdup_printf("'%.*s%s'", (int)(e - in->p), in->p,
                               e < in->end && litmus_ident_char(*e) ? "..." : "");
    }
    if (g_ascii_isprint(c))
        return g_strdup_printf("'%c'", c);
    return g_strdup_printf("byte 0x%02x", (unsigned char)c);
}

static bool vfail(struct litmus_in *in, unsigned line, GError **error, const char *fmt,
                  va_list ap) G_GNUC_PRINTF(4, 0);

static bool vfail(struct litmus_in *in, unsigned line, GError **error, const char *fmt,
                  va_list ap)
{
    g_autofree char *what = g_strdup_vprintf(fmt, ap);
    g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT, "%s:%u: %s", in->t->file, line, what);
    return false;
}

bool litmus_fail_at(struct litmus_in *in, unsigned line, GError **error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(in, line, error, fmt, ap);
    va_end(ap);
    return false;
}

bool litmus_expected(struct litmus_in *in, GError **error, const char *what)
{
    unsigned line = in->line;
    /* at the end, the line of the last text, not of the newlines after it */
    for (const char *q = in->end; in->p >= in->end && q > in->start && g_ascii_isspace(q[-1]);
         q--)
        if (q[-1] == '\n' && line > 1)
            line--;
    g_autofree char *found = describe(in);
    return litmus_fail_at(in, line, error, "expected %s, found %s", what, found);
}

/* Comments ----------------------------------------------------------------- */

/* "Never", "Sometimes" or "Always" for the n bytes at s, in any case; NULL
 * if they are none of them. */
static const char *verdict(const char *s, gsize n)
{
    static const char *const verdicts[] = { "Never", "Sometimes", "Always" };
    for (guint i = 0; i < G_N_ELEMENTS(verdicts); i++)
        if (strlen(verdicts[i]) == n && g_ascii_strncasecmp(s, verdicts[i], n) == 0)
            return verdicts[i];
    return NULL;
}

/* "Atomsim[ CPU...]: VERDICT why", the text after "Atomsim" from s to e:
 * an expectation for t, or nothing when the line is prose (no cpu words and
 * colon); false with error if the verdict is no verdict. */
static bool atomsim_line(struct litmus_in *in, unsigned line, const char *s, const char *e,
                         GError **error)
{
    g_autoptr(GPtrArray) cpus = g_ptr_array_new_with_free_func(g_free);
    while (s < e && *s != ':') {
        if (*s == ' ' || *s == '\t' || *s == ',') {
            s++;
            continue;
        }
        const char *w = s;
        while (s < e && (litmus_ident_char(*s) || *s == '-' || *s == '.'))
            s++;
        if (s == w || cpus->len >= 64)
            return true;                        /* prose */
        g_ptr_array_add(cpus, g_strndup(w, (gsize)(s - w)));
    }
    if (s >= e)
        return true;
    for (s++; s < e && (*s == ' ' || *s == '\t'); s++)
        ;
    const char *w = s;
    while (s < e && g_ascii_isalpha(*s))
        s++;
    const char *v = verdict(w, (gsize)(s - w));
    if (v == NULL) {
        int n = (int)MIN(s > w ? s - w : e - w, 32);
        return litmus_fail_at(in, line, error,
                              "expected Never, Sometimes or Always after 'Atomsim...:', "
                              "found %s%.*s%s", n ? "'" : "nothing", n, w, n ? "'" : "");
    }
    struct litmus_expectation *x = g_new0(struct litmus_expectation, 1);
    x->verdict = g_strdup(v);
    x->why = g_strstrip(g_strndup(s, (gsize)(e - s)));
    if (cpus->len > 0) {
        g_ptr_array_add(cpus, NULL);
        x->cpus = (char **)g_ptr_array_steal(cpus, NULL);
    }
    g_ptr_array_add(in->t->atomsim_expected, x);
    return true;
}

/* A line of a comment (or the part of it between delimiters), s to e: a
 * "Result:" line sets the expected verdict, an "Atomsim" line adds one. */
static bool comment_line(struct litmus_in *in, unsigned line, const char *s, const char *e,
                         GError **error)
{
    while (s < e && (*s == ' ' || *s == '\t' || *s == '*'))
        s++;
    while (e > s && g_ascii_isspace(e[-1]))
        e--;
    gsize n = (gsize)(e - s);
    if (n > 7 && memcmp(s, "Result:", 7) == 0) {
        const char *w = s + 7;
        while (w < e && (*w == ' ' || *w == '\t'))
            w++;
        const char *we = w;
        while (we < e && g_ascii_isalpha(*we))
            we++;
        const char *v = verdict(w, (gsize)(we - w));
        if (v != NULL) {
            g_free(in->t->expected);
            in->t->expected = g_strdup(v);
        }
        return true;
    }
    if (n > 7 && memcmp(s, "Atomsim", 7) == 0 && (s[7] == ':' || s[7] == ' ' || s[7] == '\t'))
        return atomsim_line(in, line, s + 7, e, error);
    return true;
}

/* The comment at in ("(*"), nested comments and all, with its lines read
 * for verdicts. */
bool litmus_comment(struct litmus_in *in, GError **error)
{
    unsigned open_line = in->line, depth = 1;
    in->p += 2;
    const char *seg = in->p;
    while (in->p < in->end) {
        bool opens = litmus_at(in, "(*"), closes = litmus_at(in, "*)");
        if (opens || closes || *in->p == '\n') {
            if (!comment_line(in, in->line, seg, in->p, error))
                return false;
            if (*in->p == '\n')
                in->line++;
            in->p += opens || closes ? 2 : 1;
            seg = in->p;
            if (opens)
                depth++;
            else if (closes && --depth == 0)
                return true;
            continue;
        }
        in->p++;
    }
    return litmus_fail_at(in, open_line, error,
                          "expected '*)' to close the comment opened here, found end of file");
}

bool litmus_skip(struct litmus_in *in, bool newlines, GError **error)
{
    while (in->p < in->end) {
        char c = *in->p;
        if (c == '\n' && newlines) {
            in->line++;
            in->p++;
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            in->p++;
        } else if (litmus_at(in, "(*")) {
            if (!litmus_comment(in, error))
                return false;
        } else {
            break;
        }
    }
    return true;
}

/* Words, numbers, values --------------------------------------------------- */

char *litmus_ident(struct litmus_in *in)
{
    const char *s = in->p;
    bool prefix = s < in->end && (*s == '%' || *s == '$');  /* %rax, MIPS's $3 */
    s += prefix;
    if (s >= in->end || !(prefix ? litmus_ident_char(*s) : litmus_ident_start(*s)))
        return NULL;
    while (s < in->end && litmus_ident_char(*s))
        s++;
    char *w = g_strndup(in->p, (gsize)(s - in->p));
    in->p = s;
    return w;
}

bool litmus_var_ref(struct litmus_in *in, int nthreads, int *thread, char **name,
                    GError **error)
{
    *thread = -1;
    const char *s = in->p;
    /* P0:r5 as well as 0:r5 */
    bool p = in->end - in->p > 2 && *in->p == 'P' && g_ascii_isdigit(in->p[1]);
    while (p && s + 1 < in->end && g_ascii_isdigit(s[1]))
        s++;
    if (p && s + 1 < in->end && s[1] == ':')
        in->p++;
    s = in->p;
    if (in->p < in->end && g_ascii_isdigit(*in->p)) {
        unsigned n = 0;
        while (in->p < in->end && g_ascii_isdigit(*in->p) && n < 100000)
            n = n * 10 + (unsigned)(*in->p++ - '0');
        if (in->p >= in->end || *in->p != ':')
            return litmus_expected(in, error, "':' and a register after a thread's number");
        in->p++;
        while (in->p < in->end && (*in->p == ' ' || *in->p == '\t'))
            in->p++;                            /* "0: X1", as herd's own tests write */
        if ((*name = litmus_ident(in)) == NULL)
            return litmus_expected(in, error, "a register after 'THREAD:'");
        if (nthreads >= 0 && n >= (unsigned)nthreads)
            return litmus_fail_at(in, in->line, error,
                                  "expected a register of P0 to P%d, found %.*s", nthreads - 1,
                                  (int)MIN(in->p - s, 40), s);
        *thread = (int)n;
        return true;
    }
    if (in->p < in->end && *in->p == '[') {
        in->p++;
        if (!litmus_skip(in, false, error))
            return false;
        if ((*name = litmus_ident(in)) == NULL)
            return litmus_expected(in, error, "a location after '['");
        if (!litmus_skip(in, false, error))
            return false;
        if (in->p >= in->end || *in->p != ']')
            return litmus_expected(in, error, "']' after a location");
        in->p++;
        return true;
    }
    if ((*name = litmus_ident(in)) == NULL)
        return litmus_expected(in, error, "a location or a register (THREAD:NAME)");
    return true;
}

bool litmus_number(struct litmus_in *in, int64_t *out, GError **error)
{
    bool neg = in->p < in->end && *in->p == '-';
    in->p += neg;
    if (in->p >= in->end || !g_ascii_isdigit(*in->p))
        return litmus_expected(in, error, "a number");
    unsigned base = 10;
    if (litmus_at(in, "0x") || litmus_at(in, "0X")) {
        base = 16;
        in->p += 2;
        if (in->p >= in->end || !g_ascii_isxdigit(*in->p))
            return litmus_expected(in, error, "hex digits after '0x'");
    }
    guint64 v = 0;
    bool overflow = false;
    while (in->p < in->end && (base == 16 ? g_ascii_isxdigit(*in->p) : g_ascii_isdigit(*in->p))) {
        unsigned d = (unsigned)g_ascii_xdigit_value(*in->p++);
        overflow |= v > (G_MAXUINT64 - d) / base;
        v = v * base + d;
    }
    if (overflow || (neg && v > (guint64)G_MAXINT64 + 1))
        return litmus_fail_at(in, in->line, error,
                              "expected a number of 64 bits, found a larger one");
    if (in->p < in->end && litmus_ident_char(*in->p))
        return litmus_expected(in, error, "a number's end");
    *out = neg ? (int64_t)(0 - v) : (int64_t)v;
    return true;
}

bool litmus_value_parse(struct litmus_in *in, struct litmus_value *v, GError **error)
{
    v->is_addr = false;
    v->num = 0;
    v->sym = NULL;
    if (in->p < in->end && (*in->p == '-' || g_ascii_isdigit(*in->p)))
        return litmus_number(in, &v->num, error);
    bool amp = in->p < in->end && *in->p == '&';
    in->p += amp;
    if (in->p >= in->end || !litmus_ident_start(*in->p) || (v->sym = litmus_ident(in)) == NULL)
        return litmus_expected(in, error, amp ? "a location after '&'" : "a number or a location");
    v->is_addr = true;
    return true;
}
