/* x86.c — i386 and x86_64, decoded with Capstone.
 *
 * A memory operand's access (read, write, both) comes from Capstone, except
 * for the instructions that may take a LOCK prefix, listed below (Capstone 4
 * calls cmpxchg's destination read-only).  With LOCK, or for xchg with
 * memory, which locks by itself, such an instruction is one atomic RMW
 * (Intel SDM vol. 3, 9.1.2.2 "Software Controlled Bus Locking"); without, it
 * is a load and a store that another core may come between.
 */
#include <elf.h>
#include <glib.h>

#include "capstone-decoder.h"

#define X86_LINUX_INT 0x80      /* i386: int $0x80 */

/* Capstone's register ids to Unicorn's, for the registers an address uses. */
static const struct { x86_reg cs; int uc; } reg_map[] = {
    { X86_REG_EAX, UC_X86_REG_EAX }, { X86_REG_EBX, UC_X86_REG_EBX },
    { X86_REG_ECX, UC_X86_REG_ECX }, { X86_REG_EDX, UC_X86_REG_EDX },
    { X86_REG_ESI, UC_X86_REG_ESI }, { X86_REG_EDI, UC_X86_REG_EDI },
    { X86_REG_EBP, UC_X86_REG_EBP }, { X86_REG_ESP, UC_X86_REG_ESP },
    { X86_REG_RAX, UC_X86_REG_RAX }, { X86_REG_RBX, UC_X86_REG_RBX },
    { X86_REG_RCX, UC_X86_REG_RCX }, { X86_REG_RDX, UC_X86_REG_RDX },
    { X86_REG_RSI, UC_X86_REG_RSI }, { X86_REG_RDI, UC_X86_REG_RDI },
    { X86_REG_RBP, UC_X86_REG_RBP }, { X86_REG_RSP, UC_X86_REG_RSP },
    { X86_REG_R8, UC_X86_REG_R8 },   { X86_REG_R9, UC_X86_REG_R9 },
    { X86_REG_R10, UC_X86_REG_R10 }, { X86_REG_R11, UC_X86_REG_R11 },
    { X86_REG_R12, UC_X86_REG_R12 }, { X86_REG_R13, UC_X86_REG_R13 },
    { X86_REG_R14, UC_X86_REG_R14 }, { X86_REG_R15, UC_X86_REG_R15 },
    { X86_REG_R8D, UC_X86_REG_R8D },   { X86_REG_R9D, UC_X86_REG_R9D },
    { X86_REG_R10D, UC_X86_REG_R10D }, { X86_REG_R11D, UC_X86_REG_R11D },
    { X86_REG_R12D, UC_X86_REG_R12D }, { X86_REG_R13D, UC_X86_REG_R13D },
    { X86_REG_R14D, UC_X86_REG_R14D }, { X86_REG_R15D, UC_X86_REG_R15D },
};

static int uc_reg(x86_reg r)
{
    if (r == X86_REG_INVALID)
        return -1;
    for (size_t i = 0; i < G_N_ELEMENTS(reg_map); i++)
        if (reg_map[i].cs == r)
            return reg_map[i].uc;
    return -2;  /* a register no address of ours should use */
}

/* The compact register numbering (cpu.h): the sixteen general registers in
 * their encoding order (SDM vol. 2, 2.1.5, table 2-2), each with its parts
 * (al, ah and ax are parts of eax and rax, one register), then the flags. */
