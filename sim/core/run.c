/* run.c — see run.h.
 *
 * One code hook covers the guest's code: it counts instructions and looks
 * each pc up in the codemap (an array index, a few ns).  Only visible
 * operations go further: shared-memory accesses, atomic instructions,
 * fences and traps.  Each is a step, at which the scheduler may switch
 * cores, and an event.  A switch stops the engine from the code hook, before
 * the instruction executes; the core resumes there when its next turn comes.
 * An event's value after the instruction is read at the core's next
 * instruction.  The hook also follows which of the core's loads each
 * register's value depends on (taint.h), so that a store's event says
 * whether it stores what the core loaded: one test and branch per
 * instruction while no register it touches depends on a load.
 */
#include <string.h>

#include "guest-abi.h"
#include "run.h"

static uint64_t reg_value(uc_engine *uc, int reg)
{
    uint64_t v = 0;
    uc_reg_read(uc, reg, &v);
    return v;
}

static uint64_t effective_address(const struct machine *m, const struct core *c,
                                  const struct insn_info *ii, uint64_t pc)
{
    const struct mem_operand *mo = &ii->mem;
    uint64_t a = (uint64_t)mo->disp;
    if (mo->base >= 0)
        a += reg_value(c->uc, mo->base);
    if (mo->index >= 0 && mo->bit_offset) {
        /* the unit of ii->size bytes that holds bit number `index` */
        unsigned bits = 8u * ii->size, drop = 64 - bits;
        int64_t bit = (int64_t)(reg_value(c->uc, mo->index) << drop) >> drop;
        a += (uint64_t)(bit >> g_bit_nth_lsf(bits, -1)) * ii->size;
    } else if (mo->index >= 0) {
        uint64_t x = reg_value(c->uc, mo->index) << mo->shift;
        a += mo->scale < 0 ? -x : x * (uint64_t)mo->scale;
    }
    if (mo->pc_relative)
        a += pc + ii->length;
    return m->cpu->word_size == 4 ? (uint32_t)a : a;
}

static void emit(struct run *r, const struct event *e)
{
    if (r->delay_holder && event_takes_lock(e))
        r->m->cores[e->core].delayed_until = r->steps + r->delay_holder;
    for (unsigned i = 0; i < r->opt->nsinks; i++)
        r->opt->sinks[i].event(r->opt->sinks[i].ctx, e);
}

/* The instruction of the pending event has run: its value is in memory. */
static void finish_pending(struct run *r, struct core *c)
{
    c->has_pending = false;
    c->pending.new_value = machine_read(c->m, c->pending.addr, c->pending.size);
    emit(r, &c->pending);
}

static void end_run(struct run *r, enum run_end why)
{
    r->end = why;
    r->stopping = true;
}

/* Stop the engine before the instruction at pc; it runs when c resumes. */
static void stop_before(struct run *r, struct core *c, uint64_t pc)
{
    c->pc = pc;
    c->resuming = true;
    c->insns--;
    r->insns--;
    uc_emu_stop(c->uc);
}

/* The instruction at pc cannot run: a guest fault, before it executes. */
static void fault_before(struct run *r, struct core *c, uint64_t pc, char *what)
{
    g_free(r->fault);
    r->fault = what;
    stop_before(r, c, pc);
    end_run(r, RUN_FAULT);
}

/* Is core i delayed (--fault delay-holder) at this step? */
static bool delayed(const struct run *r, unsigned i)
{
    return r->m->cores[i].delayed_until > r->steps;
}

static unsigned choose_next(struct run *r, int current)
{
    bool runnable[MACHINE_MAX_CORES], any_undelayed = false;
    for (unsigned i = 0; i < r->m->ncores; i++) {
        runnable[i] = r->m->cores[i].state == CORE_RUNNING;
        any_undelayed |= runnable[i] && !delayed(r, i);
    }
    for (unsigned i = 0; any_undelayed && i < r->m->ncores; i++)
        runnable[i] = runnable[i] && !delayed(r, i);
    return sched_next(r->sched, runnable, r->m->ncores, current, &r->turn_left);
}

const char *run_schedule(struct run *r)
{
    g_free(r->schedule);
    r->schedule = sched_turns_text(r->turns);
    return r->schedule;
}

