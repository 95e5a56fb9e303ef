/* explain.c — see explain.h.
 *
 * The code is read from a bundled example for each cpu (every example links
 * the whole library), classified by the cpu's own decoder, and annotated
 * from what the classification says: the kind of memory access, whether it
 * is locked, where branches go.  Nothing here knows an ISA.
 */
#include <stdio.h>
#include <string.h>

#include "codemap.h"
#include "error.h"
#include "explain.h"
#include "html.h"
#include "loader.h"

#define EXPLAIN_PROGRAM "counter.elf"   /* any example: all link the library */
#define TEXT_MAX 96

struct line {
    uint64_t pc;
    char text[TEXT_MAX];
    struct insn_info info;
    bool branch, backward;
    uint64_t target;
    const char *role;           /* NULL: bookkeeping */
};

struct explained {
    const struct cpu_ops *cpu;
    char *path;
    GArray *lines;              /* struct line */
};

static void explained_clear(struct explained *x)
{
    g_free(x->path);
    if (x->lines)
        g_array_unref(x->lines);
}

static bool is_stack(const struct explained *x, const struct line *l)
{
    return l->info.mem.base == x->cpu->reg_sp;
}

static bool writes(const struct line *l)
{
    return l->info.kind == INSN_STORE || l->info.kind == INSN_SC || l->info.kind == INSN_RMW;
}

/* The loop that the backward branch at index j closes: [first, j]. */
static guint loop_start(const GArray *lines, guint j)
{
    const struct line *b = &g_array_index(lines, struct line, j);
    guint t = j;
    while (t > 0 && g_array_index(lines, struct line, t - 1).pc >= b->target)
        t--;
    return t;
}

/* Is line i inside a loop, and does that loop write memory or hold a
 * store-exclusive? */
static bool in_loop(const GArray *lines, guint i, bool *loop_writes, bool *loop_sc)
{
    for (guint j = i; j < lines->len; j++) {
        const struct line *b = &g_array_index(lines, struct line, j);
        if (!b->backward)
            continue;
        guint t = loop_start(lines, j);
        if (t > i)
            continue;
        *loop_writes = *loop_sc = false;
        for (guint k = t; k <= j; k++) {
            const struct line *l = &g_array_index(lines, struct line, k);
            *loop_writes |= writes(l) && l->info.kind != INSN_SC;
            *loop_sc |= l->info.kind == INSN_SC;
        }
        return true;
    }
    return false;
}

/* Give every line its role.  A primitive built on a lock (sparc32) takes it
 * with an atomic instruction that is not itself the operation (not LOCK-
 * prefixed, no compare), spins with plain loads, works with plain loads and
 * stores, and releases with its last store. */
static void assign_roles(struct explained *x)
{
    GArray *lines = x->lines;
    int lock = -1, release = -1;
    for (guint i = 0; i < lines->len; i++) {
        const struct line *l = &g_array_index(lines, struct line, i);
        if (lock < 0 && l->info.kind == INSN_RMW && !l->info.lock_prefix && !l->info.cas)
            lock = (int)i;
        if (lock >= 0 && l->info.kind == INSN_STORE && !is_stack(x, l))
            release = (int)i;
    }
    if (release < 0)
        lock = -1;      /* an exchange, not a lock */
    bool loaded = false, stored = false;
    for (guint i = 0; i < lines->len; i++) {
        struct line *l = &g_array_index(lines, struct line, i);
        bool loop_writes = false, loop_sc = false;
        bool looping = in_loop(lines, i, &loop_writes, &loop_sc);
        bool locked = lock >= 0 && (int)i > lock && (int)i < release;
        switch (l->info.kind) {
        case INSN_FENCE:
            l->role = "barrier: accesses before it complete before any after it";
            break;
        case INSN_LL:
            l->role = "load-exclusive: read the value, reserve it in the exclusive monitor";
            loaded = true;
            break;
        case INSN_SC:
            l->role = "store-exclusive: stores only if no other core wrote the granule "
                      "since; its status register says if it did";
            stored = true;
            break;
        case INSN_CLREX:
            l->role = "drop the reservation";
            break;
        case INSN_TRAP:
            l->role = "system call";
            break;
        case INSN_RMW:
            if (l->info.lock_prefix)
                l->role = l->info.cas ? "the whole operation: a locked compare-and-exchange, "
                                        "one indivisible read-compare-write"
                                      : "the whole operation: one locked read-modify-write, "
                                        "indivisible";
            else if (l->info.cas)
                l->role = "compare-and-swap: stores only if memory still holds the expected "
                          "value";
            else if ((int)i == lock)
                l->role = "take the lock: atomic test-and-set (the old value says whether it "
                          "was free)";
            else if (lock >= 0 && !loaded)
                l->role = "try the lock again";
            else
                l->role = "atomic exchange";
            break;
        case INSN_LOAD:
            if (is_stack(x, l))
                l->role = NULL;
            else if (lock >= 0 && (int)i < lock)
                l->role = "read the lock table's size: part of choosing the lock";
            else if (lock >= 0 && looping && !loop_writes && !loaded)
                l->role = "spin: read the lock (no write) until it looks free";
            else {
                l->role = locked ? "load the value, under the lock" : "load the value";
                loaded = true;
            }
            break;
        case INSN_STORE:
            if (is_stack(x, l))
                l->role = NULL;
            else if ((int)i == release)
                l->role = "release the lock: a plain store of 0";
            else {
                l->role = locked ? "store the new value, under the lock" : "store the value";
                stored = true;
            }
            break;
        default:
            if (l->backward)
                l->role = loop_sc ? "retry from the load-exclusive if the store-exclusive "
                                    "failed"
                          : lock >= 0 && !loaded ? "spin again: the lock was taken"
                                                 : "loop back";
            else if (l->branch && lock >= 0 && !loaded && (int)i > lock)
                l->role = "the lock was free: skip the spin";
            else if (i > 0 && g_array_index(lines, struct line, i - 1).info.kind == INSN_SC)
                l->role = "did the store-exclusive store? (status 0)";
            else if (loaded && !stored)
                l->role = "modify: compute the new value in registers";
            else
                l->role = NULL;
        }
    }
}