#define X86_REG_NUM_SP 4
#define X86_REG_NUM_FLAGS 16
static const struct { x86_reg part[3]; x86_reg whole[2]; } reg_families[16] = {
    { { X86_REG_AL, X86_REG_AH, X86_REG_AX }, { X86_REG_EAX, X86_REG_RAX } }, /* 0 */
    { { X86_REG_CL, X86_REG_CH, X86_REG_CX }, { X86_REG_ECX, X86_REG_RCX } }, /* 1 */
    { { X86_REG_DL, X86_REG_DH, X86_REG_DX }, { X86_REG_EDX, X86_REG_RDX } }, /* 2 */
    { { X86_REG_BL, X86_REG_BH, X86_REG_BX }, { X86_REG_EBX, X86_REG_RBX } }, /* 3 */
    { { X86_REG_SPL, X86_REG_SP }, { X86_REG_ESP, X86_REG_RSP } }, /* 4 */
    { { X86_REG_BPL, X86_REG_BP }, { X86_REG_EBP, X86_REG_RBP } }, /* 5 */
    { { X86_REG_SIL, X86_REG_SI }, { X86_REG_ESI, X86_REG_RSI } }, /* 6 */
    { { X86_REG_DIL, X86_REG_DI }, { X86_REG_EDI, X86_REG_RDI } }, /* 7 */
    { { X86_REG_R8B, X86_REG_R8W }, { X86_REG_R8D, X86_REG_R8 } }, /* 8 */
    { { X86_REG_R9B, X86_REG_R9W }, { X86_REG_R9D, X86_REG_R9 } }, /* 9 */
    { { X86_REG_R10B, X86_REG_R10W }, { X86_REG_R10D, X86_REG_R10 } }, /* 10 */
    { { X86_REG_R11B, X86_REG_R11W }, { X86_REG_R11D, X86_REG_R11 } }, /* 11 */
    { { X86_REG_R12B, X86_REG_R12W }, { X86_REG_R12D, X86_REG_R12 } }, /* 12 */
    { { X86_REG_R13B, X86_REG_R13W }, { X86_REG_R13D, X86_REG_R13 } }, /* 13 */
    { { X86_REG_R14B, X86_REG_R14W }, { X86_REG_R14D, X86_REG_R14 } }, /* 14 */
    { { X86_REG_R15B, X86_REG_R15W }, { X86_REG_R15D, X86_REG_R15 } }, /* 15 */
};

/* The mask of a Capstone register in the compact numbering; *partial when
 * it names 8 or 16 bits of one, which a write leaves the rest of (SDM vol. 1,
 * 3.4.1.1).  None for the instruction pointer: it is no data. */
static uint64_t reg_mask(x86_reg r, bool *partial)
{
    *partial = false;
    if (r == X86_REG_INVALID || r == X86_REG_RIP || r == X86_REG_EIP || r == X86_REG_IP)
        return 0;
    if (r == X86_REG_EFLAGS)
        return CPU_REG_BIT(X86_REG_NUM_FLAGS);
    for (unsigned n = 0; n < G_N_ELEMENTS(reg_families); n++) {
        for (int i = 0; i < 3; i++) {
            if (r == reg_families[n].part[i]) {
                *partial = true;
                return CPU_REG_BIT(n);
            }
        }
        if (r == reg_families[n].whole[0] || r == reg_families[n].whole[1])
            return CPU_REG_BIT(n);
    }
    return CPU_REG_BIT(CPU_REG_OTHER);
}

/* The mask of one Capstone register. */
static uint64_t reg_bit(x86_reg r)
{
    bool partial;
    return reg_mask(r, &partial);
}

static cpu_decoder *x86_32_decoder_new(void)
{
    return capstone_decoder_new(CS_ARCH_X86, CS_MODE_32);
}

static cpu_decoder *x86_64_decoder_new(void)
{
    return capstone_decoder_new(CS_ARCH_X86, CS_MODE_64);
}

/* The instructions LOCK applies to (SDM vol. 2, "LOCK"), when their
 * destination is memory. */
static bool lockable(unsigned id)
{
    switch (id) {
    case X86_INS_ADD: case X86_INS_ADC: case X86_INS_AND: case X86_INS_BTC:
    case X86_INS_BTR: case X86_INS_BTS: case X86_INS_CMPXCHG: case X86_INS_CMPXCHG8B:
    case X86_INS_CMPXCHG16B: case X86_INS_DEC: case X86_INS_INC: case X86_INS_NEG:
    case X86_INS_NOT: case X86_INS_OR: case X86_INS_SBB: case X86_INS_SUB:
    case X86_INS_XOR: case X86_INS_XADD: case X86_INS_XCHG:
        return true;
    default:
        return false;
    }
}

static bool is_bit_test(unsigned id)
{
    return id == X86_INS_BT || id == X86_INS_BTS || id == X86_INS_BTR || id == X86_INS_BTC;
}

/* cmpxchg compares memory with the accumulator, cmpxchg8b and cmpxchg16b
 * with the pair edx:eax or rdx:rax. */
