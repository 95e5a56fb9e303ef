/* litmus-source.c — the sources of a litmus test's program (litmus-build.h):
 * the C harness, and the threads as the cpu's dialect writes them. */
#include <ctype.h>
#include <string.h>

#include "base/error.h"
#include "litmus-build.h"

bool litmus_is_c(const struct litmus_test *t)
{
    return strcmp(t->arch, "C") == 0;
}

/* A location's type: as the initial state declares it, else as a C
 * thread's parameter points to it ("atomic_t *v": atomic_t), else int (to
 * free). */
static char *location_type(const struct litmus_test *t, const char *name)
{
    const struct litmus_var *v = litmus_var_of(t, -1, name);
    if (v != NULL)
        return g_strdup(v->type);
    for (guint i = 0; i < t->threads->len; i++) {
        const struct litmus_thread *th = g_ptr_array_index(t->threads, i);
        if (th->c_params == NULL)
            continue;
        g_auto(GStrv) params = g_strsplit(th->c_params, ",", -1);
        for (char **p = params; *p; p++) {
            char *param = g_strstrip(*p);
            size_t n = strlen(param), len = strlen(name);
            if (n <= len || strcmp(param + n - len, name) != 0 ||
                isalnum((unsigned char)param[n - len - 1]) || param[n - len - 1] == '_')
                continue;
            char *type = g_strndup(param, n - len);
            g_strstrip(type);
            size_t tn = strlen(type);
            if (tn > 0 && type[tn - 1] == '*') {
                type[tn - 1] = '\0';
                return g_strstrip(type);
            }
            g_free(type);
        }
    }
    return g_strdup("int");
}

static bool has_name(GPtrArray *names, const char *name)
{
    for (guint i = 0; i < names->len; i++)
        if (strcmp(g_ptr_array_index(names, i), name) == 0)
            return true;
    return false;
}

/* Every location the test names: in its initial state (and as the address
 * a register or location holds), its condition, locations [...], and the
 * symbols its threads name (x86's [x]; C threads' parameters). */
static GPtrArray *test_locations(const struct litmus_test *t, GPtrArray *used)
{
    GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
    for (guint i = 0; i < t->vars->len; i++) {
        const struct litmus_var *v = g_ptr_array_index(t->vars, i);
        if (v->thread == -1 && !has_name(names, v->name))
            g_ptr_array_add(names, g_strdup(v->name));
        if (v->init.is_addr && !has_name(names, v->init.sym))
            g_ptr_array_add(names, g_strdup(v->init.sym));
    }
    g_autoptr(GPtrArray) seen = litmus_observables(t);
    for (guint i = 0; i < seen->len; i++) {
        const struct litmus_observable *o = g_ptr_array_index(seen, i);
        if (o->thread < 0 && !has_name(names, o->name))
            g_ptr_array_add(names, g_strdup(o->name));
    }
    for (guint i = 0; used != NULL && i < used->len; i++)
        if (!has_name(names, g_ptr_array_index(used, i)))
            g_ptr_array_add(names, g_strdup(g_ptr_array_index(used, i)));
    return names;
}

/* A C thread's parameter names, in order (to free). */
static GPtrArray *param_names(const char *params)
{
    GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
    g_auto(GStrv) parts = g_strsplit(params, ",", -1);
    for (char **p = parts; *p; p++) {
        const char *s = g_strstrip(*p), *end = s + strlen(s), *start = end;
        while (start > s && (isalnum((unsigned char)start[-1]) || start[-1] == '_'))
            start--;
        if (start < end && strcmp(s, "void") != 0)
            g_ptr_array_add(names, g_strndup(start, (gsize)(end - start)));
    }
    return names;
}

/* Each location in a block of its own: atomsim compares memory in 8-byte
 * words, and a reservation covers its granule, so two locations that
 * shared either would order steps that do not conflict on a machine where
 * they are apart (litmus7 gives each its own cache line too). */
#define APART "__attribute__((aligned(64)))"

