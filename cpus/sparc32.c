/* sparc32.c — SPARC V8 (big-endian), guests built -mflat, LEON3 model.
 *
 * Capstone 4 does not decode ldstub, ldstuba, swapa or casa, so memory
 * instructions are classified from the instruction word with the table
 * below (SPARC V8 manual, appendix F: format 3, op = 3, field op3).
 */
#include <elf.h>
#include <stdio.h>
#include <string.h>
#include <glib.h>

#include "capstone-decoder.h"

#define SPARC_TT_TRAP 0x80      /* Ticc raises trap type 0x80 + number */
#define SPARC_LINUX_SYSCALL (SPARC_TT_TRAP + 0x10)      /* ta 0x10 */

struct mem_op {
    const char *name;
    uint8_t kind;
    uint8_t size;
};

/* Memory instructions by op3 (op = 3).  The *a forms name an address space
 * (ASI).  In user mode SPARC V8 makes them privileged; LEON3, the model
 * Unicorn runs, allows user data (ASI 0x0A) with casa, and Unicorn runs the
 * other *a forms with that ASI too.  ldstub, swap and casa are the V8 atomic
 * instructions (V8 manual B.23, B.24; LEON3: casa, as V9 A.9). */
static const struct mem_op mem_ops[64] = {
    [0x00] = { "ld",      INSN_LOAD,  4 },
    [0x01] = { "ldub",    INSN_LOAD,  1 },
    [0x02] = { "lduh",    INSN_LOAD,  2 },
    [0x03] = { "ldd",     INSN_LOAD,  8 },
    [0x04] = { "st",      INSN_STORE, 4 },
    [0x05] = { "stb",     INSN_STORE, 1 },
    [0x06] = { "sth",     INSN_STORE, 2 },
    [0x07] = { "std",     INSN_STORE, 8 },
    [0x09] = { "ldsb",    INSN_LOAD,  1 },
    [0x0a] = { "ldsh",    INSN_LOAD,  2 },
    [0x0d] = { "ldstub",  INSN_RMW,   1 },  /* load byte, store 0xff: test-and-set */
    [0x0f] = { "swap",    INSN_RMW,   4 },  /* exchange a word with a register */
    [0x10] = { "lda",     INSN_LOAD,  4 },
    [0x11] = { "lduba",   INSN_LOAD,  1 },
    [0x12] = { "lduha",   INSN_LOAD,  2 },
    [0x13] = { "ldda",    INSN_LOAD,  8 },
    [0x14] = { "sta",     INSN_STORE, 4 },
    [0x15] = { "stba",    INSN_STORE, 1 },
    [0x16] = { "stha",    INSN_STORE, 2 },
    [0x17] = { "stda",    INSN_STORE, 8 },
    [0x19] = { "ldsba",   INSN_LOAD,  1 },
    [0x1a] = { "ldsha",   INSN_LOAD,  2 },
    [0x1d] = { "ldstuba", INSN_RMW,   1 },
    [0x1f] = { "swapa",   INSN_RMW,   4 },
    [0x20] = { "ldf",     INSN_LOAD,  4 },
    [0x21] = { "ldfsr",   INSN_LOAD,  4 },
    [0x23] = { "lddf",    INSN_LOAD,  8 },
    [0x24] = { "stf",     INSN_STORE, 4 },
    [0x25] = { "stfsr",   INSN_STORE, 4 },
    [0x26] = { "stdfq",   INSN_STORE, 8 },
    [0x27] = { "stdf",    INSN_STORE, 8 },
    [0x3c] = { "casa",    INSN_RMW,   4 },  /* compare and swap (LEON3) */
};

#define OP3_CASA 0x3c
#define ASI_USER_DATA 0x0a

static bool is_alternate_space(unsigned op3)
{
    return (op3 & 0x30) == 0x10 || op3 == OP3_CASA;
}

