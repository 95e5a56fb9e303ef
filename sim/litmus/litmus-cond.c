/* litmus-cond.c — see litmus-file.h: a litmus test's conditions (its final
 * condition and its filter) parsed, evaluated, printed, and the values they
 * show.
 *
 * The grammar is herd7's, loosest first:
 *
 *   cond   := or [ "=>" cond ]                     (right associative)
 *   or     := and { "\/" and }
 *   and    := unary { "/\" unary }
 *   unary  := ("~" | "not") unary | "(" cond ")" | "true" | "false" | atom
 *   atom   := VAR ("=" | "==" | "!=" | "<>") VALUE
 *   VAR    := THREAD:REG | LOC | [LOC]          VALUE := NUMBER | LOC | &LOC
 *
 * The parser recurses only through "(", "~" and "=>", at most
 * LITMUS_MAX_DEPTH deep; a condition has at most LITMUS_MAX_NODES nodes,
 * which bounds the recursion of everything that walks its tree. */
#include <inttypes.h>
#include <string.h>

#include "litmus-private.h"

typedef struct litmus_cond litmus_cond;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(litmus_cond, litmus_cond_free)

void litmus_cond_free(struct litmus_cond *c)
{
    if (c == NULL)
        return;
    litmus_cond_free(c->left);
    litmus_cond_free(c->right);
    g_free(c->name);
    g_free(c->value.sym);
    g_free(c);
}

/* Parsing ------------------------------------------------------------------ */

struct cparse {
    struct litmus_in *in;
    int nthreads;               /* for registers' thread numbers */
    unsigned depth, nodes;
    GError **error;
};

/* A new node of kind k, or NULL with error past LITMUS_MAX_NODES. */
static struct litmus_cond *node(struct cparse *cp, enum litmus_cond_kind k)
{
    if (cp->nodes++ >= LITMUS_MAX_NODES) {
        litmus_fail_at(cp->in, cp->in->line, cp->error,
                       "expected a condition of at most %u terms, found a larger one",
                       LITMUS_MAX_NODES);
        return NULL;
    }
    struct litmus_cond *c = g_new0(struct litmus_cond, 1);
    c->kind = k;
    c->thread = -1;
    return c;
}

/* One level deeper into the condition: false with error past
 * LITMUS_MAX_DEPTH. */
static bool enter(struct cparse *cp)
{
    if (++cp->depth > LITMUS_MAX_DEPTH)
        return litmus_fail_at(cp->in, cp->in->line, cp->error,
                              "expected a condition nested at most %d deep, found a deeper one",
                              LITMUS_MAX_DEPTH);
    return true;
}

static bool skip(struct cparse *cp)
{
    return litmus_skip(cp->in, true, cp->error);
}

/* A binary node of kind k over l and r (both taken), or NULL (both freed). */
static struct litmus_cond *binary(struct cparse *cp, enum litmus_cond_kind k,
                                  struct litmus_cond *l, struct litmus_cond *r)
{
    struct litmus_cond *c = l && r ? node(cp, k) : NULL;
    if (c == NULL) {
        litmus_cond_free(l);
        litmus_cond_free(r);
        return NULL;
    }
    c->left = l;
    c->right = r;
    return c;
}

static struct litmus_cond *cond(struct cparse *cp);

/* VAR OP VALUE */
static struct litmus_cond *atom(struct cparse *cp)
{
    struct litmus_in *in = cp->in;
    g_autoptr(litmus_cond) c = node(cp, COND_EQ);
    if (c == NULL)
        return NULL;
    if (in->p >= in->end || !(g_ascii_isalnum(*in->p) || *in->p == '_' || *in->p == '[' ||
                              *in->p == '%' || *in->p == '$')) {
        litmus_expected(in, cp->error, "a condition: THREAD:REG=VALUE, LOC=VALUE, '(', '~', "
                        "true or false");
        return NULL;
    }
    if (!litmus_var_ref(in, cp->nthreads, &c->thread, &c->name, cp->error) || !skip(cp))
        return NULL;
    if (litmus_at(in, "==") || litmus_at(in, "!=") || litmus_at(in, "<>")) {
        c->kind = *in->p == '=' ? COND_EQ : COND_NE;
        in->p += 2;
    } else if (litmus_at(in, "=") && !litmus_at(in, "=>")) {
        in->p++;
    } else {
        litmus_expected(in, cp->error, "'=', '!=' or '<>' after a register or location");
        return NULL;
    }
    if (!skip(cp) || !litmus_value_parse(in, &c->value, cp->error))
        return NULL;
    return g_steal_pointer(&c);
}