/* The locations as globals: scalars first, then those holding addresses. */
static void define_locations(GString *out, const struct litmus_test *t, GPtrArray *names)
{
    for (int pass = 0; pass < 2; pass++) {
        for (guint i = 0; i < names->len; i++) {
            const char *name = g_ptr_array_index(names, i);
            const struct litmus_var *v = litmus_var_of(t, -1, name);
            bool addr = v != NULL && v->init.is_addr;
            if (addr != (pass == 1))
                continue;
            g_autofree char *type = location_type(t, name);
            g_string_append_printf(out, "%s %s " APART, type, name);
            if (addr)
                g_string_append_printf(out, " = (%s)&%s", type, v->init.sym);
            else if (v != NULL && v->init.num != 0 && g_str_has_prefix(type, "atomic"))
                g_string_append_printf(out, " = { %" G_GINT64_FORMAT " }", v->init.num);
            else if (v != NULL && v->init.num != 0)
                g_string_append_printf(out, " = %" G_GINT64_FORMAT, v->init.num);
            g_string_append(out, ";\n");
        }
    }
}

/* A thread's registers the condition reads, in litmus_observables' order
 * (their names, borrowed from seen). */
static GPtrArray *thread_regs(GPtrArray *seen, unsigned thread)
{
    GPtrArray *regs = g_ptr_array_new();
    for (guint i = 0; i < seen->len; i++) {
        const struct litmus_observable *o = g_ptr_array_index(seen, i);
        if (o->thread == (int)thread)
            g_ptr_array_add(regs, o->name);
    }
    return regs;
}

/* The locations the threads name: a C thread's parameters, the symbols an
 * assembly thread names directly (x86's [x]). */
static GPtrArray *symbols_used(const struct litmus_test *t, const struct cpu_ops *cpu)
{
    GPtrArray *used = g_ptr_array_new_with_free_func(g_free);
    if (litmus_is_c(t)) {
        for (guint i = 0; i < t->threads->len; i++) {
            const struct litmus_thread *th = g_ptr_array_index(t->threads, i);
            g_autoptr(GPtrArray) params = param_names(th->c_params);
            for (guint k = 0; k < params->len; k++)
                g_ptr_array_add(used, g_strdup(g_ptr_array_index(params, k)));
        }
        return used;
    }
    g_autoptr(GString) scratch = g_string_new(NULL);
    for (guint i = 0; i < t->threads->len; i++) {
        const struct litmus_thread *th = g_ptr_array_index(t->threads, i);
        for (guint k = 0; k < th->insns->len; k++) {
            const char *insn = g_ptr_array_index(th->insns, k);
            const char *colon = strchr(insn, ':');
            if (colon != NULL && strchr(insn, '[') == NULL && strchr(insn, '(') == NULL)
                insn = colon + 1;       /* a label */
            while (isspace((unsigned char)*insn))
                insn++;
            if (*insn != '\0' && cpu->litmus->insn != NULL)
                cpu->litmus->insn(scratch, insn, used);
        }
    }
    return used;
}

/* A C thread: its function, with the registers the condition reads copied
 * at its end to `regs`, main's array (on the core's own stack: no step);
 * #line keeps the compiler's messages on the test's lines. */
static void c_thread(GString *out, const struct litmus_test *t, const struct litmus_thread *th,
                     GPtrArray *seen)
{
    bool none = *th->c_params == '\0' || strcmp(th->c_params, "void") == 0;
    g_string_append_printf(out, "#line %u \"%s\"\nstatic void P%u(%s%sunsigned long *regs)\n{\n",
                           th->line, t->file, th->id, none ? "" : th->c_params, none ? "" : ", ");
    g_string_append_printf(out, "#line %u \"%s\"\n%s\n", th->line + 1, t->file, th->c_body);
    g_autoptr(GPtrArray) regs = thread_regs(seen, th->id);
    for (guint k = 0; k < regs->len; k++)
        g_string_append_printf(out, "    regs[%u] = (unsigned long)(%s);\n", k,
                               (const char *)g_ptr_array_index(regs, k));
    g_string_append(out, "}\n");
}