static void expected_value(unsigned id, uint8_t size, struct insn_info *out)
{
    out->cas = true;
    if (id == X86_INS_CMPXCHG) {
        out->data_reg[0] = size == 8 ? UC_X86_REG_RAX : UC_X86_REG_EAX;
    } else if (id == X86_INS_CMPXCHG8B) {
        out->data_reg[0] = UC_X86_REG_EAX;
        out->data_reg[1] = UC_X86_REG_EDX;
    } else {
        out->data_reg[0] = UC_X86_REG_RAX;
        out->data_reg[1] = UC_X86_REG_RDX;
    }
}

/* The registers that only form addresses: the base and index of memory
 * operands that the instruction does not also read as values (lea computes
 * a value from its operand's). */
static uint64_t address_only_registers(const cs_insn *insn)
{
    const cs_x86 *x = &insn->detail->x86;
    uint64_t addr = 0, value = 0;
    if (insn->id == X86_INS_LEA)
        return 0;
    for (int i = 0; i < x->op_count; i++) {
        const cs_x86_op *op = &x->operands[i];
        if (op->type == X86_OP_MEM)
            addr |= reg_bit(op->mem.base) | reg_bit(op->mem.index);
        else if (op->type == X86_OP_REG && (op->access & CS_AC_READ))
            value |= reg_bit(op->reg);
    }
    for (int i = 0; i < insn->detail->regs_read_count; i++)
        value |= reg_bit(insn->detail->regs_read[i]);
    return addr & ~value;
}

/* Registers Capstone 4 leaves out: xadd sets the flags as add does;
 * cmpxchg sets ZF and loads the destination into the accumulator when the
 * comparison fails, cmpxchg8b/16b into edx:eax (SDM vol. 2, XADD, CMPXCHG,
 * CMPXCHG8B/CMPXCHG16B). */
static uint64_t unlisted_writes(unsigned id)
{
    uint64_t flags = CPU_REG_BIT(X86_REG_NUM_FLAGS);
    if (id == X86_INS_XADD)
        return flags;
    if (id == X86_INS_CMPXCHG)
        return flags | CPU_REG_BIT(0);
    if (id == X86_INS_CMPXCHG8B || id == X86_INS_CMPXCHG16B)
        return flags | CPU_REG_BIT(0) | CPU_REG_BIT(2);
    return 0;
}

/* push, pop, call and ret move the stack pointer by a constant; true for
 * them, with *stores when they store to the stack. */
static bool moves_stack_pointer(unsigned id, bool *stores)
{
    switch (id) {
    case X86_INS_PUSH: case X86_INS_PUSHAL: case X86_INS_PUSHAW: case X86_INS_PUSHF:
    case X86_INS_PUSHFD: case X86_INS_PUSHFQ: case X86_INS_CALL:
        *stores = true;
        return true;
    case X86_INS_POP: case X86_INS_POPAL: case X86_INS_POPAW: case X86_INS_POPF:
    case X86_INS_POPFD: case X86_INS_POPFQ: case X86_INS_RET:
        *stores = false;
        return true;
    default:
        return false;
    }
}

/* The instruction names the stack pointer as a register operand (pop %esp). */
static bool names_stack_pointer(const cs_insn *insn)
{
    const cs_x86 *x = &insn->detail->x86;
    for (int i = 0; i < x->op_count; i++)
        if (x->operands[i].type == X86_OP_REG &&
            reg_bit(x->operands[i].reg) == CPU_REG_BIT(X86_REG_NUM_SP))
            return true;
    return false;
}

/* The stack as CPU_REG_STACK (cpu.h): read by what loads from it (pop,
 * ret, leave, an operand based on esp), read and written by what stores
 * there (push, call, an operand based on esp).  push, pop, call and ret
 * leave the stack pointer depending on what it did: the value they move does
 * not flow into it. */
static void stack_sets(const cs_insn *insn, struct insn_info *out)
{
    const cs_x86 *x = &insn->detail->x86;
    uint64_t stack = CPU_REG_BIT(CPU_REG_STACK), sp = CPU_REG_BIT(X86_REG_NUM_SP);
    bool stores = false, moves = moves_stack_pointer(insn->id, &stores);
    bool loads = (moves && !stores) || insn->id == X86_INS_LEAVE;
    for (int i = 0; i < x->op_count; i++) {
        const cs_x86_op *op = &x->operands[i];
        if (op->type != X86_OP_MEM || (op->mem.base != X86_REG_ESP &&
                                       op->mem.base != X86_REG_RSP))
            continue;
        loads |= (op->access & CS_AC_READ) != 0;
        stores |= (op->access & CS_AC_WRITE) != 0;
    }
    if (loads || stores)
        out->regs_read |= stack;
    if (stores)
        out->regs_written |= stack;
    if (moves && !names_stack_pointer(insn))
        out->regs_written &= ~sp;
}

