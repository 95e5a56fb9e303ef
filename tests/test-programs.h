/* test-programs.h — where the tests find the guest programs make built. */
#ifndef ATOMSIM_TEST_PROGRAMS_H
#define ATOMSIM_TEST_PROGRAMS_H

#include <stdio.h>
#include <glib.h>

/* programs/<cpu>/<name>.elf: an example (to free). */
static inline char *example(const char *cpu, const char *name)
{
    return g_strdup_printf(BUILDDIR "/programs/%s/%s.elf", cpu, name);
}

/* tests/guest/<cpu>/<name>.elf: a test's guest program (to free). */
static inline char *guest(const char *cpu, const char *name)
{
    return g_strdup_printf(BUILDDIR "/tests/guest/%s/%s.elf", cpu, name);
}

/* The first cpu configure built guests for, or NULL if none. */
static inline const char *first_cpu(void)
{
    static char first[16];
    if (sscanf(GUEST_CPUS, "%15s", first) != 1)
        return NULL;
    return first;
}

#endif
