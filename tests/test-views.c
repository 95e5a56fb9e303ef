/* test-views.c — the teaching views: `atomsim explain`, --timeline and the
 * terminal trace's lanes, checked for what a learner looks at.
 * (tests/test-browser.sh renders the pages in a real browser.) */
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "test-programs.h"

/* Some line of out holds both a and b. */
static void expect_line(const char *out, const char *a, const char *b)
{
    g_auto(GStrv) lines = g_strsplit(out, "\n", -1);
    for (char **l = lines; *l; l++)
        if (strstr(*l, a) && strstr(*l, b))
            return;
    g_error("no line with \"%s\" and \"%s\" in:\n%s", a, b, out);
}

/* The columns explain shows by default: one cpu of each family, those
 * built (the tests need the first three). */
static unsigned default_columns(void)
{
    static const char *const families[] = { "sparc32", "arm", "x86", "aarch64", "riscv64" };
    unsigned n = 0;
    for (size_t i = 0; i < G_N_ELEMENTS(families); i++)
        n += cpu_built(families[i]);
    return n;
}

/* atomic_fetch_add on each family: sparc32 takes a hashed lock with ldstub,
 * spins, loads, stores and releases; arm loops on ldrex/strex between
 * barriers; x86 is one lock xadd; aarch64 one ldadd, with its ldxr/stxr
 * alternative.  Each says why it is atomic. */
static void test_explain_text(void)
{
    unsigned columns = default_columns();
    struct result r = atomsim("explain", "atomic_fetch_add", NULL);
    g_assert_cmpint(r.status, ==, 0);
    expect_line(r.out, "ldstub", "take the lock");
    expect_line(r.out, "ldub", "spin");
    expect_line(r.out, "ld [", "load the value, under the lock");
    expect_line(r.out, "st ", "store the new value, under the lock");
    expect_line(r.out, "stb %g0", "release the lock");
    expect_line(r.out, "ldrex", "load-exclusive");
    expect_line(r.out, "strex", "store-exclusive");
    expect_line(r.out, "bne", "retry from the load-exclusive");
    expect_line(r.out, "dmb ish", "full barrier: drains the store buffer");
    expect_line(r.out, "lock xadd", "one locked read-modify-write");
    if (cpu_built("aarch64")) {
        expect_line(r.out, "ldadd", "the whole operation: one atomic instruction");
        expect_line(r.out, "ldxr", "load-exclusive");
        expect_line(r.out, "stxr", "store-exclusive");
    }
    g_assert_cmpuint(count(r.out, "Why it is atomic: "), ==, columns);
    /* what orders it, under each cpu's own model: x86's locked instruction,
     * arm's barriers; sparc32's lock orders the stores under it against
     * nothing after (the kernel's sparc32 atomics are not full barriers) */
    g_assert_nonnull(strstr(r.out, "How it is ordered: fully ordered under tso: its atomic"));
    g_assert_nonnull(strstr(r.out, "How it is ordered: fully ordered under arm: a full barrier "
                                   "before it, a full barrier after"));
    g_assert_nonnull(strstr(r.out, "How it is ordered: under tso the lock's atomic instruction"));
    /* the sections come in the order sparc32, arm, x86, aarch64 */
    const char *s = strstr(r.out, "\nsparc32 ("), *a = strstr(r.out, "\narm ("),
               *x = strstr(r.out, "\nx86 ("), *a64 = strstr(r.out, "\naarch64 (");
    g_assert_true(s && a && x && s < a && a < x);
    g_assert_true(cpu_built("aarch64") ? a64 && x < a64 : a64 == NULL);
    result_clear(&r);

    /* the lock itself: a test-and-set or exchange, then a spin on every cpu */
    r = atomsim("explain", "spin_lock", NULL);
    g_assert_cmpint(r.status, ==, 0);
    expect_line(r.out, "xchg", "take the lock");
    expect_line(r.out, "ldstub", "take the lock");
    g_assert_cmpuint(count(r.out, "spin: read the lock"), >=, 3);
    result_clear(&r);
    /* atomic_read is a plain load everywhere: sparc32 takes no lock for it */
    r = atomsim("explain", "atomic_read", NULL);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_cmpuint(count(r.out, "load the value"), ==, columns);
    g_assert_null(strstr(r.out, "take the lock"));
    result_clear(&r);

    /* the relaxed form on arm has no barrier, and says what that means */
    r = atomsim("explain", "--cpu", "arm", "atomic_fetch_add_relaxed", NULL);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_null(strstr(r.out, "dmb"));
    g_assert_nonnull(strstr(r.out, "How it is ordered: no barrier: under arm it orders nothing, "
                                   "and its stores may become visible"));
    result_clear(&r);

    /* one cpu, and a primitive built on a compare-and-exchange */
    r = atomsim("explain", "--cpu", "x86", "atomic_cmpxchg", NULL);
    g_assert_cmpint(r.status, ==, 0);
    expect_line(r.out, "lock cmpxchg", "locked compare-and-exchange");
    g_assert_null(strstr(r.out, "sparc32"));
    result_clear(&r);
}

