/* loader.c — see loader.h. */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <string.h>
#include <unistd.h>

#include "error.h"
#include "loader.h"

G_DEFINE_QUARK(atomsim-error-quark, atomsim_error)

static void segment_clear(gpointer p)
{
    g_free(((struct segment *)p)->bytes);
}

static void symbol_clear(gpointer p)
{
    g_free(((struct symbol *)p)->name);
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
    g_free(img);
}

static gboolean fail(GError **error, const char *path, const char *what)
{
    g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT, "%s: %s", path, what);
    return FALSE;
}

static gboolean read_segments(struct image *img, Elf *elf, const char *raw,
                              size_t raw_size, GError **error)
{
    size_t n;
    if (elf_getphdrnum(elf, &n) != 0)
        return fail(error, img->path, "malformed ELF: no program headers");
    for (size_t i = 0; i < n; i++) {
        GElf_Phdr ph;
        if (gelf_getphdr(elf, (int)i, &ph) == NULL)
            return fail(error, img->path, "truncated ELF: a program header is cut off");
        if (ph.p_type != PT_LOAD || ph.p_memsz == 0)
            continue;
        if (ph.p_filesz > ph.p_memsz || ph.p_offset > raw_size ||
            ph.p_filesz > raw_size - ph.p_offset)
            return fail(error, img->path, "truncated ELF: a segment lies past the end of the file");
        if (ph.p_vaddr + ph.p_memsz < ph.p_vaddr ||
            (img->elf_class == ELFCLASS32 && ph.p_vaddr + ph.p_memsz > 0x100000000ull))
            return fail(error, img->path, "malformed ELF: a segment wraps around the address space");
        struct segment seg = {
            .vaddr = ph.p_vaddr,
            .memsz = ph.p_memsz,
            .filesz = ph.p_filesz,
            .flags = ph.p_flags & (SEG_R | SEG_W | SEG_X),
            .bytes = g_memdup2(raw + ph.p_offset, ph.p_filesz),
        };
        g_array_append_val(img->segments, seg);
    }
    if (img->segments->len == 0)
        return fail(error, img->path, "malformed ELF: nothing to load (no PT_LOAD segment)");
    return TRUE;
}

/* Functions and objects from .symtab, for naming pcs and addresses.  A
 * stripped program has none: addresses are then shown as numbers. */
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
        for (size_t i = 0; i < count; i++) {
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
            struct symbol s = { sym.st_value, sym.st_size, g_strdup(name) };
            g_array_append_val(img->symbols, s);
        }
    }
    g_array_sort(img->symbols, symbol_cmp);
}

struct image *image_load(const char *path, GError **error)
{
    g_autoptr(image) img = g_new0(struct image, 1);
    img->path = g_strdup(path);
    img->segments = g_array_new(FALSE, TRUE, sizeof(struct segment));
    g_array_set_clear_func(img->segments, segment_clear);
    img->symbols = g_array_new(FALSE, TRUE, sizeof(struct symbol));
    g_array_set_clear_func(img->symbols, symbol_clear);

    int fd = open(path, O_RDONLY);
    if (fd < 0) {
        fail(error, path, g_strerror(errno));
        return NULL;
    }
    elf_version(EV_CURRENT);
    Elf *elf = elf_begin(fd, ELF_C_READ, NULL);
    gboolean ok = FALSE;
    size_t raw_size = 0;
    const char *raw = elf ? elf_rawfile(elf, &raw_size) : NULL;
    GElf_Ehdr eh;
    if (raw == NULL || raw_size < SELFMAG || memcmp(raw, ELFMAG, SELFMAG) != 0)
        fail(error, path, "not an ELF file");
    else if (elf_kind(elf) != ELF_K_ELF || gelf_getehdr(elf, &eh) == NULL)
        fail(error, path, "truncated ELF: the header is cut off");
    else if (eh.e_type != ET_EXEC)
        fail(error, path, eh.e_type == ET_DYN
                              ? "not a static executable (a shared object or PIE): link with -static -no-pie"
                              : "not an executable ELF file");
    else {
        img->machine = eh.e_machine;
        img->elf_class = eh.e_ident[EI_CLASS];
        img->elf_data = eh.e_ident[EI_DATA];
        img->entry = eh.e_entry;
        ok = read_segments(img, elf, raw, raw_size, error);
        if (ok)
            read_symbols(img, elf);
    }
    if (elf)
        elf_end(elf);
    close(fd);
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
        if (addr < syms[i].addr + syms[i].size) {
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
    uint64_t off;
    const struct symbol *s = image_symbol_at(img, addr, &off);
    if (s == NULL)
        return g_strdup_printf("0x%" G_GINT64_MODIFIER "x", addr);
    if (off == 0)
        return g_strdup(s->name);
    return g_strdup_printf("%s+0x%" G_GINT64_MODIFIER "x", s->name, off);
}
