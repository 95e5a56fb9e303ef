/* machine.c — see machine.h. */
#include <elf.h>
#include <string.h>

#include "error.h"
#include "machine.h"
#include "run.h"

#define PAGE 0x1000ull
#define STACK_GUARD PAGE
#define STACK_GAP (1ull << 20)          /* unmapped between image and stacks */

static uint64_t align_up(uint64_t v, uint64_t a)
{
    return (v + a - 1) & ~(a - 1);
}

static int region_cmp(gconstpointer a, gconstpointer b)
{
    const struct region *x = a, *y = b;
    return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* The image's segments as page ranges; segments that share a page share
 * a region with the union of their permissions. */
static GArray *image_regions(const struct image *img)
{
    GArray *r = g_array_new(FALSE, FALSE, sizeof(struct region));
    for (guint i = 0; i < img->segments->len; i++) {
        const struct segment *s = &g_array_index(img->segments, struct segment, i);
        struct region reg = { s->vaddr & ~(PAGE - 1), align_up(s->vaddr + s->memsz, PAGE),
                              s->flags };
        g_array_append_val(r, reg);
    }
    g_array_sort(r, region_cmp);
    guint out = 0;
    for (guint i = 1; i < r->len; i++) {
        struct region *prev = &g_array_index(r, struct region, out);
        struct region *cur = &g_array_index(r, struct region, i);
        if (cur->lo < prev->hi) {
            prev->hi = MAX(prev->hi, cur->hi);
            prev->flags |= cur->flags;
        } else {
            g_array_index(r, struct region, ++out) = *cur;
        }
    }
    g_array_set_size(r, out + 1);
    return r;
}

static uint32_t uc_perms(unsigned seg_flags)
{
    return ((seg_flags & SEG_R) ? UC_PROT_READ : 0) |
           ((seg_flags & SEG_W) ? UC_PROT_WRITE : 0) |
           ((seg_flags & SEG_X) ? UC_PROT_EXEC : 0);
}

static gboolean engine_fail(GError **error, const struct machine *m, const char *what,
                            uc_err err)
{
    g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT, "%s: cannot %s on %s: %s",
                m->img->path, what, m->cpu->name, uc_strerror(err));
    return FALSE;
}

static gboolean core_open(struct machine *m, struct core *c, GError **error)
{
    const struct cpu_ops *cpu = m->cpu;
    uc_err err = uc_open(cpu->uc_arch, cpu->uc_mode, &c->uc);
    if (err != UC_ERR_OK)
        return engine_fail(error, m, "create a core", err);
    if (cpu->uc_cpu_model >= 0)
        uc_ctl_set_cpu_model(c->uc, cpu->uc_cpu_model);

    for (guint i = 0; i < m->regions->len; i++) {
        const struct region *r = &g_array_index(m->regions, struct region, i);
        err = uc_mem_map_ptr(c->uc, r->lo, r->hi - r->lo, uc_perms(r->flags),
                             m->image_mem + (r->lo - m->image_lo));
        if (err != UC_ERR_OK)
            return engine_fail(error, m, "map the program", err);
    }
    for (unsigned i = 0; i < m->ncores; i++) {
        const struct core *owner = &m->cores[i];
        err = uc_mem_map_ptr(c->uc, owner->stack_lo, CORE_STACK_SIZE,
                             UC_PROT_READ | UC_PROT_WRITE,
                             m->stack_mem + (size_t)i * CORE_STACK_SIZE);
        if (err != UC_ERR_OK)
            return engine_fail(error, m, "map a stack", err);
    }
    if (uc_context_alloc(c->uc, &c->boot) != UC_ERR_OK ||
        uc_context_save(c->uc, c->boot) != UC_ERR_OK)
        return engine_fail(error, m, "save a core's registers", UC_ERR_NOMEM);
    run_install_hooks(c);
    c->line = g_string_new(NULL);
    return TRUE;
}

struct machine *machine_new(const struct cpu_ops *cpu, struct image *img,
                            unsigned ncores, GError **error)
{
    g_autoptr(machine) m = g_new0(struct machine, 1);
    m->cpu = cpu;
    m->img = img;
    m->ncores = ncores;
    m->regions = image_regions(img);

    const struct region *first = &g_array_index(m->regions, struct region, 0);
    const struct region *last = &g_array_index(m->regions, struct region, m->regions->len - 1);
    m->image_lo = first->lo;
    m->image_hi = last->hi;
    m->image_mem = g_aligned_alloc0(m->image_hi - m->image_lo, 1, PAGE);

    uint64_t code_lo = UINT64_MAX, code_hi = 0;
    for (guint i = 0; i < m->regions->len; i++) {
        const struct region *r = &g_array_index(m->regions, struct region, i);
        if (r->flags & SEG_X) {
            code_lo = MIN(code_lo, r->lo);
            code_hi = MAX(code_hi, r->hi);
        }
    }
    if (code_lo >= code_hi) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT,
                    "%s: no executable segment", img->path);
        return NULL;
    }
    codemap_init(&m->code, cpu, code_lo, code_hi, m->image_mem + (code_lo - m->image_lo));

    /* Stacks above the image: a guard page, then the stack, per core. */
    uint64_t stacks = align_up(m->image_hi, STACK_GAP) + STACK_GAP;
    uint64_t stacks_end = stacks + (uint64_t)ncores * (CORE_STACK_SIZE + STACK_GUARD);
    if (cpu->word_size == 4 && stacks_end > 0xffffffffull) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT,
                    "%s: the program leaves no room for %u stacks below 4 GiB", img->path,
                    ncores);
        return NULL;
    }
    m->stack_mem = g_aligned_alloc0((gsize)ncores, CORE_STACK_SIZE, PAGE);
    for (unsigned i = 0; i < ncores; i++) {
        struct core *c = &m->cores[i];
        c->m = m;
        c->id = i;
        c->stack_lo = stacks + (uint64_t)i * (CORE_STACK_SIZE + STACK_GUARD) + STACK_GUARD;
        c->stack_hi = c->stack_lo + CORE_STACK_SIZE;
    }
    for (unsigned i = 0; i < ncores; i++)
        if (!core_open(m, &m->cores[i], error))
            return NULL;
    return g_steal_pointer(&m);
}

