/* test-decode.c — the instruction classifiers of cpus/: tables of real
 * encodings, each with the kind, size and details its cpu must report. */
#include <string.h>
#include <glib.h>

#include "cpus/cpu.h"

/* The bytes are as they sit in memory (sparc32 big-endian, the others
 * little-endian).  Each line was assembled alone and dumped with
 *   sparc64-linux-gnu-as -32 -Aleon, arm-linux-gnueabi-as -march=armv7-a,
 *   as --32, as --64, aarch64-linux-gnu-as,
 * then `objcopy -O binary -j .text` and `od -tx1`, and checked against
 * `objdump -d` (sparc64-linux-gnu-, arm-linux-gnueabi-, plain).  riscv64:
 * riscv64-linux-gnu-as -march=rv64gc (with `.option norvc` except for the
 * c. lines), and each disassembly substring is riscv64-linux-gnu-objdump's. */
#define CODE(s) s, sizeof(s) - 1

enum {
    F_CAS = 1,          /* cas set, data_reg[0] the expected value */
    F_PAIR = 2,         /* data_reg[1] set: a register pair */
    F_COND = 4,         /* conditional: cond != 0 */
    F_PCREL = 8,        /* mem.pc_relative */
    F_BITOFF = 16,      /* mem.bit_offset: a register bit number in a bit string */
    F_LOCKPFX = 32,     /* lock_prefix: atomic only through LOCK (not xchg) */
    F_STONLY = 64,      /* stores_only: a fence that orders stores only */
    F_LDONLY = 128,     /* loads_only: a fence that orders loads only */
    F_ACQ = 256,        /* acquire */
    F_REL = 512,        /* release */
};

struct row {
    const char *text;   /* the assembly the bytes stand for */
    const char *code;
    size_t len;
    enum insn_kind kind;
    uint8_t size;       /* bytes accessed; checked for the access kinds */
    unsigned flags;     /* F_* */
    const char *disasm; /* a substring of disassemble()'s text, or NULL */
};

struct table {
    const struct cpu_ops *cpu;
    const struct row *rows;
    size_t n;
};

static const struct row sparc32_rows[] = {
    { "ldstub [%o0], %g1", CODE("\xc2\x6a\x00\x00"), INSN_RMW, 1, 0, "ldstub [%o0], %g1" },
    { "ldstuba [%o0] 0x0a, %g1", CODE("\xc2\xea\x01\x40"), INSN_RMW, 1, 0,
      "ldstuba [%o0] 0x0a, %g1" },
    { "ldstuba [%o0] 0x0b, %g1", CODE("\xc2\xea\x01\x60"), INSN_UNSUPPORTED, 0, 0, NULL },
    { "swap [%o0], %g1", CODE("\xc2\x7a\x00\x00"), INSN_RMW, 4, 0, NULL },
    { "swapa [%o0] 0x0a, %g1", CODE("\xc2\xfa\x01\x40"), INSN_RMW, 4, 0,
      "swapa [%o0] 0x0a, %g1" },
    { "casa [%o0] 0x0a, %o1, %o2", CODE("\xd5\xe2\x01\x49"), INSN_RMW, 4, F_CAS,
      "casa [%o0] 0x0a, %o1, %o2" },
    { "casa [%o0] 0x0b, %o1, %o2", CODE("\xd5\xe2\x01\x69"), INSN_UNSUPPORTED, 0, 0, NULL },
    { "stbar", CODE("\x81\x43\xc0\x00"), INSN_FENCE, 0, F_STONLY, "stbar" },
    { "ld [%o0+4], %g1", CODE("\xc2\x02\x20\x04"), INSN_LOAD, 4, 0, NULL },
    { "st %g1, [%o0]", CODE("\xc2\x22\x00\x00"), INSN_STORE, 4, 0, NULL },
    { "ldub [%o0], %g1", CODE("\xc2\x0a\x00\x00"), INSN_LOAD, 1, 0, NULL },
    { "stb %g1, [%o0]", CODE("\xc2\x2a\x00\x00"), INSN_STORE, 1, 0, NULL },
    { "ldd [%o0], %g2", CODE("\xc4\x1a\x00\x00"), INSN_LOAD, 8, 0, NULL },
    { "std %g2, [%o0]", CODE("\xc4\x3a\x00\x00"), INSN_STORE, 8, 0, NULL },
    { "ld [%sp+64], %g1", CODE("\xc2\x03\xa0\x40"), INSN_PRIVATE, 0, 0, NULL },
    { "ta 0x10", CODE("\x91\xd0\x20\x10"), INSN_TRAP, 0, 0, "ta 0x10" },
    { "add %g1, %g2, %g3", CODE("\x86\x00\x40\x02"), INSN_PRIVATE, 0, 0, NULL },
};

static const struct row arm_rows[] = {
    { "ldrex r0, [r2]", CODE("\x9f\x0f\x92\xe1"), INSN_LL, 4, 0, NULL },
    { "ldrexb r0, [r2]", CODE("\x9f\x0f\xd2\xe1"), INSN_LL, 1, 0, NULL },
    { "ldrexh r0, [r2]", CODE("\x9f\x0f\xf2\xe1"), INSN_LL, 2, 0, NULL },
    { "ldrexd r0, r1, [r2]", CODE("\x9f\x0f\xb2\xe1"), INSN_LL, 8, 0, NULL },
    { "strex r3, r0, [r2]", CODE("\x90\x3f\x82\xe1"), INSN_SC, 4, 0, NULL },
    { "strexb r3, r0, [r2]", CODE("\x90\x3f\xc2\xe1"), INSN_SC, 1, 0, NULL },
    { "strexh r3, r0, [r2]", CODE("\x90\x3f\xe2\xe1"), INSN_SC, 2, 0, NULL },
    { "strexd r3, r0, r1, [r2]", CODE("\x90\x3f\xa2\xe1"), INSN_SC, 8, F_PAIR, NULL },
    { "strexne r3, r0, [r2]", CODE("\x90\x3f\x82\x11"), INSN_SC, 4, F_COND, NULL },
    { "clrex", CODE("\x1f\xf0\x7f\xf5"), INSN_CLREX, 0, 0, NULL },
    { "dmb ish", CODE("\x5b\xf0\x7f\xf5"), INSN_FENCE, 0, 0, NULL },
    { "dmb ishst", CODE("\x5a\xf0\x7f\xf5"), INSN_FENCE, 0, F_STONLY, NULL },
    { "dsb sy", CODE("\x4f\xf0\x7f\xf5"), INSN_FENCE, 0, 0, NULL },
    { "isb", CODE("\x6f\xf0\x7f\xf5"), INSN_FENCE, 0, 0, NULL },
    { "swp r0, r1, [r2]", CODE("\x91\x00\x02\xe1"), INSN_RMW, 4, 0, NULL },
    { "swpb r0, r1, [r2]", CODE("\x91\x00\x42\xe1"), INSN_RMW, 1, 0, NULL },
    { "ldr r0, [r1]", CODE("\x00\x00\x91\xe5"), INSN_LOAD, 4, 0, NULL },
    { "str r0, [r1, #4]", CODE("\x04\x00\x81\xe5"), INSN_STORE, 4, 0, NULL },
    /* register offsets: Capstone 4 marks their memory operand read only */
    { "str r2, [r0, r4, lsl #2]", CODE("\x04\x21\x80\xe7"), INSN_STORE, 4, 0, NULL },
    { "strb r1, [r2, r3]", CODE("\x03\x10\xc2\xe7"), INSN_STORE, 1, 0, NULL },
    { "strh r1, [r2, -r3]", CODE("\xb3\x10\x02\xe1"), INSN_STORE, 2, 0, NULL },
    { "ldr r1, [r2, r3, lsl #2]", CODE("\x03\x11\x92\xe7"), INSN_LOAD, 4, 0, NULL },
    { "str r1, [r2, #-4]!", CODE("\x04\x10\x22\xe5"), INSN_STORE, 4, 0, NULL },
    { "str r1, [r2], #4", CODE("\x04\x10\x82\xe4"), INSN_STORE, 4, 0, NULL },
    { "ldrb r0, [r1]", CODE("\x00\x00\xd1\xe5"), INSN_LOAD, 1, 0, NULL },
    { "ldrd r0, r1, [r2]", CODE("\xd0\x00\xc2\xe1"), INSN_LOAD, 8, 0, NULL },
    { "ldr r0, [sp, #4]", CODE("\x04\x00\x9d\xe5"), INSN_PRIVATE, 0, 0, NULL },
    { "push {r4, lr}", CODE("\x10\x40\x2d\xe9"), INSN_PRIVATE, 0, 0, NULL },
    { "ldm r0, {r1, r2}", CODE("\x06\x00\x90\xe8"), INSN_LOAD, 8, 0, NULL },
    { "svc #0", CODE("\x00\x00\x00\xef"), INSN_TRAP, 0, 0, NULL },
    { "add r0, r1, r2", CODE("\x02\x00\x81\xe0"), INSN_PRIVATE, 0, 0, NULL },
};

