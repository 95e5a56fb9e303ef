/* test-broken.c — every broken variant (programs/examples/broken/) fails its
 * own check under a pinned schedule, and the examples pass.
 *
 * Each broken program runs on 2 cores under one --schedule that stops core
 * 0 inside its window, runs core 1 until it is done, then core 0: its
 * check must fail.  The correct counterpart passes the same schedule, and
 * so does the broken program when the cores run one after the other: only
 * the interleaving breaks it.  (In counter-atomic, core 0 stops inside or just
 * after its atomic increment: on sparc32 core 1 waits for core 0's lock, on
 * arm it breaks core 0's reservation and core 0's strex fails and retries,
 * on x86 there is nothing to come between.)
 *
 * Core 1 gets 500 steps, not *: in a counterpart it may spin on a lock core
 * 0 holds, and under * it would spin until the step budget ran out.  500 is
 * more than core 1 needs to finish in any broken program (under 20) or
 * counterpart (a few hundred).
 */
#include <string.h>
#include <glib.h>

#include "test-programs.h"

#define HUNT_RUNS "100"

struct broken_case {
    const char *name;           /* programs/<cpu>/broken/<name>.elf */
    const char *cpus[8];        /* the cpus it is built for, NULL-ended */
    const char *schedule;       /* the interleaving that fails its check */
    const char *shows;          /* core 0's line that shows the damage */
    const char *fixed;          /* the example that passes the schedule, or NULL */
    /* The lost update atomsim reports by itself: its variable and cores, or
     * NULL where no store overwrote a value unseen (the guest's failed check
     * is the finding): cmpxchg-stale re-reads in its cmpxchg and only
     * computes from a stale value; strex-ignored loses an increment by not
     * storing; test-then-set sets a bit that is already set. */
    const char *finding;
    const char *bound;          /* the dfs bound that finds it (NULL: dfs:2; "": none,
                                   as dfs reads the newest write) */
};

#define ALL_CPUS { "sparc32", "arm", "x86", "x86_64", "aarch64", "riscv64" }

