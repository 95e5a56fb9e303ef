/* run.c — see run.h: the loop, the engines' hooks (the code hook is
 * run-perform.c's), and what the run's sinks may ask of it.
 *
 * The loop starts each core's engine in turn, from where it stopped, until
 * every core has ended, the run is stopped, or no core can run.  Each
 * visible operation is a step, at which the scheduler may switch cores
 * (run-step.c), and an event for the sinks (run-perform.c).  The run turns
 * what the guest's system calls did into output and findings; findings are
 * kept in one place, r->found.
 */
#include <string.h>

#include "base/error.h"
#include "base/log.h"
#include "guest-abi.h"
#include "run-private.h"

const char *run_schedule(struct run *r)
{
    g_free(r->schedule);
    r->schedule = sched_turns_text(r->turns);
    return r->schedule;
}

/* Findings and output --------------------------------------------------- */

/* f is on a variable --ignore names. */
static bool finding_ignored(const struct run_options *opt, const struct finding *f)
{
    if (opt->report_only == REPORT_REACH_ERROR)
        return !f->reach_error;
    if (opt->report_only == REPORT_CHECKS)
        return f->kind != FINDING_CHECK_FAILED;
    if (f->kind != FINDING_LOST_UPDATE && f->kind != FINDING_MONITOR_DIVERGENCE)
        return false;
    for (unsigned i = 0; i < opt->nignore; i++)
        if (f->addr - opt->ignore[i].addr < opt->ignore[i].size)
            return true;
    return false;
}

static void report(void *ctx, const struct finding *f)
{
    struct run *r = ctx;
    if (finding_ignored(r->opt, f)) {
        r->ignored++;
        return;
    }
    findings_add(&r->found, f);
    if (!f->unprinted && r->opt->out != NULL)
        fprintf(r->opt->out, "cpu%u: %s\n", f->core, f->text);
    for (unsigned i = 0; i < r->opt->nsinks; i++)
        if (r->opt->sinks[i].finding)
            r->opt->sinks[i].finding(r->opt->sinks[i].ctx, f);
}

static void print_line(void *ctx, const char *line)
{
    struct run *r = ctx;
    if (r->opt->out != NULL)
        fprintf(r->opt->out, "%s\n", line);
}

/* A finding about core c at pc: the guest's message, or what happened. */
static void guest_finding(struct run *r, const struct core *c, enum finding_kind kind,
                          uint64_t pc, const char *what)
{
    g_autofree char *text = finding_text_at(r->m->img, kind, what, pc);
    struct finding f = { .kind = kind, .core = c->id, .text = text, .pc = pc,
                         .message = (char *)what };
    report(r, &f);
}

/* Guest output, a line at a time, each line marked with its core. */
static void print_guest_lines(struct run *r, struct run_core *rc)
{
    GString *line = rc->line;
    char *nl;
    while ((nl = memchr(line->str, '\n', line->len)) != NULL) {
        size_t n = (size_t)(nl - line->str);
        fprintf(r->opt->out, "cpu%u: %.*s\n", rc->core->id, (int)n, line->str);
        g_string_erase(line, 0, (gssize)n + 1);
    }
}

/* Print what is left of every core's output line. */
static void flush_guest_output(struct run *r)
{
    if (r->opt->out == NULL)
        return;
    for (unsigned i = 0; i < r->m->ncores; i++) {
        struct run_core *rc = &r->cores[i];
        if (rc->line->len > 0)
            g_string_append_c(rc->line, '\n');
        print_guest_lines(r, rc);
    }
    fflush(r->opt->out);
}

/* What a system call did: output, cores that exited, a failed check. */
static void act_on(struct run *r, struct run_core *rc, const struct guest_outcome *out)
{
    if (out->output_len > 0 && r->opt->out != NULL) {
        g_string_append_len(rc->line, out->output, (gssize)out->output_len);
        print_guest_lines(r, rc);
    }
    for (unsigned i = 0; i < r->m->ncores; i++) {
        const struct core *c = &r->m->cores[i];
        if ((out->exited >> i & 1) && c->exit_code != 0) {
            g_autofree char *what = g_strdup_printf("exited with code %d", c->exit_code);
            guest_finding(r, c, FINDING_EXIT_CODE, c->last_pc, what);
        }
    }
    if (out->check_failed != NULL)
        guest_finding(r, rc->core, FINDING_CHECK_FAILED, out->check_pc, out->check_failed);
    if (out->cores_needed) {
        r->cores_needed = out->cores_needed;
        r->no_core_pc = out->check_pc;
        run_end_with(r, RUN_NO_CORE);
    }
    if (out->assume_failed || (out->aborted && r->opt->report_only == REPORT_REACH_ERROR))
        run_end_with(r, RUN_ASSUMED);
}

