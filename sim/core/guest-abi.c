/* guest-abi.c — see guest-abi.h. */
#include <errno.h>
#include <string.h>

#include "atomsim-abi.h"
#include "guest-abi.h"

#define GUEST_STRING_MAX 512

/* Guest output, a line at a time, each line marked with its core. */
static void emit_lines(struct run *r, struct core *c)
{
    char *nl;
    while ((nl = memchr(c->line->str, '\n', c->line->len)) != NULL) {
        size_t n = (size_t)(nl - c->line->str);
        fprintf(r->opt->out, "cpu%u: %.*s\n", c->id, (int)n, c->line->str);
        g_string_erase(c->line, 0, (gssize)n + 1);
    }
}

void guest_flush_output(struct run *r)
{
    for (unsigned i = 0; i < r->m->ncores; i++) {
        struct core *c = &r->m->cores[i];
        if (c->line->len > 0)
            g_string_append_c(c->line, '\n');
        emit_lines(r, c);
    }
    fflush(r->opt->out);
}

static int64_t guest_write(struct run *r, struct core *c, uint64_t fd, uint64_t buf,
                           uint64_t len)
{
    if (fd != 1 && fd != 2)
        return -EBADF;
    const char *p = machine_guest_ptr(r->m, buf, len);
    if (p == NULL)
        return -EFAULT;
    g_string_append_len(c->line, p, (gssize)len);
    emit_lines(r, c);
    return (int64_t)len;
}

/* A NUL-terminated string from guest memory (to free). */
static char *guest_string(struct run *r, uint64_t addr)
{
    GString *s = g_string_new(NULL);
    for (size_t i = 0; i < GUEST_STRING_MAX; i++) {
        const char *p = machine_guest_ptr(r->m, addr + i, 1);
        if (p == NULL || *p == '\0')
            break;
        g_string_append_c(s, *p);
    }
    return g_string_free(s, FALSE);
}

/* sim_barrier: the cores meet once every core still running has arrived. */
static void barrier_release_if_complete(struct run *r)
{
    struct machine *m = r->m;
    for (unsigned i = 0; i < m->ncores; i++)
        if (m->cores[i].state == CORE_RUNNING)
            return;
    for (unsigned i = 0; i < m->ncores; i++)
        if (m->cores[i].state == CORE_AT_BARRIER)
            m->cores[i].state = CORE_RUNNING;
}

static void core_exit(struct run *r, struct core *c, int code)
{
    if (c->state == CORE_EXITED)
        return;
    c->state = CORE_EXITED;
    c->exit_code = code;
    if (code != 0) {
        char *what = g_strdup_printf("exited with code %d", code);
        run_finding(r, c, FINDING_EXIT_CODE, c->last_pc, what);
        g_free(what);
    }
    barrier_release_if_complete(r);
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

int64_t guest_call(struct run *r, struct core *c, uint64_t nr, const uint64_t args[3])
{
    switch (call_of(r->m->cpu, nr)) {
    case CALL_WRITE:
        return guest_write(r, c, args[0], args[1], args[2]);
    case CALL_EXIT:
        core_exit(r, c, (int)(args[0] & 0xff));
        return 0;
    case CALL_EXIT_GROUP:
        for (unsigned i = 0; i < r->m->ncores; i++)
            core_exit(r, &r->m->cores[i], (int)(args[0] & 0xff));
        return 0;
    case CALL_CPU_ID:
        return c->id;
    case CALL_NCPUS:
        return r->m->ncores;
    case CALL_BARRIER:
        c->state = CORE_AT_BARRIER;
        barrier_release_if_complete(r);
        return 0;
    case CALL_CHECK_FAIL: {
        g_autofree char *msg = guest_string(r, args[0]);
        run_finding(r, c, FINDING_CHECK_FAILED, args[1], msg);
        return 0;
    }
    default:
        return -ENOSYS;
    }
}
