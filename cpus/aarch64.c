/* aarch64.c — ARMv8.1-A AArch64, little-endian.  Capstone 4 decodes the
 * ARMv8.0 instructions; the LSE atomics of ARMv8.1 (ldadd, swp, cas ...),
 * which it does not know, are decoded here from the instruction word. */
#include <elf.h>
#include <glib.h>
#include <string.h>

#include "capstone-decoder.h"

#define A64_EXCP_UDEF 1
#define A64_EXCP_SWI 2          /* svc #0: the Linux system call (x8, x0..) */

/* The compact register numbering (cpu.h): x0-x30 as 0-30, sp as 31, then
 * the condition flags (NZCV). */
#define A64_REG_NUM_SP 31
#define A64_REG_NUM_FLAGS 32

/* A general register's number 0-30, 31 for sp / the zero register, or -1. */
static int gpr_number(arm64_reg r)
{
    if (r >= ARM64_REG_X0 && r <= ARM64_REG_X28)
        return r - ARM64_REG_X0;
    if (r >= ARM64_REG_W0 && r <= ARM64_REG_W30)
        return r - ARM64_REG_W0;
    switch (r) {
    case ARM64_REG_X29: return 29;
    case ARM64_REG_X30: return 30;
    case ARM64_REG_SP: case ARM64_REG_WSP: case ARM64_REG_XZR: case ARM64_REG_WZR:
        return 31;
    default: return -1;
    }
}

/* Unicorn's id of general register n as a base or data register (31: sp
 * when sp31, else the zero register). */
static int uc_gpr(int n, bool sp31)
{
    if (n < 29)
        return UC_ARM64_REG_X0 + n;
    if (n == 29)
        return UC_ARM64_REG_X29;
    if (n == 30)
        return UC_ARM64_REG_X30;
    return sp31 ? UC_ARM64_REG_SP : UC_ARM64_REG_XZR;
}

static int uc_reg(arm64_reg r)
{
    if (r == ARM64_REG_INVALID)
        return -1;
    int n = gpr_number(r);
    if (n < 0)
        return -2;
    return uc_gpr(n, r == ARM64_REG_SP || r == ARM64_REG_WSP);
}

/* The mask of one Capstone register in the compact numbering. */
static uint64_t reg_bit(arm64_reg r)
{
    if (r == ARM64_REG_INVALID || r == ARM64_REG_XZR || r == ARM64_REG_WZR)
        return 0;
    if (r == ARM64_REG_NZCV)
        return CPU_REG_BIT(A64_REG_NUM_FLAGS);
    int n = gpr_number(r);
    return n >= 0 ? CPU_REG_BIT(n) : CPU_REG_BIT(CPU_REG_OTHER);
}

/* ---- LSE, ARMv8.1 (Arm ARM DDI 0487, C4.1 "Loads and Stores": Atomic
 * memory operations; Compare and swap; Compare and swap pair). ---- */

struct lse_group {
    uint32_t mask, value;
};
/* size:2 111 0 00 A R 1 Rs o3 opc:3 00 Rn Rt */
static const struct lse_group lse_atomic = { 0x3f200c00, 0x38200000 };
/* size:2 001000 1 L 1 Rs o0 11111 Rn Rt */
static const struct lse_group lse_cas = { 0x3fa07c00, 0x08a07c00 };
/* 0 sz 001000 0 L 1 Rs o0 11111 Rn Rt */
static const struct lse_group lse_casp = { 0xbfa07c00, 0x08207c00 };

/* The atomic memory operations by o3:opc (C6.2, LDADD ... SWP); NULL is
 * unallocated here (LDAPR, o3:opc = 1100, is a Capstone-4-unknown load,
 * handled apart). */
static const char *const lse_ops[16] = {
    "ldadd", "ldclr", "ldeor", "ldset", "ldsmax", "ldsmin", "ldumax", "ldumin",
    "swp", NULL, NULL, NULL, NULL, NULL, NULL, NULL,
};