/* The cores the guest's runtime does not run now (not one that waits for
 * the write its load read), a mask. */
static uint64_t cores_waiting(const struct machine *m)
{
    uint64_t waiting = 0;
    for (unsigned i = 0; i < m->ncores; i++)
        if (m->cores[i].state != CORE_RUNNING && m->cores[i].state != CORE_AWAITS_WRITE)
            waiting |= 1ull << i;
    return waiting;
}

/* After system call nr on core c.  A call of the runtime that decides which
 * cores run (a thread's start, a join, a wait, a wake, a barrier)
 * synchronises: the caller, and every core that was not running (one the
 * call started or woke), see every write so far (a core still waiting is
 * synchronised again when it is woken).  The others (sim_cpu_id, write)
 * order the caller's accesses as a full barrier, as they drain its store
 * buffer (memory-model.c). */
static void sync_views(struct run *r, const struct core *c, uint64_t nr, uint64_t waiting)
{
    enum guest_call_reach reach = guest_call_reach(r->m->cpu, nr);
    if (reach == REACH_OWN_CORE || reach == REACH_READS_MEMORY) {
        views_fence(&r->views, c->id, true, true, true);
        return;
    }
    uint64_t now_waiting = cores_waiting(r->m);
    for (unsigned i = 0; i < r->m->ncores; i++)
        if (i == c->id || ((waiting | now_waiting) >> i & 1))
            views_sync(&r->views, i);
}

/* What sinks may ask (control.h) -------------------------------------- */

static void stop(void *ctx)
{
    run_end_with(ctx, RUN_STOPPED);
}

static void cut(void *ctx)
{
    run_end_with(ctx, RUN_CUT);
}

static void spinning(void *ctx, unsigned core)
{
    struct run *r = ctx;
    if (sched_spinning(r->sched, core)) {
        LOG(LOG_SCHED, "step %" G_GUINT64_FORMAT ": cpu%u spins: its turn ends", r->steps, core);
        r->turn_left = 0;
    } else if (r->turn_unbounded && (r->sb.nonempty & ~(1ull << core))) {
        r->fairness_due = true;         /* the strategy keeps it running */
    }
}

/* The hooks ------------------------------------------------------------- */

static void on_syscall(struct run_core *rc)
{
    struct run *r = rc->run;
    struct core *c = rc->core;
    const struct cpu_ops *cpu = r->m->cpu;
    uint64_t nr, args[3];
    uc_err err = cpu->syscall_args(c->uc, &nr, args);
    if (err != UC_ERR_OK) {
        run_engine_failed(r, "read a system call's arguments", err);
        run_stop_engine(r, c);
        return;
    }
    struct guest_outcome out;
    uint64_t waiting = r->views.on ? cores_waiting(r->m) : 0;
    int64_t result = guest_call(r->m, c, nr, args, &out);
    if (out.draws)
        result = (int64_t)rc->drawn;
    act_on(r, rc, &out);
    g_free(out.check_failed);
    if (r->views.on)
        sync_views(r, c, nr, waiting);
    err = cpu->syscall_return(c->uc, result);
    if (err != UC_ERR_OK)
        run_engine_failed(r, "return from a system call", err);
    if (c->state != CORE_RUNNING || r->stopping)
        run_stop_engine(r, c);
}

