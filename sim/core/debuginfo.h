/* debuginfo.h — source names from a guest's DWARF (elfutils' libdw): the
 * file and line of a pc, the variable, field and element at an address.
 * Read once, at load; the DWARF is not kept.  Missing or malformed debug
 * information gives no names, never an error. */
#ifndef ATOMSIM_DEBUGINFO_H
#define ATOMSIM_DEBUGINFO_H

#include <stdint.h>
#include <gelf.h>
#include <glib.h>

struct debuginfo;

/* What elf's DWARF tells; NULL if it has none atomsim can use. */
struct debuginfo *debuginfo_read(Elf *elf);
void debuginfo_free(struct debuginfo *di);

/* pc's source location, "counter.c:23", or NULL (to free). */
char *debuginfo_line(const struct debuginfo *di, uint64_t pc);

/* The global variable at addr as "count", "vars[2].next", "buf[3]+0x1",
 * or NULL if no variable DWARF knows holds it (to free). */
char *debuginfo_name_addr(const struct debuginfo *di, uint64_t addr);

#endif
