/* test-elf.c — program files atomsim cannot hold are refused with one line
 * that names the file and what is wrong, and exit 2; never an abort of the
 * host.  Each case mutates a bundled ELF of every cpu (32- and 64-bit, both
 * byte orders).  Also: a host that refuses the cores' address space gives
 * exit 4 and one line, not Unicorn's exit(1); findings name source lines
 * from the DWARF, and DWARF that lies costs the names, not the run. */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "test-programs.h"

/* An ELF file's bytes, and where its headers' fields are. */
struct elf_file {
    char *bytes;
    gsize len;
    bool is64, big;
};

/* The size-byte number at off, in the file's byte order. */
static uint64_t get(const struct elf_file *f, size_t off, unsigned size)
{
    g_assert_cmpuint(off + size, <=, f->len);
    uint64_t v = 0;
    for (unsigned i = 0; i < size; i++) {
        unsigned b = f->big ? i : size - 1 - i;
        v = v << 8 | (uint8_t)f->bytes[off + b];
    }
    return v;
}

/* Store v as a size-byte number at off, in the file's byte order. */
static void put(struct elf_file *f, size_t off, unsigned size, uint64_t v)
{
    g_assert_cmpuint(off + size, <=, f->len);
    for (unsigned i = 0; i < size; i++) {
        unsigned b = f->big ? size - 1 - i : i;
        f->bytes[off + b] = (char)(v >> (8 * i));
    }
}

/* The word size of addresses and offsets. */
static unsigned word(const struct elf_file *f)
{
    return f->is64 ? 8 : 4;
}

/* Where program header i starts. */
static size_t phdr(const struct elf_file *f, unsigned i)
{
    uint64_t phoff = get(f, f->is64 ? 32 : 28, word(f));
    unsigned phentsize = (unsigned)get(f, f->is64 ? 54 : 42, 2);
    return (size_t)phoff + (size_t)i * phentsize;
}

/* Offsets of the program header fields (Elf32_Phdr / Elf64_Phdr). */
enum field { P_TYPE, P_OFFSET, P_VADDR, P_FILESZ, P_MEMSZ, P_FLAGS, P_ALIGN };
static size_t field_at(const struct elf_file *f, unsigned i, enum field fld)
{
    static const size_t off32[] = { 0, 4, 8, 16, 20, 24, 28 },
                        off64[] = { 0, 8, 16, 32, 40, 4, 48 };
    return phdr(f, i) + (f->is64 ? off64 : off32)[fld];
}

static unsigned field_size(const struct elf_file *f, enum field fld)
{
    return fld == P_TYPE || fld == P_FLAGS ? 4 : word(f);
}

static uint64_t ph_get(const struct elf_file *f, unsigned i, enum field fld)
{
    return get(f, field_at(f, i, fld), field_size(f, fld));
}

static void ph_put(struct elf_file *f, unsigned i, enum field fld, uint64_t v)
{
    put(f, field_at(f, i, fld), field_size(f, fld), v);
}

/* The indexes of the PT_LOAD headers (at most 8), and how many. */
static unsigned loads(const struct elf_file *f, unsigned *idx)
{
    unsigned phnum = (unsigned)get(f, f->is64 ? 56 : 44, 2), n = 0;
    for (unsigned i = 0; i < phnum && n < 8; i++)
        if (ph_get(f, i, P_TYPE) == 1 /* PT_LOAD */ && ph_get(f, i, P_MEMSZ) > 0)
            idx[n++] = i;
    return n;
}

/* The index of the first program header of type type. */
static unsigned header_of_type(const struct elf_file *f, uint64_t type)
{
    unsigned phnum = (unsigned)get(f, f->is64 ? 56 : 44, 2);
    for (unsigned i = 0; i < phnum; i++)
        if (ph_get(f, i, P_TYPE) == type)
            return i;
    g_error("no program header of type %" G_GUINT64_FORMAT, (guint64)type);
}

/* cpu's counter example, read to be mutated. */
static struct elf_file read_example(const char *cpu)
{
    g_autofree char *path = example(cpu, "counter-atomic");
    struct elf_file f = { NULL, 0, false, false };
    g_assert_true(g_file_get_contents(path, &f.bytes, &f.len, NULL));
    g_assert_cmpuint(f.len, >, 64);
    f.is64 = f.bytes[4] == 2;
    f.big = f.bytes[5] == 2;
    return f;
}

