/* run-perform.c — the code hook, and what a visible instruction does, as
 * events.
 *
 * One code hook covers the guest's code: it counts instructions and looks
 * each pc up in the codemap (an array index, a few ns).  Only visible
 * operations go further: shared-memory accesses, atomic instructions,
 * fences and traps.  The hook also follows which of the core's loads each
 * register's value depends on (taint.h), so that a store's event says
 * whether it stores what the core loaded: one test and branch per
 * instruction while no register it touches depends on a load.
 *
 * Most instructions run in the engine; their events are made here before
 * they execute, and an event's value after the instruction is read at the
 * core's next instruction (the pending event).  Some atomsim performs
 * itself, because the engine would get them wrong for a multiprocessor: the
 * store-exclusive, which the exclusive monitor decides; the non-atomic RMW,
 * split into a load and a store that other cores may run between; and the
 * compare of a compare-and-swap, which the event reports.
 */
#include <string.h>

#include "base/log.h"
#include "guest-abi.h"
#include "run-private.h"

static uint64_t effective_address(struct run *r, const struct core *c,
                                  const struct insn_info *ii, uint64_t pc)
{
    const struct mem_operand *mo = &ii->mem;
    uint64_t a = (uint64_t)mo->disp;
    if (mo->base >= 0)
        a += run_reg(r, c, mo->base);
    if (mo->index >= 0 && mo->bit_offset) {
        /* the unit of ii->size bytes that holds bit number `index` */
        unsigned bits = 8u * ii->size, drop = 64 - bits;
        int64_t bit = (int64_t)(run_reg(r, c, mo->index) << drop) >> drop;
        a += (uint64_t)(bit >> g_bit_nth_lsf(bits, -1)) * ii->size;
    } else if (mo->index >= 0) {
        uint64_t x = run_reg(r, c, mo->index);
        if (mo->index_w)
            x = mo->index_signed ? (uint64_t)(int64_t)(int32_t)x : (uint32_t)x;
        x <<= mo->shift;
        a += mo->scale < 0 ? -x : x * (uint64_t)mo->scale;
    }
    if (mo->pc_relative)
        a += pc + ii->length;
    if (mo->thread_relative)
        a += c->thread_pointer;
    return r->m->cpu->word_size == 4 ? (uint32_t)a : a;
}

/* The value in registers data_reg[] (a pair: [0] at the lower address) as
 * memory would hold it, for a compare-and-swap or a store-exclusive. */
static bool registers_match_memory(struct run *r, const struct core *c,
                                   const struct insn_info *ii, uint64_t addr)
{
    unsigned parts = ii->data_reg[1] ? 2 : 1, size = ii->size / parts;
    for (unsigned i = 0; i < parts; i++) {
        uint64_t want = run_reg(r, c, ii->data_reg[i]) & value_mask(size);
        if (machine_read(r->m, addr + i * size, size) != want)
            return false;
    }
    return true;
}

static void store_registers(struct run *r, const struct core *c, const struct insn_info *ii,
                            uint64_t addr)
{
    unsigned parts = ii->data_reg[1] ? 2 : 1, size = ii->size / parts;
    for (unsigned i = 0; i < parts; i++)
        machine_write(r->m, addr + i * size, size, run_reg(r, c, ii->data_reg[i]));
}

/* A store-exclusive: the monitor decides, and atomsim performs it and skips
 * the instruction (Unicorn's own strex would compare values). */
static void store_exclusive(struct run *r, struct run_core *rc, const struct insn_info *ii,
                            uint64_t pc, uint64_t addr, struct event e)
{
    struct core *c = rc->core;
    e.kind = EVENT_SC;
    e.old_value = machine_read(r->m, addr, ii->size);
    bool diverged;
    bool stores = monitor_store_exclusive(&r->monitor, c->id, addr, ii->size,
                                          e.old_value, &diverged);
    if (stores && r->opt->sc_fail > 0 && rng_double(&r->fault_rand) < r->opt->sc_fail)
        stores = diverged = false;      /* a spurious failure (--fault sc-fail:P) */
    e.flags |= EVENT_HAS_SUCCESS | (stores ? EVENT_SUCCESS : 0) | (diverged ? EVENT_DIVERGED : 0);
    if (stores) {
        store_registers(r, c, ii, addr);
        monitor_store(&r->monitor, c->id, addr, ii->size);
    }
    /* 64 bits: Unicorn reads a whole 64-bit register (riscv64's sc rd);
     * a 32-bit one takes the low half (the host is little-endian). */
    uint64_t status = stores ? 0 : 1;
    uint64_t next = pc + ii->length;
    uc_err err = uc_reg_write(c->uc, ii->status_reg, &status);
    if (err == UC_ERR_OK)
        err = uc_reg_write(c->uc, r->m->cpu->reg_pc, &next);
    if (err != UC_ERR_OK)
        run_engine_failed(r, "write a store-exclusive's result", err);
    e.new_value = machine_read(r->m, addr, ii->size);
    run_emit(r, &e);
}

