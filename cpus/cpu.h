/* cpu.h — the table of operations every ISA provides.
 *
 * One file per ISA in cpus/ defines one `struct cpu_ops`; cpus.c lists them.
 * Nothing outside cpus/ knows an ISA: the simulator sees instructions only
 * through `struct insn_info`, registers only through the ids given here.
 */
#ifndef ATOMSIM_CPU_H
#define ATOMSIM_CPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <glib.h>
#include <unicorn/unicorn.h>

#include "base/kinds.h"
#include "base/memory.h"

/* What an instruction does that other cores can see: enum insn_kind, the
 * vocabulary of sim/base/kinds.h. */

/* How to compute an instruction's effective address from registers:
 * base + (index << shift) * scale + disp, plus the address of the next
 * instruction when pc_relative; with index_w, index is the low 32 bits of
 * its register, sign-extended if index_signed (AArch64's uxtw and sxtw).  With bit_offset, index is instead a signed
 * bit number in a bit string at base + disp, and the access is at the
 * operand-sized unit that holds the bit (x86 bt, bts, btr, btc with a
 * register).  Register ids are Unicorn's; -1 is none. */
struct mem_operand {
    int base;
    int index;
    int8_t scale;       /* 1, 2, 4, 8, or -1 to subtract the index */
    uint8_t shift;
    bool pc_relative;
    bool bit_offset;
    bool index_w;
    bool index_signed;
    bool thread_relative;       /* plus the core's thread pointer (x86 %fs:, %gs:) */
    int64_t disp;
};

struct insn_info {
    uint8_t kind;       /* enum insn_kind */
    uint8_t length;     /* bytes */
    uint8_t size;       /* bytes accessed */
    bool no_preempt;    /* the scheduler may not stop the core just before it */
    bool cas;           /* an RMW that stores only if memory equals data_reg */
    bool lock_prefix;   /* an RMW atomic only through its LOCK prefix (x86) */
    bool stores_only;   /* INSN_FENCE: orders stores against later stores only
                           (dmb ishst, stbar) */
    bool loads_only;    /* INSN_FENCE: orders loads against later accesses only
                           (dmb ishld) */
    bool loads_pass;    /* INSN_FENCE: later loads may be satisfied before
                           earlier loads (dmb ishst, fence w,w; not fence.tso) */
    bool loads_before_stores;   /* INSN_FENCE: earlier loads are ordered before
                                   later stores (dmb ish, dmb ishld, fence r,w,
                                   fence rw,w, fence.tso; not dmb ishst) */
    bool instruction_barrier;   /* INSN_FENCE: isb, no memory barrier: later
                                   loads wait only for the branches (and the
                                   addresses) before it (ctrl+isb) */
    /* One-way orderings of an access (acquire and release semantics):
     * acquire: the accesses after it are ordered after it, and so is it
     * after an earlier release (RCsc: ldar, ldaxr, ld<op>a, lr.aq);
     * release: the accesses before it are ordered before it (stlr,
     * stlxr, ld<op>l, sc.rl). */
    bool acquire;
    bool release;
    /* acquire_pc: an RCpc acquire (ldapr): the accesses after it are ordered
     * after it, but it is not ordered after an earlier release. */
    bool acquire_pc;
    /* INSN_RMW: its read returns nothing (st<op>, an atomic into the zero
     * register): a later load barrier does not order it. */
    bool no_result;
    uint8_t cond;       /* runs only if cpu->condition_holds(cond); 0: always */
    /* INSN_SC: the register that receives 0 (stored) or 1 (failed). */
    int16_t status_reg;
    /* INSN_SC: the registers holding the value to store; cas: the expected
     * value.  Two registers make a pair: [0] the low half, [1] the high. */
    int16_t data_reg[2];
    const char *why;    /* INSN_UNSUPPORTED: what cannot run, and why */
    struct mem_operand mem;
    /* Register sets as masks over the cpu's compact numbering (bit i is its
     * register i; CPU_REG_OTHER stands for every register it does not
     * number).  regs_read: the registers whose values flow into what the
     * instruction writes, to registers or memory; a register used only to
     * form an address is not one.  So for a store, they are the registers
     * whose values it stores.  regs_written: the registers it may change.
     * Accesses to the stack that are classified INSN_PRIVATE name
     * CPU_REG_STACK; the run loop finds the other private accesses. */
    uint64_t regs_read;
    uint64_t regs_written;
    /* The registers that form an access's address (mem), in the same
     * numbering: an address dependency (the cpus of a model with views,
     * core/views.h, give them; elsewhere 0). */
    uint64_t regs_address;
};

