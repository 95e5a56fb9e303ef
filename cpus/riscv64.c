/* riscv64.c — RV64GC, little-endian, Linux's user ABI.
 *
 * Capstone 4.0.2 has no RISC-V, so riscv64-decode.c classifies and spells
 * the instructions itself.  Unicorn 2.0.1 runs the A extension's AMOs and
 * lr/sc (measured, issue 17).
 */
#include <elf.h>
#include <glib.h>

#include "riscv64-decode.h"

/* ecall from user mode: exception cause 8 (privileged spec, table 3.6),
 * the interrupt number Unicorn's UC_HOOK_INTR reports. */
#define RISCV_EXCP_U_ECALL 8

static cpu_decoder *rv_decoder_new(void)
{
    /* No state: the decoder is the tables of riscv64-decode.c.  A non-NULL
     * token, as callers may take NULL for failure. */
    static int token;
    return (cpu_decoder *)&token;
}

static void rv_decoder_free(cpu_decoder *d)
{
    (void)d;
}

static bool rv64_classify(cpu_decoder *d, const uint8_t *code, size_t avail,
                          size_t before, uint64_t pc, struct insn_info *out)
{
    (void)d;
    (void)before;
    return rv_classify(code, avail, pc, out);
}

static void rv64_disassemble(cpu_decoder *d, const uint8_t *code, size_t avail,
                             uint64_t pc, char *buf, size_t len)
{
    (void)d;
    rv_disassemble(code, avail, pc, buf, len);
}

static bool rv64_branch_target(cpu_decoder *d, const uint8_t *code, size_t avail,
                               uint64_t pc, uint64_t *target)
{
    (void)d;
    return rv_branch_target(code, avail, pc, target);
}

static bool rv64_compare_constant(cpu_decoder *d, const uint8_t *code, size_t avail,
                                  uint64_t pc, int64_t *k)
{
    (void)d;
    (void)pc;
    return rv_compare_constant(code, avail, k);
}

/* Linux riscv: the call number in a7, arguments in a0-a5. */
static uc_err rv_syscall_args(uc_engine *uc, uint64_t *nr, uint64_t args[3])
{
    uc_err err = uc_reg_read(uc, UC_RISCV_REG_A7, nr);
    for (int i = 0; i < 3 && err == UC_ERR_OK; i++)
        err = uc_reg_read(uc, UC_RISCV_REG_A0 + i, &args[i]);
    return err;
}

/* The result in a0.  Measured: Unicorn 2.0.1 reports a user ecall
 * (UC_HOOK_INTR, cause 8) with the pc already past the ecall, where Linux
 * resumes (sepc + 4), so the pc is left alone. */
/* The RISC-V psABI: jal and jalr leave the return address in ra (x1). */
static uc_err rv_return_address(uc_engine *uc, uint64_t *ra)
{
    *ra = 0;
    return uc_reg_read(uc, UC_RISCV_REG_RA, ra);
}

static uc_err rv_syscall_return(uc_engine *uc, int64_t result)
{
    uint64_t a0 = (uint64_t)result;
    return uc_reg_write(uc, UC_RISCV_REG_A0, &a0);
}

/* Exception causes (privileged spec, table 3.6). */
static const char *rv_trap_name(uint32_t cause)
{
    switch (cause) {
    case 0: return "instruction address misaligned";
    case 1: return "instruction access fault";
    case 2: return "illegal instruction";
    case 3: return "breakpoint";
    case 4: return "load address misaligned";
    case 5: return "load access fault";
    case 6: return "store/AMO address misaligned";
    case 7: return "store/AMO access fault";
    case 12: return "instruction page fault";
    case 13: return "load page fault";
    case 15: return "store/AMO page fault";
    default: return "exception";
    }
}

/* RISC-V has no condition flags; 32 is a number no instruction names. */
#define RV_REG_NUM_NONE 32

/* tp (x4) holds the thread pointer, which is where the block begins (RISC-V
 * ELF psABI, "Thread Local Storage"). */
static uc_err rv64_set_thread_pointer(uc_engine *uc, uint64_t tp)
{
    return uc_reg_write(uc, UC_RISCV_REG_TP, &tp);
}

const struct cpu_ops cpu_riscv64 = {
    .name = "riscv64",
    .description = "RISC-V RV64GC, little-endian",
    .elf_machine = { EM_RISCV, EM_RISCV },
    .elf_class = ELFCLASS64,
    .elf_data = ELFDATA2LSB,
    .word_size = 8,
    .memory = MEMORY_RVWMO,    /* unprivileged ISA chapter 17 (core/memory-model.c) */
    .insn_align = 2,
    .uc_arch = UC_ARCH_RISCV,
    .uc_mode = UC_MODE_RISCV64,
    .uc_cpu_model = -1,
    .reg_pc = UC_RISCV_REG_PC,
    .reg_sp = UC_RISCV_REG_SP,
    .reg_flags = RV_REG_NUM_NONE,
    .stack_reserve = 0,
    .set_thread_pointer = rv64_set_thread_pointer,
    .decoder_new = rv_decoder_new,
    .decoder_free = rv_decoder_free,
    .classify = rv64_classify,
    .disassemble = rv64_disassemble,
    .branch_target = rv64_branch_target,
    .compare_constant = rv64_compare_constant,
    .atomicity = "RISC-V's A extension has AMOs, single atomic read-modify-write "
        "instructions (amoadd, amoswap, amoand, amoor, amoxor): Linux uses them for "
        "the fetch-ops, and lr/sc loops for cmpxchg",
    /* The reservation set: 8.2 leaves its size to the implementation.  A
     * constrained LR/SC loop (8.3) must eventually see some hart's sc
     * succeed or some store to the set: under the address monitor an sc
     * fails only after another core's store there, so every run keeps
     * that guarantee; --monitor switch and --fault sc-fail break it on
     * purpose, and say so. */
    .exclusive_granule = 64,
    .sys_write = 64, .sys_exit = 93, .sys_exit_group = 94,
    .syscall_intno = RISCV_EXCP_U_ECALL,
    .syscall_insn = -1,
    .syscall_args = rv_syscall_args,
    .syscall_return = rv_syscall_return,
    .return_address = rv_return_address,
    .trap_name = rv_trap_name,
    .litmus = &riscv64_litmus,
};
