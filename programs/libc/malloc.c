/* malloc.c — one heap shared by every core, in .bss, under one spinlock
 * taken with the cpu's own atomics (<atomic.h>).  Blocks lie end to end
 * from the heap's start, each after a 16-byte header; malloc takes the
 * first free block that fits (merging free neighbours on the way), or
 * grows the used part.  A free of what malloc did not return, or a second
 * free, is a finding at the caller's pc; the heap is left as it was. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "atomic.h"
#include "atomsim.h"
#include "libc-private.h"

#define HEAP_SIZE (1024 * 1024)
#define ALIGN 16                /* every block and payload */
#define HEADER ALIGN
#define MIN_SPLIT (2 * ALIGN)   /* the least worth splitting off */

/* A block's header: its whole size, and a tag that says it is a block and
 * whether it is in use (its own address mixed in: a stray pointer's
 * 16 bytes before it are unlikely to hold it). */
struct block {
    size_t size;
    uintptr_t tag;
};
#define TAG_USED ((uintptr_t)0xa7a110c5u)
#define TAG_FREE ((uintptr_t)0xa7f4ee05u)

static unsigned char heap[HEAP_SIZE] __attribute__((aligned(ALIGN)));
static size_t heap_used;        /* the blocks' end, from heap */
static DEFINE_SPINLOCK(heap_lock);

static struct block *block_at(size_t off)
{
    return (struct block *)(void *)(heap + off);
}

static void set_tag(struct block *b, uintptr_t tag)
{
    b->tag = tag ^ (uintptr_t)b;
}

static int has_tag(const struct block *b, uintptr_t tag)
{
    return b->tag == (tag ^ (uintptr_t)b);
}

/* The block of a payload pointer, if it can be one (else NULL).  Past
 * heap_used too: a freed last block is given back, its tag stays. */
static struct block *block_of(void *p)
{
    uintptr_t off = (uintptr_t)p - (uintptr_t)heap;
    if (off < HEADER || off >= HEAP_SIZE || off % ALIGN != 0)
        return NULL;
    return block_at(off - HEADER);
}

/* The first free block of at least size bytes, merged with the free
 * blocks after it; or a new one at the end; or NULL. */
static struct block *find_block(size_t size)
{
    for (size_t off = 0; off < heap_used; off += block_at(off)->size) {
        struct block *b = block_at(off);
        if (!has_tag(b, TAG_FREE))
            continue;
        while (off + b->size < heap_used && has_tag(block_at(off + b->size), TAG_FREE))
            b->size += block_at(off + b->size)->size;
        if (b->size >= size)
            return b;
    }
    if (HEAP_SIZE - heap_used < size)
        return NULL;
    struct block *b = block_at(heap_used);
    b->size = size;
    heap_used += size;
    return b;
}

void *malloc(size_t n)
{
    if (n > HEAP_SIZE)
        return NULL;
    size_t size = HEADER + (n + ALIGN - 1) / ALIGN * ALIGN;
    spin_lock(&heap_lock);
    struct block *b = find_block(size);
    if (b != NULL) {
        if (b->size - size >= MIN_SPLIT) {
            struct block *rest = (struct block *)(void *)((unsigned char *)b + size);
            rest->size = b->size - size;
            set_tag(rest, TAG_FREE);
            b->size = size;
        }
        set_tag(b, TAG_USED);
    }
    spin_unlock(&heap_lock);
    return b == NULL ? NULL : (unsigned char *)b + HEADER;
}

void *calloc(size_t n, size_t size)
{
    if (size != 0 && n > HEAP_SIZE / size)
        return NULL;
    void *p = malloc(n * size);
    return p == NULL ? NULL : memset(p, 0, n * size);
}

/* p's block, in use: else a finding at pc and NULL.  Under heap_lock. */
static struct block *used_block(void *p, void *pc)
{
    struct block *b = block_of(p);
    if (b != NULL && has_tag(b, TAG_USED))
        return b;
    __sim_check_at(b != NULL && has_tag(b, TAG_FREE) ? "double free" :
                   "free of a pointer malloc did not return", __FILE__, __LINE__, pc);
    return NULL;
}

/* free, with the pc its finding names. */
static void free_at(void *p, void *pc)
{
    if (p == NULL)
        return;
    spin_lock(&heap_lock);
    struct block *b = used_block(p, pc);
    if (b != NULL) {
        set_tag(b, TAG_FREE);
        if ((unsigned char *)b + b->size == heap + heap_used)
            heap_used -= b->size;               /* the last block: give it back */
    }
    spin_unlock(&heap_lock);
}

void free(void *p)
{
    free_at(p, CALLER_PC());
}

void *realloc(void *p, size_t n)
{
    void *pc = CALLER_PC();
    if (p == NULL)
        return malloc(n);
    if (n == 0) {
        free_at(p, pc);
        return NULL;
    }
    spin_lock(&heap_lock);
    struct block *b = used_block(p, pc);
    size_t room = b != NULL ? b->size - HEADER : 0;
    spin_unlock(&heap_lock);
    if (b == NULL)
        return NULL;
    if (room >= n)
        return p;
    void *q = malloc(n);
    if (q != NULL) {
        memcpy(q, p, room);
        free_at(p, pc);
    }
    return q;
}