/* The programs directory: $ATOMSIM_PROGRAMS, or programs/ beside the
 * executable (the build tree). */
static char *programs_dir(void)
{
    const char *env = g_getenv("ATOMSIM_PROGRAMS");
    if (env != NULL)
        return g_strdup(env);
    g_autofree char *exe = g_file_read_link("/proc/self/exe", NULL);
    g_autofree char *dir = exe ? g_path_get_dirname(exe) : g_strdup(".");
    return g_build_filename(dir, "programs", NULL);
}

static bool explain_on(const struct cpu_ops *cpu, const char *name, struct explained *x,
                       GError **error)
{
    g_autofree char *dir = programs_dir();
    x->cpu = cpu;
    x->path = g_build_filename(dir, cpu->name, EXPLAIN_PROGRAM, NULL);
    g_autoptr(image) img = image_load(x->path, error);
    if (img == NULL)
        return false;
    const struct symbol *sym = image_find_symbol(img, name);
    if (sym == NULL || sym->size == 0) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE,
                    "%s: no function %s in the guest library (try atomic_fetch_add, "
                    "atomic_add_return, atomic_dec_and_test, atomic_cmpxchg, "
                    "test_and_set_bit, atomic_xchg, spin_lock ...)", x->path, name);
        return false;
    }
    const struct segment *code = NULL;
    for (guint i = 0; i < img->segments->len && code == NULL; i++) {
        const struct segment *s = &g_array_index(img->segments, struct segment, i);
        if ((s->flags & SEG_X) && sym->addr >= s->vaddr &&
            sym->addr + sym->size <= s->vaddr + s->filesz)
            code = s;
    }
    if (code == NULL) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT, "%s: %s is not code", x->path,
                    name);
        return false;
    }
    struct codemap map;
    codemap_init(&map, cpu, code->vaddr, code->vaddr + code->filesz, code->bytes);
    x->lines = g_array_new(FALSE, TRUE, sizeof(struct line));
    for (uint64_t pc = sym->addr; pc < sym->addr + sym->size;) {
        struct line l = { .pc = pc };
        l.info = *codemap_classify(&map, pc);
        if (l.info.length == 0)
            break;
        codemap_disassemble(&map, pc, l.text, sizeof l.text);
        l.branch = codemap_branch_target(&map, pc, &l.target);
        l.backward = l.branch && l.target <= pc && l.target >= sym->addr;
        g_array_append_val(x->lines, l);
        pc += l.info.length;
    }
    codemap_clear(&map);
    assign_roles(x);
    return true;
}

static void print_text(FILE *out, const char *name, const struct explained *x, unsigned n)
{
    fprintf(out, "%s, as the guest library builds it on each cpu\n", name);
    for (unsigned i = 0; i < n; i++) {
        fprintf(out, "\n%s (%s)\n", x[i].cpu->name, x[i].path);
        for (guint j = 0; j < x[i].lines->len; j++) {
            const struct line *l = &g_array_index(x[i].lines, struct line, j);
            fprintf(out, "  %8" G_GINT64_MODIFIER "x  %-34s %s\n", l->pc, l->text,
                    l->role ? l->role : "");
        }
        fprintf(out, "  Why it is atomic: %s.\n", x[i].cpu->atomicity);
    }
}

static const char explain_style[] =
    ".cols{display:grid;grid-template-columns:repeat(var(--n),minmax(0,1fr));gap:14px}"
    ".cpu-col{border:1px solid #ddd;border-radius:8px;padding:8px 10px;background:#fafafa}"
    ".cpu-col h2{margin-top:0}"
    ".insn{display:grid;grid-template-columns:4.5em minmax(9em,15em) minmax(11em,1fr);"
    "gap:6px;padding:1px 0;border-bottom:1px solid #eee}"
    ".insn code{overflow-wrap:anywhere}"
    ".insn.plain{color:#999}"
    ".insn.access .text{font-weight:600}"
    ".insn.atomic{background:#fff1d6}.insn.exclusive{background:#e5f1ff}"
    ".insn.lock{background:#fde2e2}.insn.fence{background:#efe7fb}"
    ".role{font-size:12.5px;overflow-wrap:anywhere}.why{margin-top:8px;font-style:italic}";

