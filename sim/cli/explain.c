/* explain.c — see explain.h.
 *
 * The code is read from a bundled example for each cpu (every example links
 * the whole library) and classified by the cpu's own decoder; its roles
 * come from explain-roles.c; this file finds the primitive and prints it,
 * as text or as a page.  A cpu whose library also has an LL/SC build
 * (programs/<cpu>/llsc/) shows the primitive that way too.  Nothing here
 * knows an ISA.
 */
#include <stdio.h>
#include <string.h>

#include "core/codemap.h"
#include "base/error.h"
#include "explain.h"
#include "explain-roles.h"
#include "report/html.h"
#include "core/loader.h"

#define EXPLAIN_PROGRAM "counter.elf"   /* any example: all link the library */
/* The library's LL/SC build, where a cpu has one beside its single-instruction
 * atomics: programs/<cpu>/llsc/EXPLAIN_PROGRAM. */
#define EXPLAIN_ALTERNATIVE "llsc"

/* The cpus shown by default: one of each family (x86_64 runs x86's code).
 * One atomsim lacks, or whose programs were not built, is left out. */
static const char *const default_cpus[] = { "sparc32", "arm", "x86", "aarch64", "riscv64" };

/* One cpu's column: the primitive from its library, and from the LL/SC
 * build when there is one (alt.lines NULL when not). */
struct column {
    struct explained main, alt;
    bool alt_same;      /* the LL/SC build has the same instructions */
};

static void explained_clear(struct explained *x)
{
    g_free(x->path);
    g_free(x->shown);
    if (x->lines)
        g_array_unref(x->lines);
}

static void column_clear(struct column *c)
{
    explained_clear(&c->main);
    explained_clear(&c->alt);
}

/* The programs directory: $ATOMSIM_PROGRAMS; programs/ beside the
 * executable (the build tree); or where `make install` puts them. */
static char *programs_dir(void)
{
    const char *env = g_getenv("ATOMSIM_PROGRAMS");
    if (env != NULL)
        return g_strdup(env);
    g_autofree char *exe = g_file_read_link("/proc/self/exe", NULL);
    g_autofree char *dir = exe ? g_path_get_dirname(exe) : g_strdup(".");
    char *built = g_build_filename(dir, "programs", NULL);
    if (g_file_test(built, G_FILE_TEST_IS_DIR))
        return built;
    g_free(built);
    return g_strdup(ATOMSIM_PROGRAMS_DIR);
}

/* The kernel's generic names the library builds under a name of its own. */
static const struct alias {
    const char *name, *function, *what;
} aliases[] = {
    { "xchg", "__xchg_u32", "the kernel's xchg() on a 4-byte object" },
    { "cmpxchg", "__cmpxchg_u32", "the kernel's cmpxchg() on a 4-byte object" },
    { "cmpxchg64", "__cmpxchg_u64", "the kernel's cmpxchg64()" },
};

/* Which function stands for name, when it is not name itself: a sentence,
 * or NULL. */
static char *shown_note(const char *name, const char *shown)
{
    if (strcmp(name, shown) == 0)
        return NULL;
    const char *what = "the same operation on an atomic_t";
    for (size_t i = 0; i < G_N_ELEMENTS(aliases); i++)
        if (strcmp(aliases[i].name, name) == 0)
            what = aliases[i].what;
    return g_strdup_printf("%s: the guest library builds it as %s (%s); that function is "
                           "shown", name, shown, what);
}

/* The library's function for a primitive: its own name, an alias, or
 * the atomic_t form (try_cmpxchg: atomic_try_cmpxchg).  NULL if none. */
static const struct symbol *find_primitive(const struct image *img, const char *name,
                                           char **shown)
{
    g_autofree char *atomic = g_strconcat("atomic_", name, NULL);
    const char *tries[] = { name, NULL, atomic };
    for (size_t i = 0; i < G_N_ELEMENTS(aliases); i++)
        if (strcmp(aliases[i].name, name) == 0)
            tries[1] = aliases[i].function;
    for (size_t i = 0; i < G_N_ELEMENTS(tries); i++) {
        const struct symbol *sym = tries[i] ? image_find_symbol(img, tries[i]) : NULL;
        if (sym != NULL && sym->size != 0) {
            *shown = g_strdup(tries[i]);
            return sym;
        }
    }
    return NULL;
}

/* Is sym a primitive of the guest library: a function whose source is
 * the library's (programs/lib), by DWARF, and no helper of its own? */