/* A plain store of size bytes at addr is about to execute: under TSO it
 * goes into the core's buffer (the bytes under it are kept aside);
 * EVENT_BUFFERED if it does, else 0. */
static uint16_t buffer_store(struct run *r, uint64_t addr, unsigned size)
{
    if (!run_buffers_stores(r) || !store_buffer_takes(size))
        return 0;
    store_buffers_before_store(&r->sb, addr, size);
    return EVENT_BUFFERED;
}

/* An RMW instruction that is not atomic is two steps, a load and a store,
 * and other cores may run between them.  If one of them writes the location
 * in that window, the value the load half read is put back just before the
 * instruction executes, so that it computes and stores from what it loaded:
 * the other core's write is lost, as on a real machine. */
static void split_rmw(struct run *r, struct run_core *rc, const struct insn_info *ii,
                      uint64_t pc, uint64_t addr)
{
    struct machine *m = r->m;
    uint8_t *mem = machine_guest_ptr(m, addr, ii->size);
    if (!rc->split_loaded) {
        if (!step_take(r, rc, ii, pc, addr))
            return;
        if (mem != NULL)
            memcpy(rc->split_bytes, mem, ii->size);
        rc->split_loaded = true;
        struct event load = step_event(r, rc, ii, pc, addr, EVENT_LOAD);
        load.old_value = load.new_value = machine_read(m, addr, ii->size);
        load.flags |= EVENT_SPLIT;
        run_emit(r, &load);
    }
    if (!step_take(r, rc, ii, pc, addr))
        return;
    rc->split_loaded = false;
    /* the store half writes what the instruction computed from its load */
    taint_propagate(&rc->taint, ii, taint_load(&rc->taint, addr), 0);
    struct event store = step_event(r, rc, ii, pc, addr, EVENT_STORE);
    store.old_value = machine_read(m, addr, ii->size);
    store.flags |= EVENT_SPLIT | EVENT_DEPENDS | buffer_store(r, addr, ii->size);
    if (mem != NULL && memcmp(mem, rc->split_bytes, ii->size) != 0) {
        memcpy(mem, rc->split_bytes, ii->size);
        store.flags |= EVENT_STALE;
    }
    if (!(store.flags & EVENT_BUFFERED))    /* else when it drains */
        monitor_store(&r->monitor, rc->core->id, addr, ii->size);
    rc->pending = store;
    rc->has_pending = true;
}

/* EVENT_DEPENDS if the value the store ii writes to addr depends on the
 * core's own load of addr, else 0. */
static uint8_t stores_own_load(const struct run_core *rc, const struct insn_info *ii,
                               uint64_t addr)
{
    return taint_depends(&rc->taint, ii->regs_read, addr) ? EVENT_DEPENDS : 0;
}

static bool is_exclusive(const struct insn_info *ii)
{
    return ii->kind == INSN_LL || ii->kind == INSN_SC;
}

/* The view of the loads ii's address depends on: its address registers',
 * or, where the cpu does not name them, every write's. */
static uint64_t address_view(const struct run *r, const struct run_core *rc,
                             const struct insn_info *ii)
{
    if (ii->regs_address == 0 && (ii->mem.base >= 0 || ii->mem.index >= 0))
        return r->views.now;
    return taint_view(&rc->taint, ii->regs_address);
}

/* A plain load of addr reads value, which a write still to come must give
 * (views.h: load buffering); the view of its value returned.  The value is
 * put in memory while the load executes, as an older write's is. */
