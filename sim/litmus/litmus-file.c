/* litmus-file.c — see litmus-file.h: a herd7 litmus file, read into its
 * header, initial state and threads (the words and comments are
 * litmus-lex.c's, the conditions litmus-cond.c's: litmus-private.h).
 *
 * The grammar follows herd7's: the header's first line "ARCH NAME", then a
 * doc string and KEY=VALUE lines until the initial state "{ ... }"; then
 * the threads, a table of instructions (one row a line, cells between '|',
 * ';' at each row's end) or C functions P0(...) { ... }; then locations,
 * filter and the final condition.  Nothing here recurses: every loop is
 * bounded by the text, and the counts by LITMUS_MAX_THREADS and
 * LITMUS_MAX_ITEMS. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "base/error.h"
#include "litmus-private.h"

/* The test ------------------------------------------------------------------ */

static void var_free(gpointer p)
{
    struct litmus_var *v = p;
    g_free(v->name);
    g_free(v->type);
    g_free(v->init.sym);
    g_free(v);
}

static void thread_free(gpointer p)
{
    struct litmus_thread *th = p;
    if (th->insns)
        g_ptr_array_unref(th->insns);
    if (th->insn_lines)
        g_array_unref(th->insn_lines);
    g_free(th->c_params);
    g_free(th->c_body);
    g_free(th);
}

static void observable_free(gpointer p)
{
    struct litmus_observable *o = p;
    g_free(o->name);
    g_free(o);
}

static void expectation_free(gpointer p)
{
    struct litmus_expectation *x = p;
    g_strfreev(x->cpus);
    g_free(x->verdict);
    g_free(x->why);
    g_free(x);
}

void litmus_test_free(struct litmus_test *t)
{
    if (t == NULL)
        return;
    g_free(t->file);
    g_free(t->arch);
    g_free(t->name);
    g_ptr_array_unref(t->vars);
    g_ptr_array_unref(t->threads);
    g_ptr_array_unref(t->locations);
    litmus_cond_free(t->filter);
    litmus_cond_free(t->cond);
    g_free(t->expected);
    g_ptr_array_unref(t->atomsim_expected);
    g_free(t);
}

/* The header: "ARCH NAME", then a doc string and KEY=VALUE lines, up to the
 * initial state's '{'. */
static bool parse_header(struct litmus_in *in, GError **error)
{
    struct litmus_test *t = in->t;
    if (!litmus_skip(in, true, error))
        return false;
    if ((t->arch = litmus_ident(in)) == NULL)
        return litmus_expected(in, error,
                               "the architecture (X86, AArch64, C ...) and the test's name");
    if (!litmus_skip(in, false, error))
        return false;
    const char *s = in->p;
    while (in->p < in->end && g_ascii_isgraph(*in->p) && *in->p != '"' && *in->p != '{' &&
           !litmus_at(in, "(*"))
        in->p++;
    if (in->p == s)
        return litmus_expected(in, error, "the test's name after the architecture");
    t->name = g_strndup(s, (gsize)(in->p - s));
    /* herd's own catalogue puts a note in parentheses after some names:
     * "PPC 2+2W+lwsyncs (EThree)" */
    if (!litmus_skip(in, false, error))
        return false;
    if (in->p < in->end && *in->p == '(')
        while (in->p < in->end && *in->p != ')' && *in->p != '\n')
            in->p++;
    if (in->p < in->end && *in->p == ')')
        in->p++;
    for (;;) {
        if (!litmus_skip(in, true, error))
            return false;
        if (in->p < in->end && *in->p == '{')
            return true;
        if (in->p < in->end && *in->p == '"') {
            /* to its closing quote; one never closed (herd's catalogue has
             * some) ends with its line */
            const char *close = memchr(in->p + 1, '"', (gsize)(in->end - in->p - 1));
            const char *eol = memchr(in->p, '\n', (gsize)(in->end - in->p));
            const char *e = close ? close + 1 : eol ? eol : in->end;
            for (; in->p < e; in->p++)
                in->line += *in->p == '\n';
            continue;
        }
        struct litmus_in key = *in;
        g_autofree char *word = litmus_ident(&key);
        if (word == NULL || !litmus_skip(&key, false, NULL) || key.p >= key.end || *key.p != '=')
            return litmus_expected(in, error, "a doc string, KEY=VALUE or the initial state's '{'");
        while (in->p < in->end && *in->p != '\n')
            in->p++;
    }
}

