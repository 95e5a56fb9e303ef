/* aarch64-litmus.c — herd7's AArch64 litmus dialect, as GNU as reads it.
 *
 * herd7's AArch64 rows are the assembler's own ("MOV W0,#1", "STR W0,[X1]",
 * "LDAR W2,[X3]", "DMB ISH", "LDADD W0,W2,[X1]"): kept as written.  A
 * register gets a location's address with adrp/add, a value from the
 * literal pool. */
#include <ctype.h>
#include <stdlib.h>

#include "cpu.h"

/* The X register of a W or X register's name. */
static char *x_reg(const char *reg)
{
    char *x = g_strdup(reg);
    if (x[0] == 'W' || x[0] == 'w')
        x[0] = x[0] == 'W' ? 'X' : 'x';
    return x;
}

static void aarch64_set_reg(GString *out, const char *reg, const char *sym, int64_t value)
{
    g_autofree char *x = x_reg(reg);
    if (sym != NULL)
        g_string_append_printf(out, "\tadrp %s, %s\n\tadd %s, %s, :lo12:%s\n", x, sym, x, x, sym);
    else
        g_string_append_printf(out, "\tldr %s, =%" G_GINT64_FORMAT "\n", x, value);
}

static void aarch64_call(GString *out, const char *fn)
{
    g_string_append_printf(out, "\tbl %s\n", fn);
}

/* X0 .. X30, W0 .. W30 */
static int aarch64_reg_id(const char *name)
{
    char *end;
    char kind = (char)toupper((unsigned char)name[0]);
    if (kind != 'X' && kind != 'W')
        return -1;
    long n = strtol(name + 1, &end, 10);
    if (end == name + 1 || *end != '\0' || n < 0 || n > 30)
        return -1;
    if (kind == 'W')
        return UC_ARM64_REG_W0 + (int)n;
    return n <= 28 ? UC_ARM64_REG_X0 + (int)n : n == 29 ? UC_ARM64_REG_X29 : UC_ARM64_REG_X30;
}

static const char *const aarch64_archs[] = { "AArch64", "AARCH64", NULL };
/* ip0, ip1, the platform register, fp, lr, sp */
static const char *const aarch64_reserved[] = { "x16", "w16", "x17", "w17", "x18", "w18",
                                                "x29", "w29", "x30", "w30", "sp", "wsp",
                                                "fp", "lr", NULL };

static const char *const aarch64_spare[] = { "X28", "X27", "X26", "X25", "X24", "X23", "X22",
                                             "X21", "X20", "X19", NULL };

const struct cpu_litmus aarch64_litmus = {
    .archs = aarch64_archs,
    .reserved = aarch64_reserved,
    .spare = aarch64_spare,
    /* herd7's AArch64 tests use LDAPR (ARMv8.3's RCpc loads), which Unicorn's
     * max model runs */
    .preamble = "\t.arch_extension rcpc\n",
    .function_type = "%function",
    .set_reg = aarch64_set_reg,
    .call = aarch64_call,
    .reg_id = aarch64_reg_id,
    .arg0 = "x0",
    .c_attribute = "",
};