static const struct row riscv64_rows[] = {
    { "lr.w a5,(a0)", CODE("\xaf\x27\x05\x10"), INSN_LL, 4, 0, "lr.w a5,(a0)" },
    { "lr.d.aq a5,(a0)", CODE("\xaf\x37\x05\x14"), INSN_LL, 8, F_ACQ, "lr.d.aq a5,(a0)" },
    { "sc.w a4,a2,(a0)", CODE("\x2f\x27\xc5\x18"), INSN_SC, 4, 0, "sc.w a4,a2,(a0)" },
    { "sc.d.rl a4,a2,(a0)", CODE("\x2f\x37\xc5\x1a"), INSN_SC, 8, F_REL, "sc.d.rl a4,a2,(a0)" },
    { "sc.w.aqrl a4,zero,(a0)", CODE("\x2f\x27\x05\x1e"), INSN_SC, 4, F_ACQ | F_REL, "sc.w.aqrl a4,zero,(a0)" },
    { "amoadd.w zero,a4,(s0)", CODE("\x2f\x20\xe4\x00"), INSN_RMW, 4, 0, "amoadd.w zero,a4,(s0)" },
    { "amoadd.d.aqrl a5,a4,(a0)", CODE("\xaf\x37\xe5\x06"), INSN_RMW, 8, F_ACQ | F_REL, "amoadd.d.aqrl a5,a4,(a0)" },
    { "amoswap.w.aq a5,a4,(a0)", CODE("\xaf\x27\xe5\x0c"), INSN_RMW, 4, F_ACQ, "amoswap.w.aq a5,a4,(a0)" },
    { "amoswap.d a5,a4,(a0)", CODE("\xaf\x37\xe5\x08"), INSN_RMW, 8, 0, "amoswap.d a5,a4,(a0)" },
    { "amoand.w a5,a4,(a0)", CODE("\xaf\x27\xe5\x60"), INSN_RMW, 4, 0, "amoand.w a5,a4,(a0)" },
    { "amoor.d a5,a0,(a1)", CODE("\xaf\xb7\xa5\x40"), INSN_RMW, 8, 0, "amoor.d a5,a0,(a1)" },
    { "amoxor.w.rl a5,a4,(a0)", CODE("\xaf\x27\xe5\x22"), INSN_RMW, 4, F_REL, "amoxor.w.rl a5,a4,(a0)" },
    { "amomin.w a5,a4,(a0)", CODE("\xaf\x27\xe5\x80"), INSN_RMW, 4, 0, "amomin.w a5,a4,(a0)" },
    { "amomax.d a5,a4,(a0)", CODE("\xaf\x37\xe5\xa0"), INSN_RMW, 8, 0, "amomax.d a5,a4,(a0)" },
    { "amominu.w a5,a4,(a0)", CODE("\xaf\x27\xe5\xc0"), INSN_RMW, 4, 0, "amominu.w a5,a4,(a0)" },
    { "amomaxu.d a5,a4,(a0)", CODE("\xaf\x37\xe5\xe0"), INSN_RMW, 8, 0, "amomaxu.d a5,a4,(a0)" },
    { "fence rw,rw", CODE("\x0f\x00\x30\x03"), INSN_FENCE, 0, 0, "fence rw,rw" },
    { "fence r,rw", CODE("\x0f\x00\x30\x02"), INSN_FENCE, 0, F_LDONLY, "fence r,rw" },
    { "fence rw,w", CODE("\x0f\x00\x10\x03"), INSN_FENCE, 0, F_STONLY, "fence rw,w" },
    { "fence w,w", CODE("\x0f\x00\x10\x01"), INSN_FENCE, 0, F_STONLY, "fence w,w" },
    { "fence.tso", CODE("\x0f\x00\x30\x83"), INSN_FENCE, 0, F_STONLY, "fence.tso" },
    { "fence r,r", CODE("\x0f\x00\x20\x02"), INSN_FENCE, 0, F_LDONLY, "fence r,r" },
    { "fence w,rw", CODE("\x0f\x00\x30\x01"), INSN_FENCE, 0, 0, "fence w,rw" },
    { "fence.i", CODE("\x0f\x10\x00\x00"), INSN_PRIVATE, 0, 0, "fence.i" },
    { "ecall", CODE("\x73\x00\x00\x00"), INSN_TRAP, 0, 0, "ecall" },
    { "ld a0,8(a1)", CODE("\x03\xb5\x85\x00"), INSN_LOAD, 8, 0, "ld a0,8(a1)" },
    { "lw a0,-4(a1)", CODE("\x03\xa5\xc5\xff"), INSN_LOAD, 4, 0, "lw a0,-4(a1)" },
    { "lbu a0,0(a1)", CODE("\x03\xc5\x05\x00"), INSN_LOAD, 1, 0, "lbu a0,0(a1)" },
    { "sd a0,16(a1)", CODE("\x23\xb8\xa5\x00"), INSN_STORE, 8, 0, "sd a0,16(a1)" },
    { "sw a0,-8(a1)", CODE("\x23\xac\xa5\xfe"), INSN_STORE, 4, 0, "sw a0,-8(a1)" },
    { "sb a0,0(a1)", CODE("\x23\x80\xa5\x00"), INSN_STORE, 1, 0, "sb a0,0(a1)" },
    { "c.lw a0,4(a1)", CODE("\xc8\x41"), INSN_LOAD, 4, 0, "lw a0,4(a1)" },
    { "c.ld a0,8(a1)", CODE("\x88\x65"), INSN_LOAD, 8, 0, "ld a0,8(a1)" },
    { "c.sw a0,4(a1)", CODE("\xc8\xc1"), INSN_STORE, 4, 0, "sw a0,4(a1)" },
    { "c.sd a0,8(a1)", CODE("\x88\xe5"), INSN_STORE, 8, 0, "sd a0,8(a1)" },
    { "c.lwsp a0,12(sp)", CODE("\x32\x45"), INSN_PRIVATE, 0, 0, "lw a0,12(sp)" },
    { "c.ldsp a0,24(sp)", CODE("\x62\x65"), INSN_PRIVATE, 0, 0, "ld a0,24(sp)" },
    { "c.swsp a0,12(sp)", CODE("\x2a\xc6"), INSN_PRIVATE, 0, 0, "sw a0,12(sp)" },
    { "c.sdsp s0,32(sp)", CODE("\x22\xf0"), INSN_PRIVATE, 0, 0, "sd s0,32(sp)" },
    { "ld a0,8(sp)", CODE("\x03\x35\x81\x00"), INSN_PRIVATE, 0, 0, "ld a0,8(sp)" },
    /* Integer instructions that touch no memory, spelled as objdump spells
     * them (aliases, addi as add, shifts in hex, targets from pc 0x10000);
     * a compressed one as its 32-bit equivalent. */
    { "addi a0,a1,5", CODE("\x13\x85\x55\x00"), INSN_PRIVATE, 0, 0, "add a0,a1,5" },
    { "addi a0,zero,-7", CODE("\x13\x05\x90\xff"), INSN_PRIVATE, 0, 0, "li a0,-7" },
    { "addi a0,a1,0", CODE("\x13\x85\x05\x00"), INSN_PRIVATE, 0, 0, "mv a0,a1" },
    { "addi zero,zero,0", CODE("\x13\x00\x00\x00"), INSN_PRIVATE, 0, 0, "nop" },
    { "addiw a0,a1,3", CODE("\x1b\x85\x35\x00"), INSN_PRIVATE, 0, 0, "addw a0,a1,3" },
    { "addiw a0,a1,0", CODE("\x1b\x85\x05\x00"), INSN_PRIVATE, 0, 0, "sext.w a0,a1" },
    { "slli a0,a1,3", CODE("\x13\x95\x35\x00"), INSN_PRIVATE, 0, 0, "sll a0,a1,0x3" },
    { "srli a0,a1,63", CODE("\x13\xd5\xf5\x03"), INSN_PRIVATE, 0, 0, "srl a0,a1,0x3f" },
    { "srai a0,a1,1", CODE("\x13\xd5\x15\x40"), INSN_PRIVATE, 0, 0, "sra a0,a1,0x1" },
    { "slliw a0,a1,31", CODE("\x1b\x95\xf5\x01"), INSN_PRIVATE, 0, 0, "sllw a0,a1,0x1f" },
    { "sraiw a0,a1,2", CODE("\x1b\xd5\x25\x40"), INSN_PRIVATE, 0, 0, "sraw a0,a1,0x2" },
    { "andi a0,a1,255", CODE("\x13\xf5\xf5\x0f"), INSN_PRIVATE, 0, 0, "zext.b a0,a1" },
    { "andi a0,a1,-16", CODE("\x13\xf5\x05\xff"), INSN_PRIVATE, 0, 0, "and a0,a1,-16" },
    { "ori a0,a1,8", CODE("\x13\xe5\x85\x00"), INSN_PRIVATE, 0, 0, "or a0,a1,8" },
    { "xori a0,a1,-1", CODE("\x13\xc5\xf5\xff"), INSN_PRIVATE, 0, 0, "not a0,a1" },
    { "sltiu a0,a1,1", CODE("\x13\xb5\x15\x00"), INSN_PRIVATE, 0, 0, "seqz a0,a1" },
    { "slti a0,a1,-1", CODE("\x13\xa5\xf5\xff"), INSN_PRIVATE, 0, 0, "slti a0,a1,-1" },
    { "add a0,a1,a2", CODE("\x33\x85\xc5\x00"), INSN_PRIVATE, 0, 0, "add a0,a1,a2" },
    { "sub a0,a1,a2", CODE("\x33\x85\xc5\x40"), INSN_PRIVATE, 0, 0, "sub a0,a1,a2" },
    { "sub a0,zero,a2", CODE("\x33\x05\xc0\x40"), INSN_PRIVATE, 0, 0, "neg a0,a2" },
    { "and a0,a1,a2", CODE("\x33\xf5\xc5\x00"), INSN_PRIVATE, 0, 0, "and a0,a1,a2" },
    { "or a0,a1,a2", CODE("\x33\xe5\xc5\x00"), INSN_PRIVATE, 0, 0, "or a0,a1,a2" },
    { "xor a0,a1,a2", CODE("\x33\xc5\xc5\x00"), INSN_PRIVATE, 0, 0, "xor a0,a1,a2" },
    { "sll a0,a1,a2", CODE("\x33\x95\xc5\x00"), INSN_PRIVATE, 0, 0, "sll a0,a1,a2" },
    { "sltu a0,zero,a2", CODE("\x33\x35\xc0\x00"), INSN_PRIVATE, 0, 0, "snez a0,a2" },
    { "slt a0,a1,zero", CODE("\x33\xa5\x05\x00"), INSN_PRIVATE, 0, 0, "sltz a0,a1" },
    { "mul a0,a1,a2", CODE("\x33\x85\xc5\x02"), INSN_PRIVATE, 0, 0, "mul a0,a1,a2" },
    { "divu a0,a1,a2", CODE("\x33\xd5\xc5\x02"), INSN_PRIVATE, 0, 0, "divu a0,a1,a2" },
    { "remw a0,a1,a2", CODE("\x3b\xe5\xc5\x02"), INSN_PRIVATE, 0, 0, "remw a0,a1,a2" },
    { "addw a0,a1,a2", CODE("\x3b\x85\xc5\x00"), INSN_PRIVATE, 0, 0, "addw a0,a1,a2" },
    { "subw a0,a1,a2", CODE("\x3b\x85\xc5\x40"), INSN_PRIVATE, 0, 0, "subw a0,a1,a2" },
    { "subw a0,zero,a2", CODE("\x3b\x05\xc0\x40"), INSN_PRIVATE, 0, 0, "negw a0,a2" },
    { "lui a0,0x12345", CODE("\x37\x55\x34\x12"), INSN_PRIVATE, 0, 0, "lui a0,0x12345" },
    { "auipc a0,0x1", CODE("\x17\x15\x00\x00"), INSN_PRIVATE, 0, 0, "auipc a0,0x1" },
    { "jal ra,.+16", CODE("\xef\x00\x00\x01"), INSN_PRIVATE, 0, 0, "jal 10010" },
    { "jal zero,.+8", CODE("\x6f\x00\x80\x00"), INSN_PRIVATE, 0, 0, "j 10008" },
    { "jal a0,.-8", CODE("\x6f\xf5\x9f\xff"), INSN_PRIVATE, 0, 0, "jal a0,fff8" },
    { "jalr ra,0(a5)", CODE("\xe7\x80\x07\x00"), INSN_PRIVATE, 0, 0, "jalr a5" },
    { "jalr zero,0(ra)", CODE("\x67\x80\x00\x00"), INSN_PRIVATE, 0, 0, "ret" },
    { "jalr zero,0(a5)", CODE("\x67\x80\x07\x00"), INSN_PRIVATE, 0, 0, "jr a5" },
    { "jalr ra,514(ra)", CODE("\xe7\x80\x20\x20"), INSN_PRIVATE, 0, 0, "jalr 514(ra)" },
    { "jalr a0,8(a1)", CODE("\x67\x85\x85\x00"), INSN_PRIVATE, 0, 0, "jalr a0,8(a1)" },
    { "beq a0,a1,.+8", CODE("\x63\x04\xb5\x00"), INSN_PRIVATE, 0, 0, "beq a0,a1,10008" },
    { "bne a0,a1,.-8", CODE("\xe3\x1c\xb5\xfe"), INSN_PRIVATE, 0, 0, "bne a0,a1,fff8" },
    { "blt a0,a1,.+16", CODE("\x63\x48\xb5\x00"), INSN_PRIVATE, 0, 0, "blt a0,a1,10010" },
    { "bge a0,a1,.+16", CODE("\x63\x58\xb5\x00"), INSN_PRIVATE, 0, 0, "bge a0,a1,10010" },
    { "bltu a0,a1,.+16", CODE("\x63\x68\xb5\x00"), INSN_PRIVATE, 0, 0, "bltu a0,a1,10010" },
    { "bgeu a0,a1,.+16", CODE("\x63\x78\xb5\x00"), INSN_PRIVATE, 0, 0, "bgeu a0,a1,10010" },
    { "beq a0,zero,.+8", CODE("\x63\x04\x05\x00"), INSN_PRIVATE, 0, 0, "beqz a0,10008" },
    { "bne a0,zero,.+8", CODE("\x63\x14\x05\x00"), INSN_PRIVATE, 0, 0, "bnez a0,10008" },
    { "blt a0,zero,.+8", CODE("\x63\x44\x05\x00"), INSN_PRIVATE, 0, 0, "bltz a0,10008" },
    { "bge a0,zero,.+8", CODE("\x63\x54\x05\x00"), INSN_PRIVATE, 0, 0, "bgez a0,10008" },
    { "bge zero,a0,.+8", CODE("\x63\x54\xa0\x00"), INSN_PRIVATE, 0, 0, "blez a0,10008" },
    { "blt zero,a0,.+8", CODE("\x63\x44\xa0\x00"), INSN_PRIVATE, 0, 0, "bgtz a0,10008" },
    { "ebreak", CODE("\x73\x00\x10\x00"), INSN_PRIVATE, 0, 0, "ebreak" },
    { "c.li a0,5", CODE("\x15\x45"), INSN_PRIVATE, 0, 0, "li a0,5" },
    { "c.mv a0,a1", CODE("\x2e\x85"), INSN_PRIVATE, 0, 0, "mv a0,a1" },
    { "c.addi a0,-1", CODE("\x7d\x15"), INSN_PRIVATE, 0, 0, "add a0,a0,-1" },
    { "c.addiw a0,0", CODE("\x01\x25"), INSN_PRIVATE, 0, 0, "sext.w a0,a0" },
    { "c.addiw a0,1", CODE("\x05\x25"), INSN_PRIVATE, 0, 0, "addw a0,a0,1" },
    { "c.addi16sp sp,-32", CODE("\x3d\x71"), INSN_PRIVATE, 0, 0, "add sp,sp,-32" },
    { "c.addi4spn a0,sp,8", CODE("\x28\x00"), INSN_PRIVATE, 0, 0, "add a0,sp,8" },
    { "c.lui a0,1", CODE("\x05\x65"), INSN_PRIVATE, 0, 0, "lui a0,0x1" },
    { "c.lui a0,0xfffff", CODE("\x7d\x75"), INSN_PRIVATE, 0, 0, "lui a0,0xfffff" },
    { "c.slli a0,3", CODE("\x0e\x05"), INSN_PRIVATE, 0, 0, "sll a0,a0,0x3" },
    { "c.srli a0,1", CODE("\x05\x81"), INSN_PRIVATE, 0, 0, "srl a0,a0,0x1" },
    { "c.srai a0,63", CODE("\x7d\x95"), INSN_PRIVATE, 0, 0, "sra a0,a0,0x3f" },
    { "c.andi a0,1", CODE("\x05\x89"), INSN_PRIVATE, 0, 0, "and a0,a0,1" },
    { "c.sub a0,a1", CODE("\x0d\x8d"), INSN_PRIVATE, 0, 0, "sub a0,a0,a1" },
    { "c.xor a0,a1", CODE("\x2d\x8d"), INSN_PRIVATE, 0, 0, "xor a0,a0,a1" },
    { "c.or a0,a1", CODE("\x4d\x8d"), INSN_PRIVATE, 0, 0, "or a0,a0,a1" },
    { "c.and a0,a1", CODE("\x6d\x8d"), INSN_PRIVATE, 0, 0, "and a0,a0,a1" },
    { "c.subw a0,a1", CODE("\x0d\x9d"), INSN_PRIVATE, 0, 0, "subw a0,a0,a1" },
    { "c.addw a0,a1", CODE("\x2d\x9d"), INSN_PRIVATE, 0, 0, "addw a0,a0,a1" },
    { "c.add a0,a1", CODE("\x2e\x95"), INSN_PRIVATE, 0, 0, "add a0,a0,a1" },
    { "c.j .+8", CODE("\x21\xa0"), INSN_PRIVATE, 0, 0, "j 10008" },
    { "c.j .-2048", CODE("\x01\xb0"), INSN_PRIVATE, 0, 0, "j f800" },
    { "c.jr a5", CODE("\x82\x87"), INSN_PRIVATE, 0, 0, "jr a5" },
    { "c.jalr a5", CODE("\x82\x97"), INSN_PRIVATE, 0, 0, "jalr a5" },
    { "c.jr ra", CODE("\x82\x80"), INSN_PRIVATE, 0, 0, "ret" },
    { "c.beqz a0,.+8", CODE("\x01\xc5"), INSN_PRIVATE, 0, 0, "beqz a0,10008" },
    { "c.bnez a0,.-256", CODE("\x01\xf1"), INSN_PRIVATE, 0, 0, "bnez a0,ff00" },
    { "c.nop", CODE("\x01\x00"), INSN_PRIVATE, 0, 0, "nop" },
    { "c.ebreak", CODE("\x02\x90"), INSN_PRIVATE, 0, 0, "ebreak" },
};