static uint64_t read_predicted(struct run *r, struct run_core *rc, const struct insn_info *ii,
                               uint64_t addr, struct event *e, const struct view_load *l,
                               uint64_t value)
{
    unsigned core = rc->core->id;
    sched_turns_set_predicted(r->turns, value);
    e->predicted = true;
    r->predicted = true;
    rc->restore = true;
    rc->restore_value = machine_read(r->m, addr, ii->size);
    machine_write(r->m, addr, ii->size, value);
    uint64_t view = views_predict(&r->views, core, l, value);
    store_buffers_await(&r->sb, core, view, l->loc->addr, l->loc->size);
    return view;
}

/* Under a model with views, the write a load of addr reads (e's), and the
 * view of its value.  The newest, or one older that the core's views allow,
 * as the scheduler chooses (newest_only: an acquire, exclusive or atomic
 * load reads the newest); an older one is put in memory while the load
 * executes, and its event waits until it has (perform_finish_pending puts
 * the newest back).  A load of the core's own buffered store reads it, with
 * a view no smaller than any (that store's dependencies are not kept). */
static uint64_t read_write(struct run *r, struct run_core *rc, const struct insn_info *ii,
                           uint64_t addr, struct event *e, bool newest_only)
{
    struct views *v = &r->views;
    unsigned core = rc->core->id;
    enum views_acquire acquire = ii->no_result       ? VIEWS_UNORDERED
                                 : r->opt->strip_fence ? VIEWS_PLAIN
                                 : ii->acquire       ? VIEWS_ACQUIRE
                                 : ii->acquire_pc    ? VIEWS_ACQUIRE_PC
                                                     : VIEWS_PLAIN;
    if (e->flags & EVENT_FORWARDED)
        return views_read_own(v, core, store_buffers_forward_view(&r->sb, core, addr, ii->size,
                                                                  v->now), acquire);
    uint64_t newest = machine_read(r->m, addr, ii->size);
    struct view_load l;
    unsigned n = views_load(v, core, e->pc, addr, ii->size, newest, address_view(r, rc, ii),
                            newest_only || acquire > VIEWS_PLAIN, &l);
    if (!newest_only && acquire == VIEWS_PLAIN && views_may_predict(v, core, &l)) {
        e->may_predict = true;
        uint64_t candidates[VIEWS_LEARNED], value;
        unsigned k = r->opt->predict_reads
                         ? views_learned(v, core, &l, candidates, VIEWS_LEARNED) : 0;
        if (sched_predicted(r->sched, core, r->turn_left, candidates, k, &value))
            return read_predicted(r, rc, ii, addr, e, &l, value);
    }
    unsigned older = 0;
    if (n > 1) {
        unsigned telling = views_telling(v, core, &l, n);
        older = sched_older(r->sched, core, r->turn_left, n, telling);
        e->could_older = (uint8_t)MIN(n - 1, 15u);
        /* a reservation may not survive the load's being performed
         * earlier: then every older write counts as telling */
        bool reserved = monitor_intact(&r->monitor) >> core & 1;
        e->telling = (uint8_t)MIN(reserved ? n - 1 : telling, 15u);
    }
    if (older > 0) {
        sched_turns_set_older(r->turns, older);
        e->older = (uint8_t)older;
        e->newer = (uint8_t)views_newer(&l, older);
        e->from_core = views_chosen(&l, older)->core;
        e->from_step = views_chosen(&l, older)->step;
        machine_write(r->m, addr, ii->size, views_chosen(&l, older)->value);
        rc->restore = true;
        rc->restore_value = newest;
    }
    return views_read(v, core, &l, older, acquire);
}

/* rc's core has read a value a write still to come must give (views.h):
 * must ii (at addr) wait for that write?  An access whose address depends
 * on it, or to its location (coherence); an atomic or store-exclusive
 * whose write would depend on it (its value, its compare, a barrier or
 * release before it: Promising's write rule, as a buffered store's drain
 * waits); an instruction that needs a store drained that waits for it;
 * and, as atomsim does not follow them past such a load, split RMWs,
 * stores that wait in no buffer and system calls. */
