/* test-threads.c — pthread programs on every cpu: main on core 0 and each
 * thread on a core of its own; blocking in the scheduler; the gallery's
 * verdicts (programs/examples/threads/) under every memory model of the
 * cpu; findings a user checks for (a failing assert, a deadlock, too few
 * cores); SV-COMP's harness (nondet values replayed, assumptions,
 * atomic sections, reach_error). */
#include <stdlib.h>
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "test-programs.h"

#define CPU_MODELS { "sc", "tso", "pso", "arm", "rvwmo" }

/* programs/<cpu>/threads/<name>.elf (to free). */
static char *gallery(const char *cpu, const char *name)
{
    return g_strdup_printf(BUILDDIR "/programs/%s/threads/%s.elf", cpu, name);
}

/* Does --memory model let a store wait past a later load (every model but
 * sc)?  Then Peterson's lock lets both threads in. */
static bool reorders(const char *model)
{
    return strcmp(model, "sc") != 0;
}

/* Is a gallery program that holds under sc expected to fail under model on
 * cpu (each program's header says why)?  gcc builds SPARC V8 code for TSO,
 * so under pso no fence or release of it orders stores; Debian 12's gcc 12
 * drops the release of a RISC-V compare-exchange (c11-stack). */
static bool expected_to_fail(const char *cpu, const char *model, const char *prog)
{
    if (strcmp(cpu, "sparc32") == 0 && strcmp(model, "pso") == 0)
        return true;
    return strcmp(cpu, "riscv64") == 0 && strcmp(model, "rvwmo") == 0 &&
           strcmp(prog, "c11-stack") == 0;
}

/* The gallery under each of the cpu's models: peterson fails its assert
 * wherever stores wait in buffers and holds under sc; with fences, and
 * the other programs, hold everywhere but where expected_to_fail says. */
static void test_gallery(gconstpointer data)
{
    const char *cpu = data;
    if (!need_cpu(cpu))
        return;
    static const char *const models[] = CPU_MODELS;
    static const char *const safe[] = { "peterson-fence", "bakery", "c11-stack", "work-queue" };
    for (unsigned i = 0; i < G_N_ELEMENTS(models); i++) {
        if (!cpu_has_model(cpu, models[i]))
            continue;
        g_autofree char *peterson = gallery(cpu, "peterson");
        struct result r = atomsim("--cores", "3", "--memory", models[i], "--runs", "3000",
                                  peterson, NULL);
        if (reorders(models[i])) {
            /* both threads inside: the assert fails, or they came
             * between each other's inside++ */
            g_assert_cmpint(r.status, ==, 1);
            g_assert_true(strstr(r.out, "assertion failed: inside == 1 (in thread)") ||
                          strstr(r.out, "lost update on inside"));
        } else {
            g_assert_cmpint(r.status, ==, 0);
        }
        result_clear(&r);
        for (unsigned k = 0; k < G_N_ELEMENTS(safe); k++) {
            g_autofree char *prog = gallery(cpu, safe[k]);
            r = atomsim("--cores", "4", "--memory", models[i], "--runs",
                        SANITIZER_BUDGET("2000", "200"), prog, NULL);
            bool fails = expected_to_fail(cpu, models[i], safe[k]);
            if ((r.status != 0) != fails)
                g_test_message("%s under %s: %s%s", safe[k], models[i], r.out, r.err);
            /* failing: a finding, or under pso (where the thread library's
             * own release is a plain store too) a thread started before its
             * function was visible: a guest fault */
            if (fails)
                g_assert_true(r.status == 1 || (r.status == 3 && strcmp(models[i], "pso") == 0));
            else
                g_assert_cmpint(r.status, ==, 0);
            result_clear(&r);
        }
    }
}

/* A mutex three threads fight over: the count is exact, and lockstat
 * shows the mutex contended (on sparc32 the lock-table bucket its
 * compare-and-swap takes, as Linux's sparc32 atomics do). */