static const struct broken_case cases[] = {
    /* Core 0 loads the counter (0); core 1 does its 3 increments (0 -> 3)
     * and reaches the barrier; core 0 stores its stale 0 + 1. */
    { "plain-increment", ALL_CPUS, "0:1,1:500,0:*", "cpu0: counter = 3, expected 6\n",
      "counter-atomic",
      "cpu0: lost update on counter (0x", NULL },
    /* Core 0 reads stale = 0; core 1 does its 3 increments; core 0's
     * cmpxchg(0 -> 1) fails, finding 3, and its retry cmpxchg(3 -> 1)
     * succeeds: core 1's 3 increments are lost. */
    { "cmpxchg-stale", ALL_CPUS, "0:1,1:500,0:*", "cpu0: counter = 3, expected 6\n",
      "counter-atomic", NULL, NULL },
    /* Core 0 asks its cpu id and its test_bit sees slot 0 clear; core 1
     * tests, sets and owns slot 0; core 0 sets it again and finds core 1
     * in the owner field.  In bitmap, core 0's test_and_set_bit then finds
     * the bit set and moves on to slot 1. */
    { "test-then-set", ALL_CPUS, "0:2,1:500,0:*",
      "cpu0: slot 0 is cpu0's, but cpu1 holds it\n", "bitmap", NULL, NULL },
    /* Core 0's unlocked xadd does its load half (next = 0); core 1 takes
     * tickets 0, 1, 2; core 0's store half writes 1: it has ticket 0 too.
     * In fetch-vs-return, core 0's first step is its whole lock xadd. */
    { "xadd-no-lock", { "x86", "x86_64" }, "0:1,1:500,0:*",
      "cpu0: ticket 0 handed out 2 times\n", "fetch-vs-return",
      "cpu0: lost update on next (0x", NULL },
    /* Core 0's ldrex reads 0; core 1's 3 increments clear its reservation;
     * core 0's strex fails, and nothing retries: one increment vanishes. */
    { "strex-ignored", { "arm" }, "0:1,1:500,0:*", "cpu0: counter = 5, expected 6\n",
      "counter-atomic", NULL, NULL },
    /* The same on aarch64 with ldxr/stxr; its counter-atomic (ldadd) and
     * the -mno-lse build (with cbnz) both pass the schedule. */
    { "stxr-ignored", { "aarch64" }, "0:1,1:500,0:*", "cpu0: counter = 5, expected 6\n",
      "counter-atomic", NULL, NULL },
    /* The same on riscv64 with lr.w/sc.w; its counter-atomic (amoadd.w)
     * passes the schedule. */
    { "sc-ignored", { "riscv64" }, "0:1,1:500,0:*", "cpu0: counter = 5, expected 6\n",
      "counter-atomic", NULL, NULL },
    /* Core 0 asks its cpu id, takes a's lock and loads b (0); core 1 does
     * its 3 atomic_inc(&b) under b's lock, which is free; core 0 stores
     * its stale 0 + 1 into b.  In counter-atomic core 0 then holds the
     * counter's one lock, and core 1 spins until core 0 is done. */
    { "wrong-bucket", { "sparc32" }, "0:3,1:500,0:*", "cpu0: b = 3, expected 6",
      "counter-atomic", "cpu0: lost update on vars.b (0x", NULL },
    /* Core 0 asks its cpu id, takes v's lock and loads v (1); core 1's
     * plain store writes 0 inside that critical section; core 0 stores
     * 1 + 1.  No example holds the fix (the library's atomic_set, which
     * takes the lock); the serial runs show the outcome the kernel promises. */
    { "set-races-add-unless", { "sparc32" }, "0:3,1:500,0:*", "cpu0: v = 2, expected 0\n",
      NULL, "cpu0: lost update on v (0x", NULL },
    /* Dekker's entry without a fence: core 0 raises its flag (the store
     * waits in its buffer) and reads core 1's (down); core 1 raises its
     * flag and reads core 0's, still buffered: both enter.  In dekker each
     * flag is raised by an atomic exchange, visible at once. */
    { "dekker-no-fence", ALL_CPUS, "0:3,1:20,0:*", "cpu0: 2 cores entered\n", "dekker", NULL,
      NULL },
    /* Core 0 stores the message and the flag; the flag drains first
     * (d0.1: the second store in the buffer); core 1 sees the flag, reads
     * the old message.  In message-passing, the release's dmb drains the
     * message first (on aarch64 the stlr, on riscv64 the fence rw,w
     * before the store).  dfs needs three preemptions: the drain, core 1,
     * and back. */
    { "message-passing-no-barrier", { "arm", "aarch64", "riscv64" }, "0:3,d0.1:1,1:*,0:*",
      "cpu1: check failed: the flag was up, but", "message-passing", NULL, "dfs:3" },
    /* Core 0 stores the data (buffered), and its relaxed fetch_add's strex
     * is visible at once; core 1 sees the count, reads the old data.  In
     * publish, the dmb before the ldrex drains the data first. */
    { "relaxed-publish", { "arm" }, "0:4,1:*,0:*", "cpu1: check failed: published, but",
      "publish", NULL, NULL },
    /* aarch64's relaxed fetch_add is one ldadd, riscv64's one amoadd.w, a
     * step sooner; in publish it is ldaddal or amoadd.w.aqrl, whose release
     * drains the data first. */
    { "relaxed-publish", { "aarch64", "riscv64" }, "0:3,1:*,0:*", "cpu1: check failed: published, but",
      "publish", NULL, NULL },
    /* Core 1 asks its cpu id; core 0 runs to its end (its stores visible,
     * in order); core 1 reads the flag (1) and then, ~1, the message one
     * write older than the newest: 0, which its views allow, as nothing
     * orders its second load after its first.  In message-passing-rmb the
     * second step is smp_rmb(), after which the message's load must see
     * the message. */
    { "message-passing-no-rmb", { "arm", "aarch64", "riscv64" }, "1:1,0:*,1:2~1,1:*",
      "cpu1: check failed: the flag was up, but the message read was older",
      "message-passing-rmb", NULL, "" },
    /* Likewise: core 1 reads the count (2, the update done), the left half
     * one write older (0), the right half (1) and the count again (2). */
    { "seqlock-no-rmb", { "arm", "aarch64", "riscv64" }, "1:1,0:*,1:2~1,1:*",
      "cpu1: check failed: the reader took a torn pair", "seqlock", NULL, "" },
    /* Load buffering: core 0's load of arrived[1] reads 1, which core 1's
     * store, still to come, writes (=1); core 0's store of arrived[0]
     * (its buffer's slot 1: slot 0, saw[0], stores what the load read and
     * waits for that write) becomes visible before core 1 reads it.  In
     * arrival the load is an acquire: it reads the newest, 0. */
    { "arrival-relaxed", { "arm", "aarch64", "riscv64" }, "0:2=1,0:*,1:1,d0.1:1,1:*",
      "cpu0: check failed: each core saw the other arrive before it arrived itself", "arrival",
      NULL, NULL },
};

