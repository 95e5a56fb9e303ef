/* explain-roles.c — see explain-roles.h.
 *
 * Roles come from what the cpu's classification says of each instruction:
 * the kind of memory access, whether it is locked, where branches go, and
 * which registers carry the loaded value on (a test of it, the new value,
 * the result).  Nothing here knows an ISA.
 */
#include <string.h>

#include "explain-roles.h"
#include "core/memory-model.h"

static bool is_stack(const struct explained *x, const struct line *l)
{
    return l->info.mem.base == x->cpu->reg_sp;
}

static bool writes(const struct line *l)
{
    return l->info.kind == INSN_STORE || l->info.kind == INSN_SC || l->info.kind == INSN_RMW;
}

/* The loop that the backward branch at index j closes: [first, j]. */
static guint loop_start(const GArray *lines, guint j)
{
    const struct line *b = &g_array_index(lines, struct line, j);
    guint t = j;
    while (t > 0 && g_array_index(lines, struct line, t - 1).pc >= b->target)
        t--;
    return t;
}

/* What a loop does: write memory (other than by a store-exclusive or a
 * compare-and-swap), hold a store-exclusive or a compare-and-swap, load. */
struct loop {
    bool writes, sc, loads, cas;
};

/* What lines first..last do, as a loop. */
static void loop_over(const struct explained *x, int first, int last, struct loop *loop)
{
    *loop = (struct loop){ false, false, false, false };
    for (int k = first; k >= 0 && k <= last; k++) {
        const struct line *l = &g_array_index(x->lines, struct line, k);
        loop->writes |= writes(l) && l->info.kind != INSN_SC && !l->info.cas && !is_stack(x, l);
        loop->sc |= l->info.kind == INSN_SC;
        loop->cas |= l->info.cas;
        loop->loads |= l->info.kind == INSN_LOAD && !is_stack(x, l);
    }
}

/* The innermost loop that holds line i: of the backward branches at or
 * after i whose target is at or before it, the one that spans the least. */
static bool in_loop(const struct explained *x, guint i, struct loop *loop)
{
    const GArray *lines = x->lines;
    int best_start = -1, best_end = -1;
    for (guint j = i; j < lines->len; j++) {
        if (!g_array_index(lines, struct line, j).backward)
            continue;
        guint t = loop_start(lines, j);
        if (t <= i && (best_start < 0 || (int)(j - t) < best_end - best_start)) {
            best_start = (int)t;
            best_end = (int)j;
        }
    }
    loop_over(x, best_start, best_end, loop);
    return best_start >= 0;
}

/* A spin: a plain load in a loop that writes nothing. */
static bool spins(const struct explained *x, guint i)
{
    const struct line *l = &g_array_index(x->lines, struct line, i);
    struct loop loop;
    return l->info.kind == INSN_LOAD && !is_stack(x, l) && in_loop(x, i, &loop) &&
           !loop.writes && !loop.sc && !loop.cas;
}

static const struct line *line_at(const struct explained *x, guint i)
{
    return &g_array_index(x->lines, struct line, i);
}

/* Do two accesses name the same address, register for register? */
static bool same_place(const struct mem_operand *a, const struct mem_operand *b)
{
    return a->base == b->base && a->index == b->index && a->disp == b->disp;
}

/* Is what line i loads used by a line before line end? */
static bool used_before(const struct explained *x, guint i, guint end)
{
    uint64_t got = line_at(x, i)->info.regs_written;
    for (guint k = i + 1; k < end; k++)
        if (line_at(x, k)->info.regs_read & got)
            return true;
    return false;
}

/* How the primitive is built, from its memory accesses: a lock taken with a
 * plain atomic instruction (not LOCK-prefixed, no compare: ldstub, xchg)
 * and either released by a later plain store (the operation is done under
 * it: sparc32) or waited for by a spin (the function is the lock). */
struct shape {
    int lock;           /* the line that takes the lock, or -1 */
    int lock_sc;        /* with a load-exclusive lock: its store-exclusive, or -1 */
    int release;        /* the line that releases it, or -1 */
    int last_store;     /* the last line that writes memory, or -1 */
};