/* Is the text at in a register written P<n>:NAME? */
static bool p_register(const struct litmus_in *in)
{
    const char *s = in->p + 1;
    if (in->p >= in->end || *in->p != 'P')
        return false;
    while (s < in->end && g_ascii_isdigit(*s))
        s++;
    return s > in->p + 1 && s < in->end && *s == ':';
}

/* One entry of the initial state: "[TYPE] VAR [= VALUE]", where TYPE is
 * words and stars ("int", "uint64_t", "int *") and VALUE a number, an
 * address (x, &x) or ATOMIC_INIT(n). */
static bool parse_init_entry(struct litmus_in *in, GError **error)
{
    g_autoptr(GString) type = g_string_new(NULL);
    struct litmus_var *v = g_new0(struct litmus_var, 1);
    g_ptr_array_add(in->t->vars, v);
    v->line = in->line;
    for (;;) {
        if (!litmus_skip(in, true, error))
            return false;
        v->line = in->line;
        char c = in->p < in->end ? *in->p : '\0';
        if (c == '*' && type->len > 0) {
            g_string_append_c(type, '*');
            in->p++;
        } else if (g_ascii_isdigit(c) || c == '[' || p_register(in)) {
            if (!litmus_var_ref(in, -1, &v->thread, &v->name, error))
                return false;
            break;
        } else if (litmus_ident_start(c) || c == '%' || c == '$') {
            char *w = litmus_ident(in);
            struct litmus_in next = *in;
            if (!litmus_skip(&next, true, error)) {
                g_free(w);
                return false;
            }
            char n = next.p < next.end ? *next.p : '\0';
            if (litmus_ident_start(n) || n == '*' || n == '[' || g_ascii_isdigit(n)) {
                if (type->len > 0 && type->str[type->len - 1] != '*')
                    g_string_append_c(type, ' ');
                g_string_append(type, w);
                g_free(w);
                continue;
            }
            /* herd's symbolic registers ("%x0=x", the threads' code
             * naming [%x0]) leave the register to the tool */
            v->thread = w != NULL && w[0] == '%' ? LITMUS_SYMBOLIC : -1;
            v->name = w;
            if (w != NULL && w[0] == '$')
                return litmus_fail_at(in, v->line, error, "%s: not a location, nor a thread's "
                                      "register (0:R1=x)", w);
            break;
        } else {
            return litmus_expected(in, error, type->len ? "a location or a register after the type"
                                                        : "a location, a register or '}'");
        }
    }
    v->type = type->len ? g_strdup(type->str) : g_strdup("int");
    if (!litmus_skip(in, true, error))
        return false;
    if (in->p >= in->end || *in->p != '=')
        return true;
    in->p++;
    if (!litmus_skip(in, true, error))
        return false;
    if (!litmus_at_word(in, "ATOMIC_INIT"))
        return litmus_value_parse(in, &v->init, error);
    in->p += strlen("ATOMIC_INIT");
    if (!litmus_skip(in, true, error))
        return false;
    if (in->p >= in->end || *in->p != '(')
        return litmus_expected(in, error, "'(' after ATOMIC_INIT");
    in->p++;
    if (!litmus_skip(in, true, error) || !litmus_number(in, &v->init.num, error) ||
        !litmus_skip(in, true, error))
        return false;
    if (in->p >= in->end || *in->p != ')')
        return litmus_expected(in, error, "')' after ATOMIC_INIT's value");
    in->p++;
    return true;
}

