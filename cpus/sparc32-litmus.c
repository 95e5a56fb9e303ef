/* sparc32-litmus.c — atomsim's SPARC litmus dialect (herd7 has none).
 *
 * Written as herd7's others are: "SPARC NAME", the state and the condition
 * name registers without their '%' ("0:o0=x", "exists (0:g2=0)"), the rows
 * are GNU as's SPARC V8 ("mov 1,%g1", "st %g1,[%o0]", "ld [%o1],%g2",
 * "stbar", "ldstub [%o0],%g1", "swap [%o0],%g1"), and a branch's delay
 * slot is the test's own row (SPARC V8 manual, B.21: the instruction after
 * a branch runs before its target). */
#include <string.h>

#include "cpu.h"

static void sparc32_set_reg(GString *out, const char *reg, const char *sym, int64_t value)
{
    if (sym != NULL)
        g_string_append_printf(out, "\tset %s, %%%s\n", sym, reg);
    else
        g_string_append_printf(out, "\tset %" G_GINT64_FORMAT ", %%%s\n", value, reg);
}

/* The call's delay slot is a nop. */
static void sparc32_call(GString *out, const char *fn)
{
    g_string_append_printf(out, "\tcall %s\n\tnop\n", fn);
}

/* g0 .. g7, o0 .. o7, l0 .. l7, i0 .. i7 (the current window's) */
static int sparc32_reg_id(const char *name)
{
    static const char kinds[] = "goli";
    static const int first[] = { UC_SPARC_REG_G0, UC_SPARC_REG_O0, UC_SPARC_REG_L0,
                                 UC_SPARC_REG_I0 };
    const char *k = name[0] ? strchr(kinds, name[0]) : NULL;
    if (k == NULL || name[1] < '0' || name[1] > '7' || name[2] != '\0')
        return -1;
    return first[k - kinds] + (name[1] - '0');
}

static const char *const sparc32_archs[] = { "SPARC", NULL };
/* the stack and frame pointers, return addresses, %g7 (the thread
 * pointer) */
static const char *const sparc32_reserved[] = { "o6", "sp", "o7", "i6", "fp", "i7",
                                                "g7", NULL };

const struct cpu_litmus sparc32_litmus = {
    .archs = sparc32_archs,
    .reserved = sparc32_reserved,
    .preamble = "",
    .function_type = "#function",
    .set_reg = sparc32_set_reg,
    .call = sparc32_call,
    .reg_id = sparc32_reg_id,
    .arg0 = "o0",
    .c_attribute = "",
};