static void on_interrupt(uc_engine *uc, uint32_t intno, void *data)
{
    (void)uc;
    struct run_core *rc = data;
    struct run *r = rc->run;
    const struct cpu_ops *cpu = r->m->cpu;
    if ((int)intno == cpu->syscall_intno) {
        on_syscall(rc);
        return;
    }
    run_fault(r, g_strdup_printf("%s (trap %u)", cpu->trap_name(intno), intno));
    run_stop_engine(r, rc->core);
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
    struct run_core *rc = data;
    rc->fault_type = type;
    rc->fault_addr = addr;
    return false;
}

static uc_err attach_hooks(struct run_core *rc)
{
    const struct machine *m = rc->run->m;
    const struct cpu_ops *cpu = m->cpu;
    uc_engine *uc = rc->core->uc;
    uc_hook *h = rc->hooks;
    uc_err err = uc_hook_add(uc, &h[rc->nhooks++], UC_HOOK_CODE, (void *)perform_on_code, rc,
                             m->code.lo, m->code.hi - 1);
    if (err == UC_ERR_OK)
        err = uc_hook_add(uc, &h[rc->nhooks++], UC_HOOK_INTR, (void *)on_interrupt, rc, 1, 0);
    if (err == UC_ERR_OK && cpu->syscall_insn >= 0)
        err = uc_hook_add(uc, &h[rc->nhooks++], UC_HOOK_INSN, (void *)on_syscall_insn, rc, 1,
                          0, cpu->syscall_insn);
    if (err == UC_ERR_OK)
        err = uc_hook_add(uc, &h[rc->nhooks++], UC_HOOK_MEM_INVALID, (void *)on_bad_access, rc,
                          1, 0);
    if (err != UC_ERR_OK)
        rc->nhooks--;           /* the one that failed was not added */
    return err;
}

struct run *run_new(struct machine *m, GError **error)
{
    g_autoptr(run) r = g_new0(struct run, 1);
    r->m = m;
    views_init(&r->views, m);
    for (unsigned i = 0; i < m->ncores; i++) {
        struct run_core *rc = &r->cores[i];
        rc->run = r;
        rc->core = &m->cores[i];
        rc->line = g_string_new(NULL);
        uc_err err = attach_hooks(rc);
        if (err != UC_ERR_OK) {
            g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_RESOURCE,
                        "%s: cannot hook core %u's engine: %s", m->img->path, i,
                        uc_strerror(err));
            return NULL;
        }
    }
    r->control = (struct run_control){ .run = r, .report = report, .print = print_line,
                                       .stop = stop, .cut = cut, .spinning = spinning,
                                       .monitor = &r->monitor, .buffers = &r->sb };
    return g_steal_pointer(&r);
}

/* The loop -------------------------------------------------------------- */

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

/* The engine of rc's core stopped with an error: say what the core did. */
static void describe_fault(struct run *r, const struct run_core *rc, uc_err err)
{
    if (r->fault != NULL)
        return;         /* the interrupt hook named it */
    if (rc->fault_type >= 0)
        r->fault = g_strdup_printf("%s 0x%" G_GINT64_MODIFIER "x", access_name(rc->fault_type),
                                   rc->fault_addr);
    else if (err == UC_ERR_INSN_INVALID)
        r->fault = g_strdup("illegal instruction");
    else
        r->fault = g_strdup(uc_strerror(err));
}

/* Has every core ended, or waits for a thread it will never be given? */
static bool all_exited(const struct machine *m)
{
    for (unsigned i = 0; i < m->ncores; i++)
        if (m->cores[i].state != CORE_EXITED && !guest_core_idle(&m->cores[i]))
            return false;
    return true;
}

/* No core can run.  If some wait in a mutex, a join, a condition ... for
 * what no core will do, or loop forever (run-spin.c), that is a finding:
 * which waits for what.  A core whose loop reads no shared memory hangs,
 * whatever the others do. */
static void no_core_can_run(struct run *r)
{
    bool hang;
    g_autofree char *spins = spin_describe(r, &hang);
    g_autofree char *waits = guest_describe_waits(r->m);
    if (waits == NULL && spins == NULL) {
        run_end_with(r, RUN_DEADLOCK);
        return;
    }
    const struct core *c = spins != NULL ? &r->m->cores[__builtin_ctzll(r->spinning)]
                                         : guest_first_waiting(r->m);
    g_autofree char *text = g_strdup_printf("%s: %s%s%s", hang ? "hang" : "deadlock",
                                            spins ? spins : "", spins && waits ? "; " : "",
                                            waits ? waits : "");
    struct finding f = { .kind = hang ? FINDING_HANG : FINDING_DEADLOCK, .core = c->id,
                         .text = text, .pc = spins != NULL ? c->pc : c->last_pc,
                         .message = text };
    report(r, &f);
    run_end_with(r, RUN_STOPPED);
}