void machine_free(struct machine *m)
{
    if (m == NULL)
        return;
    for (unsigned i = 0; i < m->ncores; i++) {
        struct core *c = &m->cores[i];
        if (c->boot)
            uc_context_free(c->boot);
        if (c->scratch)
            uc_context_free(c->scratch);
        if (c->uc)
            uc_close(c->uc);
        if (c->line)
            g_string_free(c->line, TRUE);
    }
    codemap_clear(&m->code);
    g_aligned_free(m->image_mem);
    g_aligned_free(m->stack_mem);
    if (m->regions)
        g_array_unref(m->regions);
    g_free(m);
}

void machine_reset(struct machine *m)
{
    memset(m->image_mem, 0, m->image_hi - m->image_lo);
    image_copy_segments(m->img, m->image_mem, m->image_lo);
    memset(m->stack_mem, 0, (size_t)m->ncores * CORE_STACK_SIZE);

    for (unsigned i = 0; i < m->ncores; i++) {
        struct core *c = &m->cores[i];
        uint64_t pc = m->img->entry, sp = c->stack_hi - m->cpu->stack_reserve;
        uc_context_restore(c->uc, c->boot);
        uc_reg_write(c->uc, m->cpu->reg_pc, &pc);
        uc_reg_write(c->uc, m->cpu->reg_sp, &sp);
        c->state = CORE_RUNNING;
        c->exit_code = 0;
        c->pc = c->last_pc = pc;
        c->resuming = false;
        c->has_pending = c->split_loaded = false;
        c->last_load = UINT64_MAX;
        taint_reset(&c->taint);
        c->delayed_until = 0;
        c->insns = c->steps = 0;
        c->fault_type = -1;
        c->fault_addr = 0;
        g_string_truncate(c->line, 0);
    }
}

void *machine_guest_ptr(struct machine *m, uint64_t addr, uint64_t len)
{
    if (addr + len < addr)
        return NULL;
    if (addr >= m->image_lo && addr + len <= m->image_hi)
        return m->image_mem + (addr - m->image_lo);
    for (unsigned i = 0; i < m->ncores; i++) {
        const struct core *c = &m->cores[i];
        if (addr >= c->stack_lo && addr + len <= c->stack_hi)
            return m->stack_mem + (size_t)i * CORE_STACK_SIZE + (addr - c->stack_lo);
    }
    return NULL;
}

uint64_t machine_read(struct machine *m, uint64_t addr, unsigned size)
{
    unsigned n = size > 8 ? 8 : size;
    const uint8_t *p = machine_guest_ptr(m, addr, n);
    uint64_t v = 0;
    if (p == NULL)
        return 0;
    for (unsigned i = 0; i < n; i++) {
        if (m->cpu->elf_data == ELFDATA2MSB)
            v = v << 8 | p[i];
        else
            v |= (uint64_t)p[i] << (8 * i);
    }
    return v;
}

void machine_write(struct machine *m, uint64_t addr, unsigned size, uint64_t v)
{
    uint8_t *p = machine_guest_ptr(m, addr, size);
    for (unsigned i = 0; p != NULL && i < size; i++) {
        unsigned shift = m->cpu->elf_data == ELFDATA2MSB ? 8 * (size - 1 - i) : 8 * i;
        p[i] = (uint8_t)(v >> shift);
    }
}

/* h with the bytes p[0 .. len) mixed in, a word at a time. */
static uint64_t hash_bytes(uint64_t h, const uint8_t *p, size_t len)
{
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = (h ^ w) * 0x9e3779b97f4a7c15ull;
        h ^= h >> 29;
    }
    for (; i < len; i++)
        h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

uint64_t machine_core_fingerprint(struct machine *m, struct core *c)
{
    uint64_t h = 0xcbf29ce484222325ull;
    if (c->scratch == NULL && uc_context_alloc(c->uc, &c->scratch) != UC_ERR_OK)
        c->scratch = NULL;
    /* uc_context is opaque: its uc_context_size bytes are the whole of it */
    if (c->scratch != NULL && uc_context_save(c->uc, c->scratch) == UC_ERR_OK)
        h = hash_bytes(h, (const uint8_t *)c->scratch, uc_context_size(c->uc));
    uint64_t sp = 0;
    uc_reg_read(c->uc, m->cpu->reg_sp, &sp);
    if (m->cpu->word_size == 4)
        sp = (uint32_t)sp;
    if (sp >= c->stack_lo && sp < c->stack_hi)
        h = hash_bytes(h, machine_guest_ptr(m, sp, c->stack_hi - sp), c->stack_hi - sp);
    return h;
}
