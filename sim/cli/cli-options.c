/* cli-options.c — see options.h.  Every message here is one a user sees,
 * after "atomsim: " and before " (see atomsim --help)". */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "base/log.h"
#include "core/machine.h"
#include "options.h"
#include "detect/progress.h"
#include "core/run.h"
#include "sched/strategy.h"

#define DEFAULT_MAX_STEPS 10000000
#define DEFAULT_MAX_INSNS 1000000000
/* --svcomp's runs: a search keeps a record of each step of its run, and
 * SV-COMP's programs may loop 2^32 times on a nondet value, with steps or
 * on registers and the stack only (a billion instructions would take a
 * minute of the search's time for one run) */
#define SVCOMP_MAX_STEPS 200000
#define SVCOMP_MAX_INSNS 10000000
#define SHARDS_MAX 1000000
#define JOBS_MAX 256

/* With the cpus' default memory models (default_models) for its %s. */
static const char help_description[] =
    "Runs PROGRAM.elf, a static ELF linked with atomsim's runtime, on N simulated\n"
    "cores that share its memory.  Every core runs main().  Cores switch only\n"
    "before visible operations: accesses to shared memory, and traps.\n"
    "\n"
    "Every visible operation is a step and an event: LOAD, STORE, RMW (an atomic\n"
    "instruction), LL and SC (load- and store-exclusive), CLREX, FENCE, TRAP.  A\n"
    "non-atomic read-modify-write instruction (x86 without LOCK) is two steps, a\n"
    "LOAD and a STORE, and other cores may run between them.\n"
    "\n"
    "With --runs N, seeds --seed to --seed+N-1 run one after the other on the\n"
    "same engines until one finds something; --record FILE writes the\n"
    "interleaving a run took, which --sched replay:FILE plays again exactly.\n"
    "\n"
    "Schedules (--sched):\n"
    "  rr[:Q]       round-robin, Q steps per turn (default 1)\n"
    "  random[:M]   seeded random: a random core for 1 .. 2M-1 steps (default M 4)\n"
    "  pct[:D[:K]]  probabilistic concurrency testing: random core priorities,\n"
    "               D-1 change points among the first K steps (default D 3);\n"
    "               without K, K is estimated: the steps of a first run with no\n"
    "               change point, and with --runs the most steps of any run so\n"
    "               far (the report's command line gives the K used); each run\n"
    "               finds a bug of depth D with probability at least\n"
    "               1/(n*K^(D-1)) for n cores; a spinning core yields\n"
    "  dfs[:B]      every schedule with at most B preemptions (default 2; all:\n"
    "               no bound), until one finds something or none is left, then\n"
    "               \"verified\"; schedules that only reorder steps that commute\n"
    "               are not run twice, and a core whose loop finds what it read\n"
    "               unchanged waits for a write to it; --runs N stops it after\n"
    "               N schedules, --time-limit S after S seconds, --shard I/N\n"
    "               searches a share\n"
    "  replay:FILE  the schedule --record wrote\n"
    "Or an explicit interleaving (--schedule), segments CORE:COUNT separated by\n"
    "commas: core CORE runs COUNT steps, or with * until it ends or blocks.  A\n"
    "segment whose core has ended is skipped; after the last one the cores\n"
    "still running take turns of one step.  Example: 0:3,1:2,0:*\n"
    "CORE:COUNT~OLDER (arm, rvwmo): the segment's last step, a load, reads the\n"
    "write OLDER places before the newest it may read.  Example: 1:2~1\n"
    "CORE:COUNT=VALUE (arm, rvwmo): that load reads VALUE, which another core's\n"
    "write still to come must give (load buffering).  Example: 0:2=1\n"
    "Or the segment's last step calls __VERIFIER_nondet_* or sim_choose, and\n"
    "the call returns VALUE (any model; dfs tries 0, 1, -1, the type's bounds,\n"
    "each constant the program compares with, one more and one less, and\n"
    "every value of sim_choose(n)).  Example: 1:4=7\n"
    "\n"
    "Injection (on, unless --no-inject or a pinned or replayed schedule):\n"
    "before a step that closes a read-modify-write window (the store half of a\n"
    "non-atomic RMW, a store-exclusive, a store to the location the core loaded\n"
    "last), switch to another core half of the time, drawn from --seed.\n"
    "\n"
    "Faults (--fault, repeatable): strip-lock runs LOCK-prefixed x86\n"
    "instructions as if the prefix were gone (as a uniprocessor kernel patches\n"
    "them); strip-fence runs fences as if they were gone, and acquire and\n"
    "release accesses as plain ones (with store buffers they no longer drain\n"
    "or order them); sc-fail:P makes a store-exclusive\n"
    "that would store fail with probability P, drawn from --seed (the\n"
    "architecture allows it);\n"
    "delay-holder:N keeps a core that has just taken a lock (an atomic write\n"
    "from 0 to non-zero) from running for N steps while another core can.\n"
    "\n"
    "Memory model (--memory), by default the cpu's own:\n"
    "%s"
    "sc, every store seen by every core at once; tso, each core's stores wait\n"
    "in its FIFO store buffer until they drain: a step the scheduler chooses\n"
    "(dN:COUNT in a --schedule), or that a locked instruction, a fence or a\n"
    "trap forces; pso (sparc32), arm and rvwmo, stores to different addresses\n"
    "may drain in any order (dN.K:COUNT drains core N's K-th oldest) unless a\n"
    "store barrier (stbar, dmb ishst, fence w,w) or a release (stlr, .rl)\n"
    "lies between them; a full fence (dmb ish, fence rw,rw) drains them all.\n"
    "\n"
    "Exclusive monitor (--monitor), which decides every store-exclusive\n"
    "(arm's strex, aarch64's stxr, riscv64's sc):\n"
    "  address  any store by another core to the reserved granule makes it fail\n"
    "           (the architecture; default)\n"
    "  value    it fails only if memory no longer holds the value the load read\n"
    "           (what QEMU and Unicorn do: a store of the same value goes unseen)\n"
    "  switch   as address, and a core's reservation is also dropped whenever it\n"
    "           is switched out (as Valgrind and Spike do)\n"
    "  all      the three, one after the other, on one schedule (--schedule or\n"
    "           replay:FILE as given; from rr, random or pct, the turns the\n"
    "           address run took): each run's report, then the first step where\n"
    "           the runs part and what each policy did there; --timeline draws\n"
    "           the three side by side\n"
    "\n"
    "Reporting (as Valgrind's): --error-exitcode=N exits N instead of 1 on a\n"
    "finding; --log-file=FILE writes all atomsim prints once its options are\n"
    "checked (the \"atomsim: ...\" lines, findings, the guest's \"cpuN: ...\"\n"
    "output, errors) to FILE instead of standard output and error; --ignore=VAR\n"
    "(repeatable) counts the lost updates and monitor divergences on the\n"
    "variable VAR (a symbol of the program) in the summary but neither\n"
    "reports them nor exits non-zero for them; --only-checks does so for every\n"
    "finding but a failed check (sim_check, assert, abort, SV-COMP's\n"
    "reach_error), as a verifier of assertions would, and a run that runs out\n"
    "of budget is no finding either; --only-reach-error keeps only SV-COMP's\n"
    "reach_error (the property unreach-call), and abort() ends a run quietly,\n"
    "as SV-COMP's assume_abort_if_not means it.  --svcomp PROP verifies as\n"
    "SV-COMP does: PROP its property file (unreach-call only), the program an\n"
    "ELF or a C file (.c, .i) atomsim-cc builds; it hunts and searches for\n"
    "--time-limit seconds (default 900), prints \"verdict: TRUE\", \"FALSE\" or\n"
    "\"UNKNOWN\" last, and for FALSE writes a violation witness (--witness FILE,\n"
    "default witness.yml).  A threaded program gets a core per thread unless\n"
    "--cores says otherwise; a core that loops without touching shared memory\n"
    "and comes back to a state it was in hangs (a finding).\n"
    "\n"
    "Subcommands:\n"
    "  atomsim explain PRIMITIVE  how the guest library builds an atomic\n"
    "                             primitive on each cpu (atomsim explain --help)\n"
    "  atomsim litmus FILE|DIR    run herd7 litmus tests: every execution, the\n"
    "                             final states, the verdict (atomsim litmus --help)\n"
    "  atomsim step PROGRAM.elf   make an interleaving by hand, the screen showing\n"
    "                             each core, memory, locks, reservations, store\n"
    "                             buffers: a core's number steps it (N~K: its\n"
    "                             load reads the K-th older write, N=V: V from\n"
    "                             a write to come), d N drains\n"
    "                             its oldest buffered store (d N.K the K-th), u\n"
    "                             undoes, r runs to a finding, w FILE saves the\n"
    "                             schedule (for --sched replay:FILE), t traces,\n"
    "                             q quits; from a pipe, a command a line and the\n"
    "                             screen after each as text; --schedule or\n"
    "                             --sched replay:FILE give where it starts\n"
    "  atomsim merge REPORT...    the --json reports of a search's shards\n"
    "                             (--shard I/N) as the whole search's report\n"
    "                             (atomsim merge --help)\n"
    "\n"
    "Guest programs are built with atomsim-cc --cpu CPU -o PROGRAM.elf FILE.c\n"
    "(see atomsim-cc --help): a small libc, <pthread.h> and <threads.h>.\n"
    "\n"
    "Exit status:\n"
    "  0  every core ended and nothing was found\n"
    "  1  a finding (or --error-exitcode's N): a lost update, a monitor\n"
    "     divergence, a deadlock, livelock or hang, a failed sim_check, or a\n"
    "     core that exited non-zero; --svcomp's FALSE\n"
    "  2  bad usage, or a missing or bad program file\n"
    "  3  a guest fault, or the step or instruction budget ran out\n"
    "  4  the host refused the memory or address space the cores need (each\n"
    "     core's engine reserves about 1 GiB: see ulimit -v)\n";

