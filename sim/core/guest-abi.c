/* guest-abi.c — see guest-abi.h. */
#include <errno.h>
#include <string.h>

#include "atomsim-abi.h"
#include "guest-abi.h"

#define GUEST_STRING_MAX 512

/* Each call's handler: the result, or -errno. */
typedef int64_t call_fn(struct machine *m, struct core *c, const uint64_t args[3],
                        struct guest_outcome *out);

/* write(fd, buf, len): the bytes go to the run's output. */
static int64_t call_write(struct machine *m, struct core *c, const uint64_t args[3],
                          struct guest_outcome *out)
{
    (void)c;
    uint64_t fd = args[0], buf = args[1], len = args[2];
    if (fd != 1 && fd != 2)
        return -EBADF;
    const char *p = machine_guest_ptr(m, buf, len);
    if (p == NULL)
        return -EFAULT;
    out->output = p;
    out->output_len = len;
    return (int64_t)len;
}

/* A NUL-terminated string from guest memory (to free). */
static char *guest_string(struct machine *m, uint64_t addr)
{
    GString *s = g_string_new(NULL);
    for (size_t i = 0; i < GUEST_STRING_MAX; i++) {
        const char *p = machine_guest_ptr(m, addr + i, 1);
        if (p == NULL || *p == '\0')
            break;
        g_string_append_c(s, *p);
    }
    return g_string_free(s, FALSE);
}

/* SIM_WAIT_* of a waiting core. */
static unsigned wait_kind(const struct core *c)
{
    return (unsigned)(c->wait_what & ((1u << SIM_WAIT_DETAIL_SHIFT) - 1));
}

/* Does core c wait for work: a core of a threaded program not yet given a
 * thread? */
bool guest_core_idle(const struct core *c)
{
    return c->state == CORE_WAITING && wait_kind(c) == SIM_WAIT_IDLE;
}

/* sim_barrier: the cores meet once every core still running has arrived
 * (a core blocked in a wait may run again; an idle one never arrives). */
static void barrier_release_if_complete(struct machine *m)
{
    for (unsigned i = 0; i < m->ncores; i++) {
        const struct core *c = &m->cores[i];
        if (c->state == CORE_RUNNING || c->state == CORE_AWAITS_WRITE ||
            (c->state == CORE_WAITING && !guest_core_idle(c)))
            return;
    }
    for (unsigned i = 0; i < m->ncores; i++)
        if (m->cores[i].state == CORE_AT_BARRIER)
            m->cores[i].state = CORE_RUNNING;
}

static void core_exit(struct machine *m, struct core *c, int code, struct guest_outcome *out)
{
    if (c->state == CORE_EXITED)
        return;
    c->state = CORE_EXITED;
    c->exit_code = code;
    out->exited |= 1ull << c->id;
    /* its joiners go on */
    for (unsigned i = 0; i < m->ncores; i++) {
        struct core *j = &m->cores[i];
        if (j->state == CORE_WAITING && wait_kind(j) == SIM_WAIT_JOIN &&
            j->wait_what >> SIM_WAIT_DETAIL_SHIFT == c->id)
            j->state = CORE_RUNNING;
    }
    if (m->atomic_core == (int)c->id)
        m->atomic_core = -1;
    barrier_release_if_complete(m);
}

/* exit_group: every core ends with the code; only the caller's exit is its
 * own (a finding if non-zero). */
static void every_core_exits(struct machine *m, struct core *c, int code,
                             struct guest_outcome *out)
{
    for (unsigned i = 0; i < m->ncores; i++)
        core_exit(m, &m->cores[i], code, out);
    out->exited &= 1ull << c->id;
}

void guest_end_program(struct machine *m, int code)
{
    struct guest_outcome ignored = { 0 };
    for (unsigned i = 0; i < m->ncores; i++)
        core_exit(m, &m->cores[i], code, &ignored);
}

/* SIM_SYS_WAIT: block unless the 32-bit word at addr has changed (Linux's
 * futex_wait rule: the check and the sleep are one step, so a wake between
 * the caller's look at the word and its wait is never lost). */
