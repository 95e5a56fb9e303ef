/* arm.c — ARMv7-A in ARM mode, little-endian, decoded with Capstone. */
#include <elf.h>
#include <glib.h>

#include "capstone-decoder.h"

#define ARM_EXCP_UDEF 1
#define ARM_EXCP_SWI 2          /* svc #0: the Linux EABI system call */

static int uc_reg(arm_reg r)
{
    if (r == ARM_REG_INVALID)
        return -1;
    if (r >= ARM_REG_R0 && r <= ARM_REG_R12)
        return UC_ARM_REG_R0 + (r - ARM_REG_R0);
    if (r == ARM_REG_SP)
        return UC_ARM_REG_SP;
    if (r == ARM_REG_LR)
        return UC_ARM_REG_LR;
    return -2;  /* pc and others: not an address that other cores share */
}

/* The compact register numbering (cpu.h): r0-r15 as 0-15 (sp, lr and pc
 * are r13-r15), then the flags (the APSR, the CPSR's condition flags). */
#define ARM_REG_NUM_FLAGS 16

/* The mask of one Capstone register in the compact numbering. */
static uint64_t reg_bit(arm_reg r)
{
    if (r == ARM_REG_INVALID)
        return 0;
    if (r >= ARM_REG_R0 && r <= ARM_REG_R12)
        return CPU_REG_BIT(r - ARM_REG_R0);
    switch (r) {
    case ARM_REG_SP: return CPU_REG_BIT(13);
    case ARM_REG_LR: return CPU_REG_BIT(14);
    case ARM_REG_PC: return CPU_REG_BIT(15);
    case ARM_REG_CPSR: case ARM_REG_APSR: case ARM_REG_APSR_NZCV:
        return CPU_REG_BIT(ARM_REG_NUM_FLAGS);
    default: return CPU_REG_BIT(CPU_REG_OTHER);
    }
}

static bool is_block_transfer(unsigned id)
{
    switch (id) {
    case ARM_INS_LDM: case ARM_INS_LDMIB: case ARM_INS_LDMDA: case ARM_INS_LDMDB:
    case ARM_INS_STM: case ARM_INS_STMIB: case ARM_INS_STMDA: case ARM_INS_STMDB:
        return true;
    default:
        return false;
    }
}

static bool is_block_store(unsigned id)
{
    return id == ARM_INS_STM || id == ARM_INS_STMIB || id == ARM_INS_STMDA ||
           id == ARM_INS_STMDB;
}

/* The registers that only form addresses: the base and index of a memory
 * operand, and the base of ldm/stm, unless also read as values. */
static uint64_t address_only_registers(const cs_insn *insn)
{
    const cs_arm *a = &insn->detail->arm;
    uint64_t addr = 0, value = 0;
    for (int i = 0; i < a->op_count; i++) {
        const cs_arm_op *op = &a->operands[i];
        if (op->type == ARM_OP_MEM)
            addr |= reg_bit(op->mem.base) | reg_bit(op->mem.index);
        else if (i == 0 && is_block_transfer(insn->id))
            addr |= reg_bit(op->reg);
        else if (op->type == ARM_OP_REG && (op->access & CS_AC_READ))
            value |= reg_bit(op->reg);
    }
    return addr & ~value;
}

/* Instructions that read the carry flag (ARM ARM A8.8, ADC, RRX, RSC, SBC;
 * an operand shifted by RRX, A8.4) or keep part of their destination (MOVT,
 * BFC, BFI), which Capstone 4 does not list. */
static uint64_t unlisted_reads(const cs_insn *insn, uint64_t written)
{
    const cs_arm *a = &insn->detail->arm;
    uint64_t flags = CPU_REG_BIT(ARM_REG_NUM_FLAGS);
    switch (insn->id) {
    case ARM_INS_ADC: case ARM_INS_RRX: case ARM_INS_RSC: case ARM_INS_SBC:
        return flags;
    case ARM_INS_MOVT: case ARM_INS_BFC: case ARM_INS_BFI:
        return written;
    default:
        break;
    }
    for (int i = 0; i < a->op_count; i++)
        if (a->operands[i].shift.type == ARM_SFT_RRX)
            return flags;
    return 0;
}