/* Write f to dir/name and run atomsim on it: exit 2, nothing on standard
 * output, one line on standard error that names the file and holds
 * needle. */
static void expect_refused(const struct elf_file *f, const char *dir, const char *name,
                           const char *needle)
{
    g_autofree char *path = g_build_filename(dir, name, NULL);
    g_assert_true(g_file_set_contents(path, f->bytes, (gssize)f->len, NULL));
    struct result r = atomsim(path, NULL);
    if (r.status != 2 || count(r.err, "\n") != 1 || strstr(r.err, needle) == NULL ||
        !g_str_has_prefix(r.err, "atomsim: ") || strstr(r.err, path) == NULL)
        g_error("%s: want exit 2 and one line with '%s', got exit %d:\n%s", name, needle,
                r.status, r.err);
    g_assert_cmpstr(r.out, ==, "");
    result_clear(&r);
    g_unlink(path);
}

/* A fresh copy of base to mutate. */
static struct elf_file copy_of(const struct elf_file *base)
{
    struct elf_file f = *base;
    f.bytes = g_memdup2(base->bytes, base->len);
    return f;
}

static void test_malformed(gconstpointer data)
{
    const char *cpu = data;
    struct elf_file base = read_example(cpu);
    unsigned idx[8];
    unsigned n = loads(&base, idx);
    g_assert_cmpuint(n, >=, 2);
    unsigned last = idx[n - 1];
    g_autofree char *dir = g_dir_make_tmp("atomsim-elf-XXXXXX", NULL);

    /* a segment of 300 MiB */
    struct elf_file f = copy_of(&base);
    ph_put(&f, last, P_MEMSZ, 300u << 20);
    expect_refused(&f, dir, "huge-memsz.elf", "more than atomsim's limit of 256 MiB");
    g_free(f.bytes);

    /* one flipped byte of a p_vaddr: the segments lie 1 GiB (32-bit) or
     * 1 TiB (64-bit) apart */
    f = copy_of(&base);
    ph_put(&f, last, P_VADDR, ph_get(&f, last, P_VADDR) ^ (base.is64 ? 1ull << 40 : 1ull << 30));
    expect_refused(&f, dir, "far-apart.elf", "its segments span");
    g_free(f.bytes);

    /* more file bytes than memory bytes */
    f = copy_of(&base);
    ph_put(&f, idx[0], P_FILESZ, ph_get(&f, idx[0], P_MEMSZ) + 1);
    expect_refused(&f, dir, "filesz.elf", "more bytes in the file (p_filesz) than in memory");
    g_free(f.bytes);

    /* file bytes past the end of the file */
    f = copy_of(&base);
    ph_put(&f, idx[0], P_OFFSET, base.len - 4);
    expect_refused(&f, dir, "offset.elf", "truncated ELF: a segment lies past the end");
    g_free(f.bytes);

    /* a segment that wraps around the address space */
    f = copy_of(&base);
    ph_put(&f, last, P_VADDR, base.is64 ? UINT64_MAX - 0xfff : 0xfffff000u);
    ph_put(&f, last, P_MEMSZ, 0x2000);
    ph_put(&f, last, P_FILESZ, 0);
    expect_refused(&f, dir, "wrap.elf", base.is64 ? "ends past user space"
                                                   : "ends past the 32-bit address space");
    g_free(f.bytes);

    /* two segments at one address */
    f = copy_of(&base);
    ph_put(&f, last, P_VADDR, ph_get(&f, idx[0], P_VADDR));
    expect_refused(&f, dir, "overlap.elf", "overlap");
    g_free(f.bytes);

    /* nothing executable */
    f = copy_of(&base);
    for (unsigned i = 0; i < n; i++)
        ph_put(&f, idx[i], P_FLAGS, ph_get(&f, idx[i], P_FLAGS) & ~1u);
    expect_refused(&f, dir, "noexec.elf", "no executable segment");
    g_free(f.bytes);

    /* the entry point outside the code */
    f = copy_of(&base);
    put(&f, 24, word(&f), 0x10);
    expect_refused(&f, dir, "entry.elf", "the entry point 0x10 is not in an executable segment");
    g_free(f.bytes);

    /* thread-local storage (the example's PT_TLS is empty) that atomsim
     * cannot give each thread */
    unsigned tls = header_of_type(&base, 7 /* PT_TLS */);
    f = copy_of(&base);
    ph_put(&f, tls, P_MEMSZ, 2u << 20);
    expect_refused(&f, dir, "tls-huge.elf", "2097152 bytes of thread-local storage, more than "
                                            "atomsim's limit of 1024 KiB a thread");
    g_free(f.bytes);
    f = copy_of(&base);
    ph_put(&f, tls, P_MEMSZ, 4);
    ph_put(&f, tls, P_FILESZ, 8);
    expect_refused(&f, dir, "tls-filesz.elf", "its thread-local storage (PT_TLS) has more bytes "
                                              "in the file");
    g_free(f.bytes);
    f = copy_of(&base);
    ph_put(&f, tls, P_MEMSZ, 4);
    ph_put(&f, tls, P_FILESZ, 4);
    ph_put(&f, tls, P_OFFSET, base.len - 2);
    expect_refused(&f, dir, "tls-offset.elf", "truncated ELF: its thread-local storage");
    g_free(f.bytes);
    f = copy_of(&base);
    ph_put(&f, tls, P_MEMSZ, 4);
    ph_put(&f, tls, P_ALIGN, 12);
    expect_refused(&f, dir, "tls-align.elf", "thread-local storage aligned to 12 bytes");
    g_free(f.bytes);

    g_free(base.bytes);
    g_rmdir(dir);
}