static int64_t call_wait(struct machine *m, struct core *c, const uint64_t args[3],
                         struct guest_outcome *out)
{
    (void)out;
    uint64_t addr = args[0], expected = args[1], what = args[2];
    if (addr % 4 != 0 || machine_guest_ptr(m, addr, 4) == NULL)
        return -EFAULT;
    if ((uint32_t)machine_read(m, addr, 4) != (uint32_t)expected)
        return -EAGAIN;
    c->state = CORE_WAITING;
    c->wait_addr = addr;
    c->wait_what = what;
    if (m->atomic_core == (int)c->id)
        m->atomic_core = -1;    /* a blocked core lets the others run */
    barrier_release_if_complete(m);
    return 0;
}

/* SIM_SYS_WAKE: up to count waiters on addr run again, the lowest cores
 * first. */
static int64_t call_wake(struct machine *m, struct core *c, const uint64_t args[3],
                         struct guest_outcome *out)
{
    (void)c, (void)out;
    uint64_t addr = args[0], count = args[1];
    int64_t woken = 0;
    for (unsigned i = 0; i < m->ncores && (uint64_t)woken < count; i++) {
        struct core *waiter = &m->cores[i];
        if (waiter->state == CORE_WAITING && waiter->wait_addr == addr) {
            waiter->state = CORE_RUNNING;
            woken++;
        }
    }
    return woken;
}

/* SIM_SYS_THREAD_NEW: the next core, in order, or none (the run ends: the
 * caller's outcome says how many cores the program needs). */
static int64_t call_thread_new(struct machine *m, struct core *c, const uint64_t args[3],
                               struct guest_outcome *out)
{
    (void)c;
    uint64_t caller = args[0];
    if (m->threads >= m->ncores) {
        out->cores_needed = m->threads + 1;
        out->check_pc = caller;
        return -EAGAIN;
    }
    return m->threads++;
}

/* SIM_SYS_THREAD_START: the core THREAD_NEW gave, which has not run, runs
 * a function with an argument. */
static int64_t call_thread_start(struct machine *m, struct core *c, const uint64_t args[3],
                                 struct guest_outcome *out)
{
    (void)c, (void)out;
    uint64_t core = args[0];
    if (core == 0 || core >= m->threads || !guest_core_idle(&m->cores[core]))
        return -EINVAL;
    m->cores[core].state = CORE_RUNNING;
    m->cores[core].thread_fn = args[1];
    m->cores[core].thread_arg = args[2];
    return 0;
}

/* SIM_SYS_THREAD_ROUTINE: the calling thread's function (0) or argument
 * (1), given before it ran: no other core's step changes them. */
static int64_t call_thread_routine(struct machine *m, struct core *c, const uint64_t args[3],
                                   struct guest_outcome *out)
{
    (void)m, (void)out;
    return (int64_t)(args[0] == 0 ? c->thread_fn : c->thread_arg);
}

/* SIM_SYS_THREAD_EXIT: the thread ends with a result. */
static int64_t call_thread_exit(struct machine *m, struct core *c, const uint64_t args[3],
                                struct guest_outcome *out)
{
    c->thread_result = args[0];
    core_exit(m, c, 0, out);
    return 0;
}

/* SIM_SYS_THREAD_RESULT: the result of the thread on a core, which a join
 * of the calling core's has seen end (pthread_join calls it only then):
 * no other core's step changes it. */
static int64_t call_thread_result(struct machine *m, struct core *c, const uint64_t args[3],
                                  struct guest_outcome *out)
{
    (void)c, (void)out;
    uint64_t core = args[0];
    if (core >= m->ncores || m->cores[core].state != CORE_EXITED)
        return -EINVAL;
    return (int64_t)m->cores[core].thread_result;
}

/* SIM_SYS_JOIN: the caller waits until the core has ended (at once if it
 * has). */
static int64_t call_join(struct machine *m, struct core *c, const uint64_t args[3],
                         struct guest_outcome *out)
{
    (void)out;
    uint64_t core = args[0];
    if (core >= m->ncores || core == c->id)
        return -EINVAL;
    if (m->cores[core].state == CORE_EXITED)
        return 0;
    c->state = CORE_WAITING;
    c->wait_addr = 0;
    c->wait_what = SIM_WAIT_JOIN | (uint64_t)core << SIM_WAIT_DETAIL_SHIFT;
    if (m->atomic_core == (int)c->id)
        m->atomic_core = -1;    /* a blocked core lets the others run */
    barrier_release_if_complete(m);
    return 0;
}

