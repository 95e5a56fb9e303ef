/* riscv64-spell.c — the integer instructions that do not touch memory
 * (RV64I and M: register-immediate and register-register operations, lui,
 * auipc, jumps, conditional branches), spelled as riscv64-linux-gnu-objdump
 * (binutils 2.40) spells them, with its aliases: li, mv, nop, not, neg,
 * negw, seqz, snez, sltz, sgtz, sext.w, zext.b, j, jal, jr, jalr, ret,
 * beqz, bnez, bltz, bgez, blez, bgtz.  Like objdump it spells addi, andi,
 * xori ... without the i (add a0,a0,1) and shift amounts in hex (sll
 * a0,a0,0x2), and a jump's target as the address in hex.
 *
 * References: the RISC-V unprivileged ISA specification (20191213),
 * chapter 2 (2.4 integer computational instructions, 2.5 control transfer),
 * chapter 5 (RV64I), chapter 7 ("M" extension) and chapter 25 (table 25.2,
 * the pseudoinstructions).
 */
#include <glib.h>

#include "riscv64-decode.h"

/* OP by funct3, for funct7 0, 0x20 and 1 (M); OP-32 likewise.  NULL: no
 * such instruction. */
static const char *const op_names[3][8] = {
    { "add", "sll", "slt", "sltu", "xor", "srl", "or", "and" },
    { "sub", NULL, NULL, NULL, NULL, "sra", NULL, NULL },
    { "mul", "mulh", "mulhsu", "mulhu", "div", "divu", "rem", "remu" },
};
static const char *const op32_names[3][8] = {
    { "addw", "sllw", NULL, NULL, NULL, "srlw", NULL, NULL },
    { "subw", NULL, NULL, NULL, NULL, "sraw", NULL, NULL },
    { "mulw", NULL, NULL, NULL, "divw", "divuw", "remw", "remuw" },
};
/* BRANCH by funct3, and the alias when rs2 is zero / when rs1 is zero. */
static const char *const branch_names[8] = { "beq", "bne", NULL, NULL, "blt", "bge", "bltu", "bgeu" };
static const char *const branch_rs2_zero[8] = { "beqz", "bnez", NULL, NULL, "bltz", "bgez" };
static const char *const branch_rs1_zero[8] = { [4] = "bgtz", [5] = "blez" };

static bool spell_op(uint32_t w, bool w32, const char *const names[32], char *buf, size_t len)
{
    unsigned f3 = (w >> 12) & 7, f7 = w >> 25;
    unsigned rd = (w >> 7) & 31, rs1 = (w >> 15) & 31, rs2 = (w >> 20) & 31;
    int row = f7 == 0 ? 0 : f7 == 0x20 ? 1 : f7 == 1 ? 2 : -1;
    if (row < 0)
        return false;
    const char *name = (w32 ? op32_names : op_names)[row][f3];
    if (name == NULL)
        return false;
    if (rs1 == 0 && row == 1 && f3 == 0)
        g_snprintf(buf, len, "%s %s,%s", w32 ? "negw" : "neg", names[rd], names[rs2]);
    else if (!w32 && row == 0 && f3 == 3 && rs1 == 0)
        g_snprintf(buf, len, "snez %s,%s", names[rd], names[rs2]);
    else if (!w32 && row == 0 && f3 == 2 && rs2 == 0)
        g_snprintf(buf, len, "sltz %s,%s", names[rd], names[rs1]);
    else if (!w32 && row == 0 && f3 == 2 && rs1 == 0)
        g_snprintf(buf, len, "sgtz %s,%s", names[rd], names[rs2]);
    else
        g_snprintf(buf, len, "%s %s,%s,%s", name, names[rd], names[rs1], names[rs2]);
    return true;
}