/* Is the step at addr the end of an RMW window: the store half of a split
 * RMW, a store-exclusive, or a store to the location the core loaded last? */
static bool closes_window(const struct core *c, const struct insn_info *ii, uint64_t addr)
{
    return c->split_loaded || ii->kind == INSN_SC ||
           (ii->kind == INSN_STORE && addr == c->last_load);
}

/* --inject: another runnable core, picked at random, or -1. */
static int injected_core(struct run *r, const struct core *c)
{
    unsigned others[MACHINE_MAX_CORES], n = 0;
    for (unsigned i = 0; i < r->m->ncores; i++)
        if (i != c->id && r->m->cores[i].state == CORE_RUNNING)
            others[n++] = i;
    if (n == 0 || g_rand_double(r->fault_rand) >= r->inject)
        return -1;
    return (int)others[g_rand_int_range(r->fault_rand, 0, (gint32)n)];
}

/* Stop c before the instruction at pc; core next runs instead. */
static void preempt(struct run *r, struct core *c, uint64_t pc, int next)
{
    r->preemptions++;
    r->preempted = true;
    r->next_core = next;
    stop_before(r, c, pc);
}

/* A visible operation is about to run: count it as a step, or stop before
 * it if the budget is spent or the scheduler switches cores.  True if the
 * core goes on. */
static bool take_step(struct run *r, struct core *c, const struct insn_info *ii, uint64_t pc,
                      uint64_t addr)
{
    int other;
    if (c->resuming) {
        c->resuming = false;    /* the step chosen when the core was stopped */
    } else if (r->steps >= r->opt->max_steps) {
        stop_before(r, c, pc);
        end_run(r, RUN_STEP_BUDGET);
        return false;
    } else if (r->turn_left <= 0 && !ii->no_preempt) {
        unsigned next = choose_next(r, (int)c->id);
        if (next != c->id) {
            preempt(r, c, pc, (int)next);
            return false;
        }
    } else if (delayed(r, c->id) && !ii->no_preempt &&
               (other = (int)choose_next(r, (int)c->id)) != (int)c->id) {
        preempt(r, c, pc, other);
        return false;
    } else if (r->inject > 0 && !ii->no_preempt && closes_window(c, ii, addr) &&
               (other = injected_core(r, c)) >= 0) {
        preempt(r, c, pc, other);
        return false;
    }
    r->turn_left--;
    r->steps++;
    c->steps++;
    sched_turns_add(r->turns, c->id);
    return true;
}

/* The event of the step just taken (the first after a preemption says so). */
static struct event new_event(struct run *r, const struct core *c, const struct insn_info *ii,
                              uint64_t pc, uint64_t addr, enum event_kind kind)
{
    struct event e = { .step = r->steps, .core = c->id, .pc = pc, .addr = addr,
                       .size = ii->size, .kind = (uint8_t)kind,
                       .flags = r->preempted ? EVENT_PREEMPTED : 0 };
    r->preempted = false;
    return e;
}

/* The value in registers data_reg[] (a pair: [0] at the lower address) as
 * memory would hold it, for a compare-and-swap or a store-exclusive. */
static bool registers_match_memory(struct core *c, const struct insn_info *ii, uint64_t addr)
{
    unsigned parts = ii->data_reg[1] ? 2 : 1, size = ii->size / parts;
    for (unsigned i = 0; i < parts; i++) {
        uint64_t want = reg_value(c->uc, ii->data_reg[i]) & value_mask(size);
        if (machine_read(c->m, addr + i * size, size) != want)
            return false;
    }
    return true;
}

static void store_registers(struct core *c, const struct insn_info *ii, uint64_t addr)
{
    unsigned parts = ii->data_reg[1] ? 2 : 1, size = ii->size / parts;
    for (unsigned i = 0; i < parts; i++)
        machine_write(c->m, addr + i * size, size, reg_value(c->uc, ii->data_reg[i]));
}

/* A store-exclusive: the monitor decides, and atomsim performs it and skips
 * the instruction (Unicorn's own strex would compare values). */