/* xor or sub of a register with itself: the result is 0 whatever the
 * register held (Intel 64 and IA-32 Architectures Optimization Reference
 * Manual, "Clearing Registers and Dependency Breaking Idioms"). */
static bool zeroing_idiom(const cs_insn *insn)
{
    const cs_x86 *x = &insn->detail->x86;
    return (insn->id == X86_INS_XOR || insn->id == X86_INS_SUB ||
            insn->id == X86_INS_PXOR || insn->id == X86_INS_XORPS) &&
           x->op_count == 2 && x->operands[0].type == X86_OP_REG &&
           x->operands[1].type == X86_OP_REG && x->operands[0].reg == x->operands[1].reg;
}

/* regs_read and regs_written (cpu.h) from Capstone's access lists.  A write
 * to part of a register keeps the rest of it, so it reads the register too. */
static void register_sets(cpu_decoder *d, const cs_insn *insn, struct insn_info *out)
{
    cs_regs rd, wr;
    uint8_t nrd, nwr;
    if (!capstone_regs_access(d, insn, rd, &nrd, wr, &nwr)) {
        out->regs_read = out->regs_written = UINT64_MAX;
        return;
    }
    bool partial;
    for (int i = 0; i < nrd; i++)
        out->regs_read |= reg_mask(rd[i], &partial);
    out->regs_read &= ~address_only_registers(insn);
    out->regs_written = unlisted_writes(insn->id);
    for (int i = 0; i < nwr; i++) {
        uint64_t bit = reg_mask(wr[i], &partial);
        out->regs_written |= bit;
        if (partial)
            out->regs_read |= bit;
    }
    if (zeroing_idiom(insn))
        out->regs_read = 0;
    stack_sets(insn, out);
}

/* The kind of access and the memory operand of insn; false if an address
 * uses a register no address of ours should. */
/* cmp with an immediate operand (Intel SDM vol. 2A, CMP). */
static bool x86_compare_constant(cpu_decoder *d, const uint8_t *code, size_t avail, uint64_t pc,
                                 int64_t *k)
{
    const cs_insn *insn = capstone_decode(d, code, avail, pc);
    if (insn == NULL || insn->id != X86_INS_CMP)
        return false;
    const cs_x86 *x = &insn->detail->x86;
    for (uint8_t i = 0; i < x->op_count; i++)
        if (x->operands[i].type == X86_OP_IMM) {
            *k = x->operands[i].imm;
            return true;
        }
    return false;
}

static bool classify_access(const cs_insn *insn, struct insn_info *out)
{
    const cs_x86 *x = &insn->detail->x86;
    switch (insn->id) {
    case X86_INS_INT:
        if (x->op_count == 1 && x->operands[0].imm == X86_LINUX_INT)
            out->kind = INSN_TRAP;
        return true;
    case X86_INS_SYSCALL:
        out->kind = INSN_TRAP;
        return true;
    case X86_INS_MFENCE: case X86_INS_LFENCE: case X86_INS_SFENCE:
        out->kind = INSN_FENCE;
        return true;
    case X86_INS_LEA:           /* address arithmetic, no access */
    case X86_INS_NOP:
    case X86_INS_PREFETCH:
    case X86_INS_PREFETCHNTA:
    case X86_INS_PREFETCHT0:
    case X86_INS_PREFETCHT1:
    case X86_INS_PREFETCHT2:
    case X86_INS_PREFETCHW:
        return true;
    default:
        break;
    }

    for (int i = 0; i < x->op_count; i++) {
        const cs_x86_op *op = &x->operands[i];
        if (op->type != X86_OP_MEM)
            continue;
        bool locked = x->prefix[0] == X86_PREFIX_LOCK || insn->id == X86_INS_XCHG;
        if (i == 0 && lockable(insn->id)) {
            out->kind = locked ? INSN_RMW : INSN_SPLIT_RMW;
            out->lock_prefix = insn->id != X86_INS_XCHG && locked;
        }
        else if (op->access == (CS_AC_READ | CS_AC_WRITE))
            out->kind = INSN_SPLIT_RMW;
        else if (op->access == CS_AC_WRITE)
            out->kind = INSN_STORE;
        else
            out->kind = INSN_LOAD;
        /* The core's own stack, unless atomic: `lock addl $0, (%esp)` is
         * how Linux spells a full barrier on i386. */
        if ((op->mem.base == X86_REG_ESP || op->mem.base == X86_REG_RSP) &&
            out->kind != INSN_RMW) {
            out->kind = INSN_PRIVATE;
            return true;
        }
        if (insn->id == X86_INS_CMPXCHG || insn->id == X86_INS_CMPXCHG8B ||
            insn->id == X86_INS_CMPXCHG16B)
            expected_value(insn->id, op->size, out);
        out->size = op->size;
        out->mem.disp = op->mem.disp;
        /* %fs: and %gs: address thread-local storage from the thread
         * pointer, the segment's base (set_thread_pointer below) */
        out->mem.thread_relative = op->mem.segment == X86_REG_FS || op->mem.segment == X86_REG_GS;
        if (op->mem.base == X86_REG_RIP || op->mem.base == X86_REG_EIP)
            out->mem.pc_relative = true;
        else
            out->mem.base = uc_reg(op->mem.base);
        out->mem.index = uc_reg(op->mem.index);
        out->mem.scale = (int8_t)op->mem.scale;
        if (is_bit_test(insn->id) && x->op_count == 2 && x->operands[1].type == X86_OP_REG &&
            out->mem.index == -1) {
            /* A register bit number addresses a bit string: it may pass the
             * operand (SDM vol. 2, BT: "bit offset operand"). */
            out->mem.index = uc_reg(x->operands[1].reg);
            out->mem.bit_offset = true;
        }
        return out->mem.base != -2 && out->mem.index != -2;
    }
    return true;
}