static void test_mutex(gconstpointer data)
{
    const char *cpu = data;
    if (!need_cpu(cpu))
        return;
    g_autofree char *prog = guest(cpu, "threads-mutex");
    struct result r = atomsim("--cores", "4", prog, NULL);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_nonnull(strstr(r.out, "cpu0: counter = 60\n"));
    const char *lock = strcmp(cpu, "sparc32") == 0 ? "atomsim:   __atomic_hash bucket"
                                                   : "atomsim:   m.lock ";
    const char *row = strstr(r.out, lock);
    g_assert_nonnull(row);
    /* the row's last six columns: acquired contended spins wait hold false */
    g_autofree char *text = g_strndup(row, strcspn(row, "\n"));
    g_auto(GStrv) words = g_strsplit_set(text, " ", -1);
    GPtrArray *cols = g_ptr_array_new();
    for (char **w = words; *w; w++)
        if (**w != '\0')
            g_ptr_array_add(cols, *w);
    g_assert_cmpuint(cols->len, >=, 6);
    unsigned acquired = (unsigned)atoi(cols->pdata[cols->len - 6]);
    unsigned contended = (unsigned)atoi(cols->pdata[cols->len - 5]);
    g_ptr_array_free(cols, TRUE);
    g_assert_cmpuint(acquired, >=, 60);
    g_assert_cmpuint(contended, >, 0);
    /* every thread ran on a core of its own; main on core 0 */
    g_assert_nonnull(strstr(r.out, "atomsim: cpu3: "));
    result_clear(&r);

    /* under qemu-user the threads run one after another: the same count */
    const char *qemu = qemu_for(cpu);
    if (qemu[0] != '\0') {
        const char *argv[] = { qemu, prog, NULL };
        struct result q = run_argv(argv);
        g_assert_cmpstr(q.out, ==, "counter = 60\n");
        g_assert_cmpint(q.status, ==, 0);
        result_clear(&q);
    }
}

/* More threads than cores: an error that names --cores, exit 2. */
static void test_too_few_cores(gconstpointer data)
{
    const char *cpu = data;
    if (!need_cpu(cpu))
        return;
    g_autofree char *prog = guest(cpu, "threads-mutex");
    struct result r = atomsim("--cores", "2", prog, NULL);
    g_assert_cmpint(r.status, ==, 2);
    g_assert_nonnull(strstr(r.err, "pthread_create: no core is left"));
    g_assert_nonnull(strstr(r.err, "(threads-mutex.c:"));
    g_assert_nonnull(strstr(r.err, "--cores 3 or more"));
    result_clear(&r);
    /* without --cores, as many as it has threads: main and three */
    r = atomsim(prog, NULL);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_nonnull(strstr(r.out, ", 4 cores, "));
    g_assert_nonnull(strstr(r.out, "--cores 4 "));
    g_assert_null(strstr(r.out, "idle"));
    result_clear(&r);
}

/* Waiters on a condition variable wake at the broadcast, and a barrier
 * lets all three through, under every strategy. */
static void test_condition(gconstpointer data)
{
    const char *cpu = data;
    if (!need_cpu(cpu))
        return;
    g_autofree char *prog = guest(cpu, "threads-cond");
    struct result r = atomsim("--cores", "3", prog, NULL);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_nonnull(strstr(r.out, "cpu0: got 2\n"));
    result_clear(&r);
    r = atomsim("--cores", "3", "--runs", SANITIZER_BUDGET("300", "30"), prog, NULL);
    g_assert_cmpint(r.status, ==, 0);
    result_clear(&r);
    r = atomsim("--cores", "3", "--sched", "pct:2", "--runs", SANITIZER_BUDGET("300", "30"), prog,
                NULL);
    g_assert_cmpint(r.status, ==, 0);
    result_clear(&r);
}

/* Two mutexes taken in opposite orders: a hunt finds the deadlock, and the
 * finding says who waits for what. */
static void test_deadlock(gconstpointer data)
{
    const char *cpu = data;
    if (!need_cpu(cpu))
        return;
    g_autofree char *prog = guest(cpu, "threads-deadlock");
    struct result r = atomsim("--cores", "3", "--runs", "500", prog, NULL);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_nonnull(strstr(r.out, "deadlock: cpu0 waits in pthread_join for the thread on cpu"));
    g_assert_nonnull(strstr(r.out, "waits for mutex a.lock (held by cpu"));
    g_assert_nonnull(strstr(r.out, "waits for mutex b.lock (held by cpu"));
    result_clear(&r);
}

