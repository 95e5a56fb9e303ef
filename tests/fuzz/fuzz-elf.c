/* fuzz-elf.c — libFuzzer target for the ELF loader (image_load_memory, as
 * image_load reads a program file) and the machine's layout of what it
 * loaded (layout_plan), without engines or a run.  Invariants: a loaded
 * image is what atomsim can hold (segments disjoint, within IMAGE_MAX_SPAN,
 * below the end of the address space, their file bytes there, the entry in
 * an executable one; thread-local storage within its limits); its layout
 * puts disjoint page regions and the stacks, with room for thread-local
 * storage, above them, below the end; every address has a name; every cpu
 * reads the constants its code compares with (compared_scan) within their
 * bounds; a refused file gets one line that names it. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <gelf.h>
#include <glib.h>

#include "base/error.h"
#include "core/compared.h"
#include "core/layout.h"
#include "core/loader.h"

#define NAME "fuzz.elf"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Check what image_load_memory promised about img. */
static void check_image(const struct image *img)
{
    uint64_t end = img->elf_class == ELFCLASS32 ? IMAGE_ADDR_END_32 : IMAGE_ADDR_END_64;
    uint64_t lo = UINT64_MAX, hi = 0;
    bool entry_in_code = false;
    g_assert_cmpuint(img->segments->len, >, 0);
    g_assert_cmpuint(img->segments->len, <=, IMAGE_MAX_SEGMENTS);
    for (guint i = 0; i < img->segments->len; i++) {
        const struct segment *s = &g_array_index(img->segments, struct segment, i);
        g_assert_cmpuint(s->memsz, >, 0);
        g_assert_cmpuint(s->filesz, <=, s->memsz);
        g_assert_cmpuint(s->vaddr + s->memsz, >, s->vaddr);
        g_assert_cmpuint(s->vaddr + s->memsz, <=, end);
        g_assert_true(s->filesz == 0 || s->bytes != NULL);
        lo = MIN(lo, s->vaddr);
        hi = MAX(hi, s->vaddr + s->memsz);
        if ((s->flags & SEG_X) && img->entry >= s->vaddr && img->entry - s->vaddr < s->memsz)
            entry_in_code = true;
        for (guint j = 0; j < i; j++) {
            const struct segment *t = &g_array_index(img->segments, struct segment, j);
            g_assert_true(s->vaddr >= t->vaddr + t->memsz || t->vaddr >= s->vaddr + s->memsz);
        }
    }
    g_assert_cmpuint(hi - lo, <=, IMAGE_MAX_SPAN);
    g_assert_true(entry_in_code);
    const struct tls_template *t = &img->tls;
    g_assert_cmpuint(t->filesz, <=, t->memsz);
    g_assert_cmpuint(t->memsz, <=, IMAGE_MAX_TLS);
    g_assert_true(t->filesz == 0 || t->bytes != NULL);
    g_assert_true(t->memsz == 0 || (t->align > 0 && t->align <= IMAGE_PAGE &&
                                    (t->align & (t->align - 1)) == 0));
}

/* Lay img out for ncores and check the plan. */
static void check_layout(const struct image *img, unsigned ncores)
{
    uint64_t end = img->elf_class == ELFCLASS32 ? IMAGE_ADDR_END_32 : IMAGE_ADDR_END_64;
    struct layout l = { 0 };
    g_autoptr(GError) error = NULL;
    if (!layout_plan(&l, img, ncores, end, &error)) {
        g_assert_true(g_error_matches(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT));
        g_assert_true(g_str_has_prefix(error->message, NAME ": "));
        layout_clear(&l);
        return;
    }
    g_assert_cmpuint(l.image_lo, <, l.image_hi);
    g_assert_cmpuint(l.image_hi - l.image_lo, <=, IMAGE_MAX_SPAN);
    g_assert_cmpuint(l.code_lo, <, l.code_hi);
    g_assert_cmpuint(l.code_lo, >=, l.image_lo);
    g_assert_cmpuint(l.code_hi, <=, l.image_hi);
    for (guint i = 0; i < l.regions->len; i++) {
        const struct region *r = &g_array_index(l.regions, struct region, i);
        g_assert_cmpuint(r->lo, <, r->hi);
        g_assert_cmpuint(r->lo % IMAGE_PAGE, ==, 0);
        g_assert_cmpuint(r->hi % IMAGE_PAGE, ==, 0);
        if (i > 0)
            g_assert_cmpuint(g_array_index(l.regions, struct region, i - 1).hi, <=, r->lo);
    }
    /* every segment is inside a region */
    for (guint i = 0; i < img->segments->len; i++) {
        const struct segment *s = &g_array_index(img->segments, struct segment, i);
        g_assert_cmpuint(s->vaddr, >=, l.image_lo);
        g_assert_cmpuint(s->vaddr + s->memsz, <=, l.image_hi);
    }
    g_assert_cmpuint(layout_stack_lo(&l, 0), >, l.image_hi);
    /* each stack has room for the thread-local storage at its top */
    g_assert_cmpuint(l.stack_size, >=, LAYOUT_STACK_SIZE + img->tls.memsz);
    g_assert_cmpuint(l.stack_size % IMAGE_PAGE, ==, 0);
    g_assert_cmpuint(layout_stack_lo(&l, ncores - 1) + l.stack_size, <=, end);
    layout_clear(&l);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(image) img = image_load_memory(NAME, data, size, &error);
    if (img == NULL) {
        g_assert_true(g_error_matches(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT));
        g_assert_true(g_str_has_prefix(error->message, NAME ": "));
        g_assert_null(strchr(error->message, '\n'));
        return 0;
    }
    check_image(img);
    check_layout(img, 1);
    check_layout(img, 64);
    /* the constants its own code compares with, read by every cpu's
     * decoder (the bounds of that code are the file's to say) */
    for (unsigned i = 0; cpu_list[i] != NULL; i++) {
        struct compared c;
        compared_scan(&c, cpu_list[i], img);
        g_assert_cmpuint(c.n, <=, COMPARED_MAX);
    }

    /* every symbol, and the addresses around it, has a name, as data, as
     * a pc (with DWARF's line) and as a return address */
    for (guint i = 0; i < img->symbols->len && i < 256; i++) {
        const struct symbol *s = &g_array_index(img->symbols, struct symbol, i);
        g_assert_nonnull(s->name);
        g_assert_true(image_find_symbol(img, s->name) != NULL);
        uint64_t probes[] = { s->addr, s->addr + s->size / 2, s->addr - 1, s->addr + s->size };
        for (unsigned j = 0; j < G_N_ELEMENTS(probes); j++) {
            uint64_t off = 0;
            const struct symbol *at = image_symbol_at(img, probes[j], &off);
            if (at != NULL)
                g_assert_cmpuint(at->addr + off, ==, probes[j]);
            g_free(image_name_addr(img, probes[j]));
            g_free(image_name_pc(img, probes[j]));
            g_free(image_name_return(img, probes[j]));
        }
    }
    return 0;
}