static struct shape shape_of(const struct explained *x)
{
    struct shape sh = { -1, -1, -1, -1 };
    bool spinning = false;
    int ll = -1, sc = -1;
    for (guint i = 0; i < x->lines->len; i++) {
        const struct line *l = &g_array_index(x->lines, struct line, i);
        if (is_stack(x, l))
            continue;
        if (sh.lock < 0 && l->info.kind == INSN_RMW && !l->info.lock_prefix && !l->info.cas)
            sh.lock = (int)i;
        if (ll < 0 && l->info.kind == INSN_LL)
            ll = (int)i;
        if (ll >= 0 && sc < 0 && l->info.kind == INSN_SC)
            sc = (int)i;
        if (sh.lock >= 0 && sh.release < 0 && l->info.kind == INSN_STORE &&
            same_place(&line_at(x, (guint)sh.lock)->info.mem, &l->info.mem))
            sh.release = (int)i;
        if (writes(l))
            sh.last_store = (int)i;
        spinning |= spins(x, i);
    }
    if (sh.lock < 0 && spinning && sc >= 0) {
        sh.lock = ll;   /* a lock taken by a load-exclusive, store-exclusive pair */
        sh.lock_sc = sc;
    }
    if (sh.release < 0 && !spinning)
        sh.lock = -1;   /* an exchange, not a lock */
    return sh;
}

/* A load that chooses the lock: before it, and used in getting there (the
 * size of sparc32's lock table). */
static bool chooses_lock(const struct explained *x, const struct shape *sh, guint i)
{
    return sh->lock >= 0 && (int)i < sh->lock && used_before(x, i, (guint)sh->lock);
}

/* What a fence orders under the cpu's own memory model (base/memory.h). */
static const char *fence_role(const struct explained *x, const struct insn_info *ii)
{
    switch (x->cpu->memory) {
    case MEMORY_TSO:
        return ii->stores_only
                   ? "store barrier: under tso it orders nothing more (stores already become "
                     "visible in order)"
                   : "fence: drains the store buffer, so every store before it is visible to "
                     "every core before any load after it (tso)";
    case MEMORY_PSO:
    case MEMORY_ARM:
    case MEMORY_RVWMO:
        if (ii->loads_only)
            return "load barrier: the loads before it are done before any access after it; "
                   "stores before it may still wait in the store buffer";
        return ii->stores_only
                   ? "store barrier: the stores before it become visible before the stores "
                     "after it; loads are not ordered by it"
                   : "full barrier: drains the store buffer, so every access before it is "
                     "visible to every core before any access after it";
    default:
        return "barrier: accesses before it complete before any after it";
    }
}

/* How the primitive is ordered against the core's other accesses under
 * the cpu's own model: by full barriers before and after its accesses (a
 * spin's loads only wait, they are not among them) or by the release and
 * acquire forms of its first and last, by an atomic instruction that
 * drains the store buffer (tso), or not at all. */