static const struct row x86_rows[] = {
    { "lock addl $1, (%eax)", CODE("\xf0\x83\x00\x01"), INSN_RMW, 4, F_LOCKPFX, NULL },
    { "addl $1, (%eax)", CODE("\x83\x00\x01"), INSN_SPLIT_RMW, 4, 0, NULL },
    { "lock subl $1, (%eax)", CODE("\xf0\x83\x28\x01"), INSN_RMW, 4, F_LOCKPFX, NULL },
    { "lock incl (%eax)", CODE("\xf0\xff\x00"), INSN_RMW, 4, F_LOCKPFX, NULL },
    { "lock decl (%eax)", CODE("\xf0\xff\x08"), INSN_RMW, 4, F_LOCKPFX, NULL },
    { "lock andl $1, (%eax)", CODE("\xf0\x83\x20\x01"), INSN_RMW, 4, F_LOCKPFX, NULL },
    { "lock orl $1, (%eax)", CODE("\xf0\x83\x08\x01"), INSN_RMW, 4, F_LOCKPFX, NULL },
    { "lock xorl $1, (%eax)", CODE("\xf0\x83\x30\x01"), INSN_RMW, 4, F_LOCKPFX, NULL },
    { "lock notl (%eax)", CODE("\xf0\xf7\x10"), INSN_RMW, 4, F_LOCKPFX, NULL },
    { "lock negl (%eax)", CODE("\xf0\xf7\x18"), INSN_RMW, 4, F_LOCKPFX, NULL },
    { "lock adcl $1, (%eax)", CODE("\xf0\x83\x10\x01"), INSN_RMW, 4, F_LOCKPFX, NULL },
    { "lock sbbl $1, (%eax)", CODE("\xf0\x83\x18\x01"), INSN_RMW, 4, F_LOCKPFX, NULL },
    { "subl $1, (%eax)", CODE("\x83\x28\x01"), INSN_SPLIT_RMW, 4, 0, NULL },
    { "incl (%eax)", CODE("\xff\x00"), INSN_SPLIT_RMW, 4, 0, NULL },
    { "decl (%eax)", CODE("\xff\x08"), INSN_SPLIT_RMW, 4, 0, NULL },
    { "notl (%eax)", CODE("\xf7\x10"), INSN_SPLIT_RMW, 4, 0, NULL },
    { "negl (%eax)", CODE("\xf7\x18"), INSN_SPLIT_RMW, 4, 0, NULL },
    { "xorl $1, (%eax)", CODE("\x83\x30\x01"), INSN_SPLIT_RMW, 4, 0, NULL },
    { "lock xadd %ecx, (%eax)", CODE("\xf0\x0f\xc1\x08"), INSN_RMW, 4, F_LOCKPFX, NULL },
    { "xadd %ecx, (%eax)", CODE("\x0f\xc1\x08"), INSN_SPLIT_RMW, 4, 0, NULL },
    { "lock cmpxchg %ecx, (%eax)", CODE("\xf0\x0f\xb1\x08"), INSN_RMW, 4, F_CAS | F_LOCKPFX, NULL },
    { "cmpxchg %ecx, (%eax)", CODE("\x0f\xb1\x08"), INSN_SPLIT_RMW, 4, F_CAS, NULL },
    { "lock cmpxchg8b (%esi)", CODE("\xf0\x0f\xc7\x0e"), INSN_RMW, 8, F_CAS | F_PAIR | F_LOCKPFX,
      NULL },
    { "lock bts %eax, (%esi)", CODE("\xf0\x0f\xab\x06"), INSN_RMW, 4, F_BITOFF | F_LOCKPFX, NULL },
    { "lock btr %eax, (%esi)", CODE("\xf0\x0f\xb3\x06"), INSN_RMW, 4, F_BITOFF | F_LOCKPFX, NULL },
    { "lock btc %eax, (%esi)", CODE("\xf0\x0f\xbb\x06"), INSN_RMW, 4, F_BITOFF | F_LOCKPFX, NULL },
    { "bts %eax, (%esi)", CODE("\x0f\xab\x06"), INSN_SPLIT_RMW, 4, F_BITOFF, NULL },
    { "lock btsl $3, (%esi)", CODE("\xf0\x0f\xba\x2e\x03"), INSN_RMW, 4, F_LOCKPFX, NULL },
    { "xchg %eax, (%esi)", CODE("\x87\x06"), INSN_RMW, 4, 0, NULL },
    { "mov (%eax), %ecx", CODE("\x8b\x08"), INSN_LOAD, 4, 0, NULL },
    { "mov %ecx, (%eax)", CODE("\x89\x08"), INSN_STORE, 4, 0, NULL },
    { "movb (%eax), %cl", CODE("\x8a\x08"), INSN_LOAD, 1, 0, NULL },
    { "movb %cl, (%eax)", CODE("\x88\x08"), INSN_STORE, 1, 0, NULL },
    { "movl $1, (%eax,%ebx,4)", CODE("\xc7\x04\x98\x01\x00\x00\x00"), INSN_STORE, 4, 0, NULL },
    { "mov %edx, (%eax,%ecx,4)", CODE("\x89\x14\x88"), INSN_STORE, 4, 0, NULL },
    { "mov 4(%esp), %eax", CODE("\x8b\x44\x24\x04"), INSN_PRIVATE, 0, 0, NULL },
    { "lock addl $0, (%esp)", CODE("\xf0\x83\x04\x24\x00"), INSN_RMW, 4, F_LOCKPFX, NULL },
    { "mfence", CODE("\x0f\xae\xf0"), INSN_FENCE, 0, 0, NULL },
    { "lfence", CODE("\x0f\xae\xe8"), INSN_FENCE, 0, 0, NULL },
    { "sfence", CODE("\x0f\xae\xf8"), INSN_FENCE, 0, 0, NULL },
    { "int $0x80", CODE("\xcd\x80"), INSN_TRAP, 0, 0, NULL },
    { "lea (%eax), %ecx", CODE("\x8d\x08"), INSN_PRIVATE, 0, 0, NULL },
    { "add %eax, %ecx", CODE("\x01\xc1"), INSN_PRIVATE, 0, 0, NULL },
};