/* Everything a run starts from: the machine reset, no findings, each core's
 * run state fresh; then the sinks begin. */
static void start(struct run *r, struct sched *s, const struct run_options *opt)
{
    struct machine *m = r->m;
    run_clear(r);
    r->sched = s;
    r->opt = opt;
    r->steps = r->insns = 0;
    r->insn_check = MIN(opt->max_insns, RUN_CHECK_INSNS);
    r->preemptions = 0;
    r->predicted = false;
    r->spinning = 0;
    r->ignored = 0;
    r->preempted = r->held = r->stopping = r->turn_unbounded = r->fairness_due = false;
    r->turn_left = 0;
    r->next_core = -1;
    r->end = RUN_DONE;
    r->fault_core = 0;
    r->nondet_seed = opt->fault_seed;
    r->nondet_used = r->nondet_bits = false;
    r->report_only = opt->report_only;
    r->quiet_budget = opt->report_only != REPORT_ALL;
    r->cores_needed = 0;
    findings_init(&r->found);
    if (r->turns == NULL)
        r->turns = g_array_new(FALSE, FALSE, sizeof(struct sched_turn));
    rng_seed(&r->fault_rand, opt->fault_seed);
    /* A fixed schedule (pinned, replayed, a search node) already holds
     * every switch: neither injection nor delay-holder adds one. */
    bool fixed = sched_fixed(s);
    r->inject = fixed ? 0 : opt->inject;
    r->delay_holder = fixed ? 0 : opt->delay_holder;
    uc_err err = machine_reset(m);
    if (err != UC_ERR_OK)
        run_engine_failed(r, "reset a core", err);
    guest_reset(m);
    if (opt->lock_table_size) {
        const struct symbol *size = image_find_symbol(m->img, LOCK_TABLE_SIZE_SYMBOL);
        machine_write(m, size->addr, 4, opt->lock_table_size);
    }
    for (unsigned i = 0; i < m->ncores; i++) {
        struct run_core *rc = &r->cores[i];
        rc->resuming = rc->has_pending = rc->split_loaded = rc->restore = false;
        rc->last_load = UINT64_MAX;
        rc->delayed_until = 0;
        rc->nondet_calls = 0;
        spin_reset(rc);
        taint_reset(&rc->taint);
        g_string_truncate(rc->line, 0);
        rc->fault_type = -1;
        rc->fault_addr = 0;
    }
    r->watch = UINT64_MAX;
    for (unsigned i = 0; i < opt->nsinks; i++) {
        if (opt->sinks[i].reached == NULL)
            continue;
        g_assert(r->watch == UINT64_MAX || r->watch == opt->sinks[i].watch);
        r->watch = opt->sinks[i].watch;
    }
    r->memory = opt->memory;
    r->model = memory_model_get(opt->memory);
    store_buffers_reset(&r->sb, m, r->model->reorders);
    views_reset(&r->views, r->model->views);
    sched_reset(s);
    monitor_reset(&r->monitor, opt->monitor, m->cpu->exclusive_granule, m->ncores);
    state_reset(r);
    for (unsigned i = 0; i < opt->nsinks; i++)
        if (opt->sinks[i].begin)
            opt->sinks[i].begin(opt->sinks[i].ctx, &r->control);
}

/* The probe's budget: enough to see what a program writes. */
#define PROBE_STEPS 100000

/* Before a hunt's first seeded run under a model with views, one run of
 * the program round-robin, quietly, learns the values each location is
 * written with (views_learn): the values random's loads may read from
 * writes still to come (sched_predicted).  It depends on the program and
 * options only, so every thread of a hunt learns the same, whatever
 * --jobs. */