static bool library_primitive(const struct image *img, const struct symbol *sym)
{
    static const char *const files[] = { "atomic.c:", "arch-atomic.h:", "lock-table.c:" };
    if (sym->size == 0 || sym->name[0] == '_')
        return false;
    g_autofree char *line = image_source_line(img, sym->addr);
    for (size_t i = 0; line != NULL && i < G_N_ELEMENTS(files); i++)
        if (g_str_has_prefix(line, files[i]))
            return true;
    return false;
}

/* For --help: the primitives the library has (those of x86's build, which
 * every cpu shares), the ordering variants and 64-bit forms folded into
 * one line about them; or where the programs were looked for. */
static char *primitives_help(void)
{
    g_autofree char *dir = programs_dir();
    g_autofree char *path = g_build_filename(dir, "x86", EXPLAIN_PROGRAM, NULL);
    g_autoptr(image) img = image_load(path, NULL);
    if (img == NULL)
        return g_strdup_printf("The primitives are read from %s, which is missing (set "
                               "ATOMSIM_PROGRAMS).", path);
    GString *s = g_string_new("Primitives, the guest library's by the kernel's names (the\n"
                              "value-returning ones also with _relaxed, _acquire and _release,\n"
                              "all also as atomic64_; and xchg, cmpxchg, cmpxchg64, try_cmpxchg):\n ");
    unsigned column = 1;
    for (guint i = 0; i < img->symbols->len; i++) {
        const struct symbol *sym = &g_array_index(img->symbols, struct symbol, i);
        if (!library_primitive(img, sym) || g_str_has_prefix(sym->name, "atomic64_") ||
            g_str_has_suffix(sym->name, "_relaxed") || g_str_has_suffix(sym->name, "_acquire") ||
            g_str_has_suffix(sym->name, "_release"))
            continue;
        size_t len = strlen(sym->name) + 1;
        if (column + len > 78) {
            g_string_append(s, "\n ");
            column = 1;
        }
        g_string_append_printf(s, " %s", sym->name);
        column += len;
    }
    return g_string_free(s, FALSE);
}

/* The program explain reads for cpu: its own build, or with variant
 * (EXPLAIN_ALTERNATIVE) that build of the library (to free). */
static char *program_path(const struct cpu_ops *cpu, const char *variant)
{
    g_autofree char *dir = programs_dir();
    return g_build_filename(dir, cpu->name, variant ? variant : EXPLAIN_PROGRAM,
                            variant ? EXPLAIN_PROGRAM : NULL, NULL);
}

static bool explain_on(const struct cpu_ops *cpu, const char *name, const char *variant,
                       struct explained *x, GError **error)
{
    x->cpu = cpu;
    x->path = program_path(cpu, variant);
    g_autoptr(GError) why = NULL;
    g_autoptr(image) img = image_load(x->path, &why);
    if (img == NULL) {
        g_set_error(error, why->domain, why->code, "%s (ATOMSIM_PROGRAMS may name the "
                    "directory that holds <cpu>/%s)", why->message, EXPLAIN_PROGRAM);
        return false;
    }
    const struct symbol *sym = find_primitive(img, name, &x->shown);
    if (sym == NULL) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE,
                    "%s: no function %s in the guest library (try atomic_fetch_add, "
                    "atomic_add_return, atomic_dec_and_test, atomic_cmpxchg, cmpxchg, xchg, "
                    "test_and_set_bit, spin_lock ...)", x->path, name);
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
    if (!codemap_init(&map, cpu, code->vaddr, code->vaddr + code->filesz, code->bytes)) {
        codemap_clear(&map);
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_RESOURCE,
                    "%s: cannot allocate the map of its code", x->path);
        return false;
    }
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

/* One build's lines; its atomicity (why); how it is ordered. */
static void print_lines(FILE *out, const struct explained *x, bool why)
{
    for (guint j = 0; j < x->lines->len; j++) {
        const struct line *l = &g_array_index(x->lines, struct line, j);
        fprintf(out, "  %8" G_GINT64_MODIFIER "x  %-34s %s\n", l->pc, l->text,
                l->role ? l->role : "");
    }
    if (why)
        fprintf(out, "  Why it is atomic: %s.\n", x->cpu->atomicity);
    g_autofree char *ordering = ordering_of(x);
    fprintf(out, "  How it is ordered: %s.\n", ordering);
}

#define ALTERNATIVE_WHAT "the form a kernel uses on a cpu without the single-instruction atomics"

