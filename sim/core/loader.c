/* loader.c — see loader.h. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <gelf.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/error.h"
#include "debuginfo.h"
#include "loader.h"

static void segment_clear(gpointer p)
{
    g_free(((struct segment *)p)->bytes);
}

static void symbol_clear(gpointer p)
{
    g_free(((struct symbol *)p)->name);
}

static int segment_cmp(gconstpointer a, gconstpointer b)
{
    const struct segment *x = a, *y = b;
    return x->vaddr < y->vaddr ? -1 : x->vaddr > y->vaddr;
}

static int symbol_cmp(gconstpointer a, gconstpointer b)
{
    const struct symbol *x = a, *y = b;
    return x->addr < y->addr ? -1 : x->addr > y->addr;
}

void image_free(struct image *img)
{
    if (img == NULL)
        return;
    g_free(img->path);
    g_array_unref(img->segments);
    g_array_unref(img->symbols);
    g_free(img->tls.bytes);
    debuginfo_free(img->debug);
    g_free(img);
}

static gboolean fail(GError **error, const char *path, const char *fmt, ...)
    G_GNUC_PRINTF(3, 4);
/* Set error to "path: what" (ATOMSIM_ERROR_INPUT); FALSE. */
static gboolean fail(GError **error, const char *path, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    g_autofree char *what = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT, "%s: %s", path, what);
    return FALSE;
}

/* A size for people: "300 MiB", "4096 GiB". */
static char *size_text(uint64_t bytes)
{
    if (bytes >= (1ull << 30))
        return g_strdup_printf("%" G_GUINT64_FORMAT " GiB", bytes >> 30);
    return g_strdup_printf("%" G_GUINT64_FORMAT " MiB", (bytes + (1u << 20) - 1) >> 20);
}

/* Check one PT_LOAD header against the file and the address space. */
static gboolean check_segment(const struct image *img, const GElf_Phdr *ph, size_t raw_size,
                              GError **error)
{
    uint64_t addr_end = img->elf_class == ELFCLASS32 ? IMAGE_ADDR_END_32 : IMAGE_ADDR_END_64;
    if (ph->p_filesz > ph->p_memsz)
        return fail(error, img->path, "malformed ELF: a segment at 0x%" G_GINT64_MODIFIER "x has "
                    "more bytes in the file (p_filesz) than in memory (p_memsz)", ph->p_vaddr);
    if (ph->p_offset > raw_size || ph->p_filesz > raw_size - ph->p_offset)
        return fail(error, img->path, "truncated ELF: a segment lies past the end of the file");
    if (ph->p_vaddr + ph->p_memsz < ph->p_vaddr || ph->p_vaddr + ph->p_memsz > addr_end)
        return fail(error, img->path, "malformed ELF: a segment at 0x%" G_GINT64_MODIFIER "x "
                    "of 0x%" G_GINT64_MODIFIER "x bytes ends past %s", ph->p_vaddr,
                    ph->p_memsz, img->elf_class == ELFCLASS32
                                     ? "the 32-bit address space"
                                     : "user space (0x800000000000)");
    if (ph->p_memsz > IMAGE_MAX_SPAN) {
        g_autofree char *size = size_text(ph->p_memsz);
        return fail(error, img->path, "malformed ELF: a segment of %s, more than atomsim's "
                    "limit of %d MiB for a program", size, (int)(IMAGE_MAX_SPAN >> 20));
    }
    return TRUE;
}

/* The loaded segments, sorted by address, must not overlap and must lie
 * within IMAGE_MAX_SPAN of each other (one host buffer holds them all);
 * the entry point must be in an executable one. */
static gboolean check_layout(const struct image *img, GError **error)
{
    g_autoptr(GArray) sorted = g_array_copy(img->segments);
    g_array_set_clear_func(sorted, NULL);
    g_array_sort(sorted, segment_cmp);
    const struct segment *first = &g_array_index(sorted, struct segment, 0);
    uint64_t lo = first->vaddr & ~(IMAGE_PAGE - 1), hi = 0;
    bool exec = false, entry_ok = false;
    for (guint i = 0; i < sorted->len; i++) {
        const struct segment *s = &g_array_index(sorted, struct segment, i);
        if (i > 0 && s->vaddr < hi)
            return fail(error, img->path, "malformed ELF: segments at 0x%" G_GINT64_MODIFIER
                        "x and 0x%" G_GINT64_MODIFIER "x overlap",
                        g_array_index(sorted, struct segment, i - 1).vaddr, s->vaddr);
        hi = s->vaddr + s->memsz;
        exec |= (s->flags & SEG_X) != 0;
        entry_ok |= (s->flags & SEG_X) && img->entry >= s->vaddr && img->entry < hi;
    }
    uint64_t span = ((hi + IMAGE_PAGE - 1) & ~(IMAGE_PAGE - 1)) - lo;
    if (span > IMAGE_MAX_SPAN) {
        g_autofree char *size = size_text(span);
        return fail(error, img->path, "malformed ELF: its segments span %s (0x%"
                    G_GINT64_MODIFIER "x to 0x%" G_GINT64_MODIFIER "x), more than atomsim's "
                    "limit of %d MiB for a program", size, lo, hi, (int)(IMAGE_MAX_SPAN >> 20));
    }
    if (!exec)
        return fail(error, img->path, "malformed ELF: no executable segment");
    if (!entry_ok)
        return fail(error, img->path, "malformed ELF: the entry point 0x%" G_GINT64_MODIFIER
                    "x is not in an executable segment", img->entry);
    return TRUE;
}