static struct litmus_cond *unary(struct cparse *cp)
{
    struct litmus_in *in = cp->in;
    if (!skip(cp))
        return NULL;
    bool tilde = in->p < in->end && *in->p == '~';
    if (tilde || litmus_at_word(in, "not")) {
        in->p += tilde ? 1 : 3;
        g_autoptr(litmus_cond) c = node(cp, COND_NOT);
        if (c == NULL || !enter(cp) || (c->left = unary(cp)) == NULL)
            return NULL;
        cp->depth--;
        return g_steal_pointer(&c);
    }
    if (in->p < in->end && *in->p == '(') {
        in->p++;
        if (!enter(cp))
            return NULL;
        g_autoptr(litmus_cond) c = cond(cp);
        if (c == NULL || !skip(cp))
            return NULL;
        cp->depth--;
        if (in->p >= in->end || *in->p != ')') {
            litmus_expected(in, cp->error, "')' or an operator (/\\, \\/, =>)");
            return NULL;
        }
        in->p++;
        return g_steal_pointer(&c);
    }
    bool t = litmus_at_word(in, "true");
    if (t || litmus_at_word(in, "false")) {
        in->p += t ? 4 : 5;
        return node(cp, t ? COND_TRUE : COND_FALSE);
    }
    return atom(cp);
}

/* unary { op unary } for op "/\" (and) or "\/" (or), left associative */
static struct litmus_cond *chain(struct cparse *cp, const char *op)
{
    bool and = strcmp(op, "/\\") == 0;
    struct litmus_cond *l = and ? unary(cp) : chain(cp, "/\\");
    while (l != NULL) {
        if (!skip(cp)) {
            litmus_cond_free(l);
            return NULL;
        }
        if (!litmus_at(cp->in, op))
            return l;
        cp->in->p += 2;
        struct litmus_cond *r = and ? unary(cp) : chain(cp, "/\\");
        l = binary(cp, and ? COND_AND : COND_OR, l, r);
    }
    return NULL;
}

/* or [ "=>" cond ] */
static struct litmus_cond *cond(struct cparse *cp)
{
    struct litmus_cond *l = chain(cp, "\\/");
    if (l == NULL)
        return NULL;
    if (!skip(cp)) {
        litmus_cond_free(l);
        return NULL;
    }
    if (!litmus_at(cp->in, "=>"))
        return l;
    cp->in->p += 2;
    if (!enter(cp)) {
        litmus_cond_free(l);
        return NULL;
    }
    struct litmus_cond *r = cond(cp);
    cp->depth--;
    return binary(cp, COND_IMPLIES, l, r);
}

struct litmus_cond *litmus_cond_parse(struct litmus_in *in, int nthreads, GError **error)
{
    struct cparse cp = { in, nthreads, 0, 0, error };
    return cond(&cp);
}

/* Evaluating --------------------------------------------------------------- */

bool litmus_cond_eval(const struct litmus_cond *c, litmus_lookup value, litmus_address addr,
                      void *ctx)
{
    switch (c->kind) {
    case COND_TRUE:
        return true;
    case COND_FALSE:
        return false;
    case COND_EQ:
    case COND_NE: {
        int64_t v = value(ctx, c->thread, c->name);
        int64_t want = c->value.is_addr ? addr(ctx, c->value.sym) : c->value.num;
        return (v == want) == (c->kind == COND_EQ);
    }
    case COND_NOT:
        return !litmus_cond_eval(c->left, value, addr, ctx);
    case COND_AND:
        return litmus_cond_eval(c->left, value, addr, ctx) &&
               litmus_cond_eval(c->right, value, addr, ctx);
    case COND_OR:
        return litmus_cond_eval(c->left, value, addr, ctx) ||
               litmus_cond_eval(c->right, value, addr, ctx);
    case COND_IMPLIES:
        return !litmus_cond_eval(c->left, value, addr, ctx) ||
               litmus_cond_eval(c->right, value, addr, ctx);
    }
    g_assert_not_reached();
}

/* Printing ----------------------------------------------------------------- */

/* How tightly c's operator binds: => loosest, then \/, /\, ~, atoms. */
static int precedence(const struct litmus_cond *c)
{
    switch (c->kind) {
    case COND_IMPLIES:
        return 1;
    case COND_OR:
        return 2;
    case COND_AND:
        return 3;
    case COND_NOT:
        return 4;
    default:
        return 5;
    }
}

static void print(GString *s, const struct litmus_cond *c);

/* c, in parentheses if its operator binds less than at_least */
static void print_sub(GString *s, const struct litmus_cond *c, int at_least)
{
    bool parens = precedence(c) < at_least;
    if (parens)
        g_string_append_c(s, '(');
    print(s, c);
    if (parens)
        g_string_append_c(s, ')');
}

/* c with as few parentheses as read back to the same tree: a right operand
 * of the same operator (left for =>) is in parentheses. */
