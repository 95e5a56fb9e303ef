/* litmus-private.h — what the litmus parser's files share: a cursor over
 * the text, the words, numbers and comments (litmus-lex.c), the file's parts
 * (litmus-file.c) and the conditions (litmus-cond.c). */
#ifndef ATOMSIM_LITMUS_PRIVATE_H
#define ATOMSIM_LITMUS_PRIVATE_H

#include <string.h>

#include "litmus-file.h"

/* Bounds on what a file may hold, beyond LITMUS_MAX_DEPTH and
 * LITMUS_MAX_THREADS: no litmus test comes near them, and they keep a
 * hostile file from costing more than a few MiB. */
#define LITMUS_MAX_INPUT (1u << 20)     /* bytes */
#define LITMUS_MAX_ITEMS 4096           /* initial values, rows, locations */
#define LITMUS_MAX_NODES 4096           /* of a condition: bounds its tree's depth */

/* A position in the text being parsed, and the test it fills (comments'
 * Result and Atomsim lines go to it wherever they are). */
struct litmus_in {
    const char *p, *end;
    const char *start;
    unsigned line;
    struct litmus_test *t;
};

static inline bool litmus_ident_start(char c)
{
    return g_ascii_isalpha(c) || c == '_';
}

static inline bool litmus_ident_char(char c)
{
    return g_ascii_isalnum(c) || c == '_';
}

/* Does the text at in start with s? */
static inline bool litmus_at(const struct litmus_in *in, const char *s)
{
    gsize n = strlen(s);
    return (gsize)(in->end - in->p) >= n && memcmp(in->p, s, n) == 0;
}

/* Skip blanks and (* comments *) (nested), across lines when newlines is
 * true; false with error if a comment is not closed. */
bool litmus_skip(struct litmus_in *in, bool newlines, GError **error);
/* Skip the comment at in ("(*"), nested comments and all, reading its
 * lines' Result and Atomsim verdicts into in->t; false with error if it is
 * not closed. */
bool litmus_comment(struct litmus_in *in, GError **error);
/* Is the text at in the word w (not followed by a letter, digit or '_')? */
bool litmus_at_word(const struct litmus_in *in, const char *w);
/* An identifier at in ([A-Za-z_][A-Za-z0-9_]*, or a register written with
 * its prefix: %rax, $3), consumed (to free), or NULL. */
char *litmus_ident(struct litmus_in *in);
/* A register (THREAD:NAME), a location (NAME or [NAME]) at in, consumed;
 * false with error naming what it expected.  A register's thread is checked
 * against nthreads when nthreads >= 0. */
bool litmus_var_ref(struct litmus_in *in, int nthreads, int *thread, char **name,
                    GError **error);
/* A number at in: decimal or 0x hex, maybe negative, up to 64 bits (an
 * unsigned one above INT64_MAX wraps, as a register holds it); consumed,
 * or false with error. */
bool litmus_number(struct litmus_in *in, int64_t *out, GError **error);
/* A value: a number (decimal or 0x hex, maybe negative), or a location's
 * address (x, or &x); false with error. */
bool litmus_value_parse(struct litmus_in *in, struct litmus_value *v, GError **error);

/* "FILE:LINE: expected WHAT, found X" where X describes the text at in;
 * returns false. */
bool litmus_expected(struct litmus_in *in, GError **error, const char *what);
/* "FILE:LINE: " and the message, at line; returns false. */
bool litmus_fail_at(struct litmus_in *in, unsigned line, GError **error, const char *fmt, ...)
    G_GNUC_PRINTF(4, 5);

/* The condition at in (litmus-cond.c), or NULL with error. */
struct litmus_cond *litmus_cond_parse(struct litmus_in *in, int nthreads, GError **error);
void litmus_cond_free(struct litmus_cond *c);

#endif