static bool lse_match(uint32_t w, const struct lse_group *g)
{
    return (w & g->mask) == g->value;
}

/* ldapr (ARMv8.3 RCpc, C6.2.LDAPR): size 111 0 00 1 0 1 11111 1 100 00 Rn Rt */
static bool is_ldapr(uint32_t w)
{
    return (w & 0x3ffffc00) == 0x38bfc000;
}

/* An LSE instruction's ordering: ORDER_ACQUIRE | ORDER_RELEASE, from A and
 * R (bits 23, 22) of an atomic memory operation (C6.2.LDADD), L and o0
 * (bits 22, 15) of cas and casp (C6.2.CAS): also the index of its
 * mnemonic's suffix, "", "l", "a", "al". */
#define ORDER_RELEASE 1u
#define ORDER_ACQUIRE 2u
static unsigned lse_order(uint32_t w)
{
    if (lse_match(w, &lse_atomic))
        return (w >> 22) & 3;
    return ((w >> 22) & 1) << 1 | ((w >> 15) & 1);
}

/* Classify an LSE instruction or ldapr from its word; false if w is none. */
static bool lse_classify(uint32_t w, struct insn_info *out)
{
    unsigned size = w >> 30, rs = (w >> 16) & 31, rn = (w >> 5) & 31, rt = w & 31;
    memset(out, 0, sizeof *out);
    out->length = 4;
    out->mem.base = uc_gpr((int)rn, true);
    out->mem.index = -1;
    out->regs_address = CPU_REG_BIT(rn);
    uint64_t rs_bit = rs == 31 ? 0 : CPU_REG_BIT(rs);
    uint64_t rt_bit = rt == 31 ? 0 : CPU_REG_BIT(rt);
    if (is_ldapr(w)) {
        out->kind = INSN_LOAD;
        out->size = (uint8_t)(1u << size);
        out->regs_written = rt_bit;
        out->acquire_pc = true;     /* Load-AcquirePC, B2.3.3 */
    } else if (lse_match(w, &lse_atomic) && lse_ops[(w >> 12) & 15] != NULL) {
        /* one atomic RMW: Rt gets the old value, memory old op Rs */
        out->kind = INSN_RMW;
        out->size = (uint8_t)(1u << size);
        out->regs_read = rs_bit;
        out->regs_written = rt_bit;
    } else if (lse_match(w, &lse_cas)) {
        /* cas Rs, Rt, [Xn]: stores Rt if memory equals Rs; Rs gets the old */
        out->kind = INSN_RMW;
        out->cas = true;
        out->size = (uint8_t)(1u << size);
        out->data_reg[0] = (int16_t)uc_gpr((int)rs, false);
        out->regs_read = rs_bit | rt_bit;
        out->regs_written = rs_bit;
    } else if (lse_match(w, &lse_casp)) {
        /* casp Rs, Rs+1, Rt, Rt+1, [Xn]: even register pairs (C6.2.CASP) */
        if ((rs & 1) || (rt & 1)) {
            out->kind = INSN_UNSUPPORTED;
            out->why = "casp with an odd register: CONSTRAINED UNPREDICTABLE";
            return true;
        }
        out->kind = INSN_RMW;
        out->cas = true;
        out->size = (uint8_t)(size & 1 ? 16 : 8);
        out->data_reg[0] = (int16_t)uc_gpr((int)rs, false);
        out->data_reg[1] = (int16_t)uc_gpr((int)rs + 1, false);
        uint64_t pair_s = rs == 31 ? 0 : rs_bit | CPU_REG_BIT(rs + 1);
        uint64_t pair_t = rt == 31 ? 0 : rt_bit | CPU_REG_BIT(rt + 1);
        out->regs_read = pair_s | pair_t;
        out->regs_written = pair_s;
    } else {
        return false;
    }
    /* its ordering; ld<op> and swp into the zero register do not acquire
     * (the st<op> aliases: C6.2.LDADD), nor does cas */
    if (out->kind == INSN_RMW) {
        unsigned order = lse_order(w);
        out->release = order & ORDER_RELEASE;
        /* the register that gets the old value: Rs for cas, else Rt; into
         * the zero register the read neither acquires nor is ordered by a
         * DMB LD (herd7's aarch64.cat: NoRet) */
        out->no_result = (out->cas ? rs : rt) == 31;
        out->acquire = (order & ORDER_ACQUIRE) && !out->no_result;
    }
    /* the stack holds only what its own core put there */
    if (rn == 31) {
        out->regs_read |= CPU_REG_BIT(CPU_REG_STACK);
        if (out->kind != INSN_LOAD)
            out->regs_written |= CPU_REG_BIT(CPU_REG_STACK);
        out->kind = INSN_PRIVATE;
    }
    return true;
}