/* The compact number that stands for any register a cpu does not number. */
#define CPU_REG_OTHER 63
/* A compact number for the core's private memory as one register: what a
 * register saved there holds.  An instruction that stores to the core's own
 * stack reads and writes it (the stack keeps what it held), one that loads
 * from there reads it. */
#define CPU_REG_STACK 62
#define CPU_REG_BIT(n) (1ull << (n))

/* Decoding state of one machine (a Capstone handle, for instance). */
typedef struct cpu_decoder cpu_decoder;

struct cpu_ops {
    const char *name;           /* as given to --cpu */
    const char *description;
    /* The ELF files it runs (e_machine values, class and byte order). */
    uint16_t elf_machine[2];
    uint8_t elf_class;          /* ELFCLASS32 / ELFCLASS64 */
    uint8_t elf_data;           /* ELFDATA2LSB / ELFDATA2MSB */
    unsigned word_size;         /* bytes in a register */
    unsigned insn_align;        /* instruction alignment: 4, or 1 */

    /* Unicorn */
    uc_arch uc_arch;
    uc_mode uc_mode;
    int uc_cpu_model;           /* -1: Unicorn's default */
    int reg_pc;
    int reg_sp;
    /* The condition flags in the compact numbering of insn_info's register
     * masks (what a compare writes and a conditional branch reads). */
    int reg_flags;
    /* Where a core starts: bytes below the top of its stack. */
    unsigned stack_reserve;
    /* Thread-local storage, as the ELF TLS ABI lays it out (Drepper, "ELF
     * Handling For Thread-Local Storage", 3.4.6): set the thread pointer,
     * and where a thread's block lies from it: tls_tcb bytes after it,
     * rounded up to the block's alignment (variant I), or, with tls_below,
     * ending at it, whose first word holds its own address (variant II). */
    uc_err (*set_thread_pointer)(uc_engine *uc, uint64_t tp);
    unsigned tls_tcb;
    bool tls_below;

    /* Decoding, once per machine. */
    cpu_decoder *(*decoder_new)(void);
    void (*decoder_free)(cpu_decoder *d);
    /* Classify the instruction at pc, whose bytes are code[0 .. avail);
     * code[-before .. 0) may be read too.  False if it cannot be decoded. */
    bool (*classify)(cpu_decoder *d, const uint8_t *code, size_t avail,
                     size_t before, uint64_t pc, struct insn_info *out);
    /* The mnemonic and operands of one instruction, for messages. */
    void (*disassemble)(cpu_decoder *d, const uint8_t *code, size_t avail,
                        uint64_t pc, char *buf, size_t len);

    /* A direct branch's destination, for explaining code: true and *target
     * if the instruction at pc jumps to a fixed address. */
    bool (*branch_target)(cpu_decoder *d, const uint8_t *code, size_t avail, uint64_t pc,
                          uint64_t *target);
    /* A comparison of a register or memory with a constant (x86's cmp $k,
     * arm's cmp r, #k, riscv's li before a branch): true and *k.  The
     * program's constants are values its nondet draws try (compared.h). */
    bool (*compare_constant)(cpu_decoder *d, const uint8_t *code, size_t avail, uint64_t pc,
                             int64_t *k);
    /* One sentence: what makes a read-modify-write atomic on this cpu, the
     * way the kernel's atomics use it. */
    const char *atomicity;

    /* Does condition code `cond` of insn_info hold now (*holds)?  NULL when
     * no instruction is conditional.  These three return the engine's error,
     * or UC_ERR_OK. */
    uc_err (*condition_holds)(uc_engine *uc, uint8_t cond, bool *holds);
    /* The exclusive monitor's reservation granule in bytes (0: no LL/SC). */
    unsigned exclusive_granule;
    /* A store may become visible to one other core before another (not
     * multi-copy atomic: ARMv7), under a model with views (core/views.h). */
    bool not_multi_copy_atomic;
    /* The memory model it runs by default (--memory); which others it has
     * is each model's to say (core/memory-model.c). */
    enum memory_model memory;

