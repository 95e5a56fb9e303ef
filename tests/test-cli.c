/* test-cli.c — atomsim as a user runs it: real guest programs on every cpu
 * configure found a compiler for, checked by exit code and output. */
#include <stdbool.h>
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "config.h"
#include "test-programs.h"

/* --- every cpu ------------------------------------------------------- */

static void test_examples(gconstpointer data)
{
    const char *cpu = data;
    g_autofree char *atomic = example(cpu, "counter-atomic");
    g_autofree char *plain = example(cpu, "counter");
    static const char *const cores[] = { "1", "2", "4" };
    for (unsigned i = 0; i < G_N_ELEMENTS(cores); i++) {
        struct result r = atomsim("--cpu", cpu, "--cores", cores[i], atomic, NULL);
        unsigned n = 200 * (unsigned)atoi(cores[i]);
        g_autofree char *want = g_strdup_printf("cpu0: counter = %u, expected %u\n", n, n);
        g_assert_cmpint(r.status, ==, 0);
        g_assert_nonnull(strstr(r.out, want));
        g_assert_nonnull(strstr(r.out, "atomsim: result: clean"));
        result_clear(&r);
    }
    /* The plain counter is right when nothing can come between. */
    struct result r = atomsim("--cores", "1", plain, NULL);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_nonnull(strstr(r.out, "cpu0: counter = 200, expected 200\n"));
    result_clear(&r);
}

static void test_same_seed_same_run(gconstpointer data)
{
    g_autofree char *plain = example(data, "counter");
    struct result a = atomsim("--cores", "4", "--seed", "7", plain, NULL);
    struct result b = atomsim("--cores", "4", "--seed", "7", plain, NULL);
    g_assert_cmpstr(a.out, ==, b.out);
    g_assert_cmpint(a.status, ==, b.status);
    g_assert_nonnull(strstr(a.out, "--seed 7"));
    result_clear(&a);
    result_clear(&b);
}

static void test_plain_counter_loses_updates(gconstpointer data)
{
    g_autofree char *plain = example(data, "counter");
    int lost_at = 0;
    for (int seed = 1; seed <= 50 && !lost_at; seed++) {
        g_autofree char *s = g_strdup_printf("%d", seed);
        struct result r = atomsim("--cores", "2", "--seed", s, plain, NULL);
        if (r.status == 1) {
            g_assert_nonnull(strstr(r.out, "check failed: lost update"));
            lost_at = seed;
        } else {
            g_assert_cmpint(r.status, ==, 0);
        }
        result_clear(&r);
    }
    g_assert_cmpint(lost_at, >, 0);
}

static void test_atomic_counter_never_loses(gconstpointer data)
{
    g_autofree char *atomic = example(data, "counter-atomic");
    static const char *const scheds[] = { "random", "random:1", "random:16", "rr", "rr:3" };
    for (unsigned i = 0; i < G_N_ELEMENTS(scheds); i++) {
        for (int seed = 1; seed <= 6; seed++) {
            g_autofree char *s = g_strdup_printf("%d", seed);
            struct result r = atomsim("--cores", "4", "--sched", scheds[i], "--seed", s,
                                      atomic, NULL);
            g_assert_cmpint(r.status, ==, 0);
            g_assert_nonnull(strstr(r.out, "counter = 800, expected 800"));
            result_clear(&r);
        }
    }
}

/* Under tso a core's stores stay in order; arm's model lets the value's
 * store become visible after the flag's (the verdict it changes:
 * broken/message-passing-no-barrier.c).  So the stores are checked under
 * tso on every cpu that has it, and under sc on the others (arm, aarch64,
 * riscv64 while RVWMO is not modelled). */
static void test_stores_seen_by_others(gconstpointer data)
{
    g_autofree char *prog = guest(data, "message");
    const char *model = cpu_has_model(data, "tso") ? "tso" : "sc";
    for (int seed = 1; seed <= 5; seed++) {
        g_autofree char *s = g_strdup_printf("%d", seed);
        struct result r = atomsim("--cores", "4", "--seed", s, "--memory", model, prog, NULL);
        g_assert_cmpint(r.status, ==, 0);
        g_assert_nonnull(strstr(r.out, "cpu0: 3 of 3 cores saw the value\n"));
        result_clear(&r);
    }
}

static void test_qemu_agrees(gconstpointer data)
{
    const char *cpu = data, *qemu = qemu_or_skip(cpu);
    if (qemu == NULL)
        return;
    const char *names[] = { "counter", "counter-atomic", "message", "exit-code" };
    for (unsigned i = 0; i < G_N_ELEMENTS(names); i++) {
        g_autofree char *prog = i < 2 ? example(cpu, names[i]) : guest(cpu, names[i]);
        struct result a = atomsim("--cores", "1", prog, NULL);
        expect_qemu_agrees(qemu, prog, &a);     /* exit 0: cpu 0 of 1 everywhere */
        g_assert_cmpint(a.status, ==, 0);
        result_clear(&a);
    }
}

/* A guest that goes wrong: exit 3 and one line on stderr, which holds
 * every string after name (NULL-ended). */
static void expect_guest_error(const char *cpu, const char *name, ...) G_GNUC_NULL_TERMINATED;
static void expect_guest_error(const char *cpu, const char *name, ...)
{
    g_autofree char *prog = guest(cpu, name);
    struct result r = atomsim("--cores", "3", "--max-steps", "100000", "--max-insns",
                              "2000000", "--seed=1", prog, NULL);
    g_assert_cmpint(r.status, ==, 3);
    g_assert_cmpuint(count(r.err, "\n"), ==, 1);
    g_assert_true(g_str_has_prefix(r.err, "atomsim: "));
    va_list ap;
    va_start(ap, name);
    for (const char *needle; (needle = va_arg(ap, const char *)) != NULL;)
        if (strstr(r.err, needle) == NULL)
            g_error("'%s' not in: %s", needle, r.err);
    va_end(ap);
    result_clear(&r);
}

static void test_guest_faults(gconstpointer data)
{
    const char *cpu = data;
    expect_guest_error(cpu, "load-unmapped", "cpu1 at pc 0x", "(main+0x",
                       "load from unmapped address 0x0", NULL);
    expect_guest_error(cpu, "illegal", "at pc 0x", "(main", "illegal instruction", NULL);
    expect_guest_error(cpu, "forever", "step budget ran out", "may never end", NULL);

    /* Spinning on a flag no core will set is a deadlock: a finding, long
     * before the step budget. */
    g_autofree char *waits = guest(cpu, "wait-forever");
    struct result r = atomsim("--cores", "3", "--spin-limit", "500", waits, NULL);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_nonnull(strstr(r.out, "cpu0: deadlock: every running core only reads"));
    g_assert_nonnull(strstr(r.out, "cpu0 spins at pc 0x"));
    g_assert_nonnull(strstr(r.out, " on flag"));
    g_assert_nonnull(strstr(r.out, "atomsim: result: 1 finding (stopped: no progress)\n"));
    g_assert_cmpstr(r.err, ==, "");
    result_clear(&r);
    /* So is spinning on two flags, read in turn. */
    g_autofree char *waits2 = guest(cpu, "wait-two");
    struct result two = atomsim("--cores", "3", "--spin-limit", "500", waits2, NULL);
    g_assert_cmpint(two.status, ==, 1);
    g_assert_nonnull(strstr(two.out, "cpu0: deadlock: every running core only reads"));
    g_assert_nonnull(strstr(two.out, " on flag"));
    g_assert_nonnull(strstr(two.out, "atomsim: result: 1 finding (stopped: no progress)\n"));
    result_clear(&two);
    /* A loop over registers only hangs: found in a few trips, not at the
     * instruction budget; no finding when only reach_error() counts. */
    g_autofree char *priv = guest(cpu, "spin-private");
    struct result hang = atomsim("--cores", "2", "--max-insns", "2000000000", priv, NULL);
    g_assert_cmpint(hang.status, ==, 1);
    g_assert_nonnull(strstr(hang.out, "cpu0: hang: cpu0 loops forever at pc 0x"));
    g_assert_nonnull(strstr(hang.out, "(main"));
    g_assert_nonnull(strstr(hang.out, "and reads no shared memory; cpu1 loops forever"));
    g_assert_nonnull(strstr(hang.out, "atomsim: result: 1 finding (stopped: no progress)\n"));
    g_assert_nonnull(strstr(hang.out, "cpu0: 2000 instructions, 0 steps"));
    result_clear(&hang);
    struct result quiet = atomsim("--cores", "2", "--only-reach-error", priv, NULL);
    g_assert_cmpint(quiet.status, ==, 0);
    g_assert_nonnull(strstr(quiet.out, "result: stopped: no progress (1 ignored: "
                                       "--only-reach-error)\n"));
    result_clear(&quiet);
    if (strcmp(cpu, "arm") == 0)
        expect_guest_error(cpu, "unaligned-exclusive", "(main+0x",
                           "unaligned exclusive access to 0x", "alignment fault", NULL);
    if (strcmp(cpu, "sparc32") == 0)
        expect_guest_error(cpu, "privileged-asi", "(main+0x", "casa [%", "0x0b",
                           "user mode may only use ASI 0x0a", NULL);
}