static bool x86_classify(cpu_decoder *d, const uint8_t *code, size_t avail,
                         size_t before, uint64_t pc, struct insn_info *out)
{
    (void)before;
    return capstone_classify(d, code, avail, pc, out, classify_access, register_sets);
}

static uc_err x86_syscall_args_32(uc_engine *uc, uint64_t *nr, uint64_t args[3])
{
    static const int regs[4] = { UC_X86_REG_EAX, UC_X86_REG_EBX, UC_X86_REG_ECX,
                                 UC_X86_REG_EDX };
    uint32_t v[4] = { 0 };
    uc_err err = UC_ERR_OK;
    for (int i = 0; i < 4 && err == UC_ERR_OK; i++)
        err = uc_reg_read(uc, regs[i], &v[i]);
    *nr = v[0];
    for (int i = 0; i < 3; i++)
        args[i] = v[i + 1];
    return err;
}

static uc_err x86_syscall_args_64(uc_engine *uc, uint64_t *nr, uint64_t args[3])
{
    static const int regs[3] = { UC_X86_REG_RDI, UC_X86_REG_RSI, UC_X86_REG_RDX };
    uc_err err = uc_reg_read(uc, UC_X86_REG_RAX, nr);
    for (int i = 0; i < 3; i++)
        if (err == UC_ERR_OK)
            err = uc_reg_read(uc, regs[i], &args[i]);
    return err;
}

static uc_err x86_syscall_return_32(uc_engine *uc, int64_t result)
{
    uint32_t v = (uint32_t)result;
    return uc_reg_write(uc, UC_X86_REG_EAX, &v);
}

static uc_err x86_syscall_return_64(uc_engine *uc, int64_t result)
{
    uint64_t v = (uint64_t)result;
    return uc_reg_write(uc, UC_X86_REG_RAX, &v);
}

/* The System V i386 and x86-64 psABIs: call pushes the return address, so
 * at a function's entry it is at the stack pointer. */
static uc_err x86_return_address(uc_engine *uc, int sp_reg, unsigned bytes, uint64_t *ra)
{
    uint64_t sp = 0;
    uc_err err = uc_reg_read(uc, sp_reg, &sp);
    *ra = 0;
    return err != UC_ERR_OK ? err : uc_mem_read(uc, sp, ra, bytes);
}

static uc_err x86_return_address_32(uc_engine *uc, uint64_t *ra)
{
    return x86_return_address(uc, UC_X86_REG_ESP, 4, ra);
}

static uc_err x86_return_address_64(uc_engine *uc, uint64_t *ra)
{
    return x86_return_address(uc, UC_X86_REG_RSP, 8, ra);
}

