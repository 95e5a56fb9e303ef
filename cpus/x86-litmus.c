/* x86-litmus.c — herd7's X86 and X86_64 litmus dialects, as GNU as reads them.
 *
 * herd7 writes x86 in Intel's operand order with AT&T's immediates:
 * "MOV [x],$1", "MOV EAX,[y]", "XCHG [x],EAX", "LOCK ADD [x],$1", "MFENCE".
 * GNU as in Intel syntax reads that once "$1" is "1" and an access with no
 * register operand says its size ("DWORD PTR [x]": herd's locations are
 * ints).  A row with no '[' but a '%' or a '(' is AT&T already (herd's
 * X86_64 tests write "movl $1,(x)"): it is kept, with "(x)" read as the
 * location x. */
#include <ctype.h>
#include <string.h>

#include "cpu.h"

/* Is s (n bytes) an identifier? */
static bool is_ident(const char *s, size_t n)
{
    if (n == 0 || !(isalpha((unsigned char)s[0]) || s[0] == '_'))
        return false;
    for (size_t i = 1; i < n; i++)
        if (!(isalnum((unsigned char)s[i]) || s[i] == '_'))
            return false;
    return true;
}

static void x86_set_reg(GString *out, const char *reg, const char *sym, int64_t value)
{
    if (sym != NULL)
        g_string_append_printf(out, "\tmov %s, OFFSET %s\n", reg, sym);
    else
        g_string_append_printf(out, "\tmov %s, %" G_GINT64_FORMAT "\n", reg, value);
}

/* An AT&T row: "(x)" (a location, not a register) becomes "x". */
static void att_insn(GString *out, const char *insn, GPtrArray *symbols)
{
    g_string_append(out, "\t.att_syntax prefix\n\t");
    for (const char *p = insn; *p;) {
        const char *close = *p == '(' ? strchr(p, ')') : NULL;
        if (close != NULL && is_ident(p + 1, (size_t)(close - p - 1))) {
            char *name = g_strndup(p + 1, (size_t)(close - p - 1));
            g_string_append(out, name);
            g_ptr_array_add(symbols, name);
            p = close + 1;
        } else {
            g_string_append_c(out, *p++);
        }
    }
    g_string_append(out, "\n\t.intel_syntax noprefix\n");
}

/* An Intel row: "$n" is n, "$x" the address of x, and a memory operand in
 * an instruction with no register operand gets "DWORD PTR". */
static void x86_insn(GString *out, const char *insn, GPtrArray *symbols)
{
    if (strchr(insn, '[') == NULL && (strchr(insn, '%') != NULL || strchr(insn, '(') != NULL)) {
        att_insn(out, insn, symbols);
        return;
    }
    /* the mnemonic (and a LOCK prefix), then the operands */
    const char *ops = insn;
    while (*ops && !isspace((unsigned char)*ops))
        ops++;
    if (g_ascii_strncasecmp(insn, "LOCK", 4) == 0 && (size_t)(ops - insn) == 4) {
        while (isspace((unsigned char)*ops))
            ops++;
        while (*ops && !isspace((unsigned char)*ops))
            ops++;
    }
    g_auto(GStrv) operands = g_strsplit(ops, ",", -1);
    bool has_reg = false;
    for (char **o = operands; *o; o++) {
        g_strstrip(*o);
        has_reg |= is_ident(*o, strlen(*o));
    }
    g_string_append_c(out, '\t');
    g_string_append_len(out, insn, ops - insn);
    for (char **o = operands; *o && **o; o++) {
        g_string_append(out, o == operands ? " " : ", ");
        const char *op = *o;
        if (op[0] == '$') {
            bool sym = is_ident(op + 1, strlen(op + 1));
            g_string_append_printf(out, "%s%s", sym ? "OFFSET " : "", op + 1);
            continue;
        }
        if (op[0] == '[') {
            size_t n = strcspn(op + 1, "]+-");
            if (is_ident(op + 1, n))
                g_ptr_array_add(symbols, g_strndup(op + 1, n));
            if (!has_reg && strstr(insn, "PTR") == NULL && strstr(insn, "ptr") == NULL)
                g_string_append(out, "DWORD PTR ");
        }
        g_string_append(out, op);
    }
    g_string_append_c(out, '\n');
}