/* The lines of s that start with a step number: the trace's events. */
static GPtrArray *trace_lines(const char *s)
{
    GPtrArray *events = g_ptr_array_new_with_free_func(g_free);
    g_auto(GStrv) lines = g_strsplit(s, "\n", -1);
    for (char **l = lines; *l; l++)
        if (g_ascii_isdigit((*l)[strspn(*l, " ")]))
            g_ptr_array_add(events, g_strdup(*l));
    return events;
}

/* The instruction every cpu builds its atomic increment from. */
static const char *atomic_event(const char *cpu)
{
    if (strcmp(cpu, "arm") == 0)
        return "SC ";
    if (strcmp(cpu, "sparc32") == 0)
        return "ldstub";
    if (strcmp(cpu, "aarch64") == 0)
        return "stadd";         /* spelled by cpus/aarch64.c: Capstone 4 has no LSE */
    if (strcmp(cpu, "riscv64") == 0)
        return "amoadd.w";      /* one AMO (programs/examples/counter-atomic.c) */
    return "lock ";
}

static void test_trace(gconstpointer data)
{
    const char *cpu = data;
    g_autofree char *prog = example(cpu, "counter-atomic");
    g_autofree char *dir = g_dir_make_tmp("atomsim-test-XXXXXX", NULL);
    g_autofree char *file = g_build_filename(dir, "trace.txt", NULL);
    g_autofree char *to_file = g_strdup_printf("--trace=%s", file);
    const char *schedule = "0:5,1:3,0:2";
    /* sc: no drains, so core 0's five steps are the first five events */
    struct result r = atomsim("--memory", "sc", "--trace", "--schedule", schedule, prog, NULL);
    struct result again = atomsim("--memory", "sc", to_file, "--schedule", schedule, prog, NULL);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_cmpint(again.status, ==, 0);

    /* One line per step, numbered from 1, each naming its core and kind. */
    g_autoptr(GPtrArray) events = trace_lines(r.out);
    guint64 steps = 0;
    const char *summary = strstr(r.out, "atomsim: ");
    g_assert_nonnull(summary);
    g_assert_cmpint(sscanf(strstr(summary, "instructions, "), "instructions, %" G_GUINT64_FORMAT,
                           &steps), ==, 1);
    g_assert_cmpuint(events->len, ==, steps);
    bool atomic_seen = false;
    for (guint i = 0; i < events->len; i++) {
        const char *e = g_ptr_array_index(events, i);
        g_assert_cmpuint(g_ascii_strtoull(e, NULL, 10), ==, i + 1);
        g_assert_true(strstr(e, " cpu0 ") || strstr(e, " cpu1 "));
        atomic_seen |= strstr(e, atomic_event(cpu)) != NULL && strstr(e, " counter") != NULL;
    }
    g_assert_true(atomic_seen);
    /* The pinned schedule: core 0 runs the first five steps, core 1 the next. */
    for (guint i = 0; i < 8; i++)
        g_assert_nonnull(strstr(g_ptr_array_index(events, i), i < 5 ? " cpu0 " : " cpu1 "));

    /* --trace=FILE writes the same events; the same schedule, the same run. */
    g_autofree char *written = contents_of(file);
    g_autoptr(GPtrArray) from_file = trace_lines(written);
    g_assert_cmpuint(from_file->len, ==, events->len);
    for (guint i = 0; i < events->len; i++)
        g_assert_cmpstr(g_ptr_array_index(from_file, i), ==, g_ptr_array_index(events, i));
    g_assert_null(strstr(again.out, " step "));
    g_assert_nonnull(strstr(r.out, "reproduce: atomsim --cpu"));
    g_assert_nonnull(strstr(r.out, "--schedule 0:5,1:3,0:2 "));
    result_clear(&r);
    result_clear(&again);
    g_unlink(file);
    g_rmdir(dir);
}

static void test_exit_codes(gconstpointer data)
{
    g_autofree char *prog = guest(data, "exit-code");
    struct result r = atomsim("--cores", "3", prog, NULL);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_nonnull(strstr(r.out, "atomsim: cpu0: "));
    g_assert_nonnull(strstr(r.out, "steps, exit 0\n"));
    g_assert_nonnull(strstr(r.out, "steps, exit 2\n"));
    g_assert_nonnull(strstr(r.out, "cpu2: exited with code 2"));
    g_assert_nonnull(strstr(r.out, "atomsim: result: 2 findings"));
    result_clear(&r);
}

/* --- bad input, whatever the cpu ---------------------------------------- */

static void expect_usage_error(const char *needle, const char *first, ...)
    G_GNUC_NULL_TERMINATED;
static void expect_usage_error(const char *needle, const char *first, ...)
{
    va_list ap;
    va_start(ap, first);
    struct result r = atomsim_va(NULL, NULL, first, ap);
    va_end(ap);
    g_assert_cmpint(r.status, ==, 2);
    g_assert_cmpuint(count(r.err, "\n"), ==, 1);
    if (strstr(r.err, needle) == NULL)
        g_error("'%s' not in: %s", needle, r.err);
    g_assert_cmpstr(r.out, ==, "");
    result_clear(&r);
}