/* PT_TLS: its template from the file; a size or alignment atomsim cannot
 * give every thread is refused. */
static gboolean read_tls(struct image *img, const GElf_Phdr *ph, const char *raw,
                         size_t raw_size, GError **error)
{
    if (ph->p_filesz > ph->p_memsz)
        return fail(error, img->path, "malformed ELF: its thread-local storage (PT_TLS) has "
                    "more bytes in the file (p_filesz) than in memory (p_memsz)");
    if (ph->p_offset > raw_size || ph->p_filesz > raw_size - ph->p_offset)
        return fail(error, img->path, "truncated ELF: its thread-local storage (PT_TLS) lies "
                    "past the end of the file");
    if (ph->p_memsz > IMAGE_MAX_TLS)
        return fail(error, img->path, "%" G_GUINT64_FORMAT " bytes of thread-local storage, "
                    "more than atomsim's limit of %d KiB a thread", (guint64)ph->p_memsz,
                    (int)(IMAGE_MAX_TLS >> 10));
    uint64_t align = MAX(ph->p_align, 1);
    if ((align & (align - 1)) != 0 || align > IMAGE_PAGE)
        return fail(error, img->path, "malformed ELF: thread-local storage aligned to %"
                    G_GUINT64_FORMAT " bytes (a power of two up to %d)", (guint64)ph->p_align,
                    (int)IMAGE_PAGE);
    img->tls = (struct tls_template){ ph->p_filesz, ph->p_memsz, align,
                                      g_memdup2(raw + ph->p_offset, ph->p_filesz) };
    return TRUE;
}

static gboolean read_segments(struct image *img, Elf *elf, const char *raw,
                              size_t raw_size, GError **error)
{
    size_t n;
    if (elf_getphdrnum(elf, &n) != 0)
        return fail(error, img->path, "malformed ELF: no program headers");
    /* Check every header before copying any bytes. */
    g_autoptr(GArray) offsets = g_array_new(FALSE, FALSE, sizeof(uint64_t));
    for (size_t i = 0; i < n; i++) {
        GElf_Phdr ph;
        if (gelf_getphdr(elf, (int)i, &ph) == NULL)
            return fail(error, img->path, "truncated ELF: a program header is cut off");
        if (ph.p_type == PT_TLS && ph.p_memsz > 0 && img->tls.memsz == 0 &&
            !read_tls(img, &ph, raw, raw_size, error))
            return FALSE;
        if (ph.p_type != PT_LOAD || ph.p_memsz == 0)
            continue;
        if (!check_segment(img, &ph, raw_size, error))
            return FALSE;
        if (img->segments->len == IMAGE_MAX_SEGMENTS)
            return fail(error, img->path, "malformed ELF: more than %d loadable segments",
                        IMAGE_MAX_SEGMENTS);
        struct segment seg = {
            .vaddr = ph.p_vaddr,
            .memsz = ph.p_memsz,
            .filesz = ph.p_filesz,
            .flags = ph.p_flags & (SEG_R | SEG_W | SEG_X),
        };
        g_array_append_val(img->segments, seg);
        g_array_append_val(offsets, ph.p_offset);
    }
    if (img->segments->len == 0)
        return fail(error, img->path, "malformed ELF: nothing to load (no PT_LOAD segment)");
    if (!check_layout(img, error))
        return FALSE;
    for (guint i = 0; i < img->segments->len; i++) {
        struct segment *s = &g_array_index(img->segments, struct segment, i);
        s->bytes = g_memdup2(raw + g_array_index(offsets, uint64_t, i), s->filesz);
    }
    return TRUE;
}