/* One case on one cpu. */
struct broken_run {
    const struct broken_case *c;
    const char *cpu;
};

/* The run must end with exit 0 and nothing found; what names the run. */
static void expect_clean(struct result *r, const char *what)
{
    if (r->status != 0 || !strstr(r->out, "atomsim: result: clean\n"))
        g_error("%s: exit %d, expected a clean run:\n%s%s", what, r->status, r->out, r->err);
    result_clear(r);
}

static void expect_clean_under(const char *elf, const char *schedule)
{
    struct result r = atomsim("--cores", "2", "--schedule", schedule, elf, NULL);
    g_autofree char *what = g_strdup_printf("%s --schedule %s", elf, schedule);
    expect_clean(&r, what);
}

static void test_broken(gconstpointer data)
{
    const struct broken_run *run = data;
    const struct broken_case *c = run->c;
    g_autofree char *elf = broken(run->cpu, c->name);

    struct result r = atomsim("--cores", "2", "--schedule", c->schedule, elf, NULL);
    if (r.status != 1 || !strstr(r.out, "check failed") || !strstr(r.out, c->shows))
        g_error("%s --schedule %s: exit %d, expected 1, \"check failed\" and \"%s\":\n%s%s",
                elf, c->schedule, r.status, c->shows, r.out, r.err);
    /* The detector names the variable, core 0 as the one that read it, and
     * core 1 as the one whose update core 0's stale store wiped out. */
    if (c->finding && (!strstr(r.out, c->finding) || !strstr(r.out, "cpu1's update is lost") ||
                       !strstr(r.out, "cpu0 read ")))
        g_error("%s --schedule %s: no lost update reported as \"%s ... cpu0 read ... cpu1's "
                "update is lost\":\n%s", elf, c->schedule, c->finding, r.out);
    result_clear(&r);

    if (c->fixed) {
        g_autofree char *fixed = example(run->cpu, c->fixed);
        expect_clean_under(fixed, c->schedule);
    }
    /* The default strategy (random with injection) finds it by itself within
     * HUNT_RUNS seeds (tools/bench-hunt.sh: 32 at most). */
    struct result hunted = atomsim("--cores", "2", "--runs", HUNT_RUNS, elf, NULL);
    if (hunted.status != 1 || !strstr(hunted.out, ": 1 with findings\n"))
        g_error("%s --runs %s: not found:\n%s", elf, HUNT_RUNS, hunted.out);
    result_clear(&hunted);
    /* So does the exhaustive search with two preemptions (or the bound the
     * case gives). */
    const char *bound = c->bound ? c->bound : "dfs:2";
    if (*bound) {
        g_autofree char *found = g_strdup_printf("atomsim: %s found it after ", bound);
        struct result searched = atomsim("--cores", "2", "--sched", bound, elf, NULL);
        if (searched.status != 1 || !strstr(searched.out, found))
            g_error("%s --sched %s: not found:\n%s", elf, bound, searched.out);
        result_clear(&searched);
    }

    /* One core after the other, in either order, nothing goes wrong. */
    expect_clean_under(elf, "0:*,1:*");
    expect_clean_under(elf, "1:*,0:*");
}

