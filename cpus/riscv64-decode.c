/* riscv64-decode.c — RV64GC instruction words classified and spelled by
 * atomsim itself: Capstone 4.0.2 has no RISC-V at all.
 *
 * References: the RISC-V unprivileged ISA specification (20191213):
 * chapter 2 (RV32I: loads and stores 2.6, fence 2.7), chapter 3 (fence.i),
 * chapter 5 (RV64I), chapter 8 ("A" extension: LR/SC 8.2, AMOs 8.4),
 * chapter 16 ("C" extension: 16.3 load and store instructions) and
 * chapter 24 (opcode map).
 */
#include <string.h>
#include <glib.h>
#include <unicorn/unicorn.h>

#include "riscv64-decode.h"

#define OTHER CPU_REG_BIT(CPU_REG_OTHER)
#define STACK CPU_REG_BIT(CPU_REG_STACK)
#define RV_SP 2

/* Integer register x as a mask: none for x0, hardwired to zero (2.1). */
static uint64_t xreg(unsigned x)
{
    return x ? CPU_REG_BIT(x) : 0;
}

static int uc_xreg(unsigned x)
{
    return UC_RISCV_REG_X0 + (int)x;
}

struct rv_mem {
    const char *name;
    uint8_t size;
};

/* LOAD by funct3 (2.6, 5.3): ld and lwu are RV64 only. */
static const struct rv_mem loads[8] = {
    { "lb", 1 }, { "lh", 2 }, { "lw", 4 }, { "ld", 8 },
    { "lbu", 1 }, { "lhu", 2 }, { "lwu", 4 }, { NULL, 0 },
};
/* STORE by funct3. */
static const struct rv_mem stores[8] = {
    { "sb", 1 }, { "sh", 2 }, { "sw", 4 }, { "sd", 8 },
};
/* LOAD-FP / STORE-FP by funct3 (F and D extensions): flw/fsw, fld/fsd. */
static const struct rv_mem fp_loads[8] = { [2] = { "flw", 4 }, [3] = { "fld", 8 } };
static const struct rv_mem fp_stores[8] = { [2] = { "fsw", 4 }, [3] = { "fsd", 8 } };

/* The A extension by funct5 (8.2, 8.4; table 24.2).  funct3 2 is .w, 3 is
 * .d; bit 26 is aq, bit 25 rl.  LR reserves a set of bytes containing the
 * word it reads (the reservation set); SC succeeds only if that reservation
 * is still valid, writing 0 to rd, else nonzero (8.2).  Each AMO is one
 * indivisible read-modify-write (8.4), an INSN_RMW event. */
static const char *const amo_names[32] = {
    [0x00] = "amoadd", [0x01] = "amoswap", [0x02] = "lr", [0x03] = "sc",
    [0x04] = "amoxor", [0x08] = "amoor", [0x0c] = "amoand",
    [0x10] = "amomin", [0x14] = "amomax", [0x18] = "amominu", [0x1c] = "amomaxu",
};
#define AMO_LR 0x02
#define AMO_SC 0x03

static const char *const abi_names[32] = {
    "zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2",
    "s0", "s1", "a0", "a1", "a2", "a3", "a4", "a5",
    "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7",
    "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6",
};

static void set_access(struct insn_info *out, uint8_t kind, uint8_t size,
                       unsigned base, int64_t disp)
{
    out->kind = kind;
    out->size = size;
    out->mem.base = uc_xreg(base);
    out->regs_address = xreg(base);
    out->mem.disp = disp;
    /* An access based on sp is to the core's own stack (cpu.h). */
    if (base == RV_SP && (kind == INSN_LOAD || kind == INSN_STORE)) {
        out->kind = INSN_PRIVATE;
        out->regs_read |= STACK;
        if (kind == INSN_STORE)
            out->regs_written |= STACK;
    }
}

