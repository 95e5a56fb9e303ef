/* memory-model.c — see memory-model.h: each model's table and the rules
 * every buffered model shares.
 *
 * Every model here is sound and, for arm and rvwmo, incomplete.  Under
 * them a load may read a write older than the newest, as the core's views
 * allow (views.h: MP with a barrier only on the writer, IRIW and WRC
 * through reordered loads; every strategy, the exhaustive search too,
 * chooses which), but a store becomes visible to every other core at once
 * (ARMv7 is not multi-copy atomic: ARM ARM v7 A3.8.1) and never before an
 * earlier load is satisfied (LB) — fewer outcomes than the architecture
 * allows, never more.
 */
#include <string.h>

#include "base/error.h"
#include "memory-model.h"

/* Rules every model with store buffers shares.
 * Either way a store into a full buffer drains its oldest entry, and one
 * wider than an entry drains them all.  A full fence (x86's mfence, dmb
 * ish, fence rw,rw) and a trap drain the buffer; a fence that orders only
 * stores (stbar, dmb ishst, fence w,w) marks it instead
 * (store_buffers_barrier) and one that orders only loads (dmb ishld)
 * needs nothing here: the views order the loads (views_fence).
 * Acquire and release (Arm ARM K.a B2.3.3, "Ordering relations": a
 * Store-Release is ordered after every access before it, a Load-Acquire
 * before every access after it, and a Store-Release before a later
 * Load-Acquire; RISC-V's RVWMO, unprivileged ISA 17.1.3, rules 5-7, the
 * same for .rl, .aq and their RCsc pairs): an atomic release drains the
 * buffer (a buffered store-release is marked instead,
 * store_buffers_release); an acquire drains up to the newest buffered
 * release.  Later loads see what an acquire saw (views_read). */
unsigned memory_model_drains_before(const struct memory_model_ops *mm,
                                    const struct store_buffers *sb, unsigned core,
                                    const struct model_access *a)
{
    const struct insn_info *ii = a->ii;
    unsigned count = store_buffer_count(sb, core);
    if (a->kind == INSN_STORE)
        return !store_buffer_takes(ii->size) ? count : count == STORE_BUFFER_DEPTH;
    unsigned acquire = a->ordered && ii->acquire ? store_buffers_before_acquire(sb, core) : 0;
    if (a->kind == INSN_LOAD)
        return acquire;
    if (a->kind == INSN_FENCE)
        return !a->ordered || ii->stores_only || ii->loads_only || ii->instruction_barrier
                   ? 0 : count;
    if ((a->ordered && ii->release) || a->kind == INSN_TRAP)
        return count;
    return mm->before_atomic(sb, core, a, acquire);
}

/* TSO: a locked instruction and an atomic swap drain the buffer first
 * (Intel SDM vol. 3A 9.2.2: "locked instructions have a total order",
 * "reads or writes cannot pass ... locked instructions"; x86-TSO's LOCK'd
 * instructions and MFENCE flush the buffer; SPARC V8 K.2: ldstub, swap and
 * a trap are atomic and ordered after the stores before them); a store
 * barrier (stbar) orders nothing FIFO does not. */
static unsigned tso_before_atomic(const struct store_buffers *sb, unsigned core,
                                  const struct model_access *a, unsigned acquire)
{
    (void)a;
    (void)acquire;
    return store_buffer_count(sb, core);
}

/* PSO, ARM and RVWMO: an atomic access (ldstub, swap, ldrex, strex, ldadd,
 * amoadd) orders only against the core's own stores to its bytes (V8 K.3
 * PSO; ARM ARM A3.8.2: coherence), which drain first, with the ones older
 * than them (fewer orders than the architecture allows, never more); an
 * atomic write, which waits in no buffer, drains the stores before the
 * newest store barrier first (V8 K.3: stbar; ARM ARM A3.8.3: dmb ishst;
 * RVWMO, 17.1.3 rule 4: fence w,w). */
static unsigned weak_before_atomic(const struct store_buffers *sb, unsigned core,
                                   const struct model_access *a, unsigned acquire)
{
    unsigned n = MAX(acquire, store_buffers_before_access(sb, core, a->addr, a->ii->size));
    bool writes = a->kind == INSN_RMW || a->kind == INSN_SC;
    return writes ? MAX(n, store_buffers_before_write(sb, core)) : n;
}

static const char *const tso_cpus[] = { "sparc32", "x86", "x86_64", NULL };
static const char *const pso_cpus[] = { "sparc32", NULL };
static const char *const arm_cpus[] = { "arm", "aarch64", NULL };
static const char *const rvwmo_cpus[] = { "riscv64", NULL };