char *litmus_harness_source(const struct litmus_test *t, const struct cpu_ops *cpu)
{
    GString *out = g_string_new(NULL);
    g_string_append_printf(out, "/* %s: %s for %s, generated by atomsim litmus */\n", t->file,
                           t->name, cpu->name);
    g_string_append(out, litmus_is_c(t) ? "#include <litmus-linux.h>\n"
                                        : "#include <atomsim.h>\n#include <stdint.h>\n");
    g_autoptr(GPtrArray) used = symbols_used(t, cpu);
    g_autoptr(GPtrArray) names = test_locations(t, used);
    define_locations(out, t, names);
    g_autoptr(GPtrArray) seen = litmus_observables(t);
    /* atomsim reads the registers where a thread calls __litmus_done: an
     * assembly thread's from the core, a C thread's from regs */
    g_string_append_printf(out, "__attribute__((noreturn, used, noipa%s%s))\n"
                           "void " LITMUS_DONE "(const unsigned long *regs)\n{\n"
                           "    (void)regs;\n    sim_exit(0);\n}\n",
                           *cpu->litmus->c_attribute ? ", " : "", cpu->litmus->c_attribute);
    for (guint i = 0; i < t->threads->len; i++) {
        const struct litmus_thread *th = g_ptr_array_index(t->threads, i);
        if (litmus_is_c(t))
            c_thread(out, t, th, seen);
        else
            g_string_append_printf(out, "void P%u(void) __attribute__((noreturn));\n",
                                   i);
    }
    g_string_append(out, "int main(void)\n{\n    unsigned long regs[" G_STRINGIFY(LITMUS_MAX_REGS)
                         "] = { 0 };\n    switch (sim_cpu_id()) {\n");
    for (guint i = 0; i < t->threads->len; i++) {
        const struct litmus_thread *th = g_ptr_array_index(t->threads, i);
        g_string_append_printf(out, "    case %u:\n        ", i);
        if (!litmus_is_c(t)) {
            g_string_append_printf(out, "P%u();\n", i);
            continue;
        }
        g_autoptr(GPtrArray) params = param_names(th->c_params);
        g_string_append_printf(out, "P%u(", i);
        for (guint k = 0; k < params->len; k++)
            g_string_append_printf(out, "&%s, ", (const char *)g_ptr_array_index(params, k));
        g_string_append(out, "regs);\n        break;\n");
    }
    g_string_append(out, "    }\n    " LITMUS_DONE "(regs);\n}\n");
    return g_string_free(out, FALSE);
}

/* A cell that starts with a label ("LC00:" or "LC00: B LC01"): the label's
 * length, else 0. */
static size_t label_length(const char *cell)
{
    size_t n = 0;
    while (isalnum((unsigned char)cell[n]) || cell[n] == '_' || cell[n] == '.')
        n++;
    return n > 0 && cell[n] == ':' && !isdigit((unsigned char)cell[0]) ? n : 0;
}

/* insn with each of the thread's labels renamed LABEL_P<thread>: threads
 * may use the same labels (to free). */
static char *rename_labels(const char *insn, GPtrArray *labels, unsigned thread)
{
    GString *out = g_string_new(NULL);
    for (const char *p = insn; *p;) {
        size_t n = 0;
        bool word_start = p == insn || !(isalnum((unsigned char)p[-1]) || p[-1] == '_');
        while (isalnum((unsigned char)p[n]) || p[n] == '_' || p[n] == '.')
            n++;
        if (n == 0) {
            g_string_append_c(out, *p++);
            continue;
        }
        g_string_append_len(out, p, (gssize)n);
        for (guint i = 0; word_start && i < labels->len; i++) {
            const char *label = g_ptr_array_index(labels, i);
            if (strlen(label) == n && strncmp(label, p, n) == 0)
                g_string_append_printf(out, "_P%u", thread);
        }
        p += n;
    }
    return g_string_free(out, FALSE);
}