static void test_explain_html(void)
{
    g_autofree char *dir = g_dir_make_tmp("atomsim-test-XXXXXX", NULL);
    g_autofree char *page = g_build_filename(dir, "explain.html", NULL);
    struct result r = atomsim("explain", "test_and_set_bit", "--html", page, NULL);
    g_assert_cmpint(r.status, ==, 0);
    g_autofree char *html = contents_of(page);
    g_assert_cmpuint(count(html, "class=\"cpu-col\""), ==, default_columns());
    g_assert_nonnull(strstr(html, "data-cpu=\"sparc32\""));
    g_assert_nonnull(strstr(html, "lock bts"));
    g_assert_nonnull(strstr(html, "ldrex"));
    if (cpu_built("aarch64"))
        g_assert_nonnull(strstr(html, "ldset"));
    g_assert_cmpuint(count(html, "class=\"role\""), >=, 10);
    g_assert_null(strstr(html, "http"));        /* self-contained */
    result_clear(&r);
    g_remove(page);
    g_rmdir(dir);
}

static void test_explain_errors(void)
{
    struct result r = atomsim("explain", "no_such_primitive", NULL);
    g_assert_cmpint(r.status, ==, 2);
    g_assert_nonnull(strstr(r.err, "no function no_such_primitive"));
    g_assert_cmpuint(count(r.err, "\n"), ==, 1);
    result_clear(&r);
    r = atomsim("explain", NULL);
    g_assert_cmpint(r.status, ==, 2);
    result_clear(&r);
    r = atomsim("explain", "--cpu", "mips", "atomic_add", NULL);
    g_assert_cmpint(r.status, ==, 2);
    g_assert_nonnull(strstr(r.err, "--cpu mips"));
    result_clear(&r);
    r = atomsim("explain", "atomic_add", "--html", "/nonexistent/dir/e.html", NULL);
    g_assert_cmpint(r.status, ==, 2);
    g_assert_nonnull(strstr(r.err, "--html /nonexistent/dir/e.html"));
    result_clear(&r);
}

/* atomsim with the options and program given (NULL-ended) and --timeline
 * to a temporary page; the page in *html (to free). */
static struct result with_timeline(char **html, const char *first, ...) G_GNUC_NULL_TERMINATED;
static struct result with_timeline(char **html, const char *first, ...)
{
    g_autofree char *dir = g_dir_make_tmp("atomsim-test-XXXXXX", NULL);
    g_autofree char *page = g_build_filename(dir, "t.html", NULL);
    va_list ap;
    va_start(ap, first);
    struct result r = atomsim_va("--timeline", page, first, ap);
    va_end(ap);
    *html = contents_of(page);
    g_remove(page);
    g_rmdir(dir);
    return r;
}

/* The plain counter's lost update as a page: a lane per core, the three
 * accesses marked and linked from the finding, the preemption shown. */
