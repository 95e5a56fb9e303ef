/* compared.c — see compared.h. */
#include <glib.h>
#include "base/log.h"
#include "compared.h"

static void add(struct compared *out, int64_t k)
{
    for (unsigned i = 0; i < out->n; i++)
        if (out->k[i] == k)
            return;
    if (out->n < COMPARED_MAX)
        out->k[out->n++] = k;
}

void compared_scan(struct compared *out, const struct cpu_ops *cpu, const struct image *img)
{
    *out = (struct compared){ 0 };
    uint64_t lo = img->program_lo, hi = img->program_hi;
    if (cpu->compare_constant == NULL || lo >= hi)
        return;
    for (guint i = 0; i < img->segments->len; i++) {
        const struct segment *s = &g_array_index(img->segments, struct segment, i);
        if (!(s->flags & SEG_X) || lo < s->vaddr || lo - s->vaddr >= s->filesz)
            continue;
        uint64_t end = MIN(MIN(hi, s->vaddr + s->filesz), lo + COMPARED_SCAN_MAX);
        const uint8_t *bytes = s->bytes + (lo - s->vaddr);
        cpu_decoder *d = cpu->decoder_new();
        for (uint64_t pc = lo; pc < end && out->n < COMPARED_MAX;) {
            size_t at = pc - lo, avail = end - pc;
            struct insn_info info;
            int64_t k;
            if (cpu->compare_constant(d, bytes + at, avail, pc, &k))
                add(out, k);
            bool known = cpu->classify(d, bytes + at, avail, at, pc, &info) && info.length > 0;
            pc += known ? info.length : cpu->insn_align;
        }
        cpu->decoder_free(d);
        break;
    }
    if (LOG_ON(LOG_CPU)) {
        GString *list = g_string_new(NULL);
        for (unsigned i = 0; i < out->n; i++)
            g_string_append_printf(list, " %" G_GINT64_FORMAT, out->k[i]);
        LOG(LOG_CPU, "the program compares with%s", out->n ? list->str : " no constant");
        g_string_free(list, TRUE);
    }
}

unsigned compared_values(const struct compared *c, unsigned bits, uint64_t *values,
                         unsigned max)
{
    uint64_t mask = bits >= 64 ? UINT64_MAX : (1ull << bits) - 1;
    unsigned n = 0;
    for (unsigned i = 0; i < c->n; i++) {
        const int64_t near[] = { 0, 1, -1 };
        for (unsigned j = 0; j < G_N_ELEMENTS(near) && n < max; j++) {
            uint64_t v = ((uint64_t)c->k[i] + (uint64_t)near[j]) & mask;
            bool again = false;
            for (unsigned m = 0; m < n; m++)
                again |= values[m] == v;
            if (!again)
                values[n++] = v;
        }
    }
    return n;
}