char *ordering_of(const struct explained *x)
{
    int first = -1, last = -1;
    bool before = false, after = false, stores = false, atomic = false;
    const char *ordered_before = "a full barrier", *ordered_after = "a full barrier";
    for (guint i = 0; i < x->lines->len; i++) {
        const struct line *l = &g_array_index(x->lines, struct line, i);
        if (is_stack(x, l) || l->info.kind == INSN_PRIVATE || l->info.kind == INSN_FENCE ||
            spins(x, i))
            continue;
        if (first < 0)
            first = (int)i;
        last = (int)i;
        stores |= writes(l);
        atomic |= l->info.kind == INSN_RMW || l->info.kind == INSN_SC;
        if (l->info.release)
            before = true, ordered_before = "its release";
        if (l->info.acquire)
            after = true, ordered_after = "its acquire";
    }
    for (guint i = 0; i < x->lines->len; i++) {
        const struct line *l = &g_array_index(x->lines, struct line, i);
        if (l->info.kind != INSN_FENCE || l->info.stores_only || l->info.loads_only)
            continue;
        if (first < 0 || (int)i < first)
            before = true, ordered_before = "a full barrier";
        if (first >= 0 && (int)i > last)
            after = true, ordered_after = "a full barrier";
    }
    const char *model = memory_model_name(x->cpu->memory);
    if (before && after)
        return g_strdup_printf("fully ordered under %s: %s before it, %s after", model,
                               ordered_before, ordered_after);
    if (before)
        return g_strdup_printf("release under %s: %s before it, none after", model,
                               ordered_before);
    if (after)
        return g_strdup_printf("acquire under %s: %s after it, none before", model,
                               ordered_after);
    if (x->cpu->memory == MEMORY_TSO && shape_of(x).release >= 0)
        return g_strdup("under tso the lock's atomic instruction drains the store buffer "
                        "first, but the stores under the lock and its release wait in the "
                        "buffer: a later load of another address may pass them");
    if (x->cpu->memory == MEMORY_TSO && atomic)
        return g_strdup("fully ordered under tso: its atomic instruction drains the store "
                        "buffer first");
    if (x->cpu->memory == MEMORY_TSO)
        return g_strdup(stores ? "a plain store: under tso it waits in the store buffer, and "
                                 "a later load of another address may pass it"
                               : "plain loads: under tso they stay in order");
    if (memory_model_get(x->cpu->memory)->reorders)
        return g_strdup_printf("no barrier: under %s it orders nothing%s", model,
                               stores ? ", and its stores may become visible before or after "
                                        "the core's other stores"
                                      : "");
    return g_strdup_printf("under %s every access is ordered", model);
}

/* What the roles carry from line to line. */
struct flow {
    struct shape sh;
    uint64_t value;     /* registers holding the loaded value or one computed from it */
    bool loaded, branched_on_lock;
};

static const char *exclusive_role(const struct flow *fl, guint i, const struct line *l)
{
    bool lock = (int)i == fl->sh.lock || (int)i == fl->sh.lock_sc;
    if (l->info.kind == INSN_LL)
        return lock ? "take the lock, 1/2: load-exclusive the lock word (0: free) and "
                      "reserve it"
                    : "load-exclusive (load-reserved): read the value and reserve its "
                      "address";
    if (lock)
        return "take the lock, 2/2: store-exclusive a non-zero value if the word was 0 and "
               "no other core wrote it since (status 0: taken)";
    if (l->info.cond)
        return "store-exclusive, if the test found the expected value: stores only if no "
               "other core wrote the reserved bytes since; its status register says if it did";
    return "store-exclusive (store-conditional): stores only if no other core wrote the "
           "reserved bytes since; its status register says if it did";
}

/* Does an atomic instruction give back the old value, in a register other
 * than the flags (ldstub, xchg, ld<op>, swp, amo<op> with a destination;
 * not st<op>, or an amo<op> into the zero register)? */
static bool returns_old(const struct explained *x, const struct line *l)
{
    uint64_t bookkeeping = CPU_REG_BIT(x->cpu->reg_flags) | CPU_REG_BIT(CPU_REG_STACK);
    return (l->info.regs_written & ~bookkeeping) != 0;
}

/* A read-modify-write instruction: locked (x86), the lock's test-and-set,
 * a compare-and-swap, or one that is atomic by itself and does the whole
 * operation (an exchange, or an operation on memory: ld<op>/st<op>, swp,
 * amo<op>).  What tells them apart is only what insn_info says. */
static const char *rmw_role(const struct explained *x, const struct flow *fl, guint i,
                            const struct line *l)
{
    if (l->info.lock_prefix)
        return l->info.cas ? "the whole operation: a locked compare-and-exchange, one "
                             "indivisible read-compare-write"
                           : "the whole operation: one locked read-modify-write, indivisible";
    struct loop loop;
    if (l->info.cas)
        return in_loop(x, i, &loop)
                   ? "compare-and-swap: stores only if memory still holds the expected value"
                   : "the whole operation: one compare-and-swap instruction, indivisible: it "
                     "stores only if memory still holds the expected value, and the old "
                     "value comes back in a register";
    if ((int)i == fl->sh.lock)
        return "take the lock: an atomic test-and-set or exchange (the old value says "
               "whether it was free)";
    if (fl->sh.lock >= 0 && !fl->loaded)
        return "try the lock again";
#define ONE_ATOMIC "the whole operation: one atomic instruction reads the value and writes " \
                   "the new one (a register's, or computed from both), nothing between; "
    return returns_old(x, l) ? ONE_ATOMIC "the old value comes back in a register"
                             : ONE_ATOMIC "no register gets the old value";
#undef ONE_ATOMIC
}