/* lock-order: each core holds one lock and spins on the other's.  atomsim
 * ends the run with a deadlock that names both cores, the lock each spins
 * on and its holder, long before the step budget. */
static void test_deadlock(gconstpointer data)
{
    g_autofree char *elf = broken(data, "lock-order");
    struct result r = atomsim("--cores", "2", elf, NULL);
    g_assert_cmpint(r.status, ==, 1);
    const char *needles[] = { "cpu0: deadlock: ", "cpu0 spins at pc 0x", "(spin_lock+0x",
                              "on b, a lock cpu1 holds", "on a, a lock cpu0 holds",
                              "atomsim: result: 1 finding (stopped: no progress)\n" };
    for (unsigned i = 0; i < G_N_ELEMENTS(needles); i++)
        if (!strstr(r.out, needles[i]))
            g_error("%s: no \"%s\" in:\n%s", elf, needles[i], r.out);
    result_clear(&r);
}

/* The arm counter under a Valgrind-style monitor (reservations dropped at
 * every switch) and a switch before every step: strex never succeeds, and
 * atomsim says so. */
static void test_livelock(void)
{
    if (!need_cpu("arm"))
        return;
    g_autofree char *elf = example("arm", "counter-atomic");
    struct result r = atomsim("--monitor", "switch", "--sched", "rr:1", "--sc-fail-limit", "50",
                              elf, NULL);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_nonnull(strstr(r.out, "store-exclusive at pc 0x"));
    g_assert_nonnull(strstr(r.out, "on counter failed 50 times in a row"));
    result_clear(&r);
    /* The architecture's monitor: the same schedule makes progress. */
    struct result ok = atomsim("--sched", "rr:1", elf, NULL);
    g_assert_cmpint(ok.status, ==, 0);
    result_clear(&ok);
}

/* Expect run r of elf to contain every needle. */
static void expect_all(const struct result *r, const char *elf, const char *const *needles,
                       unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        if (!strstr(r->out, needles[i]))
            g_error("%s: no \"%s\" in:\n%s", elf, needles[i], r->out);
}

/* lock-retry: both cores retry forever under a spinlock with a stale value;
 * every try takes and drops the lock and writes nothing else.  atomsim
 * reports a livelock naming each core's loop and the lock, under the
 * default schedule, round-robin and pct, never the step budget. */
static void test_lock_livelock(gconstpointer data)
{
    g_autofree char *elf = guest(data, "lock-retry");
    const char *needles[] = { ": livelock: for ", "cpu0 loops at pc 0x", "(main+0x",
                              "on x, taking lock at pc 0x", "(spin_lock",
                              "atomsim: result: 1 finding (stopped: no progress)\n" };
    static const char *const scheds[] = { "random", "rr:1", "rr:7", "pct" };
    for (unsigned i = 0; i < G_N_ELEMENTS(scheds); i++) {
        struct result r = atomsim("--cores", "2", "--sched", scheds[i], elf, NULL);
        g_assert_cmpint(r.status, ==, 1);
        expect_all(&r, elf, needles, G_N_ELEMENTS(needles));
        result_clear(&r);
    }
}

/* cmpxchg-retry: a cmpxchg loop that never re-reads.  On sparc32 each try
 * takes v's hashed lock: a livelock through __atomic_hash.  Elsewhere a
 * failed cmpxchg only reads: the deadlock it always was. */