static const char *x86_trap_name(uint32_t vector)
{
    switch (vector) {
    case 0: return "divide error";
    case 3: return "breakpoint";
    case 6: return "invalid opcode";
    case 13: return "general protection";
    case 14: return "page fault";
    case 17: return "alignment check";
    default: return "exception";
    }
}

#define X86_ATOMICITY \
    "the LOCK prefix makes the core hold the cache line (a locked bus cycle " \
    "on old parts) from the read to the write of one instruction, so no other " \
    "core's access can come between them"

/* The thread pointer is a segment's base: %gs's on i386, %fs's on x86-64
 * (each psABI's TLS section; variant II).  Unicorn writes the bases of
 * 32-bit mode only through their MSRs (IA32_GS_BASE, IA32_FS_BASE: SDM
 * vol. 4, table 2-2), as wrmsr would. */
static uc_err x86_32_set_thread_pointer(uc_engine *uc, uint64_t tp)
{
    uc_x86_msr gs_base = { 0xc0000101, tp };
    return uc_reg_write(uc, UC_X86_REG_MSR, &gs_base);
}

static uc_err x86_64_set_thread_pointer(uc_engine *uc, uint64_t tp)
{
    uc_x86_msr fs_base = { 0xc0000100, tp };
    return uc_reg_write(uc, UC_X86_REG_MSR, &fs_base);
}

const struct cpu_ops cpu_x86 = {
    .name = "x86",
    .description = "i386, 32-bit",
    .elf_machine = { EM_386, EM_386 },
    .elf_class = ELFCLASS32,
    .elf_data = ELFDATA2LSB,
    .word_size = 4,
    .memory = MEMORY_TSO,      /* x86-TSO (Sewell et al., CACM 2010) */
    .insn_align = 1,
    .uc_arch = UC_ARCH_X86,
    .uc_mode = UC_MODE_32,
    .uc_cpu_model = -1,
    .reg_pc = UC_X86_REG_EIP,
    .reg_sp = UC_X86_REG_ESP,
    .reg_flags = X86_REG_NUM_FLAGS,
    .stack_reserve = 16,
    .set_thread_pointer = x86_32_set_thread_pointer,
    .tls_below = true,
    .decoder_new = x86_32_decoder_new,
    .decoder_free = capstone_decoder_free,
    .classify = x86_classify,
    .disassemble = capstone_disassemble,
    .branch_target = capstone_branch_target,
    .compare_constant = x86_compare_constant,
    .atomicity = X86_ATOMICITY,
    .sys_write = 4, .sys_exit = 1, .sys_exit_group = 252,
    .syscall_intno = X86_LINUX_INT,
    .syscall_insn = -1,
    .syscall_args = x86_syscall_args_32,
    .syscall_return = x86_syscall_return_32,
    .return_address = x86_return_address_32,
    .trap_name = x86_trap_name,
    .litmus = &x86_litmus,
};

const struct cpu_ops cpu_x86_64 = {
    .name = "x86_64",
    .description = "x86_64, 64-bit",
    .elf_machine = { EM_X86_64, EM_X86_64 },
    .elf_class = ELFCLASS64,
    .elf_data = ELFDATA2LSB,
    .word_size = 8,
    .memory = MEMORY_TSO,
    .insn_align = 1,
    .uc_arch = UC_ARCH_X86,
    .uc_mode = UC_MODE_64,
    .uc_cpu_model = -1,
    .reg_pc = UC_X86_REG_RIP,
    .reg_sp = UC_X86_REG_RSP,
    .reg_flags = X86_REG_NUM_FLAGS,
    .stack_reserve = 16,
    .set_thread_pointer = x86_64_set_thread_pointer,
    .tls_below = true,
    .decoder_new = x86_64_decoder_new,
    .decoder_free = capstone_decoder_free,
    .classify = x86_classify,
    .disassemble = capstone_disassemble,
    .branch_target = capstone_branch_target,
    .compare_constant = x86_compare_constant,
    .atomicity = X86_ATOMICITY,
    .sys_write = 1, .sys_exit = 60, .sys_exit_group = 231,
    .syscall_intno = -1,
    .syscall_insn = UC_X86_INS_SYSCALL,
    .syscall_args = x86_syscall_args_64,
    .syscall_return = x86_syscall_return_64,
    .return_address = x86_return_address_64,
    .trap_name = x86_trap_name,
    .litmus = &x86_64_litmus,
};