/* The stack as CPU_REG_STACK (cpu.h): read by what loads from it (pop, ldm
 * or ldr based on sp), read and written by what stores there (push, stm,
 * str). */
static void stack_sets(const cs_insn *insn, struct insn_info *out)
{
    const cs_arm *a = &insn->detail->arm;
    uint64_t stack = CPU_REG_BIT(CPU_REG_STACK);
    bool loads = false, stores = false;
    bool sp_block = is_block_transfer(insn->id) && a->op_count > 0 &&
                    a->operands[0].type == ARM_OP_REG && a->operands[0].reg == ARM_REG_SP;
    switch (insn->id) {
    case ARM_INS_PUSH: case ARM_INS_VPUSH:
        stores = true;
        break;
    case ARM_INS_POP: case ARM_INS_VPOP:
        loads = true;
        break;
    default:
        stores = sp_block && is_block_store(insn->id);
        loads = sp_block && !stores;
        break;
    }
    for (int i = 0; i < a->op_count; i++) {
        const cs_arm_op *op = &a->operands[i];
        if (op->type != ARM_OP_MEM || op->mem.base != ARM_REG_SP)
            continue;
        loads |= (op->access & CS_AC_READ) != 0;
        stores |= (op->access & CS_AC_WRITE) != 0;
    }
    if (loads || stores)
        out->regs_read |= stack;
    if (stores)
        out->regs_written |= stack;
}

/* The base register that an access writes back (base plus an offset, ARM
 * ARM A8.5): it keeps what it depended on, as the value moved does not flow
 * into it.  0 when there is none, or when the base is also loaded. */
static uint64_t written_back_base(const cs_insn *insn)
{
    const cs_arm *a = &insn->detail->arm;
    if (insn->id == ARM_INS_PUSH || insn->id == ARM_INS_POP || insn->id == ARM_INS_VPUSH ||
        insn->id == ARM_INS_VPOP)
        return CPU_REG_BIT(13);
    if (!a->writeback)
        return 0;
    if (is_block_transfer(insn->id) && a->op_count > 0 && a->operands[0].type == ARM_OP_REG) {
        uint64_t base = reg_bit(a->operands[0].reg);
        for (int i = 1; i < a->op_count; i++)
            if (a->operands[i].type == ARM_OP_REG && reg_bit(a->operands[i].reg) == base)
                return 0;
        return base;
    }
    for (int i = 0; i < a->op_count; i++) {
        const cs_arm_op *op = &a->operands[i];
        if (op->type != ARM_OP_MEM)
            continue;
        uint64_t base = reg_bit(op->mem.base);
        for (int j = 0; j < i; j++)
            if (a->operands[j].type == ARM_OP_REG && reg_bit(a->operands[j].reg) == base)
                return 0;
        return base;
    }
    return 0;
}

/* regs_read and regs_written (cpu.h) from Capstone's access lists, which
 * leave out the flags an `s` form sets and what a conditional instruction
 * reads: its condition, and the old value of what it writes, which it keeps
 * when the condition fails (ARM ARM A8.3, conditional execution). */
static void register_sets(cpu_decoder *d, const cs_insn *insn, struct insn_info *out)
{
    const cs_arm *a = &insn->detail->arm;
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
    /* The pc holds code addresses, not data: neither source nor result. */
    out->regs_read &= ~CPU_REG_BIT(15);
    out->regs_written &= ~CPU_REG_BIT(15);
    if (a->update_flags)
        out->regs_written |= CPU_REG_BIT(ARM_REG_NUM_FLAGS);
    out->regs_read |= unlisted_reads(insn, out->regs_written);
    out->regs_written &= ~written_back_base(insn);
    stack_sets(insn, out);
    if (a->cc != ARM_CC_AL && a->cc != ARM_CC_INVALID)
        out->regs_read |= CPU_REG_BIT(ARM_REG_NUM_FLAGS) | out->regs_written;
}

