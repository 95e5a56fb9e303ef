/* test-machine.c — the loader and the machine as a library: symbols,
 * engines reused for a second run, and GLib linked before Unicorn. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <string.h>
#include <gelf.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "base/error.h"
#include "core/loader.h"
#include "core/machine.h"
#include "core/run.h"
#include "sched/scheduler.h"
#include "test-programs.h"

static void test_loader_reads_program(void)
{
    g_auto(GStrv) cpus = g_strsplit(GUEST_CPUS, " ", -1);
    for (char **cpu = cpus; *cpu && **cpu; cpu++) {
        g_autofree char *path = example(*cpu, "counter");
        g_autoptr(GError) error = NULL;
        g_autoptr(image) img = image_load(path, &error);
        g_assert_no_error(error);
        g_assert_true(cpu_for_elf(img->machine, img->elf_class, img->elf_data) == cpu_find(*cpu));

        /* One executable and one writable segment, as the linker script says. */
        unsigned exec = 0, writable = 0;
        for (guint i = 0; i < img->segments->len; i++) {
            const struct segment *s = &g_array_index(img->segments, struct segment, i);
            exec += (s->flags & SEG_X) != 0;
            writable += (s->flags & SEG_W) != 0;
        }
        g_assert_cmpuint(exec, ==, 1);
        g_assert_cmpuint(writable, ==, 1);

        /* Addresses are named by the symbol that holds them. */
        const struct symbol *counter = image_find_symbol(img, "counter");
        const struct symbol *main_fn = image_find_symbol(img, "main");
        g_assert_nonnull(counter);
        g_assert_nonnull(main_fn);
        g_autofree char *c0 = image_name_addr(img, counter->addr);
        g_autofree char *c2 = image_name_addr(img, counter->addr + 2);
        g_autofree char *m4 = image_name_addr(img, main_fn->addr + 4);
        g_assert_cmpstr(c0, ==, "counter");
        g_assert_cmpstr(c2, ==, "counter+0x2");
        g_assert_cmpstr(m4, ==, "main+0x4");
    }
}

/* With DWARF, an address in a global is named by its element and field
 * (refcount.c: struct object { atomic_t refs; int released; } objects[3]),
 * a wrapper such as atomic_t as a whole, and a pc by its source line. */
static void test_loader_names_from_dwarf(void)
{
    g_auto(GStrv) cpus = g_strsplit(GUEST_CPUS, " ", -1);
    for (char **cpu = cpus; *cpu && **cpu; cpu++) {
        g_autofree char *path = example(*cpu, "refcount");
        g_autoptr(GError) error = NULL;
        g_autoptr(image) img = image_load(path, &error);
        g_assert_no_error(error);
        g_assert_nonnull(img->debug);
        const struct symbol *objects = image_find_symbol(img, "objects");
        const struct symbol *releases = image_find_symbol(img, "releases");
        const struct symbol *main_fn = image_find_symbol(img, "main");
        g_assert_nonnull(objects);
        g_assert_nonnull(releases);
        g_assert_nonnull(main_fn);
        static const struct { uint64_t off; const char *name; } cases[] = {
            { 0, "objects[0].refs" },
            { 4, "objects[0].released" },
            { 8, "objects[1].refs" },
            { 20, "objects[2].released" },
            { 22, "objects[2].released+0x2" },
        };
        for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
            g_autofree char *name = image_name_addr(img, objects->addr + cases[i].off);
            g_assert_cmpstr(name, ==, cases[i].name);
        }
        g_autofree char *rel = image_name_addr(img, releases->addr);
        g_assert_cmpstr(rel, ==, "releases");
        g_autofree char *pc = image_name_pc(img, main_fn->addr);
        g_assert_true(g_str_has_prefix(pc, "main (refcount.c:"));
        g_assert_true(g_str_has_suffix(pc, ")"));
        g_assert_true(image_holds_data(img, releases->addr));
        g_assert_false(image_holds_data(img, main_fn->addr));
    }
}

static void test_loader_rejects_bad_files(void)
{
    g_autoptr(GError) error = NULL;
    g_assert_null(image_load("/nonexistent/prog.elf", &error));
    g_assert_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT);
    g_clear_error(&error);

    g_autofree char *dir = g_dir_make_tmp("atomsim-loader-XXXXXX", NULL);
    g_autofree char *empty = g_build_filename(dir, "empty", NULL);
    g_assert_true(g_file_set_contents(empty, "", 0, NULL));
    g_assert_null(image_load(empty, &error));
    g_assert_nonnull(strstr(error->message, "not an ELF file"));
    g_clear_error(&error);

    /* Every prefix of a real program is refused with an error, never a crash. */
    const char *cpu = first_cpu();
    if (cpu != NULL) {
        g_autofree char *path = example(cpu, "counter");
        g_autofree char *contents = NULL;
        gsize len;
        g_assert_true(g_file_get_contents(path, &contents, &len, NULL));
        g_autofree char *cut = g_build_filename(dir, "cut", NULL);
        for (gsize n = 0; n < len; n += 1 + n / 8) {
            g_assert_true(g_file_set_contents(cut, contents, (gssize)n, NULL));
            struct image *img = image_load(cut, &error);
            if (img == NULL) {
                g_assert_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT);
                g_clear_error(&error);
            }
            image_free(img);    /* a prefix that keeps every segment may load */
        }
        g_unlink(cut);
    }
    g_unlink(empty);
    g_rmdir(dir);
}

