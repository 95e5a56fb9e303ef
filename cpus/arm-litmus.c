/* arm-litmus.c — herd7's ARM litmus dialect (ARMv7, A32), as GNU as reads it.
 *
 * herd7's ARM rows are the assembler's own ("MOV R0,#1", "STR R0,[R1]",
 * "LDREX R0,[R1]", "DMB", "BNE LC00"): they are kept as written.  Registers
 * get a location's address with movw/movt (ARMv7's 16-bit halves). */
#include <stdlib.h>

#include "cpu.h"

static void arm_set_reg(GString *out, const char *reg, const char *sym, int64_t value)
{
    if (sym != NULL) {
        g_string_append_printf(out, "\tmovw %s, #:lower16:%s\n\tmovt %s, #:upper16:%s\n", reg,
                               sym, reg, sym);
    } else {
        uint32_t v = (uint32_t)value;
        g_string_append_printf(out, "\tmovw %s, #%u\n\tmovt %s, #%u\n", reg, v & 0xffff, reg,
                               v >> 16);
    }
}

static void arm_call(GString *out, const char *fn)
{
    g_string_append_printf(out, "\tbl %s\n", fn);
}

/* r0 .. r12 */
static int arm_reg_id(const char *name)
{
    char *end;
    if (name[0] != 'r' && name[0] != 'R')
        return -1;
    long n = strtol(name + 1, &end, 10);
    return end != name + 1 && *end == '\0' && n >= 0 && n <= 12 ? UC_ARM_REG_R0 + (int)n : -1;
}

static const char *const arm_archs[] = { "ARM", NULL };
/* r11 (fp), r12 (the harness's scratch), sp, lr, pc */
static const char *const arm_reserved[] = { "r11", "fp", "r12", "ip", "r13", "sp",
                                            "r14", "lr",  "r15", "pc", NULL };

static const char *const arm_spare[] = { "R10", "R9", "R8", "R7", "R6", "R5", "R4", NULL };

const struct cpu_litmus arm_litmus = {
    .archs = arm_archs,
    .reserved = arm_reserved,
    .spare = arm_spare,
    .preamble = "\t.syntax unified\n\t.arm\n",
    .function_type = "%function",
    .set_reg = arm_set_reg,
    .call = arm_call,
    .reg_id = arm_reg_id,
    .arg0 = "r0",
    .c_attribute = "",
};