static const struct row x86_64_rows[] = {
    { "lock addl $1, (%rax)", CODE("\xf0\x83\x00\x01"), INSN_RMW, 4, F_LOCKPFX, NULL },
    { "addl $1, (%rax)", CODE("\x83\x00\x01"), INSN_SPLIT_RMW, 4, 0, NULL },
    { "lock addq $1, (%rax)", CODE("\xf0\x48\x83\x00\x01"), INSN_RMW, 8, F_LOCKPFX, NULL },
    { "lock subl $1, (%rax)", CODE("\xf0\x83\x28\x01"), INSN_RMW, 4, F_LOCKPFX, NULL },
    { "lock incl (%rax)", CODE("\xf0\xff\x00"), INSN_RMW, 4, F_LOCKPFX, NULL },
    { "lock decl (%rax)", CODE("\xf0\xff\x08"), INSN_RMW, 4, F_LOCKPFX, NULL },
    { "lock andl $1, (%rax)", CODE("\xf0\x83\x20\x01"), INSN_RMW, 4, F_LOCKPFX, NULL },
    { "lock orl $1, (%rax)", CODE("\xf0\x83\x08\x01"), INSN_RMW, 4, F_LOCKPFX, NULL },
    { "lock xorl $1, (%rax)", CODE("\xf0\x83\x30\x01"), INSN_RMW, 4, F_LOCKPFX, NULL },
    { "lock notl (%rax)", CODE("\xf0\xf7\x10"), INSN_RMW, 4, F_LOCKPFX, NULL },
    { "lock negl (%rax)", CODE("\xf0\xf7\x18"), INSN_RMW, 4, F_LOCKPFX, NULL },
    { "lock adcl $1, (%rax)", CODE("\xf0\x83\x10\x01"), INSN_RMW, 4, F_LOCKPFX, NULL },
    { "lock sbbl $1, (%rax)", CODE("\xf0\x83\x18\x01"), INSN_RMW, 4, F_LOCKPFX, NULL },
    { "incl (%rax)", CODE("\xff\x00"), INSN_SPLIT_RMW, 4, 0, NULL },
    { "notl (%rax)", CODE("\xf7\x10"), INSN_SPLIT_RMW, 4, 0, NULL },
    { "xorl $1, (%rax)", CODE("\x83\x30\x01"), INSN_SPLIT_RMW, 4, 0, NULL },
    { "lock xadd %ecx, (%rax)", CODE("\xf0\x0f\xc1\x08"), INSN_RMW, 4, F_LOCKPFX, NULL },
    { "xadd %ecx, (%rax)", CODE("\x0f\xc1\x08"), INSN_SPLIT_RMW, 4, 0, NULL },
    { "lock cmpxchg %ecx, (%rax)", CODE("\xf0\x0f\xb1\x08"), INSN_RMW, 4, F_CAS | F_LOCKPFX, NULL },
    { "lock cmpxchg %rcx, (%rax)", CODE("\xf0\x48\x0f\xb1\x08"), INSN_RMW, 8, F_CAS | F_LOCKPFX,
      NULL },
    { "cmpxchg %ecx, (%rax)", CODE("\x0f\xb1\x08"), INSN_SPLIT_RMW, 4, F_CAS, NULL },
    { "lock cmpxchg8b (%rsi)", CODE("\xf0\x0f\xc7\x0e"), INSN_RMW, 8, F_CAS | F_PAIR | F_LOCKPFX,
      NULL },
    { "lock cmpxchg16b (%rsi)", CODE("\xf0\x48\x0f\xc7\x0e"), INSN_RMW, 16,
      F_CAS | F_PAIR | F_LOCKPFX, NULL },
    { "lock bts %eax, (%rsi)", CODE("\xf0\x0f\xab\x06"), INSN_RMW, 4, F_BITOFF | F_LOCKPFX, NULL },
    { "lock btr %eax, (%rsi)", CODE("\xf0\x0f\xb3\x06"), INSN_RMW, 4, F_BITOFF | F_LOCKPFX, NULL },
    { "lock btc %eax, (%rsi)", CODE("\xf0\x0f\xbb\x06"), INSN_RMW, 4, F_BITOFF | F_LOCKPFX, NULL },
    { "bts %eax, (%rsi)", CODE("\x0f\xab\x06"), INSN_SPLIT_RMW, 4, F_BITOFF, NULL },
    { "xchg %eax, (%rsi)", CODE("\x87\x06"), INSN_RMW, 4, 0, NULL },
    { "mov (%rax), %ecx", CODE("\x8b\x08"), INSN_LOAD, 4, 0, NULL },
    { "mov %ecx, (%rax)", CODE("\x89\x08"), INSN_STORE, 4, 0, NULL },
    { "mov %edx, (%rax,%rcx,4)", CODE("\x89\x14\x88"), INSN_STORE, 4, 0, NULL },
    { "mov (%rax), %rcx", CODE("\x48\x8b\x08"), INSN_LOAD, 8, 0, NULL },
    { "mov (%r8), %ecx", CODE("\x41\x8b\x08"), INSN_LOAD, 4, 0, NULL },
    { "movb (%rax), %cl", CODE("\x8a\x08"), INSN_LOAD, 1, 0, NULL },
    { "movb %cl, (%rax)", CODE("\x88\x08"), INSN_STORE, 1, 0, NULL },
    { "mov 4(%rsp), %eax", CODE("\x8b\x44\x24\x04"), INSN_PRIVATE, 0, 0, NULL },
    { "lock addl $0, (%rsp)", CODE("\xf0\x83\x04\x24\x00"), INSN_RMW, 4, F_LOCKPFX, NULL },
    { "mfence", CODE("\x0f\xae\xf0"), INSN_FENCE, 0, 0, NULL },
    { "lfence", CODE("\x0f\xae\xe8"), INSN_FENCE, 0, 0, NULL },
    { "sfence", CODE("\x0f\xae\xf8"), INSN_FENCE, 0, 0, NULL },
    { "syscall", CODE("\x0f\x05"), INSN_TRAP, 0, 0, NULL },
    { "lea (%rax), %rcx", CODE("\x48\x8d\x08"), INSN_PRIVATE, 0, 0, NULL },
    { "add %eax, %ecx", CODE("\x01\xc1"), INSN_PRIVATE, 0, 0, NULL },
    { "mov 0x100(%rip), %eax", CODE("\x8b\x05\x00\x01\x00\x00"), INSN_LOAD, 4, F_PCREL, NULL },
    { "lock incl 0x100(%rip)", CODE("\xf0\xff\x05\x00\x01\x00\x00"), INSN_RMW, 4,
      F_PCREL | F_LOCKPFX, NULL },
};