/* A usage error: FALSE with error set to the message. */
static gboolean usage(GError **error, const char *fmt, ...) G_GNUC_PRINTF(2, 3);
static gboolean usage(GError **error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    g_autofree char *msg = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    g_set_error_literal(error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE, msg);
    return FALSE;
}

/* --shard I/N */
static bool parse_shard(const char *text, unsigned *shard, unsigned *shards)
{
    char *end;
    if (!g_ascii_isdigit(*text))
        return false;
    unsigned long i = strtoul(text, &end, 10);
    if (end == text || *end != '/' || !g_ascii_isdigit(end[1]))
        return false;
    const char *n_text = end + 1;
    unsigned long n = strtoul(n_text, &end, 10);
    if (end == n_text || *end != '\0' || n < 1 || n > SHARDS_MAX || i >= n)
        return false;
    *shard = (unsigned)i;
    *shards = (unsigned)n;
    return true;
}

/* --fault FAULT, each of them, into o. */
static gboolean check_faults(struct options *o, GError **error)
{
    for (char **f = o->faults; f && *f; f++) {
        char *end;
        guint64 steps;
        if (strcmp(*f, "strip-lock") == 0)
            o->strip_lock = TRUE;
        else if (strcmp(*f, "strip-fence") == 0)
            o->strip_fence = TRUE;
        else if (g_str_has_prefix(*f, "delay-holder:") &&
                 g_ascii_string_to_unsigned(*f + 13, 10, 1, G_MAXINT64, &steps, NULL))
            o->delay_holder = (gint64)steps;
        else if (g_str_has_prefix(*f, "sc-fail:") &&
                 (o->sc_fail = g_ascii_strtod(*f + 8, &end)) > 0 && o->sc_fail <= 1 &&
                 *end == '\0' && end != *f + 8)
            continue;
        else
            return usage(error, "--fault %s: strip-lock, strip-fence, sc-fail:P with 0 < P <= 1, "
                         "or delay-holder:N with N >= 1", *f);
    }
    return TRUE;
}