static void test_bad_input(void)
{
    const char *cpu = first_cpu();
    if (cpu == NULL) {
        g_test_skip("no guest compiler: run tools/install-deps");
        return;
    }
    g_autofree char *good = example(cpu, "counter-atomic");
    g_autofree char *dir = g_dir_make_tmp("atomsim-test-XXXXXX", NULL);
    g_autofree char *text = g_build_filename(dir, "text.elf", NULL);
    g_autofree char *cut = g_build_filename(dir, "cut.elf", NULL);
    g_autofree char *headonly = g_build_filename(dir, "head.elf", NULL);
    g_autofree char *missing = g_build_filename(dir, "missing.elf", NULL);
    g_autofree char *contents = NULL;
    gsize len;
    g_assert_true(g_file_get_contents(good, &contents, &len, NULL));
    g_assert_true(g_file_set_contents(text, "#!/bin/sh\necho not a program\n", -1, NULL));
    /* 6 KiB: the code is cut off (half the file would keep it whole, and
     * lose only debug information, which a program may lack) */
    g_assert_cmpuint(len, >, 0x1800);
    g_assert_true(g_file_set_contents(cut, contents, 0x1800, NULL));
    g_assert_true(g_file_set_contents(headonly, contents, 40, NULL));

    expect_usage_error("No such file", missing, NULL);
    expect_usage_error("not an ELF file", text, NULL);
    expect_usage_error("truncated", cut, NULL);
    expect_usage_error("truncated", headonly, NULL);
    expect_usage_error("not a static executable", "/bin/true", NULL);
    /* every other cpu refuses it, by name */
    g_auto(GStrv) cpus = g_strsplit(GUEST_CPUS, " ", -1);
    for (char **other = cpus; *other != NULL; other++) {
        if (strcmp(*other, cpu) == 0)
            continue;
        g_autofree char *says = g_strdup_printf("an ELF for %s, not for --cpu %s", cpu, *other);
        expect_usage_error(says, "--cpu", *other, good, NULL);
    }
    expect_usage_error("--cores 0", "--cores", "0", good, NULL);
    expect_usage_error("--cores 65", "--cores", "65", good, NULL);
    expect_usage_error("unknown cpu", "--cpu", "vax", good, NULL);
    expect_usage_error("unknown strategy", "--sched", "fifo", good, NULL);
    expect_usage_error("turn length", "--sched", "rr:0", good, NULL);
    expect_usage_error("names cpu2, but there are 2 cores", "--schedule", "0:1,2:3", good, NULL);
    expect_usage_error("the count must be", "--schedule", "0:x", good, NULL);
    expect_usage_error("not CORE:COUNT", "--schedule", "0:1,,1:*", good, NULL);
    expect_usage_error("--schedule: empty", "--schedule", "", good, NULL);
    expect_usage_error("choose one", "--sched", "rr", "--schedule", "0:*", good, NULL);
    expect_usage_error("unknown policy", "--monitor", "lazy", good, NULL);
    expect_usage_error("--memory power: unknown model (sc, tso, pso, arm or rvwmo)", "--memory", "power",
                       good, NULL);
    /* a model of another cpu */
    const char *foreign = strcmp(cpu, "arm") == 0 ? "tso" : "arm";
    g_autofree char *not_its = g_strdup_printf("--memory %s: not a model of %s (it has ", foreign,
                                               cpu);
    expect_usage_error(not_its, "--memory", foreign, good, NULL);
    expect_usage_error("--sched dfs --memory tso: at most 32 cores", "--sched", "dfs",
                       "--memory", "tso", "--cores", "33", good, NULL);
    expect_usage_error("--sched dfs --memory pso: at most 7 cores", "--sched", "dfs",
                       "--memory", "pso", "--cores", "8", good, NULL);
    expect_usage_error("a power of two from 1 to 64", "--lock-table-size", "3", good, NULL);
    expect_usage_error("--runs needs --sched random", "--runs", "5", "--sched", "rr", good, NULL);
    expect_usage_error("--trace with --runs", "--runs", "5", "--trace", good, NULL);
    expect_usage_error("--shard 2/2", "--runs", "5", "--shard", "2/2", good, NULL);
    expect_usage_error("--jobs 0", "--runs", "5", "--jobs", "0", good, NULL);
    expect_usage_error("--fault sc-fail:2", "--fault", "sc-fail:2", good, NULL);
    expect_usage_error("--fault bogus", "--fault", "bogus", good, NULL);
    expect_usage_error("--fault delay-holder:0", "--fault", "delay-holder:0", good, NULL);
    expect_usage_error("pct:D:K takes a depth", "--sched", "pct:0", good, NULL);
    expect_usage_error("dfs:B takes a preemption bound", "--sched", "dfs:x", good, NULL);
    expect_usage_error("pct:D:K takes a depth", "--sched", "pct:3:x", good, NULL);
    expect_usage_error("replay:/nonexistent/s", "--sched", "replay:/nonexistent/s", good, NULL);
    expect_usage_error("a power of two from 1 to 64", "--lock-table-size", "128", good, NULL);
    expect_usage_error("--trace=/nonexistent/t", "--trace=/nonexistent/t", good, NULL);
    expect_usage_error("--json /nonexistent/r.json", "--json", "/nonexistent/r.json", good, NULL);
    expect_usage_error("too large for a recorded schedule", "--sched", "replay:/dev/zero", good,
                       NULL);
    expect_usage_error("/dev/zero: not a program file (not a regular file)", "/dev/zero", NULL);
    expect_usage_error("--time-limit 0: a positive number of seconds", "--time-limit", "0", good,
                       NULL);
    expect_usage_error("--time-limit 1s: a positive number", "--time-limit", "1s", good, NULL);
    expect_usage_error("--time-limit nan: a positive number", "--time-limit", "nan", good, NULL);
    expect_usage_error("--shard +1/4", "--runs", "5", "--shard", "+1/4", good, NULL);
    expect_usage_error("--fault delay-holder:+3", "--fault", "delay-holder:+3", good, NULL);
    expect_usage_error("no program given", NULL, NULL);
    expect_usage_error("Unknown option", "--frobnicate", good, NULL);

    /* --time-limit takes fractions of a second */
    struct result r = atomsim("--cores", "1", "--time-limit", "2.5", good, NULL);
    g_assert_cmpint(r.status, ==, 0);
    result_clear(&r);

    g_unlink(text);
    g_unlink(cut);
    g_unlink(headonly);
    g_rmdir(dir);
}

/* Random runs recorded with --record replay with --sched replay:FILE to the
 * very same trace, output and findings. */
static void test_record_replay(gconstpointer data)
{
    const char *cpu = data;
    g_autofree char *dir = g_dir_make_tmp("atomsim-replay-XXXXXX", NULL);
    g_autofree char *schedule = g_build_filename(dir, "schedule", NULL);
    g_autofree char *first = g_build_filename(dir, "first", NULL);
    g_autofree char *again = g_build_filename(dir, "again", NULL);
    g_autofree char *record = g_strdup_printf("--record=%s", schedule);
    g_autofree char *replay = g_strdup_printf("replay:%s", schedule);
    g_autofree char *trace1 = g_strdup_printf("--trace=%s", first);
    g_autofree char *trace2 = g_strdup_printf("--trace=%s", again);
    static const char *const names[] = { "counter", "counter-atomic" };
    static const char *const seeds[] = { "3", "7" };
    for (unsigned i = 0; i < G_N_ELEMENTS(names); i++)
        for (unsigned k = 0; k < G_N_ELEMENTS(seeds); k++) {
            g_autofree char *elf = example(cpu, names[i]);
            struct result a = atomsim("--cores", "3", "--seed", seeds[k], record, trace1, elf,
                                      NULL);
            struct result b = atomsim("--cores", "3", "--sched", replay, trace2, elf, NULL);
            g_autofree char *ta = contents_of(first), *tb = contents_of(again);
            g_assert_cmpstr(ta, ==, tb);
            g_assert_cmpint(a.status, ==, b.status);
            /* the same output up to the reproduce line, which names the schedule */
            *strstr(a.out, "atomsim: reproduce:") = '\0';
            *strstr(b.out, "atomsim: reproduce:") = '\0';
            g_assert_cmpstr(a.out, ==, b.out);
            result_clear(&a);
            result_clear(&b);
        }
    g_unlink(schedule);
    g_unlink(first);
    g_unlink(again);
    g_rmdir(dir);
}