static bool awaits_write(struct run *r, struct run_core *rc, const struct insn_info *ii,
                         uint64_t addr, bool split)
{
    unsigned core = rc->core->id;
    struct views *v = &r->views;
    if (split)
        return true;
    switch (ii->kind) {
    case INSN_LOAD:
    case INSN_LL:
    case INSN_RMW:
    case INSN_SC:
        if (views_load_waits(v, core, addr, ii->size, address_view(r, rc, ii)))
            return true;
        if (ii->kind == INSN_LOAD || ii->kind == INSN_LL)
            break;
        /* a compare-and-swap that fails writes nothing */
        if ((!ii->cas || registers_match_memory(r, rc->core, ii, addr)) &&
            (views_is_predicted(taint_view(&rc->taint, ii->regs_read)) ||
             views_is_predicted(views_write_floor(v, core, ii->release && !r->opt->strip_fence))))
            return true;
        break;
    case INSN_STORE:
        if (!store_buffer_takes(ii->size))
            return true;
        break;
    case INSN_FENCE:
    case INSN_CLREX:
        break;
    default:
        return true;
    }
    struct model_access a = { .ii = ii, .kind = (enum insn_kind)ii->kind, .addr = addr,
                              .ordered = !r->opt->strip_fence };
    return store_buffers_held(&r->sb, core, memory_model_drains_before(r->model, &r->sb, core,
                                                                        &a));
}

/* Is ii a step a spin may take: a load, or a call that changes nothing
 * another core sees and draws no value (sim_cpu_id, an atomic section's
 * bounds)? */
static bool may_spin(struct run *r, const struct core *c, const struct insn_info *ii)
{
    if (ii->kind == INSN_LOAD)
        return true;
    uint64_t nr, args[3];
    return ii->kind == INSN_TRAP && r->m->cpu->syscall_args(c->uc, &nr, args) == UC_ERR_OK &&
           guest_call_quiet(r->m->cpu, nr) && guest_call_draws(r->m->cpu, nr) == DRAW_NONE;
}