/* Register names for the spelled instructions. */
static void gpr_name(char *buf, size_t len, unsigned n, bool x)
{
    if (n == 31)
        g_snprintf(buf, len, "%s", x ? "xzr" : "wzr");
    else
        g_snprintf(buf, len, "%c%u", x ? 'x' : 'w', n);
}

/* Spell an LSE instruction or ldapr as binutils does; false if w is none. */
static bool lse_disassemble(uint32_t w, char *buf, size_t len)
{
    static const char *const suffix[4] = { "b", "h", "", "" };
    static const char *const order[4] = { "", "l", "a", "al" };
    unsigned size = w >> 30, rs = (w >> 16) & 31, rn = (w >> 5) & 31, rt = w & 31;
    char s[8], s1[8], t[8], t1[8], n[8];
    bool x = size == 3;
    if (rn == 31)
        g_snprintf(n, sizeof n, "sp");
    else
        g_snprintf(n, sizeof n, "x%u", rn);
    gpr_name(t, sizeof t, rt, x);
    if (is_ldapr(w)) {
        g_snprintf(buf, len, "ldapr%s %s, [%s]", suffix[size], t, n);
        return true;
    }
    if (lse_match(w, &lse_atomic) && lse_ops[(w >> 12) & 15] != NULL) {
        const char *op = lse_ops[(w >> 12) & 15];
        unsigned ar = lse_order(w);
        gpr_name(s, sizeof s, rs, x);
        if (rt == 31 && op[0] == 'l' && !(ar & ORDER_ACQUIRE))     /* the st<op> alias */
            g_snprintf(buf, len, "st%s%s%s %s, [%s]", op + 2, order[ar], suffix[size], s, n);
        else
            g_snprintf(buf, len, "%s%s%s %s, %s, [%s]", op, order[ar], suffix[size], s, t, n);
        return true;
    }
    if (lse_match(w, &lse_cas) || lse_match(w, &lse_casp)) {
        bool pair = lse_match(w, &lse_casp);
        unsigned ar = lse_order(w);
        if (pair) {
            x = size & 1;
            gpr_name(t, sizeof t, rt, x);
            gpr_name(s, sizeof s, rs, x);
            gpr_name(s1, sizeof s1, rs + 1, x);
            gpr_name(t1, sizeof t1, rt + 1, x);
            g_snprintf(buf, len, "casp%s %s, %s, %s, %s, [%s]", order[ar], s, s1, t, t1, n);
        } else {
            gpr_name(s, sizeof s, rs, x);
            g_snprintf(buf, len, "cas%s%s %s, %s, [%s]", order[ar], suffix[size], s, t, n);
        }
        return true;
    }
    return false;
}

/* ---- What Capstone 4 decodes ---- */