/* --memory tso: Peterson's lock, correct under interleaving, lets both cores
 * in once stores wait in store buffers (each core reads the other's flag
 * before its own store is visible), as on real x86 and SPARC TSO; the
 * random hunt finds it, so does dfs with one preemption (drains wait until
 * something needs them), and the drains a run chose replay exactly.  dfs
 * branches on drains too: the atomic counter exhausts clean. */
static void test_memory_tso(gconstpointer data)
{
    const char *cpu = data;
    if (!cpu_has_model(cpu, "tso")) {
        g_test_skip("this cpu has no TSO model");
        return;
    }
    g_autofree char *elf = guest(cpu, "peterson");
    /* the default exploration finds Dekker's entry without a fence */
    g_autofree char *dekker = broken(cpu, "dekker-no-fence");
    struct result hunt = atomsim("--runs", "1000", dekker, NULL);
    g_assert_cmpint(hunt.status, ==, 1);
    g_assert_nonnull(strstr(hunt.out, ": 1 with findings\n"));
    result_clear(&hunt);
    struct result sc = atomsim("--memory", "sc", "--runs", "300", elf, NULL);
    g_assert_cmpint(sc.status, ==, 0);
    struct result tso = atomsim("--memory", "tso", "--runs", "1000", elf, NULL);
    g_assert_cmpint(tso.status, ==, 1);
    g_assert_nonnull(strstr(tso.out, "check failed: Peterson's lock let both cores in"));
    g_assert_nonnull(strstr(tso.out, " --memory tso "));
    struct result dfs = atomsim("--memory", "tso", "--sched", "dfs:1", elf, NULL);
    g_assert_cmpint(dfs.status, ==, 1);
    g_assert_nonnull(strstr(dfs.out, "check failed: Peterson's lock let both cores in"));
    g_autofree char *atomic = guest(cpu, "counter-atomic-once");
    struct result clean = atomsim("--memory", "tso", "--sched", "dfs:2", atomic, NULL);
    g_assert_cmpint(clean.status, ==, 0);
    g_assert_nonnull(strstr(clean.out, "(the space is exhausted)"));
    result_clear(&dfs);
    result_clear(&clean);

    /* Dekker's entry, searched exhaustively (the memory-model shapes are
     * tests/litmus/shape-*.c, judged by tests/test-litmus) */
    const struct {
        const char *program, *memory, *bound, *found;
    } searches[] = {
        /* without a fence it lets both cores in; with the flag raised by an
         * atomic exchange, never */
        { "broken/dekker-no-fence", "tso", "dfs:3", "both cores entered the critical section" },
        { "broken/dekker-no-fence", "sc", "dfs:3", NULL },
        { "dekker", "tso", "dfs:3", NULL },
    };
    for (unsigned i = 0; i < G_N_ELEMENTS(searches); i++) {
        g_autofree char *program = g_str_has_prefix(searches[i].program, "broken/")
                                       ? broken(cpu, searches[i].program + 7)
                                       : example(cpu, searches[i].program);
        struct result s = atomsim("--memory", searches[i].memory, "--sched", searches[i].bound,
                                  program, NULL);
        g_test_message("%s --memory %s --sched %s: %s", searches[i].program,
                       searches[i].memory, searches[i].bound, s.out);
        g_assert_cmpint(s.status, ==, searches[i].found ? 1 : 0);
        g_assert_nonnull(strstr(s.out, searches[i].found ? searches[i].found
                                                         : "(the space is exhausted)"));
        result_clear(&s);
    }

    g_autofree char *dir = g_dir_make_tmp("atomsim-tso-XXXXXX", NULL);
    g_autofree char *schedule = g_build_filename(dir, "schedule", NULL);
    g_autofree char *record = g_strdup_printf("--record=%s", schedule);
    g_autofree char *replay = g_strdup_printf("replay:%s", schedule);
    struct result a = atomsim("--memory", "tso", "--seed", "5", record, "--trace=-", elf, NULL);
    struct result b = atomsim("--memory", "tso", "--sched", replay, "--trace=-", elf, NULL);
    g_autofree char *recorded = contents_of(schedule);
    g_assert_nonnull(strstr(recorded, ",d"));           /* drains were chosen */
    g_assert_nonnull(strstr(a.out, "(into its store buffer: the other cores do not see it yet)"));
    g_assert_nonnull(strstr(a.out, "(drained from its store buffer: every core sees it now)"));
    *strstr(a.out, "atomsim: reproduce:") = '\0';
    *strstr(b.out, "atomsim: reproduce:") = '\0';
    g_assert_cmpstr(a.out, ==, b.out);
    g_assert_cmpint(a.status, ==, b.status);
    g_unlink(schedule);
    g_rmdir(dir);
    result_clear(&sc);
    result_clear(&tso);
    result_clear(&a);
    result_clear(&b);
}

/* --sched pct: the plain counter's lost update within 200 seeds, and the
 * spinlock counter clean (a spinning core yields, so no run spins on a lock
 * whose holder never gets to run). */
static void test_pct(gconstpointer data)
{
    g_autofree char *bad = broken(data, "plain-increment");
    g_autofree char *good = example(data, "counter-atomic");
    struct result found = atomsim("--sched", "pct:2:40", "--runs", "200", bad, NULL);
    g_assert_cmpint(found.status, ==, 1);
    g_assert_nonnull(strstr(found.out, "lost update on counter"));
    g_assert_nonnull(strstr(found.out, "--sched pct:2:40 --seed "));
    struct result clean = atomsim("--sched", "pct", "--runs", "30", good, NULL);
    g_assert_cmpint(clean.status, ==, 0);
    g_assert_nonnull(strstr(clean.out, ": 0 with findings"));
    result_clear(&found);
    result_clear(&clean);
}

/* The reproduce line's "--sched pct:D:K --seed S" in out (to free). */
static char *reported_pct(const char *out)
{
    const char *at = strstr(out, "reproduce: ");
    g_assert_nonnull(at);
    at = strstr(at, "--sched pct:");
    g_assert_nonnull(at);
    const char *seed = strstr(at, "--seed ");
    g_assert_nonnull(seed);
    return g_strndup(at, (size_t)(seed + 7 - at) + strcspn(seed + 7, " \n"));
}

/* pct without K estimates it from a run of the program: the one-increment
 * lost update (12 to 20 steps) is found within 100 runs, without injection
 * (with K = 1000 it never was in 500), and the reproduce line carries the
 * K used, which gives the same finding again.  --jobs 2 reports the seed
 * and K of --jobs 1. */
static void test_pct_estimates_k(gconstpointer data)
{
    g_autofree char *elf = guest(data, "counter-once");
    struct result found = atomsim("--sched", "pct", "--no-inject", "--runs", "100", elf, NULL);
    g_assert_cmpint(found.status, ==, 1);
    g_assert_nonnull(strstr(found.out, "lost update on counter"));
    g_assert_null(strstr(found.out, "--sched pct:3:1000 "));
    g_autofree char *sched = reported_pct(found.out);
    g_auto(GStrv) words = g_strsplit(sched, " ", -1);   /* --sched pct:3:K --seed S */
    g_assert_cmpuint(g_strv_length(words), ==, 4);
    struct result again = atomsim("--sched", words[1], "--seed", words[3], "--no-inject", elf,
                                  NULL);
    g_assert_cmpint(again.status, ==, 1);
    g_assert_nonnull(strstr(again.out, "lost update on counter"));
    g_assert_nonnull(strstr(again.out, sched));
    g_autofree char *bad = broken(data, "plain-increment");
    struct result one = atomsim("--sched", "pct", "--runs", "300", "--jobs", "1", bad, NULL);
    struct result two = atomsim("--sched", "pct", "--runs", "300", "--jobs", "2", bad, NULL);
    g_autofree char *k1 = reported_pct(one.out), *k2 = reported_pct(two.out);
    g_assert_cmpstr(k1, ==, k2);
    /* A clean search runs every seed, whatever the batches K is updated
     * between. */
    g_autofree char *good = guest(data, "counter-atomic-once");
    struct result clean = atomsim("--sched", "pct", "--runs", "150", "--jobs", "2", good, NULL);
    g_assert_cmpint(clean.status, ==, 0);
    g_assert_nonnull(strstr(clean.out, "explored 150 runs (seeds 1 to 150)"));
    result_clear(&clean);
    result_clear(&found);
    result_clear(&again);
    result_clear(&one);
    result_clear(&two);
}