static void classify_amo(uint32_t w, struct insn_info *out)
{
    unsigned f3 = (w >> 12) & 7, f5 = w >> 27;
    unsigned rd = (w >> 7) & 31, rs1 = (w >> 15) & 31, rs2 = (w >> 20) & 31;
    if ((f3 != 2 && f3 != 3) || amo_names[f5] == NULL)
        return;
    uint8_t size = f3 == 2 ? 4 : 8;
    out->regs_written = xreg(rd);
    /* aq: no later access is seen before it; rl: none earlier after it;
     * both RCsc (8.1, 17.1.3 rules 5-7) */
    out->acquire = w >> 26 & 1;
    out->release = w >> 25 & 1;
    if (f5 == AMO_LR) {
        set_access(out, INSN_LL, size, rs1, 0);
    } else if (f5 == AMO_SC) {
        out->regs_read = xreg(rs2);
        set_access(out, INSN_SC, size, rs1, 0);
        out->status_reg = (int16_t)uc_xreg(rd);
        out->data_reg[0] = (int16_t)uc_xreg(rs2);
    } else {
        out->regs_read = xreg(rs2);
        set_access(out, INSN_RMW, size, rs1, 0);
    }
}

static void classify_32(uint32_t w, struct insn_info *out)
{
    unsigned op = w & 0x7f, f3 = (w >> 12) & 7;
    unsigned rd = (w >> 7) & 31, rs1 = (w >> 15) & 31, rs2 = (w >> 20) & 31;
    int64_t imm_i = (int32_t)w >> 20;
    int64_t imm_s = (int64_t)((int32_t)w >> 25) * 32 + (int64_t)((w >> 7) & 31);
    out->length = 4;
    switch (op) {
    case OP_LOAD:
        if (loads[f3].name == NULL)
            goto unknown;
        out->regs_written = xreg(rd);
        set_access(out, INSN_LOAD, loads[f3].size, rs1, imm_i);
        return;
    case OP_STORE:
        if (stores[f3].name == NULL)
            goto unknown;
        out->regs_read = xreg(rs2);
        set_access(out, INSN_STORE, stores[f3].size, rs1, imm_s);
        return;
    case OP_LOAD_FP:
        if (fp_loads[f3].name == NULL)
            goto unknown;
        out->regs_written = OTHER;
        set_access(out, INSN_LOAD, fp_loads[f3].size, rs1, imm_i);
        return;
    case OP_STORE_FP:
        if (fp_stores[f3].name == NULL)
            goto unknown;
        out->regs_read = OTHER;
        set_access(out, INSN_STORE, fp_stores[f3].size, rs1, imm_s);
        return;
    case OP_AMO:
        classify_amo(w, out);
        if (out->kind == INSN_PRIVATE)
            goto unknown;
        return;
    case OP_MISC_MEM:
        if (f3 == 0) {
            /* fence pred,succ (2.7; bits i o r w): it orders the stores
             * before it against the loads after it (drains the buffer) only
             * if pred has w and succ r; else stores against stores if both
             * have w; else only earlier loads, which are performed in order
             * here anyway.  fence.tso (fm 1000, 2.7) orders r against rw
             * and w against w, never w against r. */
            unsigned fm = w >> 28, pred = (w >> 24) & 15, succ = (w >> 20) & 15;
            bool tso = fm == 8, w_r = (pred & 1) && (succ & 2) && !tso;
            out->kind = INSN_FENCE;
            out->stores_only = !w_r && (pred & 1) && (succ & 1);
            out->loads_only = !w_r && !out->stores_only;
            /* later loads pass earlier ones unless pred and succ have r */
            out->loads_pass = !((pred & 2) && (succ & 2)) && !w_r;
            out->loads_before_stores = (pred & 2) && (succ & 1);
        }
        /* fence.i (chapter 3) orders instruction fetch only: private. */
        return;
    case OP_SYSTEM:
        if (w == 0x00000073) {
            out->kind = INSN_TRAP;              /* ecall: the system call */
            out->regs_read = OTHER;
            out->regs_written = xreg(10);
        } else {
            out->regs_read = out->regs_written = UINT64_MAX;   /* ebreak, csr* */
        }
        return;
    case OP_OP: case OP_OP_32:
        out->regs_read = xreg(rs1) | xreg(rs2);
        out->regs_written = xreg(rd);
        return;
    case OP_IMM: case OP_IMM_32: case OP_JALR:
        out->regs_read = xreg(rs1);
        out->regs_written = xreg(rd);
        return;
    case OP_LUI: case OP_AUIPC: case OP_JAL:
        out->regs_written = xreg(rd);
        return;
    case OP_BRANCH:
        out->regs_read = xreg(rs1) | xreg(rs2);
        return;
    default:
        goto unknown;
    }
unknown:
    out->kind = INSN_PRIVATE;
    out->regs_read = out->regs_written = UINT64_MAX;
}