/* Is reg one the harness keeps for itself on this cpu? */
static bool reserved(const struct cpu_litmus *d, const char *reg)
{
    for (const char *const *r = d->reserved; *r; r++)
        if (g_ascii_strcasecmp(*r, reg) == 0)
            return true;
    return false;
}

/* Can a test set or read reg on cpu: one of its registers, and not one the
 * harness uses?  NULL, or what is wrong (static). */
static const char *register_problem(const struct cpu_ops *cpu, const char *reg)
{
    if (cpu->litmus->reg_id(reg) < 0)
        return "not a register atomsim can read";
    return reserved(cpu->litmus, reg) ? "atomsim's harness uses it (a test may not)" : NULL;
}

/* The registers a test sets or reads. */
static bool check_registers(const struct litmus_test *t, const struct cpu_ops *cpu,
                            GPtrArray *seen, GError **error)
{
    for (guint i = 0; i < t->vars->len; i++) {
        const struct litmus_var *v = g_ptr_array_index(t->vars, i);
        const char *problem = v->thread >= 0 ? register_problem(cpu, v->name) : NULL;
        if (problem != NULL) {
            g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT, "%s:%u: %d:%s on %s: %s",
                        t->file, v->line, v->thread, v->name, cpu->name, problem);
            return false;
        }
    }
    for (guint i = 0; i < seen->len; i++) {
        const struct litmus_observable *o = g_ptr_array_index(seen, i);
        const char *problem = o->thread >= 0 ? register_problem(cpu, o->name) : NULL;
        if (problem != NULL) {
            g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT, "%s: %d:%s on %s: %s",
                        t->file, o->thread, o->name, cpu->name, problem);
            return false;
        }
    }
    return true;
}

/* Where text names word as a whole word (case aside; a '%' before it makes
 * another word), or NULL. */
static const char *find_word(const char *text, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = text; *p; p++) {
        if (g_ascii_strncasecmp(p, word, n) != 0)
            continue;
        bool starts = p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_' ||
                                     p[-1] == '%');
        bool ends = !(isalnum((unsigned char)p[n]) || p[n] == '_');
        if (starts && ends)
            return p;
    }
    return NULL;
}

/* text with each whole word `word` in it replaced by `by` (to free). */
static char *replace_word(const char *text, const char *word, const char *by)
{
    GString *out = g_string_new(NULL);
    for (const char *at; (at = find_word(text, word)) != NULL; text = at + strlen(word)) {
        g_string_append_len(out, text, at - text);
        g_string_append(out, by);
    }
    g_string_append(out, text);
    return g_string_free(out, FALSE);
}

/* Does any of cells name word? */
static bool cells_name(GPtrArray *cells, const char *word)
{
    for (guint k = 0; k < cells->len; k++)
        if (find_word(g_ptr_array_index(cells, k), word) != NULL)
            return true;
    return false;
}

/* Each symbolic register of t that thread th's rows (cells) name becomes a
 * spare register of the cpu that the thread names nowhere else: set as the
 * symbol's initial value says, and written into the rows. */
static bool symbolic_registers(GString *out, const struct litmus_test *t,
                               const struct cpu_ops *cpu, const struct litmus_thread *th,
                               GPtrArray *cells, GError **error)
{
    const char *const *spare = cpu->litmus->spare;
    for (guint i = 0; i < t->vars->len; i++) {
        const struct litmus_var *v = g_ptr_array_index(t->vars, i);
        if (v->thread != LITMUS_SYMBOLIC || !cells_name(cells, v->name))
            continue;
        while (spare != NULL && *spare != NULL &&
               (cells_name(cells, *spare) || litmus_var_of(t, (int)th->id, *spare) != NULL))
            spare++;
        if (spare == NULL || *spare == NULL) {
            g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT, "%s:%u: %s on %s: %s", t->file,
                        v->line, v->name, cpu->name, spare == NULL
                        ? "a symbolic register, which atomsim does not choose on this cpu: "
                          "name a thread's register instead"
                        : "no register is left for this symbolic one");
            return false;
        }
        g_string_append_printf(out, "#line %u \"%s\"\n", v->line, t->file);
        cpu->litmus->set_reg(out, *spare, v->init.is_addr ? v->init.sym : NULL, v->init.num);
        for (guint k = 0; k < cells->len; k++) {
            char *cell = g_ptr_array_index(cells, k);
            g_ptr_array_index(cells, k) = replace_word(cell, v->name, *spare);
            g_free(cell);
        }
    }
    return true;
}