/* Peterson's lock waits on two locations (flag[other] and turn): the
 * spinning core yields under pct, so the run ends, clean (under sequential
 * consistency, where the lock is correct), long before the step budget. */
static void test_pct_two_location_spin(gconstpointer data)
{
    g_autofree char *elf = guest(data, "peterson");
    static const char *const scheds[] = { "pct", "pct:3:1000", "pct:1" };
    for (unsigned i = 0; i < G_N_ELEMENTS(scheds); i++) {
        struct result r = atomsim("--memory", "sc", "--sched", scheds[i], "--max-steps",
                                  "200000", elf, NULL);
        if (r.status != 0 || !strstr(r.out, "atomsim: result: clean\n"))
            g_error("%s --sched %s: exit %d:\n%s%s", elf, scheds[i], r.status, r.out, r.err);
        result_clear(&r);
    }
    struct result runs = atomsim("--memory", "sc", "--sched", "pct", "--runs", "20",
                                 "--max-steps", "200000", elf, NULL);
    g_assert_cmpint(runs.status, ==, 0);
    g_assert_nonnull(strstr(runs.out, ": 0 with findings"));
    result_clear(&runs);
}

/* Injection: under rr:1000 each core runs its whole loop, so no schedule
 * preempts a plain increment between its load and its store; injection
 * does, inside that window, and the lost update shows within a few seeds.
 * --no-inject never finds it. */
static void test_inject(gconstpointer data)
{
    g_autofree char *elf = broken(data, "plain-increment");
    unsigned with = 0, without = 0;
    static const char *const seeds[] = { "1", "2", "3", "4", "5", "6" };
    for (unsigned i = 0; i < G_N_ELEMENTS(seeds); i++) {
        struct result a = atomsim("--sched", "rr:1000", "--seed", seeds[i], elf, NULL);
        struct result b = atomsim("--sched", "rr:1000", "--seed", seeds[i], "--no-inject", elf,
                                  NULL);
        with += strstr(a.out, "lost update on counter") != NULL;
        without += strstr(b.out, "lost update on counter") != NULL;
        g_assert_nonnull(strstr(b.out, "--no-inject"));         /* reproduce line */
        result_clear(&a);
        result_clear(&b);
    }
    g_assert_cmpuint(with, >, 0);
    g_assert_cmpuint(without, ==, 0);
}

/* --sched dfs:2 (2 cores, one increment each): every schedule with at most
 * two preemptions, run once.  It finds the plain counter's lost update, and
 * proves the atomic counter clean by running out of schedules. */
static void test_dfs(gconstpointer data)
{
    g_autofree char *plain = guest(data, "counter-once");
    g_autofree char *atomic = guest(data, "counter-atomic-once");
    struct result found = atomsim("--sched", "dfs:2", plain, NULL);
    g_assert_cmpint(found.status, ==, 1);
    g_assert_nonnull(strstr(found.out, "lost update on counter"));
    g_assert_nonnull(strstr(found.out, "atomsim: dfs:2 found it after "));
    struct result clean = atomsim("--sched", "dfs:2", atomic, NULL);
    g_assert_cmpint(clean.status, ==, 0);
    g_assert_nonnull(strstr(clean.out, "(the space is exhausted)"));
    /* Interleavings that only reorder steps which commute (the other core's
     * barrier against this one's increment) are cut short or not started
     * (under sequential consistency: with store buffers dfs does not merge
     * schedules yet). */
    struct result reduced = atomsim("--memory", "sc", "--sched", "dfs:2", atomic, NULL);
    g_assert_cmpint(reduced.status, ==, 0);
    unsigned runs, cut, skipped;
    const char *line = strstr(reduced.out, "atomsim: dfs:2 ran ");
    g_assert_nonnull(line);
    g_assert_cmpint(sscanf(line, "atomsim: dfs:2 ran %u schedules in %*f s (%u cut short and %u "
                           "not started", &runs, &cut, &skipped), ==, 3);
    g_assert_cmpuint(cut + skipped, >, 0);
    g_assert_cmpuint(cut, <, runs);
    /* --shard I/N deals the search out: one of two shards finds the lost
     * update; on the atomic counter each exhausts its share */
    int found_by = 0;
    for (int i = 0; i < 2; i++) {
        g_autofree char *shard = g_strdup_printf("%d/2", i);
        struct result part = atomsim("--sched", "dfs:2", "--shard", shard, plain, NULL);
        g_assert_true(part.status == 0 || part.status == 1);
        found_by += part.status == 1;
        result_clear(&part);
        part = atomsim("--sched", "dfs:2", "--shard", shard, atomic, NULL);
        g_assert_cmpint(part.status, ==, 0);
        g_assert_nonnull(strstr(part.out, "this shard's share of the schedules"));
        result_clear(&part);
    }
    g_assert_cmpint(found_by, >=, 1);
    /* with no preemption at all there is nothing to find in either under
     * sc (under arm and rvwmo a load may still read an older write, which
     * is no preemption: the second core's increment may read the first's
     * older value) */
    struct result none = atomsim("--memory", "sc", "--sched", "dfs:0", plain, NULL);
    g_assert_cmpint(none.status, ==, 0);
    g_assert_nonnull(strstr(none.out, "(the space is exhausted)"));
    result_clear(&found);
    result_clear(&clean);
    result_clear(&reduced);
    result_clear(&none);
}

/* atomic64_fetch_add_unless reads v whole: no schedule with up to two
 * preemptions lets a read straddle another core's increment of both halves
 * (the plain read did on i386, where it is two loads). */
static void test_add_unless_reads_whole(gconstpointer data)
{
    g_autofree char *elf = guest(data, "add-unless-whole");
    struct result r = atomsim("--sched", "dfs:2", elf, NULL);
    if (r.status != 0 || !strstr(r.out, "(the space is exhausted)"))
        g_error("%s --sched dfs:2: exit %d:\n%s", elf, r.status, r.out);
    result_clear(&r);
}

/* The seed --runs reports ("--seed N" in its reproduce line; to free). */
static char *reported_seed(const char *out)
{
    const char *seed = strstr(out, "--seed ");
    g_assert_nonnull(seed);
    return g_strndup(seed + 7, strcspn(seed + 7, " "));
}

/* --runs tries seeds until a finding: the plain counter loses an update at
 * some seed, and the reproduce line it prints gives the same findings. */
