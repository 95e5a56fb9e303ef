/* fuzz-litmus.c — libFuzzer target for litmus files (litmus_parse, and on
 * what parses, litmus_condition_text, litmus_observables, litmus_cond_eval
 * and litmus_expected_on).  Invariants: a file either parses or gets an
 * input error whose message starts with the file's name; a parsed test's
 * condition prints as text that reads back to the same text, its threads
 * are P0.. in order with instructions and lines in step, and evaluating its
 * conditions with every value 0 ends. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <glib.h>

#include "base/error.h"
#include "litmus/litmus-file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int64_t zero(void *ctx, int thread, const char *name)
{
    (void)ctx;
    (void)thread;
    g_assert_nonnull(name);
    return 0;
}

static int64_t address(void *ctx, const char *sym)
{
    (void)ctx;
    return (int64_t)strlen(sym);
}

/* The test "ARCH NAME {} P0 ; ... exists COND" with t's condition, parsed
 * again: the same text. */
static void check_reparse(const struct litmus_test *t, const char *text)
{
    GString *s = g_string_new("X86 R\n{}\n");
    for (guint i = 0; i < t->threads->len; i++)
        g_string_append_printf(s, "%sP%u", i ? " | " : " ", i);
    g_string_append(s, " ;\n");
    g_string_append(s, text);
    g_autoptr(GError) error = NULL;
    g_autoptr(litmus_test) again = litmus_parse(s->str, s->len, "R.litmus", &error);
    g_assert_no_error(error);
    g_autofree char *text2 = litmus_condition_text(again);
    g_assert_cmpstr(text, ==, text2);
    g_string_free(s, TRUE);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(litmus_test) t = litmus_parse((const char *)data, size, "F.litmus", &error);
    if (t == NULL) {
        g_assert_true(g_error_matches(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT));
        g_assert_true(g_str_has_prefix(error->message, "F.litmus:"));
        return 0;
    }
    g_assert_no_error(error);
    g_assert_nonnull(t->arch);
    g_assert_nonnull(t->name);
    g_assert_nonnull(t->cond);
    g_assert_cmpuint(t->threads->len, >=, 1);
    g_assert_cmpuint(t->threads->len, <=, LITMUS_MAX_THREADS);
    for (guint i = 0; i < t->threads->len; i++) {
        const struct litmus_thread *th = g_ptr_array_index(t->threads, i);
        g_assert_cmpuint(th->id, ==, i);
        if (th->insns != NULL)
            g_assert_cmpuint(th->insns->len, ==, th->insn_lines->len);
        else
            g_assert_true(th->c_params != NULL && th->c_body != NULL);
    }
    g_autofree char *text = litmus_condition_text(t);
    g_assert_true(g_str_has_prefix(text, "exists (") || g_str_has_prefix(text, "~exists (") ||
                  g_str_has_prefix(text, "forall ("));
    check_reparse(t, text);
    g_autoptr(GPtrArray) observables = litmus_observables(t);
    for (guint i = 0; i < observables->len; i++) {
        const struct litmus_observable *o = g_ptr_array_index(observables, i);
        g_assert_nonnull(o->name);
        g_assert_cmpint(o->thread, <, (int)t->threads->len);
    }
    (void)litmus_cond_eval(t->cond, zero, address, NULL);
    if (t->filter != NULL)
        (void)litmus_cond_eval(t->filter, zero, address, NULL);
    const char *why = NULL;
    const char *verdict = litmus_expected_on(t, "x86", &why);
    g_assert_true(verdict == NULL || strcmp(verdict, "Never") == 0 ||
                  strcmp(verdict, "Sometimes") == 0 || strcmp(verdict, "Always") == 0);
    g_assert_nonnull(why);
    return 0;
}