/* Instruction formats (2.2, 2.3), for building a compressed instruction's
 * 32-bit equivalent. */
static uint32_t i_type(unsigned op, unsigned f3, unsigned rd, unsigned rs1, int32_t imm)
{
    return ((uint32_t)imm & 0xfff) << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}

static uint32_t s_type(unsigned op, unsigned f3, unsigned rs1, unsigned rs2, uint32_t imm)
{
    return (imm >> 5 & 0x7f) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | (imm & 31) << 7 | op;
}

static uint32_t r_type(unsigned op, unsigned f7, unsigned f3, unsigned rd, unsigned rs1,
                       unsigned rs2)
{
    return f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}

static uint32_t b_type(unsigned f3, unsigned rs1, unsigned rs2, int32_t off)
{
    uint32_t u = (uint32_t)off;
    return (u >> 12 & 1) << 31 | (u >> 5 & 0x3f) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 |
           (u >> 1 & 15) << 8 | (u >> 11 & 1) << 7 | OP_BRANCH;
}

static uint32_t j_type(unsigned rd, int32_t off)
{
    uint32_t u = (uint32_t)off;
    return (u >> 20 & 1) << 31 | (u >> 1 & 0x3ff) << 21 | (u >> 11 & 1) << 20 |
           (u >> 12 & 0xff) << 12 | rd << 7 | OP_JAL;
}

/* Bit `from` of h, moved to bit `to`. */
#define HB(h, from, to) ((((h) >> (from)) & 1u) << (to))

/* Sign-extend the low `bits` bits of v. */
static int32_t sext(uint32_t v, unsigned bits)
{
    return (int32_t)(v << (32 - bits)) >> (32 - bits);
}

/* The RV64C instruction h as the 32-bit instruction it expands to (16.3 to
 * 16.6, tables 16.5-16.7), 0 if reserved or illegal.  c.mv expands to
 * addi rd, rs2, 0 rather than add rd, x0, rs2: the same effect, spelled mv
 * as objdump spells c.mv. */