static void test_runs(gconstpointer data)
{
    g_autofree char *elf = broken(data, "plain-increment");
    struct result r = atomsim("--runs", "200", elf, NULL);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_nonnull(strstr(r.out, ": 1 with findings\n"));
    g_autofree char *n = reported_seed(r.out);
    struct result again = atomsim("--seed", n, elf, NULL);
    g_assert_cmpint(again.status, ==, 1);
    g_assert_nonnull(strstr(again.out, "lost update on counter"));
    result_clear(&again);
    result_clear(&r);
    /* nothing to find: every seed runs, exit 0 */
    g_autofree char *good = example(data, "counter-atomic");
    struct result clean = atomsim("--runs", "20", good, NULL);
    g_assert_cmpint(clean.status, ==, 0);
    g_assert_nonnull(strstr(clean.out, "explored 20 runs (seeds 1 to 20)"));
    result_clear(&clean);
}

/* Seeds that found something, from --keep-going's output (to free). */
static GPtrArray *failing_seeds(const char *out)
{
    GPtrArray *seeds = g_ptr_array_new_with_free_func(g_free);
    g_ptr_array_add(seeds, reported_seed(out));
    for (const char *p = out; (p = strstr(p, "atomsim: seed ")) != NULL; p++)
        g_ptr_array_add(seeds, g_strndup(p + 14, strcspn(p + 14, " ")));
    return seeds;
}

/* Threads do not change the answer: --jobs 2 reports the same first seed as
 * --jobs 1; and two shards between them find exactly the seeds one process
 * finds. */
static void test_jobs_and_shards(gconstpointer data)
{
    g_autofree char *elf = broken(data, "plain-increment");
    struct result one = atomsim("--runs", "200", "--jobs", "1", elf, NULL);
    struct result two = atomsim("--runs", "200", "--jobs", "2", elf, NULL);
    g_autofree char *s1 = reported_seed(one.out), *s2 = reported_seed(two.out);
    g_assert_cmpstr(s1, ==, s2);

    struct result all = atomsim("--runs", "40", "--keep-going", elf, NULL);
    struct result a = atomsim("--runs", "40", "--keep-going", "--shard", "0/2", elf, NULL);
    struct result b = atomsim("--runs", "40", "--keep-going", "--shard", "1/2", "--jobs", "2",
                              elf, NULL);
    g_autoptr(GPtrArray) whole = failing_seeds(all.out);
    g_autoptr(GPtrArray) half0 = failing_seeds(a.out);
    g_autoptr(GPtrArray) half1 = failing_seeds(b.out);
    g_assert_cmpuint(half0->len + half1->len, ==, whole->len);
    for (guint i = 0; i < half0->len; i++) {
        g_assert_true(g_ptr_array_find_with_equal_func(whole, half0->pdata[i], g_str_equal,
                                                       NULL));
        g_assert_cmpint(atoi(half0->pdata[i]) % 2, ==, 1);  /* index 0 is seed 1 */
    }
    for (guint i = 0; i < half1->len; i++)
        g_assert_true(g_ptr_array_find_with_equal_func(whole, half1->pdata[i], g_str_equal,
                                                       NULL));
    result_clear(&one);
    result_clear(&two);
    result_clear(&all);
    result_clear(&a);
    result_clear(&b);
}

/* A lost update found under a schedule with many preemptions shrinks to
 * the one it needs: core 0 preempted between its load and its store.  The
 * recorded shrunk schedule replays to the same lost update.  The seed is the
 * first from 3 on whose schedule finds it: where the random choices fall
 * depends on the cpu's steps (a model with store buffers has drain steps,
 * sc has none), and a run that finds nothing has nothing to shrink. */
static void test_shrink(gconstpointer data)
{
    g_autofree char *elf = broken(data, "plain-increment");
    g_autofree char *dir = g_dir_make_tmp("atomsim-shrink-XXXXXX", NULL);
    g_autofree char *file = g_build_filename(dir, "schedule", NULL);
    g_autofree char *record = g_strdup_printf("--record=%s", file);
    g_autofree char *replay = g_strdup_printf("replay:%s", file);
    struct result r = { 0 };
    for (int seed = 3; seed < 23 && r.status != 1; seed++) {
        g_autofree char *s = g_strdup_printf("%d", seed);
        result_clear(&r);
        r = atomsim("--sched", "random:1", "--seed", s, "--shrink", record, elf, NULL);
    }
    g_assert_cmpint(r.status, ==, 1);
    unsigned from = 0, to = 0;
    const char *line = strstr(r.out, "atomsim: shrunk from ");
    g_assert_nonnull(line);
    g_assert_cmpint(sscanf(line, "atomsim: shrunk from %u to %u", &from, &to), ==, 2);
    g_assert_cmpuint(from, >, 1);
    g_assert_cmpuint(to, ==, 1);
    g_assert_nonnull(strstr(r.out, "lost update on counter"));
    struct result again = atomsim("--sched", replay, elf, NULL);
    g_assert_cmpint(again.status, ==, 1);
    g_assert_nonnull(strstr(again.out, "lost update on counter"));
    result_clear(&r);
    result_clear(&again);
    g_unlink(file);
    g_rmdir(dir);
}

/* --fault strip-lock: lock addl loses an update under the schedule that
 * splits it (the litmus x86-lock-add), as on a kernel patched for one cpu;
 * xchg, locked without a prefix, stays atomic. */
static void test_strip_lock(void)
{
    if (!need_cpu("x86"))
        return;
    g_autofree char *add = litmus("x86", "x86-lock-add");
    g_autofree char *xchg = litmus("x86", "x86-xchg");
    struct result locked = atomsim("--schedule", "0:2,1:*,0:*", add, NULL);
    struct result stripped = atomsim("--fault", "strip-lock", "--schedule", "0:2,1:*,0:*", add,
                                     NULL);
    struct result exchange = atomsim("--fault", "strip-lock", "--schedule", "0:2,1:*,0:*", xchg,
                                     NULL);
    g_assert_nonnull(strstr(locked.out, "litmus: not observed"));
    g_assert_nonnull(strstr(stripped.out, "litmus: observed"));
    g_assert_nonnull(strstr(stripped.out, "lost update on x"));
    g_assert_nonnull(strstr(stripped.out, "--fault strip-lock"));     /* reproduce line */
    g_assert_nonnull(strstr(exchange.out, "litmus: not observed"));
    result_clear(&locked);
    result_clear(&stripped);
    result_clear(&exchange);
}

/* --fault sc-fail:P: store-exclusives fail spuriously, and the library's
 * ldrex/strex loops retry: nothing is lost.  The same seed fails the same
 * ones. */
static void test_sc_fail(void)
{
    if (!need_cpu("arm"))
        return;
    /* one core: no other core can make a store-exclusive fail, only the
     * fault; the loops retry, so the count stays right */
    g_autofree char *elf = example("arm", "counter-atomic");
    struct result a = atomsim("--cores", "1", "--fault", "sc-fail:0.5", "--trace", elf, NULL);
    struct result b = atomsim("--cores", "1", "--fault", "sc-fail:0.5", "--trace", elf, NULL);
    struct result none = atomsim("--cores", "1", "--trace", elf, NULL);
    g_assert_cmpint(a.status, ==, 0);
    g_assert_nonnull(strstr(a.out, "atomsim: result: clean\n"));
    g_assert_nonnull(strstr(a.out, " failed"));
    g_assert_null(strstr(none.out, " failed"));
    g_assert_cmpstr(a.out, ==, b.out);
    result_clear(&a);
    result_clear(&b);
    result_clear(&none);
}

/* arm-aba pinned so that core 1 stores the value core 0's ldrex read before
 * core 0's strex: under --monitor value the strex stores, and atomsim says
 * that only a value-comparing monitor let it; under address it fails and
 * nothing is reported. */
/* --fault strip-fence: x86's mfence between each core's store and load no
 * longer drains the store buffer, and store buffering is back. */