static void probe(struct run *r, const struct run_options *opt)
{
    r->probed = true;
    g_autoptr(sched) rr = sched_new("rr:1", 0, r->m->ncores, NULL);
    struct run_options quiet = *opt;
    quiet.sinks = NULL;
    quiet.nsinks = 0;
    quiet.out = NULL;
    quiet.max_steps = MIN(opt->max_steps, PROBE_STEPS);
    quiet.predict_reads = false;
    views_learn(&r->views, true);
    run_program(r, rr, &quiet);
    views_learn(&r->views, false);
    run_clear(r);
}

void run_program(struct run *r, struct sched *s, const struct run_options *opt)
{
    struct machine *m = r->m;
    if (!r->probed && opt->predict_reads && sched_seeded(s) &&
        memory_model_get(opt->memory)->views)
        probe(r, opt);
    start(r, s, opt);
    /* No instruction lives at the highest address: run until stopped. */
    uint64_t until = m->cpu->word_size == 4 ? 0xffffffffull : UINT64_MAX;
    int current = -1;
    while (!r->stopping) {
        int next = r->next_core;
        r->next_core = -1;
        if (next < 0) {
            if (all_exited(m))
                break;
            /* cores that wait for a write may be woken by a drain */
            if (machine_running(m) == 0 && !run_awaits_write(r) &&
                !(r->spinning && r->sb.nonempty)) {
                no_core_can_run(r);
                break;
            }
            next = (int)step_choose_next(r, current);
            if (r->end == RUN_DEADLOCK) {
                no_core_can_run(r);
                break;
            }
            if (r->stopping)
                break;          /* the strategy, or a sink at a drain, ended it */
        }
        if (current >= 0 && current != next)
            monitor_switch_out(&r->monitor, (unsigned)current);
        current = next;
        struct run_core *rc = &r->cores[next];
        struct core *c = rc->core;
        if (run_buffers_stores(r))
            store_buffers_enter(&r->sb, c->id);
        uc_err err = uc_emu_start(c->uc, c->pc, until, 0, 0);
        if (run_buffers_stores(r))
            store_buffers_leave(&r->sb);
        if (!rc->resuming)
            c->pc = run_reg(r, c, m->cpu->reg_pc);
        if (err != UC_ERR_OK) {
            rc->has_pending = false;    /* its instruction faulted */
            perform_restore(r, rc);
            describe_fault(r, rc, err);
            run_end_with(r, RUN_FAULT);
        } else if (r->fault != NULL) {
            run_end_with(r, RUN_FAULT);
        }
        if (r->end == RUN_FAULT || r->end == RUN_NO_CORE)
            r->fault_core = (int)c->id;
    }
    /* a value a load read that no write gave: no execution, whatever
     * happened after it (the architecture never runs it) */
    if (run_awaits_write(r) && r->end != RUN_CUT)
        r->end = RUN_UNFULFILLED;
    flush_guest_output(r);
    for (unsigned i = 0; i < opt->nsinks; i++)
        if (opt->sinks[i].end)
            opt->sinks[i].end(opt->sinks[i].ctx);
    if (r->end == RUN_UNFULFILLED)
        findings_clear(&r->found);
    r->opt = NULL;              /* the caller's, and perhaps gone */
}

void run_clear(struct run *r)
{
    findings_clear(&r->found);
    if (r->turns)
        g_array_set_size(r->turns, 0);         /* kept for the next run */
    g_free(r->schedule);
    r->schedule = NULL;
    g_free(r->fault);
    r->fault = NULL;
}

void run_free(struct run *r)
{
    if (r == NULL)
        return;
    run_clear(r);
    views_clear(&r->views);
    if (r->turns)
        g_array_unref(r->turns);
    for (unsigned i = 0; i < ATOMSIM_MAX_CORES; i++) {
        struct run_core *rc = &r->cores[i];
        /* a hook that cannot be taken off stays, and the machine must
         * not run again: nothing else can be done */
        for (unsigned k = 0; k < rc->nhooks; k++)
            if (uc_hook_del(rc->core->uc, rc->hooks[k]) != UC_ERR_OK)
                g_warning("cannot take a hook off core %u's engine", rc->core->id);
        if (rc->line)
            g_string_free(rc->line, TRUE);
    }
    g_free(r);
}