#define TABLE(cpu, rows) { &cpu, rows, G_N_ELEMENTS(rows) }
/* aarch64: assembled with aarch64-linux-gnu-as -march=armv8.4-a (LSE and
 * ldapr); objdump -d spells every LSE row as disassemble() must. */
static const struct row aarch64_rows[] = {
    { "ldxr w0, [x2]", CODE("\x40\x7c\x5f\x88"), INSN_LL, 4, 0, NULL },
    { "ldxrb w0, [x2]", CODE("\x40\x7c\x5f\x08"), INSN_LL, 1, 0, NULL },
    { "ldxrh w0, [x2]", CODE("\x40\x7c\x5f\x48"), INSN_LL, 2, 0, NULL },
    { "ldxr x0, [x2]", CODE("\x40\x7c\x5f\xc8"), INSN_LL, 8, 0, NULL },
    { "ldaxr x0, [x2]", CODE("\x40\xfc\x5f\xc8"), INSN_LL, 8, F_ACQ, NULL },
    { "ldxp x0, x1, [x2]", CODE("\x40\x04\x7f\xc8"), INSN_LL, 16, 0, NULL },
    { "ldaxp w0, w1, [x2]", CODE("\x40\x84\x7f\x88"), INSN_LL, 8, F_ACQ, NULL },
    { "stxr w3, w0, [x2]", CODE("\x40\x7c\x03\x88"), INSN_SC, 4, 0, NULL },
    { "stxrb w3, w0, [x2]", CODE("\x40\x7c\x03\x08"), INSN_SC, 1, 0, NULL },
    { "stxr w3, x0, [x2]", CODE("\x40\x7c\x03\xc8"), INSN_SC, 8, 0, NULL },
    { "stlxr w3, x0, [x2]", CODE("\x40\xfc\x03\xc8"), INSN_SC, 8, F_REL, NULL },
    { "stxp w3, x0, x1, [x2]", CODE("\x40\x04\x23\xc8"), INSN_SC, 16, F_PAIR, NULL },
    { "stlxp w3, w0, w1, [x2]", CODE("\x40\x84\x23\x88"), INSN_SC, 8, F_PAIR | F_REL, NULL },
    { "clrex", CODE("\x5f\x3f\x03\xd5"), INSN_CLREX, 0, 0, NULL },
    { "dmb ish", CODE("\xbf\x3b\x03\xd5"), INSN_FENCE, 0, 0, NULL },
    { "dmb ishst", CODE("\xbf\x3a\x03\xd5"), INSN_FENCE, 0, F_STONLY, NULL },
    { "dmb ishld", CODE("\xbf\x39\x03\xd5"), INSN_FENCE, 0, F_LDONLY, NULL },
    { "dmb ld", CODE("\xbf\x3d\x03\xd5"), INSN_FENCE, 0, F_LDONLY, NULL },
    { "dsb sy", CODE("\x9f\x3f\x03\xd5"), INSN_FENCE, 0, 0, NULL },
    { "ldar w0, [x2]", CODE("\x40\xfc\xdf\x88"), INSN_LOAD, 4, F_ACQ, NULL },
    { "ldar x0, [x2]", CODE("\x40\xfc\xdf\xc8"), INSN_LOAD, 8, F_ACQ, NULL },
    { "stlr w0, [x2]", CODE("\x40\xfc\x9f\x88"), INSN_STORE, 4, F_REL, NULL },
    { "stlrb w0, [x2]", CODE("\x40\xfc\x9f\x08"), INSN_STORE, 1, F_REL, NULL },
    { "ldr x0, [x2, #8]", CODE("\x40\x04\x40\xf9"), INSN_LOAD, 8, 0, NULL },
    { "ldr w0, [x2, x3, lsl #2]", CODE("\x40\x78\x63\xb8"), INSN_LOAD, 4, 0, NULL },
    { "ldr x0, [x2], #8", CODE("\x40\x84\x40\xf8"), INSN_LOAD, 8, 0, NULL },
    { "ldr x0, [x2, #8]!", CODE("\x40\x8c\x40\xf8"), INSN_LOAD, 8, 0, NULL },
    { "ldrb w0, [x2]", CODE("\x40\x00\x40\x39"), INSN_LOAD, 1, 0, NULL },
    { "ldrsh x0, [x2]", CODE("\x40\x00\x80\x79"), INSN_LOAD, 2, 0, NULL },
    { "ldrsw x0, [x2]", CODE("\x40\x00\x80\xb9"), INSN_LOAD, 4, 0, NULL },
    { "ldur w0, [x2, #-4]", CODE("\x40\xc0\x5f\xb8"), INSN_LOAD, 4, 0, NULL },
    { "str x0, [x2]", CODE("\x40\x00\x00\xf9"), INSN_STORE, 8, 0, NULL },
    { "strh w0, [x2, #2]", CODE("\x40\x04\x00\x79"), INSN_STORE, 2, 0, NULL },
    { "stp x0, x1, [x2]", CODE("\x40\x04\x00\xa9"), INSN_STORE, 16, 0, NULL },
    { "ldp w0, w1, [x2]", CODE("\x40\x04\x40\x29"), INSN_LOAD, 8, 0, NULL },
    { "str x0, [sp, #8]", CODE("\xe0\x07\x00\xf9"), INSN_PRIVATE, 0, 0, NULL },
    { "stp x29, x30, [sp, #-16]!", CODE("\xfd\x7b\xbf\xa9"), INSN_PRIVATE, 0, 0, NULL },
    { "ldadd w1, w0, [x2]", CODE("\x40\x00\x21\xb8"), INSN_RMW, 4, 0, "ldadd w1, w0, [x2]" },
    { "ldaddal x1, x0, [x2]", CODE("\x40\x00\xe1\xf8"), INSN_RMW, 8, F_ACQ | F_REL, "ldaddal x1, x0, [x2]" },
    { "ldaddab w1, w0, [x2]", CODE("\x40\x00\xa1\x38"), INSN_RMW, 1, F_ACQ, "ldaddab w1, w0, [x2]" },
    { "ldaddlh w1, w0, [x2]", CODE("\x40\x00\x61\x78"), INSN_RMW, 2, F_REL, "ldaddlh w1, w0, [x2]" },
    { "stadd w1, [x2]", CODE("\x5f\x00\x21\xb8"), INSN_RMW, 4, 0, "stadd w1, [x2]" },
    { "staddl x1, [x2]", CODE("\x5f\x00\x61\xf8"), INSN_RMW, 8, F_REL, "staddl x1, [x2]" },
    { "ldclr w1, w0, [x2]", CODE("\x40\x10\x21\xb8"), INSN_RMW, 4, 0, "ldclr w1, w0, [x2]" },
    { "ldclra x1, x0, [x2]", CODE("\x40\x10\xa1\xf8"), INSN_RMW, 8, F_ACQ, "ldclra x1, x0, [x2]" },
    { "ldset w1, w0, [x2]", CODE("\x40\x30\x21\xb8"), INSN_RMW, 4, 0, "ldset w1, w0, [x2]" },
    { "ldsetl x1, x0, [x2]", CODE("\x40\x30\x61\xf8"), INSN_RMW, 8, F_REL, "ldsetl x1, x0, [x2]" },
    { "ldeor w1, w0, [x2]", CODE("\x40\x20\x21\xb8"), INSN_RMW, 4, 0, "ldeor w1, w0, [x2]" },
    { "ldeoral x1, x0, [x2]", CODE("\x40\x20\xe1\xf8"), INSN_RMW, 8, F_ACQ | F_REL, "ldeoral x1, x0, [x2]" },
    { "steor w1, [x2]", CODE("\x5f\x20\x21\xb8"), INSN_RMW, 4, 0, "steor w1, [x2]" },
    { "ldumax w1, w0, [x2]", CODE("\x40\x60\x21\xb8"), INSN_RMW, 4, 0, "ldumax w1, w0, [x2]" },
    { "ldadda w1, wzr, [x2]", CODE("\x5f\x00\xa1\xb8"), INSN_RMW, 4, 0, "ldadda w1, wzr, [x2]" },
    { "swp w1, w0, [x2]", CODE("\x40\x80\x21\xb8"), INSN_RMW, 4, 0, "swp w1, w0, [x2]" },
    { "swpal x1, x0, [x2]", CODE("\x40\x80\xe1\xf8"), INSN_RMW, 8, F_ACQ | F_REL, "swpal x1, x0, [x2]" },
    { "swpb w1, w0, [x2]", CODE("\x40\x80\x21\x38"), INSN_RMW, 1, 0, "swpb w1, w0, [x2]" },
    { "cas w1, w0, [x2]", CODE("\x40\x7c\xa1\x88"), INSN_RMW, 4, F_CAS, "cas w1, w0, [x2]" },
    { "casal x1, x0, [x2]", CODE("\x40\xfc\xe1\xc8"), INSN_RMW, 8, F_CAS | F_ACQ | F_REL, "casal x1, x0, [x2]" },
    { "casa x1, x0, [x2]", CODE("\x40\x7c\xe1\xc8"), INSN_RMW, 8, F_CAS | F_ACQ, "casa x1, x0, [x2]" },
    { "caslb w1, w0, [x2]", CODE("\x40\xfc\xa1\x08"), INSN_RMW, 1, F_CAS | F_REL, "caslb w1, w0, [x2]" },
    { "cash w1, w0, [x2]", CODE("\x40\x7c\xa1\x48"), INSN_RMW, 2, F_CAS, "cash w1, w0, [x2]" },
    { "casp x0, x1, x2, x3, [x4]", CODE("\x82\x7c\x20\x48"), INSN_RMW, 16, F_CAS | F_PAIR, "casp x0, x1, x2, x3, [x4]" },
    { "caspal w0, w1, w2, w3, [x4]", CODE("\x82\xfc\x60\x08"), INSN_RMW, 8, F_CAS | F_PAIR | F_ACQ | F_REL, "caspal w0, w1, w2, w3, [x4]" },
    { "ldadd w1, w0, [sp]", CODE("\xe0\x03\x21\xb8"), INSN_PRIVATE, 0, 0, "ldadd w1, w0, [sp]" },
    { "ldapr w0, [x2]", CODE("\x40\xc0\xbf\xb8"), INSN_LOAD, 4, 0, "ldapr w0, [x2]" },
    { "ldapr x0, [x2]", CODE("\x40\xc0\xbf\xf8"), INSN_LOAD, 8, 0, "ldapr x0, [x2]" },
    { "svc #0", CODE("\x01\x00\x00\xd4"), INSN_TRAP, 0, 0, NULL },
};