uint32_t rv_expand_compressed(uint16_t h)
{
    unsigned q = h & 3, f3 = h >> 13;
    unsigned rp1 = 8 + ((h >> 7) & 7), rp2 = 8 + ((h >> 2) & 7);
    unsigned rd = (h >> 7) & 31, rs2 = (h >> 2) & 31;
    int32_t imm6 = sext(HB(h, 12, 5) | ((h >> 2) & 31), 6);
    unsigned shamt = HB(h, 12, 5) | ((h >> 2) & 31);
    /* CL/CS offsets: word (lw, sw) and doubleword (ld, sd, fld, fsd). */
    uint32_t off_w = ((h >> 10) & 7) << 3 | HB(h, 6, 2) | HB(h, 5, 6);
    uint32_t off_d = ((h >> 10) & 7) << 3 | ((h >> 5) & 3) << 6;
    /* CI/CSS sp offsets. */
    uint32_t lwsp = HB(h, 12, 5) | ((h >> 4) & 7) << 2 | ((h >> 2) & 3) << 6;
    uint32_t ldsp = HB(h, 12, 5) | ((h >> 5) & 3) << 3 | ((h >> 2) & 7) << 6;
    uint32_t swsp = ((h >> 9) & 15) << 2 | ((h >> 7) & 3) << 6;
    uint32_t sdsp = ((h >> 10) & 7) << 3 | ((h >> 7) & 7) << 6;
    switch (q << 3 | f3) {
    case 000: {                                         /* c.addi4spn */
        uint32_t nz = ((h >> 11) & 3) << 4 | ((h >> 7) & 15) << 6 | HB(h, 6, 2) | HB(h, 5, 3);
        return nz ? i_type(OP_IMM, 0, rp2, RV_SP, (int32_t)nz) : 0;
    }
    case 001: return i_type(OP_LOAD_FP, 3, rp2, rp1, (int32_t)off_d);     /* c.fld */
    case 002: return i_type(OP_LOAD, 2, rp2, rp1, (int32_t)off_w);        /* c.lw */
    case 003: return i_type(OP_LOAD, 3, rp2, rp1, (int32_t)off_d);        /* c.ld */
    case 005: return s_type(OP_STORE_FP, 3, rp1, rp2, off_d);             /* c.fsd */
    case 006: return s_type(OP_STORE, 2, rp1, rp2, off_w);                /* c.sw */
    case 007: return s_type(OP_STORE, 3, rp1, rp2, off_d);                /* c.sd */
    case 010: return i_type(OP_IMM, 0, rd, rd, imm6);                     /* c.addi, c.nop */
    case 011: return rd ? i_type(OP_IMM_32, 0, rd, rd, imm6) : 0;         /* c.addiw */
    case 012: return i_type(OP_IMM, 0, rd, 0, imm6);                      /* c.li */
    case 013:
        if (rd == RV_SP) {                                                /* c.addi16sp */
            int32_t nz = sext(HB(h, 12, 9) | HB(h, 6, 4) | HB(h, 5, 6) | ((h >> 3) & 3) << 7 |
                              HB(h, 2, 5), 10);
            return nz ? i_type(OP_IMM, 0, RV_SP, RV_SP, nz) : 0;
        }
        if (imm6 == 0)
            return 0;
        return ((uint32_t)imm6 & 0xfffff) << 12 | rd << 7 | OP_LUI;     /* c.lui */
    case 014:
        switch ((h >> 10) & 3) {
        case 0: return i_type(OP_IMM, 5, rp1, rp1, (int32_t)shamt);       /* c.srli */
        case 1: return i_type(OP_IMM, 5, rp1, rp1, (int32_t)(0x400 | shamt)); /* c.srai */
        case 2: return i_type(OP_IMM, 7, rp1, rp1, imm6);                 /* c.andi */
        default: {
            /* c.sub c.xor c.or c.and; c.subw c.addw */
            static const uint8_t f3s[4] = { 0, 4, 6, 7 };
            unsigned f2 = (h >> 5) & 3;
            if (h & 0x1000)
                return f2 < 2 ? r_type(OP_OP_32, f2 ? 0 : 0x20, 0, rp1, rp1, rp2) : 0;
            return r_type(OP_OP, f2 ? 0 : 0x20, f3s[f2], rp1, rp1, rp2);
        }
        }
    case 015: {                                                           /* c.j */
        int32_t off = sext(HB(h, 12, 11) | HB(h, 11, 4) | ((h >> 9) & 3) << 8 | HB(h, 8, 10) |
                           HB(h, 7, 6) | HB(h, 6, 7) | ((h >> 3) & 7) << 1 | HB(h, 2, 5), 12);
        return j_type(0, off);
    }
    case 016: case 017: {                                                 /* c.beqz, c.bnez */
        int32_t off = sext(HB(h, 12, 8) | ((h >> 10) & 3) << 3 | ((h >> 5) & 3) << 6 |
                           ((h >> 3) & 3) << 1 | HB(h, 2, 5), 9);
        return b_type(f3 & 1, rp1, 0, off);
    }
    case 020: return i_type(OP_IMM, 1, rd, rd, (int32_t)shamt);           /* c.slli */
    case 021: return i_type(OP_LOAD_FP, 3, rd, RV_SP, (int32_t)ldsp);     /* c.fldsp */
    case 022: return rd ? i_type(OP_LOAD, 2, rd, RV_SP, (int32_t)lwsp) : 0; /* c.lwsp */
    case 023: return rd ? i_type(OP_LOAD, 3, rd, RV_SP, (int32_t)ldsp) : 0; /* c.ldsp */
    case 024:
        if (!(h & 0x1000)) {
            if (rs2 == 0)                                                 /* c.jr */
                return rd ? i_type(OP_JALR, 0, 0, rd, 0) : 0;
            return i_type(OP_IMM, 0, rd, rs2, 0);                         /* c.mv */
        }
        if (rd == 0 && rs2 == 0)
            return 0x00100073;                                            /* c.ebreak */
        if (rs2 == 0)
            return i_type(OP_JALR, 0, 1, rd, 0);                          /* c.jalr */
        return r_type(OP_OP, 0, 0, rd, rd, rs2);                          /* c.add */
    case 025: return s_type(OP_STORE_FP, 3, RV_SP, rs2, sdsp);            /* c.fsdsp */
    case 026: return s_type(OP_STORE, 2, RV_SP, rs2, swsp);               /* c.swsp */
    case 027: return s_type(OP_STORE, 3, RV_SP, rs2, sdsp);               /* c.sdsp */
    default: return 0;
    }
}