    /* Linux system-call numbers the runtime uses. */
    uint32_t sys_write, sys_exit, sys_exit_group;

    /* Traps: the system call arrives as interrupt `syscall_intno`
     * (UC_HOOK_INTR) or, when syscall_insn >= 0, as that instruction
     * (UC_HOOK_INSN). */
    int syscall_intno;
    int syscall_insn;
    /* Read the call number and three arguments. */
    uc_err (*syscall_args)(uc_engine *uc, uint64_t *nr, uint64_t args[3]);
    /* Deliver the result (>= 0, or -errno) the way Linux does, and leave
     * the core ready to run the next instruction. */
    uc_err (*syscall_return)(uc_engine *uc, int64_t result);
    /* At a function's first instruction: where it returns to (the
     * instruction after its call, as the calling convention says). */
    uc_err (*return_address)(uc_engine *uc, uint64_t *ra);
    /* Name an interrupt that is not the system call ("undefined instruction"). */
    const char *(*trap_name)(uint32_t intno);

    /* Its herd7 litmus dialect (sim/litmus/), or NULL. */
    const struct cpu_litmus *litmus;
};

/* How a cpu's litmus threads become GNU assembler: sim/litmus/ writes a .S
 * file (with cpp's #line markers, so that the assembler's errors name the
 * litmus file's lines), a function per thread:
 *
 *   P:   the registers of the initial state set (set_reg)
 *        the test's instructions, each as the assembler spells it (insn)
 *        a call of the harness's end (call), where atomsim reads the
 *        registers the condition names from the engine (reg_id)
 *
 * Registers are named as the test names them ("EAX", "R2", "X1", "x5", and
 * for SPARC, which has no herd7 dialect, "o0" for %o0). */
struct cpu_litmus {
    const char *const *archs;   /* herd7's names of the dialect ("X86"), NULL-ended */
    const char *const *reserved;        /* registers the harness uses, lower case */
    /* registers a symbolic one of herd's (%x0) may become, in turn, or NULL:
     * the cpu takes none */
    const char *const *spare;
    const char *preamble;       /* directives that open the file */
    const char *function_type;  /* ".type P, <this>": "%function", "@function" */
    /* Append reg = the address of location sym (sym not NULL), or value. */
    void (*set_reg)(GString *out, const char *reg, const char *sym, int64_t value);
    /* Append one instruction of the test as the assembler spells it;
     * locations it names directly (x86's [x]) are added to symbols.  NULL:
     * the assembler reads the test's rows as they are. */
    void (*insn)(GString *out, const char *insn, GPtrArray *symbols);
    /* Append a call of fn, which does not return. */
    void (*call)(GString *out, const char *fn);
    /* Unicorn's id of the register the test names, or -1. */
    int (*reg_id)(const char *name);
    /* The register that holds a C function's first argument (with
     * c_attribute on the function), as reg_id knows it. */
    const char *arg0;
    const char *c_attribute;    /* "" or an attribute: "regparm(1)" */
};

/* cpus.c: the list of cpus, and look-ups in it. */
extern const struct cpu_ops cpu_sparc32, cpu_arm, cpu_x86, cpu_x86_64;
extern const struct cpu_ops cpu_aarch64, cpu_riscv64;
extern const struct cpu_litmus x86_litmus, x86_64_litmus, arm_litmus, aarch64_litmus,
    riscv64_litmus, sparc32_litmus;
extern const struct cpu_ops *const cpu_list[];
const struct cpu_ops *cpu_find(const char *name);
const struct cpu_ops *cpu_for_elf(uint16_t machine, uint8_t elf_class, uint8_t elf_data);
/* Every cpu's name, from cpu_list: "sparc32|arm|x86|..." */
const char *cpu_names(void);
/* What an ELF e_machine is, for messages: "x86_64", "aarch64" ... */
const char *cpu_elf_machine_name(uint16_t machine);

/* unicorn-stores.c: do guest stores skip Unicorn 2.0.1's page collection
 * (its slow path for every store)?  Called when a machine is made, so
 * that the replacement is linked in. */
bool cpus_fast_stores(void);

#endif