static const char *line_class(const struct line *l)
{
    switch (l->info.kind) {
    case INSN_RMW:
        return l->info.lock_prefix || l->info.cas ? "atomic" : "lock";
    case INSN_LL:
    case INSN_SC:
    case INSN_CLREX:
        return "exclusive";
    case INSN_FENCE:
        return "fence";
    case INSN_LOAD:
    case INSN_STORE:
        return l->role ? "access" : "plain";
    default:
        return l->role ? "" : "plain";
    }
}

static gboolean write_html(const char *path, const char *name, const struct explained *x,
                           unsigned n, GError **error)
{
    g_autoptr(GString) out = g_string_new(NULL);
    g_autofree char *title = g_strdup_printf("%s on %u cpus", name, n);
    html_begin(out, title, explain_style);
    g_string_append(out, "<h1><code>");
    html_escape(out, name);
    g_string_append(out, "</code>, built from component parts on each cpu</h1>\n"
                         "<p class=\"muted\">The guest library's compiled instructions; "
                         "each access to memory and each branch that matters has its "
                         "role. Grey lines are bookkeeping.</p>\n");
    g_string_append_printf(out, "<div class=\"cols\" style=\"--n:%u\">\n", n);
    for (unsigned i = 0; i < n; i++) {
        g_string_append_printf(out, "<section class=\"cpu-col\" data-cpu=\"%s\"><h2>%s</h2>\n",
                               x[i].cpu->name, x[i].cpu->name);
        for (guint j = 0; j < x[i].lines->len; j++) {
            const struct line *l = &g_array_index(x[i].lines, struct line, j);
            g_string_append_printf(out, "<div class=\"insn %s\"><span class=\"mono muted\">"
                                        "%" G_GINT64_MODIFIER "x</span><code class=\"text\">",
                                   line_class(l), l->pc);
            html_escape(out, l->text);
            g_string_append(out, "</code>");
            if (l->role) {
                g_string_append(out, "<span class=\"role\">");
                html_escape(out, l->role);
                g_string_append(out, "</span>");
            }
            g_string_append(out, "</div>\n");
        }
        g_string_append(out, "<p class=\"why\">");
        html_printf(out, "Why it is atomic: %s.", x[i].cpu->atomicity);
        g_string_append(out, "</p></section>\n");
    }
    g_string_append(out, "</div>\n");
    html_end(out, "");
    return html_write(path, out, error);
}

int explain_main(int argc, char **argv)
{
    g_autofree char *html = NULL;
    g_autofree char *only = NULL;
    GOptionEntry entries[] = {
        { "html", 0, 0, G_OPTION_ARG_FILENAME, &html,
          "Write an HTML page with the cpus side by side to FILE", "FILE" },
        { "cpu", 0, 0, G_OPTION_ARG_STRING, &only, "Only this cpu", "CPU" },
        { NULL, 0, 0, 0, NULL, NULL, NULL },
    };
    g_autoptr(GOptionContext) ctx = g_option_context_new(
        "PRIMITIVE - how the guest library builds an atomic primitive on each cpu");
    g_option_context_add_main_entries(ctx, entries, NULL);
    g_autoptr(GError) error = NULL;
    if (!g_option_context_parse(ctx, &argc, &argv, &error) || argc != 2) {
        fprintf(stderr, "atomsim explain: %s\n",
                error ? error->message : "give one primitive, e.g. atomic_fetch_add");
        return EXIT_USAGE;
    }
    const struct cpu_ops *cpus[] = { &cpu_sparc32, &cpu_arm, &cpu_x86 };
    struct explained x[G_N_ELEMENTS(cpus)] = { 0 };
    unsigned n = 0;
    int status = EXIT_CLEAN;
    for (unsigned i = 0; i < G_N_ELEMENTS(cpus) && status == EXIT_CLEAN; i++) {
        if (only != NULL && strcmp(only, cpus[i]->name) != 0 && strcmp(only, "all") != 0)
            continue;
        if (!explain_on(cpus[i], argv[1], &x[n++], &error)) {
            fprintf(stderr, "atomsim explain: %s\n", error->message);
            status = EXIT_USAGE;
        }
    }
    if (status == EXIT_CLEAN && n == 0) {
        fprintf(stderr, "atomsim explain: --cpu %s: not one of sparc32, arm, x86\n", only);
        status = EXIT_USAGE;
    }
    if (status == EXIT_CLEAN && html == NULL)
        print_text(stdout, argv[1], x, n);
    if (status == EXIT_CLEAN && html != NULL) {
        if (!write_html(html, argv[1], x, n, &error)) {
            fprintf(stderr, "atomsim explain: --html %s: %s\n", html, error->message);
            status = EXIT_USAGE;
        } else
            printf("atomsim explain: wrote %s\n", html);
    }
    for (unsigned i = 0; i < n; i++)
        explained_clear(&x[i]);
    return status;
}