static void store_exclusive(struct run *r, struct core *c, const struct insn_info *ii,
                            uint64_t pc, uint64_t addr, struct event e)
{
    e.kind = EVENT_SC;
    e.old_value = machine_read(c->m, addr, ii->size);
    bool diverged;
    bool stores = monitor_store_exclusive(&r->monitor, c->id, addr, ii->size,
                                          e.old_value, &diverged);
    if (stores && r->opt->sc_fail > 0 && g_rand_double(r->fault_rand) < r->opt->sc_fail)
        stores = diverged = false;      /* a spurious failure (--fault sc-fail:P) */
    e.flags |= EVENT_HAS_SUCCESS | (stores ? EVENT_SUCCESS : 0) | (diverged ? EVENT_DIVERGED : 0);
    if (stores) {
        store_registers(c, ii, addr);
        monitor_store(&r->monitor, c->id, addr, ii->size);
    }
    uint32_t status = stores ? 0 : 1;
    uint64_t next = pc + ii->length;
    uc_reg_write(c->uc, ii->status_reg, &status);
    uc_reg_write(c->uc, c->m->cpu->reg_pc, &next);
    e.new_value = machine_read(c->m, addr, ii->size);
    emit(r, &e);
}

/* An RMW instruction that is not atomic is two steps, a load and a store,
 * and other cores may run between them.  If one of them writes the location
 * in that window, the value the load half read is put back just before the
 * instruction executes, so that it computes and stores from what it loaded:
 * the other core's write is lost, as on a real machine. */
static void split_rmw(struct run *r, struct core *c, const struct insn_info *ii,
                      uint64_t pc, uint64_t addr)
{
    struct machine *m = c->m;
    uint8_t *mem = machine_guest_ptr(m, addr, ii->size);
    if (!c->split_loaded) {
        if (!take_step(r, c, ii, pc, addr))
            return;
        if (mem != NULL)
            memcpy(c->split_bytes, mem, ii->size);
        c->split_loaded = true;
        struct event load = new_event(r, c, ii, pc, addr, EVENT_LOAD);
        load.old_value = load.new_value = machine_read(m, addr, ii->size);
        load.flags |= EVENT_SPLIT;
        emit(r, &load);
    }
    if (!take_step(r, c, ii, pc, addr))
        return;
    c->split_loaded = false;
    /* the store half writes what the instruction computed from its load */
    taint_propagate(&c->taint, ii, taint_load(&c->taint, addr));
    struct event store = new_event(r, c, ii, pc, addr, EVENT_STORE);
    store.old_value = machine_read(m, addr, ii->size);
    store.flags |= EVENT_SPLIT | EVENT_DEPENDS;
    if (mem != NULL && memcmp(mem, c->split_bytes, ii->size) != 0) {
        memcpy(mem, c->split_bytes, ii->size);
        store.flags |= EVENT_STALE;
    }
    monitor_store(&r->monitor, c->id, addr, ii->size);
    c->pending = store;
    c->has_pending = true;
}

/* ii runs on c: its registers' dependencies on loads follow (loaded: the
 * slot of the load it does, if any). */
static inline void follow_registers(struct core *c, const struct insn_info *ii,
                                    uint64_t loaded)
{
    if (loaded != 0 || G_UNLIKELY(!taint_untouched(&c->taint, ii)))
        taint_propagate(&c->taint, ii, loaded);
}

/* EVENT_DEPENDS if the value the store ii writes to addr depends on c's own
 * load of addr, else 0. */
static uint8_t stores_own_load(const struct core *c, const struct insn_info *ii, uint64_t addr)
{
    return taint_depends(&c->taint, ii->regs_read, addr) ? EVENT_DEPENDS : 0;
}

static bool is_exclusive(const struct insn_info *ii)
{
    return ii->kind == INSN_LL || ii->kind == INSN_SC;
}