/* The initial state: "{" entries separated by ';' "}". */
static bool parse_init(struct litmus_in *in, GError **error)
{
    in->p++;                                    /* '{', parse_header saw it */
    for (;;) {
        if (!litmus_skip(in, true, error))
            return false;
        if (in->p < in->end && *in->p == '}') {
            in->p++;
            return true;
        }
        if (in->t->vars->len >= LITMUS_MAX_ITEMS)
            return litmus_fail_at(in, in->line, error,
                                  "expected at most %u initial values, found more",
                                  LITMUS_MAX_ITEMS);
        if (!parse_init_entry(in, error) || !litmus_skip(in, true, error))
            return false;
        if (in->p < in->end && *in->p == ';')
            in->p++;
        else if (in->p >= in->end || *in->p != '}')
            return litmus_expected(in, error, "';' or '}' after an initial value");
    }
}

/* Threads ------------------------------------------------------------------ */

/* Is the text at in where the threads end: locations, filter or the final
 * condition? */
static bool at_tail(const struct litmus_in *in)
{
    return in->p >= in->end || *in->p == '~' || litmus_at_word(in, "locations") ||
           litmus_at_word(in, "filter") || litmus_at_word(in, "exists") ||
           litmus_at_word(in, "forall");
}

/* "P<n>" at in: n, consumed; -1 (nothing consumed) if it is not there. */
static int thread_name(struct litmus_in *in)
{
    const char *s = in->p + 1;
    if (in->p >= in->end || *in->p != 'P' || s >= in->end || !g_ascii_isdigit(*s))
        return -1;
    int n = 0;
    while (s < in->end && g_ascii_isdigit(*s) && n < 10000)
        n = n * 10 + (*s++ - '0');
    if (s < in->end && litmus_ident_char(*s))
        return -1;
    in->p = s;
    return n;
}

static struct litmus_thread *thread_add(struct litmus_in *in, GError **error)
{
    if (in->t->threads->len >= LITMUS_MAX_THREADS) {
        litmus_fail_at(in, in->line, error, "expected at most %d threads, found P%d",
                       LITMUS_MAX_THREADS, LITMUS_MAX_THREADS);
        return NULL;
    }
    struct litmus_thread *th = g_new0(struct litmus_thread, 1);
    th->id = in->t->threads->len;
    th->line = in->line;
    g_ptr_array_add(in->t->threads, th);
    return th;
}

/* The rest of a row's line after its ';': blanks and comments only. */
static bool row_end(struct litmus_in *in, GError **error)
{
    if (!litmus_skip(in, false, error))
        return false;
    if (in->p < in->end && *in->p != '\n')
        return litmus_expected(in, error, "the end of the line after a row's ';'");
    return true;
}

/* One cell of a row: the text up to '|' or ';' (not consumed), trimmed
 * (to free), comments left out. */
static char *cell(struct litmus_in *in, GError **error)
{
    g_autoptr(GString) s = g_string_new(NULL);
    while (in->p < in->end && *in->p != '|' && *in->p != ';' && *in->p != '\n') {
        if (litmus_at(in, "(*")) {
            if (!litmus_comment(in, error))
                return NULL;
            g_string_append_c(s, ' ');
        } else {
            g_string_append_c(s, *in->p++);
        }
    }
    if (in->p >= in->end || *in->p == '\n') {
        litmus_expected(in, error, "'|' or ';' after an instruction");
        return NULL;
    }
    return g_strdup(g_strstrip(s->str));
}

/* The assembly threads: a header row "P0 | P1 ;", then rows of a cell per
 * thread, each row one line. */