static uint32_t word_at(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* Unicorn's id of integer register r0..r31 (%g, %o, %l, %i). */
static int uc_reg(unsigned r)
{
    if (r < 8)
        return UC_SPARC_REG_G0 + (int)r;
    if (r < 16)
        return UC_SPARC_REG_O0 + (int)(r - 8);
    if (r < 24)
        return UC_SPARC_REG_L0 + (int)(r - 16);
    return UC_SPARC_REG_I0 + (int)(r - 24);
}

#define SPARC_SP 14     /* %o6 */

/* Control-transfer instructions, which have a delay slot: Bicc, FBfcc,
 * CBccc (op 0, op2 2/6/7), call (op 1), jmpl and rett (op 2, op3 0x38/0x39). */
static bool is_control_transfer(uint32_t w)
{
    unsigned op = w >> 30, op2 = (w >> 22) & 7, op3 = (w >> 19) & 0x3f;
    return (op == 0 && (op2 == 2 || op2 == 6 || op2 == 7)) || op == 1 ||
           (op == 2 && (op3 == 0x38 || op3 == 0x39));
}

/* The compact register numbering (cpu.h): r0-r31 (%g, %o, %l, %i) as 0-31,
 * then the integer condition codes and %y.  Floating-point, coprocessor and
 * privileged state are CPU_REG_OTHER. */
#define SPARC_REG_NUM_ICC 32
#define SPARC_REG_NUM_Y 33
#define ICC CPU_REG_BIT(SPARC_REG_NUM_ICC)
#define Y CPU_REG_BIT(SPARC_REG_NUM_Y)
#define OTHER CPU_REG_BIT(CPU_REG_OTHER)
#define STACK CPU_REG_BIT(CPU_REG_STACK)

/* Integer register r as a mask: none for %g0, which reads as zero and
 * ignores writes (V8 manual 4.1, "IU r Registers"). */
static uint64_t ireg(unsigned r)
{
    return r ? CPU_REG_BIT(r) : 0;
}

/* r and its odd partner, for ldd and std (rd must be even: V8 B.1, B.4). */
static uint64_t ireg_pair(unsigned r)
{
    return ireg(r & ~1u) | ireg(r | 1u);
}

/* Formats 1 and 2 (op 1 and 0, V8 manual 5.1 and appendix F): call writes
 * %o7; sethi writes rd; Bicc reads the icc, FBfcc and CBccc the FPU's and
 * coprocessor's condition codes. */
static void format_1_2_sets(uint32_t w, struct insn_info *out)
{
    unsigned op = w >> 30, op2 = (w >> 22) & 7, rd = (w >> 25) & 0x1f;
    if (op == 1)
        out->regs_written = ireg(15);
    else if (op2 == 4)
        out->regs_written = ireg(rd);
    else if (op2 == 2)
        out->regs_read = ICC;
    else if (op2 == 6 || op2 == 7)
        out->regs_read = OTHER;
}

/* Format 3 with op 2 (V8 appendix F, table F-5): rd = rs1 op (rs2 or
 * simm13), and what each instruction reads and writes besides (appendix B:
 * the cc forms set the icc; addx, subx read the carry; umul, smul write %y
 * and udiv, sdiv read it; mulscc reads and writes both; rd/wr %y). */
static void arithmetic_sets(uint32_t w, struct insn_info *out)
{
    unsigned op3 = (w >> 19) & 0x3f, rd = (w >> 25) & 0x1f, rs1 = (w >> 14) & 0x1f;
    bool imm = (w >> 13) & 1;
    uint64_t sources = ireg(rs1) | (imm ? 0 : ireg(w & 0x1f));
    out->regs_read = sources;
    out->regs_written = ireg(rd);
    if (op3 < 0x20) {
        unsigned base = op3 & 0x0f;
        if (op3 & 0x10)
            out->regs_written |= ICC;               /* addcc, subcc, ... */
        if (base == 0x08 || base == 0x0c)
            out->regs_read |= ICC;                  /* addx, subx: the carry */
        if (base == 0x0a || base == 0x0b)
            out->regs_written |= Y;                 /* umul, smul */
        if (base == 0x0e || base == 0x0f)
            out->regs_read |= Y;                    /* udiv, sdiv */
        return;
    }
    switch (op3) {
    case 0x20: case 0x21: case 0x22: case 0x23:     /* tagged add and subtract */
        out->regs_written |= ICC;
        break;
    case 0x24:                                      /* mulscc */
        out->regs_read |= ICC | Y;
        out->regs_written |= ICC | Y;
        break;
    case 0x28:                                      /* rd %y, rd %asr */
        out->regs_read = rs1 == 0 ? Y : OTHER;
        break;
    case 0x29: case 0x2a: case 0x2b:                /* rd %psr, %wim, %tbr */
        out->regs_read = OTHER | ICC;
        break;
    case 0x30:                                      /* wr %y, wr %asr */
        out->regs_written = rd == 0 ? Y : OTHER;
        break;
    case 0x31: case 0x32: case 0x33:                /* wr %psr, %wim, %tbr */
        out->regs_written = OTHER | ICC;
        break;
    case 0x34: case 0x35: case 0x36: case 0x37:     /* FPop, CPop */
        out->regs_read = OTHER;
        out->regs_written = OTHER;
        break;
    case 0x3a:                                      /* Ticc */
        out->regs_read |= ICC;
        out->regs_written = 0;
        break;
    case 0x3b:                                      /* flush */
        out->regs_read = out->regs_written = 0;
        break;
    default:                                        /* jmpl, rett, save, restore */
        break;
    }
}

/* Format 3 with op 3, memory (V8 appendix B): the address registers are not
 * read as values; a load writes rd, a store reads it; ldstub writes it, swap
 * reads and writes it, casa also reads rs2.  Floating-point and coprocessor
 * registers are CPU_REG_OTHER.  An access based on %sp is to the stack,
 * CPU_REG_STACK (cpu.h). */
static void memory_sets(uint32_t w, struct insn_info *out)
{
    unsigned op3 = (w >> 19) & 0x3f, rd = (w >> 25) & 0x1f;
    const struct mem_op *m = &mem_ops[op3];
    bool integer = op3 < 0x20 || op3 == OP3_CASA, pair = (op3 & 0x0b) == 0x03;
    uint64_t data = !integer ? OTHER : pair ? ireg_pair(rd) : ireg(rd);
    if (m->name == NULL) {
        out->regs_read = out->regs_written = UINT64_MAX;
    } else if (m->kind == INSN_LOAD) {
        out->regs_written = data;
    } else if (m->kind == INSN_STORE) {
        out->regs_read = data;
    } else {
        out->regs_written = data;
        if ((op3 & 0x0f) == 0x0f || op3 == OP3_CASA)   /* swap, swapa, casa */
            out->regs_read = data | (op3 == OP3_CASA ? ireg(w & 0x1f) : 0);
    }
    if (((w >> 14) & 0x1f) == SPARC_SP && m->name != NULL) {
        out->regs_read |= STACK;
        if (m->kind != INSN_LOAD)
            out->regs_written |= STACK;
    }
}

/* regs_read and regs_written (cpu.h) of the instruction word w. */
static void register_sets(uint32_t w, struct insn_info *out)
{
    switch (w >> 30) {
    case 2: arithmetic_sets(w, out); break;
    case 3: memory_sets(w, out); break;
    default: format_1_2_sets(w, out); break;
    }
}

static cpu_decoder *sparc_decoder_new(void)
{
    return capstone_decoder_new(CS_ARCH_SPARC, CS_MODE_BIG_ENDIAN);
}

/* The kind of access and the memory operand of instruction word w. */
static void classify_access(const uint8_t *code, size_t before, struct insn_info *out)
{
    uint32_t w = word_at(code);
    unsigned op = w >> 30, op3 = (w >> 19) & 0x3f;
    unsigned rs1 = (w >> 14) & 0x1f, rs2 = w & 0x1f;
    bool imm = (w >> 13) & 1;

    /* Stopping between a control transfer and its delay slot loses NPC
     * (Unicorn restarts with NPC = PC + 4), so never preempt there. */
    if (before >= 4 && is_control_transfer(word_at(code - 4)))
        out->no_preempt = true;

    if (op == 2 && op3 == 0x3a) {       /* Ticc: trap, the system call */
        out->kind = INSN_TRAP;
        return;
    }
    if (op == 2 && op3 == 0x28 && rs1 == 15 && ((w >> 25) & 0x1f) == 0) {
        out->kind = INSN_FENCE;         /* stbar: rd %y encoding, rs1 = 15 */
        out->stores_only = true;        /* V8 K.2: orders stores only */
        return;
    }
    if (op != 3 || mem_ops[op3].name == NULL)
        return;

    out->kind = mem_ops[op3].kind;
    out->size = mem_ops[op3].size;
    if (rs1 == SPARC_SP && out->kind != INSN_RMW)
        out->kind = INSN_PRIVATE;       /* the core's own stack */
    out->mem.base = rs1 ? uc_reg(rs1) : -1;
    if (is_alternate_space(op3)) {
        unsigned asi = (w >> 5) & 0xff;
        if (imm)
            out->why = "the immediate form takes its ASI from %asi, which SPARC V8 lacks";
        else if (asi != ASI_USER_DATA)
            out->why = "user mode may only use ASI 0x0a (user data); other address spaces "
                       "are privileged";
        if (out->why != NULL) {
            out->kind = INSN_UNSUPPORTED;
            return;
        }
    }
    if (op3 == OP3_CASA) {              /* casa [rs1] asi, rs2, rd */
        out->cas = true;
        out->data_reg[0] = (int16_t)(rs2 ? uc_reg(rs2) : UC_SPARC_REG_G0);
        return;
    }
    if (imm) {
        int32_t simm13 = (int32_t)(w << 19) >> 19;
        out->mem.disp = simm13;
    } else if (rs2 != 0) {
        out->mem.index = uc_reg(rs2);
        out->mem.scale = 1;
    }
}

/* cmp rs1, simm13: the synthetic instruction subcc rs1, simm13, %g0 (SPARC
 * V8 manual, Appendix A). */
static bool sparc_compare_constant(cpu_decoder *d, const uint8_t *code, size_t avail,
                                   uint64_t pc, int64_t *k)
{
    (void)d;
    (void)pc;
    if (avail < 4)
        return false;
    uint32_t w = (uint32_t)code[0] << 24 | (uint32_t)code[1] << 16 | (uint32_t)code[2] << 8 |
                 code[3];
    unsigned op = w >> 30, rd = (w >> 25) & 31, op3 = (w >> 19) & 0x3f, i = (w >> 13) & 1;
    if (op != 2 || rd != 0 || op3 != 0x14 || !i)
        return false;
    *k = (int32_t)(w << 19) >> 19;
    return true;
}

static bool sparc_classify(cpu_decoder *d, const uint8_t *code, size_t avail,
                           size_t before, uint64_t pc, struct insn_info *out)
{
    (void)d;
    if (avail < 4 || pc % 4 != 0)
        return false;
    memset(out, 0, sizeof *out);
    out->length = 4;
    out->kind = INSN_PRIVATE;
    out->mem.base = out->mem.index = -1;
    classify_access(code, before, out);
    register_sets(word_at(code), out);
    return true;
}

static const char *const reg_names[32] = {
    "%g0", "%g1", "%g2", "%g3", "%g4", "%g5", "%g6", "%g7",
    "%o0", "%o1", "%o2", "%o3", "%o4", "%o5", "%sp", "%o7",
    "%l0", "%l1", "%l2", "%l3", "%l4", "%l5", "%l6", "%l7",
    "%i0", "%i1", "%i2", "%i3", "%i4", "%i5", "%fp", "%i7",
};

/* "[%o0 + 4]", "[%o0 + %o1]" or "[%o0]", with " 0xNN" for an ASI. */
static void format_address(uint32_t w, char *buf, size_t len)
{
    unsigned op3 = (w >> 19) & 0x3f, rs1 = (w >> 14) & 0x1f, rs2 = w & 0x1f;
    bool imm = (w >> 13) & 1;
    int32_t simm13 = (int32_t)(w << 19) >> 19;
    char asi[8] = "";
    if (is_alternate_space(op3) && !imm)
        g_snprintf(asi, sizeof asi, " 0x%02x", (w >> 5) & 0xff);
    if (op3 == OP3_CASA || (imm && simm13 == 0) || (!imm && rs2 == 0))
        g_snprintf(buf, len, "[%s]%s", reg_names[rs1], asi);
    else if (imm)
        g_snprintf(buf, len, "[%s %c %d]%s", reg_names[rs1], simm13 < 0 ? '-' : '+',
                   simm13 < 0 ? -simm13 : simm13, asi);
    else
        g_snprintf(buf, len, "[%s + %s]%s", reg_names[rs1], reg_names[rs2], asi);
}

/* Memory instructions and traps are spelled here, as Capstone 4 cannot
 * decode ldstub, ldstuba, swapa or casa; Capstone does the rest. */
static void sparc_disassemble(cpu_decoder *d, const uint8_t *code, size_t avail,
                              uint64_t pc, char *buf, size_t len)
{
    struct insn_info info;
    if (!sparc_classify(d, code, avail, 0, pc, &info)) {
        g_strlcpy(buf, "(undecodable)", len);
        return;
    }
    uint32_t w = word_at(code);
    unsigned op = w >> 30, op3 = (w >> 19) & 0x3f;
    const char *rd = reg_names[(w >> 25) & 0x1f];
    char addr[40];
    if (op == 3 && mem_ops[op3].name) {
        format_address(w, addr, sizeof addr);
        if (op3 == OP3_CASA)
            g_snprintf(buf, len, "casa %s, %s, %s", addr, reg_names[w & 0x1f], rd);
        else if (mem_ops[op3].kind == INSN_STORE)
            g_snprintf(buf, len, "%s %s, %s", mem_ops[op3].name, rd, addr);
        else
            g_snprintf(buf, len, "%s %s, %s", mem_ops[op3].name, addr, rd);
    } else if (info.kind == INSN_TRAP) {
        g_snprintf(buf, len, "t%s 0x%x", ((w >> 25) & 0xf) == 8 ? "a" : "cc", w & 0x7f);
    } else if (info.kind == INSN_FENCE) {
        g_strlcpy(buf, "stbar", len);
    } else {
        capstone_disassemble(d, code, avail, pc, buf, len);
    }
}

static uc_err sparc_syscall_args(uc_engine *uc, uint64_t *nr, uint64_t args[3])
{
    uint32_t v = 0;
    uc_err err = uc_reg_read(uc, UC_SPARC_REG_G1, &v);
    *nr = v;
    for (int i = 0; i < 3; i++) {
        if (err == UC_ERR_OK)
            err = uc_reg_read(uc, UC_SPARC_REG_O0 + i, &v);
        args[i] = v;
    }
    return err;
}

/* Linux on sparc32 reports a failed call with the carry flag set and a
 * positive errno in %o0.  Unicorn 2.0.1 cannot set the flag (writing
 * UC_SPARC_REG_ICC corrupts its condition-code state), so atomsim returns
 * -errno in %o0 and leaves the flags alone: the runtime clears the carry
 * before `ta`, and reads "carry clear" as "%o0 is the result or -errno".
 * The trap returns to the instruction after `ta`. */
/* SPARC V8 (B.25): call writes its own address to %o7, and returns (ret,
 * retl) go to %o7 + 8, past the call's delay slot. */
static uc_err sparc_return_address(uc_engine *uc, uint64_t *ra)
{
    uint32_t o7 = 0;
    uc_err err = uc_reg_read(uc, UC_SPARC_REG_O7, &o7);
    *ra = (uint64_t)o7 + 8;
    return err;
}

static uc_err sparc_syscall_return(uc_engine *uc, int64_t result)
{
    uint32_t o0 = (uint32_t)result, pc = 0;
    uc_err err = uc_reg_write(uc, UC_SPARC_REG_O0, &o0);
    if (err == UC_ERR_OK)
        err = uc_reg_read(uc, UC_SPARC_REG_PC, &pc);
    pc += 4;
    if (err == UC_ERR_OK)
        err = uc_reg_write(uc, UC_SPARC_REG_PC, &pc);
    return err;
}

static const char *sparc_trap_name(uint32_t tt)
{
    switch (tt) {
    case 0x01: return "instruction access exception";
    case 0x02: return "illegal instruction";
    case 0x03: return "privileged instruction";
    case 0x07: return "memory address not aligned";
    case 0x09: return "data access exception";
    case 0x2a: return "division by zero";
    default: return tt >= SPARC_TT_TRAP ? "trap instruction" : "exception";
    }
}

/* %g7 holds the thread pointer, the end of the block (SPARC psABI; the TLS
 * ABI's variant II). */
static uc_err sparc_set_thread_pointer(uc_engine *uc, uint64_t tp)
{
    uint32_t v = (uint32_t)tp;
    return uc_reg_write(uc, UC_SPARC_REG_G7, &v);
}

const struct cpu_ops cpu_sparc32 = {
    .name = "sparc32",
    .description = "SPARC V8, big-endian (LEON3), guests built -mflat",
    .elf_machine = { EM_SPARC, EM_SPARC32PLUS },
    .elf_class = ELFCLASS32,
    .elf_data = ELFDATA2MSB,
    .word_size = 4,
    /* SPARC V8 TSO (Appendix K), the order Linux runs sparc32 in */
    .memory = MEMORY_TSO,
    .insn_align = 4,
    .uc_arch = UC_ARCH_SPARC,
    .uc_mode = UC_MODE_SPARC32 | UC_MODE_BIG_ENDIAN,
    .uc_cpu_model = UC_CPU_SPARC32_LEON3,
    .reg_pc = UC_SPARC_REG_PC,
    .reg_sp = UC_SPARC_REG_SP,
    .reg_flags = SPARC_REG_NUM_ICC,
    .stack_reserve = 96,        /* register-window save area, as Linux leaves */
    .set_thread_pointer = sparc_set_thread_pointer,
    .tls_below = true,
    .decoder_new = sparc_decoder_new,
    .decoder_free = capstone_decoder_free,
    .classify = sparc_classify,
    .disassemble = sparc_disassemble,
    .branch_target = capstone_branch_target,
    .compare_constant = sparc_compare_constant,
    .atomicity = "SPARC-32 (v8) has no atomic add or compare-and-swap, only ldstub, an "
        "atomic test-and-set of one byte: Linux takes one of a small hash table of "
        "spinlocks, chosen by the variable's address, around a plain load and store, "
        "so the operation is atomic only against code that takes the same lock",
    .sys_write = 4, .sys_exit = 1, .sys_exit_group = 188,
    .syscall_intno = SPARC_LINUX_SYSCALL,
    .syscall_insn = -1,
    .syscall_args = sparc_syscall_args,
    .syscall_return = sparc_syscall_return,
    .return_address = sparc_return_address,
    .trap_name = sparc_trap_name,
    .litmus = &sparc32_litmus,
};