/* Bytes one register of a load or store holds. */
static unsigned reg_bytes(arm64_reg r)
{
    if ((r >= ARM64_REG_W0 && r <= ARM64_REG_W30) || r == ARM64_REG_WZR ||
        (r >= ARM64_REG_S0 && r <= ARM64_REG_S31))
        return 4;
    if ((r >= ARM64_REG_B0 && r <= ARM64_REG_B31))
        return 1;
    if ((r >= ARM64_REG_H0 && r <= ARM64_REG_H31))
        return 2;
    if ((r >= ARM64_REG_Q0 && r <= ARM64_REG_Q31) || (r >= ARM64_REG_V0 && r <= ARM64_REG_V31))
        return 16;
    return 8;
}

/* Bytes a memory instruction moves: a byte or halfword form, else its
 * register's width, twice for a pair. */
static uint8_t access_size(const cs_insn *insn)
{
    const cs_arm64 *a = &insn->detail->arm64;
    const char *m = insn->mnemonic;
    size_t l = strlen(m);
    bool pair = g_str_has_prefix(m, "ldp") || g_str_has_prefix(m, "stp") ||
                g_str_has_prefix(m, "ldnp") || g_str_has_prefix(m, "stnp") ||
                g_str_has_suffix(m, "xp");
    if (g_str_has_prefix(m, "ldpsw"))
        return 8;
    if (!pair && l > 0 && !g_str_has_prefix(m, "ld1") && !g_str_has_prefix(m, "st1")) {
        if (m[l - 1] == 'b')
            return 1;
        if (m[l - 1] == 'h')
            return 2;
        if (g_str_has_suffix(m, "sw"))
            return 4;
    }
    /* stxr/stlxr: operand 0 is the status; the data comes next */
    int data = g_str_has_prefix(m, "st") && (strstr(m, "xr") || strstr(m, "xp")) ? 1 : 0;
    unsigned bytes = a->op_count > data && a->operands[data].type == ARM64_OP_REG
                     ? reg_bytes(a->operands[data].reg) : 8;
    return (uint8_t)(pair ? 2 * bytes : bytes);
}

/* The effective address of memory operand i; false for a register that
 * cannot address shared memory.  An index register extended with uxtw or
 * sxtw contributes its low 32 bits, zero- or sign-extended (C6.2.LDR
 * (register): the extend option). */
static bool memory_operand(const cs_arm64 *a, int i, struct insn_info *out)
{
    const cs_arm64_op *op = &a->operands[i];
    out->mem.base = uc_reg(op->mem.base);
    out->regs_address = reg_bit(op->mem.base);
    /* post-indexed ([xn], #imm) names the offset as a further operand: the
     * access is at xn (C1.3.3, load/store addressing modes) */
    bool post_indexed = a->writeback && i + 1 < a->op_count;
    if (!post_indexed) {
        out->mem.index = uc_reg(op->mem.index);
        out->regs_address |= reg_bit(op->mem.index);
        out->mem.scale = 1;
        out->mem.shift = (uint8_t)(op->shift.type == ARM64_SFT_LSL ? op->shift.value : 0);
        out->mem.index_w = op->ext == ARM64_EXT_UXTW || op->ext == ARM64_EXT_SXTW;
        out->mem.index_signed = op->ext == ARM64_EXT_SXTW;
        out->mem.disp = op->mem.disp;
    }
    return out->mem.base != -2 && out->mem.index != -2;
}

/* Load-Acquire and Store-Release (B2.3.3; ldapr, RCpc, is taken apart
 * with LSE). */
static bool is_acquire(unsigned id)
{
    switch (id) {
    case ARM64_INS_LDAR: case ARM64_INS_LDARB: case ARM64_INS_LDARH:
    case ARM64_INS_LDAXR: case ARM64_INS_LDAXRB: case ARM64_INS_LDAXRH: case ARM64_INS_LDAXP:
        return true;
    default:
        return false;
    }
}

