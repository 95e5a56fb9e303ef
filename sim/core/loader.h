/* loader.h — a guest program read from a static ELF file (elfutils' libelf). */
#ifndef ATOMSIM_LOADER_H
#define ATOMSIM_LOADER_H

#include <stdbool.h>
#include <stdint.h>
#include <glib.h>

struct debuginfo;

/* What atomsim can hold: every loaded segment within IMAGE_MAX_SPAN of
 * the others (one host buffer holds them), below IMAGE_ADDR_END_32 for a
 * 32-bit ELF and below IMAGE_ADDR_END_64 (user space) for a 64-bit one. */
#define IMAGE_MAX_SPAN (256ull << 20)
#define IMAGE_MAX_SEGMENTS 64
#define IMAGE_ADDR_END_32 (1ull << 32)
#define IMAGE_ADDR_END_64 (1ull << 47)
#define IMAGE_PAGE 0x1000ull
#define IMAGE_MAX_FILE (1ull << 30)     /* the largest program file read */
#define IMAGE_MAX_TLS (1ull << 20)      /* the most thread-local storage a thread has */
#define PROGRAM_TEXT "__atomsim_program_text"
#define PROGRAM_TEXT_END "__atomsim_program_text_end"

/* Segment permissions, as the ELF's PF_R/PF_W/PF_X. */
enum { SEG_R = 4, SEG_W = 2, SEG_X = 1 };

struct segment {
    uint64_t vaddr;
    uint64_t memsz;
    uint64_t filesz;
    unsigned flags;             /* SEG_R | SEG_W | SEG_X */
    uint8_t *bytes;             /* filesz bytes from the file */
};

/* The initial image of thread-local storage (PT_TLS): each thread's
 * block is a copy of bytes, then zeros to memsz, at an address aligned to
 * align (sim/core/tls.h places the blocks). */
struct tls_template {
    uint64_t filesz, memsz, align;      /* memsz 0: the program has none */
    uint8_t *bytes;
};

struct symbol {
    uint64_t addr;
    uint64_t size;
    char *name;
};

struct image {
    char *path;
    uint16_t machine;           /* e_machine */
    uint8_t elf_class;          /* ELFCLASS32 / ELFCLASS64 */
    uint8_t elf_data;           /* ELFDATA2LSB / ELFDATA2MSB */
    uint64_t entry;
    GArray *segments;           /* struct segment, PT_LOAD in file order */
    struct tls_template tls;
    GArray *symbols;            /* struct symbol, functions and objects by address */
    /* The program's own code, without the runtime's and the libraries'
     * (atomsim.ld's PROGRAM_TEXT symbols; both 0 if the link had none). */
    uint64_t program_lo, program_hi;
    struct debuginfo *debug;    /* lines and variables from DWARF; NULL if none */
};

/* Read an executable ELF file; NULL with ATOMSIM_ERROR_INPUT ("PATH: what is
 * wrong") if it is missing, not ELF, truncated, not a static executable, or
 * laid out beyond what atomsim can hold (see IMAGE_MAX_SPAN): segments that
 * overlap, lie past the end of the file or the address space, none
 * executable, or an entry point outside the code. */
struct image *image_load(const char *path, GError **error);
/* The same from size bytes in memory, named name in messages. */
struct image *image_load_memory(const char *name, const void *bytes, size_t size,
                                GError **error);
void image_free(struct image *img);
typedef struct image image;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(image, image_free)

/* Copy the file bytes of every segment into mem, which holds the guest
 * addresses [lo, lo + size) and is zero where segments have no file bytes. */
void image_copy_segments(const struct image *img, uint8_t *mem, uint64_t lo);

/* Whether addr lies in a writable segment (data or bss): a value that
 * does is likely a pointer. */
bool image_holds_data(const struct image *img, uint64_t addr);

/* The symbol called name, or NULL. */
const struct symbol *image_find_symbol(const struct image *img, const char *name);

/* The symbol that holds addr, and the offset into it; NULL if none. */
const struct symbol *image_symbol_at(const struct image *img, uint64_t addr,
                                     uint64_t *offset);
/* addr as the variable DWARF puts there, "vars[2].next", else as the
 * symbol that holds it, "main+0x1c", "counter", or as "0x2001c" (to free). */
char *image_name_addr(const struct image *img, uint64_t addr);
/* A pc as "main+0x1c (counter.c:23)", or as image_name_addr without a
 * source line (to free). */
char *image_name_pc(const struct image *img, uint64_t pc);
/* The same for a return address: the function and the line are the call's
 * (a noreturn call may end its function). */
char *image_name_return(const struct image *img, uint64_t ret);
/* pc's source location from DWARF, "counter.c:23", or NULL (to free). */
char *image_source_line(const struct image *img, uint64_t pc);

#endif