static void print(GString *s, const struct litmus_cond *c)
{
    switch (c->kind) {
    case COND_TRUE:
        g_string_append(s, "true");
        return;
    case COND_FALSE:
        g_string_append(s, "false");
        return;
    case COND_EQ:
    case COND_NE:
        if (c->thread >= 0)
            g_string_append_printf(s, "%d:", c->thread);
        g_string_append_printf(s, "%s%s", c->name, c->kind == COND_EQ ? "=" : "!=");
        if (c->value.is_addr)
            g_string_append(s, c->value.sym);
        else
            g_string_append_printf(s, "%" PRId64, c->value.num);
        return;
    case COND_NOT:
        g_string_append_c(s, '~');
        print_sub(s, c->left, 4);
        return;
    case COND_AND:
    case COND_OR:
    case COND_IMPLIES: {
        int p = precedence(c);
        bool right = c->kind == COND_IMPLIES;
        print_sub(s, c->left, right ? p + 1 : p);
        g_string_append(s, c->kind == COND_AND ? " /\\ " : c->kind == COND_OR ? " \\/ " : " => ");
        print_sub(s, c->right, right ? p : p + 1);
        return;
    }
    }
}

char *litmus_condition_text(const struct litmus_test *t)
{
    static const char *const quantifiers[] = {
        [LITMUS_EXISTS] = "exists", [LITMUS_NOT_EXISTS] = "~exists", [LITMUS_FORALL] = "forall",
    };
    GString *s = g_string_new(quantifiers[t->quantifier]);
    g_string_append(s, " (");
    if (t->cond != NULL)
        print(s, t->cond);
    g_string_append_c(s, ')');
    return g_string_free(s, FALSE);
}

/* Observables -------------------------------------------------------------- */

static void observable_free(gpointer p)
{
    struct litmus_observable *o = p;
    g_free(o->name);
    g_free(o);
}

/* Add thread:name to list unless seen has it. */
static void observe(GPtrArray *list, GHashTable *seen, int thread, const char *name)
{
    char *key = g_strdup_printf("%d:%s", thread, name);
    if (!g_hash_table_add(seen, key))
        return;
    struct litmus_observable *o = g_new0(struct litmus_observable, 1);
    o->thread = thread;
    o->name = g_strdup(name);
    g_ptr_array_add(list, o);
}

/* The registers and locations c compares, in the order written. */
static void observe_cond(GPtrArray *list, GHashTable *seen, const struct litmus_cond *c)
{
    if (c == NULL)
        return;
    if (c->kind == COND_EQ || c->kind == COND_NE)
        observe(list, seen, c->thread, c->name);
    observe_cond(list, seen, c->left);
    observe_cond(list, seen, c->right);
}

/* a before b in the natural order: digit runs as numbers, so R2 < R10. */
static int natural_cmp(const char *a, const char *b)
{
    while (*a && *b) {
        if (g_ascii_isdigit(*a) && g_ascii_isdigit(*b)) {
            while (*a == '0' && g_ascii_isdigit(a[1]))
                a++;
            while (*b == '0' && g_ascii_isdigit(b[1]))
                b++;
            gsize na = 0, nb = 0;
            while (g_ascii_isdigit(a[na]))
                na++;
            while (g_ascii_isdigit(b[nb]))
                nb++;
            int d = na != nb ? (na < nb ? -1 : 1) : memcmp(a, b, na);
            if (d != 0)
                return d;
            a += na;
            b += nb;
        } else if (*a != *b) {
            return (unsigned char)*a - (unsigned char)*b;
        } else {
            a++;
            b++;
        }
    }
    return (unsigned char)*a - (unsigned char)*b;
}

/* Registers by thread then name, before locations (which keep their order:
 * the sort is stable). */
static gint observable_cmp(gconstpointer pa, gconstpointer pb)
{
    const struct litmus_observable *a = *(const struct litmus_observable *const *)pa;
    const struct litmus_observable *b = *(const struct litmus_observable *const *)pb;
    if ((a->thread < 0) != (b->thread < 0))
        return a->thread < 0 ? 1 : -1;
    if (a->thread < 0)
        return 0;
    if (a->thread != b->thread)
        return a->thread < b->thread ? -1 : 1;
    int d = natural_cmp(a->name, b->name);
    return d != 0 ? d : strcmp(a->name, b->name);
}

GPtrArray *litmus_observables(const struct litmus_test *t)
{
    GPtrArray *list = g_ptr_array_new_with_free_func(observable_free);
    g_autoptr(GHashTable) seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    observe_cond(list, seen, t->cond);
    observe_cond(list, seen, t->filter);
    for (guint i = 0; i < t->locations->len; i++) {
        const struct litmus_observable *o = g_ptr_array_index(t->locations, i);
        observe(list, seen, o->thread, o->name);
    }
    g_ptr_array_sort(list, observable_cmp);
    return list;
}