static void on_visible(struct run *r, struct core *c, const struct insn_info *ii,
                       uint64_t pc)
{
    struct machine *m = c->m;
    if (ii->cond && !m->cpu->condition_holds(c->uc, ii->cond))
        return;                 /* a conditional instruction that will not run */
    if (ii->kind == INSN_UNSUPPORTED) {
        char text[96];
        codemap_disassemble(&m->code, pc, text, sizeof text);
        fault_before(r, c, pc, g_strdup_printf("%s: %s", text, ii->why));
        return;
    }

    /* Without LOCK (--fault strip-lock), a LOCK-prefixed RMW is split too. */
    bool split = ii->kind == INSN_SPLIT_RMW || (ii->lock_prefix && r->opt->strip_lock);
    uint64_t addr = 0;
    if (ii->size > 0) {
        addr = effective_address(m, c, ii, pc);
        /* Plain accesses to private memory are invisible; atomic ones are
         * events wherever they are. */
        bool plain = ii->kind == INSN_LOAD || ii->kind == INSN_STORE || split;
        if (plain && !machine_is_shared(m, c, addr)) {
            taint_private_access(&c->taint, ii);
            return;
        }
    }
    /* Exclusive accesses must be aligned to their size: otherwise the
     * processor raises an alignment fault (ARM ARM A3.2.1). */
    if (is_exclusive(ii) && addr % ii->size != 0) {
        fault_before(r, c, pc, g_strdup_printf("unaligned exclusive access to 0x%"
                     G_GINT64_MODIFIER "x (%u bytes): an alignment fault", addr, ii->size));
        return;
    }
    if (split) {
        split_rmw(r, c, ii, pc, addr);
        return;
    }
    if (!take_step(r, c, ii, pc, addr))
        return;

    struct event e = new_event(r, c, ii, pc, addr, EVENT_TRAP);
    uint64_t loaded = 0;
    switch (ii->kind) {
    case INSN_LOAD:
        e.kind = EVENT_LOAD;
        c->last_load = addr;
        loaded = taint_load(&c->taint, addr);
        e.old_value = e.new_value = machine_read(m, addr, ii->size);
        emit(r, &e);
        break;
    case INSN_LL:
        e.kind = EVENT_LL;
        loaded = taint_load(&c->taint, addr);
        e.old_value = e.new_value = machine_read(m, addr, ii->size);
        monitor_load_exclusive(&r->monitor, c->id, addr, ii->size, e.old_value);
        emit(r, &e);
        break;
    case INSN_SC:
        e.flags |= stores_own_load(c, ii, addr);
        follow_registers(c, ii, 0);     /* strex is skipped, not executed */
        store_exclusive(r, c, ii, pc, addr, e);
        return;
    case INSN_STORE:
    case INSN_RMW:
        e.kind = ii->kind == INSN_STORE ? EVENT_STORE : EVENT_RMW;
        if (ii->kind == INSN_STORE)
            e.flags |= stores_own_load(c, ii, addr);
        else
            loaded = taint_load(&c->taint, addr);
        e.old_value = machine_read(m, addr, ii->size);
        if (ii->cas)
            e.flags |= EVENT_HAS_SUCCESS |
                       (registers_match_memory(c, ii, addr) ? EVENT_SUCCESS : 0);
        if (!ii->cas || (e.flags & EVENT_SUCCESS))
            monitor_store(&r->monitor, c->id, addr, ii->size);
        c->pending = e;
        c->has_pending = true;
        break;
    case INSN_CLREX:
        e.kind = EVENT_CLREX;
        monitor_clear(&r->monitor, c->id);
        emit(r, &e);
        break;
    case INSN_FENCE:
        e.kind = EVENT_FENCE;
        emit(r, &e);
        break;
    default: {                  /* a trap: the system call follows */
        uint64_t args[3];
        m->cpu->syscall_args(c->uc, &e.old_value, args);
        emit(r, &e);
        break;
    }
    }
    follow_registers(c, ii, loaded);
}

static void on_code(uc_engine *uc, uint64_t pc, uint32_t size, void *data)
{
    (void)size;
    struct core *c = data;
    struct run *r = c->m->run;
    if (G_UNLIKELY(c->has_pending))
        finish_pending(r, c);
    /* A trap blocked or ended the core, or the run is over, but the engine
     * runs on: uc_emu_stop() is lost when a hook has written PC (sparc32's
     * trap return does).  Nothing may execute for a core that is not
     * running, so this instruction waits for the core's next turn. */
    if (G_UNLIKELY(c->state != CORE_RUNNING || r->stopping)) {
        c->pc = pc;
        c->resuming = false;
        uc_emu_stop(uc);
        return;
    }
    c->last_pc = pc;
    c->insns++;
    if (G_UNLIKELY(++r->insns > r->opt->max_insns)) {
        stop_before(r, c, pc);
        end_run(r, RUN_INSN_BUDGET);
        return;
    }
    const struct insn_info *ii = codemap_get(&c->m->code, pc);
    if (G_LIKELY(ii->kind == INSN_PRIVATE)) {
        follow_registers(c, ii, 0);
        return;
    }
    on_visible(r, c, ii, pc);
}