static const struct table tables[] = {
    TABLE(cpu_sparc32, sparc32_rows),
    TABLE(cpu_arm, arm_rows),
    TABLE(cpu_x86, x86_rows),
    TABLE(cpu_x86_64, x86_64_rows),
    TABLE(cpu_aarch64, aarch64_rows),
    TABLE(cpu_riscv64, riscv64_rows),
};

/* Register sets (regs_read, regs_written of cpu.h) in each cpu's compact
 * numbering: sparc32 r0-r31, icc 32, y 33; arm r0-r15, flags 16; x86 eax ecx
 * edx ebx esp ebp esi edi r8-r15 as 0-15 (any part of one), flags 16; and on
 * every cpu the core's stack (STACK). */
#define R(n) (1ull << (n))
#define STACK R(CPU_REG_STACK)
struct regs_row {
    const char *text;
    const char *code;
    size_t len;
    uint64_t read, written;
};

static const struct regs_row sparc32_regs[] = {
    { "add %g1, %g2, %g3", CODE("\x86\x00\x40\x02"), R(1) | R(2), R(3) },
    { "subcc %g1, %g2, %g3", CODE("\x86\xa0\x40\x02"), R(1) | R(2), R(3) | R(32) },
    { "addx %g1, 1, %g2", CODE("\x84\x40\x60\x01"), R(1) | R(32), R(2) },
    { "smul %o0, %o1, %o2", CODE("\x94\x5a\x00\x09"), R(8) | R(9), R(10) | R(33) },
    { "rd %y, %o3", CODE("\x97\x40\x00\x00"), R(33), R(11) },
    { "sethi %hi(0x12345400), %g1", CODE("\x03\x04\x8d\x15"), 0, R(1) },
    { "call .+8", CODE("\x40\x00\x00\x02"), 0, R(15) },
    { "ld [%o0+4], %g1", CODE("\xc2\x02\x20\x04"), 0, R(1) },
    { "st %g1, [%o0]", CODE("\xc2\x22\x00\x00"), R(1), 0 },
    { "ldd [%o0], %g2", CODE("\xc4\x1a\x00\x00"), 0, R(2) | R(3) },
    { "std %g2, [%o0]", CODE("\xc4\x3a\x00\x00"), R(2) | R(3), 0 },
    { "ldstub [%o0], %g1", CODE("\xc2\x6a\x00\x00"), 0, R(1) },
    { "swap [%o0], %g1", CODE("\xc2\x7a\x00\x00"), R(1), R(1) },
    { "casa [%o0] 0x0a, %o1, %o2", CODE("\xd5\xe2\x01\x49"), R(9) | R(10), R(10) },
    { "ta 0x10", CODE("\x91\xd0\x20\x10"), R(32), 0 },
    { "ld [%sp+64], %g1", CODE("\xc2\x03\xa0\x40"), STACK, R(1) },
    { "st %g1, [%sp+64]", CODE("\xc2\x23\xa0\x40"), R(1) | STACK, STACK },
};

