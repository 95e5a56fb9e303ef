/* capstone-decoder.h — a Capstone handle as a cpu_decoder, shared by the
 * cpus that Capstone 4 decodes well (arm, x86).  Private to cpus/. */
#ifndef ATOMSIM_CAPSTONE_DECODER_H
#define ATOMSIM_CAPSTONE_DECODER_H

#include <capstone/capstone.h>
#include "cpu.h"

struct cpu_decoder {
    csh handle;
    cs_insn *insn;
};

cpu_decoder *capstone_decoder_new(cs_arch arch, cs_mode mode);
void capstone_decoder_free(cpu_decoder *d);
/* Decode one instruction with details; NULL if it is not one. */
const cs_insn *capstone_decode(cpu_decoder *d, const uint8_t *code, size_t avail,
                               uint64_t pc);
void capstone_disassemble(cpu_decoder *d, const uint8_t *code, size_t avail,
                          uint64_t pc, char *buf, size_t len);

/* A jump (Capstone's jump group) whose operand is an address. */
bool capstone_branch_target(cpu_decoder *d, const uint8_t *code, size_t avail, uint64_t pc,
                            uint64_t *target);

/* A cpu's classification of a decoded instruction's access (false if the
 * instruction cannot run), and of the registers it reads and writes. */
typedef bool (*capstone_access)(const cs_insn *insn, struct insn_info *out);
typedef void (*capstone_registers)(cpu_decoder *d, const cs_insn *insn, struct insn_info *out);

/* Decode the instruction at pc and classify it into out with the cpu's
 * two functions; false if it does not decode or cannot run. */
bool capstone_classify(cpu_decoder *d, const uint8_t *code, size_t avail, uint64_t pc,
                       struct insn_info *out, capstone_access access,
                       capstone_registers registers);

/* The registers insn reads and writes (cs_regs_access); false if Capstone
 * cannot say. */
bool capstone_regs_access(cpu_decoder *d, const cs_insn *insn, cs_regs read, uint8_t *nread,
                          cs_regs written, uint8_t *nwritten);

#endif