static void test_strip_fence(void)
{
    if (!need_cpu("x86"))
        return;
    g_autofree char *elf = litmus("x86", "sb-fence");
    struct result fenced = atomsim("--memory", "tso", "--schedule", "0:4,1:*,0:*", elf, NULL);
    struct result stripped = atomsim("--memory", "tso", "--fault", "strip-fence", "--schedule",
                                     "0:4,1:*,0:*", elf, NULL);
    g_assert_nonnull(strstr(fenced.out, "cpu0: litmus: not observed\n"));
    g_assert_nonnull(strstr(stripped.out, "cpu0: litmus: observed\n"));
    g_assert_nonnull(strstr(stripped.out, " --fault strip-fence "));
    result_clear(&fenced);
    result_clear(&stripped);
}

/* Store buffering as the views show it: the trace says core 1 read x while
 * core 0's newer store waited in its buffer, and the timeline's store-buffer
 * column holds x=1 for core 0 until it drains. */
static void test_store_buffer_views(void)
{
    if (!need_cpu("x86"))
        return;
    g_autofree char *elf = litmus("x86", "sb");
    g_autofree char *dir = g_dir_make_tmp("atomsim-sb-XXXXXX", NULL);
    g_autofree char *page = g_build_filename(dir, "sb.html", NULL);
    struct result r = atomsim("--trace", "--timeline", page, "--schedule", "0:3,1:*,0:*", elf,
                              NULL);
    g_assert_cmpint(r.status, ==, 0);
    /* core 1's load of x, while core 0's x = 1 waits in core 0's buffer */
    const char *load = NULL;
    g_auto(GStrv) lines = g_strsplit(r.out, "\n", -1);
    for (char **l = lines; *l && load == NULL; l++)
        if (strstr(*l, " cpu1 ") && strstr(*l, "LOAD  x "))
            load = *l;
    g_assert_nonnull(load);
    g_assert_nonnull(strstr(load, "read 0 (another core's newer store to it still waits in "
                                  "its store buffer)"));
    g_autofree char *html = contents_of(page);
    g_assert_nonnull(strstr(html, "<th>store buffers</th>"));
    g_assert_nonnull(strstr(html, "<div class=\"c0\">cpu0: x=1</div>"));
    g_assert_nonnull(strstr(html, "&darr; visible: x=1"));
    result_clear(&r);
    g_unlink(page);
    g_rmdir(dir);
}

/* arm-aba: core 0's ldrex, core 1's store to x of the value it read, which
 * drains (d1:1) before core 0's strex. */
static const char aba_schedule[] = "0:2,1:2,d1:1,0:*";

static void test_monitor_divergence(void)
{
    if (!need_cpu("arm"))
        return;
    g_autofree char *elf = litmus("arm", "arm-aba");
    struct result value = atomsim("--schedule", aba_schedule, "--monitor", "value", elf, NULL);
    g_assert_cmpint(value.status, ==, 1);
    g_assert_nonnull(strstr(value.out, "cpu0: monitor divergence on x (0x"));
    g_assert_nonnull(strstr(value.out, "cpu1 wrote 5 at step 5"));
    g_assert_nonnull(strstr(value.out, "atomsim: result: 1 finding\n"));
    struct result address = atomsim("--schedule", aba_schedule, elf, NULL);
    g_assert_cmpint(address.status, ==, 0);
    g_assert_null(strstr(address.out, "divergence"));
    result_clear(&value);
    result_clear(&address);
}

/* aarch64 stores indexed by a w register, sxtw and uxtw: the events are at
 * the elements the extended index selects, whatever the x register holds
 * above bit 31. */
static void test_extended_index(void)
{
    if (!need_cpu("aarch64"))
        return;
    g_autofree char *elf = guest("aarch64", "extended-index");
    struct result r = atomsim("--cores", "1", "--trace", elf, NULL);
    g_assert_cmpint(r.status, ==, 0);
    const char *extends[] = { "sxtw #2]", "uxtw #2]" }, *elements[] = { "arr[1] ", "arr[6] " };
    for (unsigned i = 0; i < 2; i++) {
        const char *at = strstr(r.out, extends[i]);
        g_assert_nonnull(at);
        g_autofree char *line = g_strndup(at, strcspn(at, "\n"));
        g_assert_nonnull(strstr(line, "STORE"));
        g_assert_nonnull(strstr(line, elements[i]));
    }
    result_clear(&r);
}

/* --debug: each subsystem's log on stderr, in its GLib domain, saying why
 * the run went where it went; the run itself is the same. */
static void test_debug_log(void)
{
    if (!need_cpu("arm"))
        return;
    g_autofree char *elf = litmus("arm", "arm-aba");
    struct result quiet = atomsim("--schedule", aba_schedule, elf, NULL);
    struct result logged = atomsim("--debug=sched,monitor", "--schedule", aba_schedule, elf,
                                   NULL);
    g_assert_cmpint(logged.status, ==, quiet.status);
    g_assert_cmpstr(logged.out, ==, quiet.out);
    g_assert_cmpstr(quiet.err, ==, "");
    /* core 0 reserves x, core 1's store to it breaks the reservation, and
     * core 0's store-exclusive fails */
    g_assert_nonnull(strstr(logged.err, "atomsim-monitor-DEBUG"));
    g_assert_nonnull(strstr(logged.err, "cpu0 reserves 0x"));
    g_assert_nonnull(strstr(logged.err, "clears cpu0's reservation"));
    g_assert_nonnull(strstr(logged.err, "cpu0 store-exclusive to 0x"));
    g_assert_nonnull(strstr(logged.err, "atomsim-sched-DEBUG"));
    g_assert_nonnull(strstr(logged.err, "cpu0 is switched out before 0x"));
    g_assert_null(strstr(logged.err, "atomsim-memory"));
    expect_usage_error("'bogus' is no subsystem", "--debug", "sched,bogus", elf, NULL);
    result_clear(&quiet);
    result_clear(&logged);
}

/* --- help, errors and Valgrind's conventions ------------------------- */

/* --help names the subcommands and the reporting options; errors say what
 * was expected. */
static void test_help_and_hints(void)
{
    struct result h = atomsim("--help", NULL);
    g_assert_cmpint(h.status, ==, 0);
    static const char *const wanted[] = { "explain PRIMITIVE", "--error-exitcode=N",
                                          "--log-file=FILE", "--ignore=VAR", "atomsim-cc" };
    for (unsigned i = 0; i < G_N_ELEMENTS(wanted); i++)
        g_assert_nonnull(strstr(h.out, wanted[i]));
    result_clear(&h);
    g_autofree char *elf = example(first_cpu(), "counter");
    expect_usage_error("dfs[:B]", "--sched", "foo", elf, NULL);
    expect_usage_error("give --trace=t.txt", "--trace", "t.txt", elf, NULL);
    expect_usage_error("--error-exitcode 256: 0 to 255", "--error-exitcode", "256", elf, NULL);
    expect_usage_error("--ignore nosuchvar: ", "--ignore", "nosuchvar", elf, NULL);
}

/* --monitor other than address is a usage error where there is no
 * exclusive monitor. */
static void test_monitor_needs_exclusives(void)
{
    static const char *const cpus[] = { "x86", "x86_64", "sparc32" };
    for (unsigned i = 0; i < G_N_ELEMENTS(cpus); i++) {
        if (!cpu_built(cpus[i]))
            continue;
        g_autofree char *elf = example(cpus[i], "counter-atomic");
        g_autofree char *want = g_strdup_printf("%s has no exclusive monitor", cpus[i]);
        expect_usage_error(want, "--monitor", "value", elf, NULL);
        expect_usage_error(want, "--monitor", "switch", elf, NULL);
        struct result r = atomsim("--monitor", "address", elf, NULL);
        g_assert_cmpint(r.status, ==, 0);
        result_clear(&r);
    }
}