static cpu_decoder *arm_decoder_new(void)
{
    return capstone_decoder_new(CS_ARCH_ARM, CS_MODE_ARM);
}

/* Bytes one memory instruction moves. */
static uint8_t access_size(unsigned id)
{
    switch (id) {
    case ARM_INS_LDRB: case ARM_INS_LDRBT: case ARM_INS_LDRSB: case ARM_INS_LDRSBT:
    case ARM_INS_STRB: case ARM_INS_STRBT: case ARM_INS_LDREXB: case ARM_INS_STREXB:
    case ARM_INS_SWPB:
        return 1;
    case ARM_INS_LDRH: case ARM_INS_LDRHT: case ARM_INS_LDRSH: case ARM_INS_LDRSHT:
    case ARM_INS_STRH: case ARM_INS_STRHT: case ARM_INS_LDREXH: case ARM_INS_STREXH:
        return 2;
    case ARM_INS_LDRD: case ARM_INS_STRD: case ARM_INS_LDREXD: case ARM_INS_STREXD:
        return 8;
    default:
        return 4;
    }
}

/* ldm/stm: the lowest address the block touches, relative to the base
 * (ARM ARM A8.8.57-A8.8.60 and A8.8.197-A8.8.200: increment/decrement,
 * after/before). */
static bool block_transfer(const cs_insn *insn, struct insn_info *out)
{
    const cs_arm *a = &insn->detail->arm;
    int n = a->op_count - 1;
    bool load;
    int lowest;
    switch (insn->id) {
    case ARM_INS_LDM:   load = true;  lowest = 0; break;
    case ARM_INS_LDMIB: load = true;  lowest = 4; break;
    case ARM_INS_LDMDA: load = true;  lowest = -4 * n + 4; break;
    case ARM_INS_LDMDB: load = true;  lowest = -4 * n; break;
    case ARM_INS_STM:   load = false; lowest = 0; break;
    case ARM_INS_STMIB: load = false; lowest = 4; break;
    case ARM_INS_STMDA: load = false; lowest = -4 * n + 4; break;
    case ARM_INS_STMDB: load = false; lowest = -4 * n; break;
    default: return false;
    }
    if (a->op_count < 2 || a->operands[0].type != ARM_OP_REG)
        return false;
    out->kind = load ? INSN_LOAD : INSN_STORE;
    out->size = (uint8_t)(4 * n);
    out->mem.base = uc_reg(a->operands[0].reg);
    out->regs_address = reg_bit(a->operands[0].reg);
    out->mem.disp = lowest;
    if (out->mem.base == UC_ARM_REG_SP)
        out->kind = INSN_PRIVATE;
    return true;
}

/* The effective address of a memory operand.  False for a base or index
 * register that cannot address shared memory (pc). */
static bool memory_operand(const cs_arm *a, int i, struct insn_info *out)
{
    const cs_arm_op *op = &a->operands[i];
    out->mem.base = uc_reg(op->mem.base);
    out->regs_address = reg_bit(op->mem.base);
    /* Post-indexed forms ([rn], #imm) name the offset as a further
     * operand: the access itself is at rn. */
    bool post_indexed = a->writeback && i + 1 < a->op_count;
    if (!post_indexed) {
        out->mem.index = uc_reg(op->mem.index);
        out->regs_address |= reg_bit(op->mem.index);
        out->mem.scale = (int8_t)op->mem.scale;
        out->mem.shift = (uint8_t)(op->shift.type == ARM_SFT_LSL ? op->shift.value : 0);
        out->mem.disp = op->mem.disp;
    }
    return out->mem.base != -2 && out->mem.index != -2;
}