/* The instruction at code as a 32-bit word, a compressed one expanded (0:
 * none it expands to here), and *length its bytes; false if too few bytes
 * are given, or for a 48-bit or longer encoding (1.5). */
static bool fetch_word(const uint8_t *code, size_t avail, uint32_t *w, unsigned *length)
{
    if (avail < 2)
        return false;
    uint16_t h = (uint16_t)(code[0] | code[1] << 8);
    if ((h & 3) != 3) {
        *w = rv_expand_compressed(h);
        *length = 2;
        return true;
    }
    if ((h & 0x1f) == 0x1f || avail < 4)
        return false;
    *w = (uint32_t)h | (uint32_t)code[2] << 16 | (uint32_t)code[3] << 24;
    *length = 4;
    return true;
}

bool rv_classify(const uint8_t *code, size_t avail, uint64_t pc, struct insn_info *out)
{
    uint32_t w;
    unsigned length;
    if (pc % 2 != 0 || !fetch_word(code, avail, &w, &length))
        return false;
    memset(out, 0, sizeof *out);
    out->kind = INSN_PRIVATE;
    out->mem.base = out->mem.index = -1;
    if (w == 0)
        out->regs_read = out->regs_written = UINT64_MAX;
    else
        classify_32(w, out);
    out->length = (uint8_t)length;
    return true;
}

static const char *ordering(uint32_t w)
{
    static const char *const s[4] = { "", ".rl", ".aq", ".aqrl" };
    return s[(w >> 25) & 3];
}

static void fence_set(unsigned bits, char *buf)
{
    const char *names = "iorw";
    int n = 0;
    for (int i = 0; i < 4; i++)
        if (bits & (8u >> i))
            buf[n++] = names[i];
    buf[n] = '\0';
}

/* The spelling of objdump (binutils 2.40) for memory instructions, fences
 * and ecall; a compressed instruction is spelled as its 32-bit equivalent,
 * as objdump does; the rest by rv_spell_plain (riscv64-spell.c). */