static const struct memory_model_ops models[MEMORY_MODELS] = {
    /* Sequential consistency (Lamport, 1979): every store is seen by every
     * core the moment it executes; runs differ only in how the cores'
     * steps interleave. */
    [MEMORY_SC] = { .name = "sc", .before_atomic = tso_before_atomic },
    /* Total store order, x86's (x86-TSO, Sewell et al., CACM 2010) and
     * SPARC V8's (its manual's Appendix K): each core's stores wait in a
     * FIFO store buffer, so a core may read an address before its own
     * earlier store to another address is visible. */
    [MEMORY_TSO] = { .name = "tso", .cpus = tso_cpus, .buffers = true,
                     .before_atomic = tso_before_atomic },
    /* SPARC V8's partial store order (Appendix K): as tso, but a core's
     * stores to different addresses may become visible in any order,
     * unless a stbar lies between them. */
    [MEMORY_PSO] = { .name = "pso", .cpus = pso_cpus, .buffers = true, .reorders = true,
                     .before_atomic = weak_before_atomic },
    /* The ARMv7 order (ARM ARM A3.8), and AArch64's (Arm ARM K.a B2.3), as
     * far as atomsim models them: stores to different addresses become
     * visible in any order unless a dmb lies between them; dmb ish orders
     * everything, dmb ishst orders stores; a store-release (stlr) becomes
     * visible after every store before it, and a load-acquire (ldar) waits
     * for an earlier store-release; a load may read an older write than
     * the newest unless a dmb, an acquire or a dependency orders it after
     * a newer one (views.h).  AArch64 is other-multi-copy-atomic
     * (B2.3.1). */
    [MEMORY_ARM] = { .name = "arm", .cpus = arm_cpus, .buffers = true, .reorders = true,
                     .views = true, .before_atomic = weak_before_atomic },
    /* RISC-V's weak memory ordering (unprivileged ISA, chapter 17), as far
     * as atomsim models it: as arm, with fence pred,succ ordering stores
     * against later loads only when pred has w and succ r (else stores
     * against stores when both have w), .rl ordering an AMO or sc after
     * every access before it, .aq ordering one before every access after it
     * (17.1.3); loads read older writes as arm's do.  RVWMO is multi-copy
     * atomic (17.1). */
    [MEMORY_RVWMO] = { .name = "rvwmo", .cpus = rvwmo_cpus, .buffers = true,
                       .reorders = true, .views = true, .amo_one_access = true,
                       .before_atomic = weak_before_atomic },
};

const struct memory_model_ops *memory_model_get(enum memory_model model)
{
    g_assert((unsigned)model < MEMORY_MODELS);
    return &models[model];
}

const char *memory_model_name(enum memory_model model)
{
    return memory_model_get(model)->name;
}

bool memory_model_parse(const char *name, enum memory_model *model)
{
    for (unsigned i = 0; i < MEMORY_MODELS; i++) {
        if (strcmp(name, models[i].name) == 0) {
            *model = (enum memory_model)i;
            return true;
        }
    }
    return false;
}

char *memory_model_names(unsigned set)
{
    GString *s = g_string_new(NULL);
    set &= MEMORY_BIT(MEMORY_MODELS) - 1;
    unsigned left = (unsigned)__builtin_popcount(set);
    for (unsigned i = 0; i < MEMORY_MODELS; i++) {
        if (!(set & MEMORY_BIT(i)))
            continue;
        left--;
        g_string_append_printf(s, "%s%s", models[i].name,
                               left == 0 ? "" : left == 1 ? " or " : ", ");
    }
    return g_string_free(s, FALSE);
}

static bool has(const struct memory_model_ops *mm, const struct cpu_ops *cpu)
{
    if (mm->cpus == NULL)
        return true;
    for (const char *const *name = mm->cpus; *name != NULL; name++)
        if (strcmp(*name, cpu->name) == 0)
            return true;
    return false;
}

unsigned memory_model_set_of(const struct cpu_ops *cpu)
{
    unsigned set = 0;
    for (unsigned i = 0; i < MEMORY_MODELS; i++)
        if (has(&models[i], cpu))
            set |= MEMORY_BIT(i);
    return set;
}

bool memory_model_check(const struct cpu_ops *cpu, enum memory_model model, GError **error)
{
    if (has(memory_model_get(model), cpu))
        return true;
    g_autofree char *names = memory_model_names(memory_model_set_of(cpu));
    g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE, "--memory %s: not a model of %s "
                "(it has %s)", memory_model_name(model), cpu->name, names);
    return false;
}