/* ldrex*, strex*, clrex and the barriers.  The exclusives are events even on
 * the stack: atomsim's monitor decides every strex (ARM ARM A3.4). */
static bool exclusive_or_barrier(const cs_insn *insn, struct insn_info *out)
{
    const cs_arm *a = &insn->detail->arm;
    switch (insn->id) {
    case ARM_INS_LDREX: case ARM_INS_LDREXB: case ARM_INS_LDREXH: case ARM_INS_LDREXD:
        out->kind = INSN_LL;
        break;
    case ARM_INS_STREX: case ARM_INS_STREXB: case ARM_INS_STREXH: case ARM_INS_STREXD:
        /* strex<sz> rd, rt[, rt2], [rn]: rd gets 0 when it stored */
        out->kind = INSN_SC;
        out->status_reg = (int16_t)uc_reg(a->operands[0].reg);
        out->data_reg[0] = (int16_t)uc_reg(a->operands[1].reg);
        if (insn->id == ARM_INS_STREXD)
            out->data_reg[1] = (int16_t)uc_reg(a->operands[2].reg);
        break;
    case ARM_INS_CLREX:
        out->kind = INSN_CLREX;
        return true;
    case ARM_INS_DMB: case ARM_INS_DSB: case ARM_INS_ISB:
        /* dmb/dsb with an ST option order stores against stores only (ARM
         * ARM A3.8.3); the others are full barriers.  isb orders no access
         * by itself: the loads after it wait for the branches before it
         * (A3.8.2: a control dependency and isb order a later load) */
        out->kind = INSN_FENCE;
        out->instruction_barrier = insn->id == ARM_INS_ISB;
        out->stores_only = a->mem_barrier == ARM_MB_ST || a->mem_barrier == ARM_MB_ISHST ||
                           a->mem_barrier == ARM_MB_NSHST || a->mem_barrier == ARM_MB_OSHST;
        out->loads_pass = out->stores_only;     /* A3.8.3: dmb st orders stores only */
        out->loads_before_stores = !out->stores_only && !out->instruction_barrier;
        return true;
    default:
        return false;
    }
    out->size = access_size(insn->id);
    int last = a->op_count - 1;
    if (last < 1 || a->operands[last].type != ARM_OP_MEM || !memory_operand(a, last, out))
        out->kind = INSN_PRIVATE;       /* not an encoding that runs */
    return true;
}

/* Does instruction id store?  Capstone 4 marks a register-offset store's
 * memory operand (str r2, [r0, r4, lsl #2]) as read only, so the id
 * decides. */
static bool is_store(unsigned id)
{
    switch (id) {
    case ARM_INS_STR: case ARM_INS_STRB: case ARM_INS_STRH: case ARM_INS_STRD:
    case ARM_INS_STRT: case ARM_INS_STRBT: case ARM_INS_STRHT:
    case ARM_INS_VSTR: case ARM_INS_VST1: case ARM_INS_VST2: case ARM_INS_VST3:
    case ARM_INS_VST4: case ARM_INS_VSTMIA: case ARM_INS_VSTMDB:
        return true;
    default:
        return false;
    }
}

/* The kind of access and the memory operand of insn; false if an address
 * uses a register that cannot address shared memory. */
/* cmp and cmn with an immediate (ARM ARM A8.8.37, A8.8.34: cmn compares
 * with the constant's negation). */
static bool arm_compare_constant(cpu_decoder *d, const uint8_t *code, size_t avail, uint64_t pc,
                                 int64_t *k)
{
    const cs_insn *insn = capstone_decode(d, code, avail, pc);
    if (insn == NULL || (insn->id != ARM_INS_CMP && insn->id != ARM_INS_CMN))
        return false;
    const cs_arm *a = &insn->detail->arm;
    for (uint8_t i = 0; i < a->op_count; i++)
        if (a->operands[i].type == ARM_OP_IMM) {
            int64_t imm = (int32_t)a->operands[i].imm;
            *k = insn->id == ARM_INS_CMN ? -imm : imm;
            return true;
        }
    return false;
}