static bool is_release(unsigned id)
{
    switch (id) {
    case ARM64_INS_STLR: case ARM64_INS_STLRB: case ARM64_INS_STLRH:
    case ARM64_INS_STLXR: case ARM64_INS_STLXRB: case ARM64_INS_STLXRH: case ARM64_INS_STLXP:
        return true;
    default:
        return false;
    }
}

static bool is_exclusive_load(unsigned id)
{
    switch (id) {
    case ARM64_INS_LDXR: case ARM64_INS_LDXRB: case ARM64_INS_LDXRH: case ARM64_INS_LDXP:
    case ARM64_INS_LDAXR: case ARM64_INS_LDAXRB: case ARM64_INS_LDAXRH: case ARM64_INS_LDAXP:
        return true;
    default:
        return false;
    }
}

static bool is_exclusive_store(unsigned id)
{
    switch (id) {
    case ARM64_INS_STXR: case ARM64_INS_STXRB: case ARM64_INS_STXRH: case ARM64_INS_STXP:
    case ARM64_INS_STLXR: case ARM64_INS_STLXRB: case ARM64_INS_STLXRH: case ARM64_INS_STLXP:
        return true;
    default:
        return false;
    }
}

/* Exclusives, clrex and barriers.  The exclusives are events even on the
 * stack: atomsim's monitor decides every store-exclusive (B2.9). */
static bool exclusive_or_barrier(const cs_insn *insn, struct insn_info *out)
{
    const cs_arm64 *a = &insn->detail->arm64;
    if (is_exclusive_load(insn->id)) {
        out->kind = INSN_LL;
    } else if (is_exclusive_store(insn->id)) {
        /* stxr ws, xt[, xt2], [xn]: ws gets 0 when it stored (C6.2.STXR) */
        out->kind = INSN_SC;
        out->status_reg = (int16_t)uc_reg(a->operands[0].reg);
        out->data_reg[0] = (int16_t)uc_reg(a->operands[1].reg);
        if (insn->id == ARM64_INS_STXP || insn->id == ARM64_INS_STLXP)
            out->data_reg[1] = (int16_t)uc_reg(a->operands[2].reg);
    } else if (insn->id == ARM64_INS_CLREX) {
        out->kind = INSN_CLREX;
        return true;
    } else if (insn->id == ARM64_INS_DMB || insn->id == ARM64_INS_DSB ||
               insn->id == ARM64_INS_ISB) {
        /* dmb/dsb with an ST option order stores against stores only, with
         * an LD option loads against later accesses only (B2.3.11); the
         * others are full barriers.  isb orders no access by itself: the
         * loads after it wait for the branches before it (a control
         * dependency and isb order a later load, B2.3.6; Promising's isb:
         * vrNew joins vCAP) */
        arm64_barrier_op b = a->op_count > 0 ? a->operands[0].barrier : ARM64_BARRIER_SY;
        bool data = insn->id != ARM64_INS_ISB;
        out->kind = INSN_FENCE;
        out->instruction_barrier = !data;
        out->stores_only = data && (b == ARM64_BARRIER_ST || b == ARM64_BARRIER_ISHST ||
                                    b == ARM64_BARRIER_NSHST || b == ARM64_BARRIER_OSHST);
        out->loads_only = data && (b == ARM64_BARRIER_LD || b == ARM64_BARRIER_ISHLD ||
                                   b == ARM64_BARRIER_NSHLD || b == ARM64_BARRIER_OSHLD);
        out->loads_pass = out->stores_only;     /* B2.3.11: dmb st orders W -> W */
        out->loads_before_stores = data && !out->stores_only;
        return true;
    } else {
        return false;
    }
    out->size = access_size(insn);
    int last = a->op_count - 1;
    if (last < 1 || a->operands[last].type != ARM64_OP_MEM || !memory_operand(a, last, out))
        out->kind = INSN_PRIVATE;
    return true;
}

/* cmp and cmn with an immediate, shifted left by 12 or not (Arm ARM K.a
 * C6.2.61, C6.2.58: aliases of subs and adds that discard the result). */