/* --monitor all runs one schedule under each policy and compares the runs:
 * no search, and no file that holds one run's report. */
static gboolean check_monitor_all(const struct options *o, const struct strategy *named,
                                  GError **error)
{
    const char *one_run_file = o->json ? "--json" : o->record ? "--record"
                               : o->export_litmus ? "--export-litmus" : NULL;
    if (!o->monitor_all)
        return TRUE;
    if (named != NULL && named->exhaustive)
        return usage(error, "--monitor all: one schedule under each policy, not a search "
                     "(--sched %s): give --schedule, --sched replay:FILE, rr, random or pct",
                     o->sched);
    if (o->runs > 1)
        return usage(error, "--monitor all: one schedule under each policy, not --runs %"
                     G_GINT64_FORMAT ": find one with --runs and --record FILE, then compare "
                     "it with --sched replay:FILE", o->runs);
    if (o->shrink)
        return usage(error, "--monitor all: --shrink shrinks one policy's finding: give "
                     "--monitor address, value or switch");
    if (one_run_file != NULL)
        return usage(error, "--monitor all: %s writes one run's report: give --monitor "
                     "address, value or switch", one_run_file);
    return TRUE;
}

/* Every option's value, in the order atomsim has always checked them (the
 * first wrong one is reported); then the schedule is made. */