static void on_syscall(struct core *c)
{
    struct run *r = c->m->run;
    const struct cpu_ops *cpu = c->m->cpu;
    uint64_t nr, args[3];
    cpu->syscall_args(c->uc, &nr, args);
    int64_t result = guest_call(r, c, nr, args);
    cpu->syscall_return(c->uc, result);
    if (c->state != CORE_RUNNING || r->stopping)
        uc_emu_stop(c->uc);
}

static void on_interrupt(uc_engine *uc, uint32_t intno, void *data)
{
    struct core *c = data;
    struct run *r = c->m->run;
    if ((int)intno == c->m->cpu->syscall_intno) {
        on_syscall(c);
        return;
    }
    g_free(r->fault);
    r->fault = g_strdup_printf("%s (trap %u)", c->m->cpu->trap_name(intno), intno);
    end_run(r, RUN_FAULT);
    uc_emu_stop(uc);
}

static void on_syscall_insn(uc_engine *uc, void *data)
{
    (void)uc;
    on_syscall(data);
}

static bool on_bad_access(uc_engine *uc, uc_mem_type type, uint64_t addr, int size,
                          int64_t value, void *data)
{
    (void)uc;
    (void)size;
    (void)value;
    struct core *c = data;
    c->fault_type = type;
    c->fault_addr = addr;
    return false;
}

void run_install_hooks(struct core *c)
{
    const struct machine *m = c->m;
    const struct cpu_ops *cpu = m->cpu;
    uc_hook h;
    uc_hook_add(c->uc, &h, UC_HOOK_CODE, (void *)on_code, c, m->code.lo, m->code.hi - 1);
    uc_hook_add(c->uc, &h, UC_HOOK_INTR, (void *)on_interrupt, c, 1, 0);
    if (cpu->syscall_insn >= 0)
        uc_hook_add(c->uc, &h, UC_HOOK_INSN, (void *)on_syscall_insn, c, 1, 0,
                    cpu->syscall_insn);
    uc_hook_add(c->uc, &h, UC_HOOK_MEM_INVALID, (void *)on_bad_access, c, 1, 0);
}

void run_stop(struct run *r)
{
    end_run(r, RUN_STOPPED);
}

void run_report(struct run *r, const struct finding *f)
{
    struct finding kept = *f;
    kept.text = g_strdup(f->text);
    kept.message = g_strdup(f->message);
    g_array_append_val(r->shown, kept);
    r->findings++;
    if (!f->unprinted)
        fprintf(r->opt->out, "cpu%u: %s\n", f->core, f->text);
}

void run_finding(struct run *r, struct core *c, enum finding_kind kind, uint64_t pc,
                 const char *what)
{
    g_autofree char *where = image_name_addr(r->m->img, pc);
    g_autofree char *text = g_strdup_printf("%s%s, at pc 0x%" G_GINT64_MODIFIER "x (%s)",
                                            kind == FINDING_CHECK_FAILED ? "check failed: " : "",
                                            what, pc, where);
    struct finding f = { .kind = kind, .core = c->id, .text = text, .pc = pc,
                         .message = (char *)what };
    run_report(r, &f);
}

static const char *access_name(int type)
{
    switch (type) {
    case UC_MEM_READ_UNMAPPED: return "load from unmapped address";
    case UC_MEM_WRITE_UNMAPPED: return "store to unmapped address";
    case UC_MEM_FETCH_UNMAPPED: return "jump to unmapped address";
    case UC_MEM_WRITE_PROT: return "store to read-only address";
    case UC_MEM_READ_PROT: return "load from unreadable address";
    case UC_MEM_FETCH_PROT: return "jump to non-executable address";
    default: return "bad access to";
    }
}

