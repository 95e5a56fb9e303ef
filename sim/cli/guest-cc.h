/* guest-cc.h — atomsim-cc, which builds guest programs: where it is, and a
 * build of one C file. */
#ifndef ATOMSIM_GUEST_CC_H
#define ATOMSIM_GUEST_CC_H

#include <stdbool.h>
#include <glib.h>

/* tools/atomsim-cc beside the executable (the build tree), or installed
 * beside it; $ATOMSIM_CC first (to free). */
char *guest_cc_path(void);

/* Build the C file src (.c, or preprocessed .i) for cpu into elf with
 * atomsim-cc and extra flags (NULL-ended).  False with error (its first
 * error line) if it does not build. */
bool guest_cc_build(const char *cpu, const char *src, const char *elf,
                    const char *const *flags, GError **error);

#endif