static bool classify_access(const cs_insn *insn, struct insn_info *out)
{
    const cs_arm *a = &insn->detail->arm;
    if (a->cc != ARM_CC_AL && a->cc != ARM_CC_INVALID)
        out->cond = (uint8_t)a->cc;

    switch (insn->id) {
    case ARM_INS_SVC:
        out->kind = INSN_TRAP;
        return true;
    case ARM_INS_PUSH: case ARM_INS_POP:        /* the core's own stack */
    case ARM_INS_PLD: case ARM_INS_PLDW: case ARM_INS_PLI:  /* hints */
        return true;
    default:
        break;
    }
    if (exclusive_or_barrier(insn, out) || block_transfer(insn, out))
        return true;

    for (int i = 0; i < a->op_count; i++) {
        const cs_arm_op *op = &a->operands[i];
        if (op->type != ARM_OP_MEM)
            continue;
        /* [sp, ...] is the core's own stack, [pc, ...] a literal pool. */
        if (op->mem.base == ARM_REG_SP || op->mem.base == ARM_REG_PC)
            return true;
        if (insn->id == ARM_INS_SWP || insn->id == ARM_INS_SWPB)
            out->kind = INSN_RMW;       /* swap: atomic (A8.8.229) */
        else if (is_store(insn->id) || (op->access & CS_AC_WRITE))
            out->kind = INSN_STORE;
        else
            out->kind = INSN_LOAD;
        out->size = access_size(insn->id);
        return memory_operand(a, i, out);
    }
    return true;
}

static bool arm_classify(cpu_decoder *d, const uint8_t *code, size_t avail,
                         size_t before, uint64_t pc, struct insn_info *out)
{
    (void)before;
    return capstone_classify(d, code, avail, pc, out, classify_access, register_sets);
}

/* The condition codes of the ARM ARM (A8.3), Capstone's numbering, read
 * from the CPSR's N, Z, C and V flags. */
static bool condition_holds(uint32_t cpsr, uint8_t cond)
{
    bool n = cpsr >> 31 & 1, z = cpsr >> 30 & 1, c = cpsr >> 29 & 1, v = cpsr >> 28 & 1;
    switch (cond) {
    case ARM_CC_EQ: return z;
    case ARM_CC_NE: return !z;
    case ARM_CC_HS: return c;
    case ARM_CC_LO: return !c;
    case ARM_CC_MI: return n;
    case ARM_CC_PL: return !n;
    case ARM_CC_VS: return v;
    case ARM_CC_VC: return !v;
    case ARM_CC_HI: return c && !z;
    case ARM_CC_LS: return !c || z;
    case ARM_CC_GE: return n == v;
    case ARM_CC_LT: return n != v;
    case ARM_CC_GT: return !z && n == v;
    case ARM_CC_LE: return z || n != v;
    default: return true;
    }
}

static uc_err arm_condition_holds(uc_engine *uc, uint8_t cond, bool *holds)
{
    uint32_t cpsr = 0;
    uc_err err = uc_reg_read(uc, UC_ARM_REG_CPSR, &cpsr);
    *holds = condition_holds(cpsr, cond);
    return err;
}

static uc_err arm_syscall_args(uc_engine *uc, uint64_t *nr, uint64_t args[3])
{
    uint32_t v = 0;
    uc_err err = uc_reg_read(uc, UC_ARM_REG_R7, &v);
    *nr = v;
    for (int i = 0; i < 3; i++) {
        if (err == UC_ERR_OK)
            err = uc_reg_read(uc, UC_ARM_REG_R0 + i, &v);
        args[i] = v;
    }
    return err;
}