/* The visible instruction ii at pc is about to run on rc's core. */
static void perform_visible(struct run *r, struct run_core *rc, const struct insn_info *ii,
                            uint64_t pc)
{
    struct machine *m = r->m;
    struct core *c = rc->core;
    if (ii->cond) {
        bool holds = true;
        uc_err err = m->cpu->condition_holds(c->uc, ii->cond, &holds);
        if (err != UC_ERR_OK)
            run_engine_failed(r, "read the condition flags", err);
        if (!holds)
            return;             /* a conditional instruction that will not run */
    }
    if (ii->kind == INSN_UNSUPPORTED) {
        char text[96];
        codemap_disassemble(&m->code, pc, text, sizeof text);
        step_stop_before(r, rc, pc);
        run_fault(r, g_strdup_printf("%s: %s", text, ii->why));
        return;
    }

    /* Without LOCK (--fault strip-lock), a LOCK-prefixed RMW is split too. */
    bool split = ii->kind == INSN_SPLIT_RMW || (ii->lock_prefix && r->opt->strip_lock);
    uint64_t addr = 0;
    if (ii->size > 0) {
        addr = effective_address(r, c, ii, pc);
        /* Plain accesses to private memory are invisible; atomic ones are
         * events wherever they are. */
        bool plain = ii->kind == INSN_LOAD || ii->kind == INSN_STORE || split;
        if (plain && !machine_is_shared(m, c, addr)) {
            taint_private_access(&rc->taint, ii);
            return;
        }
        /* later writes are newer than the address of every access before
         * them (Promising's vCAP; ARMv8's addr; po; [W] in dob) */
        if (r->views.on)
            views_branch(&r->views, c->id, address_view(r, rc, ii));
    }
    /* Exclusive accesses must be aligned to their size: otherwise the
     * processor raises an alignment fault (ARM ARM A3.2.1). */
    if (is_exclusive(ii) && addr % ii->size != 0) {
        step_stop_before(r, rc, pc);
        run_fault(r, g_strdup_printf("unaligned exclusive access to 0x%" G_GINT64_MODIFIER
                                     "x (%u bytes): an alignment fault", addr, ii->size));
        return;
    }
    if (G_UNLIKELY(r->views.core[c->id].predicted.on) && awaits_write(r, rc, ii, addr, split)) {
        LOG(LOG_SCHED, "step %" G_GUINT64_FORMAT ": cpu%u waits before 0x%" G_GINT64_MODIFIER
            "x for the write its load at 0x%" G_GINT64_MODIFIER "x read", r->steps, c->id, pc,
            r->views.core[c->id].predicted.pc);
        c->state = CORE_AWAITS_WRITE;
        step_stop_before(r, rc, pc);
        return;
    }
    if (split) {
        split_rmw(r, rc, ii, pc, addr);
        return;
    }
    if (r->opt->await_spins && !r->views.on && may_spin(r, c, ii) &&
        spin_before_load(r, rc, pc)) {
        step_stop_before(r, rc, pc);
        return;
    }
    if (!step_take(r, rc, ii, pc, addr))
        return;

    /* the instruction's kind is its event's (base/kinds.h) */
    struct event e = step_event(r, rc, ii, pc, addr, (enum event_kind)ii->kind);
    if (ii->release && !r->opt->strip_fence)
        e.flags |= EVENT_RELEASE;
    if (ii->acquire && !r->opt->strip_fence)
        e.flags |= EVENT_ACQUIRE;
    uint64_t loaded = 0, view = 0;
    switch (ii->kind) {
    case INSN_LOAD:
        if (r->sb.nonempty != 0) {       /* only under TSO */
            if (store_buffers_hold(&r->sb, 1ull << c->id, addr, ii->size))
                e.flags |= EVENT_FORWARDED;
            else if (store_buffers_hold(&r->sb, ~(1ull << c->id), addr, ii->size))
                e.flags |= EVENT_UNSEEN;
        }
        rc->last_load = addr;
        loaded = taint_load(&rc->taint, addr);
        if (r->views.on)
            view = read_write(r, rc, ii, addr, &e, false);
        e.old_value = e.new_value = machine_read(m, addr, ii->size);
        if (rc->restore) {
            rc->pending = e;    /* emitted once it has read */
            rc->has_pending = true;
        } else {
            run_emit(r, &e);
        }
        break;
    case INSN_LL:
        loaded = taint_load(&rc->taint, addr);
        if (r->views.on)
            view = read_write(r, rc, ii, addr, &e, true);
        e.old_value = e.new_value = machine_read(m, addr, ii->size);
        monitor_load_exclusive(&r->monitor, c->id, addr, ii->size, e.old_value);
        run_emit(r, &e);
        break;
    case INSN_SC:
        e.flags |= stores_own_load(rc, ii, addr);
        follow_registers(rc, ii, 0, 0); /* strex is skipped, not executed */
        store_exclusive(r, rc, ii, pc, addr, e);
        return;
    case INSN_STORE:
    case INSN_RMW:
        if (ii->kind == INSN_STORE)
            e.flags |= stores_own_load(rc, ii, addr);
        else
            loaded = taint_load(&rc->taint, addr);
        if (ii->kind == INSN_RMW && r->views.on) {
            view = read_write(r, rc, ii, addr, &e, true);
            uint16_t both = EVENT_ACQUIRE | EVENT_RELEASE;
            if (r->model->amo_one_access || (e.flags & both) == both)
                e.flags |= EVENT_ONE_ACCESS;
        }
        if (ii->kind == INSN_STORE) {
            e.flags |= buffer_store(r, addr, ii->size);
            if (r->views.on) {
                rc->pending_view = MAX(address_view(r, rc, ii),
                                       taint_view(&rc->taint, ii->regs_read));
                rc->pending_floor = views_write_floor(&r->views, c->id,
                                                      ii->release && !r->opt->strip_fence);
            }
        }
        if ((e.flags & EVENT_BUFFERED) && ii->release && !r->opt->strip_fence)
            store_buffers_release(&r->sb, c->id);
        e.old_value = machine_read(m, addr, ii->size);
        if (ii->cas)
            e.flags |= EVENT_HAS_SUCCESS |
                       (registers_match_memory(r, c, ii, addr) ? EVENT_SUCCESS : 0);
        if ((!ii->cas || (e.flags & EVENT_SUCCESS)) && !(e.flags & EVENT_BUFFERED))
            monitor_store(&r->monitor, c->id, addr, ii->size);     /* else when it drains */
        rc->pending = e;
        rc->has_pending = true;
        break;
    case INSN_CLREX:
        monitor_clear(&r->monitor, c->id);
        run_emit(r, &e);
        break;
    case INSN_FENCE:
        if (ii->stores_only && run_buffers_stores(r) && !r->opt->strip_fence)
            store_buffers_barrier(&r->sb, c->id);
        if (r->views.on && !r->opt->strip_fence && ii->instruction_barrier)
            views_isb(&r->views, c->id);
        else if (r->views.on && !r->opt->strip_fence)
            views_fence(&r->views, c->id, !ii->loads_pass,
                        !ii->stores_only && !ii->loads_only, ii->loads_before_stores);
        run_emit(r, &e);
        break;
    default: {                  /* a trap: the system call follows */
        uint64_t args[3];
        uc_err err = m->cpu->syscall_args(c->uc, &e.old_value, args);
        if (err != UC_ERR_OK)
            run_engine_failed(r, "read a system call's number", err);
        e.new_value = args[0];
        if (G_UNLIKELY(guest_call_draws(m->cpu, e.old_value) != DRAW_NONE))
            run_draw(r, rc, &e, args[0]);
        run_emit(r, &e);
        break;
    }
    }
    follow_registers(rc, ii, loaded, view);
}

