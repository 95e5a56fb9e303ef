/* riscv64-decode.h — RV64GC classification and spelling (riscv64-decode.c). */
#ifndef ATOMSIM_RISCV64_DECODE_H
#define ATOMSIM_RISCV64_DECODE_H

#include "cpu.h"

bool rv_classify(const uint8_t *code, size_t avail, uint64_t pc, struct insn_info *out);
void rv_disassemble(const uint8_t *code, size_t avail, uint64_t pc, char *buf, size_t len);
bool rv_branch_target(const uint8_t *code, size_t avail, uint64_t pc, uint64_t *target);

#endif