/* A static program built against glibc, not atomsim's runtime: one line
 * on how guests are built (the host's compiler makes one for x86_64). */
static void test_libc_guest(void)
{
    if (!cpu_built("x86_64"))
        return;
    g_autofree char *dir = g_dir_make_tmp("atomsim-libc-XXXXXX", NULL);
    g_autofree char *src = g_build_filename(dir, "hello.c", NULL);
    g_autofree char *elf = g_build_filename(dir, "hello.elf", NULL);
    g_assert_true(g_file_set_contents(src, "#include <stdio.h>\nint main(void) "
                                      "{ puts(\"hi\"); return 0; }\n", -1, NULL));
    const char *const cc[] = { "cc", "-static", "-o", elf, src, NULL };
    int wait_status;
    if (!g_spawn_sync(NULL, (char **)cc, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL |
                      G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, NULL, NULL, &wait_status, NULL) ||
        !g_spawn_check_wait_status(wait_status, NULL)) {
        g_test_skip("no static glibc on the host");
    } else {
        expect_usage_error("built with libc", elf, NULL);
        expect_usage_error("atomsim-cc", elf, NULL);
    }
    g_remove(elf);
    g_remove(src);
    g_rmdir(dir);
}

/* --error-exitcode, --log-file and --ignore on a program that loses
 * updates on counter (and then fails its own sim_check). */
static void test_reporting_options(gconstpointer data)
{
    g_autofree char *elf = broken(data, "plain-increment");
    struct result plain = atomsim("--sched", "rr", elf, NULL);
    g_assert_cmpint(plain.status, ==, 1);
    g_assert_nonnull(strstr(plain.out, "lost update on counter"));
    result_clear(&plain);

    struct result code = atomsim("--sched", "rr", "--error-exitcode=9", elf, NULL);
    g_assert_cmpint(code.status, ==, 9);
    result_clear(&code);

    struct result ignored = atomsim("--sched", "rr", "--ignore=counter", elf, NULL);
    g_assert_null(strstr(ignored.out, "lost update on counter"));
    g_assert_nonnull(strstr(ignored.out, "ignored: --ignore)"));
    g_assert_nonnull(strstr(ignored.out, "--ignore counter"));
    g_assert_cmpint(ignored.status, ==, 1);     /* the guest's own check */
    result_clear(&ignored);

    g_autofree char *dir = g_dir_make_tmp("atomsim-log-XXXXXX", NULL);
    g_autofree char *log = g_build_filename(dir, "log", NULL);
    g_autofree char *opt = g_strdup_printf("--log-file=%s", log);
    struct result logged = atomsim("--sched", "rr", opt, elf, NULL);
    g_assert_cmpint(logged.status, ==, 1);
    g_assert_cmpstr(logged.out, ==, "");
    g_assert_cmpstr(logged.err, ==, "");
    g_autofree char *text = contents_of(log);
    g_assert_nonnull(strstr(text, "lost update on counter"));
    g_assert_nonnull(strstr(text, "atomsim: result: "));
    result_clear(&logged);
    g_remove(log);
    g_rmdir(dir);
}

/* <atomic.h> on pointers, atomic_long_t and DEFINE_SPINLOCK (built with
 * -Werror). */
static void test_library_types(gconstpointer data)
{
    g_autofree char *elf = guest(data, "library-types");
    struct result r = atomsim("--cores", "4", elf, NULL);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_nonnull(strstr(r.out, "nodes = 16, hits = 16, plain = 16, expected 16"));
    result_clear(&r);
}

/* atomsim-cc --help, --version, and its hint for a program that wants
 * more of libc than the small one. */
static void test_atomsim_cc(void)
{
    const char *const help[] = { BUILDDIR "/tools/atomsim-cc", "--help", NULL };
    struct result h = run_argv(help);
    g_assert_cmpint(h.status, ==, 0);
    g_assert_nonnull(strstr(h.out, "usage: atomsim-cc"));
    result_clear(&h);
    const char *const version[] = { BUILDDIR "/tools/atomsim-cc", "--version", NULL };
    struct result v = run_argv(version);
    g_assert_cmpint(v.status, ==, 0);
    g_assert_cmpstr(v.out, ==, "atomsim-cc " PACKAGE_VERSION "\n");
    result_clear(&v);

    const char *cpu = first_cpu();
    g_autofree char *dir = g_dir_make_tmp("atomsim-cc-XXXXXX", NULL);
    g_autofree char *src = g_build_filename(dir, "hello.c", NULL);
    g_autofree char *elf = g_build_filename(dir, "hello.elf", NULL);
    g_assert_true(g_file_set_contents(src, "#include <fcntl.h>\nint main(void) "
                                      "{ return open(\"x\", O_RDONLY) < 0; }\n", -1, NULL));
    const char *const cc[] = { BUILDDIR "/tools/atomsim-cc", "--cpu", cpu, "-o", elf, src,
                               NULL };
    struct result c = run_argv(cc);
    g_assert_cmpint(c.status, !=, 0);
    g_assert_nonnull(strstr(c.err, "fcntl.h"));         /* the compiler's own */
    g_assert_nonnull(strstr(c.err, "atomsim-cc: guests have a small libc only"));
    result_clear(&c);
    g_remove(src);
    g_rmdir(dir);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    static const struct per_cpu_test per_cpu[] = {
        { "examples", test_examples },
        { "same-seed-same-run", test_same_seed_same_run },
        { "plain-counter-loses-updates", test_plain_counter_loses_updates },
        { "atomic-counter-never-loses", test_atomic_counter_never_loses },
        { "stores-seen-by-others", test_stores_seen_by_others },
        { "qemu-user-agrees", test_qemu_agrees },
        { "guest-faults", test_guest_faults },
        { "exit-codes", test_exit_codes },
        { "trace", test_trace },
        { "record-replay", test_record_replay },
        { "runs", test_runs },
        { "shrink", test_shrink },
        { "jobs-and-shards", test_jobs_and_shards },
        { "pct", test_pct },
        { "pct-estimates-k", test_pct_estimates_k },
        { "pct-two-location-spin", test_pct_two_location_spin },
        { "inject", test_inject },
        { "dfs", test_dfs },
        { "add-unless-reads-whole", test_add_unless_reads_whole },
        { "memory-tso", test_memory_tso },
        { "reporting-options", test_reporting_options },
        { "library-types", test_library_types },
    };
    add_per_cpu_tests("cli", per_cpu, G_N_ELEMENTS(per_cpu));
    g_test_add_func("/cli/bad-input", test_bad_input);
    g_test_add_func("/cli/monitor-divergence", test_monitor_divergence);
    g_test_add_func("/cli/debug-log", test_debug_log);
    g_test_add_func("/cli/fault/strip-lock", test_strip_lock);
    g_test_add_func("/cli/fault/sc-fail", test_sc_fail);
    g_test_add_func("/cli/fault/strip-fence", test_strip_fence);
    g_test_add_func("/cli/store-buffer-views", test_store_buffer_views);
    g_test_add_func("/cli/help-and-hints", test_help_and_hints);
    g_test_add_func("/cli/monitor-needs-exclusives", test_monitor_needs_exclusives);
    g_test_add_func("/cli/libc-guest", test_libc_guest);
    g_test_add_func("/cli/atomsim-cc", test_atomsim_cc);
    g_test_add_func("/cli/aarch64/extended-index", test_extended_index);
    return g_test_run();
}