static void test_timeline(gconstpointer data)
{
    const char *cpu = data;
    g_autofree char *elf = broken(cpu, "plain-increment");
    g_autofree char *html = NULL;
    struct result r = with_timeline(&html, "--cores", "2", "--schedule", "0:1,1:500,0:*", elf,
                                    NULL);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_cmpuint(count(html, "class=\"lane-head\""), ==, 2);
    g_assert_nonnull(strstr(html, "class=\"finding lost-update\""));
    g_assert_nonnull(strstr(html, "stale load: the value the lost update started from"));
    g_assert_nonnull(strstr(html, "the update that is lost"));
    g_assert_nonnull(strstr(html, "the store that overwrote it"));
    g_assert_nonnull(strstr(html, "preempted: cpu0 &rarr; cpu1"));
    /* every link from a finding goes to an event row */
    unsigned links = 0;
    for (const char *p = strstr(html, "href=\"#s"); p; p = strstr(p + 1, "href=\"#s")) {
        unsigned step = (unsigned)g_ascii_strtoull(p + strlen("href=\"#s"), NULL, 10);
        g_autofree char *id = g_strdup_printf("id=\"s%u\"", step);
        g_assert_nonnull(strstr(html, id));
        links++;
    }
    g_assert_cmpuint(links, >=, 3);
    /* the summary on stdout and the page agree on the result */
    g_assert_nonnull(strstr(r.out, "atomsim: result: 2 findings"));
    g_assert_nonnull(strstr(html, "Result: <b>2 findings</b>"));
    result_clear(&r);
}

/* On sparc32 the hashed locks are columns: who holds each, when. */
static void test_timeline_locks(void)
{
    if (!need_cpu("sparc32"))
        return;
    g_autofree char *elf = broken("sparc32", "wrong-bucket");
    g_autofree char *html = NULL;
    struct result r = with_timeline(&html, "--cores", "2", "--schedule", "0:3,1:500,0:*", elf,
                                    NULL);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_nonnull(strstr(html, "<th class=\"lock-head\">__atomic_hash bucket 0</th>"));
    g_assert_nonnull(strstr(html, "<th class=\"lock-head\">__atomic_hash bucket 1</th>"));
    g_assert_nonnull(strstr(html, "cpu0 taken"));
    g_assert_nonnull(strstr(html, "cpu1 released"));
    result_clear(&r);
    /* a page that cannot be written: exit 2 before anything runs */
    r = atomsim("--timeline", "/nonexistent/dir/t.html", elf, NULL);
    g_assert_cmpint(r.status, ==, 2);
    g_assert_nonnull(strstr(r.err, "--timeline /nonexistent/dir/t.html"));
    g_assert_null(strstr(r.out, "result:"));
    result_clear(&r);
}

/* The arm ABA hole: the page shows the reservation and who broke it. */
static void test_timeline_monitor(void)
{
    if (!need_cpu("arm"))
        return;
    g_autofree char *elf = litmus("arm", "arm-aba");
    g_autofree char *html = NULL;
    struct result r = with_timeline(&html, "--schedule", "0:2,1:2,d1:1,0:*", "--monitor",
                                    "value", elf, NULL);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_nonnull(strstr(html, "cpu0 reserves x"));
    g_assert_nonnull(strstr(html, "breaks cpu0's reservation"));
    g_assert_nonnull(strstr(html, "the value monitor let it through"));
    g_assert_nonnull(strstr(html, "class=\"finding monitor-divergence\""));
    result_clear(&r);
}

/* arm's store buffer drains out of order: the flag's store (the second)
 * becomes visible while the message's still waits, and the page shows that
 * one drain and what is left. */
static void test_timeline_reorder(void)
{
    if (!need_cpu("arm"))
        return;
    g_autofree char *elf = broken("arm", "message-passing-no-barrier");
    g_autofree char *html = NULL;
    struct result r = with_timeline(&html, "--schedule", "0:3,d0.1:1,1:*,0:*", elf, NULL);
    g_assert_cmpint(r.status, ==, 1);
    const char *both = strstr(html, "cpu0: message=42 ready=1</div>");
    g_assert_nonnull(both);
    const char *drained = strstr(both, "&darr; visible: ready=1</div>");
    g_assert_nonnull(drained);
    g_assert_nonnull(strstr(drained, "<div class=\"c0\">cpu0: message=42</div>"));
    /* each event's tooltip names its source line */
    g_assert_nonnull(strstr(html, ", message-passing-no-barrier.c:"));
    result_clear(&r);
}