static bool parse_table(struct litmus_in *in, GError **error)
{
    for (unsigned n = 0;; n++) {
        if (!litmus_skip(in, n == 0, error))
            return false;
        struct litmus_in before = *in;
        int id = thread_name(in);
        if (id != (int)n) {
            *in = before;
            g_autofree char *what = n ? g_strdup_printf("P%u", n)
                                      : g_strdup("the threads' header row, P0 | P1 ... ;");
            return litmus_expected(in, error, what);
        }
        struct litmus_thread *th = thread_add(in, error);
        if (th == NULL)
            return false;
        th->insns = g_ptr_array_new_with_free_func(g_free);
        th->insn_lines = g_array_new(FALSE, FALSE, sizeof(unsigned));
        if (!litmus_skip(in, false, error))
            return false;
        if (in->p < in->end && *in->p == ';') {
            in->p++;
            break;
        }
        if (in->p >= in->end || *in->p != '|') {
            g_autofree char *what = g_strdup_printf("'|' or ';' after P%u", n);
            return litmus_expected(in, error, what);
        }
        in->p++;
    }
    if (!row_end(in, error))
        return false;
    GPtrArray *threads = in->t->threads;
    for (unsigned rows = 0;; rows++) {
        if (!litmus_skip(in, true, error))
            return false;
        if (at_tail(in))
            return true;
        if (rows >= LITMUS_MAX_ITEMS)
            return litmus_fail_at(in, in->line, error, "expected at most %u rows, found more",
                                  LITMUS_MAX_ITEMS);
        unsigned line = in->line;
        for (guint i = 0; i < threads->len; i++) {
            struct litmus_thread *th = g_ptr_array_index(threads, i);
            char *text = cell(in, error);
            if (text == NULL)
                return false;
            g_ptr_array_add(th->insns, text);
            g_array_append_val(th->insn_lines, line);
            bool last = i + 1 == threads->len;
            if (*in->p == (last ? '|' : ';')) {
                g_autofree char *what = last
                    ? g_strdup_printf("';' after P%u's instruction (the last thread's)", th->id)
                    : g_strdup_printf("'|' and P%u's instruction", th->id + 1);
                return litmus_expected(in, error, what);
            }
            in->p++;
        }
        if (!row_end(in, error))
            return false;
    }
}

/* Skip the C comment at in (a block or a line comment); false with error
 * if it is not closed. */
static bool c_comment(struct litmus_in *in, GError **error)
{
    if (litmus_at(in, "//")) {
        while (in->p < in->end && *in->p != '\n')
            in->p++;
        return true;
    }
    unsigned line = in->line;
    for (in->p += 2; in->p < in->end && !litmus_at(in, "*/"); in->p++)
        in->line += *in->p == '\n';
    if (in->p >= in->end)
        return litmus_fail_at(in, line, error,
                              "expected '*/' to close the comment opened here, found end of file");
    in->p += 2;
    return true;
}

/* Skip blanks and comments, herd's and C's, between C threads. */
static bool c_skip(struct litmus_in *in, GError **error)
{
    for (;;) {
        if (!litmus_skip(in, true, error))
            return false;
        if (!litmus_at(in, "/*") && !litmus_at(in, "//"))
            return true;
        if (!c_comment(in, error))
            return false;
    }
}

/* From the opening brace at in to its match: the C body between them (to
 * free), skipping C's comments and literals; NULL with error at the end. */
static char *c_body(struct litmus_in *in, unsigned id, GError **error)
{
    unsigned open_line = in->line, depth = 1;
    const char *start = ++in->p;
    while (in->p < in->end) {
        char c = *in->p;
        if (litmus_at(in, "/*") || litmus_at(in, "//")) {
            if (!c_comment(in, error))
                return NULL;
            continue;
        }
        if (c == '"' || c == '\'') {
            for (in->p++; in->p < in->end && *in->p != c && *in->p != '\n'; in->p++)
                if (*in->p == '\\' && in->p + 1 < in->end && in->p[1] != '\n')
                    in->p++;
            if (in->p < in->end && *in->p == c)
                in->p++;
            continue;
        }
        if (c == '\n')
            in->line++;
        else if (c == '{')
            depth++;
        else if (c == '}' && --depth == 0)
            return g_strndup(start, (gsize)(in->p++ - start));
        in->p++;
    }
    litmus_fail_at(in, open_line, error,
                   "expected '}' to close P%u's body opened here, found end of file", id);
    return NULL;
}