/* The engine of c stopped with an error: say what c did. */
static void describe_fault(struct run *r, struct core *c, uc_err err)
{
    if (r->fault != NULL)
        return;         /* the interrupt hook named it */
    if (c->fault_type >= 0)
        r->fault = g_strdup_printf("%s 0x%" G_GINT64_MODIFIER "x", access_name(c->fault_type),
                                   c->fault_addr);
    else if (err == UC_ERR_INSN_INVALID)
        r->fault = g_strdup("illegal instruction");
    else
        r->fault = g_strdup(uc_strerror(err));
}

static bool all_exited(const struct machine *m)
{
    for (unsigned i = 0; i < m->ncores; i++)
        if (m->cores[i].state != CORE_EXITED)
            return false;
    return true;
}

static bool any_runnable(const struct machine *m)
{
    for (unsigned i = 0; i < m->ncores; i++)
        if (m->cores[i].state == CORE_RUNNING)
            return true;
    return false;
}

void run_program(struct run *r, struct machine *m, struct sched *s,
                 const struct run_options *opt)
{
    memset(r, 0, sizeof *r);
    r->m = m;
    r->sched = s;
    r->opt = opt;
    r->next_core = -1;
    r->end = RUN_DONE;
    r->shown = g_array_new(FALSE, TRUE, sizeof(struct finding));
    r->turns = g_array_new(FALSE, FALSE, sizeof(struct sched_turn));
    r->fault_rand = g_rand_new_with_seed((guint32)opt->fault_seed);
    /* A fixed schedule (pinned, replayed, a search node) already holds
     * every switch: neither injection nor delay-holder adds one. */
    bool fixed = sched_fixed(s);
    r->inject = fixed ? 0 : opt->inject;
    r->delay_holder = fixed ? 0 : opt->delay_holder;
    g_array_set_clear_func(r->shown, finding_clear);
    m->run = r;
    machine_reset(m);
    if (opt->lock_table_size) {
        const struct symbol *size = image_find_symbol(m->img, LOCK_TABLE_SIZE_SYMBOL);
        machine_write(m, size->addr, 4, opt->lock_table_size);
    }
    sched_reset(s);
    monitor_reset(&r->monitor, opt->monitor, m->cpu->exclusive_granule, m->ncores);
    for (unsigned i = 0; i < opt->nsinks; i++)
        if (opt->sinks[i].begin)
            opt->sinks[i].begin(opt->sinks[i].ctx);

    /* No instruction lives at the highest address: run until stopped. */
    uint64_t until = m->cpu->word_size == 4 ? 0xffffffffull : UINT64_MAX;
    int current = -1;
    while (!r->stopping) {
        int next = r->next_core;
        r->next_core = -1;
        if (next < 0) {
            if (all_exited(m))
                break;
            if (!any_runnable(m)) {
                end_run(r, RUN_DEADLOCK);
                break;
            }
            next = (int)choose_next(r, current);
        }
        if (current >= 0 && current != next)
            monitor_switch_out(&r->monitor, (unsigned)current);
        current = next;
        struct core *c = &m->cores[next];
        uc_err err = uc_emu_start(c->uc, c->pc, until, 0, 0);
        if (!c->resuming)
            c->pc = reg_value(c->uc, m->cpu->reg_pc);
        if (err != UC_ERR_OK) {
            c->has_pending = false;     /* its instruction faulted */
            describe_fault(r, c, err);
            end_run(r, RUN_FAULT);
        } else if (r->fault != NULL) {
            end_run(r, RUN_FAULT);
        }
        if (r->end == RUN_FAULT)
            r->fault_core = (int)c->id;
    }
    guest_flush_output(r);
    for (unsigned i = 0; i < opt->nsinks; i++)
        if (opt->sinks[i].end)
            opt->sinks[i].end(opt->sinks[i].ctx);
    m->run = NULL;
}

void run_clear(struct run *r)
{
    if (r->shown)
        g_array_unref(r->shown);
    r->shown = NULL;
    if (r->turns)
        g_array_unref(r->turns);
    r->turns = NULL;
    g_free(r->schedule);
    r->schedule = NULL;
    if (r->fault_rand)
        g_rand_free(r->fault_rand);
    r->fault_rand = NULL;
    g_free(r->fault);
    r->fault = NULL;
}
