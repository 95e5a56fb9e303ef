/* unicorn-stores.c — every guest store at full speed on Unicorn 2.0.1.
 *
 * Unicorn 2.0.1 keeps no dirty-page bitmap (its cpu_physical_memory_*
 * dirty functions are stubs: every RAM page is "clean"), so every guest
 * store takes QEMU's slow path for pages that may hold translated code,
 * notdirty_write, which for each store builds a page_collection (a GTree,
 * allocated and freed) around the check for code on the page.  Measured
 * here: a store costs about 170 ns, 60% of it in malloc, free and the
 * tree; guest stores were some 45% of a short run (issue 34).
 *
 * Unicorn's page locks are no-ops (one engine runs on one thread), and
 * the collection is only ever handed to page_collection_unlock (read from
 * the 2.0.1 library's code: tb_invalidate_phys_page_fast and
 * tb_invalidate_phys_page_range__locked pass it on, and unlock it before
 * a self-modifying store leaves the translation block, which atomsim's
 * guests cannot do: their code is read-only).  Unicorn 2.0.2 makes the
 * same simplification (unicorn-engine/unicorn pull request 1838, "Ignore
 * page_collection_lock").  So, built against 2.0.1 (configure defines
 * ATOMSIM_UNICORN_NO_PAGE_COLLECTION), atomsim defines the two functions
 * itself, for each cpu's Unicorn build: the library calls them through its
 * PLT, and the executable's definitions come first. */
#include "config.h"

#include <stdint.h>
#include "cpu.h"

#ifdef ATOMSIM_UNICORN_NO_PAGE_COLLECTION
struct uc_struct;
struct page_collection;

/* Not dereferenced by its users: any non-NULL pointer does. */
static char no_collection;

#define NO_PAGE_COLLECTION(arch)                                                          \
    struct page_collection *page_collection_lock_##arch(struct uc_struct *uc,            \
                                                        uint64_t start, uint64_t end);   \
    struct page_collection *page_collection_lock_##arch(struct uc_struct *uc,            \
                                                        uint64_t start, uint64_t end)    \
    {                                                                                     \
        (void)uc;                                                                         \
        (void)start;                                                                      \
        (void)end;                                                                        \
        return (struct page_collection *)&no_collection;                                  \
    }                                                                                     \
    void page_collection_unlock_##arch(struct page_collection *set);                      \
    void page_collection_unlock_##arch(struct page_collection *set)                       \
    {                                                                                     \
        (void)set;                                                                        \
    }

/* Unicorn's QEMU builds for atomsim's cpus: x86 and x86_64 share one. */
NO_PAGE_COLLECTION(x86_64)
NO_PAGE_COLLECTION(arm)
NO_PAGE_COLLECTION(aarch64)
NO_PAGE_COLLECTION(riscv64)
NO_PAGE_COLLECTION(sparc)

bool cpus_fast_stores(void)
{
    return true;
}
#else
bool cpus_fast_stores(void)
{
    return false;
}
#endif
