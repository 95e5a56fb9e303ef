/* sparc32-litmus.c — atomsim's SPARC litmus dialect (herd7 has none).
 *
 * Written as herd7's others are: "SPARC NAME", the state and the condition
 * name registers without their '%' ("0:o0=x", "exists (0:g2=0)"), the rows
 * are GNU as's SPARC V8 ("mov 1,%g1", "st %g1,[%o0]", "ld [%o1],%g2",
 * "stbar", "ldstub [%o0],%g1", "swap [%o0],%g1"), and a branch's delay
 * slot is the test's own row (SPARC V8 manual, B.21: the instruction after
 * a branch runs before its target). */
#include "cpu.h"

static void sparc32_set_reg(GString *out, const char *reg, const char *sym, int64_t value)
{
    if (sym != NULL)
        g_string_append_printf(out, "\tset %s, %%%s\n", sym, reg);
    else
        g_string_append_printf(out, "\tset %" G_GINT64_FORMAT ", %%%s\n", value, reg);
}

static void sparc32_insn(GString *out, const char *insn, GPtrArray *symbols)
{
    (void)symbols;
    g_string_append_printf(out, "\t%s\n", insn);
}

/* %g6 holds the slots' address: the harness reserves it.  The call's delay
 * slot is a nop. */
static void sparc32_finish(GString *out, const char *const *regs, unsigned n, const char *sym,
                           unsigned slot, const char *done)
{
    g_string_append_printf(out, "\tset %s, %%g6\n", sym);
    for (unsigned i = 0; i < n; i++)
        g_string_append_printf(out, "\tst %%%s, [%%g6 + %u]\n", regs[i], i * slot);
    g_string_append_printf(out, "\tcall %s\n\tnop\n", done);
}

static const char *const sparc32_archs[] = { "SPARC", NULL };
/* the stack and frame pointers, return addresses, %g6 (the harness's
 * scratch) and %g7 (the thread pointer) */
static const char *const sparc32_reserved[] = { "o6", "sp", "o7", "i6", "fp", "i7",
                                                "g6", "g7", "g0", NULL };

const struct cpu_litmus sparc32_litmus = {
    .archs = sparc32_archs,
    .reserved = sparc32_reserved,
    .preamble = "",
    .function_type = "#function",
    .set_reg = sparc32_set_reg,
    .insn = sparc32_insn,
    .finish = sparc32_finish,
};