static const struct regs_row arm_regs[] = {
    { "ldr r0, [r1]", CODE("\x00\x00\x91\xe5"), 0, R(0) },
    { "str r0, [r1, #4]", CODE("\x04\x00\x81\xe5"), R(0), 0 },
    /* the base written back keeps what it depended on */
    { "ldr r0, [r1], #4", CODE("\x04\x00\x91\xe4"), 0, R(0) },
    { "add r0, r1, r2", CODE("\x02\x00\x81\xe0"), R(1) | R(2), R(0) },
    { "adds r0, r1, r2", CODE("\x02\x00\x91\xe0"), R(1) | R(2), R(0) | R(16) },
    /* Capstone 4 lists the flags as written: more than adc does, not less */
    { "adc r0, r1, r2", CODE("\x02\x00\xa1\xe0"), R(1) | R(2) | R(16), R(0) | R(16) },
    { "movne r0, #1", CODE("\x01\x00\xa0\x13"), R(0) | R(16), R(0) },
    { "movt r0, #1", CODE("\x01\x00\x40\xe3"), R(0), R(0) },
    { "cmp r1, #0", CODE("\x00\x00\x51\xe3"), R(1), R(16) },
    { "ldrex r0, [r2]", CODE("\x9f\x0f\x92\xe1"), 0, R(0) },
    { "strex r3, r0, [r2]", CODE("\x90\x3f\x82\xe1"), R(0), R(3) },
    { "ldm r0, {r1, r2}", CODE("\x06\x00\x90\xe8"), 0, R(1) | R(2) },
    { "swp r0, r1, [r2]", CODE("\x91\x00\x02\xe1"), R(1), R(0) },
    { "ldr r0, [sp, #4]", CODE("\x04\x00\x9d\xe5"), STACK, R(0) },
    { "push {r4, lr}", CODE("\x10\x40\x2d\xe9"), R(4) | R(13) | R(14) | STACK, STACK },
    { "pop {r4, pc}", CODE("\x10\x80\xbd\xe8"), R(13) | STACK, R(4) },   /* pc: no data */
};

static const struct regs_row x86_regs[] = {
    { "mov (%eax), %ecx", CODE("\x8b\x08"), 0, R(1) },
    { "mov %ecx, (%eax)", CODE("\x89\x08"), R(1), 0 },
    { "movl $1, (%eax)", CODE("\xc7\x00\x01\x00\x00\x00"), 0, 0 },
    { "movb (%eax), %cl", CODE("\x8a\x08"), R(1), R(1) },
    { "movzbl %cl, %eax", CODE("\x0f\xb6\xc1"), R(1), R(0) },
    { "add %eax, %ecx", CODE("\x01\xc1"), R(0) | R(1), R(1) | R(16) },
    { "xor %eax, %eax", CODE("\x31\xc0"), 0, R(0) | R(16) },      /* 0, whatever eax held */
    { "add (%eax), %ecx", CODE("\x03\x08"), R(1), R(1) | R(16) },
    { "cmove %ecx, %eax", CODE("\x0f\x44\xc1"), R(0) | R(1) | R(16), R(0) },
    { "addl $1, (%eax)", CODE("\x83\x00\x01"), 0, R(16) },
    { "lock cmpxchg %ecx, (%eax)", CODE("\xf0\x0f\xb1\x08"), R(0) | R(1), R(0) | R(16) },
    { "push %eax", CODE("\x50"), R(0) | R(4) | STACK, STACK },
    { "pop %ebx", CODE("\x5b"), R(4) | STACK, R(3) },
    { "mov 4(%esp), %eax", CODE("\x8b\x44\x24\x04"), STACK, R(0) },
    { "mov %eax, 4(%esp)", CODE("\x89\x44\x24\x04"), R(0) | STACK, STACK },
    { "lea 1(%eax), %ecx", CODE("\x8d\x48\x01"), R(0), R(1) },     /* a value, not an access */
};

static const struct regs_row x86_64_regs[] = {
    { "add %r8, %rax", CODE("\x4c\x01\xc0"), R(0) | R(8), R(0) | R(16) },
    { "mov %rax, (%rdi)", CODE("\x48\x89\x07"), R(0), 0 },
    { "mov (%r8), %ecx", CODE("\x41\x8b\x08"), 0, R(1) },
    { "mov 0x100(%rip), %eax", CODE("\x8b\x05\x00\x01\x00\x00"), 0, R(0) },
    { "lock xadd %ecx, (%rax)", CODE("\xf0\x0f\xc1\x08"), R(1), R(1) | R(16) },
};

/* riscv64: x0-x31 as 0-31 (x0 none); ecall reads the call's registers. */
static const struct regs_row riscv64_regs[] = {
    { "lr.w a5,(a0)", CODE("\xaf\x27\x05\x10"), 0, R(15) },
    { "sc.w a4,a2,(a0)", CODE("\x2f\x27\xc5\x18"), R(12), R(14) },
    { "amoadd.w zero,a4,(s0)", CODE("\x2f\x20\xe4\x00"), R(14), 0 },
    { "amoor.d a5,a0,(a1)", CODE("\xaf\xb7\xa5\x40"), R(10), R(15) },
    { "ld a0,8(a1)", CODE("\x03\xb5\x85\x00"), 0, R(10) },
    { "c.sd a0,8(a1)", CODE("\x88\xe5"), R(10), 0 },
    { "ld a0,8(sp)", CODE("\x03\x35\x81\x00"), STACK, R(10) },
    { "c.sdsp s0,32(sp)", CODE("\x22\xf0"), R(8) | STACK, STACK },
    { "add a0,a1,a2", CODE("\x33\x85\xc5\x00"), R(11) | R(12), R(10) },
    { "li a0,-7", CODE("\x13\x05\x90\xff"), 0, R(10) },
    { "mv a0,a1", CODE("\x13\x85\x05\x00"), R(11), R(10) },
    { "sext.w a0,a1", CODE("\x1b\x85\x05\x00"), R(11), R(10) },
    { "neg a0,a2", CODE("\x33\x05\xc0\x40"), R(12), R(10) },
    { "lui a0,0x12345", CODE("\x37\x55\x34\x12"), 0, R(10) },
    { "auipc a0,0x1", CODE("\x17\x15\x00\x00"), 0, R(10) },
    { "jal ra,.+16", CODE("\xef\x00\x00\x01"), 0, R(1) },
    { "ret", CODE("\x67\x80\x00\x00"), R(1), 0 },
    { "jalr a0,8(a1)", CODE("\x67\x85\x85\x00"), R(11), R(10) },
    { "bltu a0,a1,.+16", CODE("\x63\x68\xb5\x00"), R(10) | R(11), 0 },
    { "beqz a0", CODE("\x63\x04\x05\x00"), R(10), 0 },
    /* compressed: the registers of the 32-bit equivalent */
    { "c.li a0,5", CODE("\x15\x45"), 0, R(10) },
    { "c.mv a0,a1", CODE("\x2e\x85"), R(11), R(10) },
    { "c.addi a0,-1", CODE("\x7d\x15"), R(10), R(10) },
    { "c.addiw a0,0", CODE("\x01\x25"), R(10), R(10) },
    { "c.addi16sp sp,-32", CODE("\x3d\x71"), R(2), R(2) },
    { "c.addi4spn a0,sp,8", CODE("\x28\x00"), R(2), R(10) },
    { "c.lui a0,1", CODE("\x05\x65"), 0, R(10) },
    { "c.slli a0,3", CODE("\x0e\x05"), R(10), R(10) },
    { "c.sub a0,a1", CODE("\x0d\x8d"), R(10) | R(11), R(10) },
    { "c.addw a0,a1", CODE("\x2d\x9d"), R(10) | R(11), R(10) },
    { "c.add a0,a1", CODE("\x2e\x95"), R(10) | R(11), R(10) },
    { "c.j .+8", CODE("\x21\xa0"), 0, 0 },
    { "c.jr ra", CODE("\x82\x80"), R(1), 0 },
    { "c.jalr a5", CODE("\x82\x97"), R(15), R(1) },
    { "c.beqz a0,.+8", CODE("\x01\xc5"), R(10), 0 },
    { "c.nop", CODE("\x01\x00"), 0, 0 },
    { "ecall", CODE("\x73\x00\x00\x00"), R(CPU_REG_OTHER), R(10) },
};

