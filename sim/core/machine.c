/* machine.c — see machine.h. */
#include <elf.h>
#include <errno.h>
#include <string.h>
#include <sys/mman.h>

#include "base/error.h"
#include "base/log.h"
#include "machine.h"
#include "tls.h"

#define PAGE IMAGE_PAGE

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

/* What Unicorn 2.0.1 reserves for an engine: its translation buffer (1 GiB,
 * mapped at the engine's first uc_mem_map, measured with strace) and some
 * room for the rest.  It offers no way to choose the size. */
#define ENGINE_RESERVE ((1ull << 30) + (64ull << 20))

/* Can the host give one more engine its address space?  Unicorn 2.0.1
 * does not return an error when it cannot: it prints "Could not allocate
 * dynamic translator buffer" and calls exit(1), atomsim's exit code for a
 * finding.  So reserve the same kind of mapping first (private, writable,
 * untouched: it counts against ulimit -v and strict overcommit as
 * Unicorn's does) and give it back.  Engines are made on one thread. */
static gboolean engine_room(GError **error)
{
    void *p = mmap(NULL, ENGINE_RESERVE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                   -1, 0);
    if (p == MAP_FAILED) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_RESOURCE, "%s", g_strerror(errno));
        return FALSE;
    }
    munmap(p, ENGINE_RESERVE);
    return TRUE;
}

static gboolean core_open(struct machine *m, struct core *c, GError **error)
{
    const struct cpu_ops *cpu = m->cpu;
    g_autoptr(GError) why = NULL;
    if (!engine_room(&why)) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_RESOURCE,
                    "%s: cannot create core %u: each core's engine reserves %" G_GUINT64_FORMAT
                    " MiB of address space, and the host refuses more (%s; see ulimit -v): "
                    "use fewer --cores or --jobs", m->img->path, c->id,
                    (guint64)(ENGINE_RESERVE >> 20), why->message);
        return FALSE;
    }
    uc_err err = uc_open(cpu->uc_arch, cpu->uc_mode, &c->uc);
    if (err != UC_ERR_OK)
        return engine_fail(error, m, "create a core", err);
    if (cpu->uc_cpu_model >= 0 &&
        (err = uc_ctl_set_cpu_model(c->uc, cpu->uc_cpu_model)) != UC_ERR_OK)
        return engine_fail(error, m, "choose the cpu model", err);

    for (guint i = 0; i < m->regions->len; i++) {
        const struct region *r = &g_array_index(m->regions, struct region, i);
        err = uc_mem_map_ptr(c->uc, r->lo, r->hi - r->lo, uc_perms(r->flags),
                             m->image_mem + (r->lo - m->image_lo));
        if (err != UC_ERR_OK)
            return engine_fail(error, m, "map the program", err);
    }
    for (unsigned i = 0; i < m->ncores; i++) {
        const struct core *owner = &m->cores[i];
        err = uc_mem_map_ptr(c->uc, owner->stack_lo, m->stack_size,
                             UC_PROT_READ | UC_PROT_WRITE,
                             m->stack_mem + (size_t)i * m->stack_size);
        if (err != UC_ERR_OK)
            return engine_fail(error, m, "map a stack", err);
    }
    if (uc_context_alloc(c->uc, &c->boot) != UC_ERR_OK ||
        uc_context_save(c->uc, c->boot) != UC_ERR_OK)
        return engine_fail(error, m, "save a core's registers", UC_ERR_NOMEM);
    return TRUE;
}

/* size bytes of zeroed, page-aligned host memory, or NULL: a program's
 * image may be large enough that the host refuses it. */