/* Functions and objects from .symtab, for naming pcs and addresses.  A
 * stripped program has none: addresses are then shown as numbers.  A symbol
 * table that lies (names outside its string table, entries past its end)
 * loses the symbols it cannot give. */
static void read_symbols(struct image *img, Elf *elf)
{
    Elf_Scn *scn = NULL;
    while ((scn = elf_nextscn(elf, scn)) != NULL) {
        GElf_Shdr sh;
        if (gelf_getshdr(scn, &sh) == NULL || sh.sh_type != SHT_SYMTAB || sh.sh_entsize == 0)
            continue;
        Elf_Data *data = elf_getdata(scn, NULL);
        if (data == NULL)
            continue;
        size_t count = data->d_size / sh.sh_entsize;
        for (size_t i = 0; i < count && i < INT_MAX; i++) {
            GElf_Sym sym;
            if (gelf_getsym(data, (int)i, &sym) == NULL)
                break;
            int type = GELF_ST_TYPE(sym.st_info);
            if ((type != STT_FUNC && type != STT_OBJECT && type != STT_NOTYPE) ||
                sym.st_shndx == SHN_UNDEF || sym.st_shndx >= SHN_LORESERVE)
                continue;
            const char *name = elf_strptr(elf, sh.sh_link, sym.st_name);
            /* $a/$d mapping symbols and local labels name no object. */
            if (name == NULL || name[0] == '\0' || name[0] == '$' || name[0] == '.')
                continue;
            /* atomsim.ld's bounds of the program's own code name nothing */
            if (strcmp(name, PROGRAM_TEXT) == 0 || strcmp(name, PROGRAM_TEXT_END) == 0) {
                *(strcmp(name, PROGRAM_TEXT) == 0 ? &img->program_lo : &img->program_hi) =
                    sym.st_value;
                continue;
            }
            /* a size past the end of the address space ends there */
            uint64_t size = MIN(sym.st_size, UINT64_MAX - sym.st_value);
            struct symbol s = { sym.st_value, size, g_strdup(name) };
            g_array_append_val(img->symbols, s);
        }
    }
    g_array_sort(img->symbols, symbol_cmp);
}

/* An empty image named path. */
static struct image *image_new(const char *path)
{
    struct image *img = g_new0(struct image, 1);
    img->path = g_strdup(path);
    img->segments = g_array_new(FALSE, TRUE, sizeof(struct segment));
    g_array_set_clear_func(img->segments, segment_clear);
    img->symbols = g_array_new(FALSE, TRUE, sizeof(struct symbol));
    g_array_set_clear_func(img->symbols, symbol_clear);
    return img;
}

/* Fill img from elf (NULL if libelf could not open it); FALSE with error
 * set if it is not a static executable atomsim can hold. */
static gboolean image_read(struct image *img, Elf *elf, GError **error)
{
    size_t raw_size = 0;
    const char *raw = elf ? elf_rawfile(elf, &raw_size) : NULL;
    GElf_Ehdr eh;
    if (raw == NULL || raw_size < SELFMAG || memcmp(raw, ELFMAG, SELFMAG) != 0)
        return fail(error, img->path, "not an ELF file");
    if (elf_kind(elf) != ELF_K_ELF || gelf_getehdr(elf, &eh) == NULL)
        return fail(error, img->path, "truncated ELF: the header is cut off");
    if (eh.e_type != ET_EXEC)
        return fail(error, img->path, "%s",
                    eh.e_type == ET_DYN ? "not a static executable (a shared object or PIE): "
                                          "link with -static -no-pie"
                                        : "not an executable ELF file");
    img->machine = eh.e_machine;
    img->elf_class = eh.e_ident[EI_CLASS];
    img->elf_data = eh.e_ident[EI_DATA];
    img->entry = eh.e_entry;
    if (!read_segments(img, elf, raw, raw_size, error))
        return FALSE;
    read_symbols(img, elf);
    img->debug = debuginfo_read(elf);
    return TRUE;
}

struct image *image_load(const char *path, GError **error)
{
    g_autoptr(image) img = image_new(path);
    int fd = open(path, O_RDONLY);
    if (fd < 0) {
        fail(error, path, "%s", g_strerror(errno));
        return NULL;
    }
    /* libelf reads the whole file: a device such as /dev/zero would never
     * end, and a file far larger than any program atomsim holds is not one */
    struct stat st;
    const char *wrong = fstat(fd, &st) != 0 ? g_strerror(errno)
                        : !S_ISREG(st.st_mode) ? "not a program file (not a regular file)"
                        : (uint64_t)st.st_size > IMAGE_MAX_FILE
                            ? "not a program atomsim can hold (a file of more than 1 GiB)"
                            : NULL;
    if (wrong != NULL) {
        fail(error, path, "%s", wrong);
        close(fd);
        return NULL;
    }
    elf_version(EV_CURRENT);
    Elf *elf = elf_begin(fd, ELF_C_READ, NULL);
    gboolean ok = image_read(img, elf, error);
    if (elf)
        elf_end(elf);
    close(fd);
    return ok ? g_steal_pointer(&img) : NULL;
}

