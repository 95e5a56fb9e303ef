/* riscv64-litmus.c — herd7's RISCV litmus dialect, as GNU as reads it.
 *
 * herd7's RISC-V rows are the assembler's own ("ori x5,x0,1",
 * "sw x5,0(x6)", "fence rw,rw", "amoswap.w.aq x7,x5,(x6)"): kept as
 * written.  A register gets a location's address with lla, a value with li. */
#include "cpu.h"

static void riscv64_set_reg(GString *out, const char *reg, const char *sym, int64_t value)
{
    if (sym != NULL)
        g_string_append_printf(out, "\tlla %s, %s\n", reg, sym);
    else
        g_string_append_printf(out, "\tli %s, %" G_GINT64_FORMAT "\n", reg, value);
}

static void riscv64_insn(GString *out, const char *insn, GPtrArray *symbols)
{
    (void)symbols;
    g_string_append_printf(out, "\t%s\n", insn);
}

/* x31 (t6) holds the slots' address: the harness reserves it. */
static void riscv64_finish(GString *out, const char *const *regs, unsigned n, const char *sym,
                           unsigned slot, const char *done)
{
    g_string_append_printf(out, "\tlla x31, %s\n", sym);
    for (unsigned i = 0; i < n; i++)
        g_string_append_printf(out, "\tsd %s, %u(x31)\n", regs[i], i * slot);
    g_string_append_printf(out, "\tcall %s\n", done);
}

static const char *const riscv64_archs[] = { "RISCV", "RISCV64", NULL };
/* ra, sp, gp, tp, and t6 (the harness's scratch) */
static const char *const riscv64_reserved[] = { "x1", "ra", "x2", "sp", "x3", "gp",
                                                "x4", "tp", "x31", "t6", NULL };

const struct cpu_litmus riscv64_litmus = {
    .archs = riscv64_archs,
    .reserved = riscv64_reserved,
    .preamble = "\t.option norvc\n",
    .function_type = "@function",
    .set_reg = riscv64_set_reg,
    .insn = riscv64_insn,
    .finish = riscv64_finish,
};
