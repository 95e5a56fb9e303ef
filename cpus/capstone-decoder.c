/* capstone-decoder.c — see capstone-decoder.h. */
#include <string.h>
#include <glib.h>
#include "capstone-decoder.h"

/* Capstone 4 is not thread-safe across handles: its x86 tables are sorted
 * lazily in static storage (X86Mapping.c, on the first decode that needs
 * them), so two threads decoding at once (--jobs) could read a half-sorted
 * table and classify an instruction wrongly for the rest of the search.
 * Every call into Capstone holds this lock; a code map decodes each pc once,
 * so it is rarely contended. */
static GMutex capstone_lock;

cpu_decoder *capstone_decoder_new(cs_arch arch, cs_mode mode)
{
    cpu_decoder *d = g_new0(cpu_decoder, 1);
    g_mutex_lock(&capstone_lock);
    if (cs_open(arch, mode, &d->handle) != CS_ERR_OK)
        g_error("capstone: cannot open a decoder for arch %d", arch);
    cs_option(d->handle, CS_OPT_DETAIL, CS_OPT_ON);
    d->insn = cs_malloc(d->handle);
    g_mutex_unlock(&capstone_lock);
    return d;
}

void capstone_decoder_free(cpu_decoder *d)
{
    if (d == NULL)
        return;
    g_mutex_lock(&capstone_lock);
    cs_free(d->insn, 1);
    cs_close(&d->handle);
    g_mutex_unlock(&capstone_lock);
    g_free(d);
}

const cs_insn *capstone_decode(cpu_decoder *d, const uint8_t *code, size_t avail,
                               uint64_t pc)
{
    uint64_t addr = pc;
    g_mutex_lock(&capstone_lock);
    bool ok = cs_disasm_iter(d->handle, &code, &avail, &addr, d->insn);
    g_mutex_unlock(&capstone_lock);
    return ok ? d->insn : NULL;
}

void capstone_disassemble(cpu_decoder *d, const uint8_t *code, size_t avail,
                          uint64_t pc, char *buf, size_t len)
{
    const cs_insn *insn = capstone_decode(d, code, avail, pc);
    if (insn == NULL)
        g_strlcpy(buf, "(undecodable)", len);
    else if (insn->op_str[0])
        g_snprintf(buf, len, "%s %s", insn->mnemonic, insn->op_str);
    else
        g_strlcpy(buf, insn->mnemonic, len);
}

bool capstone_branch_target(cpu_decoder *d, const uint8_t *code, size_t avail, uint64_t pc,
                            uint64_t *target)
{
    const cs_insn *insn = capstone_decode(d, code, avail, pc);
    if (insn == NULL || !cs_insn_group(d->handle, insn, CS_GRP_JUMP))
        return false;
    /* the address is the last operand, alone: "0x107ac", "#0x107ac", or
     * after the register tested ("w4, #0x10948": cbnz, tbz) */
    const char *op = strrchr(insn->op_str, ' ');
    op = op != NULL && op[-1] == ',' ? op + 1 : insn->op_str;
    op = op[0] == '#' ? op + 1 : op;
    char *end;
    uint64_t v = g_ascii_strtoull(op, &end, 0);
    if (end == op || *end != '\0')
        return false;
    *target = v;
    return true;
}

bool capstone_regs_access(cpu_decoder *d, const cs_insn *insn, cs_regs read, uint8_t *nread,
                          cs_regs written, uint8_t *nwritten)
{
    g_mutex_lock(&capstone_lock);
    bool ok = cs_regs_access(d->handle, insn, read, nread, written, nwritten) == CS_ERR_OK;
    g_mutex_unlock(&capstone_lock);
    return ok;
}

bool capstone_classify(cpu_decoder *d, const uint8_t *code, size_t avail, uint64_t pc,
                       struct insn_info *out, capstone_access access,
                       capstone_registers registers)
{
    const cs_insn *insn = capstone_decode(d, code, avail, pc);
    if (insn == NULL)
        return false;
    memset(out, 0, sizeof *out);
    out->length = (uint8_t)insn->size;
    out->kind = INSN_PRIVATE;
    out->mem.base = out->mem.index = -1;
    bool ok = access(insn, out);
    registers(d, insn, out);
    return ok;
}
