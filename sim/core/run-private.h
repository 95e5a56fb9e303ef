/* run-private.h — what the run's files share, and no other file: run.c
 * (the loop, the system-call and fault hooks) calls run-perform.c (the code
 * hook: what each instruction does), which calls run-step.c (the choice of
 * the next step, and the drains the memory model asks for before it); each
 * of them calls run-common.c (events for the sinks, the run's end), and
 * below it run-spin.c (loops that cannot end) and run-state.c (the state a
 * search remembers). */
#ifndef ATOMSIM_RUN_PRIVATE_H
#define ATOMSIM_RUN_PRIVATE_H

#include "run.h"

/* How often (in instructions) a run checks its search's deadline: some
 * tenth of a second. */
#define RUN_CHECK_INSNS (1u << 20)

/* run-common.c ----------------------------------------------------------- */

/* Give e to every sink. */
void run_emit(struct run *r, const struct event *e);
/* The TRAP e calls for a value (guest_call_draws; arg: the call's first
 * argument): the strategy's (a search's =VALUE, kept in the run's turns),
 * or else one drawn from the seed.  It goes into e (new_value, and the
 * call's argument as size) and is the call's result (rc->drawn). */
void run_draw(struct run *r, struct run_core *rc, struct event *e, uint64_t arg);
/* The run ends when the engine stops. */
void run_end_with(struct run *r, enum run_end why);
/* The run ends with a guest fault, what (to free) saying what it was. */
void run_fault(struct run *r, char *what);
/* An engine call failed: the run ends with a fault that says which. */
void run_engine_failed(struct run *r, const char *what, uc_err err);
/* Stop c's engine after this instruction or hook. */
void run_stop_engine(struct run *r, struct core *c);

/* Do stores wait in store buffers (--memory tso, pso, arm, rvwmo)? */
static inline bool run_buffers_stores(const struct run *r)
{
    return r->model->buffers;
}

/* A register of c's engine (0 if it cannot be read: the run ends). */
static inline uint64_t run_reg(struct run *r, const struct core *c, int reg)
{
    uint64_t v = 0;
    uc_err err = uc_reg_read(c->uc, reg, &v);
    if (G_UNLIKELY(err != UC_ERR_OK))
        run_engine_failed(r, "read a register", err);
    return v;
}

/* run-step.c ------------------------------------------------------------- */

/* The core that runs next; current: the core that ran last, or -1.  If
 * the run ends instead (the strategy stops it, or a sink at a drain the
 * strategy chose), r->stopping says so and no core may run. */
unsigned step_choose_next(struct run *r, int current);
/* Stop the engine before the instruction at pc; it runs when the core
 * resumes. */
void step_stop_before(struct run *r, struct run_core *rc, uint64_t pc);
/* A visible operation at pc (on addr) is about to run: count it as a step,
 * or stop before it if the budget is spent or the core is switched.  True
 * if the core goes on. */
bool step_take(struct run *r, struct run_core *rc, const struct insn_info *ii, uint64_t pc,
               uint64_t addr);
/* The slot-th oldest store in core's buffer becomes visible: a step and an
 * event.  chosen: the scheduler chose it (it goes into the run's turns);
 * else the core's next instruction needs it (the turns that led there give
 * it). */
void step_drain(struct run *r, unsigned core, unsigned slot, bool chosen);

/* The event of the step just taken (the first after a preemption says so). */
static inline struct event step_event(struct run *r, const struct run_core *rc,
                                      const struct insn_info *ii, uint64_t pc, uint64_t addr,
                                      enum event_kind kind)
{
    struct event e = { .step = r->steps, .core = rc->core->id, .pc = pc, .addr = addr,
                       .size = ii->size, .kind = (uint8_t)kind,
                       .flags = (r->preempted ? EVENT_PREEMPTED : 0) |
                                (r->held ? EVENT_HELD : 0) };
    r->preempted = false;
    return e;
}

/* run-state.c (called by run.c, run-common.c and run-step.c) ----------- */

/* Before a run: memory as the image has it, no fingerprint taken. */
void state_reset(struct run *r);
/* e was emitted: if it wrote memory, the digest follows (opt->states). */
void state_note(struct run *r, const struct event *e);
/* Before rc's core takes step r->steps at pc: has the search
 * (opt->states) explored the state the run is in? */
bool state_explored(struct run *r, struct run_core *rc, uint64_t pc);

/* run-spin.c (called by run-common.c and run-perform.c; calls none of
 * the run's files) ---------------------------------------------------------- */

/* A run begins: nothing watched. */
void spin_reset(struct run_core *rc);
/* Before the core's shared load at pc (await_spins, a model without
 * views): true if it waits instead (to be stopped before pc). */
bool spin_before_load(struct run *r, struct run_core *rc, uint64_t pc);
/* Before each instruction from spin.quiet_until on: true if the core waits
 * instead (to be stopped before pc). */
bool spin_quiet(struct run *r, struct run_core *rc, uint64_t pc);
/* Event e is made: its core's watch notes it, and a core whose loop it
 * may end runs again. */
void spin_note(struct run *r, const struct event *e);
/* The cores that wait in loops, as a finding says it ("cpu1 loops forever
 * at ..."; to free), or NULL; *hang if one reads no shared memory. */
char *spin_describe(struct run *r, bool *hang);

/* Does a core's load wait for the write to come that must give what it
 * read (views.h)? */
static inline bool run_awaits_write(const struct run *r)
{
    for (unsigned i = 0; i < r->m->ncores; i++)
        if (r->views.core[i].predicted.on)
            return true;
    return false;
}

/* run-perform.c ---------------------------------------------------------- */

/* The code hook (UC_HOOK_CODE, data: the core's struct run_core): every
 * instruction of the guest's code, before it executes. */
void perform_on_code(uc_engine *uc, uint64_t pc, uint32_t size, void *data);
/* After a load that read an older write: memory holds the newest again. */
static inline void perform_restore(struct run *r, struct run_core *rc)
{
    if (G_UNLIKELY(rc->restore)) {
        rc->restore = false;
        machine_write(r->m, rc->pending.addr, rc->pending.size, rc->restore_value);
    }
}

/* The instruction of the pending event has run: its value is in memory. */
static inline void perform_finish_pending(struct run *r, struct run_core *rc)
{
    rc->has_pending = false;
    rc->pending.new_value = machine_read(r->m, rc->pending.addr, rc->pending.size);
    if (rc->pending.flags & EVENT_BUFFERED)
        store_buffers_push(&r->sb, &rc->pending, rc->pending_view, rc->pending_floor);
    run_emit(r, &rc->pending);
    perform_restore(r, rc);
}

/* ii runs on the core: its registers' dependencies on loads follow (loaded:
 * the slot of the load it does, if any, and view the view of what it
 * read). */
static inline void follow_registers(struct run_core *rc, const struct insn_info *ii,
                                    uint64_t loaded, uint64_t view)
{
    if (loaded != 0 || G_UNLIKELY(!taint_untouched(&rc->taint, ii))) {
        /* an instruction that touches no memory and writes no register
         * branches on what it reads, or compares it for a branch (a
         * conservative vCAP, views.h) */
        if (ii->kind == INSN_PRIVATE && ii->regs_written == 0 && rc->run->views.on)
            views_branch(&rc->run->views, rc->core->id, taint_view(&rc->taint, ii->regs_read));
        taint_propagate(&rc->taint, ii, loaded, view);
    }
}

#endif