/* One assembly thread: its function, its registers set, its rows (each
 * after a #line marker naming its line of the test), its registers stored. */
static bool asm_thread(GString *out, const struct litmus_test *t, const struct cpu_ops *cpu,
                       const struct litmus_thread *th, GPtrArray *seen, GError **error)
{
    const struct cpu_litmus *d = cpu->litmus;
    g_autoptr(GPtrArray) unused = g_ptr_array_new_with_free_func(g_free);
    g_string_append_printf(out, "\t.text\n\t.globl P%u\n\t.type P%u, %s\n"
                           "\t.p2align 2\nP%u:\n", th->id, th->id, d->function_type,
                           th->id);
    for (guint i = 0; i < t->vars->len; i++) {
        const struct litmus_var *v = g_ptr_array_index(t->vars, i);
        if (v->thread != (int)th->id)
            continue;
        g_string_append_printf(out, "#line %u \"%s\"\n", v->line, t->file);
        d->set_reg(out, v->name, v->init.is_addr ? v->init.sym : NULL, v->init.num);
    }
    /* herd7's registers start at 0: those the condition reads, at least */
    g_autoptr(GPtrArray) regs = thread_regs(seen, th->id);
    for (guint k = 0; k < regs->len; k++)
        if (litmus_var_of(t, (int)th->id, g_ptr_array_index(regs, k)) == NULL)
            d->set_reg(out, g_ptr_array_index(regs, k), NULL, 0);
    g_autoptr(GPtrArray) cells = g_ptr_array_new_with_free_func(g_free);
    for (guint k = 0; k < th->insns->len; k++)
        g_ptr_array_add(cells, g_strdup(g_ptr_array_index(th->insns, k)));
    if (!symbolic_registers(out, t, cpu, th, cells, error))
        return false;
    g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func(g_free);
    for (guint k = 0; k < cells->len; k++) {
        const char *cell = g_ptr_array_index(cells, k);
        size_t n = label_length(cell);
        if (n > 0)
            g_ptr_array_add(labels, g_strndup(cell, n));
    }
    for (guint k = 0; k < cells->len; k++) {
        g_autofree char *cell = rename_labels(g_ptr_array_index(cells, k), labels, th->id);
        unsigned line = g_array_index(th->insn_lines, unsigned, k);
        size_t n = label_length(cell);
        char *insn = cell;
        g_string_append_printf(out, "#line %u \"%s\"\n", line, t->file);
        if (n > 0) {
            g_string_append_len(out, cell, (gssize)n + 1);
            g_string_append_c(out, '\n');
            insn = cell + n + 1;
        }
        insn = g_strstrip(insn);
        if (*insn != '\0' && d->insn != NULL)
            d->insn(out, insn, unused);
        else if (*insn != '\0')
            g_string_append_printf(out, "\t%s\n", insn);
    }
    d->call(out, LITMUS_DONE);
    return true;
}

char *litmus_threads_source(const struct litmus_test *t, const struct cpu_ops *cpu,
                            GError **error)
{
    g_autoptr(GPtrArray) seen = litmus_observables(t);
    if (!check_registers(t, cpu, seen, error))
        return NULL;
    GString *out = g_string_new(NULL);
    g_string_append_printf(out, "/* %s: %s for %s, generated by atomsim litmus */\n%s", t->file,
                           t->name, cpu->name, cpu->litmus->preamble);
    for (guint i = 0; i < t->threads->len; i++) {
        if (!asm_thread(out, t, cpu, g_ptr_array_index(t->threads, i), seen, error)) {
            g_string_free(out, TRUE);
            return NULL;
        }
    }
    return g_string_free(out, FALSE);
}