/* C11's <threads.h>: thrd_create, mtx_t, cnd_t and thrd_join's result. */
static void test_c11_threads(gconstpointer data)
{
    const char *cpu = data;
    if (!need_cpu(cpu))
        return;
    g_autofree char *prog = guest(cpu, "threads-c11");
    struct result r = atomsim("--cores", "3", "--runs", SANITIZER_BUDGET("200", "20"), prog, NULL);
    g_assert_cmpint(r.status, ==, 0);
    result_clear(&r);
    r = atomsim("--cores", "3", prog, NULL);
    g_assert_nonnull(strstr(r.out, "cpu0: count 3, results 30\n"));
    result_clear(&r);
}

/* The guest test name ends clean in random runs under every model of the
 * cpu (but where expected_to_fail says), and dfs verifies it in every
 * schedule under sc. */
/* One run of prog, with the default schedule, ends clean and prints line. */
static void assert_clean_run(const char *prog, const char *line)
{
    struct result r = atomsim(prog, NULL);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_nonnull(strstr(r.out, line));
    result_clear(&r);
}

static void assert_holds_everywhere(const char *cpu, const char *name)
{
    g_autofree char *prog = guest(cpu, name);
    static const char *const models[] = CPU_MODELS;
    for (unsigned i = 0; i < G_N_ELEMENTS(models); i++) {
        if (!cpu_has_model(cpu, models[i]) || expected_to_fail(cpu, models[i], name))
            continue;
        struct result r = atomsim("--memory", models[i], "--runs",
                                  SANITIZER_BUDGET("200", "20"), prog, NULL);
        if (r.status != 0)
            g_test_message("under %s: %s%s", models[i], r.out, r.err);
        g_assert_cmpint(r.status, ==, 0);
        result_clear(&r);
    }
    struct result r = atomsim("--memory", "sc", "--sched", "dfs:all", "--only-checks", prog, NULL);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_nonnull(strstr(r.out, "verified: no schedule of the program fails a check"));
    result_clear(&r);
}

/* Thread-local variables: each thread its own copy of the initial values,
 * aligned, a page-spanning zeroed array, main's copy written through a
 * pointer (the program's asserts check them). */
static void test_thread_local(gconstpointer data)
{
    const char *cpu = data;
    if (!need_cpu(cpu))
        return;
    g_autofree char *prog = guest(cpu, "threads-tls");
    assert_clean_run(prog, "cpu0: main's counted 100, wide 0\n");
    assert_holds_everywhere(cpu, "threads-tls");
}

/* POSIX semaphores: a bounded buffer counted by them passes every item once,
 * in order, everywhere (sparc32's pso aside, where nothing gcc builds
 * orders stores); a missing post is a deadlock that names the semaphore. */
static void test_semaphores(gconstpointer data)
{
    const char *cpu = data;
    if (!need_cpu(cpu))
        return;
    g_autofree char *prog = guest(cpu, "threads-sem");
    assert_clean_run(prog, "cpu0: sum 3, 1 slots empty\n");
    assert_holds_everywhere(cpu, "threads-sem");

    g_autofree char *broken = guest(cpu, "threads-sem-missing-post");
    struct result r = atomsim(broken, NULL);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_nonnull(strstr(r.out, "deadlock: cpu0 waits in pthread_join for the thread on "
                                   "cpu2; cpu2 waits on semaphore full"));
    result_clear(&r);
}

/* A condition wait under `if`: POSIX lets a wait return with no signal, and
 * the search finds the waiter going on with its predicate false; the same
 * wait in a `while` (threads-cond) holds in every schedule dfs:2 tries. */
static void test_spurious_wakeup(gconstpointer data)
{
    const char *cpu = data;
    if (!need_cpu(cpu))
        return;
    g_autofree char *prog = guest(cpu, "threads-cond-if");
    struct result r = atomsim("--sched", "dfs", prog, NULL);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_nonnull(strstr(r.out, "cpu1: check failed: assertion failed: ready (in waiter)"));
    result_clear(&r);
    g_autofree char *loop = guest(cpu, "threads-cond");
    r = atomsim("--memory", "sc", "--sched", "dfs", "--only-checks", loop, NULL);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_nonnull(strstr(r.out, "verified: no schedule with at most 2 preemptions"));
    result_clear(&r);
}