static uint8_t *host_alloc(uint64_t size)
{
    void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

struct machine *machine_new(const struct cpu_ops *cpu, struct image *img,
                            unsigned ncores, GError **error)
{
    g_autoptr(machine) m = g_new0(struct machine, 1);
    LOG(LOG_CPU, "guest stores %s Unicorn's page collection (cpus/unicorn-stores.c)",
        cpus_fast_stores() ? "skip" : "go through");
    m->cpu = cpu;
    m->img = img;
    m->ncores = ncores;
    struct layout l = { 0 };
    gboolean ok = layout_plan(&l, img, ncores,
                              cpu->word_size == 4 ? IMAGE_ADDR_END_32 : IMAGE_ADDR_END_64, error);
    m->regions = g_steal_pointer(&l.regions);
    if (!ok)
        return NULL;
    m->image_lo = l.image_lo;
    m->image_hi = l.image_hi;
    m->image_mem = host_alloc(m->image_hi - m->image_lo);
    if (m->image_mem == NULL) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_RESOURCE,
                    "%s: cannot allocate %" G_GUINT64_FORMAT " MiB for the program's memory: %s",
                    img->path, (m->image_hi - m->image_lo) >> 20, g_strerror(errno));
        return NULL;
    }
    if (!codemap_init(&m->code, cpu, l.code_lo, l.code_hi,
                      m->image_mem + (l.code_lo - m->image_lo))) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_RESOURCE,
                    "%s: cannot allocate the map of its %" G_GUINT64_FORMAT " MiB of code",
                    img->path, (l.code_hi - l.code_lo) >> 20);
        return NULL;
    }
    codemap_mark_atomic_functions(&m->code, img);
    compared_scan(&m->compared, cpu, img);

    m->stack_size = l.stack_size;
    m->stack_mem = g_aligned_alloc0((gsize)ncores, m->stack_size, PAGE);
    for (unsigned i = 0; i < ncores; i++) {
        struct core *c = &m->cores[i];
        c->m = m;
        c->id = i;
        c->stack_lo = layout_stack_lo(&l, i);
        c->stack_hi = c->stack_lo + m->stack_size;
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
        /* freeing cannot fail in a way that could be mended */
        if (c->boot)
            (void)uc_context_free(c->boot);
        if (c->scratch)
            (void)uc_context_free(c->scratch);
        if (c->uc)
            (void)uc_close(c->uc);
    }
    codemap_clear(&m->code);
    if (m->image_mem)
        munmap(m->image_mem, m->image_hi - m->image_lo);
    g_aligned_free(m->stack_mem);
    if (m->regions)
        g_array_unref(m->regions);
    g_free(m);
}

/* Core c's thread-local storage afresh from the template, at the top of its
 * stack (tls.h), and its thread pointer; *stack_top: where its stack may
 * begin. */
static uc_err reset_tls(struct machine *m, struct core *c, uint64_t *stack_top)
{
    const struct tls_template *t = &m->img->tls;
    c->thread_pointer = 0;
    *stack_top = c->stack_hi;
    if (t->memsz == 0)
        return UC_ERR_OK;
    struct tls_place p = tls_place(m->cpu, t, c->stack_hi);
    if (t->filesz > 0)
        memcpy(machine_guest_ptr(m, p.block, t->filesz), t->bytes, t->filesz);
    if (m->cpu->tls_below)
        machine_write(m, p.tp, m->cpu->word_size, p.tp);
    c->thread_pointer = p.tp;
    *stack_top = p.stack_top;
    return m->cpu->set_thread_pointer(c->uc, p.tp);
}

uc_err machine_reset(struct machine *m)
{
    uc_err err = UC_ERR_OK;
    memset(m->image_mem, 0, m->image_hi - m->image_lo);
    image_copy_segments(m->img, m->image_mem, m->image_lo);
    memset(m->stack_mem, 0, (size_t)m->ncores * m->stack_size);

    for (unsigned i = 0; i < m->ncores; i++) {
        struct core *c = &m->cores[i];
        uint64_t pc = m->img->entry, sp = c->stack_hi;
        if (err == UC_ERR_OK)
            err = uc_context_restore(c->uc, c->boot);
        if (err == UC_ERR_OK)
            err = reset_tls(m, c, &sp);
        sp -= m->cpu->stack_reserve;
        if (err == UC_ERR_OK)
            err = uc_reg_write(c->uc, m->cpu->reg_pc, &pc);
        if (err == UC_ERR_OK)
            err = uc_reg_write(c->uc, m->cpu->reg_sp, &sp);
        c->state = CORE_RUNNING;
        c->exit_code = 0;
        c->pc = c->last_pc = pc;
        c->insns = c->steps = 0;
        c->wait_addr = c->wait_what = 0;
        c->thread_fn = c->thread_arg = c->thread_result = 0;
    }
    m->threads = 1;
    m->atomic_core = -1;
    return err;
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
            return m->stack_mem + (size_t)i * m->stack_size + (addr - c->stack_lo);
    }
    return NULL;
}