static void test_cmpxchg_livelock(gconstpointer data)
{
    g_autofree char *elf = guest(data, "cmpxchg-retry");
    bool hashed = strcmp(data, "sparc32") == 0;
    const char *needles[] = { hashed ? ": livelock: for " : ": deadlock: every running core",
                              hashed ? "on v, taking __atomic_hash bucket " : "on v",
                              "atomsim: result: 1 finding (stopped: no progress)\n" };
    struct result r = atomsim("--cores", "2", elf, NULL);
    g_assert_cmpint(r.status, ==, 1);
    expect_all(&r, elf, needles, G_N_ELEMENTS(needles));
    result_clear(&r);
}

/* lock-progress: many more steps than --spin-limit that change nothing but
 * a lock word, yet each try is new (a loop counter, a sum): no finding,
 * under these schedules, and with a small spin limit too.  (Not rr:1, nor
 * rr:2 on arm, where the drain of a core's store buffer takes a turn of its
 * own: lockstep turns make the lock's store-exclusive fail forever, each
 * time the other core's unlock drains between ldrex and strex, a livelock
 * the store-exclusive rule rightly reports.) */
static void test_lock_progress(gconstpointer data)
{
    g_autofree char *elf = guest(data, "lock-progress");
    static const char *const scheds[] = { "random", "rr:3", "pct" };
    static const char *const limits[] = { "10000", "200" };
    for (unsigned i = 0; i < G_N_ELEMENTS(scheds); i++)
        for (unsigned k = 0; k < G_N_ELEMENTS(limits); k++) {
            struct result r = atomsim("--cores", "2", "--sched", scheds[i], "--spin-limit",
                                      limits[k], elf, NULL);
            g_autofree char *what = g_strdup_printf("%s --sched %s --spin-limit %s", elf,
                                                    scheds[i], limits[k]);
            expect_clean(&r, what);
        }
}

static void test_examples(gconstpointer data)
{
    const char *cpu = data;
    static const char *const names[] = { "refcount", "bitmap", "spinlock", "fetch-vs-return",
                                         "lock-table" };
    static const char *const cores[] = { "1", "2", "4" };
    static const char *const seeds[] = { "1", "2", "3" };
    for (unsigned i = 0; i < G_N_ELEMENTS(names); i++) {
        g_autofree char *elf = example(cpu, names[i]);
        for (unsigned n = 0; n < G_N_ELEMENTS(cores); n++)
            for (unsigned s = 0; s < G_N_ELEMENTS(seeds); s++) {
                struct result r = atomsim("--cores", cores[n], "--seed", seeds[s], elf, NULL);
                g_autofree char *what = g_strdup_printf("%s --cores %s --seed %s", elf,
                                                        cores[n], seeds[s]);
                expect_clean(&r, what);
            }
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++)
        for (const char *const *cpu = cases[i].cpus; *cpu; cpu++) {
            if (!cpu_built(*cpu) || sampled_out(i, (unsigned)(cpu - cases[i].cpus),
                                                g_strv_length((char **)cases[i].cpus)))
                continue;
            struct broken_run *run = g_new(struct broken_run, 1);
            *run = (struct broken_run){ &cases[i], *cpu };
            g_autofree char *path = g_strdup_printf("/broken/%s/%s", *cpu, cases[i].name);
            g_test_add_data_func_full(path, run, test_broken, g_free);
        }
    static const struct per_cpu_test examples[] = { { "run", test_examples } };
    add_per_cpu_tests("examples", examples, G_N_ELEMENTS(examples));
    static const struct per_cpu_test stalls[] = {
        { "deadlock", test_deadlock },
        { "livelock-lock", test_lock_livelock },
        { "livelock-cmpxchg", test_cmpxchg_livelock },
        { "lock-progress", test_lock_progress },
    };
    add_per_cpu_tests("broken", stalls, G_N_ELEMENTS(stalls));
    g_test_add_func("/broken/arm/livelock", test_livelock);
    return g_test_run();
}
