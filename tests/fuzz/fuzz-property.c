/* fuzz-property.c — libFuzzer target for --svcomp's property file
 * (options_svcomp_refused): any bytes.  Invariants: it never crashes; a
 * text it accepts holds the unreach-call formula (spaces aside), of
 * reach_error() or of 2020's __VERIFIER_error(); the answer does not
 * depend on spaces added between characters. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <glib.h>

#include "cli/options.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    g_autofree char *text = g_malloc(size + 1);
    memcpy(text, data, size);
    text[size] = '\0';
    const char *refused = options_svcomp_refused(text, size);
    /* spaced out: the same answer; without spaces, the formula */
    g_autoptr(GString) spaced = g_string_new(NULL), packed = g_string_new(NULL);
    for (size_t i = 0; i < size; i++) {
        g_string_append_c(spaced, text[i]);
        g_string_append_c(spaced, ' ');
        if (!g_ascii_isspace(text[i]))
            g_string_append_c(packed, text[i]);
    }
    if (refused == NULL)
        g_assert_true(strstr(packed->str, "G!call(reach_error())") != NULL ||
                      strstr(packed->str, "G!call(__VERIFIER_error())") != NULL);
    const char *again = options_svcomp_refused(spaced->str, spaced->len);
    g_assert_true((refused == NULL) == (again == NULL));
    return 0;
}