/* --svcomp PROP: a property atomsim checks, and the options it implies:
 * only reach_error() counts (or __VERIFIER_error(), the error function of
 * SV-COMP's property until 2020), under sequential consistency (SV-COMP's
 * semantics of threads) unless --memory says otherwise. */
const char *options_svcomp_refused(const char *text, size_t len)
{
    /* CHECK( init(main()), LTL(G ! call(reach_error())) ), spaced any way,
     * or with __VERIFIER_error() */
    g_autoptr(GString) packed = g_string_new(NULL);
    for (size_t i = 0; i < len; i++)
        if (!g_ascii_isspace(text[i]))
            g_string_append_c(packed, text[i]);
    if (len == strlen(text) && (strstr(packed->str, "LTL(G!call(reach_error()))") != NULL ||
                                strstr(packed->str, "LTL(G!call(__VERIFIER_error()))") != NULL))
        return NULL;
    const char *names[][2] = { { "data-race", "no-data-race" },
                               { "valid-", "valid-memsafety or valid-memcleanup" },
                               { "Fend", "termination" }, { "overflow", "no-overflow" } };
    for (unsigned i = 0; i < G_N_ELEMENTS(names); i++)
        if (strstr(packed->str, names[i][0]) != NULL)
            return names[i][1];
    return "not a property file atomsim knows";
}

static gboolean check_svcomp(struct options *o, GError **error)
{
    g_autofree char *text = NULL;
    gsize len = 0;
    g_autoptr(GError) read = NULL;
    if (!g_file_get_contents(o->svcomp, &text, &len, &read))
        return usage(error, "--svcomp %s: %s", o->svcomp, read->message);
    const char *refused = options_svcomp_refused(text, len);
    if (refused != NULL)
        return usage(error, "--svcomp %s: %s: atomsim checks unreach-call only "
                     "(CHECK( init(main()), LTL(G ! call(reach_error())) ))", o->svcomp, refused);
    if (o->sched != NULL || o->schedule != NULL)
        return usage(error, "--svcomp searches in its own way: no --sched or --schedule");
    o->only_reach_error = TRUE;
    if (o->max_steps == DEFAULT_MAX_STEPS)
        o->max_steps = SVCOMP_MAX_STEPS;
    if (o->max_insns == DEFAULT_MAX_INSNS)
        o->max_insns = SVCOMP_MAX_INSNS;
    if (o->memory == NULL)
        o->memory = g_strdup("sc");
    if (o->witness == NULL)
        o->witness = g_strdup("witness.yml");
    return TRUE;
}

