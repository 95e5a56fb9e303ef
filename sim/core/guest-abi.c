/* guest-abi.c — see guest-abi.h. */
#include <errno.h>
#include <string.h>

#include "atomsim-abi.h"
#include "guest-abi.h"

#define GUEST_STRING_MAX 512

static int64_t guest_write(struct machine *m, uint64_t fd, uint64_t buf, uint64_t len,
                           struct guest_outcome *out)
{
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
        if (c->state == CORE_RUNNING || (c->state == CORE_WAITING && !guest_core_idle(c)))
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
static int64_t wait_on(struct machine *m, struct core *c, uint64_t addr, uint64_t expected,
                       uint64_t what)
{
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
static int64_t wake(struct machine *m, uint64_t addr, uint64_t count)
{
    int64_t woken = 0;
    for (unsigned i = 0; i < m->ncores && (uint64_t)woken < count; i++) {
        struct core *c = &m->cores[i];
        if (c->state == CORE_WAITING && c->wait_addr == addr) {
            c->state = CORE_RUNNING;
            woken++;
        }
    }
    return woken;
}

/* SIM_SYS_THREAD_NEW: the next core, in order, or none (the run ends: the
 * caller's outcome says how many cores the program needs). */
static int64_t thread_new(struct machine *m, uint64_t caller, struct guest_outcome *out)
{
    if (m->threads >= m->ncores) {
        out->cores_needed = m->threads + 1;
        out->check_pc = caller;
        return -EAGAIN;
    }
    return m->threads++;
}

/* The calls a guest makes, whatever their numbers on its cpu. */
enum call {
    CALL_WRITE, CALL_EXIT, CALL_EXIT_GROUP,
    CALL_CPU_ID, CALL_NCPUS, CALL_BARRIER, CALL_CHECK_FAIL, CALL_ABORT,
    CALL_THREAD_NEW, CALL_WAIT, CALL_WAKE, CALL_ATOMIC, CALL_NONDET, CALL_ASSUME,
    CALL_UNKNOWN,
};

static const struct {
    const char *name;
    enum guest_call_reach reach;
    bool quiet;                 /* changes nothing another core could see */
} calls[] = {
    [CALL_WRITE] = { "write", REACH_READS_MEMORY },
    [CALL_EXIT] = { "exit", REACH_SCHEDULE },
    [CALL_EXIT_GROUP] = { "exit_group", REACH_SCHEDULE },
    [CALL_CPU_ID] = { "sim_cpu_id", REACH_OWN_CORE, true },
    [CALL_NCPUS] = { "sim_ncpus", REACH_OWN_CORE, true },
    [CALL_BARRIER] = { "sim_barrier", REACH_SCHEDULE },
    [CALL_CHECK_FAIL] = { "sim_check_failed", REACH_READS_MEMORY },
    [CALL_ABORT] = { "abort", REACH_SCHEDULE },
    [CALL_THREAD_NEW] = { "pthread_create", REACH_SCHEDULE },
    /* a wait reads its word, a wake decides which cores run */
    [CALL_WAIT] = { "wait", REACH_ANYTHING },
    [CALL_WAKE] = { "wake", REACH_SCHEDULE },
    [CALL_ATOMIC] = { "atomic section", REACH_SCHEDULE, true },
    [CALL_NONDET] = { "nondet", REACH_OWN_CORE, true },
    [CALL_ASSUME] = { "assume", REACH_SCHEDULE },
    [CALL_UNKNOWN] = { NULL, REACH_ANYTHING },
};

/* Linux's calls have the cpu's numbers; atomsim's own are the same on all. */
static enum call call_of(const struct cpu_ops *cpu, uint64_t nr)
{
    if (nr == cpu->sys_write)
        return CALL_WRITE;
    if (nr == cpu->sys_exit)
        return CALL_EXIT;
    if (nr == cpu->sys_exit_group)
        return CALL_EXIT_GROUP;
    switch (nr) {
    case SIM_SYS_CPU_ID: return CALL_CPU_ID;
    case SIM_SYS_NCPUS: return CALL_NCPUS;
    case SIM_SYS_BARRIER: return CALL_BARRIER;
    case SIM_SYS_CHECK_FAIL: return CALL_CHECK_FAIL;
    case SIM_SYS_ABORT: return CALL_ABORT;
    case SIM_SYS_THREAD_NEW: return CALL_THREAD_NEW;
    case SIM_SYS_WAIT: return CALL_WAIT;
    case SIM_SYS_WAKE: return CALL_WAKE;
    case SIM_SYS_ATOMIC: return CALL_ATOMIC;
    case SIM_SYS_NONDET: return CALL_NONDET;
    case SIM_SYS_ASSUME: return CALL_ASSUME;
    default: return CALL_UNKNOWN;
    }
}

const char *guest_call_name(const struct cpu_ops *cpu, uint64_t nr)
{
    return calls[call_of(cpu, nr)].name;
}

enum guest_call_reach guest_call_reach(const struct cpu_ops *cpu, uint64_t nr)
{
    return calls[call_of(cpu, nr)].reach;
}

bool guest_call_quiet(const struct cpu_ops *cpu, uint64_t nr)
{
    return calls[call_of(cpu, nr)].quiet;
}

int64_t guest_call(struct machine *m, struct core *c, uint64_t nr, const uint64_t args[3],
                   struct guest_outcome *out)
{
    *out = (struct guest_outcome){ 0 };
    switch (call_of(m->cpu, nr)) {
    case CALL_WRITE:
        return guest_write(m, args[0], args[1], args[2], out);
    case CALL_EXIT:
        core_exit(m, c, (int)(args[0] & 0xff), out);
        return 0;
    case CALL_EXIT_GROUP:
        every_core_exits(m, c, (int)(args[0] & 0xff), out);
        return 0;
    case CALL_CPU_ID:
        return c->id;
    case CALL_NCPUS:
        return m->ncores;
    case CALL_BARRIER:
        c->state = CORE_AT_BARRIER;
        barrier_release_if_complete(m);
        return 0;
    case CALL_CHECK_FAIL:
        out->check_failed = guest_string(m, args[0]);
        out->check_pc = args[1];
        return 0;
    case CALL_ABORT:
        out->check_failed = guest_string(m, args[0]);
        out->check_pc = args[1];
        out->aborted = true;
        guest_end_program(m, GUEST_ABORT_STATUS);  /* the finding is the abort */
        return 0;
    case CALL_THREAD_NEW:
        return thread_new(m, args[0], out);
    case CALL_WAIT:
        return wait_on(m, c, args[0], args[1], args[2]);
    case CALL_WAKE:
        return wake(m, args[0], args[1]);
    case CALL_ATOMIC:
        m->atomic_core = args[0] ? (int)c->id : -1;
        return 0;
    case CALL_NONDET:
        out->nondet_bits = args[0] == 0 || args[0] > 64 ? 64 : (unsigned)args[0];
        return 0;
    case CALL_ASSUME:
        out->assume_failed = true;
        guest_end_program(m, 0);
        return 0;
    default:
        return -ENOSYS;
    }
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

char *guest_describe_waits(struct machine *m)
{
    if (guest_first_waiting(m) == NULL)
        return NULL;
    GString *s = g_string_new(NULL);
    for (unsigned i = 0; i < m->ncores; i++) {
        const struct core *c = &m->cores[i];
        if (c->state == CORE_EXITED || guest_core_idle(c))
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