struct regs_table {
    const struct cpu_ops *cpu;
    const struct regs_row *rows;
    size_t n;
};

/* aarch64: x0-x30 as 0-30, sp 31, NZCV 32; the zero register is none. */
static const struct regs_row aarch64_regs[] = {
    { "ldr x0, [x1]", CODE("\x20\x00\x40\xf9"), 0, R(0) },
    { "str x0, [x1, #8]", CODE("\x20\x04\x00\xf9"), R(0), 0 },
    { "ldr x0, [x1], #8", CODE("\x20\x84\x40\xf8"), 0, R(0) },
    { "add x0, x1, x2", CODE("\x20\x00\x02\x8b"), R(1) | R(2), R(0) },
    { "adds w0, w1, w2", CODE("\x20\x00\x02\x2b"), R(1) | R(2), R(0) | R(32) },
    { "cmp x1, #0", CODE("\x3f\x00\x00\xf1"), R(1), R(32) },
    { "csel x0, x1, x2, eq", CODE("\x20\x00\x82\x9a"), R(1) | R(2) | R(32), R(0) },
    { "ldxr w0, [x2]", CODE("\x40\x7c\x5f\x88"), 0, R(0) },
    { "stxr w3, w0, [x2]", CODE("\x40\x7c\x03\x88"), R(0), R(3) },
    { "ldadd w1, w0, [x2]", CODE("\x40\x00\x21\xb8"), R(1), R(0) },
    { "stadd w1, [x2]", CODE("\x5f\x00\x21\xb8"), R(1), 0 },
    { "swp x1, x0, [x2]", CODE("\x40\x80\x21\xf8"), R(1), R(0) },
    { "cas w1, w0, [x2]", CODE("\x40\x7c\xa1\x88"), R(0) | R(1), R(1) },
    { "casp x0, x1, x2, x3, [x4]", CODE("\x82\x7c\x20\x48"), R(0) | R(1) | R(2) | R(3), R(0) | R(1) },
    { "ldr x0, [sp, #8]", CODE("\xe0\x07\x40\xf9"), STACK, R(0) },
    { "str x0, [sp, #8]", CODE("\xe0\x07\x00\xf9"), R(0) | STACK, STACK },
};

static const struct regs_table regs_tables[] = {
    TABLE(cpu_sparc32, sparc32_regs),
    TABLE(cpu_arm, arm_regs),
    TABLE(cpu_x86, x86_regs),
    TABLE(cpu_x86_64, x86_64_regs),
    TABLE(cpu_aarch64, aarch64_regs),
    TABLE(cpu_riscv64, riscv64_regs),
};


static bool accesses_memory(unsigned kind)
{
    return kind == INSN_LOAD || kind == INSN_STORE || kind == INSN_RMW ||
           kind == INSN_SPLIT_RMW || kind == INSN_LL || kind == INSN_SC;
}

/* Add "; what: expected E, got A" to msg when e != a. */
static void expect(GString *msg, const char *what, long e, long a)
{
    if (e != a)
        g_string_append_printf(msg, "; %s: expected %ld, got %ld", what, e, a);
}

/* Classify one row: its kind (INSN_UNKNOWN if undecodable), and in msg
 * its other mismatches. */
static unsigned check_row(const struct cpu_ops *cpu, cpu_decoder *d, const struct row *r,
                          GString *msg)
{
    const uint8_t *code = (const uint8_t *)r->code;
    struct insn_info info;
    if (!cpu->classify(d, code, r->len, 0, 0x10000, &info)) {
        g_string_append(msg, "; cannot be decoded");
        return INSN_UNKNOWN;
    }
    expect(msg, "length", (long)r->len, info.length);
    if (accesses_memory(r->kind))
        expect(msg, "size", r->size, info.size);
    expect(msg, "cas", (r->flags & F_CAS) != 0, info.cas);
    expect(msg, "cond set", (r->flags & F_COND) != 0, info.cond != 0);
    expect(msg, "pc_relative", (r->flags & F_PCREL) != 0, info.mem.pc_relative);
    expect(msg, "bit_offset", (r->flags & F_BITOFF) != 0, info.mem.bit_offset);
    expect(msg, "lock_prefix", (r->flags & F_LOCKPFX) != 0, info.lock_prefix);
    expect(msg, "stores_only", (r->flags & F_STONLY) != 0, info.stores_only);
    expect(msg, "loads_only", (r->flags & F_LDONLY) != 0, info.loads_only);
    expect(msg, "acquire", (r->flags & F_ACQ) != 0, info.acquire);
    expect(msg, "release", (r->flags & F_REL) != 0, info.release);
    expect(msg, "why set", r->kind == INSN_UNSUPPORTED, info.why != NULL);
    /* The registers: ids are nonzero, as 0 is Unicorn's invalid register. */
    expect(msg, "status_reg set", r->kind == INSN_SC, info.status_reg != 0);
    expect(msg, "data_reg[0] set", r->kind == INSN_SC || (r->flags & F_CAS) != 0,
           info.data_reg[0] != 0);
    expect(msg, "data_reg[1] set", (r->flags & F_PAIR) != 0, info.data_reg[1] != 0);
    if (r->disasm != NULL) {
        char text[128];
        cpu->disassemble(d, code, r->len, 0x10000, text, sizeof text);
        if (strstr(text, r->disasm) == NULL)
            g_string_append_printf(msg, "; disassembly: expected \"%s\" in \"%s\"",
                                   r->disasm, text);
    }
    return info.kind;
}

/* Every row of one cpu's table: all mismatches are reported, then the case fails. */
static void test_decode(gconstpointer data)
{
    const struct table *t = data;
    cpu_decoder *d = t->cpu->decoder_new();
    unsigned failed = 0;
    for (size_t i = 0; i < t->n; i++) {
        const struct row *r = &t->rows[i];
        g_autoptr(GString) msg = g_string_new(NULL);
        unsigned kind = check_row(t->cpu, d, r, msg);
        if (kind == r->kind && msg->len == 0)
            continue;
        g_autoptr(GString) hex = g_string_new(NULL);
        for (size_t j = 0; j < r->len; j++)
            g_string_append_printf(hex, "%s%02x", j ? " " : "", (uint8_t)r->code[j]);
        g_test_message("%s: `%s` [%s]: expected %s, got %s%s", t->cpu->name, r->text,
                       hex->str, kind_name(r->kind), kind_name(kind), msg->str);
        failed++;
    }
    t->cpu->decoder_free(d);
    if (failed > 0)
        g_test_fail_printf("%u of %zu %s rows decode wrongly", failed, t->n, t->cpu->name);
}

/* Every row of one cpu's register-set table: all mismatches are reported,
 * then the case fails. */
static void test_registers(gconstpointer data)
{
    const struct regs_table *t = data;
    cpu_decoder *d = t->cpu->decoder_new();
    unsigned failed = 0;
    for (size_t i = 0; i < t->n; i++) {
        const struct regs_row *r = &t->rows[i];
        struct insn_info info;
        if (!t->cpu->classify(d, (const uint8_t *)r->code, r->len, 0, 0x10000, &info)) {
            g_test_message("%s: `%s` cannot be decoded", t->cpu->name, r->text);
            failed++;
        } else if (info.regs_read != r->read || info.regs_written != r->written) {
            g_test_message("%s: `%s`: expected read %#" G_GINT64_MODIFIER "x written %#"
                           G_GINT64_MODIFIER "x, got %#" G_GINT64_MODIFIER "x, %#"
                           G_GINT64_MODIFIER "x", t->cpu->name, r->text, r->read, r->written,
                           info.regs_read, info.regs_written);
            failed++;
        }
    }
    t->cpu->decoder_free(d);
    if (failed > 0)
        g_test_fail_printf("%u of %zu %s register sets are wrong", failed, t->n, t->cpu->name);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    for (size_t i = 0; i < G_N_ELEMENTS(tables); i++) {
        g_autofree char *path = g_strdup_printf("/decode/%s", tables[i].cpu->name);
        g_test_add_data_func(path, &tables[i], test_decode);
    }
    for (size_t i = 0; i < G_N_ELEMENTS(regs_tables); i++) {
        g_autofree char *path = g_strdup_printf("/decode/%s/registers", regs_tables[i].cpu->name);
        g_test_add_data_func(path, &regs_tables[i], test_registers);
    }
    return g_test_run();
}