void guest_reset(struct machine *m)
{
    /* a threaded program's other cores wait for a thread, not yet run */
    if (image_find_symbol(m->img, GUEST_THREADS_SYMBOL) == NULL)
        return;
    for (unsigned i = 1; i < m->ncores; i++) {
        m->cores[i].state = CORE_WAITING;
        m->cores[i].wait_what = SIM_WAIT_IDLE;
    }
}

static int64_t call_exit(struct machine *m, struct core *c, const uint64_t args[3],
                         struct guest_outcome *out)
{
    core_exit(m, c, (int)(args[0] & 0xff), out);
    return 0;
}

static int64_t call_exit_group(struct machine *m, struct core *c, const uint64_t args[3],
                               struct guest_outcome *out)
{
    every_core_exits(m, c, (int)(args[0] & 0xff), out);
    return 0;
}

static int64_t call_cpu_id(struct machine *m, struct core *c, const uint64_t args[3],
                           struct guest_outcome *out)
{
    (void)m, (void)args, (void)out;
    return c->id;
}

static int64_t call_ncpus(struct machine *m, struct core *c, const uint64_t args[3],
                          struct guest_outcome *out)
{
    (void)c, (void)args, (void)out;
    return m->ncores;
}

static int64_t call_barrier(struct machine *m, struct core *c, const uint64_t args[3],
                            struct guest_outcome *out)
{
    (void)args, (void)out;
    c->state = CORE_AT_BARRIER;
    barrier_release_if_complete(m);
    return 0;
}

static int64_t call_check_failed(struct machine *m, struct core *c, const uint64_t args[3],
                                 struct guest_outcome *out)
{
    (void)c;
    out->check_failed = guest_string(m, args[0]);
    out->check_pc = args[1];
    return 0;
}

static int64_t call_abort(struct machine *m, struct core *c, const uint64_t args[3],
                          struct guest_outcome *out)
{
    call_check_failed(m, c, args, out);
    out->aborted = true;
    guest_end_program(m, GUEST_ABORT_STATUS);  /* the finding is the abort */
    return 0;
}

static int64_t call_atomic(struct machine *m, struct core *c, const uint64_t args[3],
                           struct guest_outcome *out)
{
    (void)out;
    m->atomic_core = args[0] ? (int)c->id : -1;
    return 0;
}

static int64_t call_nondet(struct machine *m, struct core *c, const uint64_t args[3],
                           struct guest_outcome *out)
{
    (void)m, (void)c;
    (void)args;
    out->draws = true;
    return 0;
}

static int64_t call_assume(struct machine *m, struct core *c, const uint64_t args[3],
                           struct guest_outcome *out)
{
    (void)c, (void)args;
    out->assume_failed = true;
    guest_end_program(m, 0);
    return 0;
}

/* The calls a guest makes, listed once: the number (Linux's calls have the
 * cpu's numbers, atomsim's own the same on all), the name, what the call
 * reaches beyond its own core, whether it is quiet (changes nothing another
 * core could see) and its handler.  A wait reads its word and a wake decides
 * which cores run. */