/* A failed store-exclusive looks failed: arm-aba under the address monitor,
 * core 0's strex after core 1 wrote x.  Every event names its function and
 * offset, the pc in the title; a legend gives the core colours. */
static void test_timeline_failed_sc(void)
{
    if (!need_cpu("arm"))
        return;
    g_autofree char *elf = litmus("arm", "arm-aba");
    g_autofree char *html = NULL;
    struct result r = with_timeline(&html, "--schedule", "0:2,1:2,d1:1,0:*", elf, NULL);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_cmpuint(count(html, "<tr id=\"s"), ==, count(html, "class=\"k-"));
    g_assert_cmpuint(count(html, "class=\"k-SC failed\""), ==, 1);
    g_assert_cmpuint(count(html, "class=\"ev c0 failed\""), ==, 1);
    const char *failed = strstr(html, "class=\"k-SC failed\"");
    g_assert_nonnull(strstr(failed, "strex"));
    g_assert_nonnull(strstr(failed, "unchanged failed</span> <span class=\"failed-tag\">"
                                    "&#x2717; stored nothing</span>"));
    g_assert_nonnull(strstr(html, ".ev.failed .val,.failed-tag{color:"));
    g_assert_nonnull(strstr(html, "cpu0's store-exclusive <span class=\"failed-tag\">fails"));
    /* where on every event: a span with the pc in its title */
    g_assert_cmpuint(count(html, "<span class=\"pc\" title=\"pc 0x"), ==,
                     count(html, "<div class=\"ev "));
    g_assert_nonnull(strstr(html, "main+0x"));
    /* the legend: a swatch per core, and a failed attempt's */
    g_assert_nonnull(strstr(html, "<span class=\"legend\"><span class=\"swatch c0\">cpu0</span>"
                                  "<span class=\"swatch c1\">cpu1</span><span class=\"swatch "
                                  "failed\">failed attempt</span></span>"));
    g_assert_null(strstr(html, "id=\"locks\""));      /* no lock, no table */
    result_clear(&r);
}

/* A compare-and-exchange that does not match looks failed: cmpxchg-stale's
 * cmpxchg(0 -> 1) after the other core made the counter 3. */
static void test_timeline_failed_cas(void)
{
    if (!need_cpu("x86"))
        return;
    g_autofree char *elf = broken("x86", "cmpxchg-stale");
    g_autofree char *html = NULL;
    struct result r = with_timeline(&html, "--cores", "2", "--schedule", "0:1,1:500,0:*", elf,
                                    NULL);
    g_assert_cmpint(r.status, ==, 1);
    const char *failed = strstr(html, "class=\"k-RMW failed\"");
    g_assert_nonnull(failed);
    g_assert_nonnull(strstr(failed, "lock cmpxchg"));
    g_assert_nonnull(strstr(failed, "3 unchanged failed</span> <span class=\"failed-tag\">"
                                    "&#x2717; no match: stored nothing</span>"));
    /* a successful one is not */
    g_assert_nonnull(strstr(html, " ok</span></div>"));
    g_assert_cmpuint(count(html, "class=\"k-RMW failed\""), ==, count(html, "unchanged failed"));
    result_clear(&r);
}

/* The page's lock table holds lockstat's totals, the numbers the run
 * prints; the lock columns' labels do not wrap. */