/* A symbol table that lies (its size runs far past the end of the file,
 * its names past the end of its string table) costs the names, not the
 * run. */
static void test_lying_symbols(gconstpointer data)
{
    struct elf_file f = read_example(data);
    uint64_t shoff = get(&f, f.is64 ? 40 : 32, word(&f));
    unsigned shentsize = (unsigned)get(&f, f.is64 ? 58 : 46, 2);
    unsigned shnum = (unsigned)get(&f, f.is64 ? 60 : 48, 2);
    bool found = false;
    for (unsigned i = 0; i < shnum; i++) {
        size_t sh = (size_t)shoff + (size_t)i * shentsize;
        if (get(&f, sh + 4, 4) != 2 /* SHT_SYMTAB */)
            continue;
        put(&f, sh + (f.is64 ? 32 : 20), word(&f), 0x7ffffff0);     /* sh_size */
        found = true;
    }
    g_assert_true(found);
    g_autofree char *dir = g_dir_make_tmp("atomsim-elf-XXXXXX", NULL);
    g_autofree char *path = g_build_filename(dir, "symbols.elf", NULL);
    g_assert_true(g_file_set_contents(path, f.bytes, (gssize)f.len, NULL));
    struct result r = atomsim("--cores", "2", path, NULL);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_nonnull(strstr(r.out, "counter = 400, expected 400"));
    result_clear(&r);
    g_free(f.bytes);
    g_unlink(path);
    g_rmdir(dir);
}

/* The number of the first line of programs/examples/name holding text. */
static unsigned source_line(const char *name, const char *text)
{
    g_autofree char *path = g_build_filename(SRCDIR, "programs", "examples", name, NULL);
    g_autofree char *src = NULL;
    g_assert_true(g_file_get_contents(path, &src, NULL, NULL));
    const char *at = strstr(src, text);
    g_assert_nonnull(at);
    unsigned line = 1;
    for (const char *c = src; c < at; c++)
        line += *c == '\n';
    return line;
}

/* The line of out that holds needle (to free); fails if none does. */
static char *line_with(const char *out, const char *needle)
{
    const char *at = strstr(out, needle);
    if (at == NULL)
        g_error("'%s' not in:\n%s", needle, out);
    while (at > out && at[-1] != '\n')
        at--;
    return g_strndup(at, strcspn(at, "\n"));
}

/* A failed sim_check names the line of the check, the lost update the
 * line of the `counter++` (the program is built with -g). */
static void test_source_lines(gconstpointer data)
{
    g_autofree char *prog = example(data, "counter");
    struct result r = atomsim("--cores", "2", "--schedule", "0:1,1:500,0:*", prog, NULL);
    g_assert_cmpint(r.status, ==, 1);
    g_autofree char *check = g_strdup_printf(
        " (counter.c:%u))", source_line("counter.c", "sim_check(counter == expected"));
    g_autofree char *failed = line_with(r.out, "cpu0: check failed: ");
    g_assert_nonnull(strstr(failed, "(main+0x"));
    if (!g_str_has_suffix(failed, check))
        g_error("'%s' does not end with '%s'", failed, check);
    g_autofree char *inc = g_strdup_printf(" (counter.c:%u))",
                                           source_line("counter.c", "counter++;"));
    g_autofree char *lost = line_with(r.out, "cpu0: lost update on counter (0x");
    if (strstr(lost, inc) == NULL)
        g_error("'%s' not in '%s'", inc, lost);
    result_clear(&r);
}