uint64_t machine_decode(const struct machine *m, const uint8_t *p, unsigned size)
{
    unsigned n = size > 8 ? 8 : size;
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++) {
        if (m->cpu->elf_data == ELFDATA2MSB)
            v = v << 8 | p[i];
        else
            v |= (uint64_t)p[i] << (8 * i);
    }
    return v;
}

uint64_t machine_read(struct machine *m, uint64_t addr, unsigned size)
{
    const uint8_t *p = machine_guest_ptr(m, addr, size > 8 ? 8 : size);
    return p == NULL ? 0 : machine_decode(m, p, size);
}

void machine_write(struct machine *m, uint64_t addr, unsigned size, uint64_t v)
{
    uint8_t *p = machine_guest_ptr(m, addr, size);
    for (unsigned i = 0; p != NULL && i < size; i++) {
        unsigned shift = m->cpu->elf_data == ELFDATA2MSB ? 8 * (size - 1 - i) : 8 * i;
        p[i] = (uint8_t)(v >> shift);
    }
}

/* h (two independent lanes) with the bytes p[0 .. len) mixed in, a word
 * at a time. */
static void hash_bytes(uint64_t h[2], const uint8_t *p, size_t len)
{
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h[0] = (h[0] ^ w) * 0x9e3779b97f4a7c15ull;
        h[0] ^= h[0] >> 29;
        h[1] = (h[1] ^ w) * 0xc2b2ae3d27d4eb4full;
        h[1] ^= h[1] >> 31;
    }
    for (; i < len; i++) {
        h[0] = (h[0] ^ p[i]) * 0x100000001b3ull;
        h[1] = (h[1] ^ p[i]) * 0x1000193ull + 0x27d4eb2f165667c5ull;
    }
}

bool machine_core_reg(const struct core *c, int reg, uint64_t *value)
{
    *value = 0;         /* a 32-bit register fills the low half */
    return uc_reg_read(c->uc, reg, value) == UC_ERR_OK;
}

void machine_core_digest(struct machine *m, struct core *c, uint64_t h[2])
{
    h[0] = 0xcbf29ce484222325ull;
    h[1] = 0x84222325cbf29ce4ull;
    if (c->scratch == NULL && uc_context_alloc(c->uc, &c->scratch) != UC_ERR_OK)
        c->scratch = NULL;
    /* uc_context is opaque: its uc_context_size bytes are the whole of it */
    if (c->scratch != NULL && uc_context_save(c->uc, c->scratch) == UC_ERR_OK)
        hash_bytes(h, (const uint8_t *)c->scratch, uc_context_size(c->uc));
    uint64_t sp = 0;
    if (uc_reg_read(c->uc, m->cpu->reg_sp, &sp) != UC_ERR_OK)
        return;         /* the registers alone */
    if (m->cpu->word_size == 4)
        sp = (uint32_t)sp;
    /* from below sp: the x86-64 ABI's red zone holds a leaf function's
     * locals there */
    uint64_t lo = sp - MIN(sp - c->stack_lo, MACHINE_RED_ZONE);
    if (sp >= c->stack_lo && sp < c->stack_hi)
        hash_bytes(h, machine_guest_ptr(m, lo, c->stack_hi - lo), c->stack_hi - lo);
}

uint64_t machine_core_fingerprint(struct machine *m, struct core *c)
{
    uint64_t h[2];
    machine_core_digest(m, c, h);
    return h[0];
}
