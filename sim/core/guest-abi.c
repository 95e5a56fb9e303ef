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

/* sim_barrier: the cores meet once every core still running has arrived. */
static void barrier_release_if_complete(struct machine *m)
{
    for (unsigned i = 0; i < m->ncores; i++)
        if (m->cores[i].state == CORE_RUNNING)
            return;
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
    barrier_release_if_complete(m);
}

/* The calls a guest makes, whatever their numbers on its cpu. */
enum call {
    CALL_WRITE, CALL_EXIT, CALL_EXIT_GROUP,
    CALL_CPU_ID, CALL_NCPUS, CALL_BARRIER, CALL_CHECK_FAIL,
    CALL_UNKNOWN,
};

static const struct {
    const char *name;
    enum guest_call_reach reach;
} calls[] = {
    [CALL_WRITE] = { "write", REACH_READS_MEMORY },
    [CALL_EXIT] = { "exit", REACH_SCHEDULE },
    [CALL_EXIT_GROUP] = { "exit_group", REACH_SCHEDULE },
    [CALL_CPU_ID] = { "sim_cpu_id", REACH_OWN_CORE },
    [CALL_NCPUS] = { "sim_ncpus", REACH_OWN_CORE },
    [CALL_BARRIER] = { "sim_barrier", REACH_SCHEDULE },
    [CALL_CHECK_FAIL] = { "sim_check_failed", REACH_READS_MEMORY },
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
        for (unsigned i = 0; i < m->ncores; i++)
            core_exit(m, &m->cores[i], (int)(args[0] & 0xff), out);
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
    default:
        return -ENOSYS;
    }
}