static bool spell_imm(uint32_t w, bool w32, const char *const names[32], char *buf, size_t len)
{
    unsigned f3 = (w >> 12) & 7, rd = (w >> 7) & 31, rs1 = (w >> 15) & 31;
    int32_t imm = (int32_t)w >> 20;
    const char *d = names[rd], *s = names[rs1];
    if (f3 == 1 || f3 == 5) {           /* shifts: shamt[5:0], imm[10] arithmetic */
        unsigned shamt = (w >> 20) & (w32 ? 31 : 63), top = w >> (w32 ? 25 : 26);
        bool arith = f3 == 5 && top == (w32 ? 0x20u : 0x10u);
        if (top != 0 && !arith)
            return false;
        if (f3 == 1 && arith)
            return false;
        const char *name = f3 == 1 ? "sll" : arith ? "sra" : "srl";
        g_snprintf(buf, len, "%s%s %s,%s,0x%x", name, w32 ? "w" : "", d, s, shamt);
        return true;
    }
    if (w32) {
        if (f3 != 0)
            return false;
        if (imm == 0)
            g_snprintf(buf, len, "sext.w %s,%s", d, s);
        else
            g_snprintf(buf, len, "addw %s,%s,%d", d, s, imm);
        return true;
    }
    static const char *const names_i[8] = { "add", NULL, "slti", "sltiu", "xor", NULL, "or", "and" };
    if (f3 == 0 && rd == 0 && rs1 == 0 && imm == 0)
        g_strlcpy(buf, "nop", len);
    else if (f3 == 0 && rs1 == 0)
        g_snprintf(buf, len, "li %s,%d", d, imm);
    else if (f3 == 0 && imm == 0)
        g_snprintf(buf, len, "mv %s,%s", d, s);
    else if (f3 == 3 && imm == 1)
        g_snprintf(buf, len, "seqz %s,%s", d, s);
    else if (f3 == 4 && imm == -1)
        g_snprintf(buf, len, "not %s,%s", d, s);
    else if (f3 == 7 && imm == 255)
        g_snprintf(buf, len, "zext.b %s,%s", d, s);
    else
        g_snprintf(buf, len, "%s %s,%s,%d", names_i[f3], d, s, imm);
    return true;
}

/* The offset of a jal (J-type immediate, 2.5) or a conditional branch
 * (B-type); false for any other instruction. */
bool rv_branch_offset(uint32_t w, int32_t *off)
{
    if ((w & 0x7f) == OP_JAL)
        *off = (int32_t)((w & 0x80000000u) | (w & 0xff000) << 11 | (w & 0x100000) << 2 |
                         (w & 0x7fe00000u) >> 9) >> 11;
    else if ((w & 0x7f) == OP_BRANCH)
        *off = (int32_t)((w & 0x80000000u) | (w & 0x80) << 23 | (w & 0x7e000000u) >> 1 |
                         (w & 0xf00) << 12) >> 19;
    else
        return false;
    return true;
}

bool rv_spell_plain(uint32_t w, uint64_t pc, const char *const names[32], char *buf, size_t len)
{
    unsigned op = w & 0x7f, f3 = (w >> 12) & 7;
    unsigned rd = (w >> 7) & 31, rs1 = (w >> 15) & 31, rs2 = (w >> 20) & 31;
    int32_t imm = (int32_t)w >> 20, off;
    unsigned long long target = 0;
    if (rv_branch_offset(w, &off))
        target = pc + (int64_t)off;
    switch (op) {
    case OP_IMM:
        return spell_imm(w, false, names, buf, len);
    case OP_IMM_32:
        return spell_imm(w, true, names, buf, len);
    case OP_OP:
        return spell_op(w, false, names, buf, len);
    case OP_OP_32:
        return spell_op(w, true, names, buf, len);
    case OP_LUI: case OP_AUIPC:
        g_snprintf(buf, len, "%s %s,0x%x", op == OP_LUI ? "lui" : "auipc", names[rd], w >> 12);
        return true;
    case OP_JAL:
        if (rd == 0)
            g_snprintf(buf, len, "j %llx", target);
        else if (rd == 1)
            g_snprintf(buf, len, "jal %llx", target);
        else
            g_snprintf(buf, len, "jal %s,%llx", names[rd], target);
        return true;
    case OP_JALR:
        if (f3 != 0)
            return false;
        if (rd == 0 && rs1 == 1 && imm == 0)
            g_strlcpy(buf, "ret", len);
        else if ((rd == 0 || rd == 1) && imm == 0)
            g_snprintf(buf, len, "%s %s", rd ? "jalr" : "jr", names[rs1]);
        else if (rd == 0 || rd == 1)
            g_snprintf(buf, len, "%s %d(%s)", rd ? "jalr" : "jr", imm, names[rs1]);
        else
            g_snprintf(buf, len, "jalr %s,%d(%s)", names[rd], imm, names[rs1]);
        return true;
    case OP_BRANCH:
        if (branch_names[f3] == NULL)
            return false;
        if (rs2 == 0 && branch_rs2_zero[f3] != NULL)
            g_snprintf(buf, len, "%s %s,%llx", branch_rs2_zero[f3], names[rs1], target);
        else if (rs1 == 0 && branch_rs1_zero[f3] != NULL)
            g_snprintf(buf, len, "%s %s,%llx", branch_rs1_zero[f3], names[rs2], target);
        else
            g_snprintf(buf, len, "%s %s,%s,%llx", branch_names[f3], names[rs1], names[rs2],
                       target);
        return true;
    case OP_SYSTEM:
        if (w == 0x00100073) {
            g_strlcpy(buf, "ebreak", len);
            return true;
        }
        return false;
    default:
        return false;
    }
}