#define GUEST_CALLS(X)                                                                   \
    X(WRITE, cpu->sys_write, "write", REACH_READS_MEMORY, false, call_write)             \
    X(EXIT, cpu->sys_exit, "exit", REACH_SCHEDULE, false, call_exit)                     \
    X(EXIT_GROUP, cpu->sys_exit_group, "exit_group", REACH_SCHEDULE, false,              \
      call_exit_group)                                                                   \
    X(CPU_ID, SIM_SYS_CPU_ID, "sim_cpu_id", REACH_OWN_CORE, true, call_cpu_id)           \
    X(NCPUS, SIM_SYS_NCPUS, "sim_ncpus", REACH_OWN_CORE, true, call_ncpus)               \
    X(BARRIER, SIM_SYS_BARRIER, "sim_barrier", REACH_SCHEDULE, false, call_barrier)      \
    X(CHECK_FAIL, SIM_SYS_CHECK_FAIL, "sim_check_failed", REACH_READS_MEMORY, false,     \
      call_check_failed)                                                                 \
    X(ABORT, SIM_SYS_ABORT, "abort", REACH_SCHEDULE, false, call_abort)                  \
    X(THREAD_NEW, SIM_SYS_THREAD_NEW, "pthread_create", REACH_THREADS, false,            \
      call_thread_new)                                                                   \
    X(WAIT, SIM_SYS_WAIT, "wait", REACH_WAIT, false, call_wait)                          \
    X(WAKE, SIM_SYS_WAKE, "wake", REACH_WAKE, false, call_wake)                          \
    X(ATOMIC, SIM_SYS_ATOMIC, "atomic section", REACH_ATOMIC, true, call_atomic)         \
    X(NONDET, SIM_SYS_NONDET, "nondet", REACH_OWN_CORE, true, call_nondet)               \
    X(CHOOSE, SIM_SYS_CHOOSE, "sim_choose", REACH_OWN_CORE, true, call_nondet)           \
    X(THREAD_START, SIM_SYS_THREAD_START, "thread start", REACH_THREADS, false,          \
      call_thread_start)                                                                 \
    X(JOIN, SIM_SYS_JOIN, "join", REACH_JOIN, false, call_join)                          \
    X(THREAD_ROUTINE, SIM_SYS_THREAD_ROUTINE, "thread routine", REACH_OWN_CORE, true,    \
      call_thread_routine)                                                               \
    X(THREAD_EXIT, SIM_SYS_THREAD_EXIT, "thread exit", REACH_SCHEDULE, false,            \
      call_thread_exit)                                                                  \
    X(THREAD_RESULT, SIM_SYS_THREAD_RESULT, "thread result", REACH_OWN_CORE, true,       \
      call_thread_result)                                                                \
    X(ASSUME, SIM_SYS_ASSUME, "assume", REACH_SCHEDULE, false, call_assume)

enum call {
#define CALL_ENUM(id, nr, name, reach, quiet, fn) CALL_##id,
    GUEST_CALLS(CALL_ENUM)
#undef CALL_ENUM
    CALL_UNKNOWN,
};

static const struct {
    const char *name;
    enum guest_call_reach reach;
    bool quiet;
    call_fn *fn;
} calls[] = {
#define CALL_ENTRY(id, nr, name, reach, quiet, fn) [CALL_##id] = { name, reach, quiet, fn },
    GUEST_CALLS(CALL_ENTRY)
#undef CALL_ENTRY
    [CALL_UNKNOWN] = { NULL, REACH_ANYTHING, false, NULL },
};

static enum call call_of(const struct cpu_ops *cpu, uint64_t nr)
{
#define CALL_MATCH(id, number, name, reach, quiet, fn) \
    if (nr == (uint64_t)(number))                      \
        return CALL_##id;
    GUEST_CALLS(CALL_MATCH)
#undef CALL_MATCH
    return CALL_UNKNOWN;
}

const char *guest_call_name(const struct cpu_ops *cpu, uint64_t nr)
{
    return calls[call_of(cpu, nr)].name;
}

enum guest_call_reach guest_call_reach(const struct cpu_ops *cpu, uint64_t nr)
{
    return calls[call_of(cpu, nr)].reach;
}

enum guest_draw guest_call_draws(const struct cpu_ops *cpu, uint64_t nr)
{
    enum call call = call_of(cpu, nr);
    return call == CALL_CHOOSE ? DRAW_CHOICE : call == CALL_NONDET ? DRAW_BITS : DRAW_NONE;
}