static void print_text(FILE *out, const char *name, const struct column *c, unsigned n)
{
    fprintf(out, "%s, as the guest library builds it on each cpu\n", name);
    g_autofree char *note = shown_note(name, c[0].main.shown);
    if (note != NULL)
        fprintf(out, "%s.\n", note);
    for (unsigned i = 0; i < n; i++) {
        const struct explained *x = &c[i].main;
        fprintf(out, "\n%s (%s)\n", x->cpu->name, x->path);
        print_lines(out, x, true);
        if (c[i].alt.lines == NULL)
            continue;
        fprintf(out, "\n%s, the LL/SC alternative (%s): " ALTERNATIVE_WHAT "%s\n",
                x->cpu->name, c[i].alt.path, c[i].alt_same ? "; the same instructions." : "");
        if (!c[i].alt_same)
            print_lines(out, &c[i].alt, false);
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
    ".role{font-size:12.5px;overflow-wrap:anywhere}.why{margin-top:8px;font-style:italic}"
    ".alt{margin-top:10px;border-top:2px dashed #ccc;padding-top:4px}.alt h3{margin:4px 0}"
    /* a narrow column (four cpus and more) puts each role under its instruction */
    ".cpu-col{container-type:inline-size}"
    "@container (max-width:34em){.insn{grid-template-columns:4.5em minmax(0,1fr)}"
    ".insn .role{grid-column:2;padding-bottom:2px}}";

static const char *line_class(const struct line *l)
{
    switch (l->info.kind) {
    case INSN_RMW:
        return l->lock ? "lock" : "atomic";
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

/* One build's lines and how it is ordered, into a column. */
static void html_lines(GString *out, const struct explained *x)
{
    for (guint j = 0; j < x->lines->len; j++) {
        const struct line *l = &g_array_index(x->lines, struct line, j);
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
}

static gboolean write_html(const char *path, const char *name, const struct column *c,
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
    g_autofree char *note = shown_note(name, c[0].main.shown);
    if (note != NULL)
    {
        g_string_append(out, "<p class=\"note\">");
        html_printf(out, "%s.", note);
        g_string_append(out, "</p>\n");
    }
    g_string_append_printf(out, "<div class=\"cols\" style=\"--n:%u\">\n", n);
    for (unsigned i = 0; i < n; i++) {
        const struct explained *x = &c[i].main;
        g_string_append_printf(out, "<section class=\"cpu-col\" data-cpu=\"%s\"><h2>%s</h2>\n",
                               x->cpu->name, x->cpu->name);
        html_lines(out, x);
        g_string_append(out, "<p class=\"why\">");
        html_printf(out, "Why it is atomic: %s.", x->cpu->atomicity);
        g_autofree char *ordering = ordering_of(x);
        html_printf(out, " How it is ordered: %s.", ordering);
        g_string_append(out, "</p>\n");
        if (c[i].alt.lines != NULL) {
            g_string_append(out, "<div class=\"alt\" data-build=\"" EXPLAIN_ALTERNATIVE "\">"
                                 "<h3>LL/SC alternative</h3><p class=\"muted\">");
            html_printf(out, "%s/%s/%s: " ALTERNATIVE_WHAT "%s", x->cpu->name,
                        EXPLAIN_ALTERNATIVE, EXPLAIN_PROGRAM,
                        c[i].alt_same ? "; the same instructions." : ".");
            g_string_append(out, "</p>\n");
            if (!c[i].alt_same) {
                html_lines(out, &c[i].alt);
                g_autofree char *alt_ordering = ordering_of(&c[i].alt);
                g_string_append(out, "<p class=\"why\">");
                html_printf(out, "How it is ordered: %s.", alt_ordering);
                g_string_append(out, "</p>\n");
            }
            g_string_append(out, "</div>\n");
        }
        g_string_append(out, "</section>\n");
    }
    g_string_append(out, "</div>\n");
    html_end(out, "");
    return g_file_set_contents(path, out->str, (gssize)out->len, error);
}

/* Do two builds show the same instructions? */
static bool same_lines(const struct explained *a, const struct explained *b)
{
    if (a->lines->len != b->lines->len)
        return false;
    for (guint j = 0; j < a->lines->len; j++)
        if (strcmp(g_array_index(a->lines, struct line, j).text,
                   g_array_index(b->lines, struct line, j).text) != 0)
            return false;
    return true;
}

/* Column c for cpu: its build and, where it has one, its LL/SC build. */
static bool explain_column(const struct cpu_ops *cpu, const char *name, struct column *c,
                           GError **error)
{
    if (!explain_on(cpu, name, NULL, &c->main, error))
        return false;
    g_autofree char *alt = program_path(cpu, EXPLAIN_ALTERNATIVE);
    if (!g_file_test(alt, G_FILE_TEST_EXISTS))
        return true;
    if (!explain_on(cpu, name, EXPLAIN_ALTERNATIVE, &c->alt, error))
        return false;
    c->alt_same = same_lines(&c->main, &c->alt);
    return true;
}

/* The cpus shown by default, into cpus (as many as default_cpus): those
 * atomsim has whose programs were built; if none were, the first it has,
 * so that the error says where they were looked for.  How many. */
static unsigned default_columns(const struct cpu_ops **cpus)
{
    unsigned n = 0;
    const struct cpu_ops *first = NULL;
    for (size_t i = 0; i < G_N_ELEMENTS(default_cpus); i++) {
        const struct cpu_ops *cpu = cpu_find(default_cpus[i]);
        if (cpu == NULL)
            continue;
        first = first ? first : cpu;
        g_autofree char *path = program_path(cpu, NULL);
        if (g_file_test(path, G_FILE_TEST_EXISTS))
            cpus[n++] = cpu;
    }
    if (n == 0 && first != NULL)
        cpus[n++] = first;
    return n;
}

/* For --help: the default cpus atomsim has, "sparc32, arm, ..." (to free). */
static char *default_names(void)
{
    GString *s = g_string_new(NULL);
    for (size_t i = 0; i < G_N_ELEMENTS(default_cpus); i++)
        if (cpu_find(default_cpus[i]) != NULL)
            g_string_append_printf(s, "%s%s", s->len ? ", " : "", default_cpus[i]);
    return g_string_free(s, FALSE);
}

int explain_main(int argc, char **argv)
{
    g_autofree char *html = NULL;
    g_autofree char *only = NULL;
    g_autofree char *defaults = default_names();
    g_autofree char *cpu_help = g_strdup_printf("Only this cpu, one of %s (the default: one "
                                                "of each family, %s)", cpu_names(), defaults);
    GOptionEntry entries[] = {
        { "html", 0, 0, G_OPTION_ARG_FILENAME, &html,
          "Write an HTML page with the cpus side by side to FILE", "FILE" },
        { "cpu", 0, 0, G_OPTION_ARG_STRING, &only, cpu_help, "CPU" },
        { NULL, 0, 0, 0, NULL, NULL, NULL },
    };
    g_autoptr(GOptionContext) ctx = g_option_context_new(
        "PRIMITIVE - how the guest library builds an atomic primitive on each cpu");
    g_option_context_add_main_entries(ctx, entries, NULL);
    g_autofree char *primitives = primitives_help();
    g_option_context_set_description(ctx, primitives);
    g_autoptr(GError) error = NULL;
    if (!g_option_context_parse(ctx, &argc, &argv, &error) || argc != 2) {
        fprintf(stderr, "atomsim explain: %s\n",
                error ? error->message : "give one primitive, e.g. atomic_fetch_add");
        return EXIT_USAGE;
    }
    const struct cpu_ops *cpus[G_N_ELEMENTS(default_cpus)] = { NULL };
    struct column c[G_N_ELEMENTS(default_cpus)];
    memset(c, 0, sizeof c);
    unsigned n = only != NULL ? 1 : default_columns(cpus);
    if (only != NULL && (cpus[0] = cpu_find(only)) == NULL) {
        fprintf(stderr, "atomsim explain: --cpu %s: not one of %s\n", only, cpu_names());
        return EXIT_USAGE;
    }
    if (n == 0) {
        fprintf(stderr, "atomsim explain: no cpu to show\n");
        return EXIT_USAGE;
    }
    int status = EXIT_CLEAN;
    for (unsigned i = 0; i < n && status == EXIT_CLEAN; i++) {
        if (!explain_column(cpus[i], argv[1], &c[i], &error)) {
            fprintf(stderr, "atomsim explain: %s\n", error->message);
            status = EXIT_USAGE;
        }
    }
    if (status == EXIT_CLEAN && html == NULL)
        print_text(stdout, argv[1], c, n);
    if (status == EXIT_CLEAN && html != NULL) {
        if (!write_html(html, argv[1], c, n, &error)) {
            fprintf(stderr, "atomsim explain: --html %s: %s\n", html, error->message);
            status = EXIT_USAGE;
        } else
            printf("atomsim explain: wrote %s\n", html);
    }
    for (unsigned i = 0; i < n; i++)
        column_clear(&c[i]);
    return status;
}
