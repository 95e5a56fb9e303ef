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

/* Major opcodes (chapter 24, table 24.1). */
enum {
    OP_LOAD = 0x03, OP_LOAD_FP = 0x07, OP_MISC_MEM = 0x0f, OP_IMM = 0x13,
    OP_AUIPC = 0x17, OP_IMM_32 = 0x1b, OP_STORE = 0x23, OP_STORE_FP = 0x27,
    OP_AMO = 0x2f, OP_OP = 0x33, OP_LUI = 0x37, OP_OP_32 = 0x3b,
    OP_BRANCH = 0x63, OP_JALR = 0x67, OP_JAL = 0x6f, OP_SYSTEM = 0x73,
};

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
            /* fence pred,succ (2.7): with predecessor and successor sets both
             * only w, it orders stores against later stores only. */
            unsigned pred = (w >> 24) & 15, succ = (w >> 20) & 15;
            out->kind = INSN_FENCE;
            out->stores_only = (pred & 3) == 1 && (succ & 3) == 1;
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

/* The compressed loads and stores (16.3): CL/CS formats with registers
 * x8-x15 (rd', rs1', rs2') and the sp-based CI/CSS forms, immediates
 * scaled and zero-extended. */
static bool classify_16(uint16_t h, struct insn_info *out)
{
    unsigned q = h & 3, f3 = h >> 13;
    unsigned rp1 = 8 + ((h >> 7) & 7), rp2 = 8 + ((h >> 2) & 7);
    unsigned rd = (h >> 7) & 31, rs2 = (h >> 2) & 31;
    out->length = 2;
    if (q == 0 && (f3 & 3) >= 1 && f3 != 4) {
        bool word = (f3 & 3) == 2, fp = (f3 & 3) == 1;
        unsigned off = ((h >> 10) & 7) << 3;
        if (word)
            off |= ((h >> 6) & 1) << 2 | ((h >> 5) & 1) << 6;
        else
            off |= ((h >> 5) & 3) << 6;
        uint8_t size = word ? 4 : 8;
        if (f3 < 4) {               /* c.fld, c.lw, c.ld */
            out->regs_written = fp ? OTHER : xreg(rp2);
            set_access(out, INSN_LOAD, size, rp1, off);
        } else {                    /* c.fsd, c.sw, c.sd */
            out->regs_read = fp ? OTHER : xreg(rp2);
            set_access(out, INSN_STORE, size, rp1, off);
        }
        return true;
    }
    if (q == 2 && (f3 & 3) >= 1) {
        bool word = (f3 & 3) == 2, fp = (f3 & 3) == 1;
        unsigned off;
        uint8_t size = word ? 4 : 8;
        if (f3 < 4) {               /* c.fldsp, c.lwsp, c.ldsp */
            off = ((h >> 12) & 1) << 5;
            if (word)
                off |= ((h >> 4) & 7) << 2 | ((h >> 2) & 3) << 6;
            else
                off |= ((h >> 5) & 3) << 3 | ((h >> 2) & 7) << 6;
            out->regs_written = fp ? OTHER : xreg(rd);
            set_access(out, INSN_LOAD, size, RV_SP, off);
        } else {                    /* c.fsdsp, c.swsp, c.sdsp */
            if (word)
                off = ((h >> 9) & 15) << 2 | ((h >> 7) & 3) << 6;
            else
                off = ((h >> 10) & 7) << 3 | ((h >> 7) & 7) << 6;
            out->regs_read = fp ? OTHER : xreg(rs2);
            set_access(out, INSN_STORE, size, RV_SP, off);
        }
        return true;
    }
    /* Other compressed instructions touch registers only; their register
     * sets are not worked out yet, so they name every register. */
    out->regs_read = out->regs_written = UINT64_MAX;
    return true;
}

bool rv_classify(const uint8_t *code, size_t avail, uint64_t pc, struct insn_info *out)
{
    if (avail < 2 || pc % 2 != 0)
        return false;
    memset(out, 0, sizeof *out);
    out->kind = INSN_PRIVATE;
    out->mem.base = out->mem.index = -1;
    uint16_t h = (uint16_t)(code[0] | code[1] << 8);
    if ((h & 3) != 3)
        return classify_16(h, out);
    if ((h & 0x1f) == 0x1f || avail < 4)
        return false;               /* 48-bit and longer encodings */
    classify_32((uint32_t)h | (uint32_t)code[2] << 16 | (uint32_t)code[3] << 24, out);
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

/* The spelling of objdump (binutils 2.40) without aliases for memory
 * instructions, fences and ecall; compressed loads and stores are spelled
 * as objdump does, by their 32-bit equivalents. */
void rv_disassemble(const uint8_t *code, size_t avail, uint64_t pc, char *buf, size_t len)
{
    struct insn_info info;
    if (!rv_classify(code, avail, pc, &info)) {
        g_strlcpy(buf, "(undecodable)", len);
        return;
    }
    uint32_t w = code[0] | code[1] << 8;
    if (info.length == 4)
        w |= (uint32_t)code[2] << 16 | (uint32_t)code[3] << 24;
    unsigned op = w & 0x7f, f3 = (w >> 12) & 7;
    unsigned rd = (w >> 7) & 31, rs1 = (w >> 15) & 31, rs2 = (w >> 20) & 31;
    int base = info.mem.base - UC_RISCV_REG_X0;
    long long disp = (long long)info.mem.disp;
    if (info.length == 2) {
        bool ld = (w >> 13) < 4, fp = ((w >> 13) & 3) == 1, word = ((w >> 13) & 3) == 2;
        unsigned r = (w & 3) == 0 ? 8 + ((w >> 2) & 7) : ld ? rd : (w >> 2) & 31;
        if (info.size == 0) {
            g_snprintf(buf, len, ".insn 0x%04x", w);
        } else {
            const char *name = fp ? (ld ? "fld" : "fsd") : word ? (ld ? "lw" : "sw") : (ld ? "ld" : "sd");
            char freg[8];
            g_snprintf(freg, sizeof freg, "f%u", r);
            g_snprintf(buf, len, "%s %s,%lld(%s)", name, fp ? freg : abi_names[r], disp,
                       abi_names[base]);
        }
        return;
    }
    char pred[5], succ[5];
    switch (op) {
    case OP_LOAD: case OP_LOAD_FP:
        if (op == OP_LOAD)
            g_snprintf(buf, len, "%s %s,%lld(%s)", loads[f3].name, abi_names[rd], disp, abi_names[rs1]);
        else
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
        if (((w >> 20) & 0xff) == 0xff)
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
    g_snprintf(buf, len, ".insn 0x%08x", w);
}

bool rv_branch_target(const uint8_t *code, size_t avail, uint64_t pc, uint64_t *target)
{
    if (avail < 4 || (code[0] & 3) != 3)
        return false;
    uint32_t w = code[0] | code[1] << 8 | (uint32_t)code[2] << 16 | (uint32_t)code[3] << 24;
    int32_t off;
    if ((w & 0x7f) == OP_JAL)       /* J-type immediate (2.5) */
        off = (int32_t)((w & 0x80000000u) | (w & 0xff000) << 11 | (w & 0x100000) << 2 |
                        (w & 0x7fe00000u) >> 9) >> 11;
    else if ((w & 0x7f) == OP_BRANCH)   /* B-type immediate */
        off = (int32_t)((w & 0x80000000u) | (w & 0x80) << 23 | (w & 0x7e000000u) >> 1 |
                        (w & 0xf00) << 12) >> 19;
    else
        return false;
    *target = pc + (int64_t)off;
    return true;
}
