/* store-buffer.c — see store-buffer.h. */
#include <string.h>

#include "store-buffer.h"

void store_buffers_reset(struct store_buffers *sb, struct machine *m)
{
    sb->m = m;
    for (unsigned i = 0; i < m->ncores; i++)
        sb->core[i].head = sb->core[i].count = 0;
    sb->nonempty = 0;
    sb->running = -1;
    sb->nsaved = 0;
}

/* The slot of addr among the saved bytes, or -1. */
static int saved_at(const struct store_buffers *sb, uint64_t addr)
{
    for (unsigned i = 0; i < sb->nsaved; i++)
        if (sb->saved[i].addr == addr)
            return (int)i;
    return -1;
}

/* Keep the visible byte at addr (memory holds it now) before the running
 * core's buffer overlays it. */
static void save(struct store_buffers *sb, uint64_t addr, const uint8_t *mem)
{
    if (saved_at(sb, addr) >= 0)
        return;
    g_assert(sb->nsaved < G_N_ELEMENTS(sb->saved));
    sb->saved[sb->nsaved].addr = addr;
    sb->saved[sb->nsaved].visible = *mem;
    sb->nsaved++;
}

static struct buffered_store *entry(struct store_buffer *b, unsigned i)
{
    return &b->entry[(b->head + i) % STORE_BUFFER_DEPTH];
}

/* Does a store of b from its (from+1)-th oldest on write a byte of
 * [addr, addr+size)? */
static bool holds(const struct store_buffer *b, unsigned from, uint64_t addr, unsigned size)
{
    for (unsigned i = from; i < b->count; i++) {
        const struct event *e = &b->entry[(b->head + i) % STORE_BUFFER_DEPTH].issue;
        if (e->addr < addr + size && addr < e->addr + e->size)
            return true;
    }
    return false;
}

void store_buffers_enter(struct store_buffers *sb, unsigned core)
{
    g_assert(sb->running < 0);
    sb->running = (int)core;
    struct store_buffer *b = &sb->core[core];
    for (unsigned i = 0; i < b->count; i++) {
        const struct buffered_store *s = entry(b, i);
        uint8_t *mem = machine_guest_ptr(sb->m, s->issue.addr, s->issue.size);
        for (unsigned k = 0; mem != NULL && k < s->issue.size; k++) {
            save(sb, s->issue.addr + k, &mem[k]);
            mem[k] = s->bytes[k];
        }
    }
}

void store_buffers_leave(struct store_buffers *sb)
{
    for (unsigned i = sb->nsaved; i-- > 0;) {
        uint8_t *mem = machine_guest_ptr(sb->m, sb->saved[i].addr, 1);
        if (mem != NULL)
            *mem = sb->saved[i].visible;
    }
    sb->nsaved = 0;
    sb->running = -1;
}

void store_buffers_before_store(struct store_buffers *sb, uint64_t addr, unsigned size)
{
    uint8_t *mem = machine_guest_ptr(sb->m, addr, size);
    for (unsigned k = 0; mem != NULL && k < size; k++)
        save(sb, addr + k, &mem[k]);
}

void store_buffers_push(struct store_buffers *sb, const struct event *issue)
{
    struct store_buffer *b = &sb->core[issue->core];
    g_assert(b->count < STORE_BUFFER_DEPTH && issue->size <= STORE_BUFFER_BYTES);
    struct buffered_store *s = entry(b, b->count++);
    s->issue = *issue;
    const uint8_t *mem = machine_guest_ptr(sb->m, issue->addr, issue->size);
    if (mem != NULL)
        memcpy(s->bytes, mem, issue->size);
    sb->nonempty |= 1ull << issue->core;
}

void store_buffers_drain(struct store_buffers *sb, unsigned core,
                         struct buffered_store *drained, uint64_t *visible_before)
{
    struct store_buffer *b = &sb->core[core];
    g_assert(b->count > 0);
    *drained = *entry(b, 0);
    const struct event *e = &drained->issue;
    *visible_before = store_buffers_read_visible(sb, e->addr, e->size);
    uint8_t *mem = machine_guest_ptr(sb->m, e->addr, e->size);
    for (unsigned k = 0; mem != NULL && k < e->size; k++) {
        uint64_t addr = e->addr + k;
        int at = saved_at(sb, addr);
        if (sb->running == (int)core && !holds(b, 1, addr, 1)) {
            /* memory shows this store already: it is visible now */
            if (at >= 0)
                sb->saved[at] = sb->saved[--sb->nsaved];
        } else if (at >= 0) {
            sb->saved[at].visible = drained->bytes[k];     /* under an overlay */
        } else {
            mem[k] = drained->bytes[k];
        }
    }
    b->head = (b->head + 1) % STORE_BUFFER_DEPTH;
    if (--b->count == 0)
        sb->nonempty &= ~(1ull << core);
}

bool store_buffers_hold(const struct store_buffers *sb, uint64_t cores, uint64_t addr,
                        unsigned size)
{
    for (uint64_t m = sb->nonempty & cores; m != 0; m &= m - 1)
        if (holds(&sb->core[__builtin_ctzll(m)], 0, addr, size))
            return true;
    return false;
}

uint64_t store_buffers_read_visible(const struct store_buffers *sb, uint64_t addr,
                                    unsigned size)
{
    unsigned n = size > 8 ? 8 : size;
    const uint8_t *mem = machine_guest_ptr(sb->m, addr, n);
    if (mem == NULL)
        return 0;
    uint8_t bytes[8];
    for (unsigned k = 0; k < n; k++) {
        int at = saved_at(sb, addr + k);
        bytes[k] = at >= 0 ? sb->saved[at].visible : mem[k];
    }
    return machine_decode(sb->m, bytes, n);
}