/* Thread-specific data: a thread's end calls each key's destructor with its
 * value, in rounds while destructors set values; main's return does not
 * (the program's asserts and its line check them). */
static void test_key_destructors(gconstpointer data)
{
    const char *cpu = data;
    if (!need_cpu(cpu))
        return;
    g_autofree char *prog = guest(cpu, "threads-keys");
    assert_clean_run(prog, "cpu0: destroyed 3, then 300\n");
    struct result r = atomsim("--runs", SANITIZER_BUDGET("200", "20"), prog, NULL);
    g_assert_cmpint(r.status, ==, 0);
    result_clear(&r);
}

/* A thread that spins through atomic sections on a flag no one sets: a
 * deadlock finding (the sections' calls are no progress), long before the
 * step budget. */
static void test_spin_in_atomic_sections(gconstpointer data)
{
    const char *cpu = data;
    if (!need_cpu(cpu))
        return;
    g_autofree char *prog = guest(cpu, "threads-spin-atomic");
    struct result r = atomsim("--cores", "2", "--max-steps", "100000", prog, NULL);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_nonnull(strstr(r.out, "deadlock: every running core only reads"));
    g_assert_nonnull(strstr(r.out, " on flag"));
    result_clear(&r);
}

/* A thread's failing assert: one finding at its line, exit 1. */
static void test_assert(gconstpointer data)
{
    const char *cpu = data;
    if (!need_cpu(cpu))
        return;
    g_autofree char *prog = guest(cpu, "threads-assert");
    struct result r = atomsim("--cores", "2", prog, NULL);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_cmpuint(count(r.out, "check failed"), ==, 1);
    g_assert_nonnull(strstr(r.out, "cpu1: check failed: assertion failed: shared == 0 (in thread)"));
    g_assert_nonnull(strstr(r.out, " (thread+0x"));
    g_assert_nonnull(strstr(r.out, " (threads-assert.c:11))"));
    g_assert_nonnull(strstr(r.out, "atomsim: result: 1 finding\n"));
    result_clear(&r);
}

/* malloc and free from three threads at once: every block whole. */
static void test_malloc(gconstpointer data)
{
    const char *cpu = data;
    if (!need_cpu(cpu))
        return;
    g_autofree char *prog = guest(cpu, "threads-malloc");
    struct result r = atomsim("--cores", "4", "--runs", "100", prog, NULL);
    g_assert_cmpint(r.status, ==, 0);
    result_clear(&r);
}

/* SV-COMP's harness: a hunt finds the nondet value 7 (runs whose
 * assumption fails are counted apart), and the reproduce line and a
 * recorded schedule give that value again; atomic sections and an atomic
 * function keep x and y exact. */
static void test_verifier(gconstpointer data)
{
    const char *cpu = data;
    if (!need_cpu(cpu))
        return;
    g_autofree char *prog = guest(cpu, "threads-sv");
    g_autofree char *dir = g_dir_make_tmp("atomsim-threads-XXXXXX", NULL);
    g_autofree char *record = g_build_filename(dir, "sv.schedule", NULL);
    struct result r = atomsim("--cores", "3", "--memory", "sc", "--runs", "2000", "--record",
                              record, prog, NULL);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_nonnull(strstr(r.out, "n=7 x=10 y=10\n"));
    g_assert_nonnull(strstr(r.out, "check failed: reach_error() reached"));
    g_assert_nonnull(strstr(r.out, "ended by a false assumption"));
    g_assert_null(strstr(r.out, "lost update"));
    g_auto(GStrv) again = reproduce_argv(r.out);
    const char *seed = strstr(r.out, "--seed ");
    g_assert_nonnull(seed);
    g_autofree char *seed_value = g_strndup(seed + 7, strcspn(seed + 7, " "));
    result_clear(&r);

    r = run_argv((const char *const *)again);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_nonnull(strstr(r.out, "n=7 x=10 y=10\n"));
    result_clear(&r);

    g_autofree char *replay = g_strdup_printf("replay:%s", record);
    r = atomsim("--cores", "3", "--memory", "sc", "--sched", replay, "--seed", seed_value, prog,
                NULL);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_nonnull(strstr(r.out, "n=7 x=10 y=10\n"));
    result_clear(&r);
    g_remove(record);
    g_rmdir(dir);
}