static gboolean check(struct options *o, GError **error)
{
    if (o->args == NULL || o->args[0] == NULL)
        return usage(error, "no program given: atomsim [OPTION...] PROGRAM.elf");
    if (o->args[1] != NULL && o->after_trace != NULL &&
        (strcmp(o->after_trace, o->args[0]) == 0 || strcmp(o->after_trace, o->args[1]) == 0))
        return usage(error, "one program at a time (got '%s' and '%s'): to trace to a file, "
                     "give --trace=%s", o->args[0], o->args[1], o->after_trace);
    if (o->args[1] != NULL)
        return usage(error, "one program at a time (got '%s' and '%s')", o->args[0], o->args[1]);
    if (o->cores != CORES_FROM_PROGRAM && (o->cores < 1 || o->cores > ATOMSIM_MAX_CORES))
        return usage(error, "--cores %d: a machine has 1 to %d cores", o->cores,
                     ATOMSIM_MAX_CORES);
    if (o->lock_table_size < 0 || o->lock_table_size > LOCK_TABLE_MAX ||
        (o->lock_table_size & (o->lock_table_size - 1)) != 0)
        return usage(error, "--lock-table-size %d: a power of two from 1 to %d",
                     o->lock_table_size, LOCK_TABLE_MAX);
    if (o->spin_limit < 1 || o->sc_fail_limit < 1)
        return usage(error, "--spin-limit and --sc-fail-limit must be at least 1");
    if (o->max_steps < 1 || o->max_insns < 1)
        return usage(error, "--max-steps and --max-insns must be at least 1");
    if (o->svcomp != NULL && !check_svcomp(o, error))
        return FALSE;
    if (o->cpu != NULL && (o->cpu_ops = cpu_find(o->cpu)) == NULL)
        return usage(error, "--cpu %s: unknown cpu (one of %s)", o->cpu, cpu_names());
    if (o->memory != NULL && !memory_model_parse(o->memory, &o->memory_model)) {
        g_autofree char *names = memory_model_names(~0u);
        return usage(error, "--memory %s: unknown model (%s)", o->memory, names);
    }
    o->monitor_policy = MONITOR_ADDRESS;
    o->monitor_all = o->monitor != NULL && strcmp(o->monitor, "all") == 0;
    if (o->monitor != NULL && !o->monitor_all &&
        !monitor_policy_parse(o->monitor, &o->monitor_policy))
        return usage(error, "--monitor %s: unknown policy (address, value, switch or all)",
                     o->monitor);
    if (o->schedule != NULL && o->sched != NULL)
        return usage(error, "--sched and --schedule both given: choose one");
    if (o->runs < 1)
        return usage(error, "--runs %" G_GINT64_FORMAT ": at least 1", o->runs);
    /* only a strategy that draws from the seed, or a search, makes more
     * than one schedule (an unknown one makes none) */
    const struct strategy *named = o->sched != NULL ? sched_find(o->sched) : NULL;
    if (o->runs > 1 && (o->schedule != NULL ||
                        (o->sched != NULL && (named == NULL ||
                                              (!named->seeded && !named->exhaustive)))))
        return usage(error, "--runs needs --sched random[:M] or pct[:D[:K]]: the other "
                     "schedules do not change with the seed");
    if (!check_faults(o, error) || !check_monitor_all(o, named, error))
        return FALSE;
    if (o->jobs < 1 || o->jobs > JOBS_MAX)
        return usage(error, "--jobs %d: 1 to %d threads", o->jobs, JOBS_MAX);
    if (o->shard_text != NULL && !parse_shard(o->shard_text, &o->shard, &o->shards))
        return usage(error, "--shard %s: give I/N with 0 <= I < N, e.g. 0/4", o->shard_text);
    if (o->runs > 1 && o->trace != NULL)
        return usage(error, "--trace with --runs: record the schedule (--record FILE) and "
                     "trace its replay");
    if (o->error_exitcode < 0 || o->error_exitcode > 255)
        return usage(error, "--error-exitcode %d: 0 to 255", o->error_exitcode);
    if (!log_init(o->debug, error))
        return FALSE;

    /* checked now, for as many cores as there may be; made again when
     * the program says how many it has (program_open) */
    return options_make_strategy(o, o->cores == CORES_FROM_PROGRAM ? ATOMSIM_MAX_CORES
                                                                   : (unsigned)o->cores, error);
}

