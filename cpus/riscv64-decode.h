/* riscv64-decode.h — RV64GC classification and spelling (riscv64-decode.c). */
#ifndef ATOMSIM_RISCV64_DECODE_H
#define ATOMSIM_RISCV64_DECODE_H

#include "cpu.h"

/* Major opcodes (chapter 24, table 24.1). */
enum {
    OP_LOAD = 0x03, OP_LOAD_FP = 0x07, OP_MISC_MEM = 0x0f, OP_IMM = 0x13,
    OP_AUIPC = 0x17, OP_IMM_32 = 0x1b, OP_STORE = 0x23, OP_STORE_FP = 0x27,
    OP_AMO = 0x2f, OP_OP = 0x33, OP_LUI = 0x37, OP_OP_32 = 0x3b,
    OP_BRANCH = 0x63, OP_JALR = 0x67, OP_JAL = 0x6f, OP_SYSTEM = 0x73,
};

bool rv_classify(const uint8_t *code, size_t avail, uint64_t pc, struct insn_info *out);
void rv_disassemble(const uint8_t *code, size_t avail, uint64_t pc, char *buf, size_t len);
bool rv_branch_target(const uint8_t *code, size_t avail, uint64_t pc, uint64_t *target);
bool rv_compare_constant(const uint8_t *code, size_t avail, int64_t *k);
/* The 32-bit instruction a compressed one expands to, 0 if it has none. */
uint32_t rv_expand_compressed(uint16_t h);

/* riscv64-spell.c, below riscv64-decode.c (which calls it, never the other
 * way): the integer instructions that do not touch memory, spelled as
 * objdump does, aliases included (li, mv, ret, beqz ...), false for an
 * instruction it does not know; and the offset of the jal or conditional
 * branch w, false if w is neither. */
bool rv_spell_plain(uint32_t w, uint64_t pc, const char *const names[32], char *buf, size_t len);
bool rv_branch_offset(uint32_t w, int32_t *off);

#endif
