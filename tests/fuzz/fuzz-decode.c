/* fuzz-decode.c — libFuzzer target for the cpus' instruction decoders, the
 * parsers of every word a guest's code holds (cpus/: Capstone's for the
 * ISAs it knows, atomsim's own for SPARC's alternate-space forms, AArch64's
 * LSE atomics and all of RISC-V).  Input: a byte that picks the cpu, then
 * instruction bytes.  Invariants: classify, disassemble, branch_target and
 * compare_constant never read past the bytes given or crash; an instruction that decodes
 * has a length within them (a multiple of the cpu's alignment), a known
 * kind, and an access of a size from 1 to 64 bytes; its text is a
 * terminated string. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <glib.h>

#include "cpus/cpu.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static unsigned ncpus(void)
{
    unsigned n = 0;
    while (cpu_list[n] != NULL)
        n++;
    return n;
}

static bool accesses(uint8_t kind)
{
    return kind == INSN_LOAD || kind == INSN_STORE || kind == INSN_RMW || kind == INSN_LL ||
           kind == INSN_SC || kind == INSN_SPLIT_RMW;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static cpu_decoder *decoders[16];
    if (size < 2)
        return 0;
    unsigned which = data[0] % ncpus();
    const struct cpu_ops *cpu = cpu_list[which];
    if (decoders[which] == NULL)
        decoders[which] = cpu->decoder_new();
    cpu_decoder *d = decoders[which];
    /* a copy of exactly the bytes given, so that ASan sees any read past them */
    size_t avail = size - 1;
    uint8_t *code = g_memdup2(data + 1, avail);
    const uint64_t pc = 0x10000;

    struct insn_info info;
    memset(&info, 0xa5, sizeof info);
    if (cpu->classify(d, code, avail, 0, pc, &info)) {
        g_assert_cmpuint(info.length, >=, 1);
        g_assert_cmpuint(info.length, <=, avail);
        g_assert_cmpuint(info.length % cpu->insn_align, ==, 0);
        g_assert_cmpuint(info.kind, <, INSN_KINDS);
        g_assert_cmpuint(info.kind, !=, INSN_UNKNOWN);
        if (accesses(info.kind)) {
            g_assert_cmpuint(info.size, >=, 1);
            g_assert_cmpuint(info.size, <=, 64);
        }
        if (info.kind == INSN_UNSUPPORTED)
            g_assert_nonnull(info.why);
    }
    char text[128];
    memset(text, 'x', sizeof text);
    cpu->disassemble(d, code, avail, pc, text, sizeof text);
    g_assert_nonnull(memchr(text, '\0', sizeof text));
    uint64_t target = 0;
    if (cpu->branch_target != NULL)
        (void)cpu->branch_target(d, code, avail, pc, &target);
    int64_t k;
    if (cpu->compare_constant != NULL)
        (void)cpu->compare_constant(d, code, avail, pc, &k);
    g_free(code);
    return 0;
}