/* Is line i between taking the lock and releasing it? */
static bool under_lock(const struct flow *fl, guint i)
{
    return fl->sh.lock >= 0 && (int)i > fl->sh.lock && (int)i < fl->sh.release;
}

static const char *load_role(const struct explained *x, const struct flow *fl, guint i)
{
    bool locked = under_lock(fl, i);
    if (chooses_lock(x, &fl->sh, i))
        return "read the lock table's size: part of choosing the lock";
    if (spins(x, i))
        return "spin: read the lock (no write) until it looks free";
    return locked ? "load the value, under the lock" : "load the value";
}

static const char *store_role(const struct explained *x, const struct flow *fl, guint i)
{
    bool locked = under_lock(fl, i);
    if ((int)i == fl->sh.release || (fl->sh.lock < 0 && strstr(x->shown, "unlock")))
        return "release the lock: a plain store of 0";
    return locked ? "store the new value, under the lock" : "store the value";
}

/* Does a write to memory (not the stack) lie between line i and the
 * forward branch target at line i? */
static bool skips_write(const struct explained *x, guint i)
{
    uint64_t target = line_at(x, i)->target;
    for (guint k = i + 1; k < x->lines->len && line_at(x, k)->pc < target; k++)
        if (writes(line_at(x, k)) && !is_stack(x, line_at(x, k)))
            return true;
    return false;
}

/* The role of a branch, from the loop it closes, the lock it follows or
 * the store it may skip. */
static const char *branch_role(const struct explained *x, struct flow *fl, guint i)
{
    const struct line *l = line_at(x, i);
    bool after_sc = i > 0 && line_at(x, i - 1)->info.kind == INSN_SC;
    bool status_test = i > 1 && line_at(x, i - 2)->info.kind == INSN_SC;
    if (!l->backward) {
        if (fl->sh.lock >= 0 && (int)i > fl->sh.lock && !fl->loaded && !fl->branched_on_lock) {
            fl->branched_on_lock = true;
            return "branch on the lock's old value: free, go on; taken, spin";
        }
        if ((l->info.regs_read & fl->value) && skips_write(x, i))
            return "branch on the loaded value: it decides whether the store happens";
        return NULL;
    }
    struct loop loop;
    guint start = loop_start(x->lines, i);
    loop_over(x, (int)start, (int)i, &loop);
    if (loop.sc && line_at(x, start)->info.kind != INSN_LL && fl->sh.lock >= 0)
        return "the lock was taken: back to the spin";
    if (loop.sc)
        return status_test || after_sc
                   ? "retry from the load-exclusive if the store-exclusive failed"
                   : "back to the load-exclusive: try again";
    if (loop.cas)
        return "retry if the compare-and-exchange failed (memory held another value)";
    if (fl->sh.lock >= 0 && start == (guint)fl->sh.lock)
        return "the lock looks free: back to take it";
    if (loop.loads && !loop.writes)
        return "spin again: the lock still looks taken";
    if (fl->sh.lock >= 0 && !fl->loaded)
        return "the lock was taken: back to the spin";
    return loop.loads || loop.writes ? "loop back" : NULL;  /* else a jump to shared code */
}

/* What the value the primitive returns is, from its name: the first
 * pattern in it that matches. */