struct image *image_load_memory(const char *name, const void *bytes, size_t size,
                                GError **error)
{
    g_autoptr(image) img = image_new(name);
    g_autofree char *copy = g_memdup2(bytes, size);
    elf_version(EV_CURRENT);
    Elf *elf = size > 0 ? elf_memory(copy, size) : NULL;
    gboolean ok = image_read(img, elf, error);
    if (elf)
        elf_end(elf);
    return ok ? g_steal_pointer(&img) : NULL;
}

void image_copy_segments(const struct image *img, uint8_t *mem, uint64_t lo)
{
    for (guint i = 0; i < img->segments->len; i++) {
        const struct segment *s = &g_array_index(img->segments, struct segment, i);
        if (s->filesz > 0)
            memcpy(mem + (s->vaddr - lo), s->bytes, s->filesz);
    }
}

bool image_holds_data(const struct image *img, uint64_t addr)
{
    for (guint i = 0; i < img->segments->len; i++) {
        const struct segment *s = &g_array_index(img->segments, struct segment, i);
        if ((s->flags & SEG_W) && addr - s->vaddr < s->memsz)
            return true;
    }
    return false;
}

const struct symbol *image_find_symbol(const struct image *img, const char *name)
{
    for (guint i = 0; i < img->symbols->len; i++) {
        const struct symbol *s = &g_array_index(img->symbols, struct symbol, i);
        if (strcmp(s->name, name) == 0)
            return s;
    }
    return NULL;
}

const struct symbol *image_symbol_at(const struct image *img, uint64_t addr,
                                     uint64_t *offset)
{
    /* Binary search for the last symbol at or below addr. */
    const struct symbol *syms = (const struct symbol *)img->symbols->data;
    guint lo = 0, hi = img->symbols->len;
    while (lo < hi) {
        guint mid = lo + (hi - lo) / 2;
        if (syms[mid].addr <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return NULL;
    /* A symbol that covers addr (a few may start below it, nested or
     * aliased), else a sizeless label just before it (assembly code). */
    for (guint i = lo, seen = 0; i-- > 0 && seen < 8; seen++) {
        if (addr - syms[i].addr < syms[i].size) {
            *offset = addr - syms[i].addr;
            return &syms[i];
        }
    }
    if (syms[lo - 1].size == 0) {
        *offset = addr - syms[lo - 1].addr;
        return &syms[lo - 1];
    }
    return NULL;
}

char *image_name_addr(const struct image *img, uint64_t addr)
{
    char *var = debuginfo_name_addr(img->debug, addr);
    if (var != NULL)
        return var;
    uint64_t off;
    const struct symbol *s = image_symbol_at(img, addr, &off);
    if (s == NULL)
        return g_strdup_printf("0x%" G_GINT64_MODIFIER "x", addr);
    if (off == 0)
        return g_strdup(s->name);
    return g_strdup_printf("%s+0x%" G_GINT64_MODIFIER "x", s->name, off);
}

char *image_source_line(const struct image *img, uint64_t pc)
{
    return debuginfo_line(img->debug, pc);
}

/* A code address as "main+0x1c (counter.c:23)": named by at, the
 * instruction it stands for (its symbol and its line), with pc's offset. */
static char *name_code(const struct image *img, uint64_t pc, uint64_t at)
{
    uint64_t off;
    const struct symbol *s = at == pc ? NULL : image_symbol_at(img, at, &off);
    char *name = s == NULL ? image_name_addr(img, pc)
                           : g_strdup_printf("%s+0x%" G_GINT64_MODIFIER "x", s->name,
                                             pc - s->addr);
    g_autofree char *line = debuginfo_line(img->debug, at);
    if (line == NULL)
        return name;
    char *both = g_strdup_printf("%s (%s)", name, line);
    g_free(name);
    return both;
}

char *image_name_pc(const struct image *img, uint64_t pc)
{
    return name_code(img, pc, pc);
}

char *image_name_return(const struct image *img, uint64_t ret)
{
    /* The call ends just before where it returns to (pc - 1 is inside it
     * on every cpu).  A call to a noreturn function (abort, exit) that
     * ends its function returns past the end, into the next function:
     * the call names both the function and the line. */
    return name_code(img, ret, ret - 1);
}
