/* cpus.c — the list of cpus atomsim simulates. */
#include <string.h>
#include "cpu.h"

const struct cpu_ops *const cpu_list[] = {
    &cpu_sparc32, &cpu_arm, &cpu_x86, &cpu_x86_64, NULL,
};

const struct cpu_ops *cpu_find(const char *name)
{
    for (int i = 0; cpu_list[i]; i++)
        if (strcmp(cpu_list[i]->name, name) == 0)
            return cpu_list[i];
    return NULL;
}

const struct cpu_ops *cpu_for_elf(uint16_t machine, uint8_t elf_class, uint8_t elf_data)
{
    for (int i = 0; cpu_list[i]; i++) {
        const struct cpu_ops *c = cpu_list[i];
        if ((c->elf_machine[0] == machine || c->elf_machine[1] == machine) &&
            c->elf_class == elf_class && c->elf_data == elf_data)
            return c;
    }
    return NULL;
}

const char *cpu_names(void)
{
    return "sparc32|arm|x86|x86_64";
}