static bool a64_compare_constant(cpu_decoder *d, const uint8_t *code, size_t avail, uint64_t pc,
                                 int64_t *k)
{
    const cs_insn *insn = capstone_decode(d, code, avail, pc);
    if (insn == NULL || (insn->id != ARM64_INS_CMP && insn->id != ARM64_INS_CMN))
        return false;
    const cs_arm64 *a = &insn->detail->arm64;
    for (uint8_t i = 0; i < a->op_count; i++) {
        const cs_arm64_op *op = &a->operands[i];
        if (op->type != ARM64_OP_IMM)
            continue;
        int64_t imm = op->shift.type == ARM64_SFT_LSL ? op->imm << op->shift.value : op->imm;
        *k = insn->id == ARM64_INS_CMN ? -imm : imm;
        return true;
    }
    return false;
}

static bool classify_access(const cs_insn *insn, struct insn_info *out)
{
    const cs_arm64 *a = &insn->detail->arm64;
    out->acquire = is_acquire(insn->id);
    out->release = is_release(insn->id);
    switch (insn->id) {
    case ARM64_INS_SVC:
        out->kind = INSN_TRAP;
        return true;
    case ARM64_INS_PRFM: case ARM64_INS_PRFUM:     /* hints */
        return true;
    default:
        break;
    }
    if (exclusive_or_barrier(insn, out))
        return true;
    for (int i = 0; i < a->op_count; i++) {
        const cs_arm64_op *op = &a->operands[i];
        if (op->type != ARM64_OP_MEM)
            continue;
        if (op->mem.base == ARM64_REG_SP)      /* the core's own stack */
            return true;
        const char *m = insn->mnemonic;
        out->kind = m[0] == 's' ? INSN_STORE : INSN_LOAD;   /* st*, stl*, stn*, stt* */
        out->size = access_size(insn);
        return memory_operand(a, i, out);
    }
    return true;
}

/* The registers that only form addresses. */
static uint64_t address_only_registers(const cs_insn *insn)
{
    const cs_arm64 *a = &insn->detail->arm64;
    uint64_t addr = 0, value = 0;
    for (int i = 0; i < a->op_count; i++) {
        const cs_arm64_op *op = &a->operands[i];
        if (op->type == ARM64_OP_MEM)
            addr |= reg_bit(op->mem.base) | reg_bit(op->mem.index);
        else if (op->type == ARM64_OP_REG && (op->access & CS_AC_READ))
            value |= reg_bit(op->reg);
    }
    return addr & ~value;
}

/* The base register of a writeback access, unless also a data register. */
static uint64_t written_back_base(const cs_arm64 *a)
{
    for (int i = 0; i < a->op_count; i++) {
        if (a->operands[i].type != ARM64_OP_MEM)
            continue;
        uint64_t base = reg_bit(a->operands[i].mem.base);
        for (int j = 0; j < i; j++)
            if (a->operands[j].type == ARM64_OP_REG && reg_bit(a->operands[j].reg) == base)
                return 0;
        return base;
    }
    return 0;
}