unsigned guest_call_domain(const struct machine *m, uint64_t nr, uint64_t arg,
                           uint64_t *values)
{
    enum call call = call_of(m->cpu, nr);
    if (call == CALL_CHOOSE) {
        for (unsigned i = 0; i < arg; i++)
            values[i] = i;
        return (unsigned)arg;
    }
    if (call != CALL_NONDET)
        return 0;
    uint64_t all = arg >= 64 ? UINT64_MAX : (1ull << arg) - 1;
    uint64_t candidates[GUEST_DOMAIN_MAX] = { 0, 1, all, all >> 1, (all >> 1) + 1 };
    unsigned ncandidates = 5;
    ncandidates += compared_values(&m->compared, (unsigned)arg, candidates + ncandidates,
                                   GUEST_DOMAIN_MAX - ncandidates);
    unsigned n = 0;
    for (unsigned i = 0; i < ncandidates; i++) {
        bool again = false;
        for (unsigned k = 0; k < n; k++)
            again |= values[k] == candidates[i];
        if (!again)
            values[n++] = candidates[i];
    }
    return n;
}

uint64_t guest_call_draw_arg(const struct cpu_ops *cpu, uint64_t nr, uint64_t arg)
{
    if (call_of(cpu, nr) == CALL_CHOOSE)
        return arg < 1 ? 1 : MIN(arg, SIM_CHOOSE_MAX);
    return arg == 0 || arg > 64 ? 64 : arg;
}

bool guest_call_quiet(const struct cpu_ops *cpu, uint64_t nr)
{
    return calls[call_of(cpu, nr)].quiet;
}

int64_t guest_call(struct machine *m, struct core *c, uint64_t nr, const uint64_t args[3],
                   struct guest_outcome *out)
{
    *out = (struct guest_outcome){ 0 };
    call_fn *fn = calls[call_of(m->cpu, nr)].fn;
    return fn != NULL ? fn(m, c, args, out) : -ENOSYS;
}

const struct core *guest_first_waiting(const struct machine *m)
{
    for (unsigned i = 0; i < m->ncores; i++)
        if (m->cores[i].state == CORE_WAITING && !guest_core_idle(&m->cores[i]))
            return &m->cores[i];
    return NULL;
}

/* " waits for mutex m1 (held by cpu2)" ...: what core c waits for. */
static void append_wait(GString *s, struct machine *m, const struct core *c)
{
    unsigned kind = wait_kind(c);
    uint64_t detail = c->wait_what >> SIM_WAIT_DETAIL_SHIFT;
    g_autofree char *name = image_name_addr(m->img, c->wait_addr);
    uint32_t word = (uint32_t)machine_read(m, c->wait_addr, 4);
    switch (kind) {
    case SIM_WAIT_JOIN:
        g_string_append_printf(s, " waits in pthread_join for the thread on cpu%" G_GUINT64_FORMAT,
                               detail);
        break;
    case SIM_WAIT_MUTEX:
        g_string_append_printf(s, " waits for mutex %s", name);
        if (word != 0 && word <= m->ncores)
            g_string_append_printf(s, " (held by cpu%u)", word - 1);
        break;
    case SIM_WAIT_COND:
        g_string_append_printf(s, " waits on condition variable %s", name);
        break;
    case SIM_WAIT_BARRIER:
        g_string_append_printf(s, " waits at barrier %s", name);
        break;
    case SIM_WAIT_ONCE:
        g_string_append_printf(s, " waits for pthread_once %s", name);
        break;
    case SIM_WAIT_SEM:
        g_string_append_printf(s, " waits on semaphore %s", name);
        break;
    default:
        g_string_append_printf(s, " waits on %s", name);
    }
}

char *guest_describe_wait(struct machine *m, const struct core *c)
{
    if (guest_core_idle(c))
        return g_strdup("waits for a thread");
    g_autoptr(GString) s = g_string_new(NULL);
    append_wait(s, m, c);
    return g_strdup(s->str + 1);        /* without append_wait's space */
}

char *guest_describe_waits(struct machine *m)
{
    if (guest_first_waiting(m) == NULL)
        return NULL;
    GString *s = g_string_new(NULL);
    for (unsigned i = 0; i < m->ncores; i++) {
        const struct core *c = &m->cores[i];
        if (c->state == CORE_EXITED || c->state == CORE_SPINS || guest_core_idle(c))
            continue;
        if (s->len > 0)
            g_string_append(s, "; ");
        g_string_append_printf(s, "cpu%u", i);
        if (c->state == CORE_WAITING)
            append_wait(s, m, c);
        else
            g_string_append(s, " waits at sim_barrier");
    }
    return g_string_free(s, FALSE);
}