static const char *result_role(const char *name)
{
    static const char *const results[][2] = {
        { "test_and_", "the result: the old bit" },
        { "fetch_", "the result: the old value" },
        { "_unless", "the result: whether it changed the value" },
        { "_not_zero", "the result: whether it changed the value" },
        { "try", "the result: whether it succeeded" },
        { "_and_test", "the result: a test of the new value" },
        { "_negative", "the result: a test of the new value" },
        { "_return", "the result: the new value, computed from the old one" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(results); i++)
        if (strstr(name, results[i][0]))
            return results[i][1];
    return "the result: computed from the value loaded";
}

/* Is line i past the primitive's last write to memory, with no branch
 * after it back to that write? */
static bool past_last_store(const struct explained *x, const struct flow *fl, guint i)
{
    if ((int)i <= fl->sh.last_store)
        return false;
    uint64_t store_pc = line_at(x, (guint)MAX(fl->sh.last_store, 0))->pc;
    for (guint j = i + 1; j < x->lines->len; j++)
        if (line_at(x, j)->backward && line_at(x, j)->target <= store_pc)
            return false;
    return true;
}

/* A line that works on registers only: nothing if it does not use the
 * loaded value (a constant, an address); a test if it only sets the flags
 * for a branch or conditional instruction to act on; after the last write
 * to memory, the result; before it, the new value. */
static const char *register_role(const struct explained *x, const struct flow *fl, guint i)
{
    const struct line *l = line_at(x, i);
    uint64_t flags = CPU_REG_BIT(x->cpu->reg_flags);
    bool tests = (l->info.regs_written & flags) && !(l->info.regs_written & ~flags);
    bool done = past_last_store(x, fl, i);
    bool branch_next = i + 1 < x->lines->len && line_at(x, i + 1)->branch;
    const struct insn_info *prev = i > 0 ? &line_at(x, i - 1)->info : NULL;
    if (prev && prev->kind == INSN_SC)
        return "did the store-exclusive store? (status 0)";
    if (!(l->info.regs_read & fl->value))
        return NULL;
    if (prev && prev->cas && tests)
        return "did the compare-and-exchange store? (memory held the expected value)";
    if (tests && (!done || branch_next))
        return "test the loaded value: the next branch or conditional instruction acts on it";
    if (done)
        return result_role(x->shown);
    return "modify: work on the loaded value in registers";
}

/* Does the line load the value the primitive works on? */
static bool loads_value(const struct explained *x, const struct flow *fl, guint i)
{
    const struct line *l = line_at(x, i);
    switch (l->info.kind) {
    case INSN_LOAD:
        return !is_stack(x, l) && !chooses_lock(x, &fl->sh, i);
    case INSN_LL:
    case INSN_RMW:
        return true;
    default:
        return false;
    }
}

/* The registers holding the loaded value, or one computed from it, after
 * line i. */
static void track_value(const struct explained *x, struct flow *fl, guint i)
{
    const struct line *l = line_at(x, i);
    if (loads_value(x, fl, i) || (l->info.regs_read & fl->value))
        fl->value |= l->info.regs_written;
    else
        fl->value &= ~l->info.regs_written;
}

static const char *role_of(const struct explained *x, struct flow *fl, guint i)
{
    const struct line *l = line_at(x, i);
    if (is_stack(x, l))
        return NULL;
    switch (l->info.kind) {
    case INSN_FENCE:
        return fence_role(x, &l->info);
    case INSN_LL:
    case INSN_SC:
        return exclusive_role(fl, i, l);
    case INSN_CLREX:
        return "drop the reservation";
    case INSN_TRAP:
        return "system call";
    case INSN_RMW:
        return rmw_role(x, fl, i, l);
    case INSN_LOAD:
        return load_role(x, fl, i);
    case INSN_STORE:
        return store_role(x, fl, i);
    default:
        return l->branch ? branch_role(x, fl, i) : register_role(x, fl, i);
    }
}

/* Give every line its role; lines that are bookkeeping get none. */
void assign_roles(struct explained *x)
{
    struct flow fl = { .sh = shape_of(x) };
    for (guint i = 0; i < x->lines->len; i++) {
        struct line *l = &g_array_index(x->lines, struct line, i);
        l->role = role_of(x, &fl, i);
        /* an atomic instruction of the lock, not one that does the operation */
        l->lock = l->info.kind == INSN_RMW && fl.sh.lock >= 0 && !l->info.lock_prefix &&
                  !l->info.cas;
        /* the value is loaded, after the lock: by a load-exclusive or a load */
        fl.loaded |= (int)i > fl.sh.lock &&
                     (l->info.kind == INSN_LL ||
                      (l->info.kind == INSN_LOAD && loads_value(x, &fl, i) && !spins(x, i)));
        track_value(x, &fl, i);
    }
}