static void test_timeline_lock_totals(void)
{
    if (!need_cpu("sparc32"))
        return;
    g_autofree char *elf = example("sparc32", "spinlock");
    g_autofree char *html = NULL;
    struct result r = with_timeline(&html, "--cores", "2", "--fault", "delay-holder:40", elf,
                                    NULL);
    g_assert_cmpint(r.status, ==, 0);
    const char *line = strstr(r.out, "atomsim:   lock ");
    g_assert_nonnull(line);
    unsigned acquired, contended, spins, wait_total, wait_max, hold_total, hold_max;
    g_assert_cmpint(sscanf(line, "atomsim:   lock %u %u %u %u/%u %u/%u", &acquired, &contended,
                           &spins, &wait_total, &wait_max, &hold_total, &hold_max), ==, 7);
    g_assert_cmpuint(contended, >, 0);
    g_autofree char *row = g_strdup_printf(
        "<tr><td class=\"lock-name\">lock</td><td>%u</td><td>%u</td><td>%u</td><td>%u/%u</td>"
        "<td>%u/%u</td><td>0</td></tr>", acquired, contended, spins, wait_total, wait_max,
        hold_total, hold_max);
    g_assert_nonnull(strstr(html, row));
    g_assert_nonnull(strstr(html, "<th>acquired</th><th>contended</th><th>spins</th>"));
    g_assert_nonnull(strstr(html, "th.lock-head{font-size:11px;white-space:nowrap}"));
    g_assert_nonnull(strstr(html, "td.lock{font-size:11px;min-width:5em;color:#333;"
                                  "white-space:nowrap}"));
    result_clear(&r);
}

/* --runs --shrink: the run shrinking starts from and the shrunk one, each
 * under its own line; the runs line says how many seeds ran. */
static void test_hunt_output(void)
{
    if (!need_cpu("x86"))
        return;
    g_autofree char *elf = broken("x86", "plain-increment");
    struct result r = atomsim("--cores", "2", "--seed", "2", "--runs", "100", "--shrink", elf,
                              NULL);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_true(g_str_has_prefix(r.out, "atomsim: seed 2 finds:\n"));
    const char *shrunk = strstr(r.out, "; the shrunk schedule finds:\n");
    g_assert_nonnull(shrunk);
    g_assert_nonnull(strstr(r.out, "lost update on counter"));
    g_assert_true(strstr(r.out, "lost update on counter") < shrunk);
    g_assert_nonnull(strstr(shrunk, "lost update on counter"));
    g_assert_nonnull(strstr(r.out, "atomsim: explored 1 run (seed 2 of seeds 2 to 101) in "));
    result_clear(&r);
    /* without injection the second seed finds it */
    r = atomsim("--cores", "2", "--runs", "100", "--no-inject", elf, NULL);
    g_assert_nonnull(strstr(r.out, "atomsim: explored 2 runs (2 of seeds 1 to 100) in "));
    g_assert_null(strstr(r.out, " finds:\n"));
    result_clear(&r);
    /* every seed ran */
    g_autofree char *atomic = example("x86", "counter-atomic");
    r = atomsim("--cores", "2", "--runs", "3", atomic, NULL);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_nonnull(strstr(r.out, "atomsim: explored 3 runs (seeds 1 to 3) in "));
    result_clear(&r);
    r = atomsim("--cores", "2", "--runs", "5", "--shard", "1/4", atomic, NULL);
    g_assert_nonnull(strstr(r.out, "atomsim: explored 1 run (seeds 1 to 5, shard 1/4) in "));
    result_clear(&r);
    /* one run, shrunk: both parts labelled */
    r = atomsim("--cores", "2", "--schedule", "0:1,1:500,0:*", "--shrink", elf, NULL);
    g_assert_true(g_str_has_prefix(r.out, "atomsim: the run, before --shrink:\n"));
    g_assert_nonnull(strstr(r.out, "; the shrunk schedule finds:\n"));
    result_clear(&r);
}

/* --trace: a lane per core (the core that steps is a dot), and a line where
 * the schedule preempts a core; no colour codes when not on a terminal. */
static void test_trace_lanes(gconstpointer data)
{
    g_autofree char *elf = broken(data, "plain-increment");
    struct result r = atomsim("--cores", "2", "--trace", "--schedule", "0:1,1:500,0:*", elf, NULL);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_nonnull(strstr(r.out, "\xe2\x97\x8f\xe2\x94\x82"));     /* "●│": cpu0 steps */
    g_assert_nonnull(strstr(r.out, "\xe2\x94\x82\xe2\x97\x8f"));     /* "│●": cpu1 steps */
    g_assert_nonnull(strstr(r.out, "preempted: cpu0 \xe2\x86\x92 cpu1"));
    g_assert_null(strchr(r.out, '\033'));
    result_clear(&r);
}