static void register_sets(cpu_decoder *d, const cs_insn *insn, struct insn_info *out)
{
    const cs_arm64 *a = &insn->detail->arm64;
    cs_regs rd, wr;
    uint8_t nrd, nwr;
    if (!capstone_regs_access(d, insn, rd, &nrd, wr, &nwr)) {
        out->regs_read = out->regs_written = UINT64_MAX;
        return;
    }
    for (int i = 0; i < nrd; i++)
        out->regs_read |= reg_bit(rd[i]);
    out->regs_read &= ~address_only_registers(insn);
    for (int i = 0; i < nwr; i++)
        out->regs_written |= reg_bit(wr[i]);
    /* Capstone 4 lists the first operand of cmp, cmn and tst (an alias
     * writing the zero register) as written: they only read it */
    if (insn->id == ARM64_INS_CMP || insn->id == ARM64_INS_CMN || insn->id == ARM64_INS_TST) {
        out->regs_read |= out->regs_written & ~CPU_REG_BIT(A64_REG_NUM_FLAGS);
        out->regs_written = 0;
    }
    if (a->update_flags)
        out->regs_written |= CPU_REG_BIT(A64_REG_NUM_FLAGS);
    /* a base written back (pre- or post-indexed, C1.3.3) keeps what it
     * depended on, as the value moved does not flow into it */
    if (a->writeback)
        out->regs_written &= ~written_back_base(a);
    /* conditional selects and compares read the flags (C1.2.4) */
    if (a->cc != ARM64_CC_AL && a->cc != ARM64_CC_NV && a->cc != ARM64_CC_INVALID)
        out->regs_read |= CPU_REG_BIT(A64_REG_NUM_FLAGS);
    for (int i = 0; i < a->op_count; i++) {
        const cs_arm64_op *op = &a->operands[i];
        if (op->type != ARM64_OP_MEM || op->mem.base != ARM64_REG_SP)
            continue;
        out->regs_read |= CPU_REG_BIT(CPU_REG_STACK);
        if (insn->mnemonic[0] == 's')
            out->regs_written |= CPU_REG_BIT(CPU_REG_STACK);
    }
}

static uint32_t insn_word(const uint8_t *code)
{
    return (uint32_t)code[0] | (uint32_t)code[1] << 8 | (uint32_t)code[2] << 16 |
           (uint32_t)code[3] << 24;
}

static cpu_decoder *a64_decoder_new(void)
{
    return capstone_decoder_new(CS_ARCH_ARM64, CS_MODE_ARM);
}

static bool a64_classify(cpu_decoder *d, const uint8_t *code, size_t avail,
                         size_t before, uint64_t pc, struct insn_info *out)
{
    (void)before;
    if (avail >= 4 && lse_classify(insn_word(code), out))
        return true;
    return capstone_classify(d, code, avail, pc, out, classify_access, register_sets);
}

static void a64_disassemble(cpu_decoder *d, const uint8_t *code, size_t avail,
                            uint64_t pc, char *buf, size_t len)
{
    if (avail >= 4 && lse_disassemble(insn_word(code), buf, len))
        return;
    capstone_disassemble(d, code, avail, pc, buf, len);
}

/* The condition codes (C1.2.4), Capstone's numbering, from NZCV. */
static uc_err a64_condition_holds(uc_engine *uc, uint8_t cond, bool *holds)
{
    uint64_t nzcv = 0;
    uc_err err = uc_reg_read(uc, UC_ARM64_REG_NZCV, &nzcv);
    bool n = nzcv >> 31 & 1, z = nzcv >> 30 & 1, c = nzcv >> 29 & 1, v = nzcv >> 28 & 1;
    switch (cond) {
    case ARM64_CC_EQ: *holds = z; break;
    case ARM64_CC_NE: *holds = !z; break;
    case ARM64_CC_HS: *holds = c; break;
    case ARM64_CC_LO: *holds = !c; break;
    case ARM64_CC_MI: *holds = n; break;
    case ARM64_CC_PL: *holds = !n; break;
    case ARM64_CC_VS: *holds = v; break;
    case ARM64_CC_VC: *holds = !v; break;
    case ARM64_CC_HI: *holds = c && !z; break;
    case ARM64_CC_LS: *holds = !c || z; break;
    case ARM64_CC_GE: *holds = n == v; break;
    case ARM64_CC_LT: *holds = n != v; break;
    case ARM64_CC_GT: *holds = !z && n == v; break;
    case ARM64_CC_LE: *holds = z || n != v; break;
    default: *holds = true; break;
    }
    return err;
}