/* The C threads: "[static] [void] P<n>(PARAMS) { BODY }", P0 first. */
static bool parse_c_threads(struct litmus_in *in, GError **error)
{
    for (unsigned n = 0;; n++) {
        if (!c_skip(in, error))
            return false;
        if (n > 0 && at_tail(in))
            return true;
        struct litmus_in before = *in;
        while (litmus_at_word(in, "static") || litmus_at_word(in, "inline") ||
               litmus_at_word(in, "void")) {
            while (in->p < in->end && litmus_ident_char(*in->p))
                in->p++;
            if (!c_skip(in, error))
                return false;
        }
        if (thread_name(in) != (int)n) {
            *in = before;
            g_autofree char *what = g_strdup_printf("P%u(...) { ... }", n);
            return litmus_expected(in, error, what);
        }
        struct litmus_thread *th = thread_add(in, error);
        if (th == NULL || !c_skip(in, error))
            return false;
        if (in->p >= in->end || *in->p != '(') {
            g_autofree char *what = g_strdup_printf("'(' after P%u", n);
            return litmus_expected(in, error, what);
        }
        unsigned line = in->line, depth = 1;
        const char *params = ++in->p;
        for (; in->p < in->end; in->p++) {
            in->line += *in->p == '\n';
            depth += *in->p == '(';
            if (*in->p == ')' && --depth == 0)
                break;
        }
        if (in->p >= in->end)
            return litmus_fail_at(in, line, error,
                                  "expected ')' to close P%u's parameters, found end of file", n);
        th->c_params = g_strstrip(g_strndup(params, (gsize)(in->p++ - params)));
        if (!c_skip(in, error))
            return false;
        if (in->p >= in->end || *in->p != '{') {
            g_autofree char *what = g_strdup_printf("'{' and P%u's body", n);
            return litmus_expected(in, error, what);
        }
        if ((th->c_body = c_body(in, n, error)) == NULL)
            return false;
    }
}

/* The registers of the initial state name threads of the test. */
static bool check_init_threads(struct litmus_in *in, GError **error)
{
    for (guint i = 0; i < in->t->vars->len; i++) {
        const struct litmus_var *v = g_ptr_array_index(in->t->vars, i);
        if (v->thread >= 0 && (guint)v->thread >= in->t->threads->len)
            return litmus_fail_at(in, v->line, error,
                                  "expected a register of P0 to P%u, found %d:%s",
                                  in->t->threads->len - 1, v->thread, v->name);
    }
    return true;
}

/* The tail ----------------------------------------------------------------- */

/* "locations [VAR; VAR; ...]", at the word. */
static bool parse_locations(struct litmus_in *in, GError **error)
{
    in->p += strlen("locations");
    if (!litmus_skip(in, true, error))
        return false;
    if (in->p >= in->end || *in->p != '[')
        return litmus_expected(in, error, "'[' after locations");
    in->p++;
    for (;;) {
        if (!litmus_skip(in, true, error))
            return false;
        if (in->p < in->end && *in->p == ']') {
            in->p++;
            return true;
        }
        if (in->t->locations->len >= LITMUS_MAX_ITEMS)
            return litmus_fail_at(in, in->line, error, "expected at most %u locations, found more",
                                  LITMUS_MAX_ITEMS);
        struct litmus_observable *o = g_new0(struct litmus_observable, 1);
        g_ptr_array_add(in->t->locations, o);
        if (!litmus_var_ref(in, (int)in->t->threads->len, &o->thread, &o->name, error) ||
            !litmus_skip(in, true, error))
            return false;
        if (in->p < in->end && *in->p == ';')
            in->p++;
        else if (in->p >= in->end || *in->p != ']')
            return litmus_expected(in, error, "';' or ']' after a location");
    }
}

/* locations and filter (any order), then the final condition, then
 * nothing but comments. */
