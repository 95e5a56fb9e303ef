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

static void riscv64_call(GString *out, const char *fn)
{
    g_string_append_printf(out, "\tcall %s\n", fn);
}

/* x0 .. x31, and their ABI names */
static const char *const abi_names[32] = {
    "zero", "ra", "sp", "gp", "tp",  "t0",  "t1", "t2", "s0", "s1", "a0",
    "a1",   "a2", "a3", "a4", "a5",  "a6",  "a7", "s2", "s3", "s4", "s5",
    "s6",   "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6",
};

static int riscv64_reg_id(const char *name)
{
    for (int i = 0; i < 32; i++) {
        g_autofree char *x = g_strdup_printf("x%d", i);
        if (g_ascii_strcasecmp(name, x) == 0 || g_ascii_strcasecmp(name, abi_names[i]) == 0)
            return UC_RISCV_REG_X0 + i;
    }
    return g_ascii_strcasecmp(name, "fp") == 0 ? UC_RISCV_REG_X8 : -1;
}

static const char *const riscv64_archs[] = { "RISCV", "RISCV64", NULL };
/* ra, sp, gp, tp */
static const char *const riscv64_reserved[] = { "x1", "ra", "x2", "sp", "x3", "gp",
                                                "x4", "tp", NULL };

static const char *const riscv64_spare[] = { "x27", "x26", "x25", "x24", "x23", "x22", "x21",
                                             "x20", "x19", "x18", NULL };

const struct cpu_litmus riscv64_litmus = {
    .archs = riscv64_archs,
    .reserved = riscv64_reserved,
    .spare = riscv64_spare,
    .preamble = "\t.option norvc\n",
    .function_type = "@function",
    .set_reg = riscv64_set_reg,
    .call = riscv64_call,
    .reg_id = riscv64_reg_id,
    .arg0 = "a0",
    .c_attribute = "",
};