static void x86_call(GString *out, const char *fn)
{
    g_string_append_printf(out, "\tcall %s\n", fn);
}

/* The general registers by name, 64, 32, 16 and 8 bits. */
static const struct {
    const char *name;
    int id;
} x86_regs[] = {
    { "rax", UC_X86_REG_RAX }, { "rbx", UC_X86_REG_RBX }, { "rcx", UC_X86_REG_RCX },
    { "rdx", UC_X86_REG_RDX }, { "rsi", UC_X86_REG_RSI }, { "rdi", UC_X86_REG_RDI },
    { "r8", UC_X86_REG_R8 },   { "r9", UC_X86_REG_R9 },   { "r10", UC_X86_REG_R10 },
    { "r11", UC_X86_REG_R11 }, { "r12", UC_X86_REG_R12 }, { "r13", UC_X86_REG_R13 },
    { "r14", UC_X86_REG_R14 }, { "r15", UC_X86_REG_R15 },
    { "eax", UC_X86_REG_EAX }, { "ebx", UC_X86_REG_EBX }, { "ecx", UC_X86_REG_ECX },
    { "edx", UC_X86_REG_EDX }, { "esi", UC_X86_REG_ESI }, { "edi", UC_X86_REG_EDI },
    { "r8d", UC_X86_REG_R8D }, { "r9d", UC_X86_REG_R9D }, { "r10d", UC_X86_REG_R10D },
    { "r11d", UC_X86_REG_R11D }, { "r12d", UC_X86_REG_R12D }, { "r13d", UC_X86_REG_R13D },
    { "r14d", UC_X86_REG_R14D }, { "r15d", UC_X86_REG_R15D },
    { "ax", UC_X86_REG_AX },   { "bx", UC_X86_REG_BX },   { "cx", UC_X86_REG_CX },
    { "dx", UC_X86_REG_DX },   { "si", UC_X86_REG_SI },   { "di", UC_X86_REG_DI },
    { "al", UC_X86_REG_AL },   { "bl", UC_X86_REG_BL },   { "cl", UC_X86_REG_CL },
    { "dl", UC_X86_REG_DL },
};

static int x86_reg_id(const char *name)
{
    for (size_t i = 0; i < G_N_ELEMENTS(x86_regs); i++)
        if (g_ascii_strcasecmp(x86_regs[i].name, name) == 0)
            return x86_regs[i].id;
    return -1;
}

static const char *const x86_archs[] = { "X86", NULL };
static const char *const x86_64_archs[] = { "X86_64", NULL };
/* the stack and frame pointers: the harness calls, and the core's stack */
static const char *const x86_reserved[] = { "esp", "ebp", "rsp", "rbp", "sp", "bp", NULL };

const struct cpu_litmus x86_litmus = {
    .archs = x86_archs,
    .reserved = x86_reserved,
    .preamble = "\t.intel_syntax noprefix\n",
    .function_type = "@function",
    .set_reg = x86_set_reg,
    .insn = x86_insn,
    .call = x86_call,
    .reg_id = x86_reg_id,
    .arg0 = "eax",
    .c_attribute = "regparm(1)",
};

const struct cpu_litmus x86_64_litmus = {
    .archs = x86_64_archs,
    .reserved = x86_reserved,
    .preamble = "\t.intel_syntax noprefix\n",
    .function_type = "@function",
    .set_reg = x86_set_reg,
    .insn = x86_insn,
    .call = x86_call,
    .reg_id = x86_reg_id,
    .arg0 = "rdi",
    .c_attribute = "",
};