static bool parse_tail(struct litmus_in *in, GError **error)
{
    struct litmus_test *t = in->t;
    int nthreads = (int)t->threads->len;
    for (;;) {
        if (!litmus_skip(in, true, error))
            return false;
        if (litmus_at_word(in, "locations")) {
            if (!parse_locations(in, error))
                return false;
        } else if (litmus_at_word(in, "filter") && t->filter == NULL) {
            in->p += strlen("filter");
            if ((t->filter = litmus_cond_parse(in, nthreads, error)) == NULL)
                return false;
        } else {
            break;
        }
    }
    if (litmus_at_word(in, "exists") || litmus_at_word(in, "forall")) {
        t->quantifier = *in->p == 'e' ? LITMUS_EXISTS : LITMUS_FORALL;
        in->p += 6;
    } else if (in->p < in->end && *in->p == '~') {
        in->p++;
        if (!litmus_skip(in, true, error))
            return false;
        if (!litmus_at_word(in, "exists"))
            return litmus_expected(in, error, "exists after '~'");
        t->quantifier = LITMUS_NOT_EXISTS;
        in->p += 6;
    } else {
        return litmus_expected(in, error, "exists, ~exists or forall");
    }
    if ((t->cond = litmus_cond_parse(in, nthreads, error)) == NULL ||
        !litmus_skip(in, true, error))
        return false;
    if (in->p < in->end && *in->p == ';') {     /* herd's tests may end it with one */
        in->p++;
        if (!litmus_skip(in, true, error))
            return false;
    }
    if (in->p < in->end)
        return litmus_expected(in, error, "the end of the file after the condition");
    return true;
}

/* The API ------------------------------------------------------------------ */

struct litmus_test *litmus_parse(const char *text, gsize len, const char *file, GError **error)
{
    g_autoptr(litmus_test) t = g_new0(struct litmus_test, 1);
    t->file = g_strdup(file ? file : "(litmus)");
    t->vars = g_ptr_array_new_with_free_func(var_free);
    t->threads = g_ptr_array_new_with_free_func(thread_free);
    t->locations = g_ptr_array_new_with_free_func(observable_free);
    t->atomsim_expected = g_ptr_array_new_with_free_func(expectation_free);
    if (text == NULL)
        text = "", len = 0;
    struct litmus_in in = { text, text + len, text, 1, t };
    if (len > LITMUS_MAX_INPUT) {
        litmus_fail_at(&in, 1, error, "expected a litmus test of at most %u bytes, found %"
                       G_GSIZE_FORMAT " bytes", LITMUS_MAX_INPUT, len);
        return NULL;
    }
    if (!parse_header(&in, error) || !parse_init(&in, error))
        return NULL;
    bool c = strcmp(t->arch, "C") == 0;
    if (!(c ? parse_c_threads(&in, error) : parse_table(&in, error)) ||
        !check_init_threads(&in, error) || !parse_tail(&in, error))
        return NULL;
    return g_steal_pointer(&t);
}

struct litmus_test *litmus_load(const char *path, GError **error)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        int saved = errno;
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT, "%s: %s", path, g_strerror(saved));
        return NULL;
    }
    /* one byte more than a test may hold, for litmus_parse to refuse */
    g_autofree char *text = g_malloc(LITMUS_MAX_INPUT + 1);
    size_t n = fread(text, 1, LITMUS_MAX_INPUT + 1, f);
    int failed = ferror(f), saved = errno;
    fclose(f);
    if (failed) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT, "%s: %s", path, g_strerror(saved));
        return NULL;
    }
    return litmus_parse(text, n, path, error);
}

const struct litmus_var *litmus_var_of(const struct litmus_test *t, int thread, const char *name)
{
    for (guint i = 0; i < t->vars->len; i++) {
        const struct litmus_var *v = g_ptr_array_index(t->vars, i);
        if (v->thread == thread && strcmp(v->name, name) == 0)
            return v;
    }
    return NULL;
}

const char *litmus_expected_on(const struct litmus_test *t, const char *cpu, const char **why)
{
    const struct litmus_expectation *named = NULL, *every = NULL;
    for (guint i = 0; i < t->atomsim_expected->len; i++) {
        const struct litmus_expectation *x = g_ptr_array_index(t->atomsim_expected, i);
        if (x->cpus == NULL)
            every = x;
        else
            for (char **c = x->cpus; cpu != NULL && *c != NULL; c++)
                if (g_ascii_strcasecmp(*c, cpu) == 0)
                    named = x;
    }
    const struct litmus_expectation *x = named ? named : every;
    if (why != NULL)
        *why = x ? x->why : "";
    return x ? x->verdict : t->expected;
}