/* AAPCS: bl and blx leave the return address in lr (bit 0 set for Thumb:
 * the instruction's address is without it). */
static uc_err arm_return_address(uc_engine *uc, uint64_t *ra)
{
    uint32_t lr = 0;
    uc_err err = uc_reg_read(uc, UC_ARM_REG_LR, &lr);
    *ra = lr & ~1u;
    return err;
}

static uc_err arm_syscall_return(uc_engine *uc, int64_t result)
{
    uint32_t v = (uint32_t)result;
    return uc_reg_write(uc, UC_ARM_REG_R0, &v);
}

static const char *arm_trap_name(uint32_t excp)
{
    switch (excp) {
    case ARM_EXCP_UDEF: return "undefined instruction";
    case 3: return "prefetch abort";
    case 4: return "data abort";
    case 7: return "breakpoint";
    default: return "exception";
    }
}

/* TPIDRURO (mrc p15, 0, rN, c13, c0, 3) holds the thread pointer, as Linux
 * sets it; an 8-byte TCB precedes the block (ELF for the Arm Architecture,
 * "Thread Local Storage"). */
static uc_err arm_set_thread_pointer(uc_engine *uc, uint64_t tp)
{
    uint32_t v = (uint32_t)tp;
    return uc_reg_write(uc, UC_ARM_REG_C13_C0_3, &v);
}

const struct cpu_ops cpu_arm = {
    .name = "arm",
    .description = "ARMv7-A, ARM mode, little-endian",
    .elf_machine = { EM_ARM, EM_ARM },
    .elf_class = ELFCLASS32,
    .elf_data = ELFDATA2LSB,
    .word_size = 4,
    /* ARMv7 is weaker than TSO (ARM ARM A3.8): the store-buffer model arm
     * (base/memory.h) */
    .memory = MEMORY_ARM,
    .insn_align = 4,
    .uc_arch = UC_ARCH_ARM,
    .uc_mode = UC_MODE_ARM,
    .uc_cpu_model = UC_CPU_ARM_CORTEX_A15,
    .reg_pc = UC_ARM_REG_PC,
    .reg_sp = UC_ARM_REG_SP,
    .reg_flags = ARM_REG_NUM_FLAGS,
    .stack_reserve = 16,
    .set_thread_pointer = arm_set_thread_pointer,
    .tls_tcb = 8,
    .decoder_new = arm_decoder_new,
    .decoder_free = capstone_decoder_free,
    .classify = arm_classify,
    .disassemble = capstone_disassemble,
    .branch_target = capstone_branch_target,
    .compare_constant = arm_compare_constant,
    .atomicity = "ARMv7 has no single atomic add: ldrex reads the value and reserves its "
        "granule in the exclusive monitor, and strex stores only if no other core has "
        "written the granule since, so a loop that retries until strex succeeds "
        "writes a value computed from exactly the value it read",
    .condition_holds = arm_condition_holds,
    /* The reservation granule is IMPLEMENTATION DEFINED, 8 to 2048 bytes
     * (ARM ARM A3.4.3); the Cortex-A15's is its 64-byte cache line. */
    .exclusive_granule = 64,
    /* ARMv7 does not require multi-copy atomicity: a write may be observed
     * by one observer before another (ARM ARM A3.8.1, "Memory ordering";
     * herd7's arm.cat, whose IRIW+addrs and WRC+addrs are allowed);
     * ARMv8 requires other-multi-copy atomicity since its 2017 revision. */
    .not_multi_copy_atomic = true,
    .sys_write = 4, .sys_exit = 1, .sys_exit_group = 248,
    .syscall_intno = ARM_EXCP_SWI,
    .syscall_insn = -1,
    .syscall_args = arm_syscall_args,
    .syscall_return = arm_syscall_return,
    .return_address = arm_return_address,
    .trap_name = arm_trap_name,
    .litmus = &arm_litmus,
};