/* On a terminal, a long hunt keeps one line up to date: runs, runs per
 * second, findings; it is gone before the summary.  In a pipe, never. */
static void test_status_line(void)
{
    g_autofree char *script = g_find_program_in_path("script");
    g_autofree char *env = g_find_program_in_path("env");
    if (script == NULL || env == NULL) {
        g_test_skip("no script(1) to give atomsim a terminal");
        return;
    }
    g_autofree char *elf = example(first_cpu(), "counter-atomic");
    g_autofree char *cmd = g_strdup_printf(BUILDDIR "/atomsim --runs 2000 %s", elf);
    const char *const argv[] = { env, "TERM=xterm", script, "-qec", cmd, "/dev/null", NULL };
    struct result t = run_argv(argv);
    g_assert_cmpint(t.status, ==, 0);
    const char *line = strstr(t.out, "\ratomsim: ");
    g_assert_nonnull(line);
    unsigned runs = 0, found = 1;
    g_assert_cmpint(sscanf(line, "\ratomsim: %u runs, %*u/s, %u found", &runs, &found), ==, 2);
    g_assert_cmpuint(runs, >, 0);
    g_assert_cmpuint(runs, <=, 2000);
    g_assert_cmpuint(found, ==, 0);
    /* erased before the summary, which starts a clean line */
    g_assert_nonnull(strstr(t.out, "\r\033[Katomsim: explored 2000 runs"));
    result_clear(&t);
    /* dfs tells how many of the first run's branches it has explored */
    g_autofree char *dfs = g_strdup_printf(
        BUILDDIR "/atomsim --cores 3 --sched dfs:3 --time-limit 1 %s", elf);
    const char *const dfs_argv[] = { env, "TERM=xterm", script, "-qec", dfs, "/dev/null", NULL };
    t = run_argv(dfs_argv);
    g_assert_cmpint(t.status, ==, 0);
    line = g_strrstr(t.out, "\ratomsim: ");
    g_assert_nonnull(line);
    unsigned done = 0, of = 0;
    g_assert_cmpint(sscanf(line, "\ratomsim: %u schedules, %*u/s, %u found, %u of the first "
                           "run's %u branches done", &runs, &found, &done, &of), ==, 4);
    g_assert_cmpuint(of, >, 0);
    g_assert_cmpuint(done, <=, of);
    g_assert_nonnull(strstr(t.out, "\r\033[Katomsim: dfs:3 ran "));
    result_clear(&t);
    struct result piped = atomsim("--runs", "300", elf, NULL);
    g_assert_null(strchr(piped.err, '\r'));
    g_assert_null(strchr(piped.out, '\r'));
    result_clear(&piped);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/views/explain/text", test_explain_text);
    g_test_add_func("/views/explain/html", test_explain_html);
    g_test_add_func("/views/explain/errors", test_explain_errors);
    static const struct per_cpu_test per_cpu[] = {
        { "timeline", test_timeline },
        { "trace-lanes", test_trace_lanes },
    };
    add_per_cpu_tests("views", per_cpu, G_N_ELEMENTS(per_cpu));
    g_test_add_func("/views/timeline/sparc32-locks", test_timeline_locks);
    g_test_add_func("/views/timeline/arm-monitor", test_timeline_monitor);
    g_test_add_func("/views/timeline/arm-reorder", test_timeline_reorder);
    g_test_add_func("/views/timeline/arm-failed-sc", test_timeline_failed_sc);
    g_test_add_func("/views/timeline/x86-failed-cas", test_timeline_failed_cas);
    g_test_add_func("/views/timeline/sparc32-lock-totals", test_timeline_lock_totals);
    g_test_add_func("/views/hunt/output", test_hunt_output);
    g_test_add_func("/views/hunt/status-line", test_status_line);
    return g_test_run();
}