gboolean options_make_strategy(struct options *o, unsigned ncores, GError **error)
{
    sched_free(o->strategy);
    /* an exhaustive strategy (dfs) makes its own schedules (hunt.c) */
    if (o->schedule != NULL)
        o->strategy = sched_new_pinned(o->schedule, ncores, error);
    else
        o->strategy = sched_new(o->sched ? o->sched : "random", (uint64_t)o->seed, ncores,
                                error);
    return o->strategy != NULL;
}

/* --trace or --trace=FILE.  FILE is a file name, taken as it is: GLib 2.74
 * would convert it to UTF-8 and, when that fails for an optional argument,
 * set its error twice (a GLib-WARNING) and go on parsing. */
static gboolean parse_trace(const char *name, const char *value, gpointer data, GError **error)
{
    (void)name;
    (void)error;
    struct options *o = data;
    g_free(o->trace);
    o->trace = g_strdup(value && *value ? value : "-");
    return TRUE;
}

/* --time-limit S: a positive number of seconds */
static gboolean parse_time_limit(const char *name, const char *value, gpointer data,
                                 GError **error)
{
    struct options *o = data;
    char *end;
    double s = g_ascii_strtod(value, &end);
    if (end == value || *end != '\0' || !isfinite(s) || s <= 0)
        return usage(error, "%s %s: a positive number of seconds", name, value);
    o->time_limit = s;
    return TRUE;
}

/* For --help, a line for each memory model some cpu runs by default:
 * "  tso   sparc32, x86, x86_64\n" (to free). */
static char *default_models(void)
{
    GString *s = g_string_new(NULL);
    for (unsigned m = 0; m < MEMORY_MODELS; m++) {
        const char *sep = "";
        for (int i = 0; cpu_list[i]; i++) {
            if (cpu_list[i]->memory != m)
                continue;
            if (*sep == '\0')
                g_string_append_printf(s, "  %-5s ", memory_model_name(m));
            g_string_append_printf(s, "%s%s", sep, cpu_list[i]->name);
            sep = ", ";
        }
        if (*sep != '\0')
            g_string_append_c(s, '\n');
    }
    return g_string_free(s, FALSE);
}