/* A program read from memory is the program read from its file. */
static void test_loader_from_memory(void)
{
    g_auto(GStrv) cpus = g_strsplit(GUEST_CPUS, " ", -1);
    for (char **cpu = cpus; *cpu && **cpu; cpu++) {
        g_autofree char *path = example(*cpu, "counter");
        g_autofree char *contents = NULL;
        gsize len;
        g_assert_true(g_file_get_contents(path, &contents, &len, NULL));
        g_autoptr(image) file = image_load(path, NULL);
        g_autoptr(image) mem = image_load_memory("counter", contents, len, NULL);
        g_assert_nonnull(file);
        g_assert_nonnull(mem);
        g_assert_cmpstr(mem->path, ==, "counter");
        g_assert_cmpuint(mem->entry, ==, file->entry);
        g_assert_cmpuint(mem->segments->len, ==, file->segments->len);
        for (guint i = 0; i < file->segments->len; i++) {
            const struct segment *a = &g_array_index(file->segments, struct segment, i);
            const struct segment *b = &g_array_index(mem->segments, struct segment, i);
            g_assert_cmpuint(a->vaddr, ==, b->vaddr);
            g_assert_cmpuint(a->memsz, ==, b->memsz);
            g_assert_cmpmem(a->bytes, a->filesz, b->bytes, b->filesz);
        }
        g_assert_cmpuint(mem->symbols->len, ==, file->symbols->len);
    }
    g_autoptr(GError) error = NULL;
    g_assert_null(image_load_memory("nothing", "", 0, &error));
    g_assert_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT);
    g_assert_cmpstr(error->message, ==, "nothing: not an ELF file");
}

/* Engines are created once: a second run on the same machine starts from
 * fresh memory and registers, and does exactly what the first did. */
static void test_machine_reused(void)
{
    const char *cpu = first_cpu();
    if (cpu == NULL) {
        g_test_skip("no guest compiler: run tools/install-deps");
        return;
    }
    g_autofree char *path = example(cpu, "counter");
    g_autoptr(image) img = image_load(path, NULL);
    g_assert_nonnull(img);
    g_autoptr(machine) m = machine_new(cpu_find(cpu), img, 3, NULL);
    g_assert_nonnull(m);
    g_autoptr(sched) s = sched_new("random:3", 11, 2, NULL);
    struct run_options opt = { .max_steps = 1000000, .max_insns = 10000000,
                               .out = fopen("/dev/null", "w") };
    g_autoptr(run) r = run_new(m, NULL);
    g_assert_nonnull(r);
    run_program(r, s, &opt);
    enum run_end first_end = r->end;
    uint64_t first_insns = r->insns, first_steps = r->steps;
    unsigned first_findings = findings_count(&r->found);
    uint32_t counter_after_first;
    const struct symbol *sym = image_find_symbol(img, "counter");
    g_assert_nonnull(sym);
    memcpy(&counter_after_first, machine_guest_ptr(m, sym->addr, 4), 4);
    run_program(r, s, &opt);
    g_assert_cmpint(first_end, ==, RUN_DONE);
    g_assert_cmpint(r->end, ==, RUN_DONE);
    g_assert_cmpuint(first_insns, ==, r->insns);
    g_assert_cmpuint(first_steps, ==, r->steps);
    g_assert_cmpuint(first_findings, ==, findings_count(&r->found));
    g_assert_cmpmem(&counter_after_first, 4, machine_guest_ptr(m, sym->addr, 4), 4);
    for (unsigned i = 0; i < 3; i++)
        g_assert_cmpint(m->cores[i].state, ==, CORE_EXITED);
    fclose(opt.out);
}

/* libunicorn exports g_hash_table_*, g_list_* ... of its own: atomsim must
 * bind those names to GLib, which needs GLib linked first. */
static void test_glib_linked_before_unicorn(void)
{
    static const struct { const char *name; void *fn; } fns[] = {
        { "g_hash_table_insert", (void *)g_hash_table_insert },
        { "g_hash_table_new", (void *)g_hash_table_new },
        { "g_list_prepend", (void *)g_list_prepend },
        { "g_free", (void *)g_free },
    };
    for (unsigned i = 0; i < G_N_ELEMENTS(fns); i++) {
        Dl_info info;
        g_assert_true(dladdr(fns[i].fn, &info));
        if (strstr(info.dli_fname, "libglib-2.0") == NULL)
            g_error("%s comes from %s, not GLib: link $(GLIB_LIBS) before $(UNICORN_LIBS)",
                    fns[i].name, info.dli_fname);
    }
    /* And GLib's containers work alongside a running engine. */
    GHashTable *h = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    GTree *t = g_tree_new((GCompareFunc)strcmp);
    uc_engine *uc;
    g_assert_cmpint(uc_open(UC_ARCH_X86, UC_MODE_32, &uc), ==, UC_ERR_OK);
    for (int i = 0; i < 1000; i++) {
        char *k = g_strdup_printf("key%d", i);
        g_hash_table_insert(h, k, GINT_TO_POINTER(i + 1));
        g_tree_insert(t, k, GINT_TO_POINTER(i + 1));
    }
    g_assert_cmpint(GPOINTER_TO_INT(g_hash_table_lookup(h, "key500")), ==, 501);
    g_assert_cmpint(GPOINTER_TO_INT(g_tree_lookup(t, "key999")), ==, 1000);
    uc_close(uc);
    g_tree_destroy(t);
    g_hash_table_destroy(h);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/loader/reads-program", test_loader_reads_program);
    g_test_add_func("/loader/names-from-dwarf", test_loader_names_from_dwarf);
    g_test_add_func("/loader/rejects-bad-files", test_loader_rejects_bad_files);
    g_test_add_func("/loader/from-memory", test_loader_from_memory);
    g_test_add_func("/machine/reused-for-another-run", test_machine_reused);
    g_test_add_func("/build/glib-linked-before-unicorn", test_glib_linked_before_unicorn);
    return g_test_run();
}
