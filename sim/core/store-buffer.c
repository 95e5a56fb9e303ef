/* store-buffer.c — see store-buffer.h. */
#include <string.h>

#include "store-buffer.h"

void store_buffers_reset(struct store_buffers *sb, struct machine *m, bool reorder)
{
    sb->m = m;
    sb->reorder = reorder;
    for (unsigned i = 0; i < m->ncores; i++) {
        sb->core[i].count = 0;
        sb->core[i].barrier = sb->core[i].release = sb->core[i].awaiting = false;
    }
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

static bool overlap(const struct event *e, uint64_t addr, unsigned size)
{
    return e->addr < addr + size && addr < e->addr + e->size;
}

/* The index of b's newest store before `below` that writes a byte of
 * [addr, addr+size), or -1. */
static int newest_over(const struct store_buffer *b, unsigned below, uint64_t addr,
                       unsigned size)
{
    for (unsigned i = below; i-- > 0;)
        if (overlap(&b->entry[i].issue, addr, size))
            return (int)i;
    return -1;
}

void store_buffers_enter(struct store_buffers *sb, unsigned core)
{
    g_assert(sb->running < 0);
    sb->running = (int)core;
    struct store_buffer *b = &sb->core[core];
    for (unsigned i = 0; i < b->count; i++) {
        const struct buffered_store *s = &b->entry[i];
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

void store_buffers_push(struct store_buffers *sb, const struct event *issue, uint64_t view,
                        uint64_t floor)
{
    struct store_buffer *b = &sb->core[issue->core];
    g_assert(b->count < STORE_BUFFER_DEPTH && issue->size <= STORE_BUFFER_BYTES);
    struct buffered_store *s = &b->entry[b->count++];
    s->issue = *issue;
    s->barrier = b->barrier;
    s->release = b->release;
    s->view = view;
    s->floor = floor;
    b->barrier = b->release = false;
    const uint8_t *mem = machine_guest_ptr(sb->m, issue->addr, issue->size);
    if (mem != NULL)
        memcpy(s->bytes, mem, issue->size);
    sb->nonempty |= 1ull << issue->core;
}

void store_buffers_barrier(struct store_buffers *sb, unsigned core)
{
    struct store_buffer *b = &sb->core[core];
    b->barrier = b->count > 0;
}

void store_buffers_release(struct store_buffers *sb, unsigned core)
{
    store_buffers_barrier(sb, core);
    sb->core[core].release = true;
}

unsigned store_buffers_before_acquire(const struct store_buffers *sb, unsigned core)
{
    const struct store_buffer *b = &sb->core[core];
    unsigned n = b->count;
    while (n > 0 && !b->entry[n - 1].release)
        n--;
    return n;
}

unsigned store_buffers_before_write(const struct store_buffers *sb, unsigned core)
{
    const struct store_buffer *b = &sb->core[core];
    if (b->barrier)
        return b->count;
    unsigned n = b->count;
    while (n > 0 && !b->entry[n - 1].barrier)
        n--;
    return n > 0 ? n - 1 : 0;
}

/* Does entry s wait for its core's prediction (store_buffers_await)? */
static bool awaits(const struct store_buffer *b, const struct buffered_store *s)
{
    const struct event *e = &s->issue;
    return b->awaiting && (s->floor == b->await_view || s->view == b->await_view ||
                           (e->addr < b->await_addr + b->await_size &&
                            b->await_addr < e->addr + e->size));
}

uint32_t store_buffers_drainable(const struct store_buffers *sb, unsigned core)
{
    const struct store_buffer *b = &sb->core[core];
    if (b->count == 0)
        return 0;
    uint32_t can = awaits(b, &b->entry[0]) ? 0 : 1;
    if (!sb->reorder)
        return can;
    for (unsigned k = 1; k < b->count && !b->entry[k].barrier; k++) {
        const struct event *e = &b->entry[k].issue;
        if (newest_over(b, k, e->addr, e->size) < 0 && !awaits(b, &b->entry[k]))
            can |= 1u << k;
    }
    return can;
}

bool store_buffers_held(const struct store_buffers *sb, unsigned core, unsigned n)
{
    const struct store_buffer *b = &sb->core[core];
    for (unsigned k = 0; k < n && k < b->count; k++)
        if (awaits(b, &b->entry[k]))
            return true;
    return false;
}

void store_buffers_await(struct store_buffers *sb, unsigned core, uint64_t view, uint64_t addr,
                         unsigned size)
{
    struct store_buffer *b = &sb->core[core];
    b->awaiting = true;
    b->await_view = view;
    b->await_addr = addr;
    b->await_size = size;
}

void store_buffers_fulfilled(struct store_buffers *sb, unsigned core, uint64_t ts)
{
    struct store_buffer *b = &sb->core[core];
    for (unsigned k = 0; k < b->count; k++) {
        if (b->entry[k].view == b->await_view)
            b->entry[k].view = ts;
        if (b->entry[k].floor == b->await_view)
            b->entry[k].floor = ts;
    }
    b->awaiting = false;
}

void store_buffers_drain(struct store_buffers *sb, unsigned core, unsigned k,
                         struct buffered_store *drained, uint64_t *visible_before)
{
    struct store_buffer *b = &sb->core[core];
    g_assert(store_buffers_drainable(sb, core) >> k & 1);
    *drained = b->entry[k];
    memmove(&b->entry[k], &b->entry[k + 1], (b->count - k - 1) * sizeof *b->entry);
    if (--b->count == 0)
        sb->nonempty &= ~(1ull << core);
    const struct event *e = &drained->issue;
    *visible_before = store_buffers_read_visible(sb, e->addr, e->size);
    uint8_t *mem = machine_guest_ptr(sb->m, e->addr, e->size);
    for (unsigned i = 0; mem != NULL && i < e->size; i++) {
        uint64_t addr = e->addr + i;
        int at = saved_at(sb, addr);
        if (sb->running == (int)core && newest_over(b, b->count, addr, 1) < 0) {
            /* memory shows this store already (no other store of the
             * core's writes the byte): it is visible now */
            if (at >= 0)
                sb->saved[at] = sb->saved[--sb->nsaved];
        } else if (at >= 0) {
            sb->saved[at].visible = drained->bytes[i];     /* under an overlay */
        } else {
            mem[i] = drained->bytes[i];
        }
    }
}

unsigned store_buffers_before_access(const struct store_buffers *sb, unsigned core,
                                     uint64_t addr, unsigned size)
{
    const struct store_buffer *b = &sb->core[core];
    return (unsigned)(newest_over(b, b->count, addr, size) + 1);
}

uint64_t store_buffers_forward_view(const struct store_buffers *sb, unsigned core, uint64_t addr,
                                    unsigned size, uint64_t otherwise)
{
    const struct store_buffer *b = &sb->core[core];
    int i = newest_over(b, b->count, addr, size);
    if (i < 0)
        return otherwise;
    const struct event *e = &b->entry[i].issue;
    return e->addr <= addr && addr + size <= e->addr + e->size ? b->entry[i].view : otherwise;
}

bool store_buffers_hold(const struct store_buffers *sb, uint64_t cores, uint64_t addr,
                        unsigned size)
{
    for (uint64_t m = sb->nonempty & cores; m != 0; m &= m - 1) {
        const struct store_buffer *b = &sb->core[__builtin_ctzll(m)];
        if (newest_over(b, b->count, addr, size) >= 0)
            return true;
    }
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