gboolean options_parse(struct options *o, int argc, char **argv, gboolean help,
                       GError **error)
{
    *o = (struct options){
        .cores = CORES_FROM_PROGRAM,
        .seed = 1,
        .max_steps = DEFAULT_MAX_STEPS,
        .max_insns = DEFAULT_MAX_INSNS,
        .spin_limit = DEFAULT_SPIN_LIMIT,
        .runs = 1,
        .jobs = 1,
        .shards = 1,
        .sc_fail_limit = DEFAULT_SC_FAIL_LIMIT,
        .error_exitcode = EXIT_FINDING,
    };
    g_autofree char *usages = sched_usages();
    g_autofree char *sched_help = g_strdup_printf("Schedule: %s (default random:4)", usages);
    g_autofree char *cpu_help = g_strdup_printf("The cpu: %s (default: the ELF's)", cpu_names());
    g_autofree char *models = default_models();
    g_autofree char *all_models = memory_model_names(MEMORY_BIT(MEMORY_MODELS) - 1);
    g_autofree char *memory_help = g_strdup_printf("Memory model: %s (default: the cpu's own)",
                                                   all_models);
    g_autofree char *description = g_strdup_printf(help_description, models);
    GOptionEntry entries[] = {
        { "cpu", 'c', 0, G_OPTION_ARG_STRING, &o->cpu,
          cpu_help, "CPU" },
        { "cores", 'n', 0, G_OPTION_ARG_INT, &o->cores,
          "Simulated cores, 1 to " G_STRINGIFY(ATOMSIM_MAX_CORES) " (default: one per thread "
          "of a program that creates threads, else 2)", "N" },
        { "sched", 's', 0, G_OPTION_ARG_STRING, &o->sched,
          sched_help, "S" },
        { "schedule", 0, 0, G_OPTION_ARG_STRING, &o->schedule,
          "An explicit interleaving, e.g. 0:3,1:2,0:*", "CORE:COUNT,..." },
        { "monitor", 0, 0, G_OPTION_ARG_STRING, &o->monitor,
          "Exclusive monitor: address, value, switch, or all to compare them (default "
          "address)", "POLICY" },
        { "memory", 0, 0, G_OPTION_ARG_STRING, &o->memory, memory_help, "MODEL" },
        { "trace", 0, G_OPTION_FLAG_OPTIONAL_ARG | G_OPTION_FLAG_FILENAME, G_OPTION_ARG_CALLBACK,
          parse_trace,
          "Print every event; --trace=FILE writes them to FILE", "FILE" },
        { "lock-table-size", 0, 0, G_OPTION_ARG_INT, &o->lock_table_size,
          "Buckets in the guest's hashed lock table (sparc32), a power of two to 64", "N" },
        { "spin-limit", 0, 0, G_OPTION_ARG_INT64, &o->spin_limit,
          "A deadlock when every running core only reads for N steps (default 10000)", "N" },
        { "sc-fail-limit", 0, 0, G_OPTION_ARG_INT64, &o->sc_fail_limit,
          "A livelock when a store-exclusive fails N times in a row (default 1000)", "N" },
        { "runs", 0, 0, G_OPTION_ARG_INT64, &o->runs,
          "Try N seeds from --seed on; stop at the first finding", "N" },
        { "jobs", 'j', 0, G_OPTION_ARG_INT, &o->jobs,
          "With --runs, run on N host threads (default 1)", "N" },
        { "shard", 0, 0, G_OPTION_ARG_STRING, &o->shard_text,
          "With --runs, run only the seeds whose index is I modulo N", "I/N" },
        { "time-limit", 0, 0, G_OPTION_ARG_CALLBACK, parse_time_limit,
          "With --runs or --sched dfs, stop after S seconds", "S" },
        { "keep-going", 0, 0, G_OPTION_ARG_NONE, &o->keep_going,
          "With --runs, try every seed", NULL },
        { "fault", 0, 0, G_OPTION_ARG_STRING_ARRAY, &o->faults,
          "Break something: strip-lock, strip-fence, sc-fail:P, delay-holder:N (repeatable)",
          "FAULT" },
        { "no-inject", 0, 0, G_OPTION_ARG_NONE, &o->no_inject,
          "Do not prefer preemptions inside read-modify-write windows", NULL },
        { "shrink", 0, 0, G_OPTION_ARG_NONE, &o->shrink,
          "On a finding, shrink the schedule to the fewest preemptions that show it", NULL },
        { "record", 0, 0, G_OPTION_ARG_FILENAME, &o->record,
          "Write the run's schedule to FILE (replay it with --sched replay:FILE)", "FILE" },
        { "timeline", 0, 0, G_OPTION_ARG_FILENAME, &o->timeline,
          "Write a picture of the run to FILE.html: lanes per core, locks, reservations, "
          "findings", "FILE" },
        { "export-litmus", 0, 0, G_OPTION_ARG_FILENAME, &o->export_litmus,
          "Write the accesses of the reported finding as a C litmus test to FILE (for herd7, "
          "or atomsim litmus)", "FILE" },
        { "json", 0, 0, G_OPTION_ARG_FILENAME, &o->json,
          "Write the findings, statistics and options to FILE as JSON", "FILE" },
        { "seed", 0, 0, G_OPTION_ARG_INT64, &o->seed, "Seed of the random schedule (default 1)", "N" },
        { "max-steps", 0, 0, G_OPTION_ARG_INT64, &o->max_steps,
          "Stop after N steps (default 10000000)", "N" },
        { "max-insns", 0, 0, G_OPTION_ARG_INT64, &o->max_insns,
          "Stop after N instructions (default 1000000000)", "N" },
        { "debug", 0, 0, G_OPTION_ARG_STRING, &o->debug,
          "Log what subsystems do, to stderr: sched, monitor, memory, cpu, explore or all "
          "(comma-separated)", "LIST" },
        { "error-exitcode", 0, 0, G_OPTION_ARG_INT, &o->error_exitcode,
          "Exit status when something is found, 0 to 255 (default 1)", "N" },
        { "log-file", 0, 0, G_OPTION_ARG_FILENAME, &o->log_file,
          "Print to FILE instead of standard output and error (after the options)", "FILE" },
        { "ignore", 0, 0, G_OPTION_ARG_STRING_ARRAY, &o->ignore,
          "Count but do not report lost updates and monitor divergences on VAR "
          "(repeatable)", "VAR" },
        { "only-checks", 0, 0, G_OPTION_ARG_NONE, &o->only_checks,
          "Report only failed checks (sim_check, assert, abort, reach_error): count the "
          "other findings and runs out of budget", NULL },
        { "only-reach-error", 0, 0, G_OPTION_ARG_NONE, &o->only_reach_error,
          "Report only reach_error() reached (SV-COMP's unreach-call; __VERIFIER_error() in "
          "a program without reach_error); abort() ends a run quietly", NULL },
        { "svcomp", 0, 0, G_OPTION_ARG_FILENAME, &o->svcomp,
          "Verify as SV-COMP does: PROP is the property file (unreach-call), PROGRAM an ELF "
          "or a C file (.c, .i: atomsim-cc builds it); a verdict line, TRUE, FALSE or UNKNOWN, "
          "and for FALSE a violation witness", "PROP" },
        { "witness", 0, 0, G_OPTION_ARG_FILENAME, &o->witness,
          "With --svcomp: the violation witness's file (default witness.yml)", "FILE" },
        { "version", 0, 0, G_OPTION_ARG_NONE, &o->version, "Print the version", NULL },
        { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &o->args, NULL, NULL },
        G_OPTION_ENTRY_NULL,
    };
    g_autoptr(GOptionContext) ctx = g_option_context_new("PROGRAM.elf");
    g_autoptr(GOptionGroup) group = g_option_group_new(NULL, NULL, NULL, o, NULL);
    g_option_context_set_summary(ctx, "Simulate a program on cores that share memory.");
    g_option_context_set_description(ctx, description);
    g_option_context_set_help_enabled(ctx, help);
    g_option_group_add_entries(group, entries);
    g_option_context_set_main_group(ctx, g_steal_pointer(&group));

    /* GOption reorders the words it is given: give it a copy.  It would
     * take the word after a bare --trace as its FILE. */
    g_autofree char **words = g_new0(char *, (gsize)argc + 1);
    bool options_end = false;
    for (int i = 0; i < argc; i++) {
        options_end |= i > 0 && strcmp(argv[i], "--") == 0;
        bool bare_trace = !options_end && i > 0 && strcmp(argv[i], "--trace") == 0;
        words[i] = bare_trace ? (char *)"--trace=-" : argv[i];
        if (bare_trace && i + 1 < argc)
            o->after_trace = argv[i + 1];
    }
    int nwords = argc;
    char **parsed = words;
    if (!g_option_context_parse(ctx, &nwords, &parsed, error))
        return FALSE;
    return o->version || check(o, error);
}

void options_clear(struct options *o)
{
    g_free(o->cpu);
    g_free(o->sched);
    g_free(o->schedule);
    g_free(o->monitor);
    g_free(o->memory);
    g_free(o->trace);
    g_free(o->timeline);
    g_free(o->export_litmus);
    g_free(o->json);
    g_free(o->record);
    g_free(o->shard_text);
    g_free(o->debug);
    g_free(o->log_file);
    g_free(o->svcomp);
    g_free(o->witness);
    g_free(o->svcomp_input);
    g_strfreev(o->ignore);
    g_strfreev(o->faults);
    g_strfreev(o->args);
    if (o->strategy)
        sched_free(o->strategy);
    o->strategy = NULL;
}