/* --svcomp on SV-COMP-style tasks built from their C files: a spin-wait
 * that holds is proved (dfs ends: TRUE), a lost update found (FALSE) with
 * a violation witness that names the call of reach_error(), a program that
 * draws _Bools proved (TRUE: both values tried), a bound met only by a
 * constant the program compares with found, and a check that must wait for
 * twenty threads to end found by PCT (FALSE both), one that defines its
 * own __VERIFIER_atomic_begin and _end proved (TRUE), a task of 2020
 * whose error function is __VERIFIER_error() found (FALSE, not a quiet
 * abort and TRUE); other properties are refused. */
static void test_svcomp(gconstpointer data)
{
    const char *cpu = data;
    if (!need_cpu(cpu))
        return;
    const char *prop = SRCDIR "/tests/svcomp/unreach-call.prp";
    g_autofree char *dir = g_dir_make_tmp("atomsim-svcomp-XXXXXX", NULL);
    g_autofree char *witness = g_build_filename(dir, "witness.yml", NULL);
    struct result r = atomsim("--svcomp", prop, "--witness", witness, "--cpu", cpu,
                              "--time-limit", "60", SRCDIR "/tests/svcomp/handoff.c", NULL);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_nonnull(strstr(r.out, "atomsim: verified: no schedule of the program reaches "
                                   "reach_error()\n"));
    g_assert_true(g_str_has_suffix(r.out, "atomsim: verdict: TRUE\n"));
    g_assert_false(g_file_test(witness, G_FILE_TEST_EXISTS));
    result_clear(&r);

    r = atomsim("--svcomp", prop, "--witness", witness, "--cpu", cpu, "--time-limit", "60",
                SRCDIR "/tests/svcomp/counter.c", NULL);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_nonnull(strstr(r.out, "reach_error() reached, at pc 0x"));
    g_assert_nonnull(strstr(r.out, "(main+0x"));
    g_assert_nonnull(strstr(r.out, "(counter.c:26))"));
    g_autofree char *verdict = g_strdup_printf("atomsim: verdict: FALSE (unreach-call): "
                                               "violation witness in %s\n", witness);
    g_assert_true(g_str_has_suffix(r.out, verdict));
    /* the reproduce line runs the ELF built beside the witness */
    g_auto(GStrv) again = reproduce_argv(r.out);
    result_clear(&r);
    r = run_argv((const char *const *)again);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_nonnull(strstr(r.out, "reach_error() reached"));
    result_clear(&r);
    g_autofree char *w = contents_of(witness);
    const char *expected[] = { "- entry_type: violation_sequence\n",
                               "    format_version: \"2.0\"\n", "      name: atomsim\n",
                               "tests/svcomp/counter.c\"\n",
                               "      specification: \"G ! call(reach_error())\"\n",
                               "            type: target\n", "            action: follow\n",
                               "              line: 26\n", "              function: \"main\"\n" };
    for (unsigned i = 0; i < G_N_ELEMENTS(expected); i++)
        if (strstr(w, expected[i]) == NULL)
            g_error("'%s' not in the witness: %s", expected[i], w);
    g_autofree char *elf = g_build_filename(dir, "counter.elf", NULL);
    g_remove(elf);
    g_remove(witness);
    g_autofree char *proved = g_build_filename(dir, "handoff.elf", NULL);
    g_remove(proved);

    /* _Bool draws: a search of both values of each is a proof */
    r = atomsim("--svcomp", prop, "--witness", witness, "--cpu", cpu, "--time-limit", "60",
                SRCDIR "/tests/svcomp/bool-draws.c", NULL);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_true(g_str_has_suffix(r.out, "atomsim: verdict: TRUE\n"));
    result_clear(&r);
    g_autofree char *bools = g_build_filename(dir, "bool-draws.elf", NULL);
    g_remove(bools);

    /* a bound the program compares with: dfs tries the constants and their
     * neighbours (38, 39 overrun the buffer), the verdict is FALSE */
    r = atomsim("--svcomp", prop, "--witness", witness, "--cpu", cpu, "--time-limit", "60",
                SRCDIR "/tests/svcomp/nondet-bound.c", NULL);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_nonnull(strstr(r.out, "(nondet-bound.c:22))"));
    g_assert_true(g_str_has_suffix(r.out, verdict));
    result_clear(&r);
    g_autofree char *bound = g_build_filename(dir, "nondet-bound.elf", NULL);
    r = atomsim("--sched", "dfs:all", "--only-reach-error", "--memory", "sc", bound, NULL);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_nonnull(strstr(r.out, "reach_error() reached"));
    g_assert_nonnull(strstr(r.out, "atomsim: dfs:all found it after "));
    /* the schedule spells the length drawn: one that overruns */
    g_assert_true(strstr(r.out, "=39,") != NULL || strstr(r.out, "=38,") != NULL);
    result_clear(&r);
    g_remove(bound);

    /* a check that must wait for twenty threads: the last hunt's PCT */
    r = atomsim("--svcomp", prop, "--witness", witness, "--cpu", cpu, "--time-limit", "4",
                SRCDIR "/tests/svcomp/late-check.c", NULL);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_nonnull(strstr(r.out, " --sched pct:3:"));
    g_assert_true(g_str_has_suffix(r.out, verdict));
    g_auto(GStrv) late = reproduce_argv(r.out);
    result_clear(&r);
    r = run_argv((const char *const *)late);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_nonnull(strstr(r.out, "reach_error() reached"));
    result_clear(&r);
    g_autofree char *late_elf = g_build_filename(dir, "late-check.elf", NULL);
    g_remove(late_elf);
    g_remove(witness);

    /* a task that defines __VERIFIER_atomic_begin and _end itself links
     * (the runtime's are weak), and its own run atomically: TRUE */
    r = atomsim("--svcomp", prop, "--witness", witness, "--cpu", cpu, "--time-limit", "60",
                SRCDIR "/tests/svcomp/own-atomic.c", NULL);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_true(g_str_has_suffix(r.out, "atomsim: verdict: TRUE\n"));
    result_clear(&r);
    g_autofree char *own = g_build_filename(dir, "own-atomic.elf", NULL);
    g_remove(own);

    /* a task of 2020 and before: its error function __VERIFIER_error() */
    r = atomsim("--svcomp", SRCDIR "/tests/svcomp/unreach-call-2020.prp", "--witness", witness,
                "--cpu", cpu, "--time-limit", "60", SRCDIR "/tests/svcomp/stop-flag.c", NULL);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_nonnull(strstr(r.out, "check failed: __VERIFIER_error() reached, at pc 0x"));
    g_assert_nonnull(strstr(r.out, "(main+0x"));
    g_assert_true(g_str_has_suffix(r.out, verdict));
    result_clear(&r);
    g_autofree char *w2020 = contents_of(witness);
    g_assert_nonnull(strstr(w2020, "      specification: \"G ! call(__VERIFIER_error())\"\n"));
    g_autofree char *stop_elf = g_build_filename(dir, "stop-flag.elf", NULL);
    g_remove(stop_elf);
    g_remove(witness);
    g_rmdir(dir);

    r = atomsim("--svcomp", SRCDIR "/tests/svcomp/no-data-race.prp", "--cpu", cpu,
                SRCDIR "/tests/svcomp/counter.c", NULL);
    g_assert_cmpint(r.status, ==, 2);
    g_assert_nonnull(strstr(r.err, "no-data-race: atomsim checks unreach-call only"));
    result_clear(&r);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    static const struct per_cpu_test tests[] = {
        { "gallery", test_gallery },
        { "mutex", test_mutex },
        { "too-few-cores", test_too_few_cores },
        { "condition", test_condition },
        { "c11-threads", test_c11_threads },
        { "thread-local", test_thread_local },
        { "semaphores", test_semaphores },
        { "spurious-wakeup", test_spurious_wakeup },
        { "key-destructors", test_key_destructors },
        { "deadlock", test_deadlock },
        { "spin-in-atomic-sections", test_spin_in_atomic_sections },
        { "assert", test_assert },
        { "malloc", test_malloc },
        { "verifier", test_verifier },
        { "svcomp", test_svcomp },
    };
    add_per_cpu_tests("threads", tests, G_N_ELEMENTS(tests));
    return g_test_run();
}