void rv_disassemble(const uint8_t *code, size_t avail, uint64_t pc, char *buf, size_t len)
{
    struct insn_info info;
    uint32_t w;
    unsigned length;
    if (!rv_classify(code, avail, pc, &info) || !fetch_word(code, avail, &w, &length)) {
        g_strlcpy(buf, "(undecodable)", len);
        return;
    }
    unsigned op = w & 0x7f, f3 = (w >> 12) & 7;
    unsigned rd = (w >> 7) & 31, rs1 = (w >> 15) & 31, rs2 = (w >> 20) & 31;
    long long disp = (long long)info.mem.disp;
    char pred[5], succ[5];
    switch (w ? op : 0) {
    case OP_LOAD:
        g_snprintf(buf, len, "%s %s,%lld(%s)", loads[f3].name, abi_names[rd], disp, abi_names[rs1]);
        return;
    case OP_LOAD_FP:
        g_snprintf(buf, len, "%s f%u,%lld(%s)", fp_loads[f3].name, rd, disp, abi_names[rs1]);
        return;
    case OP_STORE:
        g_snprintf(buf, len, "%s %s,%lld(%s)", stores[f3].name, abi_names[rs2], disp, abi_names[rs1]);
        return;
    case OP_STORE_FP:
        g_snprintf(buf, len, "%s f%u,%lld(%s)", fp_stores[f3].name, rs2, disp, abi_names[rs1]);
        return;
    case OP_AMO:
        if (amo_names[w >> 27] == NULL || (f3 != 2 && f3 != 3))
            break;
        if ((w >> 27) == AMO_LR)
            g_snprintf(buf, len, "lr.%c%s %s,(%s)", f3 == 2 ? 'w' : 'd', ordering(w),
                       abi_names[rd], abi_names[rs1]);
        else
            g_snprintf(buf, len, "%s.%c%s %s,%s,(%s)", amo_names[w >> 27], f3 == 2 ? 'w' : 'd',
                       ordering(w), abi_names[rd], abi_names[rs2], abi_names[rs1]);
        return;
    case OP_MISC_MEM:
        if (f3 == 1) {
            g_strlcpy(buf, "fence.i", len);
            return;
        }
        if (f3 != 0)
            break;
        fence_set((w >> 24) & 15, pred);
        fence_set((w >> 20) & 15, succ);
        if (w >> 28 == 8)
            g_strlcpy(buf, "fence.tso", len);
        else if (((w >> 20) & 0xff) == 0xff)
            g_strlcpy(buf, "fence", len);
        else
            g_snprintf(buf, len, "fence %s,%s", pred, succ);
        return;
    case OP_SYSTEM:
        if (w == 0x00000073) {
            g_strlcpy(buf, "ecall", len);
            return;
        }
        break;
    default:
        break;
    }
    if (w != 0 && rv_spell_plain(w, pc, abi_names, buf, len))
        return;
    if (length == 2)
        g_snprintf(buf, len, ".insn 0x%04x", code[0] | code[1] << 8);
    else
        g_snprintf(buf, len, ".insn 0x%08x", w);
}

/* RISC-V compares registers only: a constant is compared by slti/sltiu, or
 * by a branch (beq ... bgeu) on a register that li (addi rd, x0, imm; c.li)
 * set just before it (unprivileged spec, 2.4 and 2.5). */
bool rv_compare_constant(const uint8_t *code, size_t avail, int64_t *k)
{
    uint32_t w, next;
    unsigned length, next_length;
    if (!fetch_word(code, avail, &w, &length) || (w & 0x7f) != OP_IMM)
        return false;
    unsigned f3 = (w >> 12) & 7, rd = (w >> 7) & 31, rs1 = (w >> 15) & 31;
    *k = (int32_t)w >> 20;
    if (f3 == 2 || f3 == 3)             /* slti, sltiu */
        return rd != 0;
    if (f3 != 0 || rs1 != 0 || rd == 0 ||
        !fetch_word(code + length, avail - length, &next, &next_length) ||
        (next & 0x7f) != OP_BRANCH)
        return false;
    return ((next >> 15) & 31) == rd || ((next >> 20) & 31) == rd;
}

bool rv_branch_target(const uint8_t *code, size_t avail, uint64_t pc, uint64_t *target)
{
    uint32_t w;
    unsigned length;
    int32_t off;
    if (!fetch_word(code, avail, &w, &length) || !rv_branch_offset(w, &off))
        return false;
    *target = pc + (int64_t)off;
    return true;
}