static uc_err a64_syscall_args(uc_engine *uc, uint64_t *nr, uint64_t args[3])
{
    uc_err err = uc_reg_read(uc, UC_ARM64_REG_X8, nr);
    for (int i = 0; i < 3 && err == UC_ERR_OK; i++)
        err = uc_reg_read(uc, UC_ARM64_REG_X0 + i, &args[i]);
    return err;
}

/* AAPCS64: bl leaves the return address in the link register, x30. */
static uc_err a64_return_address(uc_engine *uc, uint64_t *ra)
{
    *ra = 0;
    return uc_reg_read(uc, UC_ARM64_REG_X30, ra);
}

static uc_err a64_syscall_return(uc_engine *uc, int64_t result)
{
    uint64_t v = (uint64_t)result;
    return uc_reg_write(uc, UC_ARM64_REG_X0, &v);
}

static const char *a64_trap_name(uint32_t excp)
{
    switch (excp) {
    case A64_EXCP_UDEF: return "illegal instruction";     /* an undefined one, or udf */
    case 3: return "prefetch abort";
    case 4: return "data abort";
    case 7: return "breakpoint";
    default: return "exception";
    }
}

/* TPIDR_EL0 holds the thread pointer; a 16-byte TCB precedes the block
 * (ELF for the Arm 64-bit Architecture, "Thread Local Storage"). */
static uc_err a64_set_thread_pointer(uc_engine *uc, uint64_t tp)
{
    return uc_reg_write(uc, UC_ARM64_REG_TPIDR_EL0, &tp);
}

const struct cpu_ops cpu_aarch64 = {
    .name = "aarch64",
    .description = "ARMv8.1-A AArch64 with LSE atomics, little-endian",
    .elf_machine = { EM_AARCH64, EM_AARCH64 },
    .elf_class = ELFCLASS64,
    .elf_data = ELFDATA2LSB,
    .word_size = 8,
    /* other-multi-copy-atomic (B2.3), with acquire and release: the
     * store-buffer model arm (base/memory.h) */
    .memory = MEMORY_ARM,
    .insn_align = 4,
    .uc_arch = UC_ARCH_ARM64,
    .uc_mode = UC_MODE_ARM,
    /* Unicorn 2.0.1 runs LSE only with its "max" model: the default
     * (Cortex-A57, ARMv8.0) faults on ldadd */
    .uc_cpu_model = UC_CPU_ARM64_MAX,
    .reg_pc = UC_ARM64_REG_PC,
    .reg_sp = UC_ARM64_REG_SP,
    .reg_flags = A64_REG_NUM_FLAGS,
    .stack_reserve = 16,
    .set_thread_pointer = a64_set_thread_pointer,
    .tls_tcb = 16,
    .decoder_new = a64_decoder_new,
    .decoder_free = capstone_decoder_free,
    .classify = a64_classify,
    .disassemble = a64_disassemble,
    .branch_target = capstone_branch_target,
    .compare_constant = a64_compare_constant,
    .atomicity = "ARMv8.1's LSE atomics (ldadd, ldclr, ldset, ldeor, swp, cas) are single "
        "instructions that read, modify and write memory atomically; without LSE, the "
        "kernel's alternative is an ldxr/stxr loop that retries until the store-exclusive "
        "succeeds",
    .condition_holds = a64_condition_holds,
    /* The exclusives reservation granule is IMPLEMENTATION DEFINED, 16 to
     * 2048 bytes (B2.9.2); a cache line of 64 bytes, as on Cortex-A cores. */
    .exclusive_granule = 64,
    /* the asm-generic numbers arm64 uses */
    .sys_write = 64, .sys_exit = 93, .sys_exit_group = 94,
    .syscall_intno = A64_EXCP_SWI,
    .syscall_insn = -1,
    .syscall_args = a64_syscall_args,
    .syscall_return = a64_syscall_return,
    .return_address = a64_return_address,
    .trap_name = a64_trap_name,
    .litmus = &aarch64_litmus,
};