/* Debug sections whose bytes are garbage (here and there, or whole) or
 * whose sizes run past the end of the file: the run is the same, and
 * only source names may go. */
static void test_lying_dwarf(gconstpointer data)
{
    struct elf_file base = read_example(data);
    uint64_t shoff = get(&base, base.is64 ? 40 : 32, word(&base));
    unsigned shentsize = (unsigned)get(&base, base.is64 ? 58 : 46, 2);
    unsigned shnum = (unsigned)get(&base, base.is64 ? 60 : 48, 2);
    unsigned shstrndx = (unsigned)get(&base, base.is64 ? 62 : 50, 2);
    size_t off_at = base.is64 ? 24 : 16, size_at = base.is64 ? 32 : 20;
    size_t strs = (size_t)get(&base, (size_t)shoff + (size_t)shstrndx * shentsize + off_at,
                              word(&base));
    g_autofree char *dir = g_dir_make_tmp("atomsim-elf-XXXXXX", NULL);
    g_autofree char *path = g_build_filename(dir, "dwarf.elf", NULL);
    GRand *rand = g_rand_new_with_seed(15);
    for (int round = 0; round < 10; round++) {
        struct elf_file f = copy_of(&base);
        unsigned debug = 0;
        for (unsigned i = 0; i < shnum; i++) {
            size_t sh = (size_t)shoff + (size_t)i * shentsize;
            const char *name = f.bytes + strs + get(&f, sh, 4);
            if (!g_str_has_prefix(name, ".debug_"))
                continue;
            debug++;
            size_t off = (size_t)get(&f, sh + off_at, word(&f));
            size_t size = (size_t)get(&f, sh + size_at, word(&f));
            g_assert_cmpuint(off + size, <=, f.len);
            if (round == 9) {
                put(&f, sh + size_at, word(&f), 0x7ffffff0);
                continue;
            }
            /* round 0 spoils every byte; the others one in 2^round */
            for (size_t b = 0; b < size; b++)
                if (g_rand_int_range(rand, 0, 1 << round) == 0)
                    f.bytes[off + b] = (char)g_rand_int(rand);
        }
        g_assert_cmpuint(debug, >, 0);
        g_assert_true(g_file_set_contents(path, f.bytes, (gssize)f.len, NULL));
        struct result r = atomsim("--cores", "2", path, NULL);
        g_assert_cmpint(r.status, ==, 0);
        g_assert_nonnull(strstr(r.out, "counter = 400, expected 400"));
        result_clear(&r);
        g_free(f.bytes);
    }
    g_rand_free(rand);
    g_free(base.bytes);
    g_unlink(path);
    g_rmdir(dir);
}

/* Under ulimit -v, more cores than the address space holds engines for:
 * exit 4 with one line, not Unicorn's "Could not allocate dynamic
 * translator buffer" and exit(1). */
static void test_no_address_space(gconstpointer data)
{
#ifdef __SANITIZE_ADDRESS__
    (void)data;
    g_test_skip("AddressSanitizer's shadow memory does not fit under ulimit -v");
    return;
#endif
    g_autofree char *prog = example(data, "counter-atomic");
    g_autofree char *script = g_strdup_printf("ulimit -v 3000000 && exec %s/atomsim --cores 8 %s",
                                              BUILDDIR, prog);
    const char *argv[] = { "/bin/sh", "-c", script, NULL };
    struct result r = run_argv(argv);
    g_assert_cmpint(r.status, ==, 4);
    g_assert_cmpuint(count(r.err, "\n"), ==, 1);
    g_assert_nonnull(strstr(r.err, "cannot create core"));
    g_assert_nonnull(strstr(r.err, "ulimit -v"));
    g_assert_null(strstr(r.err, "translator"));
    result_clear(&r);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    static const struct per_cpu_test per_cpu[] = {
        { "malformed", test_malformed },
        { "lying-symbols", test_lying_symbols },
        { "no-address-space", test_no_address_space },
        { "source-lines", test_source_lines },
        { "lying-dwarf", test_lying_dwarf },
    };
    add_per_cpu_tests("elf", per_cpu, G_N_ELEMENTS(per_cpu));
    return g_test_run();
}