/* The core is about to run the instruction a sink watches: the sinks that
 * watch it are told, and if one says so the program ends there, as at an
 * abort, before the instruction runs. */
static void reached_watch(struct run *r, struct run_core *rc, uint64_t pc)
{
    bool ends = false;
    for (unsigned i = 0; i < r->opt->nsinks; i++) {
        const struct event_sink *s = &r->opt->sinks[i];
        if (s->reached != NULL && s->watch == pc)
            ends |= s->reached(s->ctx, rc->core->id, pc);
    }
    if (ends) {
        guest_end_program(r->m, GUEST_ABORT_STATUS);
        step_stop_before(r, rc, pc);
    }
}

/* Every RUN_CHECK_INSNS instructions, and at --max-insns: has the run used
 * up its instructions, or its search its time (a run of a loop on registers
 * may take a billion instructions without a step)?  Then it ends before
 * the instruction at pc. */
static bool out_of_budget(struct run *r, struct run_core *rc, uint64_t pc)
{
    enum run_end end = RUN_DONE;
    if (r->insns > r->opt->max_insns)
        end = RUN_INSN_BUDGET;
    else if (r->opt->deadline > 0 && g_get_monotonic_time() >= r->opt->deadline)
        end = RUN_TIME_LIMIT;
    if (end == RUN_DONE) {
        r->insn_check = MIN(r->opt->max_insns, r->insns + RUN_CHECK_INSNS);
        return false;
    }
    step_stop_before(r, rc, pc);
    run_end_with(r, end);
    return true;
}

void perform_on_code(uc_engine *uc, uint64_t pc, uint32_t size, void *data)
{
    (void)uc;
    (void)size;
    struct run_core *rc = data;
    struct run *r = rc->run;
    struct core *c = rc->core;
    if (G_UNLIKELY(rc->has_pending))
        perform_finish_pending(r, rc);
    /* A trap blocked or ended the core, or the run is over, but the engine
     * runs on: uc_emu_stop() is lost when a hook has written PC (sparc32's
     * trap return does).  Nothing may execute for a core that is not
     * running, so this instruction waits for the core's next turn. */
    if (G_UNLIKELY(c->state != CORE_RUNNING || r->stopping)) {
        c->pc = pc;
        rc->resuming = false;
        run_stop_engine(r, c);
        return;
    }
    c->last_pc = pc;
    c->insns++;
    if (G_UNLIKELY(++r->insns > r->insn_check) && out_of_budget(r, rc, pc))
        return;
    if (G_UNLIKELY(c->insns >= rc->spin.quiet_until) && spin_quiet(r, rc, pc)) {
        step_stop_before(r, rc, pc);
        return;
    }
    const struct insn_info *ii = codemap_get(&r->m->code, pc);
    if (G_LIKELY(ii->kind == INSN_PRIVATE))
        follow_registers(rc, ii, 0, 0);
    else
        perform_visible(r, rc, ii, pc);
    if (G_UNLIKELY(pc == r->watch) && !rc->resuming && c->state == CORE_RUNNING &&
        !r->stopping)
        reached_watch(r, rc, pc);
}

void run_next_access(struct run *r, unsigned core, const struct insn_info **ii, uint64_t *addr)
{
    const struct core *c = &r->m->cores[core];
    *ii = codemap_get(&r->m->code, c->pc);
    *addr = (*ii)->size > 0 ? effective_address(r, c, *ii, c->pc) : 0;
}
