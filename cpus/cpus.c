/* cpus.c — the list of cpus atomsim simulates. */
#include <elf.h>
#include <string.h>
#include "cpu.h"

const struct cpu_ops *const cpu_list[] = {
    &cpu_sparc32, &cpu_arm, &cpu_x86, &cpu_x86_64,
    &cpu_aarch64, &cpu_riscv64,
    NULL,
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
    static char names[64];
    if (names[0] == '\0') {
        for (int i = 0; cpu_list[i]; i++) {
            if (i > 0)
                strcat(names, "|");
            strcat(names, cpu_list[i]->name);
        }
    }
    return names;
}

const char *cpu_elf_machine_name(uint16_t machine)
{
    static const struct { uint16_t machine; const char *name; } others[] = {
        { EM_SPARCV9, "sparc64" }, { EM_AARCH64, "aarch64" }, { EM_RISCV, "riscv" },
        { EM_MIPS, "mips" }, { EM_PPC, "ppc" }, { EM_PPC64, "ppc64" }, { EM_S390, "s390" },
    };
    for (int i = 0; cpu_list[i]; i++)
        if (cpu_list[i]->elf_machine[0] == machine || cpu_list[i]->elf_machine[1] == machine)
            return cpu_list[i]->name;
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++)
        if (others[i].machine == machine)
            return others[i].name;
    return "an unsupported machine";
}
